// ALP against BYTE_STREAM_SPLIT + ZSTD and PLAIN + ZSTD on decimal-like
// doubles (deterministic): one page of 128 Ki values each.  Decode is what a
// reader does with a page body: decompress (when there is a codec), then
// decode the values.  Counters: `bytes_per_value` (the page as stored, after
// the codec) and `ratio` (PLAIN size / stored size); the rate is of the
// decoded values (8 bytes each).
//
//   prices   a random walk of prices with 2 decimals (cents), 1.00 .. 10000.00
//   sensor1  a daily temperature curve plus noise, 1 decimal
//   sensor2  a pressure reading, 2 decimals
//   sensor3  a humidity reading, 3 decimals
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <random>
#include <vector>

#include "compression/codec.h"
#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace {

using namespace parq;
using namespace parq::encoding;

constexpr int64_t kN = 1 << 17;

enum class Data { kPrices, kSensor1, kSensor2, kSensor3 };

// Rounds to `decimals` the way a program printing the value would have it:
// the double nearest to the decimal.
double Round(double v, int decimals) {
  const double scale = std::pow(10.0, decimals);
  return std::nearbyint(v * scale) / scale;
}

std::vector<double> Make(Data d) {
  std::mt19937_64 rng(42);
  std::normal_distribution<double> noise(0.0, 1.0);
  std::vector<double> v(kN);
  double price = 100.0;
  for (int64_t i = 0; i < kN; ++i) {
    const double t = static_cast<double>(i) / 1440.0;  // one reading a minute
    switch (d) {
      case Data::kPrices:
        price = std::fmin(10000.0, std::fmax(1.0, price * (1.0 + 0.001 * noise(rng))));
        v[i] = Round(price, 2);
        break;
      case Data::kSensor1:
        v[i] = Round(15.0 + 8.0 * std::sin(2 * M_PI * t) + 0.3 * noise(rng), 1);
        break;
      case Data::kSensor2:
        v[i] = Round(1013.25 + 5.0 * std::sin(2 * M_PI * t / 7) + 0.2 * noise(rng), 2);
        break;
      case Data::kSensor3:
        v[i] = Round(0.55 + 0.2 * std::sin(2 * M_PI * t) + 0.01 * noise(rng), 3);
        break;
    }
  }
  return v;
}

struct Page {
  std::vector<uint8_t> stored;  // after the codec
  size_t encoded_size = 0;      // before it
};

Page Encode(const std::vector<double>& values, Encoding enc, Compression codec) {
  auto e = MakeEncoder<double>(enc, PhysicalType::kDouble).value();
  (void)e->Put(values.data(), kN);
  std::vector<uint8_t> encoded;
  (void)e->FlushValues(&encoded);
  Page p;
  p.encoded_size = encoded.size();
  auto c = compression::MakeCodec(codec).value();
  p.stored.resize(c->MaxCompressedSize(encoded.size()));
  p.stored.resize(c->Compress(encoded.data(), encoded.size(), p.stored.data(), p.stored.size()).value());
  return p;
}

void BM_Decode(benchmark::State& state, Data data, Encoding enc, Compression codec) {
  const std::vector<double> values = Make(data);
  const Page page = Encode(values, enc, codec);
  auto c = compression::MakeCodec(codec).value();
  auto dec = MakeDecoder<double>(enc, PhysicalType::kDouble).value();
  std::vector<uint8_t> body(page.encoded_size);
  std::vector<double> out(kN);
  for (auto _ : state) {
    const uint8_t* bytes = page.stored.data();
    if (codec != Compression::kUncompressed) {
      if (!c->Decompress(page.stored.data(), page.stored.size(), body.data(), body.size()).ok()) {
        state.SkipWithError("decompress");
      }
      bytes = body.data();
    }
    if (!dec->SetData(kN, bytes, page.encoded_size).ok()) state.SkipWithError("data");
    auto r = dec->Decode(out.data(), kN);
    if (!r.ok() || *r != kN) state.SkipWithError("decode");
    benchmark::DoNotOptimize(out.data());
  }
  if (out != values) state.SkipWithError("values differ");
  state.SetBytesProcessed(state.iterations() * kN * 8);
  state.counters["bytes_per_value"] = static_cast<double>(page.stored.size()) / kN;
  state.counters["ratio"] = static_cast<double>(kN * 8) / static_cast<double>(page.stored.size());
}

void BM_AlpEncode(benchmark::State& state, Data data) {
  const std::vector<double> values = Make(data);
  auto e = MakeEncoder<double>(Encoding::kAlp, PhysicalType::kDouble).value();
  std::vector<uint8_t> page;
  for (auto _ : state) {
    (void)e->Put(values.data(), kN);
    page.clear();
    (void)e->FlushValues(&page);
    benchmark::DoNotOptimize(page.data());
  }
  state.SetBytesProcessed(state.iterations() * kN * 8);
}

#define PARQ_ALP_BENCHMARKS(name, data)                                                                     \
  BENCHMARK_CAPTURE(BM_Decode, name##_alp, data, Encoding::kAlp, Compression::kUncompressed);               \
  BENCHMARK_CAPTURE(BM_Decode, name##_alp_zstd, data, Encoding::kAlp, Compression::kZstd);                   \
  BENCHMARK_CAPTURE(BM_Decode, name##_bss_zstd, data, Encoding::kByteStreamSplit, Compression::kZstd);       \
  BENCHMARK_CAPTURE(BM_Decode, name##_plain_zstd, data, Encoding::kPlain, Compression::kZstd);               \
  BENCHMARK_CAPTURE(BM_AlpEncode, name, data)

PARQ_ALP_BENCHMARKS(prices, Data::kPrices);
PARQ_ALP_BENCHMARKS(sensor1, Data::kSensor1);
PARQ_ALP_BENCHMARKS(sensor2, Data::kSensor2);
PARQ_ALP_BENCHMARKS(sensor3, Data::kSensor3);

}  // namespace

BENCHMARK_MAIN();
