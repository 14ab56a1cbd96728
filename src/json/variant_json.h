// json/variant_json.h — a Variant (variant/value.h, variant/metadata.h) as
// canonical JSON, and back.
//
// To JSON (docs/rows-as-json.md, VARIANT row): objects and arrays as such
// (object keys in the encoded field-id order), null/bool/ints/float/double as
// JSON literals and numbers, decimals as strings with exactly `scale` fraction
// digits, date "YYYY-MM-DD", timestamps with 6 (micros) or 9 (nanos) fraction
// digits and "Z" when adjusted to UTC, time with 6 digits, binary as base64,
// uuid as lowercase text.  Nesting depth and output size are capped
// (VariantDecodeOptions); errors are those of the codec (kCorrupt,
// kUnsupported, naming the byte offset in the value or metadata buffer) or
// kLimitExceeded.  On error `out` may hold a partial value.
//
// From JSON: the decoded JSON has lost the variant's primitive types, so the
// encoding is the simplest that decodes to the same text: null, booleans; an
// integer literal as the narrowest of int8/16/32/64; any other number as a
// double; a string as a (short) string — decimals, dates, timestamps, binary
// and uuids print as strings, so they come back as the same strings; arrays;
// objects with field ids listed in key order (the order the decoder prints).
// The metadata is one sorted dictionary of every key.  Duplicate keys in one
// object are kInvalidArgument.
//
// Thread-safety: reentrant.
#ifndef PARQ_JSON_VARIANT_JSON_H_
#define PARQ_JSON_VARIANT_JSON_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>

#include "json/json_value.h"
#include "parq/status.h"
#include "variant/metadata.h"
#include "variant/value.h"

namespace parq {

struct VariantDecodeOptions {
  int max_depth = 128;                            // nesting of objects/arrays
  size_t max_output_bytes = size_t{1} << 30;      // values may share bytes, so output can outgrow input
};

// Appends the JSON of the value at the start of `value` (a top-level value or
// any nested one paired with the full metadata).  Trailing bytes are ignored.
Status AppendVariantJson(std::string& out, const VariantMetadata& metadata, std::span<const uint8_t> value,
                         const VariantDecodeOptions& options = {});
// Convenience: parses the metadata first.
Status AppendVariantJson(std::string& out, std::span<const uint8_t> metadata, std::span<const uint8_t> value,
                         const VariantDecodeOptions& options = {});
// A primitive or short-string value (no metadata needed); Corrupt for
// objects/arrays.
Status AppendVariantPrimitiveJson(std::string& out, std::span<const uint8_t> value);

// JSON → metadata and value.
Status EncodeVariantJson(const JsonValue& j, std::string* metadata, std::string* value);

// The same in two steps, for shredding, where parts of one variant are
// encoded separately against the one metadata: the sorted dictionary of every
// key in `j` (ids filled), then any part of `j` against those ids (a key
// missing from `ids` is kInvalidArgument).
Status EncodeVariantMetadata(const JsonValue& j, std::string* metadata, VariantKeyIds* ids);
Status EncodeVariantValue(const JsonValue& j, const VariantKeyIds& ids, std::string* value);

}  // namespace parq

#endif  // PARQ_JSON_VARIANT_JSON_H_
