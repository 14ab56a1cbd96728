// encoding/rle_boolean.h — RLE (encoding 3) for BOOLEAN values.
//
// Grammar (Parquet Encodings.md, in our words):
//
//   rle-boolean-data := <length : 4 bytes little endian>
//                       <rle-bit-packed-hybrid with bit width 1, length bytes>
//
// Used by v2 data pages (and allowed in v1).  The decoder returns kCorrupt if
// the stream ends before the page's value count or a run repeats a value
// other than 0 or 1.
#ifndef PARQ_ENCODING_RLE_BOOLEAN_H_
#define PARQ_ENCODING_RLE_BOOLEAN_H_

#include <memory>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace parq::encoding {

std::unique_ptr<TypedDecoder<bool>> MakeRleBooleanDecoder();
std::unique_ptr<TypedEncoder<bool>> MakeRleBooleanEncoder();

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_RLE_BOOLEAN_H_
