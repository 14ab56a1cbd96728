// encoding/rle_boolean.cc — see rle_boolean.h.
#include "encoding/rle_boolean.h"

#include <algorithm>
#include <string>

#include "encoding/rle_bit_packed.h"

namespace parq::encoding {
namespace {

class RleBooleanDecoder final : public TypedDecoder<bool> {
 public:
  Encoding encoding() const override { return Encoding::kRle; }

  Status SetData(int64_t num_values, const uint8_t* data, size_t size) override {
    if (num_values < 0) return Status::InvalidArgument("negative value count");
    this->values_left_ = 0;
    PARQ_ASSIGN_OR_RETURN(LengthPrefixed span, ReadLengthPrefixed(data, size));
    PARQ_RETURN_IF_ERROR(rle_.Init(span.data, span.size, 1));
    this->values_left_ = num_values;
    return Status::OK();
  }

  Result<int64_t> Decode(bool* out, int64_t max) override {
    const int64_t k = std::min(max, values_left_);
    if (k <= 0) return int64_t{0};
    // bool holds 0 / 1 in one byte; the decoder writes exactly those.
    PARQ_ASSIGN_OR_RETURN(int64_t got, rle_.GetBatch(reinterpret_cast<uint8_t*>(out), k));
    if (got != k) return Short(k, got);
    values_left_ -= k;
    return k;
  }

  Status Skip(int64_t n) override {
    if (n < 0 || n > values_left_) {
      return Status::InvalidArgument("cannot skip " + std::to_string(n) + " of " +
                                     std::to_string(values_left_) + " values");
    }
    PARQ_ASSIGN_OR_RETURN(int64_t got, rle_.Skip(n));
    if (got != n) return Short(n, got);
    values_left_ -= n;
    return Status::OK();
  }

 private:
  Status Short(int64_t want, int64_t got) const {
    return Status::Corrupt("RLE BOOLEAN data ends after " + std::to_string(got) + " of " +
                           std::to_string(want) + " requested values (byte " +
                           std::to_string(4 + rle_.position()) + ")");
  }

  RleBitPackedDecoder rle_;
};

class RleBooleanEncoder final : public TypedEncoder<bool> {
 public:
  Encoding encoding() const override { return Encoding::kRle; }

  Status Put(const bool* values, int64_t n) override {
    for (int64_t i = 0; i < n; ++i) enc_.Put(values[i] ? 1u : 0u);
    return Status::OK();
  }

  int64_t EstimatedDataSize() const override { return 4 + enc_.EstimatedSize(); }

  Status FlushValues(std::vector<uint8_t>* out) override {
    enc_.FlushWithLengthPrefix(out);
    return Status::OK();
  }

 private:
  RleBitPackedEncoder enc_{1};
};

}  // namespace

std::unique_ptr<TypedDecoder<bool>> MakeRleBooleanDecoder() {
  return std::make_unique<RleBooleanDecoder>();
}
std::unique_ptr<TypedEncoder<bool>> MakeRleBooleanEncoder() {
  return std::make_unique<RleBooleanEncoder>();
}

}  // namespace parq::encoding
