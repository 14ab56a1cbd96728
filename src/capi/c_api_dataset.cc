// capi/c_api_dataset.cc — parq_dataset: many files as one table through the
// C API (parq/c_api.h, "Datasets"): Dataset::Open, the unified schema, files
// and partition values, rows as JSON (DatasetRowReader printed by a
// JsonRowReader of the unified schema that reads nothing, as `parq cat`
// prints a dataset) and an Arrow stream (parq/dataset_arrow.h).
#include <algorithm>
#include <cerrno>
#include <memory>
#include <string>
#include <vector>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "dataset/scan_filter.h"
#include "parq/c_api.h"
#include "parq/dataset.h"
#include "parq/dataset_arrow.h"
#include "parq/json.h"
#include "record/assembly_plan.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

namespace {

template <typename Body>
int WithDataset(parq_dataset* dataset, Body&& body) noexcept {
  if (dataset == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  return Run(&dataset->error, body);
}

parq::DatasetOptions OptionsOf(int flags) {
  parq::DatasetOptions o;
  o.hive_partitioning = (flags & PARQ_DATASET_NO_HIVE) == 0;
  o.skip_invalid = (flags & PARQ_DATASET_SKIP_INVALID) != 0;
  return o;
}

Status CheckIndex(const char* function, const char* what, int64_t i, size_t n) {
  if (i >= 0 && static_cast<size_t>(i) < n) return Status::OK();
  return Status::InvalidArgument(std::string(function) + ": " + what + " " + std::to_string(i) +
                                 " out of range: the dataset has " + std::to_string(n));
}

// Opens the dataset with `open` (returning a Result<unique_ptr<Dataset>>),
// the message in `error` on failure.
template <typename OpenFn>
parq_dataset* OpenWith(OpenFn&& open, char* error, size_t error_len) {
  parq::capi::ErrorSlot slot;
  parq_dataset* out = nullptr;
  const int rc = Run(&slot, [&]() -> Status {
    PARQ_ASSIGN_OR_RETURN(std::unique_ptr<parq::Dataset> ds, open());
    auto handle = std::make_unique<parq_dataset>();
    handle->dataset = std::move(ds);
    out = handle.release();
    return Status::OK();
  });
  parq::capi::CopyMessage(rc == PARQ_OK ? "" : slot.text(), error, error_len);
  return out;
}

parq::DatasetScanOptions ScanOf(const parq_dataset& dataset, const char* columns, const parq_filter* filter) {
  parq::DatasetScanOptions scan;
  scan.columns = parq::capi::SplitColumns(columns);
  if (filter != nullptr) scan.filter = filter->filter;
  dataset.threads.ApplyTo(&scan);
  return scan;
}

}  // namespace

extern "C" {

parq_dataset* parq_dataset_open(const char* path_or_glob, int flags, char* error, size_t error_len) {
  return OpenWith(
      [&]() -> parq::Result<std::unique_ptr<parq::Dataset>> {
        PARQ_RETURN_IF_ERROR(NotNull(path_or_glob, "parq_dataset_open", "path_or_glob"));
        return parq::Dataset::Open(std::string(path_or_glob), OptionsOf(flags));
      },
      error, error_len);
}

parq_dataset* parq_dataset_open_files(const char* const* paths, size_t count, int flags, char* error,
                                      size_t error_len) {
  return OpenWith(
      [&]() -> parq::Result<std::unique_ptr<parq::Dataset>> {
        if (count > 0) PARQ_RETURN_IF_ERROR(NotNull(paths, "parq_dataset_open_files", "paths"));
        std::vector<std::string> files;
        for (size_t i = 0; i < count; ++i) {
          PARQ_RETURN_IF_ERROR(NotNull(paths[i], "parq_dataset_open_files", "a path"));
          files.emplace_back(paths[i]);
        }
        return parq::Dataset::Open(files, OptionsOf(flags));
      },
      error, error_len);
}

void parq_dataset_close(parq_dataset* dataset) { delete dataset; }

const char* parq_dataset_last_error(const parq_dataset* dataset) {
  return dataset == nullptr ? "parq_dataset_last_error: dataset is NULL" : dataset->error.text();
}

int parq_dataset_schema(parq_dataset* dataset, const char** text) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(text, "parq_dataset_schema", "text"));
    if (!dataset->schema_text) {
      std::string s = dataset->dataset->schema().ToString();
      if (s.empty() || s.back() != '\n') s.push_back('\n');
      dataset->schema_text = std::move(s);
    }
    *text = dataset->schema_text->c_str();
    return Status::OK();
  });
}

int parq_dataset_num_rows(parq_dataset* dataset, int64_t* num_rows) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(num_rows, "parq_dataset_num_rows", "num_rows"));
    *num_rows = dataset->dataset->num_rows();
    return Status::OK();
  });
}

int parq_dataset_num_files(parq_dataset* dataset, int64_t* count) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(count, "parq_dataset_num_files", "count"));
    *count = static_cast<int64_t>(dataset->dataset->files().size());
    return Status::OK();
  });
}

int parq_dataset_file(parq_dataset* dataset, int64_t index, const char** path, int64_t* num_rows) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(path, "parq_dataset_file", "path"));
    const auto& files = dataset->dataset->files();
    PARQ_RETURN_IF_ERROR(CheckIndex("parq_dataset_file", "file", index, files.size()));
    const parq::DatasetFile& f = files[static_cast<size_t>(index)];
    *path = f.path.c_str();
    if (num_rows != nullptr) *num_rows = f.num_rows;
    return Status::OK();
  });
}

int parq_dataset_num_partition_columns(parq_dataset* dataset, int64_t* count) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(count, "parq_dataset_num_partition_columns", "count"));
    *count = static_cast<int64_t>(dataset->dataset->partition_fields().size());
    return Status::OK();
  });
}

int parq_dataset_partition_column(parq_dataset* dataset, int64_t index, const char** name, const char** type) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(name, "parq_dataset_partition_column", "name"));
    PARQ_RETURN_IF_ERROR(NotNull(type, "parq_dataset_partition_column", "type"));
    const auto& fields = dataset->dataset->partition_fields();
    PARQ_RETURN_IF_ERROR(CheckIndex("parq_dataset_partition_column", "partition column", index, fields.size()));
    const parq::PartitionField& f = fields[static_cast<size_t>(index)];
    *name = f.name.c_str();
    *type = parq::PartitionTypeName(f.type).data();  // static NUL-terminated literals
    return Status::OK();
  });
}

int parq_dataset_partition_value(parq_dataset* dataset, int64_t file, int64_t column, const char** value) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(value, "parq_dataset_partition_value", "value"));
    const auto& files = dataset->dataset->files();
    const auto& fields = dataset->dataset->partition_fields();
    PARQ_RETURN_IF_ERROR(CheckIndex("parq_dataset_partition_value", "file", file, files.size()));
    PARQ_RETURN_IF_ERROR(CheckIndex("parq_dataset_partition_value", "partition column", column, fields.size()));
    const std::string& key = fields[static_cast<size_t>(column)].name;
    *value = nullptr;
    for (const auto& [k, v] : files[static_cast<size_t>(file)].partition) {
      if (k == key) *value = v ? v->c_str() : nullptr;
    }
    return Status::OK();
  });
}

parq_filter* parq_dataset_filter_parse(parq_dataset* dataset, const char* text) {
  if (dataset == nullptr) return nullptr;
  parq_filter* out = nullptr;
  Run(&dataset->error, [&]() -> Status {
    PARQ_ASSIGN_OR_RETURN(out, parq::capi::NewFilter("parq_dataset_filter_parse", text, dataset->dataset->schema()));
    return Status::OK();
  });
  return out;
}

int parq_dataset_file_filter(parq_dataset* dataset, const parq_filter* filter, int64_t file, int* pruned,
                             parq_filter** out) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(filter, "parq_dataset_file_filter", "filter"));
    PARQ_RETURN_IF_ERROR(NotNull(pruned, "parq_dataset_file_filter", "pruned"));
    PARQ_RETURN_IF_ERROR(NotNull(out, "parq_dataset_file_filter", "out"));
    *pruned = 0;
    *out = nullptr;
    PARQ_RETURN_IF_ERROR(
        CheckIndex("parq_dataset_file_filter", "file", file, dataset->dataset->files().size()));
    PARQ_ASSIGN_OR_RETURN(parq::dataset::ScanFilter scan,
                          parq::dataset::ScanFilter::Make(dataset->dataset->impl(), filter->filter));
    parq::dataset::ScanFilter::Folded folded = scan.ForFile(static_cast<size_t>(file));
    using Kind = parq::dataset::ScanFilter::Folded::Kind;
    if (folded.kind == Kind::kNever) {
      *pruned = 1;
    } else if (folded.kind == Kind::kFilter) {
      std::string text = folded.filter->ToString();
      *out = new parq_filter{std::move(*folded.filter), std::move(text)};
    }
    return Status::OK();
  });
}

parq_rows* parq_dataset_rows_open(parq_dataset* dataset, const char* columns, const parq_filter* filter) {
  if (dataset == nullptr) return nullptr;
  parq_rows* out = nullptr;
  Run(&dataset->error, [&]() -> Status {
    const parq::DatasetScanOptions scan = ScanOf(*dataset, columns, filter);
    auto rows = std::make_unique<parq_rows>();
    rows->dataset = dataset->dataset;  // the readers borrow it
    PARQ_ASSIGN_OR_RETURN(rows->dataset_rows, parq::DatasetRowReader::Open(*rows->dataset, scan));
    parq::RowSource shape;  // the unified schema, no row group: only ToJson is used
    shape.schema = &rows->dataset->schema();
    shape.open_column = [](int, int) -> parq::Result<std::unique_ptr<parq::ColumnReader>> {
      return Status::Internal("the dataset printer reads no column");
    };
    parq::RowReaderOptions shape_options;
    shape_options.columns = scan.columns;
    PARQ_ASSIGN_OR_RETURN(rows->rows, parq::JsonRowReader::Open(std::move(shape), shape_options));
    out = rows.release();
    return Status::OK();
  });
  return out;
}

int parq_dataset_to_arrow(parq_dataset* dataset, const char* columns, const parq_filter* filter, int64_t batch_rows,
                          struct ArrowArrayStream* out) {
  return WithDataset(dataset, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(out, "parq_dataset_to_arrow", "out"));
    parq::DatasetArrowOptions options;
    options.scan = ScanOf(*dataset, columns, filter);
    options.batch_rows = batch_rows > 0 ? batch_rows : int64_t{65536};
    return parq::ExportArrowStream(dataset->dataset, options, out);
  });
}

}  // extern "C"
