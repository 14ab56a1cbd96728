// The JSON writers thriftgen --json generates (golden_types_json.cc), over
// the golden IDL: field names and id order, only the optional fields set,
// every value form of thrift/json_out.h.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <string>

#include "golden/golden_types_json.h"

namespace parq::golden {
namespace {

template <class T>
std::string Json(const T& v) {
  std::string out;
  thrift::JsonOut j(&out);
  WriteJson(j, v);
  return out;
}

TEST(GoldenJsonTest, InnerWithAndWithoutItsOptionalField) {
  Inner in;
  in.a = -7;
  EXPECT_EQ(Json(in), R"({"a":-7,"plain":42})");
  in.s = "q\"\\\n\x01";
  EXPECT_EQ(Json(in), R"({"a":-7,"s":"q\"\\\n\u0001","plain":42})");
}

TEST(GoldenJsonTest, OuterEveryForm) {
  Outer v;
  v.req_bool = true;
  v.i32v = 5;
  v.bin = std::string("\x00\xff\x10", 3);
  v.str = std::string("ok \xff", 4);  // ill-formed UTF-8: U+FFFD
  v.opt_color = static_cast<Color>(99);  // a value the IDL does not name
  v.ints = {1, 2};
  v.counts = {{"x", 3}};
  v.nested = {{1}, {}};
  v.inner.a = 1;
  v.colors = {Color::RED, Color::BLUE};
  v.doubles = {0.5, std::numeric_limits<double>::infinity(), std::nan("")};
  Choice c;
  c.number = 4;
  v.choice = c;
  v.later = Later{"n"};
  const std::string json = Json(v);
  EXPECT_EQ(json,
            "{\"req_bool\":true,\"opt_bool\":true,\"b8\":0,\"i8v\":-5,\"i16v\":300,\"i32v\":5,"
            "\"i64v\":1234567890123,\"d\":1.5,\"str\":\"ok \xef\xbf\xbd\",\"bin\":\"AP8Q\",\"color\":\"GREEN\","
            "\"opt_color\":99,\"ints\":[1,2],\"longs\":[],\"counts\":[{\"key\":\"x\",\"value\":3}],"
            "\"nested\":[[1],[]],\"inner\":{\"a\":1,\"plain\":42},\"choice\":{\"number\":4},\"choices\":[],"
            "\"bools\":[],\"doubles\":[0.5,\"Infinity\",\"NaN\"],\"colors\":[\"RED\",\"BLUE\"],"
            "\"later\":{\"name\":\"n\"},\"neg\":-2,\"is_default\":true,\"counter\":\"TEN\"}")
      << json;
}

}  // namespace
}  // namespace parq::golden
