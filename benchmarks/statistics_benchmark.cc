// Column statistics: the min/max the writer keeps for every page, over 1M
// values a batch of 4096 at a time (as the column writer feeds them).  Bytes
// processed are the values' own bytes (8 a number, the length of a string).
//
// String shapes: URLs (every value starts "https://", the bounds share it),
// names with a 5-byte shared head and short tails, a column of 8 distinct
// values (prefixes tie all the time) and random bytes (the first byte
// decides).
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "parq/schema.h"
#include "stats/statistics_builder.h"

namespace {

using namespace parq;

constexpr int64_t kValues = 1 << 14;  // cache-resident: the compare, not DRAM, is measured
constexpr int64_t kBatch = 4096;

struct Strings {
  std::string chars;  // one after the other, as a decoded page holds them
  std::vector<ByteArray> values;
  int64_t bytes = 0;
};

Strings MakeStrings(int shape) {
  static const char* kHosts[] = {"www.example.com", "api.example.com", "blog.example.dev",
                                 "shop.example.net", "docs.example.org", "news.example.org"};
  static const char* kWords[] = {"static", "checkout", "article", "download", "world", "images", "help"};
  Strings s;
  std::mt19937_64 rng(7);
  for (int64_t i = 0; i < kValues; ++i) {
    std::string v;
    switch (shape) {
      case 0:
        v = std::string("https://") + kHosts[rng() % 6] + "/" + kWords[rng() % 7] + "/" +
            kWords[rng() % 7] + "/" + std::to_string(rng() % 1000000) + "?id=" + std::to_string(i);
        break;
      case 1:
        v = "name-" + std::to_string(rng() % 50000);
        break;
      case 2:
        v = std::string("category-") + static_cast<char>('a' + rng() % 8);
        break;
      default:
        for (int k = 0, n = static_cast<int>(8 + rng() % 24); k < n; ++k) v.push_back(static_cast<char>(rng()));
        break;
    }
    s.values.push_back({nullptr, static_cast<uint32_t>(v.size())});
    s.chars += v;
  }
  size_t at = 0;
  for (ByteArray& v : s.values) {
    v.ptr = reinterpret_cast<const uint8_t*>(s.chars.data()) + at;
    at += v.len;
  }
  s.bytes = static_cast<int64_t>(at);
  return s;
}

void BM_ByteArrayBounds(benchmark::State& state, int shape) {
  const Strings in = MakeStrings(shape);
  const Schema schema = ParseMessageType("message m { required binary s (STRING); }").value();
  stats::StatisticsBuilder<ByteArray> builder(schema.column(0), /*truncate_length=*/64);
  for (auto _ : state) {
    builder.Reset();
    for (int64_t i = 0; i < kValues; i += kBatch) builder.Update(in.values.data() + i, kBatch);
    benchmark::DoNotOptimize(builder.max().size());
  }
  state.SetBytesProcessed(state.iterations() * in.bytes);
}
BENCHMARK_CAPTURE(BM_ByteArrayBounds, urls, 0);
BENCHMARK_CAPTURE(BM_ByteArrayBounds, names, 1);
BENCHMARK_CAPTURE(BM_ByteArrayBounds, low_cardinality, 2);
BENCHMARK_CAPTURE(BM_ByteArrayBounds, random_bytes, 3);

template <typename T>
void BM_NumberBounds(benchmark::State& state, const char* type) {
  std::vector<T> values(kValues);
  std::mt19937_64 rng(7);
  for (T& v : values) v = static_cast<T>(rng() % 1000000) / static_cast<T>(7);
  const Schema schema = ParseMessageType(std::string("message m { required ") + type + " x; }").value();
  stats::StatisticsBuilder<T> builder(schema.column(0), 0);
  for (auto _ : state) {
    builder.Reset();
    for (int64_t i = 0; i < kValues; i += kBatch) builder.Update(values.data() + i, kBatch);
    benchmark::DoNotOptimize(builder.max().size());
  }
  state.SetBytesProcessed(state.iterations() * kValues * static_cast<int64_t>(sizeof(T)));
}
void BM_Int64Bounds(benchmark::State& s) { BM_NumberBounds<int64_t>(s, "int64"); }
void BM_DoubleBounds(benchmark::State& s) { BM_NumberBounds<double>(s, "double"); }
BENCHMARK(BM_Int64Bounds);
BENCHMARK(BM_DoubleBounds);

}  // namespace

BENCHMARK_MAIN();
