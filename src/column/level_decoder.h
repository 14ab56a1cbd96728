// column/level_decoder.h — the definition or repetition levels of one data
// page: finds the level stream in the page (v1: RLE behind a 4-byte length
// prefix, or the deprecated MSB-first BIT_PACKED; v2: RLE in its own span),
// decodes it in batches, counts and range-checks it.
//
// Invariants, once an Init succeeded:
//   - exactly one of the two stream decoders is live (is_packed_ says which),
//     set to the page's stream at bit width BitWidthFor(max_level);
//   - the levels decoded so far are a prefix of the page's levels: Decode
//     consumes, Peek and CountMaxLevels work on a copy and consume nothing.
// The stream itself may hold levels above max_level (the data is not
// trusted): CountMaxLevels and CheckRange are what report them.
// Errors name the levels by their kind ("definition levels end early: …")
// and carry no page context: the column reader adds it.
//
// A column whose max level is 0 has no such stream; its reader neither
// initialises nor uses the decoder.
//
// Ownership: borrows the page bytes given to Init, which must outlive
// decoding.  Thread-safety: none; one object per reader.
#ifndef PARQ_COLUMN_LEVEL_DECODER_H_
#define PARQ_COLUMN_LEVEL_DECODER_H_

#include <cstdint>
#include <span>
#include <vector>

#include "encoding/rle_bit_packed.h"
#include "parq/result.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq::column {

enum class LevelKind { kDefinition, kRepetition };

class LevelDecoder {
 public:
  LevelDecoder(LevelKind kind, int16_t max_level);

  LevelKind kind() const { return kind_; }
  int16_t max_level() const { return max_level_; }

  // A v2 page: `levels` is the whole stream, RLE without a length prefix.
  Status InitV2(std::span<const uint8_t> levels);
  // A v1 page: the levels stand at the front of *data in `encoding` (RLE with
  // its length prefix, or BIT_PACKED holding num_values levels); *data is
  // left at what follows them.  kUnsupported for another encoding.
  Status InitV1(Encoding encoding, int64_t num_values, std::span<const uint8_t>* data);

  // Decodes the next n levels into out[0, n); kCorrupt when the stream ends
  // first.  No range check (see CheckRange).
  Status Decode(int64_t n, int16_t* out) {
    auto* u = reinterpret_cast<uint16_t*>(out);
    int64_t got;
    if (is_packed_) {
      got = packed_.GetBatch(u, n);
    } else {
      PARQ_ASSIGN_OR_RETURN(got, rle_.GetBatch(u, n));
    }
    if (got != n) return EndedEarly(got, n);
    return Status::OK();
  }

  // Decode, returning how many of the n levels equal max_level.
  Result<int64_t> DecodeCountingMax(int64_t n, int16_t* out);

  // A stream of max_level 1: decodes the next n levels as bits (level i into
  // bit i of `bits`, LSB-first, (n + 7) / 8 bytes written) and returns how
  // many are 1.  RLE runs and bit-packed groups are copied as bits (never
  // unpacked a level at a time); BIT_PACKED levels are decoded into
  // *scratch first.  kCorrupt when the stream ends first.  No range check:
  // the counting pass (CountMaxLevels) made it.
  Result<int64_t> DecodeBits(int64_t n, uint8_t* bits, std::vector<int16_t>* scratch);

  // The n levels Decode would give next, consuming none of them.
  Status Peek(int64_t n, int16_t* out) const {
    LevelDecoder copy = *this;
    return copy.Decode(n, out);
  }

  // How many of the next n levels equal max_level, consuming none of them;
  // kCorrupt when one is above it or the stream ends first.  RLE runs are
  // counted without decoding; BIT_PACKED levels are decoded into *scratch
  // in bounded batches, whatever n the page claims.
  Result<int64_t> CountMaxLevels(int64_t n, std::vector<int16_t>* scratch) const;

  // kCorrupt naming the largest of levels[0, n) when it is above max_level.
  Status CheckRange(const int16_t* levels, int64_t n) const;

 private:
  Status EndedEarly(int64_t got, int64_t n) const;
  Status AboveMax(int64_t level) const;

  LevelKind kind_;
  int16_t max_level_;
  int bit_width_;
  bool is_packed_ = false;
  encoding::RleBitPackedDecoder rle_;
  encoding::BitPackedLevelDecoder packed_;
};

}  // namespace parq::column

#endif  // PARQ_COLUMN_LEVEL_DECODER_H_
