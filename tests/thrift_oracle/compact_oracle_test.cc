// Protocol-level differential test: parq's CompactWriter/CompactReader
// against Apache Thrift's TCompactProtocol over a TMemoryBuffer.
//
// For thousands of random value sequences (primitives at top level, structs
// with field ids in every delta class, bool fields and elements, lists, sets
// and maps of everything, nesting):
//   - both writers produce identical bytes;
//   - parq reads Apache's bytes back to the same values, and Apache reads
//     parq's bytes back to the same values;
//   - both skippers consume the whole message.
// Then, on randomly corrupted messages: whenever parq accepts, Apache accepts
// too and reads the same values (parq is never more lenient).
#include <gtest/gtest.h>

#include <thrift/protocol/TCompactProtocol.h>
#include <thrift/protocol/TProtocol.h>
#include <thrift/transport/TBufferTransports.h>

#include <cstdio>
#include <memory>
#include <string>
#include <vector>

#include "testing/status_macros.h"
#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"
#include "thrift/value_tree.h"

namespace parq::thrift {
namespace {

namespace ap = apache::thrift::protocol;
using apache::thrift::transport::TMemoryBuffer;
using Proto = ap::TCompactProtocolT<TMemoryBuffer>;
using testing::Describe;
using testing::Equal;
using testing::ReadValue;
using testing::Value;
using testing::ValueGen;
using testing::WriteValue;

ap::TType ToT(CType t) {
  switch (t) {
    case CType::kBoolTrue: case CType::kBoolFalse: return ap::T_BOOL;
    case CType::kByte: return ap::T_BYTE;
    case CType::kI16: return ap::T_I16;
    case CType::kI32: return ap::T_I32;
    case CType::kI64: return ap::T_I64;
    case CType::kDouble: return ap::T_DOUBLE;
    case CType::kBinary: return ap::T_STRING;
    case CType::kList: return ap::T_LIST;
    case CType::kSet: return ap::T_SET;
    case CType::kMap: return ap::T_MAP;
    case CType::kStruct: return ap::T_STRUCT;
    case CType::kStop: return ap::T_STOP;
  }
  return ap::T_STOP;
}

CType FromT(ap::TType t) {
  switch (t) {
    case ap::T_BOOL: return CType::kBoolTrue;
    case ap::T_BYTE: return CType::kByte;
    case ap::T_I16: return CType::kI16;
    case ap::T_I32: return CType::kI32;
    case ap::T_I64: return CType::kI64;
    case ap::T_DOUBLE: return CType::kDouble;
    case ap::T_STRING: return CType::kBinary;
    case ap::T_LIST: return CType::kList;
    case ap::T_SET: return CType::kSet;
    case ap::T_MAP: return CType::kMap;
    case ap::T_STRUCT: return CType::kStruct;
    default: return CType::kStop;
  }
}

// --- Apache side -------------------------------------------------------------

void AWrite(Proto& p, const Value& v) {
  switch (v.type) {
    case CType::kBoolTrue: p.writeBool(v.i != 0); break;
    case CType::kByte: p.writeByte(static_cast<int8_t>(v.i)); break;
    case CType::kI16: p.writeI16(static_cast<int16_t>(v.i)); break;
    case CType::kI32: p.writeI32(static_cast<int32_t>(v.i)); break;
    case CType::kI64: p.writeI64(v.i); break;
    case CType::kDouble: p.writeDouble(v.d); break;
    case CType::kBinary: p.writeBinary(v.s); break;
    case CType::kList:
      p.writeListBegin(ToT(v.elem), static_cast<uint32_t>(v.elems.size()));
      for (const Value& e : v.elems) AWrite(p, e);
      p.writeListEnd();
      break;
    case CType::kSet:
      p.writeSetBegin(ToT(v.elem), static_cast<uint32_t>(v.elems.size()));
      for (const Value& e : v.elems) AWrite(p, e);
      p.writeSetEnd();
      break;
    case CType::kMap:
      p.writeMapBegin(ToT(v.elem), ToT(v.val), static_cast<uint32_t>(v.elems.size() / 2));
      for (const Value& e : v.elems) AWrite(p, e);
      p.writeMapEnd();
      break;
    case CType::kStruct:
      p.writeStructBegin("S");
      for (size_t k = 0; k < v.fields.size(); ++k) {
        p.writeFieldBegin("f", ToT(v.fields[k].type), v.ids[k]);
        AWrite(p, v.fields[k]);
        p.writeFieldEnd();
      }
      p.writeFieldStop();
      p.writeStructEnd();
      break;
    default: break;
  }
}

Value ARead(Proto& p, ap::TType t) {
  Value v;
  v.type = FromT(t);
  switch (t) {
    case ap::T_BOOL: { bool b; p.readBool(b); v.i = b; break; }
    case ap::T_BYTE: { int8_t x; p.readByte(x); v.i = x; break; }
    case ap::T_I16: { int16_t x; p.readI16(x); v.i = x; break; }
    case ap::T_I32: { int32_t x; p.readI32(x); v.i = x; break; }
    case ap::T_I64: { int64_t x; p.readI64(x); v.i = x; break; }
    case ap::T_DOUBLE: p.readDouble(v.d); break;
    case ap::T_STRING: p.readBinary(v.s); break;
    case ap::T_LIST: case ap::T_SET: {
      ap::TType et;
      uint32_t n;
      if (t == ap::T_LIST) p.readListBegin(et, n); else p.readSetBegin(et, n);
      v.elem = FromT(et);
      for (uint32_t k = 0; k < n; ++k) v.elems.push_back(ARead(p, et));
      if (t == ap::T_LIST) p.readListEnd(); else p.readSetEnd();
      break;
    }
    case ap::T_MAP: {
      ap::TType kt, vt;
      uint32_t n;
      p.readMapBegin(kt, vt, n);
      v.elem = FromT(kt);
      v.val = FromT(vt);
      for (uint32_t k = 0; k < n; ++k) {
        v.elems.push_back(ARead(p, kt));
        v.elems.push_back(ARead(p, vt));
      }
      p.readMapEnd();
      break;
    }
    case ap::T_STRUCT: {
      std::string name;
      p.readStructBegin(name);
      while (true) {
        ap::TType ft;
        int16_t id;
        p.readFieldBegin(name, ft, id);
        if (ft == ap::T_STOP) break;
        v.AddField(id, ARead(p, ft));
        p.readFieldEnd();
      }
      p.readStructEnd();
      break;
    }
    default:
      throw ap::TProtocolException(ap::TProtocolException::INVALID_DATA, "unexpected type");
  }
  return v;
}

// A sequence of top-level values written back to back.
using Seq = std::vector<Value>;

std::string AEncode(const Seq& seq) {
  auto buf = std::make_shared<TMemoryBuffer>();
  Proto p(buf);
  for (const Value& v : seq) AWrite(p, v);
  return buf->getBufferAsString();
}

std::string PEncode(const Seq& seq) {
  CompactWriter w;
  for (const Value& v : seq) WriteValue(w, v);
  return w.Take();
}

// Reads the types of `like` back with Apache; false if it throws or leaves bytes.
bool ADecode(const std::string& bytes, const Seq& like, Seq* out) {
  auto buf = std::make_shared<TMemoryBuffer>(reinterpret_cast<uint8_t*>(const_cast<char*>(bytes.data())),
                                             static_cast<uint32_t>(bytes.size()), TMemoryBuffer::OBSERVE);
  // Apache allocates a string's length before reading it; cap it so that a
  // corrupt length does not ask for gigabytes.
  Proto p(buf, /*string_size_limit=*/1 << 20, /*container_size_limit=*/1 << 20);
  out->clear();
  try {
    for (const Value& v : like) out->push_back(ARead(p, ToT(v.type)));
  } catch (const std::exception&) {
    return false;
  }
  return buf->available_read() == 0;
}

bool PDecode(const std::string& bytes, const Seq& like, Seq* out, Status* st = nullptr) {
  CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  out->clear();
  for (const Value& v : like) {
    out->push_back(ReadValue(r, v.type));
    if (!r.ok()) break;
  }
  if (st != nullptr) *st = r.status();
  return r.ok() && r.remaining() == 0;
}

bool SeqEqual(const Seq& a, const Seq& b) {
  if (a.size() != b.size()) return false;
  for (size_t k = 0; k < a.size(); ++k) {
    if (!Equal(a[k], b[k])) return false;
  }
  return true;
}

std::string DescribeSeq(const Seq& s) {
  std::string out;
  for (const Value& v : s) out += Describe(v) + "\n";
  return out;
}

Seq RandomSeq(ValueGen& gen, int iter) {
  Seq seq;
  size_t n = 1 + gen.Uniform(6);
  for (size_t k = 0; k < n; ++k) {
    // Mostly structs (the Parquet shape), but bare primitives and containers
    // at top level too, including bare bools (one byte each).
    if (gen.Uniform(3) == 0) {
      seq.push_back(gen.Make(gen.Type(1 + iter % 3), 1 + iter % 3));
    } else {
      seq.push_back(gen.Struct(1 + iter % 5));
    }
  }
  return seq;
}

std::string Hex(const std::string& s) {
  static const char* d = "0123456789abcdef";
  std::string out;
  for (unsigned char c : s) {
    out += d[c >> 4];
    out += d[c & 15];
    out += ' ';
  }
  return out;
}

TEST(CompactOracleTest, WritersAgreeByteForByteAndReadersAgree) {
  ValueGen gen(0x0DDBA11);
  size_t total_bytes = 0;
  for (int iter = 0; iter < 5000; ++iter) {
    Seq seq = RandomSeq(gen, iter);
    std::string ours = PEncode(seq);
    std::string theirs = AEncode(seq);
    total_bytes += ours.size();
    ASSERT_EQ(Hex(ours), Hex(theirs)) << "iteration " << iter << ":\n" << DescribeSeq(seq);

    Seq back;
    Status st;
    ASSERT_TRUE(PDecode(theirs, seq, &back, &st)) << st.ToString();
    ASSERT_TRUE(SeqEqual(seq, back)) << DescribeSeq(seq) << "vs\n" << DescribeSeq(back);
    ASSERT_TRUE(ADecode(ours, seq, &back)) << "Apache failed on parq's bytes, iteration " << iter;
    ASSERT_TRUE(SeqEqual(seq, back)) << DescribeSeq(seq) << "vs\n" << DescribeSeq(back);
  }
  EXPECT_GT(total_bytes, 1000000u);  // the corpus is not trivially small
}

TEST(CompactOracleTest, SkipConsumesWhatApacheSkips) {
  ValueGen gen(42);
  for (int iter = 0; iter < 2000; ++iter) {
    Value v = gen.Struct(1 + iter % 5);
    std::string bytes = AEncode({v});
    auto buf = std::make_shared<TMemoryBuffer>(reinterpret_cast<uint8_t*>(bytes.data()),
                                               static_cast<uint32_t>(bytes.size()), TMemoryBuffer::OBSERVE);
    Proto p(buf);
    ap::skip(p, ap::T_STRUCT);
    ASSERT_EQ(buf->available_read(), 0u);
    CompactReader r(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
    r.Skip(CType::kStruct);
    ASSERT_OK(r.status());
    ASSERT_EQ(r.remaining(), 0u);
  }
}

TEST(CompactOracleTest, BoolElementsTaggedEitherWay) {
  // Apache tags bool lists 1; a list tagged 2 (other writers) reads the same
  // in both readers.
  const std::string tagged2("\x32\x01\x02\x00", 4);
  Seq like{Value{}};
  like[0].type = CType::kList;
  Seq ours, theirs;
  ASSERT_TRUE(PDecode(tagged2, like, &ours));
  ASSERT_TRUE(ADecode(tagged2, like, &theirs));
  ASSERT_TRUE(SeqEqual(ours, theirs)) << DescribeSeq(ours) << "vs\n" << DescribeSeq(theirs);
  ASSERT_EQ(ours[0].elems.size(), 3u);
  EXPECT_EQ(ours[0].elems[0].i, 1);
  EXPECT_EQ(ours[0].elems[1].i, 0);
  EXPECT_EQ(ours[0].elems[2].i, 0);
}

TEST(CompactOracleTest, ParqIsNeverMoreLenientOnCorruptInput) {
  ValueGen gen(777);
  int parq_accepts = 0, parq_rejects = 0, only_apache_accepts = 0;
  for (int iter = 0; iter < 5000; ++iter) {
    Seq seq = RandomSeq(gen, iter);
    std::string bytes = AEncode(seq);
    switch (gen.Uniform(3)) {
      case 0:  // overwrite a few bytes
        for (size_t k = 0, n = 1 + gen.Uniform(3); k < n; ++k) {
          bytes[gen.Uniform(bytes.size())] = static_cast<char>(gen.Bits());
        }
        break;
      case 1:  // flip one bit
        bytes[gen.Uniform(bytes.size())] ^= static_cast<char>(1 << gen.Uniform(8));
        break;
      default:  // cut
        bytes.resize(gen.Uniform(bytes.size()));
        break;
    }
    Seq ours, theirs;
    bool p_ok = PDecode(bytes, seq, &ours);
    bool a_ok = ADecode(bytes, seq, &theirs);
    if (p_ok) {
      ++parq_accepts;
      ASSERT_TRUE(a_ok) << "parq accepted what Apache rejects: " << Hex(bytes);
      ASSERT_TRUE(SeqEqual(ours, theirs)) << Hex(bytes) << "\n" << DescribeSeq(ours) << "vs\n" << DescribeSeq(theirs);
    } else {
      ++parq_rejects;
      if (a_ok) ++only_apache_accepts;
    }
  }
  // Both outcomes occur, so the property was exercised.
  EXPECT_GT(parq_accepts, 100);
  EXPECT_GT(parq_rejects, 100);
  std::printf("corrupt inputs: parq accepted %d, rejected %d (Apache accepted %d of those)\n", parq_accepts,
              parq_rejects, only_apache_accepts);
}

}  // namespace
}  // namespace parq::thrift
