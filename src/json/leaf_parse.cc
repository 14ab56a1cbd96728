#include "json/leaf_parse.h"

#include <bit>
#include <charconv>
#include <cmath>
#include <cstring>
#include <limits>
#include <string_view>
#include <vector>

#include "parq/json.h"
#include "util/utf8.h"

namespace parq {

namespace {

using Int128 = __int128;

JsonTimeUnit ToJsonUnit(TimeUnit u) {
  switch (u) {
    case TimeUnit::kMillis: return JsonTimeUnit::kMillis;
    case TimeUnit::kMicros: return JsonTimeUnit::kMicros;
    case TimeUnit::kNanos: return JsonTimeUnit::kNanos;
  }
  return JsonTimeUnit::kMillis;
}

int64_t UnitsPerSecond(JsonTimeUnit u) {
  switch (u) {
    case JsonTimeUnit::kMillis: return 1000;
    case JsonTimeUnit::kMicros: return 1000000;
    case JsonTimeUnit::kNanos: return 1000000000;
  }
  return 1000;
}
int FractionDigits(JsonTimeUnit u) {
  switch (u) {
    case JsonTimeUnit::kMillis: return 3;
    case JsonTimeUnit::kMicros: return 6;
    case JsonTimeUnit::kNanos: return 9;
  }
  return 3;
}

Status Bad(std::string_view what, const JsonValue& j) {
  std::string shown = JsonToString(j);
  if (shown.size() > 80) shown = shown.substr(0, 80) + "...";
  return Status::InvalidArgument("expected " + std::string(what) + ", got " + shown);
}

// Howard Hinnant's days_from_civil (proleptic Gregorian, astronomical years).
int64_t DaysFromCivil(int64_t y, unsigned m, unsigned d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m > 2 ? m - 3 : m + 9) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// A cursor over date/time text.
struct Scan {
  std::string_view s;
  size_t i = 0;
  bool Eat(char c) {
    if (i < s.size() && s[i] == c) {
      ++i;
      return true;
    }
    return false;
  }
  // n digits exactly (n > 0), or from n up to kMaxDigits when `more` (more
  // digits are refused: no value of any column needs them, and the callers'
  // arithmetic must not overflow).
  static constexpr size_t kMaxDigits = 10;
  bool Digits(size_t n, bool more, int64_t* v) {
    size_t start = i;
    int64_t x = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9' && (more || i - start < n)) {
      if (i - start == kMaxDigits) return false;
      x = x * 10 + (s[i] - '0');
      ++i;
    }
    *v = x;
    return i - start >= n;
  }
  // ".ddd" with at most `digits` digits (padded), or nothing.
  bool Fraction(int digits, int64_t* v) {
    *v = 0;
    if (!Eat('.')) return true;
    int n = 0;
    while (i < s.size() && s[i] >= '0' && s[i] <= '9') {
      if (n == digits) return false;
      *v = *v * 10 + (s[i] - '0');
      ++i;
      ++n;
    }
    if (n == 0) return false;
    for (; n < digits; ++n) *v *= 10;
    return true;
  }
  bool End() const { return i == s.size(); }
};

// "[-]YYYY-MM-DD" → days since the epoch.
bool ParseDate(Scan& sc, int64_t* days) {
  const bool neg = sc.Eat('-');
  int64_t y, m, d;
  if (!sc.Digits(4, true, &y) || !sc.Eat('-') || !sc.Digits(2, false, &m) || !sc.Eat('-') ||
      !sc.Digits(2, false, &d)) {
    return false;
  }
  if (m < 1 || m > 12 || d < 1 || d > 31) return false;
  *days = DaysFromCivil(neg ? -y : y, static_cast<unsigned>(m), static_cast<unsigned>(d));
  return true;
}

// "HH:MM:SS" (hours may exceed 2 digits) → seconds.
bool ParseHms(Scan& sc, int64_t* seconds) {
  int64_t h, m, s;
  if (!sc.Digits(2, true, &h) || !sc.Eat(':') || !sc.Digits(2, false, &m) || !sc.Eat(':') ||
      !sc.Digits(2, false, &s)) {
    return false;
  }
  if (m > 59 || s > 59) return false;
  *seconds = h * 3600 + m * 60 + s;
  return true;
}

template <typename T>
bool ParseInt(std::string_view s, T* v) {
  auto r = std::from_chars(s.data(), s.data() + s.size(), *v);
  return r.ec == std::errc() && r.ptr == s.data() + s.size();
}

// Decimal text → unscaled magnitude as little-endian 32-bit limbs, its sign,
// and the number of its digits (without leading zeros).
bool ParseDecimalText(std::string_view s, int32_t scale, std::vector<uint32_t>* limbs, bool* neg,
                      size_t* significant) {
  size_t i = 0;
  *neg = false;
  *significant = 0;
  if (i < s.size() && (s[i] == '-' || s[i] == '+')) *neg = s[i++] == '-';
  limbs->assign(1, 0);
  auto push = [&](int digit) {
    if (*significant > 0 || digit != 0) ++*significant;
    uint64_t carry = static_cast<uint64_t>(digit);
    for (uint32_t& l : *limbs) {
      const uint64_t x = uint64_t{l} * 10 + carry;
      l = static_cast<uint32_t>(x);
      carry = x >> 32;
    }
    if (carry) limbs->push_back(static_cast<uint32_t>(carry));
  };
  size_t digits = 0;
  for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++digits) push(s[i] - '0');
  int32_t frac = 0;
  if (i < s.size() && s[i] == '.') {
    ++i;
    for (; i < s.size() && s[i] >= '0' && s[i] <= '9'; ++i, ++frac, ++digits) {
      if (frac >= scale) {
        if (s[i] != '0') return false;  // would lose digits
        continue;
      }
      push(s[i] - '0');
    }
    if (frac > scale) frac = scale;
  }
  if (digits == 0 || i != s.size()) return false;
  for (; frac < scale; ++frac) push(0);
  return true;
}

// Two's-complement big-endian bytes of (neg ? -mag : mag) in `len` bytes
// (len 0: the fewest that hold it).  False when it does not fit.
bool ToTwosComplement(std::vector<uint32_t> mag, bool neg, size_t len, std::string* out) {
  while (mag.size() > 1 && mag.back() == 0) mag.pop_back();
  if (mag.size() == 1 && mag[0] == 0) neg = false;
  std::vector<uint8_t> le;  // little-endian bytes of the magnitude
  for (uint32_t l : mag) for (int b = 0; b < 4; ++b) le.push_back(static_cast<uint8_t>(l >> (8 * b)));
  le.push_back(0);  // room for the sign
  if (neg) {
    unsigned carry = 1;
    for (uint8_t& b : le) {
      const unsigned x = static_cast<unsigned>(static_cast<uint8_t>(~b)) + carry;
      b = static_cast<uint8_t>(x);
      carry = x >> 8;
    }
  }
  const uint8_t fill = neg ? 0xFF : 0x00;
  // The fewest bytes whose top bit still says the sign.
  size_t n = le.size();
  while (n > 1 && le[n - 1] == fill && ((le[n - 2] & 0x80) != 0) == neg) --n;
  if (len == 0) len = n;
  if (n > len) return false;
  out->assign(len, static_cast<char>(fill));
  for (size_t k = 0; k < n; ++k) (*out)[len - 1 - k] = static_cast<char>(le[k]);
  return true;
}

int Base64Index(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+') return 62;
  if (c == '/') return 63;
  return -1;
}

bool DecodeBase64(std::string_view s, std::string* out) {
  out->clear();
  if (s.size() % 4 != 0) return false;
  out->reserve(s.size() / 4 * 3);
  for (size_t i = 0; i < s.size(); i += 4) {
    int v[4];
    int pad = 0;
    for (int k = 0; k < 4; ++k) {
      const char c = s[i + static_cast<size_t>(k)];
      if (c == '=' && i + 4 == s.size() && k >= 2) {
        v[k] = 0;
        ++pad;
        continue;
      }
      if (pad > 0) return false;
      v[k] = Base64Index(c);
      if (v[k] < 0) return false;
    }
    const uint32_t x = (uint32_t(v[0]) << 18) | (uint32_t(v[1]) << 12) | (uint32_t(v[2]) << 6) | uint32_t(v[3]);
    out->push_back(static_cast<char>(x >> 16));
    if (pad < 2) out->push_back(static_cast<char>(x >> 8));
    if (pad < 1) out->push_back(static_cast<char>(x));
  }
  return true;
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

// A JSON number or one of the special strings, as double / float.
template <typename F>
bool ParseFloating(const JsonValue& j, F* v) {
  if (j.kind == JsonValue::Kind::kString) {
    if (j.text == "NaN") *v = std::numeric_limits<F>::quiet_NaN();
    else if (j.text == "Infinity") *v = std::numeric_limits<F>::infinity();
    else if (j.text == "-Infinity") *v = -std::numeric_limits<F>::infinity();
    else return false;
    return true;
  }
  if (j.kind != JsonValue::Kind::kNumber) return false;
  const char* b = j.text.data();
  const char* e = b + j.text.size();
  auto r = std::from_chars(b, e, *v);
  // from_chars reports out-of-range (a literal past the type's max) as an
  // error; the canonical text never holds one, so refuse it.
  return r.ec == std::errc() && r.ptr == e;
}

void Put32LE(std::string* out, uint32_t v) {
  for (int b = 0; b < 4; ++b) out->push_back(static_cast<char>(v >> (8 * b)));
}

}  // namespace

uint16_t FloatToHalf(float f) {
  const uint32_t x = std::bit_cast<uint32_t>(f);
  const uint16_t sign = static_cast<uint16_t>((x >> 16) & 0x8000);
  const uint32_t exp = (x >> 23) & 0xFF;
  uint32_t mant = x & 0x7FFFFF;
  if (exp == 0xFF) return static_cast<uint16_t>(sign | 0x7C00 | (mant ? 0x200 : 0));
  const int e = static_cast<int>(exp) - 127 + 15;
  if (e >= 31) return static_cast<uint16_t>(sign | 0x7C00);
  if (e <= 0) {
    if (e < -10) return sign;
    mant |= 0x800000;
    const int shift = 14 - e;
    uint32_t half = mant >> shift;
    const uint32_t rem = mant & ((1u << shift) - 1), mid = 1u << (shift - 1);
    if (rem > mid || (rem == mid && (half & 1))) ++half;
    return static_cast<uint16_t>(sign | half);
  }
  uint32_t half = (static_cast<uint32_t>(e) << 10) | (mant >> 13);
  const uint32_t rem = mant & 0x1FFF;
  if (rem > 0x1000 || (rem == 0x1000 && (half & 1))) ++half;  // a carry into the exponent is right
  return static_cast<uint16_t>(sign | half);
}

LeafParser::LeafParser(const ColumnDescriptor& descriptor, bool replace_invalid_utf8)
    : d_(descriptor), replace_invalid_utf8_(replace_invalid_utf8) {
  // The same decisions as LeafFormatter's constructor.
  const LogicalType& lt = descriptor.logical_type;
  const bool binary = descriptor.physical_type == PhysicalType::kByteArray ||
                      descriptor.physical_type == PhysicalType::kFixedLenByteArray;
  switch (lt.kind()) {
    case LogicalType::Kind::kUnknown: kind_ = Kind::kNull; break;
    case LogicalType::Kind::kInt: if (!lt.is_signed()) kind_ = Kind::kUnsigned; break;
    case LogicalType::Kind::kDecimal:
      kind_ = Kind::kDecimal;
      scale_ = lt.scale();
      precision_ = lt.precision();
      break;
    case LogicalType::Kind::kDate: kind_ = Kind::kDate; break;
    case LogicalType::Kind::kTime:
      kind_ = Kind::kTime;
      unit_ = ToJsonUnit(lt.time_unit());
      break;
    case LogicalType::Kind::kTimestamp:
      kind_ = Kind::kTimestamp;
      unit_ = ToJsonUnit(lt.time_unit());
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
  if (binary && kind_ == Kind::kPhysical) kind_ = Kind::kBase64;
  if (kind_ == Kind::kUuid && descriptor.type_length != 16) kind_ = Kind::kBase64;
  if (kind_ == Kind::kFloat16 && descriptor.type_length != 2) kind_ = Kind::kBase64;
  if (kind_ == Kind::kInterval && descriptor.type_length != 12) kind_ = Kind::kBase64;
}

Status LeafParser::Parse(const JsonValue& j, Value* out) const {
  if (kind_ == Kind::kNull) return Bad("null (an UNKNOWN column)", j);
  switch (d_.physical_type) {
    case PhysicalType::kBoolean:
      if (j.kind != JsonValue::Kind::kBool) return Bad("true or false", j);
      *out = Value::Bool(j.boolean);
      return Status::OK();
    case PhysicalType::kInt32:
    case PhysicalType::kInt64:
      if (kind_ == Kind::kDecimal) return Decimal(j, out);
      if (kind_ == Kind::kDate || kind_ == Kind::kTime || kind_ == Kind::kTimestamp) return Temporal(j, out);
      return Integer(j, out);
    case PhysicalType::kInt96:
      return Temporal(j, out);
    case PhysicalType::kFloat: {
      float f;
      if (!ParseFloating(j, &f)) return Bad("a FLOAT number", j);
      *out = Value::Float(f);
      return Status::OK();
    }
    case PhysicalType::kDouble: {
      double f;
      if (!ParseFloating(j, &f)) return Bad("a DOUBLE number", j);
      *out = Value::Double(f);
      return Status::OK();
    }
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      if (kind_ == Kind::kDecimal) return Decimal(j, out);
      return Binary(j, out);
  }
  return Status::Internal("unknown physical type");
}

Status LeafParser::Integer(const JsonValue& j, Value* out) const {
  if (j.kind != JsonValue::Kind::kNumber) return Bad("an integer", j);
  const bool is32 = d_.physical_type == PhysicalType::kInt32;
  if (kind_ == Kind::kUnsigned && !j.text.empty() && j.text[0] != '-') {
    if (is32) {
      uint32_t v;
      if (!ParseInt(j.text, &v)) return Bad("an unsigned 32-bit integer", j);
      *out = Value::Int32(static_cast<int32_t>(v));
    } else {
      uint64_t v;
      if (!ParseInt(j.text, &v)) return Bad("an unsigned 64-bit integer", j);
      *out = Value::Int64(static_cast<int64_t>(v));
    }
    return Status::OK();
  }
  if (is32) {
    int32_t v;
    if (!ParseInt(j.text, &v)) return Bad("a 32-bit integer", j);
    *out = Value::Int32(v);
  } else {
    int64_t v;
    if (!ParseInt(j.text, &v)) return Bad("a 64-bit integer", j);
    *out = Value::Int64(v);
  }
  return Status::OK();
}

Status LeafParser::Decimal(const JsonValue& j, Value* out) const {
  if (j.kind != JsonValue::Kind::kString && j.kind != JsonValue::Kind::kNumber) return Bad("a decimal string", j);
  std::vector<uint32_t> mag;
  bool neg = false;
  size_t digits = 0;
  if (!ParseDecimalText(j.text, scale_, &mag, &neg, &digits)) {
    return Bad("a decimal with at most " + std::to_string(scale_) + " fraction digits", j);
  }
  if (digits > static_cast<size_t>(precision_)) {
    return Bad("a decimal of at most " + std::to_string(precision_) + " digits (" + d_.logical_type.ToString() + ")",
               j);
  }
  size_t len = 0;
  switch (d_.physical_type) {
    case PhysicalType::kInt32: len = 4; break;
    case PhysicalType::kInt64: len = 8; break;
    case PhysicalType::kFixedLenByteArray: len = static_cast<size_t>(d_.type_length); break;
    default: len = 0; break;
  }
  std::string bytes;
  if (!ToTwosComplement(std::move(mag), neg, len, &bytes)) return Bad("a decimal that fits the column", j);
  if (d_.physical_type == PhysicalType::kInt32 || d_.physical_type == PhysicalType::kInt64) {
    uint64_t u = 0;
    for (char c : bytes) u = (u << 8) | static_cast<uint8_t>(c);
    if (d_.physical_type == PhysicalType::kInt32) *out = Value::Int32(static_cast<int32_t>(static_cast<uint32_t>(u)));
    else *out = Value::Int64(static_cast<int64_t>(u));
    return Status::OK();
  }
  *out = Value::Bytes(bytes);
  return Status::OK();
}

Status LeafParser::Temporal(const JsonValue& j, Value* out) const {
  if (j.kind != JsonValue::Kind::kString) return Bad("a date/time string", j);
  Scan sc{j.text};
  const bool is32 = d_.physical_type == PhysicalType::kInt32;
  auto store = [&](Int128 v) -> Status {
    if (is32 ? (v < INT32_MIN || v > INT32_MAX) : (v < INT64_MIN || v > INT64_MAX)) {
      return Bad("a value in the column's range", j);
    }
    *out = is32 ? Value::Int32(static_cast<int32_t>(v)) : Value::Int64(static_cast<int64_t>(v));
    return Status::OK();
  };
  if (d_.physical_type == PhysicalType::kInt96) {
    int64_t days, secs, frac;
    if (!ParseDate(sc, &days) || !sc.Eat('T') || !ParseHms(sc, &secs) || !sc.Fraction(9, &frac) || !(sc.Eat('Z'), sc.End())) {
      return Bad("an INT96 timestamp \"YYYY-MM-DDTHH:MM:SS.fffffffff\"", j);
    }
    const int64_t julian = days + 2440588;
    if (julian < INT32_MIN || julian > INT32_MAX || secs >= 86400) return Bad("an INT96 timestamp in range", j);
    Int96 v;
    const int64_t nanos = secs * 1000000000 + frac;
    std::memcpy(&v.value[0], &nanos, 8);
    v.value[2] = static_cast<uint32_t>(static_cast<int32_t>(julian));
    *out = Value::MakeInt96(v);
    return Status::OK();
  }
  switch (kind_) {
    case Kind::kDate: {
      int64_t days;
      if (!ParseDate(sc, &days) || !sc.End()) return Bad("a date \"YYYY-MM-DD\"", j);
      return store(days);
    }
    case Kind::kTime: {
      const bool neg = sc.Eat('-');
      int64_t secs, frac;
      if (!ParseHms(sc, &secs) || !sc.Fraction(FractionDigits(unit_), &frac) || !sc.End()) {
        return Bad("a time \"HH:MM:SS.fff\"", j);
      }
      const Int128 v = Int128{secs} * UnitsPerSecond(unit_) + frac;
      return store(neg ? -v : v);
    }
    default: {  // kTimestamp
      int64_t days, secs, frac;
      if (!ParseDate(sc, &days) || !sc.Eat('T') || !ParseHms(sc, &secs) ||
          !sc.Fraction(FractionDigits(unit_), &frac) || !(sc.Eat('Z'), sc.End())) {
        return Bad("a timestamp \"YYYY-MM-DDTHH:MM:SS.fff[Z]\"", j);
      }
      return store((Int128{days} * 86400 + secs) * UnitsPerSecond(unit_) + frac);
    }
  }
}

Status LeafParser::Binary(const JsonValue& j, Value* out) const {
  const bool fixed = d_.physical_type == PhysicalType::kFixedLenByteArray;
  std::string bytes;
  switch (kind_) {
    case Kind::kString: {
      if (j.kind != JsonValue::Kind::kString) return Bad("a string", j);
      const size_t at = util::Utf8InvalidOffset(reinterpret_cast<const uint8_t*>(j.text.data()), j.text.size());
      if (at == j.text.size()) {
        bytes = j.text;
      } else if (replace_invalid_utf8_) {
        util::AppendUtf8Replacing(j.text, &bytes);
      } else {
        return Status::InvalidArgument(util::DescribeInvalidUtf8(j.text, at) + " of the string");
      }
      break;
    }
    case Kind::kUuid: {
      if (j.kind != JsonValue::Kind::kString || j.text.size() != 36) return Bad("a UUID", j);
      for (size_t i = 0; i < 36;) {
        if (i == 8 || i == 13 || i == 18 || i == 23) {
          if (j.text[i] != '-') return Bad("a UUID", j);
          ++i;
          continue;
        }
        const int hi = HexDigit(j.text[i]), lo = HexDigit(j.text[i + 1]);
        if (hi < 0 || lo < 0) return Bad("a UUID", j);
        bytes.push_back(static_cast<char>(hi * 16 + lo));
        i += 2;
      }
      break;
    }
    case Kind::kFloat16: {
      float f;
      if (!ParseFloating(j, &f)) return Bad("a FLOAT16 number", j);
      const uint16_t h = FloatToHalf(f);
      bytes.push_back(static_cast<char>(h & 0xFF));
      bytes.push_back(static_cast<char>(h >> 8));
      break;
    }
    case Kind::kInterval: {
      static constexpr const char* kFields[] = {"months", "days", "milliseconds"};
      if (j.kind != JsonValue::Kind::kObject || j.items.size() != 3) return Bad("an interval object", j);
      for (const char* name : kFields) {
        const JsonValue* f = j.Find(name);
        uint32_t v;
        if (f == nullptr || f->kind != JsonValue::Kind::kNumber || !ParseInt(f->text, &v)) {
          return Bad(std::string("an interval with unsigned 32-bit \"") + name + "\"", j);
        }
        Put32LE(&bytes, v);
      }
      break;
    }
    default:
      if (j.kind != JsonValue::Kind::kString || !DecodeBase64(j.text, &bytes)) return Bad("base64 bytes", j);
      break;
  }
  if (fixed && bytes.size() != static_cast<size_t>(d_.type_length)) {
    return Bad(std::to_string(d_.type_length) + " bytes", j);
  }
  *out = Value::Bytes(std::move(bytes));
  return Status::OK();
}

Result<Value> ParseLeafText(const ColumnDescriptor& column, std::string_view text) {
  LeafParser parser(column);
  Value v;
  if (auto j = ParseJson(text); j.ok() && j->kind != JsonValue::Kind::kNull && parser.Parse(*j, &v).ok()) {
    return v;
  }
  JsonValue s;
  s.kind = JsonValue::Kind::kString;
  s.text = std::string(text);
  if (Status st = parser.Parse(s, &v); !st.ok()) {
    return Status::InvalidArgument("value '" + std::string(text) + "' for column " + column.dotted_path + ": " +
                                   st.message());
  }
  return v;
}

}  // namespace parq
