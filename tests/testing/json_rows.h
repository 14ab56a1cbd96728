// Rows as canonical JSON (docs/rows-as-json.md) for tests: a Parquet file in
// memory written from JSON rows and a message-type schema (the shortest way
// for a test to make a file of nested, nullable values), and every row of a
// file read back as JSON text (JsonRowReader), to compare what was written
// with what reads back.  Header-only; the tests that include it link parq.
#ifndef PARQ_TESTS_TESTING_JSON_ROWS_H_
#define PARQ_TESTS_TESTING_JSON_ROWS_H_

#include <memory>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/result.h"
#include "parq/row_writer.h"

namespace parq::testing {

// The file's bytes: `rows` written with `schema_text`, `group_rows` rows a
// row group, the other writer options from `base`.
inline Result<std::string> WriteJsonRows(const Schema& schema, const std::vector<std::string>& rows,
                                         int64_t group_rows = 1 << 20, const WriterOptions& base = {}) {
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  WriterOptions o = base;
  o.max_rows_per_row_group = group_rows;
  PARQ_ASSIGN_OR_RETURN(auto fw, FileWriter::Open(std::move(mem), schema, o));
  PARQ_ASSIGN_OR_RETURN(auto rw, RowWriter::Open(*fw));
  PARQ_ASSIGN_OR_RETURN(auto parser, JsonRowParser::Make(schema));
  for (const std::string& line : rows) {
    Value row;
    PARQ_RETURN_IF_ERROR(parser->Parse(line, &row));
    PARQ_RETURN_IF_ERROR(rw->Write(row));
  }
  PARQ_RETURN_IF_ERROR(rw->Close());
  PARQ_RETURN_IF_ERROR(fw->Close());
  return sink->bytes();
}
inline Result<std::string> WriteJsonRows(const char* schema_text, const std::vector<std::string>& rows,
                                         int64_t group_rows = 1 << 20, const WriterOptions& base = {}) {
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(schema_text));
  return WriteJsonRows(schema, rows, group_rows, base);
}

// Every row of `file` as its JSON text.
inline Result<std::vector<std::string>> JsonRows(const FileReader& file) {
  PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(file));
  std::vector<std::string> out;
  while (true) {
    std::string s;
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&s));
    if (!more) return out;
    out.push_back(std::move(s));
  }
}

// The rows of a file held in memory.
inline Result<std::vector<std::string>> JsonRowsOfBytes(const std::string& bytes) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  return JsonRows(*file);
}

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_JSON_ROWS_H_
