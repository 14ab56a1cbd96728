// Parallel writing (WriterOptions::threads, docs/threads.md): a wide-ish
// table — 24 leaves: int64 counters with noise, doubles, optional short
// strings of a few thousand names (dictionary), optional int32 — of 300,000
// rows, as Arrow-layout buffers written by ColumnarWriter into memory with
// zstd, on 1, 2 and 4 threads.  Wall time (UseRealTime) and the process's
// CPU time (MeasureProcessCPUTime: every thread's) are both reported; the
// bytes written are the same for every thread count.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "bench_random.h"
#include "parq/columnar_writer.h"
#include "parq/file_writer.h"
#include "parq/io.h"

namespace parq {
namespace {

constexpr int64_t kRows = 300'000;
constexpr size_t kGroups = 6;  // each: int64, double, string, int32

struct Table {
  Schema schema;
  std::vector<std::vector<int64_t>> i64;
  std::vector<std::vector<double>> f64;
  std::vector<std::vector<int32_t>> i32;
  std::vector<std::vector<int32_t>> offsets;
  std::vector<std::string> chars;
  std::vector<std::vector<uint8_t>> valid;
  ColumnView batch;
};

const Table& Wide() {
  static const Table t = [] {
    Table t;
    std::string text = "message m {\n";
    for (size_t g = 0; g < kGroups; ++g) {
      const std::string s = std::to_string(g);
      text += "required int64 n" + s + ";\nrequired double d" + s + ";\noptional binary s" + s +
              " (STRING);\noptional int32 i" + s + ";\n";
    }
    auto schema = ParseMessageType(text + "}");
    if (!schema.ok()) std::abort();
    t.schema = std::move(*schema);
    uint64_t seed = 2028;
    auto next = [&seed] { return bench::SplitMix(&seed); };
    std::vector<std::string> names(4000);
    for (size_t k = 0; k < names.size(); ++k) names[k] = "customer-" + std::to_string(next() % 1'000'000);
    t.i64.resize(kGroups);
    t.f64.resize(kGroups);
    t.i32.resize(kGroups);
    t.offsets.resize(kGroups);
    t.chars.resize(kGroups);
    t.valid.assign(2 * kGroups, std::vector<uint8_t>(kRows / 8 + 1, 0));
    std::vector<ColumnView> children;
    for (size_t g = 0; g < kGroups; ++g) {
      int64_t counter = static_cast<int64_t>(g) * 1'000'000;
      t.offsets[g].push_back(0);
      for (size_t r = 0; r < static_cast<size_t>(kRows); ++r) {
        const uint64_t x = next();
        counter += static_cast<int64_t>(x % 16);
        t.i64[g].push_back(counter);
        t.f64[g].push_back(static_cast<double>(x % 10'000'000) / 100);
        if (x % 19 != 0) {
          t.valid[2 * g][r / 8] = static_cast<uint8_t>(t.valid[2 * g][r / 8] | (1u << (r % 8)));
          t.chars[g] += names[(x >> 20) % names.size()];
        }
        t.offsets[g].push_back(static_cast<int32_t>(t.chars[g].size()));
        const bool has_i = (x >> 40) % 20 != 0;
        if (has_i) t.valid[2 * g + 1][r / 8] = static_cast<uint8_t>(t.valid[2 * g + 1][r / 8] | (1u << (r % 8)));
        t.i32[g].push_back(static_cast<int32_t>((x >> 32) % 100));
      }
    }
    for (size_t g = 0; g < kGroups; ++g) {
      children.push_back(ColumnView::Fixed(kRows, t.i64[g].data()));
      children.push_back(ColumnView::Fixed(kRows, t.f64[g].data()));
      children.push_back(ColumnView::Binary(kRows, t.offsets[g].data(), t.chars[g].data(), t.valid[2 * g].data()));
      children.push_back(ColumnView::Fixed(kRows, t.i32[g].data(), t.valid[2 * g + 1].data()));
    }
    t.batch = ColumnView::Struct(kRows, std::move(children));
    return t;
  }();
  return t;
}

void BM_WriteZstd(benchmark::State& state) {
  const Table& t = Wide();
  WriterOptions o;
  o.column_defaults.compression = Compression::kZstd;
  o.threads = static_cast<int>(state.range(0));
  int64_t bytes = 0;
  for (auto _ : state) {
    auto sink = std::make_unique<MemoryOutputStream>();
    MemoryOutputStream* out = sink.get();
    auto fw = FileWriter::Open(std::move(sink), t.schema, o);
    if (!fw.ok()) std::abort();
    auto cw = ColumnarWriter::Open(**fw);
    if (!cw.ok() || !(*cw)->Write(t.batch).ok() || !(*fw)->Close().ok()) std::abort();
    bytes = static_cast<int64_t>(out->bytes().size());
  }
  state.SetItemsProcessed(state.iterations() * kRows);
  state.counters["file_bytes"] = static_cast<double>(bytes);
}
BENCHMARK(BM_WriteZstd)->Arg(1)->Arg(2)->Arg(4)->Unit(benchmark::kMillisecond)->UseRealTime()->MeasureProcessCPUTime();

}  // namespace
}  // namespace parq

BENCHMARK_MAIN();
