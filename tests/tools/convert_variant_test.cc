// `parq convert` with a shredding schema: a VARIANT group of the message-type
// text with typed_value fields takes JSON values that its types can express
// (a date string into a DATE, a decimal into a DECIMAL, a timestamp string
// into a TIMESTAMP, a uuid string into a UUID, arrays element by element),
// and they read back (parq::VariantOf) as typed Variants of those types;
// what does not fit (500 for an INT(8)) goes into value with the simplest
// JSON types.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "parq/file_reader.h"
#include "parq/logical_value_access.h"
#include "parq/record.h"
#include "parq/variant.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::RunParq;

const char kSchema[] = R"(message m {
  required int32 id;
  optional group v (VARIANT(1)) {
    required binary metadata;
    optional binary value;
    optional group typed_value {
      required group d { optional binary value; optional int32 typed_value (DATE); }
      required group p { optional binary value; optional int64 typed_value (DECIMAL(18,2)); }
      required group t { optional binary value; optional int64 typed_value (TIMESTAMP(MICROS,true)); }
      required group u { optional binary value; optional fixed_len_byte_array(16) typed_value (UUID); }
      required group i { optional binary value; optional int32 typed_value (INTEGER(8,true)); }
      required group l {
        optional binary value;
        optional group typed_value (LIST) {
          repeated group list { required group element { optional binary value; optional int32 typed_value (DATE); } }
        }
      }
    }
  }
}
)";

const char kRows[] =
    R"({"id":1,"v":{"d":"2024-01-02","p":"12.34","t":"2024-01-02T03:04:05.123456Z",)"
    R"("u":"f24f9b64-81fa-49d1-b74e-8c09a6e31c56","i":5,"l":["2024-01-03","x",null],"z":"2024-01-02"}})"
    "\n"
    R"({"id":2,"v":{"d":"not a date","p":12.34,"t":1,"u":"x","i":500,"l":5}})"
    "\n"
    R"({"id":3,"v":[1.5,"2024-01-02"]})"
    "\n";

TEST(ConvertVariantTest, ShreddingSchemaKeepsTypes) {
  const fs::path dir = fs::temp_directory_path() / ("parq-convert-variant-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  std::ofstream(dir / "s.txt") << kSchema;
  std::ofstream(dir / "in.jsonl") << kRows;
  const std::string out = (dir / "out.parquet").string();
  CliRun c = RunParq("convert " + testing::Quote((dir / "in.jsonl").string()) + " " + testing::Quote(out) +
                     " --schema " + testing::Quote((dir / "s.txt").string()));
  ASSERT_EQ(c.exit_code, 0) << c.out;

  Variant r1 = Variant::Object();
  r1.Set("d", Variant::Date(19724));
  r1.Set("p", Variant::Decimal8(1234, 2).value());
  r1.Set("t", Variant::TimestampMicros(1704164645123456));
  r1.Set("u", Variant::Uuid({0xf2, 0x4f, 0x9b, 0x64, 0x81, 0xfa, 0x49, 0xd1, 0xb7, 0x4e, 0x8c, 0x09, 0xa6, 0xe3,
                             0x1c, 0x56}));
  r1.Set("i", Variant::Int8(5));
  r1.Set("l", Variant::Array({Variant::Date(19725), Variant::String("x"), Variant::Null()}));
  r1.Set("z", Variant::String("2024-01-02"));  // not shredded: a JSON string stays a string
  Variant r2 = Variant::Object();
  r2.Set("d", Variant::String("not a date"));
  r2.Set("p", Variant::Decimal8(1234, 2).value());  // a JSON number the DECIMAL(18,2) holds exactly
  r2.Set("t", Variant::Int8(1));                     // a number is no timestamp
  r2.Set("u", Variant::String("x"));
  r2.Set("i", Variant::Int16(500));                  // outside INT(8): in value
  r2.Set("l", Variant::Int8(5));
  Variant r3 = Variant::Array({Variant::Double(1.5), Variant::String("2024-01-02")});

  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(out));
  ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*file));
  const SchemaNode& node = *file->schema().FindNode("v");
  Value row;
  for (const Variant* want : {&r1, &r2, &r3}) {
    ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
    ASSERT_TRUE(more);
    ASSERT_OK_AND_ASSIGN(Variant got, VariantOf(*row.Find("v"), node));
    EXPECT_EQ(got, *want) << "read " << got.ToString() << "\nwant " << want->ToString();
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace parq
