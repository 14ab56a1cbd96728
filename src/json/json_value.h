// json/json_value.h — a small JSON reader and the comparison rule of
// docs/rows-as-json.md, for tests and tools that check parq's canonical JSON
// against expected outputs (e.g. ../shared/parquet-testing/expected/*.jsonl).
//
// The rule, quoted: "Two outputs are equal when they parse to the same JSON
// values, with this one tolerance: numbers compare as numbers (1, 1.0 and 1e0
// are equal), and a FLOAT or FLOAT16 column compares after rounding both sides
// to binary32.  Key order inside an object does not matter; array order does."
//
// Numbers keep their text: two integer literals compare exactly (so
// 18446744073709551615 differs from 18446744073709551614), anything else
// compares as binary64 (or binary32 when asked).  Duplicate object keys are
// kept, in order, and compared in order per key.
//
// Not a hot path: values are a plain tree with vectors.  Parsing is bounded by
// `max_depth`; it allocates in proportion to the input.  Thread-safety:
// reentrant.
#ifndef PARQ_JSON_JSON_VALUE_H_
#define PARQ_JSON_JSON_VALUE_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

#include "parq/result.h"

namespace parq {

struct JsonValue {
  enum class Kind : uint8_t { kNull, kBool, kNumber, kString, kArray, kObject };
  Kind kind = Kind::kNull;
  bool boolean = false;
  std::string text; // a number's literal text, or a string's decoded UTF-8
  // kArray: the elements.  kObject: the member values, in input order, with
  // their keys at the same index of `keys` (parallel vectors, since a vector of
  // pairs cannot hold the still-incomplete JsonValue portably).
  std::vector<JsonValue> items;
  std::vector<std::string> keys;

  // Member by key (the first of duplicates), or nullptr.
  const JsonValue *Find(std::string_view key) const;
};

// What a \u escape of a lone surrogate ("\ud800" without its pair, or a
// "\udc00" alone) decodes to.
enum class LoneSurrogates : uint8_t {
  kReplace,  // U+FFFD
  kKeep,     // the surrogate's 3 bytes of generalized UTF-8 (ED A0..BF 80..BF):
             // ill-formed UTF-8, so a later check (util/utf8.h) can refuse
             // it naming the field, or replace it
};

// Parses exactly one JSON value (surrounding whitespace allowed).  Errors are
// InvalidArgument naming the byte offset.  Strings are not checked for UTF-8.
Result<JsonValue> ParseJson(std::string_view text, int max_depth = 512,
                            LoneSurrogates lone_surrogates = LoneSurrogates::kReplace);

struct JsonCompareOptions {
  bool numbers_as_binary32 = false; // the FLOAT / FLOAT16 tolerance
};

// The doc's equality.  On mismatch, *where (if given) receives a path like
// "$.a[2].b: 1 vs 2".
bool JsonEquivalent(const JsonValue &a, const JsonValue &b,
                    const JsonCompareOptions &options = {},
                    std::string *where = nullptr);

// Compact re-serialization (keys in stored order), for messages.
std::string JsonToString(const JsonValue &v);

} // namespace parq

#endif // PARQ_JSON_JSON_VALUE_H_
