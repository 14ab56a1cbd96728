// Builders of small hand-made Parquet files for the hostile-input tests:
// pages are written byte by byte (a PageHeader via the generated Write, then
// the body), the footer via format::WriteFooter.  Nothing here checks what it
// writes, so it can write anything.
#ifndef PARQ_TESTS_HOSTILE_HOSTILE_FILE_UTIL_H_
#define PARQ_TESTS_HOSTILE_HOSTILE_FILE_UTIL_H_

#include <cstdint>
#include <functional>
#include <string>
#include <vector>

#include "format/footer.h"
#include "format/parquet_types.h"
#include "parq/io.h"
#include "testing/byte_builders.h"
#include "thrift/compact_writer.h"

namespace parq::hostile {

using testing::U32Le;
using testing::Uleb;
using testing::Zigzag;

// One RLE run of `count` copies of `value` (value stored in `value_bytes` bytes).
inline std::string RleRun(uint32_t count, uint32_t value, int value_bytes) {
  std::string s = Uleb(uint64_t{count} << 1);
  for (int i = 0; i < value_bytes; ++i) s.push_back(static_cast<char>((uint64_t{value} >> (8 * i)) & 0xFF));
  return s;
}
// v1 levels: 4-byte length prefix + hybrid stream.
inline std::string V1Levels(const std::string& hybrid) {
  return U32Le(static_cast<uint32_t>(hybrid.size())) + hybrid;
}

struct RawPage {
  format::PageHeader header;
  std::string body;
};

// A header of `type` for an uncompressed body of `body_size` bytes.
inline format::PageHeader PageOf(format::PageType type, size_t body_size) {
  format::PageHeader h;
  h.type = type;
  h.uncompressed_page_size = static_cast<int32_t>(body_size);
  h.compressed_page_size = static_cast<int32_t>(body_size);
  return h;
}

inline format::PageHeader DataPageV1(int32_t num_values, format::Encoding encoding, size_t body_size) {
  format::PageHeader h = PageOf(format::PageType::DATA_PAGE, body_size);
  format::DataPageHeader d;
  d.num_values = num_values;
  d.encoding = encoding;
  d.definition_level_encoding = format::Encoding::RLE;
  d.repetition_level_encoding = format::Encoding::RLE;
  h.data_page_header = d;
  return h;
}

// A v2 data page whose levels (uncompressed, as the format has them) lead the
// body: `rep_bytes` then `def_bytes` bytes.
inline format::PageHeader DataPageV2(int32_t num_values, int32_t num_nulls, format::Encoding encoding,
                                     size_t body_size, int32_t def_bytes, int32_t rep_bytes = 0) {
  format::PageHeader h = PageOf(format::PageType::DATA_PAGE_V2, body_size);
  format::DataPageHeaderV2 d;
  d.num_values = num_values;
  d.num_nulls = num_nulls;
  d.num_rows = num_values;
  d.encoding = encoding;
  d.definition_levels_byte_length = def_bytes;
  d.repetition_levels_byte_length = rep_bytes;
  d.is_compressed = false;
  h.data_page_header_v2 = d;
  return h;
}

inline format::PageHeader DictionaryPage(int32_t num_values, size_t body_size) {
  format::PageHeader h = PageOf(format::PageType::DICTIONARY_PAGE, body_size);
  format::DictionaryPageHeader d;
  d.num_values = num_values;
  d.encoding = format::Encoding::PLAIN;
  h.dictionary_page_header = d;
  return h;
}

// One leaf column under the root.
struct ColumnSpec {
  format::Type type = format::Type::INT32;
  format::FieldRepetitionType repetition = format::FieldRepetitionType::REQUIRED;
  int32_t type_length = 0;  // FIXED_LEN_BYTE_ARRAY only
  format::CompressionCodec codec = format::CompressionCodec::UNCOMPRESSED;
  int64_t num_values = 0;   // level entries in the chunk
  int64_t num_rows = 0;
};

// "PAR1" <pages> <footer> <length> "PAR1", one row group, one column chunk;
// `edit`, when given, changes the footer before it is written.
inline std::string BuildFile(const ColumnSpec& spec, const std::vector<RawPage>& pages,
                             const std::function<void(format::FileMetaData&)>& edit = nullptr) {
  std::string out = "PAR1";
  const int64_t chunk_start = static_cast<int64_t>(out.size());
  std::optional<int64_t> dict_offset;
  int64_t data_offset = -1;
  for (const RawPage& p : pages) {
    const int64_t at = static_cast<int64_t>(out.size());
    if (p.header.type == format::PageType::DICTIONARY_PAGE && !dict_offset) dict_offset = at;
    if (p.header.type != format::PageType::DICTIONARY_PAGE && data_offset < 0) data_offset = at;
    thrift::CompactWriter w;
    format::Write(w, p.header);
    out += w.Take();
    out += p.body;
  }
  if (data_offset < 0) data_offset = chunk_start;
  const int64_t chunk_size = static_cast<int64_t>(out.size()) - chunk_start;

  format::FileMetaData md;
  md.version = 1;
  format::SchemaElement root;
  root.name = "schema";
  root.num_children = 1;
  format::SchemaElement leaf;
  leaf.name = "x";
  leaf.type = spec.type;
  leaf.repetition_type = spec.repetition;
  if (spec.type == format::Type::FIXED_LEN_BYTE_ARRAY) leaf.type_length = spec.type_length;
  md.schema = {root, leaf};
  md.num_rows = spec.num_rows;
  format::ColumnMetaData cmd;
  cmd.type = spec.type;
  cmd.encodings = {format::Encoding::PLAIN, format::Encoding::RLE};
  cmd.path_in_schema = {"x"};
  cmd.codec = spec.codec;
  cmd.num_values = spec.num_values;
  cmd.total_uncompressed_size = chunk_size;
  cmd.total_compressed_size = chunk_size;
  cmd.data_page_offset = data_offset;
  cmd.dictionary_page_offset = dict_offset;
  format::ColumnChunk cc;
  cc.file_offset = 0;
  cc.meta_data = cmd;
  format::RowGroup rg;
  rg.columns = {cc};
  rg.total_byte_size = chunk_size;
  rg.num_rows = spec.num_rows;
  md.row_groups = {rg};
  md.created_by = "parq hostile tests";
  if (edit) edit(md);
  MemoryOutputStream footer;
  (void)format::WriteFooter(md, &footer);
  return out + footer.Take();
}

}  // namespace parq::hostile

#endif  // PARQ_TESTS_HOSTILE_HOSTILE_FILE_UTIL_H_
