// encoding/rle_bit_packed.h — the RLE / bit-packing hybrid (encoding 3), used
// for repetition and definition levels, RLE booleans and dictionary indices;
// plus the deprecated BIT_PACKED level encoding (encoding 4).
//
// Grammar (Parquet Encodings.md, in our words):
//
//   rle-bit-packed-hybrid := <length> <encoded-data>
//     length       := byte length of encoded-data, 4 bytes little endian
//                     (present in v1 data page levels and RLE booleans; absent
//                     in v2 data page levels and dictionary indices)
//   encoded-data   := <run>*
//   run            := <bit-packed-run> | <rle-run>
//   bit-packed-run := <bit-packed-header> <bit-packed-values>
//   bit-packed-header := ULEB128( (bit-packed-run-len / 8) << 1 | 1 )
//   bit-packed-values := bit-packed-run-len values, LSB-first (bit_unpack.h);
//                     run length is always a multiple of 8 (the last group is
//                     padded), so the run takes (run-len / 8) * bit-width bytes
//   rle-run        := <rle-header> <repeated-value>
//   rle-header     := ULEB128( rle-run-len << 1 )
//   repeated-value := the value in ceil(bit-width / 8) bytes, little endian
//
// The bit width is not in the stream: levels derive it from the max level,
// dictionary indices carry it in one byte before the stream, booleans use 1.
//
// BIT_PACKED (deprecated, levels of v1 pages only): num_values values of
// bit-width bits each, packed MSB-first (the first value in the high bits of
// the first byte), ceil(num_values * bit-width / 8) bytes, no header.
//
// Decoder hostility rules: a header that runs off the end, a varint longer than
// 5 bytes, an RLE value missing bytes or wider than the bit width is kCorrupt
// naming the byte offset.  A bit-packed run claiming more values than its bytes
// can hold is clipped to the values that are present and ends the stream (as
// Arrow and parquet-mr do: some writers leave the last group short); callers
// that need N values and get fewer report the shortfall.  Nothing is allocated
// from a count read from the data.
//
// Ownership: decoders borrow the bytes given to Init(); they must outlive
// decoding.  Thread-safety: none; one object per thread.
#ifndef PARQ_ENCODING_RLE_BIT_PACKED_H_
#define PARQ_ENCODING_RLE_BIT_PACKED_H_

#include <cstddef>
#include <cstdint>
#include <vector>

#include "parq/result.h"
#include "parq/status.h"

namespace parq::encoding {

// The widest values the hybrid carries: 32 bits (an RLE run's value and the
// decoder's output are uint32_t).
inline constexpr int kMaxRleBitWidth = 32;
// The widest BIT_PACKED levels: levels are int16_t, never negative.
inline constexpr int kMaxBitPackedLevelWidth = 16;

// Bit width needed for values 0..max_value (0 for max_value 0).
int BitWidthFor(uint64_t max_value);

class RleBitPackedDecoder {
 public:
  RleBitPackedDecoder() = default;

  // Starts decoding `size` bytes (no length prefix).  kCorrupt if bit_width is
  // outside 0..kMaxRleBitWidth.
  Status Init(const uint8_t* data, size_t size, int bit_width);

  int bit_width() const { return width_; }

  // Decodes up to n values into `out` and returns how many were written:
  // fewer than n only when the stream is exhausted.  Runs may cross batch
  // boundaries freely.  T is uint8_t, uint16_t or uint32_t; kInvalidArgument if
  // the bit width does not fit T.
  // REQUIRES: Init() succeeded; `out` has room for n values.
  template <typename T>
  Result<int64_t> GetBatch(T* out, int64_t n);

  // Discards up to n values; returns how many were discarded.
  Result<int64_t> Skip(int64_t n);

  // Consumes up to n values without storing them: *equal counts those equal
  // to `value`, *max_seen is the largest (0 when none).  RLE runs cost O(1),
  // so a page of all-present definition levels is counted without decoding.
  // Returns how many were consumed (fewer only at the end of the stream).
  Result<int64_t> CountEqual(int64_t n, uint32_t value, int64_t* equal, uint32_t* max_seen);

  // Bit width 1 only: decodes up to n values as bits, value i into bit i of
  // `bits` (LSB-first; (n + 7) / 8 bytes, written whole) and returns how
  // many were decoded: fewer than n only when the stream is exhausted (the
  // bits past them are 0).  RLE runs are filled and bit-packed groups copied
  // a byte at a time, never unpacked value by value.
  // REQUIRES: Init() succeeded with bit width 1.
  Result<int64_t> GetBits(uint8_t* bits, int64_t n);

  // Bytes consumed so far (the offset of the next run header).
  size_t position() const { return pos_; }

 private:
  // Reads the next run header.  Leaves run_left_ == 0 at the end of the data.
  Status NextRun();
  // Unpacks the next block of a literal run (up to 32 values) into buf_.
  void BufferBlock();

  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t pos_ = 0;  // next header
  int width_ = 0;
  int value_bytes_ = 0;

  bool literal_ = false;
  uint64_t run_left_ = 0;  // values left in the current run (excluding buf_)
  uint32_t rle_value_ = 0;
  const uint8_t* literal_ptr_ = nullptr;  // next unread byte of a literal run

  // A partly consumed block of a literal run.
  uint32_t buf_[32];
  int buf_pos_ = 0;
  int buf_len_ = 0;
};

// The 4-byte little-endian length prefix of v1 levels and RLE booleans.
struct LengthPrefixed {
  const uint8_t* data = nullptr;  // the hybrid stream
  size_t size = 0;                // its length
  size_t consumed = 0;            // 4 + size: where what follows begins
};
// kCorrupt if fewer than 4 bytes or the length exceeds the bytes after it.
Result<LengthPrefixed> ReadLengthPrefixed(const uint8_t* data, size_t size);

// Encoder: greedy, as parquet-mr and Arrow: a run of 8 or more repeats of a
// value starting at a group boundary becomes an RLE run, everything else goes
// into bit-packed runs of at most 504 values (one header byte).
class RleBitPackedEncoder {
 public:
  // REQUIRES: 0 <= bit_width <= kMaxRleBitWidth.
  explicit RleBitPackedEncoder(int bit_width);

  void Put(uint32_t value);
  template <typename T>
  void PutBatch(const T* values, int64_t n) {
    for (int64_t i = 0; i < n;) {
      if (repeat_count_ > 8) {
        // Inside an RLE run: take every further repeat at once.
        int64_t j = i;
        while (j < n && static_cast<uint32_t>(values[j]) == current_) ++j;
        repeat_count_ += j - i;
        i = j;
        if (i == n) break;
      }
      if (num_buffered_ == 0 && repeat_count_ < 8 && n - i >= 8 && values[i + 7] != values[i + 6]) {
        // A whole group that cannot end in a run of 8: it is bit-packed
        // exactly as eight Put calls would pack it.
        for (int k = 0; k < 8; ++k) buffered_[k] = static_cast<uint32_t>(values[i + k]);
        current_ = buffered_[7];
        repeat_count_ = 1;
        num_buffered_ = 8;
        FlushBuffered(false);
        i += 8;
        continue;
      }
      Put(static_cast<uint32_t>(values[i++]));
    }
  }

  // The same as `count` calls of Put(value), at once.
  // REQUIRES: nothing Put since the last flush.
  void PutRun(uint32_t value, int64_t count) {
    if (count < 8) {
      for (int64_t i = 0; i < count; ++i) Put(value);
      return;
    }
    // Eight Puts of one value open an RLE run and buffer nothing.
    current_ = value;
    repeat_count_ = count;
    num_buffered_ = 0;
  }

  // Appends the stream of everything Put since the last flush to *out
  // (optionally behind the 4-byte length prefix) and resets the encoder.
  void Flush(std::vector<uint8_t>* out);
  void FlushWithLengthPrefix(std::vector<uint8_t>* out);

  // Bytes the stream would take if flushed now (an upper-bound estimate).
  int64_t EstimatedSize() const;

  int bit_width() const { return width_; }

  // Memory the stream so far takes (its buffer's room stays from one flush
  // to the next: not counted, as a dictionary's indices).
  int64_t memory() const { return static_cast<int64_t>(out_.size()); }

 private:
  void FlushBuffered(bool done);
  void FlushRepeatedRun();
  // Closes the open literal run, if any: writes its header byte.
  void FlushLiteralRun();
  void Finish();

  int width_;
  int value_bytes_;
  std::vector<uint8_t> out_;
  uint32_t buffered_[8];
  int num_buffered_ = 0;
  uint32_t current_ = 0;
  int64_t repeat_count_ = 0;
  int64_t literal_count_ = 0;       // values in the open literal run
  int64_t literal_header_ = -1;     // offset of its header byte in out_
};

// BIT_PACKED (MSB-first) level decoder.
class BitPackedLevelDecoder {
 public:
  // kCorrupt if bit_width is outside 0..kMaxBitPackedLevelWidth or the data
  // holds fewer than ceil(num_values * bit_width / 8) bytes.
  Status Init(const uint8_t* data, size_t size, int bit_width, int64_t num_values);
  // Bytes the num_values levels occupy (where what follows begins).
  size_t bytes_used() const { return bytes_used_; }
  // Decodes up to n levels; returns how many (fewer only at the end).
  int64_t GetBatch(uint16_t* out, int64_t n);

 private:
  const uint8_t* data_ = nullptr;
  size_t bytes_used_ = 0;
  int width_ = 0;
  int64_t values_left_ = 0;
  uint64_t bit_pos_ = 0;
};

// Packs levels MSB-first (BIT_PACKED), appending to *out.
void PackBitPackedLevels(const uint16_t* levels, int64_t n, int bit_width,
                         std::vector<uint8_t>* out);

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_RLE_BIT_PACKED_H_
