// parq/types.h — the format's enumerations and the in-memory value types of
// the physical types, as the public API exposes them.
//
// The enum values equal the format's Thrift ids, so a value read from a file
// converts with a static_cast and is then checked with IsKnown*.
#ifndef PARQ_TYPES_H_
#define PARQ_TYPES_H_

#include <cstdint>
#include <cstring>
#include <string_view>

namespace parq {

enum class PhysicalType : int32_t {
  kBoolean = 0,
  kInt32 = 1,
  kInt64 = 2,
  kInt96 = 3,
  kFloat = 4,
  kDouble = 5,
  kByteArray = 6,
  kFixedLenByteArray = 7,
};

enum class Repetition : int32_t { kRequired = 0, kOptional = 1, kRepeated = 2 };

enum class Encoding : int32_t {
  kPlain = 0,
  // 1 was GROUP_VAR_INT, never used.
  kPlainDictionary = 2,
  kRle = 3,
  kBitPacked = 4,
  kDeltaBinaryPacked = 5,
  kDeltaLengthByteArray = 6,
  kDeltaByteArray = 7,
  kRleDictionary = 8,
  kByteStreamSplit = 9,
  kAlp = 10,
};

enum class Compression : int32_t {
  kUncompressed = 0,
  kSnappy = 1,
  kGzip = 2,
  kLzo = 3,
  kBrotli = 4,
  kLz4 = 5,  // Hadoop-framed LZ4 (or raw block, from some writers); deprecated
  kZstd = 6,
  kLz4Raw = 7,
};

enum class PageType : int32_t {
  kDataPage = 0,
  kIndexPage = 1,
  kDictionaryPage = 2,
  kDataPageV2 = 3,
};

std::string_view PhysicalTypeName(PhysicalType t);   // "INT32", ...
std::string_view EncodingName(Encoding e);           // "PLAIN", ... or "UNKNOWN"
std::string_view CompressionName(Compression c);     // "SNAPPY", ... or "UNKNOWN"
std::string_view RepetitionName(Repetition r);       // "required", "optional", "repeated"
std::string_view PageTypeName(PageType p);

// Whether `t` (e.g. a file's value after a static_cast) is one of the
// enumerators.  Each is an exhaustive switch, so an enumerator added above
// without a case fails the build (-Wswitch): the range follows the enum.
bool IsKnownPhysicalType(PhysicalType t);
bool IsKnownRepetition(Repetition r);

// INT96: 12 bytes as stored: nanoseconds of the day (8 bytes LE), Julian day (4 bytes LE).
struct Int96 {
  uint32_t value[3];
  int64_t nanos() const {
    int64_t n;
    std::memcpy(&n, value, 8);
    return n;
  }
  int32_t julian_day() const { return static_cast<int32_t>(value[2]); }
  bool operator==(const Int96&) const = default;
};

// A BYTE_ARRAY value: a view into memory owned by a page, a dictionary or a
// decoder; valid until that owner moves on (documented per API).
struct ByteArray {
  ByteArray() = default;
  constexpr ByteArray(const uint8_t* p, uint32_t n) : ptr(p), len(n) {}
  // A view of `s`'s bytes (valid while they are).  REQUIRES: s.size() <= UINT32_MAX.
  explicit ByteArray(std::string_view s)
      : ptr(reinterpret_cast<const uint8_t*>(s.data())), len(static_cast<uint32_t>(s.size())) {}

  const uint8_t* ptr = nullptr;
  uint32_t len = 0;
  std::string_view view() const { return {reinterpret_cast<const char*>(ptr), len}; }
  friend bool operator==(const ByteArray& a, const ByteArray& b) {
    return a.len == b.len && (a.len == 0 || std::memcmp(a.ptr, b.ptr, a.len) == 0);
  }
};

// A FIXED_LEN_BYTE_ARRAY value: a pointer to type_length bytes (the length
// lives in the column descriptor).
struct FixedLenByteArray {
  const uint8_t* ptr = nullptr;
};

}  // namespace parq

#endif  // PARQ_TYPES_H_
