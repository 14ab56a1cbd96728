// LZO (codec 3): LZO1X blocks in Hadoop's BlockCompressorStream framing, as
// parquet-java writes the codec through hadoop-lzo's LzoCodec:
//
//   stream := group+
//   group  := uncompressed-size(4, BE) chunk*        (the chunks fill the size)
//   chunk  := compressed-size(4, BE) lzo1x-block     (an independent LZO1X block)
//
// hadoop-lzo's stream (256 KiB buffer, LZO1X overhead 16 KiB + 67) compresses
// at most 245693 input bytes per chunk: a page written in one piece is one
// group of one chunk, or of several when the page is larger; a page written in
// several pieces may be several groups.  An empty page is one group of size 0
// and no chunk.  We read any of these and write what hadoop-lzo writes for a
// page given in one piece, with LZO1X-1 (its default strategy).
//
// Hostile input: every group size is checked against the output still free,
// every chunk against the input left and decoded by lzo1x_decompress_safe into
// no more than its group still needs; a chunk must decode to at least one
// byte and consume its bytes exactly.
#include <lzo/lzo1x.h>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "compression/codec_internal.h"
#include "compression/hadoop_framing.h"

namespace parq::compression::internal {
namespace {

constexpr const char* kName = "LZO";
// hadoop-lzo's MAX_INPUT_SIZE for its default 256 KiB buffer: 262144 - (262144/16 + 64 + 3).
constexpr size_t kChunkInput = 245693;
// The largest size the 4-byte fields (a Java int) can state.
constexpr size_t kMaxInput = INT32_MAX;

// LZO1X's worst-case expansion (lzo FAQ): n + n/16 + 64 + 3.
size_t BlockBound(size_t n) { return n + n / 16 + 64 + 3; }

class LzoCodec final : public Codec {
 public:
  Compression type() const override { return Compression::kLzo; }

  Status Decompress(const uint8_t* input, size_t input_size, uint8_t* output,
                    size_t output_size) override {
    if (input_size == 0 && output_size == 0) return Status::OK();
    size_t pos = 0, out_pos = 0;
    while (pos < input_size) {
      if (input_size - pos < 4) return Malformed(kName, "truncated group header", input_size, output_size);
      const size_t group = LoadBE32(input + pos);
      pos += 4;
      if (group > output_size - out_pos) {
        return Malformed(kName, "a group of " + std::to_string(group) + " bytes at output offset " +
                                    std::to_string(out_pos) + " runs past the expected size",
                         input_size, output_size);
      }
      const size_t group_end = out_pos + group;
      while (out_pos < group_end) {
        if (input_size - pos < 4) return Malformed(kName, "truncated chunk header", input_size, output_size);
        const size_t clen = LoadBE32(input + pos);
        pos += 4;
        if (clen > input_size - pos) {
          return Malformed(kName, "chunk of " + std::to_string(clen) + " bytes runs past the input",
                           input_size, output_size);
        }
        lzo_uint produced = group_end - out_pos;
        const int r = lzo1x_decompress_safe(input + pos, clen, output + out_pos, &produced, nullptr);
        if (r == LZO_E_OUTPUT_OVERRUN) {
          return Malformed(kName, "chunk decodes to more than its group's size", input_size, output_size);
        }
        if (r != LZO_E_OK) {
          return Malformed(kName, "corrupt LZO1X block (liblzo2 error " + std::to_string(r) + ")",
                           input_size, output_size);
        }
        if (produced == 0) return Malformed(kName, "chunk decodes to nothing", input_size, output_size);
        pos += clen;
        out_pos += produced;
      }
    }
    if (out_pos != output_size) return SizeMismatch(kName, output_size, out_pos);
    return Status::OK();
  }

  size_t MaxCompressedSize(size_t input_size) const override {
    const size_t full = input_size / kChunkInput;
    const size_t rem = input_size % kChunkInput;
    size_t bound = 4 + full * (4 + BlockBound(kChunkInput));
    if (rem != 0) bound += 4 + BlockBound(rem);
    return bound;
  }

  Result<size_t> Compress(const uint8_t* input, size_t input_size, uint8_t* output,
                          size_t output_capacity) override {
    PARQ_RETURN_IF_ERROR(CheckCapacity(kName, output_capacity, MaxCompressedSize(input_size)));
    if (input_size > kMaxInput) {
      return Status::InvalidArgument("LZO: input of " + std::to_string(input_size) +
                                     " bytes exceeds the framing's limit of " + std::to_string(kMaxInput));
    }
    if (work_.empty()) work_.resize((LZO1X_1_MEM_COMPRESS + sizeof(lzo_align_t) - 1) / sizeof(lzo_align_t));
    StoreBE32(output, static_cast<uint32_t>(input_size));
    size_t pos = 0, out_pos = 4;
    while (pos < input_size) {
      const size_t len = std::min(kChunkInput, input_size - pos);
      lzo_uint clen = output_capacity - out_pos - 4;
      const int r = lzo1x_1_compress(input + pos, len, output + out_pos + 4, &clen, work_.data());
      if (r != LZO_E_OK) return Status::Internal("LZO: compression failed (liblzo2 error " + std::to_string(r) + ")");
      StoreBE32(output + out_pos, static_cast<uint32_t>(clen));
      pos += len;
      out_pos += 4 + clen;
    }
    return out_pos;
  }

 private:
  std::vector<lzo_align_t> work_;  // LZO1X-1's dictionary, reused
};

}  // namespace

Result<std::unique_ptr<Codec>> MakeLzoCodec(std::optional<int> level) {
  PARQ_RETURN_IF_ERROR(NoLevels(kName, level));
  // lzo_init checks that the library matches its headers; once per process.
  static const int init = lzo_init();
  if (init != LZO_E_OK) return Status::Internal("LZO: lzo_init failed (" + std::to_string(init) + ")");
  return std::unique_ptr<Codec>(new LzoCodec());
}

}  // namespace parq::compression::internal
