// capi/c_api_csv.cc — CSV through the C API (parq/c_api.h, "CSV"):
// parq_rows_open_csv (a parq_rows whose lines are CsvRowWriter records) and
// parq_csv_to_parquet[_encrypted] (a CsvFileReader's rows through a
// RowWriter).
#include <memory>
#include <string>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/c_api.h"
#include "parq/csv.h"
#include "parq/file_writer.h"
#include "parq/row_writer.h"
#include "parq/writer_options_text.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

namespace {

// The C settings as parq::CsvOptions (NULL: the defaults).
Status ToCsvOptions(const char* function, const parq_csv_options* in, parq::CsvOptions* out) {
  if (in == nullptr) return Status::OK();
  const char d = in->delimiter == '\0' ? ',' : in->delimiter;
  if (d == '"' || d == '\n' || d == '\r') {
    return Status::InvalidArgument(std::string(function) +
                                   ": the delimiter is one character other than a quote or a line end");
  }
  out->delimiter = d;
  out->header = in->header != 0;
  out->null_string = in->null_string == nullptr ? "" : in->null_string;
  return Status::OK();
}

// parq_csv_to_parquet[_encrypted]'s body; `function` names it in messages.
int CsvToParquet(const char* function, const char* csv_path, const char* parquet_path, const char* schema_text,
                 const parq_csv_options* options, int64_t infer_rows, const char* writer_options,
                 const parq_encryption* encryption, char* error, size_t error_len) noexcept {
  parq::capi::ErrorSlot slot;
  const int rc = Run(&slot, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(csv_path, function, "csv_path"));
    PARQ_RETURN_IF_ERROR(NotNull(parquet_path, function, "parquet_path"));
    parq::CsvFileOptions file_options;
    PARQ_RETURN_IF_ERROR(ToCsvOptions(function, options, &file_options.csv));
    if (infer_rows > 0) file_options.infer_rows = infer_rows;
    parq::WriterOptions wopts;
    if (writer_options != nullptr) PARQ_RETURN_IF_ERROR(parq::ParseWriterOptions(writer_options, &wopts));
    wopts.encryption = parq::capi::EncryptionOf(encryption);
    parq::Schema given;
    if (schema_text != nullptr) {
      auto parsed = parq::ParseMessageType(schema_text);
      if (!parsed.ok()) return std::move(parsed).status().AddContext(std::string(function) + ": schema_text");
      given = std::move(*parsed);
    }
    PARQ_ASSIGN_OR_RETURN(auto records,
                          parq::CsvFileReader::Open(csv_path, schema_text != nullptr ? &given : nullptr, file_options));
    PARQ_ASSIGN_OR_RETURN(auto writer,
                          parq::FileWriter::Open(parquet_path, records->schema(), wopts, /*atomic_rename=*/true));
    PARQ_ASSIGN_OR_RETURN(auto rows, parq::RowWriter::Open(*writer));
    parq::Value row;
    while (true) {
      PARQ_ASSIGN_OR_RETURN(bool more, records->Next(&row));
      if (!more) break;
      PARQ_RETURN_IF_ERROR(rows->Write(row));
    }
    PARQ_RETURN_IF_ERROR(rows->Close());
    return writer->Close();
  });
  if (rc != PARQ_OK) parq::capi::CopyMessage(slot.text(), error, error_len);
  return rc;
}

}  // namespace

extern "C" {

parq_rows* parq_rows_open_csv(parq_reader* reader, const char* columns, const parq_filter* filter,
                              const parq_csv_options* options) {
  if (reader == nullptr) return nullptr;
  parq_rows* out = nullptr;
  Run(&reader->error, [&]() -> Status {
    parq::CsvOptions csv;
    PARQ_RETURN_IF_ERROR(ToCsvOptions("parq_rows_open_csv", options, &csv));
    PARQ_ASSIGN_OR_RETURN(auto rows, parq::capi::OpenRows(reader, columns, filter));
    rows->csv.emplace(rows->rows->field_names(), csv);
    rows->csv_header_pending = csv.header;
    out = rows.release();
    return Status::OK();
  });
  return out;
}

int parq_csv_to_parquet(const char* csv_path, const char* parquet_path, const char* schema_text,
                        const parq_csv_options* options, int64_t infer_rows, const char* writer_options,
                        char* error, size_t error_len) {
  return CsvToParquet("parq_csv_to_parquet", csv_path, parquet_path, schema_text, options, infer_rows, writer_options,
                      nullptr, error, error_len);
}

int parq_csv_to_parquet_encrypted(const char* csv_path, const char* parquet_path, const char* schema_text,
                                  const parq_csv_options* options, int64_t infer_rows, const char* writer_options,
                                  const parq_encryption* encryption, char* error, size_t error_len) {
  return CsvToParquet("parq_csv_to_parquet_encrypted", csv_path, parquet_path, schema_text, options, infer_rows,
                      writer_options, encryption, error, error_len);
}

}  // extern "C"
