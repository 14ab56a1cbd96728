// parq/column_reader.h — reading one column chunk as levels and values.
//
//   auto reader = file_reader->OpenColumn(row_group, column);     // ColumnReader
//   auto* ints = (*reader)->As<int64_t>();                         // TypedColumnReader<int64_t>*
//   int64_t values_read;
//   while (true) {
//     PARQ_ASSIGN_OR_RETURN(int64_t levels, ints->ReadBatch(n, def, rep, vals, &values_read));
//     if (levels == 0) break;                                      // end of the chunk
//     ...
//   }
//
// ReadBatch returns up to `max_levels` level entries from the current page
// (never spanning two pages) with the non-null values packed densely at the
// front of `values`: values_read == the count of definition levels equal to
// the column's max definition level.  Definition levels are written only when
// the max definition level is > 0 and repetition levels only when the max
// repetition level is > 0 (the arrays may be null otherwise).
//
// Lifetime: ByteArray and FixedLenByteArray values point into page or
// dictionary memory owned by the reader and stay valid until the next
// ReadBatch / ReadIndices / SkipRows call.  Copy what you keep.
//
// Every level is checked: a definition level above the max, a repetition
// level above the max, a chunk whose first repetition level is not 0, and a
// page with fewer levels than its header promises are kCorrupt, with the
// page, column path and row group in the context.
//
// Thread-safety: one reader per thread.  Readers of different chunks of one
// file may run in parallel.
#ifndef PARQ_COLUMN_READER_H_
#define PARQ_COLUMN_READER_H_

#include <cstdint>
#include <memory>
#include <span>

#include "parq/result.h"
#include "parq/schema.h"
#include "parq/types.h"

namespace parq {

template <typename T>
class TypedColumnReader;

class ColumnReader {
 public:
  virtual ~ColumnReader();

  const ColumnDescriptor& descriptor() const;
  PhysicalType physical_type() const { return descriptor().physical_type; }
  // Level entries in the chunk as its metadata states.
  int64_t num_values() const;

  // The typed reader; nullptr when T is not this column's value type.
  template <typename T>
  TypedColumnReader<T>* As() {
    return dynamic_cast<TypedColumnReader<T>*>(this);
  }

  // What the reader has done so far: data pages read (decompressed and
  // decoded), data pages passed over without decompressing them (SkipRows
  // past pages, with the chunk's OffsetIndex or by their headers), and bytes
  // read from the file (for a file in memory: the bytes of the pages and
  // headers used).
  int64_t pages_read() const;
  int64_t pages_skipped() const;
  int64_t bytes_read() const;

  struct Impl;  // private to src/column

 protected:
  friend void ReadPagesTogether(ColumnReader& a, ColumnReader& b);
  friend struct ColumnReaderAccess;  // src/column (column/selected_rows.h)
  explicit ColumnReader(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

// Pairs two readers so that their pages are decompressed two at a time: when
// either needs its next page and the other has none waiting, the next page of
// both is read and the two decompressed together (the other keeps its page
// for later).  Two SNAPPY pages decode faster interleaved than one after the
// other: each snappy tag waits on the one before it, and two streams keep
// the core busy.  For two chunks read at the same time, as
// the same column of two row groups, reads taking turns (a batch of one, a
// batch of the other): then every page is in a pair and each reader holds one
// page ahead at most (the page it is reading stays valid).  Nothing fails
// here: an error met reading ahead is what that reader's next read returns,
// with the usual page, column and row group.  Pairing again replaces an
// earlier partner; the pair ends when either reader is destroyed.  Both must
// be used from one thread.
void ReadPagesTogether(ColumnReader& a, ColumnReader& b);

template <typename T>
class TypedColumnReader final : public ColumnReader {
 public:
  ~TypedColumnReader() override;

  // Reads up to max_levels entries of the current page (see the file comment).
  // Returns 0 only at the end of the chunk.
  Result<int64_t> ReadBatch(int64_t max_levels, int16_t* def_levels, int16_t* rep_levels,
                            T* values, int64_t* values_read);

  // Skips whole records (rows); returns how many were skipped (fewer only at
  // the end of the chunk).  Pages wholly skipped are not decompressed when
  // their headers give their row counts (v2 pages; v1 pages of a column
  // without repetition levels), and not read at all when the reader was
  // given the chunk's OffsetIndex (parq's record layer does).
  Result<int64_t> SkipRows(int64_t rows);

  // --- Dictionary access, without materialising values ---
  // True when the page ReadIndices would read next is dictionary-encoded
  // (loads the next page if needed; false at the end of the chunk).
  Result<bool> NextPageIsDictionaryEncoded();
  // Like ReadBatch, but returns dictionary indices instead of values.
  // kInvalidArgument when the current page is not dictionary-encoded.
  Result<int64_t> ReadIndices(int64_t max_levels, int16_t* def_levels, int16_t* rep_levels,
                              int32_t* indices, int64_t* values_read);
  // The chunk's dictionary (empty when it has none).
  std::span<const T> dictionary() const;

  // --- Flat columns (max repetition level 0), as Arrow lays them out ---
  // Like ReadBatch, with presence as bits instead of definition levels: bit
  // validity_offset + i of `validity` (LSB-first) is set when entry i holds a
  // value (its definition level is the column's max) and cleared when it is
  // null; no other bit is touched.  The values are packed densely as in
  // ReadBatch (values_read of them); the nulls are the returned count minus
  // values_read.  Cheaper than levels: a page without nulls decodes none, and
  // a bit is a sixteenth of a level.  kInvalidArgument for a column with
  // repetition levels.
  Result<int64_t> ReadBatchWithValidity(int64_t max_levels, uint8_t* validity, int64_t validity_offset,
                                        T* values, int64_t* values_read);
  // The same for ReadIndices.
  Result<int64_t> ReadIndicesWithValidity(int64_t max_levels, uint8_t* validity, int64_t validity_offset,
                                          int32_t* indices, int64_t* values_read);

  struct Typed;  // private to src/column

 private:
  friend struct ColumnReaderFactory;
  friend struct ColumnReaderAccess;  // src/column (column/selected_rows.h)
  TypedColumnReader(std::unique_ptr<Impl> impl, std::unique_ptr<Typed> typed);
  std::unique_ptr<Typed> typed_;
};

extern template class TypedColumnReader<bool>;
extern template class TypedColumnReader<int32_t>;
extern template class TypedColumnReader<int64_t>;
extern template class TypedColumnReader<Int96>;
extern template class TypedColumnReader<float>;
extern template class TypedColumnReader<double>;
extern template class TypedColumnReader<ByteArray>;
extern template class TypedColumnReader<FixedLenByteArray>;

}  // namespace parq

#endif  // PARQ_COLUMN_READER_H_
