// CRC-32 (the IEEE 802.3 / zlib polynomial) that Parquet page headers carry
// in `crc`: computed over the page's bytes as stored (after compression).
#ifndef PARQ_UTIL_CRC32_H_
#define PARQ_UTIL_CRC32_H_

#include <cstddef>
#include <cstdint>

namespace parq::util {

// Continues a CRC: Crc32(Crc32(0, a), b) == Crc32(0, a + b).
uint32_t Crc32(uint32_t crc, const uint8_t* data, size_t size);

}  // namespace parq::util

#endif  // PARQ_UTIL_CRC32_H_
