// Fuzzes the compact-protocol decoding of the footer and page-level Thrift
// structs.  The first byte picks the struct; the rest is its encoding.  A
// struct that decodes must re-encode to bytes that decode to the same struct
// (compared by re-encoding: doubles may be NaN).
#include <cstddef>
#include <cstdint>
#include <string>

#include "format/parquet_types.h"
#include "fuzz_util.h"
#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace {

using parq::thrift::CompactReader;
using parq::thrift::CompactWriter;
using parq::thrift::ThriftLimits;

ThriftLimits Limits() {
  ThriftLimits l;
  l.max_string_size = 1 << 20;
  l.max_container_size = 1 << 20;
  l.max_depth = 64;
  return l;
}

template <typename T>
void RoundTrip(const uint8_t* data, size_t size) {
  T a;
  CompactReader r(data, size, Limits());
  if (!parq::format::Read(r, &a)) {
    parq::fuzz::CheckNotInternal(r.status(), "thrift read");
    if (r.ok()) parq::fuzz::Die("Read returned false with an OK status");
    return;
  }
  if (r.position() > size) parq::fuzz::Die("reader consumed past the end");
  CompactWriter w1;
  parq::format::Write(w1, a);
  std::string bytes1 = w1.Take();
  T b;
  CompactReader r2(reinterpret_cast<const uint8_t*>(bytes1.data()), bytes1.size(), Limits());
  if (!parq::format::Read(r2, &b)) parq::fuzz::Die("re-encoded struct does not decode", r2.status());
  if (r2.position() != bytes1.size()) parq::fuzz::Die("re-encoded struct not fully consumed");
  CompactWriter w2;
  parq::format::Write(w2, b);
  if (w2.Take() != bytes1) parq::fuzz::Die("re-encoding is not stable");
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  parq::fuzz::Input in(data, size);
  const uint8_t which = in.Byte();
  switch (which % 5) {
    case 0: RoundTrip<parq::format::FileMetaData>(in.data(), in.size()); break;
    case 1: RoundTrip<parq::format::PageHeader>(in.data(), in.size()); break;
    case 2: RoundTrip<parq::format::ColumnIndex>(in.data(), in.size()); break;
    case 3: RoundTrip<parq::format::OffsetIndex>(in.data(), in.size()); break;
    case 4: RoundTrip<parq::format::BloomFilterHeader>(in.data(), in.size()); break;
  }
  return 0;
}
