// file/file_copy.cc — MergeFiles, DropColumns and their helpers (parq/file_copy.h):
// whole files made with FileWriter::CopyRowGroup.
#include "parq/file_copy.h"

#include <memory>
#include <string>
#include <vector>

#include "schema/near_names.h"

namespace parq {
namespace {

// The leaves below (or at) `node`, ascending.
void LeavesOf(const SchemaNode& node, std::vector<bool>* drop) {
  if (node.is_leaf()) {
    (*drop)[static_cast<size_t>(node.column_index())] = true;
    return;
  }
  for (int i = 0; i < node.num_children(); ++i) LeavesOf(node.child(i), drop);
}

std::string Joined(const std::vector<std::string>& parts) {
  std::string out;
  for (const std::string& p : parts) out += (out.empty() ? "" : ", ") + p;
  return out;
}

// Every row group of `source`, `where` saying which input it is; a row
// group of no rows too, copied as it is (its chunks' metadata and whatever
// pages they hold), as the decoding path keeps it (KeepRowGroupMetadata).
Status CopyAll(const FileReader& source, FileWriter* writer, const std::vector<int>& columns,
               const CopyProgressFn& progress, CopyProgress where) {
  where.row_groups = source.metadata().num_row_groups();
  for (int g = 0; g < where.row_groups; ++g) {
    PARQ_RETURN_IF_ERROR(writer->CopyRowGroup(source, g, columns));
    where.row_group = g + 1;
    if (progress) progress(where);
  }
  return Status::OK();
}

}  // namespace

Status CopyRowGroups(const FileReader& source, FileWriter* writer, const std::vector<int>& columns,
                     const CopyProgressFn& progress) {
  return CopyAll(source, writer, columns, progress, {1, 1, 0, 0});
}

Result<std::vector<int>> ColumnsWithout(const Schema& schema, const std::vector<std::string>& dotted_paths) {
  std::vector<bool> drop(static_cast<size_t>(schema.num_columns()), false);
  for (const std::string& path : dotted_paths) {
    const SchemaNode* node = path.empty() ? nullptr : schema.FindNode(path);
    if (node == nullptr) {
      return Status::InvalidArgument("no field '" + path + "' to drop" +
                                     schema_internal::NearNamesHint(schema, path, /*fields=*/true));
    }
    LeavesOf(*node, &drop);
  }
  std::vector<int> kept;
  for (int c = 0; c < schema.num_columns(); ++c) {
    if (!drop[static_cast<size_t>(c)]) kept.push_back(c);
  }
  if (kept.empty()) return Status::InvalidArgument("dropping " + Joined(dotted_paths) + " leaves no column");
  return kept;
}

Status MergeFiles(const std::vector<std::string>& inputs, const std::string& output, WriterOptions options,
                  const ReaderOptions& read_options, const CopyProgressFn& progress) {
  if (inputs.empty()) return Status::InvalidArgument("MergeFiles: no input");
  // Every input is opened (and its schema compared) before anything is written.
  std::vector<std::unique_ptr<FileReader>> readers;
  for (const std::string& path : inputs) {
    auto reader = FileReader::Open(path, read_options);
    if (!reader.ok()) return std::move(reader).status().AddContext("'" + path + "'");
    if (!readers.empty()) {
      std::string diff = (*reader)->schema().Difference(readers[0]->schema(), "'" + path + "'", "'" + inputs[0] + "'");
      if (!diff.empty()) {
        return Status::InvalidArgument("'" + path + "' has another schema than '" + inputs[0] + "': " + diff);
      }
    }
    readers.push_back(std::move(*reader));
  }
  KeepSourceMetadata(readers[0]->metadata(), &options);
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(output, readers[0]->schema(), options, /*atomic_rename=*/true));
  for (size_t i = 0; i < readers.size(); ++i) {
    Status st = CopyAll(*readers[i], writer.get(), {}, progress, {static_cast<int>(i) + 1, static_cast<int>(readers.size()), 0, 0});
    if (!st.ok()) return std::move(st).AddContext("'" + inputs[i] + "'");
  }
  return writer->Close();
}

Status DropColumns(const std::string& input, const std::string& output, const std::vector<std::string>& drop,
                   WriterOptions options, const ReaderOptions& read_options, const CopyProgressFn& progress) {
  PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(input, read_options));
  PARQ_ASSIGN_OR_RETURN(std::vector<int> kept, ColumnsWithout(reader->schema(), drop));
  PARQ_ASSIGN_OR_RETURN(Schema schema, reader->schema().Project(kept));
  KeepSourceMetadata(reader->metadata(), &options);
  // The per-leaf settings of dropped leaves go with them; the row groups'
  // sorting_columns come with each copied row group.
  for (auto it = options.columns.begin(); it != options.columns.end();) {
    it = schema.FindColumn(it->first) == nullptr ? options.columns.erase(it) : std::next(it);
  }
  options.sorting_columns.clear();
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(output, schema, options, /*atomic_rename=*/true));
  PARQ_RETURN_IF_ERROR(CopyRowGroups(*reader, writer.get(), kept, progress));
  return writer->Close();
}

}  // namespace parq
