// A self-describing tree of compact-protocol values for tests: random
// generation, writing with CompactWriter, generic reading with CompactReader
// (the wire carries every type but a bool field's), and comparison.
// Shared by tests/thrift and tests/thrift_oracle.
#ifndef PARQ_TESTS_THRIFT_VALUE_TREE_H_
#define PARQ_TESTS_THRIFT_VALUE_TREE_H_

#include <bit>
#include <cstdint>
#include <random>
#include <sstream>
#include <string>
#include <utility>
#include <vector>

#include "thrift/compact_reader.h"
#include "thrift/compact_writer.h"

namespace parq::thrift::testing {

// `type` is never kBoolFalse: bools are kBoolTrue with the value in `i`.
struct Value {
  CType type = CType::kStop;
  int64_t i = 0;       // bool, byte, i16, i32, i64
  double d = 0;        // double
  std::string s;       // binary
  CType elem = CType::kStop;  // list/set element type, map key type
  CType val = CType::kStop;   // map value type
  std::vector<Value> elems;   // list/set elements; map: key, value, key, value...
  // struct: field ids and values side by side (a pair<int16_t, Value>
  // would need Value complete here).
  std::vector<int16_t> ids;
  std::vector<Value> fields;

  void AddField(int16_t id, Value f) {
    ids.push_back(id);
    fields.push_back(std::move(f));
  }
};

inline CType NormType(CType t) { return IsBool(t) ? CType::kBoolTrue : t; }

inline bool Equal(const Value& a, const Value& b) {
  if (a.type != b.type) return false;
  switch (a.type) {
    case CType::kBoolTrue:
    case CType::kByte:
    case CType::kI16:
    case CType::kI32:
    case CType::kI64:
      return a.i == b.i;
    case CType::kDouble:
      return std::bit_cast<uint64_t>(a.d) == std::bit_cast<uint64_t>(b.d);
    case CType::kBinary:
      return a.s == b.s;
    case CType::kMap:
      // An empty map carries no key/value types on the wire.
      if (a.elems.empty() && b.elems.empty()) return true;
      if (a.val != b.val) return false;
      [[fallthrough]];
    case CType::kList:
    case CType::kSet:
      if (a.elem != b.elem || a.elems.size() != b.elems.size()) return false;
      for (size_t k = 0; k < a.elems.size(); ++k) {
        if (!Equal(a.elems[k], b.elems[k])) return false;
      }
      return true;
    case CType::kStruct:
      if (a.fields.size() != b.fields.size() || a.ids != b.ids) return false;
      for (size_t k = 0; k < a.fields.size(); ++k) {
        if (!Equal(a.fields[k], b.fields[k])) return false;
      }
      return true;
    default:
      return true;
  }
}

inline void Describe(const Value& v, std::ostream& os) {
  switch (v.type) {
    case CType::kBoolTrue: os << (v.i ? "true" : "false"); break;
    case CType::kByte: case CType::kI16: case CType::kI32: case CType::kI64:
      os << "i" << static_cast<int>(v.type) << ":" << v.i; break;
    case CType::kDouble: os << "d:" << std::bit_cast<uint64_t>(v.d); break;
    case CType::kBinary: os << "s" << v.s.size(); break;
    case CType::kList: case CType::kSet: case CType::kMap:
      os << (v.type == CType::kMap ? "map" : "list") << "<" << static_cast<int>(v.elem) << ","
         << static_cast<int>(v.val) << ">[";
      for (const Value& e : v.elems) { Describe(e, os); os << " "; }
      os << "]"; break;
    case CType::kStruct:
      os << "{";
      for (size_t k = 0; k < v.fields.size(); ++k) { os << v.ids[k] << "="; Describe(v.fields[k], os); os << " "; }
      os << "}"; break;
    default: os << "?";
  }
}

inline std::string Describe(const Value& v) {
  std::ostringstream os;
  Describe(v, os);
  return os.str();
}

// ---------------------------------------------------------------------------
// Random generation.

class ValueGen {
 public:
  explicit ValueGen(uint64_t seed) : rng_(seed) {}

  uint64_t Bits() { return rng_(); }
  uint64_t Uniform(uint64_t n) { return rng_() % n; }

  // An integer biased toward edges and every varint length.
  int64_t Int(int bits) {
    int64_t lo = bits == 64 ? INT64_MIN : -(int64_t{1} << (bits - 1));
    int64_t hi = bits == 64 ? INT64_MAX : (int64_t{1} << (bits - 1)) - 1;
    switch (Uniform(6)) {
      case 0: { int64_t e[] = {0, 1, -1, lo, hi, lo + 1, hi - 1, 63, 64, -64, -65}; return e[Uniform(11)]; }
      case 1: return static_cast<int64_t>(Uniform(128)) - 64;
      default: {
        int width = 1 + static_cast<int>(Uniform(static_cast<uint64_t>(bits)));
        uint64_t u = Bits() & (width == 64 ? ~uint64_t{0} : ((uint64_t{1} << width) - 1));
        int64_t x = static_cast<int64_t>(u);
        if (Uniform(2)) x = -x;  // may wrap for 64 bits; still a valid int64
        if (bits < 64) x = std::max(lo, std::min(hi, x));
        return x;
      }
    }
  }

  CType Type(int depth) {
    // Containers and structs only while depth allows.
    static const CType kLeaf[] = {CType::kBoolTrue, CType::kByte,   CType::kI16,   CType::kI32,
                                  CType::kI64,      CType::kDouble, CType::kBinary};
    static const CType kAll[] = {CType::kBoolTrue, CType::kByte,   CType::kI16,  CType::kI32,
                                 CType::kI64,      CType::kDouble, CType::kBinary, CType::kList,
                                 CType::kSet,      CType::kMap,    CType::kStruct};
    if (depth <= 0) return kLeaf[Uniform(7)];
    return kAll[Uniform(11)];
  }

  uint32_t Size() {
    switch (Uniform(5)) {
      case 0: return 0;
      case 1: return static_cast<uint32_t>(13 + Uniform(4));  // around the 14/15 boundary
      default: return static_cast<uint32_t>(Uniform(8));
    }
  }

  Value Make(CType t, int depth) {
    Value v;
    v.type = t;
    switch (t) {
      case CType::kBoolTrue: v.i = static_cast<int64_t>(Uniform(2)); break;
      case CType::kByte: v.i = Int(8); break;
      case CType::kI16: v.i = Int(16); break;
      case CType::kI32: v.i = Int(32); break;
      case CType::kI64: v.i = Int(64); break;
      case CType::kDouble: v.d = std::bit_cast<double>(Bits()); break;
      case CType::kBinary: {
        size_t n = Uniform(10) == 0 ? 100 + Uniform(300) : Uniform(20);
        v.s.resize(n);
        for (char& c : v.s) c = static_cast<char>(Bits());
        break;
      }
      case CType::kList:
      case CType::kSet: {
        v.elem = Type(depth - 1);
        uint32_t n = Size();
        for (uint32_t k = 0; k < n; ++k) v.elems.push_back(Make(v.elem, depth - 1));
        break;
      }
      case CType::kMap: {
        v.elem = Type(depth - 1);
        v.val = Type(depth - 1);
        uint32_t n = Size();
        for (uint32_t k = 0; k < n; ++k) {
          v.elems.push_back(Make(v.elem, depth - 1));
          v.elems.push_back(Make(v.val, depth - 1));
        }
        break;
      }
      case CType::kStruct: {
        size_t n = Uniform(8);
        int16_t id = 0;
        for (size_t k = 0; k < n; ++k) {
          switch (Uniform(8)) {
            case 0: id = static_cast<int16_t>(Int(16)); break;          // anywhere, even negative
            case 1: id = static_cast<int16_t>(id + 14 + Uniform(4)); break;  // around delta 15/16
            case 2: break;                                              // same id again: delta 0
            default: id = static_cast<int16_t>(id + 1 + Uniform(3)); break;
          }
          v.AddField(id, Make(Type(depth - 1), depth - 1));
        }
        break;
      }
      default: break;
    }
    return v;
  }

  Value Struct(int depth) { return Make(CType::kStruct, depth); }

 private:
  std::mt19937_64 rng_;
};

// ---------------------------------------------------------------------------
// Writing and reading with parq's codec.

inline void WriteValue(CompactWriter& w, const Value& v) {
  switch (v.type) {
    case CType::kBoolTrue: w.WriteBool(v.i != 0); break;
    case CType::kByte: w.WriteByte(static_cast<int8_t>(v.i)); break;
    case CType::kI16: w.WriteI16(static_cast<int16_t>(v.i)); break;
    case CType::kI32: w.WriteI32(static_cast<int32_t>(v.i)); break;
    case CType::kI64: w.WriteI64(v.i); break;
    case CType::kDouble: w.WriteDouble(v.d); break;
    case CType::kBinary: w.WriteBinary(v.s); break;
    case CType::kList: case CType::kSet:
      w.ListBegin(v.elem, static_cast<uint32_t>(v.elems.size()));
      for (const Value& e : v.elems) WriteValue(w, e);
      break;
    case CType::kMap:
      w.MapBegin(v.elem, v.val, static_cast<uint32_t>(v.elems.size() / 2));
      for (const Value& e : v.elems) WriteValue(w, e);
      break;
    case CType::kStruct:
      w.StructBegin();
      for (size_t k = 0; k < v.fields.size(); ++k) {
        const int16_t id = v.ids[k];
        const Value& f = v.fields[k];
        if (f.type == CType::kBoolTrue) {
          w.FieldBool(id, f.i != 0);
        } else {
          w.FieldBegin(f.type, id);
          WriteValue(w, f);
        }
      }
      w.StructEnd();
      break;
    default: break;
  }
}

inline Value ReadValue(CompactReader& r, CType t) {
  Value v;
  v.type = NormType(t);
  switch (t) {
    case CType::kBoolTrue: case CType::kBoolFalse: v.i = r.ReadBool(); break;
    case CType::kByte: v.i = r.ReadByte(); break;
    case CType::kI16: v.i = r.ReadI16(); break;
    case CType::kI32: v.i = r.ReadI32(); break;
    case CType::kI64: v.i = r.ReadI64(); break;
    case CType::kDouble: v.d = r.ReadDouble(); break;
    case CType::kBinary: r.ReadBinary(&v.s); break;
    case CType::kList: case CType::kSet: {
      uint32_t n;
      CType et;
      if (!r.ListBegin(&et, &n)) break;
      v.elem = NormType(et);
      for (uint32_t k = 0; k < n && r.ok(); ++k) v.elems.push_back(ReadValue(r, et));
      r.ContainerEnd();
      break;
    }
    case CType::kMap: {
      uint32_t n;
      CType kt, vt;
      if (!r.MapBegin(&kt, &vt, &n)) break;
      v.elem = NormType(kt);
      v.val = NormType(vt);
      for (uint32_t k = 0; k < n && r.ok(); ++k) {
        v.elems.push_back(ReadValue(r, kt));
        v.elems.push_back(ReadValue(r, vt));
      }
      r.ContainerEnd();
      break;
    }
    case CType::kStruct: {
      if (!r.StructBegin()) break;
      CType ft;
      int16_t id;
      while (r.FieldBegin(&ft, &id)) {
        v.AddField(id, ReadValue(r, ft));
        if (!r.ok()) break;
      }
      if (r.ok()) r.StructEnd();
      break;
    }
    default:
      r.Fail(StatusCode::kCorrupt, "test reader: unexpected type");
      break;
  }
  return v;
}

inline std::string Encode(const Value& v) {
  CompactWriter w;
  WriteValue(w, v);
  return w.Take();
}

}  // namespace parq::thrift::testing

#endif  // PARQ_TESTS_THRIFT_VALUE_TREE_H_
