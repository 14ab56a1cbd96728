// variant/variant_bytes_util.h — hand-built Variant bytes (VariantEncoding.md)
// for tests: metadata, primitives, short strings, arrays and objects with the
// narrow (1-byte) sizes, and little-endian integers for the wide forms.
// Header-only; used by tests/variant and tests/json.
#ifndef PARQ_TESTS_VARIANT_VARIANT_BYTES_UTIL_H_
#define PARQ_TESTS_VARIANT_VARIANT_BYTES_UTIL_H_

#include <cstdint>
#include <initializer_list>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace parq::variant_test {

using Bytes = std::vector<uint8_t>;

// Metadata with 1-byte offsets (not marked sorted).
inline Bytes Meta(const std::vector<std::string>& keys) {
  Bytes b = {0x01, static_cast<uint8_t>(keys.size()), 0};
  uint8_t off = 0;
  for (const auto& k : keys) b.push_back(off += static_cast<uint8_t>(k.size()));
  for (const auto& k : keys) b.insert(b.end(), k.begin(), k.end());
  return b;
}
inline const Bytes kEmptyMeta = {0x01, 0x00, 0x00};

inline Bytes Prim(uint8_t id, Bytes data = {}) {
  // The data first, then the header in front: GCC 12 reports a false
  // -Warray-bounds for an insert into a one-byte vector here.
  data.insert(data.begin(), static_cast<uint8_t>(id << 2));
  return data;
}
inline Bytes LE(uint64_t v, int n) {
  Bytes b;
  for (int i = 0; i < n; ++i) b.push_back(static_cast<uint8_t>(v >> (8 * i)));
  return b;
}
inline Bytes Cat(std::initializer_list<Bytes> parts) {
  Bytes b;
  for (const auto& p : parts) b.insert(b.end(), p.begin(), p.end());
  return b;
}
inline Bytes ShortStr(std::string_view s) {
  Bytes b(1 + s.size());
  b[0] = static_cast<uint8_t>((s.size() << 2) | 1);
  for (size_t i = 0; i < s.size(); ++i) b[1 + i] = static_cast<uint8_t>(s[i]);
  return b;
}
// Array with 1-byte offsets and count.
inline Bytes Array(const std::vector<Bytes>& elems) {
  Bytes b = {0x03, static_cast<uint8_t>(elems.size()), 0};
  uint8_t off = 0;
  for (const auto& e : elems) b.push_back(off += static_cast<uint8_t>(e.size()));
  for (const auto& e : elems) b.insert(b.end(), e.begin(), e.end());
  return b;
}
// Object with 1-byte ids, offsets and count.
inline Bytes Object(const std::vector<std::pair<uint8_t, Bytes>>& fields) {
  Bytes b = {0x02, static_cast<uint8_t>(fields.size())};
  for (const auto& f : fields) b.push_back(f.first);
  b.push_back(0);
  uint8_t off = 0;
  for (const auto& f : fields) b.push_back(off += static_cast<uint8_t>(f.second.size()));
  for (const auto& f : fields) b.insert(b.end(), f.second.begin(), f.second.end());
  return b;
}

inline Bytes ToBytes(std::string_view s) { return Bytes(s.begin(), s.end()); }

}  // namespace parq::variant_test

#endif  // PARQ_TESTS_VARIANT_VARIANT_BYTES_UTIL_H_
