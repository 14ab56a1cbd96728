// Snappy raw-format decoder (see snappy_internal.h for why it is ours).
//
//   block   := varint32(uncompressed_length) tag*
//   literal := tag & 3 == 0: length-1 in tag >> 2 (0..59), or in the next
//              1..4 little-endian bytes when tag >> 2 is 60..63; then the bytes
//   copy-1  := tag & 3 == 1: length 4 + ((tag >> 2) & 7),
//              offset ((tag >> 5) << 8) | next byte
//   copy-2  := tag & 3 == 2: length (tag >> 2) + 1, offset: next 2 bytes LE
//   copy-4  := tag & 3 == 3: length (tag >> 2) + 1, offset: next 4 bytes LE
//
// A copy repeats `length` bytes starting `offset` bytes back in the output,
// overlapping allowed (offset < length repeats a pattern).
//
// The fast loop runs while at least kInputSlack input bytes and kOutputSlack
// output bytes remain.  It then copies 32 or 64 bytes per tag (16- or 8-byte
// words for overlapping copies) and lets them run past the tag's end (never
// past the output): the next tag overwrites the excess.  Otherwise (near the
// end of either buffer, a literal with length bytes, a copy-4) one tag is
// decoded with exact reads and writes, and the loop goes back to the fast
// path when the slacks allow.  The slacks are checked once per run of as
// many tags as they allow at the most a tag can take, not per tag.
//
// DecodeSnappyRawPair runs the fast loop over two blocks, a tag of each in
// turn, then finishes each alone.  Once both blocks have 64 KiB out it drops
// the check of copy offsets against the start of the output (no copy-1 or
// copy-2 reaches further back), which that loop, bound by how many
// instructions it issues rather than by one tag chain, measured 7-9 % faster
// for.  The one-block loop waits on its chain and gained nothing from it.
#include <algorithm>
#include <array>
#include <cstring>
#include <string>

#include "compression/codec_internal.h"
#include "compression/snappy_internal.h"

namespace parq::compression::internal {
namespace {

constexpr const char* kCodec = "SNAPPY";
// The fast loop reads the tag, 4 bytes after it (offset), up to 64 literal
// bytes after it, and the byte after a 64-byte literal (the next tag,
// loaded before knowing whether it is needed).
constexpr ptrdiff_t kInputSlack = 1 + 64 + 1;
// The longest copy is 64 bytes; the 8-byte pattern expansion may write up to
// 15 bytes past a short copy, the word loops at most 15 past a long one.
constexpr ptrdiff_t kOutputSlack = 64 + 16;

// Per tag byte: the length of the literal or copy (bits 0..7), the high bits
// of a copy-1 offset, or 16 for a literal (bits 8..31, OR-ed into the offset
// bytes), kSlowTag (the sign bit) for what the fast loop leaves to the exact step
// (literals with length bytes (lengths 61..64) and copy-4: snappy's
// compressor works in 64 KiB blocks and never emits one), and in the high
// 32 bits which of the 4 bytes after the tag are offset: none for a literal,
// one for copy-1, two for copy-2.  (One table, not a second one for the
// mask: the pair loop is bound by the instructions it issues, and a second
// table costs a load and a register for its address.)
constexpr uint64_t kSlowTag = uint64_t{1} << 63;
constexpr std::array<uint64_t, 256> MakeTagEntries() {
  std::array<uint64_t, 256> entries{};
  for (uint32_t tag = 0; tag < 256; ++tag) {
    switch (tag & 3) {
      case 0:
        entries[tag] = (tag >> 2) + 1 > 60 ? kSlowTag : ((tag >> 2) + 1) | (16u << 8);
        break;
      case 1:
        entries[tag] = (4 + ((tag >> 2) & 7)) | (((tag >> 5) << 8) << 8) | (uint64_t{0xff} << 32);
        break;
      case 2:
        entries[tag] = ((tag >> 2) + 1) | (uint64_t{0xffff} << 32);
        break;
      default:
        entries[tag] = kSlowTag;
        break;
    }
  }
  return entries;
}
constexpr std::array<uint64_t, 256> kTagEntry = MakeTagEntries();

inline uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}
inline uint32_t Load32(const uint8_t* p) {
  uint32_t v;
  std::memcpy(&v, p, 4);
  return v;
}
inline void Store64(uint8_t* p, uint64_t v) { std::memcpy(p, &v, 8); }
// Through a temporary: source and destination may overlap beyond the bytes
// the caller needs.
inline void Copy16(uint8_t* dst, const uint8_t* src) {
  uint8_t word[16];
  std::memcpy(word, src, 16);
  std::memcpy(dst, word, 16);
}
// Copies `len` (1..64) bytes as 32 or 64, in 16-byte steps so that a source
// 16 or more bytes back reads what the earlier steps wrote.
inline void CopyUpTo64(uint8_t* dst, const uint8_t* src, size_t len) {
  Copy16(dst, src);
  Copy16(dst + 16, src + 16);
  if (len > 32) [[unlikely]] {
    Copy16(dst + 32, src + 32);
    Copy16(dst + 48, src + 48);
  }
}
// n = 1..4 little-endian bytes.
inline uint32_t LoadLE(const uint8_t* p, int n) {
  uint32_t v = 0;
  for (int i = 0; i < n; ++i) v |= static_cast<uint32_t>(p[i]) << (8 * i);
  return v;
}

Status BadTag(const uint8_t* input, const uint8_t* tag, size_t input_size, size_t output_size,
              const char* what) {
  return Malformed(kCodec,
                   std::string(what) + " at input offset " + std::to_string(tag - input),
                   input_size, output_size);
}

// Copies `len` (1..64) bytes from `offset` (>= 1) back, writing at most
// kOutputSlack bytes from op.
inline void WildCopy(uint8_t* op, size_t offset, ptrdiff_t len) {
  const uint8_t* src = op - offset;
  if (offset >= 16) {
    Copy16(op, src);
    for (ptrdiff_t i = 16; i < len; i += 16) Copy16(op + i, src + i);
  } else if (offset >= 8) {
    for (ptrdiff_t i = 0; i < len; i += 8) Store64(op + i, Load64(src + i));
  } else {
    // Each store doubles the distance to src until it is at least 8.
    while (op - src < 8) {
      Store64(op, Load64(src));
      len -= op - src;
      op += op - src;
    }
    while (len > 0) {
      Store64(op, Load64(src));
      src += 8;
      op += 8;
      len -= 8;
    }
  }
}

// Where one block's decoding stands.
struct Stream {
  const uint8_t* ip;
  const uint8_t* ip_end;
  uint8_t* output;
  uint8_t* op;
  uint8_t* op_end;
  // How many tags the fast loop can take from here without checking the
  // slacks: one takes at most kMaxFastTagInput bytes in, kMaxFastTagOutput out.
  ptrdiff_t FastTags() const;
};

constexpr ptrdiff_t kMaxFastTagInput = 2 + 59;  // a literal of 60 bytes
constexpr ptrdiff_t kMaxFastTagOutput = 64;     // a copy of 64 bytes
// The farthest a copy-1 or copy-2 reaches back (copy-4 takes the exact step).
constexpr ptrdiff_t kFarOutput = 65535;

ptrdiff_t FastTags(const uint8_t* ip, const uint8_t* ip_end, const uint8_t* op,
                   const uint8_t* op_end) {
  const ptrdiff_t in = ip_end - ip - kInputSlack, out = op_end - op - kOutputSlack;
  if (in < 0 || out < 0) return 0;
  return std::min(in / kMaxFastTagInput, out / kMaxFastTagOutput) + 1;
}
// A run of tags checked for reaching before the output ends about where the
// unchecked loop can take over (tags of 16 bytes on average taken as the
// guess; a wrong guess costs a few runs more or a stretch decoded checked).
ptrdiff_t NearTags(ptrdiff_t produced) { return (kFarOutput - produced) / 16 + 1; }
ptrdiff_t Stream::FastTags() const { return internal::FastTags(ip, ip_end, op, op_end); }

// Reads the length prefix (at most 5 bytes, the fifth below 16: 32 bits)
// and checks it against output_size.
Status StartStream(const uint8_t* input, size_t input_size, uint8_t* output, size_t output_size,
                   Stream* s) {
  const uint8_t* ip = input;
  const uint8_t* const ip_end = input + input_size;
  uint64_t claimed = 0;
  for (int shift = 0;; shift += 7) {
    if (ip == ip_end || shift > 28 || (shift == 28 && *ip >= 16)) {
      return Malformed(kCodec, "invalid length prefix", input_size, output_size);
    }
    const uint8_t b = *ip++;
    claimed |= static_cast<uint64_t>(b & 0x7f) << shift;
    if (b < 0x80) break;
  }
  if (claimed != output_size) return SizeMismatch(kCodec, output_size, claimed);
  *s = Stream{ip, ip_end, output, output, output + output_size};
  return Status::OK();
}

// One tag of the fast loop; `tag` is the byte at ip.  Returns false, with
// nothing changed, for a tag it leaves to the exact step: a slow tag, or a
// copy offset outside the decoded bytes (the exact step reports it).
// What bounds the loop
// is the chain from one tag to the next (load the tag, find where the next
// one starts, load that), so the next tag is loaded from both places it can
// be (after a literal's bytes, after a copy's offset) before the
// literal-or-copy choice; length and offset come from one table lookup, and
// literal and copy share one copy of 32 or 64 bytes.  (Making the choice
// with masks instead of the branch GCC emits was measured 35-50 % slower: a
// predicted branch lets the next tags start early, a select waits.)
// kFar: at least kFarOutput bytes are out, so no copy-1 or copy-2 offset
// can reach before the output and only a zero offset needs catching; the
// loop then does not need the output's start.
// REQUIRES: FastTags(ip, ...) > 0.
template <bool kFar>
[[gnu::always_inline]] inline bool FastTag(const uint8_t*& ip, uint8_t*& op, const uint8_t* output,
                                           uint32_t& tag) {
  const uint8_t* const at = ip;
  // A page read through a file mapping is not in cache, and the tag chain
  // stalls on every miss (9 % of a mapped lineitem read); on a page read
  // with pread it measured neither faster nor slower.
  __builtin_prefetch(at + 512);
  const uint64_t entry = kTagEntry[tag];
  if (static_cast<int64_t>(entry) < 0) return false;  // kSlowTag
  const size_t type = tag & 3;
  const uint32_t tag_after_literal = at[2 + (tag >> 2)];
  const uint32_t tag_after_copy = at[1 + type];
  const size_t len = entry & 0xff;
  // Literals: mask 0, so offset is the table's 16 (never the slow path by
  // offset once 16 bytes are out).
  const size_t offset =
      (Load32(at + 1) & static_cast<uint32_t>(entry >> 32)) | (static_cast<uint32_t>(entry) >> 8);
  const size_t produced = kFar ? 0 : static_cast<size_t>(op - output);
  if (offset < 16 || (!kFar && offset > produced)) [[unlikely]] {
    if (type == 0) {
      CopyUpTo64(op, at + 1, len);
    } else if (kFar ? offset == 0 : offset - 1 >= produced) {
      // offset - 1 wraps for 0: one compare finds a zero offset and one
      // reaching before the output.
      return false;
    } else {
      WildCopy(op, offset, static_cast<ptrdiff_t>(len));
    }
  } else {
    CopyUpTo64(op, type == 0 ? at + 1 : op - offset, len);
  }
  op += len;
  ip = type == 0 ? at + 2 + (tag >> 2) : at + 1 + type;
  tag = type == 0 ? tag_after_literal : tag_after_copy;
  return true;
}

struct Position {
  const uint8_t* ip;
  uint8_t* op;
};

// One tag at ip, every read and write exact: near the end of either buffer,
// literals with length bytes, copy-4, and bad tags.  The new position goes to
// *next (not through references to the caller's ip and op, which would then
// live in memory through the caller's loop).
// REQUIRES: ip < input + input_size.
Status ExactTag(const uint8_t* input, size_t input_size, const uint8_t* output, size_t output_size,
                const uint8_t* ip, uint8_t* op, Position* next) {
  const uint8_t* const ip_end = input + input_size;
  const uint8_t* const op_end = output + output_size;
  const uint8_t* at = ip;
  const uint32_t tag = *ip++;
  size_t len;
  if ((tag & 3) == 0) {
    len = (tag >> 2) + 1;
    if (len > 60) {
      const int n = static_cast<int>(len - 60);
      if (ip_end - ip < n) {
        return BadTag(input, at, input_size, output_size, "literal length runs past the input");
      }
      len = static_cast<size_t>(LoadLE(ip, n)) + 1;
      ip += n;
    }
    if (len > static_cast<size_t>(ip_end - ip)) {
      return BadTag(input, at, input_size, output_size, "literal runs past the input");
    }
    if (len > static_cast<size_t>(op_end - op)) {
      return BadTag(input, at, input_size, output_size, "literal runs past the output");
    }
    std::memcpy(op, ip, len);
    *next = {ip + len, op + len};
    return Status::OK();
  }
  const int offset_bytes = (tag & 3) == 1 ? 1 : (tag & 3) == 2 ? 2 : 4;
  if (ip_end - ip < offset_bytes) {
    return BadTag(input, at, input_size, output_size, "copy offset runs past the input");
  }
  size_t offset;
  if ((tag & 3) == 1) {
    len = 4 + ((tag >> 2) & 7);
    offset = ((tag >> 5) << 8) | ip[0];
  } else {
    len = (tag >> 2) + 1;
    offset = LoadLE(ip, offset_bytes);
  }
  ip += offset_bytes;
  if (offset - 1 >= static_cast<size_t>(op - output)) {
    return BadTag(input, at, input_size, output_size, "copy offset outside the decoded bytes");
  }
  if (len > static_cast<size_t>(op_end - op)) {
    return BadTag(input, at, input_size, output_size, "copy runs past the output");
  }
  const uint8_t* src = op - offset;
  if (offset >= len) {
    std::memcpy(op, src, len);
  } else {
    for (size_t i = 0; i < len; ++i) op[i] = src[i];
  }
  *next = {ip, op + len};
  return Status::OK();
}

// Decodes the rest of the block from ip and op.  (Plain locals, not a
// Stream: the loop then keeps everything in registers.)
Status FinishStream(const uint8_t* input, size_t input_size, uint8_t* output, size_t output_size,
                    const uint8_t* ip, uint8_t* op) {
  const uint8_t* const ip_end = input + input_size;
  uint8_t* const op_end = output + output_size;
  while (ip < ip_end) {
    // Runs of fast tags, the slacks checked once per run.
    for (ptrdiff_t n = FastTags(ip, ip_end, op, op_end); n > 0; n = FastTags(ip, ip_end, op, op_end)) {
      uint32_t tag = *ip;
      do {
        if (!FastTag<false>(ip, op, output, tag)) [[unlikely]] goto exact_step;
      } while (--n > 0);
    }
  exact_step:
    if (ip == ip_end) break;
    Position next;
    PARQ_RETURN_IF_ERROR(ExactTag(input, input_size, output, output_size, ip, op, &next));
    ip = next.ip;
    op = next.op;
  }
  if (op != op_end) return SizeMismatch(kCodec, output_size, static_cast<size_t>(op - output));
  return Status::OK();
}

// n tags of each block in turn, or fewer: returns 0, or 1 or 2 when block
// a's or b's tag at its ip needs the exact step.  The positions are copied
// into locals and back: GCC keeps a struct member the loop writes in memory,
// with a flag per member saying whether to store it back.
template <bool kFar>
[[gnu::always_inline]] inline int PairRun(Stream& sa, Stream& sb, ptrdiff_t n) {
  const uint8_t* ip_a = sa.ip;
  const uint8_t* ip_b = sb.ip;
  uint8_t* op_a = sa.op;
  uint8_t* op_b = sb.op;
  const uint8_t* const output_a = sa.output;
  const uint8_t* const output_b = sb.output;
  uint32_t tag_a = *ip_a, tag_b = *ip_b;
  int stuck = 0;
  do {
    if (!FastTag<kFar>(ip_a, op_a, output_a, tag_a)) [[unlikely]] {
      stuck = 1;
      break;
    }
    if (!FastTag<kFar>(ip_b, op_b, output_b, tag_b)) [[unlikely]] {
      stuck = 2;
      break;
    }
  } while (--n > 0);
  sa.ip = ip_a;
  sa.op = op_a;
  sb.ip = ip_b;
  sb.op = op_b;
  return stuck;
}

}  // namespace

Status DecodeSnappyRaw(const uint8_t* input, size_t input_size, uint8_t* output,
                       size_t output_size) {
  Stream s;
  PARQ_RETURN_IF_ERROR(StartStream(input, input_size, output, output_size, &s));
  return FinishStream(input, input_size, output, output_size, s.ip, s.op);
}

void DecodeSnappyRawPair(const Codec::Block& a, const Codec::Block& b, Status* status_a,
                         Status* status_b) {
  Stream sa, sb;
  *status_a = StartStream(a.input, a.input_size, a.output, a.output_size, &sa);
  *status_b = StartStream(b.input, b.input_size, b.output, b.output_size, &sb);
  // Both chains in one loop: each tag waits on the one before it in its own
  // block only, so the core works on the two at once.  The slacks are
  // checked once per run of tags, not per tag: two blocks' ends and
  // positions would not fit in the registers beside the tags.  A tag the
  // fast loop does not take (a long literal, copy-4, a bad tag) gets the
  // exact step, and the pair goes on.
  while (status_a->ok() && status_b->ok()) {
    ptrdiff_t n = std::min(sa.FastTags(), sb.FastTags());
    if (n == 0) break;
    int stuck;  // 1: a's tag, 2: b's tag needs the exact step
    if (sa.op - sa.output >= kFarOutput && sb.op - sb.output >= kFarOutput) {
      stuck = PairRun<true>(sa, sb, n);
    } else {
      n = std::min(n, NearTags(std::min(sa.op - sa.output, sb.op - sb.output)));
      stuck = PairRun<false>(sa, sb, n);
    }
    // (Each block spelled out: a reference choosing sa or sb would keep
    // both in memory through the loop.)
    Position next;
    if (stuck == 1) {
      *status_a = ExactTag(a.input, a.input_size, a.output, a.output_size, sa.ip, sa.op, &next);
      if (!status_a->ok()) break;
      sa.ip = next.ip;
      sa.op = next.op;
    } else if (stuck == 2) {
      *status_b = ExactTag(b.input, b.input_size, b.output, b.output_size, sb.ip, sb.op, &next);
      if (!status_b->ok()) break;
      sb.ip = next.ip;
      sb.op = next.op;
    }
  }
  // The rest one block at a time: exact steps, and the tail of the longer
  // block.
  if (status_a->ok()) *status_a = FinishStream(a.input, a.input_size, a.output, a.output_size, sa.ip, sa.op);
  if (status_b->ok()) *status_b = FinishStream(b.input, b.input_size, b.output, b.output_size, sb.ip, sb.op);
}

}  // namespace parq::compression::internal
