// TypedColumnReader features beyond plain batches: dictionary indices without
// materialising values, skipping rows of flat and repeated columns, and the
// level checks.  Files are written with parq's writer into a temp dir.
#include <gtest/gtest.h>
#include <unistd.h>

#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

std::string TempPath(const std::string& stem) {
  return ::testing::TempDir() + "/parq_colreader_" + stem + "_" + std::to_string(::getpid()) + ".parquet";
}

Result<Schema> MakeSchema(std::vector<std::unique_ptr<SchemaNode>> fields) {
  return Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields)));
}

// The words of WriteTestFile's string column: row r holds kWords[r % 3].
const char* const kWords[] = {"alpha", "beta", "gamma"};

// A dictionary-encoded optional string column (every 5th value null) and a
// repeated int32 column (row r holds r % 4 values r*10, r*10+1, ...).
Result<std::string> WriteTestFile(int64_t rows, WriterOptions options = {}) {
  std::vector<std::unique_ptr<SchemaNode>> fields;
  fields.push_back(SchemaNode::MakePrimitive("s", Repetition::kOptional, PhysicalType::kByteArray,
                                             LogicalType::String()));
  fields.push_back(SchemaNode::MakePrimitive("r", Repetition::kRepeated, PhysicalType::kInt32));
  PARQ_ASSIGN_OR_RETURN(Schema schema, MakeSchema(std::move(fields)));
  const std::string path = TempPath("file");
  options.max_rows_per_page = 100;  // many pages
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(path, schema, options, false));
  std::vector<ByteArray> strings;
  std::vector<int16_t> sdef;
  std::vector<int32_t> ints;
  std::vector<int16_t> rdef, rrep;
  for (int64_t r = 0; r < rows; ++r) {
    if (r % 5 == 4) {
      sdef.push_back(0);
    } else {
      sdef.push_back(1);
      const std::string_view w = kWords[r % 3];
      strings.push_back({reinterpret_cast<const uint8_t*>(w.data()), static_cast<uint32_t>(w.size())});
    }
    const int n = static_cast<int>(r % 4);
    if (n == 0) {
      rdef.push_back(0);
      rrep.push_back(0);
    }
    for (int i = 0; i < n; ++i) {
      rdef.push_back(1);
      rrep.push_back(i == 0 ? 0 : 1);
      ints.push_back(static_cast<int32_t>(r * 10 + i));
    }
  }
  PARQ_ASSIGN_OR_RETURN(auto* s, writer->typed_column<ByteArray>(0));
  PARQ_RETURN_IF_ERROR(s->WriteBatch(rows, sdef.data(), nullptr, strings.data()));
  PARQ_ASSIGN_OR_RETURN(auto* rc, writer->typed_column<int32_t>(1));
  PARQ_RETURN_IF_ERROR(rc->WriteBatch(static_cast<int64_t>(rdef.size()), rdef.data(), rrep.data(), ints.data()));
  PARQ_RETURN_IF_ERROR(writer->Close());
  return path;
}

// Column `column` of a WriteTestFile, opened (the reader alongside: it
// owns the metadata the column reads).
struct TestColumn {
  std::unique_ptr<FileReader> reader;
  std::unique_ptr<ColumnReader> column;
};
Result<TestColumn> OpenTestColumn(int64_t rows, int column, WriterOptions options = {}) {
  PARQ_ASSIGN_OR_RETURN(const std::string path, WriteTestFile(rows, std::move(options)));
  TestColumn out;
  PARQ_ASSIGN_OR_RETURN(out.reader, FileReader::Open(path));
  PARQ_ASSIGN_OR_RETURN(out.column, out.reader->OpenColumn(0, column));
  return out;
}

// Reads the string column of a 1000-row WriteTestFile to its end as
// dictionary indices, 64 entries at a time, through
// `read(row, indices, &values_read) -> Result<int64_t>` (row: the entries
// read before), and checks every row: `present(i, row)` says whether entry i
// of the batch, row `row`, holds a value.
template <typename Read, typename Present>
void ExpectIndicesOfTestFile(TypedColumnReader<ByteArray>& typed, Read read, Present present) {
  std::vector<int32_t> idx(64);
  int64_t row = 0;
  while (true) {
    int64_t values_read = 0;
    ASSERT_OK_AND_ASSIGN(const int64_t levels, read(row, idx.data(), &values_read));
    if (levels == 0) break;
    const std::span<const ByteArray> dict = typed.dictionary();  // loaded with the first page
    int64_t v = 0;
    for (int64_t i = 0; i < levels; ++i, ++row) {
      ASSERT_EQ(present(i, row), row % 5 != 4) << "row " << row;
      if (row % 5 == 4) continue;
      const auto index = static_cast<size_t>(idx[static_cast<size_t>(v++)]);
      ASSERT_LT(index, dict.size()) << "row " << row;
      EXPECT_EQ(dict[index].view(), kWords[row % 3]) << "row " << row;
    }
    EXPECT_EQ(v, values_read);
  }
  EXPECT_EQ(row, 1000);
}

TEST(ColumnReaderTest, ReadsDictionaryIndicesWithoutValues) {
  ASSERT_OK_AND_ASSIGN(const TestColumn col, OpenTestColumn(1000, 0));
  auto* typed = col.column->As<ByteArray>();
  ASSERT_NE(typed, nullptr);
  ASSERT_OK_AND_ASSIGN(const bool dict_page, typed->NextPageIsDictionaryEncoded());
  ASSERT_TRUE(dict_page);
  ASSERT_EQ(typed->dictionary().size(), 3u);
  std::vector<int16_t> def(64);
  ExpectIndicesOfTestFile(
      *typed,
      [&](int64_t, int32_t* idx, int64_t* values_read) {
        return typed->ReadIndices(64, def.data(), nullptr, idx, values_read);
      },
      [&](int64_t i, int64_t) { return def[static_cast<size_t>(i)] == 1; });
}

TEST(ColumnReaderTest, ReadIndicesRefusesPlainPages) {
  WriterOptions options;
  options.column_defaults.dictionary = false;
  ASSERT_OK_AND_ASSIGN(const TestColumn col, OpenTestColumn(50, 0, options));
  auto* typed = col.column->As<ByteArray>();
  ASSERT_NE(typed, nullptr);
  ASSERT_OK_AND_ASSIGN(const bool dict_page, typed->NextPageIsDictionaryEncoded());
  EXPECT_FALSE(dict_page);
  int16_t def[8];
  int32_t idx[8];
  int64_t values_read;
  EXPECT_STATUS(typed->ReadIndices(8, def, nullptr, idx, &values_read), StatusCode::kInvalidArgument);
  EXPECT_TRUE(typed->dictionary().empty());
}

// An optional int64 column, 1000 rows in pages of 100: rows 300..399 all
// null, every 7th row of 600..799 null, the rest present with value 3 * row.
Result<std::string> WriteValidityFile(bool v2) {
  std::vector<std::unique_ptr<SchemaNode>> fields;
  fields.push_back(SchemaNode::MakePrimitive("x", Repetition::kOptional, PhysicalType::kInt64));
  fields.push_back(SchemaNode::MakePrimitive("y", Repetition::kRequired, PhysicalType::kInt32));
  PARQ_ASSIGN_OR_RETURN(Schema schema, MakeSchema(std::move(fields)));
  const std::string path = TempPath(v2 ? "validity_v2" : "validity_v1");
  WriterOptions options;
  options.max_rows_per_page = 100;
  options.data_page_v2 = v2;
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(path, schema, options, false));
  std::vector<int16_t> def;
  std::vector<int64_t> xs;
  std::vector<int32_t> ys;
  for (int64_t r = 0; r < 1000; ++r) {
    const bool null = (r >= 300 && r < 400) || (r >= 600 && r < 800 && r % 7 == 0);
    def.push_back(null ? 0 : 1);
    if (!null) xs.push_back(3 * r);
    ys.push_back(static_cast<int32_t>(r));
  }
  PARQ_ASSIGN_OR_RETURN(auto* x, writer->typed_column<int64_t>(0));
  PARQ_RETURN_IF_ERROR(x->WriteBatch(1000, def.data(), nullptr, xs.data()));
  PARQ_ASSIGN_OR_RETURN(auto* y, writer->typed_column<int32_t>(1));
  PARQ_RETURN_IF_ERROR(y->WriteBatch(1000, nullptr, nullptr, ys.data()));
  PARQ_RETURN_IF_ERROR(writer->Close());
  return path;
}

// Bits from an unaligned offset, batches that do not divide the pages: every
// bit says what the definition level says, the values are ReadBatch's, and
// the bits before the offset and after the last entry keep their pattern.
TEST(ColumnReaderTest, ReadBatchWithValidityMatchesLevels) {
  for (bool v2 : {false, true}) {
    SCOPED_TRACE(v2 ? "v2 pages" : "v1 pages");
    ASSERT_OK_AND_ASSIGN(const std::string path, WriteValidityFile(v2));
    ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(auto levels_col, reader->OpenColumn(0, 0));
    ASSERT_OK_AND_ASSIGN(auto bits_col, reader->OpenColumn(0, 0));
    auto* by_levels = levels_col->As<int64_t>();
    auto* by_bits = bits_col->As<int64_t>();
    constexpr int64_t kOffset = 5;
    std::vector<uint8_t> bits(200, 0xa5);
    std::vector<int16_t> def(37);
    std::vector<int64_t> want(37), got(37);
    std::vector<int16_t> all_def;
    int64_t entries = 0;
    while (true) {
      int64_t want_read = 0, got_read = 0;
      ASSERT_OK_AND_ASSIGN(const int64_t n, by_levels->ReadBatch(37, def.data(), nullptr, want.data(), &want_read));
      ASSERT_OK_AND_ASSIGN(const int64_t m, by_bits->ReadBatchWithValidity(37, bits.data(), kOffset + entries,
                                                                           got.data(), &got_read));
      ASSERT_EQ(n, m);
      ASSERT_EQ(want_read, got_read);
      if (n == 0) break;
      for (int64_t i = 0; i < want_read; ++i) ASSERT_EQ(want[static_cast<size_t>(i)], got[static_cast<size_t>(i)]);
      all_def.insert(all_def.end(), def.begin(), def.begin() + n);
      entries += n;
    }
    ASSERT_EQ(entries, 1000);
    for (int64_t i = 0; i < entries; ++i) {
      const int64_t b = kOffset + i;
      ASSERT_EQ((bits[static_cast<size_t>(b >> 3)] >> (b & 7)) & 1, all_def[static_cast<size_t>(i)] == 1 ? 1 : 0)
          << "entry " << i;
    }
    for (int64_t b = 0; b < kOffset; ++b) EXPECT_EQ((0xa5 >> b) & 1, (bits[0] >> b) & 1) << "bit " << b;
    for (int64_t b = kOffset + entries; b < 8 * ((kOffset + entries + 7) / 8); ++b) {
      EXPECT_EQ((0xa5 >> (b & 7)) & 1, (bits[static_cast<size_t>(b >> 3)] >> (b & 7)) & 1) << "bit " << b;
    }
    EXPECT_EQ(bits[(kOffset + entries + 7) / 8], 0xa5);

    // A required column: every bit set.
    ASSERT_OK_AND_ASSIGN(auto req, reader->OpenColumn(0, 1));
    std::vector<uint8_t> req_bits(125, 0);
    std::vector<int32_t> ys(1000);
    int64_t done = 0;
    while (true) {
      int64_t vr = 0;
      ASSERT_OK_AND_ASSIGN(const int64_t n,
                           req->As<int32_t>()->ReadBatchWithValidity(300, req_bits.data(), done, ys.data() + done, &vr));
      if (n == 0) break;
      EXPECT_EQ(vr, n);
      done += n;
    }
    EXPECT_EQ(done, 1000);
    for (size_t i = 0; i < req_bits.size(); ++i) EXPECT_EQ(req_bits[i], 0xff);
    for (int32_t r = 0; r < 1000; ++r) EXPECT_EQ(ys[static_cast<size_t>(r)], r);
    ::unlink(path.c_str());
  }
}

TEST(ColumnReaderTest, ReadIndicesWithValidityMatchesLevels) {
  ASSERT_OK_AND_ASSIGN(const TestColumn col, OpenTestColumn(1000, 0));
  auto* typed = col.column->As<ByteArray>();
  ASSERT_NE(typed, nullptr);
  std::vector<uint8_t> bits(125, 0);
  ExpectIndicesOfTestFile(
      *typed,
      [&](int64_t row, int32_t* idx, int64_t* values_read) {
        return typed->ReadIndicesWithValidity(64, bits.data(), row, idx, values_read);
      },
      [&](int64_t, int64_t row) { return ((bits[static_cast<size_t>(row >> 3)] >> (row & 7)) & 1) != 0; });

  // Bits are for flat columns: the repeated one is refused.
  ASSERT_OK_AND_ASSIGN(auto rep, col.reader->OpenColumn(0, 1));
  int32_t ints[8];
  uint8_t b[1];
  int64_t vr;
  EXPECT_STATUS_HAS(rep->As<int32_t>()->ReadBatchWithValidity(8, b, 0, ints, &vr), StatusCode::kInvalidArgument,
                    "presence as bits is for flat columns");
}

TEST(ColumnReaderTest, SkipRowsFlatColumn) {
  ASSERT_OK_AND_ASSIGN(const TestColumn col, OpenTestColumn(1000, 0));
  auto* typed = col.column->As<ByteArray>();
  ASSERT_NE(typed, nullptr);
  ASSERT_OK_AND_ASSIGN(const int64_t skipped, typed->SkipRows(437));  // crosses pages of 100 rows
  EXPECT_EQ(skipped, 437);
  int16_t def[3];
  ByteArray values[3];
  int64_t values_read;
  ASSERT_OK_AND_ASSIGN(const int64_t levels, typed->ReadBatch(3, def, nullptr, values, &values_read));
  ASSERT_EQ(levels, 3);
  // Rows 437, 438, 439: kWords[437 % 3 = 2], kWords[0], null (439 % 5 == 4).
  EXPECT_EQ(values[0].view(), "gamma");
  EXPECT_EQ(values[1].view(), "alpha");
  EXPECT_EQ(def[2], 0);
  ASSERT_OK_AND_ASSIGN(const int64_t rest, typed->SkipRows(10'000));
  EXPECT_EQ(rest, 1000 - 440);
}

TEST(ColumnReaderTest, SkipRowsRepeatedColumnStopsAtRecordBoundaries) {
  ASSERT_OK_AND_ASSIGN(const TestColumn col, OpenTestColumn(1000, 1));
  auto* typed = col.column->As<int32_t>();
  ASSERT_NE(typed, nullptr);
  ASSERT_OK_AND_ASSIGN(const int64_t skipped, typed->SkipRows(301));
  EXPECT_EQ(skipped, 301);
  // Row 301 holds 301 % 4 = 1 value: 3010.  Row 302 holds 3020, 3021.
  int16_t def[3], rep[3];
  int32_t values[3];
  int64_t values_read;
  ASSERT_OK_AND_ASSIGN(const int64_t levels, typed->ReadBatch(3, def, rep, values, &values_read));
  ASSERT_EQ(levels, 3);
  EXPECT_EQ(rep[0], 0);
  EXPECT_EQ(values[0], 3010);
  EXPECT_EQ(rep[1], 0);
  EXPECT_EQ(values[1], 3020);
  EXPECT_EQ(rep[2], 1);
  EXPECT_EQ(values[2], 3021);
}

TEST(ColumnReaderTest, ChecksumsWrittenAndVerified) {
  ASSERT_OK_AND_ASSIGN(const std::string path, WriteTestFile(300));
  ReaderOptions options;
  options.verify_checksums = true;
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path, options));
  for (int c = 0; c < 2; ++c) {
    ASSERT_OK_AND_ASSIGN(auto col, reader->OpenColumn(0, c));
    ASSERT_OK_AND_ASSIGN(const int64_t skipped,
                         c == 0 ? col->As<ByteArray>()->SkipRows(300) : col->As<int32_t>()->SkipRows(300));
    EXPECT_EQ(skipped, 300);
  }
}

}  // namespace
}  // namespace parq
