// cpp_names.h — how IDL types and values are spelled in generated C++.
//
//   i8/i16/i32/i64 -> int8_t..int64_t, double, bool, string/binary -> std::string,
//   list<T>/set<T> -> std::vector<T>, map<K,V> -> std::vector<std::pair<K,V>>,
//   enums and structs -> their fully qualified name (::ns::Name).
// Also the compact-protocol wire type of each IDL type, and member
// initialisers for required / default-requiredness fields.
#ifndef THRIFTGEN_CPP_NAMES_H_
#define THRIFTGEN_CPP_NAMES_H_

#include <set>
#include <string>
#include <vector>

#include "ast.h"

namespace thriftgen {

struct EmitOptions {
  std::string cpp_namespace;   // e.g. "parq::format"
  std::string include_prefix;  // e.g. "format/"
  std::string name;            // e.g. "parquet_types"
  // Required list<struct> fields ("RowGroup.columns") whose elements a reader
  // may leave undecoded (--defer): the struct gets a member <field>_at, and
  // a CompactReader with defer_lists() set fills it with each element's
  // offset in the input and skips the element instead of decoding it.
  std::set<std::string> deferred;
};

// Whether field `f` of `owner` is one of opt.deferred.
bool IsDeferred(const EmitOptions& opt, const StructDef& owner, const Field& f);

// "::parq::format::Name".
std::string Qualified(const EmitOptions& opt, const std::string& name);
// The C++ type of a value of `t` (not wrapped in std::optional).
std::string CppType(const EmitOptions& opt, const TypeRef& t);
// Whether optional field `f` of `owner` is a thrift::Box (kept out of line)
// rather than a std::optional: optional fields of a non-empty struct type,
// except in unions (whose one member is always the value itself).
bool IsBoxed(const StructDef& owner, const Field& f);
// The member declaration type: std::optional<...> or thrift::Box<...> for
// optional fields.
std::string MemberType(const EmitOptions& opt, const StructDef& owner, const Field& f);
// " = 0", "{}", " = true", ... (empty for optional fields without an IDL
// default; optional fields with one start out holding it).
std::string MemberInit(const EmitOptions& opt, const Field& f);
// "CType::kI32" etc.
std::string WireType(const TypeRef& t);
// A C++ string literal for `s`, escaping as needed.
std::string CppStringLiteral(const std::string& s);
// "FORMAT_PARQUET_TYPES_H_" from the include prefix and name.
std::string IncludeGuard(const EmitOptions& opt);
// "PARQ_FORMAT_STRUCTS" from the namespace.
std::string StructsMacro(const EmitOptions& opt);
// Appends `doc` as "// " lines with the given indent.
void AppendDoc(const std::vector<std::string>& doc, const std::string& indent, std::string* out);
// The IDL spelling of a type, for comments ("list<i64>").
std::string IdlType(const TypeRef& t);

}  // namespace thriftgen

#endif  // THRIFTGEN_CPP_NAMES_H_
