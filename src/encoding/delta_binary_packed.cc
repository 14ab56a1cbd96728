// DELTA_BINARY_PACKED codec; grammar and contract in delta_binary_packed.h.
//
// Decoding kernel: one function per bit width (0..64) reconstructs whole groups
// of 32 values — unpack, add min delta, running sum — fully unrolled at compile
// time.  It loads 8 bytes per value at a compile-time offset, so it may read up
// to 8 bytes past a group; groups that near the end of the span are first
// copied into a zero-padded local buffer.
#include "encoding/delta_binary_packed.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <limits>
#include <utility>

namespace parq::encoding {
namespace {

std::string At(size_t offset) { return " at byte offset " + std::to_string(offset); }

// ULEB128 of at most 64 bits.  Returns false if truncated or too long.
bool ReadUleb(const uint8_t* data, size_t size, size_t* pos, uint64_t* out) {
  uint64_t v = 0;
  size_t p = *pos;
  for (int shift = 0; shift < 64; shift += 7) {
    if (p >= size) return false;
    uint8_t b = data[p++];
    if (shift == 63 && b > 1) return false;  // more than 64 bits
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) {
      *pos = p;
      *out = v;
      return true;
    }
  }
  return false;
}

// Unchecked ULEB128 for bytes Init() already validated.
inline uint64_t ReadUlebUnchecked(const uint8_t* data, size_t* pos) {
  uint64_t v = 0;
  size_t p = *pos;
  for (int shift = 0;; shift += 7) {
    uint8_t b = data[p++];
    v |= static_cast<uint64_t>(b & 0x7f) << shift;
    if ((b & 0x80) == 0) break;
  }
  *pos = p;
  return v;
}

inline uint64_t ZigZagDecode(uint64_t u) { return (u >> 1) ^ (~(u & 1) + 1); }
inline uint64_t ZigZagEncode(int64_t v) {
  return (static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63);
}

void WriteUleb(uint64_t v, std::string* out) {
  while (v >= 0x80) {
    out->push_back(static_cast<char>((v & 0x7f) | 0x80));
    v >>= 7;
  }
  out->push_back(static_cast<char>(v));
}

inline uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;  // little-endian hosts only (checked below)
}
static_assert(std::endian::native == std::endian::little, "parq assumes a little-endian host");

// Value I of a group of 32 packed with width W (1..64), LSB-first.
template <int W, int I>
inline uint64_t Extract(const uint8_t* in) {
  constexpr int kBit = I * W;
  constexpr int kByte = kBit / 8;
  constexpr int kShift = kBit % 8;
  uint64_t v = Load64(in + kByte) >> kShift;
  if constexpr (W + kShift > 64) v |= Load64(in + kByte + 8) << (64 - kShift);
  if constexpr (W < 64) v &= (uint64_t{1} << W) - 1;
  return v;
}

// Reconstructs `groups` groups of 32 values: out[i] = last += min_delta + packed[i].
// REQUIRES: `in` readable for groups * 4 * W + 8 bytes.
template <typename U, int W>
void DecodeGroups(const uint8_t* in, uint64_t groups, U min_delta, U* last, U* out) {
  U acc = *last;
  for (uint64_t g = 0; g < groups; ++g) {
    if constexpr (W == 0) {
      // No dependency chain: out[i] = acc + (i + 1) * min_delta.
      for (int i = 0; i < 32; ++i) out[i] = static_cast<U>(acc + static_cast<U>(i + 1) * min_delta);
      acc = static_cast<U>(acc + static_cast<U>(32) * min_delta);
    } else {
      [&]<int... I>(std::integer_sequence<int, I...>) {
        ((out[I] = acc += min_delta + static_cast<U>(Extract<W, I>(in))), ...);
      }(std::make_integer_sequence<int, 32>{});
    }
    in += 4 * W;
    out += 32;
  }
  *last = acc;
}

template <typename U>
using GroupsFn = void (*)(const uint8_t*, uint64_t, U, U*, U*);

template <typename U, int... W>
constexpr auto MakeTable(std::integer_sequence<int, W...>) {
  return std::array<GroupsFn<U>, sizeof...(W)>{&DecodeGroups<U, W>...};
}

template <typename U>
const auto kGroupsTable = MakeTable<U>(std::make_integer_sequence<int, sizeof(U) * 8 + 1>{});

// Appends `count` values of `width` bits each, LSB-first; count * width is a
// multiple of 8.
void PackValues(const uint64_t* values, size_t count, int width, std::string* out) {
  if (width == 0) return;
  uint64_t acc = 0;
  int nbits = 0;
  char buf[8];
  for (size_t i = 0; i < count; ++i) {
    uint64_t v = values[i];
    acc |= v << nbits;
    if (nbits + width >= 64) {
      std::memcpy(buf, &acc, 8);
      out->append(buf, 8);
      acc = nbits == 0 ? 0 : v >> (64 - nbits);
      nbits = nbits + width - 64;
    } else {
      nbits += width;
    }
  }
  std::memcpy(buf, &acc, 8);
  out->append(buf, static_cast<size_t>(nbits / 8));
}

inline int BitWidth(uint64_t v) { return v == 0 ? 0 : 64 - __builtin_clzll(v); }

// Header values of an INT32 stream, zigzag-decoded to 64 bits, that cannot
// come from INT32 data.  Values and deltas are reconstructed modulo 2^32 —
// the format lets writers wrap, so a value or delta is never checked on its
// own — but the first value is a value, and a min delta is the least of
// differences of two INT32 values, within ±(2^32 - 1) (a writer computing
// them in 64 bits can exceed INT32 and still decode right modulo 2^32).
// Anything beyond would be silently cut to 32 bits.
template <typename T>
bool FitsFirstValueOf(uint64_t v) {
  if constexpr (sizeof(T) == 8) return true;
  const auto s = static_cast<int64_t>(v);
  return s >= std::numeric_limits<int32_t>::min() && s <= std::numeric_limits<int32_t>::max();
}
// On the zigzag encoding: ±(2^32 - 1) are 2^33 - 3 and 2^33 - 2, one compare.
template <typename T>
bool FitsMinDeltaOf(uint64_t zigzag) {
  if constexpr (sizeof(T) == 8) return true;
  return zigzag <= (uint64_t{1} << 33) - 2;
}

[[gnu::cold, gnu::noinline]] Status MinDeltaOutOfRange(uint64_t zigzag, uint64_t block, size_t at) {
  return Status::Corrupt("DELTA_BINARY_PACKED: min delta " +
                         std::to_string(static_cast<int64_t>(ZigZagDecode(zigzag))) + " of block " +
                         std::to_string(block) + " is no difference of two INT32 values" + At(at));
}

}  // namespace

// ---------------------------------------------------------------- decoder

template <typename T>
Status DeltaBinaryPackedDecoder<T>::Init(const uint8_t* data, size_t size) {
  *this = DeltaBinaryPackedDecoder();
  constexpr uint64_t kBits = sizeof(T) * 8;
  size_t pos = 0;
  uint64_t block_size, miniblocks, total, first;
  if (!ReadUleb(data, size, &pos, &block_size))
    return Status::Corrupt("DELTA_BINARY_PACKED: truncated or bad block size" + At(pos));
  if (!ReadUleb(data, size, &pos, &miniblocks))
    return Status::Corrupt("DELTA_BINARY_PACKED: truncated or bad miniblock count" + At(pos));
  if (!ReadUleb(data, size, &pos, &total))
    return Status::Corrupt("DELTA_BINARY_PACKED: truncated or bad total value count" + At(pos));
  if (!ReadUleb(data, size, &pos, &first))
    return Status::Corrupt("DELTA_BINARY_PACKED: truncated or bad first value" + At(pos));
  if (block_size == 0 || block_size % 128 != 0)
    return Status::Corrupt("DELTA_BINARY_PACKED: block size " + std::to_string(block_size) +
                           " is not a positive multiple of 128");
  if (block_size > kMaxDeltaBlockSize)
    return Status::Unsupported("DELTA_BINARY_PACKED: block size " + std::to_string(block_size) +
                               " exceeds the supported " + std::to_string(kMaxDeltaBlockSize));
  if (miniblocks == 0 || block_size % miniblocks != 0 || (block_size / miniblocks) % 32 != 0)
    return Status::Corrupt("DELTA_BINARY_PACKED: " + std::to_string(miniblocks) +
                           " miniblocks do not split a block of " + std::to_string(block_size) +
                           " values into multiples of 32");
  const uint64_t vpm = block_size / miniblocks;
  if (total > static_cast<uint64_t>(std::numeric_limits<int64_t>::max()))
    return Status::Corrupt("DELTA_BINARY_PACKED: total value count " + std::to_string(total) +
                           " is out of range");
  // Every block costs at least its min delta byte and its bit-width bytes:
  // reject counts the input cannot hold before walking anything.
  uint64_t deltas = total == 0 ? 0 : total - 1;
  uint64_t blocks = deltas / block_size + (deltas % block_size != 0);
  if (blocks > (size - pos) / (1 + miniblocks))
    return Status::Corrupt("DELTA_BINARY_PACKED: header claims " + std::to_string(total) +
                           " values in " + std::to_string(blocks) + " blocks but only " +
                           std::to_string(size - pos) + " bytes follow" + At(pos));
  if (!FitsFirstValueOf<T>(ZigZagDecode(first)))
    return Status::Corrupt("DELTA_BINARY_PACKED: first value " +
                           std::to_string(static_cast<int64_t>(ZigZagDecode(first))) +
                           " is outside INT32");
  const size_t blocks_start = pos;
  // Walk the blocks: validate widths and sizes, find the end.
  uint64_t left = deltas;
  for (uint64_t b = 0; left > 0; ++b) {
    const size_t min_delta_at = pos;
    uint64_t min_delta;
    if (!ReadUleb(data, size, &pos, &min_delta))
      return Status::Corrupt("DELTA_BINARY_PACKED: truncated or bad min delta of block " +
                             std::to_string(b) + At(pos));
    if (!FitsMinDeltaOf<T>(min_delta)) [[unlikely]]
      return MinDeltaOutOfRange(min_delta, b, min_delta_at);
    if (size - pos < miniblocks)
      return Status::Corrupt("DELTA_BINARY_PACKED: truncated bit widths of block " +
                             std::to_string(b) + At(pos));
    const uint8_t* widths = data + pos;
    pos += miniblocks;
    for (uint64_t m = 0; m < miniblocks && left > 0; ++m) {
      uint64_t w = widths[m];
      if (w > kBits)
        return Status::Corrupt("DELTA_BINARY_PACKED: bit width " + std::to_string(w) +
                               " exceeds " + std::to_string(kBits) + " in miniblock " +
                               std::to_string(m) + " of block " + std::to_string(b) +
                               At(static_cast<size_t>(widths + m - data)));
      uint64_t n = std::min(left, vpm);
      uint64_t full = w * vpm / 8;
      if (size - pos >= full) {
        pos += full;
      } else if (left <= vpm && size - pos >= (n * w + 7) / 8) {
        pos = size;  // the stream's last miniblock, unpadded: tolerated
      } else {
        return Status::Corrupt("DELTA_BINARY_PACKED: miniblock " + std::to_string(m) +
                               " of block " + std::to_string(b) + " needs " +
                               std::to_string(full) + " bytes, " + std::to_string(size - pos) +
                               " left" + At(pos));
      }
      left -= n;
    }
  }
  data_ = data;
  size_ = size;
  end_ = pos;
  pos_ = blocks_start;
  block_size_ = block_size;
  miniblocks_ = miniblocks;
  values_per_mb_ = vpm;
  total_values_ = static_cast<int64_t>(total);
  values_left_ = total_values_;
  first_pending_ = total > 0;
  last_ = static_cast<U>(ZigZagDecode(first));
  mb_index_ = miniblocks_;  // forces StartBlock on first use
  return Status::OK();
}

template <typename T>
void DeltaBinaryPackedDecoder<T>::StartBlock() {
  min_delta_ = static_cast<U>(ZigZagDecode(ReadUlebUnchecked(data_, &pos_)));
  widths_ = data_ + pos_;
  pos_ += miniblocks_;
  mb_index_ = 0;
}

template <typename T>
inline void DeltaBinaryPackedDecoder<T>::NextMiniblock() {
  if (mb_index_ + 1 >= miniblocks_) {
    StartBlock();
  } else {
    ++mb_index_;
  }
  width_ = widths_[mb_index_];
  mb_groups_left_ = values_per_mb_ / 32;
}

template <typename T>
void DeltaBinaryPackedDecoder<T>::RefillPending() {
  // One group through a zero-padded copy (used near the end of the span).
  uint8_t buf[4 * 64 + 8] = {};
  size_t bytes = 4 * static_cast<size_t>(width_);
  size_t avail = std::min(bytes, size_ - std::min(pos_, size_));
  if (avail > 0) std::memcpy(buf, data_ + pos_, avail);
  kGroupsTable<U>[width_](buf, 1, min_delta_, &last_, pending_);
  pos_ += bytes;
  --mb_groups_left_;
  pending_pos_ = 0;
  pending_len_ = 32;
}

template <typename T>
Result<int64_t> DeltaBinaryPackedDecoder<T>::Decode(T* out, int64_t max) {
  if (max < 0) return Status::InvalidArgument("DELTA_BINARY_PACKED: negative batch size");
  const int64_t n = std::min(max, values_left_);
  U* o = reinterpret_cast<U*>(out);  // signed/unsigned variants may alias
  int64_t done = 0;
  if (n > 0 && first_pending_) {
    o[done++] = last_;
    first_pending_ = false;
  }
  while (done < n) {
    if (pending_pos_ < pending_len_) {
      int64_t k = std::min<int64_t>(pending_len_ - pending_pos_, n - done);
      std::memcpy(o + done, pending_ + pending_pos_, static_cast<size_t>(k) * sizeof(U));
      pending_pos_ += static_cast<uint32_t>(k);
      done += k;
      continue;
    }
    // Fast path: whole groups straight into `out`, miniblock after miniblock.
    while (n - done >= 32) {
      if (mb_groups_left_ == 0) NextMiniblock();
      uint64_t groups = std::min<uint64_t>(mb_groups_left_, static_cast<uint64_t>(n - done) / 32);
      const uint64_t group_bytes = 4 * static_cast<uint64_t>(width_);
      if (group_bytes > 0 && pos_ + groups * group_bytes + 8 > size_) [[unlikely]] {
        // Keep the kernel's 8-byte over-read inside the span.
        groups = std::min<uint64_t>(groups, size_ >= pos_ + 8 ? (size_ - pos_ - 8) / group_bytes : 0);
        if (groups == 0) break;
      }
      kGroupsTable<U>[width_](data_ + pos_, groups, min_delta_, &last_, o + done);
      pos_ += groups * group_bytes;
      mb_groups_left_ -= groups;
      done += static_cast<int64_t>(groups * 32);
    }
    if (done < n) {
      if (mb_groups_left_ == 0) NextMiniblock();
      RefillPending();
    }
  }
  values_left_ -= n;
  return n;
}

template <typename T>
Status DeltaBinaryPackedDecoder<T>::Skip(int64_t n) {
  if (n < 0 || n > values_left_)
    return Status::InvalidArgument("DELTA_BINARY_PACKED: cannot skip " + std::to_string(n) +
                                   " values, " + std::to_string(values_left_) + " left");
  T scratch[256];
  while (n > 0) {
    PARQ_ASSIGN_OR_RETURN(int64_t got, Decode(scratch, std::min<int64_t>(n, 256)));
    n -= got;
  }
  return Status::OK();
}

// ---------------------------------------------------------------- encoder

template <typename T>
DeltaBinaryPackedEncoder<T>::DeltaBinaryPackedEncoder(uint32_t block_size, uint32_t miniblocks)
    : block_size_(block_size), miniblocks_(miniblocks) {}

template <typename T>
void DeltaBinaryPackedEncoder<T>::Put(const T* values, int64_t n) {
  values_.insert(values_.end(), values, values + n);
}

template <typename T>
void DeltaBinaryPackedEncoder<T>::FlushTo(std::string* out) {
  const size_t n = values_.size();
  WriteUleb(block_size_, out);
  WriteUleb(miniblocks_, out);
  WriteUleb(n, out);
  WriteUleb(ZigZagEncode(n > 0 ? static_cast<int64_t>(values_[0]) : 0), out);
  const uint32_t vpm = block_size_ / miniblocks_;
  std::vector<uint64_t> rel(block_size_);
  std::vector<uint8_t> widths(miniblocks_);
  std::string body;
  for (size_t i = 1; i < n; i += block_size_) {
    const size_t count = std::min<size_t>(block_size_, n - i);
    T min_delta = std::numeric_limits<T>::max();
    for (size_t j = 0; j < count; ++j) {
      T d = static_cast<T>(static_cast<U>(values_[i + j]) - static_cast<U>(values_[i + j - 1]));
      min_delta = std::min(min_delta, d);
    }
    for (size_t j = 0; j < count; ++j) {
      U d = static_cast<U>(values_[i + j]) - static_cast<U>(values_[i + j - 1]);
      rel[j] = static_cast<U>(d - static_cast<U>(min_delta));
    }
    std::fill(rel.begin() + static_cast<ptrdiff_t>(count), rel.end(), 0);
    WriteUleb(ZigZagEncode(static_cast<int64_t>(min_delta)), out);
    body.clear();
    for (uint32_t m = 0; m < miniblocks_; ++m) {
      size_t begin = size_t{m} * vpm;
      if (begin >= count) {
        widths[m] = 0;
        continue;
      }
      uint64_t all = 0;
      for (size_t j = begin; j < begin + vpm; ++j) all |= rel[j];
      widths[m] = static_cast<uint8_t>(BitWidth(all));
      PackValues(rel.data() + begin, vpm, widths[m], &body);
    }
    out->append(reinterpret_cast<const char*>(widths.data()), widths.size());
    out->append(body);
  }
  values_.clear();
}

template class DeltaBinaryPackedDecoder<int32_t>;
template class DeltaBinaryPackedDecoder<int64_t>;
template class DeltaBinaryPackedEncoder<int32_t>;
template class DeltaBinaryPackedEncoder<int64_t>;

}  // namespace parq::encoding
