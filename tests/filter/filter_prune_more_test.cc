// Row-group pruning by dictionaries and Bloom filters (record/row_group_pruner.h,
// record/filter_bloom.h): which chunks count as fully dictionary-encoded,
// pruning by dictionary (three-valued logic across leaves, a chunk that fell
// back to PLAIN is never pruned, the dictionary is not read twice), pruning
// by Bloom filter for a literal of every physical type (hashed as writers
// hash the column's values; +0 / -0, literals no value can equal), hash
// agreement with Bloom filters parquet-mr wrote, and no pruning when a Bloom
// filter cannot be read.  Every read is checked against the unfiltered read
// filtered row by row.
#include <gtest/gtest.h>

#include <array>
#include <atomic>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>
#include <vector>

#include "index/bloom_filter_reader.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "record/filter_bloom.h"
#include "record/row_group_pruner.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using Outcome = RowGroupPruning::Outcome;

// Reads with `filter` and checks the rows against the unfiltered read
// filtered row by row; returns what pruned the row groups.
RowGroupPruning ReadChecked(const FileReader& file, const Filter& filter, size_t want_rows,
                            RowSource source = {}) {
  SCOPED_TRACE(filter.ToString());
  if (source.schema == nullptr) source = RowSource::FromFile(file);
  auto bound = BoundFilter::Bind(filter, file.schema());
  EXPECT_OK(bound.status());
  std::vector<Value> expected;
  {
    auto all = RowReader::Open(file);
    EXPECT_OK(all.status());
    Value row;
    while (all.ok()) {
      auto more = (*all)->Next(&row);
      EXPECT_OK(more.status());
      if (!more.ok() || !*more) break;
      if (bound.ok() && bound->Matches(row)) expected.push_back(row);
    }
  }
  RowReaderOptions o;
  o.filter = filter;
  auto rows = RowReader::Open(std::move(source), o);
  EXPECT_OK(rows.status());
  if (!rows.ok()) return {};
  std::vector<Value> got;
  Value row;
  while (true) {
    auto more = (*rows)->Next(&row);
    EXPECT_OK(more.status());
    if (!more.ok() || !*more) break;
    got.push_back(row);
  }
  EXPECT_EQ(got, expected);
  EXPECT_EQ(got.size(), want_rows);
  const RowGroupPruning& p = (*rows)->pruning();
  EXPECT_EQ(p.by_statistics + p.by_dictionary + p.by_bloom_filter, (*rows)->row_groups_pruned());
  return p;
}

TEST(FullyDictionaryEncodedTest, EncodingStatsThenConclusiveEncodingLists) {
  using filter_internal::FullyDictionaryEncoded;
  const PageEncodingStats dict_page{PageType::kDictionaryPage, Encoding::kPlain, 1};
  const PageEncodingStats rle_dict{PageType::kDataPage, Encoding::kRleDictionary, 3};
  const PageEncodingStats plain_dict_v2{PageType::kDataPageV2, Encoding::kPlainDictionary, 1};
  const PageEncodingStats plain{PageType::kDataPage, Encoding::kPlain, 1};
  EXPECT_TRUE(FullyDictionaryEncoded({{}, {dict_page, rle_dict, plain_dict_v2}}));
  EXPECT_FALSE(FullyDictionaryEncoded({{}, {dict_page, rle_dict, plain}}));  // fell back
  EXPECT_FALSE(FullyDictionaryEncoded({{}, {dict_page}}));                   // no data page
  EXPECT_TRUE(FullyDictionaryEncoded({{}, {dict_page, rle_dict, {PageType::kDataPage, Encoding::kPlain, 0}}}));
  // encoding_stats win over the list.
  EXPECT_FALSE(FullyDictionaryEncoded({{Encoding::kPlainDictionary}, {dict_page, plain}}));
  // Lists: PLAIN_DICTIONARY with only level encodings is conclusive (format 1.0).
  EXPECT_TRUE(FullyDictionaryEncoded({{Encoding::kPlainDictionary, Encoding::kRle, Encoding::kBitPacked}, {}}));
  EXPECT_FALSE(FullyDictionaryEncoded({{Encoding::kPlainDictionary, Encoding::kPlain, Encoding::kRle}, {}}));
  // RLE_DICTIONARY never says whether a page fell back; PLAIN may be the
  // dictionary page's (2.0) or a fallback page's.
  EXPECT_FALSE(FullyDictionaryEncoded({{Encoding::kRleDictionary, Encoding::kRle}, {}}));
  EXPECT_FALSE(FullyDictionaryEncoded({{Encoding::kPlain, Encoding::kRleDictionary, Encoding::kRle}, {}}));
  EXPECT_FALSE(FullyDictionaryEncoded({{Encoding::kRle, Encoding::kBitPacked}, {}}));
  EXPECT_FALSE(FullyDictionaryEncoded({{}, {}}));
}

// A RandomAccessFile counting the bytes read through it.
class CountingFile : public RandomAccessFile {
 public:
  explicit CountingFile(std::unique_ptr<RandomAccessFile> base) : base_(std::move(base)) {}
  uint64_t size() const override { return base_->size(); }
  const std::string& name() const override { return base_->name(); }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    bytes_ += length;
    return base_->ReadAt(offset, length, out);
  }
  uint64_t bytes() const { return bytes_; }

 private:
  std::unique_ptr<RandomAccessFile> base_;
  mutable std::atomic<uint64_t> bytes_{0};
};

class DictionaryPruningTest : public ::testing::Test {
 protected:
  // Four row groups of a dictionary-encoded string column: "a", "z" and
  // "m<g>" each (so statistics bound every group by a..z), a null in group 1;
  // Bloom filters too, never read where the dictionary was.
  void SetUp() override {
    path_ = ::testing::TempDir() + "/dictionary_pruning.parquet";
    ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int32 k; optional binary s (STRING); }"));
    WriterOptions wo;
    wo.max_rows_per_row_group = 4;
    wo.column_defaults.dictionary_only_if_smaller = false;
    wo.column_defaults.bloom_filter = true;
    wo.column_defaults.bloom_filter_ndv = 100;
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path_, schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    int k = 0;
    for (int g = 0; g < 4; ++g) {
      for (const std::string& s : std::vector<std::string>{"a", "z", "m" + std::to_string(g), "null"}) {
        Value row = Value::Struct();
        row.AddField("k", Value::Int32(k++));
        row.AddField("s", s == "null" ? (g == 1 ? Value::Null() : Value::Bytes(std::string("a"))) : Value::Bytes(s));
        ASSERT_OK(rw->Write(row));
      }
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  void TearDown() override { std::filesystem::remove(path_); }
  std::string path_;
};

TEST_F(DictionaryPruningTest, PrunesWhatNoDictionaryValueCanMatch) {
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path_));
  for (int g = 0; g < 4; ++g) {
    ASSERT_TRUE(filter_internal::FullyDictionaryEncoded(
        {file->metadata().row_group(g).column(1).encodings(), file->metadata().row_group(g).column(1).encoding_stats()}));
  }
  auto parse = [&](const char* text) {
    auto f = ParseFilter(text, file->schema());
    EXPECT_OK(f.status());
    return f.ok() ? *f : Filter::IsNull("k");
  };
  RowGroupPruning p = ReadChecked(*file, parse("s = 'm2'"), 1);
  EXPECT_EQ(p.by_statistics, 0);
  EXPECT_EQ(p.by_dictionary, 3);
  EXPECT_EQ(p.dictionaries_read, 4);
  EXPECT_EQ(p.bloom_filters_read, 0);
  EXPECT_EQ(p.row_groups, (std::vector<Outcome>{Outcome::kDictionary, Outcome::kDictionary, Outcome::kRead,
                                                Outcome::kDictionary}));
  // A null can make IS NULL true: group 1 (its null) is read.
  p = ReadChecked(*file, parse("s = 'm2' OR s IS NULL"), 2);
  EXPECT_EQ(p.by_dictionary, 2);
  // NOT IN: true only where some value is outside the list.
  p = ReadChecked(*file, parse("NOT (s IN ('a', 'z', 'm0', 'm1', 'm2'))"), 1);
  EXPECT_EQ(p.by_dictionary, 3);
  p = ReadChecked(*file, parse("s BETWEEN 'm1x' AND 'm2x'"), 1);
  EXPECT_EQ(p.by_dictionary, 3);
  // Across leaves: k's statistics cannot prune, s's dictionary can.
  p = ReadChecked(*file, parse("k >= 0 AND s = 'm3'"), 1);
  EXPECT_EQ(p.by_dictionary, 3);
  p = ReadChecked(*file, parse("k = 0 OR s = 'm3'"), 2);
  EXPECT_EQ(p.by_statistics + p.by_dictionary, 2);
  // Statistics first: no dictionary is read for what they prune.
  p = ReadChecked(*file, parse("s > 'zz'"), 0);
  EXPECT_EQ(p.by_statistics, 4);
  EXPECT_EQ(p.dictionaries_read, 0);
  // Nothing to prune.
  p = ReadChecked(*file, parse("s != 'q'"), 15);
  EXPECT_EQ(p.by_dictionary, 0);
  EXPECT_EQ(p.row_groups, std::vector<Outcome>(4, Outcome::kRead));
}

TEST_F(DictionaryPruningTest, ADictionaryReadForAGroupThenReadIsNotReadAgain) {
  auto count = [&](const std::optional<Filter>& filter) -> Result<uint64_t> {
    PARQ_ASSIGN_OR_RETURN(auto base, OpenFile(path_));
    auto counting = std::make_shared<CountingFile>(std::move(base));
    PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(counting));
    const uint64_t footer = counting->bytes();
    RowReaderOptions o;
    o.columns = {"s"};
    o.filter = filter;
    // Row groups only: page pruning would read the filter column's page
    // index too, which is not what this test counts.
    o.pruning = RowReaderOptions::Pruning::kRowGroups;
    PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(*file, o));
    Value row;
    while (true) {
      PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
      if (!more) break;
    }
    if (filter) {
      EXPECT_EQ(rows->pruning().dictionaries_read, 4);
    }
    return counting->bytes() - footer;
  };
  ASSERT_OK_AND_ASSIGN(uint64_t plain, count(std::nullopt));
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int32 k; optional binary s (STRING); }"));
  ASSERT_OK_AND_ASSIGN(Filter f, ParseFilter("s != 'q'", schema));
  ASSERT_OK_AND_ASSIGN(uint64_t filtered, count(f));
  EXPECT_GT(plain, 0u);
  EXPECT_EQ(filtered, plain);
}

TEST(DictionaryFallbackTest, AChunkThatFellBackToPlainIsNotPruned) {
  const std::string path = ::testing::TempDir() + "/dictionary_fallback.parquet";
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required binary s (STRING); }"));
  WriterOptions wo;
  wo.column_defaults.dictionary_only_if_smaller = false;
  wo.column_defaults.dictionary_page_size_limit = 64;  // falls back after a few values
  wo.column_defaults.statistics = false;               // only the dictionary could prune
  wo.max_rows_per_page = 4;
  {
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path, schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    for (int i = 0; i < 200; ++i) {
      Value row = Value::Struct();
      row.AddField("s", Value::Bytes("value-" + std::to_string(i)));
      ASSERT_OK(rw->Write(row));
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  const ColumnChunkMetaData chunk = file->metadata().row_group(0).column(0);
  bool dictionary_pages = false, plain_pages = false;
  for (const PageEncodingStats& s : chunk.encoding_stats()) {
    if (s.page_type == PageType::kDictionaryPage) continue;
    (s.encoding == Encoding::kPlain ? plain_pages : dictionary_pages) = true;
  }
  ASSERT_TRUE(dictionary_pages && plain_pages) << "the chunk did not fall back";
  EXPECT_FALSE(filter_internal::FullyDictionaryEncoded({chunk.encodings(), chunk.encoding_stats()}));
  ASSERT_OK_AND_ASSIGN(Filter f, ParseFilter("s = 'value-199'", file->schema()));
  RowGroupPruning p = ReadChecked(*file, f, 1);
  EXPECT_EQ(p.dictionaries_read, 0);
  EXPECT_EQ(p.row_groups, std::vector<Outcome>{Outcome::kRead});
  // The same chunk with its encoding stats dropped and PLAIN left out of its
  // list would look fully encoded; the reader meets the PLAIN page only
  // later, so a source that lies is beyond this check — but one that says
  // RLE_DICTIONARY alone is inconclusive and never pruned.
  RowSource src = RowSource::FromFile(*file);
  src.chunk_encodings = [](int, int) { return ChunkEncodings{{Encoding::kRleDictionary, Encoding::kRle}, {}}; };
  p = ReadChecked(*file, f, 1, src);
  EXPECT_EQ(p.dictionaries_read, 0);
  std::filesystem::remove(path);
}

// One Bloom-filtered column per physical type (and the logical types whose
// literals are converted), four row groups of a min, a max and one value of
// the group's own: statistics cannot prune `= own value`, Bloom filters can.
class BloomPruningTest : public ::testing::Test {
 protected:
  static constexpr int kGroups = 4;
  void SetUp() override {
    path_ = ::testing::TempDir() + "/bloom_pruning.parquet";
    ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
      required int32 i32; required int64 i64; required int32 u32 (INTEGER(32,false));
      required int64 u64 (INTEGER(64,false)); required float f; required double d;
      required binary s (STRING); required fixed_len_byte_array(3) fl;
      required fixed_len_byte_array(16) uuid (UUID); required int32 dec9 (DECIMAL(9,2));
      required fixed_len_byte_array(5) decf (DECIMAL(10,3)); required fixed_len_byte_array(2) h (FLOAT16);
      required int32 dt (DATE); required int64 ts (TIMESTAMP(MICROS,true)); required int96 t96;
      required boolean b; })"));
    WriterOptions wo;
    wo.max_rows_per_row_group = 3;
    wo.column_defaults.dictionary = false;
    wo.column_defaults.bloom_filter = true;
    wo.column_defaults.bloom_filter_ndv = 1000;
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path_, schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    for (int g = 0; g < kGroups; ++g) {
      for (int which : {0, 1, 2}) ASSERT_OK(rw->Write(Row(which == 2 ? g : -which - 1)));
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  void TearDown() override { std::filesystem::remove(path_); }

  static std::string Be(int64_t v, size_t width) {
    std::string b(width, '\0');
    for (size_t i = 0; i < width; ++i) b[width - 1 - i] = static_cast<char>((v >> (8 * i)) & 0xFF);
    return b;
  }
  static Int96 MakeInt96(int64_t nanos_of_day, uint32_t julian) {
    Int96 x;
    std::memcpy(x.value, &nanos_of_day, 8);
    x.value[2] = julian;
    return x;
  }
  // v >= 0: the value of group v; -1: the minimum; -2: the maximum.
  static Value Row(int v) {
    const bool lo = v == -1, hi = v == -2;
    auto pick = [&](auto min, auto max, auto own) { return lo ? min : hi ? max : own; };
    Value row = Value::Struct();
    row.AddField("i32", Value::Int32(pick(-1000, 1000, 10 + v)));
    row.AddField("i64", Value::Int64(pick(int64_t{-1000}, int64_t{1} << 40, int64_t{1} << (33 + v))));
    row.AddField("u32", Value::Int32(static_cast<int32_t>(pick(0u, 4294967295u, 3000000000u + static_cast<uint32_t>(v)))));
    row.AddField("u64", Value::Int64(static_cast<int64_t>(pick(uint64_t{0}, ~uint64_t{0}, (uint64_t{1} << 63) + static_cast<uint64_t>(v)))));
    row.AddField("f", Value::Float(pick(-100.0f, 100.0f, 1.5f + static_cast<float>(v))));
    // Group 3's own double is -0.0: "d = 0" must find it.
    row.AddField("d", Value::Double(pick(-100.0, 100.0, v == 3 ? -0.0 : 0.25 + v)));
    row.AddField("s", Value::Bytes(pick(std::string("a"), std::string("z"), "m" + std::to_string(v))));
    row.AddField("fl", Value::Bytes(pick(std::string("aaa"), std::string("zzz"), "m" + std::to_string(v) + "x")));
    row.AddField("uuid", Value::Bytes(pick(std::string(16, '\0'), std::string(16, '\xff'), std::string(15, '\x01') + static_cast<char>(v))));
    row.AddField("dec9", Value::Int32(pick(-100000, 100000, 1050 + 100 * v)));
    row.AddField("decf", Value::Bytes(Be(pick(int64_t{-100000}, int64_t{100000}, int64_t{2001} + v), 5)));
    const std::array<uint8_t, 2> h = Float16::FromDouble(pick(-8.0, 8.0, 1.5 + v)).ToBytes();
    row.AddField("h", Value::Bytes(std::string(reinterpret_cast<const char*>(h.data()), 2)));
    row.AddField("dt", Value::Int32(pick(0, 20000, 9000 + v)));
    row.AddField("ts", Value::Int64(pick(int64_t{0}, int64_t{1} << 52, int64_t{1600000000000000} + v)));
    row.AddField("t96", Value::MakeInt96(pick(MakeInt96(0, 2440000), MakeInt96(0, 2460000),
                                              MakeInt96(1000 + v, 2440588 + static_cast<uint32_t>(v)))));
    row.AddField("b", Value::Bool(hi));
    return row;
  }
  // A literal equal to group g's own value of `column`.
  static Literal Own(const std::string& c, int g) {
    if (c == "i32") return Literal::Int(10 + g);
    if (c == "i64") return Literal::Int(int64_t{1} << (33 + g));
    if (c == "u32") return Literal::UInt(3000000000u + static_cast<uint32_t>(g));
    if (c == "u64") return Literal::UInt((uint64_t{1} << 63) + static_cast<uint64_t>(g));
    if (c == "f") return Literal::Double(1.5 + g);
    if (c == "d") return g == 3 ? Literal::Int(0) : Literal::Double(0.25 + g);  // 0 finds group 3's -0.0
    if (c == "s") return Literal::String("m" + std::to_string(g));
    if (c == "fl") return Literal::Binary("m" + std::to_string(g) + "x");
    if (c == "uuid") {
      std::array<uint8_t, 16> b{};
      b.fill(1);
      b[15] = static_cast<uint8_t>(g);
      return Literal::Of(Uuid(b));
    }
    if (c == "dec9") return Literal::Of(*Decimal::Make(105 + 10 * g, 9, 1));  // 10.5: another scale
    if (c == "decf") return Literal::Of(*Decimal::Make(2001 + g, 10, 3));
    if (c == "h") return Literal::Of(Float16::FromDouble(1.5 + g));
    if (c == "dt") return Literal::Of(Date(9000 + g));
    if (c == "ts") return Literal::Of(Timestamp(int64_t{1600000000000000000} + int64_t{1000} * g, TimeUnit::kNanos, true));
    if (c == "t96") return Literal::Of(Timestamp(int64_t{86400} * 1000000000 * g + 1000 + g, TimeUnit::kNanos, false));
    return Literal::Bool(true);
  }
  std::string path_;
};

TEST_F(BloomPruningTest, EqualsPrunesOtherGroupsForEveryPhysicalType) {
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path_));
  for (const char* c : {"i32", "i64", "u32", "u64", "f", "d", "s", "fl", "uuid", "dec9", "decf", "h", "dt", "ts", "t96"}) {
    for (int g = 0; g < kGroups; ++g) {
      SCOPED_TRACE(std::string(c) + " of group " + std::to_string(g));
      const RowGroupPruning p = ReadChecked(*file, Filter::Eq(c, Own(c, g)), 1);
      EXPECT_EQ(p.by_statistics, 0);
      EXPECT_EQ(p.by_bloom_filter, kGroups - 1);
      EXPECT_EQ(p.row_groups[static_cast<size_t>(g)], Outcome::kRead);
    }
  }
}

TEST_F(BloomPruningTest, InNotZeroAndLiteralsNoValueEquals) {
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path_));
  auto parse = [&](const char* text) {
    auto f = ParseFilter(text, file->schema());
    EXPECT_OK(f.status());
    return f.ok() ? *f : Filter::IsNull("i32");
  };
  RowGroupPruning p = ReadChecked(*file, parse("i32 IN (11, 13, 500)"), 2);
  EXPECT_EQ(p.by_bloom_filter, 2);
  // NOT = is never pruned by a Bloom filter.
  p = ReadChecked(*file, parse("NOT (i32 = 11)"), 3 * kGroups - 1);
  EXPECT_EQ(p.by_bloom_filter, 0);
  // 0 finds -0.0 (group 3), and -0.0 finds it too.
  p = ReadChecked(*file, parse("d = 0"), 1);
  EXPECT_EQ(p.row_groups[3], Outcome::kRead);
  p = ReadChecked(*file, parse("d = -0.0"), 1);
  EXPECT_EQ(p.row_groups[3], Outcome::kRead);
  // Values no column value can equal: finer than the scale, wider than the
  // type, not a float, too long for the FLBA.
  for (const char* text : {"i32 = 10.5", "dec9 = 10.501", "decf = 2.0015", "f = 1.1", "fl = 'm0xx'"}) {
    p = ReadChecked(*file, parse(text), 0);
    EXPECT_EQ(p.by_bloom_filter, kGroups) << text;
  }
  // Booleans have no Bloom filter.
  p = ReadChecked(*file, parse("b = false"), 3 * kGroups - kGroups);
  EXPECT_EQ(p.bloom_filters_read, 0);
  // With a different unit: the microsecond value in nanoseconds, and in millis
  // (not exact: no value).
  p = ReadChecked(*file, Filter::Eq("ts", Literal::Of(Timestamp(1600000000000000, TimeUnit::kMicros, true))), 1);
  EXPECT_EQ(p.by_bloom_filter, kGroups - 1);
}

TEST_F(BloomPruningTest, AnUnreadableBloomFilterPrunesNothing) {
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path_));
  RowSource src = RowSource::FromFile(*file);
  src.bloom_filter = [](int, int) -> Result<std::optional<BloomFilter>> { return Status::Corrupt("bad header"); };
  RowGroupPruning p = ReadChecked(*file, Filter::Eq("i32", Literal::Int(11)), 1, src);
  EXPECT_EQ(p.by_bloom_filter, 0);
  EXPECT_EQ(p.row_groups, std::vector<Outcome>(kGroups, Outcome::kRead));
  src.bloom_filter = [](int, int) -> Result<std::optional<BloomFilter>> { return std::optional<BloomFilter>(); };
  p = ReadChecked(*file, Filter::Eq("i32", Literal::Int(11)), 1, src);
  EXPECT_EQ(p.by_bloom_filter, 0);
}

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

TEST(BloomHashesTest, AgreeWithParquetMrFilters) {
  // Written by parquet-mr: every value of the column is found, absent values
  // within the statistics' bounds are pruned.
  const std::string path = kData + "data_index_bloom_encoding_stats.parquet";
  if (!std::filesystem::exists(path)) GTEST_SKIP() << "no corpus";
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  std::vector<std::string> values;
  {
    ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*file));
    Value row;
    while (true) {
      ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
      if (!more) break;
      if (!row[0].is_null()) values.emplace_back(row[0].bytes());
    }
  }
  ASSERT_FALSE(values.empty());
  for (const std::string& v : values) ReadChecked(*file, Filter::Eq("String", Literal::String(v)), static_cast<size_t>(std::count(values.begin(), values.end(), v)));
  int pruned = 0;
  for (const char* absent : {"Hellp", "Iceland", "mango", "parquet-absent", "sun", "tobacco"}) {
    pruned += static_cast<int>(ReadChecked(*file, Filter::Eq("String", Literal::String(absent)), 0).by_bloom_filter);
  }
  EXPECT_GE(pruned, 5);  // a false positive is allowed, not more

  // parquet-testing's bloom_filter.xxhash.bin holds four BYTE_ARRAY values.
  std::ifstream in(kData + "bloom_filter.xxhash.bin", std::ios::binary);
  const std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  ASSERT_FALSE(bytes.empty());
  ASSERT_OK_AND_ASSIGN(BloomFilter bloom, index::DecodeBloomFilter(reinterpret_cast<const uint8_t*>(bytes.data()),
                                                                  bytes.size(), false, ReaderOptions{}));
  filter_internal::LeafType t;
  t.domain = filter_internal::Domain::kBytes;
  t.physical = PhysicalType::kByteArray;
  for (const char* v : {"hello", "parquet", "bloom", "filter"}) {
    filter_internal::Key k;
    k.s = v;
    EXPECT_FALSE(filter_internal::BloomExcludes(bloom, t, k)) << v;
  }
  int excluded = 0;
  for (int i = 0; i < 100; ++i) {
    filter_internal::Key k;
    k.s = "absent-" + std::to_string(i);
    excluded += filter_internal::BloomExcludes(bloom, t, k);
  }
  EXPECT_GE(excluded, 90);
}

}  // namespace
}  // namespace parq
