#include "json/leaf_format.h"

#include <cstring>

namespace parq {

namespace {
JsonTimeUnit ToJsonUnit(TimeUnit u) {
  switch (u) {
    case TimeUnit::kMillis: return JsonTimeUnit::kMillis;
    case TimeUnit::kMicros: return JsonTimeUnit::kMicros;
    case TimeUnit::kNanos: return JsonTimeUnit::kNanos;
  }
  return JsonTimeUnit::kMillis;
}
}  // namespace

LeafFormatter::LeafFormatter(const ColumnDescriptor& descriptor) : d_(descriptor) {
  const LogicalType& lt = descriptor.logical_type;
  const bool binary = descriptor.physical_type == PhysicalType::kByteArray ||
                      descriptor.physical_type == PhysicalType::kFixedLenByteArray;
  switch (lt.kind()) {
    case LogicalType::Kind::kUnknown: kind_ = Kind::kNull; break;
    case LogicalType::Kind::kInt: if (!lt.is_signed()) kind_ = Kind::kUnsigned; break;
    case LogicalType::Kind::kDecimal:
      kind_ = Kind::kDecimal;
      scale_ = lt.scale();
      break;
    case LogicalType::Kind::kDate: kind_ = Kind::kDate; break;
    case LogicalType::Kind::kTime:
      kind_ = Kind::kTime;
      unit_ = ToJsonUnit(lt.time_unit());
      break;
    case LogicalType::Kind::kTimestamp:
      kind_ = Kind::kTimestamp;
      unit_ = ToJsonUnit(lt.time_unit());
      utc_ = lt.is_adjusted_to_utc();
      break;
    case LogicalType::Kind::kString:
    case LogicalType::Kind::kEnum:
    case LogicalType::Kind::kJson:
      kind_ = binary ? Kind::kString : Kind::kPhysical;
      break;
    case LogicalType::Kind::kUuid: kind_ = Kind::kUuid; break;
    case LogicalType::Kind::kFloat16: kind_ = Kind::kFloat16; break;
    case LogicalType::Kind::kInterval: kind_ = Kind::kInterval; break;
    default: break;
  }
  // Binary columns print as base64 unless an annotation above says otherwise.
  if (binary && kind_ == Kind::kPhysical) kind_ = Kind::kBase64;
  // Shapes the schema layer should already have refused; never misread bytes.
  if (kind_ == Kind::kUuid && descriptor.type_length != 16) kind_ = Kind::kBase64;
  if (kind_ == Kind::kFloat16 && descriptor.type_length != 2) kind_ = Kind::kBase64;
  if (kind_ == Kind::kInterval && descriptor.type_length != 12) kind_ = Kind::kBase64;
}

Status LeafFormatter::Int32(std::string& out, int32_t v) const {
  switch (kind_) {
    case Kind::kNull: out.append("null"); return Status::OK();
    case Kind::kUnsigned: AppendJsonUInt32(out, static_cast<uint32_t>(v)); return Status::OK();
    case Kind::kDecimal: return AppendJsonDecimal(out, v, scale_);
    case Kind::kDate: AppendJsonDate(out, v); return Status::OK();
    case Kind::kTime: AppendJsonTime(out, v, unit_); return Status::OK();
    case Kind::kTimestamp: AppendJsonTimestamp(out, v, unit_, utc_); return Status::OK();
    default: AppendJsonInt32(out, v); return Status::OK();
  }
}

Status LeafFormatter::Int64(std::string& out, int64_t v) const {
  switch (kind_) {
    case Kind::kNull: out.append("null"); return Status::OK();
    case Kind::kUnsigned: AppendJsonUInt64(out, static_cast<uint64_t>(v)); return Status::OK();
    case Kind::kDecimal: return AppendJsonDecimal(out, v, scale_);
    case Kind::kDate: AppendJsonDate(out, static_cast<int32_t>(v)); return Status::OK();
    case Kind::kTime: AppendJsonTime(out, v, unit_); return Status::OK();
    case Kind::kTimestamp: AppendJsonTimestamp(out, v, unit_, utc_); return Status::OK();
    default: AppendJsonInt64(out, v); return Status::OK();
  }
}

void LeafFormatter::Int96(std::string& out, const parq::Int96& v) const {
  if (kind_ == Kind::kNull) {
    out.append("null");
    return;
  }
  AppendJsonInt96(out, v.nanos(), v.julian_day());
}

Status LeafFormatter::Bytes(std::string& out, std::span<const uint8_t> v) const {
  switch (kind_) {
    case Kind::kNull: out.append("null"); return Status::OK();
    case Kind::kString:
      AppendJsonString(out, {reinterpret_cast<const char*>(v.data()), v.size()});
      return Status::OK();
    case Kind::kDecimal: return AppendJsonDecimal(out, v, scale_);
    case Kind::kUuid: AppendJsonUuid(out, v.data()); return Status::OK();
    case Kind::kFloat16: {
      uint16_t bits;
      std::memcpy(&bits, v.data(), 2);
      AppendJsonFloat16(out, bits);
      return Status::OK();
    }
    case Kind::kInterval: AppendJsonInterval(out, v.data()); return Status::OK();
    default: AppendJsonBase64(out, v); return Status::OK();
  }
}

Status LeafFormatter::Plain(std::string& out, std::span<const uint8_t> b) const {
  auto need = [&](size_t n) -> Status {
    if (b.size() != n) {
      return Status::Corrupt("statistics value of " + std::to_string(b.size()) +
                             " bytes for a " + std::string(PhysicalTypeName(d_.physical_type)) +
                             " column");
    }
    return Status::OK();
  };
  switch (d_.physical_type) {
    case PhysicalType::kBoolean:
      PARQ_RETURN_IF_ERROR(need(1));
      Bool(out, b[0] != 0);
      return Status::OK();
    case PhysicalType::kInt32: {
      PARQ_RETURN_IF_ERROR(need(4));
      int32_t v;
      std::memcpy(&v, b.data(), 4);
      return Int32(out, v);
    }
    case PhysicalType::kInt64: {
      PARQ_RETURN_IF_ERROR(need(8));
      int64_t v;
      std::memcpy(&v, b.data(), 8);
      return Int64(out, v);
    }
    case PhysicalType::kInt96: {
      PARQ_RETURN_IF_ERROR(need(12));
      parq::Int96 v;
      std::memcpy(v.value, b.data(), 12);
      Int96(out, v);
      return Status::OK();
    }
    case PhysicalType::kFloat: {
      PARQ_RETURN_IF_ERROR(need(4));
      float v;
      std::memcpy(&v, b.data(), 4);
      Float(out, v);
      return Status::OK();
    }
    case PhysicalType::kDouble: {
      PARQ_RETURN_IF_ERROR(need(8));
      double v;
      std::memcpy(&v, b.data(), 8);
      Double(out, v);
      return Status::OK();
    }
    case PhysicalType::kFixedLenByteArray:
      // Truncated statistics may be shorter than the type; show those as bytes.
      if (d_.type_length >= 0 && b.size() != static_cast<size_t>(d_.type_length)) {
        AppendJsonBase64(out, b);
        return Status::OK();
      }
      return Bytes(out, b);
    case PhysicalType::kByteArray:
      return Bytes(out, b);
  }
  return Status::Corrupt("unknown physical type");
}

}  // namespace parq
