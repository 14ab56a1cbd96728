// Round trips of random value trees, truncation at every byte, and forged
// sizes that must fail fast without a large allocation.
#include <gtest/gtest.h>

#include <atomic>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <memory>
#include <new>
#include <string>
#include <vector>

#include "testing/status_macros.h"
#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"
#include "thrift/value_tree.h"

// Records the largest single allocation while `g_track` is set, so a test
// can show that a forged length never turned into a big allocation.
namespace {
std::atomic<bool> g_track{false};
std::atomic<size_t> g_largest{0};
void Note(size_t n) {
  if (!g_track.load(std::memory_order_relaxed)) return;
  size_t cur = g_largest.load(std::memory_order_relaxed);
  while (n > cur && !g_largest.compare_exchange_weak(cur, n)) {
  }
}
}  // namespace

// Out of line, so that GCC does not inline free() into a caller of new and
// warn about a mismatched pair.
[[gnu::noinline]] void* operator new(size_t n) {
  Note(n);
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, size_t) noexcept { std::free(p); }

namespace parq::thrift {
namespace {

using testing::Describe;
using testing::Encode;
using testing::Equal;
using testing::ReadValue;
using testing::Value;
using testing::ValueGen;

// A copy of `bytes[0, n)` in its own heap block, so a sanitizer build catches
// a read of byte n.
std::unique_ptr<uint8_t[]> Exact(const std::string& bytes, size_t n) {
  auto p = std::make_unique<uint8_t[]>(n == 0 ? 1 : n);
  if (n > 0) std::memcpy(p.get(), bytes.data(), n);
  return p;
}

TEST(CompactRoundTripTest, RandomValueTrees) {
  ValueGen gen(20261122);
  for (int iter = 0; iter < 3000; ++iter) {
    Value v = gen.Struct(1 + iter % 5);
    std::string bytes = Encode(v);
    auto buf = Exact(bytes, bytes.size());
    CompactReader r(buf.get(), bytes.size());
    Value back = ReadValue(r, CType::kStruct);
    ASSERT_OK(r.status()) << " in " << Describe(v);
    ASSERT_EQ(r.remaining(), 0u);
    ASSERT_TRUE(Equal(v, back)) << Describe(v) << "\nvs\n" << Describe(back);
    // Skip consumes exactly the same bytes.
    CompactReader s(buf.get(), bytes.size());
    s.Skip(CType::kStruct);
    ASSERT_OK(s.status());
    ASSERT_EQ(s.remaining(), 0u);
  }
}

TEST(CompactRoundTripTest, RandomScalars) {
  ValueGen gen(7);
  CompactWriter w;
  std::vector<int64_t> i64s;
  std::vector<int32_t> i32s;
  std::vector<int16_t> i16s;
  for (int k = 0; k < 20000; ++k) {
    i64s.push_back(gen.Int(64));
    i32s.push_back(static_cast<int32_t>(gen.Int(32)));
    i16s.push_back(static_cast<int16_t>(gen.Int(16)));
    w.WriteI64(i64s.back());
    w.WriteI32(i32s.back());
    w.WriteI16(i16s.back());
  }
  CompactReader r(w.data(), w.size());
  for (int k = 0; k < 20000; ++k) {
    ASSERT_EQ(r.ReadI64(), i64s[k]);
    ASSERT_EQ(r.ReadI32(), i32s[k]);
    ASSERT_EQ(r.ReadI16(), i16s[k]);
  }
  EXPECT_OK(r.status());
  EXPECT_EQ(r.remaining(), 0u);
}

TEST(CompactRoundTripTest, TruncationAtEveryByteFailsCleanly) {
  // A message with every type, nested several levels.
  ValueGen gen(99);
  Value v;
  std::string bytes;
  do {
    v = gen.Struct(4);
    bytes = Encode(v);
  } while (bytes.size() < 300 || bytes.size() > 3000);
  for (size_t n = 0; n < bytes.size(); ++n) {
    auto buf = Exact(bytes, n);
    CompactReader r(buf.get(), n, {}, 1000);
    (void)ReadValue(r, CType::kStruct);
    ASSERT_STATUS(r.status(), StatusCode::kCorrupt) << "prefix " << n << " of " << bytes.size() << " parsed";
    ASSERT_LE(r.position(), n);
    const std::string suffix = " at offset " + std::to_string(1000 + r.position());
    const std::string& msg = r.status().message();
    ASSERT_EQ(msg.substr(msg.size() - suffix.size()), suffix) << msg;

    CompactReader s(buf.get(), n);
    s.Skip(CType::kStruct);
    ASSERT_STATUS(s.status(), StatusCode::kCorrupt) << "skip of prefix " << n;
  }
  CompactReader whole(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  EXPECT_TRUE(Equal(ReadValue(whole, CType::kStruct), v));
  EXPECT_OK(whole.status());
}

TEST(CompactRoundTripTest, CorruptBytesNeverCrash) {
  // Random byte flips of valid messages: any outcome but a crash or an
  // out-of-bounds read (sanitizer builds check the latter).
  ValueGen gen(5);
  int failures = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    std::string bytes = Encode(gen.Struct(3));
    size_t flips = 1 + gen.Uniform(3);
    for (size_t k = 0; k < flips; ++k) bytes[gen.Uniform(bytes.size())] = static_cast<char>(gen.Bits());
    auto buf = Exact(bytes, bytes.size());
    CompactReader r(buf.get(), bytes.size());
    (void)ReadValue(r, CType::kStruct);
    EXPECT_LE(r.position(), bytes.size());
    if (!r.ok()) ++failures;
    CompactReader s(buf.get(), bytes.size());
    s.Skip(CType::kStruct);
  }
  EXPECT_GT(failures, 0);
}

class LargestAllocation {
 public:
  LargestAllocation() {
    g_largest = 0;
    g_track = true;
  }
  ~LargestAllocation() { g_track = false; }
  size_t bytes() const { return g_largest.load(); }
};

ThriftLimits Unlimited() {
  ThriftLimits lim;
  lim.max_string_size = std::numeric_limits<int64_t>::max();
  lim.max_container_size = std::numeric_limits<int64_t>::max();
  return lim;
}

// A forged size read without limits is corrupt (it exceeds the bytes left,
// message `corrupt`); under the default limits it exceeds a limit first.
void ExpectForgedSizeRefused(const Status& st, bool unlimited, const std::string& corrupt,
                             const std::string& limit) {
  if (unlimited) {
    EXPECT_STATUS(st, StatusCode::kCorrupt);
    EXPECT_EQ(st.message(), corrupt);
  } else {
    EXPECT_STATUS(st, StatusCode::kLimitExceeded);
    EXPECT_EQ(st.message(), limit);
  }
}

TEST(CompactForgedSizesTest, AllocationTrackerSeesAllocations) {
  LargestAllocation alloc;
  auto big = std::make_unique<std::string>(100000, 'x');
  EXPECT_GE(alloc.bytes(), 100000u);
}

TEST(CompactForgedSizesTest, StringLengthTwoToThe31) {
  // field 1 binary, length 2^31 (varint 80 80 80 80 08), then 3 bytes.
  const std::vector<uint8_t> in{0x18, 0x80, 0x80, 0x80, 0x80, 0x08, 'a', 'b', 'c'};
  for (bool unlimited : {false, true}) {
    LargestAllocation alloc;
    CompactReader r(in.data(), in.size(), unlimited ? Unlimited() : ThriftLimits{});
    ASSERT_TRUE(r.StructBegin());
    CType t;
    int16_t id;
    ASSERT_TRUE(r.FieldBegin(&t, &id));
    std::string s;
    r.ReadBinary(&s);
    EXPECT_EQ(s, "");
    ExpectForgedSizeRefused(r.status(), unlimited,
                            "binary length 2147483648 exceeds the 3 bytes left at offset 6",
                            "binary length 2147483648 exceeds the limit 104857600 at offset 6");
    EXPECT_LT(alloc.bytes(), 4096u);
  }
  // Skip takes the same checks.
  CompactReader r(in.data(), in.size(), Unlimited());
  r.Skip(CType::kStruct);
  EXPECT_EQ(r.status().message(), "binary length 2147483648 exceeds the 3 bytes left at offset 6");
}

TEST(CompactForgedSizesTest, ListSizeTwoToThe31) {
  // field 1 list<struct>, size 2^31, then three empty structs.
  const std::vector<uint8_t> in{0x19, 0xFC, 0x80, 0x80, 0x80, 0x80, 0x08, 0x00, 0x00, 0x00};
  for (bool unlimited : {false, true}) {
    LargestAllocation alloc;
    CompactReader r(in.data(), in.size(), unlimited ? Unlimited() : ThriftLimits{});
    ASSERT_TRUE(r.StructBegin());
    CType t;
    int16_t id;
    ASSERT_TRUE(r.FieldBegin(&t, &id));
    CType et;
    uint32_t n = 0;
    EXPECT_FALSE(r.ListBegin(&et, &n));
    ExpectForgedSizeRefused(r.status(), unlimited,
                            "list size 2147483648 exceeds the 3 bytes left at offset 7",
                            "list size 2147483648 exceeds the limit 10000000 at offset 7");
    EXPECT_LT(alloc.bytes(), 4096u);
  }
  // A generic reader (which would reserve by the size) and Skip stop at the
  // header too.
  LargestAllocation alloc;
  CompactReader r(in.data(), in.size(), Unlimited());
  (void)ReadValue(r, CType::kStruct);
  EXPECT_STATUS(r.status(), StatusCode::kCorrupt);
  CompactReader s(in.data(), in.size(), Unlimited());
  s.Skip(CType::kStruct);
  EXPECT_EQ(s.status().message(), "list size 2147483648 exceeds the 3 bytes left at offset 7");
  EXPECT_LT(alloc.bytes(), 4096u);
}

TEST(CompactForgedSizesTest, MapSizeTwoToThe31) {
  const std::vector<uint8_t> in{0x80, 0x80, 0x80, 0x80, 0x08, 0x55, 0x00, 0x00};
  CompactReader r(in.data(), in.size(), Unlimited());
  CType kt, vt;
  uint32_t n;
  EXPECT_FALSE(r.MapBegin(&kt, &vt, &n));
  EXPECT_EQ(r.status().message(),
            "map size 2147483648 (at least 2 bytes each) exceeds the 2 bytes left at offset 6");
}

}  // namespace
}  // namespace parq::thrift
