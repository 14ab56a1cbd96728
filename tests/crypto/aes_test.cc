// crypto/aes.h against published and independently computed answers: NIST's
// GCM test case 3 (AES-128, no AAD), an AES-256 GCM module with an AAD and a
// CTR module with Parquet's IV (both computed with Python's `cryptography`),
// round trips for every key size, and what a damaged module gives.
#include <gtest/gtest.h>

#include <cstring>
#include <string>
#include <vector>

#include "crypto/aes.h"
#include "testing/status_macros.h"

namespace parq::crypto {
namespace {

std::vector<uint8_t> Hex(std::string_view hex) {
  std::vector<uint8_t> out;
  for (size_t i = 0; i + 1 < hex.size(); i += 2) out.push_back(static_cast<uint8_t>(std::stoi(std::string(hex.substr(i, 2)), nullptr, 16)));
  return out;
}

std::string Str(const std::vector<uint8_t>& v) { return std::string(v.begin(), v.end()); }

std::span<const uint8_t> Span(std::string_view s) { return {reinterpret_cast<const uint8_t*>(s.data()), s.size()}; }

// <length> <nonce> <body>: a module as a file holds it.
std::vector<uint8_t> Module(const std::vector<uint8_t>& nonce, const std::vector<uint8_t>& body) {
  const uint32_t n = static_cast<uint32_t>(nonce.size() + body.size());
  std::vector<uint8_t> m(4);
  std::memcpy(m.data(), &n, 4);
  m.insert(m.end(), nonce.begin(), nonce.end());
  m.insert(m.end(), body.begin(), body.end());
  return m;
}

const std::string kNistKey = Str(Hex("feffe9928665731c6d6a8f9467308308"));
const std::vector<uint8_t> kNistIv = Hex("cafebabefacedbaddecaf888");
const std::vector<uint8_t> kNistPlain = Hex(
    "d9313225f88406e5a55909c5aff5269a86a7a9531534f7da2e4c303d8a318a721c3c0c95956809532fcf0e2449a6b525b16aedf5aa0de657ba637b391aafd255");
const std::vector<uint8_t> kNistCipherTag = Hex(
    "42831ec2217774244b7221b784d0d49ce3aa212f2c02a4e035c17e2329aca12e21d514b25466931c7d8f6a5aac84aa051ba30b396a0aac973d58e091473f5985"
    "4d5c2af327cd64a62cf35abd2ba6fab4");

TEST(AesTest, GcmDecryptsNistTestCase3) {
  Buffer out;
  ASSERT_OK(DecryptModule(Cipher::kGcm, kNistKey, {}, Module(kNistIv, kNistCipherTag), &out));
  EXPECT_EQ(std::vector<uint8_t>(out.data(), out.data() + out.size()), kNistPlain);
}

TEST(AesTest, GcmTagIsNistTestCase3Tag) {
  uint8_t tag[kTagSize];
  ASSERT_OK(GcmTag(kNistKey, {}, std::span<const uint8_t, kNonceSize>(kNistIv.data(), kNonceSize), kNistPlain, tag));
  EXPECT_EQ(std::vector<uint8_t>(tag, tag + kTagSize),
            std::vector<uint8_t>(kNistCipherTag.end() - kTagSize, kNistCipherTag.end()));
}

TEST(AesTest, Gcm256WithAadMatchesAnIndependentImplementation) {
  std::string key;
  for (int i = 0; i < 32; ++i) key.push_back(static_cast<char>(i));
  std::vector<uint8_t> nonce;
  for (int i = 0; i < 12; ++i) nonce.push_back(static_cast<uint8_t>(i));
  const std::string aad("file-aad\x04\x01\x00\x02\x00\x03\x00", 15);
  const auto body = Hex("3763a46ab080b63be02ef3fedd880a4de6b8e446890b2b155709c9a57e1d72934a4945634eafc74a972b570214c7f732");
  Buffer out;
  ASSERT_OK(DecryptModule(Cipher::kGcm, key, Span(aad), Module(nonce, body), &out));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(out.data()), out.size()), "parquet modular encryption, ctr!");
  // The same module under another AAD does not authenticate.
  EXPECT_STATUS_HAS(DecryptModule(Cipher::kGcm, key, Span(aad.substr(1)), Module(nonce, body), &out),
                    StatusCode::kCorrupt, "authentication failed");
}

TEST(AesTest, CtrUsesTheNonceAndCounterOne) {
  std::string key;
  for (int i = 0; i < 16; ++i) key.push_back(static_cast<char>(i));
  std::vector<uint8_t> nonce;
  for (int i = 0; i < 12; ++i) nonce.push_back(static_cast<uint8_t>(i));
  const auto body = Hex("333ae9d05810d09ee7f81ad6a1606ab0f602c4bc1f6b833d24bc4daa55d70229");
  Buffer out;
  ASSERT_OK(DecryptModule(Cipher::kCtr, key, {}, Module(nonce, body), &out));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(out.data()), out.size()), "parquet modular encryption, ctr!");
}

TEST(AesTest, RoundTripsEveryKeySizeAndBothCiphers) {
  const std::string plain = "some page bytes, not a multiple of the block size";
  const std::string aad = "aad";
  for (size_t key_size : {16u, 24u, 32u}) {
    const std::string key(key_size, 'k');
    for (Cipher c : {Cipher::kGcm, Cipher::kCtr}) {
      Buffer module, again, out;
      ASSERT_OK(EncryptModule(c, key, Span(aad), Span(plain), &module));
      EXPECT_EQ(module.size(), plain.size() + Overhead(c));
      EXPECT_EQ(ModuleSize(module.span()), module.size());
      ASSERT_OK(DecryptModule(c, key, Span(aad), module.span(), &out));
      EXPECT_EQ(std::string(reinterpret_cast<const char*>(out.data()), out.size()), plain);
      // A fresh nonce each time: the same plaintext never gives the same module.
      ASSERT_OK(EncryptModule(c, key, Span(aad), Span(plain), &again));
      EXPECT_NE(std::memcmp(module.data() + kLengthSize, again.data() + kLengthSize, kNonceSize), 0);
    }
  }
}

// A ContextPool keys one context per cipher and direction and reuses it
// from module to module (only the IV set again): the modules are those of
// fresh contexts, with or without AAD, of any size; a context a failed tag
// leaves behind is dropped, not reused.
TEST(AesTest, AContextPoolReusesItsKeyedContexts) {
  const std::string key = "0123456789abcdef0123456789abcdef";
  ContextPool pool;
  for (Cipher c : {Cipher::kGcm, Cipher::kCtr}) {
    for (int i = 0; i < 40; ++i) {
      const std::string plain(static_cast<size_t>(i * 37 % 300), static_cast<char>('a' + i % 26));
      const std::string aad = i % 3 == 0 ? std::string() : "aad" + std::to_string(i);
      Buffer pooled, fresh, out;
      ASSERT_OK(EncryptModule(c, key, Span(aad), Span(plain), &pooled, &pool));
      ASSERT_OK(EncryptModule(c, key, Span(aad), Span(plain), &fresh));
      // Each decrypts with the other kind of context.
      ASSERT_OK(DecryptModule(c, key, Span(aad), pooled.span(), &out));
      EXPECT_EQ(std::string(reinterpret_cast<const char*>(out.data()), out.size()), plain) << i;
      ASSERT_OK(DecryptModule(c, key, Span(aad), fresh.span(), &out, &pool));
      EXPECT_EQ(std::string(reinterpret_cast<const char*>(out.data()), out.size()), plain) << i;
    }
    EXPECT_EQ(pool.idle(c, /*encrypt=*/true), 1u);
    EXPECT_EQ(pool.idle(c, /*encrypt=*/false), 1u);
  }
  // A tampered GCM module: the error, the context dropped, the next one fine.
  const std::string plain = "page bytes";
  Buffer module, out;
  ASSERT_OK(EncryptModule(Cipher::kGcm, key, Span("a"), Span(plain), &module, &pool));
  std::vector<uint8_t> tampered(module.data(), module.data() + module.size());
  tampered[kLengthSize + kNonceSize] ^= 1;
  EXPECT_STATUS_HAS(DecryptModule(Cipher::kGcm, key, Span("a"), tampered, &out, &pool), StatusCode::kCorrupt,
                    "AES-GCM authentication failed");
  EXPECT_EQ(pool.idle(Cipher::kGcm, false), 0u);
  ASSERT_OK(DecryptModule(Cipher::kGcm, key, Span("a"), module.span(), &out, &pool));
  EXPECT_EQ(std::string(reinterpret_cast<const char*>(out.data()), out.size()), plain);
  EXPECT_EQ(pool.idle(Cipher::kGcm, false), 1u);
}

TEST(AesTest, EmptyPlaintextRoundTrips) {
  const std::string key(16, 'k');
  Buffer module, out;
  ASSERT_OK(EncryptModule(Cipher::kGcm, key, {}, {}, &module));
  EXPECT_EQ(module.size(), kGcmOverhead);
  ASSERT_OK(DecryptModule(Cipher::kGcm, key, {}, module.span(), &out));
  EXPECT_EQ(out.size(), 0u);
}

TEST(AesTest, EveryFlippedByteOfAGcmModuleIsAnError) {
  const std::string key(16, 'k');
  const std::string plain = "authenticated";
  Buffer module, out;
  ASSERT_OK(EncryptModule(Cipher::kGcm, key, {}, Span(plain), &module));
  for (size_t i = 0; i < module.size(); ++i) {
    std::vector<uint8_t> bad(module.data(), module.data() + module.size());
    bad[i] ^= 0x01;
    EXPECT_STATUS(DecryptModule(Cipher::kGcm, key, {}, bad, &out), StatusCode::kCorrupt) << "byte " << i;
  }
}

TEST(AesTest, ShortOrMislabelledModulesAndBadKeys) {
  const std::string key(16, 'k');
  Buffer module, out;
  ASSERT_OK(EncryptModule(Cipher::kGcm, key, {}, Span(std::string("abc")), &module));
  EXPECT_STATUS_HAS(DecryptModule(Cipher::kGcm, key, {}, module.span().first(kGcmOverhead - 1), &out),
                    StatusCode::kCorrupt, "shorter than its 32-byte framing");
  EXPECT_STATUS_HAS(DecryptModule(Cipher::kGcm, key, {}, module.span().first(module.size() - 1), &out),
                    StatusCode::kCorrupt, "length prefix says");
  EXPECT_STATUS_HAS(DecryptModule(Cipher::kGcm, std::string(15, 'k'), {}, module.span(), &out),
                    StatusCode::kInvalidArgument, "AES key of 15 bytes");
  EXPECT_STATUS(DecryptModule(Cipher::kGcm, std::string(16, 'K'), {}, module.span(), &out), StatusCode::kCorrupt);
  EXPECT_STATUS_HAS(EncryptModule(Cipher::kCtr, std::string(33, 'k'), {}, {}, &out), StatusCode::kInvalidArgument,
                    "16, 24 or 32 bytes");
}

}  // namespace
}  // namespace parq::crypto
