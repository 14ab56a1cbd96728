// BYTE_ARRAY min/max against a brute-force unsigned byte-wise comparison: the
// builder's 8-byte prefix shortcut must order values exactly as memcmp does,
// including shared prefixes (ties beyond the first, second and third word),
// bytes >= 0x80, zero bytes (against the zero padding of short words) and
// values shorter than 8 bytes.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "parq/schema.h"
#include "stats/statistics_builder.h"

namespace parq::stats {
namespace {

TEST(ByteArrayBounds, MatchBruteForce) {
  auto schema = ParseMessageType("message m { required binary s (STRING); }");
  ASSERT_TRUE(schema.ok()) << schema.status().ToString();
  std::mt19937 rng(42);
  for (int trial = 0; trial < 1000; ++trial) {
    std::vector<std::string> strings;
    const int n = 1 + static_cast<int>(rng() % 60);
    const std::string common = std::string(rng() % 28, 'p');  // shared prefixes of 0..27 bytes
    for (int i = 0; i < n; ++i) {
      std::string s = rng() % 4 == 0 ? std::string() : common;
      const int extra = static_cast<int>(rng() % 14);
      for (int k = 0; k < extra; ++k) {
        const uint32_t kind = rng() % 4;
        s.push_back(static_cast<char>(kind == 0 ? 0x80 + rng() % 128 : kind == 1 ? rng() % 2 : 'a' + rng() % 3));
      }
      if (rng() % 3 == 0 && !strings.empty()) s = strings[rng() % strings.size()];  // ties of whole values
      strings.push_back(s);
    }
    if (trial % 5 == 0) strings.emplace_back();
    std::vector<ByteArray> values;
    for (const std::string& s : strings) {
      values.push_back(ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())});
    }
    if (trial % 5 == 0) values.back() = ByteArray{};  // empty, with a null pointer, as decoders may hand out
    const int total = static_cast<int>(values.size());
    StatisticsBuilder<ByteArray> builder(schema->column(0), /*truncate_length=*/0);
    // Two batches, so bounds are also merged across Update calls.
    const int64_t half = total / 2;
    builder.Update(values.data(), half);
    builder.Update(values.data() + half, total - half);
    const format::Statistics st = builder.ToFormat();
    ASSERT_TRUE(st.min_value.has_value());
    ASSERT_TRUE(st.max_value.has_value());
    EXPECT_EQ(*st.min_value, *std::min_element(strings.begin(), strings.end())) << "trial " << trial;
    EXPECT_EQ(*st.max_value, *std::max_element(strings.begin(), strings.end())) << "trial " << trial;
  }
}

}  // namespace
}  // namespace parq::stats
