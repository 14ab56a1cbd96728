// WalkPages: every page header of one column chunk as stored, for inspection
// (parq/page_info.h, `parq pages`), not for reading values.
//
// The chunk's bytes (its ComputeChunkRange) are read at once, bounded by
// ReaderOptions::max_allocation; each header is decoded (bounded by
// max_page_header_size) and its body located, and the visitor sees the
// header, where it is and the body as stored (compressed), every page type
// included.  The walk stops at the end of the range, or, as PageReader does,
// once a data page has been seen and the data pages hold the chunk's
// num_values (the padded range of old files may hold stray bytes after).  A
// chunk of no values whose range is invalid has no pages to visit.
//
// An encrypted column's chunk is walked with its cipher: each header module
// is decrypted (with its data page ordinal) and decoded as the page reader
// does (page/encrypted_header.h); the body is the module as stored.
//
// Errors: kCorrupt for a header that does not decode (or decrypt) or a body
// past the chunk (with the page ordinal and file offset).  Thread-safety:
// reentrant; borrows the file.
#ifndef PARQ_PAGE_PAGE_WALK_H_
#define PARQ_PAGE_PAGE_WALK_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <span>
#include <string>

#include "crypto/module.h"
#include "format/parquet_types.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/result.h"

namespace parq::page {

struct RawPage {
  const format::PageHeader* header = nullptr;
  int64_t ordinal = 0;        // position within the chunk
  uint64_t file_offset = 0;   // of the header
  uint32_t header_size = 0;   // bytes of the Thrift header
  std::span<const uint8_t> body;  // compressed_page_size bytes, as stored
};

// `cipher`: the chunk's when its column is encrypted (else null).
Status WalkPages(const RandomAccessFile& file, const format::ColumnMetaData& md,
                 const ReaderOptions& options, const std::optional<std::string>& created_by,
                 const std::function<Status(const RawPage&)>& visit,
                 const crypto::ChunkCipher* cipher = nullptr);

// kCorrupt "page CRC32 mismatch: stored ..., computed ..." when the header
// has a crc and the body (as stored) does not match it; OK without a crc.
Status VerifyPageCrc(const format::PageHeader& header, std::span<const uint8_t> body);

}  // namespace parq::page

#endif  // PARQ_PAGE_PAGE_WALK_H_
