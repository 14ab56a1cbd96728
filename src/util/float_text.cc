#include "util/float_text.h"

namespace parq::util {

// |v| >= 2^24, so v is an integer of n = exponent + 1 digits.  std::to_chars
// would choose its fixed form when that is no longer than the scientific one
// (a tie goes to fixed), and then print all n digits exactly; we write the
// scientific form's shortest digits padded to n with zeros instead.
char* FloatToCharsSlow(char* first, float v) {
  char sci[kMaxFloatChars];
  char* sci_end = std::to_chars(sci, sci + sizeof sci, v, std::chars_format::scientific).ptr;
  const char* e = sci_end - 1;
  while (*e != 'e') --e;
  int exponent = 0;
  for (const char* p = e + 2; p < sci_end; ++p) exponent = exponent * 10 + (*p - '0');  // e+XX: never negative here
  const bool negative = sci[0] == '-';
  const long fixed_size = (negative ? 1 : 0) + exponent + 1;
  char* out = first;
  if (fixed_size > sci_end - sci) {
    for (const char* p = sci; p < sci_end; ++p) *out++ = *p;
    return out;
  }
  char* end = first + fixed_size;
  for (const char* p = sci; p < e; ++p) {
    if (*p != '.') *out++ = *p;
  }
  while (out < end) *out++ = '0';
  return end;
}

}  // namespace parq::util
