// A Parquet file in memory from rows of canonical JSON (docs/rows-as-json.md)
// and a message-type schema: the shortest way for a test to make a file of
// nested, nullable values.  Header-only; the tests that include it link parq.
#ifndef PARQ_TESTS_TESTING_JSON_ROWS_H_
#define PARQ_TESTS_TESTING_JSON_ROWS_H_

#include <memory>
#include <string>
#include <vector>

#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/row_writer.h"

namespace parq::testing {

// The file's bytes: `rows` written with `schema_text`, `group_rows` rows a
// row group, the other writer options from `base`.
inline Result<std::string> WriteJsonRows(const char* schema_text, const std::vector<std::string>& rows,
                                         int64_t group_rows = 1 << 20, const WriterOptions& base = {}) {
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(schema_text));
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

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_JSON_ROWS_H_
