#include "page/page_reader.h"

#include <algorithm>

#include "format/footer.h"
#include "thrift/compact_reader.h"
#include "util/crc32.h"

namespace parq::page {
namespace {

// Bytes of a page header asked of a window that holds too few to decode it
// (see ReadPage); it is read with the rest of the window, so it costs no
// extra read unless chunk_read_size is smaller.
constexpr uint64_t kHeaderProbe = 256;

Status PageError(Status st, int64_t ordinal, uint64_t offset) {
  return std::move(st).WithPage(ordinal).WithFileOffset(offset);
}

}  // namespace

Result<std::unique_ptr<PageReader>> PageReader::Open(const RandomAccessFile& file,
                                                     const format::ColumnMetaData& md,
                                                     const ReaderOptions& options,
                                                     const std::optional<std::string>& created_by,
                                                     std::shared_ptr<BufferPool> buffer_pool,
                                                     std::span<const uint8_t> chunk_bytes) {
  std::unique_ptr<PageReader> reader(new PageReader(md, options));
  const bool in_memory = file.data() != nullptr || chunk_bytes.data() != nullptr;
  if (buffer_pool != nullptr) {
    reader->decompressed_ = buffer_pool->Take();
    reader->ahead_buffer_ = buffer_pool->Take();
    // The second window is taken when first needed: a chunk of one window
    // never needs it (see EnsureAvailable).
    if (!in_memory) reader->windows_[0] = buffer_pool->Take();
    reader->buffer_pool_ = std::move(buffer_pool);
  }
  PARQ_ASSIGN_OR_RETURN(reader->codec_,
                        compression::MakeCodec(static_cast<Compression>(md.codec)));
  if (md.num_values == 0) {
    // Nothing to read; some writers leave such chunks' offsets unset (0).
    return reader;
  }
  PARQ_ASSIGN_OR_RETURN(ChunkRange range, ComputeChunkRange(md, file.size(), created_by));
  reader->chunk_offset_ = range.offset;
  reader->chunk_length_ = range.length;
  if (chunk_bytes.data() != nullptr) {
    if (chunk_bytes.size() != range.length) {
      return Status::InvalidArgument("pre-buffered chunk of " + std::to_string(chunk_bytes.size()) +
                                     " bytes for a chunk of " + std::to_string(range.length));
    }
    reader->chunk_ = chunk_bytes;
  } else if (const uint8_t* base = file.data()) {
    // The chunk is a view of the file's own memory: tell the file when done.
    reader->chunk_ = {base + range.offset, range.length};
    reader->mapped_file_ = &file;
    file.WillRead(range.offset, range.length);
  } else {
    reader->file_ = &file;  // read a window at a time by ReadPage
  }
  return reader;
}

PageReader::~PageReader() {
  Unpair();
  if (mapped_file_ != nullptr) mapped_file_->DoneWith(chunk_offset_, chunk_.size());
  if (buffer_pool_ != nullptr) {
    // In the reverse of the order Open takes them, so that the next reader
    // gets each buffer back in the same role and size.
    buffer_pool_->Give(std::move(windows_[1]));
    buffer_pool_->Give(std::move(windows_[0]));
    buffer_pool_->Give(std::move(ahead_buffer_));
    buffer_pool_->Give(std::move(decompressed_));
  }
}

void PageReader::Unpair() {
  if (partner_ != nullptr) partner_->partner_ = nullptr;
  partner_ = nullptr;
}

void PageReader::Pair(PageReader& a, PageReader& b) {
  if (&a == &b) return;
  a.Unpair();
  b.Unpair();
  a.partner_ = &b;
  b.partner_ = &a;
}

Status PageReader::Decompress(const uint8_t* src, size_t src_size, size_t dst_size, Buffer* dst,
                              std::span<const uint8_t>* out) {
  if (codec_->type() == Compression::kUncompressed) {
    if (src_size != dst_size) {
      return Status::Corrupt("uncompressed page has " + std::to_string(src_size) +
                             " bytes but its header says " + std::to_string(dst_size));
    }
    *out = {src, src_size};
    return Status::OK();
  }
  // A zero-byte section is empty whatever the codec: some writers emit empty
  // v2 pages whose body was never run through the compressor.
  if (src_size == 0 && dst_size == 0) {
    *out = {};
    return Status::OK();
  }
  dst->Resize(dst_size);
  *out = {dst->data(), dst_size};
  if (reading_ahead_) {
    pending_ = {true, {src, src_size, dst->data(), dst_size}};
    return Status::OK();
  }
  return codec_->Decompress(src, src_size, dst->data(), dst_size);
}

namespace {
// Where a data page's statistics lie within its header.
const format::Statistics* StatisticsIn(const format::PageHeader& h) {
  if (h.data_page_header && h.data_page_header->statistics) return &*h.data_page_header->statistics;
  if (h.data_page_header_v2 && h.data_page_header_v2->statistics) {
    return &*h.data_page_header_v2->statistics;
  }
  return nullptr;
}
}  // namespace

void PageReader::ReadAheadDeferred() {
  // Next writes header_ and decompressed_, which the current page uses.
  std::swap(header_, ahead_header_);
  std::swap(decompressed_, ahead_buffer_);
  reading_ahead_ = true;
  pending_ = {};
  ahead_ = ReadPage(&ahead_page_);
  reading_ahead_ = false;
  std::swap(header_, ahead_header_);
  std::swap(decompressed_, ahead_buffer_);
  if (!ahead_->ok() || !**ahead_) pending_ = {};
}

void PageReader::ReadAheadTogether(PageReader& a, PageReader& b) {
  const bool read_a = !a.ahead_, read_b = !b.ahead_;
  if (read_a) a.ReadAheadDeferred();
  if (read_b) b.ReadAheadDeferred();
  PendingDecompression* jobs[2] = {read_a ? &a.pending_ : nullptr, read_b ? &b.pending_ : nullptr};
  PageReader* readers[2] = {&a, &b};
  Status status[2];
  if (jobs[0] && jobs[0]->active && jobs[1] && jobs[1]->active &&
      a.codec_->type() == b.codec_->type()) {
    a.codec_->DecompressTwo(jobs[0]->block, jobs[1]->block, &status[0], &status[1]);
  } else {
    for (int i = 0; i < 2; ++i) {
      if (jobs[i] && jobs[i]->active) {
        const auto& job = jobs[i]->block;
        status[i] = readers[i]->codec_->Decompress(job.input, job.input_size, job.output, job.output_size);
      }
    }
  }
  for (int i = 0; i < 2; ++i) {
    if (jobs[i] && jobs[i]->active && !status[i].ok()) {
      const Page& page = readers[i]->ahead_page_;
      readers[i]->ahead_ = PageError(std::move(status[i]), page.ordinal, page.file_offset);
    }
    if (jobs[i]) *jobs[i] = {};
  }
}

int64_t PageReader::HeldBesideWindows() const {
  // While reading ahead, the current page's buffer is ahead_buffer_.
  return dictionary_bytes_ + (reading_ahead_ ? static_cast<int64_t>(ahead_buffer_.size()) : 0);
}

Status PageReader::CheckAllocation(int64_t page_bytes, const char* what) const {
  const int64_t held = static_cast<int64_t>(windows_[0].size() + windows_[1].size()) + HeldBesideWindows();
  if (page_bytes > options_.max_allocation - held) {
    return Status::LimitExceeded(std::string(what) + " of " + std::to_string(page_bytes) +
                                 " bytes beside the " + std::to_string(held) +
                                 " the column reader holds exceeds max_allocation " +
                                 std::to_string(options_.max_allocation));
  }
  return Status::OK();
}

Result<bool> PageReader::Next(Page* page) {
  if (!ahead_ && partner_ != nullptr && !partner_->ahead_) ReadAheadTogether(*this, *partner_);
  if (ahead_) {
    Result<bool> read = std::move(*ahead_);
    ahead_.reset();
    if (read.ok() && *read) {
      std::swap(header_, ahead_header_);
      std::swap(decompressed_, ahead_buffer_);
      *page = ahead_page_;
      page->statistics = page->statistics ? StatisticsIn(header_) : nullptr;
    }
    return read;
  }
  return ReadPage(page);
}

Status PageReader::EnsureAvailable(uint64_t end) {
  if (end <= WindowEnd()) return Status::OK();
  // Only a file read with ReadAt gets here: a mapped chunk is whole.
  const uint64_t need = end - pos_;
  const uint64_t left = chunk_length_ - pos_;
  const uint64_t read_size =
      options_.chunk_read_size > 0 ? static_cast<uint64_t>(options_.chunk_read_size) : left;
  // The window to fill: the other one on this ReadPage's first read, which
  // leaves the page returned before untouched; after that, this one (it then
  // holds only bytes from this call's pages).
  const int target = refilled_ ? window_ : 1 - window_;
  const int64_t held_elsewhere = static_cast<int64_t>(windows_[1 - target].size()) + HeldBesideWindows();
  const uint64_t room = static_cast<uint64_t>(std::max<int64_t>(0, options_.max_allocation - held_elsewhere));
  if (need > room) {
    return Status::LimitExceeded("reading " + std::to_string(need) + " bytes of the column chunk beside the " +
                                 std::to_string(held_elsewhere) +
                                 " the column reader holds exceeds max_allocation " +
                                 std::to_string(options_.max_allocation));
  }
  const uint64_t size = std::min({left, std::max(need, read_size), std::max(need, room)});
  // The bytes from pos_ that the window already holds are read again with
  // the rest (as cheap as a copy from the old window, and simpler).
  Buffer& buffer = windows_[target];
  if (buffer.capacity() == 0 && buffer_pool_ != nullptr) buffer = buffer_pool_->Take();
  buffer.Clear();  // nothing in it is kept: a Resize that grows copies nothing
  buffer.Resize(size);
  window_ = target;
  window_start_ = pos_;
  chunk_ = {};  // until the read succeeds (the buffer may have moved)
  refilled_ = true;
  if (Status st = file_->ReadAt(chunk_offset_ + pos_, size, buffer.data()); !st.ok()) {
    st.AddContext("reading the column chunk");
    return st;
  }
  chunk_ = {buffer.data(), size};
  return Status::OK();
}

Result<bool> PageReader::ReadPage(Page* page) {
  refilled_ = false;
  while (true) {
    // Stop at the end of the bytes, or once every value the chunk promises
    // has been seen (the padded range of old files may hold stray bytes).
    if (pos_ >= chunk_length_) return false;
    if (seen_data_page_ && values_seen_ >= md_.num_values) return false;

    const uint64_t header_offset = chunk_offset_ + pos_;
    const uint64_t header_limit =
        std::min<uint64_t>(chunk_length_ - pos_, static_cast<uint64_t>(options_.max_page_header_size));
    // A header is decoded from the bytes the window holds; one they cut
    // short is decoded again once the window holds twice as many (at least
    // kHeaderProbe), up to the limit.
    size_t header_size = 0;
    uint64_t available = std::min(WindowEnd() - std::min(WindowEnd(), pos_), header_limit);
    while (true) {
      if (available > 0 || header_limit == 0) {  // with no bytes allowed, fail here
        thrift::CompactReader reader(ChunkByte(pos_), static_cast<size_t>(available),
                                     format::ThriftLimitsFrom(options_), header_offset);
        header_ = format::PageHeader();
        if (format::Read(reader, &header_)) {
          header_size = reader.position();
          break;
        }
        if (available >= header_limit) {
          Status st = reader.status();
          st.AddContext("decoding the page header");
          return PageError(std::move(st), ordinal_, header_offset);
        }
      }
      const uint64_t want = std::min(header_limit, std::max(available * 2, kHeaderProbe));
      if (Status st = EnsureAvailable(pos_ + want); !st.ok()) {
        return PageError(std::move(st), ordinal_, header_offset);
      }
      available = std::min(WindowEnd() - pos_, header_limit);
    }
    const int32_t compressed = header_.compressed_page_size;
    const int32_t uncompressed = header_.uncompressed_page_size;
    if (compressed < 0 || uncompressed < 0) {
      return PageError(Status::Corrupt("negative page size (compressed " +
                                       std::to_string(compressed) + ", uncompressed " +
                                       std::to_string(uncompressed) + ")"),
                       ordinal_, header_offset);
    }
    const uint64_t body_start = pos_ + header_size;
    if (static_cast<uint64_t>(compressed) > chunk_length_ - body_start) {
      return PageError(Status::Corrupt("page of " + std::to_string(compressed) +
                                       " bytes runs past the end of its column chunk (" +
                                       std::to_string(chunk_length_ - body_start) + " bytes left)"),
                       ordinal_, header_offset);
    }
    const uint64_t body_end = body_start + static_cast<uint64_t>(compressed);
    const int64_t ordinal = ordinal_++;

    const auto type = static_cast<PageType>(header_.type);
    if (type != PageType::kDataPage && type != PageType::kDataPageV2 &&
        type != PageType::kDictionaryPage) {
      pos_ = body_end;
      continue;  // INDEX_PAGE and unknown page types carry nothing for the reader
    }
    if (Status st = EnsureAvailable(body_end); !st.ok()) {
      return PageError(std::move(st), ordinal, header_offset);
    }
    const uint8_t* body = ChunkByte(body_start);
    pos_ = body_end;

    if (uncompressed > options_.max_page_size) {
      return PageError(Status::LimitExceeded("page of " + std::to_string(uncompressed) +
                                             " uncompressed bytes exceeds max_page_size " +
                                             std::to_string(options_.max_page_size)),
                       ordinal, header_offset);
    }
    if (uncompressed > (1 << 20) &&
        uncompressed / std::max<int64_t>(compressed, 1) > options_.max_decompression_ratio) {
      return PageError(Status::LimitExceeded("page claims " + std::to_string(uncompressed) +
                                             " bytes from " + std::to_string(compressed) +
                                             " compressed, beyond max_decompression_ratio"),
                       ordinal, header_offset);
    }
    if (type != PageType::kDictionaryPage && codec_->type() != Compression::kUncompressed) {
      if (Status st = CheckAllocation(uncompressed, "page"); !st.ok()) {
        return PageError(std::move(st), ordinal, header_offset);
      }
    }
    if (options_.verify_checksums && header_.crc) {
      const uint32_t computed = util::Crc32(0, body, static_cast<size_t>(compressed));
      if (computed != static_cast<uint32_t>(*header_.crc)) {
        char msg[96];
        std::snprintf(msg, sizeof msg, "page CRC32 mismatch: stored %08x, computed %08x",
                      static_cast<uint32_t>(*header_.crc), computed);
        return PageError(Status::Corrupt(msg), ordinal, header_offset);
      }
    }

    *page = Page();
    page->type = type;
    page->ordinal = ordinal;
    page->file_offset = header_offset;

    if (type == PageType::kDictionaryPage) {
      if (!header_.dictionary_page_header) {
        return PageError(Status::Corrupt("dictionary page without a dictionary_page_header"),
                         ordinal, header_offset);
      }
      if (seen_data_page_) {
        return PageError(Status::Corrupt("dictionary page after a data page"), ordinal,
                         header_offset);
      }
      const auto& h = *header_.dictionary_page_header;
      if (h.num_values < 0) {
        return PageError(Status::Corrupt("negative dictionary size " + std::to_string(h.num_values)),
                         ordinal, header_offset);
      }
      // The column reader copies the page and decodes one entry per value.
      const int64_t kept = int64_t{uncompressed} + int64_t{h.num_values} * 16;
      if (Status st = CheckAllocation(int64_t{uncompressed} + kept, "dictionary page"); !st.ok()) {
        return PageError(std::move(st), ordinal, header_offset);
      }
      dictionary_bytes_ = kept;
      page->num_values = h.num_values;
      page->encoding = static_cast<Encoding>(h.encoding);
      page->dictionary_is_sorted = h.is_sorted.value_or(false);
      Status st = Decompress(body, static_cast<size_t>(compressed), static_cast<size_t>(uncompressed),
                             &decompressed_, &page->values);
      if (!st.ok()) return PageError(std::move(st), ordinal, header_offset);
      return true;
    }

    if (type == PageType::kDataPage) {
      if (!header_.data_page_header) {
        return PageError(Status::Corrupt("data page without a data_page_header"), ordinal,
                         header_offset);
      }
      const auto& h = *header_.data_page_header;
      if (h.num_values < 0) {
        return PageError(Status::Corrupt("negative value count " + std::to_string(h.num_values)),
                         ordinal, header_offset);
      }
      page->num_values = h.num_values;
      page->encoding = static_cast<Encoding>(h.encoding);
      page->definition_level_encoding = static_cast<Encoding>(h.definition_level_encoding);
      page->repetition_level_encoding = static_cast<Encoding>(h.repetition_level_encoding);
      page->statistics = h.statistics ? &*h.statistics : nullptr;
      Status st = Decompress(body, static_cast<size_t>(compressed), static_cast<size_t>(uncompressed),
                             &decompressed_, &page->values);
      if (!st.ok()) return PageError(std::move(st), ordinal, header_offset);
    } else {
      if (!header_.data_page_header_v2) {
        return PageError(Status::Corrupt("data page v2 without a data_page_header_v2"), ordinal,
                         header_offset);
      }
      const auto& h = *header_.data_page_header_v2;
      const int64_t rep_len = h.repetition_levels_byte_length;
      const int64_t def_len = h.definition_levels_byte_length;
      if (h.num_values < 0 || h.num_nulls < 0 || h.num_rows < 0 || h.num_nulls > h.num_values ||
          rep_len < 0 || def_len < 0 || rep_len + def_len > compressed ||
          rep_len + def_len > uncompressed) {
        return PageError(Status::Corrupt("inconsistent data page v2 header (values " +
                                         std::to_string(h.num_values) + ", nulls " +
                                         std::to_string(h.num_nulls) + ", rows " +
                                         std::to_string(h.num_rows) + ", level bytes " +
                                         std::to_string(rep_len) + "+" + std::to_string(def_len) +
                                         ", page " + std::to_string(compressed) + ")"),
                         ordinal, header_offset);
      }
      page->num_values = h.num_values;
      page->num_nulls = h.num_nulls;
      page->num_rows = h.num_rows;
      page->encoding = static_cast<Encoding>(h.encoding);
      page->statistics = h.statistics ? &*h.statistics : nullptr;
      page->repetition_levels = {body, static_cast<size_t>(rep_len)};
      page->definition_levels = {body + rep_len, static_cast<size_t>(def_len)};
      const uint8_t* values = body + rep_len + def_len;
      const size_t values_compressed = static_cast<size_t>(compressed - rep_len - def_len);
      const size_t values_uncompressed = static_cast<size_t>(uncompressed - rep_len - def_len);
      Status st;
      if (h.is_compressed.value_or(true)) {
        st = Decompress(values, values_compressed, values_uncompressed, &decompressed_,
                        &page->values);
      } else if (values_compressed != values_uncompressed) {
        st = Status::Corrupt("uncompressed v2 page values have " +
                             std::to_string(values_compressed) + " bytes, header says " +
                             std::to_string(values_uncompressed));
      } else {
        page->values = {values, values_compressed};
      }
      if (!st.ok()) return PageError(std::move(st), ordinal, header_offset);
    }
    if (page->num_values > options_.max_values_per_page) {
      return PageError(Status::LimitExceeded("page claims " + std::to_string(page->num_values) +
                                             " values, beyond max_values_per_page"),
                       ordinal, header_offset);
    }
    seen_data_page_ = true;
    values_seen_ += page->num_values;
    return true;
  }
}

}  // namespace parq::page
