// emit_write.cc — the compact-protocol writers in the generated source.
//
// Mirrors Apache Thrift's C++ generator: fields in id order; required and
// default-requiredness fields always; optional fields (and union members)
// only when set; bool fields carry their value in the field header; list
// and set headers name the element wire type, map headers the key and value
// types.
#include "emitter.h"

namespace thriftgen {
namespace {

void WriteValue(const EmitOptions& opt, const TypeRef& t, const std::string& expr, const std::string& ind,
                int depth, std::string* out) {
  std::string d = std::to_string(depth);
  switch (t.kind) {
    case TypeRef::Kind::kBase:
      switch (t.base) {
        case BaseType::kBool: *out += ind + "w.WriteBool(" + expr + ");\n"; return;
        case BaseType::kI8: *out += ind + "w.WriteByte(" + expr + ");\n"; return;
        case BaseType::kI16: *out += ind + "w.WriteI16(" + expr + ");\n"; return;
        case BaseType::kI32: *out += ind + "w.WriteI32(" + expr + ");\n"; return;
        case BaseType::kI64: *out += ind + "w.WriteI64(" + expr + ");\n"; return;
        case BaseType::kDouble: *out += ind + "w.WriteDouble(" + expr + ");\n"; return;
        case BaseType::kString:
        case BaseType::kBinary: *out += ind + "w.WriteBinary(" + expr + ");\n"; return;
      }
      return;
    case TypeRef::Kind::kNamed:
      if (t.enum_def) {
        *out += ind + "w.WriteI32(static_cast<int32_t>(" + expr + "));\n";
      } else {
        *out += ind + "Write(w, " + expr + ");\n";
      }
      return;
    case TypeRef::Kind::kList:
    case TypeRef::Kind::kSet:
      *out += ind + "w." + (t.kind == TypeRef::Kind::kList ? "ListBegin" : "SetBegin") + "(" +
              WireType(*t.elem) + ", static_cast<uint32_t>(" + expr + ".size()));\n";
      *out += ind + "for (const auto& e" + d + " : " + expr + ") {\n";
      WriteValue(opt, *t.elem, "e" + d, ind + "  ", depth + 1, out);
      *out += ind + "}\n";
      return;
    case TypeRef::Kind::kMap:
      *out += ind + "w.MapBegin(" + WireType(*t.elem) + ", " + WireType(*t.value) +
              ", static_cast<uint32_t>(" + expr + ".size()));\n";
      *out += ind + "for (const auto& e" + d + " : " + expr + ") {\n";
      WriteValue(opt, *t.elem, "e" + d + ".first", ind + "  ", depth + 1, out);
      WriteValue(opt, *t.value, "e" + d + ".second", ind + "  ", depth + 1, out);
      *out += ind + "}\n";
      return;
  }
}

void WriteField(const EmitOptions& opt, const Field& f, std::string* out) {
  const TypeRef& t = *f.type;
  bool optional = f.req == Requiredness::kOptional;
  std::string ind = optional ? "    " : "  ";
  bool container = t.kind == TypeRef::Kind::kList || t.kind == TypeRef::Kind::kSet || t.kind == TypeRef::Kind::kMap;
  std::string expr = !optional ? "v." + f.name : container ? "(*v." + f.name + ")" : "*v." + f.name;
  if (optional) *out += "  if (v." + f.name + ") {\n";
  if (t.kind == TypeRef::Kind::kBase && t.base == BaseType::kBool) {
    *out += ind + "w.FieldBool(" + std::to_string(f.id) + ", " + expr + ");\n";
  } else {
    *out += ind + "w.FieldBegin(" + WireType(t) + ", " + std::to_string(f.id) + ");\n";
    WriteValue(opt, t, expr, ind, 0, out);
  }
  if (optional) *out += "  }\n";
}

}  // namespace

std::string EmitWriteFunctions(const Document& doc, const EmitOptions& opt) {
  std::string out;
  for (const StructDef* s : doc.struct_order) {
    out += "void Write(CompactWriter& w, const " + s->name + "& v) {\n";
    out += "  w.StructBegin();\n";
    if (s->fields.empty()) out += "  (void)v;\n";
    for (const Field* f : s->FieldsById()) WriteField(opt, *f, &out);
    out += "  w.StructEnd();\n}\n\n";
  }
  return out;
}

}  // namespace thriftgen
