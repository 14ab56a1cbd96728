// Typed Variants (parq/variant.h) as canonical JSON and back (parq/json.h:
// VariantToJson, VariantFromJson): every type prints as docs/rows-as-json.md
// says, and JSON reads to the simplest types that print the same.
#include <gtest/gtest.h>

#include <string>

#include "parq/json.h"
#include "parq/variant.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

TEST(VariantTypedJsonTest, EveryTypePrintsItsCanonicalJson) {
  Variant o = Variant::Object();
  o.Set("n", Variant::Null());
  o.Set("b", Variant::Bool(true));
  o.Set("i", Variant::Int16(-300));
  o.Set("d", Variant::Double(1.5));
  o.Set("dec", Variant::Decimal8(-12345, 2).value());
  o.Set("date", Variant::Date(19724));
  o.Set("ts", Variant::TimestampMicros(1704164645123456));
  o.Set("tsn", Variant::TimestampNtzNanos(1704164645123456789));
  o.Set("t", Variant::Time(3723000001));
  o.Set("bin", Variant::Binary("\x01\x02"));
  o.Set("u", Variant::Uuid({0xf2, 0x4f, 0x9b, 0x64, 0x81, 0xfa, 0x49, 0xd1, 0xb7, 0x4e, 0x8c, 0x09, 0xa6, 0xe3, 0x1c,
                            0x56}));
  o.Set("a", Variant::Array({Variant::String("x"), Variant::Int8(1)}));
  ASSERT_OK_AND_ASSIGN(std::string json, VariantToJson(o));
  EXPECT_EQ(json,
            R"({"a":["x",1],"b":true,"bin":"AQI=","d":1.5,"date":"2024-01-02","dec":"-123.45","i":-300,"n":null,)"
            R"("t":"01:02:03.000001","ts":"2024-01-02T03:04:05.123456Z","tsn":"2024-01-02T03:04:05.123456789",)"
            R"("u":"f24f9b64-81fa-49d1-b74e-8c09a6e31c56"})");
}

TEST(VariantTypedJsonTest, JsonReadsToTheSimplestTypes) {
  ASSERT_OK_AND_ASSIGN(Variant v, VariantFromJson(R"({"b":[1, 300, 70000, 5000000000, 2.5, "s", null, false]})"));
  Variant want = Variant::Object();
  want.Set("b", Variant::Array({Variant::Int8(1), Variant::Int16(300), Variant::Int32(70000),
                                Variant::Int64(5000000000), Variant::Double(2.5), Variant::String("s"),
                                Variant::Null(), Variant::Bool(false)}));
  EXPECT_EQ(v, want) << v.ToString();
  EXPECT_STATUS(VariantFromJson("{\"a\":1,\"a\":2}"), StatusCode::kInvalidArgument);
  EXPECT_STATUS(VariantFromJson("{"), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace parq
