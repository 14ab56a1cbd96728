// parq_write_table: times parq writing one deterministic table, for
// benchmarks/write_vs_duckdb.sh (which times DuckDB writing the same rows).
//
//   parq_write_table OUT.parquet [--codec none|snappy|zstd] [--rows N] [--runs N]
//
// The table (generated into memory first, not timed), N rows:
//   id     required int64   0, 1, 2, ...
//   small  required int32   0..999
//   x      required double  uniform in [0, 1e6)
//   city   required binary (STRING)  one of 100 names (dictionary-friendly)
//   note   required binary (STRING)  random 10-30 printable bytes
//   maybe  optional int64   random, 10% null
// Each run writes the whole file to OUT (default WriterOptions but the codec:
// dictionary on, statistics on, 1 MiB pages, row groups of 1,048,576 rows):
// per row group one WriteBatch per column, then Close.  Prints one JSON line:
// {"codec":..,"rows":..,"runs":[seconds..],"median":..,"bytes":..}.
#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "bench_random.h"
#include "parq/file_writer.h"

namespace {

using namespace parq;

using bench::SplitMix;

struct Table {
  std::vector<int64_t> id;
  std::vector<int32_t> small;
  std::vector<double> x;
  std::vector<ByteArray> city, note;
  std::vector<int16_t> maybe_def;
  std::vector<int64_t> maybe;  // non-null values only
  std::vector<std::string> city_names;
  std::string note_bytes;  // backs `note`
};

void Generate(int64_t rows, Table* t) {
  uint64_t s = 20261122;
  for (int i = 0; i < 100; ++i) t->city_names.push_back("city-" + std::to_string(i * 7919 % 1000) + "-name");
  t->id.resize(static_cast<size_t>(rows));
  t->small.resize(static_cast<size_t>(rows));
  t->x.resize(static_cast<size_t>(rows));
  t->city.resize(static_cast<size_t>(rows));
  t->maybe_def.resize(static_cast<size_t>(rows));
  std::vector<std::pair<size_t, uint32_t>> note_at(static_cast<size_t>(rows));
  t->note_bytes.reserve(static_cast<size_t>(rows) * 20);
  for (int64_t i = 0; i < rows; ++i) {
    size_t k = static_cast<size_t>(i);
    t->id[k] = i;
    t->small[k] = static_cast<int32_t>(SplitMix(&s) % 1000);
    t->x[k] = static_cast<double>(SplitMix(&s) >> 11) * (1e6 / 9007199254740992.0);
    const std::string& c = t->city_names[SplitMix(&s) % 100];
    t->city[k] = ByteArray{reinterpret_cast<const uint8_t*>(c.data()), static_cast<uint32_t>(c.size())};
    uint64_t r = SplitMix(&s);
    uint32_t len = 10 + static_cast<uint32_t>(r % 21);
    note_at[k] = {t->note_bytes.size(), len};
    for (uint32_t j = 0; j < len; ++j) t->note_bytes.push_back(static_cast<char>('!' + SplitMix(&s) % 94));
    bool null = SplitMix(&s) % 10 == 0;
    t->maybe_def[k] = null ? 0 : 1;
    if (!null) t->maybe.push_back(static_cast<int64_t>(SplitMix(&s)));
  }
  t->note.resize(static_cast<size_t>(rows));
  const uint8_t* base = reinterpret_cast<const uint8_t*>(t->note_bytes.data());
  for (size_t k = 0; k < note_at.size(); ++k) t->note[k] = ByteArray{base + note_at[k].first, note_at[k].second};
}

Status WriteOnce(const std::string& path, const Schema& schema, const WriterOptions& o, const Table& t) {
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(path, schema, o));
  const int64_t rows = static_cast<int64_t>(t.id.size());
  const int64_t group = o.max_rows_per_row_group;
  int64_t maybe_pos = 0;
  for (int64_t b = 0; b < rows; b += group) {
    const int64_t n = std::min(group, rows - b);
    PARQ_ASSIGN_OR_RETURN(auto* id, w->typed_column<int64_t>(0));
    PARQ_RETURN_IF_ERROR(id->WriteBatch(n, nullptr, nullptr, t.id.data() + b));
    PARQ_ASSIGN_OR_RETURN(auto* small, w->typed_column<int32_t>(1));
    PARQ_RETURN_IF_ERROR(small->WriteBatch(n, nullptr, nullptr, t.small.data() + b));
    PARQ_ASSIGN_OR_RETURN(auto* x, w->typed_column<double>(2));
    PARQ_RETURN_IF_ERROR(x->WriteBatch(n, nullptr, nullptr, t.x.data() + b));
    PARQ_ASSIGN_OR_RETURN(auto* city, w->typed_column<ByteArray>(3));
    PARQ_RETURN_IF_ERROR(city->WriteBatch(n, nullptr, nullptr, t.city.data() + b));
    PARQ_ASSIGN_OR_RETURN(auto* note, w->typed_column<ByteArray>(4));
    PARQ_RETURN_IF_ERROR(note->WriteBatch(n, nullptr, nullptr, t.note.data() + b));
    PARQ_ASSIGN_OR_RETURN(auto* maybe, w->typed_column<int64_t>(5));
    int64_t nonnull = 0;
    for (int64_t i = b; i < b + n; ++i) nonnull += t.maybe_def[static_cast<size_t>(i)];
    PARQ_RETURN_IF_ERROR(maybe->WriteBatch(n, t.maybe_def.data() + b, nullptr, t.maybe.data() + maybe_pos));
    maybe_pos += nonnull;
    PARQ_RETURN_IF_ERROR(w->EndRowGroup());
  }
  return w->Close();
}

int Usage() {
  std::fprintf(stderr, "usage: parq_write_table OUT.parquet [--codec none|snappy|zstd] [--rows N] [--runs N]\n");
  return 2;
}

}  // namespace

int main(int argc, char** argv) {
  std::string out, codec = "none";
  int64_t rows = 5'000'000;
  int runs = 1;
  for (int i = 1; i < argc; ++i) {
    std::string_view a = argv[i];
    if (a == "--codec" && i + 1 < argc) {
      codec = argv[++i];
    } else if (a == "--rows" && i + 1 < argc) {
      rows = std::atoll(argv[++i]);
    } else if (a == "--runs" && i + 1 < argc) {
      runs = std::atoi(argv[++i]);
    } else if (out.empty() && !a.starts_with("--")) {
      out = a;
    } else {
      return Usage();
    }
  }
  if (out.empty() || rows <= 0 || runs <= 0) return Usage();
  WriterOptions o;
  if (codec == "none") {
    o.column_defaults.compression = Compression::kUncompressed;
  } else if (codec == "snappy") {
    o.column_defaults.compression = Compression::kSnappy;
  } else if (codec == "zstd") {
    o.column_defaults.compression = Compression::kZstd;
  } else {
    return Usage();
  }
  auto schema = ParseMessageType(R"(message table {
    required int64 id;
    required int32 small;
    required double x;
    required binary city (STRING);
    required binary note (STRING);
    optional int64 maybe;
  })");
  if (!schema.ok()) return 1;
  Table t;
  Generate(rows, &t);
  std::vector<double> secs;
  for (int r = 0; r < runs; ++r) {
    auto t0 = std::chrono::steady_clock::now();
    Status st = WriteOnce(out, *schema, o, t);
    auto t1 = std::chrono::steady_clock::now();
    if (!st.ok()) {
      std::fprintf(stderr, "parq_write_table: %s\n", st.ToString().c_str());
      return 1;
    }
    secs.push_back(std::chrono::duration<double>(t1 - t0).count());
  }
  std::vector<double> sorted = secs;
  std::sort(sorted.begin(), sorted.end());
  long long bytes = 0;
  if (FILE* f = std::fopen(out.c_str(), "rb")) {
    std::fseek(f, 0, SEEK_END);
    bytes = std::ftell(f);
    std::fclose(f);
  }
  std::printf("{\"codec\":\"%s\",\"rows\":%lld,\"runs\":[", codec.c_str(), static_cast<long long>(rows));
  for (size_t i = 0; i < secs.size(); ++i) std::printf("%s%.4f", i ? "," : "", secs[i]);
  std::printf("],\"median\":%.4f,\"bytes\":%lld}\n", sorted[sorted.size() / 2], bytes);
  return 0;
}
