// encoding/byte_stream_split.cc — see byte_stream_split.h.
//
// The 4- and 8-byte decoders transpose 16 values per step with SSE2 byte /
// word / dword interleaves (x86-64 baseline); other widths and the tails use
// a scalar gather.
#include "encoding/byte_stream_split.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>
#include <vector>

#if defined(__SSE2__)
#include <emmintrin.h>
#endif

#include "encoding/plain.h"

namespace parq::encoding {
namespace {

void ScalarDecode(const uint8_t* data, int width, int64_t stride, int64_t start, int64_t n,
                  uint8_t* out) {
  for (int k = 0; k < width; ++k) {
    const uint8_t* s = data + k * stride + start;
    uint8_t* o = out + k;
    for (int64_t i = 0; i < n; ++i) o[i * width] = s[i];
  }
}

template <int K>
void ScalarDecodeFixed(const uint8_t* data, int64_t stride, int64_t start, int64_t n, uint8_t* out) {
  for (int64_t i = 0; i < n; ++i) {
    for (int k = 0; k < K; ++k) out[i * K + k] = data[k * stride + start + i];
  }
}

#if defined(__SSE2__)
inline __m128i Load(const uint8_t* p) { return _mm_loadu_si128(reinterpret_cast<const __m128i*>(p)); }
inline void Store(uint8_t* p, __m128i v) { _mm_storeu_si128(reinterpret_cast<__m128i*>(p), v); }

int64_t DecodeSse4(const uint8_t* data, int64_t stride, int64_t start, int64_t n, uint8_t* out) {
  const uint8_t* s0 = data + start;
  const uint8_t* s1 = s0 + stride;
  const uint8_t* s2 = s1 + stride;
  const uint8_t* s3 = s2 + stride;
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    const __m128i a0 = Load(s0 + i), a1 = Load(s1 + i), a2 = Load(s2 + i), a3 = Load(s3 + i);
    const __m128i b0 = _mm_unpacklo_epi8(a0, a1), b1 = _mm_unpackhi_epi8(a0, a1);
    const __m128i b2 = _mm_unpacklo_epi8(a2, a3), b3 = _mm_unpackhi_epi8(a2, a3);
    uint8_t* o = out + i * 4;
    Store(o, _mm_unpacklo_epi16(b0, b2));
    Store(o + 16, _mm_unpackhi_epi16(b0, b2));
    Store(o + 32, _mm_unpacklo_epi16(b1, b3));
    Store(o + 48, _mm_unpackhi_epi16(b1, b3));
  }
  return i;
}

int64_t DecodeSse8(const uint8_t* data, int64_t stride, int64_t start, int64_t n, uint8_t* out) {
  const uint8_t* s[8];
  for (int k = 0; k < 8; ++k) s[k] = data + k * stride + start;
  int64_t i = 0;
  for (; i + 16 <= n; i += 16) {
    __m128i a[8];
    for (int k = 0; k < 8; ++k) a[k] = Load(s[k] + i);
    __m128i p[8];  // p[2j]: bytes 2j,2j+1 of values 0..7; p[2j+1]: of values 8..15
    for (int j = 0; j < 4; ++j) {
      p[2 * j] = _mm_unpacklo_epi8(a[2 * j], a[2 * j + 1]);
      p[2 * j + 1] = _mm_unpackhi_epi8(a[2 * j], a[2 * j + 1]);
    }
    // q[h][m]: bytes 4h..4h+3 of values 4m..4m+3
    __m128i q[2][4];
    for (int h = 0; h < 2; ++h) {
      const __m128i lo_a = p[4 * h], hi_a = p[4 * h + 1];      // bytes 4h, 4h+1
      const __m128i lo_b = p[4 * h + 2], hi_b = p[4 * h + 3];  // bytes 4h+2, 4h+3
      q[h][0] = _mm_unpacklo_epi16(lo_a, lo_b);
      q[h][1] = _mm_unpackhi_epi16(lo_a, lo_b);
      q[h][2] = _mm_unpacklo_epi16(hi_a, hi_b);
      q[h][3] = _mm_unpackhi_epi16(hi_a, hi_b);
    }
    uint8_t* o = out + i * 8;
    for (int m = 0; m < 4; ++m) {
      Store(o + 32 * m, _mm_unpacklo_epi32(q[0][m], q[1][m]));
      Store(o + 32 * m + 16, _mm_unpackhi_epi32(q[0][m], q[1][m]));
    }
  }
  return i;
}
#endif

}  // namespace

void ByteStreamSplitDecode(const uint8_t* data, int width, int64_t stride, int64_t start,
                           int64_t n, uint8_t* out) {
  // An empty page may have no data at all (null): no pointer arithmetic on it.
  if (n <= 0) return;
  int64_t done = 0;
  switch (width) {
    case 4:
#if defined(__SSE2__)
      done = DecodeSse4(data, stride, start, n, out);
#endif
      ScalarDecodeFixed<4>(data, stride, start + done, n - done, out + done * 4);
      return;
    case 8:
#if defined(__SSE2__)
      done = DecodeSse8(data, stride, start, n, out);
#endif
      ScalarDecodeFixed<8>(data, stride, start + done, n - done, out + done * 8);
      return;
    default:
      ScalarDecode(data, width, stride, start, n, out);
      return;
  }
}

void ByteStreamSplitEncode(const uint8_t* values, int width, int64_t n, uint8_t* out) {
  for (int64_t i = 0; i < n; ++i) {
    for (int k = 0; k < width; ++k) out[k * n + i] = values[i * width + k];
  }
}

namespace {

template <typename T>
class ByteStreamSplitDecoder final : public TypedDecoder<T> {
 public:
  explicit ByteStreamSplitDecoder(int type_length)
      : width_(std::is_same_v<T, FixedLenByteArray> ? type_length : static_cast<int>(sizeof(T))) {}

  Encoding encoding() const override { return Encoding::kByteStreamSplit; }

  Status SetData(int64_t num_values, const uint8_t* data, size_t size) override {
    if (num_values < 0) return Status::InvalidArgument("negative value count");
    const size_t w = static_cast<size_t>(width_);
    if (size % w != 0) {
      return Status::Corrupt("BYTE_STREAM_SPLIT: " + std::to_string(size) +
                             " bytes are not a multiple of the value width " + std::to_string(w));
    }
    // The streams are exactly as long as the values: with bytes to spare,
    // the stride (and so every value) would be read wrong.
    const int64_t stride = static_cast<int64_t>(size / w);
    if (num_values != stride) {
      return Status::Corrupt("BYTE_STREAM_SPLIT: " + std::to_string(num_values) + " values of " +
                             std::to_string(w) + " bytes need " +
                             std::to_string(static_cast<uint64_t>(num_values) * w) +
                             " bytes, the page has " + std::to_string(size));
    }
    data_ = data;
    stride_ = stride;
    pos_ = 0;
    this->values_left_ = num_values;
    if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      flba_.resize(static_cast<size_t>(num_values) * w);
      ByteStreamSplitDecode(data_, width_, stride_, 0, num_values, flba_.data());
    }
    return Status::OK();
  }

  Result<int64_t> Decode(T* out, int64_t max) override {
    const int64_t k = std::min(max, this->values_left_);
    if (k <= 0) return int64_t{0};
    if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      const uint8_t* p = flba_.data() + pos_ * width_;
      for (int64_t i = 0; i < k; ++i) out[i].ptr = p + i * width_;
    } else {
      ByteStreamSplitDecode(data_, width_, stride_, pos_, k, reinterpret_cast<uint8_t*>(out));
    }
    pos_ += k;
    this->values_left_ -= k;
    return k;
  }

  Status Skip(int64_t n) override {
    if (n < 0 || n > this->values_left_) {
      return Status::InvalidArgument("cannot skip " + std::to_string(n) + " of " +
                                     std::to_string(this->values_left_) + " values");
    }
    pos_ += n;
    this->values_left_ -= n;
    return Status::OK();
  }

 private:
  int width_;
  const uint8_t* data_ = nullptr;
  int64_t stride_ = 0;
  int64_t pos_ = 0;
  std::vector<uint8_t> flba_;
};

template <typename T>
class ByteStreamSplitEncoder final : public TypedEncoder<T> {
 public:
  explicit ByteStreamSplitEncoder(int type_length)
      : type_length_(type_length),
        width_(std::is_same_v<T, FixedLenByteArray> ? type_length : static_cast<int>(sizeof(T))) {}

  Encoding encoding() const override { return Encoding::kByteStreamSplit; }

  Status Put(const T* values, int64_t n) override {
    AppendPlain(values, n, type_length_, &plain_);
    return Status::OK();
  }

  int64_t EstimatedDataSize() const override { return static_cast<int64_t>(plain_.size()); }

  Status FlushValues(std::vector<uint8_t>* out) override {
    const int64_t n = static_cast<int64_t>(plain_.size()) / width_;
    const size_t at = out->size();
    out->resize(at + plain_.size());
    ByteStreamSplitEncode(plain_.data(), width_, n, out->data() + at);
    plain_.clear();
    return Status::OK();
  }

 private:
  int type_length_;
  int width_;
  std::vector<uint8_t> plain_;
};

}  // namespace

template <typename T>
std::unique_ptr<TypedDecoder<T>> MakeByteStreamSplitDecoder(int type_length) {
  return std::make_unique<ByteStreamSplitDecoder<T>>(type_length);
}
template <typename T>
std::unique_ptr<TypedEncoder<T>> MakeByteStreamSplitEncoder(int type_length) {
  return std::make_unique<ByteStreamSplitEncoder<T>>(type_length);
}

#define PARQ_INSTANTIATE_BSS(T)                                                         \
  template std::unique_ptr<TypedDecoder<T>> MakeByteStreamSplitDecoder<T>(int);        \
  template std::unique_ptr<TypedEncoder<T>> MakeByteStreamSplitEncoder<T>(int);
PARQ_INSTANTIATE_BSS(int32_t)
PARQ_INSTANTIATE_BSS(int64_t)
PARQ_INSTANTIATE_BSS(float)
PARQ_INSTANTIATE_BSS(double)
PARQ_INSTANTIATE_BSS(FixedLenByteArray)
#undef PARQ_INSTANTIATE_BSS

}  // namespace parq::encoding
