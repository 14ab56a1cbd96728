// record/variant_write.cc — ToValue(const Variant&, ...)
// (parq/logical_value_access.h): a typed Variant as the Value of a VARIANT
// group, shredded by the group's typed_value layout (VariantShredding.md):
//
//   typed_value leaf: the value when its Variant type is exactly the
//     leaf's (ShreddedLeafType; a decimal also of the leaf's scale, within
//     its precision), value null; otherwise typed_value null and the value
//     encoded in value.
//   typed_value LIST: an array, each element shredded by the element group;
//     value null.  Not an array: value.
//   typed_value group: an object, each shredded field by its group (an
//     absent field: value and typed_value null), the other fields as an
//     object in value (null when there are none).  Not an object: value.
//
// One metadata holds every key of the variant; all value bytes use it.
#include "parq/logical_value_access.h"
#include "record/variant_shredding.h"
#include "variant/metadata.h"
#include "variant/variant_codec.h"

namespace parq {

namespace {

using variant_shredding::Slots;

int Digits(__int128 v) {
  unsigned __int128 u = v < 0 ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  int d = 1;
  while (u >= 10) {
    u /= 10;
    ++d;
  }
  return d;
}

// Big-endian two's complement in `n` bytes.
std::string BigEndian(__int128 v, int n) {
  std::string b(static_cast<size_t>(n), '\0');
  unsigned __int128 u = static_cast<unsigned __int128>(v);
  for (int i = n - 1; i >= 0; --i) {
    b[static_cast<size_t>(i)] = static_cast<char>(static_cast<uint8_t>(u));
    u >>= 8;
  }
  return b;
}

// The fewest bytes holding v in two's complement.
int MinBytes(__int128 v) {
  int n = 1;
  while (n < 16) {
    const int bits = 8 * n;
    const __int128 lo = -(static_cast<__int128>(1) << (bits - 1));
    if (v >= lo && v < -lo) break;
    ++n;
  }
  return n;
}

// The typed_value of leaf `t` for v, or null when v does not fit it.
Value LeafValue(const SchemaNode& t, VariantType want, const Variant& v) {
  if (v.type() != want) return Value::Null();
  if (v.is_decimal()) {
    const LogicalType& lt = t.logical_type();
    if (v.decimal_scale() != lt.scale() || Digits(v.decimal_unscaled()) > lt.precision()) return Value::Null();
  }
  switch (want) {
    case VariantType::kBoolean: return Value::Bool(v.bool_value());
    case VariantType::kInt8:
    case VariantType::kInt16:
    case VariantType::kInt32:
    case VariantType::kDate: return Value::Int32(static_cast<int32_t>(v.int_value()));
    case VariantType::kDecimal4: return Value::Int32(static_cast<int32_t>(v.decimal_unscaled()));
    case VariantType::kDecimal8: return Value::Int64(static_cast<int64_t>(v.decimal_unscaled()));
    case VariantType::kFloat: return Value::Float(v.float_value());
    case VariantType::kDouble: return Value::Double(v.double_value());
    case VariantType::kString:
    case VariantType::kBinary:
    case VariantType::kUuid: return Value::Bytes(v.bytes());
    case VariantType::kDecimal16: {
      const bool fixed = t.physical_type() == PhysicalType::kFixedLenByteArray;
      const int need = MinBytes(v.decimal_unscaled());
      if (fixed && need > t.type_length()) return Value::Null();
      return Value::Bytes(BigEndian(v.decimal_unscaled(), fixed ? t.type_length() : need));
    }
    default: return Value::Int64(v.int_value());  // int64, time, timestamps
  }
}

struct Writer {
  const VariantKeyIds* ids;

  // The {value, typed_value} struct of group g (fields in g's order, the
  // top-level metadata left for the caller) for v.
  Status Shred(const SchemaNode& g, const Variant& v, bool top, Value* out) const {
    PARQ_ASSIGN_OR_RETURN(Slots s, variant_shredding::FindSlots(g, top));
    Value typed;  // null
    const Variant* rest = &v;
    Variant partial;  // an object's fields typed_value does not take
    if (s.typed != nullptr) PARQ_RETURN_IF_ERROR(Typed(*s.typed, v, &typed, &rest, &partial));
    Value value;  // null
    if (rest != nullptr) {
      if (s.value == nullptr) {
        return Status::InvalidArgument("variant '" + g.DottedPath() + "': a " + VariantTypeName(rest->type()) +
                                       " value does not fit typed_value and the group has no value field");
      }
      std::string bytes;
      PARQ_RETURN_IF_ERROR(EncodeVariantValue(*rest, *ids, &bytes));
      value = Value::Bytes(std::move(bytes));
    }
    *out = Value::Struct();
    for (int i = 0; i < g.num_children(); ++i) {
      const SchemaNode* c = &g.child(i);
      if (c == s.value) out->AddField(c->name(), std::move(value));
      else if (c == s.typed) out->AddField(c->name(), std::move(typed));
      else out->AddField(c->name(), Value::Null());  // metadata, filled by the caller
    }
    return Status::OK();
  }

  // typed_value of `t` for v, or null with *rest = &v when v does not fit;
  // an object leaves its other fields in *partial (*rest = partial, or
  // nullptr when typed_value took them all).
  Status Typed(const SchemaNode& t, const Variant& v, Value* typed, const Variant** rest, Variant* partial) const {
    if (t.is_leaf()) {
      PARQ_ASSIGN_OR_RETURN(VariantType want, variant_shredding::ShreddedLeafType(t));
      *typed = LeafValue(t, want, v);
      if (!typed->is_null()) *rest = nullptr;
      return Status::OK();
    }
    if (t.kind() == NodeKind::kList) {
      PARQ_ASSIGN_OR_RETURN(const SchemaNode* e, variant_shredding::ListElement(t));
      if (!v.is_array()) return Status::OK();
      *typed = Value::List();
      typed->mutable_items().resize(v.size());
      for (size_t i = 0; i < v.size(); ++i) {
        PARQ_RETURN_IF_ERROR(Shred(*e, v.element(i), false, &typed->mutable_items()[i]));
      }
      *rest = nullptr;
      return Status::OK();
    }
    if (t.kind() != NodeKind::kStruct) {
      return Status::Unsupported("VARIANT typed_value '" + t.DottedPath() + "' of an unsupported shape");
    }
    for (int i = 0; i < t.num_children(); ++i) {
      if (!t.child(i).is_group()) {
        return Status::Unsupported("VARIANT object '" + t.DottedPath() + "': field '" + t.child(i).name() +
                                   "' is not a {value, typed_value} group");
      }
    }
    if (!v.is_object()) return Status::OK();
    *typed = Value::Struct();
    *partial = v;
    for (int i = 0; i < t.num_children(); ++i) {
      const SchemaNode& f = t.child(i);
      Value field;
      if (const Variant* fv = v.Find(f.name())) {
        PARQ_RETURN_IF_ERROR(Shred(f, *fv, false, &field));
        partial->Erase(f.name());
      } else {
        field = Value::Struct();  // missing: value and typed_value both null
        for (int k = 0; k < f.num_children(); ++k) field.AddField(f.child(k).name(), Value::Null());
      }
      typed->AddField(f.name(), std::move(field));
    }
    *rest = partial->size() == 0 ? nullptr : partial;
    return Status::OK();
  }
};

}  // namespace

Result<Value> ToValue(const Variant& v, const SchemaNode& node, const VariantEncodeOptions& options) {
  if (node.is_leaf() || node.logical_type().kind() != LogicalType::Kind::kVariant) {
    return Status::InvalidArgument("'" + node.DottedPath() + "' is not a VARIANT group");
  }
  const SchemaNode* md = node.FindChild("metadata");
  if (md == nullptr || !md->is_leaf() || md->physical_type() != PhysicalType::kByteArray) {
    return Status::Unsupported("VARIANT group '" + node.DottedPath() + "' without a binary metadata field");
  }
  VariantKeyIds ids;
  std::vector<std::string_view> order;
  CollectVariantKeys(v, &ids, &order);
  std::string metadata;
  BuildVariantDictionary(&ids, order, options.sort_dictionary, &metadata);
  Writer w{&ids};
  Value out;
  PARQ_RETURN_IF_ERROR(w.Shred(node, v, true, &out));
  for (size_t i = 0; i < out.size(); ++i) {
    if (out.names()[i] == "metadata") out.mutable_items()[i] = Value::Bytes(std::move(metadata));
  }
  return out;
}

}  // namespace parq
