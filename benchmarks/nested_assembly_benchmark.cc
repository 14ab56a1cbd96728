// Nested assembly: levels → Arrow-layout columns (ColumnarReader) and
// levels → Value rows (RowReader) / canonical JSON (JsonRowReader), on an in-memory file of
// `id`, `items: list<struct<a: int64, b: string>>` with null lists, empty
// lists, null elements and null fields (uncompressed, so the codec is not
// what is measured).  Reports rows/s (items) and bytes/s of the file.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/row_writer.h"

namespace parq {
namespace {

constexpr int64_t kRows = 200'000;

const std::string& NestedFile() {
  static const std::string bytes = [] {
    auto schema = ParseMessageType(R"(message m {
  required int64 id;
  optional group items (LIST) {
    repeated group list {
      optional group element {
        optional int64 a;
        optional binary b (STRING);
      }
    }
  }
})");
    if (!schema.ok()) std::abort();
    auto mem = std::make_unique<MemoryOutputStream>();
    MemoryOutputStream* sink = mem.get();
    auto fw = FileWriter::Open(std::move(mem), *schema, WriterOptions{});
    if (!fw.ok()) std::abort();
    auto rw = RowWriter::Open(**fw);
    if (!rw.ok()) std::abort();
    uint64_t x = 88172645463325252ULL;
    auto next = [&x] {
      x ^= x << 13;
      x ^= x >> 7;
      x ^= x << 17;
      return x;
    };
    Value row;
    for (int64_t i = 0; i < kRows; ++i) {
      row = Value::Struct();
      row.AddField("id", Value::Int64(i));
      const uint64_t r = next();
      if (r % 10 == 0) {
        row.AddField("items", Value::Null());
      } else {
        Value list = Value::List();
        for (uint64_t k = 0; k < r % 7; ++k) {
          const uint64_t e = next();
          if (e % 20 == 0) {
            list.Append(Value::Null());
            continue;
          }
          Value el = Value::Struct();
          el.AddField("a", e % 9 == 0 ? Value::Null() : Value::Int64(static_cast<int64_t>(e >> 8)));
          el.AddField("b", e % 11 == 0 ? Value::Null() : Value::Bytes("item-" + std::to_string(e % 5000)));
          list.Append(std::move(el));
        }
        row.AddField("items", std::move(list));
      }
      if (!(*rw)->Write(row).ok()) std::abort();
    }
    if (!(*rw)->Close().ok() || !(*fw)->Close().ok()) std::abort();
    return sink->bytes();
  }();
  return bytes;
}

std::unique_ptr<FileReader> Open() {
  ReaderOptions options;
  options.verify_checksums = false;  // assembly alone, as before CRCs were verified by default
  auto f = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemoryView(
                                reinterpret_cast<const uint8_t*>(NestedFile().data()), NestedFile().size())),
                            options);
  if (!f.ok()) std::abort();
  return std::move(*f);
}

// Arg: ColumnarReaderOptions::threads (the leaves of a row group read at once).
void BM_ColumnarAssembly(benchmark::State& state) {
  auto file = Open();
  ColumnarBatch batch;  // reused: buffers keep their capacity
  ColumnarReaderOptions options;
  options.threads = static_cast<int>(state.range(0));
  for (auto _ : state) {
    auto reader = ColumnarReader::Open(*file, options);
    if (!reader.ok()) std::abort();
    for (int g = 0; g < file->metadata().num_row_groups(); ++g) {
      if (!(*reader)->ReadRowGroup(g, &batch).ok()) std::abort();
    }
    benchmark::DoNotOptimize(batch.leaves.data());
  }
  state.SetItemsProcessed(state.iterations() * kRows);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(NestedFile().size()));
}
BENCHMARK(BM_ColumnarAssembly)->Arg(1)->Arg(2)->UseRealTime()->Unit(benchmark::kMillisecond);

void BM_RowAssembly(benchmark::State& state) {
  auto file = Open();
  Value row;
  for (auto _ : state) {
    auto reader = RowReader::Open(*file);
    if (!reader.ok()) std::abort();
    while (true) {
      auto more = (*reader)->Next(&row);
      if (!more.ok()) std::abort();
      if (!*more) break;
    }
  }
  state.SetItemsProcessed(state.iterations() * kRows);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(NestedFile().size()));
}
BENCHMARK(BM_RowAssembly)->Unit(benchmark::kMillisecond);

void BM_RowsAsJson(benchmark::State& state) {
  auto file = Open();
  std::string json;
  for (auto _ : state) {
    auto reader = JsonRowReader::Open(*file);
    if (!reader.ok()) std::abort();
    while (true) {
      json.clear();
      auto more = (*reader)->Next(&json);
      if (!more.ok()) std::abort();
      if (!*more) break;
    }
  }
  state.SetItemsProcessed(state.iterations() * kRows);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(NestedFile().size()));
}
BENCHMARK(BM_RowsAsJson)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parq

BENCHMARK_MAIN();
