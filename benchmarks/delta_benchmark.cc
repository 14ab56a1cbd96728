// Decode throughput of the DELTA encodings over in-memory pages.
//
//   DBP int32 / int64: 1M values per page, several data shapes (bit widths).
//   DELTA_LENGTH_BYTE_ARRAY: 100k strings of 0..31 bytes.
//   DELTA_BYTE_ARRAY: 100k sorted keys sharing long prefixes.
// Items are values; bytes are encoded page bytes.
#include <benchmark/benchmark.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "encoding/delta_binary_packed.h"
#include "encoding/delta_byte_array.h"
#include "encoding/delta_length_byte_array.h"

namespace parq::encoding {
namespace {

constexpr int64_t kValues = 1 << 20;
constexpr int64_t kBatch = 4096;

// shape 0: sorted (small deltas, ~8 bits); 1: random within 2^20;
// 2: full-range random (width 32 / 64); 3: constant step (width 0).
template <typename T>
std::string MakeDbpPage(int shape) {
  std::mt19937_64 rng(42);
  std::vector<T> v(kValues);
  T acc = 0;
  for (auto& x : v) {
    switch (shape) {
      case 0: acc = static_cast<T>(acc + static_cast<T>(rng() % 200)); x = acc; break;
      case 1: x = static_cast<T>(rng() % (1 << 20)); break;
      case 2: x = static_cast<T>(rng()); break;
      default: acc = static_cast<T>(acc + 3); x = acc; break;
    }
  }
  DeltaBinaryPackedEncoder<T> enc;
  enc.Put(v.data(), kValues);
  std::string page;
  enc.FlushTo(&page);
  return page;
}

template <typename T>
void BM_DeltaBinaryPackedDecode(benchmark::State& state) {
  const std::string page = MakeDbpPage<T>(static_cast<int>(state.range(0)));
  std::vector<T> out(kBatch);
  DeltaBinaryPackedDecoder<T> dec;
  for (auto _ : state) {
    if (!dec.Init(reinterpret_cast<const uint8_t*>(page.data()), page.size()).ok()) {
      state.SkipWithError("init failed");
      break;
    }
    while (dec.values_left() > 0) {
      auto r = dec.Decode(out.data(), kBatch);
      benchmark::DoNotOptimize(out.data());
      if (!r.ok()) break;
    }
  }
  state.SetItemsProcessed(state.iterations() * kValues);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(page.size()));
}
BENCHMARK(BM_DeltaBinaryPackedDecode<int32_t>)->DenseRange(0, 3)->ArgName("shape");
BENCHMARK(BM_DeltaBinaryPackedDecode<int64_t>)->DenseRange(0, 3)->ArgName("shape");

constexpr int64_t kStrings = 100'000;

void BM_DeltaLengthByteArrayDecode(benchmark::State& state) {
  std::mt19937_64 rng(1);
  std::vector<std::string> strings(kStrings);
  for (auto& s : strings) s.assign(rng() % 32, 'x');
  DeltaLengthByteArrayEncoder enc;
  for (const auto& s : strings) {
    ByteArray b{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
    if (!enc.Put(&b, 1).ok()) return;
  }
  std::string page;
  enc.FlushTo(&page);
  std::vector<ByteArray> out(kBatch);
  DeltaLengthByteArrayDecoder dec;
  for (auto _ : state) {
    if (!dec.Init(reinterpret_cast<const uint8_t*>(page.data()), page.size()).ok()) break;
    while (dec.values_left() > 0) {
      auto r = dec.Decode(out.data(), kBatch);
      benchmark::DoNotOptimize(out.data());
      if (!r.ok()) break;
    }
  }
  state.SetItemsProcessed(state.iterations() * kStrings);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(page.size()));
}
BENCHMARK(BM_DeltaLengthByteArrayDecode);

void BM_DeltaByteArrayDecode(benchmark::State& state) {
  std::vector<std::string> strings(kStrings);
  for (int64_t i = 0; i < kStrings; ++i)
    strings[i] = "https://example.com/catalog/item/" + std::to_string(1'000'000 + i * 7);
  std::sort(strings.begin(), strings.end());
  DeltaByteArrayEncoder enc;
  for (const auto& s : strings) {
    ByteArray b{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
    if (!enc.Put(&b, 1).ok()) return;
  }
  std::string page;
  enc.FlushTo(&page);
  std::vector<ByteArray> out(kBatch);
  DeltaByteArrayDecoder dec;
  for (auto _ : state) {
    if (!dec.Init(reinterpret_cast<const uint8_t*>(page.data()), page.size()).ok()) break;
    while (dec.values_left() > 0) {
      auto r = dec.Decode(out.data(), kBatch);
      benchmark::DoNotOptimize(out.data());
      if (!r.ok()) break;
    }
  }
  state.SetItemsProcessed(state.iterations() * kStrings);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(page.size()));
}
BENCHMARK(BM_DeltaByteArrayDecode);

}  // namespace
}  // namespace parq::encoding

BENCHMARK_MAIN();
