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

namespace parq::capi {

int WriteArrow(const char* function, const char* path, struct ArrowArrayStream* in, const char* options,
               std::shared_ptr<const EncryptionProperties> encryption, char* error, size_t error_len) noexcept {
  ErrorSlot slot;
  const int rc = Run(&slot, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(in, function, "in"));
    PARQ_RETURN_IF_ERROR(NotNull(path, function, "path"));
    WriterOptions writer_options;
    if (options != nullptr) PARQ_RETURN_IF_ERROR(ParseWriterOptions(options, &writer_options));
    writer_options.encryption = std::move(encryption);
    return WriteArrowStream(in, path, writer_options);  // releases `in`
  });
  // Released on every path, as the header promises (WriteArrowStream did
  // unless an argument was refused before it, or an exception cut it short).
  if (in != nullptr && in->release != nullptr) in->release(in);
  if (rc != PARQ_OK) CopyMessage(slot.text(), error, error_len);
  return rc;
}

}  // namespace parq::capi

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
    reader->threads.ApplyTo(&options);
    // The stream shares the FileReader: it may outlive `reader`.
    return parq::ExportArrowStream(reader->file, options, out);
  });
}

int parq_write_arrow(const char* path, struct ArrowArrayStream* in, const char* options, char* error,
                     size_t error_len) {
  return parq::capi::WriteArrow("parq_write_arrow", path, in, options, nullptr, error, error_len);
}

}  // extern "C"
