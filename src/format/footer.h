// The file footer: locating, bounding and decoding FileMetaData, and writing it.
//
// Layout of a Parquet file's tail:
//   ... <FileMetaData, compact Thrift> <footer length: 4 bytes LE> "PAR1"
// A file also starts with "PAR1".  Encrypted files (Encryption.md §5.4, §5.5):
//   encrypted footer: ... <FileCryptoMetaData> <footer module: length, nonce,
//                     ciphertext, tag> <length of both: 4 bytes LE> "PARE"
//                     ("PARE" at the start too);
//   plaintext footer: ... <FileMetaData, with encryption_algorithm> <nonce: 12>
//                     <tag: 16> <length of all three: 4 bytes LE> "PAR1".
// ReadFooter decrypts the first with the footer key and checks the second's
// signature when the footer key is known (ReaderOptions::decryption); both
// keep a FileDecryptor for the column chunks.
#ifndef PARQ_FORMAT_FOOTER_H_
#define PARQ_FORMAT_FOOTER_H_

#include <cstdint>
#include <memory>

#include <functional>

#include "format/file_decryptor.h"
#include "format/parquet_types.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/result.h"
#include "thrift/compact_types.h"

namespace parq::format {

inline constexpr char kMagic[4] = {'P', 'A', 'R', '1'};
inline constexpr char kEncryptedMagic[4] = {'P', 'A', 'R', 'E'};

struct Footer {
  // Decoded into an arena of its own; see DecodeFileMetaData.
  std::shared_ptr<const FileMetaData> metadata;
  uint64_t offset = 0;  // where the FileMetaData bytes start
  uint32_t length = 0;  // their length
  // Set for an encrypted file (either footer mode).
  std::shared_ptr<FileDecryptor> decryptor;
};

thrift::ThriftLimits ThriftLimitsFrom(const ReaderOptions& options);

// Reads and decodes the footer.  Errors name the file and the offending offset.
Result<Footer> ReadFooter(const RandomAccessFile& file, const ReaderOptions& options);

// Decodes FileMetaData from `size` bytes (the footer proper).  The result and
// all its strings and lists live in one thrift::Arena, released as a whole
// with the last copy of the pointer: no per-string allocation while decoding
// and no per-member destruction afterwards.  It is read-only; copy it (the
// copy is on the heap) to edit.
// `after`, when given, runs on the decoded struct while its arena is still
// current (ReadFooter decrypts column metadata there).
Result<std::shared_ptr<const FileMetaData>> DecodeFileMetaData(
    const uint8_t* data, size_t size, const ReaderOptions& options, uint64_t base_offset = 0,
    const std::function<Status(FileMetaData*)>& after = nullptr);

// Writes FileMetaData, its length and the closing magic.
Status WriteFooter(const FileMetaData& metadata, OutputStream* out);

}  // namespace parq::format

#endif  // PARQ_FORMAT_FOOTER_H_
