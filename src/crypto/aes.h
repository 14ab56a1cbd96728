// crypto/aes.h — AES-GCM and AES-CTR over OpenSSL 3 (EVP), in the shape of
// Parquet Modular Encryption's modules (Encryption.md §4.2, §5.1):
//
//   GCM module: <length: 4 bytes LE> <nonce: 12> <ciphertext> <tag: 16>
//   CTR module: <length: 4 bytes LE> <nonce: 12> <ciphertext>
//
// where length counts what follows it.  The CTR IV is the nonce followed by
// the 32-bit big-endian counter 1.  Keys are 16, 24 or 32 bytes (AES-128,
// -192, -256); OpenSSL picks AES-NI where the CPU has it.  No AES is written
// here: every block operation is OpenSSL's.
//
// The functions are thread-safe.  Without a ContextPool each call makes its
// cipher context (the key schedule, GCM's hash key and OpenSSL's cipher
// fetch every time); with one, contexts keyed once are reused.
// Errors: kInvalidArgument for a key of the wrong length, kCorrupt for a
// module too short or whose length prefix disagrees with its bytes, or whose
// GCM tag does not verify (wrong key, wrong AAD or tampered bytes).  The
// caller names the module.
#ifndef PARQ_CRYPTO_AES_H_
#define PARQ_CRYPTO_AES_H_

#include <cstddef>
#include <cstdint>
#include <mutex>
#include <span>
#include <string_view>
#include <vector>

#include "parq/buffer.h"
#include "parq/status.h"

namespace parq::crypto {

inline constexpr size_t kLengthSize = 4;
inline constexpr size_t kNonceSize = 12;
inline constexpr size_t kTagSize = 16;
// Bytes a module adds to its plaintext.
inline constexpr size_t kGcmOverhead = kLengthSize + kNonceSize + kTagSize;
inline constexpr size_t kCtrOverhead = kLengthSize + kNonceSize;

enum class Cipher : uint8_t { kGcm, kCtr };

inline size_t Overhead(Cipher c) { return c == Cipher::kGcm ? kGcmOverhead : kCtrOverhead; }

// OpenSSL cipher contexts already keyed with one key, reused from module to
// module: a fresh context costs an allocation, the provider's cipher fetch,
// the AES key schedule and (GCM) the hash key's table, a few microseconds
// that a file of small pages paid per module (two modules a page).  Every
// call given a pool must pass the same key (ModuleCipher owns one per key).
// Thread-safe: a call takes a context for itself and gives it back when done;
// contexts are freed (OpenSSL cleanses their key material) with the pool.
class ContextPool {
 public:
  ContextPool() = default;
  ~ContextPool();
  ContextPool(const ContextPool&) = delete;
  ContextPool& operator=(const ContextPool&) = delete;

  // A context set up for (cipher, direction) with the pool's key, or null:
  // the caller makes one.  Give (or drop) it back with Give.
  void* Take(Cipher cipher, bool encrypt);
  void Give(Cipher cipher, bool encrypt, void* ctx);
  // Contexts kept for (cipher, direction), waiting to be taken.
  size_t idle(Cipher cipher, bool encrypt) const;

 private:
  static size_t Slot(Cipher cipher, bool encrypt) { return (cipher == Cipher::kGcm ? 0 : 2) + (encrypt ? 1 : 0); }
  mutable std::mutex mu_;
  std::vector<void*> free_[4];  // EVP_CIPHER_CTX*, by Slot
};

// OK when `key` has 16, 24 or 32 bytes.
Status CheckKeyLength(std::string_view key);

// The module's length prefix plus 4: the whole module's size, read from its
// first 4 bytes (`head` must hold them).
uint64_t ModuleSize(std::span<const uint8_t> head);

// Decrypts a whole module (length prefix included) into *out, resized to the
// plaintext's size.  `aad` is ignored for kCtr.
Status DecryptModule(Cipher cipher, std::string_view key, std::span<const uint8_t> aad,
                     std::span<const uint8_t> module, Buffer* out, ContextPool* pool = nullptr);

// Appends the module of `plaintext` to *out, with a fresh random nonce
// (RAND_bytes).
Status EncryptModule(Cipher cipher, std::string_view key, std::span<const uint8_t> aad,
                     std::span<const uint8_t> plaintext, Buffer* out, ContextPool* pool = nullptr);

// AES-GCM of `plaintext` with the given nonce: writes the 16-byte tag to
// `tag` (the ciphertext is discarded).  A plaintext footer's signature is
// this tag (Encryption.md §5.5).
Status GcmTag(std::string_view key, std::span<const uint8_t> aad,
              std::span<const uint8_t, kNonceSize> nonce, std::span<const uint8_t> plaintext,
              uint8_t tag[kTagSize]);

// Fills `out` from OpenSSL's random generator.
Status RandomBytes(std::span<uint8_t> out);

// Compares in time independent of where the bytes differ.
bool ConstantTimeEqual(const uint8_t* a, const uint8_t* b, size_t n);

}  // namespace parq::crypto

#endif  // PARQ_CRYPTO_AES_H_
