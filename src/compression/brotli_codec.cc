// BROTLI: a Brotli stream (RFC 7932).
//
//   stream    := WBITS meta-block* last-meta-block
//   meta-block:= ISLAST MNIBBLES MLEN ... (header) + prefix codes + commands
//
// The decoder's ring buffer grows with the meta-block lengths the input claims
// (up to the 16 MiB window), so a few hostile bytes could make it allocate
// far more than the page needs.  Its allocations therefore go through a
// budget of 3 * output_size + 4 MiB (ring buffer rounding and reallocation,
// plus the Huffman tables of 256 block types); a stream that needs more does
// not fit output_size anyway and fails as corrupt.  Brotli has no decoder
// reset, so each call builds a fresh decoder instance.
#include <brotli/decode.h>
#include <brotli/encode.h>

#include <cstddef>
#include <cstdint>
#include <cstdlib>
#include <string>

#include "compression/codec_internal.h"

namespace parq::compression::internal {
namespace {

constexpr int kDefaultLevel = 8;
constexpr size_t kFixedBudget = size_t{4} << 20;

// Allocations carry their size in a header so that frees return budget.
struct Budget {
  size_t remaining;
  bool exceeded = false;
};
constexpr size_t kHeader = alignof(std::max_align_t);

void* BudgetAlloc(void* opaque, size_t size) {
  auto* budget = static_cast<Budget*>(opaque);
  if (size > budget->remaining || size > SIZE_MAX - kHeader) {
    budget->exceeded = true;
    return nullptr;
  }
  auto* p = static_cast<uint8_t*>(std::malloc(size + kHeader));
  if (p == nullptr) return nullptr;
  budget->remaining -= size;
  *reinterpret_cast<size_t*>(p) = size;
  return p + kHeader;
}

void BudgetFree(void* opaque, void* address) {
  if (address == nullptr) return;
  auto* budget = static_cast<Budget*>(opaque);
  uint8_t* p = static_cast<uint8_t*>(address) - kHeader;
  budget->remaining += *reinterpret_cast<size_t*>(p);
  std::free(p);
}

class BrotliCodec final : public Codec {
 public:
  explicit BrotliCodec(int level) : level_(level) {}

  Compression type() const override { return Compression::kBrotli; }

  Status Decompress(const uint8_t* input, size_t input_size, uint8_t* output,
                    size_t output_size) override {
    if (input_size == 0 && output_size == 0) return Status::OK();
    Budget budget{kFixedBudget + (output_size > (SIZE_MAX - kFixedBudget) / 3
                                      ? SIZE_MAX - kFixedBudget
                                      : 3 * output_size)};
    BrotliDecoderState* state = BrotliDecoderCreateInstance(BudgetAlloc, BudgetFree, &budget);
    if (state == nullptr) return Status::Internal("BROTLI: BrotliDecoderCreateInstance failed");
    uint8_t dummy = 0;
    size_t avail_in = input_size;
    const uint8_t* next_in = input != nullptr ? input : &dummy;
    size_t avail_out = output_size;
    uint8_t* next_out = output != nullptr ? output : &dummy;
    const BrotliDecoderResult result =
        BrotliDecoderDecompressStream(state, &avail_in, &next_in, &avail_out, &next_out, nullptr);
    const BrotliDecoderErrorCode error = BrotliDecoderGetErrorCode(state);
    BrotliDecoderDestroyInstance(state);
    const size_t produced = output_size - avail_out;
    switch (result) {
      case BROTLI_DECODER_RESULT_SUCCESS:
        if (avail_in != 0) {
          return Malformed("BROTLI",
                           std::to_string(avail_in) + " trailing bytes after the stream's end",
                           input_size, output_size);
        }
        if (produced != output_size) return SizeMismatch("BROTLI", output_size, produced);
        return Status::OK();
      case BROTLI_DECODER_RESULT_NEEDS_MORE_OUTPUT:
        return DecodesTooLarge("BROTLI", output_size);
      case BROTLI_DECODER_RESULT_NEEDS_MORE_INPUT:
        return Malformed("BROTLI",
                         "truncated stream (ends at output byte " + std::to_string(produced) + ")",
                         input_size, output_size);
      case BROTLI_DECODER_RESULT_ERROR:
        break;
    }
    if (budget.exceeded) {
      return Malformed("BROTLI", "stream claims more memory than the expected size justifies",
                       input_size, output_size);
    }
    return Malformed("BROTLI", std::string(BrotliDecoderErrorString(error)) + " at input byte " +
                                   std::to_string(input_size - avail_in),
                     input_size, output_size);
  }

  size_t MaxCompressedSize(size_t input_size) const override {
    return BrotliEncoderMaxCompressedSize(input_size);
  }

  Result<size_t> Compress(const uint8_t* input, size_t input_size, uint8_t* output,
                          size_t output_capacity) override {
    const size_t bound = BrotliEncoderMaxCompressedSize(input_size);
    if (bound == 0) {
      return Status::InvalidArgument("BROTLI: input of " + std::to_string(input_size) +
                                     " bytes is too large");
    }
    PARQ_RETURN_IF_ERROR(CheckCapacity("BROTLI", output_capacity, bound));
    size_t written = output_capacity;
    uint8_t dummy = 0;
    if (!BrotliEncoderCompress(level_, BROTLI_DEFAULT_WINDOW, BROTLI_MODE_GENERIC, input_size,
                               input != nullptr ? input : &dummy, &written, output)) {
      return Status::Internal("BROTLI: BrotliEncoderCompress failed");
    }
    return written;
  }

 private:
  int level_;
};

}  // namespace

Result<std::unique_ptr<Codec>> MakeBrotliCodec(std::optional<int> level) {
  const int lvl = level.value_or(kDefaultLevel);
  PARQ_RETURN_IF_ERROR(CheckLevel("BROTLI", lvl, BROTLI_MIN_QUALITY, BROTLI_MAX_QUALITY));
  return std::unique_ptr<Codec>(new BrotliCodec(lvl));
}

}  // namespace parq::compression::internal
