// util/utf8.cc — see utf8.h.
#include "util/utf8.h"

namespace parq::util {

size_t Utf8InvalidOffsetSlow(const uint8_t* p, size_t n) {
  const uint8_t* const begin = p;
  const uint8_t* const end = p + n;
  while (p < end) {
    // ASCII runs 8 bytes at a time, then one sequence at a time.
    while (end - p >= 8) {
      uint64_t w;
      std::memcpy(&w, p, 8);
      if ((w & 0x8080808080808080ULL) != 0) break;
      p += 8;
    }
    if (p == end) break;
    if (*p < 0x80) {
      ++p;
      continue;
    }
    size_t bad = 0;
    const size_t len = Utf8Sequence(p, end, &bad);
    if (len == 0) return static_cast<size_t>(p - begin);
    p += len;
  }
  return n;
}

void AppendUtf8Replacing(std::string_view s, std::string* out) {
  const uint8_t* p = reinterpret_cast<const uint8_t*>(s.data());
  const uint8_t* const end = p + s.size();
  out->reserve(out->size() + s.size());
  while (p < end) {
    const size_t good = Utf8InvalidOffset(p, static_cast<size_t>(end - p));
    out->append(reinterpret_cast<const char*>(p), good);
    p += good;
    if (p == end) break;
    size_t bad = 0;
    Utf8Sequence(p, end, &bad);
    out->append("\xEF\xBF\xBD");
    p += bad;
  }
}

std::string DescribeInvalidUtf8(std::string_view s, size_t at) {
  static constexpr char kHex[] = "0123456789abcdef";
  const uint8_t* p = reinterpret_cast<const uint8_t*>(s.data()) + at;
  const size_t left = s.size() - at;
  if (left >= 3 && p[0] == 0xED && p[1] >= 0xA0 && p[1] <= 0xBF && p[2] >= 0x80 && p[2] <= 0xBF) {
    const unsigned cp = 0xD000u | ((p[1] & 0x3Fu) << 6) | (p[2] & 0x3Fu);
    std::string text = "a lone surrogate \\u";
    for (int shift = 12; shift >= 0; shift -= 4) text.push_back(kHex[(cp >> shift) & 15]);
    return text + " at byte " + std::to_string(at);
  }
  size_t bad = 0;
  Utf8Sequence(p, p + left, &bad);
  std::string text = "invalid UTF-8 at byte " + std::to_string(at) + " (";
  // The maximal subpart and the byte after it, as the reader sees them.
  const size_t shown = bad + 1 < left ? bad + 1 : left;
  for (size_t i = 0; i < shown; ++i) {
    if (i > 0) text.push_back(' ');
    text.push_back(kHex[p[i] >> 4]);
    text.push_back(kHex[p[i] & 15]);
  }
  return text + ")";
}

}  // namespace parq::util
