// parq/variant.h — a typed Variant value (VariantEncoding.md): objects,
// arrays and every primitive of the spec, built and inspected in memory, and
// encoded to / decoded from the (metadata, value) bytes of a VARIANT column.
//
//   parq::Variant event = parq::Variant::Object();
//   event.Set("id", parq::Variant::Int64(7));
//   event.Set("ts", parq::Variant::TimestampMicros(1729794114937000));
//   PARQ_ASSIGN_OR_RETURN(auto price, parq::Variant::Decimal8(12345, 2));  // 123.45
//   event.Set("price", std::move(price));
//   std::string metadata, value;
//   PARQ_RETURN_IF_ERROR(parq::EncodeVariant(event, &metadata, &value));
//   PARQ_ASSIGN_OR_RETURN(parq::Variant back, parq::DecodeVariant(metadata, value));
//   // back == event, every type kept
//
// A Variant is a plain value type (copyable, comparable, no reference to
// any buffer).  Its type is one of VariantType: each primitive of the spec's
// table keeps its own type (an int8 is not an int64, a decimal4 not a
// decimal8; a short and a long string are both kString).  An object holds
// unique keys in the spec's order (sorted by unsigned bytes); setting a key
// that exists replaces its value.
//
// Reading a Variant column of a file, shredded or not, and writing one with a
// shredding schema: VariantOf / ToValue in parq/logical_value_access.h.
//
// Decoding checks everything a hostile buffer can get wrong: headers,
// offsets and sizes against the buffers, field ids against the dictionary,
// duplicate keys, unknown type ids, decimal scales, and it caps nesting depth
// and the values and bytes decoded (values may share bytes, so the decoded
// form can outgrow its input).  Errors: kCorrupt (malformed bytes, naming the
// byte offset), kUnsupported (metadata version other than 1, an unknown
// primitive type id), kLimitExceeded (a VariantLimits cap).
//
// Thread-safety: a const Variant may be read from any number of threads;
// the functions are reentrant.
#ifndef PARQ_VARIANT_H_
#define PARQ_VARIANT_H_

#include <array>
#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parq/result.h"
#include "parq/status.h"

namespace parq {

// The types of VariantEncoding.md's primitive table, plus object and array.
enum class VariantType : uint8_t {
  kNull,
  kBoolean,
  kInt8,
  kInt16,
  kInt32,
  kInt64,
  kFloat,
  kDouble,
  kDecimal4,            // unscaled int32, scale 0..38
  kDecimal8,            // unscaled int64
  kDecimal16,           // unscaled int128
  kDate,                // days since 1970-01-01
  kTime,                // microseconds since midnight, no time zone
  kTimestampMicros,     // microseconds since the epoch, UTC (timestamptz(6))
  kTimestampNtzMicros,  // microseconds, no time zone (timestampntz(6))
  kTimestampNanos,      // nanoseconds, UTC (timestamptz(9))
  kTimestampNtzNanos,   // nanoseconds, no time zone (timestampntz(9))
  kString,              // UTF-8
  kBinary,
  kUuid,                // 16 bytes, big-endian as printed
  kObject,
  kArray,
};

// "null", "boolean", "int8", ..., "timestamp_ntz_nanos", "object", "array".
const char* VariantTypeName(VariantType type);

class Variant {
 public:
  Variant() = default;  // the Variant null

  static Variant Null() { return Variant(); }
  static Variant Bool(bool v);
  static Variant Int8(int8_t v) { return Int(VariantType::kInt8, v); }
  static Variant Int16(int16_t v) { return Int(VariantType::kInt16, v); }
  static Variant Int32(int32_t v) { return Int(VariantType::kInt32, v); }
  static Variant Int64(int64_t v) { return Int(VariantType::kInt64, v); }
  static Variant Float(float v);
  static Variant Double(double v);
  // kInvalidArgument for a scale outside [0, 38].
  static Result<Variant> Decimal4(int32_t unscaled, int scale);
  static Result<Variant> Decimal8(int64_t unscaled, int scale);
  // kInvalidArgument also for an unscaled value beyond 38 digits.
  static Result<Variant> Decimal16(__int128 unscaled, int scale);
  static Variant Date(int32_t days) { return Int(VariantType::kDate, days); }
  static Variant Time(int64_t micros) { return Int(VariantType::kTime, micros); }
  static Variant TimestampMicros(int64_t micros) { return Int(VariantType::kTimestampMicros, micros); }
  static Variant TimestampNtzMicros(int64_t micros) { return Int(VariantType::kTimestampNtzMicros, micros); }
  static Variant TimestampNanos(int64_t nanos) { return Int(VariantType::kTimestampNanos, nanos); }
  static Variant TimestampNtzNanos(int64_t nanos) { return Int(VariantType::kTimestampNtzNanos, nanos); }
  static Variant String(std::string utf8);
  static Variant Binary(std::string bytes);
  static Variant Uuid(const std::array<uint8_t, 16>& bytes);
  static Variant Object() { return Variant(VariantType::kObject); }
  static Variant Array(std::vector<Variant> elements = {});
  // An object of the given fields in any order; kInvalidArgument for a key
  // given twice.
  static Result<Variant> ObjectOf(std::vector<std::pair<std::string, Variant>> fields);

  VariantType type() const { return type_; }
  bool is_null() const { return type_ == VariantType::kNull; }
  bool is_object() const { return type_ == VariantType::kObject; }
  bool is_array() const { return type_ == VariantType::kArray; }
  bool is_decimal() const {
    return type_ == VariantType::kDecimal4 || type_ == VariantType::kDecimal8 || type_ == VariantType::kDecimal16;
  }

  // Scalars.  Each REQUIRES the matching type(s).
  bool bool_value() const { return int_ != 0; }
  // kInt8..kInt64, kDate, kTime, kTimestamp*: the value, sign-extended.
  int64_t int_value() const { return static_cast<int64_t>(int_); }
  float float_value() const { return float_; }
  double double_value() const { return double_; }
  // kDecimal*: the unscaled value and the scale.
  __int128 decimal_unscaled() const { return int_; }
  int decimal_scale() const { return scale_; }
  // kString, kBinary, kUuid (16 bytes): the bytes.
  std::string_view bytes() const { return bytes_; }

  // Arrays and objects: the number of elements / fields; 0 for others.
  size_t size() const { return items_.size(); }
  // Array element i.  REQUIRES: is_array(), i < size().
  const Variant& element(size_t i) const { return items_[i]; }
  Variant& element(size_t i) { return items_[i]; }
  // REQUIRES: is_array().
  void Append(Variant v) { items_.push_back(std::move(v)); }

  // Object field i, in key order.  REQUIRES: is_object(), i < size().
  const std::string& key(size_t i) const { return keys_[i]; }
  const Variant& field(size_t i) const { return items_[i]; }
  Variant& field(size_t i) { return items_[i]; }
  // The field named `key`, or nullptr.
  const Variant* Find(std::string_view key) const;
  // Adds or replaces field `key`.  REQUIRES: is_object().
  Variant& Set(std::string_view key, Variant v);
  // Removes field `key`; false when absent.
  bool Erase(std::string_view key);

  // Exact equality: same type and value (floats and doubles bit for bit, so
  // a NaN equals itself), same keys and elements recursively.
  friend bool operator==(const Variant& a, const Variant& b);

  // A short typed text for messages and tests, e.g.
  // {"a": int8 1, "b": [string "x", decimal8 1.50]}.
  std::string ToString() const;

 private:
  explicit Variant(VariantType t) : type_(t) {}
  // A decimal of type t (REQUIRES: a decimal type).
  static Result<Variant> Decimal(VariantType t, __int128 unscaled, int scale);
  static Variant Int(VariantType t, int64_t v) {
    Variant x(t);
    x.int_ = v;
    return x;
  }

  VariantType type_ = VariantType::kNull;
  uint8_t scale_ = 0;
  __int128 int_ = 0;  // booleans, integers, dates, times, decimals
  float float_ = 0;
  double double_ = 0;
  std::string bytes_;               // strings, binary, uuid
  std::vector<std::string> keys_;   // objects: sorted, unique
  std::vector<Variant> items_;      // array elements / field values (by keys_)
};

struct VariantEncodeOptions {
  // true: the dictionary is sorted and unique, sorted_strings = 1 (readers
  // may binary-search it).  false: keys in the order first met (depth first),
  // sorted_strings = 0.
  bool sort_dictionary = true;
};

// The metadata (one dictionary of every key) and the value bytes of v.
// kInvalidArgument when a string, an object or an array passes 4 GiB.
Status EncodeVariant(const Variant& v, std::string* metadata, std::string* value,
                     const VariantEncodeOptions& options = {});

struct VariantLimits {
  int max_depth = 128;                    // nesting of objects and arrays
  size_t max_values = size_t{1} << 22;    // values decoded, all levels
  size_t max_bytes = size_t{1} << 30;     // string / binary bytes decoded
};

// The Variant of `value` against `metadata`.  The value must span the whole
// buffer's first value (trailing bytes are ignored, as readers of the spec
// do); `metadata` may have trailing bytes too.
Result<Variant> DecodeVariant(std::span<const uint8_t> metadata, std::span<const uint8_t> value,
                              const VariantLimits& limits = {});
Result<Variant> DecodeVariant(std::string_view metadata, std::string_view value, const VariantLimits& limits = {});

}  // namespace parq

#endif  // PARQ_VARIANT_H_
