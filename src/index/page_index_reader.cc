// index/page_index_reader.cc — ColumnIndex / OffsetIndex decoding and checks.
#include "index/page_index_reader.h"

#include <algorithm>
#include <string>

#include "format/footer.h"
#include "thrift/compact_reader.h"

namespace parq::index {
namespace {

Status Bad(std::string msg) { return Status::Corrupt(std::move(msg)); }

// Width of a fixed-width type's PLAIN value, 0 for variable/any width.
size_t FixedWidth(PhysicalType t) {
  switch (t) {
    case PhysicalType::kBoolean:
      return 1;
    case PhysicalType::kInt32:
    case PhysicalType::kFloat:
      return 4;
    case PhysicalType::kInt64:
    case PhysicalType::kDouble:
      return 8;
    case PhysicalType::kInt96:
      return 12;
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      return 0;
  }
  return 0;
}

Status CheckCounts(const thrift::Vector<int64_t>& v, const char* what) {
  for (size_t i = 0; i < v.size(); ++i) {
    if (v[i] < 0) {
      return Bad(std::string(what) + " of page " + std::to_string(i) + " is negative (" +
                 std::to_string(v[i]) + ")");
    }
  }
  return Status::OK();
}

Status CheckHistogram(const std::optional<thrift::Vector<int64_t>>& h, size_t pages, int16_t max_level,
                      const char* what) {
  if (!h) return Status::OK();
  // pages <= container limit and max_level <= 32767, so no overflow in 64 bits.
  uint64_t want = uint64_t{pages} * (static_cast<uint64_t>(max_level) + 1);
  if (h->size() != want) {
    return Bad(std::string(what) + " has " + std::to_string(h->size()) + " entries, expected " +
               std::to_string(pages) + " pages x " + std::to_string(max_level + 1) + " levels");
  }
  return CheckCounts(*h, what);
}

// Reads [offset, offset+length) named `what`, checking it against the file and the limit.
Result<std::span<const uint8_t>> ReadRange(const RandomAccessFile& file, int64_t offset,
                                           int32_t length, const ReaderOptions& options,
                                           const char* what, Buffer* scratch) {
  if (offset < 0 || length <= 0) {
    return Bad(std::string(what) + " at offset " + std::to_string(offset) + " has length " +
               std::to_string(length));
  }
  if (length > options.max_page_index_size) {
    return Status::LimitExceeded(std::string(what) + " of " + std::to_string(length) +
                                 " bytes exceeds max_page_index_size " +
                                 std::to_string(options.max_page_index_size));
  }
  uint64_t off = static_cast<uint64_t>(offset), len = static_cast<uint64_t>(length);
  if (off > file.size() || len > file.size() - off) {
    return Bad(std::string(what) + " [" + std::to_string(off) + ", +" + std::to_string(len) +
               ") runs past the end of the file (" + std::to_string(file.size()) + " bytes)");
  }
  return file.Read(off, len, scratch);
}

// The base offset given for a decrypted index: its bytes are not the file's.
constexpr uint64_t kDecrypted = ~uint64_t{0};

template <typename Wire>
Status DecodeWhole(const uint8_t* data, size_t size, const ReaderOptions& options,
                   uint64_t base_offset, const char* what, Wire* out) {
  thrift::CompactReader reader(data, size, format::ThriftLimitsFrom(options),
                               base_offset == kDecrypted ? 0 : base_offset);
  if (!format::Read(reader, out)) {
    Status st = reader.status();
    return std::move(st).AddContext(std::string("decoding ") + what);
  }
  // parquet-mr pads the decrypted index of an encrypted column with zero
  // bytes (the module is authenticated, so the padding is what it wrote).
  const bool decrypted = base_offset == kDecrypted;
  const uint8_t* rest = data + reader.position();
  if (decrypted && std::all_of(rest, data + size, [](uint8_t b) { return b == 0; })) return Status::OK();
  if (reader.remaining() != 0) {
    return Bad(std::string(what) + " ends after " + std::to_string(reader.position()) +
               " of its " + std::to_string(size) + " bytes");
  }
  return Status::OK();
}

// An index as stored, or decrypted with the chunk's cipher when its column
// is encrypted (PageIndex.md, Encryption.md): the module is the whole range.
Result<std::span<const uint8_t>> Plaintext(std::span<const uint8_t> stored, const format::ColumnChunk& chunk,
                                           const crypto::ChunkCipher* cipher, crypto::ModuleType type,
                                           Buffer* plain) {
  if (cipher == nullptr && !chunk.crypto_metadata) return stored;
  if (cipher == nullptr) {
    return Status::Unsupported(std::string(crypto::ModuleTypeName(type)) +
                               " of an encrypted column, read without its key");
  }
  PARQ_RETURN_IF_ERROR(cipher->Decrypt(type, -1, stored, plain));
  return plain->span();
}

Status Locate(Status st, const ColumnDescriptor& column, int row_group, int64_t offset) {
  return std::move(st).WithColumn(column.dotted_path).WithRowGroup(row_group).WithFileOffset(offset);
}

}  // namespace

Result<ColumnIndex> MakeColumnIndex(const format::ColumnIndex& wire, const ColumnDescriptor& column) {
  const size_t pages = wire.null_pages.size();
  if (pages == 0) return Bad("column index lists no pages");
  if (wire.min_values.size() != pages || wire.max_values.size() != pages) {
    return Bad("column index has " + std::to_string(pages) + " null_pages but " +
               std::to_string(wire.min_values.size()) + " min_values and " +
               std::to_string(wire.max_values.size()) + " max_values");
  }
  if (wire.null_counts && wire.null_counts->size() != pages) {
    return Bad("column index has " + std::to_string(pages) + " pages but " +
               std::to_string(wire.null_counts->size()) + " null_counts");
  }
  if (wire.nan_counts && wire.nan_counts->size() != pages) {
    return Bad("column index has " + std::to_string(pages) + " pages but " +
               std::to_string(wire.nan_counts->size()) + " nan_counts");
  }
  PARQ_RETURN_IF_ERROR(CheckHistogram(wire.repetition_level_histograms, pages,
                                      column.max_repetition_level, "repetition_level_histograms"));
  PARQ_RETURN_IF_ERROR(CheckHistogram(wire.definition_level_histograms, pages,
                                      column.max_definition_level, "definition_level_histograms"));
  int32_t order = static_cast<int32_t>(wire.boundary_order);
  if (order < 0 || order > 2) return Bad("unknown boundary_order " + std::to_string(order));
  const size_t width = FixedWidth(column.physical_type);
  for (size_t i = 0; i < pages; ++i) {
    if (wire.null_pages[i] || width == 0) continue;
    if (wire.min_values[i].size() != width || wire.max_values[i].size() != width) {
      return Bad("page " + std::to_string(i) + " bounds have " +
                 std::to_string(wire.min_values[i].size()) + " and " +
                 std::to_string(wire.max_values[i].size()) + " bytes; " +
                 std::string(PhysicalTypeName(column.physical_type)) + " values have " +
                 std::to_string(width));
    }
  }
  ColumnIndex::Parts p;
  p.physical_type = column.physical_type;
  p.null_pages = thrift::ToStdVector(wire.null_pages);
  p.min_values = thrift::ToStdStrings(wire.min_values);
  p.max_values = thrift::ToStdStrings(wire.max_values);
  p.boundary_order = static_cast<BoundaryOrder>(order);
  // Negative counts are kept: parquet-mr writes -1 for "not known", which
  // the accessors report as nullopt.
  if (wire.null_counts) p.null_counts = thrift::ToStdVector(*wire.null_counts);
  if (wire.nan_counts) p.nan_counts = thrift::ToStdVector(*wire.nan_counts);
  if (wire.repetition_level_histograms) p.repetition_level_histograms = thrift::ToStdVector(*wire.repetition_level_histograms);
  if (wire.definition_level_histograms) p.definition_level_histograms = thrift::ToStdVector(*wire.definition_level_histograms);
  return ColumnIndex(std::move(p));
}

Result<OffsetIndex> MakeOffsetIndex(const format::OffsetIndex& wire, ChunkBytes chunk,
                                    int64_t num_rows) {
  const size_t pages = wire.page_locations.size();
  if (pages == 0) return Bad("offset index lists no pages");
  const uint64_t chunk_end = chunk.offset + chunk.length;
  std::vector<PageLocation> out;
  out.reserve(pages);
  uint64_t next_free = chunk.offset;
  for (size_t i = 0; i < pages; ++i) {
    const format::PageLocation& l = wire.page_locations[i];
    std::string where = "page location " + std::to_string(i) + " (offset " +
                        std::to_string(l.offset) + ", size " +
                        std::to_string(l.compressed_page_size) + ", first row " +
                        std::to_string(l.first_row_index) + ")";
    if (l.offset < 0 || l.compressed_page_size <= 0) return Bad(where + " is malformed");
    uint64_t off = static_cast<uint64_t>(l.offset);
    uint64_t size = static_cast<uint64_t>(l.compressed_page_size);
    if (off < next_free || off > chunk_end || size > chunk_end - off) {
      return Bad(where + " is not inside column chunk [" + std::to_string(chunk.offset) + ", " +
                 std::to_string(chunk_end) + ") after the previous page");
    }
    next_free = off + size;
    if (l.first_row_index < 0 || (i == 0 && l.first_row_index != 0) ||
        (i > 0 && l.first_row_index < out.back().first_row_index) ||
        (num_rows > 0 && l.first_row_index >= num_rows)) {
      return Bad(where + " has a first row out of order (row group of " +
                 std::to_string(num_rows) + " rows)");
    }
    out.push_back({l.offset, l.compressed_page_size, l.first_row_index});
  }
  std::vector<int64_t> unencoded;
  if (wire.unencoded_byte_array_data_bytes) {
    if (wire.unencoded_byte_array_data_bytes->size() != pages) {
      return Bad("offset index has " + std::to_string(pages) + " pages but " +
                 std::to_string(wire.unencoded_byte_array_data_bytes->size()) +
                 " unencoded_byte_array_data_bytes");
    }
    PARQ_RETURN_IF_ERROR(
        CheckCounts(*wire.unencoded_byte_array_data_bytes, "unencoded_byte_array_data_bytes"));
    unencoded = thrift::ToStdVector(*wire.unencoded_byte_array_data_bytes);
  }
  return OffsetIndex(std::move(out), std::move(unencoded));
}

Result<ColumnIndex> DecodeColumnIndex(const uint8_t* data, size_t size,
                                      const ColumnDescriptor& column, const ReaderOptions& options,
                                      uint64_t base_offset) {
  format::ColumnIndex wire;
  PARQ_RETURN_IF_ERROR(DecodeWhole(data, size, options, base_offset, "ColumnIndex", &wire));
  return MakeColumnIndex(wire, column);
}

Result<OffsetIndex> DecodeOffsetIndex(const uint8_t* data, size_t size, ChunkBytes chunk,
                                      int64_t num_rows, const ReaderOptions& options,
                                      uint64_t base_offset) {
  format::OffsetIndex wire;
  PARQ_RETURN_IF_ERROR(DecodeWhole(data, size, options, base_offset, "OffsetIndex", &wire));
  return MakeOffsetIndex(wire, chunk, num_rows);
}

namespace {

// Reads and decodes the index struct at (offset, length) of a chunk,
// decrypted with `cipher` when its column is encrypted (the module is the
// whole range); errors say `what` ("column index") and where.
template <typename Wire>
Result<std::optional<Wire>> ReadWire(const RandomAccessFile& file, const format::ColumnChunk& chunk,
                                     const std::optional<int64_t>& at, const std::optional<int32_t>& length,
                                     const ColumnDescriptor& column, const ReaderOptions& options, int row_group,
                                     const char* what, const char* struct_name, const crypto::ChunkCipher* cipher,
                                     crypto::ModuleType module) {
  if (!at) return std::optional<Wire>();
  const int64_t offset = *at;
  if (!length) {
    return Locate(Bad(std::string(what) + " has an offset but no length"), column, row_group, offset);
  }
  Buffer scratch;
  auto bytes = ReadRange(file, offset, *length, options, what, &scratch);
  if (!bytes.ok()) return Locate(std::move(bytes).status(), column, row_group, offset);
  Buffer plain;
  auto text = Plaintext(*bytes, chunk, cipher, module, &plain);
  if (!text.ok()) return Locate(std::move(text).status(), column, row_group, offset);
  Wire wire;
  Status st = DecodeWhole(text->data(), text->size(), options,
                          text->data() == bytes->data() ? static_cast<uint64_t>(offset) : kDecrypted, struct_name,
                          &wire);
  if (!st.ok()) return Locate(std::move(st).AddContext(what), column, row_group, offset);
  return std::optional<Wire>(std::move(wire));
}

}  // namespace

Result<std::optional<format::ColumnIndex>> ReadWireColumnIndex(const RandomAccessFile& file,
                                                               const format::ColumnChunk& chunk,
                                                               const ColumnDescriptor& column,
                                                               const ReaderOptions& options, int row_group,
                                                               const crypto::ChunkCipher* cipher) {
  return ReadWire<format::ColumnIndex>(file, chunk, chunk.column_index_offset, chunk.column_index_length, column,
                                       options, row_group, "column index", "ColumnIndex", cipher,
                                       crypto::ModuleType::kColumnIndex);
}

Result<std::optional<format::OffsetIndex>> ReadWireOffsetIndex(const RandomAccessFile& file,
                                                               const format::ColumnChunk& chunk,
                                                               const ColumnDescriptor& column,
                                                               const ReaderOptions& options, int row_group,
                                                               const crypto::ChunkCipher* cipher) {
  return ReadWire<format::OffsetIndex>(file, chunk, chunk.offset_index_offset, chunk.offset_index_length, column,
                                       options, row_group, "offset index", "OffsetIndex", cipher,
                                       crypto::ModuleType::kOffsetIndex);
}

Result<std::optional<ColumnIndex>> ReadColumnIndex(const RandomAccessFile& file,
                                                   const format::ColumnChunk& chunk,
                                                   const ColumnDescriptor& column,
                                                   const ReaderOptions& options, int row_group,
                                                   const crypto::ChunkCipher* cipher) {
  PARQ_ASSIGN_OR_RETURN(auto wire, ReadWireColumnIndex(file, chunk, column, options, row_group, cipher));
  if (!wire) return std::optional<ColumnIndex>();
  auto ci = MakeColumnIndex(*wire, column);
  if (!ci.ok()) {
    return Locate(std::move(ci).status().AddContext("column index"), column, row_group, *chunk.column_index_offset);
  }
  return std::optional<ColumnIndex>(std::move(*ci));
}

Result<std::optional<OffsetIndex>> ReadOffsetIndex(const RandomAccessFile& file,
                                                   const format::ColumnChunk& chunk,
                                                   const ColumnDescriptor& column,
                                                   ChunkBytes chunk_bytes, int64_t num_rows,
                                                   const ReaderOptions& options, int row_group,
                                                   const crypto::ChunkCipher* cipher) {
  PARQ_ASSIGN_OR_RETURN(auto wire, ReadWireOffsetIndex(file, chunk, column, options, row_group, cipher));
  if (!wire) return std::optional<OffsetIndex>();
  auto oi = MakeOffsetIndex(*wire, chunk_bytes, num_rows);
  if (!oi.ok()) {
    return Locate(std::move(oi).status().AddContext("offset index"), column, row_group, *chunk.offset_index_offset);
  }
  return std::optional<OffsetIndex>(std::move(*oi));
}

}  // namespace parq::index

namespace parq {

std::string_view BoundaryOrderName(BoundaryOrder order) {
  switch (order) {
    case BoundaryOrder::kUnordered:
      return "UNORDERED";
    case BoundaryOrder::kAscending:
      return "ASCENDING";
    case BoundaryOrder::kDescending:
      return "DESCENDING";
  }
  return "UNKNOWN";
}

}  // namespace parq
