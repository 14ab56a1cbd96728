// record/variant_shredding.cc — see variant_shredding.h.
#include "record/variant_shredding.h"

namespace parq::variant_shredding {

Result<VariantType> ShreddedLeafType(const SchemaNode& n) {
  const LogicalType& lt = n.logical_type();
  using K = LogicalType::Kind;
  switch (n.physical_type()) {
    case PhysicalType::kBoolean:
      if (lt.is_none()) return VariantType::kBoolean;
      break;
    case PhysicalType::kInt32:
      if (lt.is_none()) return VariantType::kInt32;
      if (lt.kind() == K::kInt && lt.is_signed()) {
        if (lt.bit_width() == 8) return VariantType::kInt8;
        if (lt.bit_width() == 16) return VariantType::kInt16;
        if (lt.bit_width() == 32) return VariantType::kInt32;
      }
      if (lt.kind() == K::kDecimal) return VariantType::kDecimal4;
      if (lt.kind() == K::kDate) return VariantType::kDate;
      break;
    case PhysicalType::kInt64:
      if (lt.is_none() || (lt.kind() == K::kInt && lt.is_signed() && lt.bit_width() == 64)) {
        return VariantType::kInt64;
      }
      if (lt.kind() == K::kDecimal) return VariantType::kDecimal8;
      // The spec says TIME(false, MICROS); a time adjusted to UTC reads as
      // the same time (Arrow's time64, which carries no such flag, comes back
      // from parq's Arrow writer adjusted).
      if (lt.kind() == K::kTime && lt.time_unit() == TimeUnit::kMicros) return VariantType::kTime;
      if (lt.kind() == K::kTimestamp && lt.time_unit() == TimeUnit::kMicros) {
        return lt.is_adjusted_to_utc() ? VariantType::kTimestampMicros : VariantType::kTimestampNtzMicros;
      }
      if (lt.kind() == K::kTimestamp && lt.time_unit() == TimeUnit::kNanos) {
        return lt.is_adjusted_to_utc() ? VariantType::kTimestampNanos : VariantType::kTimestampNtzNanos;
      }
      break;
    case PhysicalType::kFloat:
      if (lt.is_none()) return VariantType::kFloat;
      break;
    case PhysicalType::kDouble:
      if (lt.is_none()) return VariantType::kDouble;
      break;
    case PhysicalType::kByteArray:
      if (lt.is_none()) return VariantType::kBinary;
      if (lt.kind() == K::kString) return VariantType::kString;
      if (lt.kind() == K::kDecimal) return VariantType::kDecimal16;
      break;
    case PhysicalType::kFixedLenByteArray:
      if (lt.kind() == K::kUuid && n.type_length() == 16) return VariantType::kUuid;
      if (lt.kind() == K::kDecimal) return VariantType::kDecimal16;
      break;
    case PhysicalType::kInt96: break;
  }
  return Status::Unsupported("shredded variant typed_value '" + n.DottedPath() + "' of type " +
                             std::string(PhysicalTypeName(n.physical_type())) +
                             (lt.is_none() ? std::string() : " (" + lt.ToString() + ")"));
}

Result<Slots> FindSlots(const SchemaNode& g, bool top) {
  Slots s;
  for (int i = 0; i < g.num_children(); ++i) {
    const SchemaNode& c = g.child(i);
    if (top && c.name() == "metadata") continue;
    if (c.name() == "value" && c.is_leaf() && c.physical_type() == PhysicalType::kByteArray) {
      s.value = &c;
    } else if (c.name() == "typed_value") {
      s.typed = &c;
    } else {
      return Status::Unsupported("VARIANT group '" + g.DottedPath() + "': unexpected field '" + c.name() + "'");
    }
  }
  if (s.value == nullptr && s.typed == nullptr) {
    return Status::Unsupported("VARIANT group '" + g.DottedPath() + "' has neither a value nor a typed_value field");
  }
  return s;
}

Result<const SchemaNode*> ListElement(const SchemaNode& list) {
  const SchemaNode* e = list.list_element();
  if (list.kind() != NodeKind::kList || e == nullptr || e == list.list_repeated() || !e->is_group()) {
    return Status::Unsupported("VARIANT array '" + list.DottedPath() +
                               "': typed_value is not a 3-level LIST of {value, typed_value} groups");
  }
  return e;
}

}  // namespace parq::variant_shredding
