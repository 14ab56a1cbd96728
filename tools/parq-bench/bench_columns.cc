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

// Byte arrays.  A chunk whose pages are all dictionary-encoded is kept as
// Arrow keeps a dictionary array: int32 indices plus the dictionary (copied
// once); otherwise the values are copied into offsets + characters (a PLAIN
// page after dictionary pages first turns the indices so far into characters).
template <typename T>
Status ReadBytes(TypedColumnReader<T>* r, ColumnData* out) {
  const ColumnDescriptor& d = r->descriptor();
  const bool has_def = d.max_definition_level > 0, has_rep = d.max_repetition_level > 0;
  constexpr int64_t kBatch = 4096;
  T views[kBatch];
  int64_t levels = 0, nv = 0, nidx = 0;
  size_t pos = 0;
  Reserve(out->offsets, 1);
  out->offsets[0] = 0;
  const uint32_t fixed_len = d.type_length > 0 ? static_cast<uint32_t>(d.type_length) : 0;
  auto length = [&](const T& v) -> uint32_t {
    if constexpr (std::is_same_v<T, ByteArray>) {
      return v.len;
    } else {
      return fixed_len;
    }
  };
  auto append = [&](const T* vals, int64_t count) {
    Reserve(out->offsets, static_cast<size_t>(nv + count + 1));
    size_t bytes = 0;
    for (int64_t i = 0; i < count; ++i) bytes += length(vals[i]);
    Reserve(out->chars, pos + bytes);
    uint8_t* dst = out->chars.data();
    uint32_t* offs = out->offsets.data() + nv;
    for (int64_t i = 0; i < count; ++i) {
      const uint32_t len = length(vals[i]);
      CopyShort(dst + pos, vals[i].ptr, len);
      pos += len;
      offs[i + 1] = static_cast<uint32_t>(pos);
    }
    nv += count;
  };
  bool as_indices = true;
  while (true) {
    if (has_def) Reserve(out->def, static_cast<size_t>(levels + kBatch));
    if (has_rep) Reserve(out->rep, static_cast<size_t>(levels + kBatch));
    int16_t* def = has_def ? out->def.data() + levels : nullptr;
    int16_t* rep = has_rep ? out->rep.data() + levels : nullptr;
    int64_t vr = 0;
    if (as_indices) {
      PARQ_ASSIGN_OR_RETURN(bool dict, r->NextPageIsDictionaryEncoded());
      if (dict) {
        Reserve(out->indices, static_cast<size_t>(nidx + kBatch));
        PARQ_ASSIGN_OR_RETURN(int64_t n, r->ReadIndices(kBatch, def, rep, out->indices.data() + nidx, &vr));
        if (n == 0) break;
        levels += n;
        nidx += vr;
        continue;
      }
    }
    PARQ_ASSIGN_OR_RETURN(int64_t n, r->ReadBatch(kBatch, def, rep, views, &vr));
    if (n == 0) break;
    if (as_indices) {
      as_indices = false;
      const std::span<const T> dictionary = r->dictionary();
      T gathered[256];
      for (int64_t i = 0; i < nidx; i += 256) {
        const int64_t c = std::min<int64_t>(256, nidx - i);
        for (int64_t j = 0; j < c; ++j) gathered[j] = dictionary[static_cast<size_t>(out->indices[static_cast<size_t>(i + j)])];
        append(gathered, c);
      }
    }
    levels += n;
    append(views, vr);
  }
  out->num_levels = levels;
  out->value_width = 0;
  out->dictionary = as_indices && nidx > 0;
  if (out->dictionary) {
    const std::span<const T> dictionary = r->dictionary();
    nv = 0;
    pos = 0;
    append(dictionary.data(), static_cast<int64_t>(dictionary.size()));
    out->dictionary_size = nv;
    nv = nidx;
  } else {
    out->dictionary_size = 0;
  }
  out->num_values = nv;
  out->chars_size = static_cast<int64_t>(pos);
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
  if (value_width > 0) return num_values * value_width;
  if (dictionary) return num_values * 4 + chars_size + (dictionary_size + 1) * 4;
  return chars_size + (num_values + 1) * 4;
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
