// GZIP: DEFLATE (RFC 1951) in a gzip wrapper (RFC 1952).
//
//   stream := member+                      (several members may be concatenated)
//   member := 1F 8B 08 flags mtime(4) xfl os [extra] [name] [comment] [hcrc]
//             deflate-data crc32(4, LE) isize(4, LE)
//
// Reading auto-detects a zlib (RFC 1950) wrapper too (windowBits 15 + 32), as
// some writers used it.  After each member ends, the inflater is reset and
// continues while input remains; the whole stream must fill output exactly.
// Writing produces one gzip member.
#include <zlib.h>

#include <algorithm>
#include <climits>
#include <string>

#include "compression/codec_internal.h"

namespace parq::compression::internal {
namespace {

constexpr int kGzipWindowBits = 15 + 16;  // deflate: write a gzip wrapper
constexpr int kAutoWindowBits = 15 + 32;  // inflate: detect gzip or zlib
constexpr int kDefaultLevel = 6;

// zlib's counters are 32-bit; feed it at most this much per call.
constexpr size_t kMaxChunk = UINT_MAX;

std::string ZlibMessage(const z_stream& s, int ret) {
  std::string msg = "zlib error " + std::to_string(ret);
  if (s.msg != nullptr) msg += std::string(": ") + s.msg;
  return msg;
}

class GzipCodec final : public Codec {
 public:
  explicit GzipCodec(int level) : level_(level) {}
  ~GzipCodec() override {
    if (inflate_ready_) inflateEnd(&inflater_);
    if (deflate_ready_) deflateEnd(&deflater_);
  }

  Compression type() const override { return Compression::kGzip; }

  Status Decompress(const uint8_t* input, size_t input_size, uint8_t* output,
                    size_t output_size) override {
    if (input_size == 0 && output_size == 0) return Status::OK();
    if (!inflate_ready_) {
      inflater_ = z_stream{};
      int ret = inflateInit2(&inflater_, kAutoWindowBits);
      if (ret != Z_OK) return Status::Internal("GZIP: inflateInit2 failed: " + ZlibMessage(inflater_, ret));
      inflate_ready_ = true;
    } else if (inflateReset(&inflater_) != Z_OK) {
      return Status::Internal("GZIP: inflateReset failed");
    }
    uint8_t dummy = 0;
    const uint8_t* in = input;
    size_t in_left = input_size;
    uint8_t* out = output != nullptr ? output : &dummy;
    size_t out_left = output_size;
    int members = 0;
    for (;;) {
      const uInt in_chunk = static_cast<uInt>(std::min(in_left, kMaxChunk));
      const uInt out_chunk = static_cast<uInt>(std::min(out_left, kMaxChunk));
      inflater_.next_in = const_cast<Bytef*>(in);
      inflater_.avail_in = in_chunk;
      inflater_.next_out = out;
      inflater_.avail_out = out_chunk;
      int ret = inflate(&inflater_, Z_NO_FLUSH);
      const size_t consumed = in_chunk - inflater_.avail_in;
      const size_t produced = out_chunk - inflater_.avail_out;
      in += consumed;
      in_left -= consumed;
      out += produced;
      out_left -= produced;
      if (ret == Z_STREAM_END) {
        ++members;
        if (in_left == 0) break;
        if (inflateReset(&inflater_) != Z_OK) return Status::Internal("GZIP: inflateReset failed");
        continue;
      }
      if (ret == Z_OK) continue;  // progress was made
      if (ret == Z_BUF_ERROR) {   // no progress possible
        // With input and output space both offered, zlib always progresses, so
        // one of them ran out.
        if (out_left == 0) return DecodesTooLarge("GZIP", output_size);
        return Malformed("GZIP", "truncated stream (member " + std::to_string(members + 1) +
                                     " ends early at output byte " +
                                     std::to_string(output_size - out_left) + ")",
                         input_size, output_size);
      }
      return Malformed("GZIP",
                       ZlibMessage(inflater_, ret) + " at input byte " +
                           std::to_string(input_size - in_left) + " (member " +
                           std::to_string(members + 1) + ")",
                       input_size, output_size);
    }
    if (out_left != 0) return SizeMismatch("GZIP", output_size, output_size - out_left);
    return Status::OK();
  }

  size_t MaxCompressedSize(size_t input_size) const override {
    // compressBound() covers the zlib wrapper (6 bytes); gzip's is 18.  Chunks of
    // 4 GiB each add a stored-block overhead already covered by the per-byte slack.
    return compressBound(input_size) + 18;
  }

  Result<size_t> Compress(const uint8_t* input, size_t input_size, uint8_t* output,
                          size_t output_capacity) override {
    PARQ_RETURN_IF_ERROR(CheckCapacity("GZIP", output_capacity, MaxCompressedSize(input_size)));
    if (!deflate_ready_) {
      deflater_ = z_stream{};
      int ret = deflateInit2(&deflater_, level_, Z_DEFLATED, kGzipWindowBits, 8, Z_DEFAULT_STRATEGY);
      if (ret != Z_OK) return Status::Internal("GZIP: deflateInit2 failed: " + ZlibMessage(deflater_, ret));
      deflate_ready_ = true;
    } else if (deflateReset(&deflater_) != Z_OK) {
      return Status::Internal("GZIP: deflateReset failed");
    }
    uint8_t dummy = 0;
    const uint8_t* in = input != nullptr ? input : &dummy;
    size_t in_left = input_size;
    uint8_t* out = output;
    size_t out_left = output_capacity;
    for (;;) {
      const uInt in_chunk = static_cast<uInt>(std::min(in_left, kMaxChunk));
      const uInt out_chunk = static_cast<uInt>(std::min(out_left, kMaxChunk));
      deflater_.next_in = const_cast<Bytef*>(in);
      deflater_.avail_in = in_chunk;
      deflater_.next_out = out;
      deflater_.avail_out = out_chunk;
      const int flush = in_chunk == in_left ? Z_FINISH : Z_NO_FLUSH;
      int ret = deflate(&deflater_, flush);
      const size_t consumed = in_chunk - deflater_.avail_in;
      const size_t produced = out_chunk - deflater_.avail_out;
      in += consumed;
      in_left -= consumed;
      out += produced;
      out_left -= produced;
      if (ret == Z_STREAM_END) break;
      if (ret != Z_OK && ret != Z_BUF_ERROR) {
        return Status::Internal("GZIP: deflate failed: " + ZlibMessage(deflater_, ret));
      }
      if (ret == Z_BUF_ERROR && consumed == 0 && produced == 0) {
        return Status::Internal("GZIP: deflate made no progress (output exceeded MaxCompressedSize?)");
      }
    }
    return output_capacity - out_left;
  }

 private:
  int level_;
  bool inflate_ready_ = false;
  bool deflate_ready_ = false;
  z_stream inflater_{};
  z_stream deflater_{};
};

}  // namespace

Result<std::unique_ptr<Codec>> MakeGzipCodec(std::optional<int> level) {
  const int lvl = level.value_or(kDefaultLevel);
  PARQ_RETURN_IF_ERROR(CheckLevel("GZIP", lvl, 0, 9));
  return std::unique_ptr<Codec>(new GzipCodec(lvl));
}

}  // namespace parq::compression::internal
