// emitter.h — turns a resolved Document into the generated C++ files.
//
// The header (EmitHeader) declares, in namespace opt.cpp_namespace:
//   enum class E : int32_t {...};  std::string_view EnumName(E);
//   struct S {...; bool operator==(const S&) const = default; };
//   bool Read(::parq::thrift::CompactReader&, S*);
//   void Write(::parq::thrift::CompactWriter&, const S&);
//   #define <NS>_STRUCTS(X) X(S1) X(S2) ...
//   template <class Rng> void RandomFill(Rng&, S*, int depth = 0);  (tests)
// The source (EmitSource) defines EnumName, Read and Write.  Output depends
// only on the Document and the options, so it can be compared with golden
// files byte for byte.
#ifndef THRIFTGEN_EMITTER_H_
#define THRIFTGEN_EMITTER_H_

#include <string>

#include "ast.h"
#include "cpp_names.h"

namespace thriftgen {

std::string EmitHeader(const Document& doc, const EmitOptions& opt);
std::string EmitSource(const Document& doc, const EmitOptions& opt);
// With --json: <name>_json.h / .cc, a WriteJson per struct (emit_json.cc).
std::string EmitJsonHeader(const Document& doc, const EmitOptions& opt);
std::string EmitJsonSource(const Document& doc, const EmitOptions& opt);

// Pieces shared by the two (emit_random.cc, emit_read.cc, emit_write.cc).
std::string EmitRandomFill(const Document& doc, const EmitOptions& opt);
std::string EmitReadFunctions(const Document& doc, const EmitOptions& opt);
std::string EmitWriteFunctions(const Document& doc, const EmitOptions& opt);

}  // namespace thriftgen

#endif  // THRIFTGEN_EMITTER_H_
