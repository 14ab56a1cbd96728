// Page pruning and page skipping (docs/filter.md, "What prunes"): a filter
// on a sorted key reads only the pages holding its rows, in every projected
// column, whatever their page boundaries; the property over random files at
// every pruning level; SkipRows past pages by their headers without an index.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "filter/page_skip_util.h"
#include "parq/file_writer.h"
#include "parq/row_writer.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using page_skip_test::Expected;
using page_skip_test::RandomPagedFile;
using page_skip_test::Read;
using page_skip_test::ReadAll;
using page_skip_test::WriteSorted;

TEST(PageSkipTest, SortedKeyReadsOnlyThePagesOfItsRows) {
  struct Variant {
    const char* name;
    bool v2;
    Compression compression;
    bool mmap;
    int64_t chunk_read_size;
  };
  for (const Variant& v : {Variant{"v1", false, Compression::kUncompressed, false, 4 << 20},
                           Variant{"v2 zstd", true, Compression::kZstd, false, 4 << 20},
                           Variant{"v1 snappy mmap", false, Compression::kSnappy, true, 4 << 20},
                           Variant{"v2 small windows", true, Compression::kUncompressed, false, 512}}) {
    SCOPED_TRACE(v.name);
    const std::string path = WriteSorted(::testing::TempDir(), "page_skip_sorted.parquet", v.v2, v.compression);
    ReaderOptions ro;
    ro.chunk_read_size = v.chunk_read_size;
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path, ro, v.mmap));
    ASSERT_OK_AND_ASSIGN(Read full, ReadAll(RowSource::FromFile(*file), {}));
    for (const char* where : {"k = 12345", "k BETWEEN 5000 AND 5049", "k >= 19990 OR k < 3",
                              "k IN (7, 15000) AND s IS NOT NULL"}) {
      SCOPED_TRACE(where);
      RowReaderOptions o;
      o.columns = {"s", "tags"};
      ASSERT_OK_AND_ASSIGN(o.filter, ParseFilter(where, file->schema()));
      ASSERT_OK_AND_ASSIGN(std::vector<Value> expected, Expected(*file, *o.filter, o.columns));
      ASSERT_OK_AND_ASSIGN(Read got, ReadAll(RowSource::FromFile(*file), o));
      EXPECT_EQ(got.rows, expected);
      EXPECT_GE(got.rows_pruned, 19000);  // pages of up to 250 rows
      // Three columns of 80 pages or more each: a few pages per column are read.
      EXPECT_LE(got.pages_read, 12);
      EXPECT_GE(got.pages_skipped, 230);
      // The pages read and the headers of the pages skipped (checked against
      // the offset index), which weigh more beside small compressed pages.
      const int64_t ratio = v.compression == Compression::kUncompressed ? 10 : 3;
      EXPECT_LT(got.bytes_read * ratio, static_cast<int64_t>(file->file().size()));
      // Without page pruning, every page of the filter's columns is read (k:
      // 80 pages or more); late materialization still passes over the other
      // columns' pages that hold no matching row.
      o.pruning = RowReaderOptions::Pruning::kRowGroups;
      ASSERT_OK_AND_ASSIGN(Read unpruned, ReadAll(RowSource::FromFile(*file), o));
      EXPECT_EQ(unpruned.rows, expected);
      EXPECT_GE(unpruned.pages_read, 80);
      // k's pages alone weigh more than twice what the pruned read reads.
      EXPECT_GT(unpruned.bytes_read, got.bytes_read * 2);
    }
    std::filesystem::remove(path);
  }
}

TEST(PageSkipTest, FilteredReadEqualsUnfilteredThenFilteredAtEveryLevel) {
  const std::string path = ::testing::TempDir() + "/page_skip_random.parquet";
  int64_t checks = 0, pages_skipped = 0;
  for (uint32_t seed = 1; seed <= 40; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    RandomPagedFile gen(seed);
    ASSERT_GE(gen.Write(path, /*sorted=*/seed % 3 != 0), 0);
    ReaderOptions ro;
    if (gen.Uniform(0, 1) == 1) ro.chunk_read_size = gen.Uniform(64, 2048);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path, ro, /*mmap=*/gen.Uniform(0, 3) == 0));
    for (int p = 0; p < 12; ++p) {
      RowReaderOptions o;
      o.filter = gen.Predicate(2);
      SCOPED_TRACE(o.filter->ToString());
      switch (gen.Uniform(0, 3)) {
        case 0: break;  // every column
        case 1: o.columns = {"tags"}; break;
        case 2: o.columns = {"st", "k"}; break;
        default: o.columns = {"s", "tags", "v"}; break;
      }
      o.batch_levels = gen.Uniform(0, 1) == 1 ? gen.Uniform(1, 7) : 4096;  // rows cut across batches
      ASSERT_OK_AND_ASSIGN(std::vector<Value> expected, Expected(*file, *o.filter, o.columns));
      for (auto level : {RowReaderOptions::Pruning::kNone, RowReaderOptions::Pruning::kRowGroups,
                         RowReaderOptions::Pruning::kPages}) {
        o.pruning = level;
        ASSERT_OK_AND_ASSIGN(Read got, ReadAll(RowSource::FromFile(*file), o));
        ASSERT_EQ(got.rows.size(), expected.size()) << "pruning level " << static_cast<int>(level);
        EXPECT_EQ(got.rows, expected) << "pruning level " << static_cast<int>(level);
        if (level == RowReaderOptions::Pruning::kPages) pages_skipped += got.pages_skipped;
        ++checks;
      }
    }
  }
  std::filesystem::remove(path);
  EXPECT_EQ(checks, 40 * 12 * 3);
  EXPECT_GT(pages_skipped, 1000);  // the page index does prune
}

// SkipRows without an OffsetIndex: v2 pages (and v1 pages of a flat
// column) are passed over by their headers, not decompressed.
TEST(PageSkipTest, SkipRowsPassesOverPagesByTheirHeaders) {
  for (bool v2 : {false, true}) {
    SCOPED_TRACE(v2 ? "v2" : "v1");
    const std::string path = WriteSorted(::testing::TempDir(), "page_skip_headers.parquet", v2, Compression::kZstd);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    for (int col = 0; col < file->schema().num_columns(); ++col) {
      SCOPED_TRACE(file->schema().column(col).dotted_path);
      ASSERT_OK_AND_ASSIGN(auto reader, file->OpenColumn(0, col));
      ASSERT_OK_AND_ASSIGN(int64_t skipped, col == 0 ? reader->As<int64_t>()->SkipRows(12345)
                                                     : col == 1 ? reader->As<ByteArray>()->SkipRows(12345)
                                                                : reader->As<int32_t>()->SkipRows(12345));
      EXPECT_EQ(skipped, 12345);
      const bool nested_v1 = col == 2 && !v2;
      if (nested_v1) {
        EXPECT_EQ(reader->pages_skipped(), 0);  // a v1 page's header does not give its rows
      } else {
        EXPECT_GT(reader->pages_skipped(), 40);
        EXPECT_LE(reader->pages_read(), 1);
      }
      if (col == 0) {
        int64_t value = 0, values = 0;
        ASSERT_OK_AND_ASSIGN(int64_t levels, reader->As<int64_t>()->ReadBatch(1, nullptr, nullptr, &value, &values));
        EXPECT_EQ(levels, 1);
        EXPECT_EQ(value, 12345);
      }
    }
    std::filesystem::remove(path);
  }
}

}  // namespace
}  // namespace parq
