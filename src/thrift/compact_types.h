// Thrift compact protocol: the wire type codes and the limits a reader obeys.
//
// Grammar (compact protocol, as Parquet uses it):
//   struct       := field* STOP
//   field        := header value
//   header       := [delta:4 | type:4]            (delta 1..15 from the previous id)
//                 | [0:4 | type:4] zigzag-varint-i16 (long form: absolute id)
//   STOP         := 0x00
//   bool field   := type 1 (true) or 2 (false) in the header; no value bytes
//   i8           := one byte;  i16, i32, i64 := zigzag varint;  double := 8 bytes LE
//   binary       := varint length, bytes
//   list / set   := [size:4 | elem:4] (size < 15) | [0xF | elem:4] varint size, elements
//   map          := varint size, then if size > 0 [ktype:4 | vtype:4], then pairs
//   bool element := one byte: 1 = true; 2 (or 0) = false
#ifndef PARQ_THRIFT_COMPACT_TYPES_H_
#define PARQ_THRIFT_COMPACT_TYPES_H_

#include <cstdint>

namespace parq::thrift {

enum class CType : uint8_t {
  kStop = 0,
  kBoolTrue = 1,
  kBoolFalse = 2,
  kByte = 3,
  kI16 = 4,
  kI32 = 5,
  kI64 = 6,
  kDouble = 7,
  kBinary = 8,
  kList = 9,
  kSet = 10,
  kMap = 11,
  kStruct = 12,
};

// True for both bool codes (fields use 1/2 for the value; list elements may be tagged 1 or 2).
inline bool IsBool(CType t) { return t == CType::kBoolTrue || t == CType::kBoolFalse; }

// A field header as one number, (id << 4) | wire type, for the in-order fast
// path of generated readers (CompactReader::PeekField).  Ids are positive
// there; 0 is no field's key.
constexpr uint32_t FieldKey(int16_t id, CType t) {
  return (static_cast<uint32_t>(static_cast<uint16_t>(id)) << 4) | static_cast<uint32_t>(t);
}
// Whether `key` is field `id` with either bool type code.
constexpr bool IsBoolKey(uint32_t key, int16_t id) {
  return key - FieldKey(id, CType::kBoolTrue) < 2u;
}

struct ThriftLimits {
  int64_t max_string_size = 100 << 20;
  int64_t max_container_size = 10'000'000;
  int32_t max_depth = 64;
};

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_COMPACT_TYPES_H_
