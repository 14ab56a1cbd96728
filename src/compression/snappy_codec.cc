// SNAPPY: snappy's raw format (not the framing format):
//
//   compressed := varint32(uncompressed_length) element*
//   element    := literal | copy-1 | copy-2 | copy-4     (tag byte, low 2 bits)
//
// Decoding is parq's own (snappy_decompress.cc); libsnappy compresses.  The
// length prefix must equal the page's uncompressed size before anything is
// decoded, so the decoder's own bound (that prefix) is our output_size.
#include <snappy.h>

#include <cstdint>
#include <limits>

#include "compression/codec_internal.h"
#include "compression/snappy_internal.h"

namespace parq::compression::internal {
namespace {

class SnappyCodec final : public Codec {
 public:
  Compression type() const override { return Compression::kSnappy; }

  Status Decompress(const uint8_t* input, size_t input_size, uint8_t* output,
                    size_t output_size) override {
    if (input_size == 0 && output_size == 0) return Status::OK();
    return DecodeSnappyRaw(input, input_size, output, output_size);
  }

  void DecompressTwo(const Block& a, const Block& b, Status* status_a, Status* status_b) override {
    if ((a.input_size == 0 && a.output_size == 0) || (b.input_size == 0 && b.output_size == 0)) {
      Codec::DecompressTwo(a, b, status_a, status_b);
      return;
    }
    DecodeSnappyRawPair(a, b, status_a, status_b);
  }

  size_t MaxCompressedSize(size_t input_size) const override {
    return snappy::MaxCompressedLength(input_size);
  }

  Result<size_t> Compress(const uint8_t* input, size_t input_size, uint8_t* output,
                          size_t output_capacity) override {
    if (input_size > std::numeric_limits<uint32_t>::max()) {
      return Status::InvalidArgument("SNAPPY: input of " + std::to_string(input_size) +
                                     " bytes exceeds the format's 4 GiB limit");
    }
    PARQ_RETURN_IF_ERROR(CheckCapacity("SNAPPY", output_capacity, MaxCompressedSize(input_size)));
    size_t written = 0;
    snappy::RawCompress(reinterpret_cast<const char*>(input), input_size,
                        reinterpret_cast<char*>(output), &written);
    return written;
  }
};

}  // namespace

Result<std::unique_ptr<Codec>> MakeSnappyCodec(std::optional<int> level) {
  PARQ_RETURN_IF_ERROR(NoLevels("SNAPPY", level));
  return std::unique_ptr<Codec>(new SnappyCodec());
}

}  // namespace parq::compression::internal
