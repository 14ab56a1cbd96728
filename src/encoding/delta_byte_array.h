// DELTA_BYTE_ARRAY (encoding 7), "incremental" or front coding: a pure codec
// over raw byte spans for BYTE_ARRAY and FIXED_LEN_BYTE_ARRAY values.
//
// Grammar (Parquet Encodings.md, in our words):
//
//   stream := <prefix lengths : DELTA_BINARY_PACKED INT32 stream>
//             <suffixes       : DELTA_LENGTH_BYTE_ARRAY stream>
//
// value[i] = first prefix[i] bytes of value[i-1], then suffix[i]; prefix[0] is 0
// (value[-1] is empty).  Both streams hold the same count.  FIXED_LEN_BYTE_ARRAY
// stores every length too; each rebuilt value must have the type length.
// e.g. "axis", "axle", "babble", "babyhood" → DBP(0, 2, 0, 3), DBP(4, 2, 6, 5),
// "axislebabbleyhood".
//
// Decoder: Init() validates both streams' structure and that their counts
// agree.  Decode() checks each prefix length against the previous value's
// length (kCorrupt otherwise).  A value with prefix 0 is returned as a view into
// the Init() span; others are rebuilt into buffers the decoder owns.  All views
// stay valid until the next Init() (or the decoder's destruction), and the
// Init() span must outlive them too.  Because rebuilt values can be far larger
// than the input (a long prefix repeated), the decoder's buffers are capped by
// `max_buffer_bytes` per Init(): exceeding it is kLimitExceeded.
//
// Thread-safety: none; one codec object per thread.
#ifndef PARQ_ENCODING_DELTA_BYTE_ARRAY_H_
#define PARQ_ENCODING_DELTA_BYTE_ARRAY_H_

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "encoding/delta_binary_packed.h"
#include "encoding/delta_length_byte_array.h"
#include "parq/result.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq::encoding {

class DeltaByteArrayDecoder {
 public:
  // `fixed_length` < 0 for BYTE_ARRAY, else the FIXED_LEN_BYTE_ARRAY type length.
  explicit DeltaByteArrayDecoder(int32_t fixed_length = -1,
                                 int64_t max_buffer_bytes = int64_t{1} << 30);

  Status Init(const uint8_t* data, size_t size);

  int64_t total_values() const { return prefixes_.total_values(); }
  int64_t values_left() const { return prefixes_.values_left(); }

  // Writes min(max, values_left()) values to `out` and returns that count.
  // REQUIRES: Init() succeeded; `out` has room for `max` values.
  Result<int64_t> Decode(ByteArray* out, int64_t max);
  // The same for FIXED_LEN_BYTE_ARRAY.  REQUIRES: constructed with fixed_length >= 0.
  Result<int64_t> Decode(FixedLenByteArray* out, int64_t max);

  // Discards n values (they are still rebuilt: later values depend on them).
  Status Skip(int64_t n);

  // Bytes held in rebuilt values since Init().
  int64_t buffer_bytes() const { return buffered_; }

 private:
  static constexpr int kBatch = 512;
  // Reserves `n` contiguous bytes in the arena; kLimitExceeded past the cap.
  Result<uint8_t*> Reserve(size_t n);

  int32_t fixed_length_;
  int64_t max_buffer_bytes_;
  DeltaBinaryPackedDecoder<int32_t> prefixes_;
  DeltaLengthByteArrayDecoder suffixes_;
  size_t suffix_offset_ = 0;  // where the suffixes' stream begins in the Init() span
  ByteArray prev_;
  std::vector<std::unique_ptr<uint8_t[]>> chunks_;
  uint8_t* cur_ = nullptr;
  size_t cur_left_ = 0;
  int64_t buffered_ = 0;
  int32_t prefix_scratch_[kBatch];
  ByteArray suffix_scratch_[kBatch];
};

// Encoder: Put() computes each value's shared prefix with the previous one;
// FlushTo() appends one complete stream and resets the encoder.
class DeltaByteArrayEncoder {
 public:
  // kInvalidArgument for a value longer than INT32_MAX bytes (nothing is added).
  Status Put(const ByteArray* values, int64_t n);
  // REQUIRES: type_length >= 0; each value points at type_length bytes.
  Status Put(const FixedLenByteArray* values, int64_t n, int32_t type_length);
  int64_t num_values() const { return prefixes_.num_values(); }
  void FlushTo(std::string* out);

 private:
  DeltaBinaryPackedEncoder<int32_t> prefixes_;
  DeltaLengthByteArrayEncoder suffixes_;
  std::string last_;
};

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_DELTA_BYTE_ARRAY_H_
