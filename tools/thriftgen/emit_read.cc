// emit_read.cc — the compact-protocol readers in the generated source.
//
// Each struct gets `bool ReadInto(CompactReader&, S*)` in an anonymous
// namespace.  It first tries the fields in id order, each with one compare
// of the next header byte against the short form for that id and wire type
// (what every writer emits), so a well-formed struct needs no dispatch, and
// then expects STOP.  The first header that is none of those (an unknown or
// out-of-order id, a long form, a wrong type) drops into the general loop,
// ReadAnyOrder, kept out of line so that ReadInto stays small: a loop over
// field headers with a switch on the field id.  Both paths read a field with the
// same code, so the result does not depend on which one took it.  A
// field whose wire type is not the expected one falls through to r.Skip(),
// like an unknown id.  Required fields set a bit in a mask that is checked
// after STOP; the first missing one is reported by name.  The mask is one
// uint64_t when a struct has at most 64 required fields (every struct of
// parquet.thrift), else an array of them, one bit per field in id order.  Lists reserve the
// size in their header once (the reader has already checked it against the
// bytes left) and are filled in place: structs read into emplace_back(),
// scalars are push_back'ed, strings constructed from a view of the input.
// A non-empty container whose element wire type is wrong is reported as
// corrupt.  The reader's hot paths are all inline.
#include <algorithm>
#include <cstdio>

#include "emitter.h"

namespace thriftgen {
namespace {

class ReadEmitter {
 public:
  ReadEmitter(const EmitOptions& opt, const StructDef& s, std::string* out)
      : opt_(opt), s_(s), out_(out) {}

  void Run() {
    std::vector<const Field*> fields = s_.FieldsById();
    int bit = 0;
    for (const Field* f : fields) {
      if (f->req == Requiredness::kRequired) bits_.push_back({f, bit++});
    }
    words_ = (bit + 63) / 64;
    const int words = words_;
    const bool mask = words > 0;
    const std::string type = Qualified(opt_, s_.name);

    // The generic path, out of line so that ReadInto stays small enough to
    // inline where it is used: fields in any order, unknown ids, long-form
    // headers, up to and including STOP.
    *out_ += "[[gnu::noinline]] bool ReadAnyOrder(CompactReader& r, " + type + "* out" +
             (!mask ? "" : words == 1 ? ", uint64_t& isset" : ", uint64_t (&isset)[" + std::to_string(words) + "]") +
             ") {\n";
    *out_ += "  CType t;\n  int16_t id;\n";
    *out_ += "  while (r.FieldBegin(&t, &id)) {\n";
    if (!fields.empty()) {
      *out_ += "    switch (id) {\n";
      for (const Field* f : fields) Case(*f);
      *out_ += "      default:\n        break;\n    }\n";
    } else {
      *out_ += "    (void)id;\n";
      *out_ += "    (void)out;\n";
    }
    *out_ += "    r.Skip(t);\n  }\n";
    *out_ += "  return true;\n}\n\n";

    // Leaf structs (numbers and strings only, like PageEncodingStats or
    // Statistics) are read inline into their parent: thousands per footer.
    bool leaf = true;
    for (const Field* f : fields) leaf = leaf && (IsScalar(*f->type) || f->type->kind == TypeRef::Kind::kBase);
    *out_ += std::string(leaf ? "[[gnu::always_inline]] inline " : "") + "bool ReadInto(CompactReader& r, " + type +
             "* out) {\n";
    *out_ += "  int16_t outer_field_id = 0;\n";
    *out_ += "  if (!r.StructBegin(&outer_field_id)) return false;\n";
    if (words == 1) *out_ += "  uint64_t isset = 0;\n";
    if (words > 1) *out_ += "  uint64_t isset[" + std::to_string(words) + "] = {};\n";
    if (!fields.empty()) {
      *out_ += "  // Fields in id order with short headers: one compare each.\n";
      *out_ += "  uint32_t key = r.PeekField();\n";
      for (const Field* f : fields) InOrder(*f);
    }
    *out_ += "  if (!r.TakeStop()) [[unlikely]] {\n";
    *out_ += std::string("    if (!ReadAnyOrder(r, out") + (mask ? ", isset" : "") + ")) return false;\n";
    *out_ += "  }\n";
    *out_ += "  if (!r.ok()) return false;\n";
    *out_ += "  r.StructEnd(outer_field_id);\n";
    if (mask) {
      std::string any_missing;
      for (int w = 0; w < words; ++w) {
        const int in_word = std::min(bit - 64 * w, 64);
        std::string m = Hex(in_word == 64 ? ~uint64_t{0} : (uint64_t{1} << in_word) - 1);
        if (w > 0) any_missing += " || ";
        // Appended piece by piece: GCC 12 at -O3 warns (-Wrestrict, a false
        // positive) on the chained `"(" + std::string` form here.
        any_missing.append("(").append(Word(64 * w)).append(" & ").append(m).append(") != ").append(m);
      }
      *out_ += "  if (" + any_missing + ") {\n";
      for (const auto& [f, b] : bits_) {
        *out_ += "    if ((" + Word(b) + " & " + Bit(b) + ") == 0) {\n";
        *out_ += "      return Missing(r, \"" + s_.name + ": required field '" + f->name + "' (id " +
                 std::to_string(f->id) + ") missing\");\n    }\n";
      }
      *out_ += "  }\n";
    }
    *out_ += "  return true;\n}\n\n";
  }

 private:
  static std::string Hex(uint64_t v) {
    char buf[32];
    std::snprintf(buf, sizeof(buf), "0x%llxu", static_cast<unsigned long long>(v));
    std::string s = buf;
    if (v > 0xffffffffu) s += "ll";
    return s;
  }

  // The mask word holding required-field bit b, and b's value in it.
  std::string Word(int b) const { return words_ == 1 ? "isset" : "isset[" + std::to_string(b / 64) + "]"; }
  static std::string Bit(int b) { return Hex(uint64_t{1} << (b % 64)); }

  std::string Label(const Field& f) const {
    return s_.name + ": field '" + f.name + "' (id " + std::to_string(f.id) + ")";
  }

  static bool IsBoolField(const Field& f) {
    return f.type->kind == TypeRef::Kind::kBase && f.type->base == BaseType::kBool;
  }

  // The in-order fast path for one field: taken when the next header is the
  // short form for this id and its expected wire type.  Ids below 1 never
  // come in short form from the start of a struct.
  void InOrder(const Field& f) {
    if (f.id <= 0) return;
    std::string id = std::to_string(f.id);
    if (IsBoolField(f)) {
      *out_ += "  if (IsBoolKey(key, " + id + ")) {\n";
    } else {
      *out_ += "  if (key == FieldKey(" + id + ", " + WireType(*f.type) + ")) {\n";
    }
    *out_ += IsBoolField(f) ? "    r.TakeBoolField(" + id + ", key);\n" : "    r.TakeField(" + id + ");\n";
    Body(f, "    ");
    *out_ += "    key = r.PeekField();\n";
    *out_ += "  }\n";
  }

  void Case(const Field& f) {
    *out_ += "      case " + std::to_string(f.id) + ":\n";
    if (IsBoolField(f)) {
      *out_ += "        if (!IsBool(t)) break;\n";
    } else {
      *out_ += "        if (t != " + WireType(*f.type) + ") break;\n";
    }
    Body(f, "        ");
    *out_ += "        continue;\n";
  }

  // Reads the value of field f (its header consumed) into out->f and marks
  // a required field as seen.
  void Body(const Field& f, const std::string& ind) {
    const TypeRef& t = *f.type;
    std::string target = "out->" + f.name;
    if (f.req == Requiredness::kOptional) {
      // Scalars assign straight into the optional, strings are constructed
      // in it from a view of the input; others emplace first.
      if (IsScalar(t)) {
        Value(t, target, ind, 0, f);
      } else if (t.kind == TypeRef::Kind::kBase) {  // string / binary: built in place
        *out_ += ind + target + ".emplace(r.ReadBinaryView());\n";
      } else {
        std::string init = t.kind == TypeRef::Kind::kNamed ? "Fresh<" + Qualified(opt_, t.name) + ">()" : "";
        *out_ += ind + "{\n" + ind + "  auto& v = " + target + ".emplace(" + init + ");\n";
        Value(t, "v", ind + "  ", 0, f);
        *out_ += ind + "}\n";
      }
    } else {
      if (t.kind == TypeRef::Kind::kNamed && t.struct_def) {
        *out_ += ind + target + " = " + Qualified(opt_, t.name) + "();\n";
      }
      Value(t, target, ind, 0, f);
    }
    for (const auto& [rf, b] : bits_) {
      if (rf == &f) *out_ += ind + Word(b) + " |= " + Bit(b) + ";\n";
    }
  }

  static bool IsScalar(const TypeRef& t) {
    if (t.kind == TypeRef::Kind::kBase) return t.base != BaseType::kString && t.base != BaseType::kBinary;
    return t.kind == TypeRef::Kind::kNamed && t.enum_def != nullptr;
  }

  // Expression reading a scalar value of type t.
  std::string ScalarExpr(const TypeRef& t) const {
    if (t.kind == TypeRef::Kind::kNamed) return "static_cast<" + Qualified(opt_, t.name) + ">(r.ReadI32())";
    switch (t.base) {
      case BaseType::kBool: return "r.ReadBool()";
      case BaseType::kI8: return "r.ReadByte()";
      case BaseType::kI16: return "r.ReadI16()";
      case BaseType::kI32: return "r.ReadI32()";
      case BaseType::kI64: return "r.ReadI64()";
      case BaseType::kDouble: return "r.ReadDouble()";
      default: return "";
    }
  }

  std::string ElemCheck(const TypeRef& elem, const std::string& et) const {
    if (elem.kind == TypeRef::Kind::kBase && elem.base == BaseType::kBool) return "!IsBool(" + et + ")";
    return et + " != " + WireType(elem);
  }

  // Reads one value of type `t` into the lvalue `target` (a reference to the
  // destination, or an optional: scalars are assigned to it either way).
  void Value(const TypeRef& t, const std::string& target, const std::string& ind, int depth, const Field& f) {
    std::string d = std::to_string(depth);
    if (IsScalar(t)) {
      *out_ += ind + target + " = " + ScalarExpr(t) + ";\n";
      return;
    }
    switch (t.kind) {
      case TypeRef::Kind::kBase:  // string / binary
        *out_ += ind + "r.ReadBinary(&" + target + ");\n";
        return;
      case TypeRef::Kind::kNamed:
        *out_ += ind + "if (!ReadInto(r, &" + target + ")) return false;\n";
        return;
      case TypeRef::Kind::kList:
      case TypeRef::Kind::kSet: {
        std::string et = "et" + d, n = "n" + d, e = "e" + d;
        *out_ += ind + "{\n";
        *out_ += ind + "  CType " + et + ";\n";
        *out_ += ind + "  uint32_t " + n + ";\n";
        *out_ += ind + "  if (!r." + (t.kind == TypeRef::Kind::kList ? "ListBegin" : "SetBegin") + "(&" + et +
                 ", &" + n + ")) return false;\n";
        *out_ += ind + "  if (" + n + " != 0 && " + ElemCheck(*t.elem, et) + ") {\n";
        *out_ += ind + "    return BadElement(r, \"" + Label(f) + "\", " + et + ");\n";
        *out_ += ind + "  }\n";
        if (t.elem->kind == TypeRef::Kind::kNamed && t.elem->struct_def) {
          // Deferred (--defer): where each element starts, each skipped
          // with the reader's checks (bounds, depth, limits), when the
          // reader asks; else decoded as below.
          const bool deferred = depth == 0 && IsDeferred(opt_, s_, f);
          if (deferred) {
            *out_ += ind + "  if (r.defer_lists()) {\n";
            *out_ += ind + "    " + target + "_at.clear();\n";
            *out_ += ind + "    " + target + "_at.reserve(" + n + ");\n";
            *out_ += ind + "    for (uint32_t i" + d + " = 0; i" + d + " < " + n + "; ++i" + d + ") {\n";
            *out_ += ind + "      " + target + "_at.push_back(static_cast<uint32_t>(r.position()));\n";
            *out_ += ind + "      r.Skip(CType::kStruct);\n";
            *out_ += ind + "      if (!r.ok()) return false;\n";
            *out_ += ind + "    }\n";
            *out_ += ind + "  } else {\n";
          }
          const std::string in = ind + (deferred ? "  " : "");
          // Structs are built in place one by one: a single pass over memory.
          *out_ += in + "  " + target + ".clear();\n";
          *out_ += in + "  " + target + ".reserve(" + n + ");\n";
          *out_ += in + "  for (uint32_t i" + d + " = 0; i" + d + " < " + n + "; ++i" + d + ") {\n";
          *out_ += in + "    if (!ReadInto(r, &" + target + ".emplace_back(Fresh<" + Qualified(opt_, t.elem->name) +
                   ">()))) return false;\n";
          *out_ += in + "  }\n";
          if (deferred) *out_ += ind + "  }\n";
          *out_ += ind + "  r.ContainerEnd();\n";
          *out_ += ind + "}\n";
          return;
        }
        if (IsScalar(*t.elem) && !(t.elem->kind == TypeRef::Kind::kBase && t.elem->base == BaseType::kBool)) {
          // Numbers and enums: sized once, then stored by index (no capacity
          // check per element; n was checked against the bytes left).
          std::string p = "p" + d;
          *out_ += ind + "  " + target + ".resize_for_overwrite(" + n + ");\n";
          *out_ += ind + "  auto* " + p + " = " + target + ".data();\n";
          *out_ += ind + "  for (uint32_t i" + d + " = 0; i" + d + " < " + n + "; ++i" + d + ") {\n";
          *out_ += ind + "    " + p + "[i" + d + "] = " + ScalarExpr(*t.elem) + ";\n";
          *out_ += ind + "  }\n";
          *out_ += ind + "  r.ContainerEnd();\n";
          *out_ += ind + "}\n";
          return;
        }
        // Bools and strings are appended as they are read: no zero-fill
        // followed by assignment, strings built in place from the input.
        *out_ += ind + "  " + target + ".clear();\n";
        *out_ += ind + "  " + target + ".reserve(" + n + ");\n";
        *out_ += ind + "  for (uint32_t i" + d + " = 0; i" + d + " < " + n + "; ++i" + d + ") {\n";
        if (IsScalar(*t.elem)) {
          *out_ += ind + "    " + target + ".push_back(" + ScalarExpr(*t.elem) + ");\n";
        } else if (t.elem->kind == TypeRef::Kind::kBase) {  // string / binary
          *out_ += ind + "    " + target + ".emplace_back(r.ReadBinaryView());\n";
        } else {  // a nested container
          *out_ += ind + "    auto& " + e + " = " + target + ".emplace_back();\n";
          Value(*t.elem, e, ind + "    ", depth + 1, f);
        }
        *out_ += ind + "  }\n";
        *out_ += ind + "  r.ContainerEnd();\n";
        *out_ += ind + "}\n";
        return;
      }
      case TypeRef::Kind::kMap: {
        std::string kt = "kt" + d, vt = "vt" + d, n = "n" + d, e = "e" + d;
        *out_ += ind + "{\n";
        *out_ += ind + "  CType " + kt + ";\n";
        *out_ += ind + "  CType " + vt + ";\n";
        *out_ += ind + "  uint32_t " + n + ";\n";
        *out_ += ind + "  if (!r.MapBegin(&" + kt + ", &" + vt + ", &" + n + ")) return false;\n";
        *out_ += ind + "  if (" + n + " != 0 && " + ElemCheck(*t.elem, kt) + ") {\n";
        *out_ += ind + "    return BadElement(r, \"" + Label(f) + "\", " + kt + ");\n";
        *out_ += ind + "  }\n";
        *out_ += ind + "  if (" + n + " != 0 && " + ElemCheck(*t.value, vt) + ") {\n";
        *out_ += ind + "    return BadElement(r, \"" + Label(f) + "\", " + vt + ");\n";
        *out_ += ind + "  }\n";
        *out_ += ind + "  " + target + ".resize(" + n + ");\n";
        *out_ += ind + "  for (auto& " + e + " : " + target + ") {\n";
        Value(*t.elem, e + ".first", ind + "    ", depth + 1, f);
        Value(*t.value, e + ".second", ind + "    ", depth + 1, f);
        *out_ += ind + "  }\n";
        *out_ += ind + "  r.ContainerEnd();\n";
        *out_ += ind + "}\n";
        return;
      }
    }
  }

  const EmitOptions& opt_;
  const StructDef& s_;
  std::string* out_;
  std::vector<std::pair<const Field*, int>> bits_;  // required fields and their bits, in id order
  int words_ = 0;                                    // uint64_t words of the mask
};

}  // namespace

std::string EmitReadFunctions(const Document& doc, const EmitOptions& opt) {
  std::string out;
  for (const StructDef* s : doc.struct_order) ReadEmitter(opt, *s, &out).Run();
  return out;
}

}  // namespace thriftgen
