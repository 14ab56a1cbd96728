// encoding/alp.cc — ALP's page layout: the vector writer, the decoder and the
// encoder (see alp.h).  The parameter search is alp_params.cc.
#include "encoding/alp.h"

#include <algorithm>
#include <cstring>
#include <string>
#include <type_traits>

#include "encoding/alp_internal.h"
#include "encoding/bit_unpack.h"

namespace parq::encoding {

using alp_internal::Traits;
using alp_internal::VectorHeaderSize;

namespace {

template <typename U>
U LoadLE(const uint8_t* p) {
  U v;
  std::memcpy(&v, p, sizeof(U));  // little-endian hosts only (x86-64, as the rest of parq)
  return v;
}

template <typename U>
void AppendLE(U v, std::vector<uint8_t>* out) {
  const size_t at = out->size();
  out->resize(at + sizeof(U));
  std::memcpy(out->data() + at, &v, sizeof(U));
}

Status Bad(const std::string& what) { return Status::Corrupt("ALP: " + what); }

}  // namespace

namespace alp_internal {

template <typename T>
void WriteVector(const T* values, int n, AlpParams p, Scratch<T>& s, std::vector<uint8_t>* out) {
  using Signed = typename Traits<T>::Signed;
  using Unsigned = typename Traits<T>::Unsigned;
  s.Reserve(n);
  const auto r = EncodeInts<T>(values, n, p, s.enc.data(), s.positions.data());
  out->push_back(static_cast<uint8_t>(p.exponent));
  out->push_back(static_cast<uint8_t>(p.factor));
  AppendLE<uint16_t>(static_cast<uint16_t>(r.num_exceptions), out);
  AppendLE<Signed>(r.frame, out);
  out->push_back(static_cast<uint8_t>(r.bit_width));
  // Deltas in unsigned wrapping arithmetic, packed LSB-first.
  Unsigned* deltas = s.deltas.data();
  for (int i = 0; i < n; ++i) deltas[i] = static_cast<Unsigned>(s.enc[i]) - static_cast<Unsigned>(r.frame);
  const size_t at = out->size();
  out->resize(at + static_cast<size_t>(BytesForBits(int64_t{n} * r.bit_width)));
  Pack(deltas, r.bit_width, n, out->data() + at);
  for (int j = 0; j < r.num_exceptions; ++j) AppendLE<uint16_t>(s.positions[j], out);
  for (int j = 0; j < r.num_exceptions; ++j) {
    AppendLE<Unsigned>(std::bit_cast<Unsigned>(values[s.positions[j]]), out);
  }
}

}  // namespace alp_internal

template <typename T>
void AlpEncodeVector(const T* values, int n, AlpParams p, std::vector<uint8_t>* out) {
  alp_internal::Scratch<T> s;
  alp_internal::WriteVector<T>(values, n, p, s, out);
}

namespace {

template <typename T>
class AlpDecoder final : public TypedDecoder<T> {
  using Signed = typename Traits<T>::Signed;
  using Unsigned = typename Traits<T>::Unsigned;

 public:
  Encoding encoding() const override { return Encoding::kAlp; }

  Status SetData(int64_t num_values, const uint8_t* data, size_t size) override {
    if (num_values < 0) return Status::InvalidArgument("negative value count");
    this->values_left_ = 0;
    consumed_ = 0;
    buffered_ = -1;
    num_vectors_ = 0;
    if (num_values == 0 && size == 0) return Status::OK();  // a page of nulls only
    if (size < static_cast<size_t>(kAlpHeaderSize)) {
      return Bad("a page of " + std::to_string(size) + " bytes has no room for the 7-byte header");
    }
    if (data[0] != 0) return Bad("compression mode " + std::to_string(data[0]) + " is not 0 (ALP)");
    if (data[1] != 0) {
      return Bad("integer encoding " + std::to_string(data[1]) + " is not 0 (frame of reference + bit packing)");
    }
    const int log_vs = data[2];
    if (log_vs < 3 || log_vs > 15) return Bad("log2 of the vector size is " + std::to_string(log_vs) + ", not 3..15");
    const int32_t num_elements = LoadLE<int32_t>(data + 3);
    if (num_elements != num_values) {
      return Bad("the header counts " + std::to_string(num_elements) + " values, the page " +
                 std::to_string(num_values));
    }
    const int64_t vs = int64_t{1} << log_vs;
    const int64_t nv = (num_values + vs - 1) / vs;
    // Every vector takes its offset and its header at least: checked before
    // any count is trusted.
    const uint64_t body = size - kAlpHeaderSize;
    if (static_cast<uint64_t>(nv) * (4 + VectorHeaderSize<T>()) > body) {
      return Bad(std::to_string(num_values) + " values in " + std::to_string(nv) + " vectors need more than the " +
                 std::to_string(size) + " bytes of the page");
    }
    const uint8_t* offsets = data + kAlpHeaderSize;
    uint64_t expected = static_cast<uint64_t>(nv) * 4;
    for (int64_t i = 0; i < nv; ++i) {
      const uint32_t off = LoadLE<uint32_t>(offsets + 4 * i);
      if (off != expected) {
        return Bad("vector " + std::to_string(i) + " is at offset " + std::to_string(off) + ", expected " +
                   std::to_string(expected));
      }
      const int count = static_cast<int>(std::min(vs, num_values - i * vs));
      PARQ_ASSIGN_OR_RETURN(const uint64_t stored, CheckVector(i, offsets + off, body - off, count));
      expected += stored;
    }
    if (expected != body) {
      return Bad(std::to_string(body - expected) + " bytes follow the last vector");
    }
    data_ = data;
    log_vs_ = log_vs;
    num_vectors_ = nv;
    total_ = num_values;
    const size_t scratch = static_cast<size_t>(std::min(vs, num_values));
    if (deltas_.size() < scratch) deltas_.resize(scratch);
    if (buffer_.size() < scratch) buffer_.resize(scratch);
    this->values_left_ = num_values;
    return Status::OK();
  }

  Result<int64_t> Decode(T* out, int64_t max) override {
    const int64_t n = std::min(max, this->values_left_);
    if (n <= 0) return int64_t{0};
    const int64_t vs = int64_t{1} << log_vs_;
    int64_t done = 0;
    while (done < n) {
      const int64_t vec = consumed_ >> log_vs_;
      const int64_t pos = consumed_ & (vs - 1);
      const int64_t count = std::min(vs, total_ - vec * vs);
      int64_t take;
      if (pos == 0 && n - done >= count) {
        DecodeVector(vec, static_cast<int>(count), out + done);
        take = count;
      } else {
        if (buffered_ != vec) {
          DecodeVector(vec, static_cast<int>(count), buffer_.data());
          buffered_ = vec;
        }
        take = std::min(count - pos, n - done);
        std::memcpy(out + done, buffer_.data() + pos, static_cast<size_t>(take) * sizeof(T));
      }
      done += take;
      consumed_ += take;
    }
    this->values_left_ -= n;
    return n;
  }

  Status Skip(int64_t n) override {
    if (n < 0 || n > this->values_left_) {
      return Status::InvalidArgument("cannot skip " + std::to_string(n) + " of " +
                                     std::to_string(this->values_left_) + " values");
    }
    consumed_ += n;
    this->values_left_ -= n;
    return Status::OK();
  }

 private:
  // Checks vector i (count values, `avail` bytes from `v` to the page's end)
  // and returns its stored size.
  Result<uint64_t> CheckVector(int64_t i, const uint8_t* v, uint64_t avail, int count) {
    const std::string which = "vector " + std::to_string(i);
    if (avail < static_cast<uint64_t>(VectorHeaderSize<T>())) return Bad(which + ": its header runs past the page");
    const int e = v[0], f = v[1];
    const int exceptions = LoadLE<uint16_t>(v + 2);
    const int bw = v[alp_internal::kAlpInfoSize + sizeof(Signed)];
    if (e > AlpMaxExponent<T>()) {
      return Bad(which + ": exponent " + std::to_string(e) + " is above " + std::to_string(AlpMaxExponent<T>()));
    }
    if (f > e) return Bad(which + ": factor " + std::to_string(f) + " is above the exponent " + std::to_string(e));
    if (bw > static_cast<int>(8 * sizeof(T))) {
      return Bad(which + ": bit width " + std::to_string(bw) + " is above " + std::to_string(8 * sizeof(T)));
    }
    if (exceptions > count) {
      return Bad(which + ": " + std::to_string(exceptions) + " exceptions in " + std::to_string(count) + " values");
    }
    const uint64_t packed = static_cast<uint64_t>(BytesForBits(int64_t{count} * bw));
    const uint64_t stored = VectorHeaderSize<T>() + packed + static_cast<uint64_t>(exceptions) * (2 + sizeof(T));
    if (stored > avail) {
      return Bad(which + " needs " + std::to_string(stored) + " bytes, " + std::to_string(avail) + " are left");
    }
    const uint8_t* pos = v + VectorHeaderSize<T>() + packed;
    for (int j = 0; j < exceptions; ++j) {
      const int p = LoadLE<uint16_t>(pos + 2 * j);
      if (p >= count) {
        return Bad(which + ": exception position " + std::to_string(p) + " is past its " + std::to_string(count) +
                   " values");
      }
    }
    return stored;
  }

  // Decodes vector `vec` (validated by SetData) into out[0, count).
  void DecodeVector(int64_t vec, int count, T* out) {
    const uint8_t* offsets = data_ + kAlpHeaderSize;
    const uint8_t* v = offsets + LoadLE<uint32_t>(offsets + 4 * vec);
    const int e = v[0], f = v[1];
    const int exceptions = LoadLE<uint16_t>(v + 2);
    const Unsigned frame = static_cast<Unsigned>(LoadLE<Signed>(v + alp_internal::kAlpInfoSize));
    const int bw = v[alp_internal::kAlpInfoSize + sizeof(Signed)];
    const uint8_t* packed = v + VectorHeaderSize<T>();
    const T pow_f = Traits<T>::kPow10[f];
    const T neg_pow_e = Traits<T>::kNegPow10[e];
    if (bw == 0) {
      std::fill(out, out + count, alp_internal::DecodeOne<T>(static_cast<Signed>(frame), pow_f, neg_pow_e));
    } else {
      Unsigned* d = deltas_.data();
      Unpack(packed, bw, d, count);
      for (int i = 0; i < count; ++i) {
        out[i] = alp_internal::DecodeOne<T>(static_cast<Signed>(d[i] + frame), pow_f, neg_pow_e);
      }
    }
    const uint8_t* pos = packed + BytesForBits(int64_t{count} * bw);
    const uint8_t* exc = pos + 2 * exceptions;
    for (int j = 0; j < exceptions; ++j) {
      std::memcpy(out + LoadLE<uint16_t>(pos + 2 * j), exc + sizeof(T) * j, sizeof(T));
    }
  }

  const uint8_t* data_ = nullptr;
  int log_vs_ = kAlpLogVectorSize;
  int64_t num_vectors_ = 0;
  int64_t total_ = 0;
  int64_t consumed_ = 0;  // values returned or skipped
  int64_t buffered_ = -1;  // the vector held in buffer_
  std::vector<Unsigned> deltas_;
  std::vector<T> buffer_;
};

template <typename T>
class AlpEncoder final : public TypedEncoder<T> {
 public:
  Encoding encoding() const override { return Encoding::kAlp; }

  Status Put(const T* values, int64_t n) override {
    values_.insert(values_.end(), values, values + n);
    return Status::OK();
  }

  // The PLAIN size and the layout's fixed part: ALP's real size is known
  // only at FlushValues, and is rarely above this.
  int64_t EstimatedDataSize() const override {
    const int64_t n = static_cast<int64_t>(values_.size());
    const int64_t nv = (n + (1 << kAlpLogVectorSize) - 1) >> kAlpLogVectorSize;
    return kAlpHeaderSize + n * static_cast<int64_t>(sizeof(T)) + nv * (4 + VectorHeaderSize<T>());
  }

  Status FlushValues(std::vector<uint8_t>* out) override {
    const int64_t n = static_cast<int64_t>(values_.size());
    if (n > INT32_MAX) return Status::InvalidArgument("ALP: a page holds at most 2^31 - 1 values");
    constexpr int64_t kVs = int64_t{1} << kAlpLogVectorSize;
    const int64_t nv = (n + kVs - 1) / kVs;
    out->push_back(0);  // compression mode: ALP
    out->push_back(0);  // integer encoding: frame of reference + bit packing
    out->push_back(static_cast<uint8_t>(kAlpLogVectorSize));
    AppendLE<int32_t>(static_cast<int32_t>(n), out);
    const size_t offsets_at = out->size();
    out->resize(offsets_at + static_cast<size_t>(nv) * 4);
    const std::vector<AlpParams> preset = AlpPreset<T>(values_.data(), n, static_cast<int>(kVs));
    for (int64_t i = 0; i < nv; ++i) {
      const uint32_t off = static_cast<uint32_t>(out->size() - offsets_at);
      std::memcpy(out->data() + offsets_at + 4 * i, &off, 4);
      const T* v = values_.data() + i * kVs;
      const int count = static_cast<int>(std::min(kVs, n - i * kVs));
      alp_internal::WriteVector<T>(v, count, alp_internal::ChooseForVector<T>(v, count, preset, scratch_), scratch_,
                                   out);
    }
    values_.clear();
    return Status::OK();
  }

 private:
  std::vector<T> values_;
  alp_internal::Scratch<T> scratch_;
};

}  // namespace

template <typename T>
std::unique_ptr<TypedDecoder<T>> MakeAlpDecoder() {
  return std::make_unique<AlpDecoder<T>>();
}
template <typename T>
std::unique_ptr<TypedEncoder<T>> MakeAlpEncoder() {
  return std::make_unique<AlpEncoder<T>>();
}

#define PARQ_INSTANTIATE_ALP(T)                                                       \
  template void AlpEncodeVector<T>(const T*, int, AlpParams, std::vector<uint8_t>*); \
  template std::unique_ptr<TypedDecoder<T>> MakeAlpDecoder<T>();                      \
  template std::unique_ptr<TypedEncoder<T>> MakeAlpEncoder<T>();
PARQ_INSTANTIATE_ALP(float)
PARQ_INSTANTIATE_ALP(double)
#undef PARQ_INSTANTIATE_ALP

}  // namespace parq::encoding
