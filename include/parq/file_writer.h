// parq/file_writer.h — writing a Parquet file.
//
//   PARQ_ASSIGN_OR_RETURN(auto writer, parq::FileWriter::Open("out.parquet", schema, options));
//   PARQ_ASSIGN_OR_RETURN(auto* ids, writer->typed_column<int64_t>(0));
//   PARQ_RETURN_IF_ERROR(ids->WriteBatch(n, nullptr, nullptr, values));
//   ... every other leaf column, the same number of rows ...
//   PARQ_RETURN_IF_ERROR(writer->MaybeEndRowGroup());   // or EndRowGroup()
//   PARQ_RETURN_IF_ERROR(writer->Close());
//
// A row group is open while its columns hold rows; it ends at EndRowGroup()
// (or Close()).  Every leaf of the schema has a writer (column_writer.h) in the
// open row group; all must hold the same number of rows when it ends.  Pages
// are encoded and compressed as they fill; a row group's chunks are held as
// compressed pages (and dictionaries) and written, in schema order, when the
// row group ends (WriterOptions::max_buffered_bytes caps that memory).
//
// A column's writer is one object for the FileWriter's life: column(i) may be
// asked again and returns it; WriteBatch appends to the open row group (a
// record may span calls), and after EndRowGroup writes into the next one.
// Writing one column more rows than another is seen when the row group ends.
// After Close() every call, WriteBatch included, is refused.
//
// Close() writes FileMetaData: the schema (LogicalType and ConvertedType per
// the forward tables, field ids), the row groups (with their sorting_columns
// and each chunk's key-value metadata), num_rows, the key-value metadata,
// created_by, and column_orders (IEEE_754_TOTAL_ORDER for a FLOAT, DOUBLE
// or FLOAT16 leaf with ColumnWriterOptions::ieee754_total_order, TYPE_ORDER
// for every other); then the footer.  FileMetaData.version is 2 when the file uses a feature of format
// version 2 (docs/footer-metadata.md, "File version"): a DataPageHeaderV2 page, or a
// page in DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY,
// BYTE_STREAM_SPLIT or ALP; otherwise 1.
//
// Caller mistakes are kInvalidArgument naming what was asked and what exists,
// and change nothing, so the caller can correct and go on: a column index out
// of range, typed_column<T> of another physical type, a row group ending
// with columns of different row counts (write the missing rows and end it
// again), any call after Close().
//
// Sticky status: I/O errors, data errors (a WriteBatch refusing its levels or
// values, an encoder or compressor failing) and limits hit while writing are
// kept; from then on every call returns that first error and Close() does not
// finish the file.
//
// A FileWriter destroyed without a successful Close() leaves no file behind
// when it was opened by path: with atomic_rename nothing was ever under the
// real name (the unnamed file, or the temporary sibling where the file system
// lacks O_TMPFILE, is dropped; see FileOutputOptions in parq/io.h); without
// it the partly written file at `path` is removed.  A closed file stays.
//
// Thread-safety: none; one thread writes a file.  With a pool
// (WriterOptions::thread_pool / threads) the writer itself runs the leaves'
// batches of a RowWriter or ColumnarWriter (and WriteColumns) on it, one leaf
// per task and each page's compression as a task of its own, and a row
// group's last pages and dictionaries while its chunks are written in order;
// the file's bytes do not depend on it (docs/threads.md).
#ifndef PARQ_FILE_WRITER_H_
#define PARQ_FILE_WRITER_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "parq/column_writer.h"
#include "parq/io.h"
#include "parq/metadata.h"
#include "parq/options.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "parq/types.h"

namespace parq {

class FileReader;

// The key-value entry in which a copy of a file keeps the source's created_by
// (the copy's own created_by names parq, the writer of its bytes).
inline constexpr char kSourceCreatedByKey[] = "parq.source_created_by";

// `options` for a copy of `source`'s rows (parq rewrite) that keeps its footer
// metadata: the file key-value metadata in its order, then (unless already
// there, from an earlier copy) kSourceCreatedByKey = source's created_by
// when it has one; and what holds however the rows are regrouped: the
// sorting_columns when the source has one row group, and each leaf's chunk
// key-value metadata when every row group has the same (as that leaf's
// ColumnWriterOptions::key_value_metadata; an entry is added to
// options->columns, from column_defaults, where needed); and
// ColumnWriterOptions::ieee754_total_order for the leaves whose column order
// is IEEE_754_TOTAL_ORDER (other orders are written as TYPE_ORDER).  Field ids and
// annotations travel with the schema (FileReader::schema()).  Keys already in
// options->key_value_metadata win over the source's.
// REQUIRES: `source` is the footer of a file whose schema is the copy's.
void KeepSourceMetadata(const FileMetaData& source, WriterOptions* options);

class FileWriter {
 public:
  // Writes to `out` (the writer owns it and Closes it in Close()).  The schema
  // is copied.  Errors: those of ValidateOptions(options, schema), first.
  static Result<std::unique_ptr<FileWriter>> Open(std::unique_ptr<OutputStream> out, const Schema& schema,
                                                  const WriterOptions& options = {});
  // Creates `path`; with `atomic_rename` the bytes go to an unnamed file (or
  // a temporary sibling) that only a successful Close() puts at `path`, even
  // when the process is killed (FileOutputOptions::atomic_rename).  Either
  // way, no file is left at `path` unless Close() succeeds.
  static Result<std::unique_ptr<FileWriter>> Open(const std::string& path, const Schema& schema,
                                                  const WriterOptions& options = {},
                                                  bool atomic_rename = true);
  // What Open checks of `options` before it writes anything; each error is
  // kInvalidArgument naming the option (the keys of
  // parq/writer_options_text.h), and the column when the setting is a
  // column's:
  //   - codec: LZ4 (write LZ4_RAW) or a value outside the enum;
  //   - level: one the codec does not take ("writer option 'level' of
  //     column 'a': ZSTD compression level 999 is outside -131072..22");
  //   - encoding: a dictionary encoding (set `dictionary` instead), BIT_PACKED
  //     (levels only), a value outside the enum;
  //   - page_size, row_group_size, row_group_rows (data_page_size,
  //     row_group_size, max_rows_per_row_group): not positive;
  //     max_buffered_bytes, max_open_page_bytes: negative.
  // With the schema, also:
  //   - a WriterOptions::columns key that is not a leaf, with the near names
  //     of Schema::LookupColumn ("no leaf column 'nosuch'; near names: ...");
  //   - an encoding the leaf's physical type does not allow (Encodings.md:
  //     DELTA_BINARY_PACKED on a BYTE_ARRAY leaf, BYTE_STREAM_SPLIT on
  //     BOOLEAN, RLE on anything but BOOLEAN, ...).
  //   - sorting_columns: a column_idx outside 0..num_columns-1
  //     ("writer option 'sorting_columns': column index 5 is out of range: ...").
  static Status ValidateOptions(const WriterOptions& options);
  static Status ValidateOptions(const WriterOptions& options, const Schema& schema);

  ~FileWriter();
  FileWriter(const FileWriter&) = delete;
  FileWriter& operator=(const FileWriter&) = delete;

  const Schema& schema() const;
  const WriterOptions& options() const;

  // The writer of leaf `i` (valid until the FileWriter is destroyed).
  // kInvalidArgument (not sticky) when i is out of range: "column 7 out of
  // range: the schema has 3 leaf columns (a, b.c, d)".
  Result<ColumnWriter*> column(int i);
  // As column(i), typed.  T is one of bool, int32_t, int64_t, Int96, float,
  // double, ByteArray, FixedLenByteArray; kInvalidArgument (not sticky) when
  // it is not the column's: "typed_column<int32_t>(0) of column 'x' (INT64):
  // use typed_column<int64_t>".
  template <typename T>
  Result<TypedColumnWriter<T>*> typed_column(int i) {
    PARQ_ASSIGN_OR_RETURN(ColumnWriter * w, column(i));
    TypedColumnWriter<T>* t = w->As<T>();
    if (t == nullptr) [[unlikely]] return TypeMismatch(i, ValueTypeName<T>());
    return t;
  }

  // Runs write(c) for every leaf c, which writes leaf c's rows of the open
  // row group through column(c) and touches nothing another leaf's write
  // does.  With a pool (WriterOptions::thread_pool / threads) the leaves
  // run on its threads at once; without, one after the other in order.
  // Either way the result is the first error in leaf order (a column
  // writer's error is sticky, as when one thread meets it) and the file's
  // bytes are the same.
  Status WriteColumns(const std::function<Status(int column)>& write);

  // Ends the open row group (no-op when its columns hold no rows, unless
  // KeepRowGroupMetadata copied a source row group of no rows).
  // kInvalidArgument (not sticky) when its columns hold different numbers of
  // rows; nothing is written then.
  Status EndRowGroup();
  // Ends the open row group when its buffered bytes reach
  // WriterOptions::row_group_size, the memory its columns hold
  // WriterOptions::max_buffered_bytes (buffered_bytes()), or its rows
  // max_rows_per_row_group.  Call it between whole rows (every column at the
  // same row count).
  Status MaybeEndRowGroup();
  // The memory the open row group's columns hold now: written pages,
  // dictionaries, open pages (what WriterOptions::max_buffered_bytes caps).
  int64_t buffered_bytes() const;

  // The open row group's sorting_columns, in place of
  // WriterOptions::sorting_columns (the next row group has the options'
  // again).  kInvalidArgument (not sticky) for a column index out of range.
  Status SetSortingColumns(std::vector<SortingColumn> sorting);
  // The key-value metadata of leaf `column`'s chunk in the open row group, in
  // place of its ColumnWriterOptions::key_value_metadata (for this row group
  // only).  kInvalidArgument (not sticky) for a column out of range.
  Status SetChunkKeyValueMetadata(int column, std::vector<KeyValue> key_value_metadata);

  // For a row group copied whole: SetSortingColumns and
  // SetChunkKeyValueMetadata (every leaf) with `source`'s; a source of no
  // rows makes the open row group one that EndRowGroup writes even when it
  // holds no rows (a copy keeps the empty row groups its source had).
  Status KeepRowGroupMetadata(const RowGroupMetaData& source);

  // Appends row group `row_group` of `source` as a row group of this file,
  // its column chunks copied as stored, without decoding: the bytes of every
  // page (dictionary, data v1 and v2, index pages; compressed, with their
  // CRCs, which are checked when the source's ReaderOptions::verify_checksums
  // says so) as they are, and the chunk's metadata with them — statistics,
  // encodings, encoding_stats, size statistics, key-value metadata,
  // geospatial statistics — its ColumnIndex, its OffsetIndex (each page's
  // offset moved to where the page now lies) and its Bloom filter; the row
  // group's num_rows and sorting_columns (those on copied leaves, up to the
  // first that is not).  A row group of no rows is copied the same way (its
  // chunks' metadata, and whatever pages they hold; a chunk of no values
  // whose pages are not where its metadata says, as parquet-cpp's of only a
  // dictionary page, is copied without them: total_uncompressed_size 0, no
  // encoding_stats).  The chunk's offsets and total_compressed_size are
  // those of the pages as copied (a padded chunk of an old writer loses its
  // padding).  Statistics this file would present as trustworthy but the
  // source's writer got wrong are left out: min/max of BYTE_ARRAY and
  // FIXED_LEN_BYTE_ARRAY leaves from parquet-mr before 1.8.0 (PARQUET-251),
  // min_value/max_value under a column order parq does not know.
  //
  // `columns`: the source leaf copied into each leaf of this file, in order
  // (empty: leaf i from leaf i, both schemas having as many).  Each pair
  // must be the same leaf: path, physical type and length, annotations,
  // repetition and levels; and a FLOAT/DOUBLE/FLOAT16 leaf must have the
  // same column order in both (its ColumnWriterOptions::ieee754_total_order,
  // KeepSourceMetadata).  Else kInvalidArgument naming the first
  // difference; so is a row group out of range, a call with rows in the open
  // row group (end it first), and a source chunk that is encrypted or in
  // another file (kUnsupported).  These and the source's damaged page index
  // or Bloom filter are found before anything is written, and are not
  // sticky; a page header that does not decode, found while copying, and
  // I/O errors are (the file holds part of a row group).
  // REQUIRES: `source` outlives the call only.
  Status CopyRowGroup(const FileReader& source, int row_group, const std::vector<int>& columns = {});

  // Row groups written so far, and their rows.
  int num_row_groups() const;
  int64_t num_rows() const;

  // Ends the open row group and writes the footer; closes the stream.
  // Idempotent after success.  A mistake in the last row group (different row
  // counts) or a RowWriter still holding rows (row_writer.h) is returned
  // without closing: correct it and Close() again.
  Status Close();
  // The sticky status (OK while no I/O or data error happened).
  const Status& status() const;

  struct Impl;  // private to src/file

 private:
  friend class RowWriter;
  explicit FileWriter(std::unique_ptr<Impl> impl);
  // A RowWriter on this file starts (true) or stops (false) holding rows that
  // Close() would leave out.
  void RowsHeldElsewhere(bool holding);
  // KeepRowGroupMetadata of a source of no rows: EndRowGroup writes the open
  // row group even when empty.
  void KeepEmptyRowGroup();
  // RowDestination::write_leaves: write(s) for every slot, on the pool of
  // WriterOptions::thread_pool / threads when there is one, the first error
  // in slot order returned (and made sticky when a column writer's).
  Status WriteLeaves(const std::vector<int>& columns, const std::function<Status(size_t)>& write);
  template <typename T>
  static constexpr const char* ValueTypeName() {
    if constexpr (std::is_same_v<T, bool>) return "bool";
    else if constexpr (std::is_same_v<T, int32_t>) return "int32_t";
    else if constexpr (std::is_same_v<T, int64_t>) return "int64_t";
    else if constexpr (std::is_same_v<T, Int96>) return "Int96";
    else if constexpr (std::is_same_v<T, float>) return "float";
    else if constexpr (std::is_same_v<T, double>) return "double";
    else if constexpr (std::is_same_v<T, ByteArray>) return "ByteArray";
    else if constexpr (std::is_same_v<T, FixedLenByteArray>) return "FixedLenByteArray";
    else static_assert(sizeof(T) == 0, "typed_column<T>: T is not the value type of any physical type");
  }
  Status TypeMismatch(int i, const char* asked) const;
  static Status CheckSortingColumns(const std::vector<SortingColumn>& sorting, const Schema& schema);
  Status WritePageIndexes();
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_FILE_WRITER_H_
