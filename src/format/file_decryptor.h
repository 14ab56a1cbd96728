// format/file_decryptor.h — FileDecryptor: what a reader needs to decrypt one
// encrypted file (Encryption.md): the algorithm, the file AAD (AAD prefix +
// aad_file_unique), the footer key, and the keys of the columns, found by
// column path in DecryptionProperties or asked of its KeyRetriever with the
// stored key_metadata.
//
// ReadFooter makes one for every file whose footer names an encryption
// algorithm (PARE files, and PAR1 files whose FileMetaData carries
// encryption_algorithm) and keeps it in the Footer; FileReader hands each
// column chunk's ChunkCipher to the page, index and Bloom filter readers.
//
// Missing things are errors only when used: a file whose plaintext footer
// names an algorithm opens without keys, and only its encrypted columns fail.
//
// Thread-safety: const methods may be called from many threads (the
// retriever's answers are cached under a mutex).
#ifndef PARQ_FORMAT_FILE_DECRYPTOR_H_
#define PARQ_FORMAT_FILE_DECRYPTOR_H_

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <span>
#include <string>
#include <string_view>

#include "crypto/module.h"
#include "format/parquet_types.h"
#include "thrift/compact_types.h"
#include "parq/encryption.h"
#include "parq/result.h"

namespace parq::format {

class FileDecryptor {
 public:
  // `footer_key_metadata`: FileCryptoMetaData.key_metadata (encrypted
  // footer) or FileMetaData.footer_signing_key_metadata (plaintext footer).
  // `props` may be null.  Fails only on an algorithm parq does not know.
  static Result<std::shared_ptr<FileDecryptor>> Make(const EncryptionAlgorithm& algorithm,
                                                     std::string_view footer_key_metadata,
                                                     bool encrypted_footer,
                                                     std::shared_ptr<const DecryptionProperties> props);

  const EncryptionInfo& info() const { return info_; }
  crypto::Algorithm algorithm() const { return algorithm_; }

  // The footer key's cipher: kUnsupported when no footer key was given,
  // kInvalidArgument when the AAD prefix is missing or the key has a wrong
  // length, the retriever's error when it failed.
  Result<crypto::ModuleCipher> FooterCipher() const;

  // Checks a plaintext footer's 28-byte signature (nonce + tag) over
  // `footer` (the serialized FileMetaData) when the footer key is known and
  // verification is on; records the outcome in info().  kCorrupt when it
  // does not verify.
  Status VerifyFooterSignature(std::span<const uint8_t> footer, std::span<const uint8_t> signature);

  // Replaces each chunk's meta_data by its decrypted encrypted_column_metadata
  // where that chunk's key is known (called while the footer's arena is
  // current, so the decoded structs land in it).  A module that does not
  // decrypt is an error naming it and the column.
  Status DecryptColumnMetaData(FileMetaData* metadata, const thrift::ThriftLimits& limits) const;
  // The same for one chunk, chunk `column` of row group `row_group`
  // (`row_group_md`): a footer's deferred chunk, where it is decoded (the
  // decrypted metadata lands in the thread's current arena, as the chunk's).
  Status DecryptChunkMetaData(const RowGroup& row_group_md, int row_group, int column, ColumnChunk* chunk,
                              const thrift::ThriftLimits& limits) const;

  // The cipher of one column chunk's modules: null for a column that is not
  // encrypted (no crypto_metadata, in a file with module AADs); kUnsupported
  // naming the column when its key is not known.
  // `chunk` is chunk `column` of row group `row_group` (`row_group_md`, whose
  // ordinal the AADs use).
  Result<std::shared_ptr<const crypto::ChunkCipher>> ForChunk(const RowGroup& row_group_md, const ColumnChunk& chunk,
                                                              int row_group, int column) const;

 private:
  FileDecryptor() = default;
  // The key of `key_metadata` from the retriever (cached); nullopt with no
  // retriever.
  Result<std::optional<std::string>> Retrieve(std::string_view key_metadata, const std::string& what) const;
  // The key of a chunk's crypto metadata, or why there is none.
  Result<std::string> ChunkKey(const ColumnCryptoMetaData& crypto, const std::string& path) const;
  Result<std::string> FooterKey() const;

  EncryptionInfo info_;
  crypto::Algorithm algorithm_ = crypto::Algorithm::kAesGcmV1;
  std::shared_ptr<const DecryptionProperties> props_;
  std::string aad_file_unique_;
  Status aad_status_;     // why there is no file AAD (a prefix needed and not supplied)
  std::string file_aad_;  // prefix + aad_file_unique
  // False for a file with neither aad_file_unique nor an AAD prefix: DuckDB
  // writes those, with no AAD on any module (see crypto::ModuleCipher::Make).
  bool module_aads_ = true;
  mutable std::mutex mu_;
  mutable std::map<std::string, std::string, std::less<>> retrieved_;
};

// key_metadata as text when it is printable ASCII, else "hex:…".
std::string PrintableKeyMetadata(std::string_view key_metadata);

// The dotted path of a column key's path_in_schema.
std::string DottedPath(const EncryptionWithColumnKey& key);

}  // namespace parq::format

#endif  // PARQ_FORMAT_FILE_DECRYPTOR_H_
