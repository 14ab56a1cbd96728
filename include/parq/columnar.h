// parq/columnar.h — reading a Parquet file as columns of nested values.
//
//   PARQ_ASSIGN_OR_RETURN(auto file, parq::FileReader::Open("data.parquet"));
//   PARQ_ASSIGN_OR_RETURN(auto reader, parq::ColumnarReader::Open(*file));
//   parq::ColumnarBatch batch;                       // reuse it: buffers keep their capacity
//   for (int rg = 0; rg < file->metadata().num_row_groups(); ++rg) {
//     PARQ_RETURN_IF_ERROR(reader->ReadRowGroup(rg, &batch));
//     for (const parq::ColumnarLeaf& leaf : batch.leaves) ...
//   }
//
// The columnar form of record assembly: for every projected leaf column, the
// Arrow layout of its path, rebuilt from the definition and repetition levels.
// A leaf's path is the chain of nesting nodes from its top-level field down
// to the leaf, after the LIST / MAP compatibility rules (the same shapes that
// RowReader gives): a struct (a group, also a VARIANT group), a list (its
// element is the next node), a map (its key or value is the next node), and
// the leaf itself.  Every node has slots:
//   - the top-level node has one slot per row;
//   - a struct's child has one slot per slot of the struct (a null struct's
//     children are null in it, as Arrow lays out struct children);
//   - a list's or map's child has one slot per element, and the list's
//     offsets[i] .. offsets[i+1] are the child slots of list slot i.
// Arrow's layouts: `validity` is an LSB-first bitmap of (length + 7) / 8
// bytes whose bit i (byte i / 8, bit i % 8) is set when slot i is present:
// the node and every node above it are non-null (kept for every node,
// nullable or not; the bits past `length` are 0).  The leaf's values have one
// entry per leaf slot, zero where the slot is null:
//   - BOOLEAN: a bit each, an LSB-first bitmap of (length + 7) / 8 bytes in
//     `values` (value_width 0);
//   - INT32/FLOAT: 4 bytes; INT64/DOUBLE: 8; INT96: 12; FIXED_LEN_BYTE_ARRAY:
//     type_length bytes (in `values`, value_width each);
//   - BYTE_ARRAY: `offsets` (slots + 1 entries) into `data`.
// Offsets (a list's, a map's, a BYTE_ARRAY leaf's) are int64, Arrow's large
// layouts.
// Values are physical (an INT32 DATE is days); the logical type is in
// `descriptor`.
//
// With a filter (ColumnarReaderOptions::filter, parq/filter.h), a row
// group's batch holds only the rows for which the filter is true, in file
// order, every node compacted (list offsets, validity, child slots):
// num_rows is their count, 0 for a row group in which no row can match by
// its statistics, dictionaries, Bloom filters or page index (as RowReader
// prunes; its other chunks are not opened; row_groups_pruned counts them).
// Late materialization: the filter's columns are read first (only the pages
// their page index leaves) and the filter evaluated over them; the other
// projected columns then decode only the selected rows, passing over the
// others with the column reader's SkipRows and, with an OffsetIndex,
// reading no page that holds none of them.
//
// Reading goes a row group at a time: each projected chunk is read in batches
// and assembled as it goes, so the memory is that of the row group's columnar
// form plus one batch.  Every level is checked by the column reader first; a
// chunk whose levels do not fit the schema is kCorrupt with the column path,
// row group and entry.
//
// Ownership: the ColumnarReader borrows the FileReader (it must outlive it);
// batches are the caller's.  Thread-safety: one ColumnarReader per thread
// (with a pool, its work runs on the pool's threads too: see thread_pool).
#ifndef PARQ_COLUMNAR_H_
#define PARQ_COLUMNAR_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "parq/thread_pool.h"

namespace parq {

// One nesting node of a leaf's path (or the leaf itself).
struct ColumnarNode {
  enum class Kind : uint8_t { kStruct, kList, kMap, kLeaf };
  Kind kind = Kind::kStruct;
  std::string name;                // the field name ("key" / "value" under a map)
  bool nullable = false;           // whether the schema lets this node be null
  int64_t length = 0;              // slots
  int64_t null_count = 0;          // slots whose validity bit is 0
  std::vector<uint8_t> validity;   // (length + 7) / 8 bytes, bit i (LSB-first) set: slot i present
  std::vector<int64_t> offsets;    // kList / kMap: length + 1 entries into the child's slots
};

struct ColumnarLeaf {
  int column = -1;                            // schema column index
  const ColumnDescriptor* descriptor = nullptr;
  // The path from the top-level field to the leaf; path.back() is the leaf.
  std::vector<ColumnarNode> path;
  const ColumnarNode& leaf() const { return path.back(); }
  // Fixed-width values, leaf().length × value_width bytes (not BYTE_ARRAY);
  // BOOLEAN: a bitmap of (leaf().length + 7) / 8 bytes, value_width 0.
  int value_width = 0;
  std::vector<uint8_t> values;
  // BYTE_ARRAY: leaf().length + 1 offsets into data.
  std::vector<int64_t> offsets;
  std::vector<uint8_t> data;
};

struct ColumnarBatch {
  int64_t num_rows = 0;
  std::vector<ColumnarLeaf> leaves;  // projected leaves in schema order
};

struct ColumnarReaderOptions {
  // Dotted paths of the fields to read, as RowReaderOptions::columns; empty: all.
  std::vector<std::string> columns;
  // Level entries read per column per batch.
  int64_t batch_levels = 8192;
  // Parallel reads (docs/threads.md): the pool the leaves of a row group
  // are read on, each a whole column chunk at a time (the calling thread
  // works too), shared with other readers and writers; when null, a pool of
  // `threads` workers (at most 256) made for the reader's lifetime, and
  // threads = 1 reads them one after the other on the calling thread.  With
  // a pool the reader also reads ahead: once ReadRowGroup(g) returns, row
  // group g + 1 is read on the pool (with a filter: pruned, its pages
  // selected and its leaves read) while the caller uses the batch (one row
  // group ahead at most, so twice a row group's memory), and
  // ReadRowGroup(g + 1) takes it over.  The RowSource's open_column is then
  // called from several threads at once (FileReader's is safe so).  The
  // batch and any error are the same whatever the pool: the error of the
  // first failing leaf in schema order.
  std::shared_ptr<ThreadPool> thread_pool = nullptr;
  int threads = 1;
  // Only the rows for which the filter is true (docs/filter.md): the same
  // semantics and row-group pruning as RowReaderOptions::filter.  Its
  // columns are read even when not projected (and then not returned).  A
  // filter that does not bind to the schema fails Open (kInvalidArgument).
  std::optional<Filter> filter = std::nullopt;
  // How much the filter prunes before rows are evaluated, as
  // RowReaderOptions::pruning: row groups by statistics, dictionaries and
  // Bloom filters (kRowGroups), and pages by the page index (kPages).
  RowReaderOptions::Pruning pruning = RowReaderOptions::Pruning::kPages;
};

class ColumnarReader {
 public:
  // REQUIRES: `file` outlives the reader.
  static Result<std::unique_ptr<ColumnarReader>> Open(const FileReader& file,
                                                      const ColumnarReaderOptions& options = {}) {
    return Open(RowSource::FromFile(file), options);
  }
  // Any source of column chunks (see RowSource in parq/record.h).
  static Result<std::unique_ptr<ColumnarReader>> Open(RowSource source,
                                                      const ColumnarReaderOptions& options = {});
  ~ColumnarReader();

  // Replaces *batch with row group `row_group`'s projected leaves, reusing
  // its buffers.  kInvalidArgument for an index out of range.
  Status ReadRowGroup(int row_group, ColumnarBatch* batch);

  // Row groups in which no row can match the filter, of those read so far
  // (statistics, dictionaries, Bloom filters or the page index proved it).
  int64_t row_groups_pruned() const;
  // What proved it, per row group (empty without a filter), as
  // RowReader::pruning().
  const RowGroupPruning& pruning() const;
  // Over the column readers of the reads so far (ColumnReader::pages_read,
  // ...); a row group read ahead counts once ReadRowGroup returns it.
  int64_t pages_read() const;
  int64_t pages_skipped() const;
  int64_t bytes_read() const;

  struct Impl;

 private:
  explicit ColumnarReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_COLUMNAR_H_
