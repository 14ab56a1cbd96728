// util/float_text.h — the text of a FLOAT value: the shortest decimal that
// reads back to the same binary32 value.  Pure functions; thread-safe.
#ifndef PARQ_UTIL_FLOAT_TEXT_H_
#define PARQ_UTIL_FLOAT_TEXT_H_

#include <charconv>
#include <cmath>

namespace parq::util {

// The most characters FloatToChars writes ("-1.1754944e-38" is 14).
inline constexpr int kMaxFloatChars = 16;

// Writes the shortest text that round-trips through binary32 at `first` and
// returns its end: std::to_chars's form (fixed or scientific, whichever is
// shorter; "1e+10", "0.1", "-0"), except that a fixed form's integer digits
// are the shortest ones padded with zeros, not the exact value:
// 2345552400, not 2345552384 (std::to_chars prints the integer part in full,
// as printf's %f does, which only binary64 needs).
// REQUIRES: v finite; [first, first + kMaxFloatChars) writable.
char* FloatToCharsSlow(char* first, float v);
inline char* FloatToChars(char* first, float v) {
  // Below 2^24 every integer is a float, so its exact digits are the shortest.
  if (std::fabs(v) < 16777216.0f) return std::to_chars(first, first + kMaxFloatChars, v).ptr;
  return FloatToCharsSlow(first, v);
}

}  // namespace parq::util

#endif  // PARQ_UTIL_FLOAT_TEXT_H_
