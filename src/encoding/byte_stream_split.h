// encoding/byte_stream_split.h — BYTE_STREAM_SPLIT (encoding 9) for FLOAT,
// DOUBLE, INT32, INT64 and FIXED_LEN_BYTE_ARRAY.
//
// Grammar (Parquet Encodings.md, in our words):
//
//   With K = the value width in bytes and N = the number of values in the page,
//   the data is K streams of N bytes each, one after another:
//     stream[k] := byte k (little-endian order) of value 0, of value 1, ...,
//                  of value N-1
//   data := stream[0] stream[1] ... stream[K-1]          (size == K * N)
//
// The decoder takes N from the size (size must be a multiple of K) and rejects
// num_values != N: spare bytes would shift every stream (Arrow refuses them too).  FLBA values are transposed into a buffer the decoder owns
// (size bytes, allocated at SetData); their views stay valid until the next
// SetData.  Plain transposition kernels are exposed for the benchmarks.
#ifndef PARQ_ENCODING_BYTE_STREAM_SPLIT_H_
#define PARQ_ENCODING_BYTE_STREAM_SPLIT_H_

#include <memory>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace parq::encoding {

// Gathers values [start, start + n) of width K from K streams of `stride`
// bytes each at `data` into n * K contiguous bytes at `out`.
// REQUIRES: start + n <= stride; K >= 1.
void ByteStreamSplitDecode(const uint8_t* data, int width, int64_t stride, int64_t start,
                           int64_t n, uint8_t* out);
// The inverse: scatters n values of width K into K streams of n bytes.
void ByteStreamSplitEncode(const uint8_t* values, int width, int64_t n, uint8_t* out);

// REQUIRES: T is float, double, int32_t, int64_t or FixedLenByteArray
// (type_length > 0); the factories check.
template <typename T>
std::unique_ptr<TypedDecoder<T>> MakeByteStreamSplitDecoder(int type_length);
template <typename T>
std::unique_ptr<TypedEncoder<T>> MakeByteStreamSplitEncoder(int type_length);

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_BYTE_STREAM_SPLIT_H_
