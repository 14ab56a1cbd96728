// RLE / bit-packed hybrid decoding of levels (uint16, levels/s and bytes/s
// of the levels out) and encoding (bytes/s of the levels in).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "encoding/rle_bit_packed.h"

namespace {

using parq::encoding::RleBitPackedDecoder;
using parq::encoding::RleBitPackedEncoder;

constexpr int64_t kN = 1 << 20;

std::vector<uint8_t> Encode(int width, int avg_run) {
  std::mt19937 rng(3);
  RleBitPackedEncoder enc(width);
  const uint32_t mask = (1u << width) - 1;
  int64_t i = 0;
  while (i < kN) {
    const uint32_t v = rng() & mask;
    const int64_t len = avg_run <= 1 ? 1 : static_cast<int64_t>(rng() % (2 * avg_run)) + 1;
    for (int64_t k = 0; k < len && i < kN; ++k, ++i) enc.Put(avg_run <= 1 ? (rng() & mask) : v);
  }
  std::vector<uint8_t> out;
  enc.Flush(&out);
  return out;
}

void DecodeLevels(benchmark::State& state, int width, int avg_run) {
  const auto bytes = Encode(width, avg_run);
  std::vector<uint16_t> out(4096);
  for (auto _ : state) {
    RleBitPackedDecoder dec;
    if (!dec.Init(bytes.data(), bytes.size(), width).ok()) state.SkipWithError("init");
    int64_t total = 0;
    while (total < kN) {
      auto r = dec.GetBatch(out.data(), 4096);
      if (!r.ok() || *r == 0) break;
      total += *r;
      benchmark::DoNotOptimize(out.data());
    }
    if (total != kN) state.SkipWithError("short");
  }
  state.SetItemsProcessed(state.iterations() * kN);
  state.SetBytesProcessed(state.iterations() * kN * 2);
}

void BM_RleLevels_LongRuns(benchmark::State& s) { DecodeLevels(s, 2, 2000); }
void BM_RleLevels_ShortRuns(benchmark::State& s) { DecodeLevels(s, 2, 10); }
void BM_RleLevels_BitPacked(benchmark::State& s) { DecodeLevels(s, 3, 1); }
BENCHMARK(BM_RleLevels_LongRuns);
BENCHMARK(BM_RleLevels_ShortRuns);
BENCHMARK(BM_RleLevels_BitPacked);

void BM_RleEncodeLevels(benchmark::State& state) {
  std::vector<uint16_t> levels(kN);
  std::mt19937 rng(5);
  for (auto& l : levels) l = static_cast<uint16_t>(rng() % 8 == 0 ? 0 : 1);
  std::vector<uint8_t> out;
  for (auto _ : state) {
    RleBitPackedEncoder enc(1);
    enc.PutBatch(levels.data(), kN);
    out.clear();
    enc.Flush(&out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * kN);
  state.SetBytesProcessed(state.iterations() * kN * 2);
}
BENCHMARK(BM_RleEncodeLevels);

}  // namespace

BENCHMARK_MAIN();
