// record/variant_encoder.h — JSON → Variant binary encoding
// (VariantEncoding.md), the inverse of record/variant_decoder.h's JSON form
// for unshredded variants (JsonRowParser shreds by encoding parts of one
// variant against one metadata).
//
// The decoded JSON has lost the variant's primitive types, so the encoding is
// the simplest that decodes to the same text: null, booleans; an integer
// literal as the narrowest of int8/16/32/64; any other number as a double; a
// string as a (short) string — decimals, dates, timestamps, binary and uuids
// print as strings, so they come back as the same strings; arrays; objects
// with field ids listed in key order (the order the decoder prints).  The
// metadata is one sorted dictionary of every key.  Duplicate keys in one
// object are kInvalidArgument.
//
// Thread-safety: reentrant.
#ifndef PARQ_RECORD_VARIANT_ENCODER_H_
#define PARQ_RECORD_VARIANT_ENCODER_H_

#include <cstdint>
#include <map>
#include <string>

#include "parq/status.h"
#include "record/json_value.h"

namespace parq {

Status EncodeVariantJson(const JsonValue& j, std::string* metadata, std::string* value);

// The same in two steps, for shredding, where parts of one variant are
// encoded separately against the one metadata: the sorted dictionary of every
// key in `j` (ids filled), then any part of `j` against those ids (a key
// missing from `ids` is kInvalidArgument).
using VariantKeyIds = std::map<std::string, uint32_t>;
Status EncodeVariantMetadata(const JsonValue& j, std::string* metadata, VariantKeyIds* ids);
Status EncodeVariantValue(const JsonValue& j, const VariantKeyIds& ids, std::string* value);

}  // namespace parq

#endif  // PARQ_RECORD_VARIANT_ENCODER_H_
