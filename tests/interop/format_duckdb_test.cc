// DuckDB (its C API from the npm package's libduckdb.so) against parq on the
// format's newer parts:
//   * GeospatialStatistics: DuckDB 1.5 writes GEOMETRY columns with
//     GeospatialStatistics through its core GEOMETRY type (COPY ... TO
//     (GEOPARQUET_VERSION 'V2'); no spatial extension needed, and none is
//     loaded: the test runs offline).  parq's `meta --json` prints for each
//     chunk the bbox and type codes DuckDB's parquet_metadata() reports, and
//     `geospatial-stats --compute` finds the same from the values.  The other
//     way round, DuckDB's parquet_metadata() of a file parq writes reports
//     parq's statistics, and DuckDB reads its values back.
//   * IEEE_754_TOTAL_ORDER: DuckDB's SQL over a file parq writes with the
//     order (FLOAT and DOUBLE with NaN, -0.0, +0.0 and infinities, small row
//     groups and pages so statistics can prune) gives the answers of the same
//     SQL over a table of the values (nothing pushed down) and of a brute
//     force over them.
//   * A row group of no rows that `parq rewrite` kept reads in DuckDB.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <limits>
#include <map>
#include <regex>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "stats/wkb_test_util.h"
#include "testing/duckdb_capi.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

class FormatDuckDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq_format_duckdb_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    ASSERT_OK_AND_ASSIGN(db_, testing::DuckDb::Open(PARQ_DUCKDB_LIB));
  }
  void TearDown() override { fs::remove_all(dir_); }

  Result<double> Double(const std::string& sql) {
    PARQ_ASSIGN_OR_RETURN(std::string s, db_->Scalar(sql));
    if (s == "NULL") return Status::InvalidArgument("NULL from " + sql);
    return std::strtod(s.c_str(), nullptr);
  }

  fs::path dir_;
  std::unique_ptr<testing::DuckDb> db_;
};

// The ISO WKB type code as DuckDB's parquet_metadata() names it.
std::string TypeName(int32_t code) {
  static const char* const kBase[] = {"point", "linestring", "polygon", "multipoint", "multilinestring",
                                      "multipolygon", "geometrycollection"};
  static const char* const kDims[] = {"", "_z", "_m", "_zm"};
  return std::string(kBase[code % 1000 - 1]) + kDims[code / 1000];
}

// The geospatial_statistics objects of `parq meta --json` in chunk order
// (one GEOMETRY column): each bbox key to its value, and "types" to the
// codes as DuckDB names them, sorted and comma-joined.
std::vector<std::map<std::string, std::string>> ParqMetaJson(const std::string& path) {
  const testing::CliRun run = testing::RunParq("meta --json " + testing::Quote(path), testing::Stderr::kShown);
  EXPECT_EQ(run.exit_code, 0) << run.out;
  std::vector<std::map<std::string, std::string>> out;
  const std::regex object(R"re("geospatial_statistics":\{("bbox":\{([^}]*)\},)?"geospatial_types":\[([^\]]*)\]\})re");
  const std::regex member(R"re("(\w+)":([^,]+))re");
  for (auto it = std::sregex_iterator(run.out.begin(), run.out.end(), object); it != std::sregex_iterator(); ++it) {
    std::map<std::string, std::string> chunk;
    const std::string bbox = (*it)[2];
    for (auto m = std::sregex_iterator(bbox.begin(), bbox.end(), member); m != std::sregex_iterator(); ++m) {
      chunk[(*m)[1]] = (*m)[2];
    }
    std::vector<std::string> names;
    const std::string codes = (*it)[3];
    for (size_t at = 0; at < codes.size();) {
      size_t end = codes.find(',', at);
      if (end == std::string::npos) end = codes.size();
      names.push_back(TypeName(std::stoi(codes.substr(at, end - at))));
      at = end + 1;
    }
    std::sort(names.begin(), names.end());
    std::string joined;
    for (const auto& n : names) joined += (joined.empty() ? "" : ",") + n;
    chunk["types"] = joined;
    out.push_back(std::move(chunk));
  }
  return out;
}

// Each chunk of column `column` as parquet_metadata() reports it, keyed as
// ParqMetaJson keys parq's, compared with parq's.
void ExpectParqMetaEqualsDuckDb(testing::DuckDb& db, const std::string& path, const std::string& column,
                                int expected_row_groups) {
  const auto parq_chunks = ParqMetaJson(path);
  ASSERT_EQ(static_cast<int>(parq_chunks.size()), expected_row_groups);
  const std::string from = " FROM parquet_metadata('" + path + "') WHERE path_in_schema = '" + column + "'";
  for (int g = 0; g < expected_row_groups; ++g) {
    SCOPED_TRACE("row group " + std::to_string(g));
    const std::string where = from + " AND row_group_id = " + std::to_string(g);
    const auto& chunk = parq_chunks[static_cast<size_t>(g)];
    for (const char* key : {"xmin", "xmax", "ymin", "ymax", "zmin", "zmax", "mmin", "mmax"}) {
      ASSERT_OK_AND_ASSIGN(std::string duck, db.Scalar(std::string("SELECT geo_bbox.") + key + where));
      auto it = chunk.find(key);
      if (duck == "NULL") {
        EXPECT_EQ(it, chunk.end()) << key;
        continue;
      }
      ASSERT_NE(it, chunk.end()) << key;
      EXPECT_EQ(std::strtod(it->second.c_str(), nullptr), std::strtod(duck.c_str(), nullptr)) << key;
    }
    ASSERT_OK_AND_ASSIGN(std::string types, db.Scalar("SELECT array_to_string(list_sort(geo_types), ',')" + where));
    EXPECT_EQ(chunk.at("types"), types);
  }
}

TEST_F(FormatDuckDbTest, DuckDbGeometryStatisticsEqualParqMetaJson) {
  const std::string path = (dir_ / "duckdb_geometry.parquet").string();
  // 6000 rows in row groups of 2048: points, lines, polygons and multi
  // geometries in XY, XYZ, XYM and XYZM, empties and nulls, by row.
  ASSERT_OK(db_->Run(R"(
    COPY (SELECT CASE i % 9
        WHEN 0 THEN 'POINT (' || i || ' ' || -i || ')'
        WHEN 1 THEN 'LINESTRING Z (' || i || ' 1 2, ' || (i + 0.5) || ' -3.25 ' || (i * 2) || ')'
        WHEN 2 THEN 'POLYGON M ((0 0 1, ' || i || ' 0 2, ' || i || ' ' || i || ' 3, 0 0 ' || i || '))'
        WHEN 3 THEN 'MULTIPOINT ZM ((1 2 3 4), (' || (-i) || ' 5 6 ' || i || '))'
        WHEN 4 THEN 'POINT EMPTY'
        WHEN 5 THEN NULL
        WHEN 6 THEN 'GEOMETRYCOLLECTION (POINT (1 1), LINESTRING (' || i || ' 2, 3 4))'
        WHEN 7 THEN 'MULTIPOLYGON (((0 0, 1 0, 1 ' || (i / 7.0) || ', 0 0)))'
        ELSE 'LINESTRING EMPTY' END::GEOMETRY AS g, i
      FROM range(6000) t(i))
    TO ')" + path + R"(' (FORMAT parquet, GEOPARQUET_VERSION 'V2', ROW_GROUP_SIZE 2048))"));
  ASSERT_OK_AND_ASSIGN(std::string groups,
                       db_->Scalar("SELECT count(DISTINCT row_group_id) FROM parquet_metadata('" + path + "')"));
  const int row_groups = std::stoi(groups);
  ASSERT_GE(row_groups, 2);
  ExpectParqMetaEqualsDuckDb(*db_, path, "g", row_groups);

  // parq computes the same from the values.
  const testing::CliRun run = testing::RunParq("geospatial-stats --compute --json " + testing::Quote(path));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  size_t agrees = 0;
  for (size_t at = 0; (at = run.out.find("\"agrees\":true", at)) != std::string::npos; ++at) ++agrees;
  EXPECT_EQ(agrees, static_cast<size_t>(row_groups)) << run.out;
}

TEST_F(FormatDuckDbTest, ParqGeometryStatisticsReadByDuckDb) {
  const std::string path = (dir_ / "parq_geometry.parquet").string();
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { optional binary g (GEOMETRY); }"));
  WriterOptions options;
  options.max_rows_per_row_group = 3;
  {
    ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(path, schema, options));
    ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file));
    const std::vector<std::optional<std::string>> values = {
        testing::WkbPoint(1.5, -2),
        testing::WkbWriter(true).LineString(1002, 3, {0, 0, 10, 4, 5, -1}).str(),
        std::nullopt,
        testing::WkbWriter().Point(3001, {7, 8, 9, 10}).str(),
        testing::WkbPoint(std::numeric_limits<double>::quiet_NaN(), std::numeric_limits<double>::quiet_NaN()),
        testing::WkbWriter().Header(4).U32(2).Point(1, {-3, 3}).Point(1, {4, -4}).str(),
    };
    for (const auto& v : values) {
      Value row = Value::Struct();
      row.AddField("g", v ? Value::Bytes(*v) : Value::Null());
      ASSERT_OK(rows->Write(row));
    }
    ASSERT_OK(rows->Close());
    ASSERT_OK(file->Close());
  }
  ExpectParqMetaEqualsDuckDb(*db_, path, "g", 2);
  // In the file's row order: DuckDB scans the two row groups on threads.
  ASSERT_OK_AND_ASSIGN(std::string wkt,
                       db_->Scalar("SELECT string_agg(coalesce(g::VARCHAR, 'NULL'), '; ' ORDER BY file_row_number) "
                                   "FROM read_parquet('" + path + "', file_row_number = true)"));
  EXPECT_EQ(wkt, "POINT (1.5 -2); LINESTRING Z (0 0 10, 4 5 -1); NULL; POINT ZM (7 8 9 10); POINT EMPTY; "
                 "MULTIPOINT (-3 3, 4 -4)");
}

// DuckDB's SQL over parq's IEEE_754_TOTAL_ORDER file answers as over a table
// of the same values and as a brute force with DuckDB's float semantics (NaN
// equals NaN and is above +inf; -0.0 equals +0.0).
TEST_F(FormatDuckDbTest, TotalOrderFilesReadWithCorrectResults) {
  const double nan = std::numeric_limits<double>::quiet_NaN(), inf = std::numeric_limits<double>::infinity();
  // Runs of like values so pages and row groups have narrow bounds.
  std::vector<double> values;
  for (double v : {-inf, -5.5, -1.0, -0.0, 0.0, 0.0, -0.0, 1e-300, 2.5, 7.0, 1e300, inf, nan, -nan}) {
    for (int k = 0; k < 5; ++k) values.push_back(v);
  }
  for (int k = 0; k < 7; ++k) values.push_back(nan);  // a row group of only NaN
  for (int k = 0; k < 7; ++k) values.push_back(-0.0);  // and one of only -0.0
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { optional double d; optional float f; }"));
  const std::string path = (dir_ / "total_order.parquet").string();
  WriterOptions options;
  options.column_defaults.ieee754_total_order = true;
  options.max_rows_per_row_group = 7;
  options.max_rows_per_page = 3;
  {
    ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(path, schema, options));
    ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file));
    for (size_t i = 0; i < values.size(); ++i) {
      Value row = Value::Struct();
      row.AddField("d", i % 11 == 10 ? Value::Null() : Value::Double(values[i]));
      row.AddField("f", i % 11 == 10 ? Value::Null() : Value::Float(static_cast<float>(values[i])));
      ASSERT_OK(rows->Write(row));
    }
    ASSERT_OK(rows->Close());
    ASSERT_OK(file->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path));
  ASSERT_EQ(reader->metadata().column_order(0), "IEEE_754_TOTAL_ORDER");
  ASSERT_OK(db_->Run("CREATE TABLE t AS SELECT * FROM read_parquet('" + path + "')"));

  struct Predicate {
    std::string sql;  // over a column named X
    bool (*holds)(double);
  };
  // DuckDB: NaN = NaN, NaN above everything, -0.0 = 0.0.
  const std::vector<Predicate> predicates = {
      {"X > 0", [](double v) { return std::isnan(v) || v > 0; }},
      {"X >= 0", [](double v) { return std::isnan(v) || v >= 0; }},
      {"X = 0", [](double v) { return v == 0; }},
      {"X = '-0.0'", [](double v) { return v == 0; }},
      {"X < 0", [](double v) { return !std::isnan(v) && v < 0; }},
      {"X <= '-0.0'", [](double v) { return !std::isnan(v) && v <= 0; }},
      {"X = 'NaN'", [](double v) { return std::isnan(v); }},
      {"X > 'Infinity'", [](double v) { return std::isnan(v); }},
      {"X >= 'Infinity'", [](double v) { return std::isnan(v) || v == std::numeric_limits<double>::infinity(); }},
      {"X < 'NaN'", [](double v) { return !std::isnan(v); }},
      {"X <> 'NaN'", [](double v) { return !std::isnan(v); }},
      {"isnan(X)", [](double v) { return std::isnan(v); }},
      {"X BETWEEN -1 AND 2.5", [](double v) { return v >= -1 && v <= 2.5; }},
      {"X > 1e299", [](double v) { return std::isnan(v) || v > 1e299; }},
      {"X < -1e299", [](double v) { return v < -1e299; }},
  };
  for (const char* column : {"d", "f"}) {
    for (const Predicate& p : predicates) {
      const std::string where = std::regex_replace(p.sql, std::regex("X"), column);
      SCOPED_TRACE(where);
      int64_t brute = 0;
      for (size_t i = 0; i < values.size(); ++i) {
        const double v = std::string(column) == "f" ? static_cast<double>(static_cast<float>(values[i])) : values[i];
        if (i % 11 != 10 && p.holds(v)) ++brute;
      }
      ASSERT_OK_AND_ASSIGN(std::string file_count,
                           db_->Scalar("SELECT count(*) FROM read_parquet('" + path + "') WHERE " + where));
      ASSERT_OK_AND_ASSIGN(std::string table_count, db_->Scalar("SELECT count(*) FROM t WHERE " + where));
      EXPECT_EQ(file_count, std::to_string(brute));
      EXPECT_EQ(table_count, std::to_string(brute));
    }
    const std::string c = column;
    ASSERT_OK_AND_ASSIGN(std::string mm, db_->Scalar("SELECT min(" + c + ")::VARCHAR || ' ' || max(" + c +
                                                     ")::VARCHAR FROM read_parquet('" + path + "')"));
    EXPECT_EQ(mm, "-inf nan");
    ASSERT_OK_AND_ASSIGN(std::string zeros, db_->Scalar("SELECT count(*) FROM read_parquet('" + path + "') WHERE " + c +
                                                        " = 0 AND signbit(" + c + ")"));
    int64_t negative_zeros = 0;
    for (size_t i = 0; i < values.size(); ++i) negative_zeros += i % 11 != 10 && values[i] == 0 && std::signbit(values[i]);
    EXPECT_EQ(zeros, std::to_string(negative_zeros));
  }
}

TEST_F(FormatDuckDbTest, KeptEmptyRowGroupReads) {
  const std::string in = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/column_chunk_key_value_metadata.parquet";
  const std::string out = (dir_ / "empty_row_group.parquet").string();
  const testing::CliRun run = testing::RunParq("rewrite " + testing::Quote(in) + " " + testing::Quote(out));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  ASSERT_OK_AND_ASSIGN(std::string groups,
                       db_->Scalar("SELECT count(DISTINCT row_group_id) FROM parquet_metadata('" + out + "')"));
  EXPECT_EQ(groups, "1");
  ASSERT_OK_AND_ASSIGN(std::string rows, db_->Scalar("SELECT count(*) FROM read_parquet('" + out + "')"));
  EXPECT_EQ(rows, "0");
}

}  // namespace
}  // namespace parq
