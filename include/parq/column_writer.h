// parq/column_writer.h — writing one column chunk as levels and values.
//
//   PARQ_ASSIGN_OR_RETURN(auto* ints, file_writer->typed_column<int64_t>(0));
//   PARQ_RETURN_IF_ERROR(ints->WriteBatch(n, def_levels, rep_levels, values));
//
// WriteBatch mirrors TypedColumnReader::ReadBatch: `num_levels` level
// entries, and `values` holding only the non-null values, densely packed (as
// many as there are definition levels equal to the column's max definition
// level; all num_levels when that max is 0).  def_levels is required when the
// max definition level is > 0, rep_levels when the max repetition level is > 0
// (either may be null otherwise).  A record may span several calls: a record
// ends where the next rep level 0 starts (or at the end of the chunk).
//
// Levels are checked: a level above its max or negative, and a chunk whose
// first repetition level is not 0, are kInvalidArgument naming the column and
// the entry.  So are the values of three annotations: STRING, ENUM or JSON
// take only well-formed UTF-8 (no surrogate or overlong form), DECIMAL(p, s)
// only unscaled values of at most p digits, GEOMETRY / GEOGRAPHY only ISO WKB;
// a value that is not is kInvalidArgument naming the column, the value's
// position among the batch's non-null values (and for WKB its row) and what
// is wrong ("invalid UTF-8 at byte 3 (ff fe)"), sticky as below.  The values
// are copied before WriteBatch returns.
//
// Pages are cut at record boundaries when their buffered bytes reach
// WriterOptions::data_page_size or their rows max_rows_per_page; dictionary
// encoding falls back to the column's encoding when the dictionary passes
// ColumnWriterOptions::dictionary_page_size_limit.  The chunk is buffered in
// memory (dictionary page first) and written when its row group ends.
//
// WriteBatch errors are sticky across the whole FileWriter (file_writer.h):
// after one, every WriteBatch and every FileWriter call returns that first
// error.  After FileWriter::Close() every WriteBatch is refused.
//
// Thread-safety: none; a file's writers belong to one thread.
#ifndef PARQ_COLUMN_WRITER_H_
#define PARQ_COLUMN_WRITER_H_

#include <cstdint>

#include "parq/schema.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq {

template <typename T>
class TypedColumnWriter;

class ColumnWriter {
 public:
  virtual ~ColumnWriter() = default;
  virtual const ColumnDescriptor& descriptor() const = 0;
  PhysicalType physical_type() const { return descriptor().physical_type; }
  // Level entries and records (rep level 0 entries) written to this chunk.
  virtual int64_t num_levels() const = 0;
  virtual int64_t num_rows() const = 0;
  // Bytes this chunk holds so far (pages written plus the open page's estimate).
  virtual int64_t estimated_size() const = 0;

  // The typed writer; nullptr when T is not this column's value type.
  template <typename T>
  TypedColumnWriter<T>* As() {
    return dynamic_cast<TypedColumnWriter<T>*>(this);
  }
};

// T as for readers: bool, int32_t, int64_t, Int96, float, double, ByteArray,
// FixedLenByteArray (descriptor().type_length bytes each).
template <typename T>
class TypedColumnWriter : public ColumnWriter {
 public:
  virtual Status WriteBatch(int64_t num_levels, const int16_t* def_levels,
                            const int16_t* rep_levels, const T* values) = 0;
};

}  // namespace parq

#endif  // PARQ_COLUMN_WRITER_H_
