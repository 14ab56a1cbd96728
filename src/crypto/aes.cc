// crypto/aes.cc — the EVP calls behind crypto/aes.h.
#include "crypto/aes.h"

#include <openssl/crypto.h>
#include <openssl/evp.h>
#include <openssl/rand.h>

#include <cstring>
#include <limits>
#include <memory>
#include <string>

namespace parq::crypto {
namespace {

struct CtxFree {
  void operator()(EVP_CIPHER_CTX* c) const { EVP_CIPHER_CTX_free(c); }
};
using Ctx = std::unique_ptr<EVP_CIPHER_CTX, CtxFree>;

const EVP_CIPHER* CipherFor(Cipher cipher, size_t key_size) {
  if (cipher == Cipher::kGcm) {
    return key_size == 16 ? EVP_aes_128_gcm() : key_size == 24 ? EVP_aes_192_gcm() : EVP_aes_256_gcm();
  }
  return key_size == 16 ? EVP_aes_128_ctr() : key_size == 24 ? EVP_aes_192_ctr() : EVP_aes_256_ctr();
}

Status OpenSslError(const char* what) { return Status::Internal(std::string("OpenSSL: ") + what + " failed"); }

// The 16-byte CTR IV: the nonce, then the counter 1 (big-endian).
void CtrIv(const uint8_t* nonce, uint8_t iv[16]) {
  std::memcpy(iv, nonce, kNonceSize);
  iv[12] = 0;
  iv[13] = 0;
  iv[14] = 0;
  iv[15] = 1;
}

// A cipher context for one call: from the pool (already keyed) or new, given
// back to the pool only when the call succeeded (a context an OpenSSL error
// or a failed tag left behind is freed, not reused).
class Lease {
 public:
  Lease(ContextPool* pool, Cipher cipher, bool encrypt) : pool_(pool), cipher_(cipher), encrypt_(encrypt) {
    if (pool_ != nullptr) ctx_.reset(static_cast<EVP_CIPHER_CTX*>(pool_->Take(cipher, encrypt)));
    keyed_ = ctx_ != nullptr;
    if (!ctx_) ctx_.reset(EVP_CIPHER_CTX_new());
  }
  ~Lease() {
    if (pool_ != nullptr && done_ && ctx_) pool_->Give(cipher_, encrypt_, ctx_.release());
  }
  EVP_CIPHER_CTX* get() const { return ctx_.get(); }
  bool keyed() const { return keyed_; }
  void Done() { done_ = true; }

 private:
  ContextPool* pool_;
  Cipher cipher_;
  bool encrypt_;
  Ctx ctx_;
  bool keyed_ = false;
  bool done_ = false;
};

// Runs one encryption or decryption of `in` into `out` (same size).  For GCM,
// `tag` is read (decrypt) or written (encrypt); a tag that does not verify is
// kCorrupt.
Status Run(bool encrypt, Cipher cipher, std::string_view key, std::span<const uint8_t> aad,
           const uint8_t* nonce, const uint8_t* in, size_t size, uint8_t* out, uint8_t* tag,
           ContextPool* pool = nullptr) {
  PARQ_RETURN_IF_ERROR(CheckKeyLength(key));
  if (size > static_cast<size_t>(std::numeric_limits<int>::max()) ||
      aad.size() > static_cast<size_t>(std::numeric_limits<int>::max())) {
    return Status::InvalidArgument("module of " + std::to_string(size) + " bytes is too large to encrypt");
  }
  Lease ctx(pool, cipher, encrypt);
  if (!ctx.get()) return OpenSslError("EVP_CIPHER_CTX_new");
  const auto* k = reinterpret_cast<const unsigned char*>(key.data());
  uint8_t iv[16];
  const uint8_t* iv_ptr = nonce;
  if (cipher == Cipher::kCtr) {
    CtrIv(nonce, iv);
    iv_ptr = iv;
  }
  // GCM's default IV length is 12 bytes, the nonce's size.  A context from
  // the pool keeps its cipher and key: only the IV is set (which restarts
  // GCM's state and CTR's counter).
  const EVP_CIPHER* evp = ctx.keyed() ? nullptr : CipherFor(cipher, key.size());
  const unsigned char* key_bytes = ctx.keyed() ? nullptr : k;
  const int init = encrypt ? EVP_EncryptInit_ex(ctx.get(), evp, nullptr, key_bytes, iv_ptr)
                           : EVP_DecryptInit_ex(ctx.get(), evp, nullptr, key_bytes, iv_ptr);
  if (init != 1) return OpenSslError("cipher initialisation");
  int len = 0;
  if (cipher == Cipher::kGcm && !aad.empty()) {
    const int r = encrypt ? EVP_EncryptUpdate(ctx.get(), nullptr, &len, aad.data(), static_cast<int>(aad.size()))
                          : EVP_DecryptUpdate(ctx.get(), nullptr, &len, aad.data(), static_cast<int>(aad.size()));
    if (r != 1) return OpenSslError("AAD update");
  }
  if (size > 0) {
    const int r = encrypt ? EVP_EncryptUpdate(ctx.get(), out, &len, in, static_cast<int>(size))
                          : EVP_DecryptUpdate(ctx.get(), out, &len, in, static_cast<int>(size));
    if (r != 1) return OpenSslError("cipher update");
  }
  if (cipher == Cipher::kGcm && !encrypt &&
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_SET_TAG, static_cast<int>(kTagSize), tag) != 1) {
    return OpenSslError("setting the GCM tag");
  }
  uint8_t final_block[16];
  const int fin = encrypt ? EVP_EncryptFinal_ex(ctx.get(), final_block, &len)
                          : EVP_DecryptFinal_ex(ctx.get(), final_block, &len);
  if (fin != 1) {
    if (cipher == Cipher::kGcm && !encrypt) {
      return Status::Corrupt("AES-GCM authentication failed (a wrong key, a wrong AAD prefix or tampered bytes)");
    }
    return OpenSslError("cipher finalisation");
  }
  if (cipher == Cipher::kGcm && encrypt &&
      EVP_CIPHER_CTX_ctrl(ctx.get(), EVP_CTRL_GCM_GET_TAG, static_cast<int>(kTagSize), tag) != 1) {
    return OpenSslError("reading the GCM tag");
  }
  ctx.Done();
  return Status::OK();
}

}  // namespace

ContextPool::~ContextPool() {
  for (auto& slot : free_) {
    for (void* c : slot) EVP_CIPHER_CTX_free(static_cast<EVP_CIPHER_CTX*>(c));
  }
}

void* ContextPool::Take(Cipher cipher, bool encrypt) {
  std::lock_guard<std::mutex> lock(mu_);
  std::vector<void*>& slot = free_[Slot(cipher, encrypt)];
  if (slot.empty()) return nullptr;
  void* c = slot.back();
  slot.pop_back();
  return c;
}

void ContextPool::Give(Cipher cipher, bool encrypt, void* ctx) {
  std::lock_guard<std::mutex> lock(mu_);
  free_[Slot(cipher, encrypt)].push_back(ctx);
}

size_t ContextPool::idle(Cipher cipher, bool encrypt) const {
  std::lock_guard<std::mutex> lock(mu_);
  return free_[Slot(cipher, encrypt)].size();
}

Status CheckKeyLength(std::string_view key) {
  if (key.size() == 16 || key.size() == 24 || key.size() == 32) return Status::OK();
  return Status::InvalidArgument("AES key of " + std::to_string(key.size()) +
                                 " bytes; keys have 16, 24 or 32 bytes");
}

uint64_t ModuleSize(std::span<const uint8_t> head) {
  uint32_t n;
  std::memcpy(&n, head.data(), 4);  // little-endian on every platform parq supports
  return uint64_t{n} + kLengthSize;
}

Status DecryptModule(Cipher cipher, std::string_view key, std::span<const uint8_t> aad,
                     std::span<const uint8_t> module, Buffer* out, ContextPool* pool) {
  const size_t overhead = Overhead(cipher);
  if (module.size() < overhead) {
    return Status::Corrupt("encrypted module of " + std::to_string(module.size()) +
                           " bytes is shorter than its " + std::to_string(overhead) + "-byte framing");
  }
  if (ModuleSize(module) != module.size()) {
    return Status::Corrupt("encrypted module's length prefix says " + std::to_string(ModuleSize(module) - kLengthSize) +
                           " bytes; it has " + std::to_string(module.size() - kLengthSize));
  }
  const size_t plain = module.size() - overhead;
  const uint8_t* nonce = module.data() + kLengthSize;
  const uint8_t* cipher_text = nonce + kNonceSize;
  // The tag is copied: OpenSSL's SET_TAG takes a non-const pointer.
  uint8_t tag[kTagSize] = {};
  if (cipher == Cipher::kGcm) std::memcpy(tag, cipher_text + plain, kTagSize);
  out->Clear();  // all overwritten: a buffer that grows need not copy what it held
  out->Resize(plain);
  return Run(/*encrypt=*/false, cipher, key, aad, nonce, cipher_text, plain, out->data(), tag, pool);
}

Status EncryptModule(Cipher cipher, std::string_view key, std::span<const uint8_t> aad,
                     std::span<const uint8_t> plaintext, Buffer* out, ContextPool* pool) {
  const size_t overhead = Overhead(cipher);
  if (plaintext.size() > std::numeric_limits<uint32_t>::max() - (overhead - kLengthSize)) {
    return Status::InvalidArgument("module of " + std::to_string(plaintext.size()) + " bytes is too large to encrypt");
  }
  const size_t start = out->size();
  out->Resize(start + plaintext.size() + overhead);
  uint8_t* p = out->data() + start;
  const uint32_t length = static_cast<uint32_t>(plaintext.size() + overhead - kLengthSize);
  std::memcpy(p, &length, 4);
  uint8_t* nonce = p + kLengthSize;
  PARQ_RETURN_IF_ERROR(RandomBytes({nonce, kNonceSize}));
  uint8_t* body = nonce + kNonceSize;
  return Run(/*encrypt=*/true, cipher, key, aad, nonce, plaintext.data(), plaintext.size(), body,
             body + plaintext.size(), pool);
}

Status GcmTag(std::string_view key, std::span<const uint8_t> aad, std::span<const uint8_t, kNonceSize> nonce,
              std::span<const uint8_t> plaintext, uint8_t tag[kTagSize]) {
  Buffer discarded(plaintext.size());
  return Run(/*encrypt=*/true, Cipher::kGcm, key, aad, nonce.data(), plaintext.data(), plaintext.size(),
             discarded.data(), tag);
}

Status RandomBytes(std::span<uint8_t> out) {
  if (out.size() > static_cast<size_t>(std::numeric_limits<int>::max()) ||
      RAND_bytes(out.data(), static_cast<int>(out.size())) != 1) {
    return OpenSslError("RAND_bytes");
  }
  return Status::OK();
}

bool ConstantTimeEqual(const uint8_t* a, const uint8_t* b, size_t n) { return CRYPTO_memcmp(a, b, n) == 0; }

}  // namespace parq::crypto
