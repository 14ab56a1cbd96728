// Bit unpacking throughput by width (values/s, and bytes/s of the packed
// input), 32-bit and 64-bit outputs; packing (bytes/s of the values in).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "encoding/bit_unpack.h"

namespace {

using parq::encoding::BytesForBits;

template <typename Out>
void BM_Unpack(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const int64_t n = 4096;
  std::vector<uint8_t> packed(static_cast<size_t>(BytesForBits(n * width)));
  std::mt19937 rng(1);
  for (auto& b : packed) b = static_cast<uint8_t>(rng());
  std::vector<Out> out(static_cast<size_t>(n));
  for (auto _ : state) {
    parq::encoding::Unpack(packed.data(), width, out.data(), n);
    benchmark::DoNotOptimize(out.data());
    benchmark::ClobberMemory();
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(packed.size()));
}
BENCHMARK(BM_Unpack<uint32_t>)->DenseRange(0, 32, 1);
BENCHMARK(BM_Unpack<uint64_t>)->Arg(1)->Arg(8)->Arg(17)->Arg(33)->Arg(48)->Arg(57)->Arg(63);

void BM_Pack32(benchmark::State& state) {
  const int width = static_cast<int>(state.range(0));
  const int64_t n = 4096;
  std::vector<uint32_t> in(static_cast<size_t>(n));
  std::mt19937 rng(1);
  for (auto& v : in) v = rng();
  std::vector<uint8_t> out(static_cast<size_t>(BytesForBits(n * width)));
  for (auto _ : state) {
    parq::encoding::Pack(in.data(), width, n, out.data());
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * n * 4);
}
BENCHMARK(BM_Pack32)->Arg(1)->Arg(5)->Arg(12)->Arg(20);

}  // namespace

BENCHMARK_MAIN();
