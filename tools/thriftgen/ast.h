// ast.h — the parsed form of a Thrift IDL file, as thriftgen understands it.
//
// The subset is what Parquet's IDL needs: namespaces, enums with (optionally
// implicit) values, structs and unions with numbered fields, base types,
// list/set/map containers and constant defaults.  The parser fills these
// structures and resolves every named type before an emitter sees them, so
// emitters may follow TypeRef::enum_def / struct_def without checks.
//
// Ownership: a Document owns all definitions; TypeRefs point into it.
#ifndef THRIFTGEN_AST_H_
#define THRIFTGEN_AST_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace thriftgen {

struct EnumDef;
struct StructDef;

enum class BaseType { kBool, kI8, kI16, kI32, kI64, kDouble, kString, kBinary };

struct TypeRef {
  enum class Kind { kBase, kList, kSet, kMap, kNamed };
  Kind kind = Kind::kBase;
  BaseType base = BaseType::kI32;          // kBase
  std::string name;                        // kNamed, as written
  std::shared_ptr<const TypeRef> elem;     // kList, kSet; map key
  std::shared_ptr<const TypeRef> value;    // kMap value
  // Set by resolution for kNamed (exactly one of them).
  const EnumDef* enum_def = nullptr;
  const StructDef* struct_def = nullptr;
  int line = 0;
};

// A constant used as a field default.
struct ConstValue {
  enum class Kind { kInt, kDouble, kString, kIdent };
  Kind kind = Kind::kInt;
  int64_t int_value = 0;
  double double_value = 0;
  std::string text;  // kString contents (unescaped) or kIdent name
  int line = 0;
};

enum class Requiredness { kDefault, kRequired, kOptional };

struct Field {
  int id = 0;
  std::string name;
  Requiredness req = Requiredness::kDefault;
  std::shared_ptr<TypeRef> type;
  std::optional<ConstValue> default_value;
  std::vector<std::string> doc;  // comment lines, without comment markers
  int line = 0;
};

struct EnumValue {
  std::string name;
  int32_t value = 0;
  std::vector<std::string> doc;
  int line = 0;
};

struct EnumDef {
  std::string name;
  std::vector<EnumValue> values;
  std::vector<std::string> doc;
  int line = 0;
};

struct StructDef {
  std::string name;
  bool is_union = false;
  std::vector<Field> fields;  // in IDL order
  std::vector<std::string> doc;
  int line = 0;

  // Fields sorted by id: the order Write emits and Thrift's C++ writes.
  std::vector<const Field*> FieldsById() const;
};

struct Document {
  std::string file_name;                          // base name of the IDL
  std::map<std::string, std::string> namespaces;  // language -> namespace
  std::vector<std::unique_ptr<EnumDef>> enums;     // IDL order
  std::vector<std::unique_ptr<StructDef>> structs; // IDL order
  // Structs and unions ordered so that every struct comes after the structs
  // its fields use (filled by the parser).
  std::vector<const StructDef*> struct_order;
};

}  // namespace thriftgen

#endif  // THRIFTGEN_AST_H_
