// crypto/module.h — the modules of an encrypted Parquet file and their AADs
// (Encryption.md §4.4), and ModuleCipher: one key applied to the modules of
// one part of a file (the footer, or one column chunk).
//
// A module's AAD is the file AAD (aad_prefix + aad_file_unique) followed by
// the module type (1 byte) and, for all but the footer, the row group and
// column ordinals, and for data pages and their headers the page ordinal,
// each a 2-byte little-endian short.  An ordinal outside 0..32767 cannot be
// written and is an error (kInvalidArgument), never wrapped.
//
// ModuleCipher is immutable once made and safe to share between threads (its
// pool of keyed cipher contexts, crypto/aes.h, locks).
// Its errors name the module: "data page header (row group 0, column 3,
// page 2): AES-GCM authentication failed (...)".
#ifndef PARQ_CRYPTO_MODULE_H_
#define PARQ_CRYPTO_MODULE_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>

#include "crypto/aes.h"
#include "parq/buffer.h"
#include "parq/result.h"

namespace parq::crypto {

enum class ModuleType : uint8_t {
  kFooter = 0,
  kColumnMetaData = 1,
  kDataPage = 2,
  kDictionaryPage = 3,
  kDataPageHeader = 4,
  kDictionaryPageHeader = 5,
  kColumnIndex = 6,
  kOffsetIndex = 7,
  kBloomFilterHeader = 8,
  kBloomFilterBitset = 9,
};

// "footer", "column metadata", "data page", ... for messages.
const char* ModuleTypeName(ModuleType type);

// Which module: its type and ordinals (-1: the type has none).
struct ModuleId {
  ModuleType type = ModuleType::kFooter;
  int64_t row_group = -1;
  int64_t column = -1;
  int64_t page = -1;
};

// "data page (row group 0, column 3, page 2)".
std::string DescribeModule(const ModuleId& id);

// file_aad + the module's AAD suffix; kInvalidArgument when an ordinal the
// type needs is missing or outside 0..32767.
Result<std::string> ModuleAad(std::string_view file_aad, const ModuleId& id);

// The two algorithms of Encryption.md §4.2.
enum class Algorithm : uint8_t { kAesGcmV1, kAesGcmCtrV1 };
const char* AlgorithmName(Algorithm a);  // "AES_GCM_V1", "AES_GCM_CTR_V1"

// Whether a module of `type` is a page body: the modules AES_GCM_CTR_V1
// encrypts with CTR.
inline bool IsPage(ModuleType type) {
  return type == ModuleType::kDataPage || type == ModuleType::kDictionaryPage;
}

class ModuleCipher {
 public:
  // `key` must have 16, 24 or 32 bytes (checked by Make).  Without
  // `module_aads` every module is encrypted with an empty AAD: what DuckDB
  // writes (through 1.4 at least), with no aad_file_unique.
  static Result<ModuleCipher> Make(std::string key, std::string file_aad, Algorithm algorithm,
                                   bool module_aads = true);

  Algorithm algorithm() const { return algorithm_; }
  // The cipher of modules of `type` under this algorithm.
  Cipher CipherFor(ModuleType type) const {
    return algorithm_ == Algorithm::kAesGcmCtrV1 && IsPage(type) ? Cipher::kCtr : Cipher::kGcm;
  }
  // Bytes a module of `type` adds to its plaintext.
  size_t OverheadFor(ModuleType type) const { return Overhead(CipherFor(type)); }

  // Decrypts the whole module (length prefix included) into *out.
  Status Decrypt(const ModuleId& id, std::span<const uint8_t> module, Buffer* out) const;
  // Appends the module of `plaintext` (fresh random nonce) to *out.
  Status Encrypt(const ModuleId& id, std::span<const uint8_t> plaintext, Buffer* out) const;

  const std::string& file_aad() const { return file_aad_; }
  bool module_aads() const { return module_aads_; }
  const std::string& key() const { return key_; }

 private:
  ModuleCipher(std::string key, std::string file_aad, Algorithm algorithm, bool module_aads)
      : key_(std::move(key)),
        file_aad_(std::move(file_aad)),
        algorithm_(algorithm),
        module_aads_(module_aads),
        contexts_(std::make_shared<ContextPool>()) {}
  Result<std::string> Aad(const ModuleId& id) const {
    if (!module_aads_) return std::string();
    return ModuleAad(file_aad_, id);
  }

  std::string key_;
  std::string file_aad_;
  Algorithm algorithm_;
  bool module_aads_;
  // Contexts keyed with key_, shared by the copies (which share the key).
  std::shared_ptr<ContextPool> contexts_;
};

// A ModuleCipher bound to one column chunk: its row group and column
// ordinals go into every module's AAD.
struct ChunkCipher {
  ModuleCipher cipher;
  int64_t row_group = 0;
  int64_t column = 0;

  ModuleId Id(ModuleType type, int64_t page = -1) const { return {type, row_group, column, page}; }
  Status Decrypt(ModuleType type, int64_t page, std::span<const uint8_t> module, Buffer* out) const {
    return cipher.Decrypt(Id(type, page), module, out);
  }
  Status Encrypt(ModuleType type, int64_t page, std::span<const uint8_t> plaintext, Buffer* out) const {
    return cipher.Encrypt(Id(type, page), plaintext, out);
  }
};

}  // namespace parq::crypto

#endif  // PARQ_CRYPTO_MODULE_H_
