// Deterministic mutation over a dozen small corpus files: truncations at
// many positions, bit flips, byte overwrites and multi-byte splices (fixed
// seed).  Each variant is opened from memory and every column read to the
// end; each must end in success or a clean error — never a crash, and never
// kInternal (read_all_util.h also turns levels out of range and value counts
// that disagree with the levels into kInternal).
#include <gtest/gtest.h>

#include <chrono>
#include <cstdint>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

#include "hostile/read_all_util.h"
#include "parq/file_reader.h"

namespace parq::hostile {
namespace {

#if defined(__SANITIZE_ADDRESS__) || defined(__SANITIZE_THREAD__)
#define PARQ_HOSTILE_SANITIZED 1
#elif defined(__has_feature)
#if __has_feature(address_sanitizer) || __has_feature(thread_sanitizer)
#define PARQ_HOSTILE_SANITIZED 1
#endif
#endif
#ifdef PARQ_HOSTILE_SANITIZED
constexpr int kVariantsPerFile = 1000;  // sanitizer builds are several times slower
#else
constexpr int kVariantsPerFile = 3000;
#endif

const char* const kFiles[] = {
    "alltypes_dictionary.parquet",    "alltypes_plain.snappy.parquet",
    "datapage_v2.snappy.parquet",     "delta_length_byte_array.parquet",
    "rle_boolean_encoding.parquet",   "nested_lists.snappy.parquet",
    "nulls.snappy.parquet",           "byte_stream_split.zstd.parquet",
    "lz4_raw_compressed.parquet",     "hadoop_lz4_compressed.parquet",
    "nullable.impala.parquet",        "concatenated_gzip_members.parquet",
    "large_string_map.brotli.parquet", "fixed_length_decimal.parquet",
    "int96_from_spark.parquet",       "nested_maps.snappy.parquet",
    "delta_encoding_optional_column.parquet",
};

std::string ReadFileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// Variant `i` of `base`: the first part truncates at spread-out positions
// (more of them near the end, where the footer is), the rest mutate bytes.
std::string Mutate(const std::string& base, int i, std::mt19937_64& rng) {
  std::string f = base;
  const size_t n = f.size();
  const int truncations = kVariantsPerFile / 5;
  if (i < truncations) {
    // Half spread over the file, half within the last 256 bytes.
    size_t cut = (i % 2 == 0) ? n * static_cast<size_t>(i) / static_cast<size_t>(truncations)
                              : n - std::min<size_t>(n, 1 + rng() % 256);
    f.resize(cut);
    return f;
  }
  const int edits = 1 + static_cast<int>(rng() % 4);
  for (int e = 0; e < edits; ++e) {
    // Bias half the edits to the footer (last 20%), where one byte matters most.
    size_t pos = (rng() % 2) ? rng() % n : n - 1 - rng() % std::max<size_t>(1, n / 5);
    switch (rng() % 4) {
      case 0: f[pos] = static_cast<char>(f[pos] ^ (1 << (rng() % 8))); break;  // bit flip
      case 1: f[pos] = static_cast<char>(rng()); break;                         // random byte
      case 2: {                                                                 // interesting byte
        static const uint8_t kInteresting[] = {0x00, 0x01, 0x7F, 0x80, 0xFF, 0x15, 0x19, 0x1C};
        f[pos] = static_cast<char>(kInteresting[rng() % sizeof kInteresting]);
        break;
      }
      case 3: {  // a run of 0xFF or 0x00 (forged varints / lengths)
        const char c = (rng() % 2) ? '\xFF' : '\0';
        for (size_t k = pos; k < std::min(n, pos + 1 + rng() % 5); ++k) f[k] = c;
        break;
      }
    }
  }
  return f;
}

TEST(MutationTest, EveryVariantSucceedsOrFailsCleanly) {
  std::mt19937_64 rng(20261122);
  int variants = 0, opened = 0, read_ok = 0;
  double slowest_ms = 0;
  const auto t0 = std::chrono::steady_clock::now();
  for (const char* name : kFiles) {
    const std::string path = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/" + name;
    const std::string base = ReadFileBytes(path);
    ASSERT_FALSE(base.empty()) << "missing corpus file " << path;
    for (int i = 0; i < kVariantsPerFile; ++i) {
      const std::string f = Mutate(base, i, rng);
      ++variants;
      std::shared_ptr<RandomAccessFile> file(
          OpenMemoryView(reinterpret_cast<const uint8_t*>(f.data()), f.size()));
      const auto v0 = std::chrono::steady_clock::now();
      ReaderOptions unverified;  // CRCs would stop most damage before the decoders
      unverified.verify_checksums = false;
      auto reader = FileReader::Open(file, unverified);
      Status s = reader.status();
      if (reader.ok()) {
        ++opened;
        s = ReadEverything(**reader, 1000);
        if (s.ok()) ++read_ok;
        if (!s.ok()) {
          Status k = ReadEverythingKeepGoing(**reader, 37);
          ASSERT_NE(k.code(), StatusCode::kInternal) << name << " variant " << i << ": " << k.ToString();
        }
      }
      slowest_ms = std::max(
          slowest_ms,
          std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - v0).count());
      ASSERT_NE(s.code(), StatusCode::kInternal) << name << " variant " << i << ": " << s.ToString();
      if (!s.ok()) {
        ASSERT_FALSE(s.ToString().empty());
      }
    }
  }
  const double total_s =
      std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  std::printf("[ mutation ] %d variants, %d opened, %d read fully; %.1f s, slowest %.1f ms\n",
              variants, opened, read_ok, total_s, slowest_ms);
  EXPECT_GT(opened, 0);
  EXPECT_GT(read_ok, 0);
}

}  // namespace
}  // namespace parq::hostile
