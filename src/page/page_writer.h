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
// The writer puts each page, in one piece, where a PageSink says (the end
// of a byte vector; the column writer's, a PageArena of the file's); the
// column writer keeps each page apart, the dictionary page first in the chunk.  Nothing of a page is kept once it is written:
// the scratch of levels, compression and encryption is the call's, and the
// codec is lent by a compression::CodecCache (shared by the file's columns)
// for the call only.
//
// Thread-safety: the Write*Page calls are const and may run on several
// threads at once (the pages of one column compressed in parallel);
// SetCipher, NextChunk and TakeDataPageOrdinal are the owner's, and must not
// run while a Write*Page does.
#ifndef PARQ_PAGE_PAGE_WRITER_H_
#define PARQ_PAGE_PAGE_WRITER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <span>
#include <vector>

#include "compression/codec_cache.h"
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
  // The page's ordinal in the chunk (TakeDataPageOrdinal), for the AAD of an
  // encrypted page; unused in plaintext.
  int64_t page_ordinal = 0;
};

// Where a page's bytes go: Reserve(n) gives n writable bytes in one piece,
// which the page writer fills with the whole page (header and body).
class PageSink {
 public:
  virtual ~PageSink() = default;
  virtual uint8_t* Reserve(size_t n) = 0;
};

// Appends to a byte vector.
class VectorSink final : public PageSink {
 public:
  explicit VectorSink(std::vector<uint8_t>* out) : out_(out) {}
  uint8_t* Reserve(size_t n) override {
    const size_t at = out_->size();
    out_->resize(at + n);
    return out_->data() + at;
  }

 private:
  std::vector<uint8_t>* out_;
};

class PageWriter {
 public:
  // kInvalidArgument for LZ4 (Hadoop-framed, deprecated: write LZ4_RAW) and
  // for a level the codec refuses.  Codecs come from `codecs` (which must
  // outlive the writer), or from a cache of the writer's own when null.
  static Result<std::unique_ptr<PageWriter>> Make(Compression codec, std::optional<int> level,
                                                  bool write_checksums,
                                                  compression::CodecCache* codecs = nullptr);

  Compression codec() const { return codec_type_; }

  // Encrypts the pages that follow with `cipher` (its row group and column
  // ordinals), data page ordinals from 0.  nullopt: plaintext pages.
  bool encrypted() const { return cipher_.has_value(); }
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

  // The ordinal of the next data page of the chunk (DataPageInput::page_ordinal).
  int64_t TakeDataPageOrdinal() { return data_page_ordinal_++; }

  // Appends a dictionary page of `num_values` PLAIN entries.
  Result<WrittenPage> WriteDictionaryPage(const std::vector<uint8_t>& plain, int32_t num_values,
                                          std::vector<uint8_t>* out) const {
    VectorSink sink(out);
    return WriteDictionaryPage(plain, num_values, &sink);
  }
  Result<WrittenPage> WriteDataPageV1(const DataPageInput& in, std::vector<uint8_t>* out) const {
    VectorSink sink(out);
    return WriteDataPageV1(in, &sink);
  }
  Result<WrittenPage> WriteDataPageV2(const DataPageInput& in, std::vector<uint8_t>* out) const {
    VectorSink sink(out);
    return WriteDataPageV2(in, &sink);
  }
  Result<WrittenPage> WriteDictionaryPage(const std::vector<uint8_t>& plain, int32_t num_values,
                                          PageSink* out) const;
  Result<WrittenPage> WriteDataPageV1(const DataPageInput& in, PageSink* out) const;
  Result<WrittenPage> WriteDataPageV2(const DataPageInput& in, PageSink* out) const;

 private:
  struct Scratch;
  PageWriter(Compression type, std::optional<int> level, bool crc, compression::CodecCache* codecs,
             std::unique_ptr<compression::CodecCache> own_codecs)
      : codec_type_(type), level_(level), crc_(crc), codecs_(codecs), own_codecs_(std::move(own_codecs)) {}
  // Compresses `size` bytes into s->compressed and points s->body at the
  // result (for UNCOMPRESSED, s->body points at the input itself).
  Status Compress(const uint8_t* data, size_t size, Scratch* s) const;
  Result<WrittenPage> Emit(format::PageHeader* header, const std::vector<uint8_t>& prefix,
                           size_t uncompressed_body, int64_t ordinal, Scratch* s, PageSink* out) const;
  // Emit for an encrypted column: the two modules of the page.
  Result<WrittenPage> EmitEncrypted(format::PageHeader* header, const std::vector<uint8_t>& prefix,
                                    size_t uncompressed_body, int64_t ordinal, Scratch* s,
                                    PageSink* out) const;

  Compression codec_type_;
  std::optional<int> level_;
  bool crc_;
  compression::CodecCache* codecs_;
  std::unique_ptr<compression::CodecCache> own_codecs_;  // when Make was given none
  std::optional<crypto::ChunkCipher> cipher_;
  int64_t data_page_ordinal_ = 0;
};

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_WRITER_H_
