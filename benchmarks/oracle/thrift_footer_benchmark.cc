// FileMetaData decoding: parq's generated code (thriftgen over CompactReader)
// against Apache Thrift's generated code (parquet_oracle::FileMetaData::read
// over TCompactProtocol / TMemoryBuffer), on the same footer bytes.
//
// The footer is that of a wide file: N columns (1,000 or 10,000) × 10 row
// groups, with a realistic schema (optional leaves under one group, strings
// with STRING logical type), column chunks with encodings, two-level paths,
// offsets, page encoding stats, page-index offsets and statistics with 8-byte
// min/max values, column orders and created_by.  It is built with parq's
// structs and serialized once; Apache's writer must produce the same bytes
// (checked at start-up).  Every benchmark reports bytes of footer per second,
// so the parq / Apache ratio reads straight off the output.
//
//   BM_ParqDecode/N          format::DecodeFileMetaData, what opening a file does:
//                            a fresh FileMetaData in its own arena, freed after
//   BM_ParqDecodeHeap/N      Read into a FileMetaData on the heap (no arena)
//   BM_ParqSkip/N            CompactReader::Skip over the whole struct
//   BM_ApacheDecode/N        parquet_oracle::FileMetaData::read, fresh object
//   BM_ParqEncode/N          Write of the same FileMetaData (for reference)
//
// For instruction counts (stable on a loaded machine) run under callgrind
// with --toggle-collect=DecodeParqOnce (or DecodeApacheOnce) and divide Ir
// by the bytes decoded.
#include <benchmark/benchmark.h>

#include <thrift/protocol/TCompactProtocol.h>
#include <thrift/transport/TBufferTransports.h>

#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "format/footer.h"
#include "format/parquet_types.h"
#include "parquet_types.h"  // Apache's, generated into the build tree
#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace {

namespace pf = parq::format;
using apache::thrift::transport::TMemoryBuffer;
using Proto = apache::thrift::protocol::TCompactProtocolT<TMemoryBuffer>;

constexpr int kRowGroups = 10;
constexpr int64_t kRowsPerGroup = 1'000'000;

std::string Le64(uint64_t v) {
  std::string s(8, '\0');
  for (int i = 0; i < 8; ++i) s[i] = static_cast<char>(v >> (8 * i));
  return s;
}

pf::FileMetaData MakeFooter(int columns) {
  pf::FileMetaData md;
  md.version = 2;
  md.num_rows = kRowsPerGroup * kRowGroups;
  md.created_by = "parquet-cpp-arrow version 15.0.2";
  // Schema: root → one group "record" → `columns` optional leaves.
  {
    pf::SchemaElement root;
    root.name = "schema";
    root.num_children = 1;
    md.schema.push_back(root);
    pf::SchemaElement group;
    group.name = "record";
    group.repetition_type = pf::FieldRepetitionType::REQUIRED;
    group.num_children = columns;
    md.schema.push_back(group);
  }
  static const pf::Type kTypes[] = {pf::Type::INT64, pf::Type::DOUBLE, pf::Type::BYTE_ARRAY, pf::Type::INT32};
  auto leaf_name = [](int c) {
    char buf[48];
    std::snprintf(buf, sizeof(buf), "measurement_%05d_value", c);
    return std::string(buf);
  };
  for (int c = 0; c < columns; ++c) {
    pf::SchemaElement e;
    e.type = kTypes[c % 4];
    e.repetition_type = pf::FieldRepetitionType::OPTIONAL;
    e.name = leaf_name(c);
    e.field_id = c + 2;
    if (e.type == pf::Type::BYTE_ARRAY) {
      e.converted_type = pf::ConvertedType::UTF8;
      e.logicalType.emplace().STRING.emplace();
    }
    md.schema.push_back(std::move(e));
  }
  int64_t offset = 4;
  for (int g = 0; g < kRowGroups; ++g) {
    pf::RowGroup rg;
    rg.num_rows = kRowsPerGroup;
    rg.file_offset = offset;
    rg.ordinal = static_cast<int16_t>(g);
    int64_t group_bytes = 0;
    for (int c = 0; c < columns; ++c) {
      pf::ColumnChunk cc;
      pf::ColumnMetaData& m = cc.meta_data.emplace();
      m.type = kTypes[c % 4];
      m.encodings = {pf::Encoding::PLAIN, pf::Encoding::RLE, pf::Encoding::RLE_DICTIONARY};
      m.path_in_schema = parq::thrift::ToStringVector({"record", leaf_name(c)});
      m.codec = pf::CompressionCodec::SNAPPY;
      m.num_values = kRowsPerGroup;
      int64_t compressed = 150'000 + (c * 7919 + g * 104729) % 900'000;
      m.total_compressed_size = compressed;
      m.total_uncompressed_size = compressed * 2 + c;
      m.dictionary_page_offset = offset;
      m.data_page_offset = offset + 40'000 + c % 1000;
      pf::Statistics& st = m.statistics.emplace();
      st.null_count = (c * 31 + g) % 5000;
      st.min_value = Le64(static_cast<uint64_t>(c) * 1'000'003u + static_cast<uint64_t>(g));
      st.max_value = Le64((static_cast<uint64_t>(c) * 1'000'003u + static_cast<uint64_t>(g)) << 20 | 0xabcdef);
      st.is_min_value_exact = true;
      st.is_max_value_exact = true;
      auto& es = m.encoding_stats.emplace();
      es.push_back({pf::PageType::DICTIONARY_PAGE, pf::Encoding::PLAIN, 1});
      es.push_back({pf::PageType::DATA_PAGE, pf::Encoding::RLE_DICTIONARY, 1 + c % 20});
      cc.file_offset = offset;
      offset += compressed;
      group_bytes += compressed;
      rg.columns.push_back(std::move(cc));
    }
    for (auto& cc : rg.columns) {
      cc.column_index_offset = offset;
      cc.column_index_length = 300 + static_cast<int32_t>(offset % 97);
      offset += *cc.column_index_length;
    }
    for (auto& cc : rg.columns) {
      cc.offset_index_offset = offset;
      cc.offset_index_length = 40 + static_cast<int32_t>(offset % 31);
      offset += *cc.offset_index_length;
    }
    rg.total_byte_size = group_bytes * 2;
    rg.total_compressed_size = group_bytes;
    md.row_groups.push_back(std::move(rg));
  }
  auto& orders = md.column_orders.emplace();
  orders.resize(static_cast<size_t>(columns));
  for (auto& o : orders) o.TYPE_ORDER.emplace();
  md.key_value_metadata.emplace().push_back({"writer.model.name", parq::thrift::String("example")});
  return md;
}

// The footer bytes per column count, built once (and checked against Apache).
const std::string& Footer(int columns) {
  static std::map<int, std::string> cache;
  auto it = cache.find(columns);
  if (it != cache.end()) return it->second;
  parq::thrift::CompactWriter w;
  Write(w, MakeFooter(columns));
  std::string bytes(reinterpret_cast<const char*>(w.data()), w.size());
  // Apache must read these bytes and write the very same ones back.
  auto rbuf = std::make_shared<TMemoryBuffer>(reinterpret_cast<uint8_t*>(bytes.data()),
                                              static_cast<uint32_t>(bytes.size()), TMemoryBuffer::OBSERVE);
  Proto rp(rbuf);
  parquet_oracle::FileMetaData a;
  a.read(&rp);
  auto wbuf = std::make_shared<TMemoryBuffer>();
  Proto wp(wbuf);
  a.write(&wp);
  if (wbuf->getBufferAsString() != bytes) {
    std::fprintf(stderr, "thrift_footer_benchmark: Apache re-encodes the footer differently\n");
    std::abort();
  }
  return cache.emplace(columns, std::move(bytes)).first->second;
}

parq::thrift::ThriftLimits FooterLimits() { return {}; }

[[gnu::noinline]] std::shared_ptr<const pf::FileMetaData> DecodeParqOnce(const std::string& bytes) {
  auto md = pf::DecodeFileMetaData(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(),
                                   parq::ReaderOptions{});
  return md.ok() ? *std::move(md) : nullptr;
}

[[gnu::noinline]] bool DecodeParqHeapOnce(const std::string& bytes, pf::FileMetaData* out) {
  parq::thrift::CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), FooterLimits());
  return Read(r, out);
}

[[gnu::noinline]] void DecodeApacheOnce(const std::string& bytes, parquet_oracle::FileMetaData* out) {
  auto buf = std::make_shared<TMemoryBuffer>(reinterpret_cast<uint8_t*>(const_cast<char*>(bytes.data())),
                                             static_cast<uint32_t>(bytes.size()), TMemoryBuffer::OBSERVE);
  Proto p(buf);
  out->read(&p);
}

void SetCounters(benchmark::State& state, const std::string& bytes) {
  state.SetBytesProcessed(static_cast<int64_t>(state.iterations()) * static_cast<int64_t>(bytes.size()));
  state.counters["footer_bytes"] = static_cast<double>(bytes.size());
}

void BM_ParqDecode(benchmark::State& state) {
  const std::string& bytes = Footer(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    auto md = DecodeParqOnce(bytes);
    if (md == nullptr) state.SkipWithError("parq failed to decode the footer");
    benchmark::DoNotOptimize(md);
  }
  SetCounters(state, bytes);
}

void BM_ParqDecodeHeap(benchmark::State& state) {
  const std::string& bytes = Footer(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    pf::FileMetaData md;
    if (!DecodeParqHeapOnce(bytes, &md)) state.SkipWithError("parq failed to decode the footer");
    benchmark::DoNotOptimize(md);
  }
  SetCounters(state, bytes);
}

void BM_ApacheDecode(benchmark::State& state) {
  const std::string& bytes = Footer(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    parquet_oracle::FileMetaData md;
    DecodeApacheOnce(bytes, &md);
    benchmark::DoNotOptimize(md);
  }
  SetCounters(state, bytes);
}

void BM_ParqEncode(benchmark::State& state) {
  const std::string& bytes = Footer(static_cast<int>(state.range(0)));
  auto md = DecodeParqOnce(bytes);
  if (md == nullptr) std::abort();
  for (auto _ : state) {
    parq::thrift::CompactWriter w;
    Write(w, *md);
    benchmark::DoNotOptimize(w.data());
  }
  SetCounters(state, bytes);
}

void BM_ParqSkip(benchmark::State& state) {
  const std::string& bytes = Footer(static_cast<int>(state.range(0)));
  for (auto _ : state) {
    parq::thrift::CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), FooterLimits());
    r.Skip(parq::thrift::CType::kStruct);
    if (!r.ok()) state.SkipWithError("skip failed");
  }
  SetCounters(state, bytes);
}
BENCHMARK(BM_ParqSkip)->Arg(1000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParqDecode)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParqDecodeHeap)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ApacheDecode)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);
BENCHMARK(BM_ParqEncode)->Arg(1000)->Arg(10000)->Unit(benchmark::kMillisecond);

}  // namespace

BENCHMARK_MAIN();
