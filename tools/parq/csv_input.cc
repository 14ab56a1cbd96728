#include "csv_input.h"

#include <memory>
#include <string>

#include "parq/file_writer.h"
#include "parq/partitioned_writer.h"
#include "parq/row_writer.h"
#include "progress.h"

namespace parq::cli {

bool ParseCsvFlags(const Args& args, CsvOptions* csv, std::string* error) {
  if (auto d = args.Get("delimiter")) {
    if (d->size() != 1 || *d == "\"" || *d == "\n" || *d == "\r") {
      *error = "--delimiter wants one character other than a quote or a line end, not '" + *d + "'";
      return false;
    }
    csv->delimiter = (*d)[0];
  }
  csv->header = !args.Has("no-header");
  csv->null_string = args.Get("null-string").value_or("");
  return true;
}

Status ConvertCsv(const std::string& in_path, const std::string& out_path, const Schema* given,
                  const WriterOptions& wopts, const CsvInputOptions& o, const PartitionedWriterOptions* partitioned) {
  PARQ_ASSIGN_OR_RETURN(auto records, CsvFileReader::Open(in_path, given, o));
  std::unique_ptr<FileWriter> writer;
  std::unique_ptr<RowWriter> rows;
  std::unique_ptr<PartitionedWriter> parts;
  if (partitioned != nullptr) {
    PARQ_ASSIGN_OR_RETURN(parts, PartitionedWriter::Open(out_path, records->schema(), *partitioned));
  } else {
    PARQ_ASSIGN_OR_RETURN(writer, FileWriter::Open(out_path, records->schema(), wopts, /*atomic_rename=*/true));
    PARQ_ASSIGN_OR_RETURN(rows, RowWriter::Open(*writer));
  }
  Progress progress("convert");
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, records->Next(&row));
    if (!more) break;
    PARQ_RETURN_IF_ERROR(parts ? parts->Write(row) : rows->Write(row));
    progress.Update(std::to_string(parts ? parts->rows_written() : rows->rows_written()) + " rows");
  }
  if (parts) return parts->Close();
  PARQ_RETURN_IF_ERROR(rows->Close());
  return writer->Close();
}

}  // namespace parq::cli
