// BoundFilter (parq/filter.h): a Filter resolved against a Schema — each
// column found and each literal converted once into its column's comparison
// domain — and evaluated on rows with SQL's three-valued logic.
#include <algorithm>
#include <cmath>
#include <cstdlib>
#include <string>
#include <utility>

#include "parq/filter.h"
#include "record/bound_filter_impl.h"
#include "record/filter_compare.h"

namespace parq {

using filter_internal::Domain;
using filter_internal::Key;
using filter_internal::UnitScale;

namespace {

// "INT32 (DATE)", "FIXED_LEN_BYTE_ARRAY(16) (UUID)".
std::string ColumnType(const ColumnDescriptor& c) {
  std::string s(PhysicalTypeName(c.physical_type));
  if (c.physical_type == PhysicalType::kFixedLenByteArray) s += "(" + std::to_string(c.type_length) + ")";
  if (!c.logical_type.is_none()) s += " (" + c.logical_type.ToString() + ")";
  return s;
}

// What a column's values are compared as, and which literals name them.
enum class Accepts : uint8_t { kNothing, kBool, kNumber, kReal, kDate, kTime, kTimestamp, kBytes, kUuid };

}  // namespace


namespace {

struct Binder {
  const Schema& schema;
  BoundFilter::Impl& impl;
  std::vector<int> columns;                 // schema index per leaf of impl.leaves
  std::vector<Accepts> accepts;             // per leaf
  std::vector<const ColumnDescriptor*> cds;  // per leaf

  Result<int> BindColumn(const std::vector<std::string>& path) {
    const ColumnDescriptor* c = schema.FindColumn(path);
    std::string dotted;
    for (size_t i = 0; i < path.size(); ++i) dotted += (i ? "." : "") + path[i];
    if (c == nullptr) {
      PARQ_ASSIGN_OR_RETURN(c, schema.LookupColumn(dotted));
    }
    if (c->max_repetition_level > 0) {
      return Status::InvalidArgument("filter: column '" + dotted +
                                     "' is inside a list or map (it may hold many values per row); a filter "
                                     "reads leaves with at most one value per row");
    }
    auto it = std::find(columns.begin(), columns.end(), c->index);
    if (it != columns.end()) return static_cast<int>(it - columns.begin());
    BoundFilter::Impl::Leaf leaf;
    leaf.column = c->index;
    leaf.path = c->path;
    Accepts acc = Accepts::kNothing;
    filter_internal::LeafType& t = leaf.type;
    t.physical = c->physical_type;
    t.type_length = c->type_length;
    const LogicalType& lt = c->logical_type;
    switch (c->physical_type) {
      case PhysicalType::kBoolean:
        t.domain = Domain::kBool;
        acc = Accepts::kBool;
        break;
      case PhysicalType::kInt32:
      case PhysicalType::kInt64:
        t.domain = Domain::kExact;
        if (lt.is_none()) {
          acc = Accepts::kNumber;
        } else if (lt.kind() == LogicalType::Kind::kInt) {
          acc = Accepts::kNumber;
          t.is_unsigned = !lt.is_signed();
        } else if (lt.kind() == LogicalType::Kind::kDecimal) {
          acc = Accepts::kNumber;
          t.scale = lt.scale();
          t.is_decimal = true;
        } else if (lt.kind() == LogicalType::Kind::kDate) {
          acc = Accepts::kDate;
        } else if (lt.kind() == LogicalType::Kind::kTime) {
          acc = Accepts::kTime;
          t.scale = UnitScale(lt.time_unit());
        } else if (lt.kind() == LogicalType::Kind::kTimestamp) {
          acc = Accepts::kTimestamp;
          t.scale = UnitScale(lt.time_unit());
        }
        break;
      case PhysicalType::kInt96:
        t.domain = Domain::kExact;
        t.scale = 9;
        acc = Accepts::kTimestamp;
        break;
      case PhysicalType::kFloat:
      case PhysicalType::kDouble:
        t.domain = Domain::kReal;
        acc = Accepts::kReal;
        break;
      case PhysicalType::kByteArray:
      case PhysicalType::kFixedLenByteArray:
        switch (lt.kind()) {
          case LogicalType::Kind::kNone:
          case LogicalType::Kind::kString:
          case LogicalType::Kind::kEnum:
          case LogicalType::Kind::kJson:
          case LogicalType::Kind::kBson:
            t.domain = Domain::kBytes;
            acc = Accepts::kBytes;
            break;
          case LogicalType::Kind::kUuid:
            t.domain = Domain::kBytes;
            acc = Accepts::kUuid;
            break;
          case LogicalType::Kind::kFloat16:
            t.domain = Domain::kReal;
            t.is_float16 = true;
            acc = Accepts::kReal;
            break;
          case LogicalType::Kind::kDecimal:
            if (lt.precision() <= Decimal::kMaxPrecision) {
              t.domain = Domain::kExact;
              t.scale = lt.scale();
              t.is_decimal = true;
              acc = Accepts::kNumber;
            }
            break;
          default:
            break;
        }
        break;
    }
    impl.leaves.push_back(std::move(leaf));
    columns.push_back(c->index);
    accepts.push_back(acc);
    cds.push_back(c);
    return static_cast<int>(impl.leaves.size() - 1);
  }

  Status Mismatch(int leaf, const Literal& lit, std::string_view why = {}) {
    const ColumnDescriptor& c = *cds[static_cast<size_t>(leaf)];
    std::string msg = "filter: column '" + c.dotted_path + "' is " + ColumnType(c) + "; the " + lit.TypeName() +
                      " literal " + lit.ToString() + " does not fit it";
    if (!why.empty()) msg += " (" + std::string(why) + ")";
    return Status::InvalidArgument(msg);
  }

  Result<Key> BindLiteral(int leaf, const Literal& lit) {
    const filter_internal::LeafType& t = impl.leaves[static_cast<size_t>(leaf)].type;
    const ColumnDescriptor& c = *cds[static_cast<size_t>(leaf)];
    Key k;
    using LK = Literal::Kind;
    switch (accepts[static_cast<size_t>(leaf)]) {
      case Accepts::kNothing:
        return Status::InvalidArgument("filter: column '" + c.dotted_path + "' is " + ColumnType(c) +
                                       ", which a filter compares with nothing; only IS NULL and IS NOT "
                                       "NULL apply to it");
      case Accepts::kBool:
        if (lit.kind() != LK::kBool) return Mismatch(leaf, lit, "want TRUE or FALSE");
        k.i = lit.bool_value() ? 1 : 0;
        return k;
      case Accepts::kNumber:
        if (lit.kind() == LK::kInt) {
          k.i = lit.int_value();
          k.scale = 0;
          return k;
        }
        if (lit.kind() == LK::kDecimal) {
          k.i = lit.int_value();
          k.scale = lit.decimal().scale();
          return k;
        }
        return Mismatch(leaf, lit, "want an integer or a decimal");
      case Accepts::kReal:
        if (lit.kind() == LK::kDouble || lit.kind() == LK::kFloat16) {
          k.d = lit.double_value();
          return k;
        }
        if (lit.kind() == LK::kInt) {
          k.d = static_cast<double>(lit.int_value());
          if (static_cast<__int128>(k.d) != lit.int_value() || std::abs(k.d) >= 0x1p127) {
            return Mismatch(leaf, lit, "not exact as a double");
          }
          return k;
        }
        if (lit.kind() == LK::kDecimal) {
          k.d = std::strtod(lit.decimal().ToString().c_str(), nullptr);  // nearest, as a SQL cast
          return k;
        }
        return Mismatch(leaf, lit, "want a number");
      case Accepts::kDate:
        if (lit.kind() != LK::kDate) return Mismatch(leaf, lit, "want DATE '...'");
        k.i = lit.date().days_since_epoch();
        return k;
      case Accepts::kTime:
      case Accepts::kTimestamp: {
        const bool is_time = accepts[static_cast<size_t>(leaf)] == Accepts::kTime;
        if (lit.kind() != (is_time ? LK::kTime : LK::kTimestamp)) {
          return Mismatch(leaf, lit, is_time ? "want TIME '...'" : "want TIMESTAMP '...'");
        }
        const bool utc = is_time ? lit.time().is_adjusted_to_utc() : lit.timestamp().is_adjusted_to_utc();
        const TimeUnit unit = is_time ? lit.time().unit() : lit.timestamp().unit();
        if (c.physical_type != PhysicalType::kInt96 && utc != c.logical_type.is_adjusted_to_utc()) {
          return Mismatch(leaf, lit, c.logical_type.is_adjusted_to_utc() ? "the column is UTC-adjusted"
                                                                         : "the column is local time");
        }
        k.i = lit.int_value();
        k.scale = UnitScale(unit);
        return k;
      }
      case Accepts::kBytes:
        if (lit.kind() != LK::kString && lit.kind() != LK::kBinary) {
          return Mismatch(leaf, lit, "want a string or X'hex'");
        }
        k.s = lit.bytes();
        return k;
      case Accepts::kUuid:
        if (lit.kind() != LK::kUuid) return Mismatch(leaf, lit, "want UUID '...'");
        k.s = lit.bytes();
        return k;
    }
    (void)t;
    return Status::Internal("filter: unhandled column kind");
  }

  Result<BoundFilter::Impl::Node> Bind(const Filter& f) {
    BoundFilter::Impl::Node n;
    n.kind = f.kind();
    switch (f.kind()) {
      case Filter::Kind::kAnd:
      case Filter::Kind::kOr:
      case Filter::Kind::kNot:
        for (const Filter& child : f.children()) {
          PARQ_ASSIGN_OR_RETURN(auto b, Bind(child));
          n.children.push_back(std::move(b));
        }
        return n;
      default:
        break;
    }
    PARQ_ASSIGN_OR_RETURN(n.leaf, BindColumn(f.column()));
    n.op = f.op();
    if (f.kind() == Filter::Kind::kIn && f.values().empty()) {
      return Status::InvalidArgument("filter: IN () on column '" + cds[static_cast<size_t>(n.leaf)]->dotted_path +
                                     "' lists no values");
    }
    for (const Literal& lit : f.values()) {
      PARQ_ASSIGN_OR_RETURN(Key k, BindLiteral(n.leaf, lit));
      n.keys.push_back(std::move(k));
    }
    return n;
  }
};

// The leaf's value in a RowReader row, or nullptr when it (or a struct above
// it) is null or absent.
const Value* FindLeaf(const Value& row, const std::vector<std::string>& path) {
  const Value* cur = &row;
  for (const std::string& name : path) {
    if (cur->kind() != Value::Kind::kStruct) return nullptr;
    cur = cur->Find(name);
    if (cur == nullptr) return nullptr;
  }
  return cur->is_null() ? nullptr : cur;
}

}  // namespace

BoundFilter::Truth BoundFilter::Impl::Eval(const Node& n, const Value& row) const {
  switch (n.kind) {
    case Filter::Kind::kAnd: {
      Truth a = Eval(n.children[0], row);
      if (a == Truth::kFalse) return a;
      return And(a, Eval(n.children[1], row));
    }
    case Filter::Kind::kOr: {
      Truth a = Eval(n.children[0], row);
      if (a == Truth::kTrue) return a;
      return Or(a, Eval(n.children[1], row));
    }
    case Filter::Kind::kNot:
      return Not(Eval(n.children[0], row));
    default:
      break;
  }
  const Leaf& leaf = leaves[static_cast<size_t>(n.leaf)];
  const Value* v = FindLeaf(row, leaf.path);
  Key key;
  const bool known = v != nullptr && filter_internal::KeyOfValue(*v, leaf.type, &key);
  return EvalLeaf(n, v != nullptr, known ? &key : nullptr);
}

BoundFilter::BoundFilter(std::unique_ptr<Impl> impl, std::vector<int> columns)
    : impl_(std::move(impl)), columns_(std::move(columns)) {}
BoundFilter::BoundFilter(BoundFilter&&) noexcept = default;
BoundFilter& BoundFilter::operator=(BoundFilter&&) noexcept = default;
BoundFilter::~BoundFilter() = default;

Result<BoundFilter> BoundFilter::Bind(const Filter& filter, const Schema& schema) {
  auto impl = std::make_unique<Impl>();
  Binder binder{schema, *impl, {}, {}, {}};
  PARQ_ASSIGN_OR_RETURN(impl->root, binder.Bind(filter));
  std::vector<int> columns = binder.columns;
  std::sort(columns.begin(), columns.end());
  return BoundFilter(std::move(impl), std::move(columns));
}

BoundFilter::Truth BoundFilter::Evaluate(const Value& row) const { return impl_->Eval(impl_->root, row); }

}  // namespace parq
