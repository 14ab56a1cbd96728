// CompactWriter: encodes Thrift compact protocol into a growing byte string.
// Writes cannot fail; the caller takes the bytes with data()/size() or Take().
//
// The output matches Apache Thrift's TCompactProtocol byte for byte:
//   - a field header uses the short form when 0 < id - previous id <= 15,
//     else the type byte and the absolute id as a zigzag varint;
//   - a bool field puts its value in the header's type (1 true, 2 false);
//   - a bool list element is one byte, 1 (true) or 2 (false);
//   - a list, set or map of bools is tagged with type code 1;
//   - a list or set header is short when size <= 14, else 0xF plus a varint;
//   - an empty map is the single byte 0 with no type byte.
//
// Ownership: the writer owns its buffer; Take() moves it out.
// Thread-safety: none; one writer per thread.
#ifndef PARQ_THRIFT_COMPACT_WRITER_H_
#define PARQ_THRIFT_COMPACT_WRITER_H_

#include <bit>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>
#include <vector>

#include "thrift/compact_types.h"

namespace parq::thrift {

class CompactWriter {
 public:
  CompactWriter();

  void StructBegin();
  void StructEnd();          // writes STOP and restores the previous field id
  void FieldBegin(CType type, int16_t id);  // short form when 0 < delta <= 15
  // A bool field: the value goes into the field header.
  void FieldBool(int16_t id, bool value);

  void WriteBool(bool v);    // a list element: one byte, 1 or 2 as Apache Thrift writes
  void WriteByte(int8_t v);
  void WriteI16(int16_t v);
  void WriteI32(int32_t v);
  void WriteI64(int64_t v);
  void WriteDouble(double v);
  // REQUIRES: v.size() <= UINT32_MAX (the wire length is a 32-bit varint).
  void WriteBinary(std::string_view v);

  void ListBegin(CType elem_type, uint32_t size);
  void SetBegin(CType elem_type, uint32_t size) { ListBegin(elem_type, size); }
  void MapBegin(CType key_type, CType value_type, uint32_t size);

  const uint8_t* data() const { return reinterpret_cast<const uint8_t*>(buf_.data()); }
  size_t size() const { return buf_.size(); }
  std::string Take();
  void Clear();

 private:
  // Apache Thrift tags a bool element, key or value type with 1 (true).
  static uint8_t ElemCode(CType t) {
    return t == CType::kBoolFalse ? static_cast<uint8_t>(CType::kBoolTrue) : static_cast<uint8_t>(t);
  }
  void PutByte(uint8_t b) { buf_.push_back(static_cast<char>(b)); }
  void PutVarint(uint64_t v) {
    char tmp[10];
    size_t n = 0;
    while (v >= 0x80) {
      tmp[n++] = static_cast<char>((v & 0x7F) | 0x80);
      v >>= 7;
    }
    tmp[n++] = static_cast<char>(v);
    buf_.append(tmp, n);
  }
  void FieldHeader(uint8_t type_code, int16_t id);

  std::string buf_;
  int16_t last_field_id_ = 0;
  std::vector<int16_t> field_stack_;
};

// ---------------------------------------------------------------------------
// Inline: the per-value writes.

inline void CompactWriter::FieldHeader(uint8_t type_code, int16_t id) {
  int delta = static_cast<int>(id) - static_cast<int>(last_field_id_);
  if (delta > 0 && delta <= 15) {
    PutByte(static_cast<uint8_t>(delta << 4) | type_code);
  } else {
    PutByte(type_code);
    WriteI16(id);
  }
  last_field_id_ = id;
}

inline void CompactWriter::FieldBegin(CType type, int16_t id) { FieldHeader(static_cast<uint8_t>(type), id); }

inline void CompactWriter::FieldBool(int16_t id, bool value) {
  FieldHeader(static_cast<uint8_t>(value ? CType::kBoolTrue : CType::kBoolFalse), id);
}

inline void CompactWriter::WriteBool(bool v) {
  PutByte(static_cast<uint8_t>(v ? CType::kBoolTrue : CType::kBoolFalse));
}

inline void CompactWriter::WriteByte(int8_t v) { PutByte(static_cast<uint8_t>(v)); }

inline void CompactWriter::WriteI16(int16_t v) { WriteI32(v); }

inline void CompactWriter::WriteI32(int32_t v) {
  uint32_t u = static_cast<uint32_t>(v);
  PutVarint((u << 1) ^ static_cast<uint32_t>(v >> 31));
}

inline void CompactWriter::WriteI64(int64_t v) {
  uint64_t u = static_cast<uint64_t>(v);
  PutVarint((u << 1) ^ static_cast<uint64_t>(v >> 63));
}

inline void CompactWriter::WriteDouble(double v) {
  uint64_t bits = std::bit_cast<uint64_t>(v);
  if constexpr (std::endian::native == std::endian::big) bits = __builtin_bswap64(bits);
  char tmp[8];
  std::memcpy(tmp, &bits, 8);
  buf_.append(tmp, 8);
}

inline void CompactWriter::WriteBinary(std::string_view v) {
  PutVarint(v.size());
  buf_.append(v.data(), v.size());
}

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_COMPACT_WRITER_H_
