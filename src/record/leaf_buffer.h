// record/leaf_buffer.h — one leaf column's buffered levels and values, the
// input of record assembly (record/assembler.h).
//
// Entries (a definition and a repetition level each) sit in `def` / `rep`;
// the non-null values, densely, in `raw` (fixed-width types, `width` bytes
// each, bool as one byte) or `offsets` + `bytes` (BYTE_ARRAY; FLBA is
// fixed-width).  Values are copies: they stay valid across column-reader
// batches.  `pos` / `vpos` are the next entry / value to consume; `end` is
// the end of the current row (the next entry whose repetition level is 0).
//
// Levels are kept even when the max level is 0 (as zeros) so the assembler
// never branches on their absence.  Compact() drops consumed entries so the
// buffer holds at most one row plus one batch.
//
// Values go in and come out through one template over the C++ value type of
// the column's physical type (Append<T>, At<T>); VisitPhysicalType maps a
// PhysicalType to that type once, so callers pick their typed path per
// column or per batch, not per value.
//
// Thread-safety: none.
#ifndef PARQ_RECORD_LEAF_BUFFER_H_
#define PARQ_RECORD_LEAF_BUFFER_H_

#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "parq/schema.h"
#include "parq/types.h"

namespace parq {

// Calls f.template operator()<T>() with T the value type of `type` (bool,
// int32_t, int64_t, Int96, float, double, ByteArray, FixedLenByteArray) and
// returns what it returns.  Write f as [&]<typename T>() { ... }.
template <typename F>
decltype(auto) VisitPhysicalType(PhysicalType type, F&& f) {
  switch (type) {
    case PhysicalType::kBoolean: return f.template operator()<bool>();
    case PhysicalType::kInt32: return f.template operator()<int32_t>();
    case PhysicalType::kInt64: return f.template operator()<int64_t>();
    case PhysicalType::kInt96: return f.template operator()<Int96>();
    case PhysicalType::kFloat: return f.template operator()<float>();
    case PhysicalType::kDouble: return f.template operator()<double>();
    case PhysicalType::kByteArray: return f.template operator()<ByteArray>();
    case PhysicalType::kFixedLenByteArray: break;
  }
  return f.template operator()<FixedLenByteArray>();
}

struct LeafBuffer {
  const ColumnDescriptor* desc = nullptr;
  PhysicalType type = PhysicalType::kInt32;
  int16_t max_def = 0;
  int16_t max_rep = 0;
  size_t width = 4;  // bytes per fixed-width value; 0 for BYTE_ARRAY
  int slot = 0;      // this leaf's index in its assembly plan

  std::vector<int16_t> def;
  std::vector<int16_t> rep;
  std::vector<uint8_t> raw;        // fixed-width values
  // BYTE_ARRAY: value i is bytes[offsets[i], offsets[i+1]); empty for the
  // other types (a wide file has a leaf buffer per column).
  std::vector<uint64_t> offsets;
  std::string bytes;

  size_t pos = 0;   // next entry
  size_t end = 0;   // end of the current row (valid after FindRowEnd)
  size_t vpos = 0;  // next value
  size_t scan = 0;  // where FindRowEnd resumes looking for a repetition level 0

  void Init(const ColumnDescriptor& d) {
    desc = &d;
    type = d.physical_type;
    max_def = d.max_definition_level;
    max_rep = d.max_repetition_level;
    switch (type) {
      case PhysicalType::kBoolean: width = 1; break;
      case PhysicalType::kInt32: case PhysicalType::kFloat: width = 4; break;
      case PhysicalType::kInt64: case PhysicalType::kDouble: width = 8; break;
      case PhysicalType::kInt96: width = 12; break;
      case PhysicalType::kFixedLenByteArray: width = d.type_length > 0 ? static_cast<size_t>(d.type_length) : 0; break;
      case PhysicalType::kByteArray: width = 0; break;
    }
    Clear();
  }
  bool is_byte_array() const { return type == PhysicalType::kByteArray; }

  void Clear() {
    def.clear();
    rep.clear();
    raw.clear();
    if (is_byte_array()) {
      offsets.assign(1, 0);
    } else {
      offsets.clear();
    }
    bytes.clear();
    pos = end = vpos = scan = 0;
  }

  size_t size() const { return def.size(); }
  size_t num_values() const { return is_byte_array() ? offsets.size() - 1 : (width ? raw.size() / width : 0); }

  // Sets `end` to the end of the row starting at `pos`.  Returns false when
  // the row may continue past the buffered entries (more must be read first,
  // unless `eof`, when the row ends with the buffer).  REQUIRES: pos < size().
  bool FindRowEnd(bool eof) {
    size_t i = scan > pos + 1 ? scan : pos + 1;
    const size_t n = rep.size();
    if (max_rep == 0) {
      end = pos + 1;
      return true;
    }
    const int16_t* r = rep.data();
    while (i < n && r[i] != 0) ++i;
    if (i < n || eof) {
      end = i;
      scan = i;
      return true;
    }
    scan = n;
    return false;
  }

  // Drops consumed entries and values (before pos / vpos).
  void Compact() {
    if (pos == 0 && vpos == 0) return;
    def.erase(def.begin(), def.begin() + static_cast<std::ptrdiff_t>(pos));
    rep.erase(rep.begin(), rep.begin() + static_cast<std::ptrdiff_t>(pos));
    end -= pos < end ? pos : end;
    scan -= pos < scan ? pos : scan;
    if (is_byte_array()) {
      const uint64_t base = offsets[vpos];
      bytes.erase(0, base);
      offsets.erase(offsets.begin(), offsets.begin() + static_cast<std::ptrdiff_t>(vpos));
      for (uint64_t& o : offsets) o -= base;
    } else {
      raw.erase(raw.begin(), raw.begin() + static_cast<std::ptrdiff_t>(vpos * width));
    }
    pos = 0;
    vpos = 0;
  }

  // --- Appending values (RowCursor's feeder and tests) ---
  // n values of the column's value type T (REQUIRES: T is that type).
  template <typename T>
  void Append(const T* v, size_t n) {
    if constexpr (std::is_same_v<T, bool>) {
      AppendBools(v, n);
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      size_t total = 0;
      for (size_t i = 0; i < n; ++i) total += v[i].len;
      bytes.reserve(bytes.size() + total);
      offsets.reserve(offsets.size() + n);
      for (size_t i = 0; i < n; ++i) AppendBytes(v[i].ptr, v[i].len);
    } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      raw.reserve(raw.size() + n * width);
      for (size_t i = 0; i < n; ++i) AppendFixedBytes(v[i].ptr);
    } else {
      AppendFixed(v, n);
    }
  }
  template <typename T>
  void AppendFixed(const T* v, size_t n) {
    const size_t old = raw.size();
    raw.resize(old + n * sizeof(T));
    if (n) std::memcpy(raw.data() + old, v, n * sizeof(T));
  }
  void AppendBools(const bool* v, size_t n) {
    const size_t old = raw.size();
    raw.resize(old + n);
    for (size_t i = 0; i < n; ++i) raw[old + i] = v[i] ? 1 : 0;
  }
  void AppendBytes(const uint8_t* p, size_t len) {
    bytes.append(reinterpret_cast<const char*>(p), len);
    offsets.push_back(bytes.size());
  }
  void AppendFixedBytes(const uint8_t* p) {
    raw.insert(raw.end(), p, p + width);
  }

  // --- Reading value i (REQUIRES: i < num_values()) ---
  // As the column's value type T: bool, the number, Int96, or the bytes
  // (a string_view) for ByteArray and FixedLenByteArray.
  template <typename T>
  auto At(size_t i) const {
    if constexpr (std::is_same_v<T, bool>) {
      return BoolAt(i);
    } else if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>) {
      return BytesAt(i);
    } else {
      return Fixed<T>(i);
    }
  }
  template <typename T>
  T Fixed(size_t i) const {
    T v;
    std::memcpy(&v, raw.data() + i * sizeof(T), sizeof(T));
    return v;
  }
  bool BoolAt(size_t i) const { return raw[i] != 0; }
  std::string_view BytesAt(size_t i) const {
    if (is_byte_array()) return std::string_view(bytes).substr(offsets[i], offsets[i + 1] - offsets[i]);
    return {reinterpret_cast<const char*>(raw.data() + i * width), width};
  }
};

}  // namespace parq

#endif  // PARQ_RECORD_LEAF_BUFFER_H_
