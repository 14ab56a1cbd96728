// compression/hadoop_framing.h — private to src/compression: the big-endian
// 4-byte words of Hadoop's BlockCompressorStream framing, which LZ4 (Hadoop)
// and LZO pages share (lz4_codec.cc, lzo_codec.cc say how each uses them).
// Pure functions.
#ifndef PARQ_COMPRESSION_HADOOP_FRAMING_H_
#define PARQ_COMPRESSION_HADOOP_FRAMING_H_

#include <cstdint>

namespace parq::compression::internal {

inline uint32_t LoadBE32(const uint8_t* p) {
  return uint32_t{p[0]} << 24 | uint32_t{p[1]} << 16 | uint32_t{p[2]} << 8 | uint32_t{p[3]};
}

inline void StoreBE32(uint8_t* p, uint32_t v) {
  p[0] = static_cast<uint8_t>(v >> 24);
  p[1] = static_cast<uint8_t>(v >> 16);
  p[2] = static_cast<uint8_t>(v >> 8);
  p[3] = static_cast<uint8_t>(v);
}

}  // namespace parq::compression::internal

#endif  // PARQ_COMPRESSION_HADOOP_FRAMING_H_
