// Shared pieces of parq-bench: columnar buffers a column chunk decodes into,
// and the data-set generators.  Only the public API (include/parq) is used.
#ifndef PARQ_TOOLS_BENCH_H_
#define PARQ_TOOLS_BENCH_H_

#include <cstdint>
#include <string>
#include <vector>

#include "parq/column_reader.h"
#include "parq/column_writer.h"
#include "parq/options.h"
#include "parq/status.h"

namespace parq::bench {

// One column chunk in columnar memory: levels (for a flat optional column,
// one with definition levels 0/1 only, a validity bitmap instead, as Arrow
// keeps it), then the non-null values
// densely (fixed-width values as raw bytes; BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY
// as an Arrow-style offsets + characters pair, or, when every page of the
// chunk is dictionary-encoded, as Arrow's dictionary array: int32 indices
// into offsets + characters holding the dictionary).  Buffers only grow, so one
// ColumnData reused across row groups stops allocating after the first.
struct ColumnData {
  std::vector<int16_t> def, rep;  // def empty when `validity` holds presence
  std::vector<uint8_t> validity;  // bit i (LSB-first): entry i has a value
  bool has_validity = false;
  std::vector<uint8_t> values;    // fixed-width values, num_values * sizeof(T)
  std::vector<uint32_t> offsets;  // byte arrays: num_values + 1
  std::vector<uint8_t> chars;     // byte arrays: the bytes
  std::vector<int32_t> indices;   // dictionary form: num_values indices
  bool dictionary = false;        // offsets/chars hold dictionary_size entries
  int64_t dictionary_size = 0;
  int64_t num_levels = 0;
  int64_t num_values = 0;
  int64_t chars_size = 0;
  int value_width = 0;  // sizeof(T) for fixed-width values, 0 for byte arrays
  // Bytes of decoded values (fixed-width values, or offsets + characters).
  int64_t value_bytes() const;
};

// Decodes the whole chunk of `reader` into `out` (overwriting it).
Status ReadChunk(ColumnReader* reader, ColumnData* out);
// The same for two chunks, taking turns a batch at a time (so that readers
// paired with ReadPagesTogether decompress every page in a pair).
Status ReadChunks(ColumnReader* first, ColumnReader* second, ColumnData* out_first,
                  ColumnData* out_second);

// Writes `in` (as ReadChunk left it) to `writer`.  `scratch` holds the
// ByteArray / FixedLenByteArray views when the type needs them; call
// PrepareWrite first (outside any timing) to build them.
struct WriteScratch {
  std::vector<uint8_t> views;  // ByteArray[] or FixedLenByteArray[]
  std::vector<int16_t> def;    // definition levels from a validity bitmap
};
void PrepareWrite(const ColumnDescriptor& d, const ColumnData& in, WriteScratch* scratch);
Status WriteChunk(ColumnWriter* writer, const ColumnData& in, const WriteScratch& scratch);

// Data sets (deterministic): lineitem, lineitem-sorted (10M rows in row
// groups of 1 Mi, orderkey sorted), wide, nested, strings-dict,
// strings-plain, wide-boolean (100,000 required BOOLEAN columns, one row),
// wide-footer (1,000,000 of them, no row group: a footer only).  `rows` and
// `columns` 0 = the data set's default size (`columns` counts only for the
// wide-boolean and wide-footer sets).
Status Generate(const std::string& kind, const std::string& path, int64_t rows, int64_t columns,
                Compression codec);

}  // namespace parq::bench

#endif  // PARQ_TOOLS_BENCH_H_
