// Reading Variant columns to typed values (parq::VariantOf): every case of
// parquet-testing's shredded_variant/cases.json reads, row by row, to the
// typed Variant of its .variant.bin reference (metadata then value), compared
// value by value with types; the cases the spec calls errors fail with a
// Status naming what is wrong.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "json/json_value.h"
#include "parq/file_reader.h"
#include "parq/logical_value_access.h"
#include "parq/record.h"
#include "parq/variant.h"
#include "testing/status_macros.h"
#include "variant/metadata.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
const fs::path kCases = fs::path(PARQ_SHARED_DIR) / "parquet-testing" / "shredded_variant";

std::string ReadAll(const fs::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

// The reference: metadata, then the value, in one file.
Result<Variant> Reference(const fs::path& p) {
  const std::string bin = ReadAll(p);
  std::span<const uint8_t> bytes(reinterpret_cast<const uint8_t*>(bin.data()), bin.size());
  PARQ_ASSIGN_OR_RETURN(VariantMetadata md, VariantMetadata::Parse(bytes));
  return DecodeVariant(bytes.first(md.encoded_size()), bytes.subspan(md.encoded_size()));
}

// Every row's `var` through VariantOf; a null group is nullopt.
Result<std::vector<std::optional<Variant>>> ReadVariants(const fs::path& file) {
  PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(file.string()));
  const SchemaNode* node = reader->schema().FindNode("var");
  if (node == nullptr) return Status::InvalidArgument("no column 'var'");
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(*reader));
  std::vector<std::optional<Variant>> out;
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) break;
    const Value* v = row.Find("var");
    if (v == nullptr || v->is_null()) {
      out.emplace_back();
      continue;
    }
    PARQ_ASSIGN_OR_RETURN(Variant x, VariantOf(*v, *node));
    out.emplace_back(std::move(x));
  }
  return out;
}

TEST(VariantShreddedReadTest, EveryCaseReadsToItsTypedReference) {
  ASSERT_OK_AND_ASSIGN(const JsonValue cases, ParseJson(ReadAll(kCases / "cases.json")));
  int rows_compared = 0, errors = 0, cases_read = 0;
  for (const JsonValue& c : cases.items) {
    const JsonValue* file = c.Find("parquet_file");
    if (file == nullptr) continue;  // a case number without a file
    SCOPED_TRACE(file->text);
    Result<std::vector<std::optional<Variant>>> got = ReadVariants(kCases / file->text);
    if (const JsonValue* err = c.Find("error_message")) {
      EXPECT_FALSE(got.ok()) << "expected an error like: " << err->text;
      if (!got.ok()) {
        EXPECT_TRUE(got.status().code() == StatusCode::kCorrupt || got.status().code() == StatusCode::kUnsupported)
            << got.status().ToString();
      }
      ++errors;
      continue;
    }
    ASSERT_OK(got.status());
    std::vector<const JsonValue*> refs;
    if (const JsonValue* one = c.Find("variant_file")) refs.push_back(one);
    if (const JsonValue* many = c.Find("variant_files")) {
      for (const JsonValue& f : many->items) refs.push_back(&f);
    }
    ASSERT_EQ(refs.size(), got->size());
    for (size_t i = 0; i < refs.size(); ++i) {
      SCOPED_TRACE("row " + std::to_string(i));
      if (refs[i]->kind == JsonValue::Kind::kNull) {
        EXPECT_FALSE((*got)[i].has_value());
        continue;
      }
      ASSERT_OK_AND_ASSIGN(Variant want, Reference(kCases / refs[i]->text));
      ASSERT_TRUE((*got)[i].has_value());
      EXPECT_EQ(*(*got)[i], want) << "read " << (*got)[i]->ToString() << "\nwant " << want.ToString();
      ++rows_compared;
    }
    ++cases_read;
  }
  EXPECT_EQ(errors, 6);
  EXPECT_GE(cases_read, 130);
  EXPECT_GE(rows_compared, 130);
  std::printf("[ cases ] %d cases read, %d rows compared, %d error cases refused\n", cases_read, rows_compared, errors);
}

// Each error case's message names the fault.
TEST(VariantShreddedReadTest, ErrorCasesSayWhy) {
  EXPECT_STATUS_HAS(ReadVariants(kCases / "case-040.parquet"), StatusCode::kCorrupt, "conflicting value and typed_value");
  EXPECT_STATUS_HAS(ReadVariants(kCases / "case-087.parquet"), StatusCode::kCorrupt,
                    "non-object value with shredded fields");
  EXPECT_STATUS_HAS(ReadVariants(kCases / "case-127.parquet"), StatusCode::kUnsupported, "INT32 (INTEGER(32,false))");
  EXPECT_STATUS_HAS(ReadVariants(kCases / "case-137.parquet"), StatusCode::kUnsupported, "FIXED_LEN_BYTE_ARRAY");
}

TEST(VariantShreddedReadTest, RefusesWhatIsNotAVariantGroup) {
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open((kCases / "case-001.parquet").string()));
  const SchemaNode* id = reader->schema().FindNode("id");
  ASSERT_NE(id, nullptr);
  EXPECT_STATUS_HAS(VariantOf(Value::Int32(1), *id), StatusCode::kInvalidArgument, "not a VARIANT group");
  const SchemaNode* var = reader->schema().FindNode("var");
  ASSERT_NE(var, nullptr);
  EXPECT_STATUS_HAS(VariantOf(Value::Null(), *var), StatusCode::kInvalidArgument, "'var' is null");
}

}  // namespace
}  // namespace parq
