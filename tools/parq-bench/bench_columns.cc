// Decoding a column chunk into ColumnData, and writing it back.
#include <algorithm>
#include <cstring>
#include <memory>
#include <type_traits>

#include "bench.h"

namespace parq::bench {
namespace {

// memcpy of a short, variable length as fixed-size moves (a call to memcpy
// per value costs more than the copy for 1..64-byte strings).
inline void CopyShort(uint8_t* d, const uint8_t* s, uint32_t n) {
  if (n >= 16) {
    if (n > 32) {
      if (n > 64) {
        std::memcpy(d, s, n);
        return;
      }
      std::memcpy(d, s, 32);
      std::memcpy(d + n - 32, s + n - 32, 32);
      return;
    }
    std::memcpy(d, s, 16);
    std::memcpy(d + n - 16, s + n - 16, 16);
  } else if (n >= 8) {
    std::memcpy(d, s, 8);
    std::memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(d, s, 4);
    std::memcpy(d + n - 4, s + n - 4, 4);
  } else if (n > 0) {
    d[0] = s[0];
    d[n / 2] = s[n / 2];
    d[n - 1] = s[n - 1];
  }
}

// Grows `v` to at least n elements without shrinking (amortised doubling).
template <typename V>
void Reserve(V& v, size_t n) {
  if (v.size() < n) v.resize(std::max(n, v.size() * 2));
}

// Decodes one chunk a step at a time, so that two chunks can take turns
// (ReadChunks).
class ChunkDecoder {
 public:
  virtual ~ChunkDecoder() = default;
  // Decodes the next few thousand level entries; false at the end of the
  // chunk, with `out` complete.
  virtual Result<bool> Step() = 0;

 protected:
  ChunkDecoder(const ColumnDescriptor& d, ColumnData* out)
      : out_(out),
        bits_(d.max_repetition_level == 0 && d.max_definition_level == 1),
        has_def_(d.max_definition_level > 0 && !bits_),
        has_rep_(d.max_repetition_level > 0) {
    out_->has_validity = bits_;
  }
  // Room for the validity bits of `levels` entries.
  void ReserveBits(int64_t levels) {
    if (bits_) Reserve(out_->validity, static_cast<size_t>((levels + 7) / 8));
  }

  ColumnData* const out_;
  const bool bits_;               // presence as a validity bitmap
  const bool has_def_, has_rep_;  // whether the chunk has levels of each kind
};

template <typename T>
class FixedDecoder final : public ChunkDecoder {
 public:
  FixedDecoder(TypedColumnReader<T>* r, ColumnData* out)
      : ChunkDecoder(r->descriptor(), out),
        r_(r),
        // The metadata's count is a hint only: buffers grow if the pages hold more.
        cap_(std::max<int64_t>(r->num_values(), 1024)) {}

  Result<bool> Step() override {
    constexpr int64_t kStep = 16384;
    if (has_def_) Reserve(out_->def, static_cast<size_t>(cap_));
    if (has_rep_) Reserve(out_->rep, static_cast<size_t>(cap_));
    ReserveBits(cap_);
    Reserve(out_->values, static_cast<size_t>(cap_) * sizeof(T));
    int64_t vr = 0;
    T* vals = reinterpret_cast<T*>(out_->values.data()) + nv_;
    const int64_t want = std::min(kStep, cap_ - levels_);
    PARQ_ASSIGN_OR_RETURN(int64_t n,
                          bits_ ? r_->ReadBatchWithValidity(want, out_->validity.data(), levels_, vals, &vr)
                                : r_->ReadBatch(want, has_def_ ? out_->def.data() + levels_ : nullptr,
                                                has_rep_ ? out_->rep.data() + levels_ : nullptr, vals, &vr));
    if (n == 0) {
      out_->num_levels = levels_;
      out_->num_values = nv_;
      out_->chars_size = 0;
      out_->value_width = sizeof(T);
      return false;
    }
    levels_ += n;
    nv_ += vr;
    if (levels_ == cap_) cap_ *= 2;
    return true;
  }

 private:
  TypedColumnReader<T>* r_;
  int64_t cap_;
  int64_t levels_ = 0, nv_ = 0;
};

// Byte arrays.  A chunk whose pages are all dictionary-encoded is kept as
// Arrow keeps a dictionary array: int32 indices plus the dictionary (copied
// once); otherwise the values are copied into offsets + characters (a PLAIN
// page after dictionary pages first turns the indices so far into characters).
template <typename T>
class BytesDecoder final : public ChunkDecoder {
 public:
  BytesDecoder(TypedColumnReader<T>* r, ColumnData* out)
      : ChunkDecoder(r->descriptor(), out),
        r_(r),
        fixed_len_(r->descriptor().type_length > 0 ? static_cast<uint32_t>(r->descriptor().type_length) : 0) {
    Reserve(out_->offsets, 1);
    out_->offsets[0] = 0;
  }

  Result<bool> Step() override {
    int16_t* def = nullptr;
    int16_t* rep = nullptr;
    if (has_def_) {
      Reserve(out_->def, static_cast<size_t>(levels_ + kBatch));
      def = out_->def.data() + levels_;
    }
    if (has_rep_) {
      Reserve(out_->rep, static_cast<size_t>(levels_ + kBatch));
      rep = out_->rep.data() + levels_;
    }
    ReserveBits(levels_ + kBatch);
    int64_t vr = 0;
    if (as_indices_) {
      PARQ_ASSIGN_OR_RETURN(bool dict, r_->NextPageIsDictionaryEncoded());
      if (dict) {
        Reserve(out_->indices, static_cast<size_t>(nidx_ + kBatch));
        int32_t* idx = out_->indices.data() + nidx_;
        PARQ_ASSIGN_OR_RETURN(int64_t n, bits_ ? r_->ReadIndicesWithValidity(kBatch, out_->validity.data(),
                                                                            levels_, idx, &vr)
                                               : r_->ReadIndices(kBatch, def, rep, idx, &vr));
        if (n == 0) return Finish();
        levels_ += n;
        nidx_ += vr;
        return true;
      }
    }
    PARQ_ASSIGN_OR_RETURN(int64_t n, bits_ ? r_->ReadBatchWithValidity(kBatch, out_->validity.data(), levels_,
                                                                      views_, &vr)
                                           : r_->ReadBatch(kBatch, def, rep, views_, &vr));
    if (n == 0) return Finish();
    if (as_indices_) {
      as_indices_ = false;
      const std::span<const T> dictionary = r_->dictionary();
      T gathered[256];
      for (int64_t i = 0; i < nidx_; i += 256) {
        const int64_t c = std::min<int64_t>(256, nidx_ - i);
        for (int64_t j = 0; j < c; ++j) gathered[j] = dictionary[static_cast<size_t>(out_->indices[static_cast<size_t>(i + j)])];
        Append(gathered, c);
      }
    }
    levels_ += n;
    Append(views_, vr);
    return true;
  }

 private:
  static constexpr int64_t kBatch = 4096;

  uint32_t Length(const T& v) const {
    if constexpr (std::is_same_v<T, ByteArray>) {
      return v.len;
    } else {
      return fixed_len_;
    }
  }
  void Append(const T* vals, int64_t count) {
    Reserve(out_->offsets, static_cast<size_t>(nv_ + count + 1));
    size_t bytes = 0;
    for (int64_t i = 0; i < count; ++i) bytes += Length(vals[i]);
    Reserve(out_->chars, pos_ + bytes);
    uint8_t* dst = out_->chars.data();
    uint32_t* offs = out_->offsets.data() + nv_;
    for (int64_t i = 0; i < count; ++i) {
      const uint32_t len = Length(vals[i]);
      CopyShort(dst + pos_, vals[i].ptr, len);
      pos_ += len;
      offs[i + 1] = static_cast<uint32_t>(pos_);
    }
    nv_ += count;
  }
  bool Finish() {
    out_->num_levels = levels_;
    out_->value_width = 0;
    out_->dictionary = as_indices_ && nidx_ > 0;
    if (out_->dictionary) {
      const std::span<const T> dictionary = r_->dictionary();
      nv_ = 0;
      pos_ = 0;
      Append(dictionary.data(), static_cast<int64_t>(dictionary.size()));
      out_->dictionary_size = nv_;
      nv_ = nidx_;
    } else {
      out_->dictionary_size = 0;
    }
    out_->num_values = nv_;
    out_->chars_size = static_cast<int64_t>(pos_);
    return false;
  }

  TypedColumnReader<T>* r_;
  const uint32_t fixed_len_;
  T views_[kBatch];
  int64_t levels_ = 0, nv_ = 0, nidx_ = 0;
  size_t pos_ = 0;
  bool as_indices_ = true;
};

std::unique_ptr<ChunkDecoder> MakeDecoder(ColumnReader* reader, ColumnData* out) {
  switch (reader->physical_type()) {
    case PhysicalType::kBoolean: return std::make_unique<FixedDecoder<bool>>(reader->As<bool>(), out);
    case PhysicalType::kInt32: return std::make_unique<FixedDecoder<int32_t>>(reader->As<int32_t>(), out);
    case PhysicalType::kInt64: return std::make_unique<FixedDecoder<int64_t>>(reader->As<int64_t>(), out);
    case PhysicalType::kInt96: return std::make_unique<FixedDecoder<Int96>>(reader->As<Int96>(), out);
    case PhysicalType::kFloat: return std::make_unique<FixedDecoder<float>>(reader->As<float>(), out);
    case PhysicalType::kDouble: return std::make_unique<FixedDecoder<double>>(reader->As<double>(), out);
    case PhysicalType::kByteArray:
      return std::make_unique<BytesDecoder<ByteArray>>(reader->As<ByteArray>(), out);
    case PhysicalType::kFixedLenByteArray:
      return std::make_unique<BytesDecoder<FixedLenByteArray>>(reader->As<FixedLenByteArray>(), out);
  }
  return nullptr;
}

// The definition levels to write: ColumnData's, or PrepareWrite's from its bitmap.
const int16_t* DefLevels(const ColumnDescriptor& d, const ColumnData& in, const WriteScratch& s) {
  if (d.max_definition_level == 0) return nullptr;
  return in.has_validity ? s.def.data() : in.def.data();
}

template <typename T>
Status WriteFixed(TypedColumnWriter<T>* w, const ColumnData& in, const WriteScratch& s) {
  const ColumnDescriptor& d = w->descriptor();
  return w->WriteBatch(in.num_levels, DefLevels(d, in, s), d.max_repetition_level > 0 ? in.rep.data() : nullptr,
                       reinterpret_cast<const T*>(in.values.data()));
}

template <typename T>
Status WriteViews(TypedColumnWriter<T>* w, const ColumnData& in, const WriteScratch& s) {
  const ColumnDescriptor& d = w->descriptor();
  return w->WriteBatch(in.num_levels, DefLevels(d, in, s), d.max_repetition_level > 0 ? in.rep.data() : nullptr,
                       reinterpret_cast<const T*>(s.views.data()));
}

}  // namespace

int64_t ColumnData::value_bytes() const {
  if (value_width > 0) return num_values * value_width;
  if (dictionary) return num_values * 4 + chars_size + (dictionary_size + 1) * 4;
  return chars_size + (num_values + 1) * 4;
}

Status ReadChunk(ColumnReader* reader, ColumnData* out) {
  std::unique_ptr<ChunkDecoder> decoder = MakeDecoder(reader, out);
  if (!decoder) return Status::Internal("unknown physical type");
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, decoder->Step());
    if (!more) return Status::OK();
  }
}

Status ReadChunks(ColumnReader* first, ColumnReader* second, ColumnData* out_first,
                  ColumnData* out_second) {
  std::unique_ptr<ChunkDecoder> decoders[2] = {MakeDecoder(first, out_first),
                                               MakeDecoder(second, out_second)};
  if (!decoders[0] || !decoders[1]) return Status::Internal("unknown physical type");
  bool more[2] = {true, true};
  while (more[0] || more[1]) {
    for (int i = 0; i < 2; ++i) {
      if (more[i]) {
        PARQ_ASSIGN_OR_RETURN(more[i], decoders[i]->Step());
      }
    }
  }
  return Status::OK();
}

void PrepareWrite(const ColumnDescriptor& d, const ColumnData& in, WriteScratch* s) {
  if (in.has_validity) {
    s->def.resize(static_cast<size_t>(in.num_levels));
    for (int64_t i = 0; i < in.num_levels; ++i) {
      s->def[static_cast<size_t>(i)] = static_cast<int16_t>((in.validity[static_cast<size_t>(i >> 3)] >> (i & 7)) & 1);
    }
  }
  // Value i's entry among offsets (through the dictionary when there is one).
  auto entry = [&in](int64_t i) -> size_t {
    return static_cast<size_t>(in.dictionary ? in.indices[static_cast<size_t>(i)] : i);
  };
  if (d.physical_type == PhysicalType::kByteArray) {
    s->views.resize(static_cast<size_t>(in.num_values) * sizeof(ByteArray));
    auto* v = reinterpret_cast<ByteArray*>(s->views.data());
    for (int64_t i = 0; i < in.num_values; ++i) {
      const size_t e = entry(i);
      v[i].ptr = in.chars.data() + in.offsets[e];
      v[i].len = in.offsets[e + 1] - in.offsets[e];
    }
  } else if (d.physical_type == PhysicalType::kFixedLenByteArray) {
    s->views.resize(static_cast<size_t>(in.num_values) * sizeof(FixedLenByteArray));
    auto* v = reinterpret_cast<FixedLenByteArray*>(s->views.data());
    for (int64_t i = 0; i < in.num_values; ++i) v[i].ptr = in.chars.data() + in.offsets[entry(i)];
  }
}

Status WriteChunk(ColumnWriter* w, const ColumnData& in, const WriteScratch& s) {
  switch (w->physical_type()) {
    case PhysicalType::kBoolean: return WriteFixed(w->As<bool>(), in, s);
    case PhysicalType::kInt32: return WriteFixed(w->As<int32_t>(), in, s);
    case PhysicalType::kInt64: return WriteFixed(w->As<int64_t>(), in, s);
    case PhysicalType::kInt96: return WriteFixed(w->As<Int96>(), in, s);
    case PhysicalType::kFloat: return WriteFixed(w->As<float>(), in, s);
    case PhysicalType::kDouble: return WriteFixed(w->As<double>(), in, s);
    case PhysicalType::kByteArray: return WriteViews(w->As<ByteArray>(), in, s);
    case PhysicalType::kFixedLenByteArray: return WriteViews(w->As<FixedLenByteArray>(), in, s);
  }
  return Status::Internal("unknown physical type");
}

}  // namespace parq::bench
