// DuckDB (its C API from the npm package's libduckdb.so, 1.5.6 when
// written) reads the Variant columns parq writes with a shredding schema:
// 400 rows of seeded random typed Variants (tests/variant/
// variant_shapes_util.h) in every shape — unshredded, a typed_value leaf of
// each type of VariantShredding.md's table, an object with fields, an array,
// nested objects and arrays.  DuckDB's read_parquet gives each value's type
// (variant_typeof) and SQL NULL for the null groups; DuckDB's COPY of the
// file to a Parquet file of its own reads back in parq to the same typed
// values.  What DuckDB does differently is named where it is allowed for:
// it has no nanosecond TIMESTAMP WITH TIME ZONE (it keeps microseconds), it
// reads a top-level Variant null as SQL NULL, and its writer wraps the
// length of an unshredded 64-byte string.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <filesystem>
#include <limits>
#include <map>
#include <ostream>
#include <optional>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/logical_value_access.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "parq/variant.h"
#include "testing/duckdb_capi.h"
#include "testing/status_macros.h"
#include "variant/variant_shapes_util.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using variant_test::Columns;

}  // namespace

// gtest prints Variants in their typed text.
void PrintTo(const Variant& v, std::ostream* os) { *os << v.ToString(); }

namespace {

// Writes kRows rows of random Variants into every column of the shapes
// schema; *want gets them (nullopt: a null group).
Status WriteShapes(const std::string& path, int rows, std::vector<std::vector<std::optional<Variant>>>* want) {
  const Schema schema = variant_test::MakeShapesSchema();
  variant_test::RandomVariants rnd(9001);
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(path, schema));
  PARQ_ASSIGN_OR_RETURN(auto out, RowWriter::Open(*file));
  for (int r = 0; r < rows; ++r) {
    Value row = Value::Struct();
    row.AddField("id", Value::Int32(r));
    want->emplace_back();
    for (const auto& c : Columns()) {
      if (rnd.Below(10) == 0) {
        row.AddField(c.name, Value::Null());
        want->back().emplace_back();
        continue;
      }
      Variant v = variant_test::ValueFor(rnd, c);
      PARQ_ASSIGN_OR_RETURN(Value g, ToValue(v, *schema.FindNode(c.name)));
      row.AddField(c.name, std::move(g));
      want->back().emplace_back(std::move(v));
    }
    PARQ_RETURN_IF_ERROR(out->Write(row));
  }
  PARQ_RETURN_IF_ERROR(out->Close());
  return file->Close();
}

// Every row of `path` (ordered by id) as Variants by column.
Result<std::vector<std::vector<std::optional<Variant>>>> ReadShapes(const std::string& path) {
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(path));
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(*file));
  std::vector<std::vector<std::optional<Variant>>> out;
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) break;
    out.emplace_back();
    for (const auto& c : Columns()) {
      const Value* g = row.Find(c.name);
      if (g == nullptr) return Status::InvalidArgument("no column " + c.name);
      if (g->is_null()) {
        out.back().emplace_back();
        continue;
      }
      PARQ_ASSIGN_OR_RETURN(Variant v, VariantOf(*g, *file->schema().FindNode(c.name)));
      out.back().emplace_back(std::move(v));
    }
  }
  return out;
}

// DuckDB's variant_typeof() name of a value's type; "SQLNULL" for a null
// group and for the Variant null at the top (DuckDB reads it as SQL NULL).
// DuckDB has no nanosecond timestamp with a time zone: it reads
// timestamp_nanos as TIMESTAMP WITH TIME ZONE, in microseconds.  A decimal's
// width in DuckDB's name is the typed_value column's precision, or the
// unscaled value's digits when unshredded: compared as "DECIMAL(w, scale)".
std::string DuckTypeName(const std::optional<Variant>& v) {
  if (!v || v->is_null()) return "SQLNULL";
  auto decimal = [&](int) { return "DECIMAL(w, " + std::to_string(v->decimal_scale()) + ")"; };
  switch (v->type()) {
    case VariantType::kNull: return "VARIANT_NULL";
    case VariantType::kBoolean: return v->bool_value() ? "BOOL_TRUE" : "BOOL_FALSE";
    case VariantType::kInt8: return "INT8";
    case VariantType::kInt16: return "INT16";
    case VariantType::kInt32: return "INT32";
    case VariantType::kInt64: return "INT64";
    case VariantType::kFloat: return "FLOAT";
    case VariantType::kDouble: return "DOUBLE";
    case VariantType::kDecimal4: return decimal(9);
    case VariantType::kDecimal8: return decimal(18);
    case VariantType::kDecimal16: return decimal(38);
    case VariantType::kDate: return "DATE";
    case VariantType::kTime: return "TIME_MICROS";
    case VariantType::kTimestampMicros: return "TIMESTAMP_MICROS_TZ";
    case VariantType::kTimestampNtzMicros: return "TIMESTAMP_MICROS";
    case VariantType::kTimestampNanos: return "TIMESTAMP_MICROS_TZ";
    case VariantType::kTimestampNtzNanos: return "TIMESTAMP_NANOS";
    case VariantType::kString: return "VARCHAR";
    case VariantType::kBinary: return "BLOB";
    case VariantType::kUuid: return "UUID";
    case VariantType::kArray: return "ARRAY(" + std::to_string(v->size()) + ")";
    case VariantType::kObject: {
      std::string s = "OBJECT(";
      for (size_t i = 0; i < v->size(); ++i) s += (i ? ", " : "") + v->key(i);
      return s + ")";
    }
  }
  return "?";
}

// v as DuckDB holds it: timestamp_nanos (with time zone) in microseconds,
// truncated toward zero, at every level; but the largest int64 in a
// TIMESTAMP(NANOS, true) typed_value (`shredded_nanos`: v is the top value
// of such a column) is DuckDB's 'infinity', the largest int64 in any unit.
Variant AsDuckDbHoldsIt(const Variant& v, bool shredded_nanos = false) {
  if (v.type() == VariantType::kTimestampNanos) {
    const int64_t n = v.int_value();
    return Variant::TimestampMicros(shredded_nanos && n == std::numeric_limits<int64_t>::max() ? n : n / 1000);
  }
  Variant out = v;
  if (v.is_array()) {
    for (size_t i = 0; i < v.size(); ++i) out.element(i) = AsDuckDbHoldsIt(v.element(i));
  } else if (v.is_object()) {
    for (size_t i = 0; i < v.size(); ++i) out.field(i) = AsDuckDbHoldsIt(v.field(i));
  }
  return out;
}

// got == want, but for DuckDB's writer (1.5.6) writing a string of exactly
// 64 bytes, unshredded, as a short string whose 6-bit length wraps to 0: it
// reads back as "".  (DuckDB's reader reads parq's 64-byte strings, which
// take the long form, in full: the type test above and
// `SELECT length(v::VARCHAR)` show it.)
bool MatchesDuckDbCopy(const Variant& want, const Variant& got) {
  if (want.type() == VariantType::kString && want.bytes().size() == 64 && got == Variant::String("")) return true;
  if (want.type() != got.type() || want.size() != got.size()) return false;
  if (want.is_array()) {
    for (size_t i = 0; i < want.size(); ++i) {
      if (!MatchesDuckDbCopy(want.element(i), got.element(i))) return false;
    }
    return true;
  }
  if (want.is_object()) {
    for (size_t i = 0; i < want.size(); ++i) {
      if (want.key(i) != got.key(i) || !MatchesDuckDbCopy(want.field(i), got.field(i))) return false;
    }
    return true;
  }
  return want == got;
}

std::vector<std::string> Split(const std::string& s) {
  std::vector<std::string> out(1);
  for (char c : s) {
    if (c == '|') out.emplace_back();
    else out.back() += c;
  }
  return out;
}

class VariantDuckDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-variant-duckdb-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    ASSERT_OK(WriteShapes(parq_file(), kRows, &want_));
    ASSERT_OK_AND_ASSIGN(db_, testing::DuckDb::Open(PARQ_DUCKDB_LIB));
    std::printf("[ duckdb ] %s\n", db_->Version().c_str());
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string parq_file() const { return (dir_ / "parq.parquet").string(); }
  static constexpr int kRows = 400;
  fs::path dir_;
  std::vector<std::vector<std::optional<Variant>>> want_;
  std::unique_ptr<testing::DuckDb> db_;
};

// DuckDB's read_parquet of parq's file: each value's type, by
// variant_typeof(), and SQL NULL for the null groups.
TEST_F(VariantDuckDbTest, DuckDbReadsEveryTypeAndShape) {
  int compared = 0;
  for (size_t i = 0; i < Columns().size(); ++i) {
    const std::string& col = Columns()[i].name;
    SCOPED_TRACE(col);
    ASSERT_OK_AND_ASSIGN(std::string types,
                         db_->Scalar("SELECT string_agg(CASE WHEN \"" + col + "\" IS NULL THEN 'SQLNULL' ELSE variant_typeof(\"" +
                                     col + "\") END, '|' ORDER BY id) FROM read_parquet('" + parq_file() + "')"));
    std::vector<std::string> got = Split(types);
    for (std::string& t : got) {
      if (t.rfind("DECIMAL(", 0) == 0) t = "DECIMAL(w" + t.substr(t.find(','));
    }
    ASSERT_EQ(got.size(), want_.size());
    for (size_t r = 0; r < want_.size(); ++r) {
      EXPECT_EQ(got[r], DuckTypeName(want_[r][i])) << "row " << r << ": " << (want_[r][i] ? want_[r][i]->ToString() : "NULL");
      ++compared;
    }
  }
  std::printf("[ types ] %d values\n", compared);
}

// The values themselves: DuckDB copies parq's file into a Parquet file of its
// own, and parq reads that back to the Variants it wrote (as DuckDB holds
// them: see AsDuckDbHoldsIt).  DuckDB's writer writes a SQL NULL variant as
// the Variant null (the test above checks that it reads those as SQL NULL).
TEST_F(VariantDuckDbTest, DuckDbCopyReadsBackToTheSameValues) {
  const std::string duck_file = (dir_ / "duck.parquet").string();
  ASSERT_OK(db_->Run("COPY (SELECT * FROM read_parquet('" + parq_file() + "') ORDER BY id) TO '" + duck_file +
                     "' (FORMAT parquet)"));
  ASSERT_OK_AND_ASSIGN(auto got, ReadShapes(duck_file));
  ASSERT_EQ(got.size(), want_.size());
  int compared = 0;
  for (size_t r = 0; r < want_.size(); ++r) {
    for (size_t i = 0; i < Columns().size(); ++i) {
      const std::optional<Variant>& w = want_[r][i];
      const std::optional<Variant>& g = got[r][i];
      ASSERT_TRUE(g.has_value()) << "row " << r << " " << Columns()[i].name;
      const Variant expect = w ? AsDuckDbHoldsIt(*w, Columns()[i].type == VariantType::kTimestampNanos) : Variant::Null();
      EXPECT_TRUE(MatchesDuckDbCopy(expect, *g)) << "row " << r << " " << Columns()[i].name << "\nwant " << expect.ToString() << "\ngot  "
                            << g->ToString();
      ++compared;
    }
  }
  std::printf("[ values ] %d values\n", compared);
}

// DuckDB's reader takes parq's long-form strings of 64 bytes and more whole
// (the copy test above needs the exception for DuckDB's writer only).
TEST_F(VariantDuckDbTest, DuckDbReadsLongStringsWhole) {
  int checked = 0;
  for (size_t i = 0; i < Columns().size(); ++i) {
    const std::string& col = Columns()[i].name;
    ASSERT_OK_AND_ASSIGN(std::string lengths,
                         db_->Scalar("SELECT string_agg(CASE WHEN variant_typeof(\"" + col + "\") = 'VARCHAR' THEN length(\"" +
                                     col + "\"::VARCHAR) ELSE -1 END::VARCHAR, '|' ORDER BY id) FROM read_parquet('" +
                                     parq_file() + "')"));
    const std::vector<std::string> got = Split(lengths);
    ASSERT_EQ(got.size(), want_.size());
    for (size_t r = 0; r < want_.size(); ++r) {
      const std::optional<Variant>& w = want_[r][i];
      if (!w || w->type() != VariantType::kString) continue;
      // Characters, not bytes: the generator's only non-ASCII is a 2-byte é.
      const std::string_view b = w->bytes();
      size_t chars = 0;
      for (unsigned char c : b) chars += (c & 0xC0) != 0x80;
      EXPECT_EQ(got[r], std::to_string(chars)) << col << " row " << r;
      ++checked;
    }
  }
  EXPECT_GT(checked, 50);
}

}  // namespace
}  // namespace parq
