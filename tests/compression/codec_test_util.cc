#include "compression/codec_test_util.h"

#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <random>

#include "testing/status_macros.h"

namespace parq::compression::testing {

Bytes RandomBytes(size_t n, uint32_t seed) {
  std::mt19937 rng(seed);
  Bytes out(n);
  for (auto& b : out) b = static_cast<uint8_t>(rng());
  return out;
}

Bytes RepetitiveBytes(size_t n) {
  static constexpr char kPattern[] = "parquet page 0123456789 abcdefghij ";
  Bytes out(n);
  for (size_t i = 0; i < n; ++i) out[i] = static_cast<uint8_t>(kPattern[i % (sizeof(kPattern) - 1)]);
  return out;
}

Bytes ParquetLikeBytes(size_t n) {
  Bytes out;
  out.reserve(n + 64);
  std::mt19937 rng(42);
  int64_t v = 1'700'000'000'000;
  while (out.size() < n / 2) {
    v += static_cast<int64_t>(rng() % 1000);
    uint8_t buf[8];
    std::memcpy(buf, &v, 8);
    out.insert(out.end(), buf, buf + 8);
  }
  static const char* kWords[] = {"alpha", "beta", "gamma", "delta", "epsilon", "zeta", "eta",
                                 "theta", "iota", "kappa", "lambda", "mu"};
  while (out.size() < n) {
    std::string s = std::string(kWords[rng() % 12]) + "_" + std::to_string(rng() % 500);
    uint32_t len = static_cast<uint32_t>(s.size());
    uint8_t buf[4];
    std::memcpy(buf, &len, 4);
    out.insert(out.end(), buf, buf + 4);
    out.insert(out.end(), s.begin(), s.end());
  }
  out.resize(n);
  return out;
}

Bytes CompressOrDie(Codec& codec, const Bytes& input) {
  Bytes out(codec.MaxCompressedSize(input.size()));
  auto r = codec.Compress(input.data(), input.size(), out.data(), out.size());
  EXPECT_OK(r);
  if (!r.ok()) return {};
  EXPECT_LE(*r, out.size());
  out.resize(*r);
  return out;
}

Decoded DecompressGuarded(Codec& codec, const Bytes& input, size_t output_size) {
  constexpr size_t kGuard = 64;
  constexpr uint8_t kGuardByte = 0xA5;
  // Input in its own exact-size allocation so that ASan sees over-reads too.
  std::unique_ptr<uint8_t[]> in(new uint8_t[input.size() + 1]);
  if (!input.empty()) std::memcpy(in.get(), input.data(), input.size());
  std::unique_ptr<uint8_t[]> out(new uint8_t[output_size + kGuard]);
  std::memset(out.get() + output_size, kGuardByte, kGuard);
  Decoded d;
  d.status = codec.Decompress(in.get(), input.size(), out.get(), output_size);
  for (size_t i = 0; i < kGuard; ++i) {
    if (out[output_size + i] != kGuardByte) d.guard_intact = false;
  }
  if (d.status.ok()) d.bytes.assign(out.get(), out.get() + output_size);
  return d;
}

void ExpectDecompressesTo(Codec& codec, const Bytes& input, const Bytes& want) {
  Decoded d = DecompressGuarded(codec, input, want.size());
  ASSERT_OK(d.status);
  EXPECT_EQ(d.bytes, want);
}

}  // namespace parq::compression::testing
