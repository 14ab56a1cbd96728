// variant/variant_codec.cc — see variant_codec.h; EncodeVariant and
// DecodeVariant of parq/variant.h.
#include "variant/variant_codec.h"

#include <cstring>

#include "variant/bytes.h"
#include "variant/value.h"

namespace parq {

namespace {

std::string_view AsView(std::span<const uint8_t> b) { return {reinterpret_cast<const char*>(b.data()), b.size()}; }

// The little-endian two's complement of `v` in `n` bytes after a scale byte.
std::string DecimalPayload(const Variant& v, int n) {
  std::string p(1, static_cast<char>(v.decimal_scale()));
  const unsigned __int128 u = static_cast<unsigned __int128>(v.decimal_unscaled());
  for (int i = 0; i < n; ++i) p.push_back(static_cast<char>(static_cast<uint8_t>(u >> (8 * i))));
  return p;
}

std::string IntPayload(int64_t v, int n) {
  std::string p;
  variant_internal::PutLE(&p, static_cast<uint64_t>(v), n);
  return p;
}

__int128 SignExtend(std::span<const uint8_t> le) {
  unsigned __int128 u = 0;
  for (size_t i = 0; i < le.size(); ++i) u |= static_cast<unsigned __int128>(le[i]) << (8 * i);
  const unsigned bits = static_cast<unsigned>(le.size() * 8);
  if (bits < 128 && (u >> (bits - 1)) & 1) u |= ~static_cast<unsigned __int128>(0) << bits;
  return static_cast<__int128>(u);
}

}  // namespace

void CollectVariantKeys(const Variant& v, VariantKeyIds* seen, std::vector<std::string_view>* order) {
  if (v.is_object()) {
    for (size_t i = 0; i < v.size(); ++i) {
      auto [it, added] = seen->emplace(v.key(i), 0);
      if (added) order->push_back(it->first);
      CollectVariantKeys(v.field(i), seen, order);
    }
  } else if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) CollectVariantKeys(v.element(i), seen, order);
  }
}

void BuildVariantDictionary(VariantKeyIds* ids, const std::vector<std::string_view>& order, bool sorted,
                            std::string* metadata) {
  if (sorted) {
    BuildVariantMetadata(ids, metadata);
    return;
  }
  for (size_t i = 0; i < order.size(); ++i) (*ids)[std::string(order[i])] = static_cast<uint32_t>(i);
  BuildVariantMetadataInOrder(order, metadata);
}

Status AppendVariant(const Variant& v, const VariantKeyIds& ids, VariantValueBuilder* b) {
  using P = VariantPrimitive;
  switch (v.type()) {
    case VariantType::kNull: b->Null(); return Status::OK();
    case VariantType::kBoolean: b->Bool(v.bool_value()); return Status::OK();
    case VariantType::kInt8: b->Primitive(P::kInt8, IntPayload(v.int_value(), 1)); return Status::OK();
    case VariantType::kInt16: b->Primitive(P::kInt16, IntPayload(v.int_value(), 2)); return Status::OK();
    case VariantType::kInt32: b->Primitive(P::kInt32, IntPayload(v.int_value(), 4)); return Status::OK();
    case VariantType::kInt64: b->Primitive(P::kInt64, IntPayload(v.int_value(), 8)); return Status::OK();
    case VariantType::kDate: b->Primitive(P::kDate, IntPayload(v.int_value(), 4)); return Status::OK();
    case VariantType::kTime: b->Primitive(P::kTimeNtzMicros, IntPayload(v.int_value(), 8)); return Status::OK();
    case VariantType::kTimestampMicros:
      b->Primitive(P::kTimestampMicros, IntPayload(v.int_value(), 8));
      return Status::OK();
    case VariantType::kTimestampNtzMicros:
      b->Primitive(P::kTimestampNtzMicros, IntPayload(v.int_value(), 8));
      return Status::OK();
    case VariantType::kTimestampNanos:
      b->Primitive(P::kTimestampNanos, IntPayload(v.int_value(), 8));
      return Status::OK();
    case VariantType::kTimestampNtzNanos:
      b->Primitive(P::kTimestampNtzNanos, IntPayload(v.int_value(), 8));
      return Status::OK();
    case VariantType::kFloat: {
      const float f = v.float_value();
      b->Primitive(P::kFloat, std::string_view(reinterpret_cast<const char*>(&f), 4));
      return Status::OK();
    }
    case VariantType::kDouble: {
      const double d = v.double_value();
      b->Primitive(P::kDouble, std::string_view(reinterpret_cast<const char*>(&d), 8));
      return Status::OK();
    }
    case VariantType::kDecimal4: b->Primitive(P::kDecimal4, DecimalPayload(v, 4)); return Status::OK();
    case VariantType::kDecimal8: b->Primitive(P::kDecimal8, DecimalPayload(v, 8)); return Status::OK();
    case VariantType::kDecimal16: b->Primitive(P::kDecimal16, DecimalPayload(v, 16)); return Status::OK();
    case VariantType::kString: return b->String(v.bytes());
    case VariantType::kBinary: return b->Binary(v.bytes());
    case VariantType::kUuid:
      if (v.bytes().size() != 16) return Status::InvalidArgument("variant uuid of " + std::to_string(v.bytes().size()) + " bytes");
      b->Primitive(P::kUuid, v.bytes());
      return Status::OK();
    case VariantType::kArray:
      b->BeginArray();
      for (size_t i = 0; i < v.size(); ++i) PARQ_RETURN_IF_ERROR(AppendVariant(v.element(i), ids, b));
      return b->EndArray();
    case VariantType::kObject:
      b->BeginObject();
      for (size_t i = 0; i < v.size(); ++i) {
        auto it = ids.find(v.key(i));
        if (it == ids.end()) {
          return Status::InvalidArgument("variant key '" + v.key(i) + "' is not in the metadata dictionary");
        }
        b->Key(it->first, it->second);
        PARQ_RETURN_IF_ERROR(AppendVariant(v.field(i), ids, b));
      }
      return b->EndObject();
  }
  return Status::Internal("unknown variant type");
}

Status EncodeVariantValue(const Variant& v, const VariantKeyIds& ids, std::string* value) {
  VariantValueBuilder b(value);
  return AppendVariant(v, ids, &b);
}

Status EncodeVariant(const Variant& v, std::string* metadata, std::string* value, const VariantEncodeOptions& options) {
  VariantKeyIds ids;
  std::vector<std::string_view> order;
  CollectVariantKeys(v, &ids, &order);
  BuildVariantDictionary(&ids, order, options.sort_dictionary, metadata);
  value->clear();
  return EncodeVariantValue(v, ids, value);
}

// ---- decoding ----

Status VariantDecoder::Count(int depth) {
  if (depth > limits_.max_depth) {
    return Status::LimitExceeded("variant nested deeper than " + std::to_string(limits_.max_depth) + " levels");
  }
  if (++values_ > limits_.max_values) {
    return Status::LimitExceeded("variant has more than " + std::to_string(limits_.max_values) + " values");
  }
  return Status::OK();
}

Status VariantDecoder::Decode(std::span<const uint8_t> value, int depth, Variant* out, size_t base) {
  PARQ_RETURN_IF_ERROR(Count(depth));
  if (value.empty()) return Status::Corrupt("variant value is empty at value byte " + std::to_string(base));
  const VariantBasicType basic = VariantBasicTypeOf(value[0]);
  if (basic == VariantBasicType::kArray) {
    VariantArrayView a;
    PARQ_RETURN_IF_ERROR(VariantArrayView::Parse(value, base, &a));
    std::vector<Variant> items(a.size());
    for (uint32_t i = 0; i < a.size(); ++i) {
      PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> e, a.element(i));
      PARQ_RETURN_IF_ERROR(Decode(e, depth + 1, &items[i], base + a.element_offset(i)));
    }
    *out = Variant::Array(std::move(items));
    return Status::OK();
  }
  if (basic == VariantBasicType::kObject) {
    VariantObjectView o;
    PARQ_RETURN_IF_ERROR(VariantObjectView::Parse(value, base, &o));
    std::vector<std::pair<std::string, Variant>> fields(o.size());
    for (uint32_t i = 0; i < o.size(); ++i) {
      PARQ_ASSIGN_OR_RETURN(std::string_view key, md_.Key(o.field_id(i)));
      fields[i].first.assign(key);
      PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> f, o.field_value(i));
      PARQ_RETURN_IF_ERROR(Decode(f, depth + 1, &fields[i].second, base + o.field_value_offset(i)));
    }
    Result<Variant> obj = Variant::ObjectOf(std::move(fields));
    if (!obj.ok()) return Status::Corrupt(obj.status().message() + " at value byte " + std::to_string(base));
    *out = std::move(obj).value();
    return Status::OK();
  }
  VariantPrimitiveValue p;
  PARQ_RETURN_IF_ERROR(ReadVariantPrimitive(value, &p, base));
  using P = VariantPrimitive;
  switch (p.type) {
    case P::kNull: *out = Variant::Null(); break;
    case P::kTrue:
    case P::kFalse: *out = Variant::Bool(p.bool_value()); break;
    case P::kInt8: *out = Variant::Int8(static_cast<int8_t>(p.int_value)); break;
    case P::kInt16: *out = Variant::Int16(static_cast<int16_t>(p.int_value)); break;
    case P::kInt32: *out = Variant::Int32(static_cast<int32_t>(p.int_value)); break;
    case P::kInt64: *out = Variant::Int64(p.int_value); break;
    case P::kDate: *out = Variant::Date(static_cast<int32_t>(p.int_value)); break;
    case P::kTimeNtzMicros: *out = Variant::Time(p.int_value); break;
    case P::kTimestampMicros: *out = Variant::TimestampMicros(p.int_value); break;
    case P::kTimestampNtzMicros: *out = Variant::TimestampNtzMicros(p.int_value); break;
    case P::kTimestampNanos: *out = Variant::TimestampNanos(p.int_value); break;
    case P::kTimestampNtzNanos: *out = Variant::TimestampNtzNanos(p.int_value); break;
    case P::kFloat: *out = Variant::Float(p.float_value); break;
    case P::kDouble: *out = Variant::Double(p.double_value); break;
    case P::kDecimal4:
    case P::kDecimal8:
    case P::kDecimal16: {
      const __int128 u = SignExtend(p.bytes);
      Result<Variant> d = p.type == P::kDecimal4   ? Variant::Decimal4(static_cast<int32_t>(u), p.scale)
                          : p.type == P::kDecimal8 ? Variant::Decimal8(static_cast<int64_t>(u), p.scale)
                                                   : Variant::Decimal16(u, p.scale);
      if (!d.ok()) return Status::Corrupt(d.status().message() + " at value byte " + std::to_string(base));
      *out = std::move(d).value();
      break;
    }
    case P::kString:
    case P::kBinary:
    case P::kUuid: {
      bytes_ += p.bytes.size();
      if (bytes_ > limits_.max_bytes) {
        return Status::LimitExceeded("variant decodes to more than " + std::to_string(limits_.max_bytes) +
                                     " bytes of strings and binaries");
      }
      if (p.type == P::kString) {
        *out = Variant::String(std::string(AsView(p.bytes)));
      } else if (p.type == P::kBinary) {
        *out = Variant::Binary(std::string(AsView(p.bytes)));
      } else {
        std::array<uint8_t, 16> u;
        std::memcpy(u.data(), p.bytes.data(), 16);
        *out = Variant::Uuid(u);
      }
      break;
    }
  }
  return Status::OK();
}

Result<Variant> DecodeVariant(std::span<const uint8_t> metadata, std::span<const uint8_t> value,
                              const VariantLimits& limits) {
  PARQ_ASSIGN_OR_RETURN(VariantMetadata md, VariantMetadata::Parse(metadata));
  VariantDecoder d(md, limits);
  Variant out;
  PARQ_RETURN_IF_ERROR(d.Decode(value, 0, &out));
  return out;
}

Result<Variant> DecodeVariant(std::string_view metadata, std::string_view value, const VariantLimits& limits) {
  return DecodeVariant(std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(metadata.data()), metadata.size()),
                       std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(value.data()), value.size()), limits);
}

}  // namespace parq
