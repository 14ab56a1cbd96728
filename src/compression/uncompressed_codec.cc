// UNCOMPRESSED: the page body is the data; sizes must agree exactly.
#include <cstring>

#include "compression/codec_internal.h"

namespace parq::compression::internal {
namespace {

class UncompressedCodec final : public Codec {
 public:
  Compression type() const override { return Compression::kUncompressed; }

  Status Decompress(const uint8_t* input, size_t input_size, uint8_t* output,
                    size_t output_size) override {
    if (input_size != output_size) return SizeMismatch("UNCOMPRESSED", output_size, input_size);
    if (input_size > 0) std::memcpy(output, input, input_size);
    return Status::OK();
  }

  size_t MaxCompressedSize(size_t input_size) const override { return input_size; }

  Result<size_t> Compress(const uint8_t* input, size_t input_size, uint8_t* output,
                          size_t output_capacity) override {
    PARQ_RETURN_IF_ERROR(CheckCapacity("UNCOMPRESSED", output_capacity, input_size));
    if (input_size > 0) std::memcpy(output, input, input_size);
    return input_size;
  }
};

}  // namespace

Result<std::unique_ptr<Codec>> MakeUncompressedCodec(std::optional<int> level) {
  PARQ_RETURN_IF_ERROR(NoLevels("UNCOMPRESSED", level));
  return std::unique_ptr<Codec>(new UncompressedCodec());
}

}  // namespace parq::compression::internal
