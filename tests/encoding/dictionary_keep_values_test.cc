// DictionaryEncoder::KeepValues and PutBufferedValues (the column writer's
// lean dictionary trial): an encoder that keeps a first page's values gives
// the entries, sizes and bytes of one that never did, and holds less.
#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <limits>
#include <random>
#include <string>
#include <type_traits>
#include <utility>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"
#include "testing/status_macros.h"

namespace parq::encoding {
namespace {

// A dictionary as the column writer makes one: told that a page holds at
// most 20,000 values (max_rows_per_page), which bounds how far its buffers
// grow.
template <typename T>
std::unique_ptr<DictionaryEncoder<T>> NewDictionary() {
  auto e = MakeDictionaryEncoder<T>(PhysicalTypeOf<T>::value);
  EXPECT_OK(e.status());
  if (!e.ok()) return nullptr;
  (*e)->SetPageValuesHint(20'000);
  return std::move(*e);
}

// Value k of a page: mostly distinct at first, then drawn again from the
// first 3,000 (so that a kept page's entries are not all at its end), with
// the bit patterns a dictionary must keep apart (-0.0 and 0.0, two NaNs).
template <typename T>
std::vector<T> PageValues(int64_t n, uint64_t seed) {
  std::mt19937_64 rng(seed);
  std::vector<T> v(static_cast<size_t>(n));
  for (int64_t k = 0; k < n; ++k) {
    const uint64_t x = rng();
    if (k >= n * 3 / 4) {
      v[static_cast<size_t>(k)] = v[static_cast<size_t>(x % 3000)];
    } else if constexpr (std::is_floating_point_v<T>) {
      v[static_cast<size_t>(k)] = static_cast<T>(static_cast<double>(x % 100'000'000) / 100);
    } else {
      v[static_cast<size_t>(k)] = static_cast<T>(x);
    }
  }
  if constexpr (std::is_floating_point_v<T>) {
    v[10] = T(0.0);
    v[11] = -T(0.0);
    v[12] = std::numeric_limits<T>::quiet_NaN();
    using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
    Bits b;
    std::memcpy(&b, &v[12], sizeof b);
    b ^= 1;  // another NaN payload
    std::memcpy(&v[13], &b, sizeof b);
  }
  return v;
}

// Puts `values` into both in steps of `step`, asking `kept` to KeepValues
// after each; every size the column writer reads stays the same as
// `plain`'s.  *switched: whether `kept` keeps the values at the end.
template <typename T>
void PutBoth(DictionaryEncoder<T>* kept, DictionaryEncoder<T>* plain, const std::vector<T>& values, size_t step,
             bool* switched) {
  for (size_t i = 0; i < values.size(); i += step) {
    const int64_t c = static_cast<int64_t>(std::min(step, values.size() - i));
    ASSERT_OK(kept->Put(values.data() + i, c));
    ASSERT_OK(plain->Put(values.data() + i, c));
    *switched = kept->KeepValues();
    ASSERT_EQ(kept->num_entries(), plain->num_entries()) << "after " << i + step;
    ASSERT_EQ(kept->dictionary_byte_size(), plain->dictionary_byte_size());
    ASSERT_EQ(kept->EstimatedDataSize(), plain->EstimatedDataSize());
    ASSERT_EQ(kept->buffered_indices(), plain->buffered_indices());
  }
}

template <typename T>
class DictionaryKeepValuesTest : public ::testing::Test {};
using NumberTypes = ::testing::Types<int32_t, int64_t, float, double>;
TYPED_TEST_SUITE(DictionaryKeepValuesTest, NumberTypes);

// Put in steps of 1,024 as the column writer does, asking KeepValues after
// each: every size the writer reads is the same as without, and so are the
// indices, the dictionary page and a second page.
TYPED_TEST(DictionaryKeepValuesTest, SameEntriesSizesAndBytes) {
  using T = TypeParam;
  const std::vector<T> first = PageValues<T>(20'000, 1), second = PageValues<T>(5'000, 2);
  auto kept = NewDictionary<T>(), plain = NewDictionary<T>();
  ASSERT_NE(kept, nullptr);
  ASSERT_NE(plain, nullptr);
  bool switched = false;
  ASSERT_NO_FATAL_FAILURE(PutBoth(kept.get(), plain.get(), first, 1024, &switched));
  ASSERT_TRUE(switched);
  EXPECT_LT(kept->dictionary_memory() + kept->buffered_memory(),
            (plain->dictionary_memory() + plain->buffered_memory()) * 3 / 4);

  // The fallback encoding of the page, from either, is the PLAIN of its values.
  auto want_plain = MakeEncoder<T>(Encoding::kPlain, PhysicalTypeOf<T>::value);
  ASSERT_OK(want_plain.status());
  ASSERT_OK((*want_plain)->Put(first.data(), static_cast<int64_t>(first.size())));
  std::vector<uint8_t> want, got_kept, got_plain;
  ASSERT_OK((*want_plain)->FlushValues(&want));
  for (auto [from, into] : {std::pair{kept.get(), &got_kept}, std::pair{plain.get(), &got_plain}}) {
    auto enc = MakeEncoder<T>(Encoding::kPlain, PhysicalTypeOf<T>::value);
    ASSERT_OK(enc.status());
    ASSERT_OK(from->PutBufferedValues(enc->get()));
    ASSERT_OK((*enc)->FlushValues(into));
  }
  EXPECT_EQ(got_kept, want);
  EXPECT_EQ(got_plain, want);

  std::vector<uint8_t> dict_kept, dict_plain;
  kept->WriteDictionaryPage(&dict_kept);
  plain->WriteDictionaryPage(&dict_plain);
  EXPECT_EQ(dict_kept, dict_plain);

  std::vector<uint8_t> page_kept, page_plain;
  ASSERT_OK(kept->FlushValues(&page_kept));
  ASSERT_OK(plain->FlushValues(&page_plain));
  EXPECT_EQ(page_kept, page_plain);
  EXPECT_FALSE(kept->KeepValues());  // a dictionary with entries of a flushed page

  ASSERT_OK(kept->Put(second.data(), static_cast<int64_t>(second.size())));
  ASSERT_OK(plain->Put(second.data(), static_cast<int64_t>(second.size())));
  EXPECT_EQ(kept->num_entries(), plain->num_entries());
  page_kept.clear();
  page_plain.clear();
  ASSERT_OK(kept->FlushValues(&page_kept));
  ASSERT_OK(plain->FlushValues(&page_plain));
  EXPECT_EQ(page_kept, page_plain);
  dict_kept.clear();
  dict_plain.clear();
  kept->WriteDictionaryPage(&dict_kept);
  plain->WriteDictionaryPage(&dict_plain);
  EXPECT_EQ(dict_kept, dict_plain);
}

// A page of more than 2^16 values: the table's positions widen on the way.
TYPED_TEST(DictionaryKeepValuesTest, PastSixteenBitPositions) {
  using T = TypeParam;
  const std::vector<T> page = PageValues<T>(100'000, 3);
  auto kept = NewDictionary<T>(), plain = NewDictionary<T>();
  ASSERT_NE(kept, nullptr);
  ASSERT_NE(plain, nullptr);
  bool switched = false;
  ASSERT_NO_FATAL_FAILURE(PutBoth(kept.get(), plain.get(), page, 7'000, &switched));
  ASSERT_TRUE(switched);
  std::vector<uint8_t> dict_kept, dict_plain, page_kept, page_plain;
  kept->WriteDictionaryPage(&dict_kept);
  plain->WriteDictionaryPage(&dict_plain);
  EXPECT_EQ(dict_kept, dict_plain);
  ASSERT_OK(kept->FlushValues(&page_kept));
  ASSERT_OK(plain->FlushValues(&page_plain));
  EXPECT_EQ(page_kept, page_plain);
}

// A page of few distinct values, or a small one, is not worth keeping.
TYPED_TEST(DictionaryKeepValuesTest, OnlyPagesOfManyDistinctValues) {
  using T = TypeParam;
  auto few = NewDictionary<T>();
  ASSERT_NE(few, nullptr);
  std::vector<T> v(20'000);
  for (size_t k = 0; k < v.size(); ++k) v[k] = static_cast<T>(k % 500);
  ASSERT_OK(few->Put(v.data(), static_cast<int64_t>(v.size())));
  EXPECT_FALSE(few->KeepValues());

  auto small = NewDictionary<T>();
  ASSERT_NE(small, nullptr);
  for (size_t k = 0; k < v.size(); ++k) v[k] = static_cast<T>(k);
  ASSERT_OK(small->Put(v.data(), 2'000));
  EXPECT_FALSE(small->KeepValues());
  ASSERT_OK(small->Put(v.data() + 2'000, 18'000));
  EXPECT_TRUE(small->KeepValues());
  EXPECT_EQ(small->num_entries(), 20'000);
}

TEST(DictionaryKeepValuesTest, NotForBinaryValues) {
  auto e = NewDictionary<ByteArray>();
  ASSERT_NE(e, nullptr);
  std::vector<std::string> s(10'000);
  std::vector<ByteArray> v(s.size());
  for (size_t k = 0; k < s.size(); ++k) {
    s[k] = "v" + std::to_string(k);
    v[k] = ByteArray{reinterpret_cast<const uint8_t*>(s[k].data()), static_cast<uint32_t>(s[k].size())};
  }
  ASSERT_OK(e->Put(v.data(), static_cast<int64_t>(v.size())));
  EXPECT_FALSE(e->KeepValues());
}

}  // namespace
}  // namespace parq::encoding
