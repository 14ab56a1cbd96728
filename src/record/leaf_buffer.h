// record/leaf_buffer.h — one leaf column's buffered levels and values, the
// input of record assembly (record/assembler.h).
//
// Entries (a definition and a repetition level each) sit in `def` / `rep`;
// the non-null values, densely, in `raw` (fixed-width types, `width` bytes
// each, bool as one byte, copies) or `views` (BYTE_ARRAY; FLBA is
// fixed-width).  A BYTE_ARRAY value is not copied as it comes in
// (AppendBorrowed): it points into the column reader's page, which stays
// valid only until the reader's next batch, so the feeder calls
// OwnBorrowed() before reading one, and that copies the values not yet
// consumed (the rest of an unfinished row) into blocks the leaf owns.  A
// flat column's rows never span batches, so its strings are never copied
// here: a 60 MB value is held once, by the page, while it is formatted.
// `pos` / `vpos` are the next entry / value to consume; `end` is the end of
// the current row (the next entry whose repetition level is 0).
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
#include <memory>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#include "parq/schema.h"
#include "parq/types.h"
#include "schema/physical_type_visit.h"

namespace parq {

struct LeafBuffer {
  const ColumnDescriptor* desc = nullptr;
  PhysicalType type = PhysicalType::kInt32;
  int16_t max_def = 0;
  int16_t max_rep = 0;
  size_t width = 4;  // bytes per fixed-width value; 0 for BYTE_ARRAY
  int slot = 0;      // this leaf's index in its assembly plan

  std::vector<int16_t> def;
  std::vector<int16_t> rep;
  std::vector<uint8_t> raw;              // fixed-width values
  std::vector<std::string_view> views;   // BYTE_ARRAY: value i's bytes
  // The bytes of BYTE_ARRAY values the leaf owns, in blocks that never move;
  // a block holds values of `views` before index `end` (and after the
  // previous block's end), so Compact frees the blocks it consumed.
  struct OwnedBlock {
    std::unique_ptr<char[]> bytes;
    size_t end;
  };
  std::vector<OwnedBlock> owned;

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
    views.clear();
    owned.clear();
    pos = end = vpos = scan = 0;
  }

  size_t size() const { return def.size(); }
  size_t num_values() const { return is_byte_array() ? views.size() : (width ? raw.size() / width : 0); }

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
      views.erase(views.begin(), views.begin() + static_cast<std::ptrdiff_t>(vpos));
      size_t done = 0;
      while (done < owned.size() && owned[done].end <= vpos) ++done;
      owned.erase(owned.begin(), owned.begin() + static_cast<std::ptrdiff_t>(done));
      for (OwnedBlock& o : owned) o.end -= vpos;
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
      const size_t old = views.size();
      views.resize(old + n);
      std::string_view* out = views.data() + old;
      for (size_t i = 0; i < n; ++i) out[i] = {reinterpret_cast<const char*>(v[i].ptr), v[i].len};
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
  // One BYTE_ARRAY value, copied.
  void AppendBytes(const uint8_t* p, size_t len) {
    views.emplace_back(reinterpret_cast<const char*>(p), len);
    OwnBorrowed();
  }
  // Copies the BYTE_ARRAY values appended since the last call (those the
  // leaf does not own yet) into one block of its own.  Only values not yet
  // consumed are left after Compact(), so call it after that.
  void OwnBorrowed() {
    const size_t from = owned.empty() ? 0 : owned.back().end;
    if (from >= views.size()) return;
    size_t total = 0;
    for (size_t i = from; i < views.size(); ++i) total += views[i].size();
    std::unique_ptr<char[]> block(new char[total ? total : 1]);
    char* o = block.get();
    for (size_t i = from; i < views.size(); ++i) {
      const size_t len = views[i].size();
      if (len) std::memcpy(o, views[i].data(), len);
      views[i] = {o, len};
      o += len;
    }
    owned.push_back({std::move(block), views.size()});
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
    if (is_byte_array()) return views[i];
    return {reinterpret_cast<const char*>(raw.data() + i * width), width};
  }
};

}  // namespace parq

#endif  // PARQ_RECORD_LEAF_BUFFER_H_
