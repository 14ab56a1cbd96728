// Decoding a column chunk into ColumnData, and writing it back.
#include <algorithm>
#include <cstring>
#include <memory>
#include <type_traits>

#include "bench.h"

namespace parq::bench {
namespace {

// Grows `v` to at least n elements without shrinking (amortised doubling).
template <typename V>
void Reserve(V& v, size_t n) {
  if (v.size() < n) v.resize(std::max(n, v.size() * 2));
}

template <typename T>
Status ReadFixed(TypedColumnReader<T>* r, ColumnData* out) {
  const ColumnDescriptor& d = r->descriptor();
  const bool has_def = d.max_definition_level > 0, has_rep = d.max_repetition_level > 0;
  // The metadata's count is a hint only: buffers grow if the pages hold more.
  int64_t cap = std::max<int64_t>(r->num_values(), 1024);
  int64_t levels = 0, nv = 0;
  while (true) {
    if (has_def) Reserve(out->def, static_cast<size_t>(cap));
    if (has_rep) Reserve(out->rep, static_cast<size_t>(cap));
    Reserve(out->values, static_cast<size_t>(cap) * sizeof(T));
    int64_t vr = 0;
    T* vals = reinterpret_cast<T*>(out->values.data()) + nv;
    PARQ_ASSIGN_OR_RETURN(int64_t n, r->ReadBatch(cap - levels, has_def ? out->def.data() + levels : nullptr,
                                                  has_rep ? out->rep.data() + levels : nullptr, vals, &vr));
    if (n == 0) break;
    levels += n;
    nv += vr;
    if (levels == cap) cap *= 2;
  }
  out->num_levels = levels;
  out->num_values = nv;
  out->chars_size = 0;
  out->value_width = sizeof(T);
  return Status::OK();
}

// Byte arrays: views per batch, copied into offsets + characters.
template <typename T>
Status ReadBytes(TypedColumnReader<T>* r, ColumnData* out) {
  const ColumnDescriptor& d = r->descriptor();
  const bool has_def = d.max_definition_level > 0, has_rep = d.max_repetition_level > 0;
  constexpr int64_t kBatch = 4096;
  T views[kBatch];
  int64_t levels = 0, nv = 0;
  size_t pos = 0;
  Reserve(out->offsets, 1);
  out->offsets[0] = 0;
  const uint32_t fixed_len = d.type_length > 0 ? static_cast<uint32_t>(d.type_length) : 0;
  while (true) {
    if (has_def) Reserve(out->def, static_cast<size_t>(levels + kBatch));
    if (has_rep) Reserve(out->rep, static_cast<size_t>(levels + kBatch));
    int64_t vr = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t n, r->ReadBatch(kBatch, has_def ? out->def.data() + levels : nullptr,
                                                  has_rep ? out->rep.data() + levels : nullptr, views, &vr));
    if (n == 0) break;
    levels += n;
    Reserve(out->offsets, static_cast<size_t>(nv + vr + 1));
    size_t bytes = 0;
    for (int64_t i = 0; i < vr; ++i) {
      if constexpr (std::is_same_v<T, ByteArray>) {
        bytes += views[i].len;
      } else {
        bytes += fixed_len;
      }
    }
    Reserve(out->chars, pos + bytes);
    uint8_t* dst = out->chars.data();
    uint32_t* offs = out->offsets.data() + nv;
    for (int64_t i = 0; i < vr; ++i) {
      uint32_t len;
      if constexpr (std::is_same_v<T, ByteArray>) {
        len = views[i].len;
      } else {
        len = fixed_len;
      }
      if (len != 0) std::memcpy(dst + pos, views[i].ptr, len);
      pos += len;
      offs[i + 1] = static_cast<uint32_t>(pos);
    }
    nv += vr;
  }
  out->num_levels = levels;
  out->num_values = nv;
  out->chars_size = static_cast<int64_t>(pos);
  out->value_width = 0;
  return Status::OK();
}

template <typename T>
Status WriteFixed(TypedColumnWriter<T>* w, const ColumnData& in) {
  const ColumnDescriptor& d = w->descriptor();
  return w->WriteBatch(in.num_levels, d.max_definition_level > 0 ? in.def.data() : nullptr,
                       d.max_repetition_level > 0 ? in.rep.data() : nullptr,
                       reinterpret_cast<const T*>(in.values.data()));
}

template <typename T>
Status WriteViews(TypedColumnWriter<T>* w, const ColumnData& in, const WriteScratch& s) {
  const ColumnDescriptor& d = w->descriptor();
  return w->WriteBatch(in.num_levels, d.max_definition_level > 0 ? in.def.data() : nullptr,
                       d.max_repetition_level > 0 ? in.rep.data() : nullptr,
                       reinterpret_cast<const T*>(s.views.data()));
}

}  // namespace

int64_t ColumnData::value_bytes() const {
  return value_width > 0 ? num_values * value_width : chars_size + (num_values + 1) * 4;
}

Status ReadChunk(ColumnReader* reader, ColumnData* out) {
  switch (reader->physical_type()) {
    case PhysicalType::kBoolean: return ReadFixed(reader->As<bool>(), out);
    case PhysicalType::kInt32: return ReadFixed(reader->As<int32_t>(), out);
    case PhysicalType::kInt64: return ReadFixed(reader->As<int64_t>(), out);
    case PhysicalType::kInt96: return ReadFixed(reader->As<Int96>(), out);
    case PhysicalType::kFloat: return ReadFixed(reader->As<float>(), out);
    case PhysicalType::kDouble: return ReadFixed(reader->As<double>(), out);
    case PhysicalType::kByteArray: return ReadBytes(reader->As<ByteArray>(), out);
    case PhysicalType::kFixedLenByteArray: return ReadBytes(reader->As<FixedLenByteArray>(), out);
  }
  return Status::Internal("unknown physical type");
}

void PrepareWrite(const ColumnDescriptor& d, const ColumnData& in, WriteScratch* s) {
  if (d.physical_type == PhysicalType::kByteArray) {
    s->views.resize(static_cast<size_t>(in.num_values) * sizeof(ByteArray));
    auto* v = reinterpret_cast<ByteArray*>(s->views.data());
    for (int64_t i = 0; i < in.num_values; ++i) {
      v[i].ptr = in.chars.data() + in.offsets[static_cast<size_t>(i)];
      v[i].len = in.offsets[static_cast<size_t>(i) + 1] - in.offsets[static_cast<size_t>(i)];
    }
  } else if (d.physical_type == PhysicalType::kFixedLenByteArray) {
    s->views.resize(static_cast<size_t>(in.num_values) * sizeof(FixedLenByteArray));
    auto* v = reinterpret_cast<FixedLenByteArray*>(s->views.data());
    for (int64_t i = 0; i < in.num_values; ++i) v[i].ptr = in.chars.data() + in.offsets[static_cast<size_t>(i)];
  }
}

Status WriteChunk(ColumnWriter* w, const ColumnData& in, const WriteScratch& s) {
  switch (w->physical_type()) {
    case PhysicalType::kBoolean: return WriteFixed(w->As<bool>(), in);
    case PhysicalType::kInt32: return WriteFixed(w->As<int32_t>(), in);
    case PhysicalType::kInt64: return WriteFixed(w->As<int64_t>(), in);
    case PhysicalType::kInt96: return WriteFixed(w->As<Int96>(), in);
    case PhysicalType::kFloat: return WriteFixed(w->As<float>(), in);
    case PhysicalType::kDouble: return WriteFixed(w->As<double>(), in);
    case PhysicalType::kByteArray: return WriteViews(w->As<ByteArray>(), in, s);
    case PhysicalType::kFixedLenByteArray: return WriteViews(w->As<FixedLenByteArray>(), in, s);
  }
  return Status::Internal("unknown physical type");
}

}  // namespace parq::bench
