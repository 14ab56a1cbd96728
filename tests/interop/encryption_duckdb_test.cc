// DuckDB writes encrypted Parquet (uniform AES-GCM with a footer key,
// `PRAGMA add_parquet_key` and COPY ... (ENCRYPTION_CONFIG {footer_key})),
// and parq reads it with that key equal to DuckDB's own read: parq's Arrow
// stream of the file, scanned by DuckDB, EXCEPT ALL DuckDB's read_parquet is
// empty both ways.  The other way, DuckDB reads what parq encrypts in the
// one configuration DuckDB's reader (1.5) takes (AES_GCM_V1, a footer key
// for every column, an encrypted footer, no AAD prefix, no Bloom filters,
// one data page a chunk, no nested columns), and refuses the others with
// the errors checked below (docs/encryption.md).  DuckDB without its httpfs extension (which cannot be
// installed here) writes encrypted files only after
// SET force_mbedtls_unsafe = 'true'.  PARQ_DUCKDB_LIB in the environment
// overrides the libduckdb.so the build names.
#include <gtest/gtest.h>

#include <unistd.h>

#include <cstdlib>
#include <filesystem>
#include <string>

#include "parq/arrow_reader.h"
#include "parq/arrow_writer.h"
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

// DuckDB's rows, written by parq encrypted, read by DuckDB's read_parquet
// with the footer key: the same rows.  Then the configurations DuckDB 1.5
// does not read, each with DuckDB's error.
TEST_F(EncryptionDuckDbTest, DuckDbReadsWhatParqEncrypts) {
  ASSERT_OK_AND_ASSIGN(auto db, testing::DuckDb::Open(DuckDbLibrary()));
  ASSERT_OK(db->Run("SET force_mbedtls_unsafe = 'true'"));
  ASSERT_OK(db->Run(std::string("PRAGMA add_parquet_key('k', '") + kKey + "')"));
  ASSERT_OK(db->Run(
      "CREATE TABLE src AS SELECT i::INTEGER AS i, i * 1000003 AS big,"
      " CASE WHEN i % 7 = 0 THEN NULL ELSE 'row ' || (i % 300) END AS s, i / 3.0 AS d,"
      " DATE '2020-01-01' + (i % 1000)::INTEGER AS day, [i, i + 1] AS l,"
      " {'a': i % 5, 'b': 'x' || (i % 11)} AS st FROM range(10000) t(i)"));
  // The flat columns: DuckDB does not decrypt nested ones (below).
  std::string columns = "i, big, s, d, day";
  const auto write = [&](const std::string& name, auto edit) -> Result<std::string> {
    auto props = std::make_shared<EncryptionProperties>();
    props->footer_key = kKey;
    WriterOptions o;
    o.max_rows_per_row_group = 2048;  // several row groups, one data page a chunk
    edit(*props, o);
    o.encryption = props;
    ArrowArrayStream stream;
    PARQ_RETURN_IF_ERROR(db->QueryArrow("SELECT " + columns + " FROM src", &stream));
    const std::string path = (dir_ / name).string();
    PARQ_RETURN_IF_ERROR(WriteArrowStream(&stream, path, o));
    return path;
  };
  const auto read = [&](const std::string& path) {
    return "read_parquet('" + path + "', encryption_config = {footer_key: 'k'})";
  };

  ASSERT_OK_AND_ASSIGN(std::string path, write("parq_uniform_gcm.parquet", [](EncryptionProperties&, WriterOptions&) {}));
  ASSERT_OK_AND_ASSIGN(auto file, OpenWithKey(path, kKey));
  EXPECT_TRUE(file->encryption()->encrypted_footer);
  EXPECT_GT(file->metadata().num_row_groups(), 1);
  ASSERT_OK_AND_ASSIGN(std::string n, db->Scalar("SELECT count(*) FROM " + read(path)));
  EXPECT_EQ(n, "10000");
  ASSERT_OK_AND_ASSIGN(std::string a,
                       db->Scalar("SELECT count(*) FROM (SELECT " + columns + " FROM src EXCEPT ALL SELECT * FROM " +
                                  read(path) + ")"));
  ASSERT_OK_AND_ASSIGN(std::string b,
                       db->Scalar("SELECT count(*) FROM (SELECT * FROM " + read(path) + " EXCEPT ALL SELECT " + columns +
                                  " FROM src)"));
  EXPECT_EQ(a, "0");
  EXPECT_EQ(b, "0");
  // Without the key DuckDB refuses it.
  EXPECT_STATUS_HAS(db->Run("SELECT count(*) FROM read_parquet('" + path + "')"), StatusCode::kInvalidArgument,
                    "encrypted");

  // What DuckDB 1.5 does not read, and why (docs/encryption.md):
  // AES_GCM_CTR_V1 is refused by name;
  ASSERT_OK_AND_ASSIGN(path, write("parq_ctr.parquet", [](EncryptionProperties& p, WriterOptions&) {
                         p.algorithm = EncryptionProperties::Algorithm::kAesGcmCtrV1;
                       }));
  EXPECT_STATUS_HAS(db->Run("SELECT sum(i) FROM " + read(path)), StatusCode::kInvalidArgument,
                    "is encrypted with AES_GCM_CTR_V1, but only AES_GCM_V1 is supported");
  // a plaintext (signed) footer is taken for an unencrypted file;
  ASSERT_OK_AND_ASSIGN(path, write("parq_plaintext_footer.parquet", [](EncryptionProperties& p, WriterOptions&) {
                         p.encrypted_footer = false;
                       }));
  EXPECT_STATUS_HAS(db->Run("SELECT sum(i) FROM " + read(path)), StatusCode::kInvalidArgument,
                    "is not encrypted, but 'encryption_config' was set");
  // the AAD prefix the file stores is left out of DuckDB's AADs;
  ASSERT_OK_AND_ASSIGN(path, write("parq_aad_prefix.parquet", [](EncryptionProperties& p, WriterOptions&) {
                         p.aad_prefix = "table.part0";
                       }));
  EXPECT_STATUS_HAS(db->Run("SELECT sum(i) FROM " + read(path)), StatusCode::kInvalidArgument,
                    "Computed AES tag differs from read AES tag");
  // a chunk with a Bloom filter fails to decrypt even in a plain scan;
  ASSERT_OK_AND_ASSIGN(path, write("parq_bloom.parquet", [](EncryptionProperties&, WriterOptions& o) {
                         o.column_defaults.bloom_filter = true;
                       }));
  EXPECT_STATUS_HAS(db->Run("SELECT sum(i) FROM " + read(path)), StatusCode::kInvalidArgument,
                    "Computed AES tag differs from read AES tag");
  // and so does the second data page of a chunk (the first of each decrypts).
  ASSERT_OK_AND_ASSIGN(path, write("parq_pages.parquet", [](EncryptionProperties&, WriterOptions& o) {
                         o.max_rows_per_page = 500;
                       }));
  EXPECT_STATUS_HAS(db->Run("SELECT sum(i) FROM " + read(path)), StatusCode::kInvalidArgument,
                    "Computed AES tag differs from read AES tag");
  // A LIST's element and a STRUCT's fields fail too, one page each.
  columns = "i, l, st";
  ASSERT_OK_AND_ASSIGN(path, write("parq_nested.parquet", [](EncryptionProperties&, WriterOptions&) {}));
  EXPECT_OK(db->Run("SELECT sum(hash(i)) FROM " + read(path)));
  for (const char* nested : {"l", "st"}) {
    EXPECT_STATUS_HAS(db->Run(std::string("SELECT sum(hash(") + nested + ")) FROM " + read(path)),
                      StatusCode::kInvalidArgument, "Computed AES tag differs from read AES tag");
  }
  // parq reads all six with its key.
  for (const char* name : {"parq_ctr.parquet", "parq_plaintext_footer.parquet", "parq_aad_prefix.parquet",
                           "parq_bloom.parquet", "parq_pages.parquet", "parq_nested.parquet"}) {
    ASSERT_OK_AND_ASSIGN(auto f, OpenWithKey((dir_ / name).string(), kKey));
    EXPECT_EQ(f->metadata().num_rows(), 10000) << name;
  }
}

}  // namespace
}  // namespace parq
