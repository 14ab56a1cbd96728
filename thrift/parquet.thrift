// parquet.thrift — the Parquet file metadata, written as a Thrift IDL.
//
// This is parq's own transcription of the Apache Parquet format: every
// struct, union and enum of parquet-format 2.13 plus the additions released
// in 2.14 (FILE logical type, INT96 timestamp order, ALP encoding).  Field
// ids, types, requiredness and defaults are those of the upstream file;
// the comments are ours.  Files are written with the Thrift compact
// protocol: the footer is one FileMetaData, every page starts with a
// PageHeader, and the page index and Bloom filters have their own headers.
//
// tools/thriftgen turns this file into parq::format C++ structs at build
// time.  The `namespace cpp` line below is only for the Apache Thrift
// compiler, which tests use to generate reference code from the same file.

namespace cpp parquet_oracle

// ---------------------------------------------------------------------------
// Enums shared by the schema and the column metadata.
// ---------------------------------------------------------------------------

// Physical (storage) type of a leaf column.
enum Type {
  BOOLEAN = 0;
  INT32 = 1;
  INT64 = 2;
  INT96 = 3;                 // legacy 12-byte timestamps; deprecated for new data
  FLOAT = 4;
  DOUBLE = 5;
  BYTE_ARRAY = 6;            // variable-length bytes
  FIXED_LEN_BYTE_ARRAY = 7;  // SchemaElement.type_length bytes each
}

// The original (pre-LogicalType) annotations.  Frozen: new annotations go
// into LogicalType only.
enum ConvertedType {
  UTF8 = 0;                  // BYTE_ARRAY holding UTF-8 text
  MAP = 1;                   // group wrapping a repeated key/value group
  MAP_KEY_VALUE = 2;         // the repeated key/value group of a MAP
  LIST = 3;                  // group wrapping a repeated element
  ENUM = 4;                  // BYTE_ARRAY holding an enum symbol
  DECIMAL = 5;               // needs SchemaElement.scale and .precision
  DATE = 6;                  // INT32 days since 1970-01-01
  TIME_MILLIS = 7;           // INT32 milliseconds since midnight
  TIME_MICROS = 8;           // INT64 microseconds since midnight
  TIMESTAMP_MILLIS = 9;      // INT64 milliseconds since the epoch
  TIMESTAMP_MICROS = 10;     // INT64 microseconds since the epoch
  // Unsigned, then signed integers of 8..64 bits: INT32 holds up to 32
  // bits, INT64 holds 64.
  UINT_8 = 11;
  UINT_16 = 12;
  UINT_32 = 13;
  UINT_64 = 14;
  INT_8 = 15;
  INT_16 = 16;
  INT_32 = 17;
  INT_64 = 18;
  JSON = 19;                 // UTF-8 JSON text
  BSON = 20;                 // binary BSON document
  INTERVAL = 21;             // FIXED[12]: months, days, millis as uint32 LE
}

// How often a field occurs in its parent.
enum FieldRepetitionType {
  REQUIRED = 0;              // exactly once
  OPTIONAL = 1;              // zero or one time
  REPEATED = 2;              // any number of times
}

// ---------------------------------------------------------------------------
// Statistics.
// ---------------------------------------------------------------------------

// Sizes and level histograms that let a reader estimate memory and filter
// on nesting without decoding pages.
struct SizeStatistics {
  // Sum of BYTE_ARRAY value lengths, without the 4-byte length prefixes.
  1: optional i64 unencoded_byte_array_data_bytes;
  // Count per repetition level, max_repetition_level + 1 entries.
  2: optional list<i64> repetition_level_histogram;
  // Count per definition level, max_definition_level + 1 entries.
  3: optional list<i64> definition_level_histogram;
}

// Axis-aligned bounds of GEOMETRY / GEOGRAPHY values; z and m are optional.
struct BoundingBox {
  1: required double xmin;
  2: required double xmax;
  3: required double ymin;
  4: required double ymax;
  5: optional double zmin;
  6: optional double zmax;
  7: optional double mmin;
  8: optional double mmax;
}

// Statistics kept only for GEOMETRY and GEOGRAPHY columns.
struct GeospatialStatistics {
  1: optional BoundingBox bbox;
  // WKB geometry type codes seen; empty when unknown.
  2: optional list<i32> geospatial_types;
}

// Column chunk or page statistics.  Values are PLAIN-encoded without the
// BYTE_ARRAY length prefix.
struct Statistics {
  // Legacy bounds, always compared as signed; prefer min_value/max_value.
  1: optional binary max;
  2: optional binary min;
  // Absent means unknown, not zero.
  3: optional i64 null_count;
  4: optional i64 distinct_count;
  // Bounds under the column's ColumnOrder; may be looser than the data.
  5: optional binary max_value;
  6: optional binary min_value;
  // True when the bound is a value that really occurs.
  7: optional bool is_max_value_exact;
  8: optional bool is_min_value_exact;
  // NaN count for FLOAT, DOUBLE and FLOAT16; absent means NaNs may exist.
  9: optional i64 nan_count;
}

// ---------------------------------------------------------------------------
// Logical types.
// ---------------------------------------------------------------------------

// Annotations without parameters.
struct StringType {}         // UTF-8 BYTE_ARRAY
struct UUIDType {}           // FIXED[16], raw UUID bytes
struct MapType {}            // see LogicalTypes.md
struct ListType {}           // see LogicalTypes.md
struct EnumType {}           // UTF-8 BYTE_ARRAY enum symbols
struct DateType {}           // INT32 days
struct Float16Type {}        // FIXED[2], IEEE half precision
struct NullType {}           // column holds only nulls; physical type guessed

// Fixed-point decimal: unscaled value * 10^-scale, 0 <= scale <= precision.
struct DecimalType {
  1: required i32 scale
  2: required i32 precision
}

// Units for TIME and TIMESTAMP.
struct MilliSeconds {}
struct MicroSeconds {}
struct NanoSeconds {}
union TimeUnit {
  1: MilliSeconds MILLIS
  2: MicroSeconds MICROS
  3: NanoSeconds NANOS
}

// INT64 instant or local date-time.
struct TimestampType {
  1: required bool isAdjustedToUTC
  2: required TimeUnit unit
}

// Time of day: INT32 for millis, INT64 for micros and nanos.
struct TimeType {
  1: required bool isAdjustedToUTC
  2: required TimeUnit unit
}

// Integer of 8, 16, 32 or 64 bits stored in INT32 or INT64.
struct IntType {
  1: required i8 bitWidth
  2: required bool isSigned
}

struct JsonType {}           // UTF-8 JSON in a BYTE_ARRAY
struct BsonType {}           // BSON in a BYTE_ARRAY

// Semi-structured Variant group.
struct VariantType {
  // Version of the Variant encoding spec the writer followed.
  1: optional i8 specification_version
}

// How edges between GEOGRAPHY vertices are interpolated.
enum EdgeInterpolationAlgorithm {
  SPHERICAL = 0;
  VINCENTY = 1;
  THOMAS = 2;
  ANDOYER = 3;
  KARNEY = 4;
}

// WKB geometry with planar edges; crs defaults to OGC:CRS84.
struct GeometryType {
  1: optional string crs;
}

// WKB geography with curved edges; crs defaults to OGC:CRS84 and the
// algorithm to SPHERICAL.
struct GeographyType {
  1: optional string crs;
  2: optional EdgeInterpolationAlgorithm algorithm;
}

// A group referring to file contents (path, offset, size, ...) stored
// elsewhere or inline; its children are identified by name.
struct FileType {}

// The annotation of a SchemaElement.  Writers also set the matching
// ConvertedType where one exists, for older readers.
union LogicalType {
  1:  StringType STRING        // ConvertedType UTF8
  2:  MapType MAP              // ConvertedType MAP
  3:  ListType LIST            // ConvertedType LIST
  4:  EnumType ENUM            // ConvertedType ENUM
  5:  DecimalType DECIMAL      // ConvertedType DECIMAL + scale/precision
  6:  DateType DATE            // ConvertedType DATE
  7:  TimeType TIME            // TIME_MILLIS / TIME_MICROS where they fit
  8:  TimestampType TIMESTAMP  // TIMESTAMP_MILLIS / _MICROS where they fit
  // id 9 is kept free for an INTERVAL type
  10: IntType INTEGER          // INT_* / UINT_*
  11: NullType UNKNOWN         // no ConvertedType
  12: JsonType JSON            // ConvertedType JSON
  13: BsonType BSON            // ConvertedType BSON
  14: UUIDType UUID            // no ConvertedType
  15: Float16Type FLOAT16      // no ConvertedType
  16: VariantType VARIANT      // no ConvertedType
  17: GeometryType GEOMETRY    // no ConvertedType
  18: GeographyType GEOGRAPHY  // no ConvertedType
  19: FileType FILE            // no ConvertedType
}

// ---------------------------------------------------------------------------
// Schema.
// ---------------------------------------------------------------------------

// One node of the schema tree.  The tree is stored flattened in depth-first
// order; a group has num_children and no type, a leaf has a type.
struct SchemaElement {
  // Physical type; only set on leaves.
  1: optional Type type;
  // Byte width for FIXED_LEN_BYTE_ARRAY (otherwise an optional bit-width hint).
  2: optional i32 type_length;
  // Unset only on the root.
  3: optional FieldRepetitionType repetition_type;
  4: required string name;
  // Number of direct children; only set on groups.
  5: optional i32 num_children;
  // Legacy annotation, kept for compatibility.
  6: optional ConvertedType converted_type;
  // Legacy decimal parameters (mirrored in DecimalType).
  7: optional i32 scale
  8: optional i32 precision
  // Field id from the writer's own schema (e.g. Iceberg).
  9: optional i32 field_id;
  10: optional LogicalType logicalType
}

// ---------------------------------------------------------------------------
// Pages.
// ---------------------------------------------------------------------------

// How values (and levels) are encoded inside a page.  Id 1 (GROUP_VAR_INT)
// was never used.
enum Encoding {
  PLAIN = 0;                    // values back to back, little-endian
  PLAIN_DICTIONARY = 2;         // deprecated dictionary encoding (v1 files)
  RLE = 3;                      // RLE / bit-packing hybrid
  BIT_PACKED = 4;               // deprecated levels-only bit packing
  DELTA_BINARY_PACKED = 5;      // deltas in bit-packed miniblocks
  DELTA_LENGTH_BYTE_ARRAY = 6;  // delta-coded lengths, then the bytes
  DELTA_BYTE_ARRAY = 7;         // prefix/suffix incremental coding
  RLE_DICTIONARY = 8;           // dictionary indices with RLE
  BYTE_STREAM_SPLIT = 9;        // byte k of every value in stream k
  ALP = 10;                     // adaptive lossless floating point
}

// Page compression codecs (see Compression.md).
enum CompressionCodec {
  UNCOMPRESSED = 0;
  SNAPPY = 1;
  GZIP = 2;
  LZO = 3;
  BROTLI = 4;                // since 2.4
  LZ4 = 5;                   // deprecated Hadoop-framed LZ4, since 2.4
  ZSTD = 6;                  // since 2.4
  LZ4_RAW = 7;               // raw LZ4 block, since 2.9
}

enum PageType {
  DATA_PAGE = 0;
  INDEX_PAGE = 1;
  DICTIONARY_PAGE = 2;
  DATA_PAGE_V2 = 3;
}

// Whether ColumnIndex min/max lists are sorted, and which way.
enum BoundaryOrder {
  UNORDERED = 0;
  ASCENDING = 1;
  DESCENDING = 2;
}

// Header of a v1 data page: levels and values all compressed together.
struct DataPageHeader {
  // Values including nulls.
  1: required i32 num_values
  2: required Encoding encoding
  3: required Encoding definition_level_encoding;
  4: required Encoding repetition_level_encoding;
  5: optional Statistics statistics;
}

// Reserved; no fields are defined.
struct IndexPageHeader {
}

// Header of the (single, first) dictionary page of a column chunk.
struct DictionaryPageHeader {
  1: required i32 num_values;
  2: required Encoding encoding
  // True when the entries are in ascending order.
  3: optional bool is_sorted;
}

// Header of a v2 data page: levels are stored uncompressed before the
// (possibly compressed) values, and pages start on row boundaries.
struct DataPageHeaderV2 {
  1: required i32 num_values
  2: required i32 num_nulls
  3: required i32 num_rows
  4: required Encoding encoding
  // Sizes of the RLE level sections that precede the values.
  5: required i32 definition_levels_byte_length;
  6: required i32 repetition_levels_byte_length;
  // When absent the values section counts as compressed.
  7: optional bool is_compressed = true;
  8: optional Statistics statistics;
}

// ---------------------------------------------------------------------------
// Bloom filters.
// ---------------------------------------------------------------------------

struct SplitBlockAlgorithm {}
union BloomFilterAlgorithm {
  1: SplitBlockAlgorithm BLOCK;      // split-block Bloom filter
}

struct XxHash {}
union BloomFilterHash {
  1: XxHash XXHASH;                  // 64-bit xxHash of the PLAIN value
}

struct Uncompressed {}
union BloomFilterCompression {
  1: Uncompressed UNCOMPRESSED;
}

// Precedes the bitset of a column's Bloom filter.
struct BloomFilterHeader {
  // Bitset size in bytes.
  1: required i32 numBytes;
  2: required BloomFilterAlgorithm algorithm;
  3: required BloomFilterHash hash;
  4: required BloomFilterCompression compression;
}

// Starts every page; exactly one of the *_header fields matches `type`.
struct PageHeader {
  1: required PageType type
  // Page body sizes, not counting this header.
  2: required i32 uncompressed_page_size
  3: required i32 compressed_page_size
  // CRC-32 (GZIP polynomial) of the page body as stored.
  4: optional i32 crc
  5: optional DataPageHeader data_page_header;
  6: optional IndexPageHeader index_page_header;
  7: optional DictionaryPageHeader dictionary_page_header;
  8: optional DataPageHeaderV2 data_page_header_v2;
}

// ---------------------------------------------------------------------------
// Row groups and column chunks.
// ---------------------------------------------------------------------------

// Application metadata entry.
struct KeyValue {
  1: required string key
  2: optional string value
}

// One key of a row group's sort order.
struct SortingColumn {
  // Leaf column index within the row group.
  1: required i32 column_idx
  2: required bool descending
  3: required bool nulls_first
}

// Number of pages of one type with one encoding.
struct PageEncodingStats {
  1: required PageType page_type;
  2: required Encoding encoding;
  3: required i32 count;
}

// What a reader needs to locate and decode one column chunk.
struct ColumnMetaData {
  1: required Type type
  // Every encoding used by any page of the chunk.
  2: required list<Encoding> encodings
  3: required list<string> path_in_schema
  4: required CompressionCodec codec
  5: required i64 num_values
  // Sums over all pages, headers included.
  6: required i64 total_uncompressed_size
  7: required i64 total_compressed_size
  8: optional list<KeyValue> key_value_metadata
  // File offsets of the first data page, index page and dictionary page.
  9: required i64 data_page_offset
  10: optional i64 index_page_offset
  11: optional i64 dictionary_page_offset
  12: optional Statistics statistics;
  13: optional list<PageEncodingStats> encoding_stats;
  // Location of the Bloom filter (header plus bitset).
  14: optional i64 bloom_filter_offset;
  15: optional i32 bloom_filter_length;
  16: optional SizeStatistics size_statistics;
  17: optional GeospatialStatistics geospatial_statistics;
}

// Column encrypted with the footer key.
struct EncryptionWithFooterKey {
}

// Column encrypted with its own key.
struct EncryptionWithColumnKey {
  1: required list<string> path_in_schema
  2: optional binary key_metadata
}

union ColumnCryptoMetaData {
  1: EncryptionWithFooterKey ENCRYPTION_WITH_FOOTER_KEY
  2: EncryptionWithColumnKey ENCRYPTION_WITH_COLUMN_KEY
}

struct ColumnChunk {
  // Only used by summary (_metadata) files: the file holding the data.
  1: optional string file_path
  // Deprecated and inconsistently used; writers put 0.
  2: required i64 file_offset = 0
  // Required in practice even though the IDL says optional.
  3: optional ColumnMetaData meta_data
  // Page index locations.
  4: optional i64 offset_index_offset
  5: optional i32 offset_index_length
  6: optional i64 column_index_offset
  7: optional i32 column_index_length
  8: optional ColumnCryptoMetaData crypto_metadata
  // Serialized ColumnMetaData, encrypted with the column key.
  9: optional binary encrypted_column_metadata
}

struct RowGroup {
  // One chunk per leaf column, in schema order.
  1: required list<ColumnChunk> columns
  // Uncompressed size of all column data.
  2: required i64 total_byte_size
  3: required i64 num_rows
  4: optional list<SortingColumn> sorting_columns
  // File offset of the row group's first page.
  5: optional i64 file_offset
  6: optional i64 total_compressed_size
  // Position of this row group in the file.
  7: optional i16 ordinal
}

// ---------------------------------------------------------------------------
// Column orders (how min/max statistics compare).
// ---------------------------------------------------------------------------

struct TypeDefinedOrder {}      // the logical (else physical) type's order
struct IEEE754TotalOrder {}     // IEEE 754 totalOrder for floating point
struct Int96TimestampOrder {}   // chronological order of INT96 timestamps

// Unknown members mean: ignore this column's min/max statistics.
union ColumnOrder {
  1: TypeDefinedOrder TYPE_ORDER;
  2: IEEE754TotalOrder IEEE_754_TOTAL_ORDER;
  3: Int96TimestampOrder INT96_TIMESTAMP_ORDER;
}

// ---------------------------------------------------------------------------
// Page index.
// ---------------------------------------------------------------------------

struct PageLocation {
  // File offset of the page header.
  1: required i64 offset
  // Header plus compressed body.
  2: required i32 compressed_page_size
  // Row index (within the row group) of the page's first row.
  3: required i64 first_row_index
}

// Where each data page of a chunk starts.
struct OffsetIndex {
  1: required list<PageLocation> page_locations
  // Per-page counterpart of SizeStatistics.unencoded_byte_array_data_bytes.
  2: optional list<i64> unencoded_byte_array_data_bytes
}

// Per-page min/max and counts of a column chunk; entry i belongs to
// OffsetIndex.page_locations[i].
struct ColumnIndex {
  // True for pages holding only nulls (their min/max entries are empty).
  1: required list<bool> null_pages
  2: required list<binary> min_values
  3: required list<binary> max_values
  4: required BoundaryOrder boundary_order
  5: optional list<i64> null_counts
  // Per-page level histograms, concatenated.
  6: optional list<i64> repetition_level_histograms;
  7: optional list<i64> definition_level_histograms;
  // Per-page NaN counts for floating point columns.
  8: optional list<i64> nan_counts
}

// ---------------------------------------------------------------------------
// Encryption.
// ---------------------------------------------------------------------------

// AES-GCM for everything.
struct AesGcmV1 {
  1: optional binary aad_prefix
  // File-unique part of the AAD suffix.
  2: optional binary aad_file_unique
  // True when the prefix is not stored and readers must supply it.
  3: optional bool supply_aad_prefix
}

// AES-GCM for metadata, AES-CTR for page bodies.
struct AesGcmCtrV1 {
  1: optional binary aad_prefix
  2: optional binary aad_file_unique
  3: optional bool supply_aad_prefix
}

union EncryptionAlgorithm {
  1: AesGcmV1 AES_GCM_V1
  2: AesGcmCtrV1 AES_GCM_CTR_V1
}

// ---------------------------------------------------------------------------
// The footer.
// ---------------------------------------------------------------------------

struct FileMetaData {
  // Writers use 1; readers treat 1 and 2 alike.
  1: required i32 version
  // Flattened schema tree, root first.
  2: required list<SchemaElement> schema;
  3: required i64 num_rows
  4: required list<RowGroup> row_groups
  5: optional list<KeyValue> key_value_metadata
  // "<app> version <ver> (build <hash>)".
  6: optional string created_by
  // One per leaf column, in schema order; defines how min/max compare.
  7: optional list<ColumnOrder> column_orders;
  // Set only in encrypted files whose footer is plaintext.
  8: optional EncryptionAlgorithm encryption_algorithm
  9: optional binary footer_signing_key_metadata
}

// Precedes the encrypted footer of a file with an encrypted footer.
struct FileCryptoMetaData {
  1: required EncryptionAlgorithm encryption_algorithm
  2: optional binary key_metadata
}
