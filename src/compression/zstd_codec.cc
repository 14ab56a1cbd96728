// ZSTD: Zstandard (RFC 8878).
//
//   stream := (frame | skippable-frame)+
//   frame  := magic(28 B5 2F FD) frame-header block+ [checksum(4)]
//
// Frames may omit the content size and a stream may hold several frames; the
// one-shot ZSTD_decompressDCtx handles both, decoding straight into the
// caller's buffer with its capacity as the hard bound (no window buffer is
// allocated in one-shot mode).  When every frame states its content size, a
// mismatch with output_size is reported before decoding anything.
// ZSTD_findDecompressedSize is in the "static linking only" section, but it has
// been exported unchanged by libzstd.so since 1.3.
#define ZSTD_STATIC_LINKING_ONLY
#include <zstd.h>
#include <zstd_errors.h>

#include <string>

#include "compression/codec_internal.h"

namespace parq::compression::internal {
namespace {

constexpr int kDefaultLevel = 3;  // ZSTD_CLEVEL_DEFAULT

class ZstdCodec final : public Codec {
 public:
  explicit ZstdCodec(int level) : level_(level) {}
  ~ZstdCodec() override {
    ZSTD_freeDCtx(dctx_);
    ZSTD_freeCCtx(cctx_);
  }

  Compression type() const override { return Compression::kZstd; }

  Status Decompress(const uint8_t* input, size_t input_size, uint8_t* output,
                    size_t output_size) override {
    if (input_size == 0 && output_size == 0) return Status::OK();
    const unsigned long long declared = ZSTD_findDecompressedSize(input, input_size);
    if (declared == ZSTD_CONTENTSIZE_ERROR) {
      return Malformed("ZSTD", "invalid frame header", input_size, output_size);
    }
    if (declared != ZSTD_CONTENTSIZE_UNKNOWN && declared != output_size) {
      return SizeMismatch("ZSTD", output_size, static_cast<size_t>(declared));
    }
    if (dctx_ == nullptr) {
      dctx_ = ZSTD_createDCtx();
      if (dctx_ == nullptr) return Status::Internal("ZSTD: ZSTD_createDCtx failed");
    }
    uint8_t dummy = 0;
    const size_t r =
        ZSTD_decompressDCtx(dctx_, output != nullptr ? output : &dummy, output_size, input, input_size);
    if (ZSTD_isError(r)) {
      if (ZSTD_getErrorCode(r) == ZSTD_error_dstSize_tooSmall) {
        return DecodesTooLarge("ZSTD", output_size);
      }
      return Malformed("ZSTD", ZSTD_getErrorName(r), input_size, output_size);
    }
    if (r != output_size) return SizeMismatch("ZSTD", output_size, r);
    return Status::OK();
  }

  size_t MaxCompressedSize(size_t input_size) const override { return ZSTD_compressBound(input_size); }

  Result<size_t> Compress(const uint8_t* input, size_t input_size, uint8_t* output,
                          size_t output_capacity) override {
    const size_t bound = ZSTD_compressBound(input_size);
    if (ZSTD_isError(bound)) {
      return Status::InvalidArgument("ZSTD: input of " + std::to_string(input_size) +
                                     " bytes is too large");
    }
    PARQ_RETURN_IF_ERROR(CheckCapacity("ZSTD", output_capacity, bound));
    if (cctx_ == nullptr) {
      cctx_ = ZSTD_createCCtx();
      if (cctx_ == nullptr) return Status::Internal("ZSTD: ZSTD_createCCtx failed");
    }
    const size_t r = ZSTD_compressCCtx(cctx_, output, output_capacity, input, input_size, level_);
    if (ZSTD_isError(r)) return Status::Internal(std::string("ZSTD: ") + ZSTD_getErrorName(r));
    return r;
  }

 private:
  int level_;
  ZSTD_DCtx* dctx_ = nullptr;
  ZSTD_CCtx* cctx_ = nullptr;
};

}  // namespace

Result<std::unique_ptr<Codec>> MakeZstdCodec(std::optional<int> level) {
  const int lvl = level.value_or(kDefaultLevel);
  PARQ_RETURN_IF_ERROR(CheckLevel("ZSTD", lvl, ZSTD_minCLevel(), ZSTD_maxCLevel()));
  return std::unique_ptr<Codec>(new ZstdCodec(lvl));
}

}  // namespace parq::compression::internal
