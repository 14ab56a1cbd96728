// parq/options.h — ReaderOptions and WriterOptions.
//
// Every limit that protects a reader from hostile input lives here, with a
// default that is safe for files from anywhere yet generous for real files.
// A bound that is hit ends the read with StatusCode::kLimitExceeded naming
// the option.
#ifndef PARQ_OPTIONS_H_
#define PARQ_OPTIONS_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parq/encryption.h"
#include "parq/metadata.h"
#include "parq/thread_pool.h"
#include "parq/types.h"

namespace parq {

struct ReaderOptions {
  // --- Thrift metadata (footer, page headers, indexes, bloom filter headers) ---
  // Largest string or binary field, in bytes.  Never more than the bytes left either.
  int64_t max_thrift_string_size = 100 << 20;
  // Largest list / set / map element count.
  int64_t max_thrift_container_size = 10'000'000;
  // Deepest struct/container nesting (also caps skipping unknown fields).
  int32_t max_thrift_depth = 64;
  // Largest footer (FileMetaData) in bytes.
  int64_t max_footer_size = 256 << 20;
  // Largest page header in bytes.
  int64_t max_page_header_size = 16 << 20;
  // Largest serialized ColumnIndex or OffsetIndex of one column chunk.
  int64_t max_page_index_size = 64 << 20;
  // Largest Bloom filter bitset (BloomFilterHeader.numBytes) of one column chunk.
  int64_t max_bloom_filter_size = 128 << 20;

  // --- Pages ---
  // Largest uncompressed page size.
  int64_t max_page_size = 1 << 30;
  // Largest ratio uncompressed / compressed (decompression bombs); pages
  // smaller than 1 MiB uncompressed are exempt.
  int64_t max_decompression_ratio = 1000;
  // Largest number of values one page may claim.
  int64_t max_values_per_page = 1 << 28;
  // Largest schema nesting depth (definition/repetition levels).
  int32_t max_schema_depth = 100;
  // Upper bound on the bytes one column reader may hold at once from sizes the
  // file states: the chunk bytes it has read (none when the file is mapped or
  // in memory; see chunk_read_size), the decompressed page and the dictionary
  // with its decoded entries.
  int64_t max_allocation = int64_t{8} << 30;
  // Bytes of page buffers a FileReader keeps, once its column readers are
  // destroyed, for the column readers it opens next (no allocation, page
  // faults or kernel zeroing per chunk); 0 keeps none.  Not counted in
  // max_allocation, which bounds what one column reader holds.
  int64_t page_buffer_pool_bytes = 64 << 20;
  // Bytes a column reader reads at a time from a file that is neither mapped
  // nor in memory: its pages are read a window of at least this many bytes
  // at a time (a larger page is read whole), so what a reader holds of its
  // chunk does not grow with the chunk.  A page that runs past a window's end
  // is read again, from its header, with the next window, so windows much
  // larger than a page waste little: a window several pages wide reads about
  // as fast as whole chunks while holding much less.  0 or less reads each
  // column chunk whole, in one ReadAt (as far as max_allocation allows):
  // fewer, larger reads, for storage where each read has a high fixed cost.
  int64_t chunk_read_size = 4 << 20;
  // FileReader::PreBuffer reads the chunks it is given in as few reads as
  // their byte ranges allow: ranges at most prebuffer_hole_size bytes apart
  // are read as one (the bytes between read and dropped), each read up to
  // prebuffer_max_read_size bytes (a larger chunk is read alone, whole).
  int64_t prebuffer_hole_size = 8 << 10;
  int64_t prebuffer_max_read_size = 32 << 20;

  // Verify page CRC32 checksums when a page carries one (a mismatch is
  // kCorrupt).  On by default, as in `parq cat` and `parq rewrite`.
  bool verify_checksums = true;

  // --- Encryption ---
  // Keys and AAD prefix for encrypted files (parq/encryption.h).  Null: an
  // encrypted footer is an error naming what is missing, and a plaintext
  // footer's encrypted columns cannot be opened (the others read).
  std::shared_ptr<const DecryptionProperties> decryption = nullptr;
};

// --- Writing ---

// Settings of one column chunk.  WriterOptions::column_defaults applies to every
// column; WriterOptions::columns overrides it for the leaf with that dotted
// path (a whole ColumnWriterOptions replaces the defaults for that leaf).
struct ColumnWriterOptions {
  // Page compression; kLz4 (Hadoop-framed, deprecated) is refused for writing:
  // use kLz4Raw.  `compression_level` as in compression/codec.h (nullopt = default).
  Compression compression = Compression::kUncompressed;
  std::optional<int> compression_level;
  // The value encoding of non-dictionary pages (also the fallback encoding when
  // the dictionary grows past dictionary_page_size_limit).  nullopt picks
  // PLAIN (RLE for BOOLEAN on v2 pages).
  std::optional<Encoding> encoding;
  // Dictionary-encode (RLE_DICTIONARY) first; BOOLEAN never is.
  bool dictionary = true;
  // When the PLAIN dictionary would exceed this many bytes, the page being
  // built is flushed and the rest of the chunk uses `encoding`.
  int64_t dictionary_page_size_limit = 1 << 20;
  // Keep the dictionary only when the first page with values shows it pays:
  // dictionary page + that page's indices smaller than the same values in
  // `encoding` (as parquet-java decides).  Otherwise the chunk is written in
  // `encoding` from its first page.  false: always start with the dictionary.
  bool dictionary_only_if_smaller = true;
  // Min/max/null/NaN counts in the chunk metadata.
  bool statistics = true;
  // FLOAT, DOUBLE and FLOAT16 columns: declare IEEE_754_TOTAL_ORDER in
  // FileMetaData.column_orders and write statistics and page-index bounds in
  // that order (-NaN < -inf < ... < -0 < +0 < ... < +inf < +NaN; bounds are
  // the non-NaN extremes, or NaNs when a page or chunk holds only NaNs;
  // nan_count always).  false: TYPE_ORDER.  Other columns: TYPE_ORDER always.
  bool ieee754_total_order = false;
  // Longest min/max of a BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY written; longer
  // bounds are truncated (is_min/max_value_exact = false).  0 = no limit.
  int32_t statistics_truncate_length = 64;
  // SizeStatistics (level histograms, unencoded BYTE_ARRAY bytes), in the
  // chunk metadata and, per page, in the page index.
  bool size_statistics = true;
  // A page index (PageIndex.md) for the chunk: an OffsetIndex always, a
  // ColumnIndex when `statistics` is on and every page with values has bounds
  // (not for INT96 / INTERVAL, nor when a page holds only NaNs).  Page bounds
  // are truncated like the chunk's (statistics_truncate_length).  Every data
  // page header carries the page's Statistics whenever `statistics` is on.
  bool page_index = true;
  // A split block Bloom filter of the chunk's values (BloomFilter.md), written
  // after the last row group.  Sized for `bloom_filter_ndv` distinct values at
  // false-positive rate `bloom_filter_fpp`: a power of two between 32 bytes
  // and bloom_filter_max_bytes.  Not for BOOLEAN columns.
  bool bloom_filter = false;
  int64_t bloom_filter_ndv = 100'000;
  double bloom_filter_fpp = 0.01;
  int64_t bloom_filter_max_bytes = 1 << 20;
  // ColumnMetaData.key_value_metadata of the chunk in every row group
  // (FileWriter::SetChunkKeyValueMetadata replaces it for one row group).
  std::vector<KeyValue> key_value_metadata;

  bool operator==(const ColumnWriterOptions&) const = default;
};

struct WriterOptions {
  ColumnWriterOptions column_defaults;
  std::map<std::string, ColumnWriterOptions> columns;  // dotted path -> overrides

  // A data page is cut when its buffered bytes reach data_page_size or its
  // rows reach max_rows_per_page (always at a record boundary).
  int64_t data_page_size = 1 << 20;
  int64_t max_rows_per_page = 20'000;
  // FileWriter::MaybeEndRowGroup ends the open row group when its buffered
  // bytes reach row_group_size or its rows max_rows_per_row_group.
  int64_t row_group_size = int64_t{128} << 20;
  int64_t max_rows_per_row_group = 1 << 20;
  // A cap on the memory the writer holds for the open row group: its
  // columns' written (compressed) pages, dictionaries (entries and hash
  // tables) and open pages as the encoders keep them (values, dictionary
  // indices, levels; during a chunk's dictionary trial both encodings).
  // MaybeEndRowGroup (and so RowWriter and ColumnarWriter) ends the row
  // group once they reach it, and a page is cut once it holds
  // max_buffered_bytes / (8 × the number of leaves) (at least 16 KiB),
  // before data_page_size or max_rows_per_page: so a wide file's open pages
  // together stay within an eighth of it.  0 = no cap (row_group_size alone ends
  // row groups, pages are cut by size and rows only; the default, which
  // writes the same bytes as before the option).  docs/writer-memory.md.
  int64_t max_buffered_bytes = 0;
  // A budget for the open pages of all the leaves together, as their
  // encoders hold them (values, dictionary indices, levels): a page is cut
  // once it holds max_open_page_bytes / (the number of leaves) (at least
  // 16 KiB), before data_page_size or max_rows_per_page.  A file of up to
  // 64 leaves never meets the default (its pages hold at most
  // data_page_size, 1 MiB, a step of levels aside); a wide one gets pages
  // small enough that its open pages stay within it (1,000 leaves: 64 KiB
  // pages).  0 = no budget.  docs/writer-memory.md.
  int64_t max_open_page_bytes = int64_t{64} << 20;
  // DataPageHeaderV2 pages (levels uncompressed, values compressed) instead of v1.
  bool data_page_v2 = false;
  // CRC32 of every page body in its header.
  bool write_checksums = true;
  // FileMetaData.key_value_metadata, in this order (a value may be absent).
  std::vector<KeyValue> key_value_metadata;
  // FileMetaData.created_by; empty means parq::kCreatedBy.
  std::string created_by;
  // RowGroup.sorting_columns of every row group: the caller declares that
  // the rows of each row group are sorted so (the writer does not check the
  // rows; FileWriter::SetSortingColumns replaces them for one row group).
  // column_idx is a leaf index; Open refuses one out of range.
  std::vector<SortingColumn> sorting_columns;
  // Parquet Modular Encryption of the file (parq/encryption.h).  Null: plaintext.
  std::shared_ptr<const EncryptionProperties> encryption = nullptr;
  // Parallel writes (docs/threads.md): the pool on which the leaves' batches
  // (RowWriter, ColumnarWriter, the Arrow writer) are encoded and
  // compressed, one leaf per task, and a row group's last pages and
  // dictionaries while its chunks go to the file in order; shared with
  // other writers and readers.  When null, a pool of `threads` workers is
  // made for the writer's lifetime; threads = 1 writes on the calling
  // thread.  The file's bytes are the same for any pool and thread count.
  std::shared_ptr<ThreadPool> thread_pool = nullptr;
  int threads = 1;

  // The options of the leaf `dotted_path`.
  const ColumnWriterOptions& ForColumn(const std::string& dotted_path) const {
    auto it = columns.find(dotted_path);
    return it == columns.end() ? column_defaults : it->second;
  }

  bool operator==(const WriterOptions&) const = default;
};

}  // namespace parq

#endif  // PARQ_OPTIONS_H_
