// capi/c_api_copy.cc — raw copies through the C API (parq/c_api.h, "Raw
// copies"): parq_merge_files (MergeFiles) and parq_prune_columns
// (DropColumns), parq/file_copy.h; parq_prune_columns_decrypted reads the
// input with keys (the chunks copied must still be plaintext ones).
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

// Runs `body` with the writer options parsed from `options` (may be NULL)
// and reader options holding a copy of `keys` (may be NULL); the message
// copied into the caller's buffer on failure.
template <typename Body>
int WithOptions(const char* options, const parq_decryption* keys, char* error, size_t error_len,
                Body&& body) noexcept {
  parq::capi::ErrorSlot slot;
  const int rc = Run(&slot, [&]() -> Status {
    parq::WriterOptions writer_options;
    if (options != nullptr) PARQ_RETURN_IF_ERROR(parq::ParseWriterOptions(options, &writer_options));
    parq::ReaderOptions read_options;
    read_options.decryption = parq::capi::DecryptionOf(keys);
    return body(std::move(writer_options), read_options);
  });
  if (rc != PARQ_OK) parq::capi::CopyMessage(slot.text(), error, error_len);
  return rc;
}

int Prune(const char* function, const char* input, const char* output, const char* drop, const char* writer_options,
          const parq_decryption* keys, char* error, size_t error_len) {
  auto body = [&](parq::WriterOptions options, const parq::ReaderOptions& read_options) -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(input, function, "input"));
    PARQ_RETURN_IF_ERROR(NotNull(output, function, "output"));
    PARQ_RETURN_IF_ERROR(NotNull(drop, function, "drop"));
    std::vector<std::string> fields = parq::capi::SplitColumns(drop);
    if (fields.empty()) return Status::InvalidArgument(std::string(function) + ": drop names no field");
    return parq::DropColumns(input, output, fields, std::move(options), read_options);
  };
  return WithOptions(writer_options, keys, error, error_len, body);
}

}  // namespace

extern "C" {

int parq_merge_files(const char* const* inputs, size_t num_inputs, const char* output, const char* writer_options,
                     char* error, size_t error_len) {
  auto body = [&](parq::WriterOptions options, const parq::ReaderOptions&) -> Status {
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
  };
  return WithOptions(writer_options, nullptr, error, error_len, body);
}

int parq_prune_columns(const char* input, const char* output, const char* drop, const char* writer_options,
                       char* error, size_t error_len) {
  return Prune("parq_prune_columns", input, output, drop, writer_options, nullptr, error, error_len);
}

int parq_prune_columns_decrypted(const char* input, const char* output, const char* drop,
                                 const char* writer_options, const parq_decryption* keys, char* error,
                                 size_t error_len) {
  return Prune("parq_prune_columns_decrypted", input, output, drop, writer_options, keys, error, error_len);
}

}  // extern "C"
