// Columnar writing: the same rows written by ColumnarWriter (Arrow-layout
// buffers in, levels computed by parq) and by RowWriter (Value rows in), on
// a flat table (`id` int64, `x` optional double, `name` optional string) and
// a nested one (`id`, `items: list<struct<a: int64, b: string>>` with null
// lists, empty lists, null elements and null fields), into memory,
// uncompressed, so that striping and encoding are what is measured.
// Reports rows/s (items).
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "parq/columnar_writer.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/row_writer.h"

namespace parq {
namespace {

constexpr int64_t kRows = 200'000;

void SetBit(std::vector<uint8_t>& bits, size_t i) { bits[i / 8] = static_cast<uint8_t>(bits[i / 8] | (1u << (i % 8))); }

// One table as Arrow-layout buffers and as rows.
struct Table {
  Schema schema;
  std::vector<Value> rows;
  // Flat: id, x, name.  Nested: id, items list, element struct, a, b.
  std::vector<int64_t> id;
  std::vector<double> x;
  std::vector<uint8_t> x_valid, name_valid, list_valid, elem_valid, a_valid, b_valid;
  std::vector<int32_t> name_off{0}, list_off{0}, b_off{0};
  std::string name_data, b_data;
  std::vector<int64_t> a;
  ColumnView batch;
};

uint64_t Next(uint64_t& x) {
  x ^= x << 13;
  x ^= x >> 7;
  x ^= x << 17;
  return x;
}

const Table& Flat() {
  static const Table t = [] {
    Table t;
    auto s = ParseMessageType("message m { required int64 id; optional double x; optional binary name (STRING); }");
    if (!s.ok()) std::abort();
    t.schema = std::move(*s);
    t.x_valid.assign(kRows / 8 + 1, 0);
    t.name_valid.assign(kRows / 8 + 1, 0);
    uint64_t r = 88172645463325252ULL;
    for (int64_t i = 0; i < kRows; ++i) {
      const uint64_t v = Next(r);
      Value row = Value::Struct();
      t.id.push_back(i);
      row.AddField("id", Value::Int64(i));
      const bool has_x = v % 7 != 0, has_name = v % 5 != 0;
      t.x.push_back(has_x ? static_cast<double>(v % 100000) / 8 : 0);
      if (has_x) SetBit(t.x_valid, static_cast<size_t>(i));
      row.AddField("x", has_x ? Value::Double(t.x.back()) : Value::Null());
      if (has_name) {
        SetBit(t.name_valid, static_cast<size_t>(i));
        const std::string n = "name-" + std::to_string(v % 3000);
        t.name_data += n;
        row.AddField("name", Value::Bytes(n));
      } else {
        row.AddField("name", Value::Null());
      }
      t.name_off.push_back(static_cast<int32_t>(t.name_data.size()));
      t.rows.push_back(std::move(row));
    }
    t.batch = ColumnView::Struct(kRows, {ColumnView::Fixed(kRows, t.id.data()),
                                         ColumnView::Fixed(kRows, t.x.data(), t.x_valid.data()),
                                         ColumnView::Binary(kRows, t.name_off.data(), t.name_data.data(),
                                                            t.name_valid.data())});
    return t;
  }();
  return t;
}

const Table& Nested() {
  static const Table t = [] {
    Table t;
    auto s = ParseMessageType(R"(message m {
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
    if (!s.ok()) std::abort();
    t.schema = std::move(*s);
    t.list_valid.assign(kRows / 8 + 1, 0);
    uint64_t r = 88172645463325252ULL;
    std::vector<bool> elem_valid, a_valid, b_valid;
    for (int64_t i = 0; i < kRows; ++i) {
      Value row = Value::Struct();
      t.id.push_back(i);
      row.AddField("id", Value::Int64(i));
      const uint64_t v = Next(r);
      if (v % 10 == 0) {
        row.AddField("items", Value::Null());
      } else {
        SetBit(t.list_valid, static_cast<size_t>(i));
        Value list = Value::List();
        const int n = static_cast<int>(v % 5);
        for (int k = 0; k < n; ++k) {
          const uint64_t e = Next(r);
          if (e % 13 == 0) {
            list.Append(Value::Null());
            elem_valid.push_back(false);
            a_valid.push_back(false);
            b_valid.push_back(false);
            t.a.push_back(0);
          } else {
            Value el = Value::Struct();
            elem_valid.push_back(true);
            const bool has_a = e % 9 != 0, has_b = e % 11 != 0;
            a_valid.push_back(has_a);
            t.a.push_back(has_a ? static_cast<int64_t>(e >> 8) : 0);
            el.AddField("a", has_a ? Value::Int64(t.a.back()) : Value::Null());
            b_valid.push_back(has_b);
            if (has_b) {
              const std::string b = "item-" + std::to_string(e % 5000);
              t.b_data += b;
              el.AddField("b", Value::Bytes(b));
            } else {
              el.AddField("b", Value::Null());
            }
            list.Append(std::move(el));
          }
          t.b_off.push_back(static_cast<int32_t>(t.b_data.size()));
        }
        row.AddField("items", std::move(list));
      }
      t.list_off.push_back(static_cast<int32_t>(t.a.size()));
      t.rows.push_back(std::move(row));
    }
    auto pack = [](const std::vector<bool>& b, std::vector<uint8_t>* out) {
      out->assign(b.size() / 8 + 1, 0);
      for (size_t i = 0; i < b.size(); ++i) {
        if (b[i]) SetBit(*out, i);
      }
    };
    pack(elem_valid, &t.elem_valid);
    pack(a_valid, &t.a_valid);
    pack(b_valid, &t.b_valid);
    const int64_t n = static_cast<int64_t>(t.a.size());
    ColumnView elem = ColumnView::Struct(
        n, {ColumnView::Fixed(n, t.a.data(), t.a_valid.data()),
            ColumnView::Binary(n, t.b_off.data(), t.b_data.data(), t.b_valid.data())},
        t.elem_valid.data());
    t.batch = ColumnView::Struct(kRows, {ColumnView::Fixed(kRows, t.id.data()),
                                         ColumnView::List(kRows, t.list_off.data(), std::move(elem),
                                                          t.list_valid.data())});
    return t;
  }();
  return t;
}

WriterOptions Uncompressed() {
  WriterOptions o;
  o.column_defaults.compression = Compression::kUncompressed;
  return o;
}

void Columnar(benchmark::State& state, const Table& t) {
  for (auto _ : state) {
    auto fw = FileWriter::Open(std::make_unique<MemoryOutputStream>(), t.schema, Uncompressed());
    if (!fw.ok()) std::abort();
    auto cw = ColumnarWriter::Open(**fw);
    if (!cw.ok() || !(*cw)->Write(t.batch).ok() || !(*fw)->Close().ok()) std::abort();
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

void Rows(benchmark::State& state, const Table& t) {
  for (auto _ : state) {
    auto fw = FileWriter::Open(std::make_unique<MemoryOutputStream>(), t.schema, Uncompressed());
    if (!fw.ok()) std::abort();
    auto rw = RowWriter::Open(**fw);
    if (!rw.ok()) std::abort();
    for (const Value& row : t.rows) {
      if (!(*rw)->Write(row).ok()) std::abort();
    }
    if (!(*rw)->Close().ok() || !(*fw)->Close().ok()) std::abort();
  }
  state.SetItemsProcessed(state.iterations() * kRows);
}

void BM_ColumnarWriteFlat(benchmark::State& state) { Columnar(state, Flat()); }
void BM_RowWriteFlat(benchmark::State& state) { Rows(state, Flat()); }
void BM_ColumnarWriteNested(benchmark::State& state) { Columnar(state, Nested()); }
void BM_RowWriteNested(benchmark::State& state) { Rows(state, Nested()); }

BENCHMARK(BM_ColumnarWriteFlat)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RowWriteFlat)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ColumnarWriteNested)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_RowWriteNested)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parq

BENCHMARK_MAIN();
