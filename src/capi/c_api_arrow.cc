// capi/c_api_arrow.cc — the Arrow C Data Interface through the C API:
// parq_reader_to_arrow[_filtered] (ExportArrowStream) and parq_write_arrow
// (ParseWriterOptions + WriteArrowStream), parq/c_api.h.
#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/arrow_reader.h"
#include "parq/arrow_writer.h"
#include "parq/c_api.h"
#include "parq/writer_options_text.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

extern "C" {

int parq_reader_to_arrow(parq_reader* reader, const char* columns, int64_t batch_rows, struct ArrowArrayStream* out) {
  return parq_reader_to_arrow_filtered(reader, columns, nullptr, batch_rows, out);
}

int parq_reader_to_arrow_filtered(parq_reader* reader, const char* columns, const parq_filter* filter,
                                  int64_t batch_rows, struct ArrowArrayStream* out) {
  if (reader == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  return Run(&reader->error, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(out, filter != nullptr ? "parq_reader_to_arrow_filtered" : "parq_reader_to_arrow",
                                 "out"));
    parq::ArrowReadOptions options;
    options.columns = parq::capi::SplitColumns(columns);
    if (batch_rows > 0) options.batch_rows = batch_rows;
    if (filter != nullptr) options.filter = filter->filter;
    // The stream shares the FileReader: it may outlive `reader`.
    return parq::ExportArrowStream(reader->file, options, out);
  });
}

int parq_write_arrow(const char* path, struct ArrowArrayStream* in, const char* options, char* error,
                     size_t error_len) {
  parq::capi::ErrorSlot slot;
  const int rc = Run(&slot, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(in, "parq_write_arrow", "in"));
    PARQ_RETURN_IF_ERROR(NotNull(path, "parq_write_arrow", "path"));
    parq::WriterOptions writer_options;
    if (options != nullptr) PARQ_RETURN_IF_ERROR(parq::ParseWriterOptions(options, &writer_options));
    return parq::WriteArrowStream(in, path, writer_options);  // releases `in`
  });
  // Released on every path, as the header promises (WriteArrowStream did
  // unless an argument was refused before it, or an exception cut it short).
  if (in != nullptr && in->release != nullptr) in->release(in);
  if (rc != PARQ_OK) parq::capi::CopyMessage(slot.text(), error, error_len);
  return rc;
}

}  // extern "C"
