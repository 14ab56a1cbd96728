#include <cstring>

#include "parq/record.h"
#include "record/json_format.h"

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
void Debug(const Value& v, std::string& out) {
  switch (v.kind()) {
    case Value::Kind::kNull: out += "null"; break;
    case Value::Kind::kBool: out += v.bool_value() ? "true" : "false"; break;
    case Value::Kind::kInt32: AppendJsonInt64(out, v.int32_value()); break;
    case Value::Kind::kInt64: AppendJsonInt64(out, v.int64_value()); break;
    case Value::Kind::kFloat: AppendJsonFloat(out, v.float_value()); break;
    case Value::Kind::kDouble: AppendJsonDouble(out, v.double_value()); break;
    case Value::Kind::kInt96: {
      const Int96& x = v.int96_value();
      out += "int96(" + std::to_string(x.value[0]) + "," + std::to_string(x.value[1]) + "," +
             std::to_string(x.value[2]) + ")";
      break;
    }
    case Value::Kind::kBytes: AppendJsonString(out, v.bytes()); break;
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
        AppendJsonString(out, v.names()[i]);
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
