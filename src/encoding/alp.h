// encoding/alp.h — ALP, Adaptive Lossless floating-Point (encoding 10), for
// FLOAT and DOUBLE.
//
// Grammar (the format's AlpEncoding.md, in our words; all integers
// little-endian):
//
//   page    := header offset[num_vectors] vector[num_vectors]
//   header  := compression_mode(1) = 0   integer_encoding(1) = 0
//              log_vector_size(1) in 3..15   num_elements(int32) >= 0
//   num_vectors := ceil(num_elements / 2^log_vector_size); every vector holds
//              2^log_vector_size values but the last, which holds the rest
//   offset  := uint32, from the start of the offset array: offset[0] =
//              4 * num_vectors, offset[i+1] = offset[i] + size of vector i
//   vector  := exponent(1) factor(1) num_exceptions(uint16)           AlpInfo
//              frame_of_reference(int32 | int64) bit_width(1)          ForInfo
//              packed[ceil(count * bit_width / 8)]   (LSB-first, as RLE runs)
//              position(uint16)[num_exceptions]
//              exception(float | double, its exact bits)[num_exceptions]
//   exponent <= 10 (FLOAT) or 18 (DOUBLE); factor <= exponent;
//   bit_width <= 32 (FLOAT) or 64 (DOUBLE); positions < count.
//
//   value[i] = T(int(packed[i] + frame_of_reference)) * 10^factor * 10^-exponent
//   (the sum in unsigned wrapping arithmetic; two multiplications, in T's own
//   precision, by the correctly rounded constants 1eN / 1e-N of type T), then
//   value[position[j]] = exception[j].
//
// The decoder checks the whole layout at SetData — header, every offset,
// every vector header against the bytes, every exception position — before
// it decodes anything; num_elements must equal the page's value count and
// the last vector must end where the data ends.  Decode then unpacks a whole
// vector at a time (straight into the caller's buffer when the batch covers
// it), so a batch costs one unpack kernel call and one multiply loop per
// vector.
//
// The encoder keeps one page of values and encodes them at FlushValues:
// vectors of 1024 values; per page a preset of at most 5 (exponent, factor)
// pairs, the pairs that are best most often over 256 values of each of up to
// 8 vectors spread over the page (exhaustive search there; alp_params.cc
// says how the values are sampled); each vector then
// takes whichever preset pair encodes it smallest (exactly: packed bits plus
// exceptions).  A value is an exception when it is NaN, ±inf, -0.0, scales
// outside int32 / int64, or does not decode to the same bits.  Exceptions are
// replaced by the first encoded value of the vector before the frame of
// reference is taken.
//
// Thread-safety: none (one decoder / encoder per thread); the vector
// functions are pure.
#ifndef PARQ_ENCODING_ALP_H_
#define PARQ_ENCODING_ALP_H_

#include <cstdint>
#include <memory>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace parq::encoding {

struct AlpParams {
  int exponent = 0;
  int factor = 0;
  bool operator==(const AlpParams&) const = default;
};

// What the encoder writes: vectors of 2^kAlpLogVectorSize values.
constexpr int kAlpLogVectorSize = 10;
constexpr int kAlpHeaderSize = 7;

// The largest exponent of T's table (10 for float, 18 for double).
template <typename T>
constexpr int AlpMaxExponent() { return sizeof(T) == 4 ? 10 : 18; }

// Appends one vector (AlpInfo, ForInfo, packed values, exceptions) of the n
// values at `values` encoded with `p`.  REQUIRES: 1 <= n <= 32768,
// p.factor <= p.exponent <= AlpMaxExponent<T>().
template <typename T>
void AlpEncodeVector(const T* values, int n, AlpParams p, std::vector<uint8_t>* out);

// Bytes AlpEncodeVector would append for these values and params.
template <typename T>
int64_t AlpVectorSize(const T* values, int n, AlpParams p);

// The encoder's preset for a page of n values (vectors of vector_size): at
// most 5 pairs, the most frequent best pairs of the sampled vectors first.
// Empty when n == 0.
template <typename T>
std::vector<AlpParams> AlpPreset(const T* values, int64_t n, int vector_size);

// The pair of `preset` (non-empty) that encodes the n values smallest; the
// first of equals.
template <typename T>
AlpParams AlpChooseForVector(const T* values, int n, const std::vector<AlpParams>& preset);

// REQUIRES: T is float or double (the factories check).
template <typename T>
std::unique_ptr<TypedDecoder<T>> MakeAlpDecoder();
template <typename T>
std::unique_ptr<TypedEncoder<T>> MakeAlpEncoder();

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_ALP_H_
