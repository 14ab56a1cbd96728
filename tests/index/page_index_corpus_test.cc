// The page index of corpus files against the pages themselves: every
// OffsetIndex location is a real data page header (walked with the page
// reader), first_row_index counts the rows before it, and every non-null
// value of a page lies within that page's ColumnIndex bounds in the column's
// sort order.
#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "file/metadata_internal.h"
#include "page/page_reader.h"
#include "parq/file_reader.h"
#include "stats/statistics_builder.h"

namespace parq {
namespace {

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

// Files whose writer (a parquet-mr test build) marked every page null_page
// although the pages hold values; the checksum tests use them, so their
// column index is only checked for shape, not against the values.
bool HasBogusNullPages(const std::string& name) {
  return name.find("checksum") != std::string::npos;
}

struct PageFacts {
  uint64_t offset = 0;
  uint64_t size = 0;       // to the next page header or the chunk end
  int64_t levels = 0;
  bool is_dictionary = false;
};

std::vector<PageFacts> WalkPages(const FileReader& reader, int rg, int col) {
  const auto& wire = MetaDataAccess::Wire(reader.metadata());
  const auto& md = *wire.row_groups[size_t(rg)].columns[size_t(col)].meta_data;
  ReaderOptions options;
  auto range = page::ComputeChunkRange(md, reader.file().size(), wire.created_by);
  EXPECT_TRUE(range.ok());
  auto pr = page::PageReader::Open(reader.file(), md, options, wire.created_by);
  EXPECT_TRUE(pr.ok()) << pr.status().ToString();
  std::vector<PageFacts> out;
  page::Page page;
  while (true) {
    auto more = (*pr)->Next(&page);
    EXPECT_TRUE(more.ok()) << more.status().ToString();
    if (!more.ok() || !*more) break;
    if (!out.empty()) out.back().size = page.file_offset - out.back().offset;
    out.push_back({page.file_offset, 0, page.num_values, page.type == PageType::kDictionaryPage});
  }
  if (!out.empty()) out.back().size = range->offset + range->length - out.back().offset;
  return out;
}

// The PLAIN bytes of one value.
template <typename T>
std::string Plain(const T& v, int32_t type_length) {
  if constexpr (std::is_same_v<T, ByteArray>) {
    return std::string(v.view());
  } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
    return std::string(reinterpret_cast<const char*>(v.ptr), size_t(type_length));
  } else if constexpr (std::is_same_v<T, bool>) {
    return std::string(1, v ? '\1' : '\0');
  } else {
    return std::string(reinterpret_cast<const char*>(&v), sizeof(T));
  }
}

template <typename T>
bool IsNan(const T& v, stats::CompareKind kind) {
  if constexpr (std::is_floating_point_v<T>) {
    return std::isnan(v);
  } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
    if (kind != stats::CompareKind::kFloat16) return false;
    uint16_t h;
    std::memcpy(&h, v.ptr, 2);
    return std::isnan(stats::HalfToFloat(h));
  } else {
    return false;
  }
}

// Reads the chunk page by page and checks values and rows against the index.
template <typename T>
void CheckValues(const std::string& name, const FileReader& reader, int rg, int col,
                 const std::vector<PageFacts>& data_pages, const PageIndex& pi, int64_t* checked) {
  const ColumnDescriptor& d = reader.schema().column(col);
  auto cr = reader.OpenColumn(rg, col);
  ASSERT_TRUE(cr.ok()) << cr.status().ToString();
  auto* typed = (*cr)->As<T>();
  ASSERT_NE(typed, nullptr);
  const stats::CompareKind kind = stats::CompareKindFor(d);
  int64_t rows_before = 0;
  for (size_t p = 0; p < data_pages.size(); ++p) {
    const int64_t n = data_pages[p].levels;
    std::vector<int16_t> def(size_t(n) + 1), rep(size_t(n) + 1);
    // std::vector<bool> has no data(); hold bools in a plain array.
    std::unique_ptr<T[]> values(new T[size_t(n) + 1]());
    int64_t got = 0, nonnull = 0, rows = 0;
    while (got < n) {
      int64_t vr = 0;
      auto r = typed->ReadBatch(n - got, def.data() + got, rep.data() + got,
                                values.get() + nonnull, &vr);
      ASSERT_TRUE(r.ok()) << r.status().ToString();
      ASSERT_GT(*r, 0) << name << " page " << p << " ended early";
      got += *r;
      nonnull += vr;
    }
    for (int64_t i = 0; i < n; ++i) {
      if (d.max_repetition_level == 0 || rep[size_t(i)] == 0) ++rows;
    }
    if (pi.offset_index) {
      EXPECT_EQ(pi.offset_index->page_locations()[p].first_row_index, rows_before)
          << name << " rg " << rg << " col " << col << " page " << p;
    }
    rows_before += rows;
    if (!pi.column_index || HasBogusNullPages(name)) continue;
    const ColumnIndex& ci = *pi.column_index;
    if (auto nc = ci.null_count(int(p))) {
      EXPECT_EQ(*nc, n - nonnull) << name << " rg " << rg << " col " << col << " page " << p;
    }
    if (ci.null_page(int(p))) {
      EXPECT_EQ(nonnull, 0) << name << " col " << col << " page " << p << " is marked all-null";
      continue;
    }
    if (kind == stats::CompareKind::kNone) continue;
    const std::string lo(ci.encoded_min(int(p))), hi(ci.encoded_max(int(p)));
    for (int64_t i = 0; i < nonnull; ++i) {
      if (IsNan(values[size_t(i)], kind)) continue;
      std::string v = Plain(values[size_t(i)], d.type_length);
      EXPECT_LE(stats::CompareEncoded(kind, d.physical_type, lo, v), 0)
          << name << " col " << col << " page " << p << " value " << i << " below min";
      EXPECT_GE(stats::CompareEncoded(kind, d.physical_type, hi, v), 0)
          << name << " col " << col << " page " << p << " value " << i << " above max";
      ++*checked;
    }
  }
}

class PageIndexCorpus : public ::testing::TestWithParam<std::string> {};

TEST_P(PageIndexCorpus, IndexMatchesPagesAndValues) {
  const std::string name = GetParam();
  auto reader = FileReader::Open(kData + name);
  ASSERT_TRUE(reader.ok()) << reader.status().ToString();
  const FileMetaData& md = (*reader)->metadata();
  int chunks_with_index = 0;
  int64_t values_checked = 0;
  for (int rg = 0; rg < md.num_row_groups(); ++rg) {
    for (int col = 0; col < md.schema().num_columns(); ++col) {
      auto pi = (*reader)->ReadPageIndex(rg, col);
      ASSERT_TRUE(pi.ok()) << pi.status().ToString();
      if (!pi->offset_index && !pi->column_index) continue;
      ++chunks_with_index;
      std::vector<PageFacts> pages = WalkPages(**reader, rg, col);
      std::vector<PageFacts> data_pages;
      for (const auto& p : pages) {
        if (!p.is_dictionary) data_pages.push_back(p);
      }
      if (pi->offset_index) {
        const auto& locs = pi->offset_index->page_locations();
        ASSERT_EQ(locs.size(), data_pages.size()) << name << " rg " << rg << " col " << col;
        for (size_t p = 0; p < locs.size(); ++p) {
          EXPECT_EQ(uint64_t(locs[p].offset), data_pages[p].offset) << name << " page " << p;
          EXPECT_EQ(uint64_t(locs[p].compressed_page_size), data_pages[p].size)
              << name << " page " << p;
        }
      }
      if (pi->column_index) {
        ASSERT_EQ(size_t(pi->column_index->num_pages()), data_pages.size());
      }
      switch (md.schema().column(col).physical_type) {
#define CASE(K, T)                                                                   \
  case PhysicalType::K:                                                              \
    CheckValues<T>(name, **reader, rg, col, data_pages, *pi, &values_checked);       \
    break;
        CASE(kBoolean, bool)
        CASE(kInt32, int32_t)
        CASE(kInt64, int64_t)
        CASE(kInt96, Int96)
        CASE(kFloat, float)
        CASE(kDouble, double)
        CASE(kByteArray, ByteArray)
        CASE(kFixedLenByteArray, FixedLenByteArray)
#undef CASE
      }
    }
  }
  EXPECT_GT(chunks_with_index, 0) << name;
  // (datapage_v2_empty_datapage holds one empty page: nothing to compare.)
  if (!HasBogusNullPages(name) && name.find("empty_datapage") == std::string::npos) {
    EXPECT_GT(values_checked, 0) << name;
  }
}

INSTANTIATE_TEST_SUITE_P(
    Corpus, PageIndexCorpus,
    ::testing::Values("alltypes_tiny_pages.parquet", "alltypes_tiny_pages_plain.parquet",
                      "binary_truncated_min_max.parquet", "data_index_bloom_encoding_stats.parquet",
                      "data_index_bloom_encoding_with_length.parquet",
                      "datapage_v1-snappy-compressed-checksum.parquet",
                      "datapage_v2_empty_datapage.snappy.parquet",
                      "delta_encoding_required_column.parquet", "dict-page-offset-zero.parquet",
                      "fixed_length_byte_array.parquet", "floating_orders_nan_count.parquet",
                      "hadoop_lz4_compressed_larger.parquet", "incorrect_map_schema.parquet",
                      "int32_with_null_pages.parquet", "old_list_structure.parquet",
                      "plain-dict-uncompressed-checksum.parquet", "repeated_primitive_no_list.parquet",
                      "rle-dict-snappy-checksum.parquet"),
    [](const auto& info) {
      std::string s = info.param.substr(0, info.param.find(".parquet"));
      for (char& c : s) {
        if (!std::isalnum(static_cast<unsigned char>(c))) c = '_';
      }
      return s;
    });

}  // namespace
}  // namespace parq
