// crypto/module.h: the AAD suffix of each module type (Encryption.md
// §4.4.2's table), the ordinal limits, and errors that name the module.
#include <gtest/gtest.h>

#include <string>

#include "crypto/module.h"
#include "testing/status_macros.h"

namespace parq::crypto {
namespace {

using namespace std::string_literals;

TEST(ModuleTest, AadSuffixFollowsTheTable) {
  const std::string file = "prefixUNIQUE";
  ASSERT_OK_AND_ASSIGN(std::string footer, ModuleAad(file, {ModuleType::kFooter}));
  EXPECT_EQ(footer, file + "\x00"s);
  ASSERT_OK_AND_ASSIGN(std::string header, ModuleAad(file, {ModuleType::kDataPageHeader, 1, 2, 3}));
  EXPECT_EQ(header, file + "\x04\x01\x00\x02\x00\x03\x00"s);
  ASSERT_OK_AND_ASSIGN(std::string page, ModuleAad(file, {ModuleType::kDataPage, 258, 0, 32767}));
  EXPECT_EQ(page, file + "\x02\x02\x01\x00\x00\xff\x7f"s);
  // Types without a page ordinal ignore one.
  for (ModuleType t : {ModuleType::kColumnMetaData, ModuleType::kDictionaryPage, ModuleType::kDictionaryPageHeader,
                       ModuleType::kColumnIndex, ModuleType::kOffsetIndex, ModuleType::kBloomFilterHeader,
                       ModuleType::kBloomFilterBitset}) {
    ASSERT_OK_AND_ASSIGN(std::string aad, ModuleAad(file, {t, 7, 9, 5}));
    EXPECT_EQ(aad, file + std::string(1, static_cast<char>(t)) + "\x07\x00\x09\x00"s) << ModuleTypeName(t);
  }
}

TEST(ModuleTest, OrdinalsOutsideAShortAreErrors) {
  EXPECT_STATUS_HAS(ModuleAad("", {ModuleType::kDataPage, 0, 0, 32768}), StatusCode::kInvalidArgument,
                    "page ordinal 32768 of the data page (row group 0, column 0, page 32768)");
  EXPECT_STATUS_HAS(ModuleAad("", {ModuleType::kColumnIndex, 40000, 0}), StatusCode::kInvalidArgument,
                    "row group ordinal 40000");
  EXPECT_STATUS_HAS(ModuleAad("", {ModuleType::kColumnMetaData, 0, -1}), StatusCode::kInvalidArgument,
                    "column ordinal -1");
}

TEST(ModuleTest, CipherPerAlgorithmAndModule) {
  ASSERT_OK_AND_ASSIGN(ModuleCipher gcm, ModuleCipher::Make(std::string(16, 'k'), "aad", Algorithm::kAesGcmV1));
  ASSERT_OK_AND_ASSIGN(ModuleCipher ctr, ModuleCipher::Make(std::string(16, 'k'), "aad", Algorithm::kAesGcmCtrV1));
  EXPECT_EQ(gcm.CipherFor(ModuleType::kDataPage), Cipher::kGcm);
  EXPECT_EQ(ctr.CipherFor(ModuleType::kDataPage), Cipher::kCtr);
  EXPECT_EQ(ctr.CipherFor(ModuleType::kDictionaryPage), Cipher::kCtr);
  EXPECT_EQ(ctr.CipherFor(ModuleType::kDataPageHeader), Cipher::kGcm);
  EXPECT_EQ(ctr.CipherFor(ModuleType::kFooter), Cipher::kGcm);
  EXPECT_STATUS_HAS(ModuleCipher::Make(std::string(20, 'k'), "", Algorithm::kAesGcmV1), StatusCode::kInvalidArgument,
                    "20 bytes");
}

TEST(ModuleTest, AModuleDecryptsOnlyAsItselfAndErrorsNameIt) {
  ASSERT_OK_AND_ASSIGN(ModuleCipher cipher, ModuleCipher::Make(std::string(32, 'k'), "file", Algorithm::kAesGcmV1));
  const ChunkCipher chunk{cipher, 0, 1};
  const std::string plain = "a page header";
  Buffer module, out;
  ASSERT_OK(cipher.Encrypt(chunk.Id(ModuleType::kDataPageHeader, 2),
                           {reinterpret_cast<const uint8_t*>(plain.data()), plain.size()}, &module));
  ASSERT_OK(chunk.Decrypt(ModuleType::kDataPageHeader, 2, module.span(), &out));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(out.data()), out.size()), plain);
  // Moved to another page, column or kind, it does not authenticate.
  EXPECT_STATUS_HAS(chunk.Decrypt(ModuleType::kDataPageHeader, 3, module.span(), &out), StatusCode::kCorrupt,
                    "cannot decrypt the data page header (row group 0, column 1, page 3): AES-GCM authentication failed");
  const ChunkCipher other_column{cipher, 0, 2};
  EXPECT_STATUS(other_column.Decrypt(ModuleType::kDataPageHeader, 2, module.span(), &out), StatusCode::kCorrupt);
  EXPECT_STATUS_HAS(chunk.Decrypt(ModuleType::kDictionaryPageHeader, -1, module.span(), &out), StatusCode::kCorrupt,
                    "cannot decrypt the dictionary page header (row group 0, column 1)");
}

}  // namespace
}  // namespace parq::crypto
