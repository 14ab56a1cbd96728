// BYTE_ARRAY min/max against a brute-force unsigned byte-wise comparison: the
// builder's 8-byte prefix shortcut must order values exactly as memcmp does,
// including shared prefixes (ties beyond the first, second and third word),
// bytes >= 0x80, zero bytes (against the zero padding of short words) and
// values shorter than 8 bytes.  The bounds' shared head (whole words the
// running min and max agree on) is only checked for equality: values that
// leave it at any byte, or end inside it, must still land on the right side.
#include <gtest/gtest.h>

#include <algorithm>
#include <random>
#include <string>
#include <vector>

#include "parq/schema.h"
#include "stats/statistics_builder.h"
#include "testing/status_macros.h"

namespace parq::stats {
namespace {

// The strings as the ByteArray views a decoder hands the builder.
std::vector<ByteArray> Views(const std::vector<std::string>& strings) {
  std::vector<ByteArray> values;
  for (const std::string& s : strings) {
    values.push_back(ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())});
  }
  return values;
}

// The builder's bounds are the brute-force (std::string, unsigned bytes) ones.
void ExpectBruteForceBounds(const format::Statistics& st, const std::vector<std::string>& strings, int trial) {
  ASSERT_TRUE(st.min_value.has_value());
  ASSERT_TRUE(st.max_value.has_value());
  EXPECT_EQ(*st.min_value, *std::min_element(strings.begin(), strings.end())) << "trial " << trial;
  EXPECT_EQ(*st.max_value, *std::max_element(strings.begin(), strings.end())) << "trial " << trial;
}

TEST(ByteArrayBoundsTest, MatchBruteForce) {
  auto schema = ParseMessageType("message m { required binary s (STRING); }");
  ASSERT_OK(schema);
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
    std::vector<ByteArray> values = Views(strings);
    if (trial % 5 == 0) values.back() = ByteArray{};  // empty, with a null pointer, as decoders may hand out
    const int total = static_cast<int>(values.size());
    StatisticsBuilder<ByteArray> builder(schema->column(0), /*truncate_length=*/0);
    // Two batches, so bounds are also merged across Update calls.
    const int64_t half = total / 2;
    builder.Update(values.data(), half);
    builder.Update(values.data() + half, total - half);
    ExpectBruteForceBounds(builder.ToFormat(), strings, trial);
  }
}

// Values around a long head shared by most of them: each may leave the head
// at a random byte (lower or higher), stop inside it, or run past it with
// short or long tails, so the running min and max share 0..5 words and
// values leave or tie them at every position.  Many small batches, as the
// column writer feeds pages.
TEST(ByteArrayBoundsTest, SharedHeadLeftAnywhere) {
  auto schema = ParseMessageType("message m { required binary s (STRING); }");
  ASSERT_OK(schema);
  std::mt19937 rng(7);
  for (int trial = 0; trial < 2000; ++trial) {
    std::string head;
    for (int k = 0, len = static_cast<int>(rng() % 41); k < len; ++k) head.push_back(static_cast<char>('b' + rng() % 3));
    std::vector<std::string> strings;
    const int n = 1 + static_cast<int>(rng() % 200);
    for (int i = 0; i < n; ++i) {
      std::string s = head;
      switch (rng() % 6) {
        case 0:  // leaves the head at one byte, to either side
          if (!s.empty()) {
            const size_t at = rng() % s.size();
            s[at] = static_cast<char>(rng() % 2 ? 'a' : 0xF0);
          }
          break;
        case 1:  // stops inside the head
          s.resize(s.empty() ? 0 : rng() % s.size());
          break;
        default:
          break;
      }
      for (int k = 0, extra = static_cast<int>(rng() % 20); k < extra; ++k) {
        s.push_back(static_cast<char>(rng() % 5 == 0 ? 0 : 'a' + rng() % 4));
      }
      strings.push_back(std::move(s));
    }
    const std::vector<ByteArray> values = Views(strings);
    StatisticsBuilder<ByteArray> builder(schema->column(0), /*truncate_length=*/0);
    for (size_t i = 0; i < values.size(); i += 7) {
      builder.Update(values.data() + i, static_cast<int64_t>(std::min<size_t>(7, values.size() - i)));
    }
    ExpectBruteForceBounds(builder.ToFormat(), strings, trial);
  }
}

// With truncation the builders keep only the first truncate_length + 1 bytes
// of a bound (a max that cannot be cut, whole), in pages merged into a chunk
// as the column writer does, and still give the truncated brute-force bounds
// and exactness flags: values around the cut, 0xFF runs across it, long tails.
TEST(ByteArrayBoundsTest, TruncatedBoundsKeepOnlyThePrefix) {
  auto schema = ParseMessageType("message m { required binary s (STRING); }");
  ASSERT_OK(schema);
  std::mt19937 rng(23);
  for (int trial = 0; trial < 2000; ++trial) {
    const size_t len = 1 + rng() % 6;
    std::vector<std::string> strings;
    for (int i = 0, n = 1 + static_cast<int>(rng() % 40); i < n; ++i) {
      std::string s;
      for (size_t k = 0, size = rng() % (3 * len + 3); k < size; ++k) {
        const uint32_t kind = rng() % 4;
        s.push_back(static_cast<char>(kind == 0 ? 0xFF : kind == 1 ? 0xFE : 'a' + rng() % 2));
      }
      if (rng() % 8 == 0) s.append(1000, 'z');  // a long tail the builders must not keep
      strings.push_back(std::move(s));
    }
    const std::vector<ByteArray> values = Views(strings);
    StatisticsBuilder<ByteArray> chunk(schema->column(0), static_cast<int32_t>(len));
    StatisticsBuilder<ByteArray> page(schema->column(0), static_cast<int32_t>(len));
    for (size_t i = 0; i < values.size(); i += 5) {
      page.Update(values.data() + i, static_cast<int64_t>(std::min<size_t>(5, values.size() - i)));
      chunk.Merge(page);
      page.Reset();
    }
    const std::string lo = *std::min_element(strings.begin(), strings.end());
    const std::string hi = *std::max_element(strings.begin(), strings.end());
    std::string want_hi = hi;
    const bool hi_cut = hi.size() > len && TruncateMax(hi, len, &want_hi);
    const format::Statistics st = chunk.ToFormat();
    ASSERT_TRUE(st.min_value.has_value() && st.max_value.has_value());
    EXPECT_EQ(*st.min_value, TruncateMin(lo, len)) << "trial " << trial;
    EXPECT_EQ(*st.max_value, want_hi) << "trial " << trial;
    EXPECT_EQ(st.is_min_value_exact, lo.size() <= len) << "trial " << trial;
    EXPECT_EQ(st.is_max_value_exact, !hi_cut) << "trial " << trial;
    EXPECT_LE(chunk.min().size(), len + 1) << "trial " << trial;
    if (hi_cut) {
      EXPECT_LE(chunk.max().size(), len + 1) << "trial " << trial;
    }
  }
}

// FIXED_LEN_BYTE_ARRAY takes the same loop with every value of the type's length.
TEST(ByteArrayBoundsTest, FixedLengthMatchBruteForce) {
  auto schema = ParseMessageType("message m { required fixed_len_byte_array(13) s; }");
  ASSERT_OK(schema);
  std::mt19937 rng(11);
  for (int trial = 0; trial < 500; ++trial) {
    const size_t shared = rng() % 14;
    std::vector<std::string> strings;
    for (int i = 0, n = 1 + static_cast<int>(rng() % 100); i < n; ++i) {
      std::string s(13, 'k');
      for (size_t k = shared; k < 13; ++k) s[k] = static_cast<char>(rng() % 3 == 0 ? 0xFF : rng() % 3);
      if (rng() % 10 == 0) s[rng() % 13] = static_cast<char>(rng());
      strings.push_back(std::move(s));
    }
    std::vector<FixedLenByteArray> values;
    for (const std::string& s : strings) values.push_back(FixedLenByteArray{reinterpret_cast<const uint8_t*>(s.data())});
    StatisticsBuilder<FixedLenByteArray> builder(schema->column(0), /*truncate_length=*/0);
    builder.Update(values.data(), static_cast<int64_t>(values.size()));
    ExpectBruteForceBounds(builder.ToFormat(), strings, trial);
  }
}

}  // namespace
}  // namespace parq::stats
