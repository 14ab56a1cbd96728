// Byte strings for hand-made hostile inputs: little-endian integers and the
// ULEB128 / zigzag varints of the Thrift compact protocol and the
// RLE/bit-packed hybrid.  Pure functions.
#ifndef PARQ_TESTS_TESTING_BYTE_BUILDERS_H_
#define PARQ_TESTS_TESTING_BYTE_BUILDERS_H_

#include <cstdint>
#include <string>

namespace parq::testing {

inline std::string U32Le(uint32_t v) {
  std::string s(4, '\0');
  for (int i = 0; i < 4; ++i) s[static_cast<size_t>(i)] = static_cast<char>(v >> (8 * i));
  return s;
}
inline std::string Uleb(uint64_t v) {
  std::string s;
  while (v >= 0x80) {
    s.push_back(static_cast<char>((v & 0x7F) | 0x80));
    v >>= 7;
  }
  s.push_back(static_cast<char>(v));
  return s;
}
inline std::string Zigzag(int64_t v) {
  return Uleb((static_cast<uint64_t>(v) << 1) ^ static_cast<uint64_t>(v >> 63));
}

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_BYTE_BUILDERS_H_
