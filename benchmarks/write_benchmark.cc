// Write throughput: one optional column of 1M values (1% nulls) through
// FileWriter into memory, for int64 / double / string (unannotated, and as
// STRING, which the writer checks for UTF-8) with no compression,
// snappy and zstd; dictionary on (the default) and off.  Bytes processed are
// the PLAIN size of the values (8 bytes, or 4 + length for strings).
#include <benchmark/benchmark.h>

#include <random>
#include <string>
#include <vector>

#include "parq/file_writer.h"

namespace {

using namespace parq;

constexpr int64_t kRows = 1 << 20;

template <typename T>
struct Input {
  std::vector<int16_t> def;
  std::vector<T> values;
  std::vector<std::string> strings;
  int64_t plain_bytes = 0;
};

template <typename T>
const Input<T>& GetInput() {
  static Input<T>* in = [] {
    auto* x = new Input<T>;
    std::mt19937_64 rng(42);
    for (int64_t i = 0; i < kRows; ++i) {
      bool null = rng() % 100 == 0;
      x->def.push_back(null ? 0 : 1);
      if (null) continue;
      if constexpr (std::is_same_v<T, int64_t>) {
        x->values.push_back(static_cast<int64_t>(rng() % 100000));
        x->plain_bytes += 8;
      } else if constexpr (std::is_same_v<T, double>) {
        x->values.push_back(static_cast<double>(rng() % 1000000) / 100.0);
        x->plain_bytes += 8;
      } else {
        x->strings.push_back("name-" + std::to_string(rng() % 50000) + std::string(rng() % 16, 'x'));
      }
    }
    if constexpr (std::is_same_v<T, ByteArray>) {
      for (const auto& s : x->strings) {
        x->values.push_back({reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())});
        x->plain_bytes += 4 + static_cast<int64_t>(s.size());
      }
    }
    return x;
  }();
  return *in;
}

template <typename T>
void BM_Write(benchmark::State& state, const char* type, Compression codec, bool dictionary,
              const char* annotation = "") {
  const Input<T>& in = GetInput<T>();
  auto schema = ParseMessageType(std::string("message m { optional ") + type + " x" + annotation + "; }").value();
  WriterOptions o;
  o.column_defaults.compression = codec;
  o.column_defaults.dictionary = dictionary;
  for (auto _ : state) {
    auto w = FileWriter::Open(std::make_unique<MemoryOutputStream>(), schema, o).value();
    auto* col = w->typed_column<T>(0).value();
    const int64_t batch = 64 * 1024;
    int64_t v = 0;
    for (int64_t i = 0; i < kRows; i += batch) {
      int64_t n = std::min(batch, kRows - i), nonnull = 0;
      for (int64_t k = i; k < i + n; ++k) nonnull += in.def[static_cast<size_t>(k)];
      if (!col->WriteBatch(n, in.def.data() + i, nullptr, in.values.data() + v).ok()) state.SkipWithError("write");
      v += nonnull;
    }
    if (!w->Close().ok()) state.SkipWithError("close");
  }
  state.SetBytesProcessed(state.iterations() * in.plain_bytes);
}

void BM_Int64(benchmark::State& s, Compression c, bool d) { BM_Write<int64_t>(s, "int64", c, d); }
void BM_Double(benchmark::State& s, Compression c, bool d) { BM_Write<double>(s, "double", c, d); }
void BM_String(benchmark::State& s, Compression c, bool d) { BM_Write<ByteArray>(s, "binary", c, d); }
// The same bytes in a STRING column: BM_String plus the UTF-8 check.
void BM_Utf8String(benchmark::State& s, Compression c, bool d) {
  BM_Write<ByteArray>(s, "binary", c, d, " (STRING)");
}

#define PARQ_WRITE_BENCH(fn, codec, dict, name) \
  BENCHMARK_CAPTURE(fn, name, Compression::codec, dict)->Unit(benchmark::kMillisecond)

PARQ_WRITE_BENCH(BM_Int64, kUncompressed, false, plain_none);
PARQ_WRITE_BENCH(BM_Int64, kSnappy, false, plain_snappy);
PARQ_WRITE_BENCH(BM_Int64, kZstd, false, plain_zstd);
PARQ_WRITE_BENCH(BM_Int64, kUncompressed, true, dict_none);
PARQ_WRITE_BENCH(BM_Int64, kSnappy, true, dict_snappy);
PARQ_WRITE_BENCH(BM_Int64, kZstd, true, dict_zstd);
PARQ_WRITE_BENCH(BM_Double, kUncompressed, false, plain_none);
PARQ_WRITE_BENCH(BM_Double, kSnappy, false, plain_snappy);
PARQ_WRITE_BENCH(BM_Double, kZstd, false, plain_zstd);
PARQ_WRITE_BENCH(BM_Double, kZstd, true, dict_zstd);
PARQ_WRITE_BENCH(BM_String, kUncompressed, false, plain_none);
PARQ_WRITE_BENCH(BM_String, kSnappy, false, plain_snappy);
PARQ_WRITE_BENCH(BM_String, kZstd, false, plain_zstd);
PARQ_WRITE_BENCH(BM_String, kUncompressed, true, dict_none);
PARQ_WRITE_BENCH(BM_String, kZstd, true, dict_zstd);
PARQ_WRITE_BENCH(BM_Utf8String, kUncompressed, false, plain_none);
PARQ_WRITE_BENCH(BM_Utf8String, kUncompressed, true, dict_none);

}  // namespace

BENCHMARK_MAIN();
