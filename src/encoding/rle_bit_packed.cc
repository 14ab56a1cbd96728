// encoding/rle_bit_packed.cc — see rle_bit_packed.h for the grammar.
#include "encoding/rle_bit_packed.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <type_traits>

#include "encoding/bit_unpack.h"
#include "util/bitmap.h"

namespace parq::encoding {

int BitWidthFor(uint64_t max_value) {
  return max_value == 0 ? 0 : 64 - std::countl_zero(max_value);
}

// ---------------------------------------------------------------------------
// Decoder

Status RleBitPackedDecoder::Init(const uint8_t* data, size_t size, int bit_width) {
  if (bit_width < 0 || bit_width > kMaxRleBitWidth) {
    return Status::Corrupt("RLE/bit-packed bit width " + std::to_string(bit_width) +
                           " is outside 0.." + std::to_string(kMaxRleBitWidth));
  }
  data_ = data;
  size_ = size;
  pos_ = 0;
  width_ = bit_width;
  value_bytes_ = (bit_width + 7) / 8;
  literal_ = false;
  run_left_ = 0;
  rle_value_ = 0;
  literal_ptr_ = nullptr;
  buf_pos_ = buf_len_ = 0;
  return Status::OK();
}

Status RleBitPackedDecoder::NextRun() {
  run_left_ = 0;
  if (pos_ >= size_) return Status::OK();
  const size_t header_at = pos_;
  uint64_t header = 0;
  for (int i = 0;; ++i) {
    if (pos_ >= size_) {
      return Status::Corrupt("RLE/bit-packed run header at byte " + std::to_string(header_at) +
                             " is truncated");
    }
    const uint8_t b = data_[pos_++];
    header |= static_cast<uint64_t>(b & 0x7f) << (7 * i);
    if ((b & 0x80) == 0) break;
    if (i == 4) {
      return Status::Corrupt("RLE/bit-packed run header at byte " + std::to_string(header_at) +
                             " is longer than 5 bytes");
    }
  }
  if (header > 0xffffffffu) {
    return Status::Corrupt("RLE/bit-packed run header at byte " + std::to_string(header_at) +
                           " overflows 32 bits");
  }
  const size_t avail = size_ - pos_;
  if (header & 1) {
    literal_ = true;
    const uint64_t groups = header >> 1;
    const uint64_t bytes = groups * static_cast<uint64_t>(width_);
    uint64_t count = groups * 8;
    literal_ptr_ = data_ + pos_;
    if (bytes > avail) {
      // Clip to the whole values present; this run ends the stream.
      count = static_cast<uint64_t>(avail) * 8 / static_cast<uint64_t>(width_);
      pos_ = size_;
    } else {
      pos_ += static_cast<size_t>(bytes);
    }
    run_left_ = count;
  } else {
    literal_ = false;
    if (avail < static_cast<size_t>(value_bytes_)) {
      return Status::Corrupt("RLE run at byte " + std::to_string(header_at) + " needs " +
                             std::to_string(value_bytes_) + " value bytes, " +
                             std::to_string(avail) + " left");
    }
    uint32_t v = 0;
    for (int i = 0; i < value_bytes_; ++i) v |= static_cast<uint32_t>(data_[pos_ + i]) << (8 * i);
    if (width_ < kMaxRleBitWidth && (v >> width_) != 0) {
      return Status::Corrupt("RLE run at byte " + std::to_string(header_at) + " repeats value " +
                             std::to_string(v) + ", wider than bit width " +
                             std::to_string(width_));
    }
    pos_ += static_cast<size_t>(value_bytes_);
    rle_value_ = v;
    run_left_ = header >> 1;
  }
  return Status::OK();
}

void RleBitPackedDecoder::BufferBlock() {
  const int m = static_cast<int>(std::min<uint64_t>(32, run_left_));
  Unpack(literal_ptr_, width_, buf_, m);
  literal_ptr_ += BytesForBits(int64_t{m} * width_);
  run_left_ -= static_cast<uint64_t>(m);
  buf_pos_ = 0;
  buf_len_ = m;
}

template <typename T>
Result<int64_t> RleBitPackedDecoder::GetBatch(T* out, int64_t n) {
  static_assert(std::is_same_v<T, uint8_t> || std::is_same_v<T, uint16_t> ||
                std::is_same_v<T, uint32_t>);
  if (width_ > static_cast<int>(8 * sizeof(T))) [[unlikely]] {
    return Status::InvalidArgument("RLE/bit-packed bit width " + std::to_string(width_) +
                                   " does not fit a " + std::to_string(8 * sizeof(T)) +
                                   "-bit output");
  }
  int64_t done = 0;
  while (done < n) {
    if (buf_pos_ < buf_len_) {
      const int64_t k = std::min<int64_t>(n - done, buf_len_ - buf_pos_);
      for (int64_t i = 0; i < k; ++i) out[done + i] = static_cast<T>(buf_[buf_pos_ + i]);
      buf_pos_ += static_cast<int>(k);
      done += k;
      continue;
    }
    if (run_left_ == 0) {
      PARQ_RETURN_IF_ERROR(NextRun());
      if (run_left_ == 0 && pos_ >= size_) break;
      continue;
    }
    const int64_t want = static_cast<int64_t>(std::min<uint64_t>(run_left_, static_cast<uint64_t>(n - done)));
    if (!literal_) {
      std::fill(out + done, out + done + want, static_cast<T>(rle_value_));
      run_left_ -= static_cast<uint64_t>(want);
      done += want;
    } else if (want >= 32) {
      const int64_t count = want & ~int64_t{31};
      if constexpr (std::is_same_v<T, uint32_t>) {
        // The rest of the data may be read: the kernels' wide loads stay in it.
        Unpack(literal_ptr_, width_, out + done, count, static_cast<int64_t>(data_ + size_ - literal_ptr_));
      } else {
        Unpack(literal_ptr_, width_, out + done, count);
      }
      literal_ptr_ += (count / 32) * 4 * width_;
      run_left_ -= static_cast<uint64_t>(count);
      done += count;
    } else {
      BufferBlock();
    }
  }
  return done;
}

template Result<int64_t> RleBitPackedDecoder::GetBatch<uint8_t>(uint8_t*, int64_t);
template Result<int64_t> RleBitPackedDecoder::GetBatch<uint16_t>(uint16_t*, int64_t);
template Result<int64_t> RleBitPackedDecoder::GetBatch<uint32_t>(uint32_t*, int64_t);

Result<int64_t> RleBitPackedDecoder::Skip(int64_t n) {
  int64_t done = 0;
  while (done < n) {
    if (buf_pos_ < buf_len_) {
      const int64_t k = std::min<int64_t>(n - done, buf_len_ - buf_pos_);
      buf_pos_ += static_cast<int>(k);
      done += k;
      continue;
    }
    if (run_left_ == 0) {
      PARQ_RETURN_IF_ERROR(NextRun());
      if (run_left_ == 0 && pos_ >= size_) break;
      continue;
    }
    const int64_t want = static_cast<int64_t>(std::min<uint64_t>(run_left_, static_cast<uint64_t>(n - done)));
    if (!literal_) {
      run_left_ -= static_cast<uint64_t>(want);
      done += want;
    } else if (want >= 32) {
      const int64_t count = want & ~int64_t{31};
      literal_ptr_ += (count / 32) * 4 * width_;
      run_left_ -= static_cast<uint64_t>(count);
      done += count;
    } else {
      BufferBlock();
    }
  }
  return done;
}

namespace {

// Appends bits LSB-first to a bitmap a 64-bit word at a time: short runs
// cost a shift and an OR each, not a loop over their bits or bytes.
class BitAppender {
 public:
  explicit BitAppender(uint8_t* out) : out_(out) {}
  // Appends the k low bits of v (1 <= k <= 64; v's bits from k on are 0).
  void Put(uint64_t v, int k) {
    acc_ |= v << fill_;
    const int total = fill_ + k;
    if (total < 64) {
      fill_ = total;
      return;
    }
    std::memcpy(out_, &acc_, 8);
    out_ += 8;
    fill_ = total - 64;
    acc_ = fill_ == 0 ? 0 : v >> (k - fill_);
  }
  // Appends n copies of bit b.
  void Repeat(bool b, int64_t n) {
    while (n > 0) {
      const int k = static_cast<int>(std::min<int64_t>(n, 64 - fill_));
      Put(b ? (k == 64 ? ~uint64_t{0} : (uint64_t{1} << k) - 1) : 0, k);
      n -= k;
    }
  }
  // Appends the 8 * bytes bits of src (whole bytes, LSB-first).
  void Bytes(const uint8_t* src, int64_t bytes) {
    for (; bytes >= 8; bytes -= 8, src += 8) {
      uint64_t w;
      std::memcpy(&w, src, 8);
      Put(w, 64);
    }
    if (bytes > 0) {
      uint64_t w = 0;
      std::memcpy(&w, src, static_cast<size_t>(bytes));
      Put(w, static_cast<int>(bytes * 8));
    }
  }
  // Writes the bits held and zeros up to `end` (the bitmap's end).
  void Finish(uint8_t* end) {
    const size_t left = static_cast<size_t>(end - out_);
    std::memcpy(out_, &acc_, std::min<size_t>(left, 8));
    if (left > 8) std::memset(out_ + 8, 0, left - 8);
  }

 private:
  uint8_t* out_;
  uint64_t acc_ = 0;
  int fill_ = 0;  // bits held in acc_, < 64
};

}  // namespace

Result<int64_t> RleBitPackedDecoder::GetBits(uint8_t* bits, int64_t n) {
  if (width_ != 1) [[unlikely]] {
    return Status::InvalidArgument("RLE/bit-packed values as bits need bit width 1, not " + std::to_string(width_));
  }
  BitAppender out(bits);
  int64_t done = 0;
  while (done < n) {
    if (buf_pos_ < buf_len_) {
      const int64_t k = std::min<int64_t>(n - done, buf_len_ - buf_pos_);
      for (int64_t i = 0; i < k; ++i) out.Put(buf_[buf_pos_ + i] & 1u, 1);
      buf_pos_ += static_cast<int>(k);
      done += k;
      continue;
    }
    if (run_left_ == 0) {
      PARQ_RETURN_IF_ERROR(NextRun());
      if (run_left_ == 0 && pos_ >= size_) break;
      continue;
    }
    const int64_t want = static_cast<int64_t>(std::min<uint64_t>(run_left_, static_cast<uint64_t>(n - done)));
    if (!literal_) {
      out.Repeat(rle_value_ != 0, want);
      run_left_ -= static_cast<uint64_t>(want);
      done += want;
    } else if (want >= 8) {
      // Whole groups of 8 values: a byte each, LSB-first as the output.
      const int64_t count = want & ~int64_t{7};
      out.Bytes(literal_ptr_, count / 8);
      literal_ptr_ += count / 8;
      run_left_ -= static_cast<uint64_t>(count);
      done += count;
    } else {
      BufferBlock();
    }
  }
  out.Finish(bits + (n + 7) / 8);
  return done;
}

Result<int64_t> RleBitPackedDecoder::CountEqual(int64_t n, uint32_t value, int64_t* equal,
                                                uint32_t* max_seen) {
  int64_t done = 0, count = 0;
  uint32_t mx = 0;
  uint32_t tmp[256];
  while (done < n) {
    if (buf_pos_ >= buf_len_) {
      if (run_left_ == 0) {
        PARQ_RETURN_IF_ERROR(NextRun());
        if (run_left_ == 0 && pos_ >= size_) break;
        continue;
      }
      if (!literal_) {
        const int64_t want = static_cast<int64_t>(std::min<uint64_t>(run_left_, static_cast<uint64_t>(n - done)));
        if (rle_value_ == value) count += want;
        mx = std::max(mx, rle_value_);
        run_left_ -= static_cast<uint64_t>(want);
        done += want;
        continue;
      }
    }
    if (width_ == 1 && buf_pos_ >= buf_len_ && run_left_ >= 8 && n - done >= 8) {
      // Bit-packed values of width 1: whole groups of 8 are counted a byte
      // at a time, not unpacked.
      const int64_t k = static_cast<int64_t>(std::min<uint64_t>(run_left_, static_cast<uint64_t>(n - done))) & ~int64_t{7};
      const int64_t ones = util::CountBits(literal_ptr_, k / 8);
      count += value == 1 ? ones : value == 0 ? k - ones : 0;
      mx = std::max<uint32_t>(mx, ones > 0 ? 1 : 0);
      literal_ptr_ += k / 8;
      run_left_ -= static_cast<uint64_t>(k);
      done += k;
      continue;
    }
    // Buffered or literal values: decode at most the rest of this run.
    uint64_t in_run = static_cast<uint64_t>(buf_len_ - buf_pos_) + (literal_ ? run_left_ : 0);
    const int64_t k = static_cast<int64_t>(std::min<uint64_t>({in_run, 256, static_cast<uint64_t>(n - done)}));
    PARQ_ASSIGN_OR_RETURN(int64_t got, GetBatch(tmp, k));
    for (int64_t i = 0; i < got; ++i) {
      count += tmp[i] == value;
      mx = std::max(mx, tmp[i]);
    }
    done += got;
    if (got < k) break;
  }
  *equal = count;
  *max_seen = mx;
  return done;
}

Result<LengthPrefixed> ReadLengthPrefixed(const uint8_t* data, size_t size) {
  if (size < 4) {
    return Status::Corrupt("length-prefixed RLE data needs 4 length bytes, " +
                           std::to_string(size) + " present");
  }
  uint32_t len;
  std::memcpy(&len, data, 4);
  if (len > size - 4) {
    return Status::Corrupt("RLE length prefix " + std::to_string(len) + " exceeds the " +
                           std::to_string(size - 4) + " bytes after it");
  }
  return LengthPrefixed{data + 4, len, size_t{4} + len};
}

// ---------------------------------------------------------------------------
// Encoder

RleBitPackedEncoder::RleBitPackedEncoder(int bit_width)
    : width_(bit_width), value_bytes_((bit_width + 7) / 8) {}

void RleBitPackedEncoder::Put(uint32_t value) {
  if (value == current_) {
    ++repeat_count_;
    if (repeat_count_ > 8) return;  // continuing an RLE run, nothing to buffer
  } else {
    if (repeat_count_ >= 8) FlushRepeatedRun();
    repeat_count_ = 1;
    current_ = value;
  }
  buffered_[num_buffered_++] = value;
  if (num_buffered_ == 8) FlushBuffered(false);
}

void RleBitPackedEncoder::FlushBuffered(bool done) {
  if (!done && repeat_count_ >= 8) {
    // The 8 buffered values are all the repeated value: they join the RLE run.
    num_buffered_ = 0;
    if (literal_count_ > 0) FlushLiteralRun();
    return;
  }
  if (literal_header_ < 0) {
    literal_header_ = static_cast<int64_t>(out_.size());
    out_.push_back(0);
  }
  const size_t at = out_.size();
  out_.resize(at + static_cast<size_t>(width_));
  Pack(buffered_, width_, 8, out_.data() + at);
  literal_count_ += 8;
  num_buffered_ = 0;
  repeat_count_ = 0;
  if (literal_count_ / 8 >= 63) FlushLiteralRun();
}

void RleBitPackedEncoder::FlushLiteralRun() {
  if (literal_header_ < 0) return;
  out_[static_cast<size_t>(literal_header_)] =
      static_cast<uint8_t>(((literal_count_ / 8) << 1) | 1);
  literal_header_ = -1;
  literal_count_ = 0;
}

void RleBitPackedEncoder::FlushRepeatedRun() {
  uint64_t header = static_cast<uint64_t>(repeat_count_) << 1;
  while (header >= 0x80) {
    out_.push_back(static_cast<uint8_t>(header | 0x80));
    header >>= 7;
  }
  out_.push_back(static_cast<uint8_t>(header));
  for (int i = 0; i < value_bytes_; ++i) out_.push_back(static_cast<uint8_t>(current_ >> (8 * i)));
  repeat_count_ = 0;
  num_buffered_ = 0;
}

void RleBitPackedEncoder::Finish() {
  if (literal_count_ > 0 || repeat_count_ > 0 || num_buffered_ > 0) {
    const bool all_repeat =
        literal_count_ == 0 && (repeat_count_ == num_buffered_ || num_buffered_ == 0);
    if (repeat_count_ > 0 && all_repeat) {
      FlushRepeatedRun();
    } else {
      if (num_buffered_ > 0) {
        for (int i = num_buffered_; i < 8; ++i) buffered_[i] = 0;
        num_buffered_ = 8;
        FlushBuffered(true);
      }
      FlushLiteralRun();
    }
  }
  num_buffered_ = 0;
  repeat_count_ = 0;
  current_ = 0;
  literal_count_ = 0;
  literal_header_ = -1;
}

void RleBitPackedEncoder::Flush(std::vector<uint8_t>* out) {
  Finish();
  out->insert(out->end(), out_.begin(), out_.end());
  out_.clear();
}

void RleBitPackedEncoder::FlushWithLengthPrefix(std::vector<uint8_t>* out) {
  Finish();
  const uint32_t len = static_cast<uint32_t>(out_.size());
  for (int i = 0; i < 4; ++i) out->push_back(static_cast<uint8_t>(len >> (8 * i)));
  out->insert(out->end(), out_.begin(), out_.end());
  out_.clear();
}

int64_t RleBitPackedEncoder::EstimatedSize() const {
  // Pending values at worst go out as one more bit-packed group plus headers.
  return static_cast<int64_t>(out_.size()) + 2 + width_ + 5 + value_bytes_;
}

// ---------------------------------------------------------------------------
// BIT_PACKED (MSB-first)

Status BitPackedLevelDecoder::Init(const uint8_t* data, size_t size, int bit_width,
                                   int64_t num_values) {
  if (bit_width < 0 || bit_width > kMaxBitPackedLevelWidth) {
    return Status::Corrupt("BIT_PACKED level bit width " + std::to_string(bit_width) +
                           " is outside 0.." + std::to_string(kMaxBitPackedLevelWidth));
  }
  if (num_values < 0) return Status::InvalidArgument("negative level count");
  const uint64_t need = static_cast<uint64_t>(BytesForBits(num_values * bit_width));
  if (need > size) {
    return Status::Corrupt("BIT_PACKED levels: " + std::to_string(num_values) + " values of " +
                           std::to_string(bit_width) + " bits need " + std::to_string(need) +
                           " bytes, " + std::to_string(size) + " present");
  }
  data_ = data;
  bytes_used_ = static_cast<size_t>(need);
  width_ = bit_width;
  values_left_ = num_values;
  bit_pos_ = 0;
  return Status::OK();
}

int64_t BitPackedLevelDecoder::GetBatch(uint16_t* out, int64_t n) {
  const int64_t k = std::min(n, values_left_);
  for (int64_t i = 0; i < k; ++i) {
    uint32_t v = 0;
    for (int b = 0; b < width_; ++b, ++bit_pos_) {
      const uint8_t byte = data_[bit_pos_ >> 3];
      v = (v << 1) | ((byte >> (7 - (bit_pos_ & 7))) & 1u);
    }
    out[i] = static_cast<uint16_t>(v);
  }
  values_left_ -= k;
  return k;
}

void PackBitPackedLevels(const uint16_t* levels, int64_t n, int bit_width,
                         std::vector<uint8_t>* out) {
  const size_t start = out->size();
  out->resize(start + static_cast<size_t>(BytesForBits(n * bit_width)), 0);
  uint8_t* p = out->data() + start;
  uint64_t bit = 0;
  for (int64_t i = 0; i < n; ++i) {
    for (int b = bit_width - 1; b >= 0; --b, ++bit) {
      if ((levels[i] >> b) & 1u) p[bit >> 3] |= static_cast<uint8_t>(0x80u >> (bit & 7));
    }
  }
}

}  // namespace parq::encoding
