// Random schemas and rows for the writer's property tests, and an
// independent Dremel shredder (rows → per-leaf levels and values) that the
// test uses instead of anything in src/record.
//
// A schema holds every leaf type of the catalog (each physical type, each
// logical type the format has) placed at random in a tree of structs, LISTs,
// MAPs and unannotated repeated fields, nesting up to depth 4, every
// repetition.  Rows are parq::Value trees in exactly the shape RowReader
// returns, so a read-back row compares with operator==.
#ifndef PARQ_TESTS_WRITER_PROPERTY_GEN_H_
#define PARQ_TESTS_WRITER_PROPERTY_GEN_H_

#include <cstdint>
#include <cstring>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "parq/record.h"
#include "parq/schema.h"

namespace parq::writer_test {

struct LeafSpec {
  std::string tag;  // short name used for column names
  PhysicalType physical;
  LogicalType logical;
  int32_t type_length = -1;
};

// Every physical type and every leaf logical type of the format (with each
// INT width/sign, DECIMAL on all four physical types, every TIME/TIMESTAMP
// unit with both UTC flags).
inline std::vector<LeafSpec> LeafCatalog() {
  using P = PhysicalType;
  using L = LogicalType;
  std::vector<LeafSpec> c = {
      {"bool", P::kBoolean, L::None()},
      {"i32", P::kInt32, L::None()},
      {"i64", P::kInt64, L::None()},
      {"i96", P::kInt96, L::None()},
      {"f32", P::kFloat, L::None()},
      {"f64", P::kDouble, L::None()},
      {"bin", P::kByteArray, L::None()},
      {"fix3", P::kFixedLenByteArray, L::None(), 3},
      {"str", P::kByteArray, L::String()},
      {"enum", P::kByteArray, L::Enum()},
      {"json", P::kByteArray, L::Json()},
      {"bson", P::kByteArray, L::Bson()},
      {"uuid", P::kFixedLenByteArray, L::Uuid(), 16},
      {"f16", P::kFixedLenByteArray, L::Float16(), 2},
      {"ival", P::kFixedLenByteArray, L::Interval(), 12},
      {"date", P::kInt32, L::Date()},
      {"dec32", P::kInt32, L::Decimal(9, 2)},
      {"dec64", P::kInt64, L::Decimal(18, 3)},
      {"decfix", P::kFixedLenByteArray, L::Decimal(20, 4), 9},
      {"decbin", P::kByteArray, L::Decimal(30, 5)},
  };
  for (int bits : {8, 16, 32, 64}) {
    for (bool sign : {true, false}) {
      c.push_back({std::string(sign ? "i" : "u") + std::to_string(bits) + "x",
                   bits == 64 ? P::kInt64 : P::kInt32, L::Int(bits, sign)});
    }
  }
  for (bool utc : {true, false}) {
    std::string u = utc ? "utc" : "loc";
    c.push_back({"tms" + u, P::kInt32, L::Time(TimeUnit::kMillis, utc)});
    c.push_back({"tus" + u, P::kInt64, L::Time(TimeUnit::kMicros, utc)});
    c.push_back({"tns" + u, P::kInt64, L::Time(TimeUnit::kNanos, utc)});
    c.push_back({"tsms" + u, P::kInt64, L::Timestamp(TimeUnit::kMillis, utc)});
    c.push_back({"tsus" + u, P::kInt64, L::Timestamp(TimeUnit::kMicros, utc)});
    c.push_back({"tsns" + u, P::kInt64, L::Timestamp(TimeUnit::kNanos, utc)});
  }
  return c;
}

class Gen {
 public:
  explicit Gen(uint64_t seed) : rng_(seed) {}
  std::mt19937_64& rng() { return rng_; }
  int64_t Int(int64_t lo, int64_t hi) { return std::uniform_int_distribution<int64_t>(lo, hi)(rng_); }
  bool Chance(int percent) { return Int(0, 99) < percent; }
  uint64_t Bits() { return rng_(); }
  template <typename V>
  const V& Pick(const std::vector<V>& v) { return v[static_cast<size_t>(Int(0, static_cast<int64_t>(v.size()) - 1))]; }

  // --- schema ---

  // A schema holding every catalog leaf once (plus map keys), at random depths.
  Result<Schema> RandomSchema() {
    std::vector<LeafSpec> leaves = LeafCatalog();
    if (peer_friendly) {  // DuckDB refuses BSON; Polars INTERVAL inside lists
      std::erase_if(leaves, [](const LeafSpec& l) {
        return l.logical.kind() == LogicalType::Kind::kBson || l.logical.kind() == LogicalType::Kind::kInterval;
      });
    }
    std::shuffle(leaves.begin(), leaves.end(), rng_);
    std::vector<std::unique_ptr<SchemaNode>> top;
    size_t i = 0;
    while (i < leaves.size()) {
      size_t k = std::min<size_t>(leaves.size() - i, static_cast<size_t>(Int(1, 4)));
      std::vector<LeafSpec> part(leaves.begin() + static_cast<long>(i), leaves.begin() + static_cast<long>(i + k));
      i += k;
      top.push_back(Field("c" + std::to_string(top.size()), static_cast<int>(Int(0, 4)), part, AnyRep()));
    }
    if (!peer_friendly && Chance(50)) {  // a MAP without a value field (DuckDB cannot read one)
      std::vector<std::unique_ptr<SchemaNode>> kv;
      kv.push_back(SchemaNode::MakePrimitive("key", Repetition::kRequired, PhysicalType::kByteArray, LogicalType::String()));
      std::vector<std::unique_ptr<SchemaNode>> kvg;
      kvg.push_back(SchemaNode::MakeGroup("key_value", Repetition::kRepeated, std::move(kv)));
      top.push_back(SchemaNode::MakeGroup("keyset", OptOrReq(), std::move(kvg), LogicalType::Map()));
    }
    return Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(top)));
  }

  // --- rows ---

  // A row (kStruct over the top-level fields) shaped as RowReader returns it.
  Value RandomRow(const Schema& schema) {
    Value row = Value::Struct();
    const SchemaNode& root = schema.root();
    for (int i = 0; i < root.num_children(); ++i) row.AddField(root.child(i).name(), NodeValue(root.child(i)));
    return row;
  }

  // Stay inside what every peer reads (tests/interop): no BSON (DuckDB), no
  // unannotated repeated fields (Polars 0.26 drops values of repeated leaves
  // inside structs and cannot read repeated groups), no MAP without values (DuckDB),
  // INT96 and NANOS in whole microseconds (DuckDB keeps no more), no INTERVAL (Polars).
  bool peer_friendly = false;
  int null_percent = 15;  // chance of a null at each optional node
  int max_items = 3;      // items per list / map / repeated field

 private:
  Repetition AnyRep() {
    int r = static_cast<int>(Int(0, peer_friendly ? 1 : 2));
    return r == 0 ? Repetition::kRequired : r == 1 ? Repetition::kOptional : Repetition::kRepeated;
  }
  Repetition OptOrReq() { return Chance(50) ? Repetition::kOptional : Repetition::kRequired; }

  // A leaf named after its type, except a list's element and a map's value.
  std::unique_ptr<SchemaNode> Leaf(const std::string& name, const LeafSpec& s, Repetition rep) {
    std::string full = name == "element" || name == "value" ? name : name + "_" + s.tag;
    return SchemaNode::MakePrimitive(full, rep, s.physical, s.logical, s.type_length);
  }

  // Children named name_0.. holding `leaves` split into 1-3 parts.
  std::vector<std::unique_ptr<SchemaNode>> Children(const std::string& name, int depth,
                                                    const std::vector<LeafSpec>& leaves) {
    std::vector<std::unique_ptr<SchemaNode>> out;
    size_t parts = std::min<size_t>(leaves.size(), static_cast<size_t>(Int(1, 3)));
    size_t per = (leaves.size() + parts - 1) / parts;
    for (size_t i = 0; i < leaves.size(); i += per) {
      std::vector<LeafSpec> part(leaves.begin() + static_cast<long>(i),
                                 leaves.begin() + static_cast<long>(std::min(leaves.size(), i + per)));
      out.push_back(Field(name + "_" + std::to_string(out.size()), depth - 1, part, AnyRep()));
    }
    return out;
  }

  // A field with repetition `rep` holding `leaves`; depth = nesting left.
  std::unique_ptr<SchemaNode> Field(const std::string& name, int depth, const std::vector<LeafSpec>& leaves,
                                    Repetition rep) {
    if (depth <= 0) {
      if (leaves.size() == 1) return Leaf(name, leaves[0], rep);
      std::vector<std::unique_ptr<SchemaNode>> kids;
      for (size_t i = 0; i < leaves.size(); ++i) kids.push_back(Leaf(name + std::to_string(i), leaves[i], AnyRep()));
      return SchemaNode::MakeGroup(name, rep, std::move(kids));
    }
    int shape = static_cast<int>(Int(0, 3));
    if (shape == 0 && leaves.size() == 1 && Chance(30)) return Leaf(name, leaves[0], rep);
    if (shape <= 1 || rep == Repetition::kRepeated) {  // struct (or unannotated repeated group)
      return SchemaNode::MakeGroup(name, rep, Children(name, depth, leaves));
    }
    if (shape == 2) {  // LIST: 3 levels
      std::vector<std::unique_ptr<SchemaNode>> level;
      level.push_back(Field("element", depth - 1, leaves, OptOrReq()));
      std::vector<std::unique_ptr<SchemaNode>> list;
      list.push_back(SchemaNode::MakeGroup("list", Repetition::kRepeated, std::move(level)));
      return SchemaNode::MakeGroup(name, rep, std::move(list), LogicalType::List());
    }
    // MAP with an int32 or string key and `leaves` under the value.
    std::vector<std::unique_ptr<SchemaNode>> kv;
    if (Chance(50)) {
      kv.push_back(SchemaNode::MakePrimitive("key", Repetition::kRequired, PhysicalType::kInt32));
    } else {
      kv.push_back(SchemaNode::MakePrimitive("key", Repetition::kRequired, PhysicalType::kByteArray, LogicalType::String()));
    }
    kv.push_back(Field("value", depth - 1, leaves, OptOrReq()));
    std::vector<std::unique_ptr<SchemaNode>> m;
    m.push_back(SchemaNode::MakeGroup("key_value", Repetition::kRepeated, std::move(kv)));
    return SchemaNode::MakeGroup(name, rep, std::move(m), LogicalType::Map());
  }

  // The value of node `n` (one occurrence when `in_rep`).
  Value NodeValue(const SchemaNode& n, bool in_rep = false) {
    if (n.is_repeated() && !in_rep) {
      Value list = Value::List();
      int64_t k = Chance(20) ? 0 : Int(1, max_items);
      for (int64_t i = 0; i < k; ++i) list.Append(NodeValue(n, true));
      return list;
    }
    if (n.is_optional() && Chance(null_percent)) return Value::Null();
    if (n.is_leaf()) return LeafValue(n);
    if (n.kind() == NodeKind::kList) {
      Value list = Value::List();
      int64_t k = Chance(20) ? 0 : Int(1, max_items);
      for (int64_t i = 0; i < k; ++i) list.Append(NodeValue(*n.list_element()));
      return list;
    }
    if (n.kind() == NodeKind::kMap) {
      Value map = Value::Map();
      int64_t k = Chance(20) ? 0 : Int(1, max_items);
      int64_t base = Int(-1000, 1000);
      for (int64_t i = 0; i < k; ++i) {  // distinct keys within one map
        Value e = Value::Struct();
        const SchemaNode* key = n.map_key();
        if (key->physical_type() == PhysicalType::kInt32) {
          e.AddField("key", Value::Int32(static_cast<int32_t>(base + i)));
        } else {
          e.AddField("key", Value::Bytes("k" + std::to_string(base + i)));
        }
        if (n.map_value() != nullptr) e.AddField("value", NodeValue(*n.map_value()));
        map.Append(std::move(e));
      }
      return map;
    }
    Value s = Value::Struct();
    for (int i = 0; i < n.num_children(); ++i) s.AddField(n.child(i).name(), NodeValue(n.child(i)));
    return s;
  }

  std::string RandomBytes(int64_t len) {
    std::string s(static_cast<size_t>(len), '\0');
    for (char& c : s) c = static_cast<char>(Int(0, 255));
    if (Chance(10) && len > 0) s.back() = '\xff';
    return s;
  }
  std::string RandomText(int64_t len) {
    static const char* kPieces[] = {"a", "b", "z", "Q", "0", " ", "\xc3\xa9", "\xe2\x82\xac", "~"};
    std::string s;
    while (static_cast<int64_t>(s.size()) < len) s += kPieces[Int(0, 8)];
    return s;
  }
  // Big-endian two's complement of v in `len` bytes (len 0: the fewest).
  static std::string BigEndian(__int128 v, int len) {
    if (len == 0) {
      len = 1;
      while (len < 16) {
        __int128 lim = static_cast<__int128>(1) << (8 * len - 1);
        if (v >= -lim && v < lim) break;
        ++len;
      }
    }
    std::string s(static_cast<size_t>(len), '\0');
    for (int i = len - 1; i >= 0; --i) {
      s[static_cast<size_t>(i)] = static_cast<char>(static_cast<uint8_t>(v & 0xff));
      v >>= 8;
    }
    return s;
  }
  __int128 Below(int digits) {  // |x| < 10^digits
    __int128 lim = 1;
    for (int i = 0; i < digits; ++i) lim *= 10;
    __int128 x = (static_cast<__int128>(Bits() >> 1) << 64 | Bits()) % lim;
    return Chance(50) ? -x : x;
  }
  int64_t Signed(int bits) {
    int64_t lim = bits == 64 ? INT64_MAX : (int64_t{1} << (bits - 1)) - 1;
    if (Chance(5)) return Chance(50) ? lim : -lim - 1;
    return bits == 64 ? static_cast<int64_t>(Bits()) : Int(-lim - 1, lim);
  }

  // NANOS values in whole microseconds when peer_friendly (DuckDB keeps no more).
  int64_t Micros(const LogicalType& lt, int64_t v) const {
    return peer_friendly && lt.time_unit() == TimeUnit::kNanos ? v - v % 1000 : v;
  }

  Value LeafValue(const SchemaNode& n) {
    const LogicalType& lt = n.logical_type();
    using K = LogicalType::Kind;
    switch (n.physical_type()) {
      case PhysicalType::kBoolean: return Value::Bool(Chance(50));
      case PhysicalType::kInt32: {
        switch (lt.kind()) {
          case K::kInt:
            if (lt.is_signed()) return Value::Int32(static_cast<int32_t>(Signed(lt.bit_width())));
            if (lt.bit_width() == 32) return Value::Int32(static_cast<int32_t>(static_cast<uint32_t>(Bits())));
            return Value::Int32(static_cast<int32_t>(Int(0, (int64_t{1} << lt.bit_width()) - 1)));
          case K::kDate: return Value::Int32(static_cast<int32_t>(Int(-40000, 90000)));
          case K::kTime: return Value::Int32(static_cast<int32_t>(Int(0, 86'399'999)));
          case K::kDecimal: return Value::Int32(static_cast<int32_t>(Below(9)));
          default:
            return Value::Int32(Chance(30) ? static_cast<int32_t>(Int(-5, 5)) : static_cast<int32_t>(Signed(32)));
        }
      }
      case PhysicalType::kInt64: {
        const int64_t day[] = {86'400'000, 86'400'000'000, 86'400'000'000'000};
        switch (lt.kind()) {
          case K::kInt:
            if (!lt.is_signed() && Chance(30)) return Value::Int64(static_cast<int64_t>(Bits() | (uint64_t{1} << 63)));
            return Value::Int64(Signed(64));
          case K::kTime: return Value::Int64(Micros(lt, Int(0, day[static_cast<int>(lt.time_unit())] - 1)));
          case K::kTimestamp:  // years 1710-2190: every peer's range, NANOS included
            return Value::Int64(Micros(lt, Int(-260 * 365, 220 * 365) * day[static_cast<int>(lt.time_unit())] +
                                               Int(0, day[static_cast<int>(lt.time_unit())] - 1)));
          case K::kDecimal: return Value::Int64(static_cast<int64_t>(Below(18)));
          default: return Value::Int64(Chance(30) ? Int(-5, 5) : Signed(64));
        }
      }
      case PhysicalType::kInt96: {
        Int96 v{};
        int64_t nanos = Int(0, 86'400'000'000'000 - 1);
        if (peer_friendly) nanos -= nanos % 1000;
        v.value[0] = static_cast<uint32_t>(nanos);
        v.value[1] = static_cast<uint32_t>(nanos >> 32);
        v.value[2] = static_cast<uint32_t>(Int(2'400'000, 2'500'000));
        return Value::MakeInt96(v);
      }
      case PhysicalType::kFloat: return Value::Float(static_cast<float>(Real()));
      case PhysicalType::kDouble: return Value::Double(Real());
      case PhysicalType::kByteArray: {
        switch (lt.kind()) {
          case K::kString: return Value::Bytes(RandomText(Chance(10) ? Int(60, 90) : Int(0, 12)));
          case K::kEnum: return Value::Bytes(Pick(std::vector<std::string>{"RED", "GREEN", "BLUE", "", "VIOLET"}));
          case K::kJson: return Value::Bytes("{\"a\":" + std::to_string(Int(-99, 99)) + ",\"b\":\"" + RandomText(Int(0, 5)) + "\"}");
          case K::kDecimal: return Value::Bytes(BigEndian(Below(30), 0));
          default: return Value::Bytes(RandomBytes(Chance(10) ? Int(60, 90) : Int(0, 12)));
        }
      }
      case PhysicalType::kFixedLenByteArray: {
        switch (lt.kind()) {
          case K::kFloat16: {
            static const uint16_t kSpecial[] = {0x0000, 0x8000, 0x7E00, 0x7C00, 0xFC00, 0x3C00, 0xC000, 0x0001};
            uint16_t h = Chance(40) ? kSpecial[Int(0, 7)] : static_cast<uint16_t>(Bits());
            return Value::Bytes(std::string(reinterpret_cast<const char*>(&h), 2));
          }
          case K::kInterval: {
            uint32_t parts[3] = {static_cast<uint32_t>(Int(0, 1000)), static_cast<uint32_t>(Int(0, 1000)),
                                 static_cast<uint32_t>(Int(0, 86'400'000))};
            return Value::Bytes(std::string(reinterpret_cast<const char*>(parts), 12));
          }
          case K::kDecimal: return Value::Bytes(BigEndian(Below(20), n.type_length()));
          default: return Value::Bytes(RandomBytes(n.type_length()));
        }
      }
    }
    return Value::Null();
  }

  double Real() {
    static const double kSpecial[] = {0.0, -0.0, std::numeric_limits<double>::quiet_NaN(),
                                      std::numeric_limits<double>::infinity(), -1.5, 2.25};
    if (Chance(25)) return kSpecial[Int(0, 5)];
    return static_cast<double>(Int(-1'000'000, 1'000'000)) / 64.0;
  }

  std::mt19937_64 rng_;
};

// One leaf column as the shredder produced it: levels and the PLAIN bytes
// of each non-null value (BYTE_ARRAY without its length prefix).
struct ShreddedColumn {
  std::vector<int16_t> def, rep;
  std::vector<std::string> values;
  std::vector<int64_t> row_start;  // level index where each row starts
};

// Dremel shredding of rows into per-leaf levels, written from the format's
// definition (not from src/record).
class Shredder {
 public:
  explicit Shredder(const Schema& schema) : schema_(schema), cols_(static_cast<size_t>(schema.num_columns())) {}

  void Add(const Value& row) {
    for (auto& c : cols_) c.row_start.push_back(static_cast<int64_t>(c.def.size()));
    const SchemaNode& root = schema_.root();
    for (int i = 0; i < root.num_children(); ++i) Shred(root.child(i), &row.items()[static_cast<size_t>(i)], 0, 0);
  }
  std::vector<ShreddedColumn>& columns() { return cols_; }

  static std::string LeafBytes(const Value& v) {
    auto raw = [](const auto& x) { return std::string(reinterpret_cast<const char*>(&x), sizeof(x)); };
    switch (v.kind()) {
      case Value::Kind::kBool: return std::string(1, v.bool_value() ? '\1' : '\0');
      case Value::Kind::kInt32: return raw(v.int32_value());
      case Value::Kind::kInt64: return raw(v.int64_value());
      case Value::Kind::kFloat: return raw(v.float_value());
      case Value::Kind::kDouble: return raw(v.double_value());
      case Value::Kind::kInt96: return raw(v.int96_value());
      case Value::Kind::kBytes: return std::string(v.bytes());
      default: return {};
    }
  }

 private:
  // The value a group occurrence `v` of node `n` gives its child i.
  static const Value* ChildValue(const SchemaNode& n, const Value& v, int i) {
    switch (n.kind()) {
      case NodeKind::kList:
      case NodeKind::kMap: return &v;  // the repeated level's occurrences are the items / entries
      default: break;
    }
    if (n.role() == NodeRole::kListLevel) return &v;      // one item: the element
    if (n.role() == NodeRole::kMapKeyValue) return v.Find(i == 0 ? "key" : "value");  // one entry
    return &v.items()[static_cast<size_t>(i)];            // struct field
  }

  void Shred(const SchemaNode& n, const Value* v, int16_t d, int16_t r) {
    if (n.is_repeated()) {
      if (v == nullptr || v->is_null() || v->items().empty()) return Nulls(n, d, r);
      for (size_t i = 0; i < v->items().size(); ++i) One(n, v->items()[i], d + 1, i == 0 ? r : n.repetition_level());
    } else if (n.is_optional()) {
      if (v == nullptr || v->is_null()) return Nulls(n, d, r);
      One(n, *v, d + 1, r);
    } else {
      One(n, *v, d, r);
    }
  }
  void One(const SchemaNode& n, const Value& v, int16_t d, int16_t r) {
    if (n.is_leaf()) {
      ShreddedColumn& c = cols_[static_cast<size_t>(n.column_index())];
      c.def.push_back(d);
      c.rep.push_back(r);
      c.values.push_back(LeafBytes(v));
      return;
    }
    for (int i = 0; i < n.num_children(); ++i) Shred(n.child(i), ChildValue(n, v, i), d, r);
  }
  void Nulls(const SchemaNode& n, int16_t d, int16_t r) {
    if (n.is_leaf()) {
      ShreddedColumn& c = cols_[static_cast<size_t>(n.column_index())];
      c.def.push_back(d);
      c.rep.push_back(r);
      return;
    }
    for (int i = 0; i < n.num_children(); ++i) Nulls(n.child(i), d, r);
  }

  const Schema& schema_;
  std::vector<ShreddedColumn> cols_;
};

}  // namespace parq::writer_test

#endif  // PARQ_TESTS_WRITER_PROPERTY_GEN_H_
