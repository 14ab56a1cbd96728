// parq/encryption.h — keys for reading files written with Parquet Modular
// Encryption (AES_GCM_V1 and AES_GCM_CTR_V1; the format's Encryption.md),
// what a reader learned about a file's encryption, and how a writer encrypts
// one (EncryptionProperties, below).
//
// Reading (docs/encryption.md has more, including a KMS behind a retriever):
//
//   auto keys = std::make_shared<parq::DecryptionProperties>();
//   keys->footer_key = std::string("0123456789012345");           // 16, 24 or 32 bytes
//   keys->column_keys["double_field"] = std::string("1234567890123450");
//   keys->aad_prefix = "tester";            // only for files that do not store theirs
//   parq::ReaderOptions options;
//   options.decryption = keys;
//   PARQ_ASSIGN_OR_RETURN(auto file, parq::FileReader::Open(path, options));
//
// or, where the file's key_metadata names the keys, a KeyRetriever:
//
//   struct MyKms : parq::KeyRetriever {
//     parq::Result<std::string> RetrieveKey(std::string_view key_metadata) const override;
//   };
//   keys->key_retriever = std::make_shared<MyKms>();
//
// An explicit key wins over the retriever; the retriever is asked for each
// key the explicit form lacks, with that key's key_metadata (possibly empty),
// at most once per distinct key_metadata and file, and only for what is read
// (the footer key at Open, a column's key when its metadata or pages are).
//
// Without a key for a column, a file with a plaintext footer still opens and
// its other columns read; opening that column is kUnsupported naming it (as
// is opening an encrypted footer without the footer key).  A
// wrong key, a tampered or truncated module or a wrong AAD prefix is
// kCorrupt naming the module (footer, column metadata, data page header, ...
// with its row group, column and page ordinals); a key of the wrong length or
// a missing AAD prefix is kInvalidArgument.
//
// Thread-safety: DecryptionProperties is read-only once handed to a reader
// (share it through the shared_ptr); a KeyRetriever must be safe to call from
// any thread.  Keys are copied into the reader for its lifetime.
#ifndef PARQ_ENCRYPTION_H_
#define PARQ_ENCRYPTION_H_

#include <cstdint>
#include <map>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "parq/result.h"

namespace parq {

// Maps a key's key_metadata (the bytes the writer stored beside the footer
// key or a column key) to the key's bytes.  An error ends the read that
// needed the key, with the retriever's message.
class KeyRetriever {
 public:
  virtual ~KeyRetriever() = default;
  virtual Result<std::string> RetrieveKey(std::string_view key_metadata) const = 0;
};

struct DecryptionProperties {
  // The footer key: decrypts an encrypted footer, verifies a plaintext
  // footer's signature, and decrypts the columns encrypted with it.  Empty:
  // asked of key_retriever (when there is one).
  std::string footer_key;
  // Column keys by the column's dotted path ("a.b.c"), for the columns
  // encrypted with their own key.
  std::map<std::string, std::string> column_keys;
  // Asked for any key not given above.  May be null.
  std::shared_ptr<const KeyRetriever> key_retriever;
  // The AAD prefix, for files written without storing theirs
  // (supply_aad_prefix).  When the file stores one too, the two must agree.
  std::optional<std::string> aad_prefix;
  // Whether a plaintext footer's signature is checked when the footer key
  // is known (a bad one is kCorrupt).  Off: it is not checked.
  bool verify_footer_signature = true;
};

// How a file is encrypted, as its footer (or FileCryptoMetaData) says.
struct EncryptionInfo {
  enum class FooterSignature {
    kNone,         // the footer is encrypted: it is authenticated, not signed
    kVerified,     // plaintext footer, signature checked with the footer key
    kNotVerified,  // plaintext footer, no footer key (or verification off)
  };
  std::string algorithm;             // "AES_GCM_V1" or "AES_GCM_CTR_V1"
  bool encrypted_footer = false;     // magic PARE
  std::string footer_key_metadata;   // FileCryptoMetaData.key_metadata or footer_signing_key_metadata
  std::optional<std::string> aad_prefix;  // as stored in the file
  bool supply_aad_prefix = false;    // the reader must supply the prefix
  FooterSignature footer_signature = FooterSignature::kNone;
};

// A column key for writing: the key and what the file stores beside it.
struct ColumnEncryptionKey {
  std::string key;           // 16, 24 or 32 bytes
  std::string key_metadata;  // EncryptionWithColumnKey.key_metadata; empty: none stored
  bool operator==(const ColumnEncryptionKey&) const = default;
};

// How FileWriter encrypts a file (WriterOptions::encryption):
//
//   auto enc = std::make_shared<parq::EncryptionProperties>();
//   enc->footer_key = std::string("0123456789012345");    // 16, 24 or 32 bytes
//   enc->column_keys["ssn"] = {std::string("1234567890123450"), "key-7"};
//   parq::WriterOptions options;
//   options.encryption = enc;
//
// Without column_keys the file is "uniform": every column is encrypted with
// the footer key.  With column_keys, the columns listed are encrypted with
// their keys (and their ColumnMetaData with them) and the others stay
// plaintext.  The footer is encrypted (magic PARE) or, with
// encrypted_footer = false, plaintext and signed with the footer key (magic
// PAR1: readers without keys read the plaintext columns; the encrypted
// columns' plaintext metadata is stripped of statistics).  Every module
// carries the AADs of Encryption.md §4.4 with a random 8-byte
// aad_file_unique; nonces come from OpenSSL's RAND_bytes.
//
// FileWriter::ValidateOptions (and so Open) refuses, as kInvalidArgument: a
// missing footer key, a key of the wrong length, a column key for a path
// that is not a leaf column, store_aad_prefix = false without an aad_prefix,
// and more than 32767 columns (the AAD's ordinal limit).  Read-only once
// handed to a writer; keys are copied into it.
struct EncryptionProperties {
  enum class Algorithm : uint8_t {
    kAesGcmV1,     // every module AES-GCM
    kAesGcmCtrV1,  // page bodies AES-CTR, every other module AES-GCM
  };
  Algorithm algorithm = Algorithm::kAesGcmV1;
  std::string footer_key;           // 16, 24 or 32 bytes; required
  std::string footer_key_metadata;  // FileCryptoMetaData.key_metadata or footer_signing_key_metadata
  bool encrypted_footer = true;     // false: plaintext footer, signed
  // By the column's dotted path ("a.b.c"); empty: every column with the footer key.
  std::map<std::string, ColumnEncryptionKey> column_keys;
  // Part of every module's AAD (Encryption.md §4.4.1).  Stored in the file
  // unless store_aad_prefix is false; then the file says supply_aad_prefix
  // and readers must be given it (DecryptionProperties::aad_prefix).
  std::optional<std::string> aad_prefix;
  bool store_aad_prefix = true;

  bool operator==(const EncryptionProperties&) const = default;
};

}  // namespace parq

#endif  // PARQ_ENCRYPTION_H_
