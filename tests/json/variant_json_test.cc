// Tests for json/variant_json.h: the parquet-testing Variant corpus as JSON,
// hand-built values for every primitive, hostile inputs (the codec's errors
// seen through the decoder), the decoder's limits, and JSON encoded again.
#include "json/variant_json.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <map>
#include <set>
#include <sstream>
#include <string>
#include <vector>

#include "json/json_value.h"
#include "testing/status_macros.h"
#include "variant/variant_bytes_util.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using namespace variant_test;  // Bytes, Meta, Prim, LE, Cat, ShortStr, Array, Object

const fs::path kTesting = fs::path(PARQ_SHARED_DIR) / "parquet-testing";

Bytes ReadFile(const fs::path& p) {
  std::ifstream f(p, std::ios::binary);
  return {std::istreambuf_iterator<char>(f), {}};
}
std::string ReadText(const fs::path& p) {
  std::ifstream f(p);
  std::stringstream ss;
  ss << f.rdbuf();
  return ss.str();
}

Result<std::string> Decode(const Bytes& metadata, const Bytes& value, const VariantDecodeOptions& o = {}) {
  std::string out;
  PARQ_RETURN_IF_ERROR(AppendVariantJson(out, metadata, value, o));
  return out;
}

// The decoded text parsed back (for the doc's equality).
Result<JsonValue> DecodeToJson(const Bytes& metadata, const Bytes& value) {
  PARQ_ASSIGN_OR_RETURN(std::string text, Decode(metadata, value));
  return ParseJson(text);
}

// ---- the parquet-testing variant/ pairs ----

// The canonical JSON (docs/rows-as-json.md, VARIANT row) of every pair in
// variant/.  data_dictionary.json there holds the same values written by a
// Python tool (decimals as numbers, timestamps in other text forms); the test
// below cross-checks against it too.
const std::map<std::string, std::string>& CorpusExpected() {
  static const auto* m = new std::map<std::string, std::string>{
      {"array_empty", "[]"},
      {"array_nested",
       R"([{"id":1,"thing":{"names":["Contrarian","Spider"]}},null,{"id":2,"names":["Apple","Ray",null],"type":"if"}])"},
      {"array_primitive", "[2,1,5,9]"},
      {"long_string",
       "\"This string is for sure and certainly longer than 64 bytes and it also includes several non "
       "ascii characters such as \\ud83d\\udc22, \\ud83d\\udc96, \\u2665\\ufe0f, \\ud83c\\udfa3 and "
       "\\ud83e\\udd26!!\""},
      {"object_empty", "{}"},
      {"object_nested",
       R"({"id":1,"observation":{"location":"In the Volcano","time":"12:34:56","value":{"humidity":456,"temperature":123}},"species":{"name":"lava monster","population":6789}})"},
      {"object_primitive",
       R"({"boolean_false_field":false,"boolean_true_field":true,"double_field":"1.23456789","int_field":1,"null_field":null,"string_field":"Apache Parquet","timestamp_field":"2025-04-16T12:34:56.78"})"},
      {"primitive_binary", "\"AxM33q2+78r+\""},
      {"primitive_boolean_false", "false"},
      {"primitive_boolean_true", "true"},
      {"primitive_date", "\"2025-04-16\""},
      {"primitive_decimal16", "\"12345678912345678.90\""},
      {"primitive_decimal4", "\"12.34\""},
      {"primitive_decimal8", "\"12345678.90\""},
      {"primitive_double", "1234567890.1234"},
      {"primitive_float", "1234567940"},  // compared through binary32
      {"primitive_int16", "1234"},
      {"primitive_int32", "123456"},
      {"primitive_int64", "1234567890123456789"},
      {"primitive_int8", "42"},
      {"primitive_null", "null"},
      {"primitive_string",
       "\"This string is longer than 64 bytes and therefore does not fit in a short_string and it also "
       "includes several non ascii characters such as \\ud83d\\udc22, \\ud83d\\udc96, \\u2665\\ufe0f, "
       "\\ud83c\\udfa3 and \\ud83e\\udd26!!\""},
      {"primitive_time", "\"12:33:54.123456\""},
      {"primitive_timestamp", "\"2025-04-16T16:34:56.780000Z\""},  // 12:34:56.78-04:00
      {"primitive_timestamp_nanos", "\"2024-11-07T12:33:54.123456789Z\""},
      {"primitive_timestampntz", "\"2025-04-16T12:34:56.780000\""},
      {"primitive_timestampntz_nanos", "\"2024-11-07T12:33:54.123456789\""},
      {"primitive_uuid", "\"f24f9b64-81fa-49d1-b74e-8c09a6e31c56\""},
      {"short_string", "\"Less than 64 bytes (\\u2764\\ufe0f with utf8)\""},
  };
  return *m;
}

TEST(VariantJsonTest, CorpusEveryPairDecodesToItsExpectedJson) {
  const fs::path dir = kTesting / "variant";
  ASSERT_TRUE(fs::is_directory(dir)) << dir;
  std::set<std::string> seen;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".value") continue;
    const std::string name = e.path().stem().string();
    seen.insert(name);
    SCOPED_TRACE(name);
    auto it = CorpusExpected().find(name);
    ASSERT_NE(it, CorpusExpected().end()) << "no expected JSON for " << name;
    ASSERT_OK_AND_ASSIGN(const JsonValue got, DecodeToJson(ReadFile(dir / (name + ".metadata")), ReadFile(e.path())));
    ASSERT_OK_AND_ASSIGN(const JsonValue want, ParseJson(it->second));
    JsonCompareOptions opt;
    opt.numbers_as_binary32 = name == "primitive_float";
    std::string where;
    EXPECT_TRUE(JsonEquivalent(got, want, opt, &where)) << where << "\n" << JsonToString(got);
  }
  EXPECT_EQ(seen.size(), CorpusExpected().size());
}

// data_dictionary.json (a trailing comma aside) agrees with our output under
// the doc's rules wherever both use the same JSON type; where the dictionary
// prints a decimal as a number, the numbers agree.
TEST(VariantJsonTest, CorpusAgreesWithDataDictionary) {
  std::string text = ReadText(kTesting / "variant" / "data_dictionary.json");
  size_t last = text.rfind(',');
  if (last != std::string::npos && text.find_first_not_of(" \n\r\t", last + 1) == text.rfind('}')) {
    text.erase(last, 1);
  }
  ASSERT_OK_AND_ASSIGN(const JsonValue dict, ParseJson(text));
  ASSERT_EQ(dict.kind, JsonValue::Kind::kObject);
  // Timestamps and times: the dictionary's text forms differ ("12:33:54:123456",
  // "2025-04-16 12:34:56.78-04:00"); the expected table above states ours.
  const std::set<std::string> kOtherTextForm = {"primitive_time", "primitive_timestamp",
                                                "primitive_timestampntz", "primitive_timestamp_nanos",
                                                "primitive_timestampntz_nanos"};
  int compared = 0;
  for (size_t m = 0; m < dict.keys.size(); ++m) {
    const std::string& name = dict.keys[m];
    const JsonValue& want = dict.items[m];
    SCOPED_TRACE(name);
    const fs::path base = kTesting / "variant" / name;
    if (!fs::exists(base.string() + ".value") || kOtherTextForm.count(name)) continue;
    ASSERT_OK_AND_ASSIGN(const JsonValue got,
                         DecodeToJson(ReadFile(base.string() + ".metadata"), ReadFile(base.string() + ".value")));
    if (name.rfind("primitive_decimal", 0) == 0) {
      ASSERT_EQ(got.kind, JsonValue::Kind::kString);
      EXPECT_EQ(std::strtod(got.text.c_str(), nullptr), std::strtod(want.text.c_str(), nullptr));
    } else if (name == "object_primitive") {  // its double_field is a decimal
      JsonValue g = got, w = want;
      auto* gd = const_cast<JsonValue*>(g.Find("double_field"));
      ASSERT_NE(gd, nullptr);
      EXPECT_EQ(std::strtod(gd->text.c_str(), nullptr), std::strtod(w.Find("double_field")->text.c_str(), nullptr));
      gd->kind = JsonValue::Kind::kNumber;
      std::string where;
      EXPECT_TRUE(JsonEquivalent(g, w, {}, &where)) << where;
    } else {
      JsonCompareOptions opt;
      opt.numbers_as_binary32 = name == "primitive_float";
      std::string where;
      EXPECT_TRUE(JsonEquivalent(got, want, opt, &where)) << where;
    }
    ++compared;
  }
  EXPECT_GE(compared, 20);
}

// shredded_variant/*.variant.bin hold metadata then value; the expected rows
// (expected/shredded_variant/case-NNN.parquet.jsonl) give their canonical JSON.
TEST(VariantJsonTest, CorpusShreddedCaseBinariesMatchExpectedRows) {
  const fs::path dir = kTesting / "shredded_variant";
  int compared = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    const std::string file = e.path().filename().string();
    const size_t row_pos = file.find("_row-");
    if (row_pos == std::string::npos || e.path().extension() != ".bin") continue;
    SCOPED_TRACE(file);
    const std::string case_name = file.substr(0, row_pos);
    const int row = std::atoi(file.c_str() + row_pos + 5);
    const fs::path expected = kTesting / "expected" / "shredded_variant" / (case_name + ".parquet.jsonl");
    if (!fs::exists(expected)) continue;
    std::istringstream lines(ReadText(expected));
    std::string line;
    for (int i = 0; i <= row && std::getline(lines, line); ++i) {}
    ASSERT_OK_AND_ASSIGN(const JsonValue want_row, ParseJson(line));
    const JsonValue* want = want_row.Find("var");
    ASSERT_NE(want, nullptr);

    Bytes bin = ReadFile(e.path());
    ASSERT_OK_AND_ASSIGN(auto md, VariantMetadata::Parse(bin));
    std::span<const uint8_t> value = std::span<const uint8_t>(bin).subspan(md.encoded_size());
    ASSERT_OK_AND_ASSIGN(size_t size, VariantValueSize(value));
    EXPECT_EQ(size, value.size());  // the file is exactly metadata + value
    std::string got;
    ASSERT_OK(AppendVariantJson(got, md, value));
    ASSERT_OK_AND_ASSIGN(const JsonValue got_json, ParseJson(got));
    std::string where;
    EXPECT_TRUE(JsonEquivalent(got_json, *want, {}, &where)) << where << "\n" << got;
    ++compared;
  }
  EXPECT_GE(compared, 100);
}

// Every single-byte change and every truncation of the corpus values either
// decodes or fails with a Status: never a crash (run under ASan/UBSan in CI).
TEST(VariantJsonTest, CorpusMutationsNeverCrash) {
  const fs::path dir = kTesting / "variant";
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".value") continue;
    const Bytes md = ReadFile(fs::path(dir) / (e.path().stem().string() + ".metadata"));
    const Bytes v = ReadFile(e.path());
    std::string out;
    for (size_t n = 0; n < v.size(); ++n) {
      Bytes t(v.begin(), v.begin() + static_cast<std::ptrdiff_t>(n));
      out.clear();
      (void)AppendVariantJson(out, md, t);
    }
    for (size_t n = 0; n < md.size(); ++n) {
      Bytes t(md.begin(), md.begin() + static_cast<std::ptrdiff_t>(n));
      out.clear();
      (void)AppendVariantJson(out, t, v);
    }
    for (size_t i = 0; i < std::min<size_t>(v.size(), 200); ++i) {
      for (uint8_t x : {0x01, 0x80, 0xFF, 0x3C}) {
        Bytes t = v;
        t[i] ^= x;
        out.clear();
        (void)AppendVariantJson(out, md, t);
      }
    }
    for (size_t i = 0; i < md.size(); ++i) {
      Bytes t = md;
      t[i] ^= 0xFF;
      out.clear();
      (void)AppendVariantJson(out, t, v);
    }
  }
}

// ---- hand-built values ----

TEST(VariantJsonTest, Primitives) {
  // The text, or the error's.
  auto d = [](const Bytes& v) {
    Result<std::string> r = Decode(kEmptyMeta, v);
    return r.ok() ? *r : r.status().ToString();
  };
  EXPECT_EQ(d(Prim(0)), "null");
  EXPECT_EQ(d(Prim(1)), "true");
  EXPECT_EQ(d(Prim(2)), "false");
  EXPECT_EQ(d(Prim(3, {0xFE})), "-2");
  EXPECT_EQ(d(Prim(4, LE(0x8000, 2))), "-32768");
  EXPECT_EQ(d(Prim(5, LE(0xFFFFFFFF, 4))), "-1");
  EXPECT_EQ(d(Prim(6, LE(0x8000000000000000ULL, 8))), "-9223372036854775808");
  EXPECT_EQ(d(Prim(7, LE(0x3FB999999999999AULL, 8))), "0.1");
  EXPECT_EQ(d(Prim(7, LE(0x8000000000000000ULL, 8))), "-0");
  EXPECT_EQ(d(Prim(7, LE(0x7FF8000000000000ULL, 8))), "\"NaN\"");
  EXPECT_EQ(d(Prim(14, LE(0x3DCCCCCD, 4))), "0.1");
  EXPECT_EQ(d(Prim(14, LE(0x4F0BCE4A, 4))), "2345552400");  // shortest through binary32, not 2345552384
  EXPECT_EQ(d(Prim(14, LE(0xFF800000, 4))), "\"-Infinity\"");
  EXPECT_EQ(d(Prim(8, Cat({{2}, LE(static_cast<uint32_t>(-5), 4)}))), "\"-0.05\"");
  EXPECT_EQ(d(Prim(9, Cat({{0}, LE(120, 8)}))), "\"120\"");
  EXPECT_EQ(d(Prim(10, Cat({{38}, LE(1, 8), LE(0, 8)}))), "\"0.00000000000000000000000000000000000001\"");
  EXPECT_EQ(d(Prim(10, Cat({{0}, LE(0, 8), LE(0x8000000000000000ULL, 8)}))),
            "\"-170141183460469231731687303715884105728\"");
  EXPECT_EQ(d(Prim(11, LE(static_cast<uint32_t>(-719529), 4))), "\"-0001-12-31\"");
  EXPECT_EQ(d(Prim(12, LE(static_cast<uint64_t>(-1), 8))), "\"1969-12-31T23:59:59.999999Z\"");
  EXPECT_EQ(d(Prim(13, LE(0, 8))), "\"1970-01-01T00:00:00.000000\"");
  EXPECT_EQ(d(Prim(18, LE(1, 8))), "\"1970-01-01T00:00:00.000000001Z\"");
  EXPECT_EQ(d(Prim(19, LE(1, 8))), "\"1970-01-01T00:00:00.000000001\"");
  EXPECT_EQ(d(Prim(17, LE(45296123456, 8))), "\"12:34:56.123456\"");
  EXPECT_EQ(d(Prim(15, Cat({LE(3, 4), {'f', 'o', 'o'}}))), "\"Zm9v\"");
  EXPECT_EQ(d(Prim(15, LE(0, 4))), "\"\"");
  EXPECT_EQ(d(Prim(16, Cat({LE(4, 4), {'a', '"', 0xFF, '\n'}}))), "\"a\\\"\xEF\xBF\xBD\\n\"");
  EXPECT_EQ(d(Prim(20, {0, 0x11, 0x22, 0x33, 0x44, 0x55, 0x66, 0x77, 0x88, 0x99, 0xaa, 0xbb, 0xcc, 0xdd,
                        0xee, 0xff})),
            "\"00112233-4455-6677-8899-aabbccddeeff\"");
  EXPECT_EQ(d(ShortStr("")), "\"\"");
  EXPECT_EQ(d(ShortStr("h\xC3\xA9")), "\"h\xC3\xA9\"");
  // Trailing bytes after a complete value are ignored.
  EXPECT_EQ(d(Cat({Prim(1), {0xAA, 0xBB}})), "true");
  std::string s;
  ASSERT_OK(AppendVariantPrimitiveJson(s, Prim(3, {7})));
  EXPECT_EQ(s, "7");
}

// Objects and arrays, narrow and wide, and a nested value decoded on its own
// (the views themselves are tested in tests/variant).
TEST(VariantJsonTest, NestedValues) {
  const Bytes md = Meta({"b", "a", "key \"q\""});
  // Field ids in key order (a=1, b=0, key=2); values stored in another order.
  // header, count 3, ids 1 0 2, offsets 2 0 3 4, then the fields.
  Bytes obj = {0x02, 3, 1, 0, 2, 2, 0, 3, 4};
  Bytes fields = Cat({Prim(3, {9}), Prim(1), Prim(0)});  // at 0: int8 9, at 2: true, at 3: null
  obj.insert(obj.end(), fields.begin(), fields.end());
  ASSERT_OK_AND_ASSIGN(std::string text, Decode(md, obj));
  EXPECT_EQ(text, R"({"a":true,"b":9,"key \"q\"":null})");

  Bytes arr = Array({Prim(3, {1}), Array({}), Array({ShortStr("x"), Prim(0)}), Object({{0, Prim(2)}})});
  ASSERT_OK_AND_ASSIGN(text, Decode(md, arr));
  EXPECT_EQ(text, R"([1,[],["x",null],{"b":false}])");
  ASSERT_OK_AND_ASSIGN(VariantMetadata mdv, VariantMetadata::Parse(md));
  ASSERT_OK_AND_ASSIGN(VariantArrayView av, VariantArrayView::Parse(arr));
  ASSERT_OK_AND_ASSIGN(std::span<const uint8_t> e2, av.element(2));
  std::string s;
  ASSERT_OK(AppendVariantJson(s, mdv, e2));  // a nested value is a valid Variant
  EXPECT_EQ(s, R"(["x",null])");
  EXPECT_STATUS(AppendVariantPrimitiveJson(s, arr), StatusCode::kCorrupt);

  // Wide forms: is_large counts, 4-byte offsets and ids, 2-byte metadata offsets.
  Bytes md2 = {0x41, 1, 0, 0, 0, 1, 0, 'z'};  // offset_size 2
  Bytes big_obj = {static_cast<uint8_t>(((1 << 4) | (3 << 2) | 3) << 2 | 2)};
  big_obj = Cat({big_obj, LE(1, 4), LE(0, 4), LE(0, 4), LE(2, 4), Prim(3, {5})});
  ASSERT_OK_AND_ASSIGN(text, Decode(md2, big_obj));
  EXPECT_EQ(text, R"({"z":5})");
  Bytes big_arr = Cat({{static_cast<uint8_t>(((1 << 2) | 2) << 2 | 3)}, LE(2, 4), LE(0, 3), LE(1, 3),
                       LE(2, 3), Prim(1), Prim(2)});
  ASSERT_OK_AND_ASSIGN(text, Decode(md2, big_arr));
  EXPECT_EQ(text, "[true,false]");
}

void ExpectError(const Bytes& md, const Bytes& v, StatusCode code, std::string_view needle,
                 const VariantDecodeOptions& o = {}) {
  EXPECT_STATUS_HAS(Decode(md, v, o), code, needle);
}

TEST(VariantJsonTest, HostileMetadata) {
  const Bytes v = Prim(0);
  ExpectError({}, v, StatusCode::kCorrupt, "metadata is empty");
  ExpectError({0x02, 0, 0}, v, StatusCode::kUnsupported, "version 2");
  ExpectError({0xC1, 0, 0}, v, StatusCode::kCorrupt, "dictionary_size");
  ExpectError({0x01, 200, 0, 1}, v, StatusCode::kCorrupt, "200 strings");
  ExpectError({0xC1, 0xFF, 0xFF, 0xFF, 0xFF}, v, StatusCode::kCorrupt, "4294967295 strings");
  ExpectError({0x01, 1, 0, 9, 'a'}, v, StatusCode::kCorrupt, "strings size 9");
  // Offsets out of order inside the dictionary: caught when the key is used.
  const Bytes md = {0x01, 3, 0, 3, 2, 3, 'a', 'b', 'c'};  // string 1 runs backwards
  ASSERT_OK_AND_ASSIGN(std::string text, Decode(md, Object({{0, Prim(0)}})));
  EXPECT_EQ(text, R"({"abc":null})");
  ExpectError(md, Object({{1, Prim(0)}}), StatusCode::kCorrupt, "offsets [3, 2)");
  ExpectError(md, Object({{3, Prim(0)}}), StatusCode::kCorrupt, "field id 3 is outside the dictionary of 3");
}

TEST(VariantJsonTest, HostileValues) {
  const Bytes md = Meta({"a"});
  ExpectError(md, {}, StatusCode::kCorrupt, "value needs 1 bytes");
  ExpectError(md, Prim(6, {1, 2, 3}), StatusCode::kCorrupt, "primitive needs 8 bytes but only 3");
  ExpectError(md, Prim(16, {1, 2}), StatusCode::kCorrupt, "binary/string length");
  ExpectError(md, Prim(16, Cat({LE(0xFFFFFFFF, 4), {'x'}})), StatusCode::kCorrupt, "needs 4294967295 bytes");
  ExpectError(md, Prim(15, Cat({LE(5, 4), {'x'}})), StatusCode::kCorrupt, "binary/string needs 5");
  ExpectError(md, {static_cast<uint8_t>(10 << 2 | 1), 'a'}, StatusCode::kCorrupt, "short string needs 10");
  ExpectError(md, Prim(21, LE(0, 8)), StatusCode::kUnsupported, "primitive type id 21");
  ExpectError(md, Prim(63), StatusCode::kUnsupported, "primitive type id 63");
  ExpectError(md, Prim(8, Cat({{39}, LE(1, 4)})), StatusCode::kCorrupt, "scale 39");
  // Containers: counts, headers and offsets beyond the buffer.
  ExpectError(md, {0x03}, StatusCode::kCorrupt, "array element count");
  ExpectError(md, {0x03 | (1 << 4), 1, 0}, StatusCode::kCorrupt, "array element count needs 4");
  ExpectError(md, Cat({{0x03 | (1 << 4)}, LE(0xFFFFFFFF, 4)}), StatusCode::kCorrupt, "4294967295 elements");
  ExpectError(md, {0x03, 1, 0, 5, 0}, StatusCode::kCorrupt, "fields size 5");
  ExpectError(md, {0x03, 2, 1, 0, 1, 0}, StatusCode::kCorrupt, "element 0 offset 1 is outside");
  ExpectError(md, {0x02, 1, 0, 0}, StatusCode::kCorrupt, "object of 1 elements needs a 5-byte header but the value has 4");
  ExpectError(md, {0x02, 1, 0, 1, 1, 0}, StatusCode::kCorrupt, "element 0 offset 1");
  // A nested error names its absolute byte offset.
  ExpectError(md, Array({Prim(0), Prim(6, {1})}), StatusCode::kCorrupt, "needs 8 bytes but only 1 remain at value byte 7");
  // Unknown primitive inside an array.
  ExpectError(md, Array({Prim(0), Prim(40)}), StatusCode::kUnsupported, "type id 40 is not supported at value byte 6");
}

TEST(VariantJsonTest, DepthAndOutputLimits) {
  Bytes v = Prim(0);
  for (int i = 0; i < 60; ++i) {
    // Array of one element with 1-byte offsets can hold up to 255 bytes.
    if (v.size() > 250) break;
    v = Array({v});
  }
  const Bytes md = kEmptyMeta;
  std::string out;
  ASSERT_OK(AppendVariantJson(out, md, v));
  VariantDecodeOptions shallow;
  shallow.max_depth = 10;
  ExpectError(md, v, StatusCode::kLimitExceeded, "nesting deeper than 10", shallow);

  // Deep nesting with 4-byte sizes: depth 100000 must fail cleanly, not overflow the stack.
  // Each layer: is_large array with 4-byte offsets: header, count 1, offsets 0 and inner size.
  const size_t kDeep = 100000, kLayer = 13;
  Bytes buf;
  buf.reserve(kDeep * kLayer + 1);
  for (size_t i = 0; i < kDeep; ++i) {
    buf.push_back(((1 << 2 | 3) << 2) | 3);
    Bytes rest = Cat({LE(1, 4), LE(0, 4), LE(kLayer * (kDeep - i - 1) + 1, 4)});
    buf.insert(buf.end(), rest.begin(), rest.end());
  }
  buf.push_back(0);
  ASSERT_OK_AND_ASSIGN(size_t size, VariantValueSize(buf));
  EXPECT_EQ(size, buf.size());
  ExpectError(md, buf, StatusCode::kLimitExceeded, "nesting deeper than 128");

  // Shared children: each level is an array of 8 references to the same child,
  // so 10 levels expand to 8^10 nulls from ~150 bytes.
  Bytes shared = Prim(0);
  for (int level = 0; level < 10; ++level) {
    Bytes a = {0x03, 8};
    for (int i = 0; i < 8; ++i) a.push_back(0);
    a.push_back(static_cast<uint8_t>(shared.size()));
    a.insert(a.end(), shared.begin(), shared.end());
    shared = a;
  }
  VariantDecodeOptions small;
  small.max_output_bytes = 1 << 20;
  ExpectError(md, shared, StatusCode::kLimitExceeded, "max_output_bytes", small);
}

// JSON → Variant: the simplest types that print the same text, a sorted
// dictionary of every key, fields in key order.
TEST(VariantJsonTest, EncodesJsonAsTheSimplestTypes) {
  const std::string long_text(70, 'x');
  ASSERT_OK_AND_ASSIGN(const JsonValue j,
                       ParseJson(R"({"b":[1,300,70000,5000000000,-0,1.5,"s",null,true,")" + long_text +
                                 R"("],"a":{"c":"x"}})"));
  std::string metadata, value;
  ASSERT_OK(EncodeVariantJson(j, &metadata, &value));
  const Bytes md_bytes = ToBytes(metadata);  // the view borrows it
  ASSERT_OK_AND_ASSIGN(VariantMetadata md, VariantMetadata::Parse(md_bytes));
  EXPECT_TRUE(md.sorted_strings());
  ASSERT_EQ(md.dictionary_size(), 3u);
  ASSERT_OK_AND_ASSIGN(std::string_view k0, md.Key(0));
  ASSERT_OK_AND_ASSIGN(std::string_view k2, md.Key(2));
  EXPECT_EQ(k0, "a");
  EXPECT_EQ(k2, "c");
  ASSERT_OK_AND_ASSIGN(std::string text, Decode(ToBytes(metadata), ToBytes(value)));
  EXPECT_EQ(text, R"({"a":{"c":"x"},"b":[1,300,70000,5000000000,-0,1.5,"s",null,true,")" + long_text + R"("]})");

  const Bytes bytes = ToBytes(value);
  ASSERT_OK_AND_ASSIGN(VariantObjectView obj, VariantObjectView::Parse(bytes));
  ASSERT_OK_AND_ASSIGN(std::span<const uint8_t> b, obj.field_value(1));
  ASSERT_OK_AND_ASSIGN(VariantArrayView arr, VariantArrayView::Parse(b));
  const VariantPrimitive want[] = {VariantPrimitive::kInt8,   VariantPrimitive::kInt16,  VariantPrimitive::kInt32,
                                   VariantPrimitive::kInt64,  VariantPrimitive::kDouble, VariantPrimitive::kDouble,
                                   VariantPrimitive::kString, VariantPrimitive::kNull,   VariantPrimitive::kTrue,
                                   VariantPrimitive::kString};
  ASSERT_EQ(arr.size(), std::size(want));
  for (uint32_t i = 0; i < arr.size(); ++i) {
    ASSERT_OK_AND_ASSIGN(std::span<const uint8_t> e, arr.element(i));
    VariantPrimitiveValue p;
    ASSERT_OK(ReadVariantPrimitive(e, &p));
    EXPECT_EQ(p.type, want[i]) << "element " << i;
  }
  // "s" is a short string; the 70-byte one a string primitive.
  ASSERT_OK_AND_ASSIGN(std::span<const uint8_t> s6, arr.element(6));
  EXPECT_EQ(VariantBasicTypeOf(s6[0]), VariantBasicType::kShortString);
  ASSERT_OK_AND_ASSIGN(std::span<const uint8_t> s9, arr.element(9));
  EXPECT_EQ(VariantBasicTypeOf(s9[0]), VariantBasicType::kPrimitive);

  ASSERT_OK_AND_ASSIGN(const JsonValue dup, ParseJson(R"({"x":{"a":1,"a":2}})"));
  EXPECT_STATUS_HAS(EncodeVariantJson(dup, &metadata, &value), StatusCode::kInvalidArgument, "duplicate key 'a'");
  // A part of a variant encoded against another's dictionary.
  VariantKeyIds ids;
  ASSERT_OK(EncodeVariantMetadata(j, &metadata, &ids));
  EXPECT_STATUS_HAS(EncodeVariantValue(dup, ids, &value), StatusCode::kInvalidArgument, "variant key 'x'");
}

}  // namespace
}  // namespace parq
