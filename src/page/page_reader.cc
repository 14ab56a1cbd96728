#include "page/page_reader.h"

#include <algorithm>
#include <cstdio>
#include <cstring>
#include <functional>
#include <utility>

#include "format/encoded_statistics.h"
#include "format/footer.h"
#include "page/encrypted_header.h"
#include "thrift/compact_reader.h"
#include "page/page_walk.h"

namespace parq::page {
namespace {

// Bytes of a page header asked of a window that holds too few to decode it
// (see DecodeHeader); it is read with the rest of the window, so it costs no
// extra read unless chunk_read_size is smaller.
constexpr uint64_t kHeaderProbe = 256;

// Whether any of the page's spans lies in `body` (the page's bytes in the
// chunk window), i.e. whether the window must be kept while the page is used.
bool Borrows(const Page& page, std::span<const uint8_t> body) {
  const auto in_body = [&](std::span<const uint8_t> s) {
    const std::less<const uint8_t*> before;
    return !s.empty() && !before(s.data(), body.data()) && before(s.data(), body.data() + body.size());
  };
  return in_body(page.values) || in_body(page.definition_levels) || in_body(page.repetition_levels);
}

// The rows a data page holds by its header alone, or -1 when the header does
// not say: a v2 page's num_rows (for a flat column only when it equals its
// num_values, as it must), a v1 page's num_values when the column is flat.
int64_t RowsByHeader(const format::PageHeader& h, PageType type, bool flat) {
  if (type == PageType::kDataPageV2 && h.data_page_header_v2) {
    const auto& v2 = *h.data_page_header_v2;
    if (v2.num_rows < 0 || v2.num_values < 0 || (flat && v2.num_rows != v2.num_values)) return -1;
    return v2.num_rows;
  }
  if (type == PageType::kDataPage && h.data_page_header && flat && h.data_page_header->num_values >= 0) return h.data_page_header->num_values;
  return -1;
}

bool IsReadable(PageType type) {
  return type == PageType::kDataPage || type == PageType::kDataPageV2 ||
         type == PageType::kDictionaryPage;
}

}  // namespace

PageReader::PageReader(const format::ColumnMetaData& md, const ReaderOptions& options,
                       std::shared_ptr<BufferPool> buffer_pool, bool reads_file)
    : md_(md),
      options_(options),
      buffer_pool_(std::move(buffer_pool)),
      ahead_(*this, buffer_pool_.get()),
      chunk_(buffer_pool_.get(), reads_file, options.chunk_read_size, options.max_allocation) {}

Result<std::unique_ptr<PageReader>> PageReader::Open(const RandomAccessFile& file,
                                                     const format::ColumnMetaData& md,
                                                     const ReaderOptions& options,
                                                     const std::optional<std::string>& created_by,
                                                     std::shared_ptr<BufferPool> buffer_pool,
                                                     std::span<const uint8_t> chunk_bytes,
                                                     std::shared_ptr<const crypto::ChunkCipher> cipher) {
  const bool in_memory = file.data() != nullptr || chunk_bytes.data() != nullptr;
  std::unique_ptr<PageReader> reader(new PageReader(md, options, std::move(buffer_pool), !in_memory));
  reader->cipher_ = std::move(cipher);
  if (reader->cipher_) reader->ahead_.LendDecryptBuffers();
  PARQ_ASSIGN_OR_RETURN(reader->codec_,
                        compression::MakeCodec(static_cast<Compression>(md.codec)));
  if (md.num_values == 0) {
    // Nothing to read; some writers leave such chunks' offsets unset (0).
    return reader;
  }
  PARQ_ASSIGN_OR_RETURN(ChunkRange range, ComputeChunkRange(md, file.size(), created_by));
  if (chunk_bytes.data() != nullptr) {
    if (chunk_bytes.size() != range.length) {
      return Status::InvalidArgument("pre-buffered chunk of " + std::to_string(chunk_bytes.size()) +
                                     " bytes for a chunk of " + std::to_string(range.length));
    }
    reader->chunk_.View(range.offset, chunk_bytes, nullptr);
  } else if (const uint8_t* base = file.data()) {
    // The chunk is a view of the file's own memory: the file is told when done.
    reader->chunk_.View(range.offset, {base + range.offset, range.length}, &file);
    file.WillRead(range.offset, range.length);
  } else {
    reader->chunk_.ReadFrom(file, range.offset, range.length);
  }
  return reader;
}

Result<bool> PageReader::ReadPage(const PageTarget& target, Page* page) {
  chunk_.BeginStep();
  // Stop at the end of the bytes, or once every value the chunk promises has
  // been seen (the padded range of old files may hold stray bytes).
  // With ReadRange, the pages are where the caller says, up to stop_.
  while (pos_ < std::min(stop_, chunk_.length()) && (ranged_ || !(seen_data_page_ && values_seen_ >= md_.num_values))) {
    const int64_t ordinal = ordinal_;
    const uint64_t header_offset = chunk_.FileOffset(pos_);
    Result<bool> read = ReadPageAtPos(target, page);
    if (!read.ok()) return std::move(read).status().WithPage(ordinal).WithFileOffset(header_offset);
    if (*read) return true;
  }
  return false;
}

Result<bool> PageReader::ReadPageAtPos(const PageTarget& target, Page* page) {
  const format::PageHeader& header = target.slot->header;
  PARQ_ASSIGN_OR_RETURN(const uint64_t body_start,
                        cipher_ ? DecodeEncryptedHeader(&target.slot->header, target.held_aside)
                                : DecodeHeader(&target.slot->header, target.held_aside));
  PARQ_ASSIGN_OR_RETURN(const uint64_t body_end, cipher_ ? EncryptedBodyEnd(header, body_start, target.held_aside)
                                                          : BodyEnd(header, body_start));
  const int64_t ordinal = ordinal_++;
  const auto type = static_cast<PageType>(header.type);
  if (!IsReadable(type)) {
    pos_ = body_end;
    return false;  // INDEX_PAGE and unknown page types carry nothing for the reader
  }
  if (skip_rows_ > 0 && type != PageType::kDictionaryPage) {
    const int64_t rows = RowsByHeader(header, type, skip_flat_);
    if (rows >= 0 && rows <= skip_rows_) {
      skip_rows_ -= rows;
      rows_skipped_ += rows;
      values_seen_ += type == PageType::kDataPage ? header.data_page_header->num_values
                                                  : header.data_page_header_v2->num_values;
      seen_data_page_ = true;
      ++pages_skipped_;
      ++data_page_ordinal_;  // the next data page's AADs
      if (chunk_.is_view()) viewed_bytes_ += static_cast<int64_t>(body_start - pos_);
      pos_ = body_end;
      return false;
    }
  }
  PARQ_RETURN_IF_ERROR(chunk_.Ensure(pos_, body_end, HeldBesideWindows(target.held_aside)));
  const std::span<const uint8_t> stored{chunk_.At(body_start), body_end - body_start};
  const uint64_t header_offset = chunk_.FileOffset(pos_);
  pos_ = body_end;
  PARQ_RETURN_IF_ERROR(CheckPageSize(header, type, target.held_aside));
  PARQ_RETURN_IF_ERROR(VerifyChecksum(header, stored));
  std::span<const uint8_t> body = stored;
  if (cipher_) PARQ_RETURN_IF_ERROR(DecryptBody(type, target, &body));

  *page = Page();
  page->type = type;
  page->ordinal = ordinal;
  page->file_offset = header_offset;
  page->size_in_file = body_end - (header_offset - chunk_.FileOffset(0));
  if (chunk_.is_view()) viewed_bytes_ += static_cast<int64_t>(page->size_in_file);
  if (type == PageType::kDictionaryPage) {
    PARQ_RETURN_IF_ERROR(ReadDictionaryPage(header, body, target, page));
    // The page is in a buffer of its own: a window read for it alone (a
    // dictionary larger than chunk_read_size) is not kept beside it.
    chunk_.DropIfOversized(body_end);
    return true;
  }
  PARQ_RETURN_IF_ERROR(type == PageType::kDataPage ? ReadDataPage(header, body, target, page)
                                                   : ReadDataPageV2(header, body, target, page));
  if (target.deferred == nullptr && !Borrows(*page, stored)) chunk_.DropIfOversized(body_end);
  if (page->num_values > options_.max_values_per_page) {
    return Status::LimitExceeded("page claims " + std::to_string(page->num_values) +
                                 " values, beyond max_values_per_page");
  }
  seen_data_page_ = true;
  values_seen_ += page->num_values;
  ++pages_read_;
  return true;
}

Result<bool> PageReader::ReadRange(uint64_t file_from, uint64_t file_to, int64_t data_page_ordinal) {
  if (ahead_.holds_ahead()) return false;
  const uint64_t base = chunk_.FileOffset(0);
  if (file_from < chunk_.FileOffset(pos_) || file_to < file_from || file_to - base > chunk_.length()) {
    return Status::Corrupt("page range [" + std::to_string(file_from) + ", " + std::to_string(file_to) +
                           ") is not in the column chunk after the pages read (at " +
                           std::to_string(chunk_.FileOffset(pos_)) + ", chunk ends at " +
                           std::to_string(base + chunk_.length()) + ")");
  }
  ranged_ = true;
  data_page_ordinal_ = data_page_ordinal;
  pos_ = file_from - base;
  stop_ = file_to - base;
  chunk_.set_read_cap(stop_);
  return true;
}

Result<PageReader::HeaderSummary> PageReader::InspectHeader(uint64_t file_offset, uint64_t size,
                                                            int64_t data_page_ordinal) {
  const uint64_t base = chunk_.FileOffset(0);
  if (file_offset < base || file_offset - base > chunk_.length() || size > chunk_.length() - (file_offset - base)) {
    return Status::Corrupt("page at " + std::to_string(file_offset) + " of " + std::to_string(size) +
                           " bytes is not in the column chunk");
  }
  const uint64_t at = file_offset - base;
  if (cipher_) return InspectEncryptedHeader(at, size, data_page_ordinal, /*first_page=*/false);
  const uint64_t limit = std::min<uint64_t>(size, static_cast<uint64_t>(options_.max_page_header_size));
  // Headers are small (a few dozen bytes, more with statistics): a first
  // read of 64 bytes, twice as many while that cuts the header short.
  uint64_t n = std::min<uint64_t>(limit, 64);
  format::PageHeader header;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> bytes, chunk_.Peek(at, n, &header_scratch_));
    thrift::CompactReader reader(bytes.data(), bytes.size(), format::ThriftLimitsFrom(options_), file_offset);
    header = format::PageHeader();
    if (format::Read(reader, &header)) {
      if (chunk_.is_view()) viewed_bytes_ += static_cast<int64_t>(reader.position());
      return Summarize(header, reader.position(), static_cast<uint64_t>(std::max(header.compressed_page_size, 0)));
    }
    if (n >= limit) {
      Status st = reader.status();
      st.AddContext("decoding the page header");
      return std::move(st).WithFileOffset(file_offset);
    }
    n = std::min(limit, n * 2);
  }
}

Result<PageReader::HeaderSummary> PageReader::InspectEncryptedHeader(uint64_t at, uint64_t size,
                                                                     int64_t data_page_ordinal, bool first_page) {
  const uint64_t file_offset = chunk_.FileOffset(at);
  auto fail = [&](Status st) { return std::move(st).AddContext("decoding the page header").WithFileOffset(file_offset); };
  std::span<const uint8_t> prefix;
  if (size >= crypto::kLengthSize) {
    PARQ_ASSIGN_OR_RETURN(prefix, chunk_.Peek(at, crypto::kLengthSize, &header_scratch_));
  }
  auto module_size = HeaderModuleSize(prefix, size, options_.max_page_header_size);
  if (!module_size.ok()) return fail(std::move(module_size).status());
  PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> module, chunk_.Peek(at, *module_size, &header_scratch_));
  format::PageHeader header;
  Status st = DecryptPageHeader(*cipher_, module, first_page, first_page && md_.dictionary_page_offset.has_value(),
                                data_page_ordinal, format::ThriftLimitsFrom(options_), &header_plain_, &header);
  if (!st.ok()) return fail(std::move(st));
  if (chunk_.is_view()) viewed_bytes_ += static_cast<int64_t>(*module_size);
  uint64_t body = static_cast<uint64_t>(std::max(header.compressed_page_size, 0));
  if (!cipher_->cipher.module_aads() && body >= crypto::kLengthSize && body <= size - *module_size) {
    PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> body_prefix,
                          chunk_.Peek(at + *module_size, crypto::kLengthSize, &header_scratch_));
    body = EncryptedBodySize(*cipher_, static_cast<PageType>(header.type), body, body_prefix);
  }
  return Summarize(header, *module_size, body);
}

PageReader::HeaderSummary PageReader::Summarize(const format::PageHeader& header, uint64_t header_size,
                                                uint64_t body_size) {
  HeaderSummary out;
  out.type = static_cast<PageType>(header.type);
  out.size_in_file = header_size + body_size;
  if (header.data_page_header) {
    out.num_values = header.data_page_header->num_values;
    if (header.data_page_header->statistics) out.statistics = ToEncodedStatistics(*header.data_page_header->statistics);
  }
  if (header.data_page_header_v2) {
    out.num_values = header.data_page_header_v2->num_values;
    out.num_rows = header.data_page_header_v2->num_rows;
    if (header.data_page_header_v2->statistics) {
      out.statistics = ToEncodedStatistics(*header.data_page_header_v2->statistics);
    }
  }
  return out;
}

Result<std::vector<PageReader::HeaderPage>> PageReader::ScanDataPageHeaders() {
  const uint64_t base = chunk_.FileOffset(0), length = chunk_.length();
  std::vector<HeaderPage> pages;
  int64_t values = 0;
  for (uint64_t at = 0; at < length && !(!pages.empty() && values >= md_.num_values);) {
    // An encrypted column's header modules: the chunk's first may be its
    // dictionary page's (DecryptPageHeader tries both), the others are data
    // page `pages.size()`'s (other page types have no AAD of their own: the
    // walk fails on them, and the pages are then not pruned).
    const auto ordinal = static_cast<int64_t>(pages.size());
    PARQ_ASSIGN_OR_RETURN(HeaderSummary h, cipher_ ? InspectEncryptedHeader(at, length - at, ordinal, at == 0)
                                                   : InspectHeader(base + at, length - at, ordinal));
    if (h.size_in_file > length - at) {
      return Status::Corrupt("page at " + std::to_string(base + at) + " of " + std::to_string(h.size_in_file) +
                             " bytes runs past the column chunk");
    }
    const uint64_t size = h.size_in_file;  // the header's bytes at least: never 0
    if (h.type == PageType::kDataPage || h.type == PageType::kDataPageV2) {
      values += h.num_values;
      pages.push_back({base + at, std::move(h)});
    }
    at += size;
  }
  return pages;
}

Result<uint64_t> PageReader::DecodeHeader(format::PageHeader* header, int64_t held_aside) {
  const uint64_t header_offset = chunk_.FileOffset(pos_);
  const uint64_t limit = std::min<uint64_t>(chunk_.length() - pos_,
                                            static_cast<uint64_t>(options_.max_page_header_size));
  // A header is decoded from the bytes the window holds; one they cut short
  // is decoded again once the window holds twice as many (at least
  // kHeaderProbe), up to the limit.
  uint64_t available = std::min(chunk_.HeldFrom(pos_), limit);
  while (true) {
    if (available > 0 || limit == 0) {  // with no bytes allowed, fail here
      thrift::CompactReader reader(chunk_.At(pos_), static_cast<size_t>(available),
                                   format::ThriftLimitsFrom(options_), header_offset);
      *header = format::PageHeader();
      if (format::Read(reader, header)) return pos_ + reader.position();
      if (available >= limit) {
        Status st = reader.status();
        st.AddContext("decoding the page header");
        return st;
      }
    }
    const uint64_t want = std::min(limit, std::max(available * 2, kHeaderProbe));
    PARQ_RETURN_IF_ERROR(chunk_.Ensure(pos_, pos_ + want, HeldBesideWindows(held_aside)));
    available = std::min(chunk_.HeldFrom(pos_), limit);
  }
}

Result<uint64_t> PageReader::DecodeEncryptedHeader(format::PageHeader* header, int64_t held_aside) {
  const uint64_t left = chunk_.length() - pos_;
  std::span<const uint8_t> prefix;  // the module's length, when the chunk has it
  if (left >= crypto::kLengthSize) {
    PARQ_RETURN_IF_ERROR(chunk_.Ensure(pos_, pos_ + crypto::kLengthSize, HeldBesideWindows(held_aside)));
    prefix = {chunk_.At(pos_), crypto::kLengthSize};
  }
  PARQ_ASSIGN_OR_RETURN(const uint64_t size, HeaderModuleSize(prefix, left, options_.max_page_header_size));
  PARQ_RETURN_IF_ERROR(chunk_.Ensure(pos_, pos_ + size, HeldBesideWindows(held_aside)));
  // The first page of the chunk: nothing read yet, nor jumped over.
  const bool first = ordinal_ == 0 && !seen_data_page_ && data_page_ordinal_ == 0;
  PARQ_RETURN_IF_ERROR(DecryptPageHeader(*cipher_, {chunk_.At(pos_), size}, first,
                                         md_.dictionary_page_offset.has_value(), data_page_ordinal_,
                                         format::ThriftLimitsFrom(options_), &header_plain_, header));
  return pos_ + size;
}

Result<uint64_t> PageReader::EncryptedBodyEnd(const format::PageHeader& header, uint64_t body_start,
                                              int64_t held_aside) {
  PARQ_ASSIGN_OR_RETURN(const uint64_t end, BodyEnd(header, body_start));
  if (cipher_->cipher.module_aads() || end - body_start < crypto::kLengthSize) return end;
  PARQ_RETURN_IF_ERROR(chunk_.Ensure(body_start, body_start + crypto::kLengthSize, HeldBesideWindows(held_aside)));
  const uint64_t size = EncryptedBodySize(*cipher_, static_cast<PageType>(header.type), end - body_start,
                                          {chunk_.At(body_start), crypto::kLengthSize});
  if (size > chunk_.length() - body_start) {
    return Status::Corrupt("encrypted page module of " + std::to_string(size) +
                           " bytes runs past the end of its column chunk");
  }
  return body_start + size;
}

Status PageReader::DecryptBody(PageType type, const PageTarget& target, std::span<const uint8_t>* body) {
  const bool dictionary = type == PageType::kDictionaryPage;
  const auto kind = dictionary ? crypto::ModuleType::kDictionaryPage : crypto::ModuleType::kDataPage;
  PARQ_RETURN_IF_ERROR(cipher_->Decrypt(kind, dictionary ? -1 : data_page_ordinal_, *body, &target.slot->decrypted));
  if (!dictionary) ++data_page_ordinal_;
  *body = target.slot->decrypted.span();
  return Status::OK();
}

Result<uint64_t> PageReader::BodyEnd(const format::PageHeader& header, uint64_t body_start) const {
  const int32_t compressed = header.compressed_page_size;
  const int32_t uncompressed = header.uncompressed_page_size;
  if (compressed < 0 || uncompressed < 0) {
    return Status::Corrupt("negative page size (compressed " + std::to_string(compressed) +
                           ", uncompressed " + std::to_string(uncompressed) + ")");
  }
  if (static_cast<uint64_t>(compressed) > chunk_.length() - body_start) {
    return Status::Corrupt("page of " + std::to_string(compressed) +
                           " bytes runs past the end of its column chunk (" +
                           std::to_string(chunk_.length() - body_start) + " bytes left)");
  }
  return body_start + static_cast<uint64_t>(compressed);
}

Status PageReader::CheckPageSize(const format::PageHeader& header, PageType type,
                                 int64_t held_aside) const {
  const int32_t compressed = header.compressed_page_size;
  const int32_t uncompressed = header.uncompressed_page_size;
  if (uncompressed > options_.max_page_size) {
    return Status::LimitExceeded("page of " + std::to_string(uncompressed) +
                                 " uncompressed bytes exceeds max_page_size " +
                                 std::to_string(options_.max_page_size));
  }
  if (uncompressed > (1 << 20) &&
      uncompressed / std::max<int64_t>(compressed, 1) > options_.max_decompression_ratio) {
    return Status::LimitExceeded("page claims " + std::to_string(uncompressed) + " bytes from " +
                                 std::to_string(compressed) +
                                 " compressed, beyond max_decompression_ratio");
  }
  // A dictionary page is checked with what the column reader keeps of it.
  if (type != PageType::kDictionaryPage && codec_->type() != Compression::kUncompressed) {
    return CheckAllocation(uncompressed, "page", held_aside);
  }
  return Status::OK();
}

Status PageReader::VerifyChecksum(const format::PageHeader& header,
                                  std::span<const uint8_t> body) const {
  if (!options_.verify_checksums) return Status::OK();
  return VerifyPageCrc(header, body);
}

Status PageReader::ReadDictionaryPage(const format::PageHeader& header,
                                      std::span<const uint8_t> body, const PageTarget& target,
                                      Page* page) {
  if (!header.dictionary_page_header) {
    return Status::Corrupt("dictionary page without a dictionary_page_header");
  }
  if (seen_data_page_) return Status::Corrupt("dictionary page after a data page");
  // A second one would silently replace the first, whose indices the data
  // pages may use (Arrow refuses such chunks too).
  if (first_dictionary_offset_) {
    return Status::Corrupt("second dictionary page in the column chunk (the first at file offset " +
                           std::to_string(*first_dictionary_offset_) + ")");
  }
  first_dictionary_offset_ = page->file_offset;
  const auto& h = *header.dictionary_page_header;
  if (h.num_values < 0) {
    return Status::Corrupt("negative dictionary size " + std::to_string(h.num_values));
  }
  // The column reader keeps the page (counted twice, as when it kept a copy)
  // and decodes one entry per value.
  const int64_t uncompressed = header.uncompressed_page_size;
  const int64_t kept = uncompressed + int64_t{h.num_values} * 16;
  PARQ_RETURN_IF_ERROR(CheckAllocation(uncompressed + kept, "dictionary page", target.held_aside));
  dictionary_bytes_ = kept;
  page->num_values = h.num_values;
  page->encoding = static_cast<Encoding>(h.encoding);
  page->dictionary_is_sorted = h.is_sorted.value_or(false);
  // Into dictionary_page_, decompressed at once (never deferred: it is read
  // once a chunk), or copied there when uncompressed, so that the column
  // reader can take it whole (Page::dictionary_buffer): the page is held
  // once, not in the chunk's window or a page slot beside the reader's copy.
  PARQ_RETURN_IF_ERROR(
      Decompress(body, static_cast<size_t>(uncompressed), dictionary_page_, nullptr, &page->values));
  if (page->values.data() != dictionary_page_.data()) {
    dictionary_page_.Resize(page->values.size());
    if (!page->values.empty()) std::memcpy(dictionary_page_.data(), page->values.data(), page->values.size());
    page->values = {dictionary_page_.data(), dictionary_page_.size()};
  }
  page->dictionary_buffer = &dictionary_page_;
  return Status::OK();
}

Status PageReader::ReadDataPage(const format::PageHeader& header, std::span<const uint8_t> body,
                                const PageTarget& target, Page* page) {
  if (!header.data_page_header) return Status::Corrupt("data page without a data_page_header");
  const auto& h = *header.data_page_header;
  if (h.num_values < 0) {
    return Status::Corrupt("negative value count " + std::to_string(h.num_values));
  }
  page->num_values = h.num_values;
  page->encoding = static_cast<Encoding>(h.encoding);
  page->definition_level_encoding = static_cast<Encoding>(h.definition_level_encoding);
  page->repetition_level_encoding = static_cast<Encoding>(h.repetition_level_encoding);
  page->statistics = h.statistics ? &*h.statistics : nullptr;
  return Decompress(body, static_cast<size_t>(header.uncompressed_page_size), target.slot->buffer, target.deferred,
                    &page->values);
}

Status PageReader::ReadDataPageV2(const format::PageHeader& header, std::span<const uint8_t> body,
                                  const PageTarget& target, Page* page) {
  if (!header.data_page_header_v2) {
    return Status::Corrupt("data page v2 without a data_page_header_v2");
  }
  const auto& h = *header.data_page_header_v2;
  // The body's bytes: compressed_page_size, less the framing when encrypted.
  const int64_t compressed = static_cast<int64_t>(body.size());
  const int32_t uncompressed = header.uncompressed_page_size;
  const int64_t rep_len = h.repetition_levels_byte_length;
  const int64_t def_len = h.definition_levels_byte_length;
  if (h.num_values < 0 || h.num_nulls < 0 || h.num_rows < 0 || h.num_nulls > h.num_values ||
      rep_len < 0 || def_len < 0 || rep_len + def_len > compressed ||
      rep_len + def_len > uncompressed) {
    return Status::Corrupt("inconsistent data page v2 header (values " +
                           std::to_string(h.num_values) + ", nulls " + std::to_string(h.num_nulls) +
                           ", rows " + std::to_string(h.num_rows) + ", level bytes " +
                           std::to_string(rep_len) + "+" + std::to_string(def_len) + ", page " +
                           std::to_string(compressed) + ")");
  }
  page->num_values = h.num_values;
  page->num_nulls = h.num_nulls;
  page->num_rows = h.num_rows;
  page->encoding = static_cast<Encoding>(h.encoding);
  page->statistics = h.statistics ? &*h.statistics : nullptr;
  page->repetition_levels = body.subspan(0, static_cast<size_t>(rep_len));
  page->definition_levels = body.subspan(static_cast<size_t>(rep_len), static_cast<size_t>(def_len));
  const std::span<const uint8_t> values = body.subspan(static_cast<size_t>(rep_len + def_len));
  const size_t values_uncompressed = static_cast<size_t>(uncompressed - rep_len - def_len);
  if (h.is_compressed.value_or(true)) {
    return Decompress(values, values_uncompressed, target.slot->buffer, target.deferred, &page->values);
  }
  if (values.size() != values_uncompressed) {
    return Status::Corrupt("uncompressed v2 page values have " + std::to_string(values.size()) +
                           " bytes, header says " + std::to_string(values_uncompressed));
  }
  page->values = values;
  return Status::OK();
}

Status PageReader::Decompress(std::span<const uint8_t> src, size_t dst_size, Buffer& dst,
                              DeferredDecompression* deferred, std::span<const uint8_t>* out) {
  if (codec_->type() == Compression::kUncompressed) {
    if (src.size() != dst_size) {
      return Status::Corrupt("uncompressed page has " + std::to_string(src.size()) +
                             " bytes but its header says " + std::to_string(dst_size));
    }
    *out = src;
    return Status::OK();
  }
  // A zero-byte section is empty whatever the codec: some writers emit empty
  // v2 pages whose body was never run through the compressor.
  if (src.empty() && dst_size == 0) {
    *out = {};
    return Status::OK();
  }
  dst.Resize(dst_size);
  *out = {dst.data(), dst_size};
  if (deferred != nullptr) {
    *deferred = {codec_.get(), {src.data(), src.size(), dst.data(), dst_size}};
    return Status::OK();
  }
  return codec_->Decompress(src.data(), src.size(), dst.data(), dst_size);
}

Status PageReader::CheckAllocation(int64_t page_bytes, const char* what, int64_t held_aside) const {
  const int64_t held = chunk_.window_bytes() + HeldBesideWindows(held_aside);
  if (page_bytes > options_.max_allocation - held) {
    return Status::LimitExceeded(std::string(what) + " of " + std::to_string(page_bytes) +
                                 " bytes beside the " + std::to_string(held) +
                                 " the column reader holds exceeds max_allocation " +
                                 std::to_string(options_.max_allocation));
  }
  return Status::OK();
}

}  // namespace parq::page
