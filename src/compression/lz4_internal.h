// compression/lz4_internal.h — private to src/compression: the LZ4 pieces the
// LZ4 / LZ4_RAW codecs are assembled from.
#ifndef PARQ_COMPRESSION_LZ4_INTERNAL_H_
#define PARQ_COMPRESSION_LZ4_INTERNAL_H_

#include <cstddef>
#include <cstdint>

#include "parq/status.h"

namespace parq::compression::internal {

// True if `input` starts with the LZ4 frame magic number 04 22 4D 18.
bool HasLz4FrameMagic(const uint8_t* input, size_t input_size);

// Decodes one or more LZ4 frames (skippable frames are skipped) into exactly
// output_size bytes.  Checksums are skipped, not verified.  Errors are kCorrupt
// (kUnsupported for frames that need an external dictionary) and name `codec`.
Status DecodeLz4Frames(const char* codec, const uint8_t* input, size_t input_size, uint8_t* output,
                       size_t output_size);

}  // namespace parq::compression::internal

#endif  // PARQ_COMPRESSION_LZ4_INTERNAL_H_
