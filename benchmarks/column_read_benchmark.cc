// Column reads end to end: pages → decompression → levels → values, through
// the public TypedColumnReader on a file written by parq (mapped in memory).
// Reports bytes/s of decoded values and items/s.
#include <benchmark/benchmark.h>
#include <unistd.h>

#include <cstdio>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"

namespace parq {
namespace {

constexpr int64_t kRows = 4'000'000;

std::string TempPath(const std::string& name) {
  return "/tmp/parq_column_read_" + name + "_" + std::to_string(::getpid()) + ".parquet";
}

Schema OneColumn(PhysicalType type, Repetition rep, LogicalType logical = {}) {
  std::vector<std::unique_ptr<SchemaNode>> fields;
  fields.push_back(SchemaNode::MakePrimitive("v", rep, type, logical));
  auto schema = Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields)));
  return std::move(*schema);
}

// Writes kRows values produced by `make(i)` into a one-column file.
template <typename T, typename Make>
std::string WriteFile(const std::string& name, const Schema& schema, const WriterOptions& options,
                      bool nullable, Make make) {
  std::string path = TempPath(name);
  auto writer = FileWriter::Open(path, schema, options, false);
  if (!writer.ok()) std::abort();
  auto col = (*writer)->typed_column<T>(0);
  if (!col.ok()) std::abort();
  constexpr int64_t kBatch = 65536;
  std::vector<T> values(kBatch);
  std::vector<int16_t> def(kBatch);
  std::vector<std::string> keep;  // owns string bytes for a batch
  for (int64_t start = 0; start < kRows; start += kBatch) {
    const int64_t n = std::min(kBatch, kRows - start);
    int64_t nv = 0;
    keep.clear();
    keep.reserve(static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) {
      const bool is_null = nullable && ((start + i) % 10 == 3);
      def[static_cast<size_t>(i)] = is_null ? 0 : 1;
      if (!is_null) values[static_cast<size_t>(nv++)] = make(start + i, &keep);
    }
    if (!(*col)->WriteBatch(n, nullable ? def.data() : nullptr, nullptr, values.data()).ok()) std::abort();
  }
  if (!(*writer)->Close().ok()) std::abort();
  return path;
}

template <typename T>
void ReadAll(benchmark::State& state, const std::string& path, size_t value_bytes) {
  ReaderOptions options;
  options.verify_checksums = false;  // the decode path alone, as before CRCs were verified by default
  auto reader = FileReader::Open(path, options);
  if (!reader.ok()) {
    state.SkipWithError(reader.status().ToString().c_str());
    return;
  }
  constexpr int64_t kBatch = 8192;
  std::unique_ptr<T[]> values(new T[kBatch]);
  std::vector<int16_t> def(kBatch);
  int64_t total = 0;
  for (auto _ : state) {
    total = 0;
    for (int g = 0; g < (*reader)->metadata().num_row_groups(); ++g) {
      auto col = (*reader)->OpenColumn(g, 0);
      auto* typed = (*col)->template As<T>();
      while (true) {
        int64_t values_read;
        auto levels = typed->ReadBatch(kBatch, def.data(), nullptr, values.get(), &values_read);
        if (!levels.ok() || *levels == 0) break;
        benchmark::DoNotOptimize(values.get());
        total += *levels;
      }
    }
  }
  state.SetItemsProcessed(state.iterations() * total);
  state.SetBytesProcessed(state.iterations() * total * static_cast<int64_t>(value_bytes));
}

WriterOptions Plain(Compression c = Compression::kUncompressed) {
  WriterOptions o;
  o.column_defaults.dictionary = false;
  o.column_defaults.compression = c;
  o.column_defaults.statistics = false;
  return o;
}

void BM_PlainRequiredInt32(benchmark::State& state) {
  static const std::string path = WriteFile<int32_t>(
      "int32", OneColumn(PhysicalType::kInt32, Repetition::kRequired), Plain(), false,
      [](int64_t i, auto*) { return static_cast<int32_t>(i * 2654435761u); });
  ReadAll<int32_t>(state, path, 4);
}
BENCHMARK(BM_PlainRequiredInt32)->Unit(benchmark::kMillisecond);

void BM_PlainOptionalInt64(benchmark::State& state) {
  static const std::string path = WriteFile<int64_t>(
      "int64opt", OneColumn(PhysicalType::kInt64, Repetition::kOptional), Plain(), true,
      [](int64_t i, auto*) { return i * 11400714819323198485ull % 1000003; });
  ReadAll<int64_t>(state, path, 8);
}
BENCHMARK(BM_PlainOptionalInt64)->Unit(benchmark::kMillisecond);

void BM_SnappyRequiredDouble(benchmark::State& state) {
  static const std::string path = WriteFile<double>(
      "double", OneColumn(PhysicalType::kDouble, Repetition::kRequired), Plain(Compression::kSnappy),
      false, [](int64_t i, auto*) { return static_cast<double>(i % 1000) * 0.25; });
  ReadAll<double>(state, path, 8);
}
BENCHMARK(BM_SnappyRequiredDouble)->Unit(benchmark::kMillisecond);

void BM_DictionaryStrings(benchmark::State& state) {
  WriterOptions o;
  o.column_defaults.statistics = false;
  static const std::vector<std::string> words = [] {
    std::vector<std::string> w;
    for (int i = 0; i < 1000; ++i) w.push_back("https://example.com/item/" + std::to_string(i * 7919));
    return w;
  }();
  static const std::string path = WriteFile<ByteArray>(
      "dictstr", OneColumn(PhysicalType::kByteArray, Repetition::kOptional, LogicalType::String()), o,
      true, [](int64_t i, auto*) {
        const std::string& s = words[static_cast<size_t>(i * 2654435761u % words.size())];
        return ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
      });
  ReadAll<ByteArray>(state, path, sizeof(ByteArray));
}
BENCHMARK(BM_DictionaryStrings)->Unit(benchmark::kMillisecond);

// PLAIN strings of 10..40 bytes (like lineitem's comment column): the
// length-prefix walk of the decoder.
void BM_PlainStrings(benchmark::State& state) {
  static const std::vector<std::string> strings = [] {
    std::vector<std::string> w;
    for (int i = 0; i < 4096; ++i) {
      std::string v;
      for (uint32_t k = 0; k < 10 + static_cast<uint32_t>(i * 2654435761u >> 7) % 31; ++k) {
        v.push_back("0123456789abcdef"[(i * 31 + k * 7) & 15]);
      }
      w.push_back(v);
    }
    return w;
  }();
  static const std::string path = WriteFile<ByteArray>(
      "plainstr", OneColumn(PhysicalType::kByteArray, Repetition::kRequired, LogicalType::String()), Plain(),
      false, [](int64_t i, auto*) {
        const std::string& s = strings[static_cast<size_t>(i * 40503u % strings.size())];
        return ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
      });
  ReadAll<ByteArray>(state, path, sizeof(ByteArray));
}
BENCHMARK(BM_PlainStrings)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parq

BENCHMARK_MAIN();
