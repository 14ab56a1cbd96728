// Written page indexes read back: locations match the pages, bounds contain
// every value, and the exact bounds, null pages, boundary order, NaN counts,
// truncation and level histograms are what the data says; v1 and v2 pages.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>

#include "page_index_check_util.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

template <typename V>
std::string B(V v) {
  return std::string(reinterpret_cast<const char*>(&v), sizeof(V));
}

// Writes `rows` rows of one column through `write(writer, begin, end)` in
// batches of `rows_per_page` (max_rows_per_page), returns the file bytes.
template <typename Fn>
std::string Write(const Schema& schema, WriterOptions options, int64_t rows, Fn write) {
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), schema, options);
  EXPECT_OK(w);
  if (!w.ok()) return {};
  for (int64_t begin = 0; begin < rows; begin += 100) {
    EXPECT_OK(write(**w, begin, std::min(rows, begin + 100)));
  }
  EXPECT_OK((*w)->Close());
  return sink->bytes();
}

std::unique_ptr<FileReader> Open(const std::string& bytes) {
  auto r = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)));
  EXPECT_OK(r);
  return r.ok() ? std::move(*r) : nullptr;
}

WriterOptions SmallPages(bool v2) {
  WriterOptions o;
  o.max_rows_per_page = 100;
  o.data_page_v2 = v2;
  return o;
}

class PageIndexWriteTest : public ::testing::TestWithParam<bool> {};  // v2 pages?

TEST_P(PageIndexWriteTest, AscendingInt32WithNullPage) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { optional int32 x; }"));
  // Rows 0..499; rows 200..299 are all null.
  std::string bytes = Write(s, SmallPages(GetParam()), 500, [](FileWriter& w, int64_t b, int64_t e) {
    auto* cw = *w.typed_column<int32_t>(0);
    std::vector<int16_t> def;
    std::vector<int32_t> vals;
    for (int64_t i = b; i < e; ++i) {
      bool null = i >= 200 && i < 300;
      def.push_back(null ? 0 : 1);
      if (!null) vals.push_back(static_cast<int32_t>(i));
    }
    return cw->WriteBatch(e - b, def.data(), nullptr, vals.data());
  });
  auto reader = Open(bytes);
  ASSERT_TRUE(reader);
  auto check = index_test::CheckPageIndexAgainstPages(*reader, "ascending");
  EXPECT_EQ(check.data_pages, 5);
  EXPECT_EQ(check.pages_with_statistics, 5);
  EXPECT_EQ(check.values_checked, 400);
  auto pi = reader->ReadPageIndex(0, 0);
  ASSERT_OK(pi);
  ASSERT_TRUE(pi->column_index && pi->offset_index);
  const ColumnIndex& ci = *pi->column_index;
  ASSERT_EQ(ci.num_pages(), 5);
  EXPECT_EQ(ci.boundary_order(), BoundaryOrder::kAscending);
  for (int p = 0; p < 5; ++p) {
    EXPECT_EQ(ci.null_page(p), p == 2);
    EXPECT_EQ(ci.null_count(p), p == 2 ? 100 : 0);
    if (p != 2) {
      EXPECT_EQ(ci.min<int32_t>(p), p * 100);
      EXPECT_EQ(ci.max<int32_t>(p), p * 100 + 99);
    } else {
      EXPECT_TRUE(ci.encoded_min(p).empty());
    }
    ASSERT_EQ(ci.definition_level_histogram(p).size(), 2u);
    EXPECT_EQ(ci.definition_level_histogram(p)[1], p == 2 ? 0 : 100);
    EXPECT_TRUE(ci.repetition_level_histogram(p).empty());
    EXPECT_EQ(pi->offset_index->page_locations()[size_t(p)].first_row_index, p * 100);
  }
  EXPECT_TRUE(pi->offset_index->unencoded_byte_array_data_bytes().empty());
}

TEST_P(PageIndexWriteTest, DescendingAndUnorderedDoubles) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required double d; required double u; }"));
  const double nan = std::numeric_limits<double>::quiet_NaN();
  std::string bytes = Write(s, SmallPages(GetParam()), 300, [&](FileWriter& w, int64_t b, int64_t e) {
    std::vector<double> d, u;
    for (int64_t i = b; i < e; ++i) {
      d.push_back(1000.0 - double(i));
      // Page 0: -5..94 and a NaN; page 1: 0 and -0.0 only; page 2: large.
      if (i < 100) u.push_back(i == 50 ? nan : double(i) - 5);
      else if (i < 200) u.push_back(i % 2 ? 0.0 : -0.0);
      else u.push_back(1e9 - double(i));
    }
    Status st = (*w.typed_column<double>(0))->WriteBatch(e - b, nullptr, nullptr, d.data());
    if (!st.ok()) return st;
    return (*w.typed_column<double>(1))->WriteBatch(e - b, nullptr, nullptr, u.data());
  });
  auto reader = Open(bytes);
  ASSERT_TRUE(reader);
  auto check = index_test::CheckPageIndexAgainstPages(*reader, "doubles");
  EXPECT_EQ(check.column_indexes, 2);
  EXPECT_EQ(check.values_checked, 599);  // the NaN is never compared
  auto d = reader->ReadColumnIndex(0, 0);
  ASSERT_TRUE(d.ok() && *d);
  EXPECT_EQ((*d)->boundary_order(), BoundaryOrder::kDescending);
  EXPECT_EQ((*d)->max<double>(0), 1000.0);
  auto u = reader->ReadColumnIndex(0, 1);
  ASSERT_TRUE(u.ok() && *u);
  const ColumnIndex& ci = **u;
  // Page 0 ends at 94 and page 1 is [-0, +0]: the mins go -5, -0, 799801 up,
  // but the maxes 94, 0 go down, so the order is unordered.
  EXPECT_EQ(ci.boundary_order(), BoundaryOrder::kUnordered);
  EXPECT_EQ(ci.nan_count(0), 1);
  EXPECT_EQ(ci.nan_count(1), 0);
  EXPECT_EQ(ci.encoded_min(1), B(-0.0));  // zero bounds: min -0.0, max +0.0
  EXPECT_EQ(ci.encoded_max(1), B(0.0));
  EXPECT_TRUE(std::signbit(ci.min<double>(1)));
  EXPECT_FALSE(std::signbit(ci.max<double>(1)));
}

TEST_P(PageIndexWriteTest, AllNaNPageLeavesNoColumnIndex) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required float f; }"));
  const float nan = std::numeric_limits<float>::quiet_NaN();
  std::string bytes = Write(s, SmallPages(GetParam()), 200, [&](FileWriter& w, int64_t b, int64_t e) {
    std::vector<float> f;
    for (int64_t i = b; i < e; ++i) f.push_back(i < 100 ? float(i) : nan);
    return (*w.typed_column<float>(0))->WriteBatch(e - b, nullptr, nullptr, f.data());
  });
  auto reader = Open(bytes);
  ASSERT_TRUE(reader);
  auto pi = reader->ReadPageIndex(0, 0);
  ASSERT_OK(pi);
  EXPECT_FALSE(pi->column_index);  // page 1 has values but no bounds
  ASSERT_TRUE(pi->offset_index);
  EXPECT_EQ(pi->offset_index->num_pages(), 2);
  index_test::CheckPageIndexAgainstPages(*reader, "nan");
}

TEST_P(PageIndexWriteTest, StringsTruncatedAndUnencodedBytes) {
  // Unannotated: the 0xFF bytes below are not UTF-8, which a STRING column refuses.
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required binary s; }"));
  WriterOptions o = SmallPages(GetParam());
  o.column_defaults.statistics_truncate_length = 8;
  std::vector<std::string> strings;
  for (int i = 0; i < 200; ++i) {
    // Page 0: "aaaa…" long values ending in the index; page 1 ends in 0xFF bytes.
    if (i < 100) strings.push_back(std::string(20, 'a') + std::to_string(1000 + i));
    else strings.push_back(std::string("zzzzzzz") + std::string(10, '\xFF') + char('0' + i % 10));
  }
  std::string bytes = Write(s, o, 200, [&](FileWriter& w, int64_t b, int64_t e) {
    std::vector<ByteArray> v;
    for (int64_t i = b; i < e; ++i) {
      const std::string& x = strings[size_t(i)];
      v.push_back(ByteArray{reinterpret_cast<const uint8_t*>(x.data()), uint32_t(x.size())});
    }
    return (*w.typed_column<ByteArray>(0))->WriteBatch(e - b, nullptr, nullptr, v.data());
  });
  auto reader = Open(bytes);
  ASSERT_TRUE(reader);
  auto check = index_test::CheckPageIndexAgainstPages(*reader, "strings");
  EXPECT_EQ(check.values_checked, 200);
  auto pi = reader->ReadPageIndex(0, 0);
  ASSERT_TRUE(pi.ok() && pi->column_index && pi->offset_index);
  const ColumnIndex& ci = *pi->column_index;
  EXPECT_EQ(ci.min<std::string_view>(0), "aaaaaaaa");  // prefix: still <= every value
  EXPECT_EQ(ci.max<std::string_view>(0), "aaaaaaab");  // prefix + 1: still >= every value
  EXPECT_EQ(ci.min<std::string_view>(1), "zzzzzzz\xFF");
  EXPECT_EQ(ci.max<std::string_view>(1), "zzzzzz{");    // trailing 0xFF dropped, 'z' + 1
  EXPECT_EQ(ci.boundary_order(), BoundaryOrder::kAscending);
  const auto& ub = pi->offset_index->unencoded_byte_array_data_bytes();
  ASSERT_EQ(ub.size(), 2u);
  EXPECT_EQ(ub[0], 100 * 24);
  EXPECT_EQ(ub[1], 100 * 18);
}

TEST_P(PageIndexWriteTest, DecimalFlbaSignedOrder) {
  ASSERT_OK_AND_ASSIGN(Schema s,
                       ParseMessageType("message m { required fixed_len_byte_array(2) d (DECIMAL(4,2)); }"));
  std::string bytes = Write(s, SmallPages(GetParam()), 200, [&](FileWriter& w, int64_t b, int64_t e) {
    std::vector<std::string> raw;
    for (int64_t i = b; i < e; ++i) {
      int16_t v = static_cast<int16_t>(i < 100 ? -50 + i : 300 - i);  // -50..49, then 200..101
      raw.push_back({char(uint16_t(v) >> 8), char(v & 0xFF)});
    }
    std::vector<FixedLenByteArray> v;
    for (const auto& x : raw) v.push_back(FixedLenByteArray{reinterpret_cast<const uint8_t*>(x.data())});
    return (*w.typed_column<FixedLenByteArray>(0))->WriteBatch(e - b, nullptr, nullptr, v.data());
  });
  auto reader = Open(bytes);
  ASSERT_TRUE(reader);
  auto check = index_test::CheckPageIndexAgainstPages(*reader, "decimal");
  EXPECT_EQ(check.values_checked, 200);
  auto ci = reader->ReadColumnIndex(0, 0);
  ASSERT_TRUE(ci.ok() && *ci);
  EXPECT_EQ((*ci)->encoded_min(0), std::string("\xFF\xCE", 2));  // -50 (signed, not 0xFFCE unsigned)
  EXPECT_EQ((*ci)->encoded_max(0), std::string("\x00\x31", 2));  // 49
  EXPECT_EQ((*ci)->boundary_order(), BoundaryOrder::kAscending);
}

TEST_P(PageIndexWriteTest, NestedListHistograms) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(
      "message m { optional group l (LIST) { repeated group list { optional int64 element; } } }"));
  // Row r: null list when r % 10 == 0, else r % 3 elements (0 = empty list), one null element
  // when r % 7 == 0.
  std::string bytes = Write(s, SmallPages(GetParam()), 300, [&](FileWriter& w, int64_t b, int64_t e) {
    std::vector<int16_t> def, rep;
    std::vector<int64_t> vals;
    for (int64_t r = b; r < e; ++r) {
      if (r % 10 == 0) {
        def.push_back(0), rep.push_back(0);
        continue;
      }
      int n = int(r % 3);
      if (n == 0) {
        def.push_back(1), rep.push_back(0);
        continue;
      }
      for (int k = 0; k < n; ++k) {
        rep.push_back(k == 0 ? 0 : 1);
        if (k == 0 && r % 7 == 0) {
          def.push_back(2);
        } else {
          def.push_back(3);
          vals.push_back(r * 10 + k);
        }
      }
    }
    return (*w.typed_column<int64_t>(0))->WriteBatch(int64_t(def.size()), def.data(), rep.data(),
                                                     vals.data());
  });
  auto reader = Open(bytes);
  ASSERT_TRUE(reader);
  auto check = index_test::CheckPageIndexAgainstPages(*reader, "nested");
  EXPECT_EQ(check.data_pages, 3);
  auto ci = reader->ReadColumnIndex(0, 0);
  ASSERT_TRUE(ci.ok() && *ci) << ci.status().ToString();
  // Sum the page histograms and compare with the chunk's SizeStatistics.
  std::vector<int64_t> def(4), rep(2);
  for (int p = 0; p < (*ci)->num_pages(); ++p) {
    ASSERT_EQ((*ci)->definition_level_histogram(p).size(), 4u);
    ASSERT_EQ((*ci)->repetition_level_histogram(p).size(), 2u);
    for (size_t k = 0; k < 4; ++k) def[k] += (*ci)->definition_level_histogram(p)[k];
    for (size_t k = 0; k < 2; ++k) rep[k] += (*ci)->repetition_level_histogram(p)[k];
  }
  auto ss = reader->metadata().row_group(0).column(0).size_statistics();
  ASSERT_TRUE(ss);
  EXPECT_EQ(def, ss->definition_level_histogram);
  EXPECT_EQ(rep, ss->repetition_level_histogram);
  EXPECT_EQ(rep[0], 300);  // one rep level 0 per row
}

TEST_P(PageIndexWriteTest, OptionOffAndStatisticsOff) {
  ASSERT_OK_AND_ASSIGN(Schema s,
                       ParseMessageType("message m { required int32 a; required int32 b; required int96 t; }"));
  WriterOptions o = SmallPages(GetParam());
  ColumnWriterOptions off;
  off.page_index = false;
  o.columns["a"] = off;
  ColumnWriterOptions nostats;
  nostats.statistics = false;
  o.columns["b"] = nostats;
  std::string bytes = Write(s, o, 250, [&](FileWriter& w, int64_t b, int64_t e) {
    std::vector<int32_t> v;
    std::vector<Int96> t;
    for (int64_t i = b; i < e; ++i) v.push_back(int32_t(i)), t.push_back(Int96{{uint32_t(i), 0, 0}});
    for (int c = 0; c < 2; ++c) {
      Status st = (*w.typed_column<int32_t>(c))->WriteBatch(e - b, nullptr, nullptr, v.data());
      if (!st.ok()) return st;
    }
    return (*w.typed_column<Int96>(2))->WriteBatch(e - b, nullptr, nullptr, t.data());
  });
  auto reader = Open(bytes);
  ASSERT_TRUE(reader);
  auto a = reader->ReadPageIndex(0, 0);
  ASSERT_OK(a);
  EXPECT_FALSE(a->column_index || a->offset_index);
  auto b = reader->ReadPageIndex(0, 1);
  ASSERT_OK(b);
  EXPECT_FALSE(b->column_index);  // no statistics: no bounds to index
  ASSERT_TRUE(b->offset_index);
  EXPECT_EQ(b->offset_index->num_pages(), 3);
  auto t = reader->ReadPageIndex(0, 2);
  ASSERT_OK(t);
  EXPECT_FALSE(t->column_index);  // INT96 has no sort order
  EXPECT_TRUE(t->offset_index);
  auto check = index_test::CheckPageIndexAgainstPages(*reader, "options");
  EXPECT_EQ(check.chunks_with_index, 2);
  EXPECT_EQ(check.pages_with_statistics, 3);  // t (a, without an index, is not walked; b has none)
}

TEST_P(PageIndexWriteTest, SeveralRowGroupsWithDictionary) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType("message m { required binary s (STRING); }"));
  WriterOptions o = SmallPages(GetParam());
  o.max_rows_per_row_group = 250;
  std::string bytes;
  {
    auto mem = std::make_unique<MemoryOutputStream>();
    MemoryOutputStream* sink = mem.get();
    auto w = FileWriter::Open(std::move(mem), s, o);
    ASSERT_OK(w);
    std::vector<std::string> keep;
    for (int64_t i = 0; i < 1000; ++i) keep.push_back("k" + std::to_string(i % 37));
    for (int64_t b = 0; b < 1000; b += 50) {
      std::vector<ByteArray> v;
      for (int64_t i = b; i < b + 50; ++i) {
        v.push_back(ByteArray{reinterpret_cast<const uint8_t*>(keep[size_t(i)].data()),
                              uint32_t(keep[size_t(i)].size())});
      }
      ASSERT_OK((*(*w)->typed_column<ByteArray>(0))->WriteBatch(50, nullptr, nullptr, v.data()));
      ASSERT_OK((*w)->MaybeEndRowGroup());
    }
    ASSERT_OK((*w)->Close());
    bytes = sink->bytes();
  }
  auto reader = Open(bytes);
  ASSERT_TRUE(reader);
  EXPECT_EQ(reader->metadata().num_row_groups(), 4);
  auto check = index_test::CheckPageIndexAgainstPages(*reader, "row groups");
  EXPECT_EQ(check.chunks_with_index, 4);
  EXPECT_EQ(check.values_checked, 1000);
  // The indexes follow the last row group, column indexes first.
  auto last = reader->metadata().row_group(3).column(0);
  int64_t data_end = last.start_offset() + last.total_compressed_size();
  auto first = reader->metadata().row_group(0).column(0);
  EXPECT_EQ(*first.column_index_offset(), data_end);
  EXPECT_LT(*reader->metadata().row_group(3).column(0).column_index_offset(),
            *first.offset_index_offset());
}

// A dictionary page's binary bounds come from the distinct entries it uses
// (see the column writer), not from every value.  Each page's bounds and the
// chunk's statistics must equal those of the same values written PLAIN and
// those computed here, and come from the page's own values only: entries
// earlier pages put into the dictionary must not widen them.  The small
// dictionary limit makes the chunk fall back to PLAIN part way.
TEST_P(PageIndexWriteTest, DictionaryPageBoundsAreThePagesOwn) {
  // Keys of 3 bytes in no sorted order; the first byte (-15..14) sets the sign
  // of a decimal and keeps it within DECIMAL(6,2)'s 6 digits.
  std::vector<std::string> keys;
  for (int k = 0; k < 64; ++k) keys.push_back({char((k * 53) % 30 - 15), char(k), char(255 - k)});
  auto key_of = [](int64_t i) { return static_cast<size_t>((i / 100) * 5 + (i * 2654435761u >> 7) % 12); };
  auto is_null = [](int64_t i) { return i % 7 == 3; };
  auto signed_less = [](const std::string& a, const std::string& b) {
    auto v = [](const std::string& x) {
      return (static_cast<int32_t>(static_cast<int8_t>(x[0])) << 16) | (static_cast<uint8_t>(x[1]) << 8) |
             static_cast<uint8_t>(x[2]);
    };
    return v(a) < v(b);
  };
  for (const std::string type : {"binary s", "fixed_len_byte_array(3) s",  // bytes, not UTF-8
                                 "fixed_len_byte_array(3) s (DECIMAL(6,2))"}) {
    SCOPED_TRACE(type);
    const bool binary = type.rfind("binary", 0) == 0, is_signed = type.find("DECIMAL") != std::string::npos;
    ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(("message m { optional " + type + "; }").c_str()));
    std::string files[2];
    for (int dict = 0; dict < 2; ++dict) {
      WriterOptions o = SmallPages(GetParam());
      o.column_defaults.dictionary = dict == 1;
      o.column_defaults.dictionary_only_if_smaller = false;
      o.column_defaults.dictionary_page_size_limit = 150;
      files[dict] = Write(s, o, 1000, [&](FileWriter& w, int64_t b, int64_t e) {
        std::vector<int16_t> def;
        std::vector<ByteArray> ba;
        std::vector<FixedLenByteArray> fl;
        for (int64_t i = b; i < e; ++i) {
          def.push_back(is_null(i) ? 0 : 1);
          if (is_null(i)) continue;
          const auto* p = reinterpret_cast<const uint8_t*>(keys[key_of(i)].data());
          ba.push_back(ByteArray{p, 3});
          fl.push_back(FixedLenByteArray{p});
        }
        if (binary) return (*w.typed_column<ByteArray>(0))->WriteBatch(e - b, def.data(), nullptr, ba.data());
        return (*w.typed_column<FixedLenByteArray>(0))->WriteBatch(e - b, def.data(), nullptr, fl.data());
      });
    }
    auto plain = Open(files[0]), dict = Open(files[1]);
    ASSERT_TRUE(plain && dict);
    const auto encodings = dict->metadata().row_group(0).column(0).encodings();
    EXPECT_NE(std::find(encodings.begin(), encodings.end(), Encoding::kRleDictionary), encodings.end());
    EXPECT_NE(std::find(encodings.begin(), encodings.end(), Encoding::kPlain), encodings.end());  // fell back
    auto ci_plain = plain->ReadColumnIndex(0, 0), ci_dict = dict->ReadColumnIndex(0, 0);
    ASSERT_TRUE(ci_plain.ok() && *ci_plain && ci_dict.ok() && *ci_dict);
    ASSERT_EQ((*ci_dict)->num_pages(), 10);
    ASSERT_EQ((*ci_plain)->num_pages(), 10);
    for (int p = 0; p < 10; ++p) {
      std::string lo, hi;
      for (int64_t i = p * 100; i < (p + 1) * 100; ++i) {
        if (is_null(i)) continue;
        const std::string& k = keys[key_of(i)];
        if (lo.empty() || (is_signed ? signed_less(k, lo) : k < lo)) lo = k;
        if (hi.empty() || (is_signed ? signed_less(hi, k) : hi < k)) hi = k;
      }
      EXPECT_EQ((*ci_dict)->encoded_min(p), lo) << "page " << p;
      EXPECT_EQ((*ci_dict)->encoded_max(p), hi) << "page " << p;
      EXPECT_EQ((*ci_plain)->encoded_min(p), lo) << "page " << p;
      EXPECT_EQ((*ci_plain)->encoded_max(p), hi) << "page " << p;
    }
    auto st_plain = plain->metadata().row_group(0).column(0).statistics();
    auto st_dict = dict->metadata().row_group(0).column(0).statistics();
    ASSERT_TRUE(st_plain && st_dict);
    EXPECT_EQ(st_dict->min_value, st_plain->min_value);
    EXPECT_EQ(st_dict->max_value, st_plain->max_value);
    EXPECT_EQ(st_dict->null_count, st_plain->null_count);
    EXPECT_EQ(st_dict->null_count, 143);  // rows 3, 10, …, 997
  }
}

INSTANTIATE_TEST_SUITE_P(Pages, PageIndexWriteTest, ::testing::Values(false, true),
                         [](const auto& info) { return info.param ? "v2" : "v1"; });

}  // namespace
}  // namespace parq
