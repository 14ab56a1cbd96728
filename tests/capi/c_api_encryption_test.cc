// Encryption through the C API (parq/c_api.h, "Encryption"), linked against
// libparq.so: the corpus's encrypted files read with explicit keys, with a
// C key-retriever callback (its user data, its errors surfacing with their
// code's name and message) and with a supplied AAD prefix; files written
// by parq_write_arrow_encrypted in each configuration read back to the
// original rows; NULL pointers and bad key lengths are errors, not crashes.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "capi/c_api_test_util.h"
#include "parq/c_api.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using capi_test::Lines;
using capi_test::RowsOf;
using capi_test::TempPath;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";
const std::string kColumnsAndFooter = kData + "encrypt_columns_and_footer.parquet.encrypted";
const std::string kAllTypes = kData + "alltypes_plain.parquet";

// The corpus keys (INDEX.md): footer "kf", double_field "kc1", float_field "kc2".
const std::map<std::string, std::string> kCorpusKeys = {
    {"kf", "0123456789012345"}, {"kc1", "1234567890123450"}, {"kc2", "1234567890123451"}};

const uint8_t* U8(const std::string& s) { return reinterpret_cast<const uint8_t*>(s.data()); }

// Owns a parq_decryption.
struct Keys {
  Keys() : k(parq_decryption_new()) {}
  ~Keys() { parq_decryption_free(k); }
  Keys(const Keys&) = delete;
  Keys& operator=(const Keys&) = delete;
  parq_decryption* k;
};

// Owns a parq_encryption.
struct Encryption {
  Encryption() : e(parq_encryption_new()) {}
  ~Encryption() { parq_encryption_free(e); }
  Encryption(const Encryption&) = delete;
  Encryption& operator=(const Encryption&) = delete;
  parq_encryption* e;
};

// Every row of `path` opened with `keys` (projected on `columns`); empty
// when the open or a read fails, with the message in *error.
std::vector<std::string> DecryptedRows(const std::string& path, const parq_decryption* keys,
                                       std::string* error = nullptr, const char* columns = nullptr) {
  char buf[512];
  parq_reader* r = parq_reader_open_decrypted(path.c_str(), keys, buf, sizeof buf);
  if (error != nullptr) *error = buf;
  if (r == nullptr) return {};
  std::vector<std::string> out;
  parq_rows* rows = parq_rows_open(r, columns);
  if (rows == nullptr) {
    if (error != nullptr) *error = parq_reader_last_error(r);
  } else {
    const char* line = nullptr;
    size_t len = 0;
    int got;
    while ((got = parq_rows_next(rows, &line, &len)) == 1) out.emplace_back(line, len);
    if (got < 0) {
      if (error != nullptr) *error = parq_rows_last_error(rows);
      out.clear();
    }
    parq_rows_close(rows);
  }
  parq_reader_close(r);
  return out;
}

// A retriever over kCorpusKeys (or the map in user_data), counting its calls.
struct RetrieverState {
  const std::map<std::string, std::string>* keys = &kCorpusKeys;
  int calls = 0;
  int fail_with = PARQ_OK;  // else: return this code with a message
};

int MapRetriever(void* user_data, const uint8_t* key_metadata, size_t key_metadata_len, uint8_t* key,
                 size_t key_capacity, size_t* key_len, char* error, size_t error_len) {
  auto* state = static_cast<RetrieverState*>(user_data);
  ++state->calls;
  const std::string id(reinterpret_cast<const char*>(key_metadata), key_metadata_len);
  if (state->fail_with != PARQ_OK) {
    std::snprintf(error, error_len, "KMS unreachable for '%s'", id.c_str());
    return state->fail_with;
  }
  auto it = state->keys->find(id);
  if (it == state->keys->end() || it->second.size() > key_capacity) {
    std::snprintf(error, error_len, "no key with id '%s'", id.c_str());
    return PARQ_ERROR_INVALID_ARGUMENT;
  }
  std::memcpy(key, it->second.data(), it->second.size());
  *key_len = it->second.size();
  return PARQ_OK;
}

TEST(CApiEncryptionTest, ReadsTheCorpusWithExplicitKeys) {
  Keys keys;
  ASSERT_EQ(parq_decryption_set_footer_key(keys.k, U8(kCorpusKeys.at("kf")), 16), PARQ_OK);
  ASSERT_EQ(parq_decryption_set_column_key(keys.k, "double_field", U8(kCorpusKeys.at("kc1")), 16), PARQ_OK);
  ASSERT_EQ(parq_decryption_set_column_key(keys.k, "float_field", U8(kCorpusKeys.at("kc2")), 16), PARQ_OK);
  std::string error;
  const std::vector<std::string> rows = DecryptedRows(kColumnsAndFooter, keys.k, &error);
  ASSERT_EQ(rows.size(), 50u) << error;
  // Arrow's generator: float_field i * 1.1f, double_field i * 1.1111111.
  EXPECT_NE(rows[3].find("\"float_field\":3.3000002,\"double_field\":3.3333333,"), std::string::npos) << rows[3];
  for (const char* name : {"encrypt_columns_and_footer_ctr.parquet.encrypted",
                                  "encrypt_columns_plaintext_footer.parquet.encrypted"}) {
    EXPECT_EQ(DecryptedRows(kData + name, keys.k, &error), rows) << name << ": " << error;
  }
  // The keys may be freed once the reader is open: it holds its own copy.
  parq_decryption* once = parq_decryption_new();
  ASSERT_EQ(parq_decryption_set_footer_key(once, U8(kCorpusKeys.at("kf")), 16), PARQ_OK);
  char buf[256];
  parq_reader* r = parq_reader_open_decrypted(kColumnsAndFooter.c_str(), once, buf, sizeof buf);
  parq_decryption_free(once);
  ASSERT_NE(r, nullptr) << buf;
  EXPECT_EQ(Lines(parq_rows_open(r, "int32_field")).size(), 50u);
  // double_field's key is missing: the column is named when it is read.
  parq_rows* rows_without_key = parq_rows_open(r, "double_field");
  ASSERT_NE(rows_without_key, nullptr) << parq_reader_last_error(r);
  const char* line = nullptr;
  EXPECT_EQ(parq_rows_next(rows_without_key, &line, nullptr), PARQ_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(parq_rows_last_error(rows_without_key)).find("--column-key double_field=KEY"),
            std::string::npos)
      << parq_rows_last_error(rows_without_key);
  parq_rows_close(rows_without_key);
  parq_reader_close(r);
}

TEST(CApiEncryptionTest, WithoutKeysAnEncryptedFooterIsUnsupported) {
  char buf[256];
  EXPECT_EQ(parq_reader_open(kColumnsAndFooter.c_str(), buf, sizeof buf), nullptr);
  EXPECT_EQ(std::string(buf).rfind("Unsupported: ", 0), 0u) << buf;
  EXPECT_EQ(parq_reader_open_decrypted(kColumnsAndFooter.c_str(), nullptr, buf, sizeof buf), nullptr);
  EXPECT_EQ(std::string(buf).rfind("Unsupported: ", 0), 0u) << buf;
  Keys wrong;
  ASSERT_EQ(parq_decryption_set_footer_key(wrong.k, U8(std::string("not the key 1234")), 16), PARQ_OK);
  EXPECT_EQ(parq_reader_open_decrypted(kColumnsAndFooter.c_str(), wrong.k, buf, sizeof buf), nullptr);
  EXPECT_EQ(std::string(buf).rfind("Corrupt: ", 0), 0u) << buf;
}

TEST(CApiEncryptionTest, AKeyRetrieverCallbackFindsTheKeysByTheirMetadata) {
  Keys explicit_keys;
  ASSERT_EQ(parq_decryption_set_footer_key(explicit_keys.k, U8(kCorpusKeys.at("kf")), 16), PARQ_OK);
  ASSERT_EQ(parq_decryption_set_column_key(explicit_keys.k, "double_field", U8(kCorpusKeys.at("kc1")), 16), PARQ_OK);
  ASSERT_EQ(parq_decryption_set_column_key(explicit_keys.k, "float_field", U8(kCorpusKeys.at("kc2")), 16), PARQ_OK);
  const std::vector<std::string> expected = DecryptedRows(kColumnsAndFooter, explicit_keys.k);
  ASSERT_EQ(expected.size(), 50u);

  RetrieverState state;
  Keys keys;
  ASSERT_EQ(parq_decryption_set_key_retriever(keys.k, MapRetriever, &state), PARQ_OK);
  std::string error;
  EXPECT_EQ(DecryptedRows(kColumnsAndFooter, keys.k, &error), expected) << error;
  EXPECT_EQ(state.calls, 3);  // kf, kc1, kc2: once each
  // An explicit key wins: the retriever is asked only for the others.
  state.calls = 0;
  ASSERT_EQ(parq_decryption_set_footer_key(keys.k, U8(kCorpusKeys.at("kf")), 16), PARQ_OK);
  EXPECT_EQ(DecryptedRows(kColumnsAndFooter, keys.k, &error), expected) << error;
  EXPECT_EQ(state.calls, 2);
  // Removing the retriever: the column keys are missing again.
  ASSERT_EQ(parq_decryption_set_key_retriever(keys.k, nullptr, nullptr), PARQ_OK);
  EXPECT_TRUE(DecryptedRows(kColumnsAndFooter, keys.k, &error).empty());
  EXPECT_EQ(error.rfind("Unsupported: the column is encrypted with a column key", 0), 0u) << error;
}

TEST(CApiEncryptionTest, TheRetrieversErrorsSurfaceWithTheirCode) {
  RetrieverState state;
  state.fail_with = PARQ_ERROR_IO;
  Keys keys;
  ASSERT_EQ(parq_decryption_set_key_retriever(keys.k, MapRetriever, &state), PARQ_OK);
  char buf[512];
  EXPECT_EQ(parq_reader_open_decrypted(kColumnsAndFooter.c_str(), keys.k, buf, sizeof buf), nullptr);
  EXPECT_EQ(std::string(buf).rfind("IO error: key retriever: KMS unreachable for 'kf'", 0), 0u) << buf;
  // A code that is no PARQ_ERROR_* counts as an invalid argument.
  state.fail_with = 42;
  EXPECT_EQ(parq_reader_open_decrypted(kColumnsAndFooter.c_str(), keys.k, buf, sizeof buf), nullptr);
  EXPECT_EQ(std::string(buf).rfind("Invalid argument: key retriever: KMS unreachable", 0), 0u) << buf;
  // A key the map lacks: the callback's message, naming the column asked for.
  const std::map<std::string, std::string> footer_only = {{"kf", kCorpusKeys.at("kf")}};
  state.fail_with = PARQ_OK;
  state.keys = &footer_only;
  EXPECT_EQ(parq_reader_open_decrypted(kColumnsAndFooter.c_str(), keys.k, buf, sizeof buf), nullptr);
  EXPECT_EQ(std::string(buf).rfind("Invalid argument: key retriever: no key with id 'kc", 0), 0u) << buf;
  EXPECT_NE(std::string(buf).find("asked for the key of column"), std::string::npos) << buf;
}

TEST(CApiEncryptionTest, AnAadPrefixTheFileDoesNotStoreIsSupplied) {
  const std::string path = kData + "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted";
  RetrieverState state;
  Keys keys;
  ASSERT_EQ(parq_decryption_set_key_retriever(keys.k, MapRetriever, &state), PARQ_OK);
  std::string error;
  EXPECT_TRUE(DecryptedRows(path, keys.k, &error).empty());
  EXPECT_NE(error.find("AAD prefix"), std::string::npos) << error;
  ASSERT_EQ(parq_decryption_set_aad_prefix(keys.k, U8(std::string("tester")), 6), PARQ_OK);
  EXPECT_EQ(DecryptedRows(path, keys.k, &error).size(), 50u) << error;
  ASSERT_EQ(parq_decryption_set_aad_prefix(keys.k, U8(std::string("wrong!")), 6), PARQ_OK);
  EXPECT_TRUE(DecryptedRows(path, keys.k, &error).empty());
}

TEST(CApiEncryptionTest, NullPointersAndBadLengthsAreErrors) {
  const std::string key(16, 'k');
  EXPECT_EQ(parq_decryption_set_footer_key(nullptr, U8(key), 16), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_decryption_set_column_key(nullptr, "a", U8(key), 16), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_decryption_set_aad_prefix(nullptr, nullptr, 0), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_decryption_set_key_retriever(nullptr, MapRetriever, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_decryption_last_error(nullptr), "parq_decryption_last_error: keys is NULL");
  parq_decryption_free(nullptr);

  Keys keys;
  EXPECT_STREQ(parq_decryption_last_error(keys.k), "");
  EXPECT_EQ(parq_decryption_set_footer_key(keys.k, nullptr, 16), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_decryption_last_error(keys.k), "Invalid argument: parq_decryption_set_footer_key: key is NULL");
  for (size_t len : {size_t{0}, size_t{15}, size_t{17}, size_t{33}, SIZE_MAX}) {
    EXPECT_EQ(parq_decryption_set_footer_key(keys.k, U8(key), len), PARQ_ERROR_INVALID_ARGUMENT) << len;
    EXPECT_NE(std::string(parq_decryption_last_error(keys.k)).find("AES keys have 16, 24 or 32 bytes"),
              std::string::npos);
  }
  EXPECT_EQ(parq_decryption_set_column_key(keys.k, nullptr, U8(key), 16), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_decryption_set_column_key(keys.k, "", U8(key), 16), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_decryption_last_error(keys.k), "Invalid argument: parq_decryption_set_column_key: path is empty");
  EXPECT_EQ(parq_decryption_set_column_key(keys.k, "a", U8(key), 20), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_decryption_set_aad_prefix(keys.k, nullptr, 5), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_decryption_set_aad_prefix(keys.k, nullptr, 0), PARQ_OK);  // an empty prefix
  char buf[128];
  EXPECT_EQ(parq_reader_open_decrypted(nullptr, keys.k, buf, sizeof buf), nullptr);
  EXPECT_STREQ(buf, "Invalid argument: parq_reader_open_decrypted: path is NULL");

  EXPECT_EQ(parq_encryption_set_algorithm(nullptr, PARQ_AES_GCM_V1), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_encryption_set_footer_key(nullptr, U8(key), 16, nullptr, 0), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_encryption_set_plaintext_footer(nullptr, 1), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_encryption_last_error(nullptr), "parq_encryption_last_error: encryption is NULL");
  parq_encryption_free(nullptr);
  Encryption enc;
  EXPECT_EQ(parq_encryption_set_algorithm(enc.e, 2), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(parq_encryption_last_error(enc.e)).find("PARQ_AES_GCM_CTR_V1"), std::string::npos);
  EXPECT_EQ(parq_encryption_set_footer_key(enc.e, U8(key), 8, nullptr, 0), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_encryption_set_footer_key(enc.e, U8(key), 16, nullptr, 3), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_encryption_last_error(enc.e),
               "Invalid argument: parq_encryption_set_footer_key: key_metadata is NULL with a length of 3");
  EXPECT_EQ(parq_encryption_set_column_key(enc.e, nullptr, U8(key), 16, nullptr, 0), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_encryption_set_column_key(enc.e, "a", U8(key), 31, nullptr, 0), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_encryption_set_aad_prefix(enc.e, nullptr, 1, 1), PARQ_ERROR_INVALID_ARGUMENT);

  // Writing without a footer key: refused, the stream released, no file.
  TempPath out("capi_encrypt_no_key.parquet");
  capi_test::Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow(reader.r, nullptr, 0, &stream), PARQ_OK);
  char error[512];
  EXPECT_EQ(parq_write_arrow_encrypted(out.path.c_str(), &stream, nullptr, enc.e, error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(error).find("footer key"), std::string::npos) << error;
  EXPECT_EQ(stream.release, nullptr);
  EXPECT_FALSE(fs::exists(out.path));
  EXPECT_EQ(parq_write_arrow_encrypted(nullptr, nullptr, nullptr, enc.e, error, sizeof error),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(error, "Invalid argument: parq_write_arrow_encrypted: in is NULL");
}

// Writes alltypes_plain through an Arrow stream with `enc`; PARQ_OK or the code, with *error.
int WriteEncrypted(const std::string& path, const parq_encryption* enc, std::string* error) {
  capi_test::Reader reader(kAllTypes);
  if (reader.r == nullptr) {
    *error = reader.error;
    return PARQ_ERROR_IO;
  }
  ArrowArrayStream stream;
  int rc = parq_reader_to_arrow(reader.r, nullptr, 0, &stream);
  if (rc != PARQ_OK) return rc;
  char buf[512] = "";
  rc = parq_write_arrow_encrypted(path.c_str(), &stream, "codec=zstd", enc, buf, sizeof buf);
  *error = buf;
  return rc;
}

TEST(CApiEncryptionTest, WritesUniformEncryptionWithEitherAlgorithm) {
  const std::vector<std::string> original = RowsOf(kAllTypes);
  ASSERT_EQ(original.size(), 8u);
  const std::string footer_key = "0123456789012345678901234567890!";  // AES-256
  const std::map<std::string, std::string> kms = {{"footer-v1", footer_key}};
  for (int algorithm : {PARQ_AES_GCM_V1, PARQ_AES_GCM_CTR_V1}) {
    SCOPED_TRACE(algorithm);
    TempPath out("capi_uniform_" + std::to_string(algorithm) + ".parquet");
    Encryption enc;
    ASSERT_EQ(parq_encryption_set_algorithm(enc.e, algorithm), PARQ_OK);
    ASSERT_EQ(parq_encryption_set_footer_key(enc.e, U8(footer_key), 32, U8(std::string("footer-v1")), 9), PARQ_OK);
    std::string error;
    ASSERT_EQ(WriteEncrypted(out.path, enc.e, &error), PARQ_OK) << error;
    // Without keys it does not open; with the retriever, through the stored key_metadata, it reads back.
    char buf[256];
    EXPECT_EQ(parq_reader_open(out.path.c_str(), buf, sizeof buf), nullptr);
    RetrieverState state;
    state.keys = &kms;
    Keys keys;
    ASSERT_EQ(parq_decryption_set_key_retriever(keys.k, MapRetriever, &state), PARQ_OK);
    EXPECT_EQ(DecryptedRows(out.path, keys.k, &error), original) << error;
    EXPECT_EQ(state.calls, 1);
  }
}

TEST(CApiEncryptionTest, WritesColumnKeysWithAPlaintextFooterAndAnUnstoredAadPrefix) {
  const std::vector<std::string> original = RowsOf(kAllTypes);
  const std::string footer_key = "footer-key-16-by", column_key = "column-key-24-bytes-long";
  TempPath out("capi_columns.parquet");
  Encryption enc;
  ASSERT_EQ(parq_encryption_set_footer_key(enc.e, U8(footer_key), 16, nullptr, 0), PARQ_OK);
  ASSERT_EQ(parq_encryption_set_column_key(enc.e, "string_col", U8(column_key), 24, U8(std::string("kc-9")), 4),
            PARQ_OK);
  ASSERT_EQ(parq_encryption_set_plaintext_footer(enc.e, 1), PARQ_OK);
  ASSERT_EQ(parq_encryption_set_aad_prefix(enc.e, U8(std::string("table/part-0")), 12, /*store=*/0), PARQ_OK);
  std::string error;
  ASSERT_EQ(WriteEncrypted(out.path, enc.e, &error), PARQ_OK) << error;

  // No keys: a plaintext footer opens, and the plaintext columns read.
  EXPECT_EQ(RowsOf(out.path, "id,bool_col"), RowsOf(kAllTypes, "id,bool_col"));
  // The keys without the AAD prefix: refused; with it: every row.
  const std::map<std::string, std::string> kms = {{"kc-9", column_key}};
  RetrieverState state;
  state.keys = &kms;
  Keys keys;
  ASSERT_EQ(parq_decryption_set_footer_key(keys.k, U8(footer_key), 16), PARQ_OK);
  ASSERT_EQ(parq_decryption_set_key_retriever(keys.k, MapRetriever, &state), PARQ_OK);
  EXPECT_TRUE(DecryptedRows(out.path, keys.k, &error, "string_col").empty());
  EXPECT_NE(error.find("AAD prefix"), std::string::npos) << error;
  ASSERT_EQ(parq_decryption_set_aad_prefix(keys.k, U8(std::string("table/part-0")), 12), PARQ_OK);
  EXPECT_EQ(DecryptedRows(out.path, keys.k, &error), original) << error;

  // A column key for a path that is no leaf: refused at the write.
  TempPath bad("capi_columns_bad.parquet");
  ASSERT_EQ(parq_encryption_set_column_key(enc.e, "no_such", U8(column_key), 24, nullptr, 0), PARQ_OK);
  EXPECT_EQ(WriteEncrypted(bad.path, enc.e, &error), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(error.find("no_such"), std::string::npos) << error;
  EXPECT_FALSE(fs::exists(bad.path));
}

// The corpus keys of data/ (16 bytes: "kf", "kc1" for double_field, "kc2"
// for float_field) or data/aes256/ (32 bytes, a key per column: kc1..kc8,
// as parquet-java's test files use them), with the AAD prefix "tester" when
// `aad`.
void SetCorpusKeys(parq_decryption* keys, bool aes256, bool aad) {
  if (!aes256) {
    ASSERT_EQ(parq_decryption_set_footer_key(keys, U8(kCorpusKeys.at("kf")), 16), PARQ_OK);
    ASSERT_EQ(parq_decryption_set_column_key(keys, "double_field", U8(kCorpusKeys.at("kc1")), 16), PARQ_OK);
    ASSERT_EQ(parq_decryption_set_column_key(keys, "float_field", U8(kCorpusKeys.at("kc2")), 16), PARQ_OK);
  } else {
    ASSERT_EQ(parq_decryption_set_footer_key(keys, U8(std::string("01234567890123456789012345678901")), 32), PARQ_OK);
    const char* columns[] = {"double_field", "float_field", "boolean_field", "int32_field",
                             "ba_field",     "flba_field",  "int64_field.list.element", "int96_field"};
    for (int i = 0; i < 8; ++i) {  // kc(i+1) ends in i + 2
      const std::string key = "1234567890123456789012345678901" + std::to_string(i + 2);
      ASSERT_EQ(parq_decryption_set_column_key(keys, columns[i], U8(key), 32), PARQ_OK);
    }
  }
  if (aad) {
    ASSERT_EQ(parq_decryption_set_aad_prefix(keys, U8(std::string("tester")), 6), PARQ_OK);
  }
}

// The report of parq_verify_file_decrypted (count -1 and the message when
// it failed).
struct Verified {
  int64_t count = -1;
  std::string json;
};
Verified VerifyWith(const std::string& path, const parq_decryption* keys) {
  char buf[512];
  parq_report* report = parq_verify_file_decrypted(path.c_str(), 0, keys, buf, sizeof buf);
  if (report == nullptr) return {-1, buf};
  Verified out{parq_report_count(report), parq_report_json(report, nullptr)};
  parq_report_free(report);
  return out;
}

TEST(CApiEncryptionTest, VerifyWithKeysChecksEveryEncryptedCorpusFile) {
  int files = 0;
  for (const char* dir : {"", "aes256/"}) {
    for (const auto& e : fs::directory_iterator(kData + dir)) {
      const std::string name = e.path().filename().string();
      if (e.path().extension() != ".encrypted" || name.rfind("external_key_material", 0) == 0) continue;
      ++files;
      Keys keys;
      SetCorpusKeys(keys.k, *dir != '\0', name.find("aad") != std::string::npos);
      const Verified v = VerifyWith(e.path().string(), keys.k);
      // Every chunk decrypted and checked: the 50 rows of 8 leaves (450
      // level entries) in one row group; the Bloom filter file's 4 leaves.
      EXPECT_EQ(v.count, 0) << name << ": " << v.json;
      const bool bloom = name.find("bloom") != std::string::npos;
      EXPECT_NE(v.json.find(bloom ? "\"ok\":true,\"row_groups\":1,\"column_chunks\":4,"
                                  : "\"ok\":true,\"row_groups\":1,\"column_chunks\":8,"),
                std::string::npos)
          << name << ": " << v.json;
      EXPECT_NE(v.json.find(bloom ? "\"values\":8000" : "\"values\":450"), std::string::npos) << name << ": " << v.json;

      // Without keys: findings that say what is encrypted, no failure.
      const Verified bare = VerifyWith(e.path().string(), nullptr);
      EXPECT_GE(bare.count, 1) << name << ": " << bare.json;
      EXPECT_NE(bare.json.find("ncrypted"), std::string::npos) << name << ": " << bare.json;
    }
  }
  EXPECT_EQ(files, 12);  // 7 in data/ (not the external key material one), 5 in aes256/

  // A plaintext footer without the column keys: the encrypted chunks are
  // findings naming their column, the others are checked.
  Keys footer_only;
  ASSERT_EQ(parq_decryption_set_footer_key(footer_only.k, U8(kCorpusKeys.at("kf")), 16), PARQ_OK);
  const Verified partial = VerifyWith(kData + "encrypt_columns_plaintext_footer.parquet.encrypted", footer_only.k);
  EXPECT_EQ(partial.count, 2) << partial.json;
  EXPECT_NE(partial.json.find("\"column_chunks\":6,"), std::string::npos) << partial.json;
  EXPECT_NE(partial.json.find("\"column\":\"double_field\""), std::string::npos) << partial.json;
  EXPECT_NE(partial.json.find("\"column\":\"float_field\""), std::string::npos) << partial.json;

  // A page body changed: its module fails authentication, a finding.
  TempPath tampered("capi_tampered.parquet");
  fs::copy_file(kColumnsAndFooter, tampered.path);
  {
    std::fstream f(tampered.path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekp(200);
    f.put('\x5a');
  }
  Keys keys;
  SetCorpusKeys(keys.k, false, false);
  const Verified bad = VerifyWith(tampered.path, keys.k);
  EXPECT_GE(bad.count, 1) << bad.json;
  EXPECT_NE(bad.json.find("\"ok\":false"), std::string::npos) << bad.json;
  // A NULL path names the function.
  char buf[256];
  EXPECT_EQ(parq_verify_file_decrypted(nullptr, 0, keys.k, buf, sizeof buf), nullptr);
  EXPECT_STREQ(buf, "Invalid argument: parq_verify_file_decrypted: path is NULL");
}

TEST(CApiEncryptionTest, CsvToParquetEncryptedReadsBackWithItsKeys) {
  TempPath dir("capi_csv_encrypted");
  fs::create_directories(dir.path);
  const std::string csv = dir.path + "/in.csv", plain = dir.path + "/plain.parquet",
                    secret = dir.path + "/secret.parquet";
  {
    std::ofstream out(csv);
    out << "id,ssn,city\n1,123-45-6789,Oslo\n2,,Lima\n3,987-65-4321,\n";
  }
  char buf[512];
  ASSERT_EQ(parq_csv_to_parquet(csv.c_str(), plain.c_str(), nullptr, nullptr, 0, nullptr, buf, sizeof buf), PARQ_OK)
      << buf;
  const std::vector<std::string> expected = RowsOf(plain);
  ASSERT_EQ(expected.size(), 3u);

  const std::string footer_key = "footer-key-16-by", ssn_key = "ssn-key-16-bytes";
  Encryption enc;
  ASSERT_EQ(parq_encryption_set_footer_key(enc.e, U8(footer_key), 16, nullptr, 0), PARQ_OK);
  ASSERT_EQ(parq_encryption_set_column_key(enc.e, "ssn", U8(ssn_key), 16, nullptr, 0), PARQ_OK);
  ASSERT_EQ(parq_encryption_set_algorithm(enc.e, PARQ_AES_GCM_CTR_V1), PARQ_OK);
  ASSERT_EQ(parq_csv_to_parquet_encrypted(csv.c_str(), secret.c_str(), nullptr, nullptr, 0, "codec=zstd", enc.e, buf,
                                          sizeof buf),
            PARQ_OK)
      << buf;
  // Encrypted footer: no keys, no file; the keys give the rows.
  EXPECT_EQ(parq_reader_open(secret.c_str(), buf, sizeof buf), nullptr);
  EXPECT_EQ(std::string(buf).rfind("Unsupported: ", 0), 0u) << buf;
  Keys keys;
  ASSERT_EQ(parq_decryption_set_footer_key(keys.k, U8(footer_key), 16), PARQ_OK);
  std::string error;
  EXPECT_TRUE(DecryptedRows(secret, keys.k, &error, "ssn").empty());
  EXPECT_NE(error.find("ssn"), std::string::npos) << error;
  ASSERT_EQ(parq_decryption_set_column_key(keys.k, "ssn", U8(ssn_key), 16), PARQ_OK);
  EXPECT_EQ(DecryptedRows(secret, keys.k, &error), expected) << error;
  // and verify agrees.
  EXPECT_EQ(VerifyWith(secret, keys.k).count, 0) << VerifyWith(secret, keys.k).json;

  // NULL encryption: plaintext, as parq_csv_to_parquet.
  ASSERT_EQ(parq_csv_to_parquet_encrypted(csv.c_str(), secret.c_str(), nullptr, nullptr, 0, nullptr, nullptr, buf,
                                          sizeof buf),
            PARQ_OK)
      << buf;
  EXPECT_EQ(RowsOf(secret), expected);
  // Settings without a footer key: refused, nothing written.
  Encryption no_key;
  const std::string refused = dir.path + "/refused.parquet";
  EXPECT_EQ(parq_csv_to_parquet_encrypted(csv.c_str(), refused.c_str(), nullptr, nullptr, 0, nullptr, no_key.e, buf,
                                          sizeof buf),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(buf).find("footer key"), std::string::npos) << buf;
  EXPECT_FALSE(fs::exists(refused));
  EXPECT_EQ(parq_csv_to_parquet_encrypted(nullptr, refused.c_str(), nullptr, nullptr, 0, nullptr, no_key.e, buf,
                                          sizeof buf),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(buf, "Invalid argument: parq_csv_to_parquet_encrypted: csv_path is NULL");
}

TEST(CApiEncryptionTest, PruneWithKeysDropsTheEncryptedColumnsToAPlaintextFile) {
  TempPath out("capi_pruned_plain.parquet");
  Keys keys;
  SetCorpusKeys(keys.k, false, false);
  std::string error;
  const std::vector<std::string> expected =
      DecryptedRows(kColumnsAndFooter, keys.k, &error,
                    "boolean_field,int32_field,int64_field,int96_field,ba_field,flba_field");
  ASSERT_EQ(expected.size(), 50u) << error;
  char buf[512];
  ASSERT_EQ(parq_prune_columns_decrypted(kColumnsAndFooter.c_str(), out.path.c_str(), "double_field,float_field",
                                         nullptr, keys.k, buf, sizeof buf),
            PARQ_OK)
      << buf;
  // The output is plaintext: it opens without keys, with the other columns' rows.
  EXPECT_EQ(RowsOf(out.path), expected);
  parq_report* report = parq_verify_file(out.path.c_str(), 0, buf, sizeof buf);
  ASSERT_NE(report, nullptr) << buf;
  EXPECT_EQ(parq_report_count(report), 0) << parq_report_json(report, nullptr);
  parq_report_free(report);
}

TEST(CApiEncryptionTest, RawCopiesOfEncryptedChunksAreClearErrors) {
  TempPath out("capi_copy_refused.parquet");
  char buf[512];
  Keys keys;
  SetCorpusKeys(keys.k, false, false);
  // Keeping an encrypted column: refused, naming it.
  EXPECT_EQ(parq_prune_columns_decrypted(kColumnsAndFooter.c_str(), out.path.c_str(), "double_field", nullptr,
                                         keys.k, buf, sizeof buf),
            PARQ_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(buf).find("an encrypted column chunk cannot be copied"), std::string::npos) << buf;
  EXPECT_NE(std::string(buf).find("float_field"), std::string::npos) << buf;
  EXPECT_FALSE(fs::exists(out.path));
  // Without keys the encrypted footer is the error.
  EXPECT_EQ(parq_prune_columns(kColumnsAndFooter.c_str(), out.path.c_str(), "double_field,float_field", nullptr, buf,
                               sizeof buf),
            PARQ_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(buf).find("ncrypted footer"), std::string::npos) << buf;
  EXPECT_FALSE(fs::exists(out.path));
  // A merge copies every column: a plaintext footer's encrypted chunks refused.
  const std::string plaintext_footer = kData + "encrypt_columns_plaintext_footer.parquet.encrypted";
  const char* inputs[] = {plaintext_footer.c_str(), plaintext_footer.c_str()};
  EXPECT_EQ(parq_merge_files(inputs, 2, out.path.c_str(), nullptr, buf, sizeof buf), PARQ_ERROR_UNSUPPORTED);
  // The message says why: the modules' AADs bind the chunk to its place.
  EXPECT_NE(std::string(buf).find("an encrypted column chunk cannot be copied as stored: its modules' AADs bind it to "
                                  "its file (aad_file_unique) and to its row group and column ordinals; read it with "
                                  "its keys and write it again (parq rewrite decodes) (column 'float_field', row group "
                                  "0, '" + plaintext_footer + "')"),
            std::string::npos)
      << buf;
  EXPECT_FALSE(fs::exists(out.path));
  // The keys of a uniformly encrypted file do not help: every chunk is encrypted.
  Keys k256;
  SetCorpusKeys(k256.k, true, false);
  EXPECT_EQ(parq_prune_columns_decrypted((kData + "aes256/uniform_encryption.parquet.encrypted").c_str(),
                                         out.path.c_str(), "double_field", nullptr, k256.k, buf, sizeof buf),
            PARQ_ERROR_UNSUPPORTED);
  EXPECT_NE(std::string(buf).find("an encrypted column chunk cannot be copied"), std::string::npos) << buf;
  EXPECT_FALSE(fs::exists(out.path));
  EXPECT_EQ(parq_prune_columns_decrypted(nullptr, out.path.c_str(), "x", nullptr, keys.k, buf, sizeof buf),
            PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(buf, "Invalid argument: parq_prune_columns_decrypted: input is NULL");
}

}  // namespace
}  // namespace parq
