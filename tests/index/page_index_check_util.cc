// Checks a file's page index against its pages: see page_index_check_util.h.
#include "page_index_check_util.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "file/metadata_internal.h"
#include "page/page_reader.h"
#include "stats/statistics_builder.h"
#include "testing/status_macros.h"

namespace parq::index_test {

Result<std::vector<PageFacts>> WalkPages(const FileReader& reader, int rg, int col) {
  const auto& wire = MetaDataAccess::Wire(reader.metadata());
  PARQ_ASSIGN_OR_RETURN(auto chunk, MetaDataAccess::Chunk(reader.metadata(), rg, col));
  const auto& md = *chunk->meta_data;
  ReaderOptions options;
  const auto created_by = thrift::ToStdString(wire.created_by);
  PARQ_ASSIGN_OR_RETURN(auto range, page::ComputeChunkRange(md, reader.file().size(), created_by));
  PARQ_ASSIGN_OR_RETURN(auto pr, page::PageReader::Open(reader.file(), md, options, created_by));
  std::vector<PageFacts> out;
  page::Page page;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, pr->Next(&page));
    if (!more) break;
    if (!out.empty()) out.back().size = page.file_offset - out.back().offset;
    out.push_back({page.file_offset, 0, page.num_values, page.type == PageType::kDictionaryPage,
                   page.statistics != nullptr});
  }
  if (!out.empty()) out.back().size = range.offset + range.length - out.back().offset;
  return out;
}

namespace {

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
                 const std::vector<PageFacts>& data_pages, const PageIndex& pi, bool check_values,
                 int64_t* checked) {
  const ColumnDescriptor& d = reader.schema().column(col);
  auto cr = reader.OpenColumn(rg, col);
  ASSERT_OK(cr);
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
      ASSERT_OK(r);
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
    if (!pi.column_index || !check_values) continue;
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

}  // namespace

IndexCheck CheckPageIndexAgainstPages(const FileReader& reader, const std::string& name,
                                      bool check_values) {
  IndexCheck result;
  const FileMetaData& md = reader.metadata();
  for (int rg = 0; rg < md.num_row_groups(); ++rg) {
    for (int col = 0; col < md.schema().num_columns(); ++col) {
      auto pi = reader.ReadPageIndex(rg, col);
      EXPECT_OK(pi);
      if (!pi.ok()) continue;
      if (!pi->offset_index && !pi->column_index) continue;
      ++result.chunks_with_index;
      if (pi->column_index) ++result.column_indexes;
      auto pages = WalkPages(reader, rg, col);
      EXPECT_OK(pages) << name << " rg " << rg << " col " << col;
      if (!pages.ok()) continue;
      std::vector<PageFacts> data_pages;
      for (const auto& p : *pages) {
        if (!p.is_dictionary) data_pages.push_back(p);
      }
      result.data_pages += static_cast<int64_t>(data_pages.size());
      for (const auto& p : data_pages) result.pages_with_statistics += p.has_statistics;
      if (pi->offset_index) {
        const auto& locs = pi->offset_index->page_locations();
        EXPECT_EQ(locs.size(), data_pages.size()) << name << " rg " << rg << " col " << col;
        if (locs.size() != data_pages.size()) continue;
        for (size_t p = 0; p < locs.size(); ++p) {
          EXPECT_EQ(uint64_t(locs[p].offset), data_pages[p].offset) << name << " page " << p;
          EXPECT_EQ(uint64_t(locs[p].compressed_page_size), data_pages[p].size)
              << name << " page " << p;
        }
      }
      if (pi->column_index) {
        EXPECT_EQ(size_t(pi->column_index->num_pages()), data_pages.size());
        if (size_t(pi->column_index->num_pages()) != data_pages.size()) continue;
      }
      switch (md.schema().column(col).physical_type) {
#define CASE(K, T)                                                                           \
  case PhysicalType::K:                                                                      \
    CheckValues<T>(name, reader, rg, col, data_pages, *pi, check_values, &result.values_checked); \
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
  return result;
}

}  // namespace parq::index_test
