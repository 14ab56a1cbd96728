// util/copy_short.h — copying a short run of bytes of variable length.
#ifndef PARQ_UTIL_COPY_SHORT_H_
#define PARQ_UTIL_COPY_SHORT_H_

#include <cstddef>
#include <cstring>

namespace parq::util {

// memcpy(dst, src, n) for the short values of string columns: up to 32 bytes
// as two overlapping fixed-size moves, which the compiler inlines, where a
// memcpy call per value costs more than the copy.  Touches only [dst, dst+n)
// and [src, src+n).
inline void CopyShort(void* dst, const void* src, size_t n) {
  auto* d = static_cast<unsigned char*>(dst);
  const auto* s = static_cast<const unsigned char*>(src);
  if (n > 32) {
    std::memcpy(d, s, n);
  } else if (n >= 16) {
    std::memcpy(d, s, 16);
    std::memcpy(d + n - 16, s + n - 16, 16);
  } else if (n >= 8) {
    std::memcpy(d, s, 8);
    std::memcpy(d + n - 8, s + n - 8, 8);
  } else if (n >= 4) {
    std::memcpy(d, s, 4);
    std::memcpy(d + n - 4, s + n - 4, 4);
  } else if (n > 0) {
    d[0] = s[0];
    d[n / 2] = s[n / 2];
    d[n - 1] = s[n - 1];
  }
}

}  // namespace parq::util

#endif  // PARQ_UTIL_COPY_SHORT_H_
