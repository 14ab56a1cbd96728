// Throughput of the canonical-JSON value formatters (json/json_format.h):
// the per-value cost of `parq cat --format jsonl`.
#include <benchmark/benchmark.h>

#include <cmath>
#include <cstdint>
#include <cstring>
#include <random>
#include <string>
#include <vector>

#include "json/json_format.h"
#include "json/variant_json.h"

namespace parq {
namespace {

constexpr size_t kN = 4096;

template <typename T, typename Gen>
std::vector<T> Make(Gen gen) {
  std::mt19937_64 rng(42);
  std::vector<T> v(kN);
  for (auto& x : v) x = gen(rng);
  return v;
}

// Appends kN values per iteration into one reused buffer; reports values/s and bytes/s.
template <typename T, typename F>
void Run(benchmark::State& state, const std::vector<T>& values, F fmt) {
  std::string out;
  out.reserve(kN * 48);
  size_t bytes = 0;
  for (auto _ : state) {
    out.clear();
    for (const T& v : values) {
      fmt(out, v);
      out.push_back(',');
    }
    bytes += out.size();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kN));
  state.SetBytesProcessed(static_cast<int64_t>(bytes));
}

void BM_Int64(benchmark::State& state) {
  auto v = Make<int64_t>([](auto& r) { return static_cast<int64_t>(r()) >> (r() % 64); });
  Run(state, v, [](std::string& o, int64_t x) { AppendJsonInt64(o, x); });
}
BENCHMARK(BM_Int64);

void BM_Double(benchmark::State& state) {
  auto v = Make<double>([](auto& r) { return std::uniform_real_distribution<double>(-1e6, 1e6)(r); });
  Run(state, v, [](std::string& o, double x) { AppendJsonDouble(o, x); });
}
BENCHMARK(BM_Double);

void BM_Float(benchmark::State& state) {
  auto v = Make<float>([](auto& r) { return std::uniform_real_distribution<float>(-1e3f, 1e3f)(r); });
  Run(state, v, [](std::string& o, float x) { AppendJsonFloat(o, x); });
}
BENCHMARK(BM_Float);

// Floats over the whole finite range (random bits), half of them integers
// above 2^24, whose fixed form std::to_chars prints with exact digits.
void BM_FloatWide(benchmark::State& state) {
  auto v = Make<float>([](auto& r) {
    float f;
    do {
      const auto bits = static_cast<uint32_t>(r());
      std::memcpy(&f, &bits, 4);
    } while (!std::isfinite(f));
    return f;
  });
  Run(state, v, [](std::string& o, float x) { AppendJsonFloat(o, x); });
}
BENCHMARK(BM_FloatWide);

// Strings of `range(0)` bytes: ASCII (fast path), or with UTF-8 and escapes mixed in.
void BM_StringAscii(benchmark::State& state) {
  const size_t len = static_cast<size_t>(state.range(0));
  auto v = Make<std::string>([len](auto& r) {
    std::string s(len, 'a');
    for (auto& c : s) c = static_cast<char>('a' + r() % 26);
    return s;
  });
  Run(state, v, [](std::string& o, const std::string& x) { AppendJsonString(o, x); });
}
BENCHMARK(BM_StringAscii)->Arg(8)->Arg(64)->Arg(1024);

void BM_StringMixed(benchmark::State& state) {
  const size_t len = static_cast<size_t>(state.range(0));
  auto v = Make<std::string>([len](auto& r) {
    std::string s;
    while (s.size() < len) {
      switch (r() % 8) {
        case 0: s += "\xC3\xA9"; break;          // é
        case 1: s += "\xF0\x9F\x90\xA2"; break;  // 🐢
        case 2: s += '"'; break;
        case 3: s += '\n'; break;
        default: s += static_cast<char>('a' + r() % 26);
      }
    }
    return s;
  });
  Run(state, v, [](std::string& o, const std::string& x) { AppendJsonString(o, x); });
}
BENCHMARK(BM_StringMixed)->Arg(64)->Arg(1024);

void BM_TimestampMicros(benchmark::State& state) {
  auto v = Make<int64_t>([](auto& r) {
    return std::uniform_int_distribution<int64_t>(-2208988800000000LL, 4102444800000000LL)(r);
  });
  Run(state, v, [](std::string& o, int64_t x) { AppendJsonTimestamp(o, x, JsonTimeUnit::kMicros, true); });
}
BENCHMARK(BM_TimestampMicros);

void BM_Date(benchmark::State& state) {
  auto v = Make<int32_t>([](auto& r) { return static_cast<int32_t>(r() % 40000) - 10000; });
  Run(state, v, [](std::string& o, int32_t x) { AppendJsonDate(o, x); });
}
BENCHMARK(BM_Date);

void BM_Int96(benchmark::State& state) {
  auto v = Make<std::pair<int64_t, int32_t>>([](auto& r) {
    return std::pair<int64_t, int32_t>(static_cast<int64_t>(r() % 86400000000000ULL),
                                       static_cast<int32_t>(2440588 + r() % 20000));
  });
  Run(state, v, [](std::string& o, const std::pair<int64_t, int32_t>& x) { AppendJsonInt96(o, x.first, x.second); });
}
BENCHMARK(BM_Int96);

void BM_Decimal16Bytes(benchmark::State& state) {
  auto v = Make<std::vector<uint8_t>>([](auto& r) {
    std::vector<uint8_t> b(16);
    for (auto& x : b) x = static_cast<uint8_t>(r());
    return b;
  });
  Run(state, v, [](std::string& o, const std::vector<uint8_t>& x) { (void)AppendJsonDecimal(o, x, 10); });
}
BENCHMARK(BM_Decimal16Bytes);

void BM_Base64(benchmark::State& state) {
  auto v = Make<std::vector<uint8_t>>([](auto& r) {
    std::vector<uint8_t> b(48);
    for (auto& x : b) x = static_cast<uint8_t>(r());
    return b;
  });
  Run(state, v, [](std::string& o, const std::vector<uint8_t>& x) { AppendJsonBase64(o, x); });
}
BENCHMARK(BM_Base64);

// A small Variant object {"a": int, "b": short string, "c": [true, 1.5]}.
void BM_VariantObject(benchmark::State& state) {
  const std::vector<uint8_t> md = {0x01, 3, 0, 1, 2, 3, 'a', 'b', 'c'};
  const std::vector<uint8_t> value = {
      0x02, 3, 0, 1, 2, 0, 5, 11, 26,                       // object header, ids, offsets
      5 << 2, 0x39, 0x30, 0, 0,                             // int32 12345
      (5 << 2) | 1, 'h', 'e', 'l', 'l', 'o',                // short string
      0x03, 2, 0, 1, 10, 1 << 2, 7 << 2, 0, 0, 0, 0, 0, 0, 0xF8, 0x3F,  // [true, 1.5]
  };
  auto meta = VariantMetadata::Parse(md);
  std::string out;
  for (auto _ : state) {
    out.clear();
    for (size_t i = 0; i < kN; ++i) {
      if (!AppendVariantJson(out, *meta, value).ok()) state.SkipWithError("decode failed");
      out.push_back(',');
    }
    benchmark::DoNotOptimize(out.data());
  }
  state.SetItemsProcessed(static_cast<int64_t>(state.iterations() * kN));
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * kN * value.size()));  // Variant bytes in
}
BENCHMARK(BM_VariantObject);

}  // namespace
}  // namespace parq

BENCHMARK_MAIN();
