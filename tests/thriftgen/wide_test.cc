// Tests of the reader thriftgen generates for a struct with more required
// fields than one 64-bit mask holds (wide.thrift: Wide, 70 of them, so the
// reader tracks them in two words): everything present decodes, in id order
// (the fast path) or reversed (the general loop); a missing field is named,
// in either word and on either path.
#include <gtest/gtest.h>

#include <random>
#include <string>
#include <vector>

#include "golden/wide_types.h"
#include "testing/status_macros.h"
#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace parq::wide {
namespace {

using ::parq::thrift::CompactReader;
using ::parq::thrift::CompactWriter;
using ::parq::thrift::CType;

constexpr int kFields = 70;

// Writes field `id` of Wide with its IDL type and a value derived from the id.
void WriteField(CompactWriter& w, int id) {
  auto i = static_cast<int16_t>(id);
  if (id == 2 || id == 66) {
    w.FieldBool(i, id == 66);
  } else if (id == 7 || id == 64 || id == 65) {
    w.FieldBegin(CType::kBinary, i);
    w.WriteBinary("s" + std::to_string(id));
  } else if (id % 10 == 0) {
    w.FieldBegin(CType::kI64, i);
    w.WriteI64(int64_t{id} * 1000000000000);
  } else {
    w.FieldBegin(CType::kI32, i);
    w.WriteI32(id * 3);
  }
}

// A Wide on the wire with the fields `ids`, in that order.
std::string WideBytes(const std::vector<int>& ids) {
  CompactWriter w;
  w.StructBegin();
  for (int id : ids) WriteField(w, id);
  w.StructEnd();
  return w.Take();
}

// Ids 1..kFields without `missing` (0: none missing), ascending or not.
std::vector<int> Ids(int missing, bool reversed) {
  std::vector<int> ids;
  for (int id = 1; id <= kFields; ++id) {
    if (id != missing) ids.push_back(id);
  }
  if (reversed) ids = std::vector<int>(ids.rbegin(), ids.rend());
  return ids;
}

Status Decode(const std::string& bytes, Wide* out) {
  CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  bool ok = Read(r, out);
  EXPECT_EQ(ok, r.ok());
  return r.status();
}

std::string Encode(const Wide& v) {
  CompactWriter w;
  Write(w, v);
  return w.Take();
}

TEST(ThriftgenWideStructTest, AllFieldsPresentDecode) {
  const std::string in_order = WideBytes(Ids(0, false));
  for (bool reversed : {false, true}) {
    SCOPED_TRACE(reversed ? "reversed (general loop)" : "in id order (fast path)");
    Wide v;
    ASSERT_OK(Decode(WideBytes(Ids(0, reversed)), &v));
    EXPECT_EQ(v.f1, 3);
    EXPECT_FALSE(v.f2);
    EXPECT_EQ(v.f7, "s7");
    EXPECT_EQ(v.f63, 189);
    EXPECT_EQ(v.f64, "s64");
    EXPECT_EQ(v.f65, "s65");
    EXPECT_TRUE(v.f66);
    EXPECT_EQ(v.f69, 207);
    EXPECT_EQ(v.f70, 70000000000000);
    // Write emits every field in id order: the same bytes mean every field
    // was read with its value.
    EXPECT_EQ(Encode(v), in_order);
  }
}

TEST(ThriftgenWideStructTest, RandomValuesRoundTrip) {
  std::mt19937_64 rng(70);
  for (int i = 0; i < 50; ++i) {
    Wide v;
    RandomFill(rng, &v);
    Wide back;
    ASSERT_OK(Decode(Encode(v), &back));
    EXPECT_EQ(back, v) << "#" << i;
  }
}

TEST(ThriftgenWideStructTest, MissingFieldIsNamedInEitherWord) {
  // 70: the last bit of the second word; 65: its first; 64 and 3: the first word.
  for (int missing : {70, 65, 64, 3}) {
    for (bool reversed : {false, true}) {
      SCOPED_TRACE(std::to_string(missing) + (reversed ? " reversed" : " in order"));
      Wide v;
      EXPECT_STATUS_HAS(Decode(WideBytes(Ids(missing, reversed)), &v), StatusCode::kCorrupt,
                        "Wide: required field 'f" + std::to_string(missing) + "' (id " +
                            std::to_string(missing) + ") missing");
    }
  }
}

TEST(ThriftgenWideStructTest, FirstMissingFieldIsTheOneNamed) {
  std::vector<int> ids;
  for (int id = 1; id <= kFields; ++id) {
    if (id != 5 && id != 70) ids.push_back(id);
  }
  Wide v;
  EXPECT_STATUS_HAS(Decode(WideBytes(ids), &v), StatusCode::kCorrupt, "required field 'f5' (id 5) missing");
}

}  // namespace
}  // namespace parq::wide
