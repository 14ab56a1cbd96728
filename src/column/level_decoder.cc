// column/level_decoder.cc — see level_decoder.h.
#include "column/level_decoder.h"

#include <algorithm>
#include <cstring>
#include <string>

#include "util/bitmap.h"

namespace parq::column {
namespace {

// Levels a BIT_PACKED counting pass decodes at a time.
constexpr int64_t kCountBatch = 1024;

const char* KindName(LevelKind kind) {
  return kind == LevelKind::kDefinition ? "definition" : "repetition";
}

int16_t MaxOf(const int16_t* levels, int64_t n) {
  int16_t m = 0;
  for (int64_t i = 0; i < n; ++i) m = std::max(m, levels[i]);
  return m;
}

int64_t CountEqual(const int16_t* levels, int64_t n, int16_t value) {
  int64_t c = 0;
  for (int64_t i = 0; i < n; ++i) c += levels[i] == value;
  return c;
}

}  // namespace

LevelDecoder::LevelDecoder(LevelKind kind, int16_t max_level)
    : kind_(kind),
      max_level_(max_level),
      bit_width_(encoding::BitWidthFor(static_cast<uint64_t>(max_level))) {}

Status LevelDecoder::InitV2(std::span<const uint8_t> levels) {
  is_packed_ = false;
  return rle_.Init(levels.data(), levels.size(), bit_width_);
}

Status LevelDecoder::InitV1(Encoding encoding, int64_t num_values, std::span<const uint8_t>* data) {
  if (encoding == Encoding::kRle) {
    PARQ_ASSIGN_OR_RETURN(auto prefixed, encoding::ReadLengthPrefixed(data->data(), data->size()));
    PARQ_RETURN_IF_ERROR(rle_.Init(prefixed.data, prefixed.size, bit_width_));
    *data = data->subspan(prefixed.consumed);
    is_packed_ = false;
    return Status::OK();
  }
  if (encoding == Encoding::kBitPacked) {
    PARQ_RETURN_IF_ERROR(packed_.Init(data->data(), data->size(), bit_width_, num_values));
    *data = data->subspan(packed_.bytes_used());
    is_packed_ = true;
    return Status::OK();
  }
  return Status::Unsupported(std::string(KindName(kind_)) + " levels in encoding " +
                             std::string(EncodingName(encoding)));
}

Result<int64_t> LevelDecoder::DecodeCountingMax(int64_t n, int16_t* out) {
  PARQ_RETURN_IF_ERROR(Decode(n, out));
  return CountEqual(out, n, max_level_);
}

Result<int64_t> LevelDecoder::DecodeBits(int64_t n, uint8_t* bits, std::vector<int16_t>* scratch) {
  if (max_level_ != 1) return Status::Internal("levels as bits need max level 1");
  if (!is_packed_) {
    PARQ_ASSIGN_OR_RETURN(const int64_t got, rle_.GetBits(bits, n));
    if (got != n) return EndedEarly(got, n);
  } else {
    scratch->resize(std::max(scratch->size(), static_cast<size_t>(n)));
    PARQ_RETURN_IF_ERROR(Decode(n, scratch->data()));
    std::memset(bits, 0, static_cast<size_t>((n + 7) / 8));
    for (int64_t i = 0; i < n; ++i) bits[i >> 3] |= static_cast<uint8_t>(((*scratch)[i] & 1) << (i & 7));
  }
  const int64_t ones = util::CountBits(bits, (n + 7) / 8);
  return ones;
}

Result<int64_t> LevelDecoder::CountMaxLevels(int64_t n, std::vector<int16_t>* scratch) const {
  LevelDecoder copy = *this;
  if (!is_packed_) {
    int64_t count = 0;
    uint32_t max_seen = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t got, copy.rle_.CountEqual(n, static_cast<uint32_t>(max_level_),
                                                            &count, &max_seen));
    if (got != n) return EndedEarly(got, n);
    if (max_seen > static_cast<uint32_t>(max_level_)) return AboveMax(max_seen);
    return count;
  }
  scratch->resize(std::max(scratch->size(), static_cast<size_t>(kCountBatch)));
  int64_t count = 0;
  for (int64_t done = 0; done < n;) {
    const int64_t batch = std::min(kCountBatch, n - done);
    PARQ_RETURN_IF_ERROR(copy.Decode(batch, scratch->data()));
    PARQ_RETURN_IF_ERROR(CheckRange(scratch->data(), batch));
    count += CountEqual(scratch->data(), batch, max_level_);
    done += batch;
  }
  return count;
}

Status LevelDecoder::CheckRange(const int16_t* levels, int64_t n) const {
  const int16_t m = MaxOf(levels, n);
  if (m > max_level_) return AboveMax(m);
  return Status::OK();
}

Status LevelDecoder::EndedEarly(int64_t got, int64_t n) const {
  return Status::Corrupt(std::string(KindName(kind_)) + " levels end early: " + std::to_string(got) +
                         " of " + std::to_string(n) + " decoded");
}

Status LevelDecoder::AboveMax(int64_t level) const {
  return Status::Corrupt(std::string(KindName(kind_)) + " level " + std::to_string(level) +
                         " above the column's maximum " + std::to_string(max_level_));
}

}  // namespace parq::column
