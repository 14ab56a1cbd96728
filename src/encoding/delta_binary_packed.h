// DELTA_BINARY_PACKED (encoding 5): a pure codec over raw byte spans for
// INT32 and INT64 values.
//
// Grammar (Parquet Encodings.md, in our words):
//
//   stream      := header block*
//   header      := <block size in values : ULEB128>      multiple of 128
//                  <miniblocks per block : ULEB128>      block size / this = values per
//                                                         miniblock, a multiple of 32
//                  <total value count    : ULEB128>
//                  <first value          : zigzag ULEB128>
//   block       := <min delta : zigzag ULEB128>
//                  <bit width : 1 byte> × miniblocks per block
//                  miniblock*
//   miniblock   := (delta - min delta) × values per miniblock, bit-packed
//                  LSB-first with the miniblock's bit width (width × values/8 bytes)
//
// value[0] is the first value; value[i] = value[i-1] + min delta + packed[i-1].
// All arithmetic wraps in two's complement (we compute in the unsigned type).
// Blocks continue until total count - 1 deltas are stored.  In the last block,
// miniblocks that hold no value have no bytes and their bit-width bytes may hold
// any value (readers must ignore them); the last used miniblock is padded to its
// full size.  A bit width wider than the type (32 / 64) is corrupt.
//
// Decoder validation: Init() parses the header and walks every block header
// (O(number of blocks), no allocation), checking bit widths and that every
// miniblock's bytes are present, and for INT32 that the first value fits INT32
// and each min delta within ±(2^32 - 1) (a difference of two INT32 values; the
// values themselves wrap modulo 2^32 as the format allows, so they are not
// checked), so bytes_consumed() — the end offset of the
// stream, needed by DELTA_LENGTH_BYTE_ARRAY / DELTA_BYTE_ARRAY which embed this
// encoding — is known right after Init() and Decode() runs unchecked loops.
// The decoder never allocates.  Lenient points (as Arrow and parquet-mr): the
// bit-width bytes of unused miniblocks are ignored; the very last miniblock of
// the stream may be truncated to the bytes its values need; bytes after the
// stream are not examined.
//
// Ownership: the decoder borrows the bytes given to Init(); they must outlive
// decoding.  Thread-safety: none; one codec object per thread.
#ifndef PARQ_ENCODING_DELTA_BINARY_PACKED_H_
#define PARQ_ENCODING_DELTA_BINARY_PACKED_H_

#include <cstddef>
#include <cstdint>
#include <string>
#include <type_traits>
#include <vector>

#include "parq/result.h"
#include "parq/status.h"

namespace parq::encoding {

// Largest block size (values) the decoder accepts.  The format sets no bound;
// writers use 128 (parquet-mr, Arrow) to 2048 (DuckDB).  The cap bounds how many
// values a few header bytes can claim.
inline constexpr uint64_t kMaxDeltaBlockSize = uint64_t{1} << 20;

template <typename T>
class DeltaBinaryPackedDecoder {
  static_assert(std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>);

 public:
  using U = std::make_unsigned_t<T>;

  // Parses the header and validates the whole block structure (see above).
  // On error (kCorrupt, naming the byte offset) the decoder holds no values.
  Status Init(const uint8_t* data, size_t size);

  // The value count from the header.
  int64_t total_values() const { return total_values_; }
  // Values not yet returned by Decode / Skip.
  int64_t values_left() const { return values_left_; }

  // Writes min(max, values_left()) values to `out` and returns that count.
  // REQUIRES: Init() succeeded; `out` has room for `max` values.
  Result<int64_t> Decode(T* out, int64_t max);

  // Discards n values; kInvalidArgument if n < 0 or n > values_left().
  Status Skip(int64_t n);

  // The end offset of the encoded stream in the Init() span: where data that
  // follows it (lengths' payload, suffixes) begins.  Valid right after Init().
  size_t bytes_consumed() const { return end_; }

 private:
  // Starts the next block: reads the min delta and points at the bit widths.
  void StartBlock();
  // Moves to the next miniblock (starting the next block when needed).
  void NextMiniblock();
  // Unpacks one group of 32 values from the current miniblock into pending_.
  void RefillPending();

  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t end_ = 0;
  size_t pos_ = 0;               // next unread byte (block header or miniblock data)
  uint64_t block_size_ = 0;
  uint64_t miniblocks_ = 0;
  uint64_t values_per_mb_ = 0;
  int64_t total_values_ = 0;
  int64_t values_left_ = 0;
  bool first_pending_ = false;   // the header's first value is not yet returned
  U last_ = 0;                   // last value returned
  U min_delta_ = 0;
  const uint8_t* widths_ = nullptr;  // bit widths of the current block
  uint64_t mb_index_ = 0;        // current miniblock within the block
  uint64_t mb_groups_left_ = 0;  // 32-value groups left in the current miniblock
  uint32_t width_ = 0;           // bit width of the current miniblock
  // Values already reconstructed (absolute) but not yet returned.
  U pending_[32] = {};
  uint32_t pending_pos_ = 0;
  uint32_t pending_len_ = 0;
};

// Encoder.  Put() buffers values; FlushTo() appends one complete stream and
// resets the encoder.  Miniblocks use the narrowest bit width that holds their
// deltas; unused miniblocks of the last block get width 0 and no bytes.
template <typename T>
class DeltaBinaryPackedEncoder {
  static_assert(std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>);

 public:
  using U = std::make_unsigned_t<T>;

  // REQUIRES: block_size a positive multiple of 128, miniblocks divides it,
  // block_size / miniblocks a multiple of 32.
  explicit DeltaBinaryPackedEncoder(uint32_t block_size = 128, uint32_t miniblocks = 4);

  void Put(const T* values, int64_t n);
  void Put(T value) { Put(&value, 1); }
  int64_t num_values() const { return static_cast<int64_t>(values_.size()); }

  // Appends the encoded stream to *out and clears the buffered values.
  void FlushTo(std::string* out);

 private:
  uint32_t block_size_;
  uint32_t miniblocks_;
  std::vector<T> values_;
};

extern template class DeltaBinaryPackedDecoder<int32_t>;
extern template class DeltaBinaryPackedDecoder<int64_t>;
extern template class DeltaBinaryPackedEncoder<int32_t>;
extern template class DeltaBinaryPackedEncoder<int64_t>;

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_DELTA_BINARY_PACKED_H_
