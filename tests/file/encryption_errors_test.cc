// What an encrypted file gives when something is missing or wrong: a clear
// error naming the key, the column or the module (kind, row group, column,
// page), never wrong rows and never a crash.  The last test flips every byte
// of small encrypted files in turn.
#include <gtest/gtest.h>

#include <fstream>
#include <sstream>

#include "file/encryption_util.h"
#include "parq/file_reader.h"
#include "parq/io.h"
#include "testing/status_macros.h"

namespace parq::testing {
namespace {

std::string Slurp(const std::string& name) {
  std::ifstream in(kEncryptedData + "/" + name, std::ios::binary);
  std::stringstream s;
  s << in.rdbuf();
  return s.str();
}

Result<std::unique_ptr<FileReader>> OpenBytes(std::string bytes, std::shared_ptr<const DecryptionProperties> keys) {
  ReaderOptions options;
  options.decryption = std::move(keys);
  return FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(std::move(bytes), "flipped")), options);
}

Result<std::unique_ptr<FileReader>> Open(const std::string& name, std::shared_ptr<const DecryptionProperties> keys) {
  return OpenBytes(Slurp(name), std::move(keys));
}

const char kPlaintextFooter[] = "encrypt_columns_plaintext_footer.parquet.encrypted";
const char kColumnsAndFooter[] = "encrypt_columns_and_footer.parquet.encrypted";

// The misleading "PageHeader: required field 'type' missing" of a legacy
// read is gone: the column is named and said to be encrypted, and the
// plaintext columns still read (Encryption.md §5.5).
TEST(EncryptionErrorsTest, PlaintextFooterWithoutKeysReadsThePlaintextColumns) {
  ASSERT_OK_AND_ASSIGN(auto file, Open(kPlaintextFooter, nullptr));
  ASSERT_NE(file->encryption(), nullptr);
  EXPECT_EQ(file->encryption()->footer_signature, EncryptionInfo::FooterSignature::kNotVerified);
  int plaintext = 0, refused = 0;
  for (int c = 0; c < file->schema().num_columns(); ++c) {
    const ColumnDescriptor& d = file->schema().column(c);
    if (!file->metadata().row_group(0).column(c).is_encrypted()) {
      ASSERT_OK_AND_ASSIGN(ChunkCells cells, ReadChunk(*file, 0, c));
      EXPECT_EQ(cells, GeneratedChunk(d.dotted_path, d.max_definition_level, d.max_repetition_level)) << d.dotted_path;
      ++plaintext;
      continue;
    }
    auto reader = file->OpenColumn(0, c);
    EXPECT_STATUS_HAS(reader, StatusCode::kUnsupported, "the column is encrypted with a column key");
    EXPECT_STATUS_HAS(reader, StatusCode::kUnsupported, "column '" + d.dotted_path + "'");
    EXPECT_STATUS_HAS(file->ReadPageIndex(0, c), StatusCode::kUnsupported, "no key was given");
    ++refused;
  }
  EXPECT_EQ(plaintext, 6);
  EXPECT_EQ(refused, 2);
  // With the footer key only: the signature is verified, the column-key
  // columns still refused.
  auto footer_only = std::make_shared<DecryptionProperties>();
  footer_only->footer_key = "0123456789012345";
  ASSERT_OK_AND_ASSIGN(auto signed_file, Open(kPlaintextFooter, footer_only));
  EXPECT_EQ(signed_file->encryption()->footer_signature, EncryptionInfo::FooterSignature::kVerified);
  EXPECT_STATUS_HAS(signed_file->OpenColumn(0, signed_file->schema().FindColumnIndex("float_field")),
                    StatusCode::kUnsupported, "--column-key float_field=KEY");
}

TEST(EncryptionErrorsTest, MissingOrWrongKeys) {
  EXPECT_STATUS_HAS(Open(kColumnsAndFooter, nullptr), StatusCode::kUnsupported,
                    "encrypted footer) and no footer key was given (key_metadata 'kf')");

  auto wrong_footer = CorpusKeys(false);
  wrong_footer->footer_key = "0123456789012346";
  EXPECT_STATUS_HAS(Open(kColumnsAndFooter, wrong_footer), StatusCode::kCorrupt,
                    "cannot decrypt the footer: AES-GCM authentication failed");

  auto wrong_column = CorpusKeys(false);
  wrong_column->column_keys["double_field"] = "1234567890123459";
  EXPECT_STATUS_HAS(Open(kColumnsAndFooter, wrong_column), StatusCode::kCorrupt,
                    "cannot decrypt the column metadata (row group 0, column 5)");

  auto short_key = CorpusKeys(false);
  short_key->column_keys["float_field"] = "123456789";
  EXPECT_STATUS_HAS(Open(kColumnsAndFooter, short_key), StatusCode::kInvalidArgument,
                    "AES key of 9 bytes; keys have 16, 24 or 32 bytes");

  auto plaintext_wrong = CorpusKeys(false);
  plaintext_wrong->footer_key = "0123456789012346";
  EXPECT_STATUS_HAS(Open(kPlaintextFooter, plaintext_wrong), StatusCode::kCorrupt,
                    "the plaintext footer's signature does not verify");
}

TEST(EncryptionErrorsTest, KeyRetrieverErrorsAreReported) {
  struct Failing : KeyRetriever {
    Result<std::string> RetrieveKey(std::string_view) const override { return Status::IOError("KMS unreachable"); }
  };
  auto keys = std::make_shared<DecryptionProperties>();
  keys->key_retriever = std::make_shared<Failing>();
  EXPECT_STATUS_HAS(Open(kColumnsAndFooter, keys), StatusCode::kIOError, "KMS unreachable");
  EXPECT_STATUS_HAS(Open(kColumnsAndFooter, keys), StatusCode::kIOError, "asked for the footer key (key_metadata 'kf')");
}

TEST(EncryptionErrorsTest, AadPrefixMissingWrongOrDifferent) {
  const char* kNotStored = "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted";
  EXPECT_STATUS_HAS(Open(kNotStored, CorpusKeys(false)), StatusCode::kInvalidArgument,
                    "an AAD prefix that it does not store (supply_aad_prefix)");
  EXPECT_STATUS_HAS(Open(kNotStored, CorpusKeys(false, "tester2")), StatusCode::kCorrupt, "cannot decrypt the footer");
  EXPECT_STATUS_HAS(Open("encrypt_columns_and_footer_aad.parquet.encrypted", CorpusKeys(false, "other")),
                    StatusCode::kInvalidArgument, "the AAD prefix supplied ('other') differs from the one the file stores ('tester')");
}

TEST(EncryptionErrorsTest, BadFooterSignature) {
  std::string bytes = Slurp(kPlaintextFooter);
  bytes[bytes.size() - 9] ^= 0x20;  // the signature's last tag byte
  EXPECT_STATUS_HAS(OpenBytes(bytes, CorpusKeys(false)), StatusCode::kCorrupt,
                    "the plaintext footer's signature does not verify");
  // Without the footer key a legacy read cannot tell, and says it did not check.
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes, nullptr));
  EXPECT_EQ(file->encryption()->footer_signature, EncryptionInfo::FooterSignature::kNotVerified);
}

// A tampered page module is named with its kind and ordinals.
TEST(EncryptionErrorsTest, TamperedPageModulesAreNamed) {
  ASSERT_OK_AND_ASSIGN(auto clean, Open(kColumnsAndFooter, CorpusKeys(false)));
  const int col = clean->schema().FindColumnIndex("double_field");
  ASSERT_OK_AND_ASSIGN(auto offsets, clean->ReadOffsetIndex(0, col));
  ASSERT_TRUE(offsets.has_value());
  const PageLocation page = offsets->page_locations()[0];
  const auto flipped_read = [&](uint64_t at) {
    std::string bytes = Slurp(kColumnsAndFooter);
    bytes[at] ^= 0x01;
    auto file = OpenBytes(bytes, CorpusKeys(false));
    if (!file.ok()) return file.status();
    return ReadChunk(**file, 0, col).status();
  };
  // The body's last byte (its tag), then the header module's first nonce byte.
  EXPECT_STATUS_HAS(flipped_read(static_cast<uint64_t>(page.offset + page.compressed_page_size - 1)), StatusCode::kCorrupt,
                    "cannot decrypt the data page (row group 0, column 5, page 0)");
  EXPECT_STATUS_HAS(flipped_read(static_cast<uint64_t>(page.offset + 4)), StatusCode::kCorrupt,
                    "cannot decrypt the data page header (row group 0, column 5, page 0)");
  // The dictionary page comes first in the chunk.
  const int64_t dictionary = clean->metadata().row_group(0).column(col).dictionary_page_offset().value();
  EXPECT_STATUS_HAS(flipped_read(static_cast<uint64_t>(dictionary + 6)), StatusCode::kCorrupt,
                    "cannot decrypt the dictionary page header (row group 0, column 5)");
}

// Flips each byte of a small encrypted file in turn: every read either fails
// or gives exactly the generator's rows and page indexes (bytes outside the
// authenticated modules: a key_metadata the explicit keys make unused).  The files
// chosen encrypt every column with GCM (AES_GCM_CTR_V1 page bodies are not
// authenticated, by design, and plaintext columns not at all).
TEST(EncryptionErrorsTest, EveryFlippedByteFailsOrReadsTheSameRows) {
  struct Case {
    const char* name;
    bool aes256;
  };
  for (const Case& c : {Case{"uniform_encryption.parquet.encrypted", false},
                        Case{"aes256/encrypt_columns_and_footer.parquet.encrypted", true},
                        Case{"aes256/encrypt_columns_plaintext_footer.parquet.encrypted", true}}) {
    const std::string original = Slurp(c.name);
    auto keys = CorpusKeys(c.aes256);
    int errors = 0, same = 0;
    for (size_t i = 0; i < original.size(); ++i) {
      std::string bytes = original;
      bytes[i] ^= static_cast<char>(0x5A);
      auto file = OpenBytes(std::move(bytes), keys);
      if (!file.ok()) {
        ++errors;
        continue;
      }
      std::string diff = DiffFromGenerator(**file);
      // The page indexes are modules too: each decrypts or fails.
      for (int col = 0; col < (*file)->schema().num_columns(); ++col) {
        auto index = (*file)->ReadPageIndex(0, col);
        if (!index.ok()) diff += "page index: " + index.status().ToString();
      }
      if (diff.empty()) {
        ++same;
        continue;
      }
      // Every difference must be an error, never different values.
      EXPECT_EQ(diff.find("values differ"), std::string::npos) << c.name << " byte " << i << ": " << diff;
      ++errors;
    }
    EXPECT_EQ(errors + same, static_cast<int>(original.size()));
    // Measured: the only bytes that change nothing are the two of the footer
    // key_metadata "kf" in FileCryptoMetaData (unused with explicit keys);
    // every other byte is in an authenticated module, a length or a magic.
    EXPECT_LE(same, 2) << c.name;
  }
}

}  // namespace
}  // namespace parq::testing
