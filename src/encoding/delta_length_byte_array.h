// DELTA_LENGTH_BYTE_ARRAY (encoding 6): a pure codec over raw byte spans for
// BYTE_ARRAY values.
//
// Grammar (Parquet Encodings.md, in our words):
//
//   stream := <lengths : DELTA_BINARY_PACKED INT32 stream> <bytes of all values, back to back>
//
// e.g. "Hello", "World", "Foobar", "ABCDEF" → DBP(5, 5, 6, 6) "HelloWorldFoobarABCDEF".
//
// Decoder: Init() parses and validates the lengths' stream structure (no
// allocation); the lengths themselves are decoded in small batches during
// Decode(), each checked to be non-negative and to fit in the bytes left, so
// memory stays O(1) whatever count the header claims.  Returned ByteArray
// values are views into the Init() span: valid as long as those bytes are.
// Bytes after the last value are not examined.
//
// Thread-safety: none; one codec object per thread.
#ifndef PARQ_ENCODING_DELTA_LENGTH_BYTE_ARRAY_H_
#define PARQ_ENCODING_DELTA_LENGTH_BYTE_ARRAY_H_

#include <cstddef>
#include <cstdint>
#include <string>

#include "encoding/delta_binary_packed.h"
#include "parq/result.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq::encoding {

class DeltaLengthByteArrayDecoder {
 public:
  // Parses the lengths' header and block structure; kCorrupt on a bad stream.
  Status Init(const uint8_t* data, size_t size);

  int64_t total_values() const { return lengths_.total_values(); }
  int64_t values_left() const { return lengths_.values_left(); }

  // Writes min(max, values_left()) views to `out` and returns that count.
  // kCorrupt if a length is negative or runs past the end of the data.
  // REQUIRES: Init() succeeded; `out` has room for `max` values.
  Result<int64_t> Decode(ByteArray* out, int64_t max);

  // Discards n values (kInvalidArgument if n < 0 or n > values_left()).
  Status Skip(int64_t n);

  // Offset just past the last value's bytes returned so far; after all values
  // are decoded, the end of the stream.
  size_t bytes_consumed() const { return pos_; }

 private:
  static constexpr int kBatch = 512;
  DeltaBinaryPackedDecoder<int32_t> lengths_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t pos_ = 0;  // next value's first byte
  int32_t scratch_[kBatch];
};

// Encoder: Put() buffers lengths and bytes; FlushTo() appends one complete
// stream and resets the encoder.
class DeltaLengthByteArrayEncoder {
 public:
  // kInvalidArgument for a value longer than INT32_MAX bytes (nothing is added).
  Status Put(const ByteArray* values, int64_t n);
  int64_t num_values() const { return lengths_.num_values(); }
  void FlushTo(std::string* out);

 private:
  DeltaBinaryPackedEncoder<int32_t> lengths_;
  std::string bytes_;
};

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_DELTA_LENGTH_BYTE_ARRAY_H_
