// Files that read wrong rows without a word before the checks of
// docs/validation.md: each is refused with a message naming what is wrong and
// where (column, row group, page, file offset), or, where other readers take
// the file as it is, read with a warning.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <string>
#include <vector>

#include "hostile/hostile_file_util.h"
#include "hostile/read_all_util.h"
#include "parq/file_reader.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq::hostile {
namespace {

// The bytes BuildFile writes for one page: its header, then its body.
std::string PageBytes(const RawPage& p) {
  thrift::CompactWriter w;
  format::Write(w, p.header);
  return w.Take() + p.body;
}

Status OpenAndReadAll(const std::string& bytes) {
  std::shared_ptr<RandomAccessFile> file(OpenMemory(bytes));
  PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(file));
  return ReadEverything(*reader, 1024);
}

// kCorrupt, with every one of `needles` in the message or its context.
void ExpectCorrupt(const Status& st, const std::vector<std::string>& needles) {
  EXPECT_STATUS(st, StatusCode::kCorrupt);
  for (const std::string& n : needles) {
    EXPECT_NE(st.ToString().find(n), std::string::npos) << "no '" << n << "' in " << st.ToString();
  }
}

std::string Int32s(std::initializer_list<uint32_t> v) {
  std::string s;
  for (uint32_t x : v) s += U32Le(x);
  return s;
}

ColumnSpec Spec(int64_t values, format::Type type = format::Type::INT32,
                format::FieldRepetitionType rep = format::FieldRepetitionType::REQUIRED) {
  ColumnSpec spec;
  spec.type = type;
  spec.repetition = rep;
  spec.num_values = values;
  spec.num_rows = values;
  return spec;
}

// --- Dictionary pages ---

// Indices 0 and 1 at bit width 1 (an RLE/bit-packed hybrid bit-packed run).
const std::string kIndices01 = std::string(1, '\x01') + Uleb((1 << 1) | 1) + std::string(1, '\x02');

TEST(ReadChecksTest, SecondDictionaryPageIsRefused) {
  const RawPage dict1{DictionaryPage(2, 8), Int32s({10, 20})};
  const RawPage dict2{DictionaryPage(2, 8), Int32s({30, 40})};
  const RawPage data{DataPageV1(2, format::Encoding::RLE_DICTIONARY, kIndices01.size()), kIndices01};
  // With one dictionary the file reads 10, 20.
  EXPECT_OK(OpenAndReadAll(BuildFile(Spec(2), {dict1, data})));
  const uint64_t second_at = 4 + PageBytes(dict1).size();
  ExpectCorrupt(OpenAndReadAll(BuildFile(Spec(2), {dict1, dict2, data})),
                {"second dictionary page in the column chunk (the first at file offset 4)", "page 1",
                 "file offset " + std::to_string(second_at), "column 'x'", "row group 0"});
}

TEST(ReadChecksTest, DictionaryPageAfterDataPagesIsRefused) {
  const RawPage dict1{DictionaryPage(2, 8), Int32s({10, 20})};
  const RawPage dict2{DictionaryPage(2, 8), Int32s({30, 40})};
  const RawPage data{DataPageV1(2, format::Encoding::RLE_DICTIONARY, kIndices01.size()), kIndices01};
  const uint64_t dict2_at = 4 + PageBytes(dict1).size() + PageBytes(data).size();
  ExpectCorrupt(OpenAndReadAll(BuildFile(Spec(4), {dict1, data, dict2, data})),
                {"dictionary page after a data page", "page 2", "file offset " + std::to_string(dict2_at),
                 "column 'x'", "row group 0"});
}

// --- 64-bit header values of 32-bit streams ---

// DELTA_BINARY_PACKED header: block of 128 values in 4 miniblocks, `total`
// values, the first one `first`.
std::string DeltaHeader(uint64_t total, int64_t first) {
  return Uleb(128) + Uleb(4) + Uleb(total) + Zigzag(first);
}

TEST(ReadChecksTest, Int32DeltaFirstValueBeyond32BitsIsRefused) {
  const int64_t big = (int64_t{1} << 32) + 5;  // read as 5 before
  const std::string body = DeltaHeader(1, big);
  ExpectCorrupt(
      OpenAndReadAll(BuildFile(Spec(1), {{DataPageV1(1, format::Encoding::DELTA_BINARY_PACKED, body.size()), body}})),
      {"DELTA_BINARY_PACKED: first value 4294967301 is outside INT32", "column 'x'", "row group 0", "page 0",
       "file offset 4"});
}

TEST(ReadChecksTest, Int32DeltaMinDeltaBeyond32BitsIsRefused) {
  // Values 1, then 1 + (2^32 + 5): read as 1, 6 before.
  const std::string body = DeltaHeader(2, 1) + Zigzag((int64_t{1} << 32) + 5) + std::string(4, '\0');
  ExpectCorrupt(
      OpenAndReadAll(BuildFile(Spec(2), {{DataPageV1(2, format::Encoding::DELTA_BINARY_PACKED, body.size()), body}})),
      {"min delta 4294967301 of block 0 is no difference of two INT32 values", "column 'x'"});
}

TEST(ReadChecksTest, DeltaLengthBeyond32BitsIsRefused) {
  // One BYTE_ARRAY of length 2^32 + 2 (read as "ab" before).
  const std::string body = DeltaHeader(1, (int64_t{1} << 32) + 2) + "ab";
  ExpectCorrupt(OpenAndReadAll(BuildFile(
                    Spec(1, format::Type::BYTE_ARRAY),
                    {{DataPageV1(1, format::Encoding::DELTA_LENGTH_BYTE_ARRAY, body.size()), body}})),
                {"first value 4294967298 is outside INT32", "DELTA_LENGTH_BYTE_ARRAY lengths", "column 'x'"});
}

// --- Value counts that disagree with the bytes or the levels ---

TEST(ReadChecksTest, ByteStreamSplitBodyLongerThanItsValues) {
  const std::string body(40, '\x11');  // 5 DOUBLEs' bytes for 4 values
  ExpectCorrupt(
      OpenAndReadAll(BuildFile(Spec(4, format::Type::DOUBLE),
                               {{DataPageV1(4, format::Encoding::BYTE_STREAM_SPLIT, body.size()), body}})),
      {"BYTE_STREAM_SPLIT: 4 values of 8 bytes need 32 bytes, the page has 40", "column 'x'", "page 0"});
  const std::string exact(32, '\x11');
  EXPECT_OK(OpenAndReadAll(BuildFile(Spec(4, format::Type::DOUBLE),
                                     {{DataPageV1(4, format::Encoding::BYTE_STREAM_SPLIT, exact.size()), exact}})));
}

TEST(ReadChecksTest, V2PageNullCountMustMatchItsLevels) {
  const auto optional = format::FieldRepetitionType::OPTIONAL;
  // Definition levels 1, 1, 1 (no nulls) and three values.
  const std::string all_defined = RleRun(3, 1, 1);
  const std::string body = all_defined + Int32s({1, 2, 3});
  const int32_t def_bytes = static_cast<int32_t>(all_defined.size());
  EXPECT_OK(OpenAndReadAll(BuildFile(Spec(3, format::Type::INT32, optional),
                                     {{DataPageV2(3, 0, format::Encoding::PLAIN, body.size(), def_bytes), body}})));
  ExpectCorrupt(OpenAndReadAll(BuildFile(
                    Spec(3, format::Type::INT32, optional),
                    {{DataPageV2(3, 1, format::Encoding::PLAIN, body.size(), def_bytes), body}})),
                {"data page v2 header says 1 nulls but its definition levels hold 0 of its 3 values",
                 "column 'x'", "row group 0", "page 0"});
  // Levels 1, 0, 1 (one null), two values, and a header saying none.
  const std::string one_null = RleRun(1, 1, 1) + RleRun(1, 0, 1) + RleRun(1, 1, 1);
  const std::string body2 = one_null + Int32s({1, 3});
  ExpectCorrupt(OpenAndReadAll(BuildFile(
                    Spec(3, format::Type::INT32, optional),
                    {{DataPageV2(3, 0, format::Encoding::PLAIN, body2.size(),
                                 static_cast<int32_t>(one_null.size())),
                      body2}})),
                {"says 0 nulls but its definition levels hold 1 of its 3 values"});
  // A required column has no nulls to claim.
  const std::string body3 = Int32s({1, 2});
  ExpectCorrupt(OpenAndReadAll(BuildFile(
                    Spec(2), {{DataPageV2(2, 1, format::Encoding::PLAIN, body3.size(), 0), body3}})),
                {"says 1 nulls but its definition levels hold 0 of its 2 values"});
}

// --- The footer against itself ---

std::string PlainInt32File(int n, const std::function<void(format::FileMetaData&)>& edit = nullptr) {
  std::string body;
  for (int i = 1; i <= n; ++i) body += U32Le(static_cast<uint32_t>(i));
  return BuildFile(Spec(n), {{DataPageV1(n, format::Encoding::PLAIN, body.size()), body}}, edit);
}

TEST(ReadChecksTest, PathInSchemaMustNameTheSchemaColumn) {
  const std::vector<std::vector<std::string>> bad = {{"y"}, {"x", "x"}, {}, {"schema", "x"}};
  for (const auto& path : bad) {
    const std::string f = PlainInt32File(3, [&](format::FileMetaData& md) {
      auto& p = md.row_groups[0].columns[0].meta_data->path_in_schema;
      p.clear();
      for (const auto& name : path) p.push_back(name);
    });
    std::string text;
    for (const auto& name : path) text += (text.empty() ? "" : ".") + name;
    std::shared_ptr<RandomAccessFile> file(OpenMemory(f));
    ExpectCorrupt(FileReader::Open(file).status(),
                  {"column chunk's path_in_schema '" + text + "' is not the schema's column path",
                   "column 'x'", "row group 0"});
  }
}

TEST(ReadChecksTest, NumRowsThatDisagreesWithTheRowGroupsIsAWarning) {
  const std::string f = PlainInt32File(5, [](format::FileMetaData& md) { md.num_rows = 7; });
  ASSERT_OK(OpenAndReadAll(f));
  std::shared_ptr<RandomAccessFile> file(OpenMemory(f));
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(file));
  const std::string warning =
      "the footer's num_rows 7 disagrees with the 5 rows of its 1 row groups, which are what is read";
  EXPECT_EQ(reader->metadata().Warnings(), std::vector<std::string>{warning});
  // The CLI reads the file and says so on stderr.
  const std::string path = ::testing::TempDir() + "/parq_read_checks_num_rows.parquet";
  std::ofstream(path, std::ios::binary) << f;
  testing::CliRun r = testing::RunParq("cat " + testing::Quote(path) + " 2>&1 >/dev/null",
                                       testing::Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "parq: warning: " + warning + "\n");
  std::remove(path.c_str());
  // The file as written has none.
  std::shared_ptr<RandomAccessFile> good(OpenMemory(PlainInt32File(5)));
  ASSERT_OK_AND_ASSIGN(auto good_reader, FileReader::Open(good));
  EXPECT_TRUE(good_reader->metadata().Warnings().empty());
}

// --- Messages ---

// An offset stored negative is printed negative, not as 2^64 - 10.
TEST(ReadChecksTest, NegativeOffsetsPrintSigned) {
  const std::string f = PlainInt32File(3, [](format::FileMetaData& md) {
    md.row_groups[0].columns[0].column_index_offset = -10;
    md.row_groups[0].columns[0].column_index_length = 20;
    md.row_groups[0].columns[0].offset_index_offset = -10;
    md.row_groups[0].columns[0].offset_index_length = 20;
    md.row_groups[0].columns[0].meta_data->bloom_filter_offset = -10;
  });
  std::shared_ptr<RandomAccessFile> file(OpenMemory(f));
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(file));
  ExpectCorrupt(reader->ReadColumnIndex(0, 0).status(), {"file offset -10", "column 'x'"});
  ExpectCorrupt(reader->ReadOffsetIndex(0, 0).status(), {"file offset -10", "column 'x'"});
  ExpectCorrupt(reader->ReadBloomFilter(0, 0).status(), {"offset -10 is outside the file", "file offset -10"});
  for (auto st : {reader->ReadColumnIndex(0, 0).status(), reader->ReadBloomFilter(0, 0).status()}) {
    EXPECT_EQ(st.ToString().find("18446744073709551606"), std::string::npos) << st.ToString();
  }
}

}  // namespace
}  // namespace parq::hostile
