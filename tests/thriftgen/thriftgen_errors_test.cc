// Runs the thriftgen binary on small IDLs and checks its diagnostics: each
// rejected input must fail with "file:line: message" naming the problem.
#include <gtest/gtest.h>

#include <array>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

namespace {

struct RunResult {
  int exit_code = -1;
  std::string output;  // stderr and stdout
};

RunResult RunThriftgen(const std::string& idl_text, const std::string& name, const std::string& extra = "") {
  namespace fs = std::filesystem;
  fs::path dir = fs::temp_directory_path() / ("thriftgen_errors_" + name);
  fs::create_directories(dir);
  fs::path idl = dir / (name + ".thrift");
  std::ofstream(idl) << idl_text;
  std::string cmd = std::string(PARQ_THRIFTGEN_BIN) + " --namespace t::ns --include-prefix t/ --out-dir " +
                    dir.string() + " --name out " + extra + idl.string() + " 2>&1";
  RunResult res;
  FILE* p = popen(cmd.c_str(), "r");
  if (!p) return res;
  std::array<char, 256> buf;
  size_t n;
  while ((n = fread(buf.data(), 1, buf.size(), p)) > 0) res.output.append(buf.data(), n);
  int status = pclose(p);
  res.exit_code = WIFEXITED(status) ? WEXITSTATUS(status) : -1;
  return res;
}

void ExpectError(const std::string& idl, const std::string& name, const std::string& message) {
  RunResult r = RunThriftgen(idl, name);
  EXPECT_EQ(r.exit_code, 1) << r.output;
  EXPECT_NE(r.output.find(message), std::string::npos) << "got: " << r.output;
}

TEST(ThriftgenErrors, AcceptsAValidFile) {
  RunResult r = RunThriftgen("namespace cpp x\nenum E { A = 1 }\nstruct S { 1: required E e }\n", "ok");
  EXPECT_EQ(r.exit_code, 0) << r.output;
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::temp_directory_path() / "thriftgen_errors_ok" / "out.h"));
  EXPECT_TRUE(std::filesystem::exists(std::filesystem::temp_directory_path() / "thriftgen_errors_ok" / "out.cc"));
}

TEST(ThriftgenErrors, Diagnostics) {
  ExpectError("struct S {\n  1: Missing m\n}\n", "unknown", "unknown.thrift:2: unknown type 'Missing'");
  ExpectError("struct S {\n  1: i32 a\n  1: i32 b\n}\n", "dupid", "dupid.thrift:3: duplicate field id 1 in S");
  ExpectError("struct S { 1: i32 a }\nstruct S { 1: i32 b }\n", "dupname", "duplicate type name 'S'");
  ExpectError("union U {\n  1: required i32 a\n}\n", "requnion", "union member 'a' cannot be required");
  ExpectError("struct A { 1: optional B b }\nstruct B { 1: optional A a }\n", "cycle",
              "recursive types are not supported");
  ExpectError("struct S {\n  1: i8 a = 300\n}\n", "range", "default of field 'a' does not fit its type");
  ExpectError("enum E { A = 1, B = 1 }\n", "dupenum", "duplicate value 1 in enum E");
  ExpectError("struct S {\n  i32 a\n}\n", "noid", "noid.thrift:2: expected a field id");
  ExpectError("service X {}\n", "service", "'service' is not supported");
  ExpectError("struct S {\n  1: i32 class\n}\n", "keyword", "field name 'class' is reserved in C++");
  ExpectError("struct S {\n  1: i32 a\n", "eof", "unterminated struct S");
  ExpectError("/* open\n", "comment", "unterminated /* comment");
  ExpectError("enum E { A = 1 }\nstruct S {\n  1: E e = E.C\n}\n", "enumdef", "'E.C' is not a value of enum E");
}

// --defer names a required list of structs; its struct gets the offsets member.
TEST(ThriftgenErrors, DeferredLists) {
  const std::string idl =
      "struct Item { 1: required i32 v }\n"
      "struct S {\n  1: required list<Item> items\n  2: optional list<Item> more\n  3: required i32 n\n}\n";
  RunResult ok = RunThriftgen(idl, "defer", "--defer S.items ");
  EXPECT_EQ(ok.exit_code, 0) << ok.output;
  std::ifstream header(std::filesystem::temp_directory_path() / "thriftgen_errors_defer" / "out.h");
  const std::string text((std::istreambuf_iterator<char>(header)), std::istreambuf_iterator<char>());
  EXPECT_NE(text.find("::parq::thrift::Vector<uint32_t> items_at;"), std::string::npos) << text;
  EXPECT_EQ(text.find("more_at"), std::string::npos);
  for (const char* bad : {"S.more", "S.n", "S.none", "Item.v"}) {
    RunResult r = RunThriftgen(idl, "defer_bad", std::string("--defer ") + bad + " ");
    EXPECT_EQ(r.exit_code, 2) << bad << ": " << r.output;
    EXPECT_NE(r.output.find(std::string("--defer ") + bad + ": not a required list<struct> field"), std::string::npos)
        << r.output;
  }
}

}  // namespace
