// DatasetRowReader: a Dataset's files one after the other, each pruned by
// its partition values before it is opened, read by a RowReader with the
// parts of the filter it can take, its rows widened to the unified schema.
#include <algorithm>
#include <optional>
#include <utility>

#include "dataset/dataset_impl.h"
#include "dataset/scan_filter.h"
#include "dataset/schema_unify.h"
#include "parq/file_reader.h"
#include "util/pool_option.h"

namespace parq {

struct DatasetRowReader::Impl {
  const Dataset* dataset = nullptr;
  const Dataset::Impl* ds = nullptr;
  DatasetScanOptions options;
  std::vector<std::string> field_names;  // the output's
  std::vector<int> needed;               // unified top-level fields read, ascending
  std::vector<bool> projected;           // per needed field: in the output
  // Per unified top-level field: the paths to ask a file for (the field's
  // name for the whole field).
  std::vector<std::vector<std::string>> paths;
  std::optional<dataset::ScanFilter> filter;

  int64_t rows_read = 0;
  dataset::FileCursor cursor;

  // The current file.
  std::unique_ptr<RowReader> rows;
  int64_t rows_left_without_columns = -1;  // >= 0: a file none of whose columns is read
  struct Source {
    int file_field = -1;  // position in the file row, or -1
    std::optional<dataset::FieldConversion> conversion;
  };
  std::vector<Source> sources;  // per needed field
  Value file_row;
  Value full_row;

  Result<bool> OpenNextFile();
  Status FillRow(Value* row);
};

Result<bool> DatasetRowReader::Impl::OpenNextFile() {
  rows.reset();
  rows_left_without_columns = -1;
  PARQ_ASSIGN_OR_RETURN(bool more, cursor.Advance(*ds, *filter));
  if (!more) return false;
  const size_t f = cursor.index;
  const DatasetFile& info = ds->files[f];
  const FileReader* file = cursor.file.get();
  const Schema& fs = file->schema();
  const SchemaNode& uroot = ds->schema.root();
  RowReaderOptions ro;
  ro.batch_levels = options.batch_levels;
  ro.thread_pool = cursor.pool;
  for (int u : needed) {
    if (u >= ds->num_file_fields || !ds->has_field[f][static_cast<size_t>(u)]) continue;
    for (const std::string& p : paths[static_cast<size_t>(u)]) {
      if (fs.FindNode(p) != nullptr) ro.columns.push_back(p);
    }
  }
  // The parts of the filter on this file's columns alone that bind to them.
  bool all_pushed = false;
  ro.filter = filter->Pushed(f, fs, &all_pushed);
  sources.assign(needed.size(), Source{});
  if (ro.columns.empty()) {
    rows_left_without_columns = file->metadata().num_rows();
    return true;
  }
  std::vector<int> groups(static_cast<size_t>(file->metadata().num_row_groups()));
  for (size_t g = 0; g < groups.size(); ++g) groups[g] = static_cast<int>(g);
  if (Status st = cursor.PrebufferRemote(groups, dataset::LeafColumns(fs, ro.columns, ro.filter),
                                         dataset::kRemotePrebufferBytes);
      !st.ok()) {
    return std::move(st).AddContext("dataset file '" + info.path + "'");
  }
  auto opened_rows = RowReader::Open(*file, ro);
  if (!opened_rows.ok()) {
    Status st = opened_rows.status();
    return std::move(st).AddContext("dataset file '" + info.path + "'");
  }
  rows = std::move(*opened_rows);
  const std::vector<std::string>& names = rows->field_names();
  for (size_t i = 0; i < needed.size(); ++i) {
    const int u = needed[i];
    if (u >= ds->num_file_fields) continue;
    const auto it = std::find(names.begin(), names.end(), uroot.child(u).name());
    if (it == names.end()) continue;
    sources[i].file_field = static_cast<int>(it - names.begin());
    auto conv = dataset::FieldConversion::Plan(*fs.root().FindChild(*it), uroot.child(u));
    if (!conv.ok()) {
      Status st = conv.status();
      return std::move(st).AddContext("dataset file '" + info.path + "'");
    }
    sources[i].conversion = *conv;
  }
  return true;
}

Status DatasetRowReader::Impl::FillRow(Value* row) {
  row->Reset(Value::Kind::kStruct);
  const SchemaNode& uroot = ds->schema.root();
  for (size_t i = 0; i < needed.size(); ++i) {
    const int u = needed[i];
    const std::string& name = uroot.child(u).name();
    if (u >= ds->num_file_fields) {
      row->AddField(name, ds->partition_values[cursor.index][static_cast<size_t>(u - ds->num_file_fields)]);
      continue;
    }
    const Source& s = sources[i];
    if (s.file_field < 0) {
      row->AddField(name, Value::Null());
      continue;
    }
    Value& v = row->AddField(name, std::move(file_row.mutable_items()[static_cast<size_t>(s.file_field)]));
    if (!s.conversion->identity()) {
      Status st = s.conversion->Apply(&v);
      if (!st.ok()) return std::move(st).AddContext("dataset file '" + ds->files[cursor.index].path + "'");
    }
  }
  return Status::OK();
}

DatasetRowReader::DatasetRowReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DatasetRowReader::~DatasetRowReader() = default;

Result<std::unique_ptr<DatasetRowReader>> DatasetRowReader::Open(const Dataset& dataset,
                                                                 const DatasetScanOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->dataset = &dataset;
  impl->ds = &dataset.impl();
  impl->options = options;
  const Schema& schema = dataset.schema();
  const SchemaNode& root = schema.root();
  const int num_fields = root.num_children();
  impl->paths.resize(static_cast<size_t>(num_fields));
  std::vector<bool> projected(static_cast<size_t>(num_fields), options.columns.empty());
  std::vector<bool> needed(static_cast<size_t>(num_fields), options.columns.empty());
  auto top_of = [&](const SchemaNode* n) { return dataset::TopFieldOf(schema, n); };
  auto add_path = [&](int u, const std::string& path) {
    auto& p = impl->paths[static_cast<size_t>(u)];
    if (std::find(p.begin(), p.end(), path) == p.end()) p.push_back(path);
  };
  if (options.columns.empty()) {
    for (int i = 0; i < num_fields; ++i) add_path(i, root.child(i).name());
  }
  for (const std::string& c : options.columns) {
    const SchemaNode* n = schema.FindNode(c);
    if (n == nullptr) {
      PARQ_RETURN_IF_ERROR(schema.LookupColumn(c).status());
      return Status::InvalidArgument("dataset: no column '" + c + "'");
    }
    const int u = top_of(n);
    projected[static_cast<size_t>(u)] = needed[static_cast<size_t>(u)] = true;
    add_path(u, n->DottedPath());
  }
  PARQ_ASSIGN_OR_RETURN(dataset::ScanFilter filter, dataset::ScanFilter::Make(*impl->ds, options.filter));
  if (filter.bound()) {
    for (int col : filter.bound()->columns()) {
      const int u = top_of(schema.column(col).node);
      needed[static_cast<size_t>(u)] = true;
      if (!projected[static_cast<size_t>(u)] || !options.columns.empty()) add_path(u, schema.column(col).dotted_path);
    }
  }
  impl->filter = std::move(filter);
  PARQ_ASSIGN_OR_RETURN(impl->cursor.pool, util::PoolFor(options.thread_pool, options.threads));
  for (int i = 0; i < num_fields; ++i) {
    if (!needed[static_cast<size_t>(i)]) continue;
    impl->needed.push_back(i);
    impl->projected.push_back(projected[static_cast<size_t>(i)]);
    if (projected[static_cast<size_t>(i)]) impl->field_names.push_back(root.child(i).name());
  }
  return std::unique_ptr<DatasetRowReader>(new DatasetRowReader(std::move(impl)));
}

Result<bool> DatasetRowReader::Next(Value* row) {
  Impl& m = *impl_;
  const bool all_projected = std::all_of(m.projected.begin(), m.projected.end(), [](bool p) { return p; });
  while (true) {
    if (m.rows == nullptr && m.rows_left_without_columns <= 0) {
      PARQ_ASSIGN_OR_RETURN(bool more, m.OpenNextFile());
      if (!more) return false;
      continue;
    }
    if (m.rows_left_without_columns > 0) {
      --m.rows_left_without_columns;
      m.file_row.Reset(Value::Kind::kStruct);
    } else {
      auto more = m.rows->Next(&m.file_row);
      if (!more.ok()) {
        Status st = more.status();
        return std::move(st).AddContext("dataset file '" + m.ds->files[m.cursor.index].path + "'");
      }
      if (!*more) {
        m.rows.reset();
        continue;
      }
    }
    Value* target = all_projected ? row : &m.full_row;
    PARQ_RETURN_IF_ERROR(m.FillRow(target));
    if (m.filter->bound() && !m.filter->bound()->Matches(*target)) continue;
    if (!all_projected) {
      row->Reset(Value::Kind::kStruct);
      for (size_t i = 0; i < m.needed.size(); ++i) {
        if (m.projected[i]) row->AddField(m.full_row.names()[i], std::move(m.full_row.mutable_items()[i]));
      }
    }
    ++m.rows_read;
    return true;
  }
}

const std::vector<std::string>& DatasetRowReader::field_names() const { return impl_->field_names; }
int64_t DatasetRowReader::rows_read() const { return impl_->rows_read; }
int64_t DatasetRowReader::files_pruned() const { return impl_->cursor.pruned; }
int64_t DatasetRowReader::files_opened() const { return impl_->cursor.opened; }

}  // namespace parq
