// index/bloom_filter.cc — the split block Bloom filter of parq/bloom_filter.h.
#include "parq/bloom_filter.h"

#include <bit>
#include <cmath>
#include <cstring>

#include "util/xxhash64.h"

namespace parq {
namespace {

// BloomFilter.md: "8 SALT values used to compute bit pattern".
constexpr uint32_t kSalt[8] = {0x47b6137bU, 0x44974d91U, 0x8824ad5bU, 0xa2b7289dU,
                               0x705495c7U, 0x2df1424bU, 0x9efc4947U, 0x5c6bfb31U};

template <typename V>
uint64_t HashBytesOf(const V& v) {
  uint8_t b[sizeof(V)];
  std::memcpy(b, &v, sizeof(V));
  if constexpr (std::endian::native == std::endian::big) {
    for (size_t i = 0; i < sizeof(V) / 2; ++i) std::swap(b[i], b[sizeof(V) - 1 - i]);
  }
  return util::XxHash64(b, sizeof(V));
}

}  // namespace

BloomFilter::BloomFilter(int64_t num_bytes) : words_(static_cast<size_t>(num_bytes / 4), 0u) {}

BloomFilter BloomFilter::FromBitset(std::string_view bitset) {
  BloomFilter f;
  f.words_.resize(bitset.size() / 4);
  for (size_t i = 0; i < f.words_.size(); ++i) {
    const auto* p = reinterpret_cast<const uint8_t*>(bitset.data()) + 4 * i;
    f.words_[i] = uint32_t{p[0]} | uint32_t{p[1]} << 8 | uint32_t{p[2]} << 16 | uint32_t{p[3]} << 24;
  }
  return f;
}

std::vector<uint8_t> BloomFilter::Bitset() const {
  std::vector<uint8_t> out(words_.size() * 4);
  for (size_t i = 0; i < words_.size(); ++i) {
    for (int k = 0; k < 4; ++k) out[4 * i + size_t(k)] = static_cast<uint8_t>(words_[i] >> (8 * k));
  }
  return out;
}

int64_t BloomFilter::OptimalNumBytes(int64_t ndv, double fpp, int64_t max_bytes) {
  if (!(fpp > 0.0 && fpp < 1.0)) fpp = 0.01;
  if (max_bytes < kMinBytes) max_bytes = kMinBytes;
  max_bytes = static_cast<int64_t>(std::bit_floor(static_cast<uint64_t>(max_bytes)));
  if (ndv <= 0) return kMinBytes;
  const double bits_per_value = -8.0 / std::log(1.0 - std::pow(fpp, 1.0 / 8.0));
  const double bytes = std::ceil(static_cast<double>(ndv) * bits_per_value / 8.0);
  if (!(bytes < static_cast<double>(max_bytes))) return max_bytes;
  uint64_t n = std::bit_ceil(static_cast<uint64_t>(bytes));
  if (n < static_cast<uint64_t>(kMinBytes)) n = kMinBytes;
  return static_cast<int64_t>(n);
}

uint64_t BloomFilter::Hash(int32_t v) { return HashBytesOf(v); }
uint64_t BloomFilter::Hash(int64_t v) { return HashBytesOf(v); }
uint64_t BloomFilter::Hash(float v) { return HashBytesOf(v); }
uint64_t BloomFilter::Hash(double v) { return HashBytesOf(v); }
uint64_t BloomFilter::Hash(const Int96& v) {
  uint8_t b[12];
  for (int w = 0; w < 3; ++w) {
    for (int k = 0; k < 4; ++k) b[4 * w + k] = static_cast<uint8_t>(v.value[w] >> (8 * k));
  }
  return util::XxHash64(b, 12);
}
uint64_t BloomFilter::Hash(std::string_view bytes) {
  return util::XxHash64(bytes.data(), bytes.size());
}

// The block for a hash: ((hash >> 32) * z) >> 32, z the number of blocks.
void BloomFilter::InsertHash(uint64_t hash) {
  const uint64_t blocks = words_.size() / 8;
  if (blocks == 0) return;
  uint32_t* block = words_.data() + 8 * (((hash >> 32) * blocks) >> 32);
  const uint32_t key = static_cast<uint32_t>(hash);
  for (int i = 0; i < 8; ++i) block[i] |= uint32_t{1} << ((key * kSalt[i]) >> 27);
}

bool BloomFilter::MightContainHash(uint64_t hash) const {
  const uint64_t blocks = words_.size() / 8;
  if (blocks == 0) return true;  // (never, for a filter built by the rules above)
  const uint32_t* block = words_.data() + 8 * (((hash >> 32) * blocks) >> 32);
  const uint32_t key = static_cast<uint32_t>(hash);
  for (int i = 0; i < 8; ++i) {
    if ((block[i] & (uint32_t{1} << ((key * kSalt[i]) >> 27))) == 0) return false;
  }
  return true;
}

}  // namespace parq
