// Encryption's cost: lineitem-shaped data (16 optional columns like TPC-H
// lineitem's: integers, decimals as INT64, dates, short dictionary strings
// and a 10..40-byte comment; 1,000,000 rows in row groups of 122,880,
// snappy) written into memory and read back whole through ColumnarReader,
// plaintext and encrypted (uniform AES_GCM_V1 and AES_GCM_CTR_V1, one footer
// key, encrypted footer).  Bytes processed: the file's size.
// Target (issue 26): an encrypted read at most 1.15x the plaintext read.
#include <benchmark/benchmark.h>

#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"

namespace parq {
namespace {

constexpr int64_t kRows = 1'000'000;
constexpr int64_t kGroupRows = 122'880;
const std::string kKey = "0123456789abcdef";  // AES-128

uint64_t Mix(uint64_t r, uint64_t salt) {
  uint64_t x = r * 0x9E3779B97F4A7C15ull + salt * 0xBF58476D1CE4E5B9ull;
  x ^= x >> 31;
  x *= 0x94D049BB133111EBull;
  return x ^ (x >> 29);
}

// The columns, generated once: 64- and 32-bit integers and strings.
struct Table {
  Schema schema;
  std::vector<std::vector<int64_t>> i64;       // by column, empty where not INT64
  std::vector<std::vector<int32_t>> i32;
  std::vector<std::vector<std::string>> text;  // the strings' storage
  std::vector<std::vector<ByteArray>> bytes;   // views of `text`
};

const Table& GetTable() {
  static const Table* table = [] {
    auto* t = new Table;
    std::vector<std::unique_ptr<SchemaNode>> f;
    const auto opt = Repetition::kOptional;
    const auto add = [&](const char* name, PhysicalType type, LogicalType logical = {}) {
      f.push_back(SchemaNode::MakePrimitive(name, opt, type, logical));
    };
    add("orderkey", PhysicalType::kInt64);
    add("partkey", PhysicalType::kInt32);
    add("suppkey", PhysicalType::kInt32);
    add("linenumber", PhysicalType::kInt32);
    for (const char* n : {"quantity", "extendedprice", "discount", "tax"}) {
      add(n, PhysicalType::kInt64, LogicalType::Decimal(12, 2));
    }
    add("returnflag", PhysicalType::kByteArray, LogicalType::String());
    add("linestatus", PhysicalType::kByteArray, LogicalType::String());
    for (const char* n : {"shipdate", "commitdate", "receiptdate"}) add(n, PhysicalType::kInt32, LogicalType::Date());
    add("shipinstruct", PhysicalType::kByteArray, LogicalType::String());
    add("shipmode", PhysicalType::kByteArray, LogicalType::String());
    add("comment", PhysicalType::kByteArray, LogicalType::String());
    auto schema = Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(f)));
    if (!schema.ok()) std::abort();
    t->schema = std::move(*schema);
    const int n = t->schema.num_columns();
    t->i64.resize(n);
    t->i32.resize(n);
    t->text.resize(n);
    t->bytes.resize(n);
    static const char* kWords[][7] = {{"A", "N", "R"},
                                      {"F", "O"},
                                      {"DELIVER IN PERSON", "COLLECT COD", "NONE", "TAKE BACK RETURN"},
                                      {"AIR", "MAIL", "SHIP", "TRUCK", "RAIL", "FOB", "REG AIR"}};
    static const int kWordCounts[] = {3, 2, 4, 7};
    static const char kHex[] = "0123456789abcdef";
    for (int c = 0; c < n; ++c) {
      const uint64_t salt = static_cast<uint64_t>(c);
      for (int64_t r = 0; r < kRows; ++r) {
        const uint64_t h = Mix(static_cast<uint64_t>(r), salt);
        switch (t->schema.column(c).physical_type) {
          case PhysicalType::kInt64:
            t->i64[c].push_back(c == 0 ? r : static_cast<int64_t>(h % (c == 5 ? 10'000'000 : 5000)));
            break;
          case PhysicalType::kInt32:
            t->i32[c].push_back(c == 3 ? static_cast<int32_t>(r % 7 + 1)
                                       : c >= 10 ? 8035 + static_cast<int32_t>(h % 2500)
                                                 : static_cast<int32_t>(h % 200'000));
            break;
          default: {
            const int set = c == 8 ? 0 : c == 9 ? 1 : c == 13 ? 2 : c == 14 ? 3 : -1;
            if (set >= 0) {
              t->text[c].emplace_back(kWords[set][h % static_cast<uint64_t>(kWordCounts[set])]);
            } else {
              std::string s(10 + h % 31, ' ');
              uint64_t x = Mix(h, 99);
              for (size_t i = 0; i < s.size(); ++i, x = (i % 16 == 0) ? Mix(x, i) : x >> 4) s[i] = kHex[x & 15];
              t->text[c].push_back(std::move(s));
            }
          }
        }
      }
      for (const std::string& s : t->text[c]) {
        t->bytes[c].push_back({reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())});
      }
    }
    return t;
  }();
  return *table;
}

std::shared_ptr<const EncryptionProperties> Encryption(int mode) {
  if (mode == 0) return nullptr;
  auto p = std::make_shared<EncryptionProperties>();
  p->footer_key = kKey;
  if (mode == 2) p->algorithm = EncryptionProperties::Algorithm::kAesGcmCtrV1;
  return p;
}

std::string Write(int mode) {
  const Table& t = GetTable();
  WriterOptions o;
  o.column_defaults.compression = Compression::kSnappy;
  o.max_rows_per_row_group = kGroupRows;
  o.row_group_size = int64_t{1} << 40;
  o.encryption = Encryption(mode);
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), t.schema, o);
  if (!w.ok()) std::abort();
  const std::vector<int16_t> def(kGroupRows, 1);
  for (int64_t start = 0; start < kRows; start += kGroupRows) {
    const int64_t n = std::min(kGroupRows, kRows - start);
    for (int c = 0; c < t.schema.num_columns(); ++c) {
      auto col = (*w)->column(c);
      if (!col.ok()) std::abort();
      Status st;
      switch (t.schema.column(c).physical_type) {
        case PhysicalType::kInt64: st = (*col)->As<int64_t>()->WriteBatch(n, def.data(), nullptr, &t.i64[c][start]); break;
        case PhysicalType::kInt32: st = (*col)->As<int32_t>()->WriteBatch(n, def.data(), nullptr, &t.i32[c][start]); break;
        default: st = (*col)->As<ByteArray>()->WriteBatch(n, def.data(), nullptr, &t.bytes[c][start]); break;
      }
      if (!st.ok()) std::abort();
    }
    if (!(*w)->EndRowGroup().ok()) std::abort();
  }
  if (!(*w)->Close().ok()) std::abort();
  return sink->Take();
}

const std::string& File(int mode) {
  static std::string files[3];
  if (files[mode].empty()) files[mode] = Write(mode);
  return files[mode];
}

void BM_WriteLineitem(benchmark::State& state) {
  const int mode = static_cast<int>(state.range(0));
  GetTable();
  int64_t bytes = 0;
  for (auto _ : state) {
    std::string f = Write(mode);
    bytes += static_cast<int64_t>(f.size());
    benchmark::DoNotOptimize(f.data());
  }
  state.SetBytesProcessed(bytes);
}

void BM_ReadLineitem(benchmark::State& state) {
  const int mode = static_cast<int>(state.range(0));
  const std::string& bytes = File(mode);
  ReaderOptions options;
  if (mode != 0) {
    auto keys = std::make_shared<DecryptionProperties>();
    keys->footer_key = kKey;
    options.decryption = keys;
  }
  ColumnarBatch batch;
  int64_t rows = 0;
  for (auto _ : state) {
    auto file = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemoryView(
                                     reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())),
                                 options);
    if (!file.ok()) std::abort();
    auto reader = ColumnarReader::Open(**file);
    if (!reader.ok()) std::abort();
    for (int g = 0; g < (*file)->metadata().num_row_groups(); ++g) {
      if (!(*reader)->ReadRowGroup(g, &batch).ok()) std::abort();
      rows += batch.num_rows;
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes.size()));
  state.counters["rows"] = static_cast<double>(rows) / static_cast<double>(state.iterations());
}

// 0: plaintext, 1: AES_GCM_V1, 2: AES_GCM_CTR_V1.
BENCHMARK(BM_WriteLineitem)->ArgName("encryption")->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ReadLineitem)->ArgName("encryption")->Arg(0)->Arg(1)->Arg(2)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parq

BENCHMARK_MAIN();
