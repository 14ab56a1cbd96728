// LogicalType: constructors, text form, the compatibility tables of
// LogicalTypes.md, and the physical-type validity rules.
#include "parq/logical_type.h"

#include "schema/schema_internal.h"

#include <array>
#include <charconv>
#include <cmath>
#include <string>
#include <vector>

namespace parq {

namespace {

constexpr std::array<std::string_view, 22> kConvertedNames = {
    "UTF8",        "MAP",         "MAP_KEY_VALUE",    "LIST",   "ENUM",   "DECIMAL",
    "DATE",        "TIME_MILLIS", "TIME_MICROS",      "TIMESTAMP_MILLIS", "TIMESTAMP_MICROS",
    "UINT_8",      "UINT_16",     "UINT_32",          "UINT_64", "INT_8",  "INT_16",
    "INT_32",      "INT_64",      "JSON",             "BSON",   "INTERVAL"};

std::string_view KindName(LogicalType::Kind k) {
  using K = LogicalType::Kind;
  switch (k) {
    case K::kNone: return "NONE";
    case K::kString: return "STRING";
    case K::kMap: return "MAP";
    case K::kList: return "LIST";
    case K::kEnum: return "ENUM";
    case K::kDecimal: return "DECIMAL";
    case K::kDate: return "DATE";
    case K::kTime: return "TIME";
    case K::kTimestamp: return "TIMESTAMP";
    case K::kInterval: return "INTERVAL";
    case K::kInt: return "INTEGER";
    case K::kUnknown: return "UNKNOWN";
    case K::kJson: return "JSON";
    case K::kBson: return "BSON";
    case K::kUuid: return "UUID";
    case K::kFloat16: return "FLOAT16";
    case K::kVariant: return "VARIANT";
    case K::kGeometry: return "GEOMETRY";
    case K::kGeography: return "GEOGRAPHY";
    case K::kFile: return "FILE";
  }
  return "UNKNOWN";
}

bool ParseInt(std::string_view s, int64_t* out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && p == s.data() + s.size();
}

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// Splits "a,b" at commas outside double quotes.
std::vector<std::string_view> SplitParams(std::string_view inner) {
  std::vector<std::string_view> out;
  bool quoted = false;
  size_t start = 0;
  for (size_t i = 0; i < inner.size(); ++i) {
    char c = inner[i];
    if (quoted && c == '\\') {
      ++i;
    } else if (c == '"') {
      quoted = !quoted;
    } else if (c == ',' && !quoted) {
      out.push_back(Trim(inner.substr(start, i - start)));
      start = i + 1;
    }
  }
  out.push_back(Trim(inner.substr(start)));
  return out;
}

bool ParseBool(std::string_view s, bool* out) {
  if (s == "true" || s == "TRUE" || s == "True") return *out = true, true;
  if (s == "false" || s == "FALSE" || s == "False") return *out = false, true;
  return false;
}

bool ParseUnit(std::string_view s, TimeUnit* out) {
  if (s == "MILLIS") return *out = TimeUnit::kMillis, true;
  if (s == "MICROS") return *out = TimeUnit::kMicros, true;
  if (s == "NANOS") return *out = TimeUnit::kNanos, true;
  return false;
}

}  // namespace

std::string_view ConvertedTypeName(ConvertedType t) {
  if (t == ConvertedType::kNone) return "NONE";
  auto i = static_cast<int32_t>(t);
  if (i < 0 || i >= static_cast<int32_t>(kConvertedNames.size())) return "UNKNOWN";
  return kConvertedNames[static_cast<size_t>(i)];
}

std::optional<ConvertedType> ConvertedTypeFromName(std::string_view name) {
  for (size_t i = 0; i < kConvertedNames.size(); ++i) {
    if (kConvertedNames[i] == name) return static_cast<ConvertedType>(i);
  }
  return std::nullopt;
}

std::string_view TimeUnitName(TimeUnit u) {
  switch (u) {
    case TimeUnit::kMillis: return "MILLIS";
    case TimeUnit::kMicros: return "MICROS";
    case TimeUnit::kNanos: return "NANOS";
  }
  return "UNKNOWN";
}

std::string_view EdgeAlgorithmName(EdgeAlgorithm a) {
  switch (a) {
    case EdgeAlgorithm::kSpherical: return "SPHERICAL";
    case EdgeAlgorithm::kVincenty: return "VINCENTY";
    case EdgeAlgorithm::kThomas: return "THOMAS";
    case EdgeAlgorithm::kAndoyer: return "ANDOYER";
    case EdgeAlgorithm::kKarney: return "KARNEY";
  }
  return "UNKNOWN";
}

LogicalType LogicalType::Decimal(int32_t precision, int32_t scale) {
  LogicalType t(Kind::kDecimal);
  t.precision_ = precision;
  t.scale_ = scale;
  return t;
}

LogicalType LogicalType::Time(TimeUnit unit, bool adjusted_to_utc) {
  LogicalType t(Kind::kTime);
  t.unit_ = unit;
  t.utc_ = adjusted_to_utc;
  return t;
}

LogicalType LogicalType::Timestamp(TimeUnit unit, bool adjusted_to_utc) {
  LogicalType t(Kind::kTimestamp);
  t.unit_ = unit;
  t.utc_ = adjusted_to_utc;
  return t;
}

LogicalType LogicalType::Int(int bit_width, bool is_signed) {
  LogicalType t(Kind::kInt);
  t.bit_width_ = bit_width;
  t.is_signed_ = is_signed;
  return t;
}

LogicalType LogicalType::Variant(std::optional<int8_t> spec_version) {
  LogicalType t(Kind::kVariant);
  t.variant_version_ = spec_version;
  return t;
}

LogicalType LogicalType::Geometry(std::string crs) {
  LogicalType t(Kind::kGeometry);
  t.crs_.assign(std::move(crs));
  return t;
}

LogicalType LogicalType::Geography(std::string crs, std::optional<EdgeAlgorithm> algorithm) {
  LogicalType t(Kind::kGeography);
  t.crs_.assign(std::move(crs));
  t.algorithm_ = algorithm;
  return t;
}

std::string LogicalType::ToString() const {
  std::string s(KindName(kind_));
  switch (kind_) {
    case Kind::kDecimal:
      s += "(" + std::to_string(precision_) + "," + std::to_string(scale_) + ")";
      break;
    case Kind::kTime:
    case Kind::kTimestamp:
      s += "(";
      s += TimeUnitName(unit_);
      s += utc_ ? ",true)" : ",false)";
      break;
    case Kind::kInt:
      s += "(" + std::to_string(bit_width_) + (is_signed_ ? ",true)" : ",false)");
      break;
    case Kind::kVariant:
      if (variant_version_) s += "(" + std::to_string(*variant_version_) + ")";
      break;
    case Kind::kGeometry:
      if (!crs_.empty()) s += "(" + QuoteIfNeeded(crs_.str()) + ")";
      break;
    case Kind::kGeography:
      if (!crs_.empty() || algorithm_) {
        s += "(" + QuoteIfNeeded(crs_.str());
        if (algorithm_) {
          s += ",";
          s += EdgeAlgorithmName(*algorithm_);
        }
        s += ")";
      }
      break;
    default:
      break;
  }
  return s;
}

Result<LogicalType> LogicalType::Parse(std::string_view text) {
  text = Trim(text);
  std::string_view name = text;
  std::vector<std::string_view> params;
  bool has_params = false;
  if (size_t open = text.find('('); open != std::string_view::npos) {
    if (text.back() != ')') return Status::InvalidArgument("logical type '" + std::string(text) + "': missing ')'");
    has_params = true;
    name = Trim(text.substr(0, open));
    params = SplitParams(text.substr(open + 1, text.size() - open - 2));
  }
  auto bad = [&](std::string_view why) {
    return Status::InvalidArgument("logical type '" + std::string(text) + "': " + std::string(why));
  };
  auto no_params = [&](LogicalType t) -> Result<LogicalType> {
    if (has_params) return bad("takes no parameters");
    return t;
  };
  if (name == "STRING") return no_params(String());
  if (name == "MAP") return no_params(Map());
  if (name == "LIST") return no_params(List());
  if (name == "ENUM") return no_params(Enum());
  if (name == "DATE") return no_params(Date());
  if (name == "INTERVAL") return no_params(Interval());
  if (name == "UNKNOWN") return no_params(Unknown());
  if (name == "JSON") return no_params(Json());
  if (name == "BSON") return no_params(Bson());
  if (name == "UUID") return no_params(Uuid());
  if (name == "FLOAT16") return no_params(Float16());
  if (name == "FILE") return no_params(File());
  if (name == "DECIMAL") {
    int64_t p = 0, s = 0;
    if (params.size() != 2 || !ParseInt(params[0], &p) || !ParseInt(params[1], &s) || p < 1 ||
        p > INT32_MAX || s < 0 || s > p) {
      return bad("expected DECIMAL(precision,scale) with 1 <= precision and 0 <= scale <= precision");
    }
    return Decimal(static_cast<int32_t>(p), static_cast<int32_t>(s));
  }
  if (name == "TIME" || name == "TIMESTAMP") {
    TimeUnit u;
    bool utc;
    if (params.size() != 2 || !ParseUnit(params[0], &u) || !ParseBool(params[1], &utc)) {
      return bad("expected (MILLIS|MICROS|NANOS,true|false)");
    }
    return name == "TIME" ? Time(u, utc) : Timestamp(u, utc);
  }
  if (name == "INTEGER" || name == "INT") {
    int64_t w = 0;
    bool sign;
    if (params.size() != 2 || !ParseInt(params[0], &w) || !ParseBool(params[1], &sign) ||
        (w != 8 && w != 16 && w != 32 && w != 64)) {
      return bad("expected INTEGER(8|16|32|64,true|false)");
    }
    return Int(static_cast<int>(w), sign);
  }
  if (name == "VARIANT") {
    if (!has_params) return Variant();
    int64_t v = 0;
    if (params.size() != 1 || !ParseInt(params[0], &v) || v < INT8_MIN || v > INT8_MAX) {
      return bad("expected VARIANT(version)");
    }
    return Variant(static_cast<int8_t>(v));
  }
  if (name == "GEOMETRY") {
    if (!has_params) return Geometry();
    std::string crs;
    if (params.size() != 1 || !Unquote(params[0], &crs)) return bad("expected GEOMETRY(crs)");
    return Geometry(std::move(crs));
  }
  if (name == "GEOGRAPHY") {
    if (!has_params) return Geography();
    std::string crs;
    if (params.size() > 2 || !Unquote(params[0], &crs)) return bad("expected GEOGRAPHY(crs,algorithm)");
    std::optional<EdgeAlgorithm> algo;
    if (params.size() == 2) {
      for (int i = 0; i <= 4; ++i) {
        if (EdgeAlgorithmName(static_cast<EdgeAlgorithm>(i)) == params[1]) algo = static_cast<EdgeAlgorithm>(i);
      }
      if (!algo) return bad("unknown edge algorithm");
    }
    return Geography(std::move(crs), algo);
  }
  return bad("unknown logical type");
}

// Backward compatibility: what an old file's ConvertedType means.
//   UTF8 -> STRING; ENUM, JSON, BSON, DATE, LIST, MAP, INTERVAL -> same;
//   DECIMAL -> DECIMAL(SchemaElement.precision, SchemaElement.scale or 0);
//   TIME_MILLIS/MICROS -> TIME(unit, isAdjustedToUTC = true);
//   TIMESTAMP_MILLIS/MICROS -> TIMESTAMP(unit, isAdjustedToUTC = true);
//   INT_n -> INT(n, signed); UINT_n -> INT(n, unsigned).
Result<LogicalType> LogicalType::FromConvertedType(ConvertedType t, std::optional<int32_t> scale,
                                                   std::optional<int32_t> precision) {
  switch (t) {
    case ConvertedType::kNone: return None();
    case ConvertedType::kUtf8: return String();
    case ConvertedType::kMap: return Map();
    case ConvertedType::kMapKeyValue: return None();
    case ConvertedType::kList: return List();
    case ConvertedType::kEnum: return Enum();
    case ConvertedType::kDecimal: {
      if (!precision) return Status::Corrupt("DECIMAL without precision");
      LogicalType d = Decimal(*precision, scale.value_or(0));
      PARQ_RETURN_IF_ERROR(d.Validate());
      return d;
    }
    case ConvertedType::kDate: return Date();
    case ConvertedType::kTimeMillis: return Time(TimeUnit::kMillis, true);
    case ConvertedType::kTimeMicros: return Time(TimeUnit::kMicros, true);
    case ConvertedType::kTimestampMillis: return Timestamp(TimeUnit::kMillis, true);
    case ConvertedType::kTimestampMicros: return Timestamp(TimeUnit::kMicros, true);
    case ConvertedType::kUint8: return Int(8, false);
    case ConvertedType::kUint16: return Int(16, false);
    case ConvertedType::kUint32: return Int(32, false);
    case ConvertedType::kUint64: return Int(64, false);
    case ConvertedType::kInt8: return Int(8, true);
    case ConvertedType::kInt16: return Int(16, true);
    case ConvertedType::kInt32: return Int(32, true);
    case ConvertedType::kInt64: return Int(64, true);
    case ConvertedType::kJson: return Json();
    case ConvertedType::kBson: return Bson();
    case ConvertedType::kInterval: return Interval();
  }
  return Status::Unsupported("unknown converted type " + std::to_string(static_cast<int32_t>(t)));
}

// Forward compatibility: the ConvertedType a writer stores beside the LogicalType.
//   TIME/TIMESTAMP: MILLIS and MICROS map to the legacy annotation whatever
//   isAdjustedToUTC says (the format asks writers to annotate local times
//   too); NANOS has none.  INT(n, s) -> INT_n / UINT_n.  UUID, FLOAT16,
//   UNKNOWN, VARIANT, GEOMETRY, GEOGRAPHY have no counterpart.
ConvertedType LogicalType::ToConvertedType() const {
  switch (kind_) {
    case Kind::kNone: return ConvertedType::kNone;
    case Kind::kString: return ConvertedType::kUtf8;
    case Kind::kMap: return ConvertedType::kMap;
    case Kind::kList: return ConvertedType::kList;
    case Kind::kEnum: return ConvertedType::kEnum;
    case Kind::kDecimal: return ConvertedType::kDecimal;
    case Kind::kDate: return ConvertedType::kDate;
    case Kind::kTime:
      if (unit_ == TimeUnit::kMillis) return ConvertedType::kTimeMillis;
      if (unit_ == TimeUnit::kMicros) return ConvertedType::kTimeMicros;
      return ConvertedType::kNone;
    case Kind::kTimestamp:
      if (unit_ == TimeUnit::kMillis) return ConvertedType::kTimestampMillis;
      if (unit_ == TimeUnit::kMicros) return ConvertedType::kTimestampMicros;
      return ConvertedType::kNone;
    case Kind::kInterval: return ConvertedType::kInterval;
    case Kind::kInt:
      switch (bit_width_) {
        case 8: return is_signed_ ? ConvertedType::kInt8 : ConvertedType::kUint8;
        case 16: return is_signed_ ? ConvertedType::kInt16 : ConvertedType::kUint16;
        case 32: return is_signed_ ? ConvertedType::kInt32 : ConvertedType::kUint32;
        case 64: return is_signed_ ? ConvertedType::kInt64 : ConvertedType::kUint64;
        default: return ConvertedType::kNone;
      }
    case Kind::kJson: return ConvertedType::kJson;
    case Kind::kBson: return ConvertedType::kBson;
    case Kind::kUnknown:
    case Kind::kUuid:
    case Kind::kFloat16:
    case Kind::kVariant:
    case Kind::kGeometry:
    case Kind::kGeography:
    case Kind::kFile: return ConvertedType::kNone;
  }
  return ConvertedType::kNone;
}

Status LogicalType::Validate() const {
  if (kind_ == Kind::kDecimal) {
    // Precision is a non-zero positive integer; scale is zero or positive and
    // not above the precision.
    if (precision_ < 1) {
      return Status::Corrupt("DECIMAL precision " + std::to_string(precision_) + " is not positive");
    }
    if (scale_ < 0 || scale_ > precision_) {
      return Status::Corrupt("DECIMAL scale " + std::to_string(scale_) + " is outside 0.." +
                             std::to_string(precision_));
    }
  }
  if (kind_ == Kind::kInt && bit_width_ != 8 && bit_width_ != 16 && bit_width_ != 32 && bit_width_ != 64) {
    return Status::Corrupt("INTEGER bit width " + std::to_string(bit_width_) + " is not 8, 16, 32 or 64");
  }
  return Status::OK();
}

int32_t MaxDecimalPrecisionForLength(int32_t length) {
  if (length <= 0) return 0;
  // floor(log10(2^(8n-1) - 1)) == floor((8n-1) * log10(2)): 2^k is never a power of ten.
  double digits = std::floor((8.0 * length - 1.0) * std::log10(2.0));
  return digits > INT32_MAX ? INT32_MAX : static_cast<int32_t>(digits);
}

// Which physical types each annotation may annotate (LogicalTypes.md):
//   STRING, ENUM, JSON, BSON, GEOMETRY, GEOGRAPHY: BYTE_ARRAY
//   UUID: FIXED_LEN_BYTE_ARRAY(16); FLOAT16: FIXED_LEN_BYTE_ARRAY(2); INTERVAL: FIXED_LEN_BYTE_ARRAY(12)
//   DATE: INT32;  TIMESTAMP: INT64;  TIME(MILLIS): INT32, TIME(MICROS|NANOS): INT64
//   INT(8|16|32): INT32, INT(64): INT64
//   DECIMAL: INT32 (precision <= 9), INT64 (<= 18), FIXED_LEN_BYTE_ARRAY(n)
//            (<= floor(log10(2^(8n-1) - 1))), BYTE_ARRAY (any)
//   UNKNOWN: any physical type.  LIST, MAP, VARIANT, FILE: groups only.
Status LogicalType::CheckApplicable(PhysicalType physical, int32_t type_length) const {
  PARQ_RETURN_IF_ERROR(Validate());
  auto fail = [&](std::string_view need) {
    std::string on(PhysicalTypeName(physical));
    if (physical == PhysicalType::kFixedLenByteArray) on += "(" + std::to_string(type_length) + ")";
    return Status::Corrupt(ToString() + " cannot annotate " + on + ": needs " + std::string(need));
  };
  const bool flba = physical == PhysicalType::kFixedLenByteArray;
  switch (kind_) {
    case Kind::kNone:
    case Kind::kUnknown: return Status::OK();
    case Kind::kString:
    case Kind::kEnum:
    case Kind::kJson:
    case Kind::kBson:
    case Kind::kGeometry:
    case Kind::kGeography:
      return physical == PhysicalType::kByteArray ? Status::OK() : fail("BYTE_ARRAY");
    case Kind::kUuid: return flba && type_length == 16 ? Status::OK() : fail("FIXED_LEN_BYTE_ARRAY(16)");
    case Kind::kFloat16: return flba && type_length == 2 ? Status::OK() : fail("FIXED_LEN_BYTE_ARRAY(2)");
    case Kind::kInterval: return flba && type_length == 12 ? Status::OK() : fail("FIXED_LEN_BYTE_ARRAY(12)");
    case Kind::kDate: return physical == PhysicalType::kInt32 ? Status::OK() : fail("INT32");
    case Kind::kTimestamp: return physical == PhysicalType::kInt64 ? Status::OK() : fail("INT64");
    case Kind::kTime:
      if (unit_ == TimeUnit::kMillis) return physical == PhysicalType::kInt32 ? Status::OK() : fail("INT32");
      return physical == PhysicalType::kInt64 ? Status::OK() : fail("INT64");
    case Kind::kInt:
      if (bit_width_ == 64) return physical == PhysicalType::kInt64 ? Status::OK() : fail("INT64");
      return physical == PhysicalType::kInt32 ? Status::OK() : fail("INT32");
    case Kind::kDecimal:
      switch (physical) {
        case PhysicalType::kInt32: return precision_ <= 9 ? Status::OK() : fail("precision <= 9 on INT32");
        case PhysicalType::kInt64: return precision_ <= 18 ? Status::OK() : fail("precision <= 18 on INT64");
        case PhysicalType::kByteArray: return Status::OK();
        case PhysicalType::kFixedLenByteArray: {
          int32_t max = MaxDecimalPrecisionForLength(type_length);
          if (precision_ <= max) return Status::OK();
          return fail("precision <= " + std::to_string(max) + " for " + std::to_string(type_length) + " bytes");
        }
        default: return fail("INT32, INT64, BYTE_ARRAY or FIXED_LEN_BYTE_ARRAY");
      }
    case Kind::kList:
    case Kind::kMap:
    case Kind::kVariant:
    case Kind::kFile: return fail("a group");
  }
  return fail("a known annotation");
}

Status LogicalType::CheckApplicableToGroup() const {
  if (kind_ == Kind::kNone || is_nested()) return Status::OK();
  return Status::Corrupt(ToString() + " cannot annotate a group");
}

}  // namespace parq
