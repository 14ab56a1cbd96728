// capi/c_api_splits.cc — splits through the C API (parq/c_api.h, "Splits"):
// a file's byte ranges (parq::Splits, kept in the reader) and its rows or
// Arrow stream restricted to one range by the midpoint rule
// (RowGroupsInRange / SplitRowSource).
#include <cerrno>
#include <memory>
#include <string>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/arrow_reader.h"
#include "parq/c_api.h"
#include "parq/json.h"
#include "parq/splits.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

namespace {

Status CheckRange(const char* function, int64_t offset, int64_t length) {
  if (offset >= 0 && length >= 0) return Status::OK();
  return Status::InvalidArgument(std::string(function) + ": byte range [" + std::to_string(offset) + ", +" +
                                 std::to_string(length) + ") has a negative offset or length");
}

// A stream of the projection's schema and no batch: a range that holds no
// row group (an empty ArrowReadOptions::row_groups would mean every one).
struct EmptyStream {
  std::shared_ptr<const parq::FileReader> file;
  parq::ArrowReadOptions options;
};

int EmptyGetSchema(ArrowArrayStream* s, ArrowSchema* out) {
  if (s == nullptr || s->release == nullptr || out == nullptr) return EINVAL;
  const auto* e = static_cast<const EmptyStream*>(s->private_data);
  return parq::ExportArrowSchema(*e->file, e->options, out).ok() ? 0 : EIO;  // checked when made
}

int EmptyGetNext(ArrowArrayStream* s, ArrowArray* out) {
  if (s == nullptr || s->release == nullptr || out == nullptr) return EINVAL;
  out->release = nullptr;  // the end
  return 0;
}

const char* EmptyGetLastError(ArrowArrayStream*) { return nullptr; }

void EmptyRelease(ArrowArrayStream* s) {
  if (s == nullptr || s->release == nullptr) return;
  delete static_cast<EmptyStream*>(s->private_data);
  s->release = nullptr;
}

}  // namespace

extern "C" {

int parq_reader_splits(parq_reader* reader, int64_t target_bytes, int64_t* count) {
  if (reader == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  return Run(&reader->error, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(count, "parq_reader_splits", "count"));
    PARQ_ASSIGN_OR_RETURN(reader->splits, parq::Splits(*reader->file, target_bytes));
    *count = static_cast<int64_t>(reader->splits.size());
    return Status::OK();
  });
}

int parq_reader_split(parq_reader* reader, int64_t index, int64_t* offset, int64_t* length, int64_t* num_rows) {
  if (reader == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  return Run(&reader->error, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(offset, "parq_reader_split", "offset"));
    PARQ_RETURN_IF_ERROR(NotNull(length, "parq_reader_split", "length"));
    const int64_t n = static_cast<int64_t>(reader->splits.size());
    if (index < 0 || index >= n) {
      return Status::InvalidArgument("parq_reader_split: split " + std::to_string(index) +
                                     " out of range: parq_reader_splits made " + std::to_string(n));
    }
    const parq::Split& s = reader->splits[static_cast<size_t>(index)];
    *offset = s.range.offset;
    *length = s.range.length;
    if (num_rows != nullptr) *num_rows = s.num_rows;
    return Status::OK();
  });
}

parq_rows* parq_rows_open_range(parq_reader* reader, const char* columns, const parq_filter* filter, int64_t offset,
                                int64_t length) {
  if (reader == nullptr) return nullptr;
  parq_rows* out = nullptr;
  Run(&reader->error, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(CheckRange("parq_rows_open_range", offset, length));
    const parq::ByteRange range{offset, length};
    parq::RowReaderOptions options;
    options.columns = parq::capi::SplitColumns(columns);
    auto rows = std::make_unique<parq_rows>();
    rows->file = reader->file;  // the sources borrow it
    parq::RowReaderOptions reading = options;  // as OpenRows: threads for the reader whose rows are taken
    reader->threads.ApplyTo(&reading);
    PARQ_ASSIGN_OR_RETURN(rows->rows, parq::JsonRowReader::Open(parq::SplitRowSource(*rows->file, range),
                                                                filter == nullptr ? reading : options));
    if (filter != nullptr) {
      reading.filter = filter->filter;
      PARQ_ASSIGN_OR_RETURN(rows->filtered, parq::RowReader::Open(parq::SplitRowSource(*rows->file, range), reading));
    }
    out = rows.release();
    return Status::OK();
  });
  return out;
}

int parq_reader_to_arrow_range(parq_reader* reader, const char* columns, const parq_filter* filter, int64_t offset,
                               int64_t length, int64_t batch_rows, int flags, struct ArrowArrayStream* out) {
  if (reader == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  return Run(&reader->error, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(out, "parq_reader_to_arrow_range", "out"));
    PARQ_RETURN_IF_ERROR(CheckRange("parq_reader_to_arrow_range", offset, length));
    if ((flags & ~(PARQ_ARROW_DICTIONARY | PARQ_ARROW_ONE_BATCH | PARQ_ARROW_DECIMAL64)) != 0) {
      return Status::InvalidArgument("parq_reader_to_arrow_range: unknown flags " + std::to_string(flags));
    }
    parq::ArrowReadOptions options;
    options.dictionary_arrays = (flags & PARQ_ARROW_DICTIONARY) != 0;
    options.one_batch = (flags & PARQ_ARROW_ONE_BATCH) != 0;
    options.decimal64 = (flags & PARQ_ARROW_DECIMAL64) != 0;
    reader->threads.ApplyTo(&options);
    options.columns = parq::capi::SplitColumns(columns);
    if (batch_rows > 0) options.batch_rows = batch_rows;
    if (filter != nullptr) options.filter = filter->filter;
    options.row_groups = parq::RowGroupsInRange(reader->file->metadata(), parq::ByteRange{offset, length});
    if (!options.row_groups.empty()) return parq::ExportArrowStream(reader->file, options, out);
    // Refused as the other streams refuse them: an unknown column, a filter
    // that does not bind.
    ArrowSchema schema;
    PARQ_RETURN_IF_ERROR(parq::ExportArrowSchema(*reader->file, options, &schema));
    schema.release(&schema);
    if (filter != nullptr) PARQ_RETURN_IF_ERROR(parq::BoundFilter::Bind(filter->filter, reader->file->schema()).status());
    auto empty = std::make_unique<EmptyStream>(EmptyStream{reader->file, options});
    out->get_schema = EmptyGetSchema;
    out->get_next = EmptyGetNext;
    out->get_last_error = EmptyGetLastError;
    out->release = EmptyRelease;
    out->private_data = empty.release();
    return Status::OK();
  });
}

}  // extern "C"
