// arrow/arrow_flat.h — a top-level, non-repeated leaf read straight into
// Arrow buffers, one record batch at a time.
//
// The column reader decodes into the very buffer the ArrowArray hands over:
// fixed-width values whose bytes Arrow shares (ints, floats, dates, times,
// timestamps) go from the page into the batch's value Buffer (nulls make
// room for themselves by spreading the dense values backwards in place), the
// presence bits go into its validity bitmap (ReadBatchWithValidity: no
// levels are decoded for a page without nulls), and the Buffers are moved
// into the array's private_data.  Strings are copied once, from the page
// into offsets + data; other types are converted value by value.
//
// Thread-safety: one FlatColumn per thread; the arrays it makes are
// independent of it.
#ifndef PARQ_ARROW_ARROW_FLAT_H_
#define PARQ_ARROW_ARROW_FLAT_H_

#include <memory>
#include <vector>

#include "arrow/arrow_type.h"
#include "parq/arrow_c.h"
#include "parq/buffer.h"
#include "parq/column_reader.h"
#include "parq/file_reader.h"

namespace parq::arrow {

class FlatColumn {
 public:
  // REQUIRES: field.flat; `field` outlives this.
  explicit FlatColumn(const ArrowField& field);
  ~FlatColumn();

  // Starts row group `row_group`'s chunk.
  Status Open(const FileReader& file, int row_group);
  // Drops the chunk's reader (the row group is done).
  void Close();
  // The chunk's reader, for pairing (ReadPagesTogether); nullptr when none.
  ColumnReader* reader() const { return reader_.get(); }

  // A batch of the next `rows` rows, read a step (a page at most) at a time
  // so that two columns whose readers are paired can take turns:
  //   Begin(rows); while (Step() is true) {}; Finish(out);
  // Step is kCorrupt when the chunk ends first.
  void Begin(int64_t rows);
  Result<bool> Step();
  // *out: the batch (its buffers moved in).
  Status Finish(ArrowArray* out);
  // All three.
  Status Read(int64_t rows, ArrowArray* out);

  // One batch spanning row groups `groups` (ArrowReadOptions::one_batch):
  //   BeginSpan(file, groups);
  //   for each g of groups, in order: NextChunk(file, g); while (Step() is true) {};
  //   Finish(out); Close();
  // Each chunk's rows follow the chunk before's in the same buffers; a
  // dictionary field's dictionary is the chunks' dictionaries in turn.
  void BeginSpan(const FileReader& file, const std::vector<int>& groups);
  Status NextChunk(const FileReader& file, int row_group);

  struct Dictionary;  // a chunk's dictionary as Arrow buffers, shared by its batches
  class StringSink;

 private:
  template <typename T>
  Status StepFixed();
  template <typename T>
  Status StepConverted();
  Status StepBool();
  Status StepBinary();
  Status StepIndices();
  // Reads up to `want` entries at at_ into validity (when the column is
  // optional) and values; returns the entries read (0 at the end).
  template <typename T>
  Result<int64_t> ReadAt(int64_t want, T* values, int64_t* values_read);
  // Appends the chunk's dictionary to span_dictionary_ (once a chunk).
  Status FoldDictionary();

  const ArrowField& f_;
  std::unique_ptr<ColumnReader> reader_;
  bool optional_ = false;
  int64_t bytes_per_row_ = 16;  // a guess at string bytes per row, from the chunk's metadata
  std::shared_ptr<Dictionary> dictionary_;
  std::vector<uint8_t> scratch_;  // dense values of a step (converted and string columns)

  // The batch being read: rows_ in all, at_ read; the chunk's rows are [start_, end_).
  int64_t rows_ = 0, at_ = 0, nulls_ = 0, start_ = 0, end_ = 0;
  // A batch spanning chunks: the dictionaries of the chunks so far, and the
  // first index of this chunk's entries in it.
  bool spanning_ = false, folded_ = false;
  std::shared_ptr<Dictionary> span_dictionary_;
  int64_t dictionary_base_ = 0;
  bool as_indices_ = false;       // dictionary_arrays: still indices into the chunk's dictionary
  Buffer validity_, values_, data_, indices_;
  std::unique_ptr<StringSink> sink_;
};

}  // namespace parq::arrow

#endif  // PARQ_ARROW_ARROW_FLAT_H_
