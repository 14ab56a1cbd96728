// A real Arrow consumer: DuckDB (its C API from the npm package's
// libduckdb.so) scans parq's ArrowArrayStream of every corpus file it reads
// itself, and the table it gets equals its own read_parquet of the file:
// EXCEPT ALL both ways is empty and the row counts agree.  Where DuckDB
// cannot compare a type with EXCEPT (a MAP, say), the rows are compared as
// text (every column cast to VARCHAR).  The files DuckDB reads one way and
// not the other are listed below with the reason; a listed file that
// starts to agree fails the test too, so the list stays true.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include "parq/arrow_reader.h"
#include "parq/file_reader.h"
#include "testing/duckdb_capi.h"
#include "corpus/corpus_test_util.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
const fs::path kTesting = fs::path(PARQ_SHARED_DIR) / "parquet-testing";

// Files whose DuckDB table from parq's Arrow stream differs from DuckDB's
// read_parquet, and why (none of them a parq misreading: each reason was
// checked against the file's rows as `parq cat` prints them).  A key ending
// in '/' names a folder.
const std::map<std::string, std::string> kExpectedDifferences = {
    {"data/float16_nonzeros_and_nans.parquet", "DuckDB takes no Arrow float16 (\"e\"); it reads FLOAT16 as FLOAT"},
    {"data/float16_zeros_and_nans.parquet", "DuckDB takes no Arrow float16 (\"e\")"},
    {"data/floating_orders_nan_count.parquet", "a FLOAT16 column: DuckDB takes no Arrow float16"},
    {"data/geospatial/crs-geography.parquet", "DuckDB refuses geoarrow.wkb with spherical edges (GEOGRAPHY)"},
    {"data/geospatial/geography-lines.parquet", "DuckDB refuses geoarrow.wkb with spherical edges (GEOGRAPHY)"},
    {"data/geospatial/geography-points.parquet", "DuckDB refuses geoarrow.wkb with spherical edges (GEOGRAPHY)"},
    {"data/geospatial/geography-polygons.parquet", "DuckDB refuses geoarrow.wkb with spherical edges (GEOGRAPHY)"},
    {"data/int96_from_spark.parquet",
     "years 9999 and -294554 lie outside timestamp[ns] (1677..2262; INT96 maps to it as Arrow C++ does); "
     "DuckDB reads INT96 as microseconds"},
    {"shredded_variant/",
     "DuckDB reads a VARIANT column as its own VARIANT type and takes the parquet.variant struct "
     "<metadata, value, typed_value> as a plain STRUCT of blobs: the two never compare equal"},
};

const std::string* ExpectedDifference(const std::string& name) {
  for (const auto& [key, why] : kExpectedDifferences) {
    if (key == name || (key.back() == '/' && name.rfind(key, 0) == 0)) return &why;
  }
  return nullptr;
}

std::vector<std::string> ManifestFiles() {  // the files some reader's expected output was chosen from
  std::vector<std::string> out;
  for (const auto& row : corpus_test::ManifestRows()) {
    if (row.size() > 4 && row[4] != "none") out.push_back(row[0]);
  }
  return out;
}

std::string Quote(const std::string& s) {
  std::string out = "'";
  for (char c : s) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

// Compares tables p (from Arrow) and d (read_parquet); "" when equal, else
// what differs.
Result<std::string> Compare(testing::DuckDb& db) {
  PARQ_ASSIGN_OR_RETURN(std::string np, db.Scalar("SELECT count(*) FROM p"));
  PARQ_ASSIGN_OR_RETURN(std::string nd, db.Scalar("SELECT count(*) FROM d"));
  if (np != nd) return "rows: " + np + " from Arrow, " + nd + " from read_parquet";
  Result<std::string> a = db.Scalar("SELECT count(*) FROM (SELECT * FROM p EXCEPT ALL SELECT * FROM d)");
  Result<std::string> b = db.Scalar("SELECT count(*) FROM (SELECT * FROM d EXCEPT ALL SELECT * FROM p)");
  if (!a.ok() || !b.ok()) {  // a type EXCEPT cannot compare: the rows as text
    const char* text = "SELECT count(*) FROM (SELECT COLUMNS(*)::VARCHAR FROM %s EXCEPT ALL "
                       "SELECT COLUMNS(*)::VARCHAR FROM %s)";
    char sql[256];
    std::snprintf(sql, sizeof sql, text, "p", "d");
    PARQ_ASSIGN_OR_RETURN(a, db.Scalar(sql));
    std::snprintf(sql, sizeof sql, text, "d", "p");
    PARQ_ASSIGN_OR_RETURN(b, db.Scalar(sql));
  }
  if (*a != "0" || *b != "0") return *a + " rows only from Arrow, " + *b + " only from read_parquet";
  return std::string();
}

// DuckDB's table of parq's stream of `path` (as p), compared with d: "" when
// equal, else what differs.
std::string ScanAndCompare(testing::DuckDb& db, const std::string& path, const ArrowReadOptions& options) {
  Result<std::unique_ptr<FileReader>> file = FileReader::Open(path, ReaderOptions{.verify_checksums = false});
  ArrowArrayStream stream;
  Status exported = file.ok() ? ExportArrowStream(std::shared_ptr<const FileReader>(std::move(*file)), options, &stream)
                              : file.status();
  if (!exported.ok()) return "parq: " + exported.ToString();
  Status st = db.ArrowScan("v", &stream);
  if (st.ok()) st = db.Run("CREATE OR REPLACE TABLE p AS SELECT * FROM v");
  stream.release(&stream);
  (void)db.Run("DROP VIEW IF EXISTS v");
  if (!st.ok()) return "DuckDB from Arrow: " + st.ToString();
  Result<std::string> diff = Compare(db);
  return diff.ok() ? *diff : "compare: " + diff.status().ToString();
}

TEST(ArrowDuckDbTest, DuckDbScansParqStreamsAsItReadsTheFiles) {
  int equal = 0, duckdb_unreadable = 0, expected = 0;
  std::vector<std::string> unexpected;
  // The second pass: dictionary arrays, and batches of 1000 rows, so that
  // nested fields come as slices (offsets) of their row group's arrays.
  ArrowReadOptions sliced;
  sliced.batch_rows = 1000;
  sliced.dictionary_arrays = true;
  for (const std::string& name : ManifestFiles()) {
    const std::string path = (kTesting / name).string();
    // A database a file: an error DuckDB calls fatal (some shredded variants
    // raise one) invalidates its database for every later query.
    ASSERT_OK_AND_ASSIGN(auto db, testing::DuckDb::Open(PARQ_DUCKDB_LIB));
    ASSERT_OK(db->Run("SET threads = 1"));
    if (name == ManifestFiles().front()) std::printf("DuckDB %s\n", db->Version().c_str());
    if (!db->Run("CREATE OR REPLACE TABLE d AS SELECT * FROM read_parquet(" + Quote(path) + ")").ok()) {
      ++duckdb_unreadable;  // outside this test: DuckDB does not read the file itself
      continue;
    }
    std::string outcome = ScanAndCompare(*db, path, {});
    if (outcome.empty()) {
      outcome = ScanAndCompare(*db, path, sliced);
      if (!outcome.empty()) outcome = "(dictionary arrays, 1000-row batches) " + outcome;
    }
    const std::string* listed = ExpectedDifference(name);
    if (outcome.empty()) {
      ++equal;
      // A file of a listed folder may agree (a variant column of nulls only).
      if (listed != nullptr && kExpectedDifferences.count(name) > 0) {
        unexpected.push_back(name + ": listed as differing, but equal");
      }
    } else if (listed != nullptr) {
      ++expected;
      std::printf("expected difference %s: %s (%s)\n", name.c_str(), listed->c_str(), outcome.c_str());
    } else {
      unexpected.push_back(name + ": " + outcome);
    }
  }
  std::printf("DuckDB over parq's Arrow: %d files equal to read_parquet (both passes), %d listed differences, "
              "%d files DuckDB does not read\n",
              equal, expected, duckdb_unreadable);
  for (const std::string& u : unexpected) ADD_FAILURE() << u;
  EXPECT_GE(equal, 55);
}

}  // namespace
}  // namespace parq
