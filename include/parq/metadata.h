// parq/metadata.h — read-only views of a file's footer.
//
// FileMetaData owns the decoded footer; RowGroupMetaData and
// ColumnChunkMetaData are views that keep it alive (shared ownership), so
// they may outlive the FileMetaData object they came from.  Views never
// expose the Thrift wire structs.  A file's column chunks stay encoded in the
// footer's bytes until used (a decoded chunk takes about seven times the
// room): making a ColumnChunkMetaData (RowGroupMetaData::column) decodes its
// chunk once, so keep the view rather than asking for it again per field.
//
// Thread-safety: all methods are const and safe to call from many threads.
#ifndef PARQ_METADATA_H_
#define PARQ_METADATA_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parq/result.h"
#include "parq/types.h"

namespace parq {

class Schema;
struct ReaderOptions;

struct KeyValue {
  std::string key;
  std::optional<std::string> value;

  bool operator==(const KeyValue&) const = default;
};

// Statistics as stored: min/max are the PLAIN encoding of the value (for
// BYTE_ARRAY the bytes without a length prefix).  `min_value`/`max_value` are
// the current fields; `legacy_min`/`legacy_max` the deprecated ones, kept
// apart because their sort order is only trustworthy for signed types.
struct EncodedStatistics {
  std::optional<int64_t> null_count;
  std::optional<int64_t> distinct_count;
  std::optional<int64_t> nan_count;
  std::optional<std::string> min_value;
  std::optional<std::string> max_value;
  std::optional<bool> is_min_value_exact;
  std::optional<bool> is_max_value_exact;
  std::optional<std::string> legacy_min;
  std::optional<std::string> legacy_max;
};

struct PageEncodingStats {
  PageType page_type;
  Encoding encoding;
  int32_t count;
};

struct SizeStatistics {
  std::optional<int64_t> unencoded_byte_array_data_bytes;
  std::vector<int64_t> repetition_level_histogram;
  std::vector<int64_t> definition_level_histogram;
};

// The GeospatialStatistics of a GEOMETRY / GEOGRAPHY chunk (Geospatial.md):
// the bounding box of its values' coordinates and the ISO WKB type codes of
// its values (1 point ... 7 geometry collection, plus 1000 for Z, 2000 for M,
// 3000 for ZM).  For x alone xmin > xmax may hold: the box crosses the
// antimeridian (x >= xmin or x <= xmax).  docs/geospatial.md.
struct BoundingBox {
  double xmin = 0, xmax = 0, ymin = 0, ymax = 0;
  std::optional<double> zmin, zmax, mmin, mmax;

  bool operator==(const BoundingBox&) const = default;
};
struct GeospatialStatistics {
  std::optional<BoundingBox> bbox;  // absent: no x or no y value (or not written)
  // Absent: not written; empty: the writer did not know them.
  std::optional<std::vector<int32_t>> geospatial_types;

  bool operator==(const GeospatialStatistics&) const = default;
};

class ColumnChunkMetaData {
 public:
  int column_index() const { return column_; }
  int row_group_index() const { return row_group_; }
  std::optional<std::string> file_path() const;
  PhysicalType physical_type() const;
  // Path as stored in the chunk (path_in_schema).
  std::vector<std::string> path() const;
  std::string dotted_path() const;
  std::vector<Encoding> encodings() const;
  Compression codec() const;
  int64_t num_values() const;
  int64_t total_uncompressed_size() const;
  int64_t total_compressed_size() const;
  int64_t data_page_offset() const;
  std::optional<int64_t> index_page_offset() const;
  std::optional<int64_t> dictionary_page_offset() const;
  std::optional<EncodedStatistics> statistics() const;
  std::vector<PageEncodingStats> encoding_stats() const;
  std::optional<int64_t> bloom_filter_offset() const;
  std::optional<int32_t> bloom_filter_length() const;
  std::optional<int64_t> offset_index_offset() const;
  std::optional<int32_t> offset_index_length() const;
  std::optional<int64_t> column_index_offset() const;
  std::optional<int32_t> column_index_length() const;
  std::optional<SizeStatistics> size_statistics() const;
  std::optional<GeospatialStatistics> geospatial_statistics() const;
  std::vector<KeyValue> key_value_metadata() const;
  bool is_encrypted() const;
  // For an encrypted chunk: whether it is encrypted with the footer key
  // (else with a column key), and that column key's key_metadata (nullopt
  // when it has none, or for the footer key: see FileReader::encryption).
  bool encrypted_with_footer_key() const;
  std::optional<std::string> encryption_key_metadata() const;
  // The byte range the chunk's pages occupy, from the dictionary page (or
  // first data page) for total_compressed_size bytes.
  int64_t start_offset() const;

  struct Impl;  // defined in src/file; shared by the three views

 private:
  friend class RowGroupMetaData;
  // Decodes the chunk's metadata (a file reader keeps it encoded until then).
  ColumnChunkMetaData(std::shared_ptr<const Impl> file, int row_group, int column);
  std::shared_ptr<const Impl> file_;
  std::shared_ptr<const void> chunk_;  // the decoded chunk (src/file)
  int row_group_;
  int column_;
};

struct SortingColumn {
  int32_t column_idx;
  bool descending;
  bool nulls_first;

  bool operator==(const SortingColumn&) const = default;
};

class RowGroupMetaData {
 public:
  int index() const { return row_group_; }
  int64_t num_rows() const;
  int64_t total_byte_size() const;
  std::optional<int64_t> total_compressed_size() const;
  std::optional<int64_t> file_offset() const;
  std::optional<int16_t> ordinal() const;
  std::vector<SortingColumn> sorting_columns() const;
  int num_columns() const;
  // REQUIRES: 0 <= i < num_columns()
  ColumnChunkMetaData column(int i) const;

 private:
  friend class FileMetaData;
  RowGroupMetaData(std::shared_ptr<const ColumnChunkMetaData::Impl> file, int row_group)
      : file_(std::move(file)), row_group_(row_group) {}
  std::shared_ptr<const ColumnChunkMetaData::Impl> file_;
  int row_group_;
};

class FileMetaData {
 public:
  // Decodes a footer (the FileMetaData bytes) and resolves and validates its
  // schema and row groups against it.
  static Result<FileMetaData> Parse(const uint8_t* data, size_t size, const ReaderOptions& options,
                                    uint64_t base_offset = 0);

  int32_t version() const;
  int64_t num_rows() const;
  std::optional<std::string> created_by() const;
  std::vector<KeyValue> key_value_metadata() const;
  const Schema& schema() const;
  int num_row_groups() const;
  // REQUIRES: 0 <= i < num_row_groups()
  RowGroupMetaData row_group(int i) const;
  // The column order of each leaf, when the writer recorded one:
  // "TYPE_ORDER", "IEEE_754_TOTAL_ORDER" or "UNKNOWN".
  std::vector<std::string> column_orders() const;
  // How many column_orders() holds (without building it).
  int num_column_orders() const;
  // The order of leaf `column` as column_orders() names it; empty when the
  // file has none for it.
  std::string column_order(int column) const;
  bool has_encryption_algorithm() const;

  // What the reader tolerated in the footer but a user should hear of, one
  // sentence each (the CLI prints them on stderr; docs/validation.md lists
  // them): num_rows that disagrees with the row groups' rows (which are what
  // is read), and annotations newer than this reader, ignored (a schema
  // node's annotation_note).  Computed on each call: O(row groups + schema
  // nodes).
  std::vector<std::string> Warnings() const;

 private:
  friend struct MetaDataAccess;  // parq's own layers reach the wire structs through it
  using Impl = ColumnChunkMetaData::Impl;
  explicit FileMetaData(std::shared_ptr<const Impl> impl) : impl_(std::move(impl)) {}
  std::shared_ptr<const Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_METADATA_H_
