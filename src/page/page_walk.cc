#include "page/page_walk.h"

#include <algorithm>
#include <cstdio>

#include "format/footer.h"
#include "page/chunk_range.h"
#include "page/encrypted_header.h"
#include "parq/buffer.h"
#include "thrift/compact_reader.h"
#include "util/crc32.h"

namespace parq::page {
namespace {

// Values a data page holds (levels, so nulls count), 0 for other pages.
int64_t DataPageValues(const format::PageHeader& h) {
  if (h.type == format::PageType::DATA_PAGE && h.data_page_header) return h.data_page_header->num_values;
  if (h.type == format::PageType::DATA_PAGE_V2 && h.data_page_header_v2) return h.data_page_header_v2->num_values;
  return 0;
}

bool IsDataPage(const format::PageHeader& h) {
  return h.type == format::PageType::DATA_PAGE || h.type == format::PageType::DATA_PAGE_V2;
}

}  // namespace

Status WalkPages(const RandomAccessFile& file, const format::ColumnMetaData& md,
                 const ReaderOptions& options, const std::optional<std::string>& created_by,
                 const std::function<Status(const RawPage&)>& visit, const crypto::ChunkCipher* cipher) {
  Result<ChunkRange> where = ComputeChunkRange(md, file.size(), created_by);
  // A chunk of no values need not say where it is (as the column reader
  // takes it): nothing to list.
  if (!where.ok() && md.num_values == 0) return Status::OK();
  PARQ_ASSIGN_OR_RETURN(ChunkRange range, std::move(where));
  if (range.length > static_cast<uint64_t>(options.max_allocation)) {
    return Status::LimitExceeded("column chunk of " + std::to_string(range.length) +
                                 " bytes, beyond max_allocation");
  }
  Buffer scratch;
  PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> chunk, file.Read(range.offset, range.length, &scratch));
  const thrift::ThriftLimits limits = format::ThriftLimitsFrom(options);
  uint64_t pos = 0;
  int64_t ordinal = 0;
  int64_t data_page_ordinal = 0;  // an encrypted column's AADs count data pages
  int64_t values = 0;
  bool seen_data_page = false;
  Buffer plain;  // a decrypted header
  while (pos < chunk.size() && !(seen_data_page && values >= md.num_values)) {
    const uint64_t header_offset = range.offset + pos;
    format::PageHeader header;
    auto fail = [&](Status st) { return std::move(st).WithPage(ordinal).WithFileOffset(header_offset); };
    uint64_t header_size = 0;
    if (cipher != nullptr) {
      const uint64_t left = chunk.size() - pos;
      auto size = HeaderModuleSize(chunk.subspan(pos, std::min<uint64_t>(left, crypto::kLengthSize)), left,
                                   options.max_page_header_size);
      if (!size.ok()) return fail(std::move(size).status());
      Status st = DecryptPageHeader(*cipher, chunk.subspan(pos, *size), ordinal == 0, md.dictionary_page_offset.has_value(),
                                    data_page_ordinal, limits, &plain, &header);
      if (!st.ok()) return fail(std::move(st));
      header_size = *size;
    } else {
      const size_t avail = static_cast<size_t>(
          std::min<uint64_t>(chunk.size() - pos, static_cast<uint64_t>(options.max_page_header_size)));
      thrift::CompactReader reader(chunk.data() + pos, avail, limits, header_offset);
      if (!format::Read(reader, &header)) {
        return fail(Status(reader.status()).AddContext("decoding the page header"));
      }
      header_size = reader.position();
    }
    const uint64_t body_start = pos + header_size;
    if (header.compressed_page_size < 0 || header.uncompressed_page_size < 0) {
      return fail(Status::Corrupt("negative page size"));
    }
    uint64_t body_size = static_cast<uint64_t>(header.compressed_page_size);
    if (cipher != nullptr && chunk.size() - body_start >= crypto::kLengthSize) {
      body_size = EncryptedBodySize(*cipher, static_cast<PageType>(header.type), body_size,
                                    chunk.subspan(body_start, crypto::kLengthSize));
    }
    const uint64_t body_end = body_start + body_size;
    if (body_end > chunk.size()) {
      return fail(Status::Corrupt("page body of " + std::to_string(header.compressed_page_size) +
                                  " bytes runs past the column chunk"));
    }
    RawPage page;
    page.header = &header;
    page.ordinal = ordinal;
    page.file_offset = header_offset;
    page.header_size = static_cast<uint32_t>(header_size);
    page.body = chunk.subspan(body_start, body_end - body_start);
    PARQ_RETURN_IF_ERROR(visit(page));
    seen_data_page |= IsDataPage(header);
    data_page_ordinal += IsDataPage(header) ? 1 : 0;
    values += DataPageValues(header);
    pos = body_end;
    ++ordinal;
  }
  return Status::OK();
}

Status VerifyPageCrc(const format::PageHeader& header, std::span<const uint8_t> body) {
  if (!header.crc) return Status::OK();
  const uint32_t computed = util::Crc32(0, body.data(), body.size());
  if (computed == static_cast<uint32_t>(*header.crc)) return Status::OK();
  char msg[96];
  std::snprintf(msg, sizeof msg, "page CRC32 mismatch: stored %08x, computed %08x",
                static_cast<uint32_t>(*header.crc), computed);
  return Status::Corrupt(msg);
}

}  // namespace parq::page
