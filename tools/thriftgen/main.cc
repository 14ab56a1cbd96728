// thriftgen — generates parq's C++ structs and compact-protocol code from a
// Thrift IDL file.
//
//   thriftgen --namespace parq::format --include-prefix format/
//       --out-dir DIR --name parquet_types [--json] [--defer Struct.field]... IDL
//
// writes DIR/<name>.h and DIR/<name>.cc (see emitter.h for what they hold),
// and with --json DIR/<name>_json.h and DIR/<name>_json.cc.
// Exit status 0 on success; 1 with a "file:line: message" on stderr for a
// bad IDL; 2 for bad arguments or I/O errors.
#include <cctype>
#include <cstdio>
#include <fstream>
#include <sstream>
#include <string>

#include "ast.h"
#include "emitter.h"
#include "parser.h"

namespace {

int Usage(const char* msg) {
  std::fprintf(stderr,
               "thriftgen: %s\nusage: thriftgen --namespace NS --include-prefix PREFIX "
               "--out-dir DIR --name NAME [--json] [--defer STRUCT.FIELD]... IDL\n",
               msg);
  return 2;
}

bool WriteFile(const std::string& path, const std::string& content) {
  std::ofstream f(path, std::ios::binary | std::ios::trunc);
  f << content;
  f.close();
  if (!f) {
    std::fprintf(stderr, "thriftgen: cannot write %s\n", path.c_str());
    return false;
  }
  return true;
}

bool ValidNamespace(const std::string& ns) {
  if (ns.empty()) return false;
  size_t i = 0;
  while (i < ns.size()) {
    size_t j = ns.find("::", i);
    std::string part = ns.substr(i, j == std::string::npos ? std::string::npos : j - i);
    if (part.empty() || std::isdigit(static_cast<unsigned char>(part[0]))) return false;
    for (char c : part) {
      if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_') return false;
    }
    if (j == std::string::npos) break;
    i = j + 2;
  }
  return true;
}

// Whether `name` ("Struct.field") names a required list of structs.
bool DeferrableField(const thriftgen::Document& doc, const std::string& name) {
  for (const thriftgen::StructDef* s : doc.struct_order) {
    for (const thriftgen::Field& f : s->fields) {
      if (s->name + "." + f.name != name) continue;
      return f.req == thriftgen::Requiredness::kRequired && f.type->kind == thriftgen::TypeRef::Kind::kList &&
             f.type->elem->kind == thriftgen::TypeRef::Kind::kNamed && f.type->elem->struct_def != nullptr;
    }
  }
  return false;
}

}  // namespace

int main(int argc, char** argv) {
  thriftgen::EmitOptions opt;
  std::string out_dir, idl;
  bool json = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    auto value = [&](std::string* dst) {
      if (i + 1 >= argc) return false;
      *dst = argv[++i];
      return true;
    };
    bool ok = true;
    if (a == "--namespace") {
      ok = value(&opt.cpp_namespace);
    } else if (a == "--include-prefix") {
      ok = value(&opt.include_prefix);
    } else if (a == "--out-dir") {
      ok = value(&out_dir);
    } else if (a == "--name") {
      ok = value(&opt.name);
    } else if (a == "--json") {
      json = true;
    } else if (a == "--defer") {
      std::string field;
      ok = value(&field);
      opt.deferred.insert(field);
    } else if (!a.empty() && a[0] == '-') {
      return Usage(("unknown option " + a).c_str());
    } else if (idl.empty()) {
      idl = a;
    } else {
      return Usage("more than one IDL file given");
    }
    if (!ok) return Usage(("missing value for " + a).c_str());
  }
  if (idl.empty() || out_dir.empty() || opt.name.empty() || opt.cpp_namespace.empty()) {
    return Usage("--namespace, --out-dir, --name and an IDL file are required");
  }
  if (!ValidNamespace(opt.cpp_namespace)) return Usage("bad --namespace");

  std::ifstream in(idl, std::ios::binary);
  if (!in) {
    std::fprintf(stderr, "thriftgen: cannot read %s\n", idl.c_str());
    return 2;
  }
  std::stringstream buf;
  buf << in.rdbuf();
  std::string base = idl.substr(idl.find_last_of('/') == std::string::npos ? 0 : idl.find_last_of('/') + 1);

  thriftgen::Document doc;
  std::string error;
  if (!thriftgen::ParseDocument(buf.str(), base, &doc, &error)) {
    std::fprintf(stderr, "%s\n", error.c_str());
    return 1;
  }
  for (const std::string& name : opt.deferred) {
    if (!DeferrableField(doc, name)) {
      return Usage(("--defer " + name + ": not a required list<struct> field of a struct").c_str());
    }
  }
  std::string stem = out_dir + "/" + opt.name;
  if (!WriteFile(stem + ".h", thriftgen::EmitHeader(doc, opt))) return 2;
  if (!WriteFile(stem + ".cc", thriftgen::EmitSource(doc, opt))) return 2;
  if (json && !WriteFile(stem + "_json.h", thriftgen::EmitJsonHeader(doc, opt))) return 2;
  if (json && !WriteFile(stem + "_json.cc", thriftgen::EmitJsonSource(doc, opt))) return 2;
  return 0;
}
