// Late materialization (issue 25, item 4): a 10 % selective filter on an
// unsorted column of a multi-column file, read as columns, against the full
// read of the same columns (the issue's target: at most 0.7 × its time).
//   BM_ColumnarRead/C/F     ColumnarReader, every column, all row groups
//   BM_ArrowRead/C/F        ExportArrowStream, every batch drained
//   BM_RowRead/C/F          RowReader, every row as a Value (late
//                           materialization: the filter's column first)
// C: 0 uncompressed pages, 1 SNAPPY.  F: 0 no filter, 1 `k < 100` (k uniform
// in [0, 1000), so 10 % of the rows, scattered: no row group is pruned).
// The file (in memory): 1M rows in row groups of 128K, 8 columns — int64
// id, the filter's int64 k, a double, an int32, two strings, a nullable
// int64 and a list of int32; a tenth of the optional values null.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "parq/arrow_reader.h"
#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/row_writer.h"

namespace parq {
namespace {

constexpr int64_t kRows = 1 << 20;

const std::string& File(bool snappy) {
  static std::string bytes[2];
  std::string& out = bytes[snappy ? 1 : 0];
  if (!out.empty()) return out;
  auto schema = ParseMessageType(R"(message m {
    required int64 id;
    required int64 k;
    optional double x;
    optional int32 i;
    optional binary name (STRING);
    optional binary tag (STRING);
    optional int64 z;
    optional group tags (LIST) { repeated group list { required int32 element; } }
  })");
  if (!schema.ok()) std::abort();
  WriterOptions wo;
  wo.max_rows_per_row_group = 128 * 1024;
  if (snappy) wo.column_defaults.compression = Compression::kSnappy;
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto fw = FileWriter::Open(std::move(mem), *schema, wo);
  if (!fw.ok()) std::abort();
  auto rw = RowWriter::Open(**fw);
  if (!rw.ok()) std::abort();
  uint64_t s = 88172645463325252ULL;
  auto next = [&s] {
    s ^= s << 13;
    s ^= s >> 7;
    s ^= s << 17;
    return s;
  };
  Value row;
  for (int64_t r = 0; r < kRows; ++r) {
    const uint64_t a = next(), b = next();
    auto maybe = [&](int bit, Value v) { return (a >> bit) % 10 == 0 ? Value::Null() : std::move(v); };
    row = Value::Struct();
    row.AddField("id", Value::Int64(r));
    row.AddField("k", Value::Int64(static_cast<int64_t>(b % 1000)));
    row.AddField("x", maybe(3, Value::Double(static_cast<double>(a % 100000) / 7)));
    row.AddField("i", maybe(9, Value::Int32(static_cast<int32_t>(a >> 40))));
    row.AddField("name", maybe(15, Value::Bytes("customer-" + std::to_string(a % 50000))));
    row.AddField("tag", maybe(21, Value::Bytes(std::string("tag") + static_cast<char>('a' + (a >> 30) % 20))));
    row.AddField("z", maybe(27, Value::Int64(static_cast<int64_t>(a >> 20))));
    Value list = Value::List();
    for (uint64_t n = (b >> 20) % 4; n > 0; --n) list.Append(Value::Int32(static_cast<int32_t>(n * (b >> 40))));
    row.AddField("tags", maybe(33, std::move(list)));
    if (!(*rw)->Write(row).ok()) std::abort();
  }
  if (!(*rw)->Close().ok() || !(*fw)->Close().ok()) std::abort();
  out = sink->bytes();
  return out;
}

std::shared_ptr<FileReader> Open(bool snappy) {
  const std::string& bytes = File(snappy);
  auto f = FileReader::Open(std::shared_ptr<RandomAccessFile>(
      OpenMemoryView(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())));
  if (!f.ok()) std::abort();
  return std::shared_ptr<FileReader>(std::move(*f));
}

std::optional<Filter> FilterOf(const FileReader& file, bool on) {
  if (!on) return std::nullopt;
  auto f = ParseFilter("k < 100", file.schema());
  if (!f.ok()) std::abort();
  return *f;
}

void BM_ColumnarRead(benchmark::State& state) {
  auto file = Open(state.range(0) == 1);
  ColumnarReaderOptions o;
  o.filter = FilterOf(*file, state.range(1) == 1);
  ColumnarBatch batch;
  int64_t rows = 0;
  for (auto _ : state) {
    auto reader = ColumnarReader::Open(*file, o);
    if (!reader.ok()) std::abort();
    rows = 0;
    for (int g = 0; g < file->metadata().num_row_groups(); ++g) {
      if (!(*reader)->ReadRowGroup(g, &batch).ok()) std::abort();
      rows += batch.num_rows;
    }
    benchmark::DoNotOptimize(batch.leaves.data());
  }
  state.counters["rows_out"] = static_cast<double>(rows);
  state.SetItemsProcessed(state.iterations() * kRows);
}
BENCHMARK(BM_ColumnarRead)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);

void BM_ArrowRead(benchmark::State& state) {
  auto file = Open(state.range(0) == 1);
  ArrowReadOptions o;
  o.filter = FilterOf(*file, state.range(1) == 1);
  int64_t rows = 0;
  for (auto _ : state) {
    ArrowArrayStream stream;
    if (!ExportArrowStream(file, o, &stream).ok()) std::abort();
    rows = 0;
    ArrowArray batch;
    while (stream.get_next(&stream, &batch) == 0 && batch.release != nullptr) {
      rows += batch.length;
      batch.release(&batch);
    }
    stream.release(&stream);
  }
  state.counters["rows_out"] = static_cast<double>(rows);
  state.SetItemsProcessed(state.iterations() * kRows);
}
BENCHMARK(BM_ArrowRead)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);

void BM_RowRead(benchmark::State& state) {
  auto file = Open(state.range(0) == 1);
  RowReaderOptions o;
  o.filter = FilterOf(*file, state.range(1) == 1);
  int64_t rows = 0;
  Value row;
  for (auto _ : state) {
    auto reader = RowReader::Open(*file, o);
    if (!reader.ok()) std::abort();
    rows = 0;
    while (true) {
      auto more = (*reader)->Next(&row);
      if (!more.ok()) std::abort();
      if (!*more) break;
      ++rows;
    }
    benchmark::DoNotOptimize(row);
  }
  state.counters["rows_out"] = static_cast<double>(rows);
  state.SetItemsProcessed(state.iterations() * kRows);
}
BENCHMARK(BM_RowRead)->ArgsProduct({{0, 1}, {0, 1}})->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parq

BENCHMARK_MAIN();
