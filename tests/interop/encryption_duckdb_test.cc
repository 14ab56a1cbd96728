// DuckDB writes encrypted Parquet (uniform AES-GCM with a footer key,
// `PRAGMA add_parquet_key` and COPY ... (ENCRYPTION_CONFIG {footer_key})),
// and parq reads it with that key equal to DuckDB's own read: parq's Arrow
// stream of the file, scanned by DuckDB, EXCEPT ALL DuckDB's read_parquet is
// empty both ways.  DuckDB without its httpfs extension (which cannot be
// installed here) writes encrypted files only after
// SET force_mbedtls_unsafe = 'true'.  PARQ_DUCKDB_LIB in the environment
// overrides the libduckdb.so the build names.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "parq/arrow_reader.h"
#include "parq/file_reader.h"
#include "testing/duckdb_capi.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
const char kKey[] = "0123456789112345";

std::string DuckDbLibrary() {
  const char* env = std::getenv("PARQ_DUCKDB_LIB");
  return env != nullptr ? env : PARQ_DUCKDB_LIB;
}

Result<std::unique_ptr<FileReader>> OpenWithKey(const std::string& path, const std::string& key) {
  auto keys = std::make_shared<DecryptionProperties>();
  keys->footer_key = key;
  ReaderOptions options;
  options.decryption = keys;
  return FileReader::Open(path, options);
}

class EncryptionDuckDbTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq_encryption_duckdb_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { if (!std::getenv("PARQ_KEEP")) fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(EncryptionDuckDbTest, ParqReadsWhatDuckDbEncryptsAsDuckDbDoes) {
  ASSERT_OK_AND_ASSIGN(auto db, testing::DuckDb::Open(DuckDbLibrary()));
  ASSERT_OK(db->Run("SET force_mbedtls_unsafe = 'true'"));
  ASSERT_OK(db->Run(std::string("PRAGMA add_parquet_key('k', '") + kKey + "')"));
  const std::string path = (dir_ / "duckdb_encrypted.parquet").string();
  // Nulls, strings, a list, a struct, several row groups.
  ASSERT_OK(db->Run(
      "COPY (SELECT i::INTEGER AS i, i * 1000003 AS big, CASE WHEN i % 7 = 0 THEN NULL ELSE 'row ' || i END AS s,"
      " i / 3.0 AS d, DATE '2020-01-01' + (i % 1000)::INTEGER AS day, [i, i + 1] AS l,"
      " {'a': i % 5, 'b': 'x' || (i % 11)} AS st FROM range(10000) t(i))"
      " TO '" + path + "' (FORMAT parquet, ROW_GROUP_SIZE 2048, ENCRYPTION_CONFIG {footer_key: 'k'})"));

  ASSERT_OK_AND_ASSIGN(std::shared_ptr<FileReader> file, OpenWithKey(path, kKey));
  ASSERT_NE(file->encryption(), nullptr);
  EXPECT_EQ(file->encryption()->algorithm, "AES_GCM_V1");
  EXPECT_TRUE(file->encryption()->encrypted_footer);
  EXPECT_GT(file->metadata().num_row_groups(), 1);
  ArrowArrayStream stream;
  ASSERT_OK(ExportArrowStream(file, {}, &stream));
  ASSERT_OK(db->ArrowScan("v", &stream));
  ASSERT_OK(db->Run("CREATE TABLE p AS SELECT * FROM v"));  // a stream is read once
  ASSERT_OK(db->Run("CREATE TABLE d AS SELECT * FROM read_parquet('" + path + "', encryption_config = {footer_key: 'k'})"));
  ASSERT_OK_AND_ASSIGN(std::string np, db->Scalar("SELECT count(*) FROM p"));
  ASSERT_OK_AND_ASSIGN(std::string nd, db->Scalar("SELECT count(*) FROM d"));
  EXPECT_EQ(np, "10000");
  EXPECT_EQ(nd, "10000");
  ASSERT_OK_AND_ASSIGN(std::string a, db->Scalar("SELECT count(*) FROM (SELECT * FROM p EXCEPT ALL SELECT * FROM d)"));
  ASSERT_OK_AND_ASSIGN(std::string b, db->Scalar("SELECT count(*) FROM (SELECT * FROM d EXCEPT ALL SELECT * FROM p)"));
  EXPECT_EQ(a, "0");
  EXPECT_EQ(b, "0");
  stream.release(&stream);

  // Without the key, or with another: errors that say so.
  EXPECT_STATUS_HAS(FileReader::Open(path), StatusCode::kUnsupported, "no footer key was given");
  EXPECT_STATUS_HAS(OpenWithKey(path, "0123456789112346"), StatusCode::kCorrupt, "cannot decrypt the footer");
}

}  // namespace
}  // namespace parq
