// Memory of wide files (issue 31, item 1): what opening a file of many
// columns and reading its rows holds per column, counted on the heap
// (testing/counting_new.h keeps the live bytes and their peak), and that a
// projected read holds nothing for the columns it leaves out.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/json.h"
#include "parq/record.h"
#include "testing/counting_new.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// `columns` required BOOLEAN columns c0, c1, … and `rows` rows (none: a
// footer and no row group), as file bytes.
std::string WideFile(int columns, int rows) {
  std::vector<std::unique_ptr<SchemaNode>> fields;
  for (int c = 0; c < columns; ++c) {
    fields.push_back(SchemaNode::MakePrimitive("c" + std::to_string(c), Repetition::kRequired, PhysicalType::kBoolean));
  }
  auto schema = Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields)));
  EXPECT_OK(schema.status());
  if (!schema.ok()) return "";
  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* bytes = out.get();
  auto writer = FileWriter::Open(std::move(out), *schema);
  EXPECT_OK(writer.status());
  if (!writer.ok()) return "";
  const std::vector<uint8_t> ones(static_cast<size_t>(rows), 1);
  for (int c = 0; c < columns && rows > 0; ++c) {
    auto column = (*writer)->typed_column<bool>(c);
    EXPECT_OK(column.status());
    if (!column.ok()) return "";
    EXPECT_OK((*column)->WriteBatch(rows, nullptr, nullptr, reinterpret_cast<const bool*>(ones.data())));
  }
  EXPECT_OK((*writer)->Close());
  return bytes->Take();
}

Result<std::unique_ptr<FileReader>> OpenBytes(const std::string& bytes) {
  return FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemoryView(
      reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())));
}

// The most the heap held above what it held when `read` started.
template <typename F>
int64_t PeakAbove(F&& read) {
  const int64_t base = testing::LiveBytes();
  testing::ResetPeakBytes();
  const Status st = read();
  EXPECT_OK(st);
  return testing::PeakBytes() - base;
}

Status ReadJson(const FileReader& file, const RowReaderOptions& options) {
  PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(file, options));
  std::string json;
  while (true) {
    json.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&json));
    if (!more) return Status::OK();
  }
}

Status ReadValues(const FileReader& file, const RowReaderOptions& options) {
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(file, options));
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) return Status::OK();
  }
}

Status ReadColumnar(const FileReader& file, const std::vector<std::string>& columns) {
  ColumnarReaderOptions options;
  options.columns = columns;
  PARQ_ASSIGN_OR_RETURN(auto reader, ColumnarReader::Open(file, options));
  ColumnarBatch batch;
  for (int g = 0; g < file.metadata().num_row_groups(); ++g) PARQ_RETURN_IF_ERROR(reader->ReadRowGroup(g, &batch));
  return Status::OK();
}

constexpr int kWide = 4000;
// What a reader may hold per projected column of one row: the bound
// for an open file's per-column overhead.  Reading used to hold a batch of
// levels and values per column whatever the chunk's size (23 KB a column).
constexpr int64_t kPerColumn = 1024;

TEST(WideFileTest, RowsOfAWideFileHoldUnderAKilobytePerColumn) {
  const std::string bytes = WideFile(kWide, 1);
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  const int64_t json = PeakAbove([&] { return ReadJson(*file, {}); });
  const int64_t values = PeakAbove([&] { return ReadValues(*file, {}); });
  const int64_t columnar = PeakAbove([&] { return ReadColumnar(*file, {}); });
  EXPECT_LT(json / kWide, kPerColumn) << json << " bytes at the peak of JsonRowReader";
  EXPECT_LT(values / kWide, kPerColumn) << values << " bytes at the peak of RowReader";
  EXPECT_LT(columnar / kWide, kPerColumn) << columnar << " bytes at the peak of ColumnarReader";
}

// Reading one column of a file of 4,000 holds what reading it from a file of
// 500 holds, give or take a few bytes a column (the file's row counts).
TEST(WideFileTest, ProjectedReadsDoNotGrowWithTheColumnsLeftOut) {
  const std::string narrow_bytes = WideFile(500, 3), wide_bytes = WideFile(kWide, 3);
  ASSERT_OK_AND_ASSIGN(auto narrow, OpenBytes(narrow_bytes));
  ASSERT_OK_AND_ASSIGN(auto wide, OpenBytes(wide_bytes));
  RowReaderOptions one;
  one.columns = {"c1"};
  const std::vector<std::string> c1 = {"c1"};
  const int64_t json[2] = {PeakAbove([&] { return ReadJson(*narrow, one); }),
                           PeakAbove([&] { return ReadJson(*wide, one); })};
  const int64_t values[2] = {PeakAbove([&] { return ReadValues(*narrow, one); }),
                             PeakAbove([&] { return ReadValues(*wide, one); })};
  const int64_t columnar[2] = {PeakAbove([&] { return ReadColumnar(*narrow, c1); }),
                               PeakAbove([&] { return ReadColumnar(*wide, c1); })};
  constexpr int64_t kSlack = 4096;
  EXPECT_LT(json[1], json[0] + kSlack) << "JsonRowReader of c1: " << json[0] << " then " << json[1] << " bytes";
  EXPECT_LT(values[1], values[0] + kSlack) << "RowReader of c1: " << values[0] << " then " << values[1] << " bytes";
  EXPECT_LT(columnar[1], columnar[0] + kSlack)
      << "ColumnarReader of c1: " << columnar[0] << " then " << columnar[1] << " bytes";
}

// Opening a footer of many leaves: what it holds beyond the decoded footer
// (the schema built from it), with no buffer growing by doubling past the end and
// no empty text taking a std::string's 32 bytes in every node and
// descriptor (677 bytes a leaf at first, 456 with the path table, 384 with
// RareString).
TEST(WideFileTest, OpeningAWideFooterHoldsTheSchemaOnce) {
  const std::string bytes = WideFile(kWide, 0);
  // Opened once first, so that the footer's arena comes from the blocks the
  // first one left pooled (thrift/arena.cc): what is counted is the schema,
  // whichever tests ran before in this process.
  ASSERT_OK(OpenBytes(bytes).status());
  std::unique_ptr<FileReader> file;
  const int64_t peak = PeakAbove([&]() -> Status {
    PARQ_ASSIGN_OR_RETURN(file, OpenBytes(bytes));
    return Status::OK();
  });
  ASSERT_NE(file, nullptr);
  EXPECT_EQ(file->schema().num_columns(), kWide);
  EXPECT_LT(peak / kWide, 420) << peak << " bytes at the peak of FileReader::Open";
}

// Opening a file of many columns and one row group: what it holds per column
// chunk, the footer's bytes included.  The chunks stay encoded in the footer
// (about 100 bytes each here) until used; decoded, they took 765 bytes each
// on top of the schema (1,150 bytes a column in all).
TEST(WideFileTest, AnOpenWideFileKeepsItsColumnChunksEncoded) {
  const std::string bytes = WideFile(kWide, 1);
  ASSERT_OK(OpenBytes(bytes).status());  // the arena's blocks pooled, as above
  const int64_t base = testing::LiveBytes();
  std::unique_ptr<FileReader> file;
  const int64_t peak = PeakAbove([&]() -> Status {
    PARQ_ASSIGN_OR_RETURN(file, OpenBytes(bytes));
    return Status::OK();
  });
  const int64_t held = testing::LiveBytes() - base;
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(file->metadata().num_row_groups(), 1);
  EXPECT_LT(held / kWide, 600) << held << " bytes held by the open file (footer: " << file->footer_length() << ")";
  EXPECT_LT(peak / kWide, 640) << peak << " bytes at the peak of FileReader::Open";
  // Each chunk's metadata is there when asked for.
  const RowGroupMetaData group = file->metadata().row_group(0);
  ASSERT_EQ(group.num_columns(), kWide);
  for (int c : {0, kWide / 2, kWide - 1}) {
    const ColumnChunkMetaData chunk = group.column(c);
    EXPECT_EQ(chunk.num_values(), 1);
    EXPECT_EQ(chunk.dotted_path(), "c" + std::to_string(c));
  }
}

}  // namespace
}  // namespace parq
