// Hostile page indexes: inconsistent lists, forged offsets and lengths,
// truncated bytes.  Each must fail with kCorrupt / kLimitExceeded and a
// message that says what and where, never crash or over-allocate.
#include <gtest/gtest.h>

#include <fstream>
#include <memory>
#include <sstream>
#include <string>

#include "file/metadata_internal.h"
#include "format/footer.h"
#include "index/page_index_reader.h"
#include "parq/file_reader.h"
#include "testing/footer_edit.h"
#include "testing/status_macros.h"
#include "thrift/compact_writer.h"

namespace parq {
namespace {

using parq::testing::EditFooter;

const std::string kTiny =
    std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_tiny_pages.parquet";

ColumnDescriptor Int32Column(int16_t max_def = 1, int16_t max_rep = 0) {
  ColumnDescriptor d;
  d.dotted_path = "x";
  d.physical_type = PhysicalType::kInt32;
  d.max_definition_level = max_def;
  d.max_repetition_level = max_rep;
  return d;
}

std::string I32(int32_t v) { return std::string(reinterpret_cast<const char*>(&v), 4); }

format::ColumnIndex GoodColumnIndex() {
  format::ColumnIndex ci;
  ci.null_pages = {false, true, false};
  ci.min_values = thrift::ToStringVector({I32(1), "", I32(5)});
  ci.max_values = thrift::ToStringVector({I32(3), "", I32(9)});
  ci.boundary_order = format::BoundaryOrder::ASCENDING;
  ci.null_counts = thrift::Vector<int64_t>{0, 4, 1};
  ci.definition_level_histograms = thrift::Vector<int64_t>{0, 3, 4, 0, 1, 2};
  return ci;
}

std::string Serialize(const format::ColumnIndex& ci) {
  thrift::CompactWriter w;
  format::Write(w, ci);
  return std::string(reinterpret_cast<const char*>(w.data()), w.size());
}

TEST(ColumnIndexChecksTest, GoodIndexDecodes) {
  std::string bytes = Serialize(GoodColumnIndex());
  auto ci = index::DecodeColumnIndex(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(),
                                     Int32Column(), ReaderOptions{});
  ASSERT_OK(ci);
  EXPECT_EQ(ci->num_pages(), 3);
  EXPECT_EQ(ci->boundary_order(), BoundaryOrder::kAscending);
  EXPECT_TRUE(ci->null_page(1));
  EXPECT_EQ(ci->min<int32_t>(2), 5);
  EXPECT_EQ(ci->max<int32_t>(0), 3);
  EXPECT_EQ(ci->null_count(1), 4);
  ASSERT_EQ(ci->definition_level_histogram(2).size(), 2u);
  EXPECT_EQ(ci->definition_level_histogram(2)[1], 2);
  EXPECT_TRUE(ci->repetition_level_histogram(0).empty());
}

void ExpectCorrupt(const format::ColumnIndex& ci, const std::string& needle,
                   const ColumnDescriptor& d = Int32Column()) {
  auto r = index::MakeColumnIndex(ci, d);
  ASSERT_STATUS_HAS(r, StatusCode::kCorrupt, needle) << "expected a failure naming " << needle;
}

TEST(ColumnIndexChecksTest, InconsistentListsFail) {
  auto ci = GoodColumnIndex();
  ci.min_values.pop_back();
  ExpectCorrupt(ci, "min_values");
  ci = GoodColumnIndex();
  ci.max_values.emplace_back(I32(1));
  ExpectCorrupt(ci, "max_values");
  ci = GoodColumnIndex();
  ci.null_counts->pop_back();
  ExpectCorrupt(ci, "null_counts");
  ci = GoodColumnIndex();
  ci.nan_counts = thrift::Vector<int64_t>{0};
  ExpectCorrupt(ci, "nan_counts");
  ci = GoodColumnIndex();
  ci.definition_level_histograms->push_back(0);
  ExpectCorrupt(ci, "definition_level_histograms");
  ci = GoodColumnIndex();
  ci.repetition_level_histograms = thrift::Vector<int64_t>{1, 2, 3, 4};  // 3 pages x 1 level
  ExpectCorrupt(ci, "repetition_level_histograms");
  ci = GoodColumnIndex();
  (*ci.definition_level_histograms)[0] = -5;
  ExpectCorrupt(ci, "negative");
  ci = GoodColumnIndex();
  ci.min_values[0] = "ab";  // an INT32 bound of 2 bytes
  ExpectCorrupt(ci, "page 0 bounds");
  ci = GoodColumnIndex();
  ci.boundary_order = static_cast<format::BoundaryOrder>(7);
  ExpectCorrupt(ci, "boundary_order");
  ci = format::ColumnIndex{};
  ExpectCorrupt(ci, "no pages");
}

TEST(ColumnIndexChecksTest, EveryTruncationFailsCleanly) {
  std::string bytes = Serialize(GoodColumnIndex());
  for (size_t n = 0; n < bytes.size(); ++n) {
    std::string cut = bytes.substr(0, n);
    auto r = index::DecodeColumnIndex(reinterpret_cast<const uint8_t*>(cut.data()), cut.size(),
                                      Int32Column(), ReaderOptions{}, 1000);
    EXPECT_NOT_OK(r) << "prefix of " << n << " bytes decoded";
  }
  // Trailing bytes beyond the struct are refused too (the length is forged).
  std::string longer = bytes + "xyz";
  auto r = index::DecodeColumnIndex(reinterpret_cast<const uint8_t*>(longer.data()), longer.size(),
                                    Int32Column(), ReaderOptions{});
  ASSERT_NOT_OK(r);
  EXPECT_NE(r.status().ToString().find("ends after"), std::string::npos);
}

format::OffsetIndex GoodOffsetIndex() {
  format::OffsetIndex oi;
  oi.page_locations = {{100, 50, 0}, {150, 50, 10}, {200, 25, 20}};
  return oi;
}

void ExpectBadOffsets(const format::OffsetIndex& oi, const std::string& needle) {
  auto r = index::MakeOffsetIndex(oi, index::ChunkBytes{100, 125}, 30);
  ASSERT_STATUS_HAS(r, StatusCode::kCorrupt, needle);
}

TEST(OffsetIndexChecksTest, LocationsMustBeOrderedInsideTheChunk) {
  auto good = index::MakeOffsetIndex(GoodOffsetIndex(), index::ChunkBytes{100, 125}, 30);
  ASSERT_OK(good);
  EXPECT_EQ(good->page_locations()[2], (PageLocation{200, 25, 20}));

  auto oi = GoodOffsetIndex();
  oi.page_locations[2].compressed_page_size = 26;  // one byte past the chunk
  ExpectBadOffsets(oi, "not inside column chunk");
  oi = GoodOffsetIndex();
  oi.page_locations[0].offset = 99;  // before the chunk
  ExpectBadOffsets(oi, "not inside column chunk");
  oi = GoodOffsetIndex();
  std::swap(oi.page_locations[1], oi.page_locations[2]);  // out of order
  oi.page_locations[1].first_row_index = 10;
  oi.page_locations[2].first_row_index = 20;
  ExpectBadOffsets(oi, "page location 2");
  oi = GoodOffsetIndex();
  oi.page_locations[1].offset = 140;  // overlaps page 0
  ExpectBadOffsets(oi, "page location 1");
  oi = GoodOffsetIndex();
  oi.page_locations[0].first_row_index = 1;
  ExpectBadOffsets(oi, "first row");
  oi = GoodOffsetIndex();
  oi.page_locations[2].first_row_index = 5;  // decreasing
  ExpectBadOffsets(oi, "first row");
  oi = GoodOffsetIndex();
  oi.page_locations[2].first_row_index = 30;  // past the row group
  ExpectBadOffsets(oi, "first row");
  oi = GoodOffsetIndex();
  oi.page_locations[1].compressed_page_size = -1;
  ExpectBadOffsets(oi, "malformed");
  oi = GoodOffsetIndex();
  oi.unencoded_byte_array_data_bytes = thrift::Vector<int64_t>{1, 2};
  ExpectBadOffsets(oi, "unencoded_byte_array_data_bytes");
  ExpectBadOffsets(format::OffsetIndex{}, "no pages");
}

// The bytes read at offsets, not held in memory (data() is null): the
// reader then reads a file's page indexes ahead together (coalesced), a path
// the in-memory file skips.
class ReadOnlyAtFile final : public RandomAccessFile {
 public:
  explicit ReadOnlyAtFile(std::unique_ptr<RandomAccessFile> file) : file_(std::move(file)) {}
  uint64_t size() const override { return file_->size(); }
  const std::string& name() const override { return file_->name(); }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    return file_->ReadAt(offset, length, out);
  }

 private:
  std::unique_ptr<RandomAccessFile> file_;
};

Status ReadIndexOfColumn1From(std::shared_ptr<RandomAccessFile> file, const ReaderOptions& options) {
  auto reader = FileReader::Open(std::move(file), options);
  if (!reader.ok()) return reader.status();
  return (*reader)->ReadPageIndex(0, 1).status();
}

// Column 1's page index read from memory, and read at offsets: the same
// status either way (forged ranges included), which is returned.
Status ReadIndexOfColumn1(const std::string& bytes, const ReaderOptions& options = {}) {
  const Status in_memory = ReadIndexOfColumn1From(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)), options);
  const Status at_offsets =
      ReadIndexOfColumn1From(std::make_shared<ReadOnlyAtFile>(OpenMemory(bytes)), options);
  EXPECT_EQ(in_memory.ToString(), at_offsets.ToString());
  return in_memory;
}

TEST(PageIndexFileTest, ForgedRangesFailWithContext) {
  // alltypes_tiny_pages.parquet with its footer edited.
  std::string edited;
  // Column index past the end of the file.
  ASSERT_OK_AND_ASSIGN(edited, EditFooter(kTiny, [](format::FileMetaData& m) {
    m.row_groups[0].columns[1].column_index_offset = 1'000'000;
  }));
  Status st = ReadIndexOfColumn1(edited);
  ASSERT_STATUS(st, StatusCode::kCorrupt);
  std::string msg = st.ToString();
  EXPECT_NE(msg.find("runs past the end of the file"), std::string::npos) << msg;
  EXPECT_NE(msg.find("column 'bool_col'"), std::string::npos) << msg;
  EXPECT_NE(msg.find("row group 0"), std::string::npos) << msg;
  EXPECT_NE(msg.find("file offset 1000000"), std::string::npos) << msg;

  // A 2 GiB offset index length.
  ASSERT_OK_AND_ASSIGN(edited, EditFooter(kTiny, [](format::FileMetaData& m) {
    m.row_groups[0].columns[1].offset_index_length = 0x7FFFFFFF;
  }));
  st = ReadIndexOfColumn1(edited);
  EXPECT_STATUS_HAS(st, StatusCode::kLimitExceeded, "max_page_index_size");

  // Negative and zero lengths; an offset with no length.
  for (int32_t len : {-1, 0}) {
    ASSERT_OK_AND_ASSIGN(edited, EditFooter(kTiny, [len](format::FileMetaData& m) {
      m.row_groups[0].columns[1].column_index_length = len;
    }));
    st = ReadIndexOfColumn1(edited);
    EXPECT_STATUS(st, StatusCode::kCorrupt);
  }
  ASSERT_OK_AND_ASSIGN(edited, EditFooter(kTiny, [](format::FileMetaData& m) {
    m.row_groups[0].columns[1].offset_index_length.reset();
  }));
  st = ReadIndexOfColumn1(edited);
  EXPECT_NE(st.ToString().find("no length"), std::string::npos) << st.ToString();

  // Lengths one byte short and one byte long: the struct no longer fits exactly.
  for (int delta : {-1, 1}) {
    ASSERT_OK_AND_ASSIGN(edited, EditFooter(kTiny, [delta](format::FileMetaData& m) {
      auto& c = m.row_groups[0].columns[1];
      *c.column_index_length += delta;
    }));
    st = ReadIndexOfColumn1(edited);
    EXPECT_NOT_OK(st) << delta;
  }

  // The column index of column 0 given to column 1 lists a different page count.
  ASSERT_OK_AND_ASSIGN(edited, EditFooter(kTiny, [](format::FileMetaData& m) {
    auto& cols = m.row_groups[0].columns;
    cols[1].offset_index_offset = cols[2].offset_index_offset;
    cols[1].offset_index_length = cols[2].offset_index_length;
  }));
  st = ReadIndexOfColumn1(edited);
  EXPECT_NOT_OK(st);

  // A smaller limit is honoured.
  ReaderOptions small;
  small.max_page_index_size = 16;
  ASSERT_OK_AND_ASSIGN(edited, EditFooter(kTiny, [](format::FileMetaData&) {}));
  st = ReadIndexOfColumn1(edited, small);
  EXPECT_STATUS(st, StatusCode::kLimitExceeded);
  // And the unedited file reads.
  ASSERT_OK_AND_ASSIGN(edited, EditFooter(kTiny, [](format::FileMetaData&) {}));
  EXPECT_OK(ReadIndexOfColumn1(edited));
}

TEST(PageIndexFileTest, OutOfRangeChunkIsInvalidArgument) {
  auto reader = FileReader::Open(kTiny);
  ASSERT_OK(reader);
  EXPECT_STATUS((*reader)->ReadColumnIndex(1, 0), StatusCode::kInvalidArgument);
  EXPECT_STATUS((*reader)->ReadOffsetIndex(0, 99), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace parq
