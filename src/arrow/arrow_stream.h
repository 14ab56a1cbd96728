// arrow/arrow_stream.h — the one setting of ExportArrowStream
// (parq/arrow_reader.h) that is not an option: how a row group's flat
// columns are read.
//
// A row group of at most WholeGroupBytes() uncompressed bytes (the footer's
// total_byte_size) has its flat columns decoded whole, together with the
// next row group's when that one is small too (a column's two chunks take
// turns, their SNAPPY pages decompressed in pairs), and its batches are
// slices of those arrays; a larger row group's flat columns are read batch by
// batch, two columns' readers paired.  Nested fields are read a row group at
// a time either way (ColumnarReader).
#ifndef PARQ_ARROW_ARROW_STREAM_H_
#define PARQ_ARROW_ARROW_STREAM_H_

#include <cstdint>

namespace parq::arrow {

constexpr int64_t kDefaultWholeGroupBytes = int64_t{64} << 20;

int64_t WholeGroupBytes();
// Tests read every row group batch by batch with 0 (and restore the default).
void SetWholeGroupBytesForTesting(int64_t bytes);

}  // namespace parq::arrow

#endif  // PARQ_ARROW_ARROW_STREAM_H_
