// parq/columnar_writer.h — writing columns of nested values (Arrow layout in,
// levels computed by parq): the mirror of ColumnarReader (parq/columnar.h).
//
//   PARQ_ASSIGN_OR_RETURN(auto file, parq::FileWriter::Open("out.parquet", schema));
//   PARQ_ASSIGN_OR_RETURN(auto columns, parq::ColumnarWriter::Open(*file));
//   parq::ColumnView batch = parq::ColumnView::Struct(n, {
//       parq::ColumnView::Fixed(n, ids),                          // required int64 id
//       parq::ColumnView::Binary(n, name_offsets, name_bytes, name_valid),   // optional binary name
//   });
//   PARQ_RETURN_IF_ERROR(columns->Write(batch));     // appends n rows
//   PARQ_RETURN_IF_ERROR(file->Close());
//
// A batch is a tree of ColumnViews, non-owning views of Arrow-layout buffers
// (nothing is copied until the values reach the column writers).  The root is
// a struct whose children are the schema's top-level fields in order; below
// them the tree follows the same shapes as RowReader and ColumnarReader (the
// LIST / MAP compatibility rules applied): a group is a struct of its fields
// (a VARIANT group a struct of its raw fields), a list has one child (the
// element), a map two (key, value; one for a map without values), and a leaf
// holds the values.  A legacy 2-level list or an unannotated repeated field
// is a (required) list too.  Every group has a leaf below it
// (Schema::Make refuses an empty one).
//
// Every view has `length` slots; slot i lives at index offset + i of each of
// its buffers (Arrow's `offset`: a slice):
//   - validity: an LSB-first bitmap, bit (offset + i) = 1 when slot i is
//     present; nullptr: all present.  A null slot in a field the schema says
//     is required is refused (unless a null parent hides it).
//   - struct: child slot (offset + i) is the field of slot i (children are
//     indexed like the struct's own buffers, as in Arrow).
//   - list / map: offsets[offset + i] .. offsets[offset + i + 1] are the child
//     slots of slot i (length + 1 entries from `offset`, int64 or int32 by
//     `offsets64`, non-decreasing and within the child's length); or, with
//     offsets == nullptr and list_size > 0, a fixed-size list: the child slots
//     (offset + i) * list_size .. + list_size.  A null slot's range is ignored.
//   - leaf, by the column's physical type:
//       BOOLEAN: `values` an LSB-first bitmap;
//       INT32 / FLOAT: 4 bytes a slot; INT64 / DOUBLE: 8; INT96: 12;
//       FIXED_LEN_BYTE_ARRAY: type_length bytes a slot (all in `values`);
//       BYTE_ARRAY: `offsets` (as for lists) into `values`, the bytes, whose
//       size is `data_length` (-1: not known, then not checked); or instead
//       `byte_arrays`, one ByteArray a slot.
//   A null slot's value is never read.  Values are physical (an INT32 DATE is
//   days, a DECIMAL on FIXED_LEN_BYTE_ARRAY big-endian).
//
// Write() checks the whole batch before writing anything: kinds against the
// schema, lengths, offsets (every one, monotonic and in range), nulls in
// required fields — kInvalidArgument naming the field; nothing of the batch
// is written then and the writer stays usable.  Then the levels of every leaf
// are computed, batch-wise (runs of slots, no per-value calls), and handed to
// the column writers, batch_rows rows at a time; between those the file may
// end its row group (FileWriter::MaybeEndRowGroup), and no row group gets more
// than WriterOptions::max_rows_per_row_group rows.  Fixed-width values that
// are present in one run (no nulls, no skipped ranges) go to the column
// writer without a copy.
//
// Ownership: the ColumnarWriter borrows the FileWriter (it must outlive it);
// the views' buffers are the caller's and need to live only during the call.
// Thread-safety: one thread per ColumnarWriter.
#ifndef PARQ_COLUMNAR_WRITER_H_
#define PARQ_COLUMNAR_WRITER_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "parq/file_writer.h"
#include "parq/result.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "parq/types.h"

namespace parq {

// One node of a batch (see the header comment for the layout).
struct ColumnView {
  enum class Kind : uint8_t { kLeaf, kStruct, kList, kMap };
  Kind kind = Kind::kLeaf;
  int64_t length = 0;
  int64_t offset = 0;
  const uint8_t* validity = nullptr;
  // kList / kMap / BYTE_ARRAY leaves.
  const void* offsets = nullptr;
  bool offsets64 = true;
  int32_t list_size = 0;  // kList without offsets: a fixed-size list
  // Leaves.
  const void* values = nullptr;
  int64_t data_length = -1;
  const ByteArray* byte_arrays = nullptr;
  std::vector<ColumnView> children;

  static ColumnView Struct(int64_t length, std::vector<ColumnView> children, const uint8_t* validity = nullptr) {
    ColumnView v;
    v.kind = Kind::kStruct;
    v.length = length;
    v.validity = validity;
    v.children = std::move(children);
    return v;
  }
  // A fixed-width leaf (or a BOOLEAN bitmap).
  static ColumnView Fixed(int64_t length, const void* values, const uint8_t* validity = nullptr) {
    ColumnView v;
    v.length = length;
    v.values = values;
    v.validity = validity;
    return v;
  }
  template <typename Offset>
  static ColumnView Binary(int64_t length, const Offset* offsets, const void* data,
                           const uint8_t* validity = nullptr) {
    static_assert(sizeof(Offset) == 4 || sizeof(Offset) == 8, "int32 or int64 offsets");
    ColumnView v = Fixed(length, data, validity);
    v.offsets = offsets;
    v.offsets64 = sizeof(Offset) == 8;
    return v;
  }
  template <typename Offset>
  static ColumnView List(int64_t length, const Offset* offsets, ColumnView element,
                         const uint8_t* validity = nullptr) {
    static_assert(sizeof(Offset) == 4 || sizeof(Offset) == 8, "int32 or int64 offsets");
    ColumnView v;
    v.kind = Kind::kList;
    v.length = length;
    v.offsets = offsets;
    v.offsets64 = sizeof(Offset) == 8;
    v.validity = validity;
    v.children.push_back(std::move(element));
    return v;
  }
  template <typename Offset>
  static ColumnView Map(int64_t length, const Offset* offsets, ColumnView key, ColumnView value,
                        const uint8_t* validity = nullptr) {
    ColumnView v = List(length, offsets, std::move(key), validity);
    v.kind = Kind::kMap;
    v.children.push_back(std::move(value));
    return v;
  }
};

struct ColumnarWriterOptions {
  // Rows handed to the column writers at a time (between them a row group
  // may end).
  int64_t batch_rows = 65536;
};

class ColumnarWriter {
 public:
  // REQUIRES: `file` outlives the ColumnarWriter.
  static Result<std::unique_ptr<ColumnarWriter>> Open(FileWriter& file, const ColumnarWriterOptions& options = {}) {
    return Open(RowWriter::Destination(file), options);
  }
  // Any destination (see RowDestination in parq/row_writer.h; holding_rows is
  // not used: a ColumnarWriter holds no rows between calls).
  static Result<std::unique_ptr<ColumnarWriter>> Open(RowDestination destination,
                                                      const ColumnarWriterOptions& options = {});
  ~ColumnarWriter();

  // Appends batch.length rows to the open row group (row groups end as the
  // header comment says).
  Status Write(const ColumnView& batch);
  // Ends the open row group (if it holds rows), writes the batch as one row
  // group of its own whatever the file's row-group limits, and ends it.
  Status WriteRowGroup(const ColumnView& batch);

  // Rows accepted so far.
  int64_t rows_written() const;

  struct Impl;

 private:
  explicit ColumnarWriter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_COLUMNAR_WRITER_H_
