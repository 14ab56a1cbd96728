// Typed logical values out of a row's Values and back (see
// parq/logical_value_access.h).  The value types themselves live in the
// schema layer (src/schema/logical_values.cc); this file only checks the
// node and the Value's kind, and picks the physical form.
#include "parq/logical_value_access.h"

#include <algorithm>
#include <limits>
#include <string>

namespace parq {

namespace {

std::string_view ValueKindName(Value::Kind k) {
  switch (k) {
    case Value::Kind::kNull: return "null";
    case Value::Kind::kBool: return "a boolean";
    case Value::Kind::kInt32: return "an int32";
    case Value::Kind::kInt64: return "an int64";
    case Value::Kind::kFloat: return "a float";
    case Value::Kind::kDouble: return "a double";
    case Value::Kind::kInt96: return "an int96";
    case Value::Kind::kBytes: return "bytes";
    case Value::Kind::kList: return "a list";
    case Value::Kind::kStruct: return "a struct";
    case Value::Kind::kMap: return "a map";
  }
  return "an unknown kind";
}

// "INT64 (TIMESTAMP(MICROS,true))", "FIXED_LEN_BYTE_ARRAY(16) (UUID)", "a group".
std::string Describe(const SchemaNode& node) {
  if (node.is_group()) return "a group";
  std::string s(PhysicalTypeName(node.physical_type()));
  if (node.physical_type() == PhysicalType::kFixedLenByteArray) s += "(" + std::to_string(node.type_length()) + ")";
  if (!node.logical_type().is_none()) s += " (" + node.logical_type().ToString() + ")";
  return s;
}

std::string Quoted(const SchemaNode& node) { return "'" + node.DottedPath() + "'"; }

// The node is a leaf annotated `kind` (named `what` in errors).
Status CheckNode(const SchemaNode& node, LogicalType::Kind kind, std::string_view what) {
  if (node.is_leaf() && node.logical_type().kind() == kind) return Status::OK();
  return Status::InvalidArgument(Quoted(node) + " is " + Describe(node) + ", not " + std::string(what));
}

// ... and `value` is not null.
Status CheckRead(const Value& value, const SchemaNode& node, LogicalType::Kind kind, std::string_view what) {
  PARQ_RETURN_IF_ERROR(CheckNode(node, kind, what));
  if (value.is_null()) return Status::InvalidArgument(Quoted(node) + " is null");
  return Status::OK();
}

Status WrongKind(const Value& value, const SchemaNode& node) {
  return Status::InvalidArgument(Quoted(node) + " holds " + std::string(ValueKindName(value.kind())) +
                                 " value, not the " + Describe(node) + " of its column");
}

// The integer of an INT32 / INT64 leaf.
Result<int64_t> IntegerOf(const Value& value, const SchemaNode& node) {
  if (node.physical_type() == PhysicalType::kInt32 && value.kind() == Value::Kind::kInt32) {
    return int64_t{value.int32_value()};
  }
  if (node.physical_type() == PhysicalType::kInt64 && value.kind() == Value::Kind::kInt64) return value.int64_value();
  return WrongKind(value, node);
}

// The bytes of a BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY leaf.
Result<std::span<const uint8_t>> BytesOf(const Value& value, const SchemaNode& node) {
  const bool binary = node.physical_type() == PhysicalType::kByteArray ||
                      node.physical_type() == PhysicalType::kFixedLenByteArray;
  if (!binary || value.kind() != Value::Kind::kBytes) return WrongKind(value, node);
  const std::string_view b = value.bytes();
  return std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(b.data()), b.size());
}

// An integer for an INT32 / INT64 leaf; kInvalidArgument when INT32 cannot hold it.
Result<Value> IntegerValue(int64_t v, const SchemaNode& node) {
  if (node.physical_type() == PhysicalType::kInt64) return Value::Int64(v);
  if (node.physical_type() == PhysicalType::kInt32 && v >= std::numeric_limits<int32_t>::min() &&
      v <= std::numeric_limits<int32_t>::max()) {
    return Value::Int32(static_cast<int32_t>(v));
  }
  return Status::InvalidArgument(std::to_string(v) + " does not fit " + Quoted(node) + ", " + Describe(node));
}

Status CheckUtc(bool utc, const SchemaNode& node) {
  if (utc == node.logical_type().is_adjusted_to_utc()) return Status::OK();
  return Status::InvalidArgument(std::string("a value ") + (utc ? "" : "not ") + "adjusted to UTC for " +
                                 Quoted(node) + ", " + Describe(node));
}

template <typename T>
Result<T> WithColumn(Result<T> r, const SchemaNode& node) {
  if (r.ok()) return r;
  return std::move(r).status().WithColumn(node.DottedPath());
}

}  // namespace

// ---- reading ----

Result<Decimal> DecimalOf(const Value& value, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckRead(value, node, LogicalType::Kind::kDecimal, "DECIMAL"));
  const int32_t p = node.logical_type().precision(), s = node.logical_type().scale();
  if (value.kind() == Value::Kind::kBytes) {
    PARQ_ASSIGN_OR_RETURN(auto bytes, BytesOf(value, node));
    return WithColumn(Decimal::FromBigEndian(bytes, p, s), node);
  }
  PARQ_ASSIGN_OR_RETURN(int64_t v, IntegerOf(value, node));
  return WithColumn(Decimal::Make(v, p, s), node);
}

Result<Date> DateOf(const Value& value, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckRead(value, node, LogicalType::Kind::kDate, "DATE"));
  if (value.kind() != Value::Kind::kInt32 || node.physical_type() != PhysicalType::kInt32) {
    return WrongKind(value, node);
  }
  return Date(value.int32_value());
}

Result<Time> TimeOf(const Value& value, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckRead(value, node, LogicalType::Kind::kTime, "TIME"));
  PARQ_ASSIGN_OR_RETURN(int64_t v, IntegerOf(value, node));
  // As stored, even outside the day (the JSON text shows such values signed).
  return Time(v, node.logical_type().time_unit(), node.logical_type().is_adjusted_to_utc());
}

Result<Timestamp> TimestampOf(const Value& value, const SchemaNode& node) {
  if (node.is_leaf() && node.physical_type() == PhysicalType::kInt96 && node.logical_type().is_none()) {
    if (value.is_null()) return Status::InvalidArgument(Quoted(node) + " is null");
    if (value.kind() != Value::Kind::kInt96) return WrongKind(value, node);
    return WithColumn(Timestamp::FromInt96(value.int96_value()), node);
  }
  PARQ_RETURN_IF_ERROR(CheckRead(value, node, LogicalType::Kind::kTimestamp, "TIMESTAMP or INT96"));
  PARQ_ASSIGN_OR_RETURN(int64_t v, IntegerOf(value, node));
  return Timestamp(v, node.logical_type().time_unit(), node.logical_type().is_adjusted_to_utc());
}

Result<Uuid> UuidOf(const Value& value, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckRead(value, node, LogicalType::Kind::kUuid, "UUID"));
  PARQ_ASSIGN_OR_RETURN(auto bytes, BytesOf(value, node));
  return WithColumn(Uuid::FromBytes(bytes), node);
}

Result<Float16> Float16Of(const Value& value, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckRead(value, node, LogicalType::Kind::kFloat16, "FLOAT16"));
  PARQ_ASSIGN_OR_RETURN(auto bytes, BytesOf(value, node));
  return WithColumn(Float16::FromBytes(bytes), node);
}

// ---- writing ----

Result<Value> ToValue(const Decimal& v, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckNode(node, LogicalType::Kind::kDecimal, "DECIMAL"));
  // A column wider than 38 digits holds every Decimal of its scale.
  const int32_t precision = std::min(node.logical_type().precision(), Decimal::kMaxPrecision);
  PARQ_ASSIGN_OR_RETURN(Decimal d, WithColumn(v.Rescale(precision, node.logical_type().scale()), node));
  switch (node.physical_type()) {
    case PhysicalType::kInt32:
    case PhysicalType::kInt64: return IntegerValue(static_cast<int64_t>(d.unscaled()), node);
    case PhysicalType::kFixedLenByteArray:
    case PhysicalType::kByteArray: {
      const int32_t length = node.physical_type() == PhysicalType::kFixedLenByteArray ? node.type_length() : 0;
      PARQ_ASSIGN_OR_RETURN(std::string bytes, WithColumn(d.ToBigEndian(length), node));
      return Value::Bytes(bytes);
    }
    default: return Status::InvalidArgument(Quoted(node) + " is " + Describe(node) + ", not a DECIMAL layout");
  }
}

Result<Value> ToValue(const Date& v, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckNode(node, LogicalType::Kind::kDate, "DATE"));
  return IntegerValue(v.days_since_epoch(), node);
}

Result<Value> ToValue(const Time& v, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckNode(node, LogicalType::Kind::kTime, "TIME"));
  PARQ_RETURN_IF_ERROR(CheckUtc(v.is_adjusted_to_utc(), node));
  PARQ_ASSIGN_OR_RETURN(Time t, WithColumn(v.ToUnit(node.logical_type().time_unit()), node));
  return IntegerValue(t.value(), node);
}

Result<Value> ToValue(const Timestamp& v, const SchemaNode& node) {
  if (node.is_leaf() && node.physical_type() == PhysicalType::kInt96 && node.logical_type().is_none()) {
    PARQ_ASSIGN_OR_RETURN(Int96 i96, WithColumn(v.ToInt96(), node));
    return Value::MakeInt96(i96);
  }
  PARQ_RETURN_IF_ERROR(CheckNode(node, LogicalType::Kind::kTimestamp, "TIMESTAMP or INT96"));
  PARQ_RETURN_IF_ERROR(CheckUtc(v.is_adjusted_to_utc(), node));
  PARQ_ASSIGN_OR_RETURN(Timestamp t, WithColumn(v.ToUnit(node.logical_type().time_unit()), node));
  return IntegerValue(t.value(), node);
}

Result<Value> ToValue(const Uuid& v, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckNode(node, LogicalType::Kind::kUuid, "UUID"));
  return Value::Bytes(v.view());
}

Result<Value> ToValue(const Float16& v, const SchemaNode& node) {
  PARQ_RETURN_IF_ERROR(CheckNode(node, LogicalType::Kind::kFloat16, "FLOAT16"));
  const std::array<uint8_t, 2> b = v.ToBytes();
  return Value::Bytes(std::string_view(reinterpret_cast<const char*>(b.data()), b.size()));
}

}  // namespace parq
