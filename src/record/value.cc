#include <charconv>
#include <cmath>
#include <cstring>
#include <type_traits>

#include "parq/record.h"
#include "util/float_text.h"

namespace parq {

const Value* Value::Find(std::string_view name) const {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (names_[i] == name) return &items_[i];
  }
  return nullptr;
}

bool operator==(const Value& a, const Value& b) {
  if (a.kind_ != b.kind_) return false;
  switch (a.kind_) {
    case Value::Kind::kNull: return true;
    case Value::Kind::kBool: return a.u_.b == b.u_.b;
    case Value::Kind::kInt32: return a.u_.i32 == b.u_.i32;
    case Value::Kind::kInt64: return a.u_.i64 == b.u_.i64;
    // Bitwise, so that NaN equals itself and -0 differs from 0.
    case Value::Kind::kFloat: return std::memcmp(&a.u_.f, &b.u_.f, sizeof(float)) == 0;
    case Value::Kind::kDouble: return std::memcmp(&a.u_.d, &b.u_.d, sizeof(double)) == 0;
    case Value::Kind::kInt96: return std::memcmp(&a.u_.i96, &b.u_.i96, sizeof(Int96)) == 0;
    case Value::Kind::kBytes: return a.bytes_ == b.bytes_;
    case Value::Kind::kList:
    case Value::Kind::kMap: return a.items_ == b.items_;
    case Value::Kind::kStruct: return a.names_ == b.names_ && a.items_ == b.items_;
  }
  return false;
}

namespace {

// The debugging form's numbers: the shortest text that round-trips.
template <typename T>
void DebugNumber(std::string& out, T v) {
  if constexpr (std::is_floating_point_v<T>) {
    if (std::isnan(v)) {
      out += "\"NaN\"";
      return;
    }
    if (std::isinf(v)) {
      out += v > 0 ? "\"Infinity\"" : "\"-Infinity\"";
      return;
    }
  }
  char buf[64];
  if constexpr (std::is_same_v<T, float>) {
    out.append(buf, util::FloatToChars(buf, v));
  } else {
    out.append(buf, std::to_chars(buf, buf + sizeof buf, v).ptr);
  }
}

// Bytes in quotes: printable ASCII as is (" and \ escaped), other bytes \xHH.
void DebugBytes(std::string& out, std::string_view bytes) {
  static constexpr char kHex[] = "0123456789abcdef";
  out += '"';
  for (char ch : bytes) {
    const auto c = static_cast<unsigned char>(ch);
    if (c == '"' || c == '\\') {
      out += '\\';
      out += ch;
    } else if (c >= 0x20 && c < 0x7F) {
      out += ch;
    } else {
      out += "\\x";
      out += kHex[c >> 4];
      out += kHex[c & 15];
    }
  }
  out += '"';
}

void Debug(const Value& v, std::string& out) {
  switch (v.kind()) {
    case Value::Kind::kNull: out += "null"; break;
    case Value::Kind::kBool: out += v.bool_value() ? "true" : "false"; break;
    case Value::Kind::kInt32: DebugNumber(out, v.int32_value()); break;
    case Value::Kind::kInt64: DebugNumber(out, v.int64_value()); break;
    case Value::Kind::kFloat: DebugNumber(out, v.float_value()); break;
    case Value::Kind::kDouble: DebugNumber(out, v.double_value()); break;
    case Value::Kind::kInt96: {
      const Int96& x = v.int96_value();
      out += "int96(" + std::to_string(x.value[0]) + "," + std::to_string(x.value[1]) + "," +
             std::to_string(x.value[2]) + ")";
      break;
    }
    case Value::Kind::kBytes: DebugBytes(out, v.bytes()); break;
    case Value::Kind::kList:
    case Value::Kind::kMap:
      out += v.kind() == Value::Kind::kMap ? "map[" : "[";
      for (size_t i = 0; i < v.size(); ++i) {
        if (i) out += ',';
        Debug(v[i], out);
      }
      out += ']';
      break;
    case Value::Kind::kStruct:
      out += '{';
      for (size_t i = 0; i < v.size(); ++i) {
        if (i) out += ',';
        DebugBytes(out, v.names()[i]);
        out += ':';
        Debug(v[i], out);
      }
      out += '}';
      break;
  }
}
}  // namespace

std::string Value::DebugString() const {
  std::string out;
  Debug(*this, out);
  return out;
}

}  // namespace parq
