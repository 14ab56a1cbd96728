// Round trips through FileWriter → FileReader for every physical type, several
// encodings, every codec (LZ4 as LZ4_RAW), data page v1 and v2, nulls and a repeated
// column with hand-made levels; chunk statistics recomputed from the data.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstdio>
#include <cstdlib>
#include <cmath>
#include <map>
#include <string>
#include <tuple>

#include "testing/status_macros.h"
#include "writer_test_util.h"

namespace parq::writer_test {
namespace {

constexpr int kRows = 6000;

const char* kSchemaText = R"(message m {
  required boolean b;
  optional int32 i32;
  optional int64 i64;
  optional int96 i96;
  optional float f;
  optional double d;
  optional binary s (STRING);
  optional fixed_len_byte_array(5) fl;
  optional group lst (LIST) {
    repeated group list {
      optional int64 element;
    }
  }
})";

struct Data {
  ColumnData<bool> b;
  ColumnData<int32_t> i32;
  ColumnData<int64_t> i64;
  ColumnData<Int96> i96;
  ColumnData<float> f;
  ColumnData<double> d;
  ColumnData<ByteArray> s;
  ColumnData<FixedLenByteArray> fl;
  ColumnData<int64_t> lst;
  std::vector<int64_t> lst_row_start;  // level index where each row starts (+ end)
};

template <typename T>
void Opt(ColumnData<T>* c, bool null, T v) {
  c->def.push_back(null ? 0 : 1);
  if (!null) c->values.push_back(v);
}

void Make(Data* x) {
  for (int r = 0; r < kRows; ++r) {
    x->b.values.push_back(r % 3 == 0);
    Opt<int32_t>(&x->i32, r % 7 == 0, ((r % 50) * ((r & 1) ? -1 : 1)) * 1000 + r % 3);
    Opt<int64_t>(&x->i64, r % 11 == 0, int64_t{r % 100} * int64_t{1'000'000'007} - 5);
    // Whole microseconds: DuckDB (tests/interop) reads INT96 as microseconds.
    Opt(&x->i96, r % 5 == 0, Int96{{uint32_t(r) * 1000u, 0u, uint32_t(2440000 + r % 10)}});
    Opt(&x->f, r % 13 == 0, float(r % 40) * 0.5f - 3.0f);
    Opt(&x->d, r % 17 == 0, double(r % 60) * 1.25 - 10.0);
    bool sn = r % 9 == 0;
    x->s.def.push_back(sn ? 0 : 1);
    if (!sn) {
      std::string v = "str" + std::to_string(r % 80) + (r % 4 == 0 ? std::string(30, 'x') : "");
      x->s.values.push_back(x->s.Bytes(v));
    }
    bool fn = r % 6 == 0;
    x->fl.def.push_back(fn ? 0 : 1);
    if (!fn) {
      char buf[8];
      std::snprintf(buf, sizeof(buf), "ab%03d", r % 300);
      x->fl.values.push_back(x->fl.Bytes(std::string(buf, 5)));
    }
    x->lst_row_start.push_back(static_cast<int64_t>(x->lst.def.size()));
    if (r % 10 == 0) {
      x->lst.def.push_back(0);
      x->lst.rep.push_back(0);
    } else if (r % 10 == 1) {
      x->lst.def.push_back(1);
      x->lst.rep.push_back(0);
    } else {
      int k = r % 4 + 1;
      for (int j = 0; j < k; ++j) {
        x->lst.rep.push_back(j == 0 ? 0 : 1);
        if ((r + j) % 5 == 0) {
          x->lst.def.push_back(2);
        } else {
          x->lst.def.push_back(3);
          x->lst.values.push_back(int64_t(r) * 10 + j);
        }
      }
    }
  }
  x->lst_row_start.push_back(static_cast<int64_t>(x->lst.def.size()));
}

// Expected read-back of levels [lb, le) of a column.
template <typename T>
ReadBack Expect(const ColumnData<T>& c, int64_t lb, int64_t le, int64_t vb, int16_t max_def, int type_length,
                int64_t* vend) {
  ReadBack e;
  if (!c.def.empty()) e.def.assign(c.def.begin() + lb, c.def.begin() + le);
  if (!c.rep.empty()) e.rep.assign(c.rep.begin() + lb, c.rep.begin() + le);
  int64_t nonnull = le - lb;
  if (max_def > 0) nonnull = std::count(e.def.begin(), e.def.end(), max_def);
  for (int64_t i = 0; i < nonnull; ++i) e.values.push_back(ValueBytes(c.values[vb + i], type_length));
  *vend = vb + nonnull;
  return e;
}

using Param = std::tuple<Compression, bool, std::string>;

std::string Name(const ::testing::TestParamInfo<Param>& info) {
  return std::string(CompressionName(std::get<0>(info.param))) + (std::get<1>(info.param) ? "_v2_" : "_v1_") +
         std::get<2>(info.param);
}

class RoundTripTest : public ::testing::TestWithParam<Param> {};

WriterOptions OptionsFor(const Param& p) {
  WriterOptions o;
  o.column_defaults.compression = std::get<0>(p);
  o.data_page_v2 = std::get<1>(p);
  o.data_page_size = 4096;
  o.max_rows_per_page = 700;
  const std::string& enc = std::get<2>(p);
  o.column_defaults.dictionary = enc == "dict";
  o.column_defaults.dictionary_only_if_smaller = false;  // exercise the dictionary on any data
  auto set = [&](const char* path, Encoding e) {
    ColumnWriterOptions c = o.column_defaults;
    c.encoding = e;
    o.columns[path] = c;
  };
  if (enc == "alt") {
    set("b", Encoding::kRle);
    set("i32", Encoding::kDeltaBinaryPacked);
    set("i64", Encoding::kDeltaBinaryPacked);
    set("f", Encoding::kByteStreamSplit);
    set("d", Encoding::kByteStreamSplit);
    set("s", Encoding::kDeltaByteArray);
    set("fl", Encoding::kByteStreamSplit);
    set("lst.list.element", Encoding::kDeltaBinaryPacked);
  } else if (enc == "alt2") {
    set("i32", Encoding::kByteStreamSplit);
    set("i64", Encoding::kByteStreamSplit);
    set("s", Encoding::kDeltaLengthByteArray);
    set("fl", Encoding::kDeltaByteArray);
    set("lst.list.element", Encoding::kByteStreamSplit);
  } else if (enc == "alp") {
    set("f", Encoding::kAlp);
    set("d", Encoding::kAlp);
  }
  return o;
}

TEST_P(RoundTripTest, AllTypes) {
  auto schema = ParseMessageType(kSchemaText);
  ASSERT_OK(schema);
  Data x;
  Make(&x);
  WriterOptions options = OptionsFor(GetParam());
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), *schema, options);
  ASSERT_OK(w);
  FileWriter& fw = **w;

  // Two row groups; each written in batches of 333 rows (the list column in
  // level slices that split records, which the writer must keep whole).
  const int kGroupRows[2][2] = {{0, kRows / 2}, {kRows / 2, kRows}};
  int64_t vpos[9] = {0};
  for (auto [rb, re] : kGroupRows) {
    for (int r = rb; r < re; r += 333) {
      int e = std::min(re, r + 333);
      ASSERT_OK(WriteColumn(&fw, 0, x.b, r, e, &vpos[0]));
      ASSERT_OK(WriteColumn(&fw, 1, x.i32, r, e, &vpos[1]));
      ASSERT_OK(WriteColumn(&fw, 2, x.i64, r, e, &vpos[2]));
      ASSERT_OK(WriteColumn(&fw, 3, x.i96, r, e, &vpos[3]));
      ASSERT_OK(WriteColumn(&fw, 4, x.f, r, e, &vpos[4]));
      ASSERT_OK(WriteColumn(&fw, 5, x.d, r, e, &vpos[5]));
      ASSERT_OK(WriteColumn(&fw, 6, x.s, r, e, &vpos[6]));
      ASSERT_OK(WriteColumn(&fw, 7, x.fl, r, e, &vpos[7]));
    }
    int64_t lb = x.lst_row_start[rb], le = x.lst_row_start[re];
    for (int64_t l = lb; l < le; l += 101) {
      ASSERT_OK(WriteColumn(&fw, 8, x.lst, l, std::min(le, l + 101), &vpos[8]));
    }
    ASSERT_OK(fw.EndRowGroup());
  }
  ASSERT_OK(fw.Close());
  EXPECT_EQ(fw.num_rows(), kRows);
  EXPECT_EQ(fw.num_row_groups(), 2);

  const std::string& bytes = sink->bytes();
  // Kept for interoperability checks with other readers (peers/dump.mjs);
  // none of them reads LZO or ALP.
  if (std::get<0>(GetParam()) != Compression::kLzo && std::get<2>(GetParam()) != "alp") {
    SaveWriterSample(Name(::testing::TestParamInfo<Param>(GetParam(), 0)), bytes);
  }
  ReaderOptions ro;
  ro.verify_checksums = true;
  auto reader = OpenBytes(bytes, ro);
  ASSERT_OK(reader);
  auto md = ReadMetadata(bytes);
  ASSERT_OK(md);
  ASSERT_EQ(md->row_groups.size(), 2u);
  EXPECT_EQ(md->num_rows, kRows);

  int64_t vb[9] = {0};
  for (int g = 0; g < 2; ++g) {
    auto [rb, re] = kGroupRows[g];
    EXPECT_EQ(md->row_groups[g].num_rows, re - rb);
    auto check = [&](auto tag, int col, const auto& data, int64_t lb, int64_t le) {
      using T = decltype(tag);
      const ColumnDescriptor& d = (*reader)->schema().column(col);
      ReadBack got;
      ASSERT_OK(ReadColumn<T>(**reader, g, col, &got)) << d.dotted_path;
      int64_t vend;
      ReadBack want = Expect(data, lb, le, vb[col], d.max_definition_level, d.type_length, &vend);
      vb[col] = vend;
      EXPECT_EQ(got.def, want.def) << d.dotted_path;
      EXPECT_EQ(got.rep, want.rep) << d.dotted_path;
      ASSERT_EQ(got.values.size(), want.values.size()) << d.dotted_path;
      EXPECT_TRUE(got.values == want.values) << d.dotted_path;
      const format::ColumnMetaData& cm = *md->row_groups[g].columns[col].meta_data;
      EXPECT_EQ(cm.num_values, le - lb) << d.dotted_path;
      EXPECT_EQ(cm.codec, static_cast<format::CompressionCodec>(std::get<0>(GetParam())));
      // null_count recomputed.
      ASSERT_TRUE(cm.statistics.has_value());
      int64_t nulls = static_cast<int64_t>(want.def.size()) - static_cast<int64_t>(want.values.size());
      if (d.max_definition_level == 0) nulls = 0;
      EXPECT_EQ(cm.statistics->null_count, nulls) << d.dotted_path;
      // min/max recomputed for the types whose order is plain to compute here.
      if constexpr (std::is_same_v<T, int64_t> || std::is_same_v<T, double> || std::is_same_v<T, int32_t>) {
        T lo = std::numeric_limits<T>::max(), hi = std::numeric_limits<T>::lowest();
        for (const std::string& v : want.values) {
          T t;
          std::memcpy(&t, v.data(), sizeof(T));
          lo = std::min(lo, t);
          hi = std::max(hi, t);
        }
        EXPECT_EQ(*cm.statistics->min_value, ValueBytes(lo, 0)) << d.dotted_path;
        EXPECT_EQ(*cm.statistics->max_value, ValueBytes(hi, 0)) << d.dotted_path;
        EXPECT_EQ(*cm.statistics->min, ValueBytes(lo, 0)) << d.dotted_path;  // signed: legacy too
      } else if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>) {
        auto [lo, hi] = std::minmax_element(want.values.begin(), want.values.end());
        EXPECT_EQ(*cm.statistics->min_value, *lo) << d.dotted_path;
        EXPECT_EQ(*cm.statistics->max_value, *hi) << d.dotted_path;
        EXPECT_FALSE(cm.statistics->min.has_value()) << d.dotted_path;  // unsigned: no legacy
      } else if constexpr (std::is_same_v<T, Int96>) {
        EXPECT_FALSE(cm.statistics->min_value.has_value());  // INT96: no order
      }
    };
    check(bool{}, 0, x.b, rb, re);
    check(int32_t{}, 1, x.i32, rb, re);
    check(int64_t{}, 2, x.i64, rb, re);
    check(Int96{}, 3, x.i96, rb, re);
    check(float{}, 4, x.f, rb, re);
    check(double{}, 5, x.d, rb, re);
    check(ByteArray{}, 6, x.s, rb, re);
    check(FixedLenByteArray{}, 7, x.fl, rb, re);
    check(int64_t{}, 8, x.lst, x.lst_row_start[rb], x.lst_row_start[re]);
  }
  if (std::get<2>(GetParam()) == "alp") {
    for (int col : {4, 5}) {  // f, d
      const auto& encs = md->row_groups[0].columns[col].meta_data->encodings;
      EXPECT_NE(std::find(encs.begin(), encs.end(), format::Encoding::ALP), encs.end()) << col;
    }
  }
  // Several pages per chunk; the expected encodings appear in encoding_stats.
  const format::ColumnMetaData& i64md = *md->row_groups[0].columns[2].meta_data;
  int data_pages = 0;
  bool dict_pages = false;
  for (const auto& s : *i64md.encoding_stats) {
    if (s.page_type == format::PageType::DICTIONARY_PAGE) dict_pages = true;
    else data_pages += s.count;
  }
  EXPECT_GE(data_pages, 3);
  EXPECT_EQ(dict_pages, std::get<2>(GetParam()) == "dict");
  EXPECT_EQ(i64md.dictionary_page_offset.has_value(), dict_pages);
  const format::ColumnMetaData& lmd = *md->row_groups[0].columns[8].meta_data;
  ASSERT_TRUE(lmd.size_statistics.has_value());
  EXPECT_EQ(lmd.size_statistics->definition_level_histogram->size(), 4u);
  EXPECT_EQ(lmd.size_statistics->repetition_level_histogram->size(), 2u);
}

INSTANTIATE_TEST_SUITE_P(Writer, RoundTripTest,
                         ::testing::Combine(::testing::Values(Compression::kUncompressed, Compression::kSnappy,
                                                              Compression::kGzip, Compression::kBrotli,
                                                              Compression::kZstd, Compression::kLz4Raw,
                                                              Compression::kLzo),
                                            ::testing::Bool(),
                                            ::testing::Values("plain", "dict", "alt", "alt2", "alp")),
                         Name);

}  // namespace
}  // namespace parq::writer_test
