// parser.h — builds and checks a Document from Thrift IDL text.
//
// Grammar accepted (a subset of Apache Thrift's):
//   document   := header* definition*
//   header     := 'namespace' (IDENT | '*') IDENT
//   definition := enum | ('struct' | 'union') IDENT '{' field* '}'
//   enum       := 'enum' IDENT '{' (IDENT ['=' INT] [',' | ';'])* '}'
//   field      := INT ':' ['required' | 'optional'] type IDENT ['=' const] [',' | ';']
//   type       := 'bool' | 'byte' | 'i8' | 'i16' | 'i32' | 'i64' | 'double'
//               | 'string' | 'binary' | 'list' '<' type '>' | 'set' '<' type '>'
//               | 'map' '<' type ',' type '>' | IDENT
//   const      := INT | DOUBLE | STRING | IDENT        (true/false, enum values)
// After parsing, every named type is resolved, ids and names are checked
// for duplicates, defaults are checked against their field types, and the
// structs are ordered so each follows the structs it contains.
//
// Errors are "file:line: message" strings; the first one stops parsing.
#ifndef THRIFTGEN_PARSER_H_
#define THRIFTGEN_PARSER_H_

#include <string>
#include <string_view>

#include "ast.h"

namespace thriftgen {

// Parses and validates `source`.  `file_name` is used in messages and kept
// in doc->file_name.  Returns false with `*error` set on failure.
bool ParseDocument(std::string_view source, const std::string& file_name, Document* doc,
                   std::string* error);

// True for C++ keywords and a few names that generated code cannot use as
// identifiers.
bool IsReservedCppName(std::string_view name);

}  // namespace thriftgen

#endif  // THRIFTGEN_PARSER_H_
