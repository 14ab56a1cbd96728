// encoding/bit_unpack.cc — per-width kernels; see bit_unpack.h.
//
// Kernel shape: for a block of 32 values of width W the block is exactly 4*W
// bytes.  Value i starts at bit i*W.  For W <= 56 one unaligned 64-bit load
// covers the value; the load is placed at byte i*W/8, or moved back to the
// block's last 8 bytes when it would cross the block end (the shift grows to
// match).  Everything is a compile-time constant, so each value becomes
// load, shift, and, store.  Widths above 56 (64-bit outputs only) add one
// byte from the following position.
//
// With AVX2 (util::UseAvx2(); builds target baseline x86-64), uint32
// outputs of widths 1..25 go eight values at a time: a group of 8 values is
// exactly W bytes; the 16 bytes from the group's start (values 0..3) and from
// its byte W/2 (values 4..7) fill the two halves of a register, one byte
// shuffle puts each value's 4 bytes in its lane, and a per-lane shift and a
// mask finish it.  The 16-byte loads may reach past a block, so the last
// blocks of a call go through the portable kernel.
#include "encoding/bit_unpack.h"

#include <algorithm>
#include <array>
#include <bit>
#include <cstring>
#include <type_traits>
#include <utility>

#include "util/cpu.h"

#if defined(__x86_64__)
#include <immintrin.h>
#define PARQ_UNPACK_AVX2 1
#endif

namespace parq::encoding {
namespace {

static_assert(std::endian::native == std::endian::little,
              "the bit-unpacking kernels assume a little-endian host");

inline uint64_t Load64(const uint8_t* p) {
  uint64_t v;
  std::memcpy(&v, p, 8);
  return v;
}

template <typename Out, int W, int I>
inline void UnpackOne(const uint8_t* in, Out* out) {
  constexpr int kBlockBytes = 4 * W;
  constexpr int kBit = I * W;
  constexpr uint64_t kMask = W == 64 ? ~uint64_t{0} : (uint64_t{1} << W) - 1;
  if constexpr (kBlockBytes < 8) {
    // W == 1: the whole block is one 32-bit word.
    uint32_t w;
    std::memcpy(&w, in, 4);
    out[I] = static_cast<Out>((w >> kBit) & kMask);
  } else if constexpr (W <= 56) {
    constexpr int kByte = kBit / 8;
    constexpr int kLoad = kByte + 8 <= kBlockBytes ? kByte : kBlockBytes - 8;
    constexpr int kShift = kBit - kLoad * 8;
    static_assert(kShift + W <= 64);
    out[I] = static_cast<Out>((Load64(in + kLoad) >> kShift) & kMask);
  } else {
    constexpr int kByte = kBit / 8;
    constexpr int kShift = kBit % 8;
    if constexpr (kShift + W > 64) {
      // Spans 9 bytes: bytes kByte .. kByte+8 all lie inside the block.
      uint64_t v = Load64(in + kByte) >> kShift;
      v |= static_cast<uint64_t>(in[kByte + 8]) << (64 - kShift);
      out[I] = static_cast<Out>(v & kMask);
    } else {
      constexpr int kLoad = kByte + 8 <= kBlockBytes ? kByte : kBlockBytes - 8;
      constexpr int kShift2 = kBit - kLoad * 8;
      out[I] = static_cast<Out>((Load64(in + kLoad) >> kShift2) & kMask);
    }
  }
}

template <typename Out, int W, size_t... I>
inline void UnpackBlock(const uint8_t* in, Out* out, std::index_sequence<I...>) {
  (UnpackOne<Out, W, static_cast<int>(I)>(in, out), ...);
}

// Unpacks `blocks` blocks of 32 values (reading exactly their bytes; the
// AVX2 kernels' `readable` does not concern it).
template <typename Out, int W>
void UnpackBlocks(const uint8_t* in, Out* out, int64_t blocks, int64_t /*readable*/ = 0) {
  static_assert(W >= 0 && W <= static_cast<int>(8 * sizeof(Out)));
  if constexpr (W == 0) {
    std::memset(out, 0, static_cast<size_t>(blocks) * 32 * sizeof(Out));
  } else if constexpr (W == 8 * sizeof(Out)) {
    std::memcpy(out, in, static_cast<size_t>(blocks) * 32 * sizeof(Out));
  } else {
    for (int64_t b = 0; b < blocks; ++b) {
      UnpackBlock<Out, W>(in, out, std::make_index_sequence<32>{});
      in += 4 * W;
      out += 32;
    }
  }
}

#ifdef PARQ_UNPACK_AVX2
// Where value i (0..7) of a group of width W sits: its first byte within its
// half's 16-byte window and its bit shift there.
template <int W>
struct Avx2Group {
  static constexpr int kHalf = (4 * W) / 8;  // byte where the upper half's window starts
  static constexpr int Bit(int i) { return i * W - (i < 4 ? 0 : 8 * kHalf); }
  static constexpr std::array<int8_t, 32> Shuffle() {
    std::array<int8_t, 32> s{};
    for (int i = 0; i < 8; ++i) {
      for (int b = 0; b < 4; ++b) s[4 * i + b] = static_cast<int8_t>(Bit(i) / 8 + b);
    }
    return s;
  }
  static constexpr std::array<int32_t, 8> Shifts() {
    std::array<int32_t, 8> s{};
    for (int i = 0; i < 8; ++i) s[i] = Bit(i) % 8;
    return s;
  }
  static_assert(W >= 1 && W <= 25, "a value and its shift must fit one 32-bit lane");
  static_assert(Bit(7) / 8 + 3 <= 15, "each half's values lie in its 16-byte window");
};

// `readable`: bytes from `in` that may be read (at least the blocks' own);
// a block whose 16-byte windows would reach past them is unpacked by the
// portable kernel.
template <int W>
[[gnu::target("avx2")]] void UnpackBlocksAvx2(const uint8_t* in, uint32_t* out, int64_t blocks,
                                              int64_t readable) {
  using G = Avx2Group<W>;
  static constexpr std::array<int8_t, 32> kShuffle = G::Shuffle();
  static constexpr std::array<int32_t, 8> kShifts = G::Shifts();
  const __m256i shuffle = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kShuffle.data()));
  const __m256i shifts = _mm256_loadu_si256(reinterpret_cast<const __m256i*>(kShifts.data()));
  const __m256i mask = _mm256_set1_epi32(static_cast<int32_t>((uint32_t{1} << W) - 1));
  // Block b's last group reads up to byte (4b + 3) * W + kHalf + 16.
  const int64_t total = std::max<int64_t>(readable, blocks * 4 * W);
  int64_t b = 0;
  for (; b < blocks && (4 * b + 3) * W + G::kHalf + 16 <= total; ++b) {
    for (int g = 0; g < 4; ++g) {
      const uint8_t* p = in + (4 * b + g) * W;
      const __m128i lo = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p));
      const __m128i hi = _mm_loadu_si128(reinterpret_cast<const __m128i*>(p + G::kHalf));
      __m256i v = _mm256_inserti128_si256(_mm256_castsi128_si256(lo), hi, 1);
      v = _mm256_shuffle_epi8(v, shuffle);
      v = _mm256_and_si256(_mm256_srlv_epi32(v, shifts), mask);
      _mm256_storeu_si256(reinterpret_cast<__m256i*>(out + 32 * b + 8 * g), v);
    }
  }
  if (b < blocks) UnpackBlocks<uint32_t, W>(in + b * 4 * W, out + 32 * b, blocks - b);
}
#endif

template <typename Out>
using BlocksFn = void (*)(const uint8_t*, Out*, int64_t blocks, int64_t readable);

template <typename Out, size_t... W>
constexpr auto MakeTable(std::index_sequence<W...>) {
  return std::array<BlocksFn<Out>, sizeof...(W)>{&UnpackBlocks<Out, static_cast<int>(W)>...};
}

template <typename Out>
inline constexpr auto kTable = MakeTable<Out>(std::make_index_sequence<8 * sizeof(Out) + 1>{});

#ifdef PARQ_UNPACK_AVX2
template <size_t... W>
constexpr auto MakeAvx2Table(std::index_sequence<W...>) {
  return std::array<BlocksFn<uint32_t>, sizeof...(W)>{
      (W >= 1 && W <= 25) ? &UnpackBlocksAvx2<(W >= 1 && W <= 25) ? static_cast<int>(W) : 1>
                          : &UnpackBlocks<uint32_t, static_cast<int>(W)>...};
}
constexpr auto kAvx2Table = MakeAvx2Table(std::make_index_sequence<33>{});
#endif

// The kernels for `width`: the AVX2 ones for uint32 where they run.
template <typename Out>
BlocksFn<Out> Kernel(int width) {
#ifdef PARQ_UNPACK_AVX2
  if constexpr (std::is_same_v<Out, uint32_t>) {
    if (util::UseAvx2()) return kAvx2Table[static_cast<size_t>(width)];
  }
#endif
  return kTable<Out>[static_cast<size_t>(width)];
}

template <typename Out>
void UnpackImpl(const uint8_t* in, int width, Out* out, int64_t n, int64_t readable) {
  BlocksFn<Out> fn = Kernel<Out>(width);
  const int64_t blocks = n / 32;
  if (blocks > 0) fn(in, out, blocks, readable);
  const int64_t rest = n - blocks * 32;
  if (rest == 0) return;
  in += blocks * 4 * width;
  out += blocks * 32;
  // The tail: copy the bytes it needs into a zeroed block and unpack that.
  uint8_t padded[4 * 64] = {};
  if (width > 0) std::memcpy(padded, in, static_cast<size_t>(BytesForBits(rest * width)));
  Out tmp[32];
  fn(padded, tmp, 1, sizeof(padded));
  std::memcpy(out, tmp, static_cast<size_t>(rest) * sizeof(Out));
}

template <typename In>
void PackImpl(const In* in, int width, int64_t n, uint8_t* out) {
  if (width == 0 || n == 0) return;
  if (width == static_cast<int>(8 * sizeof(In))) {
    std::memcpy(out, in, static_cast<size_t>(n) * sizeof(In));
    return;
  }
  const uint64_t mask = (uint64_t{1} << width) - 1;
  // A 64-bit accumulator; flushes whole bytes as they fill.
  uint64_t acc = 0;
  int bits = 0;
  size_t pos = 0;
  for (int64_t i = 0; i < n; ++i) {
    const uint64_t v = static_cast<uint64_t>(in[i]) & mask;
    acc |= v << bits;
    const int before = bits;
    bits += width;
    if (bits >= 64) {
      std::memcpy(out + pos, &acc, 8);
      pos += 8;
      bits -= 64;
      acc = before == 0 ? 0 : v >> (64 - before);
    }
  }
  while (bits > 0) {
    out[pos++] = static_cast<uint8_t>(acc);
    acc >>= 8;
    bits -= 8;
  }
}

}  // namespace

void Unpack(const uint8_t* in, int width, uint8_t* out, int64_t n) { UnpackImpl(in, width, out, n, 0); }
void Unpack(const uint8_t* in, int width, uint16_t* out, int64_t n) { UnpackImpl(in, width, out, n, 0); }
void Unpack(const uint8_t* in, int width, uint32_t* out, int64_t n) { UnpackImpl(in, width, out, n, 0); }
void Unpack(const uint8_t* in, int width, uint64_t* out, int64_t n) { UnpackImpl(in, width, out, n, 0); }
void Unpack(const uint8_t* in, int width, uint32_t* out, int64_t n, int64_t readable) {
  UnpackImpl(in, width, out, n, readable);
}

void Pack(const uint32_t* in, int width, int64_t n, uint8_t* out) { PackImpl(in, width, n, out); }
void Pack(const uint64_t* in, int width, int64_t n, uint8_t* out) { PackImpl(in, width, n, out); }

}  // namespace parq::encoding
