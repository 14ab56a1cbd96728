// record/variant_decoder.h — Variant binary encoding (VariantEncoding.md) →
// canonical JSON.
//
// A Variant is two buffers: metadata (a dictionary of key strings) and value.
// Grammar, from the spec:
//
//   metadata: <header> <dictionary_size> <offset>{dictionary_size + 1} <bytes>
//   header:   version (4 bits, must be 1) | sorted_strings << 4 | (offset_size
//   - 1) << 6 value:    <value_metadata> <value_data>? value_metadata:
//   basic_type (2 bits) | value_header << 2
//     basic_type 0 primitive (value_header = primitive type id)
//                1 short string (value_header = length 0..63)
//                2 object (is_large << 4 | (field_id_size - 1) << 2 |
//                (field_offset_size - 1)) 3 array  (is_large << 2 |
//                (field_offset_size - 1))
//   object_val: <num_elements: 1 or 4 bytes> <field_id>{n} <field_offset>{n +
//   1} <fields> array_val:  <num_elements: 1 or 4 bytes> <field_offset>{n + 1}
//   <fields>
//
// JSON mapping (docs/rows-as-json.md, VARIANT row): objects and arrays as such
// (object keys in the encoded field-id order), null/bool/ints/float/double as
// JSON literals and numbers, decimals as strings with exactly `scale` fraction
// digits, date "YYYY-MM-DD", timestamps with 6 (micros) or 9 (nanos) fraction
// digits and "Z" when adjusted to UTC, time with 6 digits, binary as base64,
// uuid as lowercase text.
//
// Hostile input: every size, offset, dictionary id and element count is checked
// against the buffer before use; nesting depth and output size are capped.
// Errors are kCorrupt (malformed bytes), kUnsupported (metadata version != 1,
// unknown primitive type id) or kLimitExceeded, and name the byte offset in the
// value (or metadata) buffer.  On error `out` may hold a partial value.
//
// Building blocks for shredded reassembly (a record-layer task):
// ParseVariantMetadata, VariantObjectView / VariantArrayView over one encoded
// value, AppendVariantJson for any value (top-level or nested),
// AppendVariantPrimitiveJson for primitives.
//
// Views borrow the caller's buffers.  Thread-safety: all reentrant.
#ifndef PARQ_RECORD_VARIANT_DECODER_H_
#define PARQ_RECORD_VARIANT_DECODER_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "parq/result.h"
#include "parq/status.h"

namespace parq {

enum class VariantBasicType : uint8_t {
  kPrimitive = 0,
  kShortString = 1,
  kObject = 2,
  kArray = 3
};

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

struct VariantDecodeOptions {
  int max_depth = 128; // nesting of objects/arrays
  size_t max_output_bytes =
      size_t{1} << 30; // values may share bytes, so output can outgrow input
};

// A validated view of a metadata buffer.  Keys are checked lazily by Key().
class VariantMetadata {
public:
  // Validates the header and that the offset table fits; trailing bytes after
  // the dictionary are allowed (see encoded_size()).
  static Result<VariantMetadata> Parse(std::span<const uint8_t> bytes);

  uint32_t dictionary_size() const { return dict_size_; }
  bool sorted_strings() const { return sorted_; }
  // Dictionary string `id`; Corrupt if id is out of range or its offsets are
  // bad.
  Result<std::string_view> Key(uint32_t id) const;
  // Bytes the metadata occupies (header, offsets and strings).
  size_t encoded_size() const { return encoded_size_; }

private:
  std::span<const uint8_t> bytes_;
  uint32_t dict_size_ = 0;
  uint8_t offset_size_ = 1;
  bool sorted_ = false;
  size_t offsets_pos_ = 0; // first offset
  size_t strings_pos_ = 0; // first string byte
  size_t encoded_size_ = 0;
};

// Object layout of one encoded value (basic type 2), validated against its
// buffer.
class VariantObjectView {
public:
  static Result<VariantObjectView> Parse(std::span<const uint8_t> value);
  uint32_t size() const { return n_; }
  // The i-th field's dictionary id and the bytes from its value to the end of
  // the fields region (the value decodes its own length).  REQUIRES: i <
  // size().
  uint32_t field_id(uint32_t i) const;
  Result<std::span<const uint8_t>> field_value(uint32_t i) const;
  // Byte offset of the i-th field's value within the parsed buffer.
  size_t field_value_offset(uint32_t i) const;

private:
  std::span<const uint8_t> v_;
  uint32_t n_ = 0;
  uint8_t id_size_ = 1, off_size_ = 1;
  size_t ids_pos_ = 0, offs_pos_ = 0, fields_pos_ = 0, fields_end_ = 0;
};

// Array layout of one encoded value (basic type 3), validated against its
// buffer.
class VariantArrayView {
public:
  static Result<VariantArrayView> Parse(std::span<const uint8_t> value);
  uint32_t size() const { return n_; }
  Result<std::span<const uint8_t>> element(uint32_t i) const;
  size_t element_offset(uint32_t i) const;

private:
  std::span<const uint8_t> v_;
  uint32_t n_ = 0;
  uint8_t off_size_ = 1;
  size_t offs_pos_ = 0, fields_pos_ = 0, fields_end_ = 0;
};

inline VariantBasicType VariantBasicTypeOf(uint8_t value_metadata) {
  return static_cast<VariantBasicType>(value_metadata & 3);
}

// Appends the JSON of the value at the start of `value` (a top-level value or
// any nested one paired with the full metadata).  Trailing bytes are ignored.
Status AppendVariantJson(std::string &out, const VariantMetadata &metadata,
                         std::span<const uint8_t> value,
                         const VariantDecodeOptions &options = {});
// Convenience: parses the metadata first.
Status AppendVariantJson(std::string &out, std::span<const uint8_t> metadata,
                         std::span<const uint8_t> value,
                         const VariantDecodeOptions &options = {});
// A primitive or short-string value (no metadata needed); Corrupt for
// objects/arrays.
Status AppendVariantPrimitiveJson(std::string &out,
                                  std::span<const uint8_t> value);

// The encoded size of the value at the start of `value` (header included),
// checked against the buffer.  Objects and arrays: header + fields region.
Result<size_t> VariantValueSize(std::span<const uint8_t> value);

} // namespace parq

#endif // PARQ_RECORD_VARIANT_DECODER_H_
