// util/utf8.h — UTF-8 well-formedness (Unicode ch. 3, Table 3-7): the
// validator the writers run over STRING / ENUM / JSON values, the
// replacement of ill-formed parts by U+FFFD, and the text that names one.
//
// Ill-formed parts are replaced as "U+FFFD Substitution of Maximal Subparts"
// says (one U+FFFD per maximal subpart of an ill-formed sequence), as the
// WHATWG decoder and the JSON printer (json/json_format.h) do.  Surrogates
// (ED A0..BF xx, the generalized UTF-8 of a lone "\ud800") are ill-formed.
//
// Thread-safety: pure functions.
#ifndef PARQ_UTIL_UTF8_H_
#define PARQ_UTIL_UTF8_H_

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <string>
#include <string_view>

namespace parq::util {

// For a lead byte >= 0x80 at p (p < end): the length of the well-formed
// sequence there, or 0 with *bad set to the length of the maximal subpart to
// replace by one U+FFFD (at least 1).
inline size_t Utf8Sequence(const uint8_t* p, const uint8_t* end, size_t* bad) {
  const uint8_t c = p[0];
  const size_t avail = static_cast<size_t>(end - p);
  size_t need;
  uint8_t lo = 0x80, hi = 0xBF;  // allowed range of the second byte
  if (c >= 0xC2 && c <= 0xDF) {
    need = 2;
  } else if (c >= 0xE0 && c <= 0xEF) {
    need = 3;
    if (c == 0xE0) lo = 0xA0;
    if (c == 0xED) hi = 0x9F;  // no UTF-16 surrogates
  } else if (c >= 0xF0 && c <= 0xF4) {
    need = 4;
    if (c == 0xF0) lo = 0x90;
    if (c == 0xF4) hi = 0x8F;  // nothing above U+10FFFF
  } else {
    *bad = 1;  // 80..C1 (a continuation or an overlong lead), F5..FF
    return 0;
  }
  if (avail < 2 || p[1] < lo || p[1] > hi) {
    *bad = 1;
    return 0;
  }
  for (size_t i = 2; i < need; ++i) {
    if (i >= avail || p[i] < 0x80 || p[i] > 0xBF) {
      *bad = i;
      return 0;
    }
  }
  return need;
}

// Whether [p, p + n) is all ASCII: 8 bytes at a time, OR-ed together with
// one test at the end (the last 8, or two overlapping 4, bytes cover the
// tail), so a short string costs a few loads and one branch.
inline bool IsAscii(const uint8_t* p, size_t n) {
  constexpr uint64_t kHigh = 0x8080808080808080ULL;
  uint64_t acc = 0;
  if (n >= 8) {
    uint64_t w;
    for (size_t i = 0; i + 8 <= n; i += 8) {
      std::memcpy(&w, p + i, 8);
      acc |= w;
    }
    std::memcpy(&w, p + n - 8, 8);
    acc |= w;
  } else if (n >= 4) {
    uint32_t a, b;
    std::memcpy(&a, p, 4);
    std::memcpy(&b, p + n - 4, 4);
    acc = a | b;
  } else if (n > 0) {
    acc = p[0] | p[n / 2] | p[n - 1];
  }
  return (acc & kHigh) == 0;
}

// Utf8InvalidOffset for text that is not all ASCII.
size_t Utf8InvalidOffsetSlow(const uint8_t* p, size_t n);

// The offset of the first ill-formed sequence in [p, p + n), or n when all of
// it is well-formed.  ASCII goes 8 bytes at a time.
inline size_t Utf8InvalidOffset(const uint8_t* p, size_t n) {
  if (IsAscii(p, n)) [[likely]] return n;
  return Utf8InvalidOffsetSlow(p, n);
}

inline bool IsValidUtf8(std::string_view s) {
  return Utf8InvalidOffset(reinterpret_cast<const uint8_t*>(s.data()), s.size()) == s.size();
}

// Appends s to *out with each maximal subpart of an ill-formed sequence
// replaced by U+FFFD (EF BF BD).
void AppendUtf8Replacing(std::string_view s, std::string* out);

// What is wrong at offset `at` of s (an offset Utf8InvalidOffset returned):
// "invalid UTF-8 at byte 3 (ff fe)", or for the generalized UTF-8 of a
// surrogate "a lone surrogate \ud800 at byte 3".
std::string DescribeInvalidUtf8(std::string_view s, size_t at);

}  // namespace parq::util

#endif  // PARQ_UTIL_UTF8_H_
