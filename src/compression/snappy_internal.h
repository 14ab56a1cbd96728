// compression/snappy_internal.h — private to src/compression: parq's own
// decoder of snappy's raw format.
//
// Why not libsnappy's RawUncompress: Debian's libsnappy (1.1.9) copies every
// tag through an out-of-line MemMove → memmove@plt of 64 bytes, so pages made
// of short tags (PLAIN numbers: a few literal bytes, a short copy, repeated)
// spend most of their time in call overhead; on the benchmark's decimal
// column it was 75 % of the read.  libsnappy is still the compressor and the
// oracle the tests and the fuzzer compare this decoder with.
#ifndef PARQ_COMPRESSION_SNAPPY_INTERNAL_H_
#define PARQ_COMPRESSION_SNAPPY_INTERNAL_H_

#include <cstddef>
#include <cstdint>

#include "compression/codec.h"
#include "parq/status.h"

namespace parq::compression::internal {

// Decodes one raw snappy block into exactly output_size bytes.  The length
// prefix must equal output_size; every tag is checked (copy offsets within
// what is already decoded and non-zero, lengths within both buffers), so it
// accepts exactly what libsnappy accepts.  Never reads outside the input or
// writes outside [output, output + output_size).  Errors are kCorrupt and
// name the input offset of the bad tag.
Status DecodeSnappyRaw(const uint8_t* input, size_t input_size, uint8_t* output,
                       size_t output_size);

// Decodes two independent blocks in one loop, a tag of each in turn: a tag's
// work waits on the tag before it in its own block (where does the next tag
// start?), so a single block leaves the core idle between tags that two
// interleaved blocks fill (PLAIN int64 prices: 21 % less time than two calls
// of DecodeSnappyRaw).  Each status is what DecodeSnappyRaw would return for
// its block; a bad block does not stop the other.
void DecodeSnappyRawPair(const Codec::Block& a, const Codec::Block& b, Status* status_a,
                         Status* status_b);

}  // namespace parq::compression::internal

#endif  // PARQ_COMPRESSION_SNAPPY_INTERNAL_H_
