// Writer tests: statistics (NaN, -0/+0, unsigned, decimals, FLOAT16,
// truncation), schema metadata in the footer, CRCs, dictionary fallback,
// errors and the sticky status.
#include <gtest/gtest.h>

#include <cmath>
#include <limits>
#include <set>
#include <string>

#include "parq/version.h"
#include "schema/schema_builder.h"
#include "stats/statistics_builder.h"
#include "testing/status_macros.h"
#include "writer_test_util.h"

namespace parq::writer_test {
namespace {

// Writes one flat column of `n` levels and returns the file bytes.
template <typename T>
std::string WriteOne(const Schema& schema, const WriterOptions& options, const ColumnData<T>& data) {
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), schema, options);
  EXPECT_OK(w);
  if (!w.ok()) return {};
  int64_t pos = 0;
  int64_t n = data.def.empty() ? static_cast<int64_t>(data.values.size()) : static_cast<int64_t>(data.def.size());
  Status st = WriteColumn(w->get(), 0, data, 0, n, &pos);
  EXPECT_OK(st);
  st = (*w)->Close();
  EXPECT_OK(st);
  return sink->bytes();
}

// The statistics of the first column chunk of `bytes`.
Result<format::Statistics> StatsOf(const std::string& bytes) {
  PARQ_ASSIGN_OR_RETURN(format::FileMetaData md, ReadMetadata(bytes));
  const auto& stats = md.row_groups.at(0).columns.at(0).meta_data->statistics;
  if (!stats) return Status::Internal("the chunk has no statistics");
  return *stats;
}

template <typename V>
std::string B(V v) {
  return std::string(reinterpret_cast<const char*>(&v), sizeof(V));
}

TEST(WriterStatisticsTest, DoubleNaNAndSignedZeros) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { optional double x; }"));
  ColumnData<double> c;
  const double nan = std::numeric_limits<double>::quiet_NaN();
  for (double v : {nan, 0.0, 3.5, nan, -0.0, 1.0}) {
    c.def.push_back(1);
    c.values.push_back(v);
  }
  c.def.push_back(0);
  ASSERT_OK_AND_ASSIGN(format::Statistics st, StatsOf(WriteOne(s, {}, c)));
  EXPECT_EQ(st.null_count, 1);
  EXPECT_EQ(st.nan_count, 2);
  EXPECT_EQ(*st.min_value, B(-0.0));  // zero is the min: written as -0.0
  EXPECT_EQ(*st.max_value, B(3.5));
  EXPECT_EQ(*st.min, B(-0.0));  // signed order: deprecated fields too
  EXPECT_TRUE(*st.is_min_value_exact);

  ColumnData<double> z;  // zero is the max: +0.0 even when only -0.0 was seen
  for (double v : {-2.0, -0.0}) {
    z.def.push_back(1);
    z.values.push_back(v);
  }
  ASSERT_OK_AND_ASSIGN(st, StatsOf(WriteOne(s, {}, z)));
  EXPECT_EQ(*st.min_value, B(-2.0));
  EXPECT_EQ(*st.max_value, B(0.0));
}

TEST(WriterStatisticsTest, AllNaNHasNoBounds) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required float x; }"));
  ColumnData<float> c;
  for (int i = 0; i < 5; ++i) c.values.push_back(std::numeric_limits<float>::quiet_NaN());
  ASSERT_OK_AND_ASSIGN(format::Statistics st, StatsOf(WriteOne(s, {}, c)));
  EXPECT_EQ(st.nan_count, 5);
  EXPECT_EQ(st.null_count, 0);
  EXPECT_FALSE(st.min_value.has_value());
  EXPECT_FALSE(st.max_value.has_value());
}

TEST(WriterStatisticsTest, UnsignedIntegersHaveNoDeprecatedFields) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required int32 x (INTEGER(32,false)); }"));
  ColumnData<int32_t> c;
  for (int32_t v : {5, -1, 7, 0}) c.values.push_back(v);  // -1 is 4294967295
  ASSERT_OK_AND_ASSIGN(format::Statistics st, StatsOf(WriteOne(s, {}, c)));
  EXPECT_EQ(*st.min_value, B(int32_t{0}));
  EXPECT_EQ(*st.max_value, B(int32_t{-1}));
  EXPECT_FALSE(st.min.has_value());
  EXPECT_FALSE(st.max.has_value());
  EXPECT_FALSE(st.nan_count.has_value());

  ASSERT_OK_AND_ASSIGN(Schema sg, ParseMessageType("message m { required int64 x; }"));
  ColumnData<int64_t> g;
  for (int64_t v : {5, -1, 7, 0}) g.values.push_back(v);
  ASSERT_OK_AND_ASSIGN(st, StatsOf(WriteOne(sg, {}, g)));
  EXPECT_EQ(*st.min_value, B(int64_t{-1}));
  EXPECT_EQ(*st.max_value, B(int64_t{7}));
  EXPECT_EQ(*st.max, B(int64_t{7}));
}

TEST(WriterStatisticsTest, DecimalBinaryIsSignedTwosComplement) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required binary x (DECIMAL(10,2)); }"));
  ColumnData<ByteArray> c;
  c.values.push_back(c.Bytes(std::string("\x01\x00", 2)));   // 256
  c.values.push_back(c.Bytes(std::string("\xff", 1)));       // -1
  c.values.push_back(c.Bytes(std::string("\x7f", 1)));       // 127
  c.values.push_back(c.Bytes(std::string("\xfe\xff", 2)));   // -257
  ASSERT_OK_AND_ASSIGN(format::Statistics st, StatsOf(WriteOne(s, {}, c)));
  EXPECT_EQ(*st.min_value, std::string("\xfe\xff", 2));
  EXPECT_EQ(*st.max_value, std::string("\x01\x00", 2));
  EXPECT_EQ(*st.min, std::string("\xfe\xff", 2));
}

TEST(WriterStatisticsTest, StringsUnsignedAndTruncated) {
  // Unannotated: the 0xFF bytes below are not UTF-8, which a STRING column refuses.
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { optional binary x; }"));
  WriterOptions o;
  o.column_defaults.statistics_truncate_length = 4;
  ColumnData<ByteArray> c;
  for (const char* v : {"b\xc3\xa9zier", "abcdefgh", "abc", "zz\xff\xff\xff\xff"}) {
    c.def.push_back(1);
    c.values.push_back(c.Bytes(v));
  }
  ASSERT_OK_AND_ASSIGN(format::Statistics st, StatsOf(WriteOne(s, o, c)));
  EXPECT_EQ(*st.min_value, "abc");  // short enough: exact
  EXPECT_TRUE(*st.is_min_value_exact);
  EXPECT_EQ(*st.max_value, "z{");   // "zz\xff\xff" -> drop 0xFF, increment: "z{"
  EXPECT_FALSE(*st.is_max_value_exact);
  EXPECT_FALSE(st.min.has_value());
  EXPECT_GT(stats::CompareBytes(*st.max_value, "zz\xff\xff\xff\xff"), 0);

  ColumnData<ByteArray> m;
  for (const char* v : {"abcdefgh", "abcdzzzz"}) {
    m.def.push_back(1);
    m.values.push_back(m.Bytes(v));
  }
  ASSERT_OK_AND_ASSIGN(st, StatsOf(WriteOne(s, o, m)));
  EXPECT_EQ(*st.min_value, "abcd");
  EXPECT_FALSE(*st.is_min_value_exact);
  EXPECT_EQ(*st.max_value, "abce");
  EXPECT_FALSE(*st.is_max_value_exact);

  // A max of only 0xFF bytes cannot be cut.
  std::string all_ff(10, '\xff');
  EXPECT_FALSE(stats::TruncateMax(all_ff, 4, nullptr));
}

TEST(WriterStatisticsTest, Float16AsNumbers) {
  ASSERT_OK_AND_ASSIGN(Schema s,
                       ParseMessageType("message m { required fixed_len_byte_array(2) x (FLOAT16); }"));
  ColumnData<FixedLenByteArray> c;
  // 1.0 = 0x3C00, -2.0 = 0xC000, NaN = 0x7E00, +0 = 0x0000
  for (uint16_t h : {uint16_t{0x3C00}, uint16_t{0xC000}, uint16_t{0x7E00}, uint16_t{0x0000}}) {
    c.values.push_back(c.Bytes(B(h)));
  }
  ASSERT_OK_AND_ASSIGN(format::Statistics st, StatsOf(WriteOne(s, {}, c)));
  EXPECT_EQ(st.nan_count, 1);
  EXPECT_EQ(*st.min_value, B(uint16_t{0xC000}));
  EXPECT_EQ(*st.max_value, B(uint16_t{0x3C00}));

  ColumnData<FixedLenByteArray> z;
  for (uint16_t h : {uint16_t{0x0000}, uint16_t{0x3C00}}) z.values.push_back(z.Bytes(B(h)));
  ASSERT_OK_AND_ASSIGN(st, StatsOf(WriteOne(s, {}, z)));
  EXPECT_EQ(*st.min_value, B(uint16_t{0x8000}));  // -0
}

TEST(WriterStatisticsTest, IntervalAndInt96HaveOnlyNullCount) {
  ASSERT_OK_AND_ASSIGN(Schema s,
                       ParseMessageType("message m { optional fixed_len_byte_array(12) x (INTERVAL); }"));
  ColumnData<FixedLenByteArray> c;
  c.def = {1, 0};
  c.values.push_back(c.Bytes(std::string(12, 'a')));
  ASSERT_OK_AND_ASSIGN(format::Statistics st, StatsOf(WriteOne(s, {}, c)));
  EXPECT_EQ(st.null_count, 1);
  EXPECT_FALSE(st.min_value.has_value());
}

TEST(WriterStatisticsTest, SortOrders) {
  using stats::SortOrder;
  using stats::SortOrderFor;
  EXPECT_EQ(SortOrderFor(PhysicalType::kInt32, {}, ConvertedType::kNone), SortOrder::kSigned);
  EXPECT_EQ(SortOrderFor(PhysicalType::kInt32, {}, ConvertedType::kUint8), SortOrder::kUnsigned);
  EXPECT_EQ(SortOrderFor(PhysicalType::kInt64, LogicalType::Int(64, false), ConvertedType::kUint64),
            SortOrder::kUnsigned);
  EXPECT_EQ(SortOrderFor(PhysicalType::kByteArray, LogicalType::String(), ConvertedType::kUtf8),
            SortOrder::kUnsigned);
  EXPECT_EQ(SortOrderFor(PhysicalType::kFixedLenByteArray, LogicalType::Uuid(), ConvertedType::kNone),
            SortOrder::kUnsigned);
  EXPECT_EQ(SortOrderFor(PhysicalType::kFixedLenByteArray, LogicalType::Decimal(5, 2), ConvertedType::kDecimal),
            SortOrder::kSigned);
  EXPECT_EQ(SortOrderFor(PhysicalType::kFixedLenByteArray, LogicalType::Float16(), ConvertedType::kNone),
            SortOrder::kSigned);
  EXPECT_EQ(SortOrderFor(PhysicalType::kFixedLenByteArray, LogicalType::Interval(), ConvertedType::kInterval),
            SortOrder::kUnknown);
  EXPECT_EQ(SortOrderFor(PhysicalType::kInt96, {}, ConvertedType::kNone), SortOrder::kUnknown);
  EXPECT_LT(stats::CompareSignedBytes(std::string("\x80", 1), std::string("\x00\x01", 2)), 0);
  EXPECT_EQ(stats::CompareSignedBytes(std::string("\xff", 1), std::string("\xff\xff", 2)), 0);
}

TEST(WriterMetadataTest, SchemaAnnotationsOrdersAndKeyValues) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    required int32 d (DATE);
    required int64 ts (TIMESTAMP(MILLIS,true));
    optional binary s (STRING);
    required int32 dec (DECIMAL(9,2));
    required int32 i8 (INTEGER(8,true));
    required int32 u16 (INTEGER(16,false));
    required fixed_len_byte_array(16) id (UUID);
  })"));
  WriterOptions o;
  o.key_value_metadata = {{"origin", "test"}, {"k2", ""}};
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), s, o);
  ASSERT_OK(w);
  ASSERT_OK((*w)->Close());
  auto md = ReadMetadata(sink->bytes());
  ASSERT_OK(md);
  EXPECT_EQ(md->num_rows, 0);
  EXPECT_TRUE(md->row_groups.empty());
  EXPECT_EQ(*md->created_by, kCreatedBy);
  ASSERT_EQ(md->column_orders->size(), 7u);
  for (const auto& co : *md->column_orders) EXPECT_TRUE(co.TYPE_ORDER.has_value());
  ASSERT_EQ(md->key_value_metadata->size(), 2u);
  EXPECT_EQ((*md->key_value_metadata)[0].key, "origin");
  EXPECT_EQ(*(*md->key_value_metadata)[0].value, "test");
  ASSERT_EQ(md->schema.size(), 8u);
  auto ct = [&](int i) { return md->schema[static_cast<size_t>(i)].converted_type; };
  auto lt = [&](int i) { return md->schema[static_cast<size_t>(i)].logicalType; };
  EXPECT_EQ(ct(1), format::ConvertedType::DATE);
  EXPECT_TRUE(lt(1)->DATE.has_value());
  EXPECT_EQ(ct(2), format::ConvertedType::TIMESTAMP_MILLIS);
  EXPECT_TRUE(lt(2)->TIMESTAMP->isAdjustedToUTC);
  EXPECT_EQ(ct(3), format::ConvertedType::UTF8);
  EXPECT_TRUE(lt(3)->STRING.has_value());
  EXPECT_EQ(ct(4), format::ConvertedType::DECIMAL);
  EXPECT_EQ(md->schema[4].precision, 9);
  EXPECT_EQ(md->schema[4].scale, 2);
  EXPECT_EQ(lt(4)->DECIMAL->precision, 9);
  EXPECT_EQ(ct(5), format::ConvertedType::INT_8);
  EXPECT_EQ(ct(6), format::ConvertedType::UINT_16);
  EXPECT_FALSE(lt(6)->INTEGER->isSigned);
  EXPECT_FALSE(ct(7).has_value());  // UUID has no ConvertedType
  EXPECT_TRUE(lt(7)->UUID.has_value());
  EXPECT_EQ(md->schema[7].type_length, 16);
  // And the reader resolves the same schema.
  auto r = OpenBytes(sink->bytes());
  ASSERT_OK(r);
  EXPECT_TRUE((*r)->schema().Equals(s));
}

// Writes `n` int64 rows 0..n-1 (optional, every 10th null).
Result<std::string> WriteInts(const WriterOptions& o, int n) {
  PARQ_ASSIGN_OR_RETURN(Schema s, ParseMessageType("message m { optional int64 x; }"));
  ColumnData<int64_t> c;
  for (int i = 0; i < n; ++i) {
    c.def.push_back(i % 10 == 0 ? 0 : 1);
    if (i % 10) c.values.push_back(i);
  }
  return WriteOne(s, o, c);
}

TEST(WriterChecksumsTest, WrittenAndVerified) {
  for (bool v2 : {false, true}) {
    WriterOptions o;
    o.data_page_v2 = v2;
    o.column_defaults.compression = Compression::kSnappy;
    o.data_page_size = 1024;
    ASSERT_OK_AND_ASSIGN(std::string bytes, WriteInts(o, 5000));
    ReaderOptions ro;
    ro.verify_checksums = true;
    {
      auto r = OpenBytes(bytes, ro);
      ASSERT_OK(r);
      ReadBack got;
      EXPECT_OK(ReadColumn<int64_t>(**r, 0, 0, &got));
      EXPECT_EQ(got.def.size(), 5000u);
    }
    // Every page header carries a crc: flip one byte in the last data page's body.
    auto md = ReadMetadata(bytes);
    ASSERT_OK(md);
    const auto& cm = *md->row_groups[0].columns[0].meta_data;
    size_t end = static_cast<size_t>(cm.data_page_offset + cm.total_compressed_size -
                                     (cm.dictionary_page_offset ? cm.data_page_offset - *cm.dictionary_page_offset : 0));
    std::string bad = bytes;
    bad[end - 2] = static_cast<char>(bad[end - 2] ^ 0x40);
    auto r = OpenBytes(bad, ro);
    ASSERT_OK(r);
    ReadBack got;
    Status st = ReadColumn<int64_t>(**r, 0, 0, &got);
    EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "CRC") << "v2=" << v2;
  }
}

TEST(WriterDictionaryTest, FallbackWhenDictionaryGrowsPastLimit) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required binary x (STRING); }"));
  WriterOptions o;
  o.column_defaults.dictionary_page_size_limit = 2000;
  o.data_page_size = 1000;
  o.max_rows_per_page = 200;  // the first page: 7 distinct values, the dictionary pays
  ColumnData<ByteArray> c;
  for (int i = 0; i < 3000; ++i) c.values.push_back(c.Bytes("value-" + std::to_string(i < 200 ? i % 7 : i)));
  std::string bytes = WriteOne(s, o, c);
  auto md = ReadMetadata(bytes);
  ASSERT_OK(md);
  const auto& cm = *md->row_groups[0].columns[0].meta_data;
  ASSERT_TRUE(cm.dictionary_page_offset.has_value());
  std::map<std::pair<int, int>, int> seen;
  for (const auto& e : *cm.encoding_stats) seen[{int(e.page_type), int(e.encoding)}] = e.count;
  EXPECT_EQ((seen[{int(format::PageType::DICTIONARY_PAGE), int(format::Encoding::PLAIN)}]), 1);
  EXPECT_GE((seen[{int(format::PageType::DATA_PAGE), int(format::Encoding::RLE_DICTIONARY)}]), 1);
  EXPECT_GE((seen[{int(format::PageType::DATA_PAGE), int(format::Encoding::PLAIN)}]), 1);
  auto r = OpenBytes(bytes);
  ASSERT_OK(r);
  ReadBack got;
  ASSERT_OK(ReadColumn<ByteArray>(**r, 0, 0, &got));
  ASSERT_EQ(got.values.size(), 3000u);
  for (int i = 0; i < 3000; ++i) EXPECT_EQ(got.values[i], std::string(c.values[i].view()));

  // Fallback to a chosen encoding.
  o.column_defaults.encoding = Encoding::kDeltaLengthByteArray;
  bytes = WriteOne(s, o, c);
  md = ReadMetadata(bytes);
  bool delta = false;
  for (const auto& e : *md->row_groups[0].columns[0].meta_data->encoding_stats) {
    delta = delta || e.encoding == format::Encoding::DELTA_LENGTH_BYTE_ARRAY;
  }
  EXPECT_TRUE(delta);
}

// The first page decides: distinct values make no dictionary at all, few
// distinct values keep it (unless the check is off).
TEST(WriterDictionaryTest, FirstPageDecidesWhetherTheDictionaryPays) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required int64 x; }"));
  WriterOptions o;
  o.max_rows_per_page = 1000;
  // The (page type, encoding) pairs written for `c`, and whether a dictionary page is.
  using Seen = std::set<std::pair<int, int>>;
  auto encodings = [&](const ColumnData<int64_t>& c, Seen* seen, bool* dictionary_page) {
    std::string bytes = WriteOne(s, o, c);
    auto md = ReadMetadata(bytes);
    ASSERT_OK(md);
    const auto& cm = *md->row_groups[0].columns[0].meta_data;
    for (const auto& e : *cm.encoding_stats) seen->insert({int(e.page_type), int(e.encoding)});
    auto r = OpenBytes(bytes);
    ASSERT_OK(r);
    ReadBack got;
    EXPECT_OK(ReadColumn<int64_t>(**r, 0, 0, &got));
    EXPECT_EQ(got.values.size(), c.values.size());
    for (size_t i = 0; i < got.values.size() && i < c.values.size(); ++i) {
      EXPECT_EQ(got.values[i], B(c.values[i])) << i;
    }
    *dictionary_page = cm.dictionary_page_offset.has_value();
  };
  const std::pair<int, int> plain = {int(format::PageType::DATA_PAGE), int(format::Encoding::PLAIN)};
  const std::pair<int, int> dict = {int(format::PageType::DATA_PAGE), int(format::Encoding::RLE_DICTIONARY)};
  const std::pair<int, int> dict_page = {int(format::PageType::DICTIONARY_PAGE), int(format::Encoding::PLAIN)};

  ColumnData<int64_t> distinct, repeated;
  for (int64_t i = 0; i < 5000; ++i) {
    distinct.values.push_back(i * 1'000'003);
    repeated.values.push_back(i % 50);
  }
  Seen d_seen, r_seen;
  bool d_offset = false, r_offset = false;
  ASSERT_NO_FATAL_FAILURE(encodings(distinct, &d_seen, &d_offset));
  EXPECT_EQ(d_seen, (Seen{plain}));
  EXPECT_FALSE(d_offset);
  ASSERT_NO_FATAL_FAILURE(encodings(repeated, &r_seen, &r_offset));
  EXPECT_EQ(r_seen, (Seen{dict, dict_page}));
  EXPECT_TRUE(r_offset);

  o.column_defaults.dictionary_only_if_smaller = false;
  Seen f_seen;
  bool f_offset = false;
  ASSERT_NO_FATAL_FAILURE(encodings(distinct, &f_seen, &f_offset));
  EXPECT_EQ(f_seen, (Seen{dict, dict_page}));
  EXPECT_TRUE(f_offset);

  // All-null first pages do not decide; the first page with values does.
  ASSERT_OK_AND_ASSIGN(Schema so, ParseMessageType("message m { optional int64 x; }"));
  ColumnData<int64_t> late;
  for (int i = 0; i < 3000; ++i) late.def.push_back(i < 1500 ? 0 : 1);
  for (int64_t i = 0; i < 1500; ++i) late.values.push_back(i % 3);
  std::string bytes = WriteOne(so, o = WriterOptions{}, late);
  auto md = ReadMetadata(bytes);
  ASSERT_OK(md);
  EXPECT_TRUE(md->row_groups[0].columns[0].meta_data->dictionary_page_offset.has_value());
}

TEST(WriterDictionaryTest, NoDictionaryMeansNoOffset) {
  WriterOptions o;
  o.column_defaults.dictionary = false;
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteInts(o, 100));
  auto md = ReadMetadata(bytes);
  ASSERT_OK(md);
  const auto& cm = *md->row_groups[0].columns[0].meta_data;
  EXPECT_FALSE(cm.dictionary_page_offset.has_value());
  EXPECT_EQ(cm.data_page_offset, 4);
}

TEST(WriterErrorsTest, Lz4IsRefusedWithAClearMessage) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required int32 x; }"));
  WriterOptions o;
  o.column_defaults.compression = Compression::kLz4;
  auto w = FileWriter::Open(std::make_unique<MemoryOutputStream>(), s, o);
  ASSERT_STATUS_HAS(w, StatusCode::kInvalidArgument, "LZ4_RAW");
}

TEST(WriterErrorsTest, UnknownColumnOverrideAndBadEncoding) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required int32 x; }"));
  WriterOptions o;
  o.columns["y"] = {};
  EXPECT_STATUS(FileWriter::Open(std::make_unique<MemoryOutputStream>(), s, o), StatusCode::kInvalidArgument);
  WriterOptions e;
  e.column_defaults.encoding = Encoding::kDeltaByteArray;  // not for INT32
  EXPECT_NOT_OK(FileWriter::Open(std::make_unique<MemoryOutputStream>(), s, e));
  e.column_defaults.encoding = Encoding::kRleDictionary;
  EXPECT_STATUS(FileWriter::Open(std::make_unique<MemoryOutputStream>(), s, e), StatusCode::kInvalidArgument);
}

TEST(WriterErrorsTest, StickyStatusAfterBadLevels) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { optional int32 x; required int32 y; }"));
  auto w = FileWriter::Open(std::make_unique<MemoryOutputStream>(), s);
  ASSERT_OK(w);
  auto x = (*w)->typed_column<int32_t>(0);
  ASSERT_OK(x);
  int16_t def[2] = {1, 2};
  int32_t vals[2] = {1, 2};
  Status st = (*x)->WriteBatch(2, def, nullptr, vals);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "definition level 2");
  // Every later call returns the same error.
  auto y = (*w)->typed_column<int32_t>(1);
  EXPECT_NOT_OK(y);
  EXPECT_EQ((*x)->WriteBatch(1, def, nullptr, vals).ToString(), st.ToString());
  EXPECT_EQ((*w)->Close().ToString(), st.ToString());
  EXPECT_EQ((*w)->status().ToString(), st.ToString());
}

TEST(WriterErrorsTest, MismatchedRowCountsAndWrongType) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required int32 x; required int32 y; }"));
  auto w = FileWriter::Open(std::make_unique<MemoryOutputStream>(), s);
  ASSERT_OK(w);
  int32_t vals[3] = {1, 2, 3};
  ASSERT_OK((*(*w)->typed_column<int32_t>(0))->WriteBatch(3, nullptr, nullptr, vals));
  ASSERT_OK((*(*w)->typed_column<int32_t>(1))->WriteBatch(2, nullptr, nullptr, vals));
  Status st = (*w)->EndRowGroup();
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "holds 2 rows");

  auto w2 = FileWriter::Open(std::make_unique<MemoryOutputStream>(), s);
  EXPECT_NOT_OK((*w2)->typed_column<int64_t>(0));
}

TEST(WriterErrorsTest, FirstRepetitionLevelMustBeZero) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { repeated int32 x; }"));
  auto w = FileWriter::Open(std::make_unique<MemoryOutputStream>(), s);
  ASSERT_OK(w);
  int16_t def[2] = {1, 1}, rep[2] = {1, 0};
  int32_t vals[2] = {1, 2};
  Status st = (*(*w)->typed_column<int32_t>(0))->WriteBatch(2, def, rep, vals);
  EXPECT_NE(st.ToString().find("first repetition level"), std::string::npos) << st.ToString();
}

TEST(WriterRowGroupsTest, MaybeEndRowGroupCutsByRows) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required int64 x; }"));
  WriterOptions o;
  o.max_rows_per_row_group = 1000;
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), s, o);
  ASSERT_OK(w);
  std::vector<int64_t> v(250);
  for (int b = 0; b < 10; ++b) {
    for (int i = 0; i < 250; ++i) v[i] = b * 250 + i;
    ASSERT_OK((*(*w)->typed_column<int64_t>(0))->WriteBatch(250, nullptr, nullptr, v.data()));
    ASSERT_OK((*w)->MaybeEndRowGroup());
  }
  ASSERT_OK((*w)->Close());
  EXPECT_EQ((*w)->num_row_groups(), 3);  // 1000 + 1000 + 500
  auto md = ReadMetadata(sink->bytes());
  ASSERT_OK(md);
  ASSERT_EQ(md->row_groups.size(), 3u);
  EXPECT_EQ(md->row_groups[2].num_rows, 500);
  EXPECT_EQ(*md->row_groups[1].ordinal, 1);
}

TEST(WriterFilesTest, AtomicRenameOnlyOnSuccessfulClose) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required int32 x; }"));
  std::string path = std::string(PARQ_BIN_DIR) + "/writer_atomic_test.parquet";
  std::remove(path.c_str());
  {
    auto w = FileWriter::Open(path, s);
    ASSERT_OK(w);
    int32_t v[2] = {1, 2};
    ASSERT_OK((*(*w)->typed_column<int32_t>(0))->WriteBatch(2, nullptr, nullptr, v));
    // Dropped without Close: nothing under the real name.
  }
  EXPECT_NOT_OK(FileReader::Open(path));
  auto w = FileWriter::Open(path, s);
  int32_t v[2] = {1, 2};
  ASSERT_OK((*(*w)->typed_column<int32_t>(0))->WriteBatch(2, nullptr, nullptr, v));
  ASSERT_OK((*w)->Close());
  auto r = FileReader::Open(path);
  ASSERT_OK(r);
  EXPECT_EQ((*r)->metadata().num_rows(), 2);
  std::remove(path.c_str());
}

}  // namespace
}  // namespace parq::writer_test

namespace parq::writer_test {
namespace {

TEST(WriterEdgesTest, AllNullDictionaryColumnRoundTrips) {
  for (bool v2 : {false, true}) {
    ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { optional binary x (STRING); }"));
    WriterOptions o;
    o.data_page_v2 = v2;
    ColumnData<ByteArray> c;
    c.def.assign(100, 0);
    std::string bytes = WriteOne(s, o, c);
    auto r = OpenBytes(bytes);
    ASSERT_OK(r);
    ReadBack got;
    ASSERT_OK(ReadColumn<ByteArray>(**r, 0, 0, &got));
    EXPECT_EQ(got.def, c.def);
    EXPECT_TRUE(got.values.empty());
    ASSERT_OK_AND_ASSIGN(format::Statistics stats, StatsOf(bytes));
    EXPECT_EQ(stats.null_count, 100);
    EXPECT_FALSE(stats.min_value.has_value());
    SaveWriterSample(std::string("all_null_") + (v2 ? "v2" : "v1"), bytes);
  }
}

}  // namespace
}  // namespace parq::writer_test
