// arrow/arrow_nested.h — a row group's nested top-level fields as Arrow
// arrays, from ColumnarReader's layout (parq/columnar.h).
//
// ColumnarReader assembles a whole row group; PrepareNested keeps its buffers
// (moved, not copied) and makes the few Arrow needs in another form once: int32
// offsets for list, map and utf8/binary (ColumnarReader's are int64, Arrow's
// large layouts), converted values (decimals, INT96, ...).  Each record batch
// of the row group is then a slice of the same memory: its top-level array
// has offset = the batch's first row, every array below it is whole (offset 0;
// a struct's offset applies to its children, and list offsets index the
// whole child), all holding the NestedGroup through a shared_ptr.
#ifndef PARQ_ARROW_ARROW_NESTED_H_
#define PARQ_ARROW_ARROW_NESTED_H_

#include <memory>
#include <vector>

#include "arrow/arrow_type.h"
#include "parq/arrow_c.h"
#include "parq/buffer.h"
#include "parq/columnar.h"

namespace parq::arrow {

// One array's buffers and lengths, pointing into a NestedGroup.
struct PreparedArray {
  int64_t length = 0;
  int64_t null_count = 0;
  int n_buffers = 0;
  const void* buffers[3] = {nullptr, nullptr, nullptr};
  std::vector<PreparedArray> children;
  // A dictionary array (ArrowField::dictionary): its values, exported whole
  // with every slice of the indices; empty for the others.
  std::vector<PreparedArray> dictionary;
};

struct NestedGroup {
  ColumnarBatch batch;
  std::vector<Buffer> made;            // buffers converted for Arrow
  std::vector<PreparedArray> fields;   // one per top-level field (empty for flat ones)
};

// Takes `batch` (ColumnarReader's read of one row group) and prepares every
// non-flat field of `fields`, and the flat ones too when `flat_too` (a
// filtered read, where every field comes from the ColumnarReader).  A
// dictionary field (only flat ones are) gets int32 indices into a
// dictionary of the row group's distinct values read, in the order they
// first appear, shared by all its batches.
// kLimitExceeded when int32 offsets overflow although the metadata said
// they would not.
Result<std::shared_ptr<NestedGroup>> PrepareNested(const std::vector<ArrowField>& fields, const AssemblyPlan& plan,
                                                   int num_columns, ColumnarBatch batch, bool flat_too = false);

// *out: the slice [offset, offset + length) of `a` (its children whole).
void ExportPrepared(const PreparedArray& a, const std::shared_ptr<const void>& keep, int64_t offset,
                    int64_t length, ArrowArray* out);

// A non-null pointer for a buffer of no bytes.
const void* EmptyBuffer();

}  // namespace parq::arrow

#endif  // PARQ_ARROW_ARROW_NESTED_H_
