// encoding/bit_unpack.h — fixed-width bit unpacking and packing kernels.
//
// Layout (Parquet Encodings.md, "bit-packed" in the RLE/bit-packed hybrid and
// DELTA_BINARY_PACKED miniblocks):
//
//   values are packed from the least significant bit of each byte to the most
//   significant bit, value after value, with no padding between values:
//     dec value: 0   1   2   3   4   5   6   7
//     bit value: 000 001 010 011 100 101 110 111   (width 3)
//     bit label: ABC DEF GHI JKL MNO PQR STU VWX
//     bytes:     10001000 11000110 11111010
//     labels:    HIDEFABC RMNOJKLG VWXSTUPQ
//
// Unpack() decodes with one kernel per bit width, instantiated at compile time,
// that turns 32 values (exactly 4 * width bytes) per step into straight-line
// shifts and masks (uint32 outputs of widths 1..25: AVX2 kernels, eight
// values per shuffle, shift and mask, where util::UseAvx2()).  A final partial block is unpacked from a zero-padded copy,
// so the kernels never read a byte past BytesForBits(n * width).
//
// The deprecated BIT_PACKED level encoding packs MSB-first instead; it has its
// own (slow, simple) routines in rle_bit_packed.h.
//
// Thread-safety: pure functions.
#ifndef PARQ_ENCODING_BIT_UNPACK_H_
#define PARQ_ENCODING_BIT_UNPACK_H_

#include <cstddef>
#include <cstdint>

namespace parq::encoding {

// Bytes needed to hold `bits` bits.
constexpr int64_t BytesForBits(int64_t bits) { return (bits + 7) >> 3; }

// Unpacks n values of `width` bits from `in` (LSB-first) into `out`.
// REQUIRES: 0 <= width <= 8 * sizeof(out element); n >= 0;
//           `in` holds at least BytesForBits(n * width) bytes.
void Unpack(const uint8_t* in, int width, uint8_t* out, int64_t n);
void Unpack(const uint8_t* in, int width, uint16_t* out, int64_t n);
void Unpack(const uint8_t* in, int width, uint32_t* out, int64_t n);
void Unpack(const uint8_t* in, int width, uint64_t* out, int64_t n);
// The same where `readable` bytes from `in` may be read (a page's remaining
// bytes), so that the AVX2 kernels need not leave a run's last blocks to the
// portable ones for fear of reading past its end.
// REQUIRES: readable >= BytesForBits(n * width).
void Unpack(const uint8_t* in, int width, uint32_t* out, int64_t n, int64_t readable);

// Packs n values LSB-first with `width` bits each into `out`, which must hold
// BytesForBits(n * width) bytes (the last byte's unused high bits are zeroed).
// Bits of a value above `width` are ignored.
// REQUIRES: 0 <= width <= 8 * sizeof(in element).
void Pack(const uint32_t* in, int width, int64_t n, uint8_t* out);
void Pack(const uint64_t* in, int width, int64_t n, uint8_t* out);

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_BIT_UNPACK_H_
