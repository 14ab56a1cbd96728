// Standard base64 (RFC 4648 alphabet, '=' padding), encoding only: the
// shared loop of the canonical JSON's binary values (json/json_format.h) and
// of the footer JSON (thrift/json_out.h).  Pure; thread-safe.
#ifndef PARQ_UTIL_BASE64_H_
#define PARQ_UTIL_BASE64_H_

#include <cstddef>
#include <cstdint>

namespace parq::util {

constexpr size_t Base64Size(size_t n) { return (n + 2) / 3 * 4; }

// Writes the Base64Size(n) characters of `in` at `out`; returns their end.
inline char* Base64Encode(const uint8_t* in, size_t n, char* out) {
  static constexpr char kAlphabet[] = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  size_t i = 0;
  for (; i + 3 <= n; i += 3) {
    const uint32_t v = (uint32_t{in[i]} << 16) | (uint32_t{in[i + 1]} << 8) | in[i + 2];
    out[0] = kAlphabet[v >> 18];
    out[1] = kAlphabet[(v >> 12) & 63];
    out[2] = kAlphabet[(v >> 6) & 63];
    out[3] = kAlphabet[v & 63];
    out += 4;
  }
  if (n - i == 1) {
    const uint32_t v = uint32_t{in[i]} << 16;
    out[0] = kAlphabet[v >> 18];
    out[1] = kAlphabet[(v >> 12) & 63];
    out[2] = '=';
    out[3] = '=';
    out += 4;
  } else if (n - i == 2) {
    const uint32_t v = (uint32_t{in[i]} << 16) | (uint32_t{in[i + 1]} << 8);
    out[0] = kAlphabet[v >> 18];
    out[1] = kAlphabet[(v >> 12) & 63];
    out[2] = kAlphabet[(v >> 6) & 63];
    out[3] = '=';
    out += 4;
  }
  return out;
}

}  // namespace parq::util

#endif  // PARQ_UTIL_BASE64_H_
