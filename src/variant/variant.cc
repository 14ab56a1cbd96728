// variant/variant.cc — the public Variant value type (parq/variant.h):
// factories, object fields, equality and the typed text.  The bytes live in
// variant_codec.cc.
#include <algorithm>
#include <cstring>

#include "parq/variant.h"

namespace parq {

namespace {

// 10^38: decimal16 holds at most 38 digits.
constexpr __int128 kPow10_38 = static_cast<__int128>(10000000000000000000ULL) * 10000000000000000000ULL;

Status CheckScale(int scale) {
  if (scale < 0 || scale > 38) {
    return Status::InvalidArgument("variant decimal scale " + std::to_string(scale) + " is outside [0, 38]");
  }
  return Status::OK();
}

std::string Int128Text(__int128 v) {
  const bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  do {
    s.push_back(static_cast<char>('0' + static_cast<int>(u % 10)));
    u /= 10;
  } while (u != 0);
  if (neg) s.push_back('-');
  std::reverse(s.begin(), s.end());
  return s;
}

void AppendQuoted(std::string& out, std::string_view s) {
  out.push_back('"');
  for (char c : s) {
    if (c == '"' || c == '\\') out.push_back('\\');
    out.push_back(c);
  }
  out.push_back('"');
}

void AppendText(std::string& out, const Variant& v) {
  switch (v.type()) {
    case VariantType::kObject: {
      out.push_back('{');
      for (size_t i = 0; i < v.size(); ++i) {
        if (i) out.append(", ");
        AppendQuoted(out, v.key(i));
        out.append(": ");
        AppendText(out, v.field(i));
      }
      out.push_back('}');
      return;
    }
    case VariantType::kArray: {
      out.push_back('[');
      for (size_t i = 0; i < v.size(); ++i) {
        if (i) out.append(", ");
        AppendText(out, v.element(i));
      }
      out.push_back(']');
      return;
    }
    default: break;
  }
  out.append(VariantTypeName(v.type()));
  switch (v.type()) {
    case VariantType::kNull: return;
    case VariantType::kBoolean: out.append(v.bool_value() ? " true" : " false"); return;
    case VariantType::kFloat: out.append(" " + std::to_string(v.float_value())); return;
    case VariantType::kDouble: out.append(" " + std::to_string(v.double_value())); return;
    case VariantType::kDecimal4:
    case VariantType::kDecimal8:
    case VariantType::kDecimal16:
      out.append(" " + Int128Text(v.decimal_unscaled()) + "e-" + std::to_string(v.decimal_scale()));
      return;
    case VariantType::kString: out.push_back(' '); AppendQuoted(out, v.bytes()); return;
    case VariantType::kBinary:
    case VariantType::kUuid: {
      static const char kHex[] = "0123456789abcdef";
      out.push_back(' ');
      for (unsigned char c : v.bytes()) {
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 15]);
      }
      return;
    }
    default: out.append(" " + std::to_string(v.int_value())); return;
  }
}

}  // namespace

const char* VariantTypeName(VariantType t) {
  switch (t) {
    case VariantType::kNull: return "null";
    case VariantType::kBoolean: return "boolean";
    case VariantType::kInt8: return "int8";
    case VariantType::kInt16: return "int16";
    case VariantType::kInt32: return "int32";
    case VariantType::kInt64: return "int64";
    case VariantType::kFloat: return "float";
    case VariantType::kDouble: return "double";
    case VariantType::kDecimal4: return "decimal4";
    case VariantType::kDecimal8: return "decimal8";
    case VariantType::kDecimal16: return "decimal16";
    case VariantType::kDate: return "date";
    case VariantType::kTime: return "time";
    case VariantType::kTimestampMicros: return "timestamp_micros";
    case VariantType::kTimestampNtzMicros: return "timestamp_ntz_micros";
    case VariantType::kTimestampNanos: return "timestamp_nanos";
    case VariantType::kTimestampNtzNanos: return "timestamp_ntz_nanos";
    case VariantType::kString: return "string";
    case VariantType::kBinary: return "binary";
    case VariantType::kUuid: return "uuid";
    case VariantType::kObject: return "object";
    case VariantType::kArray: return "array";
  }
  return "unknown";
}

Variant Variant::Bool(bool v) {
  Variant x(VariantType::kBoolean);
  x.int_ = v ? 1 : 0;
  return x;
}

Variant Variant::Float(float v) {
  Variant x(VariantType::kFloat);
  x.float_ = v;
  return x;
}

Variant Variant::Double(double v) {
  Variant x(VariantType::kDouble);
  x.double_ = v;
  return x;
}

Result<Variant> Variant::Decimal(VariantType t, __int128 unscaled, int scale) {
  PARQ_RETURN_IF_ERROR(CheckScale(scale));
  if (unscaled >= kPow10_38 || unscaled <= -kPow10_38) {
    return Status::InvalidArgument("variant decimal16 unscaled value " + Int128Text(unscaled) +
                                   " has more than 38 digits");
  }
  Variant x(t);
  x.int_ = unscaled;
  x.scale_ = static_cast<uint8_t>(scale);
  return x;
}

Result<Variant> Variant::Decimal4(int32_t unscaled, int scale) { return Decimal(VariantType::kDecimal4, unscaled, scale); }
Result<Variant> Variant::Decimal8(int64_t unscaled, int scale) { return Decimal(VariantType::kDecimal8, unscaled, scale); }
Result<Variant> Variant::Decimal16(__int128 unscaled, int scale) {
  return Decimal(VariantType::kDecimal16, unscaled, scale);
}

Variant Variant::String(std::string utf8) {
  Variant x(VariantType::kString);
  x.bytes_ = std::move(utf8);
  return x;
}

Variant Variant::Binary(std::string bytes) {
  Variant x(VariantType::kBinary);
  x.bytes_ = std::move(bytes);
  return x;
}

Variant Variant::Uuid(const std::array<uint8_t, 16>& bytes) {
  Variant x(VariantType::kUuid);
  x.bytes_.assign(reinterpret_cast<const char*>(bytes.data()), bytes.size());
  return x;
}

Variant Variant::Array(std::vector<Variant> elements) {
  Variant x(VariantType::kArray);
  x.items_ = std::move(elements);
  return x;
}

Result<Variant> Variant::ObjectOf(std::vector<std::pair<std::string, Variant>> fields) {
  std::sort(fields.begin(), fields.end(), [](const auto& a, const auto& b) { return a.first < b.first; });
  Variant x(VariantType::kObject);
  x.keys_.reserve(fields.size());
  x.items_.reserve(fields.size());
  for (auto& [key, value] : fields) {
    if (!x.keys_.empty() && x.keys_.back() == key) {
      return Status::InvalidArgument("variant object has the key '" + key + "' twice");
    }
    x.keys_.push_back(std::move(key));
    x.items_.push_back(std::move(value));
  }
  return x;
}

const Variant* Variant::Find(std::string_view key) const {
  auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
  if (it == keys_.end() || *it != key) return nullptr;
  return &items_[static_cast<size_t>(it - keys_.begin())];
}

Variant& Variant::Set(std::string_view key, Variant v) {
  // std::string's < compares as unsigned bytes (char_traits<char>::lt), the
  // spec's order.
  auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
  const size_t i = static_cast<size_t>(it - keys_.begin());
  if (it != keys_.end() && *it == key) {
    items_[i] = std::move(v);
  } else {
    keys_.insert(it, std::string(key));
    items_.insert(items_.begin() + static_cast<std::ptrdiff_t>(i), std::move(v));
  }
  return items_[i];
}

bool Variant::Erase(std::string_view key) {
  auto it = std::lower_bound(keys_.begin(), keys_.end(), key);
  if (it == keys_.end() || *it != key) return false;
  items_.erase(items_.begin() + (it - keys_.begin()));
  keys_.erase(it);
  return true;
}

bool operator==(const Variant& a, const Variant& b) {
  if (a.type_ != b.type_) return false;
  switch (a.type_) {
    case VariantType::kFloat: return std::memcmp(&a.float_, &b.float_, sizeof(float)) == 0;
    case VariantType::kDouble: return std::memcmp(&a.double_, &b.double_, sizeof(double)) == 0;
    case VariantType::kString:
    case VariantType::kBinary:
    case VariantType::kUuid: return a.bytes_ == b.bytes_;
    case VariantType::kObject: return a.keys_ == b.keys_ && a.items_ == b.items_;
    case VariantType::kArray: return a.items_ == b.items_;
    default: return a.int_ == b.int_ && a.scale_ == b.scale_;
  }
}

std::string Variant::ToString() const {
  std::string out;
  AppendText(out, *this);
  return out;
}

}  // namespace parq
