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
#include <functional>
#include <memory>
#include <vector>

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
  // With deferred chunks only: the FileMetaData bytes (decrypted, for an
  // encrypted footer), into which each row group's columns_at points (its
  // columns stay empty); see DecodeColumnChunk.
  std::shared_ptr<const std::vector<uint8_t>> bytes;
  // The file offset of bytes[0], for errors: `offset`, or 0 for a decrypted
  // footer, whose bytes are not the file's.
  uint64_t bytes_offset = 0;
  // Set for an encrypted file (either footer mode).
  std::shared_ptr<FileDecryptor> decryptor;
};

thrift::ThriftLimits ThriftLimitsFrom(const ReaderOptions& options);

// Reads and decodes the footer.  Errors name the file and the offending offset.
// `defer_chunks`: the row groups' column chunks and the schema's elements are
// skipped (with every check the reader makes on the way: bounds, depth,
// sizes), not decoded; the footer keeps its bytes and the place of each in
// them (RowGroup::columns_at, FileMetaData::schema_at).  A decoded chunk
// takes about seven times its encoded size, an element eight: a wide file
// keeps a seventh, and its schema is built an element at a time.  An
// encrypted column's metadata is then decrypted where its chunk is decoded
// (with the Footer's decryptor, see FileDecryptor::DecryptChunkMetaData).
Result<Footer> ReadFooter(const RandomAccessFile& file, const ReaderOptions& options,
                          bool defer_chunks = false);

// Decodes FileMetaData from `size` bytes (the footer proper).  The result and
// all its strings and lists live in one thrift::Arena, released as a whole
// with the last copy of the pointer: no per-string allocation while decoding
// and no per-member destruction afterwards.  It is read-only; copy it (the
// copy is on the heap) to edit.
// `after`, when given, runs on the decoded struct while its arena is still
// current (ReadFooter decrypts column metadata there).
Result<std::shared_ptr<const FileMetaData>> DecodeFileMetaData(const uint8_t* data, size_t size,
                                        const ReaderOptions& options, uint64_t base_offset = 0,
                                        bool defer_chunks = false,
                                        const std::function<Status(FileMetaData*)>& after = nullptr);

// Decodes the column chunk that starts `at` bytes into the footer `bytes`
// (a RowGroup::columns_at entry) into *out, its strings and lists from the
// thread's current arena (thrift::ArenaScope) or the heap.  Errors carry
// file offsets, as DecodeFileMetaData's would.
Status DecodeColumnChunk(const std::vector<uint8_t>& bytes, uint32_t at, const thrift::ThriftLimits& limits,
                         uint64_t base_offset, ColumnChunk* out);
// The same for a schema element (a FileMetaData::schema_at entry).
Status DecodeSchemaElement(const std::vector<uint8_t>& bytes, uint32_t at, const thrift::ThriftLimits& limits,
                           uint64_t base_offset, SchemaElement* out);

// Writes FileMetaData, its length and the closing magic.
Status WriteFooter(const FileMetaData& metadata, OutputStream* out);

}  // namespace parq::format

#endif  // PARQ_FORMAT_FOOTER_H_
