// Compress and decompress throughput of every codec at its default level, on
// ~1 MiB of Parquet-like page data: PLAIN int64 values with small deltas
// (half) and short length-prefixed strings (half).  Bytes processed are the
// uncompressed bytes in both directions; "ratio" is uncompressed/compressed.
// BM_SnappyDecode compares parq's snappy decoder with libsnappy's
// RawUncompress on that data, on a PLAIN decimal column and on PLAIN hex
// strings (short tags, the second in random literal/copy order).
// BM_SnappyDecodeTwo: two decimal pages decoded interleaved against one after
// the other.
#include <benchmark/benchmark.h>
#include <snappy.h>

#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "compression/codec.h"

namespace {

using parq::Compression;

std::vector<uint8_t> ParquetLikeData(size_t n) {
  std::vector<uint8_t> out;
  out.reserve(n + 64);
  std::mt19937 rng(42);
  int64_t v = 1'700'000'000'000;
  while (out.size() < n / 2) {
    v += static_cast<int64_t>(rng() % 1000);
    uint8_t buf[8];
    std::memcpy(buf, &v, 8);
    out.insert(out.end(), buf, buf + 8);
  }
  static const char* kWords[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta",
                                 "eta", "theta", "iota", "kappa", "lambda", "mu"};
  while (out.size() < n) {
    std::string s = std::string(kWords[rng() % 12]) + "_" + std::to_string(rng() % 500);
    uint32_t len = static_cast<uint32_t>(s.size());
    uint8_t buf[4];
    std::memcpy(buf, &len, 4);
    out.insert(out.end(), buf, buf + 4);
    out.insert(out.end(), s.begin(), s.end());
  }
  out.resize(n);
  return out;
}

// PLAIN int64 prices below 10^7: a couple of literal bytes and a short copy per value.
std::vector<uint8_t> DecimalData(size_t n, uint64_t seed = 5) {
  std::vector<uint8_t> out(n / 8 * 8);
  std::mt19937_64 rng(seed);
  for (size_t i = 0; i < out.size(); i += 8) {
    const uint64_t v = rng() % 10'000'000;
    std::memcpy(out.data() + i, &v, 8);
  }
  return out;
}

// PLAIN strings of 10..40 random hex digits (comments, hashes): short literals
// and short far copies in random order.
std::vector<uint8_t> HexStringData(size_t n) {
  std::vector<uint8_t> out;
  out.reserve(n + 64);
  std::mt19937_64 rng(6);
  while (out.size() < n) {
    const uint32_t len = 10 + static_cast<uint32_t>(rng() % 31);
    uint8_t buf[4];
    std::memcpy(buf, &len, 4);
    out.insert(out.end(), buf, buf + 4);
    for (uint32_t i = 0; i < len; ++i) out.push_back(static_cast<uint8_t>("0123456789abcdef"[rng() % 16]));
  }
  out.resize(n);
  return out;
}

const std::vector<uint8_t>& Data() {
  static const std::vector<uint8_t> data = ParquetLikeData(1 << 20);
  return data;
}

std::unique_ptr<parq::compression::Codec> MakeOrDie(Compression c, benchmark::State& state) {
  auto r = parq::compression::MakeCodec(c);
  if (!r.ok()) {
    state.SkipWithError(r.status().ToString().c_str());
    return nullptr;
  }
  return std::move(r).value();
}

void BM_Compress(benchmark::State& state, Compression c) {
  auto codec = MakeOrDie(c, state);
  if (!codec) return;
  const auto& data = Data();
  std::vector<uint8_t> out(codec->MaxCompressedSize(data.size()));
  size_t size = 0;
  for (auto _ : state) {
    auto r = codec->Compress(data.data(), data.size(), out.data(), out.size());
    if (!r.ok()) {
      state.SkipWithError(r.status().ToString().c_str());
      return;
    }
    size = *r;
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * data.size()));
  state.counters["ratio"] = static_cast<double>(data.size()) / static_cast<double>(size);
}

void BM_Decompress(benchmark::State& state, Compression c) {
  auto codec = MakeOrDie(c, state);
  if (!codec) return;
  const auto& data = Data();
  std::vector<uint8_t> compressed(codec->MaxCompressedSize(data.size()));
  auto r = codec->Compress(data.data(), data.size(), compressed.data(), compressed.size());
  if (!r.ok()) {
    state.SkipWithError(r.status().ToString().c_str());
    return;
  }
  compressed.resize(*r);
  std::vector<uint8_t> out(data.size());
  for (auto _ : state) {
    parq::Status st = codec->Decompress(compressed.data(), compressed.size(), out.data(), out.size());
    if (!st.ok()) {
      state.SkipWithError(st.ToString().c_str());
      return;
    }
    benchmark::DoNotOptimize(out.data());
  }
  if (out != data) state.SkipWithError("round trip mismatch");
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * data.size()));
  state.counters["ratio"] = static_cast<double>(data.size()) / static_cast<double>(compressed.size());
}

enum class SnappyDecoder { kParq, kLibsnappy };

enum class Shape { kParquetLike, kDecimals, kHexStrings };

void BM_SnappyDecode(benchmark::State& state, SnappyDecoder decoder, Shape shape) {
  static const std::vector<uint8_t> decimal_data = DecimalData(1 << 20);
  static const std::vector<uint8_t> hex_data = HexStringData(1 << 20);
  const auto& data = shape == Shape::kDecimals ? decimal_data : shape == Shape::kHexStrings ? hex_data : Data();
  std::string compressed;
  snappy::Compress(reinterpret_cast<const char*>(data.data()), data.size(), &compressed);
  auto codec = MakeOrDie(Compression::kSnappy, state);
  if (!codec) return;
  std::vector<uint8_t> out(data.size());
  for (auto _ : state) {
    if (decoder == SnappyDecoder::kParq) {
      parq::Status st = codec->Decompress(reinterpret_cast<const uint8_t*>(compressed.data()),
                                          compressed.size(), out.data(), out.size());
      if (!st.ok()) {
        state.SkipWithError(st.ToString().c_str());
        return;
      }
    } else if (!snappy::RawUncompress(compressed.data(), compressed.size(),
                                      reinterpret_cast<char*>(out.data()))) {
      state.SkipWithError("libsnappy failed");
      return;
    }
    benchmark::DoNotOptimize(out.data());
  }
  if (out != data) state.SkipWithError("round trip mismatch");
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * data.size()));
}
#define PARQ_SNAPPY_BENCHMARKS(name, shape)                                                       \
  BENCHMARK_CAPTURE(BM_SnappyDecode, parq_##name, SnappyDecoder::kParq, shape)                      \
      ->Unit(benchmark::kMicrosecond);                                                              \
  BENCHMARK_CAPTURE(BM_SnappyDecode, libsnappy_##name, SnappyDecoder::kLibsnappy, shape)            \
      ->Unit(benchmark::kMicrosecond)
PARQ_SNAPPY_BENCHMARKS(parquet_like, Shape::kParquetLike);
PARQ_SNAPPY_BENCHMARKS(decimals, Shape::kDecimals);
PARQ_SNAPPY_BENCHMARKS(hex_strings, Shape::kHexStrings);

// Two PLAIN decimal pages (as the same column of two row groups) through
// Codec::DecompressTwo, against two calls of Decompress.
void BM_SnappyDecodeTwo(benchmark::State& state, bool together) {
  static const std::vector<uint8_t> first = DecimalData(1 << 20, 5), second = DecimalData(1 << 20, 7);
  std::string compressed_first, compressed_second;
  snappy::Compress(reinterpret_cast<const char*>(first.data()), first.size(), &compressed_first);
  snappy::Compress(reinterpret_cast<const char*>(second.data()), second.size(), &compressed_second);
  auto codec = MakeOrDie(Compression::kSnappy, state);
  if (!codec) return;
  std::vector<uint8_t> out_first(first.size()), out_second(second.size());
  const parq::compression::Codec::Block a{reinterpret_cast<const uint8_t*>(compressed_first.data()),
                                          compressed_first.size(), out_first.data(), out_first.size()};
  const parq::compression::Codec::Block b{reinterpret_cast<const uint8_t*>(compressed_second.data()),
                                          compressed_second.size(), out_second.data(), out_second.size()};
  for (auto _ : state) {
    parq::Status status_a, status_b;
    if (together) {
      codec->DecompressTwo(a, b, &status_a, &status_b);
    } else {
      status_a = codec->Decompress(a.input, a.input_size, a.output, a.output_size);
      status_b = codec->Decompress(b.input, b.input_size, b.output, b.output_size);
    }
    if (!status_a.ok() || !status_b.ok()) {
      state.SkipWithError((status_a.ok() ? status_b : status_a).ToString().c_str());
      return;
    }
    benchmark::DoNotOptimize(out_first.data());
    benchmark::DoNotOptimize(out_second.data());
  }
  if (out_first != first || out_second != second) state.SkipWithError("round trip mismatch");
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * (first.size() + second.size())));
}
BENCHMARK_CAPTURE(BM_SnappyDecodeTwo, together, true)->Unit(benchmark::kMicrosecond);
BENCHMARK_CAPTURE(BM_SnappyDecodeTwo, one_after_the_other, false)->Unit(benchmark::kMicrosecond);

#define PARQ_CODEC_BENCHMARKS(name, value)                          \
  BENCHMARK_CAPTURE(BM_Decompress, name, value)->Unit(benchmark::kMicrosecond); \
  BENCHMARK_CAPTURE(BM_Compress, name, value)->Unit(benchmark::kMicrosecond)

PARQ_CODEC_BENCHMARKS(uncompressed, Compression::kUncompressed);
PARQ_CODEC_BENCHMARKS(snappy, Compression::kSnappy);
PARQ_CODEC_BENCHMARKS(gzip, Compression::kGzip);
PARQ_CODEC_BENCHMARKS(brotli, Compression::kBrotli);
PARQ_CODEC_BENCHMARKS(zstd, Compression::kZstd);
PARQ_CODEC_BENCHMARKS(lz4_hadoop, Compression::kLz4);
PARQ_CODEC_BENCHMARKS(lz4_raw, Compression::kLz4Raw);
PARQ_CODEC_BENCHMARKS(lzo, Compression::kLzo);

}  // namespace

BENCHMARK_MAIN();
