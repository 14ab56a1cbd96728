// The differential check of filters against DuckDB: for generated predicates
// (tests/testing/filter_diff.h: every operator, literals from each column's
// values, their neighbours and out-of-range values) over corpus files of
// every logical type and generated sorted and unsorted files with small row
// groups and pages, parq's filtered read equals its unfiltered read filtered
// row by row (in the canonical JSON form), and DuckDB's
//   SELECT file_row_number FROM read_parquet('F', file_row_number = true) WHERE <the predicate in SQL>
// picks exactly those rows (by their position in the file; that parq reads
// every row of these files as their expected rows is the corpus tests'
// business).  The seed is printed; PARQ_FILTER_DIFF_SEED sets another.
//
// DuckDB's read_parquet evaluates some filters in its Parquet reader (by
// statistics, Bloom filters, on the raw values) and there answers otherwise
// than its own semantics on NaN, -0.0, FIXED_LEN_BYTE_ARRAY decimals and
// binary (docs/filter.md, "Checked against DuckDB").  So when the rows
// differ, the same WHERE is asked of DuckDB's table of the file (nothing
// pushed down): when that agrees with parq, the case is printed as DuckDB's
// and not failed; parq differing from DuckDB's table always fails.
//
// What DuckDB cannot be asked, each counted and printed:
//   * TIME(NANOS) literals that are not whole microseconds: DuckDB reads the
//     column as a microsecond TIME;
//   * TIMESTAMP(NANOS, UTC) and INT96 literals that are not whole
//     microseconds: DuckDB reads them as microsecond TIMESTAMP WITH TIME ZONE
//     and TIMESTAMP.
#include <gtest/gtest.h>

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <filesystem>
#include <map>
#include <optional>
#include <string>
#include <vector>

#include "testing/duckdb_capi.h"
#include "testing/filter_diff.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

std::string Quote(const std::string& s, char q = '\'') {
  std::string out(1, q);
  for (char c : s) out += c == q ? std::string(2, q) : std::string(1, c);
  return out + q;
}

std::string Hex(const std::string& bytes) {
  static const char* const kDigits = "0123456789abcdef";
  std::string out;
  for (unsigned char c : bytes) {
    out += kDigits[c >> 4];
    out += kDigits[c & 15];
  }
  return out;
}

std::string Int128Text(__int128 v) {
  if (v == 0) return "0";
  const bool neg = v < 0;
  unsigned __int128 u = neg ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  std::string s;
  for (; u > 0; u /= 10) s.insert(s.begin(), static_cast<char>('0' + static_cast<int>(u % 10)));
  return neg ? "-" + s : s;
}

std::string DoubleSql(double d) {
  if (std::isnan(d)) return "'NaN'::DOUBLE";
  if (std::isinf(d)) return d > 0 ? "'Infinity'::DOUBLE" : "'-Infinity'::DOUBLE";
  char buf[64];
  std::snprintf(buf, sizeof buf, "'%.17g'::DOUBLE", d);
  return buf;
}

// An epoch count of `unit` ticks as DuckDB's microseconds, when exact.
std::optional<int64_t> Micros(int64_t v, TimeUnit unit) {
  switch (unit) {
    case TimeUnit::kMillis: return v * 1000;
    case TimeUnit::kMicros: return v;
    case TimeUnit::kNanos: return v % 1000 == 0 ? std::optional<int64_t>(v / 1000) : std::nullopt;
  }
  return std::nullopt;
}

// The SQL of literal `l` compared with leaf `c`, or nullopt (with *why) when
// DuckDB's type of the column cannot hold it.
std::optional<std::string> LiteralSql(const Literal& l, const ColumnDescriptor& c, std::string* why) {
  switch (l.kind()) {
    case Literal::Kind::kBool: return l.bool_value() ? "TRUE" : "FALSE";
    case Literal::Kind::kInt: return Int128Text(l.int_value());
    case Literal::Kind::kDouble: return DoubleSql(l.double_value());
    case Literal::Kind::kFloat16: return DoubleSql(l.float16().ToDouble());
    case Literal::Kind::kString: return Quote(l.bytes());
    case Literal::Kind::kBinary: return "from_hex('" + Hex(l.bytes()) + "')";
    case Literal::Kind::kUuid: {
      std::array<uint8_t, 16> b{};
      std::copy(l.bytes().begin(), l.bytes().end(), b.begin());
      return Quote(Uuid(b).ToString()) + "::UUID";
    }
    case Literal::Kind::kDecimal:
      return "CAST(" + Quote(l.decimal().ToString()) + " AS DECIMAL(38," + std::to_string(l.decimal().scale()) + "))";
    case Literal::Kind::kDate:
      return "(DATE '1970-01-01' + " + std::to_string(l.date().days_since_epoch()) + ")";
    case Literal::Kind::kTime: {
      const Time t = l.time();
      std::optional<int64_t> us = Micros(t.value(), t.unit());
      if (!us) {
        *why = "TIME(NANOS) literal below a microsecond";
        return std::nullopt;
      }
      const std::string sql = "(TIME '00:00:00' + to_microseconds(" + std::to_string(*us) + "))";
      return c.logical_type.kind() == LogicalType::Kind::kTime && c.logical_type.is_adjusted_to_utc()
                 ? "(" + sql + ")::TIMETZ"
                 : sql;
    }
    case Literal::Kind::kTimestamp: {
      const Timestamp t = l.timestamp();
      const bool ns_column = c.physical_type == PhysicalType::kInt64 &&
                             c.logical_type.kind() == LogicalType::Kind::kTimestamp &&
                             c.logical_type.time_unit() == TimeUnit::kNanos && !c.logical_type.is_adjusted_to_utc();
      if (ns_column) {  // DuckDB's TIMESTAMP_NS
        auto ns = t.ToUnit(TimeUnit::kNanos);
        if (!ns.ok()) {
          *why = "timestamp beyond int64 nanoseconds";
          return std::nullopt;
        }
        return "make_timestamp_ns(" + std::to_string(ns->value()) + ")";
      }
      std::optional<int64_t> us = Micros(t.value(), t.unit());
      if (!us) {
        *why = c.physical_type == PhysicalType::kInt96 ? "INT96 literal below a microsecond"
                                                       : "TIMESTAMP(NANOS,true) literal below a microsecond";
        return std::nullopt;
      }
      const std::string sql = "make_timestamp(" + std::to_string(*us) + "::BIGINT)";
      return c.logical_type.kind() == LogicalType::Kind::kTimestamp && c.logical_type.is_adjusted_to_utc()
                 ? "(" + sql + ")::TIMESTAMPTZ"
                 : sql;
    }
  }
  return std::nullopt;
}

const ColumnDescriptor* FindLeaf(const Schema& schema, const std::vector<std::string>& path) {
  for (const ColumnDescriptor& c : schema.columns()) {
    if (c.path == path) return &c;
  }
  return nullptr;
}

// `filter` in DuckDB's SQL, or nullopt with *why.
std::optional<std::string> FilterSql(const Filter& f, const Schema& schema, std::string* why) {
  auto join = [&](const char* op) -> std::optional<std::string> {
    auto a = FilterSql(f.children()[0], schema, why);
    auto b = a ? FilterSql(f.children()[1], schema, why) : std::nullopt;
    if (!b) return std::nullopt;
    return "(" + *a + " " + op + " " + *b + ")";
  };
  switch (f.kind()) {
    case Filter::Kind::kAnd: return join("AND");
    case Filter::Kind::kOr: return join("OR");
    case Filter::Kind::kNot: {
      auto a = FilterSql(f.children()[0], schema, why);
      if (!a) return std::nullopt;
      return "(NOT " + *a + ")";
    }
    default: break;
  }
  const ColumnDescriptor* c = FindLeaf(schema, f.column());
  if (c == nullptr) {
    *why = "no leaf";
    return std::nullopt;
  }
  std::string column;
  for (const std::string& name : f.column()) column += (column.empty() ? "" : ".") + Quote(name, '"');
  std::vector<std::string> values;
  for (const Literal& l : f.values()) {
    auto sql = LiteralSql(l, *c, why);
    if (!sql) return std::nullopt;
    values.push_back(*sql);
  }
  switch (f.kind()) {
    case Filter::Kind::kCompare: {
      const std::string_view op = f.op() == CompareOp::kNe ? "<>" : CompareOpName(f.op());
      return "(" + column + " " + std::string(op) + " " + values[0] + ")";
    }
    case Filter::Kind::kIn: {
      std::string list;
      for (const std::string& v : values) list += (list.empty() ? "" : ", ") + v;
      return "(" + column + " IN (" + list + "))";
    }
    case Filter::Kind::kIsNull: return "(" + column + " IS NULL)";
    case Filter::Kind::kIsNotNull: return "(" + column + " IS NOT NULL)";
    case Filter::Kind::kBetween: return "(" + column + " BETWEEN " + values[0] + " AND " + values[1] + ")";
    default: return std::nullopt;
  }
}

TEST(FilterDuckDbTest, DuckDbSelectsTheRowsParqFilters) {
  const std::string corpus = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data";
  if (!std::filesystem::exists(corpus)) GTEST_SKIP() << "no corpus at " << corpus;
  ASSERT_OK_AND_ASSIGN(auto db, testing::DuckDb::Open(PARQ_DUCKDB_LIB));
  ASSERT_OK(db->Run("SET threads = 1"));
  ASSERT_OK(db->Run("SET TimeZone = 'UTC'"));  // TIMESTAMP literals cast to TIMESTAMPTZ as UTC
  const uint32_t seed = testing::DiffSeed();
  std::printf("DuckDB %s, seed %u (PARQ_FILTER_DIFF_SEED)\n", db->Version().c_str(), seed);
  int compared = 0;
  std::map<std::string, int> not_asked;        // why -> predicates
  std::vector<std::string> pushdown_differs;    // file, predicate, both answers
  testing::PeerCheck duckdb = [&](const std::string& path, const testing::FileDiff& diff, const Filter& filter,
                                  const std::vector<int64_t>& matched) -> std::string {
    std::string why;
    std::optional<std::string> where = FilterSql(filter, diff.file().schema(), &why);
    if (!where) {
      ++not_asked[why];
      return "";
    }
    const std::string sql =
        "SELECT coalesce(string_agg(file_row_number::VARCHAR, ',' ORDER BY file_row_number), '') FROM read_parquet(" +
        Quote(path) + ", file_row_number = true) WHERE " + *where;
    Result<std::string> rows = db->Scalar(sql);
    if (!rows.ok()) return "DuckDB: " + rows.status().ToString() + "\n  " + sql;
    std::string expected;
    for (int64_t i : matched) expected += (expected.empty() ? "" : ",") + std::to_string(i);
    ++compared;
    if (*rows == expected) return "";
    // The same WHERE over DuckDB's table of the file: no filter pushed into
    // read_parquet, DuckDB's own semantics alone.
    const std::string name = std::filesystem::path(path).filename().string();
    std::string table_rows = "?";
    if (db->Run("CREATE OR REPLACE TEMP TABLE m AS SELECT * FROM read_parquet(" + Quote(path) +
                ", file_row_number = true)")
            .ok()) {
      Result<std::string> r = db->Scalar(
          "SELECT coalesce(string_agg(file_row_number::VARCHAR, ',' ORDER BY file_row_number), '') FROM m WHERE " +
          *where);
      table_rows = r.ok() ? *r : r.status().ToString();
    }
    if (table_rows == expected) {  // DuckDB's semantics agree with parq; its pushdown does not
      pushdown_differs.push_back(name + ": " + filter.ToString() + ": read_parquet WHERE gives [" +
                                 rows->substr(0, 120) + "], the table [" + table_rows.substr(0, 120) + "]");
      return "";
    }
    return "DuckDB's rows [" + rows->substr(0, 300) + "] (from its table of the file [" + table_rows.substr(0, 300) +
           "]), parq's [" + expected.substr(0, 300) + "]\n  " + sql;
  };
  testing::DiffRun run;
  testing::RunDiff(seed, corpus, ::testing::TempDir(), /*per_file=*/16, /*per_generated=*/60, duckdb, &run);
  std::printf("%d files, %d predicates (%d asked of DuckDB), %lld rows matched; row groups pruned by statistics "
              "%lld, dictionary %lld, Bloom filter %lld\n",
              run.files, run.predicates, compared, static_cast<long long>(run.rows_matched),
              static_cast<long long>(run.pruning.by_statistics), static_cast<long long>(run.pruning.by_dictionary),
              static_cast<long long>(run.pruning.by_bloom_filter));
  for (const auto& [why, n] : not_asked) std::printf("not asked of DuckDB: %d predicates (%s)\n", n, why.c_str());
  std::printf("DuckDB's read_parquet WHERE differs from the same WHERE over its table of the file, which "
              "agrees with parq, on %zu predicates:\n",
              pushdown_differs.size());
  for (const std::string& d : pushdown_differs) std::printf("  %s\n", d.c_str());
  for (const std::string& f : run.failures) ADD_FAILURE() << f;
  EXPECT_GE(compared, 500);
}

}  // namespace
}  // namespace parq
