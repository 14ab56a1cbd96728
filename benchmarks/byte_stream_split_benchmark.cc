// BYTE_STREAM_SPLIT decode / encode (bytes/s of values).
#include <benchmark/benchmark.h>

#include <random>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace {

using namespace parq;
using namespace parq::encoding;

constexpr int64_t kN = 1 << 18;

template <typename T>
void BM_BssDecode(benchmark::State& state) {
  std::vector<T> values(kN);
  std::mt19937 rng(2);
  for (auto& v : values) v = static_cast<T>(rng()) * static_cast<T>(0.001);
  auto enc = MakeEncoder<T>(Encoding::kByteStreamSplit, PhysicalTypeOf<T>::value).value();
  (void)enc->Put(values.data(), kN);
  std::vector<uint8_t> page;
  (void)enc->FlushValues(&page);
  auto dec = MakeDecoder<T>(Encoding::kByteStreamSplit, PhysicalTypeOf<T>::value).value();
  std::vector<T> out(kN);
  for (auto _ : state) {
    if (!dec->SetData(kN, page.data(), page.size()).ok()) state.SkipWithError("data");
    auto r = dec->Decode(out.data(), kN);
    if (!r.ok()) state.SkipWithError("decode");
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * kN * static_cast<int64_t>(sizeof(T)));
}
BENCHMARK(BM_BssDecode<double>);
BENCHMARK(BM_BssDecode<float>);

void BM_BssEncodeDouble(benchmark::State& state) {
  std::vector<double> values(kN);
  for (int64_t i = 0; i < kN; ++i) values[static_cast<size_t>(i)] = static_cast<double>(i) * 0.25;
  auto enc = MakeEncoder<double>(Encoding::kByteStreamSplit, PhysicalType::kDouble).value();
  std::vector<uint8_t> page;
  for (auto _ : state) {
    (void)enc->Put(values.data(), kN);
    page.clear();
    (void)enc->FlushValues(&page);
    benchmark::DoNotOptimize(page.data());
  }
  state.SetBytesProcessed(state.iterations() * kN * 8);
}
BENCHMARK(BM_BssEncodeDouble);

}  // namespace

BENCHMARK_MAIN();
