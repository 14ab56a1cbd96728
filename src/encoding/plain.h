// encoding/plain.h — PLAIN (encoding 0) for all eight physical types.
//
// Grammar (Parquet Encodings.md, in our words):
//
//   plain-data := value*             (as many as the page says, no header)
//   BOOLEAN    := 1 bit per value, LSB-first, packed into bytes (bit_unpack.h)
//   INT32      := 4 bytes little endian        FLOAT  := 4 bytes IEEE 754 LE
//   INT64      := 8 bytes little endian        DOUBLE := 8 bytes IEEE 754 LE
//   INT96      := 12 bytes little endian (deprecated timestamps)
//   BYTE_ARRAY := <length : 4 bytes little endian> <length bytes>
//   FIXED_LEN_BYTE_ARRAY := type_length bytes (no length prefix)
//
// Decoder checks: SetData rejects num_values above what size bytes can hold
// (fixed widths exactly, BYTE_ARRAY at 4 bytes per value, BOOLEAN at 8 per
// byte); every BYTE_ARRAY length is checked against the bytes left.
// BYTE_ARRAY / FLBA values are views into the SetData bytes.
#ifndef PARQ_ENCODING_PLAIN_H_
#define PARQ_ENCODING_PLAIN_H_

#include <memory>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace parq::encoding {

// REQUIRES: type_length > 0 for FixedLenByteArray (checked by the factories).
template <typename T>
std::unique_ptr<TypedDecoder<T>> MakePlainDecoder(int type_length);
template <typename T>
std::unique_ptr<TypedEncoder<T>> MakePlainEncoder(int type_length);

// Appends the PLAIN bytes of n values to *out (used by the dictionary page
// writer).  REQUIRES: type_length > 0 for FixedLenByteArray.
template <typename T>
void AppendPlain(const T* values, int64_t n, int type_length, std::vector<uint8_t>* out);

// Bytes the PLAIN form of one value takes (BOOLEAN: 0; see AppendPlain).
template <typename T>
int64_t PlainSize(const T& value, int type_length);

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_PLAIN_H_
