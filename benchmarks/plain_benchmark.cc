// PLAIN decoding: required INT32 (bytes/s), BYTE_ARRAY (values/s), BOOLEAN.
#include <benchmark/benchmark.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace {

using namespace parq;
using namespace parq::encoding;

void BM_PlainInt32(benchmark::State& state) {
  const int64_t n = 1 << 16;  // a 256 KiB page
  std::vector<uint8_t> page(static_cast<size_t>(n) * 4);
  for (size_t i = 0; i < page.size(); ++i) page[i] = static_cast<uint8_t>(i);
  auto dec = MakeDecoder<int32_t>(Encoding::kPlain, PhysicalType::kInt32).value();
  std::vector<int32_t> out(static_cast<size_t>(n));
  for (auto _ : state) {
    if (!dec->SetData(n, page.data(), page.size()).ok()) state.SkipWithError("data");
    auto r = dec->Decode(out.data(), n);
    if (!r.ok()) state.SkipWithError("decode");
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(state.iterations() * n * 4);
}
BENCHMARK(BM_PlainInt32);

void BM_PlainByteArray(benchmark::State& state) {
  const int64_t n = 1 << 16;
  std::vector<std::string> strs;
  std::vector<ByteArray> vals;
  std::mt19937 rng(4);
  for (int64_t i = 0; i < n; ++i) strs.push_back(std::string(rng() % 24, 'x'));
  for (auto& s : strs) vals.push_back({reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())});
  auto enc = MakeEncoder<ByteArray>(Encoding::kPlain, PhysicalType::kByteArray).value();
  (void)enc->Put(vals.data(), n);
  std::vector<uint8_t> page;
  (void)enc->FlushValues(&page);
  auto dec = MakeDecoder<ByteArray>(Encoding::kPlain, PhysicalType::kByteArray).value();
  std::vector<ByteArray> out(4096);
  for (auto _ : state) {
    if (!dec->SetData(n, page.data(), page.size()).ok()) state.SkipWithError("data");
    for (int64_t done = 0; done < n; done += 4096) {
      auto r = dec->Decode(out.data(), 4096);
      if (!r.ok()) state.SkipWithError("decode");
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(page.size()));  // the PLAIN page
}
BENCHMARK(BM_PlainByteArray);

void BM_PlainBoolean(benchmark::State& state) {
  const int64_t n = 1 << 18;
  std::vector<uint8_t> page(static_cast<size_t>(n / 8));
  for (size_t i = 0; i < page.size(); ++i) page[i] = static_cast<uint8_t>(i * 37);
  auto dec = MakeDecoder<bool>(Encoding::kPlain, PhysicalType::kBoolean).value();
  std::unique_ptr<bool[]> out(new bool[4096]);
  for (auto _ : state) {
    if (!dec->SetData(n, page.data(), page.size()).ok()) state.SkipWithError("data");
    for (int64_t done = 0; done < n; done += 4096) {
      auto r = dec->Decode(out.get(), 4096);
      if (!r.ok()) state.SkipWithError("decode");
      benchmark::DoNotOptimize(out.get());
    }
  }
  state.SetItemsProcessed(state.iterations() * n);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(page.size()));  // the PLAIN page
}
BENCHMARK(BM_PlainBoolean);

}  // namespace

BENCHMARK_MAIN();
