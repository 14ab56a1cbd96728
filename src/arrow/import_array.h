// arrow/import_array.h — one ArrowArray (a record batch, or any field of it)
// as the ColumnView tree the ColumnarWriter writes (parq/columnar_writer.h).
//
// The Arrow buffers are pointed at, not copied, wherever the Arrow layout is
// the Parquet one (ImportConv::kNone in arrow/import_schema.h); conversions
// write into the ImportArena, which the caller clears between batches.
// Every count is checked here (buffers, children, lengths, offsets of the
// array, null counts without a bitmap, dictionary indices, string views);
// the ColumnarWriter checks the list and byte-array offsets before it reads
// them.  A converted buffer keeps the array's offset (it is allocated from
// index 0 and filled from `offset`), so the validity bitmap is never copied.
// Not thread-safe.
#ifndef PARQ_ARROW_IMPORT_ARRAY_H_
#define PARQ_ARROW_IMPORT_ARRAY_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "arrow/import_schema.h"
#include "parq/arrow_c.h"
#include "parq/columnar_writer.h"
#include "parq/status.h"

namespace parq {

// Memory of one batch's conversions.
class ImportArena {
 public:
  // `bytes` bytes, zeroed.
  uint8_t* Alloc(size_t bytes) {
    blocks_.push_back(std::make_unique<uint8_t[]>(bytes == 0 ? 1 : bytes));
    return blocks_.back().get();
  }
  void Clear() { blocks_.clear(); }

 private:
  std::vector<std::unique_ptr<uint8_t[]>> blocks_;
};

// Makes *out the view of `array`, an array of `node`'s type.
Status ImportArray(const ImportNode& node, const ArrowArray& array, ImportArena* arena, ColumnView* out);

}  // namespace parq

#endif  // PARQ_ARROW_IMPORT_ARRAY_H_
