// page/page_writer.cc — page headers, compression and checksums for writing.
#include "page/page_writer.h"

#include <algorithm>
#include <limits>
#include <string>

#include "thrift/compact_writer.h"
#include "util/crc32.h"

namespace parq::page {
namespace {

Status CheckPageSize(size_t n, const char* what) {
  if (n > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    return Status::LimitExceeded(std::string(what) + " of " + std::to_string(n) +
                                 " bytes exceeds the format's 2 GiB page limit");
  }
  return Status::OK();
}

}  // namespace

// One page's working bytes, dropped with the call (a writer of many columns
// keeps none of them between pages).
struct PageWriter::Scratch {
  std::vector<uint8_t> levels_and_values;  // uncompressed v1 body of a page with levels; v2 levels
  Buffer compressed;                       // the compressed section (not zero-filled: the codec writes it)
  std::span<const uint8_t> body;           // what Emit stores after the header (and prefix)
  Buffer plain;                            // prefix + body, when both are there, for the body module
  Buffer module;                           // the body module
  Buffer header_module;
};

Result<std::unique_ptr<PageWriter>> PageWriter::Make(Compression codec, std::optional<int> level,
                                                     bool write_checksums, compression::CodecCache* codecs) {
  if (codec == Compression::kLz4) {
    return Status::InvalidArgument(
        "LZ4 (Hadoop-framed, deprecated) is not written; use LZ4_RAW (Compression::kLz4Raw)");
  }
  std::unique_ptr<compression::CodecCache> own;
  if (codecs == nullptr) {
    own = std::make_unique<compression::CodecCache>();
    codecs = own.get();
  }
  // The first codec, made now so that a bad level is refused here; it waits
  // in the cache for the first page.
  PARQ_RETURN_IF_ERROR(codecs->Acquire(codec, level).status());
  return std::unique_ptr<PageWriter>(new PageWriter(codec, level, write_checksums, codecs, std::move(own)));
}

Status PageWriter::Compress(const uint8_t* data, size_t size, Scratch* s) const {
  if (codec_type_ == Compression::kUncompressed) {
    s->body = {data, size};  // no copy
    return Status::OK();
  }
  PARQ_ASSIGN_OR_RETURN(compression::CodecCache::Lease codec, codecs_->Acquire(codec_type_, level_));
  s->compressed.Resize(codec->MaxCompressedSize(size));
  PARQ_ASSIGN_OR_RETURN(size_t n, codec->Compress(data, size, s->compressed.data(), s->compressed.size()));
  s->compressed.Resize(n);
  s->body = {s->compressed.data(), n};
  return Status::OK();
}

Result<WrittenPage> PageWriter::Emit(format::PageHeader* header, const std::vector<uint8_t>& prefix,
                                     size_t uncompressed_body, int64_t ordinal, Scratch* s,
                                     PageSink* out) const {
  if (cipher_) return EmitEncrypted(header, prefix, uncompressed_body, ordinal, s, out);
  const std::span<const uint8_t> body = s->body;
  size_t stored = prefix.size() + body.size();
  PARQ_RETURN_IF_ERROR(CheckPageSize(uncompressed_body, "uncompressed page"));
  PARQ_RETURN_IF_ERROR(CheckPageSize(stored, "compressed page"));
  header->uncompressed_page_size = static_cast<int32_t>(uncompressed_body);
  header->compressed_page_size = static_cast<int32_t>(stored);
  if (crc_) {
    uint32_t crc = util::Crc32(0, prefix.data(), prefix.size());
    crc = util::Crc32(crc, body.data(), body.size());
    header->crc = static_cast<int32_t>(crc);
  }
  thrift::CompactWriter w;
  format::Write(w, *header);
  uint8_t* to = out->Reserve(w.size() + stored);
  to = std::copy(w.data(), w.data() + w.size(), to);
  to = std::copy(prefix.begin(), prefix.end(), to);
  std::copy(body.begin(), body.end(), to);
  WrittenPage page;
  page.header_size = static_cast<int64_t>(w.size());
  page.uncompressed_size = page.header_size + static_cast<int64_t>(uncompressed_body);
  page.compressed_size = page.header_size + static_cast<int64_t>(stored);
  return page;
}

Result<WrittenPage> PageWriter::EmitEncrypted(format::PageHeader* header, const std::vector<uint8_t>& prefix,
                                              size_t uncompressed_body, int64_t ordinal, Scratch* s,
                                              PageSink* out) const {
  const bool dictionary = header->type == format::PageType::DICTIONARY_PAGE;
  const int64_t page = dictionary ? -1 : ordinal;
  std::span<const uint8_t> plain = s->body;
  if (!prefix.empty()) {
    s->plain.Resize(prefix.size() + s->body.size());
    std::copy(prefix.begin(), prefix.end(), s->plain.data());
    std::copy(s->body.begin(), s->body.end(), s->plain.data() + prefix.size());
    plain = s->plain.span();
  }
  Buffer& module = s->module;
  Buffer& header_module = s->header_module;
  PARQ_RETURN_IF_ERROR(CheckPageSize(uncompressed_body, "uncompressed page"));
  module.Resize(0);
  PARQ_RETURN_IF_ERROR(cipher_->Encrypt(dictionary ? crypto::ModuleType::kDictionaryPage : crypto::ModuleType::kDataPage,
                                        page, plain, &module));
  PARQ_RETURN_IF_ERROR(CheckPageSize(module.size(), "encrypted page"));
  header->uncompressed_page_size = static_cast<int32_t>(uncompressed_body);
  header->compressed_page_size = static_cast<int32_t>(module.size());
  if (crc_) header->crc = static_cast<int32_t>(util::Crc32(0, module.data(), module.size()));
  thrift::CompactWriter w;
  format::Write(w, *header);
  header_module.Resize(0);
  PARQ_RETURN_IF_ERROR(cipher_->Encrypt(
      dictionary ? crypto::ModuleType::kDictionaryPageHeader : crypto::ModuleType::kDataPageHeader, page,
      {w.data(), w.size()}, &header_module));
  uint8_t* to = out->Reserve(header_module.size() + module.size());
  to = std::copy(header_module.data(), header_module.data() + header_module.size(), to);
  std::copy(module.data(), module.data() + module.size(), to);
  WrittenPage written;
  written.header_size = static_cast<int64_t>(header_module.size());
  written.uncompressed_size = written.header_size + static_cast<int64_t>(uncompressed_body);
  written.compressed_size = written.header_size + static_cast<int64_t>(module.size());
  return written;
}

Result<WrittenPage> PageWriter::WriteDictionaryPage(const std::vector<uint8_t>& plain,
                                                    int32_t num_values, PageSink* out) const {
  Scratch s;
  PARQ_RETURN_IF_ERROR(Compress(plain.data(), plain.size(), &s));
  format::PageHeader h;
  h.type = format::PageType::DICTIONARY_PAGE;
  format::DictionaryPageHeader d;
  d.num_values = num_values;
  d.encoding = format::Encoding::PLAIN;
  h.dictionary_page_header = d;
  static const std::vector<uint8_t> kNone;
  return Emit(&h, kNone, plain.size(), -1, &s, out);
}

Result<WrittenPage> PageWriter::WriteDataPageV1(const DataPageInput& in, PageSink* out) const {
  Scratch s;
  std::vector<uint8_t>& staged = s.levels_and_values;
  const bool rep = in.rep_levels != nullptr && !in.rep_levels->empty();
  const bool def = in.def_levels != nullptr && !in.def_levels->empty();
  // The body is the levels, each after its 4-byte length, then the values.
  // Without levels (a required flat column) it is the values themselves,
  // compressed where they lie rather than copied first.
  std::span<const uint8_t> body(*in.values);
  if (rep || def) {
    staged.reserve(8 + (in.rep_levels ? in.rep_levels->size() : 0) + (in.def_levels ? in.def_levels->size() : 0) +
                     in.values->size());
    auto append_levels = [&](const std::vector<uint8_t>& levels) {
      uint32_t n = static_cast<uint32_t>(levels.size());
      uint8_t len[4] = {uint8_t(n), uint8_t(n >> 8), uint8_t(n >> 16), uint8_t(n >> 24)};
      staged.insert(staged.end(), len, len + 4);
      staged.insert(staged.end(), levels.begin(), levels.end());
    };
    if (rep) append_levels(*in.rep_levels);
    if (def) append_levels(*in.def_levels);
    staged.insert(staged.end(), in.values->begin(), in.values->end());
    body = staged;
  }
  PARQ_RETURN_IF_ERROR(Compress(body.data(), body.size(), &s));
  format::PageHeader h;
  h.type = format::PageType::DATA_PAGE;
  format::DataPageHeader d;
  d.num_values = in.num_values;
  d.encoding = static_cast<format::Encoding>(in.encoding);
  d.definition_level_encoding = format::Encoding::RLE;
  d.repetition_level_encoding = format::Encoding::RLE;
  d.statistics = in.statistics;
  h.data_page_header = std::move(d);
  static const std::vector<uint8_t> kNone;
  return Emit(&h, kNone, body.size(), in.page_ordinal, &s, out);
}

Result<WrittenPage> PageWriter::WriteDataPageV2(const DataPageInput& in, PageSink* out) const {
  Scratch s;
  std::vector<uint8_t>& staged = s.levels_and_values;
  size_t rep = in.rep_levels ? in.rep_levels->size() : 0;
  size_t def = in.def_levels ? in.def_levels->size() : 0;
  if (rep) staged.insert(staged.end(), in.rep_levels->begin(), in.rep_levels->end());
  if (def) staged.insert(staged.end(), in.def_levels->begin(), in.def_levels->end());
  // An empty values section (a page of nulls) is stored uncompressed: some
  // readers (hyparquet) fail to decompress an empty codec block.
  bool compressed = codec_type_ != Compression::kUncompressed && !in.values->empty();
  if (compressed) {
    PARQ_RETURN_IF_ERROR(Compress(in.values->data(), in.values->size(), &s));
  } else {
    s.body = {in.values->data(), in.values->size()};
  }
  format::PageHeader h;
  h.type = format::PageType::DATA_PAGE_V2;
  format::DataPageHeaderV2 d;
  d.num_values = in.num_values;
  d.num_nulls = in.num_nulls;
  d.num_rows = in.num_rows;
  d.encoding = static_cast<format::Encoding>(in.encoding);
  d.definition_levels_byte_length = static_cast<int32_t>(def);
  d.repetition_levels_byte_length = static_cast<int32_t>(rep);
  d.is_compressed = compressed;
  d.statistics = in.statistics;
  h.data_page_header_v2 = std::move(d);
  return Emit(&h, staged, rep + def + in.values->size(), in.page_ordinal, &s, out);
}

}  // namespace parq::page
