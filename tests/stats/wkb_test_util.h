// tests/stats/wkb_test_util.h — WKB values made by hand for the tests: a
// small writer of ISO WKB in either byte order.
#ifndef PARQ_TESTS_STATS_WKB_TEST_UTIL_H_
#define PARQ_TESTS_STATS_WKB_TEST_UTIL_H_

#include <cstdint>
#include <cstring>
#include <initializer_list>
#include <string>
#include <vector>

namespace parq::testing {

// Appends WKB pieces; each geometry header carries the writer's byte order.
class WkbWriter {
 public:
  explicit WkbWriter(bool big_endian = false) : big_(big_endian) {}

  WkbWriter& Header(uint32_t type) {
    out_.push_back(big_ ? '\0' : '\1');
    return U32(type);
  }
  WkbWriter& U32(uint32_t v) {
    for (int i = 0; i < 4; ++i) {
      const int shift = big_ ? 24 - 8 * i : 8 * i;
      out_.push_back(static_cast<char>((v >> shift) & 0xFF));
    }
    return *this;
  }
  WkbWriter& F64(double d) {
    uint64_t bits;
    std::memcpy(&bits, &d, 8);
    for (int i = 0; i < 8; ++i) {
      const int shift = big_ ? 56 - 8 * i : 8 * i;
      out_.push_back(static_cast<char>((bits >> shift) & 0xFF));
    }
    return *this;
  }
  WkbWriter& Coords(std::initializer_list<double> c) {
    for (double d : c) F64(d);
    return *this;
  }
  // A point of any dimension: type 1, 1001, 2001 or 3001.
  WkbWriter& Point(uint32_t type, std::initializer_list<double> c) { return Header(type).Coords(c); }
  // A linestring of points given flat (dims coordinates each).
  WkbWriter& LineString(uint32_t type, int dims, const std::vector<double>& flat) {
    Header(type).U32(static_cast<uint32_t>(flat.size() / static_cast<size_t>(dims)));
    for (double d : flat) F64(d);
    return *this;
  }
  WkbWriter& Raw(const std::string& bytes) {
    out_ += bytes;
    return *this;
  }
  const std::string& str() const { return out_; }

 private:
  bool big_;
  std::string out_;
};

inline std::string WkbPoint(double x, double y) { return WkbWriter().Point(1, {x, y}).str(); }

}  // namespace parq::testing

#endif  // PARQ_TESTS_STATS_WKB_TEST_UTIL_H_
