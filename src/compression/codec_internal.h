// compression/codec_internal.h — private to src/compression: the per-codec
// constructors the factory dispatches to, and the shared error wording so that
// every codec reports size problems the same way.
#ifndef PARQ_COMPRESSION_CODEC_INTERNAL_H_
#define PARQ_COMPRESSION_CODEC_INTERNAL_H_

#include <cstddef>
#include <memory>
#include <optional>
#include <string_view>

#include "compression/codec.h"

namespace parq::compression::internal {

// Each validates `level` (kInvalidArgument naming the accepted range).
Result<std::unique_ptr<Codec>> MakeUncompressedCodec(std::optional<int> level);
Result<std::unique_ptr<Codec>> MakeSnappyCodec(std::optional<int> level);
Result<std::unique_ptr<Codec>> MakeGzipCodec(std::optional<int> level);
Result<std::unique_ptr<Codec>> MakeBrotliCodec(std::optional<int> level);
Result<std::unique_ptr<Codec>> MakeZstdCodec(std::optional<int> level);
// hadoop = true: Compression::kLz4 (Hadoop framing, with fallbacks);
// hadoop = false: Compression::kLz4Raw (one raw block).
Result<std::unique_ptr<Codec>> MakeLz4Codec(bool hadoop, std::optional<int> level);
// LZO1X blocks in Hadoop's block framing (hadoop-lzo's LzoCodec).
Result<std::unique_ptr<Codec>> MakeLzoCodec(std::optional<int> level);

// "<codec>: data decodes to <actual> bytes, expected <expected>" (kCorrupt).
Status SizeMismatch(std::string_view codec, size_t expected, size_t actual);
// "<codec>: data decodes to more than the expected <expected> bytes" (kCorrupt).
Status DecodesTooLarge(std::string_view codec, size_t expected);
// "<codec>: <what> (input <n> bytes, expected output <m> bytes)" (kCorrupt).
Status Malformed(std::string_view codec, std::string_view what, size_t input_size,
                 size_t output_size);
// kInvalidArgument when the output buffer of Compress is below the bound.
Status CheckCapacity(std::string_view codec, size_t capacity, size_t needed);
// kInvalidArgument "<codec> does not take a compression level".
Status NoLevels(std::string_view codec, std::optional<int> level);
// kInvalidArgument unless lo <= level <= hi.
Status CheckLevel(std::string_view codec, int level, int lo, int hi);

}  // namespace parq::compression::internal

#endif  // PARQ_COMPRESSION_CODEC_INTERNAL_H_
