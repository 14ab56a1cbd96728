// record/variant_read.cc — VariantOf (parq/logical_value_access.h): the
// typed Variant of a VARIANT group's assembled Value, shredded or not,
// rebuilt as VariantShredding.md's construct_variant does:
//
//   typed_value non-null: a leaf is the value itself (value must be null);
//     a LIST is an array of its elements' variants (value must be null; an
//     element with neither is the Variant null); a
//     group is an object of its present fields, plus, when value is
//     non-null, the fields of value (which must be an object: a partially
//     shredded object).  A key both shredded and in value reads as the
//     shredded field (the spec allows either an error or that).
//   typed_value null: value's bytes; both null: missing (an absent object
//     field; at the top, the Variant null).
#include <cstring>

#include "parq/logical_value_access.h"
#include "record/variant_shredding.h"
#include "variant/metadata.h"
#include "variant/variant_codec.h"

namespace parq {

namespace {

using variant_shredding::Slots;

std::span<const uint8_t> AsSpan(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

Status Bad(const SchemaNode& n, const std::string& what) {
  return Status::Corrupt("shredded variant '" + n.DottedPath() + "': " + what);
}

// Big-endian two's complement (a Parquet DECIMAL) of up to 16 bytes.
Result<__int128> BigEndian(const SchemaNode& n, std::string_view b) {
  if (b.empty() || b.size() > 16) return Bad(n, "a decimal of " + std::to_string(b.size()) + " bytes");
  unsigned __int128 u = (static_cast<uint8_t>(b[0]) & 0x80) ? ~static_cast<unsigned __int128>(0) : 0;
  for (char c : b) u = (u << 8) | static_cast<uint8_t>(c);
  return static_cast<__int128>(u);
}

// A typed_value leaf's Value as the Variant of its type.
Result<Variant> LeafVariant(const SchemaNode& n, const Value& v) {
  PARQ_ASSIGN_OR_RETURN(VariantType t, variant_shredding::ShreddedLeafType(n));
  auto kind = [&](Value::Kind k) -> Status {
    if (v.kind() != k) return Status::Internal("typed_value '" + n.DottedPath() + "' assembled as another kind");
    return Status::OK();
  };
  const int scale = n.logical_type().scale();
  switch (t) {
    case VariantType::kBoolean: PARQ_RETURN_IF_ERROR(kind(Value::Kind::kBool)); return Variant::Bool(v.bool_value());
    case VariantType::kInt8:
    case VariantType::kInt16: {
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt32));
      const int32_t x = v.int32_value();
      if (t == VariantType::kInt8 ? x != static_cast<int8_t>(x) : x != static_cast<int16_t>(x)) {
        return Bad(n, std::to_string(x) + " is outside " + VariantTypeName(t));
      }
      return t == VariantType::kInt8 ? Variant::Int8(static_cast<int8_t>(x)) : Variant::Int16(static_cast<int16_t>(x));
    }
    case VariantType::kInt32: PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt32)); return Variant::Int32(v.int32_value());
    case VariantType::kDate: PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt32)); return Variant::Date(v.int32_value());
    case VariantType::kDecimal4:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt32));
      return Variant::Decimal4(v.int32_value(), scale);
    case VariantType::kInt64: PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt64)); return Variant::Int64(v.int64_value());
    case VariantType::kDecimal8:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt64));
      return Variant::Decimal8(v.int64_value(), scale);
    case VariantType::kTime: PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt64)); return Variant::Time(v.int64_value());
    case VariantType::kTimestampMicros:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt64));
      return Variant::TimestampMicros(v.int64_value());
    case VariantType::kTimestampNtzMicros:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt64));
      return Variant::TimestampNtzMicros(v.int64_value());
    case VariantType::kTimestampNanos:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt64));
      return Variant::TimestampNanos(v.int64_value());
    case VariantType::kTimestampNtzNanos:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kInt64));
      return Variant::TimestampNtzNanos(v.int64_value());
    case VariantType::kFloat: PARQ_RETURN_IF_ERROR(kind(Value::Kind::kFloat)); return Variant::Float(v.float_value());
    case VariantType::kDouble:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kDouble));
      return Variant::Double(v.double_value());
    case VariantType::kString:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kBytes));
      return Variant::String(std::string(v.bytes()));
    case VariantType::kBinary:
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kBytes));
      return Variant::Binary(std::string(v.bytes()));
    case VariantType::kDecimal16: {
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kBytes));
      PARQ_ASSIGN_OR_RETURN(__int128 u, BigEndian(n, v.bytes()));
      return Variant::Decimal16(u, scale);
    }
    case VariantType::kUuid: {
      PARQ_RETURN_IF_ERROR(kind(Value::Kind::kBytes));
      if (v.bytes().size() != 16) return Bad(n, "a uuid of " + std::to_string(v.bytes().size()) + " bytes");
      std::array<uint8_t, 16> u;
      std::memcpy(u.data(), v.bytes().data(), 16);
      return Variant::Uuid(u);
    }
    default: break;
  }
  return Status::Internal("unexpected shredded leaf type");
}

// The Value of field `c` of the struct `v`, or nullptr when c is absent or
// the field is null.
const Value* Field(const Value& v, const SchemaNode* c) {
  if (c == nullptr) return nullptr;
  const Value* f = v.Find(c->name());
  return f != nullptr && !f->is_null() ? f : nullptr;
}

struct Reader {
  VariantDecoder* dec;

  // g: a shredded group, v: its Value (a struct).  *missing when neither
  // value nor typed_value holds anything.
  Status Read(const SchemaNode& g, const Value& v, bool top, int depth, Variant* out, bool* missing) {
    *missing = false;
    if (v.kind() != Value::Kind::kStruct) return Bad(g, "the group is not a struct");
    PARQ_ASSIGN_OR_RETURN(Slots s, variant_shredding::FindSlots(g, top));
    const Value* val = Field(v, s.value);
    const Value* tv = Field(v, s.typed);
    // A typed_value leaf outside the spec's table is an error even when
    // null in this row: the column cannot be read.
    if (s.typed != nullptr && s.typed->is_leaf()) {
      PARQ_RETURN_IF_ERROR(variant_shredding::ShreddedLeafType(*s.typed).status());
    }
    if (tv == nullptr) {
      if (val == nullptr) {
        *missing = true;
        return Status::OK();
      }
      return dec->Decode(AsSpan(val->bytes()), depth, out);
    }
    PARQ_RETURN_IF_ERROR(dec->Count(depth));
    const SchemaNode& t = *s.typed;
    if (t.is_leaf()) {
      if (val != nullptr) return Bad(g, "conflicting value and typed_value (both non-null for a non-object)");
      PARQ_ASSIGN_OR_RETURN(*out, LeafVariant(t, *tv));
      return Status::OK();
    }
    if (t.kind() == NodeKind::kList) {
      if (val != nullptr) return Bad(g, "conflicting value and typed_value (both non-null for an array)");
      PARQ_ASSIGN_OR_RETURN(const SchemaNode* e, variant_shredding::ListElement(t));
      if (tv->kind() != Value::Kind::kList) return Bad(t, "the typed_value array is not a list");
      std::vector<Variant> items(tv->size());
      for (size_t i = 0; i < tv->size(); ++i) {
        // An element whose value and typed_value are both null (the spec
        // forbids it; parquet-testing case 85 has one) reads as the Variant
        // null, as a null element group does.
        bool m = false;
        if (!(*tv)[i].is_null()) PARQ_RETURN_IF_ERROR(Read(*e, (*tv)[i], false, depth + 1, &items[i], &m));
      }
      *out = Variant::Array(std::move(items));
      return Status::OK();
    }
    if (t.kind() != NodeKind::kStruct) return Status::Unsupported("VARIANT typed_value '" + t.DottedPath() + "' of an unsupported shape");
    if (tv->kind() != Value::Kind::kStruct) return Bad(t, "the typed_value object is not a struct");
    std::vector<std::pair<std::string, Variant>> fields;
    for (int i = 0; i < t.num_children(); ++i) {
      const SchemaNode& f = t.child(i);
      if (!f.is_group()) return Status::Unsupported("VARIANT object '" + t.DottedPath() + "': field '" + f.name() + "' is not a {value, typed_value} group");
      const Value* fv = tv->Find(f.name());
      Variant x;
      bool m = true;
      // The spec makes field groups required; an optional one that is null
      // (parquet-testing case 84) reads as a missing field.
      if (fv != nullptr && !fv->is_null()) PARQ_RETURN_IF_ERROR(Read(f, *fv, false, depth + 1, &x, &m));
      if (!m) fields.emplace_back(f.name(), std::move(x));
    }
    if (val != nullptr) {  // a partially shredded object: the other fields
      Variant rest;
      PARQ_RETURN_IF_ERROR(dec->Decode(AsSpan(val->bytes()), depth, &rest));
      if (!rest.is_object()) return Bad(g, "a non-object value with shredded fields (typed_value is an object)");
      for (size_t i = 0; i < rest.size(); ++i) {
        if (t.FindChild(rest.key(i)) != nullptr) continue;  // the shredded field wins
        fields.emplace_back(rest.key(i), std::move(rest.field(i)));
      }
    }
    Result<Variant> obj = Variant::ObjectOf(std::move(fields));
    if (!obj.ok()) return Bad(g, obj.status().message());
    *out = std::move(obj).value();
    return Status::OK();
  }
};

}  // namespace

Result<Variant> VariantOf(const Value& value, const SchemaNode& node, const VariantLimits& limits) {
  if (node.is_leaf() || node.logical_type().kind() != LogicalType::Kind::kVariant) {
    return Status::InvalidArgument("'" + node.DottedPath() + "' is not a VARIANT group");
  }
  if (value.is_null()) return Status::InvalidArgument("'" + node.DottedPath() + "' is null");
  if (value.kind() != Value::Kind::kStruct) {
    return Status::InvalidArgument("'" + node.DottedPath() + "' holds no struct of its fields");
  }
  const Value* md = value.Find("metadata");
  if (md == nullptr || md->kind() != Value::Kind::kBytes) {
    return Status::Corrupt("VARIANT group '" + node.DottedPath() + "' without a binary metadata field");
  }
  PARQ_ASSIGN_OR_RETURN(VariantMetadata metadata, VariantMetadata::Parse(AsSpan(md->bytes())));
  VariantDecoder dec(metadata, limits);
  Reader r{&dec};
  Variant out;
  bool missing = false;
  Status st = r.Read(node, value, true, 0, &out, &missing);
  if (!st.ok()) return std::move(st).AddContext("variant '" + node.DottedPath() + "'");
  return out;  // missing at the top: the Variant null (VariantShredding.md)
}

}  // namespace parq
