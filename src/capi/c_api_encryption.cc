// capi/c_api_encryption.cc — Parquet Modular Encryption through the C API
// (parq/c_api.h, "Encryption"): parq_decryption (DecryptionProperties, with
// a C key-retriever callback adapted to parq::KeyRetriever) for
// parq_reader_open_decrypted, and parq_encryption (EncryptionProperties) for
// parq_write_arrow_encrypted.
#include <memory>
#include <string>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/c_api.h"
#include "parq/encryption.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

struct parq_decryption {
  parq::DecryptionProperties props;
  parq::capi::ErrorSlot error;
};

struct parq_encryption {
  parq::EncryptionProperties props;
  parq::capi::ErrorSlot error;
};

namespace {

constexpr size_t kMaxKeyBytes = 32;

// kInvalidArgument unless key_len is an AES key's length (and key is set).
Status CheckKey(const char* function, const uint8_t* key, size_t key_len) {
  PARQ_RETURN_IF_ERROR(NotNull(key, function, "key"));
  if (key_len == 16 || key_len == 24 || key_len == 32) return Status::OK();
  return Status::InvalidArgument(std::string(function) + ": a key of " + std::to_string(key_len) +
                                 " bytes; AES keys have 16, 24 or 32 bytes");
}

// Bytes as a string; a NULL pointer is allowed only for no bytes.
Status Bytes(const char* function, const char* what, const uint8_t* p, size_t len, std::string* out) {
  if (p == nullptr && len > 0) {
    return Status::InvalidArgument(std::string(function) + ": " + what + " is NULL with a length of " +
                                   std::to_string(len));
  }
  out->assign(reinterpret_cast<const char*>(p), p == nullptr ? 0 : len);
  return Status::OK();
}

Status CheckPath(const char* function, const char* path) {
  PARQ_RETURN_IF_ERROR(NotNull(path, function, "path"));
  if (*path == '\0') return Status::InvalidArgument(std::string(function) + ": path is empty");
  return Status::OK();
}

// A parq_key_retriever_fn as a parq::KeyRetriever.
class CallbackRetriever final : public parq::KeyRetriever {
 public:
  CallbackRetriever(parq_key_retriever_fn fn, void* user_data) : fn_(fn), user_data_(user_data) {}

  parq::Result<std::string> RetrieveKey(std::string_view key_metadata) const override {
    uint8_t key[kMaxKeyBytes];
    size_t key_len = 0;
    char message[512];
    message[0] = '\0';
    static const uint8_t kNoBytes = 0;  // a non-NULL pointer for empty metadata
    const uint8_t* md = key_metadata.empty() ? &kNoBytes : reinterpret_cast<const uint8_t*>(key_metadata.data());
    const int rc = fn_(user_data_, md, key_metadata.size(), key, sizeof key, &key_len, message, sizeof message);
    message[sizeof message - 1] = '\0';  // whatever the callback left there
    if (rc != PARQ_OK) {
      const int code = rc <= PARQ_ERROR_INVALID_ARGUMENT && rc >= PARQ_ERROR_INTERNAL ? -rc
                                                                                       : -PARQ_ERROR_INVALID_ARGUMENT;
      return Status(static_cast<parq::StatusCode>(code),
                    std::string("key retriever: ") + (message[0] != '\0' ? message : "failed") + " (code " +
                        std::to_string(rc) + ")");
    }
    if (key_len > sizeof key) {
      return Status::InvalidArgument("key retriever: returned a key of " + std::to_string(key_len) +
                                     " bytes, more than the 32 of its buffer");
    }
    return std::string(reinterpret_cast<const char*>(key), key_len);
  }

 private:
  parq_key_retriever_fn fn_;
  void* user_data_;
};

// Runs `body` on a handle's error slot; a NULL handle is
// PARQ_ERROR_INVALID_ARGUMENT with no message kept.
template <typename Handle, typename Body>
int With(Handle* h, Body&& body) noexcept {
  if (h == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  return Run(&h->error, body);
}

}  // namespace

namespace parq::capi {

std::shared_ptr<const DecryptionProperties> DecryptionOf(const parq_decryption* keys) {
  return keys == nullptr ? nullptr : std::make_shared<DecryptionProperties>(keys->props);
}

std::shared_ptr<const EncryptionProperties> EncryptionOf(const parq_encryption* encryption) {
  return encryption == nullptr ? nullptr : std::make_shared<EncryptionProperties>(encryption->props);
}

}  // namespace parq::capi

extern "C" {

parq_decryption* parq_decryption_new(void) { return new (std::nothrow) parq_decryption(); }

void parq_decryption_free(parq_decryption* keys) { delete keys; }

const char* parq_decryption_last_error(const parq_decryption* keys) {
  return keys == nullptr ? "parq_decryption_last_error: keys is NULL" : keys->error.text();
}

int parq_decryption_set_footer_key(parq_decryption* keys, const uint8_t* key, size_t key_len) {
  return With(keys, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(CheckKey("parq_decryption_set_footer_key", key, key_len));
    keys->props.footer_key.assign(reinterpret_cast<const char*>(key), key_len);
    return Status::OK();
  });
}

int parq_decryption_set_column_key(parq_decryption* keys, const char* path, const uint8_t* key, size_t key_len) {
  return With(keys, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(CheckPath("parq_decryption_set_column_key", path));
    PARQ_RETURN_IF_ERROR(CheckKey("parq_decryption_set_column_key", key, key_len));
    keys->props.column_keys[path].assign(reinterpret_cast<const char*>(key), key_len);
    return Status::OK();
  });
}

int parq_decryption_set_aad_prefix(parq_decryption* keys, const uint8_t* prefix, size_t prefix_len) {
  return With(keys, [&]() -> Status {
    std::string aad;
    PARQ_RETURN_IF_ERROR(Bytes("parq_decryption_set_aad_prefix", "prefix", prefix, prefix_len, &aad));
    keys->props.aad_prefix = std::move(aad);
    return Status::OK();
  });
}

int parq_decryption_set_key_retriever(parq_decryption* keys, parq_key_retriever_fn fn, void* user_data) {
  return With(keys, [&]() -> Status {
    keys->props.key_retriever = fn == nullptr ? nullptr : std::make_shared<CallbackRetriever>(fn, user_data);
    return Status::OK();
  });
}

parq_reader* parq_reader_open_decrypted(const char* path, const parq_decryption* keys, char* error,
                                        size_t error_len) {
  parq::ReaderOptions options;
  try {
    options.decryption = parq::capi::DecryptionOf(keys);
  } catch (...) {
    parq::capi::CopyMessage("Out of memory", error, error_len);
    return nullptr;
  }
  return parq::capi::OpenReader("parq_reader_open_decrypted", path, options, error, error_len);
}

parq_encryption* parq_encryption_new(void) { return new (std::nothrow) parq_encryption(); }

void parq_encryption_free(parq_encryption* encryption) { delete encryption; }

const char* parq_encryption_last_error(const parq_encryption* encryption) {
  return encryption == nullptr ? "parq_encryption_last_error: encryption is NULL" : encryption->error.text();
}

int parq_encryption_set_algorithm(parq_encryption* encryption, int algorithm) {
  return With(encryption, [&]() -> Status {
    switch (algorithm) {
      case PARQ_AES_GCM_V1: encryption->props.algorithm = parq::EncryptionProperties::Algorithm::kAesGcmV1; break;
      case PARQ_AES_GCM_CTR_V1:
        encryption->props.algorithm = parq::EncryptionProperties::Algorithm::kAesGcmCtrV1;
        break;
      default:
        return Status::InvalidArgument("parq_encryption_set_algorithm: " + std::to_string(algorithm) +
                                       " is neither PARQ_AES_GCM_V1 (0) nor PARQ_AES_GCM_CTR_V1 (1)");
    }
    return Status::OK();
  });
}

int parq_encryption_set_footer_key(parq_encryption* encryption, const uint8_t* key, size_t key_len,
                                   const uint8_t* key_metadata, size_t key_metadata_len) {
  return With(encryption, [&]() -> Status {
    constexpr const char* kFn = "parq_encryption_set_footer_key";
    PARQ_RETURN_IF_ERROR(CheckKey(kFn, key, key_len));
    std::string metadata;
    PARQ_RETURN_IF_ERROR(Bytes(kFn, "key_metadata", key_metadata, key_metadata_len, &metadata));
    encryption->props.footer_key.assign(reinterpret_cast<const char*>(key), key_len);
    encryption->props.footer_key_metadata = std::move(metadata);
    return Status::OK();
  });
}

int parq_encryption_set_column_key(parq_encryption* encryption, const char* path, const uint8_t* key,
                                   size_t key_len, const uint8_t* key_metadata, size_t key_metadata_len) {
  return With(encryption, [&]() -> Status {
    constexpr const char* kFn = "parq_encryption_set_column_key";
    PARQ_RETURN_IF_ERROR(CheckPath(kFn, path));
    PARQ_RETURN_IF_ERROR(CheckKey(kFn, key, key_len));
    parq::ColumnEncryptionKey column;
    PARQ_RETURN_IF_ERROR(Bytes(kFn, "key_metadata", key_metadata, key_metadata_len, &column.key_metadata));
    column.key.assign(reinterpret_cast<const char*>(key), key_len);
    encryption->props.column_keys[path] = std::move(column);
    return Status::OK();
  });
}

int parq_encryption_set_plaintext_footer(parq_encryption* encryption, int plaintext) {
  return With(encryption, [&]() -> Status {
    encryption->props.encrypted_footer = plaintext == 0;
    return Status::OK();
  });
}

int parq_encryption_set_aad_prefix(parq_encryption* encryption, const uint8_t* prefix, size_t prefix_len,
                                   int store) {
  return With(encryption, [&]() -> Status {
    std::string aad;
    PARQ_RETURN_IF_ERROR(Bytes("parq_encryption_set_aad_prefix", "prefix", prefix, prefix_len, &aad));
    encryption->props.aad_prefix = std::move(aad);
    encryption->props.store_aad_prefix = store != 0;
    return Status::OK();
  });
}

int parq_write_arrow_encrypted(const char* path, struct ArrowArrayStream* in, const char* options,
                               const parq_encryption* encryption, char* error, size_t error_len) {
  std::shared_ptr<const parq::EncryptionProperties> props;
  try {
    props = parq::capi::EncryptionOf(encryption);
  } catch (...) {
    if (in != nullptr && in->release != nullptr) in->release(in);
    parq::capi::CopyMessage("Out of memory", error, error_len);
    return PARQ_ERROR_OUT_OF_MEMORY;
  }
  return parq::capi::WriteArrow("parq_write_arrow_encrypted", path, in, options, std::move(props), error,
                                error_len);
}

}  // extern "C"
