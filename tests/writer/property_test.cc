// Property tests of the writer: random schemas holding every physical and
// logical type, nested to depth 4 with every repetition, random rows with
// nulls at every level, every encoding valid for each type, every writable
// codec, data page v1 and v2.  Written through the typed column writers,
// read back through the column readers (levels and values) and RowReader
// (whole rows); chunk statistics compared with statistics recomputed here
// from the data by the format's sort-order rules.
//
// One sweep (the first seed of every codec × page version) is kept under
// build/bin/writer_samples/ for tests/interop/interop.sh.
#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <set>
#include <string>
#include <tuple>

#include "property_gen.h"
#include "property_stats.h"
#include "testing/status_macros.h"
#include "writer_test_util.h"

namespace parq::writer_test {
namespace {

constexpr int kRowsPerFile = 240;
constexpr int kSeedsPerConfig = 2;

const Compression kCodecs[] = {Compression::kUncompressed, Compression::kSnappy, Compression::kGzip,
                               Compression::kBrotli,       Compression::kZstd,   Compression::kLz4Raw};

// The value encodings each physical type may use; kRleDictionary stands for
// "dictionary on" (falling back to PLAIN).
std::vector<Encoding> EncodingsFor(PhysicalType t) {
  using E = Encoding;
  switch (t) {
    case PhysicalType::kBoolean: return {E::kPlain, E::kRle};
    case PhysicalType::kInt32:
    case PhysicalType::kInt64: return {E::kPlain, E::kRleDictionary, E::kDeltaBinaryPacked, E::kByteStreamSplit};
    case PhysicalType::kInt96: return {E::kPlain, E::kRleDictionary};
    case PhysicalType::kFloat:
    case PhysicalType::kDouble: return {E::kPlain, E::kRleDictionary, E::kByteStreamSplit};
    case PhysicalType::kByteArray:
      return {E::kPlain, E::kRleDictionary, E::kDeltaLengthByteArray, E::kDeltaByteArray};
    case PhysicalType::kFixedLenByteArray:
      return {E::kPlain, E::kRleDictionary, E::kDeltaByteArray, E::kByteStreamSplit};
  }
  return {};
}


// Typed copies of a shredded column's values, for WriteBatch.
template <typename T>
struct TypedValues {
  Values<T> v;
  explicit TypedValues(const ShreddedColumn& c) {
    for (const std::string& b : c.values) v.push_back(ValueFromBytes<T>(b));
  }
};

template <typename F>
auto Dispatch(PhysicalType t, F&& f) {
  switch (t) {
    case PhysicalType::kBoolean: return f(bool{});
    case PhysicalType::kInt32: return f(int32_t{});
    case PhysicalType::kInt64: return f(int64_t{});
    case PhysicalType::kInt96: return f(Int96{});
    case PhysicalType::kFloat: return f(float{});
    case PhysicalType::kDouble: return f(double{});
    case PhysicalType::kByteArray: return f(ByteArray{});
    case PhysicalType::kFixedLenByteArray: return f(FixedLenByteArray{});
  }
  return f(bool{});
}

// Writes levels [lb, le) of column `col` in slices of random length (slices
// may split a record; the writer keeps records whole within a page).
template <typename T>
Status WriteSlices(FileWriter* w, int col, const ShreddedColumn& c, const TypedValues<T>& tv, int16_t max_def,
                   int16_t max_rep, int64_t lb, int64_t le, int64_t* vpos, Gen* g) {
  PARQ_ASSIGN_OR_RETURN(TypedColumnWriter<T> * cw, w->typed_column<T>(col));
  for (int64_t l = lb; l < le;) {
    int64_t n = std::min(le - l, g->Int(1, 150));
    int64_t nonnull = 0;
    for (int64_t i = l; i < l + n; ++i) nonnull += c.def[static_cast<size_t>(i)] == max_def;
    const T* vals = tv.v.empty() ? nullptr : tv.v.data() + *vpos;
    PARQ_RETURN_IF_ERROR(cw->WriteBatch(n, max_def > 0 ? c.def.data() + l : nullptr,
                                        max_rep > 0 ? c.rep.data() + l : nullptr, vals));
    *vpos += nonnull;
    l += n;
  }
  return Status::OK();
}

struct Config {
  Compression codec;
  bool v2;
  int seed;
  std::string Name() const {
    return "property_" + std::string(CompressionName(codec)) + (v2 ? "_v2" : "_v1") + "_s" + std::to_string(seed);
  }
  uint64_t RngSeed() const { return 0x9e3779b97f4a7c15ull * static_cast<uint64_t>(seed + 1); }
  // Seed 0 is the sweep kept for tests/interop: inside what DuckDB and Polars
  // read (see Gen::peer_friendly; DuckDB decodes BYTE_STREAM_SPLIT only for
  // FLOAT/DOUBLE, Polars neither it nor DELTA_BYTE_ARRAY on optional FLBA).
  bool PeerFriendly() const { return seed == 0; }
  Gen MakeGen() const {
    Gen g(RngSeed());
    g.peer_friendly = PeerFriendly();
    return g;
  }
  // Column i's encoding: rotates with the column, seed, codec and page version.
  Encoding EncodingOf(int i, const ColumnDescriptor& d) const {
    const PhysicalType t = d.physical_type;
    std::vector<Encoding> encs = EncodingsFor(t);
    if (PeerFriendly() && t != PhysicalType::kFloat && t != PhysicalType::kDouble) {
      std::erase(encs, Encoding::kByteStreamSplit);
      if (t == PhysicalType::kFixedLenByteArray) std::erase(encs, Encoding::kDeltaByteArray);
      if (d.logical_type.kind() == LogicalType::Kind::kDecimal) {  // DuckDB: delta only for strings/blobs
        std::erase(encs, Encoding::kDeltaLengthByteArray);
        std::erase(encs, Encoding::kDeltaByteArray);
      }
    }
    return encs[static_cast<size_t>(seed * 7 + i + (v2 ? 3 : 0) + static_cast<int>(codec)) % encs.size()];
  }
};

class WriterPropertyTest : public ::testing::TestWithParam<std::tuple<int, bool>> {};

void RunOne(const Config& cfg) {
  SCOPED_TRACE(cfg.Name());
  Gen g = cfg.MakeGen();
  auto schema = g.RandomSchema();
  ASSERT_OK(schema);
  SCOPED_TRACE(schema->ToString());
  const int ncols = schema->num_columns();

  std::vector<Value> rows;
  Shredder shred(*schema);
  for (int r = 0; r < kRowsPerFile; ++r) {
    rows.push_back(g.RandomRow(*schema));
    shred.Add(rows.back());
  }
  std::vector<ShreddedColumn>& cols = shred.columns();
  for (auto& c : cols) c.row_start.push_back(static_cast<int64_t>(c.def.size()));

  // Options: per column a rotating encoding; page and dictionary limits small
  // so chunks hold several pages and some dictionaries fall back.
  WriterOptions o;
  o.data_page_v2 = cfg.v2;
  o.data_page_size = g.Int(512, 4096);
  o.max_rows_per_page = g.Int(20, 120);
  o.column_defaults.compression = cfg.codec;
  const int32_t truncate = static_cast<int32_t>(g.Pick(std::vector<int64_t>{0, 8, 64}));
  for (int i = 0; i < ncols; ++i) {
    const ColumnDescriptor& d = schema->column(i);
    Encoding e = cfg.EncodingOf(i, d);
    ColumnWriterOptions c = o.column_defaults;
    c.statistics_truncate_length = truncate;
    c.dictionary = e == Encoding::kRleDictionary;
    // Random values rarely make the dictionary pay; keep it to exercise it
    // (the first-page check is covered by writer_test and the corpus loop).
    // Drawing no random number here keeps every seed's files as they were.
    c.dictionary_only_if_smaller = false;
    if (!c.dictionary) c.encoding = e;
    if (c.dictionary && g.Chance(30)) c.dictionary_page_size_limit = g.Int(16, 256);
    o.columns[d.dotted_path] = c;
  }

  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), *schema, o);
  ASSERT_OK(w);
  // Two row groups at a random row.
  const int split = static_cast<int>(g.Int(1, kRowsPerFile - 1));
  const int groups[2][2] = {{0, split}, {split, kRowsPerFile}};
  std::vector<int64_t> vpos(static_cast<size_t>(ncols), 0);
  for (const auto& group : groups) {
    const int rb = group[0], re = group[1];  // (not a structured binding: lambdas capture these)
    for (int i = 0; i < ncols; ++i) {
      const ColumnDescriptor& d = schema->column(i);
      const ShreddedColumn& c = cols[static_cast<size_t>(i)];
      Status st = Dispatch(d.physical_type, [&](auto tag) {
        using T = decltype(tag);
        TypedValues<T> tv(c);
        return WriteSlices<T>(w->get(), i, c, tv, d.max_definition_level, d.max_repetition_level,
                              c.row_start[static_cast<size_t>(rb)], c.row_start[static_cast<size_t>(re)],
                              &vpos[static_cast<size_t>(i)], &g);
      });
      ASSERT_OK(st) << d.dotted_path;
    }
    ASSERT_OK((*w)->EndRowGroup());
  }
  ASSERT_OK((*w)->Close());
  const std::string& bytes = sink->bytes();
  if (cfg.seed == 0) SaveWriterSample(cfg.Name(), bytes);

  // Levels and values through the column readers; statistics from the footer.
  ReaderOptions ro;
  ro.verify_checksums = true;
  auto reader = OpenBytes(bytes, ro);
  ASSERT_OK(reader);
  auto md = ReadMetadata(bytes);
  ASSERT_OK(md);
  ASSERT_EQ(md->row_groups.size(), 2u);
  EXPECT_EQ(md->num_rows, kRowsPerFile);
  for (int gi = 0; gi < 2; ++gi) {
    const int rb = groups[gi][0], re = groups[gi][1];
    EXPECT_EQ(md->row_groups[static_cast<size_t>(gi)].num_rows, re - rb);
    for (int i = 0; i < ncols; ++i) {
      const ColumnDescriptor& d = schema->column(i);
      const ShreddedColumn& c = cols[static_cast<size_t>(i)];
      const int64_t lb = c.row_start[static_cast<size_t>(rb)], le = c.row_start[static_cast<size_t>(re)];
      ReadBack got;
      Status rs = Dispatch(d.physical_type, [&](auto tag) {
        using T = decltype(tag);
        return ReadColumn<T>(**reader, gi, i, &got, g.Int(1, 500));
      });
      ASSERT_OK(rs) << d.dotted_path;
      std::vector<int16_t> want_def(c.def.begin() + lb, c.def.begin() + le);
      std::vector<int16_t> want_rep(c.rep.begin() + lb, c.rep.begin() + le);
      if (d.max_definition_level > 0) {
        EXPECT_EQ(got.def, want_def) << d.dotted_path;
      }
      if (d.max_repetition_level > 0) {
        EXPECT_EQ(got.rep, want_rep) << d.dotted_path;
      }
      std::vector<std::string> want_vals;
      int64_t vb = 0;
      for (int64_t l = 0; l < lb; ++l) vb += c.def[static_cast<size_t>(l)] == d.max_definition_level;
      for (int64_t l = lb; l < le; ++l) {
        if (c.def[static_cast<size_t>(l)] == d.max_definition_level) want_vals.push_back(c.values[static_cast<size_t>(vb++)]);
      }
      EXPECT_TRUE(got.values == want_vals) << d.dotted_path << ": " << got.values.size() << " vs " << want_vals.size();

      const format::ColumnChunk& chunk = md->row_groups[static_cast<size_t>(gi)].columns[static_cast<size_t>(i)];
      ASSERT_TRUE(chunk.meta_data.has_value());
      const format::ColumnMetaData& cm = *chunk.meta_data;
      EXPECT_EQ(cm.num_values, le - lb) << d.dotted_path;
      ASSERT_TRUE(cm.statistics.has_value()) << d.dotted_path;
      ExpectedStats want = ComputeStats(d, want_vals, (le - lb) - static_cast<int64_t>(want_vals.size()),
                                        o.ForColumn(d.dotted_path).statistics_truncate_length);
      CheckStats(want, *cm.statistics, d.dotted_path);
      bool has_dict_page = false;
      for (const auto& es : *cm.encoding_stats) has_dict_page |= es.page_type == format::PageType::DICTIONARY_PAGE;
      EXPECT_EQ(cm.dictionary_page_offset.has_value(), has_dict_page) << d.dotted_path;
    }
  }

  // Whole rows through RowReader, in small batches.
  RowReaderOptions rro;
  rro.batch_levels = g.Int(1, 300);
  auto rr = RowReader::Open(**reader, rro);
  ASSERT_OK(rr);
  Value row;
  for (int r = 0; r < kRowsPerFile; ++r) {
    auto more = (*rr)->Next(&row);
    ASSERT_OK(more);
    ASSERT_TRUE(*more) << "row " << r;
    ASSERT_TRUE(row == rows[static_cast<size_t>(r)]) << "row " << r << "\n got  " << row.DebugString()
                                                      << "\n want " << rows[static_cast<size_t>(r)].DebugString();
  }
  auto more = (*rr)->Next(&row);
  ASSERT_OK(more);
  EXPECT_FALSE(*more);
}

TEST_P(WriterPropertyTest, RandomSchemasRoundTrip) {
  auto [codec_index, v2] = GetParam();
  for (int seed = 0; seed < kSeedsPerConfig; ++seed) {
    RunOne(Config{kCodecs[codec_index], v2, seed});
    if (HasFatalFailure()) return;
  }
}

INSTANTIATE_TEST_SUITE_P(Sweep, WriterPropertyTest, ::testing::Combine(::testing::Range(0, 6), ::testing::Bool()),
                         [](const ::testing::TestParamInfo<std::tuple<int, bool>>& info) {
                           return std::string(CompressionName(kCodecs[std::get<0>(info.param)])) +
                                  (std::get<1>(info.param) ? "_v2" : "_v1");
                         });

// The sweep writes every valid (type, encoding) pair: the schemas are
// regenerated from the same seeds (RandomSchema is the first use of a Gen).
TEST(WriterPropertyCoverageTest, EveryEncodingOfEveryTypeIsWritten) {
  std::set<std::pair<PhysicalType, Encoding>> covered;
  for (Compression codec : kCodecs) {
    for (bool v2 : {false, true}) {
      for (int seed = 0; seed < kSeedsPerConfig; ++seed) {
        Config cfg{codec, v2, seed};
        Gen g = cfg.MakeGen();
        auto schema = g.RandomSchema();
        ASSERT_OK(schema);
        for (int i = 0; i < schema->num_columns(); ++i) {
          covered.insert({schema->column(i).physical_type, cfg.EncodingOf(i, schema->column(i))});
        }
      }
    }
  }
  for (PhysicalType t : {PhysicalType::kBoolean, PhysicalType::kInt32, PhysicalType::kInt64, PhysicalType::kInt96,
                         PhysicalType::kFloat, PhysicalType::kDouble, PhysicalType::kByteArray,
                         PhysicalType::kFixedLenByteArray}) {
    for (Encoding e : EncodingsFor(t)) {
      EXPECT_TRUE(covered.count({t, e})) << PhysicalTypeName(t) << " " << EncodingName(e);
    }
  }
}

}  // namespace
}  // namespace parq::writer_test
