#include "util/crc32.h"

#include <zlib.h>

#include <algorithm>
#include <climits>

namespace parq::util {

uint32_t Crc32(uint32_t crc, const uint8_t* data, size_t size) {
  // zlib's crc32 is table-driven and braided; it takes uInt lengths.
  uLong c = crc;
  while (size > 0) {
    uInt n = static_cast<uInt>(std::min<size_t>(size, UINT_MAX));
    c = ::crc32(c, data, n);
    data += n;
    size -= n;
  }
  return static_cast<uint32_t>(c);
}

}  // namespace parq::util
