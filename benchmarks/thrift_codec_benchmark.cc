// Thrift compact codec throughput on a synthetic, struct-heavy message shaped
// like a Parquet footer (row groups × column chunks × metadata × statistics,
// plus a schema list), decoded with hand-written code in the exact shape
// tools/thriftgen emits.  Reports bytes of encoded input per second.
//
//   BM_DecodeFooter       full decode into fresh structs (strings, vectors)
//   BM_DecodeFooterReuse  the same into one reused FileMetaData (no mallocs)
//   BM_SkipFooter         CompactReader::Skip over the whole message
//   BM_SkipRealFooters    Skip over the footers of parquet-testing files
//                         (../shared beside the source tree), if present
//   BM_EncodeFooter  CompactWriter over the same structs
//   BM_DecodeI64List a list<i64> of mixed-width varints
#include <benchmark/benchmark.h>

#include <cstdint>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <random>
#include <string>
#include <vector>

#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace {

using parq::StatusCode;
using parq::thrift::CompactReader;
using parq::thrift::CompactWriter;
using parq::thrift::CType;
using parq::thrift::IsBool;

struct Statistics {
  std::string max, min, max_value, min_value;
  int64_t null_count = 0;
  bool is_max_value_exact = false;
};
struct ColumnMetaData {
  int32_t type = 0;
  std::vector<int32_t> encodings;
  std::vector<std::string> path_in_schema;
  int32_t codec = 0;
  int64_t num_values = 0, total_uncompressed_size = 0, total_compressed_size = 0;
  int64_t data_page_offset = 0, dictionary_page_offset = 0;
  Statistics statistics;
};
struct ColumnChunk {
  int64_t file_offset = 0;
  ColumnMetaData meta_data;
  int64_t offset_index_offset = 0;
  int32_t offset_index_length = 0;
};
struct RowGroup {
  std::vector<ColumnChunk> columns;
  int64_t total_byte_size = 0, num_rows = 0, file_offset = 0;
  int16_t ordinal = 0;
};
struct SchemaElement {
  int32_t type = 0, type_length = 0, repetition_type = 0, num_children = 0, converted_type = 0;
  std::string name;
};
struct FileMetaData {
  int32_t version = 0;
  std::vector<SchemaElement> schema;
  int64_t num_rows = 0;
  std::vector<RowGroup> row_groups;
  std::string created_by;
};

// --- Read, in the generated shape --------------------------------------------

#define FIELD(ID, CT, STMT) \
  case ID:                  \
    if (t == CT) {          \
      STMT;                 \
    } else {                \
      r.Skip(t);            \
    }                       \
    break;

bool Read(CompactReader& r, Statistics* out) {
  if (!r.StructBegin()) return false;
  CType t;
  int16_t id;
  while (r.FieldBegin(&t, &id)) {
    switch (id) {
      FIELD(1, CType::kBinary, r.ReadBinary(&out->max))
      FIELD(2, CType::kBinary, r.ReadBinary(&out->min))
      FIELD(3, CType::kI64, out->null_count = r.ReadI64())
      FIELD(5, CType::kBinary, r.ReadBinary(&out->max_value))
      FIELD(6, CType::kBinary, r.ReadBinary(&out->min_value))
      case 7:
        if (IsBool(t)) out->is_max_value_exact = r.ReadBool(); else r.Skip(t);
        break;
      default: r.Skip(t);
    }
    if (!r.ok()) return false;
  }
  if (!r.ok()) return false;
  r.StructEnd();
  return true;
}

bool Read(CompactReader& r, ColumnMetaData* out) {
  if (!r.StructBegin()) return false;
  uint32_t isset = 0;
  CType t;
  int16_t id;
  while (r.FieldBegin(&t, &id)) {
    switch (id) {
      FIELD(1, CType::kI32, out->type = r.ReadI32(); isset |= 1)
      case 2: {
        CType et;
        uint32_t n;
        if (t == CType::kList && r.ListBegin(&et, &n)) {
          out->encodings.resize(n);
          for (uint32_t k = 0; k < n; ++k) out->encodings[k] = r.ReadI32();
          r.ContainerEnd();
          isset |= 2;
        } else {
          r.Skip(t);
        }
        break;
      }
      case 3: {
        CType et;
        uint32_t n;
        if (t == CType::kList && r.ListBegin(&et, &n)) {
          out->path_in_schema.resize(n);
          for (uint32_t k = 0; k < n; ++k) r.ReadBinary(&out->path_in_schema[k]);
          r.ContainerEnd();
          isset |= 4;
        } else {
          r.Skip(t);
        }
        break;
      }
      FIELD(4, CType::kI32, out->codec = r.ReadI32(); isset |= 8)
      FIELD(5, CType::kI64, out->num_values = r.ReadI64(); isset |= 16)
      FIELD(6, CType::kI64, out->total_uncompressed_size = r.ReadI64(); isset |= 32)
      FIELD(7, CType::kI64, out->total_compressed_size = r.ReadI64(); isset |= 64)
      FIELD(9, CType::kI64, out->data_page_offset = r.ReadI64(); isset |= 128)
      FIELD(11, CType::kI64, out->dictionary_page_offset = r.ReadI64())
      FIELD(12, CType::kStruct, if (!Read(r, &out->statistics)) return false)
      default: r.Skip(t);
    }
    if (!r.ok()) return false;
  }
  if (!r.ok()) return false;
  r.StructEnd();
  if (isset != 255) {
    r.Fail(StatusCode::kCorrupt, "ColumnMetaData: required field missing");
    return false;
  }
  return true;
}

bool Read(CompactReader& r, ColumnChunk* out) {
  if (!r.StructBegin()) return false;
  CType t;
  int16_t id;
  while (r.FieldBegin(&t, &id)) {
    switch (id) {
      FIELD(2, CType::kI64, out->file_offset = r.ReadI64())
      FIELD(3, CType::kStruct, if (!Read(r, &out->meta_data)) return false)
      FIELD(6, CType::kI64, out->offset_index_offset = r.ReadI64())
      FIELD(7, CType::kI32, out->offset_index_length = r.ReadI32())
      default: r.Skip(t);
    }
    if (!r.ok()) return false;
  }
  if (!r.ok()) return false;
  r.StructEnd();
  return true;
}

bool Read(CompactReader& r, RowGroup* out) {
  if (!r.StructBegin()) return false;
  CType t;
  int16_t id;
  while (r.FieldBegin(&t, &id)) {
    switch (id) {
      case 1: {
        CType et;
        uint32_t n;
        if (t == CType::kList && r.ListBegin(&et, &n)) {
          out->columns.resize(n);
          for (uint32_t k = 0; k < n; ++k) {
            if (!Read(r, &out->columns[k])) return false;
          }
          r.ContainerEnd();
        } else {
          r.Skip(t);
        }
        break;
      }
      FIELD(2, CType::kI64, out->total_byte_size = r.ReadI64())
      FIELD(3, CType::kI64, out->num_rows = r.ReadI64())
      FIELD(5, CType::kI64, out->file_offset = r.ReadI64())
      FIELD(7, CType::kI16, out->ordinal = r.ReadI16())
      default: r.Skip(t);
    }
    if (!r.ok()) return false;
  }
  if (!r.ok()) return false;
  r.StructEnd();
  return true;
}

bool Read(CompactReader& r, SchemaElement* out) {
  if (!r.StructBegin()) return false;
  CType t;
  int16_t id;
  while (r.FieldBegin(&t, &id)) {
    switch (id) {
      FIELD(1, CType::kI32, out->type = r.ReadI32())
      FIELD(2, CType::kI32, out->type_length = r.ReadI32())
      FIELD(3, CType::kI32, out->repetition_type = r.ReadI32())
      FIELD(4, CType::kBinary, r.ReadBinary(&out->name))
      FIELD(5, CType::kI32, out->num_children = r.ReadI32())
      FIELD(6, CType::kI32, out->converted_type = r.ReadI32())
      default: r.Skip(t);
    }
    if (!r.ok()) return false;
  }
  if (!r.ok()) return false;
  r.StructEnd();
  return true;
}

bool Read(CompactReader& r, FileMetaData* out) {
  if (!r.StructBegin()) return false;
  CType t;
  int16_t id;
  while (r.FieldBegin(&t, &id)) {
    switch (id) {
      FIELD(1, CType::kI32, out->version = r.ReadI32())
      case 2: {
        CType et;
        uint32_t n;
        if (t == CType::kList && r.ListBegin(&et, &n)) {
          out->schema.resize(n);
          for (uint32_t k = 0; k < n; ++k) {
            if (!Read(r, &out->schema[k])) return false;
          }
          r.ContainerEnd();
        } else {
          r.Skip(t);
        }
        break;
      }
      FIELD(3, CType::kI64, out->num_rows = r.ReadI64())
      case 4: {
        CType et;
        uint32_t n;
        if (t == CType::kList && r.ListBegin(&et, &n)) {
          out->row_groups.resize(n);
          for (uint32_t k = 0; k < n; ++k) {
            if (!Read(r, &out->row_groups[k])) return false;
          }
          r.ContainerEnd();
        } else {
          r.Skip(t);
        }
        break;
      }
      FIELD(6, CType::kBinary, r.ReadBinary(&out->created_by))
      default: r.Skip(t);
    }
    if (!r.ok()) return false;
  }
  if (!r.ok()) return false;
  r.StructEnd();
  return true;
}

// --- Write ------------------------------------------------------------------

void Write(CompactWriter& w, const Statistics& s) {
  w.StructBegin();
  w.FieldBegin(CType::kBinary, 1); w.WriteBinary(s.max);
  w.FieldBegin(CType::kBinary, 2); w.WriteBinary(s.min);
  w.FieldBegin(CType::kI64, 3); w.WriteI64(s.null_count);
  w.FieldBegin(CType::kBinary, 5); w.WriteBinary(s.max_value);
  w.FieldBegin(CType::kBinary, 6); w.WriteBinary(s.min_value);
  w.FieldBool(7, s.is_max_value_exact);
  w.StructEnd();
}

void Write(CompactWriter& w, const ColumnMetaData& m) {
  w.StructBegin();
  w.FieldBegin(CType::kI32, 1); w.WriteI32(m.type);
  w.FieldBegin(CType::kList, 2);
  w.ListBegin(CType::kI32, static_cast<uint32_t>(m.encodings.size()));
  for (int32_t e : m.encodings) w.WriteI32(e);
  w.FieldBegin(CType::kList, 3);
  w.ListBegin(CType::kBinary, static_cast<uint32_t>(m.path_in_schema.size()));
  for (const std::string& p : m.path_in_schema) w.WriteBinary(p);
  w.FieldBegin(CType::kI32, 4); w.WriteI32(m.codec);
  w.FieldBegin(CType::kI64, 5); w.WriteI64(m.num_values);
  w.FieldBegin(CType::kI64, 6); w.WriteI64(m.total_uncompressed_size);
  w.FieldBegin(CType::kI64, 7); w.WriteI64(m.total_compressed_size);
  w.FieldBegin(CType::kI64, 9); w.WriteI64(m.data_page_offset);
  w.FieldBegin(CType::kI64, 11); w.WriteI64(m.dictionary_page_offset);
  w.FieldBegin(CType::kStruct, 12); Write(w, m.statistics);
  w.StructEnd();
}

void Write(CompactWriter& w, const FileMetaData& f) {
  w.StructBegin();
  w.FieldBegin(CType::kI32, 1); w.WriteI32(f.version);
  w.FieldBegin(CType::kList, 2);
  w.ListBegin(CType::kStruct, static_cast<uint32_t>(f.schema.size()));
  for (const SchemaElement& s : f.schema) {
    w.StructBegin();
    if (s.type) { w.FieldBegin(CType::kI32, 1); w.WriteI32(s.type); }
    w.FieldBegin(CType::kI32, 3); w.WriteI32(s.repetition_type);
    w.FieldBegin(CType::kBinary, 4); w.WriteBinary(s.name);
    if (s.num_children) { w.FieldBegin(CType::kI32, 5); w.WriteI32(s.num_children); }
    if (s.converted_type) { w.FieldBegin(CType::kI32, 6); w.WriteI32(s.converted_type); }
    w.StructEnd();
  }
  w.FieldBegin(CType::kI64, 3); w.WriteI64(f.num_rows);
  w.FieldBegin(CType::kList, 4);
  w.ListBegin(CType::kStruct, static_cast<uint32_t>(f.row_groups.size()));
  for (const RowGroup& g : f.row_groups) {
    w.StructBegin();
    w.FieldBegin(CType::kList, 1);
    w.ListBegin(CType::kStruct, static_cast<uint32_t>(g.columns.size()));
    for (const ColumnChunk& c : g.columns) {
      w.StructBegin();
      w.FieldBegin(CType::kI64, 2); w.WriteI64(c.file_offset);
      w.FieldBegin(CType::kStruct, 3); Write(w, c.meta_data);
      w.FieldBegin(CType::kI64, 6); w.WriteI64(c.offset_index_offset);
      w.FieldBegin(CType::kI32, 7); w.WriteI32(c.offset_index_length);
      w.StructEnd();
    }
    w.FieldBegin(CType::kI64, 2); w.WriteI64(g.total_byte_size);
    w.FieldBegin(CType::kI64, 3); w.WriteI64(g.num_rows);
    w.FieldBegin(CType::kI64, 5); w.WriteI64(g.file_offset);
    w.FieldBegin(CType::kI16, 7); w.WriteI16(g.ordinal);
    w.StructEnd();
  }
  w.FieldBegin(CType::kBinary, 6); w.WriteBinary(f.created_by);
  w.StructEnd();
}

// 20 row groups × 40 columns: about 1,600 structs, 120 KB.
FileMetaData MakeFooter() {
  std::mt19937_64 rng(1);
  const int kColumns = 40, kRowGroups = 20;
  FileMetaData f;
  f.version = 2;
  f.num_rows = 20'000'000;
  f.created_by = "parq version 0.1.0 (build synthetic)";
  f.schema.push_back({0, 0, 0, kColumns, 0, "schema"});
  for (int c = 0; c < kColumns; ++c) {
    f.schema.push_back({1 + c % 7, 0, c % 3, 0, c % 5 == 0 ? 0 : 1 + c % 20, "column_" + std::to_string(c)});
  }
  int64_t offset = 4;
  for (int g = 0; g < kRowGroups; ++g) {
    RowGroup rg;
    rg.num_rows = 1'000'000;
    rg.ordinal = static_cast<int16_t>(g);
    rg.file_offset = offset;
    for (int c = 0; c < kColumns; ++c) {
      ColumnChunk cc;
      ColumnMetaData& m = cc.meta_data;
      m.type = 1 + c % 7;
      m.encodings = {0, 3, 8};
      m.path_in_schema = {"column_" + std::to_string(c)};
      m.codec = 1 + c % 4;
      m.num_values = 1'000'000;
      m.total_compressed_size = static_cast<int64_t>(100'000 + rng() % 5'000'000);
      m.total_uncompressed_size = m.total_compressed_size * 3;
      m.dictionary_page_offset = offset;
      m.data_page_offset = offset + 40'000;
      offset += m.total_compressed_size;
      cc.file_offset = m.data_page_offset;
      uint64_t lo = rng(), hi = lo + rng() % 1000000;
      m.statistics.min_value.assign(reinterpret_cast<const char*>(&lo), 8);
      m.statistics.max_value.assign(reinterpret_cast<const char*>(&hi), 8);
      m.statistics.null_count = static_cast<int64_t>(rng() % 1000);
      m.statistics.is_max_value_exact = true;
      cc.offset_index_offset = static_cast<int64_t>(4'000'000'000LL + rng() % 1'000'000);
      cc.offset_index_length = static_cast<int32_t>(100 + rng() % 400);
      rg.columns.push_back(std::move(cc));
      rg.total_byte_size += m.total_uncompressed_size;
    }
    f.row_groups.push_back(std::move(rg));
  }
  return f;
}

const std::string& FooterBytes() {
  static const std::string bytes = [] {
    CompactWriter w;
    Write(w, MakeFooter());
    return w.Take();
  }();
  return bytes;
}

void BM_DecodeFooter(benchmark::State& state) {
  const std::string& bytes = FooterBytes();
  for (auto _ : state) {
    FileMetaData f;
    CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    if (!Read(r, &f) || r.remaining() != 0) {
      state.SkipWithError(r.status().ToString().c_str());
      break;
    }
    benchmark::DoNotOptimize(f);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
  state.counters["message_bytes"] = static_cast<double>(bytes.size());
}
BENCHMARK(BM_DecodeFooter);

void BM_DecodeFooterReuse(benchmark::State& state) {
  const std::string& bytes = FooterBytes();
  FileMetaData f;
  for (auto _ : state) {
    CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    if (!Read(r, &f) || r.remaining() != 0) {
      state.SkipWithError(r.status().ToString().c_str());
      break;
    }
    benchmark::DoNotOptimize(f);
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_DecodeFooterReuse);

void BM_SkipFooter(benchmark::State& state) {
  const std::string& bytes = FooterBytes();
  for (auto _ : state) {
    CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    r.Skip(CType::kStruct);
    if (!r.ok() || r.remaining() != 0) {
      state.SkipWithError(r.status().ToString().c_str());
      break;
    }
    benchmark::DoNotOptimize(r.position());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_SkipFooter);

// The footers (FileMetaData bytes) of the parquet-testing files with the
// largest footers, found relative to this source file.
std::vector<std::string> RealFooters() {
  namespace fs = std::filesystem;
  const fs::path data = fs::path(__FILE__).parent_path() / "../../shared/parquet-testing/data";
  const char* names[] = {"nested_structs.rust.parquet", "delta_binary_packed.parquet",
                         "geospatial/geography-polygons.parquet", "delta_encoding_required_column.parquet",
                         "alltypes_tiny_pages.parquet", "datapage_v2.snappy.parquet"};
  std::vector<std::string> out;
  for (const char* name : names) {
    std::ifstream in(data / name, std::ios::binary);
    if (!in) continue;
    std::string file((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
    if (file.size() < 12 || file.compare(file.size() - 4, 4, "PAR1") != 0) continue;
    uint32_t len;
    std::memcpy(&len, file.data() + file.size() - 8, 4);
    if (len > file.size() - 12) continue;
    out.push_back(file.substr(file.size() - 8 - len, len));
  }
  return out;
}

void BM_SkipRealFooters(benchmark::State& state) {
  const std::vector<std::string> footers = RealFooters();
  if (footers.empty()) {
    state.SkipWithError("parquet-testing not found beside the source tree");
    return;
  }
  size_t total = 0;
  for (const std::string& f : footers) total += f.size();
  for (auto _ : state) {
    for (const std::string& f : footers) {
      CompactReader r(reinterpret_cast<const uint8_t*>(f.data()), f.size());
      r.Skip(CType::kStruct);
      if (!r.ok()) {
        state.SkipWithError(r.status().ToString().c_str());
        return;
      }
      benchmark::DoNotOptimize(r.position());
    }
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * total));
  state.counters["footers"] = static_cast<double>(footers.size());
  state.counters["footer_bytes"] = static_cast<double>(total);
}
BENCHMARK(BM_SkipRealFooters);

void BM_EncodeFooter(benchmark::State& state) {
  const FileMetaData f = MakeFooter();
  CompactWriter w;
  size_t n = 0;
  for (auto _ : state) {
    w.Clear();
    Write(w, f);
    n = w.size();
    benchmark::DoNotOptimize(w.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * n));
}
BENCHMARK(BM_EncodeFooter);

void BM_DecodeI64List(benchmark::State& state) {
  std::mt19937_64 rng(3);
  CompactWriter w;
  const uint32_t n = 100'000;
  w.ListBegin(CType::kI64, n);
  for (uint32_t k = 0; k < n; ++k) w.WriteI64(static_cast<int64_t>(rng() >> (rng() % 64)) - (1 << 20));
  const std::string bytes = w.Take();
  std::vector<int64_t> out(n);
  for (auto _ : state) {
    CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    CType et;
    uint32_t m;
    if (!r.ListBegin(&et, &m)) break;
    for (uint32_t k = 0; k < m; ++k) out[k] = r.ReadI64();
    r.ContainerEnd();
    benchmark::DoNotOptimize(out.data());
  }
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations() * bytes.size()));
}
BENCHMARK(BM_DecodeI64List);

}  // namespace

BENCHMARK_MAIN();
