// format/file_encryptor.h — FileEncryptor: what a writer needs to encrypt one
// file (Encryption.md): the algorithm with its random aad_file_unique, the
// file AAD, the footer key's cipher, each column's cipher (the footer key's,
// its own key's, or none), the column metadata modules and the two footer
// layouts (encrypted footer after FileCryptoMetaData with magic PARE; signed
// plaintext footer with magic PAR1).
//
// FileWriter makes one per file from WriterOptions::encryption and hands each
// column chunk's ChunkCipher to its page writer; the page indexes, Bloom
// filters, column metadata and footer are encrypted here or with it.
//
// Thread-safety: immutable once made; const methods may run on any thread.
#ifndef PARQ_FORMAT_FILE_ENCRYPTOR_H_
#define PARQ_FORMAT_FILE_ENCRYPTOR_H_

#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "crypto/module.h"
#include "format/parquet_types.h"
#include "parq/encryption.h"
#include "parq/io.h"
#include "parq/result.h"

namespace parq::format {

// Bytes of the random aad_file_unique (Arrow and parquet-java write 8).
inline constexpr size_t kAadFileUniqueSize = 8;

class FileEncryptor {
 public:
  // The checks that need no schema: a footer key, every key 16, 24 or 32
  // bytes, an aad_prefix when it is not to be stored.  kInvalidArgument
  // naming the key.
  static Status Check(const EncryptionProperties& props);

  // `column_paths`: every leaf's path, in column order.  Check's errors, and
  // kInvalidArgument for a column key whose path names no leaf.  (A column
  // ordinal past 32767 fails when its first module is encrypted.)
  static Result<std::unique_ptr<FileEncryptor>> Make(const EncryptionProperties& props,
                                                     const std::vector<std::vector<std::string>>& column_paths);

  bool encrypted_footer() const { return encrypted_footer_; }
  // What the file starts and ends with: PARE for an encrypted footer, else PAR1.
  const char* magic() const;

  // The cipher of a column's chunk in `row_group`; nullopt for a plaintext column.
  std::optional<crypto::ChunkCipher> ForChunk(int64_t row_group, int column) const;

  // Sets a written chunk's crypto_metadata and, where Encryption.md §5.3-5.5
  // want it (a column key, or any encrypted column under a plaintext
  // footer), encrypts its ColumnMetaData into encrypted_column_metadata;
  // meta_data is then dropped (encrypted footer) or kept stripped of its
  // statistics (plaintext footer).  Nothing for a plaintext column.
  Status EncryptColumnMetaData(ColumnChunk* chunk, int64_t row_group, int column) const;

  // Writes the footer of `metadata` and the closing magic: an encrypted
  // footer after FileCryptoMetaData, or a plaintext footer naming the
  // algorithm and followed by its 28-byte signature (nonce + GCM tag).
  Status WriteFooter(FileMetaData* metadata, OutputStream* out) const;

 private:
  FileEncryptor() = default;

  EncryptionAlgorithm algorithm_;  // with aad_file_unique and the stored prefix
  bool encrypted_footer_ = true;
  std::string footer_key_metadata_;
  std::optional<crypto::ModuleCipher> footer_cipher_;
  struct Column {
    std::optional<crypto::ModuleCipher> cipher;  // none: plaintext
    ColumnCryptoMetaData crypto_metadata;
    bool own_key = false;
  };
  std::vector<Column> columns_;
};

}  // namespace parq::format

#endif  // PARQ_FORMAT_FILE_ENCRYPTOR_H_
