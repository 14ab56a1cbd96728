// variant/value.cc — see value.h for the grammar.
#include "variant/value.h"

#include <cstring>
#include <string>

#include "variant/bytes.h"

namespace parq {
namespace {

using variant_internal::ElementAt;
using variant_internal::LoadLE;
using variant_internal::LoadLE64;

std::string At(size_t base) { return " at value byte " + std::to_string(base); }

Status Truncated(const char* what, size_t need, size_t have, size_t base) {
  return Status::Corrupt(std::string("variant ") + what + " needs " + std::to_string(need) + " bytes but only " +
                         std::to_string(have) + " remain" + At(base));
}

// Common header of objects and arrays: element count, then (object only) ids,
// then offsets; the positions in `v`.
struct Layout {
  uint32_t n = 0;
  uint8_t id_size = 0, off_size = 1;
  size_t ids_pos = 0, offs_pos = 0, fields_pos = 0, fields_end = 0;
};

Status ParseContainer(std::span<const uint8_t> v, size_t base, bool object, Layout* L) {
  if (v.empty()) return Truncated(object ? "object" : "array", 1, 0, base);
  const uint8_t header = static_cast<uint8_t>(v[0] >> 2);
  const bool is_large = object ? (header >> 4) & 1 : (header >> 2) & 1;
  L->off_size = static_cast<uint8_t>((header & 3) + 1);
  L->id_size = object ? static_cast<uint8_t>(((header >> 2) & 3) + 1) : 0;
  const size_t count_size = is_large ? 4 : 1;
  if (v.size() < 1 + count_size) {
    return Truncated(object ? "object element count" : "array element count", count_size, v.size() - 1, base + 1);
  }
  L->n = LoadLE(v.data() + 1, static_cast<unsigned>(count_size));
  L->ids_pos = 1 + count_size;
  // 64-bit arithmetic: n <= 2^32 - 1 and sizes <= 4, so nothing overflows.
  const uint64_t ids_bytes = uint64_t{L->n} * L->id_size;
  const uint64_t offs_bytes = (uint64_t{L->n} + 1) * L->off_size;
  const uint64_t need = L->ids_pos + ids_bytes + offs_bytes;
  if (need > v.size()) {
    return Status::Corrupt(std::string("variant ") + (object ? "object" : "array") + " of " + std::to_string(L->n) +
                           " elements needs a " + std::to_string(need) + "-byte header but the value has " +
                           std::to_string(v.size()) + " bytes" + At(base));
  }
  L->offs_pos = L->ids_pos + static_cast<size_t>(ids_bytes);
  L->fields_pos = static_cast<size_t>(need);
  const uint32_t last = LoadLE(v.data() + L->offs_pos + size_t{L->n} * L->off_size, L->off_size);
  if (uint64_t{last} > v.size() - L->fields_pos) {
    return Status::Corrupt(std::string("variant ") + (object ? "object" : "array") + " fields size " +
                           std::to_string(last) + " exceeds the " + std::to_string(v.size() - L->fields_pos) +
                           " bytes after its header" + At(base));
  }
  L->fields_end = L->fields_pos + last;
  return Status::OK();
}

// Size of a primitive's data (after the header byte) that is fixed by its type;
// -1 for the length-prefixed ones (binary, string), -2 for unknown ids.
int PrimitiveFixedSize(uint8_t id) {
  switch (static_cast<VariantPrimitive>(id)) {
    case VariantPrimitive::kNull:
    case VariantPrimitive::kTrue:
    case VariantPrimitive::kFalse: return 0;
    case VariantPrimitive::kInt8: return 1;
    case VariantPrimitive::kInt16: return 2;
    case VariantPrimitive::kInt32:
    case VariantPrimitive::kDate:
    case VariantPrimitive::kFloat: return 4;
    case VariantPrimitive::kInt64:
    case VariantPrimitive::kDouble:
    case VariantPrimitive::kTimestampMicros:
    case VariantPrimitive::kTimestampNtzMicros:
    case VariantPrimitive::kTimeNtzMicros:
    case VariantPrimitive::kTimestampNanos:
    case VariantPrimitive::kTimestampNtzNanos: return 8;
    case VariantPrimitive::kDecimal4: return 1 + 4;
    case VariantPrimitive::kDecimal8: return 1 + 8;
    case VariantPrimitive::kDecimal16: return 1 + 16;
    case VariantPrimitive::kUuid: return 16;
    case VariantPrimitive::kBinary:
    case VariantPrimitive::kString: return -1;
  }
  return -2;
}

// Encoded size of a primitive / short string value (header byte included).
// REQUIRES: !v.empty().
Result<size_t> ScalarSize(std::span<const uint8_t> v, size_t base) {
  const uint8_t type = v[0] & 3, header = static_cast<uint8_t>(v[0] >> 2);
  if (type == 1) {
    if (v.size() - 1 < header) return Truncated("short string", header, v.size() - 1, base + 1);
    return size_t{1} + header;
  }
  const int fixed = PrimitiveFixedSize(header);
  if (fixed == -2) {
    return Status::Unsupported("variant primitive type id " + std::to_string(header) + " is not supported" +
                               At(base));
  }
  if (fixed >= 0) {
    if (v.size() - 1 < static_cast<size_t>(fixed)) {
      return Truncated("primitive", static_cast<size_t>(fixed), v.size() - 1, base + 1);
    }
    return size_t{1} + static_cast<size_t>(fixed);
  }
  if (v.size() < 5) return Truncated("binary/string length", 4, v.size() - 1, base + 1);
  const uint32_t len = LoadLE(v.data() + 1, 4);
  if (v.size() - 5 < len) return Truncated("binary/string", len, v.size() - 5, base + 5);
  return size_t{5} + len;
}

}  // namespace

Status variant_internal::ElementOutOfRange(uint32_t i, uint32_t offset, size_t region, size_t base) {
  return Status::Corrupt("variant element " + std::to_string(i) + " offset " + std::to_string(offset) +
                         " is outside the " + std::to_string(region) + "-byte fields region" + At(base));
}

// ---- primitives ----

Status ReadVariantPrimitive(std::span<const uint8_t> v, VariantPrimitiveValue* out, size_t base) {
  if (v.empty()) return Truncated("value", 1, 0, base);
  const auto t = VariantBasicTypeOf(v[0]);
  if (t == VariantBasicType::kObject || t == VariantBasicType::kArray) {
    return Status::Corrupt("variant value is an object or array where a primitive was expected");
  }
  // The checks of ScalarSize, in one pass with the reading.
  const uint8_t* d = v.data() + 1;
  const size_t avail = v.size() - 1;
  const uint8_t header = static_cast<uint8_t>(v[0] >> 2);
  VariantPrimitiveValue& p = *out;
  p = VariantPrimitiveValue();
  if (t == VariantBasicType::kShortString) {
    if (avail < header) return Truncated("short string", header, avail, base + 1);
    p.type = VariantPrimitive::kString;
    p.bytes = {d, header};
    return Status::OK();
  }
  const int fixed = PrimitiveFixedSize(header);
  if (fixed == -2) [[unlikely]] {
    return Status::Unsupported("variant primitive type id " + std::to_string(header) + " is not supported" +
                               At(base));
  }
  if (fixed >= 0 && avail < static_cast<size_t>(fixed)) [[unlikely]] {
    return Truncated("primitive", static_cast<size_t>(fixed), avail, base + 1);
  }
  p.type = static_cast<VariantPrimitive>(header);
  switch (p.type) {
    case VariantPrimitive::kNull:
    case VariantPrimitive::kTrue:
    case VariantPrimitive::kFalse: break;
    case VariantPrimitive::kInt8: p.int_value = static_cast<int8_t>(d[0]); break;
    case VariantPrimitive::kInt16: p.int_value = static_cast<int16_t>(LoadLE(d, 2)); break;
    case VariantPrimitive::kInt32:
    case VariantPrimitive::kDate: p.int_value = static_cast<int32_t>(LoadLE(d, 4)); break;
    case VariantPrimitive::kInt64:
    case VariantPrimitive::kTimestampMicros:
    case VariantPrimitive::kTimestampNtzMicros:
    case VariantPrimitive::kTimeNtzMicros:
    case VariantPrimitive::kTimestampNanos:
    case VariantPrimitive::kTimestampNtzNanos: p.int_value = static_cast<int64_t>(LoadLE64(d)); break;
    case VariantPrimitive::kDouble: std::memcpy(&p.double_value, d, 8); break;
    case VariantPrimitive::kFloat: std::memcpy(&p.float_value, d, 4); break;
    case VariantPrimitive::kDecimal4:
    case VariantPrimitive::kDecimal8:
    case VariantPrimitive::kDecimal16: {
      p.scale = d[0];
      if (p.scale > 38) {
        return Status::Corrupt("variant decimal scale " + std::to_string(p.scale) + " is outside [0, 38]" +
                               At(base + 1));
      }
      p.bytes = {d + 1, static_cast<size_t>(fixed) - 1};
      break;
    }
    case VariantPrimitive::kBinary:
    case VariantPrimitive::kString: {
      if (avail < 4) return Truncated("binary/string length", 4, avail, base + 1);
      const uint32_t len = LoadLE(d, 4);
      if (avail - 4 < len) return Truncated("binary/string", len, avail - 4, base + 5);
      p.bytes = {d + 4, len};
      break;
    }
    case VariantPrimitive::kUuid: p.bytes = {d, 16}; break;
  }
  return Status::OK();
}

// ---- object / array views ----

Status VariantObjectView::Parse(std::span<const uint8_t> value, size_t base, VariantObjectView* out) {
  if (value.empty() || VariantBasicTypeOf(value[0]) != VariantBasicType::kObject) {
    return Status::InvalidArgument("variant value is not an object");
  }
  Layout L;
  PARQ_RETURN_IF_ERROR(ParseContainer(value, base, true, &L));
  VariantObjectView& o = *out;
  o.v_ = value;
  o.base_ = base;
  o.n_ = L.n;
  o.id_size_ = L.id_size;
  o.off_size_ = L.off_size;
  o.ids_pos_ = L.ids_pos;
  o.offs_pos_ = L.offs_pos;
  o.fields_pos_ = L.fields_pos;
  o.fields_end_ = L.fields_end;
  return Status::OK();
}

Status VariantArrayView::Parse(std::span<const uint8_t> value, size_t base, VariantArrayView* out) {
  if (value.empty() || VariantBasicTypeOf(value[0]) != VariantBasicType::kArray) {
    return Status::InvalidArgument("variant value is not an array");
  }
  Layout L;
  PARQ_RETURN_IF_ERROR(ParseContainer(value, base, false, &L));
  VariantArrayView& a = *out;
  a.v_ = value;
  a.base_ = base;
  a.n_ = L.n;
  a.off_size_ = L.off_size;
  a.offs_pos_ = L.offs_pos;
  a.fields_pos_ = L.fields_pos;
  a.fields_end_ = L.fields_end;
  return Status::OK();
}

Result<size_t> VariantValueSize(std::span<const uint8_t> value) {
  if (value.empty()) return Truncated("value", 1, 0, 0);
  const auto t = VariantBasicTypeOf(value[0]);
  if (t == VariantBasicType::kPrimitive || t == VariantBasicType::kShortString) return ScalarSize(value, 0);
  Layout L;
  PARQ_RETURN_IF_ERROR(ParseContainer(value, 0, t == VariantBasicType::kObject, &L));
  return L.fields_end;
}

}  // namespace parq
