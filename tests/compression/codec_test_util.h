// Shared helpers of the compression tests: sample data shapes and a checked
// decompress that guards against writes past the output.
#ifndef PARQ_TESTS_COMPRESSION_CODEC_TEST_UTIL_H_
#define PARQ_TESTS_COMPRESSION_CODEC_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "compression/codec.h"

namespace parq::compression::testing {

using Bytes = std::vector<uint8_t>;

Bytes RandomBytes(size_t n, uint32_t seed);
Bytes RepetitiveBytes(size_t n);
// Parquet-like: PLAIN int64 values with small deltas, then short strings with
// 4-byte length prefixes, about n bytes in total.
Bytes ParquetLikeBytes(size_t n);

// Compresses with `codec` (capacity exactly MaxCompressedSize); fails the test on error.
Bytes CompressOrDie(Codec& codec, const Bytes& input);

// Decompresses into a heap buffer of exactly output_size bytes followed by
// guard bytes; the guard must survive whatever the input is.
struct Decoded {
  Status status;
  Bytes bytes;
  bool guard_intact = true;
};
Decoded DecompressGuarded(Codec& codec, const Bytes& input, size_t output_size);

// `input` decompresses with `codec` (guarded, sized for `want`) to exactly `want`.
void ExpectDecompressesTo(Codec& codec, const Bytes& input, const Bytes& want);

}  // namespace parq::compression::testing

#endif  // PARQ_TESTS_COMPRESSION_CODEC_TEST_UTIL_H_
