// cpp_names.cc — see cpp_names.h.
#include "cpp_names.h"

#include <cctype>
#include <cstdio>

namespace thriftgen {

std::string Qualified(const EmitOptions& opt, const std::string& name) {
  return "::" + opt.cpp_namespace + "::" + name;
}

std::string CppType(const EmitOptions& opt, const TypeRef& t) {
  switch (t.kind) {
    case TypeRef::Kind::kBase:
      switch (t.base) {
        case BaseType::kBool: return "bool";
        case BaseType::kI8: return "int8_t";
        case BaseType::kI16: return "int16_t";
        case BaseType::kI32: return "int32_t";
        case BaseType::kI64: return "int64_t";
        case BaseType::kDouble: return "double";
        case BaseType::kString:
        case BaseType::kBinary: return "::parq::thrift::String";
      }
      break;
    case TypeRef::Kind::kList:
    case TypeRef::Kind::kSet:
      return "::parq::thrift::Vector<" + CppType(opt, *t.elem) + ">";
    case TypeRef::Kind::kMap:
      return "::parq::thrift::Vector<std::pair<" + CppType(opt, *t.elem) + ", " + CppType(opt, *t.value) + ">>";
    case TypeRef::Kind::kNamed:
      return Qualified(opt, t.name);
  }
  return "void";
}

bool IsBoxed(const StructDef& owner, const Field& f) {
  return f.req == Requiredness::kOptional && !owner.is_union && f.type->kind == TypeRef::Kind::kNamed &&
         f.type->struct_def != nullptr && !f.type->struct_def->fields.empty();
}

std::string MemberType(const EmitOptions& opt, const StructDef& owner, const Field& f) {
  std::string t = CppType(opt, *f.type);
  if (f.req != Requiredness::kOptional) return t;
  return IsBoxed(owner, f) ? "::parq::thrift::Box<" + t + ">" : "std::optional<" + t + ">";
}

namespace {

std::string DoubleLiteral(double d) {
  char buf[64];
  std::snprintf(buf, sizeof(buf), "%.17g", d);
  std::string s = buf;
  if (s.find_first_of(".eE") == std::string::npos) s += ".0";
  return s;
}

std::string IntLiteral(int64_t v, BaseType b) {
  if (b == BaseType::kI64) {
    if (v == INT64_MIN) return "INT64_MIN";
    return "int64_t{" + std::to_string(v) + "}";
  }
  return std::to_string(v);
}

}  // namespace

std::string MemberInit(const EmitOptions& opt, const Field& f) {
  // Optional fields with an IDL default start out set to it, as in Apache
  // Thrift's C++ (whose constructor marks them __isset): a value read from
  // data without the field holds the default and writes it back.
  if (f.req == Requiredness::kOptional && !f.default_value) return "";
  const TypeRef& t = *f.type;
  if (f.default_value) {
    const ConstValue& c = *f.default_value;
    if (t.kind == TypeRef::Kind::kNamed && t.enum_def) {
      if (c.kind == ConstValue::Kind::kInt) {
        return " = static_cast<" + Qualified(opt, t.name) + ">(" + std::to_string(c.int_value) + ")";
      }
      std::string value = c.text;
      std::string prefix = t.enum_def->name + ".";
      if (value.rfind(prefix, 0) == 0) value = value.substr(prefix.size());
      return " = " + Qualified(opt, t.name) + "::" + value;
    }
    switch (t.base) {
      case BaseType::kBool:
        if (c.kind == ConstValue::Kind::kIdent) return " = " + c.text;
        return c.int_value != 0 ? " = true" : " = false";
      case BaseType::kDouble:
        return " = " + (c.kind == ConstValue::Kind::kInt ? DoubleLiteral(static_cast<double>(c.int_value))
                                                          : DoubleLiteral(c.double_value));
      case BaseType::kString:
      case BaseType::kBinary:
        return " = " + CppStringLiteral(c.text);
      default:
        return " = " + IntLiteral(c.int_value, t.base);
    }
  }
  if (t.kind == TypeRef::Kind::kBase) {
    switch (t.base) {
      case BaseType::kBool: return " = false";
      case BaseType::kDouble: return " = 0.0";
      case BaseType::kString:
      case BaseType::kBinary: return "";
      default: return " = 0";
    }
  }
  if (t.kind == TypeRef::Kind::kNamed && t.enum_def) return "{}";
  return "";
}

std::string WireType(const TypeRef& t) {
  switch (t.kind) {
    case TypeRef::Kind::kBase:
      switch (t.base) {
        case BaseType::kBool: return "CType::kBoolTrue";
        case BaseType::kI8: return "CType::kByte";
        case BaseType::kI16: return "CType::kI16";
        case BaseType::kI32: return "CType::kI32";
        case BaseType::kI64: return "CType::kI64";
        case BaseType::kDouble: return "CType::kDouble";
        case BaseType::kString:
        case BaseType::kBinary: return "CType::kBinary";
      }
      break;
    case TypeRef::Kind::kList: return "CType::kList";
    case TypeRef::Kind::kSet: return "CType::kSet";
    case TypeRef::Kind::kMap: return "CType::kMap";
    case TypeRef::Kind::kNamed: return t.enum_def ? "CType::kI32" : "CType::kStruct";
  }
  return "CType::kStop";
}

std::string CppStringLiteral(const std::string& s) {
  std::string out = "\"";
  for (unsigned char c : s) {
    switch (c) {
      case '"': out += "\\\""; break;
      case '\\': out += "\\\\"; break;
      case '\n': out += "\\n"; break;
      case '\t': out += "\\t"; break;
      case '\r': out += "\\r"; break;
      default:
        if (c < 0x20 || c >= 0x7f) {
          char buf[8];
          std::snprintf(buf, sizeof(buf), "\\%03o", c);
          out += buf;
        } else {
          out += static_cast<char>(c);
        }
    }
  }
  return out + "\"";
}

std::string IncludeGuard(const EmitOptions& opt) {
  std::string g;
  for (char c : opt.include_prefix + opt.name + "_h") {
    g += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : '_';
  }
  return "PARQ_GENERATED_" + g + "_";
}

std::string StructsMacro(const EmitOptions& opt) {
  std::string m;
  for (char c : opt.cpp_namespace) {
    if (c == ':') {
      if (!m.empty() && m.back() != '_') m += '_';
    } else {
      m += std::isalnum(static_cast<unsigned char>(c)) ? static_cast<char>(std::toupper(static_cast<unsigned char>(c))) : '_';
    }
  }
  return m + "_STRUCTS";
}

void AppendDoc(const std::vector<std::string>& doc, const std::string& indent, std::string* out) {
  for (const std::string& line : doc) {
    *out += indent + (line.empty() ? "//" : "// " + line) + "\n";
  }
}

std::string IdlType(const TypeRef& t) {
  switch (t.kind) {
    case TypeRef::Kind::kBase:
      switch (t.base) {
        case BaseType::kBool: return "bool";
        case BaseType::kI8: return "i8";
        case BaseType::kI16: return "i16";
        case BaseType::kI32: return "i32";
        case BaseType::kI64: return "i64";
        case BaseType::kDouble: return "double";
        case BaseType::kString: return "string";
        case BaseType::kBinary: return "binary";
      }
      break;
    case TypeRef::Kind::kList: return "list<" + IdlType(*t.elem) + ">";
    case TypeRef::Kind::kSet: return "set<" + IdlType(*t.elem) + ">";
    case TypeRef::Kind::kMap: return "map<" + IdlType(*t.elem) + ", " + IdlType(*t.value) + ">";
    case TypeRef::Kind::kNamed: return t.name;
  }
  return "?";
}

bool IsDeferred(const EmitOptions& opt, const StructDef& owner, const Field& f) {
  return opt.deferred.count(owner.name + "." + f.name) != 0;
}

}  // namespace thriftgen
