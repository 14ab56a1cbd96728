// capi/c_api_copy.cc — raw copies through the C API (parq/c_api.h, "Raw
// copies"): parq_merge_files (MergeFiles) and parq_prune_columns
// (DropColumns), parq/file_copy.h.
#include <string>
#include <vector>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/c_api.h"
#include "parq/file_copy.h"
#include "parq/writer_options_text.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

namespace {

// Runs `body` with the writer options parsed from `options` (may be NULL);
// the message copied into the caller's buffer on failure.
template <typename Body>
int WithWriterOptions(const char* options, char* error, size_t error_len, Body&& body) noexcept {
  parq::capi::ErrorSlot slot;
  const int rc = Run(&slot, [&]() -> Status {
    parq::WriterOptions writer_options;
    if (options != nullptr) PARQ_RETURN_IF_ERROR(parq::ParseWriterOptions(options, &writer_options));
    return body(std::move(writer_options));
  });
  if (rc != PARQ_OK) parq::capi::CopyMessage(slot.text(), error, error_len);
  return rc;
}

}  // namespace

extern "C" {

int parq_merge_files(const char* const* inputs, size_t num_inputs, const char* output, const char* writer_options,
                     char* error, size_t error_len) {
  return WithWriterOptions(writer_options, error, error_len, [&](parq::WriterOptions options) -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(inputs, "parq_merge_files", "inputs"));
    PARQ_RETURN_IF_ERROR(NotNull(output, "parq_merge_files", "output"));
    if (num_inputs == 0) return Status::InvalidArgument("parq_merge_files: no inputs");
    std::vector<std::string> paths;
    for (size_t i = 0; i < num_inputs; ++i) {
      if (inputs[i] == nullptr) {
        return Status::InvalidArgument("parq_merge_files: inputs[" + std::to_string(i) + "] is NULL");
      }
      paths.emplace_back(inputs[i]);
    }
    return parq::MergeFiles(paths, output, std::move(options));
  });
}

int parq_prune_columns(const char* input, const char* output, const char* drop, const char* writer_options,
                       char* error, size_t error_len) {
  return WithWriterOptions(writer_options, error, error_len, [&](parq::WriterOptions options) -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(input, "parq_prune_columns", "input"));
    PARQ_RETURN_IF_ERROR(NotNull(output, "parq_prune_columns", "output"));
    PARQ_RETURN_IF_ERROR(NotNull(drop, "parq_prune_columns", "drop"));
    std::vector<std::string> fields = parq::capi::SplitColumns(drop);
    if (fields.empty()) return Status::InvalidArgument("parq_prune_columns: drop names no field");
    return parq::DropColumns(input, output, fields, std::move(options));
  });
}

}  // extern "C"
