// ParseWriterOption / ParseWriterOptions (parq/writer_options_text.h) and
// FileWriter::ValidateOptions, the checks FileWriter::Open applies.
#include "parq/writer_options_text.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <string>

#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

Schema TestSchema() {
  auto s = ParseMessageType(R"(message m {
    required int64 id;
    optional binary name (STRING);
    required boolean flag;
    optional double score;
    optional fixed_len_byte_array(4) code;
    optional int96 ts;
    optional group tags (LIST) { repeated group list { required int32 element; } }
  })");
  return std::move(s).value();
}

TEST(WriterOptionsTextTest, TheCliExample) {
  WriterOptions o;
  ASSERT_OK(ParseWriterOptions("codec=zstd;page_version=2;row_group_rows=100000", &o));
  EXPECT_EQ(o.column_defaults.compression, Compression::kZstd);
  EXPECT_TRUE(o.data_page_v2);
  EXPECT_EQ(o.max_rows_per_row_group, 100000);
  // Nothing else moved.
  WriterOptions expected;
  expected.column_defaults.compression = Compression::kZstd;
  expected.data_page_v2 = true;
  expected.max_rows_per_row_group = 100000;
  EXPECT_EQ(o, expected);
}

TEST(WriterOptionsTextTest, EveryKey) {
  WriterOptions o;
  ASSERT_OK(ParseWriterOptions(
      " codec = GZIP ; level=-1; page-version=1; dictionary=off; page_size=65536;"
      "row-group-size=1000000; ROW_GROUP_ROWS=7; bloom_filter; no_page_index=on; threads=3;"
      "encoding=name=DELTA_BYTE_ARRAY; encoding=tags.list.element=rle_dictionary;;",
      &o));
  EXPECT_EQ(o.column_defaults.compression, Compression::kGzip);
  EXPECT_EQ(o.column_defaults.compression_level, -1);
  EXPECT_FALSE(o.data_page_v2);
  EXPECT_FALSE(o.column_defaults.dictionary);
  EXPECT_EQ(o.data_page_size, 65536);
  EXPECT_EQ(o.row_group_size, 1000000);
  EXPECT_EQ(o.max_rows_per_row_group, 7);
  EXPECT_EQ(o.threads, 3);
  EXPECT_TRUE(o.column_defaults.bloom_filter);
  EXPECT_FALSE(o.column_defaults.page_index);
  ASSERT_EQ(o.columns.size(), 2u);
  const ColumnWriterOptions& name = o.columns.at("name");
  EXPECT_EQ(name.encoding, Encoding::kDeltaByteArray);
  EXPECT_FALSE(name.dictionary);
  EXPECT_EQ(name.compression, Compression::kGzip);
  const ColumnWriterOptions& element = o.columns.at("tags.list.element");
  EXPECT_EQ(element.encoding, std::nullopt);
  EXPECT_TRUE(element.dictionary);
  EXPECT_TRUE(element.bloom_filter);
  EXPECT_FALSE(element.page_index);
  ASSERT_OK(FileWriter::ValidateOptions(o, TestSchema()));
}

TEST(WriterOptionsTextTest, OrderDoesNotMatter) {
  WriterOptions a, b;
  ASSERT_OK(ParseWriterOptions("encoding=id=DELTA_BINARY_PACKED;codec=zstd;level=9;bloom_filter;no_page_index", &a));
  ASSERT_OK(ParseWriterOptions("no_page_index;bloom_filter;level=9;codec=zstd;encoding=id=DELTA_BINARY_PACKED", &b));
  EXPECT_EQ(a, b);
  EXPECT_EQ(a.columns.at("id").compression, Compression::kZstd);
  EXPECT_EQ(a.columns.at("id").compression_level, 9);
  // `dictionary` is the other leaves'; an encoding entry keeps its own.
  WriterOptions c;
  ASSERT_OK(ParseWriterOptions("encoding=name=RLE_DICTIONARY;dictionary=off", &c));
  EXPECT_TRUE(c.columns.at("name").dictionary);
  EXPECT_FALSE(c.column_defaults.dictionary);
}

TEST(WriterOptionsTextTest, LastValueWins) {
  WriterOptions o;
  ASSERT_OK(ParseWriterOptions("codec=snappy;codec=brotli;level=3;encoding=id=PLAIN;encoding=id=BYTE_STREAM_SPLIT", &o));
  EXPECT_EQ(o.column_defaults.compression, Compression::kBrotli);
  EXPECT_EQ(o.columns.at("id").encoding, Encoding::kByteStreamSplit);
  EXPECT_EQ(o.columns.size(), 1u);
}

TEST(WriterOptionsTextTest, ColumnPathsMayHoldEquals) {
  WriterOptions o;
  ASSERT_OK(ParseWriterOption("encoding", "a=b=PLAIN", &o));
  EXPECT_EQ(o.columns.at("a=b").encoding, Encoding::kPlain);
}

TEST(WriterOptionsTextTest, BareFlagsTakeOnOff) {
  WriterOptions o;
  ASSERT_OK(ParseWriterOptions("bloom_filter=on;no-page-index=false", &o));
  EXPECT_TRUE(o.column_defaults.bloom_filter);
  EXPECT_TRUE(o.column_defaults.page_index);
  ASSERT_OK(ParseWriterOptions("bloom_filter=off", &o));
  EXPECT_FALSE(o.column_defaults.bloom_filter);
  ASSERT_OK(ParseWriterOption("--bloom-filter", "", &o));  // as the CLI spells it
  EXPECT_TRUE(o.column_defaults.bloom_filter);
}

TEST(WriterOptionsTextTest, CodecNames) {
  const struct {
    const char* name;
    Compression codec;
  } kNames[] = {{"none", Compression::kUncompressed}, {"Uncompressed", Compression::kUncompressed},
                {"snappy", Compression::kSnappy},     {"GZIP", Compression::kGzip},
                {"brotli", Compression::kBrotli},     {"zstd", Compression::kZstd},
                {"lz4", Compression::kLz4Raw},        {"lz4_raw", Compression::kLz4Raw},
                {"lzo", Compression::kLzo},           {"LZO", Compression::kLzo}};
  for (const auto& n : kNames) {
    WriterOptions o;
    ASSERT_OK(ParseWriterOptions(std::string("codec=") + n.name, &o));
    EXPECT_EQ(o.column_defaults.compression, n.codec) << n.name;
  }
}

TEST(WriterOptionsTextTest, BadValuesNameTheOption) {
  const struct {
    const char* text;
    const char* message;
  } kCases[] = {
      {"codec=lzma", "writer option 'codec': unknown codec 'lzma' (none, snappy, gzip, brotli, zstd, lz4_raw, lzo)"},
      {"level=high", "writer option 'level': takes an integer, not 'high'"},
      {"level=99999999999", "writer option 'level': takes an integer"},
      {"page_version=3", "writer option 'page_version': is 1 or 2, not '3'"},
      {"dictionary=maybe", "writer option 'dictionary': is on or off, not 'maybe'"},
      {"page_size=-5", "writer option 'page_size': takes a positive integer, not '-5'"},
      {"page-size=0", "writer option 'page-size': takes a positive integer, not '0'"},
      {"row_group_size=12kb", "writer option 'row_group_size': takes a positive integer, not '12kb'"},
      {"row_group_rows=+5", "writer option 'row_group_rows': takes a positive integer, not '+5'"},
      {"row_group_rows=99999999999999999999", "writer option 'row_group_rows': takes a positive integer"},
      {"threads=0", "writer option 'threads': takes a thread count from 1 to 1024, not '0'"},
      {"threads=1025", "writer option 'threads': takes a thread count from 1 to 1024, not '1025'"},
      {"encoding=PLAIN", "writer option 'encoding': takes COLUMN=ENCODING, not 'PLAIN'"},
      {"encoding==PLAIN", "writer option 'encoding': takes COLUMN=ENCODING"},
      {"encoding=a=NOSUCH", "writer option 'encoding': unknown encoding 'NOSUCH'"},
      {"encoding=a=UNKNOWN", "writer option 'encoding': unknown encoding 'UNKNOWN'"},
      {"bloom_filter=yes", "writer option 'bloom_filter': is on or off, not 'yes'"},
      {"codec", "writer option 'codec': needs a value"},
      {"codec=", "writer option 'codec': needs a value"},
      {"codecs=zstd", "unknown writer option 'codecs'; did you mean 'codec'?"},
      {"compression=zstd", "unknown writer option 'compression' (the options: codec, level,"},
      // Checked once every pair is in (the level against the codec).
      {"level=999;codec=zstd", "writer option 'level': ZSTD compression level 999 is outside"},
      {"codec=zstd;level=23", "writer option 'level': ZSTD compression level 23 is outside"},
      {"codec=gzip;level=10", "writer option 'level': GZIP compression level 10 is outside 0..9"},
      {"codec=gzip;level=-2", "writer option 'level': GZIP compression level -2"},
      {"codec=brotli;level=12", "writer option 'level': BROTLI compression level 12 is outside 0..11"},
      {"codec=snappy;level=1", "writer option 'level': SNAPPY does not take a compression level"},
      {"codec=lzo;level=1", "writer option 'level': LZO does not take a compression level"},
      {"level=1", "writer option 'level': UNCOMPRESSED does not take a compression level"},
      {"encoding=a=BIT_PACKED", "writer option 'encoding' of column 'a': BIT_PACKED encodes levels only"},
  };
  for (const auto& c : kCases) {
    WriterOptions o;
    EXPECT_STATUS_HAS(ParseWriterOptions(c.text, &o), StatusCode::kInvalidArgument, c.message) << c.text;
  }
}

TEST(WriterOptionsTextTest, AlpOnlyWhereAsked) {
  WriterOptions o;
  ASSERT_OK(ParseWriterOptions("encoding=score=ALP", &o));
  ASSERT_EQ(o.columns.count("score"), 1u);
  EXPECT_EQ(o.columns["score"].encoding, Encoding::kAlp);
  EXPECT_FALSE(o.columns["score"].dictionary);
  EXPECT_FALSE(o.column_defaults.encoding.has_value());
}

TEST(WriterOptionsTextTest, EachCodecsLevels) {
  const struct {
    const char* codec;
    int lo, hi;
  } kRanges[] = {{"gzip", -1, 9}, {"brotli", 0, 11}, {"zstd", -131072, 22}, {"lz4_raw", -65537, 12}};
  for (const auto& r : kRanges) {
    for (int level : {r.lo, r.hi, r.lo - 1, r.hi + 1}) {
      WriterOptions o;
      const std::string text = std::string("codec=") + r.codec + ";level=" + std::to_string(level);
      const Status st = ParseWriterOptions(text, &o);
      if (level >= r.lo && level <= r.hi) {
        EXPECT_OK(st) << text;
      } else {
        EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "writer option 'level'") << text;
      }
    }
  }
}

TEST(WriterOptionsTextTest, AnErrorLeavesTheOptionsUnchanged) {
  WriterOptions o;
  ASSERT_OK(ParseWriterOption("codec", "zstd", &o));
  const WriterOptions before = o;
  EXPECT_STATUS(ParseWriterOption("codec", "nope", &o), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ParseWriterOption("encoding", "a=NOPE", &o), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ParseWriterOption("page_size", "0", &o), StatusCode::kInvalidArgument);
  EXPECT_EQ(o, before);
}

TEST(WriterOptionsTextTest, KeyNames) {
  const WriterOptionKeys& keys = WriterOptionNames();
  EXPECT_EQ(keys.valued.size(), 12u);
  EXPECT_NE(std::find(keys.valued.begin(), keys.valued.end(), "max_open_page_bytes"), keys.valued.end());
  ASSERT_EQ(keys.bare.size(), 2u);
  EXPECT_EQ(keys.bare[0], "bloom_filter");
  for (std::string_view k : keys.valued) {
    WriterOptions o;
    EXPECT_STATUS_HAS(ParseWriterOption(k, "", &o), StatusCode::kInvalidArgument, "needs a value") << k;
  }
}

TEST(WriterOptionsTextTest, ColumnOrder) {
  WriterOptions o;
  o.columns["x"] = ColumnWriterOptions{};
  ASSERT_OK(ParseWriterOptions("column_order=IEEE754", &o));
  EXPECT_TRUE(o.column_defaults.ieee754_total_order);
  EXPECT_TRUE(o.columns["x"].ieee754_total_order);
  ASSERT_OK(ParseWriterOptions("column_order=type", &o));
  EXPECT_FALSE(o.column_defaults.ieee754_total_order);
  EXPECT_STATUS_HAS(ParseWriterOption("column_order", "total", &o), StatusCode::kInvalidArgument,
                    "writer option 'column_order': is type or ieee754, not 'total'");
}

TEST(WriterOptionsValidateTest, AgainstTheSchema) {
  const Schema s = TestSchema();
  const struct {
    const char* text;
    const char* message;
  } kCases[] = {
      {"encoding=nosuch=PLAIN", "writer option 'encoding' (WriterOptions::columns): no leaf column 'nosuch'"},
      {"encoding=nmae=PLAIN", "no leaf column 'nmae'; near names: name"},
      {"encoding=tags=PLAIN", "it is a group, its leaves are tags.list.element"},
      {"encoding=name=DELTA_BINARY_PACKED",
       "writer option 'encoding': DELTA_BINARY_PACKED does not fit column 'name' of type BYTE_ARRAY; "
       "DELTA_BINARY_PACKED is for INT32, INT64"},
      {"encoding=flag=BYTE_STREAM_SPLIT", "BYTE_STREAM_SPLIT does not fit column 'flag' of type BOOLEAN"},
      {"encoding=ts=BYTE_STREAM_SPLIT", "BYTE_STREAM_SPLIT does not fit column 'ts' of type INT96"},
      {"encoding=id=RLE", "RLE does not fit column 'id' of type INT64; RLE is for BOOLEAN"},
      {"encoding=score=DELTA_LENGTH_BYTE_ARRAY", "DELTA_LENGTH_BYTE_ARRAY is for BYTE_ARRAY"},
      {"encoding=id=DELTA_BYTE_ARRAY", "DELTA_BYTE_ARRAY is for BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY"},
      {"encoding=id=ALP", "ALP does not fit column 'id' of type INT64; ALP is for FLOAT, DOUBLE"},
  };
  for (const auto& c : kCases) {
    WriterOptions o;
    ASSERT_OK(ParseWriterOptions(c.text, &o)) << c.text;
    EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o, s), StatusCode::kInvalidArgument, c.message) << c.text;
    // Open applies the same checks first.
    EXPECT_STATUS_HAS(FileWriter::Open(std::make_unique<MemoryOutputStream>(), s, o),
                      StatusCode::kInvalidArgument, c.message)
        << c.text;
  }
  for (const char* fits : {"encoding=flag=RLE", "encoding=id=DELTA_BINARY_PACKED", "encoding=code=BYTE_STREAM_SPLIT",
                           "encoding=code=DELTA_BYTE_ARRAY", "encoding=name=DELTA_LENGTH_BYTE_ARRAY",
                           "encoding=score=BYTE_STREAM_SPLIT", "encoding=ts=PLAIN", "encoding=flag=RLE_DICTIONARY",
                           "encoding=score=ALP"}) {
    WriterOptions o;
    ASSERT_OK(ParseWriterOptions(fits, &o)) << fits;
    EXPECT_OK(FileWriter::ValidateOptions(o, s)) << fits;
    ASSERT_OK_AND_ASSIGN(auto w, FileWriter::Open(std::make_unique<MemoryOutputStream>(), s, o));
    EXPECT_OK(w->Close());
  }
}

TEST(WriterOptionsValidateTest, StructFieldsTheTextCannotSet) {
  const Schema s = TestSchema();
  WriterOptions o;
  o.column_defaults.encoding = Encoding::kDeltaBinaryPacked;  // every leaf: not for BYTE_ARRAY
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o, s), StatusCode::kInvalidArgument,
                    "writer option 'encoding' (the default): DELTA_BINARY_PACKED does not fit column 'name'");
  o = {};
  o.column_defaults.encoding = Encoding::kRleDictionary;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument, "is chosen with `dictionary`");
  o = {};
  o.column_defaults.encoding = static_cast<Encoding>(1);
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument, "unknown encoding 1");
  o = {};
  o.column_defaults.compression = Compression::kLz4;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument, "use LZ4_RAW");
  o = {};
  o.column_defaults.compression = static_cast<Compression>(42);
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument, "writer option 'codec'");
  o = {};
  o.column_defaults.compression = Compression::kLzo;
  EXPECT_OK(FileWriter::ValidateOptions(o));
  o = {};
  o.columns["id"].compression = Compression::kZstd;
  o.columns["id"].compression_level = 30;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument,
                    "writer option 'level' of column 'id': ZSTD compression level 30");
  o = {};
  o.row_group_size = 0;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument,
                    "writer option 'row_group_size': must be positive, not 0");
  o = {};
  o.data_page_size = -1;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument, "'page_size'");
  EXPECT_OK(FileWriter::ValidateOptions(WriterOptions{}, s));
}

}  // namespace
}  // namespace parq
