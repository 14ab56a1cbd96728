// file/metadata_copy.cc — KeepSourceMetadata and FileWriter::KeepRowGroupMetadata:
// the footer metadata a copy of a file's rows carries over (parq rewrite).
#include <algorithm>
#include <string>
#include <vector>

#include "parq/file_writer.h"
#include "parq/schema.h"

namespace parq {
namespace {

bool HasKey(const std::vector<KeyValue>& kvs, const std::string& key) {
  return std::any_of(kvs.begin(), kvs.end(), [&](const KeyValue& kv) { return kv.key == key; });
}

}  // namespace

void KeepSourceMetadata(const FileMetaData& source, WriterOptions* options) {
  std::vector<KeyValue> kvs;
  for (KeyValue& kv : source.key_value_metadata()) {
    if (!HasKey(options->key_value_metadata, kv.key)) kvs.push_back(std::move(kv));
  }
  for (KeyValue& kv : options->key_value_metadata) kvs.push_back(std::move(kv));
  if (std::optional<std::string> by = source.created_by(); by && !HasKey(kvs, kSourceCreatedByKey)) {
    kvs.push_back({kSourceCreatedByKey, std::move(*by)});
  }
  options->key_value_metadata = std::move(kvs);

  const Schema& schema = source.schema();
  // Each leaf's column order: IEEE_754_TOTAL_ORDER stays so (the copy's
  // statistics are computed in it); any other is written as TYPE_ORDER.
  for (int c = 0; c < schema.num_columns(); ++c) {
    if (source.column_order(c) != "IEEE_754_TOTAL_ORDER") continue;
    const std::string& path = schema.column(c).dotted_path;
    options->columns.try_emplace(path, options->column_defaults).first->second.ieee754_total_order = true;
  }

  const int groups = source.num_row_groups();
  if (groups == 0) return;
  if (groups == 1 && options->sorting_columns.empty()) {
    options->sorting_columns = source.row_group(0).sorting_columns();
  }
  for (int c = 0; c < schema.num_columns(); ++c) {
    std::vector<KeyValue> first = source.row_group(0).column(c).key_value_metadata();
    if (first.empty()) continue;
    bool same = true;
    for (int g = 1; g < groups && same; ++g) same = source.row_group(g).column(c).key_value_metadata() == first;
    if (!same) continue;
    const std::string& path = schema.column(c).dotted_path;
    auto it = options->columns.find(path);
    if (it == options->columns.end()) it = options->columns.emplace(path, options->column_defaults).first;
    if (it->second.key_value_metadata.empty()) it->second.key_value_metadata = std::move(first);
  }
}

Status FileWriter::KeepRowGroupMetadata(const RowGroupMetaData& source) {
  if (source.num_columns() != schema().num_columns()) {
    return Status::InvalidArgument("KeepRowGroupMetadata: the source row group has " +
                                   std::to_string(source.num_columns()) + " columns, the file " +
                                   std::to_string(schema().num_columns()));
  }
  PARQ_RETURN_IF_ERROR(SetSortingColumns(source.sorting_columns()));
  for (int c = 0; c < source.num_columns(); ++c) {
    PARQ_RETURN_IF_ERROR(SetChunkKeyValueMetadata(c, source.column(c).key_value_metadata()));
  }
  if (source.num_rows() == 0) KeepEmptyRowGroup();
  return Status::OK();
}

}  // namespace parq
