// Page pruning by the statistics in the page headers, where a chunk has no
// page index: the filter columns' headers are read (not their bodies), pages
// whose statistics prove that no row can match are passed over without
// being decompressed, in the filter's columns and in the others where their
// headers give their rows (v2 pages; v1 pages of flat columns), and a row
// group all of whose pages are pruned so counts as pruned by page
// statistics.  Every read equals the unfiltered read filtered row by row:
// RowReader and ColumnarReader, v1 and v2 pages, filter columns whose pages
// are cut at other rows, random files with random page sizes and nested
// columns, and no row is ever lost.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/page_info.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/columnar_rows.h"
#include "testing/filter_random_file.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using Pruning = RowReaderOptions::Pruning;

// A file of one row group without a page index: `id` 0..n-1 in pages of
// 100 rows (skipping ids in [hole_from, hole_to)), `s` a string whose pages
// are cut at other rows (its values are longer, data_page_size cuts them), a
// nullable double and a list.
std::string WriteFile(const std::string& name, bool v2, int n, int hole_from = -1, int hole_to = -1) {
  const std::string path = ::testing::TempDir() + "/" + name;
  auto schema = ParseMessageType(R"(message m {
    required int64 id;
    optional binary s (STRING);
    optional double x;
    optional group tags (LIST) { repeated group list { required int32 element; } }
  })");
  EXPECT_OK(schema.status());
  WriterOptions wo;
  wo.data_page_v2 = v2;
  wo.max_rows_per_page = 100;
  wo.data_page_size = 700;
  wo.column_defaults.page_index = false;
  wo.column_defaults.dictionary = false;
  wo.column_defaults.compression = Compression::kSnappy;
  auto fw = FileWriter::Open(path, *schema, wo);
  EXPECT_OK(fw.status());
  auto rw = RowWriter::Open(**fw);
  EXPECT_OK(rw.status());
  for (int i = 0; i < n; ++i) {
    const int id = i < hole_from ? i : i + (hole_to - hole_from);
    Value row = Value::Struct();
    row.AddField("id", Value::Int64(id));
    row.AddField("s", Value::Bytes("value-" + std::to_string(100000 + id)));
    row.AddField("x", i % 7 == 0 ? Value::Null() : Value::Double(i * 0.5));
    Value tags = Value::List();
    for (int t = 0; t < i % 3; ++t) tags.Append(Value::Int32(i + t));
    row.AddField("tags", std::move(tags));
    EXPECT_OK((*rw)->Write(row));
  }
  EXPECT_OK((*rw)->Close());
  EXPECT_OK((*fw)->Close());
  return path;
}

// The rows `reader` gives.
Result<std::vector<Value>> Drain(RowReader& reader) {
  std::vector<Value> out;
  for (Value v;;) {
    PARQ_ASSIGN_OR_RETURN(bool more, reader.Next(&v));
    if (!more) break;
    out.push_back(v);
  }
  return out;
}

std::vector<Value> Matching(const FileReader& file, const std::vector<Value>& all, const Filter& filter) {
  auto bound = BoundFilter::Bind(filter, file.schema());
  EXPECT_OK(bound.status());
  std::vector<Value> out;
  if (!bound.ok()) return out;
  for (const Value& v : all) {
    if (bound->Matches(v)) out.push_back(v);
  }
  return out;
}

// Checks a ColumnarReader's batches against `expected` (rows of every
// column, all row groups in order); returns the reader's counters.
struct ColumnarCounts {
  int64_t pages_skipped = 0;
  RowGroupPruning pruning;
};
ColumnarCounts CheckColumnar(const FileReader& file, const Filter& filter, const std::vector<Value>& all,
                             int64_t batch_levels) {
  ColumnarCounts out;
  auto bound = BoundFilter::Bind(filter, file.schema());
  EXPECT_OK(bound.status());
  auto names = RowReader::Open(file);
  EXPECT_OK(names.status());
  if (!bound.ok() || !names.ok()) return out;
  const std::vector<std::string> top = (*names)->field_names();
  ColumnarReaderOptions o;
  o.filter = filter;
  o.batch_levels = batch_levels;
  auto reader = ColumnarReader::Open(file, o);
  EXPECT_OK(reader.status());
  if (!reader.ok()) return out;
  ColumnarBatch batch;
  size_t at = 0;
  for (int rg = 0; rg < file.metadata().num_row_groups(); ++rg) {
    SCOPED_TRACE("row group " + std::to_string(rg));
    const auto n = static_cast<size_t>(file.metadata().row_group(rg).num_rows());
    std::vector<Value> expected;
    for (size_t i = at; i < at + n; ++i) {
      if (bound->Matches(all[i])) expected.push_back(all[i]);
    }
    at += n;
    EXPECT_OK((*reader)->ReadRowGroup(rg, &batch));
    EXPECT_EQ(batch.num_rows, static_cast<int64_t>(expected.size()));
    for (const ColumnarLeaf& leaf : batch.leaves) testing::ExpectLeafMatchesRows(leaf, expected, top);
  }
  out.pages_skipped = (*reader)->pages_skipped();
  out.pruning = (*reader)->pruning();
  return out;
}

TEST(PageHeaderStatsTest, PrunesPagesWithoutAPageIndex) {
  for (const bool v2 : {false, true}) {
    SCOPED_TRACE(v2 ? "v2 pages" : "v1 pages");
    const std::string path = WriteFile("page_header_stats.parquet", v2, 3000);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    ASSERT_FALSE(file->ReadPageIndex(0, 0).ok() && file->ReadPageIndex(0, 0)->column_index);
    ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAllRows(*file));
    ASSERT_OK_AND_ASSIGN(Filter filter, ParseFilter("id BETWEEN 1234 AND 1301", file->schema()));
    const std::vector<Value> expected = Matching(*file, all, filter);
    ASSERT_EQ(expected.size(), 68u);

    RowReaderOptions o;
    o.filter = filter;
    ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, o));
    ASSERT_OK_AND_ASSIGN(std::vector<Value> got, Drain(*reader));
    EXPECT_EQ(got, expected);
    // id's 30 pages: the two holding 1200..1399 are read, the others'
    // headers prove them out.
    EXPECT_EQ(reader->pruning().pages_by_page_statistics, 28);
    EXPECT_EQ(reader->pruning().by_page_statistics, 0);
    // Every column has 30 pages of 100 rows.  The 12 before row 1200 are
    // passed over undecompressed in id, s and x (and in the list with v2
    // pages; its v1 pages give no row count: read and dropped); those after
    // row 1400 are not read at all.
    EXPECT_EQ(reader->pages_skipped(), v2 ? 4 * 12 : 3 * 12);
    EXPECT_EQ(reader->pages_read(), v2 ? 4 * 2 : 3 * 2 + 14);
    EXPECT_EQ(reader->rows_pruned(), 2800);

    const ColumnarCounts c = CheckColumnar(*file, filter, all, 8192);
    EXPECT_EQ(c.pruning.pages_by_page_statistics, 28);
    EXPECT_EQ(c.pages_skipped, v2 ? 4 * 12 : 3 * 12);

    // Without page pruning nothing is pruned by the headers, and the rows
    // are the same.
    o.pruning = Pruning::kRowGroups;
    ASSERT_OK_AND_ASSIGN(std::vector<Value> unpruned, testing::ReadAllRows(*file, o));
    EXPECT_EQ(unpruned, expected);
    std::filesystem::remove(path);
  }
}

TEST(PageHeaderStatsTest, RowGroupPrunedWhenNoPageCanMatch) {
  for (const bool v2 : {false, true}) {
    SCOPED_TRACE(v2 ? "v2 pages" : "v1 pages");
    // ids 0..999 then 1100..2099: the chunk's bounds hold 1050, no page does.
    const std::string path = WriteFile("page_header_stats_hole.parquet", v2, 2000, 1000, 1100);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAllRows(*file));
    ASSERT_OK_AND_ASSIGN(Filter filter, ParseFilter("id = 1050 OR (id > 1080 AND id < 1100)", file->schema()));
    RowReaderOptions o;
    o.filter = filter;
    ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, o));
    Value v;
    ASSERT_OK_AND_ASSIGN(bool more, reader->Next(&v));
    EXPECT_FALSE(more);
    EXPECT_EQ(reader->pruning().by_statistics, 0);
    EXPECT_EQ(reader->pruning().by_page_statistics, 1);
    ASSERT_EQ(reader->pruning().row_groups.size(), 1u);
    EXPECT_EQ(reader->pruning().row_groups[0], RowGroupPruning::Outcome::kPageStatistics);
    EXPECT_EQ(RowGroupOutcomeName(RowGroupPruning::Outcome::kPageStatistics), "page statistics");
    EXPECT_EQ(reader->pages_read(), 0);

    const ColumnarCounts c = CheckColumnar(*file, filter, all, 8192);
    EXPECT_EQ(c.pruning.by_page_statistics, 1);
    // One row either side of the hole: kept.
    ASSERT_OK_AND_ASSIGN(Filter edges, ParseFilter("id = 999 OR id = 1100", file->schema()));
    o.filter = edges;
    ASSERT_OK_AND_ASSIGN(std::vector<Value> got, testing::ReadAllRows(*file, o));
    EXPECT_EQ(got, Matching(*file, all, edges));
    EXPECT_EQ(got.size(), 2u);
    std::filesystem::remove(path);
  }
}

// The headers read to prune by their statistics count in bytes_read(): a
// row group all of whose pages are pruned reads nothing but id's headers,
// exactly their bytes from a mapped file (a file read by windows peeks a
// little more than each header).
TEST(PageHeaderStatsTest, HeaderReadsCountInBytesRead) {
  for (const bool v2 : {false, true}) {
    SCOPED_TRACE(v2 ? "v2 pages" : "v1 pages");
    const std::string path = WriteFile("page_header_stats_bytes_" + std::to_string(getpid()) + ".parquet", v2,
                                       2000, 1000, 1100);
    for (const bool mmap : {true, false}) {
      SCOPED_TRACE(mmap ? "mapped" : "read by windows");
      ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path, ReaderOptions{}, mmap));
      const int id = file->schema().FindColumnIndex("id");
      ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*file, 0, id));
      int64_t header_bytes = 0;
      for (const PageInfo& p : pages) header_bytes += p.header_size;
      ASSERT_OK_AND_ASSIGN(Filter filter, ParseFilter("id = 1050", file->schema()));
      const int64_t chunk_bytes = file->metadata().row_group(0).column(id).total_compressed_size();

      RowReaderOptions o;
      o.filter = filter;
      ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, o));
      ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, Drain(*reader));
      EXPECT_TRUE(rows.empty());
      ASSERT_EQ(reader->pruning().by_page_statistics, 1);
      EXPECT_EQ(reader->pages_read(), 0);
      ColumnarReaderOptions co;
      co.filter = filter;
      ASSERT_OK_AND_ASSIGN(auto columnar, ColumnarReader::Open(*file, co));
      ColumnarBatch batch;
      ASSERT_OK(columnar->ReadRowGroup(0, &batch));
      ASSERT_EQ(columnar->pruning().by_page_statistics, 1);
      for (const int64_t bytes : {reader->bytes_read(), columnar->bytes_read()}) {
        if (mmap) {
          EXPECT_EQ(bytes, header_bytes);
        } else {
          EXPECT_GE(bytes, header_bytes);
          EXPECT_LT(bytes, chunk_bytes);
        }
      }
      // Without page pruning no header is read ahead: the row group is read.
      o.pruning = Pruning::kRowGroups;
      ASSERT_OK_AND_ASSIGN(auto unpruned, RowReader::Open(*file, o));
      ASSERT_OK_AND_ASSIGN(std::vector<Value> none, Drain(*unpruned));
      EXPECT_TRUE(none.empty());
      EXPECT_GE(unpruned->bytes_read(), chunk_bytes);
    }
    std::filesystem::remove(path);
  }
}

// Two filter columns cut into pages at different rows (an int64 key, and a
// longer string whose pages hold fewer rows): their rows are intersected
// (AND) or united (OR) segment by segment.
TEST(PageHeaderStatsTest, FilterColumnsWithDifferentPageBoundaries) {
  for (const bool v2 : {false, true}) {
    SCOPED_TRACE(v2 ? "v2 pages" : "v1 pages");
    const std::string path = WriteFile("page_header_stats_bounds.parquet", v2, 3000);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAllRows(*file));
    int64_t pruned_pages = 0;
    for (const char* text : {"id >= 1000 AND s < 'value-101050'", "id < 150 OR s >= 'value-102950'",
                             "NOT (id < 2000) AND s BETWEEN 'value-102010' AND 'value-102013'",
                             "id BETWEEN 420 AND 460 AND x IS NULL", "s = 'value-100777' OR id = 2999"}) {
      SCOPED_TRACE(text);
      ASSERT_OK_AND_ASSIGN(Filter filter, ParseFilter(text, file->schema()));
      const std::vector<Value> expected = Matching(*file, all, filter);
      for (Pruning pruning : {Pruning::kRowGroups, Pruning::kPages}) {
        RowReaderOptions o;
        o.filter = filter;
        o.pruning = pruning;
        ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, o));
        ASSERT_OK_AND_ASSIGN(std::vector<Value> got, Drain(*reader));
        EXPECT_EQ(got, expected);
        pruned_pages += reader->pruning().pages_by_page_statistics;
      }
      CheckColumnar(*file, filter, all, 7);
    }
    EXPECT_GT(pruned_pages, 100);
    std::filesystem::remove(path);
  }
}

// Random files (random row groups, page sizes and rows per page, nested
// columns, v1 and v2 pages, dictionaries or DELTA / BYTE_STREAM_SPLIT
// encodings, mostly without a page index) and random predicates: every
// pruning level of RowReader, and ColumnarReader (its selective decode with
// tiny and large batches), return the unfiltered rows filtered row by row.
TEST(PageHeaderStatsTest, RandomFilesNeverLoseARow) {
  const std::string path = ::testing::TempDir() + "/page_header_stats_random.parquet";
  const std::optional<Encoding> encodings[] = {std::nullopt, Encoding::kDeltaBinaryPacked,
                                               Encoding::kDeltaLengthByteArray, Encoding::kDeltaByteArray,
                                               Encoding::kByteStreamSplit};
  int64_t predicates = 0, selected = 0, header_pruned = 0;
  for (uint32_t seed = 1; seed <= 20; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    testing::RandomFilterFile gen(seed * 7919, /*nested=*/seed % 3 != 0);
    testing::RandomFilterFile::Layout layout;
    layout.page_index = seed % 5 == 0;
    layout.data_page_v2 = seed % 2 == 0;
    layout.encoding = encodings[seed % 5];
    layout.max_rows_per_page = gen.Uniform(1, 12);
    gen.set_layout(layout);
    gen.Write(/*sorted=*/seed % 4 < 2, path);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAllRows(*file));
    for (int p = 0; p < 10; ++p) {
      const Filter filter = gen.Predicate(2);
      SCOPED_TRACE(filter.ToString());
      const std::vector<Value> expected = Matching(*file, all, filter);
      for (Pruning pruning : {Pruning::kNone, Pruning::kRowGroups, Pruning::kPages}) {
        RowReaderOptions o;
        o.filter = filter;
        o.pruning = pruning;
        o.batch_levels = p % 3 == 0 ? 3 : 4096;
        ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, o));
        ASSERT_OK_AND_ASSIGN(std::vector<Value> got, Drain(*reader));
        EXPECT_EQ(got, expected) << "pruning " << static_cast<int>(pruning);
        header_pruned += reader->pruning().pages_by_page_statistics;
      }
      CheckColumnar(*file, filter, all, p % 2 == 0 ? 5 : 8192);
      ++predicates;
      selected += static_cast<int64_t>(expected.size());
    }
  }
  std::filesystem::remove(path);
  EXPECT_EQ(predicates, 200);
  EXPECT_GT(selected, 0);
  EXPECT_GT(header_pruned, 0);
}

}  // namespace
}  // namespace parq
