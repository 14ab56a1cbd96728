// json/json_format.h — exact text of single values in parq's canonical JSON
// (docs/rows-as-json.md, the form `parq cat --format jsonl` prints).
//
// Every AppendJson* function appends exactly ONE complete JSON value to `out`
// (strings come with their quotes), never allocates beyond growing `out`
// (except AppendJsonDecimal on more than 16 bytes, which uses a scratch buffer
// sized from the input), and is pure: same input, same bytes.
//
// The rules, quoted from the doc:
//  - integers exact; unsigned types print all stored bits as unsigned.
//  - FLOAT / DOUBLE / FLOAT16: "shortest text that round-trips (FLOAT and
//    FLOAT16 through binary32, DOUBLE through binary64); -0 stays -0; NaN (any
//    payload), +inf, -inf as the strings "NaN", "Infinity", "-Infinity"".
//  - strings: "each invalid UTF-8 sequence becomes U+FFFD"; we replace each
//    maximal subpart of an ill-formed sequence (Unicode ch. 3 "U+FFFD
//    Substitution of Maximal Subparts", the WHATWG decoder, JS TextDecoder).
//    Escapes are those of JSON.stringify: \" \\ \b \f \n \r \t and \u00xx
//    (lowercase hex) for the other controls below 0x20.  DEL and U+2028/9 stay.
//  - DECIMAL(p, s): "string of the exact value with exactly s digits after the
//    point"; an empty byte array is 0; any length, precision above 38 exact.
//  - DATE / TIMESTAMP / INT96: proleptic Gregorian; "years with at least 4
//    digits, zero-padded, - before years before year 0 (year 0 is 1 BC), no +
//    above 9999".  Negative instants use floor division
//    (1969-12-31T23:59:59.999 for -1 ms).
//  - TIME: "HH:MM:SS" + the unit's fraction digits; "a stored value outside
//    0–24 h prints as is, with a sign" ("-03:51:39.000"; 25 h is
//    "25:00:00.000").
//
// Thread-safety: all functions are reentrant.
#ifndef PARQ_JSON_JSON_FORMAT_H_
#define PARQ_JSON_JSON_FORMAT_H_

#include <cstdint>
#include <span>
#include <string>
#include <string_view>

#include "parq/status.h"

namespace parq {

enum class JsonTimeUnit : uint8_t { kMillis, kMicros, kNanos };

// ---- numbers ----
void AppendJsonInt32(std::string &out, int32_t v);
void AppendJsonInt64(std::string &out, int64_t v);
void AppendJsonUInt32(std::string &out, uint32_t v);
void AppendJsonUInt64(std::string &out, uint64_t v);
// Shortest round-trip text through binary32 (float) / binary64 (double).
void AppendJsonFloat(std::string &out, float v);
void AppendJsonDouble(std::string &out, double v);
// FLOAT16: the 2 stored bytes read as a little-endian IEEE binary16.
float HalfToFloat(uint16_t bits);
void AppendJsonFloat16(std::string &out, uint16_t bits);

// ---- strings and bytes ----
// `bytes` is meant to be UTF-8; ill-formed parts become U+FFFD.
void AppendJsonString(std::string &out, std::string_view bytes);
// The escaped body without the surrounding quotes.
void AppendJsonEscaped(std::string &out, std::string_view bytes);
// Standard base64 (RFC 4648 alphabet, '=' padding), quoted.
void AppendJsonBase64(std::string &out, std::span<const uint8_t> bytes);
// Lowercase 8-4-4-4-12, quoted.  REQUIRES: 16 bytes at `bytes`.
void AppendJsonUuid(std::string &out, const uint8_t *bytes);
// {"months":m,"days":d,"milliseconds":ms} from the 12 bytes of an INTERVAL
// (three little-endian uint32).  REQUIRES: 12 bytes at `bytes`.
void AppendJsonInterval(std::string &out, const uint8_t *bytes);

// ---- decimals ----
// Scale must lie in [0, kMaxDecimalScale]: the spec requires 0 <= scale <=
// precision, so a negative scale is refused (InvalidArgument) rather than
// guessed at; the upper cap bounds the output a hostile schema can ask for.
// On error nothing is appended.
inline constexpr int32_t kMaxDecimalScale = 1 << 16;
Status AppendJsonDecimal(std::string &out, int64_t unscaled, int32_t scale);
// Big-endian two's-complement unscaled value of any length (the BYTE_ARRAY /
// FIXED_LEN_BYTE_ARRAY form); empty means 0.
Status AppendJsonDecimal(std::string &out, std::span<const uint8_t> big_endian,
                         int32_t scale);
// Same, for a little-endian two's-complement value (Variant decimal16).
Status AppendJsonDecimalLE(std::string &out,
                           std::span<const uint8_t> little_endian,
                           int32_t scale);

// ---- dates and times ----
// DATE: days since 1970-01-01.
void AppendJsonDate(std::string &out, int32_t days);
// TIME: a count of `unit`s since midnight (any int64; out of range prints
// signed).
void AppendJsonTime(std::string &out, int64_t value, JsonTimeUnit unit);
// TIMESTAMP: a count of `unit`s since the epoch; "Z" appended when utc.
void AppendJsonTimestamp(std::string &out, int64_t value, JsonTimeUnit unit,
                         bool utc);
// INT96: nanoseconds (first 8 bytes, signed LE) and Julian day (last 4 bytes,
// signed LE); nanoseconds outside one day carry into the day.
void AppendJsonInt96(std::string &out, int64_t nanos, int32_t julian_day);
// REQUIRES: 12 bytes at `bytes`, as stored.
void AppendJsonInt96(std::string &out, const uint8_t *bytes);

// The unquoted date/time texts, for callers that build other strings.
void AppendDateText(std::string &out, int64_t days_since_epoch);
void AppendTimestampText(std::string &out, int64_t value, JsonTimeUnit unit,
                         bool utc);

} // namespace parq

#endif // PARQ_JSON_JSON_FORMAT_H_
