// Bloom-filter probes for filter literals (record/filter_bloom.h).
#include "record/filter_bloom.h"

#include <array>
#include <cmath>
#include <cstring>
#include <limits>
#include <string>
#include <string_view>

#include "parq/logical_values.h"

namespace parq::filter_internal {

namespace {

// key.i * 10^-key.scale as an unscaled value of `scale`, when exact.
std::optional<__int128> Rescale(const Key& key, int scale) {
  if (scale >= key.scale) {
    const __int128 p = Pow10(scale - key.scale);
    const __int128 limit = std::numeric_limits<__int128>::max() / p;
    if (key.i > limit || key.i < -limit) return std::nullopt;
    return key.i * p;
  }
  const __int128 p = Pow10(key.scale - scale);
  if (key.i % p != 0) return std::nullopt;
  return key.i / p;
}

template <typename F>
std::vector<uint64_t> RealHashes(double d) {
  const F f = static_cast<F>(d);
  if (static_cast<double>(f) != d) return {};  // no value of the width equals it
  if (f == 0) return {BloomFilter::Hash(F{0}), BloomFilter::Hash(-F{0})};
  return {BloomFilter::Hash(f)};
}

}  // namespace

std::optional<std::vector<uint64_t>> BloomHashes(const LeafType& t, const Key& key) {
  switch (t.physical) {
    case PhysicalType::kBoolean:
      return std::nullopt;
    case PhysicalType::kInt32:
    case PhysicalType::kInt64: {
      if (t.domain != Domain::kExact) return std::nullopt;
      const std::optional<__int128> v = Rescale(key, t.scale);
      if (!v) return std::vector<uint64_t>{};
      if (t.physical == PhysicalType::kInt32) {
        const __int128 lo = t.is_unsigned ? 0 : std::numeric_limits<int32_t>::min();
        const __int128 hi = t.is_unsigned ? __int128{std::numeric_limits<uint32_t>::max()}
                                          : __int128{std::numeric_limits<int32_t>::max()};
        if (*v < lo || *v > hi) return std::vector<uint64_t>{};
        return std::vector<uint64_t>{BloomFilter::Hash(static_cast<int32_t>(static_cast<uint32_t>(*v)))};
      }
      const __int128 lo = t.is_unsigned ? 0 : std::numeric_limits<int64_t>::min();
      const __int128 hi = t.is_unsigned ? __int128{std::numeric_limits<uint64_t>::max()}
                                        : __int128{std::numeric_limits<int64_t>::max()};
      if (*v < lo || *v > hi) return std::vector<uint64_t>{};
      return std::vector<uint64_t>{BloomFilter::Hash(static_cast<int64_t>(static_cast<uint64_t>(*v)))};
    }
    case PhysicalType::kInt96: {
      const std::optional<__int128> v = Rescale(key, 9);  // nanoseconds since the epoch
      if (!v) return std::vector<uint64_t>{};
      constexpr __int128 kNanosPerDay = __int128{86400} * 1000000000;
      constexpr int64_t kJulianDayOfEpoch = 2440588;
      __int128 days = *v / kNanosPerDay;
      __int128 nanos = *v % kNanosPerDay;
      if (nanos < 0) {
        nanos += kNanosPerDay;
        --days;
      }
      const __int128 julian = days + kJulianDayOfEpoch;
      if (julian < std::numeric_limits<int32_t>::min() || julian > std::numeric_limits<uint32_t>::max()) {
        return std::vector<uint64_t>{};
      }
      Int96 x;
      const auto n = static_cast<int64_t>(nanos);
      std::memcpy(x.value, &n, 8);
      x.value[2] = static_cast<uint32_t>(julian);
      return std::vector<uint64_t>{BloomFilter::Hash(x)};
    }
    case PhysicalType::kFloat:
      if (std::isnan(key.d)) return std::nullopt;
      return RealHashes<float>(key.d);
    case PhysicalType::kDouble:
      if (std::isnan(key.d)) return std::nullopt;
      return RealHashes<double>(key.d);
    case PhysicalType::kByteArray:
      if (t.domain != Domain::kBytes) return std::nullopt;
      return std::vector<uint64_t>{BloomFilter::Hash(std::string_view(key.s))};
    case PhysicalType::kFixedLenByteArray: {
      if (t.type_length <= 0) return std::nullopt;
      const auto width = static_cast<size_t>(t.type_length);
      if (t.domain == Domain::kBytes) {
        if (key.s.size() != width) return std::vector<uint64_t>{};
        return std::vector<uint64_t>{BloomFilter::Hash(std::string_view(key.s))};
      }
      if (t.is_float16) {
        if (std::isnan(key.d)) return std::nullopt;
        const Float16 h = Float16::FromDouble(key.d);
        if (h.ToDouble() != key.d) return std::vector<uint64_t>{};
        std::vector<uint64_t> out;
        for (uint16_t bits : {h.bits(), static_cast<uint16_t>(h.bits() ^ 0x8000)}) {
          if (bits != h.bits() && key.d != 0) break;  // -0 only beside +0
          const std::array<uint8_t, 2> b = Float16::FromBits(bits).ToBytes();
          out.push_back(BloomFilter::Hash(std::string_view(reinterpret_cast<const char*>(b.data()), 2)));
        }
        return out;
      }
      if (t.domain != Domain::kExact) return std::nullopt;
      const std::optional<__int128> v = Rescale(key, t.scale);
      if (!v) return std::vector<uint64_t>{};
      // Big-endian two's complement in `width` bytes; beyond 16 bytes, sign extension.
      std::string bytes(width, static_cast<char>(*v < 0 ? 0xFF : 0x00));
      __int128 rest = *v;
      for (size_t k = 0; k < width && k < 16; ++k) {
        bytes[width - 1 - k] = static_cast<char>(static_cast<uint8_t>(rest & 0xFF));
        rest >>= 8;  // arithmetic: keeps the sign
      }
      __int128 back = 0;
      if (!BigEndianToInt128(bytes, &back) || back != *v) return std::vector<uint64_t>{};  // does not fit
      return std::vector<uint64_t>{BloomFilter::Hash(std::string_view(bytes))};
    }
  }
  return std::nullopt;
}

bool BloomExcludes(const BloomFilter& bloom, const LeafType& type, const Key& key) {
  const std::optional<std::vector<uint64_t>> hashes = BloomHashes(type, key);
  if (!hashes) return false;
  for (uint64_t h : *hashes) {
    if (bloom.MightContainHash(h)) return false;
  }
  return true;
}

}  // namespace parq::filter_internal
