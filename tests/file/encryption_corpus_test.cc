// Every encrypted file of parquet-testing's data/ and data/aes256/ read with
// its keys (explicit, and through a KeyRetriever) to the rows Arrow C++'s
// encryption tests generate; the Bloom filters and page indexes of encrypted
// columns; and external_key_material_java through a retriever implementing
// the corpus's mock KMS from its JSON key material.
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "crypto/aes.h"
#include "file/encryption_util.h"
#include "json/json_value.h"
#include "parq/bloom_filter.h"
#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "parq/page_info.h"
#include "testing/status_macros.h"

namespace parq::testing {
namespace {

struct CorpusFile {
  std::string name;
  bool aes256;
  const char* aad_prefix;  // to supply, or ""
  const char* algorithm;
  bool encrypted_footer;
};

const CorpusFile kFiles[] = {
    {"uniform_encryption.parquet.encrypted", false, "", "AES_GCM_V1", true},
    {"encrypt_columns_and_footer.parquet.encrypted", false, "", "AES_GCM_V1", true},
    {"encrypt_columns_and_footer_aad.parquet.encrypted", false, "", "AES_GCM_V1", true},
    {"encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted", false, "tester", "AES_GCM_V1", true},
    {"encrypt_columns_and_footer_ctr.parquet.encrypted", false, "", "AES_GCM_CTR_V1", true},
    {"encrypt_columns_plaintext_footer.parquet.encrypted", false, "", "AES_GCM_V1", false},
    {"aes256/uniform_encryption.parquet.encrypted", true, "", "AES_GCM_V1", true},
    {"aes256/encrypt_columns_and_footer.parquet.encrypted", true, "", "AES_GCM_V1", true},
    {"aes256/encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted", true, "tester", "AES_GCM_V1", true},
    {"aes256/encrypt_columns_and_footer_ctr.parquet.encrypted", true, "", "AES_GCM_CTR_V1", true},
    {"aes256/encrypt_columns_plaintext_footer.parquet.encrypted", true, "", "AES_GCM_V1", false},
};

Result<std::unique_ptr<FileReader>> OpenWith(const std::string& name, std::shared_ptr<DecryptionProperties> keys) {
  ReaderOptions options;
  options.decryption = std::move(keys);
  return FileReader::Open(kEncryptedData + "/" + name, options);
}

TEST(EncryptionCorpusTest, EveryFileReadsToTheGeneratorsRows) {
  int files = 0;
  for (const CorpusFile& f : kFiles) {
    for (bool by_retriever : {false, true}) {
      SCOPED_TRACE(f.name + (by_retriever ? " (retriever)" : " (explicit keys)"));
      auto keys = by_retriever ? CorpusKeysByRetriever(f.aes256, f.aad_prefix) : CorpusKeys(f.aes256, f.aad_prefix);
      ASSERT_OK_AND_ASSIGN(auto file, OpenWith(f.name, keys));
      const EncryptionInfo* info = file->encryption();
      ASSERT_NE(info, nullptr);
      EXPECT_EQ(info->algorithm, f.algorithm);
      EXPECT_EQ(info->encrypted_footer, f.encrypted_footer);
      EXPECT_EQ(info->footer_key_metadata, "kf");
      EXPECT_EQ(info->footer_signature, f.encrypted_footer ? EncryptionInfo::FooterSignature::kNone
                                                           : EncryptionInfo::FooterSignature::kVerified);
      EXPECT_EQ(DiffFromGenerator(*file), "");
      ++files;
    }
  }
  EXPECT_EQ(files, 22);
}

TEST(EncryptionCorpusTest, AadPrefixStoredOrSupplied) {
  ASSERT_OK_AND_ASSIGN(auto stored, OpenWith("encrypt_columns_and_footer_aad.parquet.encrypted", CorpusKeys(false)));
  ASSERT_TRUE(stored->encryption()->aad_prefix.has_value());
  EXPECT_EQ(*stored->encryption()->aad_prefix, "tester");
  EXPECT_FALSE(stored->encryption()->supply_aad_prefix);
  ASSERT_OK_AND_ASSIGN(auto supplied,
                       OpenWith("encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted", CorpusKeys(false, "tester")));
  EXPECT_FALSE(supplied->encryption()->aad_prefix.has_value());
  EXPECT_TRUE(supplied->encryption()->supply_aad_prefix);
}

TEST(EncryptionCorpusTest, ColumnsSayWhichKeyEncryptsThem) {
  ASSERT_OK_AND_ASSIGN(auto file, OpenWith("encrypt_columns_and_footer.parquet.encrypted", CorpusKeys(false)));
  const Schema& s = file->schema();
  RowGroupMetaData rg = file->metadata().row_group(0);
  EXPECT_FALSE(rg.column(s.FindColumnIndex("boolean_field")).is_encrypted());
  ColumnChunkMetaData d = rg.column(s.FindColumnIndex("double_field"));
  EXPECT_TRUE(d.is_encrypted());
  EXPECT_FALSE(d.encrypted_with_footer_key());
  EXPECT_EQ(d.encryption_key_metadata(), std::optional<std::string>("kc1"));
  // The decrypted column metadata: its statistics are there again.
  ASSERT_TRUE(d.statistics().has_value());
  ASSERT_OK_AND_ASSIGN(auto uniform, OpenWith("uniform_encryption.parquet.encrypted", CorpusKeys(false)));
  ColumnChunkMetaData u = uniform->metadata().row_group(0).column(0);
  EXPECT_TRUE(u.encrypted_with_footer_key() || !u.is_encrypted());
}

TEST(EncryptionCorpusTest, PageIndexesOfEncryptedColumnsDecrypt) {
  ASSERT_OK_AND_ASSIGN(auto file, OpenWith("encrypt_columns_and_footer.parquet.encrypted", CorpusKeys(false)));
  const int col = file->schema().FindColumnIndex("double_field");
  ASSERT_OK_AND_ASSIGN(PageIndex index, file->ReadPageIndex(0, col));
  ASSERT_TRUE(index.column_index.has_value());
  ASSERT_TRUE(index.offset_index.has_value());
  ASSERT_EQ(index.column_index->num_pages(), 1);
  EXPECT_EQ(index.column_index->max<double>(0), 49 * 1.1111111);
  EXPECT_EQ(index.column_index->min<double>(0), 0.0);
  EXPECT_EQ(index.offset_index->page_locations()[0].first_row_index, 0);
}

// The Bloom filter file (parquet-mr, 2,000 rows): each filter of an
// encrypted column is found through its two encrypted modules and holds
// every value of its column.
TEST(EncryptionCorpusTest, BloomFiltersOfEncryptedColumns) {
  ASSERT_OK_AND_ASSIGN(auto file,
                       OpenWith("encrypt_columns_and_footer_bloom_filter.parquet.encrypted", CorpusKeys(false)));
  int checked = 0;
  for (const char* name : {"double_field", "float_field"}) {
    const int col = file->schema().FindColumnIndex(name);
    ASSERT_GE(col, 0) << name;
    ASSERT_TRUE(file->metadata().row_group(0).column(col).is_encrypted());
    ASSERT_OK_AND_ASSIGN(std::optional<BloomFilter> filter, file->ReadBloomFilter(0, col));
    ASSERT_TRUE(filter.has_value()) << name;
    ASSERT_OK_AND_ASSIGN(ChunkCells cells, ReadChunk(*file, 0, col));
    ASSERT_EQ(cells.values.size(), 2000u);
    for (const std::string& v : cells.values) {
      if (std::string(name) == "double_field") {
        double d;
        std::memcpy(&d, v.data(), sizeof d);
        EXPECT_TRUE(filter->MightContain(d)) << d;
      } else {
        float f;
        std::memcpy(&f, v.data(), sizeof f);
        EXPECT_TRUE(filter->MightContain(f)) << f;
      }
      ++checked;
    }
  }
  EXPECT_EQ(checked, 4000);
}

// ReadPageInfos (`parq pages`) decrypts an encrypted column's page headers;
// without the column's key it says so, naming the column.
TEST(EncryptionCorpusTest, PageInfosOfEncryptedColumns) {
  ASSERT_OK_AND_ASSIGN(auto file,
                       OpenWith("encrypt_columns_and_footer_bloom_filter.parquet.encrypted", CorpusKeys(false)));
  const int col = file->schema().FindColumnIndex("double_field");
  ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*file, 0, col));
  ASSERT_OK_AND_ASSIGN(std::optional<OffsetIndex> index, file->ReadOffsetIndex(0, col));
  ASSERT_TRUE(index.has_value());
  ASSERT_EQ(pages.size(), 3u);
  const int32_t values[] = {942, 968, 90};
  for (size_t i = 0; i < pages.size(); ++i) {
    const PageLocation& l = index->page_locations()[i];
    EXPECT_EQ(pages[i].type, PageType::kDataPageV2);  // parquet-mr 1.14 writes v2 pages
    EXPECT_EQ(pages[i].file_offset, static_cast<uint64_t>(l.offset));
    EXPECT_EQ(pages[i].header_size + static_cast<uint32_t>(pages[i].compressed_size),
              static_cast<uint32_t>(l.compressed_page_size));
    EXPECT_EQ(pages[i].num_values, values[i]);
    EXPECT_NE(pages[i].crc, CrcStatus::kBad);
  }
  // Only the footer key: the plaintext column lists, the encrypted one is refused by name.
  auto footer_only = std::make_shared<DecryptionProperties>();
  footer_only->footer_key = CorpusKeys(false)->footer_key;
  ASSERT_OK_AND_ASSIGN(auto partial, OpenWith("encrypt_columns_and_footer_bloom_filter.parquet.encrypted", footer_only));
  EXPECT_OK(ReadPageInfos(*partial, 0, partial->schema().FindColumnIndex("int32_field")));
  EXPECT_STATUS_HAS(ReadPageInfos(*partial, 0, col), StatusCode::kUnsupported, "double_field");
}

// --- external_key_material_java: parquet-java's key tools --------------------
//
// Its key_metadata is {"keyMaterialType":"PKMT1","internalStorage":false,
// "keyReference":"footerKey"}: the key material lives in the JSON file beside
// it, under that reference.  Each entry double-wraps a data key: the data key
// is AES-GCM-encrypted with a key-encryption key (AAD: the KEK's id,
// base64-decoded), and the KEK with the master key through the KMS.  The
// corpus's KMS is parquet-java's InMemoryKMS mock (compatible with Arrow's
// TestOnlyInServerWrapKms): wrapping is AES-GCM with the master key, AAD the
// master key id; the master keys "kf", "kc1", "kc2" are the corpus keys.
// Wrapped keys are base64 of nonce + ciphertext + tag.

std::string DecodeBase64(std::string_view s) {
  static const std::string kAlphabet = "ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : s) {
    if (c == '=') break;
    const size_t d = kAlphabet.find(c);
    if (d == std::string::npos) return "";
    acc = (acc << 6) | static_cast<uint32_t>(d);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xFF));
    }
  }
  return out;
}

const JsonValue* Member(const JsonValue& object, std::string_view key) {
  for (size_t i = 0; i < object.keys.size(); ++i) {
    if (object.keys[i] == key) return &object.items[i];
  }
  return nullptr;
}

class MockKmsRetriever : public KeyRetriever {
 public:
  MockKmsRetriever(JsonValue material, std::map<std::string, std::string> master_keys)
      : material_(std::move(material)), master_keys_(std::move(master_keys)) {}

  Result<std::string> RetrieveKey(std::string_view key_metadata) const override {
    PARQ_ASSIGN_OR_RETURN(JsonValue meta, ParseJson(key_metadata));
    const JsonValue* reference = Member(meta, "keyReference");
    if (reference == nullptr) return Status::InvalidArgument("key_metadata without keyReference");
    const JsonValue* entry = Member(material_, reference->text);
    if (entry == nullptr) return Status::InvalidArgument("no key material '" + reference->text + "'");
    PARQ_ASSIGN_OR_RETURN(JsonValue km, ParseJson(entry->text));
    const std::string master_id = Member(km, "masterKeyID")->text;
    auto master = master_keys_.find(master_id);
    if (master == master_keys_.end()) return Status::InvalidArgument("unknown master key " + master_id);
    PARQ_ASSIGN_OR_RETURN(std::string kek, Unwrap(Member(km, "wrappedKEK")->text, master->second, master_id));
    return Unwrap(Member(km, "wrappedDEK")->text, kek, DecodeBase64(Member(km, "keyEncryptionKeyID")->text));
  }

 private:
  // base64(nonce + ciphertext + tag) decrypted with `key` under `aad`.
  static Result<std::string> Unwrap(const std::string& wrapped64, const std::string& key, const std::string& aad) {
    const std::string wrapped = DecodeBase64(wrapped64);
    const uint32_t length = static_cast<uint32_t>(wrapped.size());
    std::string module(reinterpret_cast<const char*>(&length), 4);
    module += wrapped;
    Buffer plain;
    PARQ_RETURN_IF_ERROR(crypto::DecryptModule(crypto::Cipher::kGcm, key,
                                               {reinterpret_cast<const uint8_t*>(aad.data()), aad.size()},
                                               {reinterpret_cast<const uint8_t*>(module.data()), module.size()}, &plain));
    return std::string(reinterpret_cast<const char*>(plain.data()), plain.size());
  }

  JsonValue material_;
  std::map<std::string, std::string> master_keys_;
};

TEST(EncryptionCorpusTest, ExternalKeyMaterialThroughAMockKmsRetriever) {
  std::ifstream in(kEncryptedData + "/_KEY_MATERIAL_FOR_external_key_material_java.parquet.encrypted.json");
  std::stringstream text;
  text << in.rdbuf();
  ASSERT_OK_AND_ASSIGN(JsonValue material, ParseJson(text.str()));
  auto keys = std::make_shared<DecryptionProperties>();
  keys->key_retriever = std::make_shared<MockKmsRetriever>(
      std::move(material), std::map<std::string, std::string>{{"kf", "0123456789012345"},
                                                              {"kc1", "1234567890123450"},
                                                              {"kc2", "1234567890123451"}});
  ASSERT_OK_AND_ASSIGN(auto file, OpenWith("external_key_material_java.parquet.encrypted", keys));
  EXPECT_NE(file->encryption()->footer_key_metadata.find("\"keyReference\":\"footerKey\""), std::string::npos);
  // Its 100 rows (parquet-java's key tools test data, not Arrow's generator):
  // integers i, strings the letter 'a' + i % 10 followed by i.  Every module
  // authenticated with the unwrapped keys.
  ASSERT_EQ(file->metadata().num_rows(), 100);
  ASSERT_OK_AND_ASSIGN(ChunkCells integers, ReadChunk(*file, 0, 0));
  ASSERT_OK_AND_ASSIGN(ChunkCells strings, ReadChunk(*file, 0, 1));
  ASSERT_EQ(integers.values.size(), 100u);
  ASSERT_EQ(strings.values.size(), 100u);
  for (int i = 0; i < 100; ++i) {
    int32_t v;
    std::memcpy(&v, integers.values[static_cast<size_t>(i)].data(), 4);
    EXPECT_EQ(v, i);
    EXPECT_EQ(strings.values[static_cast<size_t>(i)], std::string(1, static_cast<char>('a' + i % 10)) + std::to_string(i));
  }
  // The master keys are what the retriever needs: the data keys differ.
  auto explicit_keys = CorpusKeys(false);
  EXPECT_STATUS_HAS(OpenWith("external_key_material_java.parquet.encrypted", explicit_keys), StatusCode::kCorrupt,
                    "cannot decrypt the footer");
}

}  // namespace
}  // namespace parq::testing
