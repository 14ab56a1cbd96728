// format/file_encryptor.cc — keys, AADs, column metadata modules and the
// footers of an encrypted file being written.
#include "format/file_encryptor.h"

#include <map>
#include <utility>

#include "format/footer.h"
#include "thrift/compact_writer.h"

namespace parq::format {
namespace {

std::span<const uint8_t> Bytes(const thrift::CompactWriter& w) { return {w.data(), w.size()}; }

Status CheckKey(std::string_view key, const std::string& what) {
  if (key.empty()) return Status::InvalidArgument("encryption: no " + what + " (EncryptionProperties)");
  Status st = crypto::CheckKeyLength(key);
  if (!st.ok()) return Status::InvalidArgument("encryption: the " + what + " is an " + st.message());
  return Status::OK();
}

std::string Join(const std::vector<std::string>& path) {
  std::string s;
  for (const auto& part : path) {
    if (!s.empty()) s += '.';
    s += part;
  }
  return s;
}

// Writes the 4-byte little-endian length and the closing magic.
Status WriteTail(uint64_t length, const char* magic, OutputStream* out) {
  if (length > 0xFFFFFFFFu) return Status::InvalidArgument("footer larger than 4 GiB");
  const uint32_t n = static_cast<uint32_t>(length);
  PARQ_RETURN_IF_ERROR(out->Write(&n, 4));
  return out->Write(magic, 4);
}

}  // namespace

Status FileEncryptor::Check(const EncryptionProperties& props) {
  PARQ_RETURN_IF_ERROR(CheckKey(props.footer_key, "footer key"));
  for (const auto& [path, key] : props.column_keys) {
    if (path.empty()) return Status::InvalidArgument("encryption: a column key for an empty column path");
    PARQ_RETURN_IF_ERROR(CheckKey(key.key, "key of column '" + path + "'"));
  }
  if (!props.store_aad_prefix && !props.aad_prefix) {
    return Status::InvalidArgument(
        "encryption: store_aad_prefix is false but there is no aad_prefix to leave out of the file");
  }
  if (props.algorithm != EncryptionProperties::Algorithm::kAesGcmV1 &&
      props.algorithm != EncryptionProperties::Algorithm::kAesGcmCtrV1) {
    return Status::InvalidArgument("encryption: unknown algorithm " +
                                   std::to_string(static_cast<int>(props.algorithm)));
  }
  return Status::OK();
}

Result<std::unique_ptr<FileEncryptor>> FileEncryptor::Make(const EncryptionProperties& props,
                                                           const std::vector<std::vector<std::string>>& column_paths) {
  PARQ_RETURN_IF_ERROR(Check(props));
  std::unique_ptr<FileEncryptor> e(new FileEncryptor());
  e->encrypted_footer_ = props.encrypted_footer;
  e->footer_key_metadata_ = props.footer_key_metadata;

  std::string file_unique(kAadFileUniqueSize, '\0');
  PARQ_RETURN_IF_ERROR(crypto::RandomBytes({reinterpret_cast<uint8_t*>(file_unique.data()), file_unique.size()}));
  AesGcmV1 fields;
  fields.aad_file_unique = file_unique;
  if (props.aad_prefix) {
    if (props.store_aad_prefix) {
      fields.aad_prefix = *props.aad_prefix;
    } else {
      fields.supply_aad_prefix = true;
    }
  }
  crypto::Algorithm algorithm = crypto::Algorithm::kAesGcmV1;
  if (props.algorithm == EncryptionProperties::Algorithm::kAesGcmCtrV1) {
    algorithm = crypto::Algorithm::kAesGcmCtrV1;
    AesGcmCtrV1 ctr;
    ctr.aad_prefix = fields.aad_prefix;
    ctr.aad_file_unique = fields.aad_file_unique;
    ctr.supply_aad_prefix = fields.supply_aad_prefix;
    e->algorithm_.AES_GCM_CTR_V1 = std::move(ctr);
  } else {
    e->algorithm_.AES_GCM_V1 = std::move(fields);
  }
  const std::string file_aad = props.aad_prefix.value_or("") + file_unique;

  PARQ_ASSIGN_OR_RETURN(crypto::ModuleCipher footer, crypto::ModuleCipher::Make(props.footer_key, file_aad, algorithm));
  e->footer_cipher_ = footer;

  std::map<std::string, size_t> by_path;
  for (size_t c = 0; c < column_paths.size(); ++c) by_path.emplace(Join(column_paths[c]), c);
  for (const auto& [path, key] : props.column_keys) {
    if (!by_path.count(path)) {
      return Status::InvalidArgument("encryption: a key for column '" + path +
                                     "', which is not a leaf column of the schema");
    }
  }
  e->columns_.resize(column_paths.size());
  for (size_t c = 0; c < column_paths.size(); ++c) {
    Column& col = e->columns_[c];
    if (props.column_keys.empty()) {
      col.cipher = footer;
      col.crypto_metadata.ENCRYPTION_WITH_FOOTER_KEY = EncryptionWithFooterKey();
      continue;
    }
    auto it = props.column_keys.find(Join(column_paths[c]));
    if (it == props.column_keys.end()) continue;  // plaintext
    PARQ_ASSIGN_OR_RETURN(crypto::ModuleCipher cipher, crypto::ModuleCipher::Make(it->second.key, file_aad, algorithm));
    col.cipher = std::move(cipher);
    col.own_key = true;
    EncryptionWithColumnKey ck;
    ck.path_in_schema = thrift::ToStringVector(column_paths[c]);
    if (!it->second.key_metadata.empty()) ck.key_metadata = it->second.key_metadata;
    col.crypto_metadata.ENCRYPTION_WITH_COLUMN_KEY = std::move(ck);
  }
  return e;
}

const char* FileEncryptor::magic() const { return encrypted_footer_ ? kEncryptedMagic : kMagic; }

std::optional<crypto::ChunkCipher> FileEncryptor::ForChunk(int64_t row_group, int column) const {
  const Column& col = columns_[static_cast<size_t>(column)];
  if (!col.cipher) return std::nullopt;
  return crypto::ChunkCipher{*col.cipher, row_group, column};
}

Status FileEncryptor::EncryptColumnMetaData(ColumnChunk* chunk, int64_t row_group, int column) const {
  const Column& col = columns_[static_cast<size_t>(column)];
  if (!col.cipher) return Status::OK();
  chunk->crypto_metadata = col.crypto_metadata;
  // A column under the footer key in an encrypted footer is protected by the
  // footer's encryption: its metadata stays where it is (§5.4).
  if (encrypted_footer_ && !col.own_key) return Status::OK();
  thrift::CompactWriter w;
  Write(w, *chunk->meta_data);
  Buffer module;
  PARQ_RETURN_IF_ERROR(col.cipher->Encrypt({crypto::ModuleType::kColumnMetaData, row_group, column}, Bytes(w), &module));
  chunk->encrypted_column_metadata = thrift::String(reinterpret_cast<const char*>(module.data()), module.size());
  if (encrypted_footer_) {
    chunk->meta_data = std::nullopt;
  } else {
    // What legacy readers see (§5.5): offsets and sizes, no statistics.
    // parquet-java and Arrow drop the encoding stats too; the size
    // statistics describe the values as much as the statistics do.
    chunk->meta_data->statistics.reset();
    chunk->meta_data->encoding_stats.reset();
    chunk->meta_data->size_statistics.reset();
    chunk->meta_data->geospatial_statistics.reset();
  }
  return Status::OK();
}

Status FileEncryptor::WriteFooter(FileMetaData* metadata, OutputStream* out) const {
  if (encrypted_footer_) {
    FileCryptoMetaData crypto_md;
    crypto_md.encryption_algorithm = algorithm_;
    if (!footer_key_metadata_.empty()) crypto_md.key_metadata = footer_key_metadata_;
    thrift::CompactWriter head;
    Write(head, crypto_md);
    thrift::CompactWriter body;
    Write(body, *metadata);
    Buffer module;
    PARQ_RETURN_IF_ERROR(footer_cipher_->Encrypt({crypto::ModuleType::kFooter}, Bytes(body), &module));
    PARQ_RETURN_IF_ERROR(out->Write(head.data(), head.size()));
    PARQ_RETURN_IF_ERROR(out->Write(module.data(), module.size()));
    return WriteTail(head.size() + module.size(), kEncryptedMagic, out);
  }
  metadata->encryption_algorithm = algorithm_;
  if (!footer_key_metadata_.empty()) metadata->footer_signing_key_metadata = footer_key_metadata_;
  thrift::CompactWriter body;
  Write(body, *metadata);
  // The signature: a fresh nonce and the GCM tag of the footer under the
  // footer key and the footer's AAD; the ciphertext is not stored (§5.5).
  uint8_t signature[crypto::kNonceSize + crypto::kTagSize];
  PARQ_RETURN_IF_ERROR(crypto::RandomBytes({signature, crypto::kNonceSize}));
  PARQ_ASSIGN_OR_RETURN(std::string aad, crypto::ModuleAad(footer_cipher_->file_aad(), {crypto::ModuleType::kFooter}));
  PARQ_RETURN_IF_ERROR(crypto::GcmTag(footer_cipher_->key(),
                                      {reinterpret_cast<const uint8_t*>(aad.data()), aad.size()},
                                      std::span<const uint8_t, crypto::kNonceSize>(signature, crypto::kNonceSize),
                                      Bytes(body), signature + crypto::kNonceSize));
  PARQ_RETURN_IF_ERROR(out->Write(body.data(), body.size()));
  PARQ_RETURN_IF_ERROR(out->Write(signature, sizeof signature));
  return WriteTail(body.size() + sizeof signature, kMagic, out);
}

}  // namespace parq::format
