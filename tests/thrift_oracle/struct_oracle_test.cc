// Per-struct differential test: thriftgen's generated code for
// thrift/parquet.thrift (parq::format) against Apache Thrift's generated code
// for the same IDL (parquet_oracle), both over the compact protocol.
//
// For every struct in PARQ_FORMAT_STRUCTS and thousands of RandomFill'ed
// values v:
//   A = parq Write(v);
//   Apache reads A (TCompactProtocol over a TMemoryBuffer) and writes B;
//   A == B byte for byte (so both sides agree on field order, optional and
//   default fields, unions, bool encoding, varints and nesting);
//   parq Read(B) consumes all of B and equals v.
// A struct missing on either side fails to compile (the X-macro names them).
#include <gtest/gtest.h>

#include <thrift/protocol/TCompactProtocol.h>
#include <thrift/transport/TBufferTransports.h>

#include <cstdint>
#include <memory>
#include <random>
#include <string>
#include <string_view>

#include "format/parquet_types.h"
#include "parquet_types.h"  // Apache's, generated into the build tree
#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace parq::format {
namespace {

using apache::thrift::transport::TMemoryBuffer;
using Proto = apache::thrift::protocol::TCompactProtocolT<TMemoryBuffer>;

constexpr int kIterations = 5000;

std::string Hex(std::string_view s, size_t max = 96) {
  static const char kDigits[] = "0123456789abcdef";
  std::string out;
  for (size_t i = 0; i < s.size() && i < max; ++i) {
    uint8_t b = static_cast<uint8_t>(s[i]);
    out += kDigits[b >> 4];
    out += kDigits[b & 15];
    out += ' ';
  }
  if (s.size() > max) out += "...";
  return out;
}

// Apache: decode `in` as an Apache struct, re-encode it.  Returns false with
// the exception's text in *error if Apache refuses the bytes.
template <class ApacheT>
bool ApacheRoundTrip(const std::string& in, std::string* out, std::string* error) {
  try {
    auto rbuf = std::make_shared<TMemoryBuffer>(
        reinterpret_cast<uint8_t*>(const_cast<char*>(in.data())), static_cast<uint32_t>(in.size()),
        TMemoryBuffer::OBSERVE);
    Proto rproto(rbuf);
    ApacheT a;
    uint32_t consumed = a.read(&rproto);
    if (consumed != in.size()) {
      *error = "Apache read " + std::to_string(consumed) + " of " + std::to_string(in.size()) + " bytes";
      return false;
    }
    auto wbuf = std::make_shared<TMemoryBuffer>();
    Proto wproto(wbuf);
    a.write(&wproto);
    *out = wbuf->getBufferAsString();
    return true;
  } catch (const std::exception& e) {
    *error = e.what();
    return false;
  }
}

template <class T, class ApacheT>
void CheckStruct(std::string_view name) {
  // A fixed seed per struct: failures reproduce, structs differ.
  std::mt19937_64 rng(std::hash<std::string_view>{}(name) ^ 0x5eed0f00d5eed0f0ull);
  size_t total_bytes = 0;
  for (int i = 0; i < kIterations; ++i) {
    T v;
    RandomFill(rng, &v);
    thrift::CompactWriter w;
    Write(w, v);
    std::string a(reinterpret_cast<const char*>(w.data()), w.size());
    total_bytes += a.size();

    std::string b, error;
    ASSERT_TRUE(ApacheRoundTrip<ApacheT>(a, &b, &error))
        << name << " #" << i << ": Apache refused parq's bytes: " << error << "\n  A = " << Hex(a);
    ASSERT_EQ(a, b) << name << " #" << i << ": parq and Apache encode differently\n  parq   = " << Hex(a)
                    << "\n  Apache = " << Hex(b);

    thrift::CompactReader r(reinterpret_cast<const uint8_t*>(b.data()), b.size());
    T back;
    ASSERT_TRUE(Read(r, &back)) << name << " #" << i << ": " << r.status().ToString() << "\n  B = " << Hex(b);
    ASSERT_EQ(r.remaining(), 0u) << name << " #" << i;
    ASSERT_TRUE(back == v) << name << " #" << i << ": Read(B) differs from the original\n  B = " << Hex(b);

    // Reading into a used object resets it first.
    thrift::CompactReader r2(reinterpret_cast<const uint8_t*>(b.data()), b.size());
    ASSERT_TRUE(Read(r2, &back)) << name << " #" << i;
    ASSERT_TRUE(back == v) << name << " #" << i << ": re-Read into a used object differs";
  }
  // Not vacuous: every struct has fields, so every value writes at least STOP.
  EXPECT_GE(total_bytes, static_cast<size_t>(kIterations)) << name;
}

#define PARQ_STRUCT_ORACLE_TEST(Name) \
  TEST(StructOracleTest, Name) { CheckStruct<::parq::format::Name, ::parquet_oracle::Name>(#Name); }
PARQ_FORMAT_STRUCTS(PARQ_STRUCT_ORACLE_TEST)
#undef PARQ_STRUCT_ORACLE_TEST

// The sweep above must reach beyond empty values: FileMetaData (the root)
// produces large, deeply nested messages under RandomFill.
TEST(StructOracleTest, RandomFileMetaDataIsNonTrivial) {
  std::mt19937_64 rng(42);
  size_t max_size = 0;
  for (int i = 0; i < 200; ++i) {
    FileMetaData v;
    RandomFill(rng, &v);
    thrift::CompactWriter w;
    Write(w, v);
    max_size = std::max(max_size, w.size());
  }
  EXPECT_GT(max_size, 200u);
}

}  // namespace
}  // namespace parq::format
