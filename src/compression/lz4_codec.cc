// LZ4 (Hadoop-framed) and LZ4_RAW (one raw block).
//
// LZ4_RAW: the page body is one LZ4 block (lz4 doc/lz4_Block_format.md):
//
//   block    := sequence+
//   sequence := token(4 bits literal length, 4 bits match length - 4)
//               [literal-length bytes] literals offset(2, LE) [match-length bytes]
//
// LZ4 (deprecated in the format): Hadoop's BlockCompressorStream framing,
//
//   stream   := hadoop-block+
//   block    := total-decompressed-size(4, BE) chunk+      (chunks fill the total)
//   chunk    := compressed-size(4, BE) lz4-block
//
// Arrow and parquet-mr write one chunk per block.  Older parquet-cpp wrote a
// raw block, or (briefly) an LZ4 frame, for the same enum value.  The rule we
// apply, after Arrow C++ (compression_lz4.cc, Lz4HadoopCodec):
//   "try the Hadoop framing; if the input does not parse as Hadoop framing
//    filling exactly the expected size, fall back to the other formats".
// We try: one-chunk-per-block Hadoop, multi-chunk Hadoop, an LZ4 frame (if it
// starts with the frame magic), then a raw block.  The first that fills the
// output exactly wins.  We write Hadoop framing with one chunk per block and
// blocks of at most 128 KiB, which fits Hadoop's default 256 KiB buffer.
#include <lz4.h>
#include <lz4hc.h>

#include <algorithm>
#include <climits>
#include <string>
#include <vector>

#include "compression/codec_internal.h"
#include "compression/hadoop_framing.h"
#include "compression/lz4_internal.h"

namespace parq::compression::internal {
namespace {

constexpr size_t kHadoopBlock = 128 * 1024;
constexpr size_t kMaxLz4Input = LZ4_MAX_INPUT_SIZE;

size_t RawBound(size_t n) { return n + n / 255 + 16; }  // LZ4_COMPRESSBOUND without the int cap

// Decodes one raw block into at most `cap` bytes; returns the decoded size or -1.
int64_t DecodeBlock(const uint8_t* in, size_t in_size, uint8_t* out, size_t cap) {
  if (in_size > INT_MAX) return -1;
  uint8_t dummy = 0;
  const int r = LZ4_decompress_safe(reinterpret_cast<const char*>(in),
                                    reinterpret_cast<char*>(out != nullptr ? out : &dummy),
                                    static_cast<int>(in_size), static_cast<int>(std::min<size_t>(cap, INT_MAX)));
  return r;
}

// Hadoop framing with exactly one chunk per block (what Arrow and parquet-mr write).
bool TryHadoopSingleChunk(const uint8_t* in, size_t n, uint8_t* out, size_t out_size) {
  size_t pos = 0, out_pos = 0;
  while (pos < n) {
    if (n - pos < 8) return false;
    const size_t total = LoadBE32(in + pos);
    const size_t clen = LoadBE32(in + pos + 4);
    pos += 8;
    if (clen > n - pos || total > out_size - out_pos) return false;
    if (DecodeBlock(in + pos, clen, out + out_pos, total) != static_cast<int64_t>(total)) return false;
    pos += clen;
    out_pos += total;
  }
  return out_pos == out_size;
}

// The same framing, reading headers only: the declared total, or -1 if the
// headers do not tile the input exactly.
int64_t HadoopDeclaredSize(const uint8_t* in, size_t n) {
  size_t pos = 0;
  int64_t declared = 0;
  while (pos < n) {
    if (n - pos < 8) return -1;
    declared += LoadBE32(in + pos);
    const size_t clen = LoadBE32(in + pos + 4);
    pos += 8;
    if (clen > n - pos) return -1;
    pos += clen;
  }
  return n == 0 ? -1 : declared;
}

// Hadoop framing in general: several chunks may fill one block.
bool TryHadoopMultiChunk(const uint8_t* in, size_t n, uint8_t* out, size_t out_size) {
  size_t pos = 0, out_pos = 0;
  while (pos < n) {
    if (n - pos < 4) return false;
    const size_t total = LoadBE32(in + pos);
    pos += 4;
    if (total > out_size - out_pos) return false;
    const size_t block_end = out_pos + total;
    while (out_pos < block_end) {
      if (n - pos < 4) return false;
      const size_t clen = LoadBE32(in + pos);
      pos += 4;
      if (clen > n - pos) return false;
      const int64_t r = DecodeBlock(in + pos, clen, out + out_pos, block_end - out_pos);
      if (r <= 0) return false;  // a chunk that adds nothing cannot make progress
      pos += clen;
      out_pos += static_cast<size_t>(r);
    }
  }
  return out_pos == out_size;
}

class Lz4Codec final : public Codec {
 public:
  Lz4Codec(bool hadoop, int level) : hadoop_(hadoop), level_(level) {}

  Compression type() const override { return hadoop_ ? Compression::kLz4 : Compression::kLz4Raw; }

  Status Decompress(const uint8_t* input, size_t input_size, uint8_t* output,
                    size_t output_size) override {
    if (input_size == 0 && output_size == 0) return Status::OK();
    if (!hadoop_) return DecompressRaw("LZ4_RAW", input, input_size, output, output_size);
    if (TryHadoopSingleChunk(input, input_size, output, output_size)) return Status::OK();
    if (TryHadoopMultiChunk(input, input_size, output, output_size)) return Status::OK();
    Status frame_status;
    if (HasLz4FrameMagic(input, input_size)) {
      frame_status = DecodeLz4Frames("LZ4", input, input_size, output, output_size);
      if (frame_status.ok()) return Status::OK();
    }
    Status raw_status = DecompressRaw("LZ4", input, input_size, output, output_size);
    if (raw_status.ok()) return Status::OK();
    // Nothing fit: report the reading that the input most resembles.
    const int64_t declared = HadoopDeclaredSize(input, input_size);
    if (declared >= 0 && static_cast<uint64_t>(declared) != output_size) {
      return SizeMismatch("LZ4 (Hadoop framing)", output_size, static_cast<size_t>(declared));
    }
    if (declared >= 0) {
      return Malformed("LZ4", "corrupt block inside Hadoop framing", input_size, output_size);
    }
    if (!frame_status.ok()) return frame_status;
    return raw_status;
  }

  size_t MaxCompressedSize(size_t input_size) const override {
    if (!hadoop_) return RawBound(input_size);
    const size_t full = input_size / kHadoopBlock;
    const size_t rem = input_size % kHadoopBlock;
    size_t bound = full * (8 + RawBound(kHadoopBlock));
    if (rem != 0 || input_size == 0) bound += 8 + RawBound(rem);
    return bound;
  }

  Result<size_t> Compress(const uint8_t* input, size_t input_size, uint8_t* output,
                          size_t output_capacity) override {
    const char* name = hadoop_ ? "LZ4" : "LZ4_RAW";
    PARQ_RETURN_IF_ERROR(CheckCapacity(name, output_capacity, MaxCompressedSize(input_size)));
    if (!hadoop_) {
      if (input_size > kMaxLz4Input) {
        return Status::InvalidArgument("LZ4_RAW: input of " + std::to_string(input_size) +
                                       " bytes exceeds LZ4's block limit of " +
                                       std::to_string(kMaxLz4Input));
      }
      return CompressBlock(input, input_size, output, output_capacity);
    }
    size_t pos = 0, out_pos = 0;
    do {
      const size_t len = std::min(kHadoopBlock, input_size - pos);
      PARQ_ASSIGN_OR_RETURN(size_t clen, CompressBlock(input + pos, len, output + out_pos + 8,
                                                       output_capacity - out_pos - 8));
      StoreBE32(output + out_pos, static_cast<uint32_t>(len));
      StoreBE32(output + out_pos + 4, static_cast<uint32_t>(clen));
      pos += len;
      out_pos += 8 + clen;
    } while (pos < input_size);
    return out_pos;
  }

 private:
  static Status DecompressRaw(const char* name, const uint8_t* input, size_t input_size,
                              uint8_t* output, size_t output_size) {
    if (input_size > INT_MAX || output_size > INT_MAX) {
      return Malformed(name, "a raw LZ4 block is limited to 2 GiB", input_size, output_size);
    }
    const int64_t r = DecodeBlock(input, input_size, output, output_size);
    if (r < 0) {
      return Malformed(name, "corrupt LZ4 block, or it decodes to more than the expected size",
                       input_size, output_size);
    }
    if (static_cast<size_t>(r) != output_size) return SizeMismatch(name, output_size, r);
    return Status::OK();
  }

  // REQUIRES: in_size <= LZ4_MAX_INPUT_SIZE, cap >= RawBound(in_size).
  Result<size_t> CompressBlock(const uint8_t* in, size_t in_size, uint8_t* out, size_t cap) {
    uint8_t dummy = 0;
    const char* src = reinterpret_cast<const char*>(in != nullptr ? in : &dummy);
    const int src_size = static_cast<int>(in_size);
    const int dst_cap = static_cast<int>(std::min<size_t>(cap, INT_MAX));
    int r;
    if (level_ >= 2) {
      if (state_.empty()) state_.resize((LZ4_sizeofStateHC() + 7) / 8);
      r = LZ4_compress_HC_extStateHC(state_.data(), src, reinterpret_cast<char*>(out), src_size,
                                     dst_cap, level_);
    } else {
      if (state_.empty()) state_.resize((LZ4_sizeofState() + 7) / 8);
      r = LZ4_compress_fast_extState(state_.data(), src, reinterpret_cast<char*>(out), src_size,
                                     dst_cap, std::max(1, -level_));
    }
    if (r <= 0) return Status::Internal("LZ4: compression failed");
    return static_cast<size_t>(r);
  }

  bool hadoop_;
  int level_;
  std::vector<uint64_t> state_;  // LZ4 or LZ4HC state, 8-byte aligned, reused
};

}  // namespace

Result<std::unique_ptr<Codec>> MakeLz4Codec(bool hadoop, std::optional<int> level) {
  const int lvl = level.value_or(1);
  PARQ_RETURN_IF_ERROR(CheckLevel(hadoop ? "LZ4" : "LZ4_RAW", lvl, -65537, LZ4HC_CLEVEL_MAX));
  return std::unique_ptr<Codec>(new Lz4Codec(hadoop, lvl));
}

}  // namespace parq::compression::internal
