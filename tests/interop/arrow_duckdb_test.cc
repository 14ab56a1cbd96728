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
#include "parq/c_api.h"
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

// DuckDB as the producer: its Arrow export of each file it reads
// (duckdb_query_arrow of read_parquet), written by parq through the C API's
// parq_write_arrow, reads back in DuckDB (as p) equal to its read_parquet of
// the original (d).  The files whose DuckDB Arrow export cannot come back
// equal, and why; the test checks the why too (a VARIANT column in d, and
// DuckDB's own get_schema failing).
const std::map<std::string, std::string> kProducerDifferences = {
    {"shredded_variant/",
     "DuckDB reads a VARIANT column as its own VARIANT type, which its Arrow export refuses "
     "(duckdb_query_arrow_schema fails)"},
};

// True when d has a VARIANT column and `outcome` is DuckDB's Arrow export
// refusing its schema.
bool DuckDbRefusesVariant(testing::DuckDb& db, const std::string& outcome) {
  Result<std::string> variants =
      db.Scalar("SELECT count(*) FROM (DESCRIBE d) WHERE column_type LIKE '%VARIANT%'");
  return variants.ok() && *variants != "0" && outcome.find("duckdb_query_arrow_schema failed") != std::string::npos;
}

const std::string* ProducerDifference(const std::string& name) {
  for (const auto& [key, why] : kProducerDifferences) {
    if (key == name || (key.back() == '/' && name.rfind(key, 0) == 0)) return &why;
  }
  return nullptr;
}

// DuckDB's Arrow of read_parquet(path) written by parq to `out`, read back as
// p and compared with d: "" when equal, else what differs.
std::string WriteAndCompare(testing::DuckDb& db, const std::string& path, const std::string& out) {
  ArrowArrayStream stream;
  Status st = db.QueryArrow("SELECT * FROM read_parquet(" + Quote(path) + ")", &stream);
  if (!st.ok()) return "DuckDB to Arrow: " + st.ToString();
  char error[1024];
  if (parq_write_arrow(out.c_str(), &stream, "row_group_rows=5000", error, sizeof error) != PARQ_OK) {
    return std::string("parq_write_arrow: ") + error;
  }
  if (stream.release != nullptr) return "parq_write_arrow left the stream unreleased";
  st = db.Run("CREATE OR REPLACE TABLE p AS SELECT * FROM read_parquet(" + Quote(out) + ")");
  if (!st.ok()) return "DuckDB reading parq's file: " + st.ToString();
  Result<std::string> diff = Compare(db);
  return diff.ok() ? *diff : "compare: " + diff.status().ToString();
}

TEST(ArrowDuckDbTest, DuckDbArrowWrittenByParqReadsBackEqual) {
  const std::string out = (fs::path(::testing::TempDir()) / "duckdb_arrow_written.parquet").string();
  int equal = 0, duckdb_unreadable = 0, expected = 0;
  std::vector<std::string> unexpected;
  for (const std::string& name : ManifestFiles()) {
    const std::string path = (kTesting / name).string();
    ASSERT_OK_AND_ASSIGN(auto db, testing::DuckDb::Open(PARQ_DUCKDB_LIB));
    ASSERT_OK(db->Run("SET threads = 1"));
    if (!db->Run("CREATE OR REPLACE TABLE d AS SELECT * FROM read_parquet(" + Quote(path) + ")").ok()) {
      ++duckdb_unreadable;
      continue;
    }
    fs::remove(out);
    const std::string outcome = WriteAndCompare(*db, path, out);
    const std::string* listed = ProducerDifference(name);
    if (outcome.empty()) {
      ++equal;
      if (listed != nullptr && kProducerDifferences.count(name) > 0) {
        unexpected.push_back(name + ": listed as differing, but equal");
      }
    } else if (listed != nullptr && DuckDbRefusesVariant(*db, outcome)) {
      ++expected;
    } else {
      unexpected.push_back(name + ": " + outcome.substr(0, 600));
    }
  }
  fs::remove(out);
  std::printf("DuckDB's Arrow written by parq: %d files read back equal, %d with a VARIANT column DuckDB's "
              "Arrow export refuses, %d files DuckDB does not read\n",
              equal, expected, duckdb_unreadable);
  for (const std::string& u : unexpected) ADD_FAILURE() << u;
  EXPECT_GE(equal, 55);
}

}  // namespace
}  // namespace parq
