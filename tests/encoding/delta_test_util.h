// Helpers of the DELTA_* encoding tests: byte views of strings, the encoders
// run over whole vectors, and the truncate-at-every-byte check they share.
#ifndef PARQ_TESTS_ENCODING_DELTA_TEST_UTIL_H_
#define PARQ_TESTS_ENCODING_DELTA_TEST_UTIL_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <string>
#include <vector>

#include "encoding/delta_binary_packed.h"
#include "parq/types.h"
#include "testing/status_macros.h"

namespace parq::encoding::delta_test {

inline ByteArray BA(const std::string& s) {
  return ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
}
inline const uint8_t* U8(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

// The DELTA_BINARY_PACKED stream of `values` (`block` values a block, `mbs`
// miniblocks a block).
template <typename T>
std::string DeltaBinaryPacked(const std::vector<T>& values, uint32_t block = 128, uint32_t mbs = 4) {
  DeltaBinaryPackedEncoder<T> enc(block, mbs);
  enc.Put(values.data(), static_cast<int64_t>(values.size()));
  std::string out;
  enc.FlushTo(&out);
  return out;
}

// The stream of `values` through a BYTE_ARRAY `Encoder` (DELTA_BYTE_ARRAY or
// DELTA_LENGTH_BYTE_ARRAY), one Put a value.
template <typename Encoder>
std::string EncodeStrings(const std::vector<std::string>& values) {
  Encoder enc;
  for (const auto& s : values) {
    ByteArray b = BA(s);
    EXPECT_OK(enc.Put(&b, 1));
  }
  std::string out;
  enc.FlushTo(&out);
  return out;
}

// `dec` (a BYTE_ARRAY decoder) over `enc` skips `skip` values, then decodes
// the rest: the values of `want` after the first `skip`.
template <typename Decoder>
void ExpectSkipThenRest(Decoder& dec, const std::string& enc, const std::vector<std::string>& want,
                        size_t skip) {
  ASSERT_OK(dec.Init(U8(enc), enc.size()));
  ASSERT_OK(dec.Skip(static_cast<int64_t>(skip)));
  std::vector<ByteArray> rest(want.size());
  ASSERT_OK_AND_ASSIGN(int64_t got, dec.Decode(rest.data(), static_cast<int64_t>(want.size())));
  ASSERT_EQ(got, static_cast<int64_t>(want.size() - skip));
  for (size_t i = 0; i < want.size() - skip; ++i) EXPECT_EQ(rest[i].view(), want[skip + i]) << skip + i;
}

// Every strict prefix of `enc` through `decode` (a Result): each is refused
// as corrupt, or (when the cut took only padding) decodes to `want`.
template <typename V, typename Decode>
void ExpectTruncationsCorruptOrExact(const std::string& enc, const V& want, Decode decode) {
  for (size_t len = 0; len < enc.size(); ++len) {
    // A heap copy of exactly `len` bytes, so sanitizers see any over-read.
    const std::string cut = enc.substr(0, len);
    auto r = decode(cut);
    if (r.ok()) {
      EXPECT_EQ(*r, want) << "len " << len;
    } else {
      EXPECT_STATUS(r, StatusCode::kCorrupt) << "len " << len;
    }
  }
}

}  // namespace parq::encoding::delta_test

#endif  // PARQ_TESTS_ENCODING_DELTA_TEST_UTIL_H_
