// encoding/typed_delta.cc — see typed_delta.h.
#include "encoding/typed_delta.h"

#include <string>
#include <type_traits>

#include "encoding/delta_binary_packed.h"
#include "encoding/delta_byte_array.h"
#include "encoding/delta_length_byte_array.h"

namespace parq::encoding {
namespace {

// Codec: DeltaBinaryPackedDecoder<T>, DeltaLengthByteArrayDecoder or
// DeltaByteArrayDecoder; all share Init / Decode / Skip / total_values.
template <typename T, typename Codec>
class DeltaDecoderAdapter final : public TypedDecoder<T> {
 public:
  template <typename... Args>
  DeltaDecoderAdapter(Encoding encoding, Args... args) : encoding_(encoding), codec_(args...) {}

  Encoding encoding() const override { return encoding_; }

  Status SetData(int64_t num_values, const uint8_t* data, size_t size) override {
    if (num_values < 0) return Status::InvalidArgument("negative value count");
    this->values_left_ = 0;
    PARQ_RETURN_IF_ERROR(codec_.Init(data, size));
    if (num_values > codec_.total_values()) {
      return Status::Corrupt(std::string(EncodingName(encoding_)) + ": the page holds " +
                             std::to_string(num_values) + " values but the stream " +
                             std::to_string(codec_.total_values()));
    }
    this->values_left_ = num_values;
    return Status::OK();
  }

  Result<int64_t> Decode(T* out, int64_t max) override {
    const int64_t k = std::min(max, this->values_left_);
    if (k <= 0) return int64_t{0};
    PARQ_ASSIGN_OR_RETURN(int64_t got, codec_.Decode(out, k));
    if (got != k) return Status::Internal("delta decoder returned fewer values than it holds");
    this->values_left_ -= k;
    return k;
  }

  Status Skip(int64_t n) override {
    if (n < 0 || n > this->values_left_) {
      return Status::InvalidArgument("cannot skip " + std::to_string(n) + " of " +
                                     std::to_string(this->values_left_) + " values");
    }
    PARQ_RETURN_IF_ERROR(codec_.Skip(n));
    this->values_left_ -= n;
    return Status::OK();
  }

 private:
  Encoding encoding_;
  Codec codec_;
};

template <typename T, typename Codec>
class DeltaEncoderAdapter final : public TypedEncoder<T> {
 public:
  DeltaEncoderAdapter(Encoding encoding, int type_length)
      : encoding_(encoding), type_length_(type_length) {}

  Encoding encoding() const override { return encoding_; }

  Status Put(const T* values, int64_t n) override {
    if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      PARQ_RETURN_IF_ERROR(codec_.Put(values, n, type_length_));
      estimate_ += n * type_length_;
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      PARQ_RETURN_IF_ERROR(codec_.Put(values, n));
      for (int64_t i = 0; i < n; ++i) estimate_ += values[i].len + 1;
    } else {
      codec_.Put(values, n);
      estimate_ += n * static_cast<int64_t>(sizeof(T)) / 2;
    }
    return Status::OK();
  }

  int64_t EstimatedDataSize() const override { return estimate_; }

  Status FlushValues(std::vector<uint8_t>* out) override {
    std::string s;
    codec_.FlushTo(&s);
    out->insert(out->end(), s.begin(), s.end());
    estimate_ = 0;
    return Status::OK();
  }

 private:
  Encoding encoding_;
  int type_length_;
  int64_t estimate_ = 0;
  Codec codec_;
};

std::string Combo(Encoding e, PhysicalType t) {
  return std::string(EncodingName(e)) + " for " + std::string(PhysicalTypeName(t));
}

}  // namespace

template <typename T>
Result<std::unique_ptr<TypedDecoder<T>>> MakeDeltaDecoder(Encoding encoding, int type_length) {
  constexpr bool kInt = std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>;
  constexpr bool kBa = std::is_same_v<T, ByteArray>;
  constexpr bool kFlba = std::is_same_v<T, FixedLenByteArray>;
  if (encoding == Encoding::kDeltaBinaryPacked) {
    if constexpr (kInt) {
      return std::unique_ptr<TypedDecoder<T>>(
          std::make_unique<DeltaDecoderAdapter<T, DeltaBinaryPackedDecoder<T>>>(encoding));
    }
  } else if (encoding == Encoding::kDeltaLengthByteArray) {
    if constexpr (kBa) {
      return std::unique_ptr<TypedDecoder<T>>(
          std::make_unique<DeltaDecoderAdapter<T, DeltaLengthByteArrayDecoder>>(encoding));
    }
  } else if (encoding == Encoding::kDeltaByteArray) {
    if constexpr (kBa) {
      return std::unique_ptr<TypedDecoder<T>>(
          std::make_unique<DeltaDecoderAdapter<T, DeltaByteArrayDecoder>>(encoding, int32_t{-1}));
    }
    if constexpr (kFlba) {
      return std::unique_ptr<TypedDecoder<T>>(
          std::make_unique<DeltaDecoderAdapter<T, DeltaByteArrayDecoder>>(
              encoding, static_cast<int32_t>(type_length)));
    }
  }
  return Status::Unsupported("encoding " + Combo(encoding, PhysicalTypeOf<T>::value) +
                             " is not valid");
}

template <typename T>
Result<std::unique_ptr<TypedEncoder<T>>> MakeDeltaEncoder(Encoding encoding, int type_length) {
  constexpr bool kInt = std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>;
  constexpr bool kBa = std::is_same_v<T, ByteArray>;
  constexpr bool kFlba = std::is_same_v<T, FixedLenByteArray>;
  if (encoding == Encoding::kDeltaBinaryPacked) {
    if constexpr (kInt) {
      return std::unique_ptr<TypedEncoder<T>>(
          std::make_unique<DeltaEncoderAdapter<T, DeltaBinaryPackedEncoder<T>>>(encoding, type_length));
    }
  } else if (encoding == Encoding::kDeltaLengthByteArray) {
    if constexpr (kBa) {
      return std::unique_ptr<TypedEncoder<T>>(
          std::make_unique<DeltaEncoderAdapter<T, DeltaLengthByteArrayEncoder>>(encoding, type_length));
    }
  } else if (encoding == Encoding::kDeltaByteArray) {
    if constexpr (kBa || kFlba) {
      return std::unique_ptr<TypedEncoder<T>>(
          std::make_unique<DeltaEncoderAdapter<T, DeltaByteArrayEncoder>>(encoding, type_length));
    }
  }
  return Status::Unsupported("encoding " + Combo(encoding, PhysicalTypeOf<T>::value) +
                             " is not valid");
}

#define PARQ_INSTANTIATE_DELTA(T)                                                          \
  template Result<std::unique_ptr<TypedDecoder<T>>> MakeDeltaDecoder<T>(Encoding, int);   \
  template Result<std::unique_ptr<TypedEncoder<T>>> MakeDeltaEncoder<T>(Encoding, int);
PARQ_INSTANTIATE_DELTA(bool)
PARQ_INSTANTIATE_DELTA(int32_t)
PARQ_INSTANTIATE_DELTA(int64_t)
PARQ_INSTANTIATE_DELTA(Int96)
PARQ_INSTANTIATE_DELTA(float)
PARQ_INSTANTIATE_DELTA(double)
PARQ_INSTANTIATE_DELTA(ByteArray)
PARQ_INSTANTIATE_DELTA(FixedLenByteArray)
#undef PARQ_INSTANTIATE_DELTA

}  // namespace parq::encoding
