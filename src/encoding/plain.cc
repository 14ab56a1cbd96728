// encoding/plain.cc — see plain.h.
#include "encoding/plain.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

#include "encoding/bit_unpack.h"
#include "util/copy_short.h"

namespace parq::encoding {
namespace {

template <typename T>
constexpr bool kFixedWidth = std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t> ||
                             std::is_same_v<T, Int96> || std::is_same_v<T, float> ||
                             std::is_same_v<T, double>;

template <typename T>
std::string TypeName() {
  return std::string(PhysicalTypeName(PhysicalTypeOf<T>::value));
}

std::string U128ToString(unsigned __int128 v) {
  if (v <= UINT64_MAX) return std::to_string(static_cast<uint64_t>(v));
  std::string digits;
  for (; v != 0; v /= 10) digits.insert(digits.begin(), static_cast<char>('0' + static_cast<int>(v % 10)));
  return digits;
}

template <typename T>
class PlainDecoder final : public TypedDecoder<T> {
 public:
  explicit PlainDecoder(int type_length) : type_length_(type_length) {}

  Encoding encoding() const override { return Encoding::kPlain; }

  Status SetData(int64_t num_values, const uint8_t* data, size_t size) override {
    if (num_values < 0) return Status::InvalidArgument("negative value count");
    // The least the values can take: n < 2^63 and a width < 2^31, so the
    // product fits in 128 bits and is printed exactly.
    const uint64_t n = static_cast<uint64_t>(num_values);
    unsigned __int128 min_bytes;
    if constexpr (std::is_same_v<T, bool>) {
      min_bytes = (n + 7) / 8;
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      min_bytes = static_cast<unsigned __int128>(n) * 4;
    } else {
      min_bytes = static_cast<unsigned __int128>(n) * static_cast<uint64_t>(width());
    }
    if (min_bytes > size) {
      return Status::Corrupt("PLAIN " + TypeName<T>() + ": " + std::to_string(num_values) +
                             " values need at least " + U128ToString(min_bytes) +
                             " bytes, the page has " + std::to_string(size));
    }
    data_ = data;
    size_ = size;
    pos_ = 0;
    this->values_left_ = num_values;
    return Status::OK();
  }

  Result<int64_t> Decode(T* out, int64_t max) override {
    const int64_t k = std::min(max, this->values_left_);
    if (k <= 0) return int64_t{0};
    if constexpr (std::is_same_v<T, bool>) {
      // pos_ counts bits here.
      int64_t i = 0;
      for (; i < k && (pos_ & 7) != 0; ++i, ++pos_) out[i] = (data_[pos_ >> 3] >> (pos_ & 7)) & 1;
      if (i < k) {
        Unpack(data_ + (pos_ >> 3), 1, reinterpret_cast<uint8_t*>(out + i), k - i);
        pos_ += static_cast<size_t>(k - i);
      }
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      for (int64_t i = 0; i < k; ++i) {
        if (!NextByteArray(&out[i])) return ByteArrayError();
      }
    } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      const uint8_t* p = data_ + pos_;
      const size_t w = static_cast<size_t>(type_length_);
      for (int64_t i = 0; i < k; ++i) out[i].ptr = p + static_cast<size_t>(i) * w;
      pos_ += static_cast<size_t>(k) * w;
    } else {
      std::memcpy(out, data_ + pos_, static_cast<size_t>(k) * sizeof(T));
      pos_ += static_cast<size_t>(k) * sizeof(T);
    }
    this->values_left_ -= k;
    return k;
  }

  Result<int64_t> DecodeSelected(T* out, const uint8_t* keep, int64_t n) override {
    if (n < 0 || n > this->values_left_) {
      return Status::InvalidArgument("cannot decode " + std::to_string(n) + " of " +
                                     std::to_string(this->values_left_) + " values");
    }
    // Every value is written at out[j] and kept by moving j on: no branch
    // a value (j <= i, so the writes stay below n).
    int64_t j = 0;
    if constexpr (std::is_same_v<T, bool>) {
      for (int64_t i = 0; i < n; ++i, ++pos_) {
        out[j] = (data_[pos_ >> 3] >> (pos_ & 7)) & 1;
        j += keep[i] != 0 ? 1 : 0;
      }
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      // The lengths are walked; only the kept values are taken.
      for (int64_t i = 0; i < n; ++i) {
        if (!NextByteArray(&out[j])) return ByteArrayError();
        j += keep[i] != 0 ? 1 : 0;
      }
    } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      const uint8_t* p = data_ + pos_;
      const size_t w = static_cast<size_t>(type_length_);
      for (int64_t i = 0; i < n; ++i) {
        out[j].ptr = p + static_cast<size_t>(i) * w;
        j += keep[i] != 0 ? 1 : 0;
      }
      pos_ += static_cast<size_t>(n) * w;
    } else {
      const uint8_t* p = data_ + pos_;
      for (int64_t i = 0; i < n; ++i) {
        std::memcpy(out + j, p + static_cast<size_t>(i) * sizeof(T), sizeof(T));
        j += keep[i] != 0 ? 1 : 0;
      }
      pos_ += static_cast<size_t>(n) * sizeof(T);
    }
    this->values_left_ -= n;
    return j;
  }

  Status Skip(int64_t n) override {
    if (n < 0 || n > this->values_left_) {
      return Status::InvalidArgument("cannot skip " + std::to_string(n) + " of " +
                                     std::to_string(this->values_left_) + " values");
    }
    if constexpr (std::is_same_v<T, ByteArray>) {
      return TypedDecoder<T>::Skip(n);
    } else {
      if constexpr (std::is_same_v<T, bool>) {
        pos_ += static_cast<size_t>(n);
      } else {
        pos_ += static_cast<size_t>(n) * static_cast<size_t>(width());
      }
      this->values_left_ -= n;
      return Status::OK();
    }
  }

 private:
  // BYTE_ARRAY: the value at pos_ into *v, pos_ moved past it; false (pos_
  // unchanged) when its length or bytes run past the data.
  [[gnu::always_inline]] bool NextByteArray(ByteArray* v) {
    if (size_ - pos_ < 4) return false;
    uint32_t len;
    std::memcpy(&len, data_ + pos_, 4);
    if (len > size_ - pos_ - 4) return false;
    v->ptr = data_ + pos_ + 4;
    v->len = len;
    pos_ += 4 + size_t{len};
    return true;
  }
  // What NextByteArray found wrong at pos_.
  [[gnu::cold]] Status ByteArrayError() const {
    if (size_ - pos_ < 4) {
      return Status::Corrupt("PLAIN BYTE_ARRAY: value length at byte " + std::to_string(pos_) + " is truncated");
    }
    uint32_t len;
    std::memcpy(&len, data_ + pos_, 4);
    return Status::Corrupt("PLAIN BYTE_ARRAY: length " + std::to_string(len) + " at byte " + std::to_string(pos_) +
                           " exceeds the " + std::to_string(size_ - pos_ - 4) + " bytes left");
  }

  int width() const {
    if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      return type_length_;
    } else {
      return static_cast<int>(sizeof(T));
    }
  }

  int type_length_;
  const uint8_t* data_ = nullptr;
  size_t size_ = 0;
  size_t pos_ = 0;  // bytes; bits for BOOLEAN
};

template <typename T>
class PlainEncoder final : public TypedEncoder<T> {
 public:
  explicit PlainEncoder(int type_length) : type_length_(type_length) {}

  Encoding encoding() const override { return Encoding::kPlain; }

  Status Put(const T* values, int64_t n) override {
    if constexpr (std::is_same_v<T, bool>) {
      buf_.resize(static_cast<size_t>(BytesForBits(bits_ + n)), 0);
      for (int64_t i = 0; i < n; ++i, ++bits_) {
        if (values[i]) buf_[static_cast<size_t>(bits_ >> 3)] |= static_cast<uint8_t>(1u << (bits_ & 7));
      }
    } else {
      if constexpr (kFixedWidth<T>) GrowWithin(&buf_, static_cast<size_t>(n) * sizeof(T), bound_);
      AppendPlain(values, n, type_length_, &buf_);
    }
    return Status::OK();
  }

  int64_t EstimatedDataSize() const override { return static_cast<int64_t>(buf_.size()); }
  int64_t buffered_memory() const override { return static_cast<int64_t>(buf_.capacity()); }
  void SetPageValuesHint(int64_t values) override {
    if constexpr (kFixedWidth<T>) bound_ = static_cast<size_t>(std::max<int64_t>(values, 0)) * sizeof(T);
  }

  Status FlushValues(std::vector<uint8_t>* out) override {
    if (out->empty()) {
      out->swap(buf_);  // the page's bytes without a copy; buf_ keeps out's capacity
    } else {
      out->insert(out->end(), buf_.begin(), buf_.end());
    }
    buf_.clear();
    bits_ = 0;
    return Status::OK();
  }

 private:
  int type_length_;
  std::vector<uint8_t> buf_;
  size_t bound_ = 0;  // SetPageValuesHint's, in bytes (fixed-width types)
  int64_t bits_ = 0;  // BOOLEAN only
};

}  // namespace

template <typename T>
void AppendPlain(const T* values, int64_t n, int type_length, std::vector<uint8_t>* out) {
  // Nothing to append; an empty *out has a null data(), which memcpy must not get.
  if (n <= 0) return;
  if constexpr (std::is_same_v<T, bool>) {
    const size_t at = out->size();
    out->resize(at + static_cast<size_t>(BytesForBits(n)), 0);
    for (int64_t i = 0; i < n; ++i) {
      if (values[i]) (*out)[at + static_cast<size_t>(i >> 3)] |= static_cast<uint8_t>(1u << (i & 7));
    }
  } else if constexpr (std::is_same_v<T, ByteArray>) {
    size_t total = 0;
    for (int64_t i = 0; i < n; ++i) total += 4 + size_t{values[i].len};
    size_t at = out->size();
    out->resize(at + total);
    uint8_t* p = out->data() + at;
    for (int64_t i = 0; i < n; ++i) {
      const uint32_t len = values[i].len;
      std::memcpy(p, &len, 4);
      util::CopyShort(p + 4, values[i].ptr, len);
      p += 4 + size_t{len};
    }
  } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
    const size_t w = static_cast<size_t>(type_length);
    const size_t at = out->size();
    out->resize(at + static_cast<size_t>(n) * w);
    uint8_t* p = out->data() + at;
    for (int64_t i = 0; i < n; ++i) std::memcpy(p + static_cast<size_t>(i) * w, values[i].ptr, w);
  } else {
    static_assert(kFixedWidth<T>);
    const size_t at = out->size();
    out->resize(at + static_cast<size_t>(n) * sizeof(T));
    std::memcpy(out->data() + at, values, static_cast<size_t>(n) * sizeof(T));
  }
}

template <typename T>
int64_t PlainSize(const T& value, int type_length) {
  if constexpr (std::is_same_v<T, bool>) {
    return 0;
  } else if constexpr (std::is_same_v<T, ByteArray>) {
    return 4 + int64_t{value.len};
  } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
    return type_length;
  } else {
    return static_cast<int64_t>(sizeof(T));
  }
}

template <typename T>
std::unique_ptr<TypedDecoder<T>> MakePlainDecoder(int type_length) {
  return std::make_unique<PlainDecoder<T>>(type_length);
}
template <typename T>
std::unique_ptr<TypedEncoder<T>> MakePlainEncoder(int type_length) {
  return std::make_unique<PlainEncoder<T>>(type_length);
}

#define PARQ_INSTANTIATE_PLAIN(T)                                                      \
  template std::unique_ptr<TypedDecoder<T>> MakePlainDecoder<T>(int);                 \
  template std::unique_ptr<TypedEncoder<T>> MakePlainEncoder<T>(int);                 \
  template void AppendPlain<T>(const T*, int64_t, int, std::vector<uint8_t>*);        \
  template int64_t PlainSize<T>(const T&, int);
PARQ_INSTANTIATE_PLAIN(bool)
PARQ_INSTANTIATE_PLAIN(int32_t)
PARQ_INSTANTIATE_PLAIN(int64_t)
PARQ_INSTANTIATE_PLAIN(Int96)
PARQ_INSTANTIATE_PLAIN(float)
PARQ_INSTANTIATE_PLAIN(double)
PARQ_INSTANTIATE_PLAIN(ByteArray)
PARQ_INSTANTIATE_PLAIN(FixedLenByteArray)
#undef PARQ_INSTANTIATE_PLAIN

}  // namespace parq::encoding
