// Tests for record/variant_decoder.h: the parquet-testing Variant corpus,
// hand-built values for every primitive, and hostile inputs.
#include "record/variant_decoder.h"

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

#include "record/json_value.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using Bytes = std::vector<uint8_t>;

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

JsonValue MustParse(std::string_view text) {
  auto r = ParseJson(text);
  EXPECT_TRUE(r.ok()) << r.status().ToString() << " in " << text;
  return r.ok() ? *r : JsonValue{};
}

std::string Decode(const Bytes& metadata, const Bytes& value, const VariantDecodeOptions& o = {}) {
  std::string out;
  Status st = AppendVariantJson(out, metadata, value, o);
  EXPECT_TRUE(st.ok()) << st.ToString();
  return out;
}

Status DecodeStatus(const Bytes& metadata, const Bytes& value, const VariantDecodeOptions& o = {}) {
  std::string out;
  return AppendVariantJson(out, metadata, value, o);
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

TEST(VariantCorpusTest, EveryPairDecodesToItsExpectedJson) {
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
    const std::string got = Decode(ReadFile(dir / (name + ".metadata")), ReadFile(e.path()));
    JsonCompareOptions opt;
    opt.numbers_as_binary32 = name == "primitive_float";
    std::string where;
    EXPECT_TRUE(JsonEquivalent(MustParse(got), MustParse(it->second), opt, &where)) << where << "\n" << got;
  }
  EXPECT_EQ(seen.size(), CorpusExpected().size());
}

// data_dictionary.json (a trailing comma aside) agrees with our output under
// the doc's rules wherever both use the same JSON type; where the dictionary
// prints a decimal as a number, the numbers agree.
TEST(VariantCorpusTest, AgreesWithDataDictionary) {
  std::string text = ReadText(kTesting / "variant" / "data_dictionary.json");
  size_t last = text.rfind(',');
  if (last != std::string::npos && text.find_first_not_of(" \n\r\t", last + 1) == text.rfind('}')) {
    text.erase(last, 1);
  }
  JsonValue dict = MustParse(text);
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
    JsonValue got = MustParse(Decode(ReadFile(base.string() + ".metadata"), ReadFile(base.string() + ".value")));
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
TEST(VariantCorpusTest, ShreddedCaseBinariesMatchExpectedRows) {
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
    JsonValue want_row = MustParse(line);
    const JsonValue* want = want_row.Find("var");
    ASSERT_NE(want, nullptr);

    Bytes bin = ReadFile(e.path());
    auto md = VariantMetadata::Parse(bin);
    ASSERT_TRUE(md.ok()) << md.status().ToString();
    std::span<const uint8_t> value = std::span<const uint8_t>(bin).subspan(md->encoded_size());
    auto size = VariantValueSize(value);
    ASSERT_TRUE(size.ok()) << size.status().ToString();
    EXPECT_EQ(*size, value.size());  // the file is exactly metadata + value
    std::string got;
    Status st = AppendVariantJson(got, *md, value);
    ASSERT_TRUE(st.ok()) << st.ToString();
    std::string where;
    EXPECT_TRUE(JsonEquivalent(MustParse(got), *want, {}, &where)) << where << "\n" << got;
    ++compared;
  }
  EXPECT_GE(compared, 100);
}

// Every single-byte change and every truncation of the corpus values either
// decodes or fails with a Status: never a crash (run under ASan/UBSan in CI).
TEST(VariantCorpusTest, MutationsNeverCrash) {
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

// Metadata with 1-byte offsets.
Bytes Meta(const std::vector<std::string>& keys) {
  Bytes b = {0x01, static_cast<uint8_t>(keys.size()), 0};
  uint8_t off = 0;
  for (const auto& k : keys) b.push_back(off += static_cast<uint8_t>(k.size()));
  for (const auto& k : keys) b.insert(b.end(), k.begin(), k.end());
  return b;
}
const Bytes kEmptyMeta = {0x01, 0x00, 0x00};

Bytes Prim(uint8_t id, Bytes data = {}) {
  Bytes b = {static_cast<uint8_t>(id << 2)};
  b.insert(b.end(), data.begin(), data.end());
  return b;
}
Bytes LE(uint64_t v, int n) {
  Bytes b;
  for (int i = 0; i < n; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
  return b;
}
Bytes Cat(std::initializer_list<Bytes> parts) {
  Bytes b;
  for (const auto& p : parts) b.insert(b.end(), p.begin(), p.end());
  return b;
}
Bytes ShortStr(std::string_view s) {
  Bytes b(1 + s.size());
  b[0] = static_cast<uint8_t>((s.size() << 2) | 1);
  for (size_t i = 0; i < s.size(); ++i) b[1 + i] = static_cast<uint8_t>(s[i]);
  return b;
}
// Array with 1-byte offsets and count.
Bytes Array(const std::vector<Bytes>& elems) {
  Bytes b = {0x03, static_cast<uint8_t>(elems.size()), 0};
  uint8_t off = 0;
  for (const auto& e : elems) b.push_back(off += static_cast<uint8_t>(e.size()));
  for (const auto& e : elems) b.insert(b.end(), e.begin(), e.end());
  return b;
}
// Object with 1-byte ids, offsets and count.
Bytes Object(const std::vector<std::pair<uint8_t, Bytes>>& fields) {
  Bytes b = {0x02, static_cast<uint8_t>(fields.size())};
  for (const auto& f : fields) b.push_back(f.first);
  b.push_back(0);
  uint8_t off = 0;
  for (const auto& f : fields) b.push_back(off += static_cast<uint8_t>(f.second.size()));
  for (const auto& f : fields) b.insert(b.end(), f.second.begin(), f.second.end());
  return b;
}

TEST(VariantDecoderTest, Primitives) {
  auto d = [](const Bytes& v) { return Decode(kEmptyMeta, v); };
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
  ASSERT_TRUE(AppendVariantPrimitiveJson(s, Prim(3, {7})).ok());
  EXPECT_EQ(s, "7");
}

TEST(VariantDecoderTest, NestedValuesAndViews) {
  const Bytes md = Meta({"b", "a", "key \"q\""});
  // Field ids in key order (a=1, b=0, key=2); values stored in another order.
  // header, count 3, ids 1 0 2, offsets 2 0 3 4, then the fields.
  Bytes obj = {0x02, 3, 1, 0, 2, 2, 0, 3, 4};
  Bytes fields = Cat({Prim(3, {9}), Prim(1), Prim(0)});  // at 0: int8 9, at 2: true, at 3: null
  obj.insert(obj.end(), fields.begin(), fields.end());
  EXPECT_EQ(Decode(md, obj), R"({"a":true,"b":9,"key \"q\"":null})");

  auto ov = VariantObjectView::Parse(obj);
  ASSERT_TRUE(ov.ok()) << ov.status().ToString();
  EXPECT_EQ(ov->size(), 3u);
  EXPECT_EQ(ov->field_id(0), 1u);
  auto f0 = ov->field_value(0);
  ASSERT_TRUE(f0.ok());
  EXPECT_EQ((*f0)[0], Prim(1)[0]);
  EXPECT_EQ(ov->field_value_offset(1), 9u);
  auto mdv = VariantMetadata::Parse(md);
  ASSERT_TRUE(mdv.ok());
  EXPECT_EQ(*mdv->Key(2), "key \"q\"");
  EXPECT_EQ(mdv->dictionary_size(), 3u);
  EXPECT_EQ(mdv->encoded_size(), md.size());

  Bytes arr = Array({Prim(3, {1}), Array({}), Array({ShortStr("x"), Prim(0)}), Object({{0, Prim(2)}})});
  EXPECT_EQ(Decode(md, arr), R"([1,[],["x",null],{"b":false}])");
  auto av = VariantArrayView::Parse(arr);
  ASSERT_TRUE(av.ok());
  EXPECT_EQ(av->size(), 4u);
  auto e2 = av->element(2);
  ASSERT_TRUE(e2.ok());
  std::string s;
  ASSERT_TRUE(AppendVariantJson(s, *mdv, *e2).ok());  // a nested value is a valid Variant
  EXPECT_EQ(s, R"(["x",null])");
  EXPECT_EQ(*VariantValueSize(arr), arr.size());
  EXPECT_EQ(VariantObjectView::Parse(arr).status().code(), StatusCode::kInvalidArgument);
  EXPECT_EQ(AppendVariantPrimitiveJson(s, arr).code(), StatusCode::kCorrupt);

  // Wide forms: is_large counts, 4-byte offsets and ids, 2-byte metadata offsets.
  Bytes md2 = {0x41, 1, 0, 0, 0, 1, 0, 'z'};  // offset_size 2
  Bytes big_obj = {static_cast<uint8_t>(((1 << 4) | (3 << 2) | 3) << 2 | 2)};
  big_obj = Cat({big_obj, LE(1, 4), LE(0, 4), LE(0, 4), LE(2, 4), Prim(3, {5})});
  EXPECT_EQ(Decode(md2, big_obj), R"({"z":5})");
  Bytes big_arr = Cat({{static_cast<uint8_t>(((1 << 2) | 2) << 2 | 3)}, LE(2, 4), LE(0, 3), LE(1, 3),
                       LE(2, 3), Prim(1), Prim(2)});
  EXPECT_EQ(Decode(md2, big_arr), "[true,false]");
}

void ExpectError(const Bytes& md, const Bytes& v, StatusCode code, std::string_view needle,
                 const VariantDecodeOptions& o = {}) {
  Status st = DecodeStatus(md, v, o);
  EXPECT_EQ(st.code(), code) << st.ToString();
  EXPECT_NE(st.ToString().find(needle), std::string::npos) << st.ToString();
}

TEST(VariantDecoderTest, HostileMetadata) {
  const Bytes v = Prim(0);
  ExpectError({}, v, StatusCode::kCorrupt, "metadata is empty");
  ExpectError({0x02, 0, 0}, v, StatusCode::kUnsupported, "version 2");
  ExpectError({0xC1, 0, 0}, v, StatusCode::kCorrupt, "dictionary_size");
  ExpectError({0x01, 200, 0, 1}, v, StatusCode::kCorrupt, "200 strings");
  ExpectError({0xC1, 0xFF, 0xFF, 0xFF, 0xFF}, v, StatusCode::kCorrupt, "4294967295 strings");
  ExpectError({0x01, 1, 0, 9, 'a'}, v, StatusCode::kCorrupt, "strings size 9");
  // Offsets out of order inside the dictionary: caught when the key is used.
  const Bytes md = {0x01, 3, 0, 3, 2, 3, 'a', 'b', 'c'};  // string 1 runs backwards
  Bytes obj = Object({{0, Prim(0)}});
  EXPECT_EQ(Decode(md, obj), R"({"abc":null})");
  ExpectError(md, Object({{1, Prim(0)}}), StatusCode::kCorrupt, "offsets [3, 2)");
  ExpectError(md, Object({{3, Prim(0)}}), StatusCode::kCorrupt, "field id 3 is outside the dictionary of 3");
}

TEST(VariantDecoderTest, HostileValues) {
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

TEST(VariantDecoderTest, DepthAndOutputLimits) {
  Bytes v = Prim(0);
  for (int i = 0; i < 60; ++i) {
    // Array of one element with 1-byte offsets can hold up to 255 bytes.
    if (v.size() > 250) break;
    v = Array({v});
  }
  const Bytes md = kEmptyMeta;
  std::string out;
  ASSERT_TRUE(AppendVariantJson(out, md, v).ok());
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
  EXPECT_EQ(*VariantValueSize(buf), buf.size());
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

}  // namespace
}  // namespace parq
