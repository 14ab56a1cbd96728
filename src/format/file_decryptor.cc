// format/file_decryptor.cc — keys, AADs and the decryption of footers and
// column metadata.
#include "format/file_decryptor.h"

#include <cstdio>
#include <utility>

#include "thrift/compact_reader.h"

namespace parq::format {
namespace {

std::span<const uint8_t> Bytes(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

// The three fields both algorithms share.
// Returns whether the file's modules carry AADs: not when it has neither
// aad_file_unique nor an AAD prefix (stored or to supply), as DuckDB writes.
template <typename Algo>
bool TakeAad(const Algo& a, EncryptionInfo* info, std::string* file_unique) {
  if (a.aad_prefix) info->aad_prefix = std::string(a.aad_prefix->view());
  info->supply_aad_prefix = a.supply_aad_prefix.value_or(false);
  if (a.aad_file_unique) *file_unique = std::string(a.aad_file_unique->view());
  return a.aad_file_unique || a.aad_prefix || info->supply_aad_prefix;
}

}  // namespace

std::string PrintableKeyMetadata(std::string_view key_metadata) {
  bool printable = true;
  for (char c : key_metadata) printable &= (c >= 0x20 && c < 0x7F);
  if (printable) return std::string(key_metadata);
  std::string hex = "hex:";
  char two[3];
  for (char c : key_metadata) {
    std::snprintf(two, sizeof two, "%02x", static_cast<unsigned char>(c));
    hex += two;
  }
  return hex;
}

std::string DottedPath(const EncryptionWithColumnKey& key) {
  std::string path;
  for (const auto& part : key.path_in_schema) {
    if (!path.empty()) path += '.';
    path += part.view();
  }
  return path;
}

Result<std::shared_ptr<FileDecryptor>> FileDecryptor::Make(const EncryptionAlgorithm& algorithm,
                                                           std::string_view footer_key_metadata,
                                                           bool encrypted_footer,
                                                           std::shared_ptr<const DecryptionProperties> props) {
  std::shared_ptr<FileDecryptor> d(new FileDecryptor());
  if (algorithm.AES_GCM_V1) {
    d->algorithm_ = crypto::Algorithm::kAesGcmV1;
    d->module_aads_ = TakeAad(*algorithm.AES_GCM_V1, &d->info_, &d->aad_file_unique_);
  } else if (algorithm.AES_GCM_CTR_V1) {
    d->algorithm_ = crypto::Algorithm::kAesGcmCtrV1;
    d->module_aads_ = TakeAad(*algorithm.AES_GCM_CTR_V1, &d->info_, &d->aad_file_unique_);
  } else {
    return Status::Unsupported("encryption algorithm not known to parq (neither AES_GCM_V1 nor AES_GCM_CTR_V1)");
  }
  d->info_.algorithm = crypto::AlgorithmName(d->algorithm_);
  d->info_.encrypted_footer = encrypted_footer;
  d->info_.footer_key_metadata = std::string(footer_key_metadata);
  d->info_.footer_signature =
      encrypted_footer ? EncryptionInfo::FooterSignature::kNone : EncryptionInfo::FooterSignature::kNotVerified;
  d->props_ = std::move(props);

  // The file AAD: the stored prefix or the caller's, then aad_file_unique.
  const std::optional<std::string>& supplied = d->props_ ? d->props_->aad_prefix : std::nullopt;
  std::string prefix;
  if (d->info_.aad_prefix) {
    if (supplied && *supplied != *d->info_.aad_prefix) {
      d->aad_status_ = Status::InvalidArgument("the AAD prefix supplied ('" + *supplied +
                                               "') differs from the one the file stores ('" +
                                               *d->info_.aad_prefix + "')");
    }
    prefix = *d->info_.aad_prefix;
  } else if (supplied) {
    prefix = *supplied;
  } else if (d->info_.supply_aad_prefix) {
    d->aad_status_ = Status::InvalidArgument(
        "the file was encrypted with an AAD prefix that it does not store (supply_aad_prefix): supply it "
        "(DecryptionProperties::aad_prefix, parq --aad-prefix)");
  }
  d->file_aad_ = prefix + d->aad_file_unique_;
  return d;
}

Result<std::optional<std::string>> FileDecryptor::Retrieve(std::string_view key_metadata,
                                                           const std::string& what) const {
  if (!props_ || !props_->key_retriever) return std::optional<std::string>();
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = retrieved_.find(key_metadata);
    if (it != retrieved_.end()) return std::optional<std::string>(it->second);
  }
  Result<std::string> key = props_->key_retriever->RetrieveKey(key_metadata);
  if (!key.ok()) {
    return std::move(key).status().AddContext("the key retriever, asked for the " + what + " (key_metadata '" +
                                              PrintableKeyMetadata(key_metadata) + "')");
  }
  std::lock_guard<std::mutex> lock(mu_);
  retrieved_.emplace(std::string(key_metadata), *key);
  return std::optional<std::string>(std::move(*key));
}

Result<std::string> FileDecryptor::FooterKey() const {
  if (props_ && !props_->footer_key.empty()) return props_->footer_key;
  PARQ_ASSIGN_OR_RETURN(std::optional<std::string> key, Retrieve(info_.footer_key_metadata, "footer key"));
  if (key) return std::move(*key);
  std::string meta = info_.footer_key_metadata.empty()
                         ? std::string()
                         : " (key_metadata '" + PrintableKeyMetadata(info_.footer_key_metadata) + "')";
  return Status::Unsupported(std::string("the file is encrypted (") + info_.algorithm + ", " +
                                 (info_.encrypted_footer ? "encrypted footer" : "plaintext footer") +
                                 ") and no footer key was given" + meta +
                                 " (DecryptionProperties::footer_key or key_retriever, parq --footer-key)");
}

Result<crypto::ModuleCipher> FileDecryptor::FooterCipher() const {
  PARQ_ASSIGN_OR_RETURN(std::string key, FooterKey());
  PARQ_RETURN_IF_ERROR(aad_status_);
  auto cipher = crypto::ModuleCipher::Make(std::move(key), file_aad_, algorithm_, module_aads_);
  if (!cipher.ok()) return std::move(cipher).status().AddContext("the footer key");
  return cipher;
}

Status FileDecryptor::VerifyFooterSignature(std::span<const uint8_t> footer, std::span<const uint8_t> signature) {
  if (!props_ || !props_->verify_footer_signature) return Status::OK();
  // Without a footer key the footer stays unverified: a legacy reader's view.
  if (props_->footer_key.empty() && !props_->key_retriever) return Status::OK();
  PARQ_ASSIGN_OR_RETURN(crypto::ModuleCipher cipher, FooterCipher());
  PARQ_ASSIGN_OR_RETURN(std::string aad, module_aads_ ? crypto::ModuleAad(cipher.file_aad(), {crypto::ModuleType::kFooter})
                                                      : Result<std::string>(std::string()));
  if (signature.size() != crypto::kNonceSize + crypto::kTagSize) {
    return Status::Corrupt("the plaintext footer's signature has " + std::to_string(signature.size()) +
                           " bytes, not 28");
  }
  uint8_t tag[crypto::kTagSize];
  PARQ_RETURN_IF_ERROR(crypto::GcmTag(cipher.key(), Bytes(aad),
                                      std::span<const uint8_t, crypto::kNonceSize>(signature.data(), crypto::kNonceSize),
                                      footer, tag));
  if (!crypto::ConstantTimeEqual(tag, signature.data() + crypto::kNonceSize, crypto::kTagSize)) {
    return Status::Corrupt(
        "the plaintext footer's signature does not verify (a wrong footer key, a wrong AAD prefix or a "
        "tampered footer)");
  }
  info_.footer_signature = EncryptionInfo::FooterSignature::kVerified;
  return Status::OK();
}

Result<std::string> FileDecryptor::ChunkKey(const ColumnCryptoMetaData& crypto, const std::string& path) const {
  if (crypto.ENCRYPTION_WITH_COLUMN_KEY) {
    const auto& ck = *crypto.ENCRYPTION_WITH_COLUMN_KEY;
    if (props_) {
      auto it = props_->column_keys.find(path);
      if (it != props_->column_keys.end()) return it->second;
    }
    const std::string_view meta = ck.key_metadata ? ck.key_metadata->view() : std::string_view();
    PARQ_ASSIGN_OR_RETURN(std::optional<std::string> key, Retrieve(meta, "key of column '" + path + "'"));
    if (key) return std::move(*key);
    return std::move(Status::Unsupported(
                         "the column is encrypted with a column key" +
                         (meta.empty() ? std::string() : " (key_metadata '" + PrintableKeyMetadata(meta) + "')") +
                         " and no key was given for it (DecryptionProperties::column_keys or key_retriever, parq "
                         "--column-key " + path + "=KEY)"))
        .WithColumn(path);
  }
  auto key = FooterKey();
  if (!key.ok() && key.status().code() == StatusCode::kUnsupported) {
    return std::move(Status::Unsupported("the column is encrypted with the footer key, which was not given "
                                         "(DecryptionProperties::footer_key or key_retriever, parq --footer-key)"))
        .WithColumn(path);
  }
  return key;
}

Result<std::shared_ptr<const crypto::ChunkCipher>> FileDecryptor::ForChunk(const RowGroup& row_group_md,
                                                                           const ColumnChunk& chunk, int row_group,
                                                                           int column) const {
  // A column without crypto metadata is plaintext, except in a file without
  // module AADs: DuckDB encrypts every column with the footer key and marks
  // none.
  static const ColumnCryptoMetaData kFooterKey = [] {
    ColumnCryptoMetaData c;
    c.ENCRYPTION_WITH_FOOTER_KEY = EncryptionWithFooterKey();
    return c;
  }();
  if (!chunk.crypto_metadata && module_aads_) return std::shared_ptr<const crypto::ChunkCipher>();
  const ColumnCryptoMetaData& crypto_md = chunk.crypto_metadata ? *chunk.crypto_metadata : kFooterKey;
  std::string path = crypto_md.ENCRYPTION_WITH_COLUMN_KEY ? DottedPath(*crypto_md.ENCRYPTION_WITH_COLUMN_KEY)
                                                        : std::string();
  if (path.empty() && chunk.meta_data) {
    for (const auto& part : chunk.meta_data->path_in_schema) {
      if (!path.empty()) path += '.';
      path += part.view();
    }
  }
  PARQ_ASSIGN_OR_RETURN(std::string key, ChunkKey(crypto_md, path));
  if (!aad_status_.ok()) return Status(aad_status_);
  auto cipher = crypto::ModuleCipher::Make(std::move(key), file_aad_, algorithm_, module_aads_);
  if (!cipher.ok()) return std::move(cipher).status().AddContext("the key of column '" + path + "'");
  // The row group ordinal of the AADs: RowGroup.ordinal when written (it is
  // authenticated with the footer), else its place in the file.
  const int64_t rg = row_group_md.ordinal ? int64_t{*row_group_md.ordinal} : int64_t{row_group};
  return std::make_shared<const crypto::ChunkCipher>(crypto::ChunkCipher{std::move(*cipher), rg, column});
}

Status FileDecryptor::DecryptColumnMetaData(FileMetaData* metadata, const thrift::ThriftLimits& limits) const {
  for (size_t g = 0; g < metadata->row_groups.size(); ++g) {
    RowGroup& rg = metadata->row_groups[g];
    for (size_t c = 0; c < rg.columns.size(); ++c) {
      PARQ_RETURN_IF_ERROR(DecryptChunkMetaData(rg, static_cast<int>(g), static_cast<int>(c), &rg.columns[c], limits));
    }
  }
  return Status::OK();
}

Status FileDecryptor::DecryptChunkMetaData(const RowGroup& row_group_md, int row_group, int column,
                                           ColumnChunk* chunk, const thrift::ThriftLimits& limits) const {
  if (!chunk->crypto_metadata || !chunk->encrypted_column_metadata) return Status::OK();
  auto cipher = ForChunk(row_group_md, *chunk, row_group, column);
  if (!cipher.ok()) {
    // No key: the column stays as the plaintext footer shows it, and
    // opening it says why.  Other errors (a retriever's, a bad key) stop.
    if (cipher.status().code() == StatusCode::kUnsupported) return Status::OK();
    return std::move(cipher).status().WithRowGroup(static_cast<int64_t>(row_group));
  }
  Buffer plain;
  PARQ_RETURN_IF_ERROR((*cipher)->Decrypt(crypto::ModuleType::kColumnMetaData, -1,
                                          Bytes(chunk->encrypted_column_metadata->view()), &plain));
  thrift::CompactReader reader(plain.data(), plain.size(), limits);
  ColumnMetaData md;
  if (!Read(reader, &md)) {
    Status st = reader.status();
    return std::move(st).AddContext("decoding the decrypted column metadata (row group " + std::to_string(row_group) +
                                    ", column " + std::to_string(column) + ")");
  }
  chunk->meta_data = std::move(md);
  return Status::OK();
}

}  // namespace parq::format
