// encoding/typed_delta.h — thin TypedDecoder / TypedEncoder adapters around
// the pure DELTA_* codecs (delta_binary_packed.h, delta_length_byte_array.h,
// delta_byte_array.h), which own the grammar and the validation.
//
//   DELTA_BINARY_PACKED      INT32, INT64
//   DELTA_LENGTH_BYTE_ARRAY  BYTE_ARRAY
//   DELTA_BYTE_ARRAY         BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY
//
// SetData's num_values must not exceed the count in the stream's header
// (kCorrupt); the page may hold fewer.
#ifndef PARQ_ENCODING_TYPED_DELTA_H_
#define PARQ_ENCODING_TYPED_DELTA_H_

#include <memory>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace parq::encoding {

// `encoding` is one of the three DELTA_* encodings; kUnsupported naming the
// pair when T is not one of its types.  REQUIRES: type_length checked.
template <typename T>
Result<std::unique_ptr<TypedDecoder<T>>> MakeDeltaDecoder(Encoding encoding, int type_length);
template <typename T>
Result<std::unique_ptr<TypedEncoder<T>>> MakeDeltaEncoder(Encoding encoding, int type_length);

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_TYPED_DELTA_H_
