// page/page_writer.h — building complete pages (header + body) of a column chunk.
//
// Page layouts written (Parquet format, data pages):
//   dictionary page := PageHeader{DICTIONARY_PAGE} compress(PLAIN entries)
//   data page v1    := PageHeader{DATA_PAGE}
//                      compress( [rep levels: <4-byte length> RLE hybrid]
//                                [def levels: <4-byte length> RLE hybrid]
//                                values )
//   data page v2    := PageHeader{DATA_PAGE_V2 with both level byte lengths}
//                      [rep levels RLE hybrid] [def levels RLE hybrid]  (never compressed)
//                      compress(values)       (is_compressed says whether it is)
// Level sections are present only when the column's max level is > 0.
// With checksums on, PageHeader.crc is the CRC-32 of the body exactly as
// stored (after compression, levels included for v2, after encryption).
//
// With a ChunkCipher (an encrypted column, Encryption.md), the header and the
// body are each one module: <header module> <body module>, the body's module
// holding the whole stored body (v2 levels included).  compressed_page_size
// is the body module's size (framing included, as the reader, Arrow and
// parquet-java take it), uncompressed_page_size the plaintext's.  Data pages
// and their headers carry the chunk's page ordinal in their AAD, counted
// from 0 by data page; past 32767 a page is kInvalidArgument.
//
// The writer appends each page to a caller-owned byte vector; the column
// writer keeps the dictionary page apart so it can go first in the chunk.
//
// Thread-safety: none; one PageWriter per column writer.
#ifndef PARQ_PAGE_PAGE_WRITER_H_
#define PARQ_PAGE_PAGE_WRITER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "compression/codec.h"
#include "crypto/module.h"
#include "format/parquet_types.h"
#include "parq/buffer.h"
#include "parq/result.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq::page {

// What one written page added to the chunk.
struct WrittenPage {
  int64_t header_size = 0;
  int64_t uncompressed_size = 0;  // header + body before compression
  int64_t compressed_size = 0;    // header + body as stored
};

struct DataPageInput {
  int32_t num_values = 0;  // level entries (values including nulls)
  int32_t num_nulls = 0;   // entries whose def level < max
  int32_t num_rows = 0;    // records (rep level 0 entries)
  Encoding encoding = Encoding::kPlain;
  const std::vector<uint8_t>* rep_levels = nullptr;  // RLE hybrid without prefix; empty if none
  const std::vector<uint8_t>* def_levels = nullptr;
  const std::vector<uint8_t>* values = nullptr;
  std::optional<format::Statistics> statistics;
};

class PageWriter {
 public:
  // kInvalidArgument for LZ4 (Hadoop-framed, deprecated: write LZ4_RAW) and
  // for a level the codec refuses.
  static Result<std::unique_ptr<PageWriter>> Make(Compression codec, std::optional<int> level,
                                                  bool write_checksums);

  Compression codec() const { return codec_type_; }

  // Encrypts the pages that follow with `cipher` (its row group and column
  // ordinals), data page ordinals from 0.  nullopt: plaintext pages.
  void SetCipher(std::optional<crypto::ChunkCipher> cipher) {
    cipher_ = std::move(cipher);
    data_page_ordinal_ = 0;
  }
  // The next chunk's pages: the cipher's row group ordinal + 1, page
  // ordinals from 0 again.
  void NextChunk() {
    if (cipher_) ++cipher_->row_group;
    data_page_ordinal_ = 0;
  }

  // Appends a dictionary page of `num_values` PLAIN entries.
  Result<WrittenPage> WriteDictionaryPage(const std::vector<uint8_t>& plain, int32_t num_values,
                                          std::vector<uint8_t>* out);
  Result<WrittenPage> WriteDataPageV1(const DataPageInput& in, std::vector<uint8_t>* out);
  Result<WrittenPage> WriteDataPageV2(const DataPageInput& in, std::vector<uint8_t>* out);

 private:
  PageWriter(std::unique_ptr<compression::Codec> codec, Compression type, bool crc)
      : codec_(std::move(codec)), codec_type_(type), crc_(crc) {}
  // Compresses `size` bytes into compressed_ and points body_ at the result
  // (for UNCOMPRESSED, body_ points at the input itself).
  Status Compress(const uint8_t* data, size_t size);
  Result<WrittenPage> Emit(format::PageHeader* header, const std::vector<uint8_t>& prefix,
                           size_t uncompressed_body, std::vector<uint8_t>* out);
  // Emit for an encrypted column: the two modules of the page.
  Result<WrittenPage> EmitEncrypted(format::PageHeader* header, const std::vector<uint8_t>& prefix,
                                    size_t uncompressed_body, std::vector<uint8_t>* out);

  std::unique_ptr<compression::Codec> codec_;
  Compression codec_type_;
  bool crc_;
  std::vector<uint8_t> scratch_;     // uncompressed v1 body of a page with levels
  Buffer compressed_;  // the compressed section (not zero-filled: the codec writes it)
  std::span<const uint8_t> body_;    // what Emit stores after the header (and prefix)
  std::optional<crypto::ChunkCipher> cipher_;
  int64_t data_page_ordinal_ = 0;
  Buffer plain_;      // prefix + body, when both are there, for the body module
  Buffer module_;     // the body module
  Buffer header_module_;
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_WRITER_H_
