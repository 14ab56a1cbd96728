// DELTA_BYTE_ARRAY codec; grammar and contract in delta_byte_array.h.
#include "encoding/delta_byte_array.h"

#include <algorithm>
#include <cstring>
#include <limits>

namespace parq::encoding {
namespace {
constexpr size_t kMinChunk = 64 << 10;
}

DeltaByteArrayDecoder::DeltaByteArrayDecoder(int32_t fixed_length, int64_t max_buffer_bytes)
    : fixed_length_(fixed_length), max_buffer_bytes_(max_buffer_bytes) {}

Status DeltaByteArrayDecoder::Init(const uint8_t* data, size_t size) {
  prev_ = ByteArray{};
  chunks_.clear();
  cur_ = nullptr;
  cur_left_ = 0;
  buffered_ = 0;
  suffix_offset_ = 0;
  PARQ_RETURN_IF_ERROR_CTX(prefixes_.Init(data, size), "DELTA_BYTE_ARRAY prefix lengths");
  suffix_offset_ = prefixes_.bytes_consumed();
  PARQ_RETURN_IF_ERROR_CTX(suffixes_.Init(data + suffix_offset_, size - suffix_offset_),
                           "DELTA_BYTE_ARRAY suffixes starting at byte offset " +
                               std::to_string(suffix_offset_));
  if (suffixes_.total_values() != prefixes_.total_values()) {
    int64_t p = prefixes_.total_values();
    // Leave the decoder empty.
    (void)prefixes_.Init(nullptr, 0);
    return Status::Corrupt("DELTA_BYTE_ARRAY: " + std::to_string(p) + " prefix lengths but " +
                           std::to_string(suffixes_.total_values()) + " suffixes");
  }
  return Status::OK();
}

Result<uint8_t*> DeltaByteArrayDecoder::Reserve(size_t n) {
  if (static_cast<uint64_t>(n) > static_cast<uint64_t>(max_buffer_bytes_ - buffered_))
    return Status::LimitExceeded("DELTA_BYTE_ARRAY: rebuilt values need more than " +
                                 std::to_string(max_buffer_bytes_) + " bytes (max_buffer_bytes)");
  buffered_ += static_cast<int64_t>(n);
  if (n > cur_left_) {
    size_t chunk = std::max(n, kMinChunk);
    chunks_.push_back(std::make_unique_for_overwrite<uint8_t[]>(chunk));
    cur_ = chunks_.back().get();
    cur_left_ = chunk;
  }
  uint8_t* p = cur_;
  cur_ += n;
  cur_left_ -= n;
  return p;
}

Result<int64_t> DeltaByteArrayDecoder::Decode(ByteArray* out, int64_t max) {
  if (max < 0) return Status::InvalidArgument("DELTA_BYTE_ARRAY: negative batch size");
  int64_t done = 0;
  while (done < max && values_left() > 0) {
    const int64_t index0 = total_values() - values_left();
    PARQ_ASSIGN_OR_RETURN(int64_t got,
                          prefixes_.Decode(prefix_scratch_, std::min<int64_t>(kBatch, max - done)));
    Result<int64_t> got_suffixes = suffixes_.Decode(suffix_scratch_, got);
    if (!got_suffixes.ok()) [[unlikely]]
      return std::move(got_suffixes).status().AddContext(
          "DELTA_BYTE_ARRAY suffixes starting at byte offset " + std::to_string(suffix_offset_));
    if (*got_suffixes != got) return Status::Internal("DELTA_BYTE_ARRAY: stream counts diverged");
    // Pass 1: validate prefixes and lengths; size the bytes to rebuild.
    uint64_t prev_len = prev_.len;
    uint64_t need = 0;
    for (int64_t i = 0; i < got; ++i) {
      int32_t p = prefix_scratch_[i];
      if (p < 0 || static_cast<uint64_t>(p) > prev_len) [[unlikely]]
        return Status::Corrupt("DELTA_BYTE_ARRAY: value " + std::to_string(index0 + i) +
                               " has prefix length " + std::to_string(p) +
                               " but the previous value has " + std::to_string(prev_len) +
                               " bytes");
      uint64_t len = static_cast<uint64_t>(p) + suffix_scratch_[i].len;
      if (len > std::numeric_limits<int32_t>::max()) [[unlikely]]
        return Status::Corrupt("DELTA_BYTE_ARRAY: value " + std::to_string(index0 + i) +
                               " is " + std::to_string(len) + " bytes long");
      if (fixed_length_ >= 0 && len != static_cast<uint64_t>(fixed_length_)) [[unlikely]]
        return Status::Corrupt("DELTA_BYTE_ARRAY: value " + std::to_string(index0 + i) +
                               " is " + std::to_string(len) +
                               " bytes long, the FIXED_LEN_BYTE_ARRAY length is " +
                               std::to_string(fixed_length_));
      if (p > 0) need += len;
      prev_len = len;
    }
    uint8_t* dst = nullptr;
    if (need > 0) {
      PARQ_ASSIGN_OR_RETURN(dst, Reserve(static_cast<size_t>(need)));
    }
    // Pass 2: rebuild.
    ByteArray prev = prev_;
    for (int64_t i = 0; i < got; ++i) {
      const uint32_t p = static_cast<uint32_t>(prefix_scratch_[i]);
      const ByteArray& s = suffix_scratch_[i];
      if (p == 0) {
        prev = s;
      } else {
        std::memcpy(dst, prev.ptr, p);
        if (s.len > 0) std::memcpy(dst + p, s.ptr, s.len);
        prev = ByteArray{dst, p + s.len};
        dst += prev.len;
      }
      out[done + i] = prev;
    }
    prev_ = prev;
    done += got;
  }
  return done;
}

Result<int64_t> DeltaByteArrayDecoder::Decode(FixedLenByteArray* out, int64_t max) {
  if (fixed_length_ < 0)
    return Status::InvalidArgument("DELTA_BYTE_ARRAY: decoder built for BYTE_ARRAY, not FIXED_LEN");
  if (max < 0) return Status::InvalidArgument("DELTA_BYTE_ARRAY: negative batch size");
  ByteArray scratch[kBatch];
  int64_t done = 0;
  while (done < max && values_left() > 0) {
    PARQ_ASSIGN_OR_RETURN(int64_t got, Decode(scratch, std::min<int64_t>(kBatch, max - done)));
    for (int64_t i = 0; i < got; ++i) out[done + i] = FixedLenByteArray{scratch[i].ptr};
    done += got;
  }
  return done;
}

Status DeltaByteArrayDecoder::Skip(int64_t n) {
  if (n < 0 || n > values_left())
    return Status::InvalidArgument("DELTA_BYTE_ARRAY: cannot skip " + std::to_string(n) +
                                   " values, " + std::to_string(values_left()) + " left");
  ByteArray scratch[kBatch];
  while (n > 0) {
    PARQ_ASSIGN_OR_RETURN(int64_t got, Decode(scratch, std::min<int64_t>(n, kBatch)));
    n -= got;
  }
  return Status::OK();
}

Status DeltaByteArrayEncoder::Put(const ByteArray* values, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if (values[i].len > static_cast<uint32_t>(std::numeric_limits<int32_t>::max()))
      return Status::InvalidArgument("DELTA_BYTE_ARRAY: value of " +
                                     std::to_string(values[i].len) + " bytes is too long");
  }
  for (int64_t i = 0; i < n; ++i) {
    const ByteArray& v = values[i];
    size_t limit = std::min<size_t>(last_.size(), v.len);
    size_t p = 0;
    while (p < limit && static_cast<uint8_t>(last_[p]) == v.ptr[p]) ++p;
    prefixes_.Put(static_cast<int32_t>(p));
    ByteArray suffix{v.len > 0 ? v.ptr + p : nullptr, static_cast<uint32_t>(v.len - p)};
    PARQ_RETURN_IF_ERROR(suffixes_.Put(&suffix, 1));
    last_.assign(reinterpret_cast<const char*>(v.ptr), v.len);
  }
  return Status::OK();
}

Status DeltaByteArrayEncoder::Put(const FixedLenByteArray* values, int64_t n, int32_t type_length) {
  if (type_length < 0)
    return Status::InvalidArgument("DELTA_BYTE_ARRAY: negative FIXED_LEN_BYTE_ARRAY length");
  for (int64_t i = 0; i < n; ++i) {
    ByteArray v{values[i].ptr, static_cast<uint32_t>(type_length)};
    PARQ_RETURN_IF_ERROR(Put(&v, 1));
  }
  return Status::OK();
}

void DeltaByteArrayEncoder::FlushTo(std::string* out) {
  prefixes_.FlushTo(out);
  suffixes_.FlushTo(out);
  last_.clear();
}

}  // namespace parq::encoding
