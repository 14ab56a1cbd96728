// Dictionary gather: RLE_DICTIONARY pages decoded to int32 / int64 / strings
// (values/s), the indices-only mode, and dictionary encoding.
#include <benchmark/benchmark.h>

#include <memory>
#include <random>
#include <string>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace {

using namespace parq;
using namespace parq::encoding;

constexpr int64_t kN = 1 << 20;
constexpr int kDistinct = 1000;

template <typename T>
struct Setup {
  std::vector<std::string> strings;
  std::vector<T> values;
  std::vector<uint8_t> dict_page, data_page;
  int64_t entries = 0;
};

template <typename T>
Setup<T> Build() {
  Setup<T> s;
  std::mt19937 rng(9);
  for (int i = 0; i < kDistinct; ++i) s.strings.push_back("value-" + std::to_string(i * 7919));
  s.values.resize(kN);
  for (int64_t i = 0; i < kN; ++i) {
    const uint32_t k = rng() % kDistinct;
    if constexpr (std::is_same_v<T, ByteArray>) {
      s.values[static_cast<size_t>(i)] = ByteArray{reinterpret_cast<const uint8_t*>(s.strings[k].data()),
                                                   static_cast<uint32_t>(s.strings[k].size())};
    } else {
      s.values[static_cast<size_t>(i)] = static_cast<T>(k) * 1000003;
    }
  }
  auto enc = MakeDictionaryEncoder<T>(PhysicalTypeOf<T>::value).value();
  (void)enc->Put(s.values.data(), kN);
  (void)enc->FlushValues(&s.data_page);
  enc->WriteDictionaryPage(&s.dict_page);
  s.entries = enc->num_entries();
  return s;
}

// Bytes of the values themselves (a string's characters, not its view).
template <typename T>
int64_t ValueBytes(const Setup<T>& s) {
  if constexpr (std::is_same_v<T, ByteArray>) {
    int64_t n = 0;
    for (const ByteArray& v : s.values) n += v.len;
    return n;
  } else {
    return static_cast<int64_t>(s.values.size() * sizeof(T));
  }
}

template <typename T>
void BM_DictGather(benchmark::State& state) {
  const auto s = Build<T>();
  auto dec = MakeDictionaryDecoder<T>(PhysicalTypeOf<T>::value).value();
  if (!dec->SetDictionary(s.entries, s.dict_page.data(), s.dict_page.size()).ok()) state.SkipWithError("dict");
  std::vector<T> out(4096);
  for (auto _ : state) {
    if (!dec->SetData(kN, s.data_page.data(), s.data_page.size()).ok()) state.SkipWithError("data");
    for (int64_t done = 0; done < kN; done += 4096) {
      auto r = dec->Decode(out.data(), 4096);
      if (!r.ok()) state.SkipWithError("decode");
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * kN);
  state.SetBytesProcessed(state.iterations() * ValueBytes(s));  // the values gathered
}
BENCHMARK(BM_DictGather<int32_t>);
BENCHMARK(BM_DictGather<int64_t>);
BENCHMARK(BM_DictGather<ByteArray>);

void BM_DictIndicesOnly(benchmark::State& state) {
  const auto s = Build<ByteArray>();
  auto dec = MakeDictionaryDecoder<ByteArray>(PhysicalType::kByteArray).value();
  if (!dec->SetDictionary(s.entries, s.dict_page.data(), s.dict_page.size()).ok()) state.SkipWithError("dict");
  std::vector<int32_t> out(4096);
  for (auto _ : state) {
    if (!dec->SetData(kN, s.data_page.data(), s.data_page.size()).ok()) state.SkipWithError("data");
    for (int64_t done = 0; done < kN; done += 4096) {
      auto r = dec->DecodeIndices(out.data(), 4096);
      if (!r.ok()) state.SkipWithError("decode");
      benchmark::DoNotOptimize(out.data());
    }
  }
  state.SetItemsProcessed(state.iterations() * kN);
  state.SetBytesProcessed(state.iterations() * kN * 4);  // the indices out
}
BENCHMARK(BM_DictIndicesOnly);

// Dictionary encoding (hash lookups and the index buffer) of 1,000 distinct
// values, then the page's RLE/bit-packed indices.
template <typename T>
void BM_DictEncode(benchmark::State& state) {
  const auto s = Build<T>();
  std::vector<uint8_t> out;
  for (auto _ : state) {
    auto enc = MakeDictionaryEncoder<T>(PhysicalTypeOf<T>::value).value();
    (void)enc->Put(s.values.data(), kN);
    out.clear();
    (void)enc->FlushValues(&out);
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(state.iterations() * kN);
  state.SetBytesProcessed(state.iterations() * ValueBytes(s));  // the values in
}
BENCHMARK(BM_DictEncode<int32_t>);
BENCHMARK(BM_DictEncode<int64_t>);
BENCHMARK(BM_DictEncode<ByteArray>);

}  // namespace

BENCHMARK_MAIN();
