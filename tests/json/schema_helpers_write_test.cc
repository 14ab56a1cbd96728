// A schema built with parq/schema_helpers.h (structs, 3-level lists and maps,
// nulls at every level) writes a file through RowWriter that parq reads back:
// the same schema from the footer, the same rows as JSON.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/json.h"
#include "parq/row_writer.h"
#include "parq/schema_helpers.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace ps = parq::schema;

TEST(SchemaHelpersWriteTest, BuiltSchemaWritesAFileParqReadsBack) {
  ASSERT_OK_AND_ASSIGN(
      Schema schema,
      ps::Message({
          ps::Int64("id"),
          ps::String("name").Optional(),
          ps::List("tags", ps::String("element").Optional()).Optional(),
          ps::Map("attrs", ps::String("key"), ps::Int64("value").Optional()).Optional(),
          ps::Struct("point", {ps::Double("x"), ps::Double("y").Optional()}).Optional(),
          ps::List("matrix", ps::List("element", ps::Int32("element"))),
          ps::Map("nested", ps::Int32("key"), ps::Struct("value", {ps::Boolean("flag"), ps::Date("day").Optional()})),
          ps::Decimal("price", 12, 2),
          ps::Timestamp("at", TimeUnit::kMicros, true).Optional(),
      }));
  const std::vector<std::string> rows = {
      R"({"id":1,"name":"a","tags":["x",null,"z"],"attrs":[{"key":"k","value":1},{"key":"n","value":null}],)"
      R"("point":{"x":1.5,"y":null},"matrix":[[1,2],[],[3]],"nested":[{"key":7,"value":{"flag":true,"day":"1969-12-31"}}],)"
      R"("price":"-123.45","at":"2024-01-02T03:04:05.000006Z"})",
      R"({"id":2,"name":null,"tags":null,"attrs":null,"point":null,"matrix":[],"nested":[],"price":"0.00","at":null})",
      R"({"id":3,"name":"","tags":[],"attrs":[],"point":{"x":-0,"y":2},"matrix":[[]],)"
      R"("nested":[{"key":-1,"value":{"flag":false,"day":null}}],"price":"9999999999.99","at":"1969-12-31T23:59:59.999999Z"})",
  };

  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* mem = out.get();
  ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(std::move(out), schema));
  ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
  ASSERT_OK_AND_ASSIGN(auto parser, JsonRowParser::Make(schema));
  Value row;
  for (const std::string& line : rows) {
    ASSERT_OK(parser->Parse(line, &row));
    ASSERT_OK(rw->Write(row));
  }
  ASSERT_OK(rw->Close());
  ASSERT_OK(fw->Close());

  ASSERT_OK_AND_ASSIGN(auto fr, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(mem->bytes()))));
  EXPECT_TRUE(fr->schema().Equals(schema)) << fr->schema().ToString();
  EXPECT_EQ(fr->schema().ToString(), schema.ToString());
  ASSERT_OK_AND_ASSIGN(auto rr, JsonRowReader::Open(*fr));
  std::vector<std::string> back;
  while (true) {
    std::string json;
    ASSERT_OK_AND_ASSIGN(bool more, rr->Next(&json));
    if (!more) break;
    back.push_back(json);
  }
  EXPECT_EQ(back, rows);
}

}  // namespace
}  // namespace parq
