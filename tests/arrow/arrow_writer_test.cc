// WriteArrowStream / SchemaFromArrow: hand-made Arrow streams (every type of
// the mapping, nullable and not, nested lists of structs of maps, slices,
// empty batches, many batches across row groups) written and read back as
// canonical JSON rows; the mapped schema pinned as message-type text.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "parq/arrow_writer.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/metadata.h"
#include "arrow/arrow_temp_files_util.h"
#include "testing/arrow_builders.h"
#include "testing/json_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// WKB for the GEOMETRY / GEOGRAPHY columns (the writers check it): POINT (1 2),
// LINESTRING EMPTY, and a big-endian MULTIPOINT EMPTY.
const std::string kWkbPoint("\x01\x01\0\0\0\0\0\0\0\0\0\xf0\x3f\0\0\0\0\0\0\0\x40", 21);
const std::string kWkbEmptyLine("\x01\x02\0\0\0\0\0\0\0", 9);
const std::string kWkbEmptyMultiPointBig("\0\0\0\0\x04\0\0\0\0", 9);

namespace fs = std::filesystem;
using namespace parq::testing;  // NOLINT
using std::nullopt;
using Strs = std::vector<std::optional<std::string>>;

Result<std::vector<std::string>> ReadJson(const std::string& path) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(path));
  return JsonRows(*file);
}

// Writes the stream to a fresh file and reads its rows back.
Result<std::vector<std::string>> RoundTrip(StreamSpec spec, const std::string& name, WriterOptions o = {}) {
  const fs::path path = TempPath(name);
  fs::remove(path);
  ArrowArrayStream s;
  MakeStream(std::move(spec), &s);
  PARQ_RETURN_IF_ERROR(WriteArrowStream(&s, path.string(), o));
  if (s.release != nullptr) return Status::Internal("the stream was not released");
  return ReadJson(path.string());
}

// A decimal's `width` little-endian two's complement bytes.
std::string Dec(int64_t v, size_t width) {
  std::string b(width, v < 0 ? '\xff' : '\0');
  for (size_t i = 0; i < 8 && i < width; ++i) b[i] = static_cast<char>((static_cast<uint64_t>(v) >> (8 * i)) & 0xff);
  return b;
}

template <typename T>
ArrowData P(std::vector<std::optional<T>> v) {
  return Prim<T>(v);
}

// One column per type of the mapping; three rows, the middle one null when
// `nulls` (else a value), every field nullable or not by `nullable`.
StreamSpec AllTypes(bool nullable, bool nulls) {
  std::vector<ArrowField> f;
  std::vector<ArrowData> d;
  auto add = [&](ArrowField field, ArrowData data) {
    if (field.format != "n") field.nullable = nullable;
    f.push_back(std::move(field));
    d.push_back(std::move(data));
  };
  auto mid = [&](auto v) -> std::optional<decltype(v)> {
    if (nulls) return nullopt;
    return v;
  };
  add(Field("i8", "c"), P<int8_t>({-5, mid(int8_t{0}), 7}));
  add(Field("u8", "C"), P<uint8_t>({250, mid(uint8_t{0}), 1}));
  add(Field("i16", "s"), P<int16_t>({-300, mid(int16_t{0}), 300}));
  add(Field("u16", "S"), P<uint16_t>({65535, mid(uint16_t{0}), 2}));
  add(Field("i32", "i"), P<int32_t>({-70000, mid(int32_t{0}), 70000}));
  add(Field("u32", "I"), P<uint32_t>({4000000000u, mid(uint32_t{0}), 3}));
  add(Field("i64", "l"), P<int64_t>({-(int64_t{1} << 40), mid(int64_t{0}), 4}));
  add(Field("u64", "L"), P<uint64_t>({18000000000000000000ull, mid(uint64_t{0}), 5}));
  add(Field("f16", "e"), P<uint16_t>({0x3C00, mid(uint16_t{0}), 0xC000}));
  add(Field("f32", "f"), P<float>({1.5f, mid(0.0f), -2.25f}));
  add(Field("f64", "g"), P<double>({0.125, mid(0.0), -8.5}));
  add(Field("flag", "b"), Bools({true, mid(false), false}));
  add(Field("s", "u"), Strings({"héllo", mid(std::string()), "x"}));
  add(Field("ls", "U"), Strings({"large", mid(std::string("m")), ""}, true));
  add(Field("bin", "z"), Strings({std::string("\x00\x01", 2), mid(std::string()), "b"}));
  add(Field("lbin", "Z"), Strings({"ab", mid(std::string("c")), "d"}, true));
  add(Field("fsb", "w:3"), FixedBinary({"abc", mid(std::string("def")), "xyz"}, 3));
  add(Extension(Field("id", "w:16"), "arrow.uuid"),
      FixedBinary({std::string("\x12\x34\x56\x78\x9a\xbc\xde\xf0\x12\x34\x56\x78\x9a\xbc\xde\xf0", 16),
                   mid(std::string(16, '\0')), std::string(16, '\x01')},
                  16));
  add(Field("d5", "d:5,2"), FixedBinary({Dec(12345, 16), mid(Dec(0, 16)), Dec(-1, 16)}, 16));
  add(Field("d15", "d:15,3"), FixedBinary({Dec(123456789012345, 16), mid(Dec(0, 16)), Dec(-7, 16)}, 16));
  add(Field("d30", "d:30,4"), FixedBinary({Dec(-123456789, 16), mid(Dec(0, 16)), Dec(99, 16)}, 16));
  add(Field("d40", "d:40,2,256"), FixedBinary({Dec(1000, 32), mid(Dec(0, 32)), Dec(-5, 32)}, 32));
  add(Field("d9_32", "d:9,1,32"), P<int32_t>({-12, mid(int32_t{0}), 999999999}));
  add(Field("date", "tdD"), P<int32_t>({19000, mid(int32_t{0}), -1}));
  add(Field("date64", "tdm"), P<int64_t>({int64_t{19000} * 86400000, mid(int64_t{0}), -86400000}));
  add(Field("t_s", "tts"), P<int32_t>({3600, mid(int32_t{0}), 59}));
  add(Field("t_ms", "ttm"), P<int32_t>({3600001, mid(int32_t{0}), 1}));
  add(Field("t_us", "ttu"), P<int64_t>({3600000001, mid(int64_t{0}), 1}));
  add(Field("t_ns", "ttn"), P<int64_t>({3600000000001, mid(int64_t{0}), 1}));
  add(Field("ts_s", "tss:"), P<int64_t>({1700000000, mid(int64_t{0}), -1}));
  add(Field("ts_ms", "tsm:UTC"), P<int64_t>({1700000000123, mid(int64_t{0}), 0}));
  add(Field("ts_us", "tsu:"), P<int64_t>({1700000000123456, mid(int64_t{0}), 0}));
  add(Field("ts_ns", "tsn:Europe/Paris"), P<int64_t>({1700000000123456789, mid(int64_t{0}), 0}));
  add(Field("dur", "tDu"), P<int64_t>({-42, mid(int64_t{0}), 42}));
  add(Field("iv_m", "tiM"), P<int32_t>({14, mid(int32_t{0}), 0}));
  add(Field("iv_dt", "tiD"), P<int64_t>({(int64_t{500} << 32) | 3, mid(int64_t{0}), 0}));
  add(Field("iv_mdn", "tin"), FixedBinary({std::string("\x01\0\0\0\x02\0\0\0\x40\x42\x0f\0\0\0\0\0", 16),
                                           mid(std::string(16, '\0')), std::string(16, '\0')},
                                          16));
  add(Field("nothing", "n"), ArrowData{3, 3, 0, {}, {}, nullptr});
  add(Extension(Field("doc", "u"), "arrow.json"), Strings({R"({"a":1})", mid(std::string("[]")), "2"}));
  add(Extension(Field("geom", "z"), "geoarrow.wkb", R"({"crs": "OGC:CRS84"})"),
      Strings({kWkbPoint, mid(kWkbEmptyLine), kWkbEmptyMultiPointBig}));
  ArrowField dict = Field("dict", "c");
  dict.dictionary = std::make_shared<ArrowField>(Field("", "u"));
  ArrowData dict_data = P<int8_t>({1, mid(int8_t{0}), 1});
  dict_data.dictionary = std::make_shared<ArrowData>(Strings({"zero", "one"}));
  add(std::move(dict), std::move(dict_data));
  StreamSpec spec;
  spec.schema = Struct("", std::move(f), false);
  spec.batches.push_back(StructData(3, std::move(d)));
  return spec;
}

constexpr const char* kAllTypesSchema = R"(message schema {
  optional int32 i8 (INTEGER(8,true));
  optional int32 u8 (INTEGER(8,false));
  optional int32 i16 (INTEGER(16,true));
  optional int32 u16 (INTEGER(16,false));
  optional int32 i32 (INTEGER(32,true));
  optional int32 u32 (INTEGER(32,false));
  optional int64 i64 (INTEGER(64,true));
  optional int64 u64 (INTEGER(64,false));
  optional fixed_len_byte_array(2) f16 (FLOAT16);
  optional float f32;
  optional double f64;
  optional boolean flag;
  optional binary s (STRING);
  optional binary ls (STRING);
  optional binary bin;
  optional binary lbin;
  optional fixed_len_byte_array(3) fsb;
  optional fixed_len_byte_array(16) id (UUID);
  optional int32 d5 (DECIMAL(5,2));
  optional int64 d15 (DECIMAL(15,3));
  optional fixed_len_byte_array(13) d30 (DECIMAL(30,4));
  optional fixed_len_byte_array(17) d40 (DECIMAL(40,2));
  optional int32 d9_32 (DECIMAL(9,1));
  optional int32 date (DATE);
  optional int32 date64 (DATE);
  optional int32 t_s (TIME(MILLIS,true));
  optional int32 t_ms (TIME(MILLIS,true));
  optional int64 t_us (TIME(MICROS,true));
  optional int64 t_ns (TIME(NANOS,true));
  optional int64 ts_s (TIMESTAMP(MILLIS,false));
  optional int64 ts_ms (TIMESTAMP(MILLIS,true));
  optional int64 ts_us (TIMESTAMP(MICROS,false));
  optional int64 ts_ns (TIMESTAMP(NANOS,true));
  optional int64 dur;
  optional fixed_len_byte_array(12) iv_m (INTERVAL);
  optional fixed_len_byte_array(12) iv_dt (INTERVAL);
  optional fixed_len_byte_array(12) iv_mdn (INTERVAL);
  optional int32 nothing (UNKNOWN);
  optional binary doc (JSON);
  optional binary geom (GEOMETRY(OGC:CRS84));
  optional binary dict (STRING);
}
)";

const std::vector<std::string> kAllNullableRows = {
    R"({"i8":-5,"u8":250,"i16":-300,"u16":65535,"i32":-70000,"u32":4000000000,"i64":-1099511627776,"u64":18000000000000000000,"f16":1,"f32":1.5,"f64":0.125,"flag":true,"s":"héllo","ls":"large","bin":"AAE=","lbin":"YWI=","fsb":"YWJj","id":"12345678-9abc-def0-1234-56789abcdef0","d5":"123.45","d15":"123456789012.345","d30":"-12345.6789","d40":"10.00","d9_32":"-1.2","date":"2022-01-08","date64":"2022-01-08","t_s":"01:00:00.000","t_ms":"01:00:00.001","t_us":"01:00:00.000001","t_ns":"01:00:00.000000001","ts_s":"2023-11-14T22:13:20.000","ts_ms":"2023-11-14T22:13:20.123Z","ts_us":"2023-11-14T22:13:20.123456","ts_ns":"2023-11-14T22:13:20.123456789Z","dur":-42,"iv_m":{"months":14,"days":0,"milliseconds":0},"iv_dt":{"months":0,"days":3,"milliseconds":500},"iv_mdn":{"months":1,"days":2,"milliseconds":1},"nothing":null,"doc":"{\"a\":1}","geom":"AQEAAAAAAAAAAADwPwAAAAAAAABA","dict":"one"})",
    R"({"i8":null,"u8":null,"i16":null,"u16":null,"i32":null,"u32":null,"i64":null,"u64":null,"f16":null,"f32":null,"f64":null,"flag":null,"s":null,"ls":null,"bin":null,"lbin":null,"fsb":null,"id":null,"d5":null,"d15":null,"d30":null,"d40":null,"d9_32":null,"date":null,"date64":null,"t_s":null,"t_ms":null,"t_us":null,"t_ns":null,"ts_s":null,"ts_ms":null,"ts_us":null,"ts_ns":null,"dur":null,"iv_m":null,"iv_dt":null,"iv_mdn":null,"nothing":null,"doc":null,"geom":null,"dict":null})",
    R"({"i8":7,"u8":1,"i16":300,"u16":2,"i32":70000,"u32":3,"i64":4,"u64":5,"f16":-2,"f32":-2.25,"f64":-8.5,"flag":false,"s":"x","ls":"","bin":"Yg==","lbin":"ZA==","fsb":"eHl6","id":"01010101-0101-0101-0101-010101010101","d5":"-0.01","d15":"-0.007","d30":"0.0099","d40":"-0.05","d9_32":"99999999.9","date":"1969-12-31","date64":"1969-12-31","t_s":"00:00:59.000","t_ms":"00:00:00.001","t_us":"00:00:00.000001","t_ns":"00:00:00.000000001","ts_s":"1969-12-31T23:59:59.000","ts_ms":"1970-01-01T00:00:00.000Z","ts_us":"1970-01-01T00:00:00.000000","ts_ns":"1970-01-01T00:00:00.000000000Z","dur":42,"iv_m":{"months":0,"days":0,"milliseconds":0},"iv_dt":{"months":0,"days":0,"milliseconds":0},"iv_mdn":{"months":0,"days":0,"milliseconds":0},"nothing":null,"doc":"2","geom":"AAAAAAQAAAAA","dict":"one"})",
};

const std::vector<std::string> kAllRequiredRows = {
    R"({"i8":-5,"u8":250,"i16":-300,"u16":65535,"i32":-70000,"u32":4000000000,"i64":-1099511627776,"u64":18000000000000000000,"f16":1,"f32":1.5,"f64":0.125,"flag":true,"s":"héllo","ls":"large","bin":"AAE=","lbin":"YWI=","fsb":"YWJj","id":"12345678-9abc-def0-1234-56789abcdef0","d5":"123.45","d15":"123456789012.345","d30":"-12345.6789","d40":"10.00","d9_32":"-1.2","date":"2022-01-08","date64":"2022-01-08","t_s":"01:00:00.000","t_ms":"01:00:00.001","t_us":"01:00:00.000001","t_ns":"01:00:00.000000001","ts_s":"2023-11-14T22:13:20.000","ts_ms":"2023-11-14T22:13:20.123Z","ts_us":"2023-11-14T22:13:20.123456","ts_ns":"2023-11-14T22:13:20.123456789Z","dur":-42,"iv_m":{"months":14,"days":0,"milliseconds":0},"iv_dt":{"months":0,"days":3,"milliseconds":500},"iv_mdn":{"months":1,"days":2,"milliseconds":1},"nothing":null,"doc":"{\"a\":1}","geom":"AQEAAAAAAAAAAADwPwAAAAAAAABA","dict":"one"})",
    R"({"i8":0,"u8":0,"i16":0,"u16":0,"i32":0,"u32":0,"i64":0,"u64":0,"f16":0,"f32":0,"f64":0,"flag":false,"s":"","ls":"m","bin":"","lbin":"Yw==","fsb":"ZGVm","id":"00000000-0000-0000-0000-000000000000","d5":"0.00","d15":"0.000","d30":"0.0000","d40":"0.00","d9_32":"0.0","date":"1970-01-01","date64":"1970-01-01","t_s":"00:00:00.000","t_ms":"00:00:00.000","t_us":"00:00:00.000000","t_ns":"00:00:00.000000000","ts_s":"1970-01-01T00:00:00.000","ts_ms":"1970-01-01T00:00:00.000Z","ts_us":"1970-01-01T00:00:00.000000","ts_ns":"1970-01-01T00:00:00.000000000Z","dur":0,"iv_m":{"months":0,"days":0,"milliseconds":0},"iv_dt":{"months":0,"days":0,"milliseconds":0},"iv_mdn":{"months":0,"days":0,"milliseconds":0},"nothing":null,"doc":"[]","geom":"AQIAAAAAAAAA","dict":"zero"})",
    R"({"i8":7,"u8":1,"i16":300,"u16":2,"i32":70000,"u32":3,"i64":4,"u64":5,"f16":-2,"f32":-2.25,"f64":-8.5,"flag":false,"s":"x","ls":"","bin":"Yg==","lbin":"ZA==","fsb":"eHl6","id":"01010101-0101-0101-0101-010101010101","d5":"-0.01","d15":"-0.007","d30":"0.0099","d40":"-0.05","d9_32":"99999999.9","date":"1969-12-31","date64":"1969-12-31","t_s":"00:00:59.000","t_ms":"00:00:00.001","t_us":"00:00:00.000001","t_ns":"00:00:00.000000001","ts_s":"1969-12-31T23:59:59.000","ts_ms":"1970-01-01T00:00:00.000Z","ts_us":"1970-01-01T00:00:00.000000","ts_ns":"1970-01-01T00:00:00.000000000Z","dur":42,"iv_m":{"months":0,"days":0,"milliseconds":0},"iv_dt":{"months":0,"days":0,"milliseconds":0},"iv_mdn":{"months":0,"days":0,"milliseconds":0},"nothing":null,"doc":"2","geom":"AAAAAAQAAAAA","dict":"one"})",
};

TEST(ArrowWriterTest, SchemaOfEveryType) {
  StreamSpec spec = AllTypes(true, true);
  ArrowSchema s;
  ExportSchema(spec.schema, &s);
  Result<Schema> schema = SchemaFromArrow(s);
  s.release(&s);
  ASSERT_OK(schema.status());
  EXPECT_EQ(schema->ToString(), kAllTypesSchema);
}

TEST(ArrowWriterTest, EveryTypeNullableWithNulls) {
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, RoundTrip(AllTypes(true, true), "all_nullable.parquet"));
  EXPECT_EQ(rows, kAllNullableRows);
  EXPECT_EQ(LiveArrowStructs(), 0);
}

TEST(ArrowWriterTest, EveryTypeRequired) {
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, RoundTrip(AllTypes(false, false), "all_required.parquet"));
  EXPECT_EQ(rows, kAllRequiredRows);
  EXPECT_EQ(LiveArrowStructs(), 0);
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(TempPath("all_required.parquet").string()));
  std::string want = kAllTypesSchema;
  for (size_t at = want.find("optional"); at != std::string::npos; at = want.find("optional", at + 1)) {
    if (want.compare(at, 22, "optional int32 nothing") != 0) want.replace(at, 8, "required");
  }
  EXPECT_EQ(file->schema().ToString(), want);
}

// list<struct<a: int32 not null, attrs: map<utf8, int64>>>, k: int32 not null:
// the rows of ColumnarWriterTest's nested case.
const std::vector<std::string> kNestedRows = {
    R"({"items":[{"a":1,"attrs":[{"key":"x","value":10},{"key":"y","value":null}]},null,{"a":2,"attrs":null}],"k":0})",
    R"({"items":null,"k":1})",
    R"({"items":[],"k":2})",
    R"({"items":[{"a":3,"attrs":[]}],"k":3})",
};

ArrowField NestedSchema() {
  ArrowField elem = Struct("item", {Field("a", "i", false), MapField("attrs", Field("", "u", false), Field("", "l"))});
  ArrowField items = Field("items", "+l");
  items.children.push_back(std::move(elem));
  return Struct("", {std::move(items), Field("k", "i", false)}, false);
}

// The rows from `first` on, `n` of them, as one batch sliced out of a
// bigger one (offset `first` on the batch struct).
ArrowData NestedBatch(int64_t first, int64_t n) {
  ArrowData attrs = MapData({2, nullopt, nullopt, 0}, Strings({"x", "y"}), Prim<int64_t>({10, nullopt}));
  ArrowData elems = StructData(4, {Prim<int32_t>({1, 0, 2, 3}), std::move(attrs)}, {true, false, true, true});
  ArrowData items = ListData({3, nullopt, 0, 1}, std::move(elems));
  ArrowData batch = StructData(4, {std::move(items), Prim<int32_t>({0, 1, 2, 3})});
  batch.offset = first;
  batch.length = n;
  return batch;
}

TEST(ArrowWriterTest, NestedListsOfStructsOfMaps) {
  StreamSpec spec;
  spec.schema = NestedSchema();
  spec.batches.push_back(NestedBatch(0, 4));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, RoundTrip(std::move(spec), "nested.parquet"));
  EXPECT_EQ(rows, kNestedRows);
  EXPECT_EQ(LiveArrowStructs(), 0);
}

TEST(ArrowWriterTest, SlicesAndEmptyBatches) {
  StreamSpec spec;
  spec.schema = NestedSchema();
  spec.batches.push_back(NestedBatch(0, 0));
  spec.batches.push_back(NestedBatch(0, 1));
  spec.batches.push_back(NestedBatch(1, 2));
  spec.batches.push_back(NestedBatch(4, 0));
  spec.batches.push_back(NestedBatch(3, 1));
  // A child of its own offset: `k` sliced one slot in.
  ArrowData shifted = NestedBatch(0, 0);
  shifted.children[1] = Prim<int32_t>({0, 3});
  shifted.children[1].offset = 1;
  shifted.children[1].length = 1;
  shifted.children[0] = NestedBatch(3, 1).children[0];
  shifted.children[0].offset = 3;
  shifted.children[0].length = 1;
  shifted.length = 1;
  spec.batches.push_back(std::move(shifted));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, RoundTrip(std::move(spec), "slices.parquet"));
  std::vector<std::string> want = kNestedRows;
  want.push_back(kNestedRows[3]);
  EXPECT_EQ(rows, want);
  EXPECT_EQ(LiveArrowStructs(), 0);
}

TEST(ArrowWriterTest, ManyBatchesAcrossRowGroups) {
  StreamSpec spec;
  spec.schema = Struct("", {Field("v", "l", false), Field("tags", "+L")}, false);
  ArrowField tag = Field("item", "U");
  spec.schema.children[1].children.push_back(tag);
  int64_t next = 0;
  for (int b = 0; b < 10; ++b) {
    const int n = b == 4 ? 0 : 5;
    std::vector<std::optional<int64_t>> v;
    std::vector<std::optional<int>> sizes;
    Strs tags;
    for (int i = 0; i < n; ++i, ++next) {
      v.push_back(next);
      sizes.push_back(static_cast<int>(next % 3));
      for (int t = 0; t < next % 3; ++t) tags.push_back("t" + std::to_string(next));
    }
    spec.batches.push_back(StructData(n, {Prim<int64_t>(v), ListData(sizes, Strings(tags, true), true)}));
  }
  WriterOptions o;
  o.max_rows_per_row_group = 7;
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, RoundTrip(std::move(spec), "batches.parquet", o));
  ASSERT_EQ(rows.size(), 45u);
  EXPECT_EQ(rows[0], R"({"v":0,"tags":[]})");
  EXPECT_EQ(rows[44], R"({"v":44,"tags":["t44","t44"]})");
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(TempPath("batches.parquet").string()));
  ASSERT_EQ(file->metadata().num_row_groups(), 7);
  for (int g = 0; g < 6; ++g) EXPECT_EQ(file->metadata().row_group(g).num_rows(), 7);
  EXPECT_EQ(file->metadata().row_group(6).num_rows(), 3);
  EXPECT_EQ(LiveArrowStructs(), 0);
}

TEST(ArrowWriterTest, FixedSizeListsDictionariesWithNullsAndStringViews) {
  StreamSpec spec;
  ArrowField pair = Field("pair", "+w:2", false);
  pair.children.push_back(Field("item", "s", false));
  ArrowField dict = Field("dict", "i");
  dict.dictionary = std::make_shared<ArrowField>(Field("", "tdm"));
  spec.schema = Struct("", {std::move(pair), std::move(dict), Field("view", "vu")}, false);
  ArrowData fsl{3, 0, 0, {std::nullopt}, {Prim<int16_t>({1, 2, 3, 4, 5, 6})}, nullptr};
  ArrowData dict_data = Prim<int32_t>({0, nullopt, 1});
  dict_data.dictionary = std::make_shared<ArrowData>(Prim<int64_t>({86400000, nullopt}));
  // Views: "short" inline, a 20-byte string in data buffer 0 at offset 3, null.
  const std::string longer = "twenty bytes long!!!";
  std::vector<uint8_t> views(48, 0);
  const int32_t short_len = 5, long_len = 20, buf = 0, off = 3;
  std::memcpy(views.data(), &short_len, 4);
  std::memcpy(views.data() + 4, "short", 5);
  std::memcpy(views.data() + 16, &long_len, 4);
  std::memcpy(views.data() + 16 + 4, longer.data(), 4);
  std::memcpy(views.data() + 16 + 8, &buf, 4);
  std::memcpy(views.data() + 16 + 12, &off, 4);
  std::string data = "xyz" + longer;
  const int64_t sizes[] = {static_cast<int64_t>(data.size())};
  ArrowData view{3, 1, 0, {Bitmap({true, true, false}), views, std::vector<uint8_t>(data.begin(), data.end()),
                           std::vector<uint8_t>(reinterpret_cast<const uint8_t*>(sizes),
                                                reinterpret_cast<const uint8_t*>(sizes) + 8)},
                 {}, nullptr};
  spec.batches.push_back(StructData(3, {std::move(fsl), std::move(dict_data), std::move(view)}));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, RoundTrip(std::move(spec), "fsl_dict_view.parquet"));
  const std::vector<std::string> want = {
      R"({"pair":[1,2],"dict":"1970-01-02","view":"short"})",
      R"({"pair":[3,4],"dict":null,"view":"twenty bytes long!!!"})",
      R"({"pair":[5,6],"dict":null,"view":null})",
  };
  EXPECT_EQ(rows, want);
  EXPECT_EQ(LiveArrowStructs(), 0);
}

TEST(ArrowWriterTest, VariantGeographyAndMapsOverSlicedEntries) {
  StreamSpec spec;
  ArrowField variant = Extension(Struct("v", {Field("metadata", "z", false), Field("value", "z", false)}),
                                 "parquet.variant");
  ArrowField geo = Extension(Field("g", "Z"), "geoarrow.wkb", R"({"crs": "EPSG:4326", "edges": "spherical"})");
  spec.schema = Struct("", {std::move(variant), std::move(geo), MapField("m", Field("", "i", false), Field("", "u"))},
                       false);
  // Variant metadata with an empty dictionary; values: int8 42, the string "hi", and a null variant.
  const std::string meta("\x01\x00\x00", 3);
  ArrowData v = StructData(3, {Strings({meta, meta, meta}),
                               Strings({std::string("\x0c\x2a", 2), std::string("\x09hi", 3), std::string("\x00", 1)})},
                           {true, true, false});
  ArrowData g = Strings({kWkbPoint, nullopt, kWkbEmptyMultiPointBig}, true);
  // The map's entries are a slice: entry 0 of the map is entry 1 of the struct's children.
  ArrowData m = MapData({1, 2, 0}, Prim<int32_t>({99, 1, 2, 3}), Strings({"skip", "a", nullopt, "c"}));
  m.children[0].offset = 1;
  m.children[0].length = 3;
  spec.batches.push_back(StructData(3, {std::move(v), std::move(g), std::move(m)}));
  {
    ArrowSchema s;
    ExportSchema(spec.schema, &s);
    Result<Schema> schema = SchemaFromArrow(s);
    s.release(&s);
    ASSERT_OK(schema.status());
    EXPECT_EQ(schema->ToString(), R"(message schema {
  optional group v (VARIANT) {
    required binary metadata;
    required binary value;
  }
  optional binary g (GEOGRAPHY(EPSG:4326,SPHERICAL));
  optional group m (MAP) {
    repeated group key_value {
      required int32 key (INTEGER(32,true));
      optional binary value (STRING);
    }
  }
}
)");
  }
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, RoundTrip(std::move(spec), "variant_geo_map.parquet"));
  const std::vector<std::string> want = {
      R"({"v":42,"g":"AQEAAAAAAAAAAADwPwAAAAAAAABA","m":[{"key":1,"value":"a"}]})",
      R"({"v":"hi","g":null,"m":[{"key":2,"value":null},{"key":3,"value":"c"}]})",
      R"({"v":null,"g":"AAAAAAQAAAAA","m":[]})",
  };
  EXPECT_EQ(rows, want);
  EXPECT_EQ(LiveArrowStructs(), 0);
}

}  // namespace
}  // namespace parq
