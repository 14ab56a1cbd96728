// variant/value.h — reading one encoded Variant value (VariantEncoding.md):
// its basic type, a primitive's typed payload, and the layout of objects and
// arrays.
//
//   value:          <value_metadata> <value_data>?
//   value_metadata: basic_type (2 bits) | value_header << 2
//     basic_type 0 primitive    (value_header = primitive type id)
//                1 short string (value_header = length 0..63)
//                2 object       (is_large << 4 | (field_id_size - 1) << 2
//                                | (field_offset_size - 1))
//                3 array        (is_large << 2 | (field_offset_size - 1))
//   object_val: <num_elements: 1 or 4 bytes> <field_id>{n} <field_offset>{n + 1} <fields>
//   array_val:  <num_elements: 1 or 4 bytes> <field_offset>{n + 1} <fields>
//
// A value is read in place: ReadVariantPrimitive gives a primitive's type and
// payload, VariantObjectView / VariantArrayView the elements of a container
// (each again an encoded value, paired with the same metadata for keys).
// Formatting values as text is not this layer's business (src/json does it).
//
// Hostile input: every size, offset and element count is checked against the
// buffer before use.  Errors are kCorrupt (malformed bytes) or kUnsupported
// (an unknown primitive type id) and name the byte offset in the value
// ("at value byte N"), counted from `base`: the offset of the parsed span in
// the top-level value, when the caller knows it.
//
// Views borrow the caller's buffers.  Thread-safety: all reentrant.
#ifndef PARQ_VARIANT_VALUE_H_
#define PARQ_VARIANT_VALUE_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string_view>

#include "parq/result.h"
#include "parq/status.h"
#include "variant/bytes.h"

namespace parq {

enum class VariantBasicType : uint8_t { kPrimitive = 0, kShortString = 1, kObject = 2, kArray = 3 };

// The primitive type ids of the spec's table (apache/parquet-format
// VariantEncoding.md as adopted: 17-20 for time, the nanosecond timestamps and
// uuid; an early draft numbered those 21-24, which no writer we know emits —
// the parquet-testing variant/ files use 17-20).  Other ids are Unsupported.
enum class VariantPrimitive : uint8_t {
  kNull = 0,
  kTrue = 1,
  kFalse = 2,
  kInt8 = 3,
  kInt16 = 4,
  kInt32 = 5,
  kInt64 = 6,
  kDouble = 7,
  kDecimal4 = 8,
  kDecimal8 = 9,
  kDecimal16 = 10,
  kDate = 11,
  kTimestampMicros = 12,
  kTimestampNtzMicros = 13,
  kFloat = 14,
  kBinary = 15,
  kString = 16,
  kTimeNtzMicros = 17,
  kTimestampNanos = 18,
  kTimestampNtzNanos = 19,
  kUuid = 20,
};

inline VariantBasicType VariantBasicTypeOf(uint8_t value_metadata) {
  return static_cast<VariantBasicType>(value_metadata & 3);
}

// One primitive or short-string value, by type.  `bytes` points into the
// value buffer.
struct VariantPrimitiveValue {
  VariantPrimitive type = VariantPrimitive::kNull;  // a short string reads as kString
  // kInt8..kInt64 (sign-extended), kDate (days since 1970-01-01),
  // kTimestamp* (micros or nanos since the epoch), kTimeNtzMicros.
  int64_t int_value = 0;
  double double_value = 0;  // kDouble
  float float_value = 0;    // kFloat
  uint8_t scale = 0;        // kDecimal*: 0..38
  // kDecimal*: the unscaled value, little-endian two's complement (4, 8 or
  // 16 bytes); kBinary; kString (meant to be UTF-8); kUuid (16 bytes).
  std::span<const uint8_t> bytes;

  bool bool_value() const { return type == VariantPrimitive::kTrue; }
  std::string_view string_value() const { return {reinterpret_cast<const char*>(bytes.data()), bytes.size()}; }
};

// The primitive or short string at the start of `value` (trailing bytes are
// ignored) into *out.  Corrupt for an object or array, a truncated value or a
// decimal scale above 38.  (An out-parameter rather than a Result: decoders
// call it once per value.)
Status ReadVariantPrimitive(std::span<const uint8_t> value, VariantPrimitiveValue* out, size_t base = 0);

namespace variant_internal {
// The Corrupt status of an element offset outside its fields region.
Status ElementOutOfRange(uint32_t i, uint32_t offset, size_t region, size_t base);
// The i-th element's bytes of a container: from its offset to the end of the
// fields region (the element decodes its own length).  Inline: decoders call
// it once per element.
[[gnu::always_inline]] inline Result<std::span<const uint8_t>> ElementAt(std::span<const uint8_t> v, uint8_t off_size, size_t offs_pos,
                                                  size_t fields_pos, size_t fields_end, uint32_t i, size_t base) {
  const uint32_t off = LoadLE(v.data() + offs_pos + size_t{i} * off_size, off_size);
  if (uint64_t{off} >= fields_end - fields_pos) [[unlikely]] {
    return ElementOutOfRange(i, off, fields_end - fields_pos, base);
  }
  return v.subspan(fields_pos + off, fields_end - fields_pos - off);
}
}  // namespace variant_internal

// Object layout of one encoded value (basic type 2), validated against its
// buffer.
class VariantObjectView {
 public:
  // InvalidArgument when the value is not an object.  The out-parameter
  // form is for decode loops (no Result to move the view through).
  static Status Parse(std::span<const uint8_t> value, size_t base, VariantObjectView* out);
  static Result<VariantObjectView> Parse(std::span<const uint8_t> value, size_t base = 0) {
    VariantObjectView o;
    PARQ_RETURN_IF_ERROR(Parse(value, base, &o));
    return o;
  }
  uint32_t size() const { return n_; }
  // The i-th field's dictionary id and the bytes from its value to the end of
  // the fields region (the value decodes its own length).  REQUIRES: i <
  // size().
  uint32_t field_id(uint32_t i) const {
    return variant_internal::LoadLE(v_.data() + ids_pos_ + size_t{i} * id_size_, id_size_);
  }
  Result<std::span<const uint8_t>> field_value(uint32_t i) const {
    return variant_internal::ElementAt(v_, off_size_, offs_pos_, fields_pos_, fields_end_, i, base_);
  }
  // Byte offset of the i-th field's value within the parsed buffer.
  size_t field_value_offset(uint32_t i) const {
    return fields_pos_ + variant_internal::LoadLE(v_.data() + offs_pos_ + size_t{i} * off_size_, off_size_);
  }

 private:
  std::span<const uint8_t> v_;
  size_t base_ = 0;
  uint32_t n_ = 0;
  uint8_t id_size_ = 1, off_size_ = 1;
  size_t ids_pos_ = 0, offs_pos_ = 0, fields_pos_ = 0, fields_end_ = 0;
};

// Array layout of one encoded value (basic type 3), validated against its
// buffer.
class VariantArrayView {
 public:
  // InvalidArgument when the value is not an array.
  static Status Parse(std::span<const uint8_t> value, size_t base, VariantArrayView* out);
  static Result<VariantArrayView> Parse(std::span<const uint8_t> value, size_t base = 0) {
    VariantArrayView a;
    PARQ_RETURN_IF_ERROR(Parse(value, base, &a));
    return a;
  }
  uint32_t size() const { return n_; }
  // REQUIRES: i < size().
  Result<std::span<const uint8_t>> element(uint32_t i) const {
    return variant_internal::ElementAt(v_, off_size_, offs_pos_, fields_pos_, fields_end_, i, base_);
  }
  size_t element_offset(uint32_t i) const {
    return fields_pos_ + variant_internal::LoadLE(v_.data() + offs_pos_ + size_t{i} * off_size_, off_size_);
  }

 private:
  std::span<const uint8_t> v_;
  size_t base_ = 0;
  uint32_t n_ = 0;
  uint8_t off_size_ = 1;
  size_t offs_pos_ = 0, fields_pos_ = 0, fields_end_ = 0;
};

// The encoded size of the value at the start of `value` (header included),
// checked against the buffer.  Objects and arrays: header + fields region.
Result<size_t> VariantValueSize(std::span<const uint8_t> value);

}  // namespace parq

#endif  // PARQ_VARIANT_VALUE_H_
