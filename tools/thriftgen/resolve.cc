// resolve.cc — see resolve.h.
#include "resolve.h"

#include <cmath>
#include <functional>
#include <map>
#include <set>

#include "parser.h"

namespace thriftgen {
namespace {

class Resolver {
 public:
  Resolver(Document* doc, std::string* error) : doc_(doc), error_(error) {}

  bool Run() {
    if (!CollectNames()) return false;
    for (auto& e : doc_->enums) {
      if (!CheckEnum(*e)) return false;
    }
    for (auto& s : doc_->structs) {
      if (!CheckStruct(*s)) return false;
    }
    return Order();
  }

 private:
  bool Fail(int line, const std::string& msg) {
    *error_ = doc_->file_name + ":" + std::to_string(line) + ": " + msg;
    return false;
  }

  bool CheckName(int line, const std::string& name, const char* what) {
    if (name.find('.') != std::string::npos) return Fail(line, std::string(what) + " name '" + name + "' may not contain '.'");
    if (IsReservedCppName(name)) return Fail(line, std::string(what) + " name '" + name + "' is reserved in C++");
    if (name.size() >= 2 && name[0] == '_' && std::isupper(static_cast<unsigned char>(name[1]))) {
      return Fail(line, std::string(what) + " name '" + name + "' is reserved in C++");
    }
    return true;
  }

  bool CollectNames() {
    for (auto& e : doc_->enums) {
      if (!CheckName(e->line, e->name, "enum")) return false;
      if (!types_.emplace(e->name, e->line).second) return Fail(e->line, "duplicate type name '" + e->name + "'");
      enums_[e->name] = e.get();
    }
    for (auto& s : doc_->structs) {
      if (!CheckName(s->line, s->name, "struct")) return false;
      if (!types_.emplace(s->name, s->line).second) return Fail(s->line, "duplicate type name '" + s->name + "'");
      structs_[s->name] = s.get();
    }
    return true;
  }

  bool CheckEnum(const EnumDef& e) {
    std::set<std::string> names;
    std::set<int32_t> values;
    for (const EnumValue& v : e.values) {
      if (!CheckName(v.line, v.name, "enum value")) return false;
      if (!names.insert(v.name).second) return Fail(v.line, "duplicate value name " + e.name + "." + v.name);
      if (!values.insert(v.value).second) {
        return Fail(v.line, "duplicate value " + std::to_string(v.value) + " in enum " + e.name);
      }
    }
    return true;
  }

  bool ResolveType(TypeRef* t) {
    switch (t->kind) {
      case TypeRef::Kind::kBase:
        return true;
      case TypeRef::Kind::kList:
      case TypeRef::Kind::kSet:
        return ResolveType(const_cast<TypeRef*>(t->elem.get()));
      case TypeRef::Kind::kMap:
        return ResolveType(const_cast<TypeRef*>(t->elem.get())) &&
               ResolveType(const_cast<TypeRef*>(t->value.get()));
      case TypeRef::Kind::kNamed: {
        if (auto it = enums_.find(t->name); it != enums_.end()) {
          t->enum_def = it->second;
          return true;
        }
        if (auto it = structs_.find(t->name); it != structs_.end()) {
          t->struct_def = it->second;
          return true;
        }
        return Fail(t->line, "unknown type '" + t->name + "'");
      }
    }
    return true;
  }

  bool CheckDefault(const Field& f) {
    const ConstValue& c = *f.default_value;
    const TypeRef& t = *f.type;
    auto bad = [&]() { return Fail(c.line, "default of field '" + f.name + "' does not fit its type"); };
    if (t.kind == TypeRef::Kind::kBase) {
      switch (t.base) {
        case BaseType::kBool:
          if (c.kind == ConstValue::Kind::kIdent && (c.text == "true" || c.text == "false")) return true;
          if (c.kind == ConstValue::Kind::kInt && (c.int_value == 0 || c.int_value == 1)) return true;
          return bad();
        case BaseType::kI8:
        case BaseType::kI16:
        case BaseType::kI32:
        case BaseType::kI64: {
          if (c.kind != ConstValue::Kind::kInt) return bad();
          int bits = t.base == BaseType::kI8 ? 8 : t.base == BaseType::kI16 ? 16 : t.base == BaseType::kI32 ? 32 : 64;
          if (bits < 64) {
            int64_t lim = int64_t{1} << (bits - 1);
            if (c.int_value < -lim || c.int_value >= lim) return bad();
          }
          return true;
        }
        case BaseType::kDouble:
          if (c.kind == ConstValue::Kind::kInt) return true;
          if (c.kind == ConstValue::Kind::kDouble && std::isfinite(c.double_value)) return true;
          return bad();
        case BaseType::kString:
        case BaseType::kBinary:
          return c.kind == ConstValue::Kind::kString ? true : bad();
      }
    }
    if (t.kind == TypeRef::Kind::kNamed && t.enum_def) {
      if (c.kind == ConstValue::Kind::kInt) return c.int_value >= INT32_MIN && c.int_value <= INT32_MAX ? true : bad();
      if (c.kind != ConstValue::Kind::kIdent) return bad();
      std::string value = c.text;
      std::string prefix = t.enum_def->name + ".";
      if (value.rfind(prefix, 0) == 0) value = value.substr(prefix.size());
      for (const EnumValue& v : t.enum_def->values) {
        if (v.name == value) return true;
      }
      return Fail(c.line, "'" + c.text + "' is not a value of enum " + t.enum_def->name);
    }
    return Fail(c.line, "defaults are only supported for base types and enums (field '" + f.name + "')");
  }

  bool CheckStruct(StructDef& s) {
    std::set<int> ids;
    std::set<std::string> names;
    for (Field& f : s.fields) {
      if (!CheckName(f.line, f.name, "field")) return false;
      if (f.name == s.name) return Fail(f.line, "field '" + f.name + "' has the name of its struct");
      if (!ids.insert(f.id).second) return Fail(f.line, "duplicate field id " + std::to_string(f.id) + " in " + s.name);
      if (!names.insert(f.name).second) return Fail(f.line, "duplicate field name '" + f.name + "' in " + s.name);
      if (!ResolveType(f.type.get())) return false;
      if (s.is_union) {
        if (f.req == Requiredness::kRequired) return Fail(f.line, "union member '" + f.name + "' cannot be required");
        if (f.default_value) return Fail(f.line, "union member '" + f.name + "' cannot have a default");
        // As in Apache Thrift: union members are optional.
        f.req = Requiredness::kOptional;
      }
      if (f.default_value && !CheckDefault(f)) return false;
    }
    return true;
  }

  static void StructDeps(const TypeRef& t, std::vector<const StructDef*>* out) {
    switch (t.kind) {
      case TypeRef::Kind::kBase: return;
      case TypeRef::Kind::kList:
      case TypeRef::Kind::kSet: StructDeps(*t.elem, out); return;
      case TypeRef::Kind::kMap: StructDeps(*t.elem, out); StructDeps(*t.value, out); return;
      case TypeRef::Kind::kNamed: if (t.struct_def) out->push_back(t.struct_def); return;
    }
  }

  // Depth-first, in IDL order: a struct is placed after its dependencies.
  bool Order() {
    std::map<const StructDef*, int> state;  // 1 = visiting, 2 = done
    std::function<bool(const StructDef*)> visit = [&](const StructDef* s) -> bool {
      int& st = state[s];
      if (st == 2) return true;
      if (st == 1) return Fail(s->line, "struct " + s->name + " contains itself; recursive types are not supported");
      st = 1;
      for (const Field& f : s->fields) {
        std::vector<const StructDef*> deps;
        StructDeps(*f.type, &deps);
        for (const StructDef* d : deps) {
          if (!visit(d)) return false;
        }
      }
      state[s] = 2;
      doc_->struct_order.push_back(s);
      return true;
    };
    for (auto& s : doc_->structs) {
      if (!visit(s.get())) return false;
    }
    return true;
  }

  Document* doc_;
  std::string* error_;
  std::map<std::string, int> types_;
  std::map<std::string, const EnumDef*> enums_;
  std::map<std::string, const StructDef*> structs_;
};

}  // namespace

bool Resolve(Document* doc, std::string* error) { return Resolver(doc, error).Run(); }

}  // namespace thriftgen
