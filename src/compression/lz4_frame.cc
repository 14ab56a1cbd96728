// The LZ4 frame format (lz4 doc/lz4_Frame_format.md), read-only: some old
// parquet-cpp versions wrote it for Compression::LZ4.
//
//   stream     := (frame | skippable)+
//   skippable  := magic(0x184D2A50..5F, LE) size(4, LE) byte*size
//   frame      := magic(0x184D2204, LE) FLG BD [content-size(8)] [dict-id(4)] HC
//                 block* end-mark(0 as 4 bytes) [content-checksum(4)]
//   FLG        := version(2 bits = 01) B.Indep B.Checksum C.Size C.Checksum 0 DictID
//   BD         := 0 block-max-size(3 bits: 4=64K 5=256K 6=1M 7=4M) 0000
//   block      := size(4, LE; high bit = stored uncompressed) data [checksum(4)]
//
// Blocks decode straight into the caller's buffer; linked blocks use the
// preceding output of the same frame (up to 64 KiB) as their prefix, so no
// memory is allocated at all.  Header and content checksums (xxHash32) are
// skipped: corrupt data still cannot escape output_size.
#include <lz4.h>

#include <algorithm>
#include <cstring>
#include <string>

#include "compression/codec_internal.h"
#include "compression/lz4_internal.h"

namespace parq::compression::internal {
namespace {

constexpr uint32_t kFrameMagic = 0x184D2204;
constexpr uint32_t kSkippableMagicMask = 0xFFFFFFF0;
constexpr uint32_t kSkippableMagic = 0x184D2A50;
constexpr size_t kMaxPrefix = 64 * 1024;

uint32_t LoadLE32(const uint8_t* p) {
  return uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
}

}  // namespace

bool HasLz4FrameMagic(const uint8_t* input, size_t input_size) {
  return input_size >= 4 && LoadLE32(input) == kFrameMagic;
}

Status DecodeLz4Frames(const char* codec, const uint8_t* input, size_t input_size, uint8_t* output,
                       size_t output_size) {
  size_t pos = 0;
  size_t out_pos = 0;
  auto fail = [&](const std::string& what) {
    return Malformed(codec, "LZ4 frame: " + what + " at input byte " + std::to_string(pos),
                     input_size, output_size);
  };
  auto need = [&](size_t bytes) { return input_size - pos >= bytes; };
  while (pos < input_size) {
    if (!need(4)) return fail("truncated magic number");
    const uint32_t magic = LoadLE32(input + pos);
    if ((magic & kSkippableMagicMask) == kSkippableMagic) {
      if (!need(8)) return fail("truncated skippable frame");
      const uint32_t size = LoadLE32(input + pos + 4);
      if (input_size - pos - 8 < size) return fail("skippable frame runs past the end");
      pos += 8 + size;
      continue;
    }
    if (magic != kFrameMagic) return fail("bad magic number");
    pos += 4;
    if (!need(3)) return fail("truncated frame descriptor");
    const uint8_t flg = input[pos];
    const uint8_t bd = input[pos + 1];
    if ((flg >> 6) != 1) return fail("unsupported frame version " + std::to_string(flg >> 6));
    if ((flg & 0x02) != 0 || (bd & 0x8F) != 0) return fail("reserved descriptor bits set");
    const unsigned block_size_id = (bd >> 4) & 7;
    if (block_size_id < 4) return fail("invalid block maximum size id " + std::to_string(block_size_id));
    const size_t block_max = size_t{1} << (8 + 2 * block_size_id);
    const bool independent = (flg & 0x20) != 0;
    const bool block_checksum = (flg & 0x10) != 0;
    const bool has_content_size = (flg & 0x08) != 0;
    const bool content_checksum = (flg & 0x04) != 0;
    if ((flg & 0x01) != 0) {
      return Status::Unsupported(std::string(codec) +
                                 ": LZ4 frame needs an external dictionary at input byte " +
                                 std::to_string(pos));
    }
    const size_t header = 2 + (has_content_size ? 8 : 0) + 1;
    if (!need(header)) return fail("truncated frame descriptor");
    uint64_t content_size = 0;
    if (has_content_size) {
      content_size = LoadLE32(input + pos + 2) | uint64_t{LoadLE32(input + pos + 6)} << 32;
    }
    pos += header;
    const size_t frame_start = out_pos;
    for (;;) {
      if (!need(4)) return fail("truncated block size");
      const uint32_t word = LoadLE32(input + pos);
      if (word == 0) {  // end mark
        pos += 4;
        break;
      }
      const bool stored = (word & 0x80000000u) != 0;
      const size_t len = word & 0x7FFFFFFFu;
      if (len > block_max) {
        return fail("block of " + std::to_string(len) + " bytes exceeds the frame's maximum " +
                    std::to_string(block_max));
      }
      if (input_size - pos - 4 < len) return fail("block runs past the end");
      pos += 4;
      const size_t out_left = output_size - out_pos;
      if (stored) {
        if (len > out_left) return DecodesTooLarge(codec, output_size);
        if (len > 0) std::memcpy(output + out_pos, input + pos, len);
        out_pos += len;
      } else {
        const size_t cap = std::min(out_left, block_max);
        uint8_t dummy = 0;
        uint8_t* dst = output != nullptr ? output + out_pos : &dummy;
        const char* src = reinterpret_cast<const char*>(input + pos);
        int r;
        if (independent || out_pos == frame_start) {
          r = LZ4_decompress_safe(src, reinterpret_cast<char*>(dst), static_cast<int>(len),
                                  static_cast<int>(cap));
        } else {
          const size_t prefix = std::min(out_pos - frame_start, kMaxPrefix);
          r = LZ4_decompress_safe_usingDict(src, reinterpret_cast<char*>(dst), static_cast<int>(len),
                                            static_cast<int>(cap),
                                            reinterpret_cast<const char*>(dst - prefix),
                                            static_cast<int>(prefix));
        }
        if (r < 0) {
          if (cap < block_max) return fail("corrupt block, or it decodes past the expected size");
          return fail("corrupt block");
        }
        out_pos += static_cast<size_t>(r);
      }
      pos += len;
      if (block_checksum) {
        if (!need(4)) return fail("truncated block checksum");
        pos += 4;
      }
    }
    if (content_checksum) {
      if (!need(4)) return fail("truncated content checksum");
      pos += 4;
    }
    if (has_content_size && out_pos - frame_start != content_size) {
      return fail("frame decodes to " + std::to_string(out_pos - frame_start) +
                  " bytes but declares " + std::to_string(content_size));
    }
  }
  if (out_pos != output_size) return SizeMismatch(codec, output_size, out_pos);
  return Status::OK();
}

}  // namespace parq::compression::internal
