// capi/c_api_reader.cc — parq_reader: opening a file and its metadata
// (parq/c_api.h).
#include <string>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/c_api.h"
#include "parq/version.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

namespace {

// Runs `body` on a reader's error slot; a NULL reader is
// PARQ_ERROR_INVALID_ARGUMENT with no message kept.
template <typename Body>
int WithReader(parq_reader* reader, Body&& body) noexcept {
  if (reader == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  return Run(&reader->error, body);
}

Status CheckIndex(const char* function, const char* what, int64_t i, int64_t n) {
  if (i >= 0 && i < n) return Status::OK();
  return Status::InvalidArgument(std::string(function) + ": " + what + " " + std::to_string(i) +
                                 " out of range: the file has " + std::to_string(n));
}

}  // namespace

namespace parq::capi {

parq_reader* OpenReader(const char* function, const char* path, const ReaderOptions& options, char* error,
                        size_t error_len) noexcept {
  ErrorSlot slot;
  parq_reader* out = nullptr;
  const int rc = Run(&slot, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(path, function, "path"));
    PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(path, options));
    auto reader = std::make_unique<parq_reader>();
    reader->file = std::move(file);
    out = reader.release();
    return Status::OK();
  });
  CopyMessage(rc == PARQ_OK ? "" : slot.text(), error, error_len);
  return out;
}

}  // namespace parq::capi

extern "C" {

const char* parq_version(void) { return parq::Version(); }

const char* parq_error_name(int code) {
  switch (code) {
    case PARQ_OK: return "ok";
    case PARQ_ERROR_INVALID_ARGUMENT: return "invalid argument";
    case PARQ_ERROR_CORRUPT: return "corrupt";
    case PARQ_ERROR_UNSUPPORTED: return "unsupported";
    case PARQ_ERROR_IO: return "I/O error";
    case PARQ_ERROR_LIMIT_EXCEEDED: return "limit exceeded";
    case PARQ_ERROR_INTERNAL: return "internal error";
    case PARQ_ERROR_OUT_OF_MEMORY: return "out of memory";
    default: return "unknown error code";
  }
}

parq_reader* parq_reader_open(const char* path, char* error, size_t error_len) {
  return parq::capi::OpenReader("parq_reader_open", path, parq::ReaderOptions{}, error, error_len);
}

void parq_reader_close(parq_reader* reader) { delete reader; }

const char* parq_reader_last_error(const parq_reader* reader) {
  return reader == nullptr ? "parq_reader_last_error: reader is NULL" : reader->error.text();
}

int parq_reader_num_rows(parq_reader* reader, int64_t* num_rows) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(num_rows, "parq_reader_num_rows", "num_rows"));
    *num_rows = reader->file->metadata().num_rows();
    return Status::OK();
  });
}

int parq_reader_num_row_groups(parq_reader* reader, int64_t* num_row_groups) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(num_row_groups, "parq_reader_num_row_groups", "num_row_groups"));
    *num_row_groups = reader->file->metadata().num_row_groups();
    return Status::OK();
  });
}

int parq_reader_row_group_num_rows(parq_reader* reader, int64_t row_group, int64_t* num_rows) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(num_rows, "parq_reader_row_group_num_rows", "num_rows"));
    const parq::FileMetaData& md = reader->file->metadata();
    PARQ_RETURN_IF_ERROR(CheckIndex("parq_reader_row_group_num_rows", "row group", row_group, md.num_row_groups()));
    *num_rows = md.row_group(static_cast<int>(row_group)).num_rows();
    return Status::OK();
  });
}

int parq_reader_num_columns(parq_reader* reader, int64_t* num_columns) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(num_columns, "parq_reader_num_columns", "num_columns"));
    *num_columns = reader->file->schema().num_columns();
    return Status::OK();
  });
}

int parq_reader_column_path(parq_reader* reader, int64_t column, const char** path) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(path, "parq_reader_column_path", "path"));
    const parq::Schema& schema = reader->file->schema();
    PARQ_RETURN_IF_ERROR(CheckIndex("parq_reader_column_path", "column", column, schema.num_columns()));
    *path = schema.column(static_cast<int>(column)).dotted_path.c_str();  // lives as long as the file
    return Status::OK();
  });
}

int parq_reader_schema(parq_reader* reader, const char** text) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(text, "parq_reader_schema", "text"));
    if (!reader->schema_text) {
      std::string s = reader->file->schema().ToString();
      if (s.empty() || s.back() != '\n') s.push_back('\n');  // as `parq schema` prints it
      reader->schema_text = std::move(s);
    }
    *text = reader->schema_text->c_str();
    return Status::OK();
  });
}

int parq_reader_created_by(parq_reader* reader, const char** created_by) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(created_by, "parq_reader_created_by", "created_by"));
    if (!reader->created_by) reader->created_by = reader->file->metadata().created_by();
    *created_by = *reader->created_by ? (*reader->created_by)->c_str() : nullptr;
    return Status::OK();
  });
}

int parq_reader_num_key_values(parq_reader* reader, int64_t* count) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(count, "parq_reader_num_key_values", "count"));
    if (!reader->key_values) reader->key_values = reader->file->metadata().key_value_metadata();
    *count = static_cast<int64_t>(reader->key_values->size());
    return Status::OK();
  });
}

int parq_reader_key_value(parq_reader* reader, int64_t index, const char** key, size_t* key_len,
                          const char** value, size_t* value_len) {
  return WithReader(reader, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(key, "parq_reader_key_value", "key"));
    if (!reader->key_values) reader->key_values = reader->file->metadata().key_value_metadata();
    const auto& kv = *reader->key_values;
    PARQ_RETURN_IF_ERROR(
        CheckIndex("parq_reader_key_value", "key-value entry", index, static_cast<int64_t>(kv.size())));
    const parq::KeyValue& e = kv[static_cast<size_t>(index)];
    *key = e.key.c_str();
    if (key_len != nullptr) *key_len = e.key.size();
    if (value != nullptr) *value = e.value ? e.value->c_str() : nullptr;
    if (value_len != nullptr) *value_len = e.value ? e.value->size() : 0;
    return Status::OK();
  });
}

}  // extern "C"
