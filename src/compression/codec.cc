// The codec factory and the shared error wording.
#include "compression/codec.h"

#include <string>

#include "compression/codec_internal.h"

namespace parq::compression {

Result<std::unique_ptr<Codec>> MakeCodec(Compression type, std::optional<int> level) {
  switch (type) {
    case Compression::kUncompressed: return internal::MakeUncompressedCodec(level);
    case Compression::kSnappy: return internal::MakeSnappyCodec(level);
    case Compression::kGzip: return internal::MakeGzipCodec(level);
    case Compression::kLzo: return internal::MakeLzoCodec(level);
    case Compression::kBrotli: return internal::MakeBrotliCodec(level);
    case Compression::kLz4: return internal::MakeLz4Codec(/*hadoop=*/true, level);
    case Compression::kZstd: return internal::MakeZstdCodec(level);
    case Compression::kLz4Raw: return internal::MakeLz4Codec(/*hadoop=*/false, level);
  }
  return Status::Unsupported("unknown compression codec " +
                             std::to_string(static_cast<int32_t>(type)));
}

namespace internal {

Status SizeMismatch(std::string_view codec, size_t expected, size_t actual) {
  return Status::Corrupt(std::string(codec) + ": data decodes to " + std::to_string(actual) +
                         " bytes, expected " + std::to_string(expected));
}

Status DecodesTooLarge(std::string_view codec, size_t expected) {
  return Status::Corrupt(std::string(codec) + ": data decodes to more than the expected " +
                         std::to_string(expected) + " bytes");
}

Status Malformed(std::string_view codec, std::string_view what, size_t input_size,
                 size_t output_size) {
  return Status::Corrupt(std::string(codec) + ": " + std::string(what) + " (input " +
                         std::to_string(input_size) + " bytes, expected output " +
                         std::to_string(output_size) + " bytes)");
}

Status CheckCapacity(std::string_view codec, size_t capacity, size_t needed) {
  if (capacity >= needed) return Status::OK();
  return Status::InvalidArgument(std::string(codec) + ": output capacity " +
                                 std::to_string(capacity) + " is below MaxCompressedSize " +
                                 std::to_string(needed));
}

Status NoLevels(std::string_view codec, std::optional<int> level) {
  if (!level) return Status::OK();
  return Status::InvalidArgument(std::string(codec) + " does not take a compression level (got " +
                                 std::to_string(*level) + ")");
}

Status CheckLevel(std::string_view codec, int level, int lo, int hi) {
  if (level >= lo && level <= hi) return Status::OK();
  return Status::InvalidArgument(std::string(codec) + " compression level " +
                                 std::to_string(level) + " is outside " + std::to_string(lo) +
                                 ".." + std::to_string(hi));
}

}  // namespace internal
}  // namespace parq::compression
