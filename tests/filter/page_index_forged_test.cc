// A page index that contradicts the pages never makes a filtered read
// return wrong rows: the RowSource hands the reader a forged ColumnIndex or
// OffsetIndex (as a file could hold one), and the read either ignores the
// index (it contradicts itself or the chunk: the pages are read as without
// one) or ends in a kCorrupt error naming the offset index.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "filter/page_skip_util.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using page_skip_test::Expected;
using page_skip_test::Read;
using page_skip_test::ReadAll;
using page_skip_test::WriteSorted;

using Forge = std::function<void(int column, PageIndex* index)>;

class PageIndexForgedTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = WriteSorted(::testing::TempDir(), "page_index_forged.parquet", false, Compression::kUncompressed);
    ASSERT_FALSE(path_.empty());
    ASSERT_OK_AND_ASSIGN(file_, FileReader::Open(path_));
  }
  void TearDown() override { std::filesystem::remove(path_); }

  RowSource Forged(Forge forge) const {
    RowSource src = RowSource::FromFile(*file_);
    const FileReader* f = file_.get();
    src.page_index = [f, forge](int rg, int col) -> Result<PageIndex> {
      PARQ_ASSIGN_OR_RETURN(PageIndex pi, f->ReadPageIndex(rg, col));
      forge(col, &pi);
      return pi;
    };
    return src;
  }

  // The filtered read through the forged index: the expected rows, or (when
  // `may_fail`) a kCorrupt naming the offset index.  Returns whether it failed.
  bool Check(const std::string& where, Forge forge, bool may_fail) {
    SCOPED_TRACE(where);
    RowReaderOptions o;
    o.columns = {"k", "s", "tags"};
    auto filter = ParseFilter(where, file_->schema());
    EXPECT_OK(filter.status());
    if (!filter.ok()) return false;
    o.filter = *filter;
    auto expected = Expected(*file_, *o.filter, o.columns);
    EXPECT_OK(expected.status());
    if (!expected.ok()) return false;
    Result<Read> got = ReadAll(Forged(forge), o);
    if (!got.ok()) {
      EXPECT_TRUE(may_fail) << got.status().ToString();
      EXPECT_STATUS_HAS(got.status(), StatusCode::kCorrupt, "offset index");
      return true;
    }
    EXPECT_EQ(got->rows, *expected);
    return false;
  }

  static std::vector<PageLocation>& Locations(PageIndex* pi) {
    return const_cast<std::vector<PageLocation>&>(pi->offset_index->page_locations());
  }
  static ColumnIndex::Parts& Parts(PageIndex* pi) { return const_cast<ColumnIndex::Parts&>(pi->column_index->parts()); }

  std::string path_;
  std::unique_ptr<FileReader> file_;
};

constexpr const char* kWhere[] = {"k BETWEEN 2600 AND 2610", "k = 19999", "k < 3 OR k = 7000"};

TEST_F(PageIndexForgedTest, WrongFirstRowIndexIsAnError) {
  // Page 10's first row moved: the pages before or at it hold other rows.
  for (int column : {0, 1}) {
    SCOPED_TRACE("column " + std::to_string(column));
    int failed = 0;
    for (const char* where : kWhere) {
      failed += Check(where, [column](int col, PageIndex* pi) {
        if (col == column && pi->offset_index && pi->offset_index->num_pages() > 11) Locations(pi)[10].first_row_index += 40;
      }, /*may_fail=*/true);
    }
    EXPECT_GT(failed, 0);
  }
  // Every first row moved by the same amount (but the first): only the
  // counts of page 0 and the last page are wrong.
  EXPECT_TRUE(Check("k BETWEEN 2600 AND 2610", [](int col, PageIndex* pi) {
    if (col != 0 || !pi->offset_index) return;
    for (size_t i = 1; i < Locations(pi).size(); ++i) Locations(pi)[i].first_row_index += 3;
  }, /*may_fail=*/true));
}

TEST_F(PageIndexForgedTest, LocationsThatDoNotFitTheChunkAreNotUsed) {
  const std::vector<std::pair<const char*, std::function<void(std::vector<PageLocation>&)>>> cases = {
      {"overlapping", [](std::vector<PageLocation>& l) { l[5].offset = l[4].offset + 1; }},
      {"out of the file", [](std::vector<PageLocation>& l) { l.back().offset = int64_t{1} << 40; }},
      {"offsets not monotonic", [](std::vector<PageLocation>& l) { std::swap(l[3].offset, l[4].offset); }},
      {"first rows decreasing", [](std::vector<PageLocation>& l) { l[6].first_row_index = l[4].first_row_index - 1; }},
      {"first row past the row group", [](std::vector<PageLocation>& l) { l.back().first_row_index = 1 << 20; }},
      {"negative size", [](std::vector<PageLocation>& l) { l[2].compressed_page_size = -5; }},
  };
  for (const auto& c : cases) {
    // Named copies: clang 14 cannot capture a structured binding in a lambda.
    const auto& name = c.first;
    const auto& edit = c.second;
    SCOPED_TRACE(name);
    for (int column : {0, 1, 2}) {
      for (const char* where : kWhere) {
        EXPECT_FALSE(Check(where, [&, column](int col, PageIndex* pi) {
          if (col == column && pi->offset_index) edit(Locations(pi));
        }, /*may_fail=*/false));
      }
    }
  }
}

TEST_F(PageIndexForgedTest, LocationsThatMissThePagesAreAnError) {
  // In order and inside the chunk, but not where the pages are.
  const std::vector<std::pair<const char*, std::function<void(std::vector<PageLocation>&)>>> cases = {
      {"offset inside a page", [](std::vector<PageLocation>& l) { l[20].offset += 7; l[20].compressed_page_size -= 7; }},
      {"size too small", [](std::vector<PageLocation>& l) { l[20].compressed_page_size -= 1; }},
      {"pages merged", [](std::vector<PageLocation>& l) {
         l[19].compressed_page_size += l[20].compressed_page_size;
         l.erase(l.begin() + 20);
       }},
  };
  for (const auto& c : cases) {
    // Named copies: clang 14 cannot capture a structured binding in a lambda.
    const auto& name = c.first;
    const auto& edit = c.second;
    SCOPED_TRACE(name);
    // (k's pages merged: its two halves then list different page counts,
    // and its index is not used at all.)
    for (int column : std::string(name) == "pages merged" ? std::vector<int>{1, 2} : std::vector<int>{0, 1, 2}) {
      int failed = 0;
      for (const char* where : {"k BETWEEN 5000 AND 5010", "k >= 0"}) {
        failed += Check(where, [&, column](int col, PageIndex* pi) {
          if (col == column && pi->offset_index && pi->offset_index->num_pages() > 21) edit(Locations(pi));
        }, /*may_fail=*/true);
      }
      EXPECT_GT(failed, 0);
    }
  }
}

TEST_F(PageIndexForgedTest, ColumnIndexThatContradictsItselfPrunesNothingWrong) {
  const std::vector<std::pair<const char*, std::function<void(ColumnIndex::Parts&)>>> cases = {
      {"min > max", [](ColumnIndex::Parts& p) { std::swap(p.min_values[10], p.max_values[10]); }},
      {"null_pages too short", [](ColumnIndex::Parts& p) { p.null_pages.pop_back(); }},
      {"null_pages too long", [](ColumnIndex::Parts& p) { p.null_pages.push_back(false); }},
      {"null_counts too short", [](ColumnIndex::Parts& p) { p.null_counts.resize(3); }},
      {"null page with values", [](ColumnIndex::Parts& p) {
         p.null_pages[10] = true;
         p.min_values[10].clear();
         p.max_values[10].clear();
         if (!p.null_counts.empty()) p.null_counts[10] = 0;
       }},
      {"ascending, but not", [](ColumnIndex::Parts& p) {
         std::swap(p.min_values[3], p.min_values[12]);
         std::swap(p.max_values[3], p.max_values[12]);
       }},
      {"bounds of the wrong width", [](ColumnIndex::Parts& p) { p.min_values[10].resize(3); }},
  };
  for (const auto& c : cases) {
    // Named copies: clang 14 cannot capture a structured binding in a lambda.
    const auto& name = c.first;
    const auto& edit = c.second;
    SCOPED_TRACE(name);
    for (const char* where : {"k BETWEEN 2600 AND 2610", "k = 750", "k IS NOT NULL AND k > 19000"}) {
      EXPECT_FALSE(Check(where, [&](int col, PageIndex* pi) {
        if (col == 0 && pi->column_index) edit(Parts(pi));
      }, /*may_fail=*/false));
    }
  }
  // The two halves disagree about the page count: the index is not used.
  EXPECT_FALSE(Check("k = 4321", [](int col, PageIndex* pi) {
    if (col == 0 && pi->offset_index) Locations(pi).pop_back();
  }, /*may_fail=*/false));
}

}  // namespace
}  // namespace parq
