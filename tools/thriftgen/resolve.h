// resolve.h — the semantic pass over a parsed Document.
//
// Resolves named field types to their enum or struct, and rejects what the
// emitters cannot express: unknown or duplicate names, duplicate field ids or
// enum values, required union members, defaults that do not fit their type,
// C++ keywords as names, recursive structs.  Finally orders the structs so
// that each follows every struct its fields contain (IDL order otherwise).
#ifndef THRIFTGEN_RESOLVE_H_
#define THRIFTGEN_RESOLVE_H_

#include <string>

#include "ast.h"

namespace thriftgen {

bool Resolve(Document* doc, std::string* error);

}  // namespace thriftgen

#endif  // THRIFTGEN_RESOLVE_H_
