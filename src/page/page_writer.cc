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

Result<std::unique_ptr<PageWriter>> PageWriter::Make(Compression codec, std::optional<int> level,
                                                     bool write_checksums) {
  if (codec == Compression::kLz4) {
    return Status::InvalidArgument(
        "LZ4 (Hadoop-framed, deprecated) is not written; use LZ4_RAW (Compression::kLz4Raw)");
  }
  PARQ_ASSIGN_OR_RETURN(auto c, compression::MakeCodec(codec, level));
  return std::unique_ptr<PageWriter>(new PageWriter(std::move(c), codec, write_checksums));
}

Status PageWriter::Compress(const uint8_t* data, size_t size) {
  if (codec_type_ == Compression::kUncompressed) {
    body_ = {data, size};  // no copy
    return Status::OK();
  }
  compressed_.Resize(codec_->MaxCompressedSize(size));
  PARQ_ASSIGN_OR_RETURN(size_t n, codec_->Compress(data, size, compressed_.data(), compressed_.size()));
  compressed_.Resize(n);
  body_ = {compressed_.data(), n};
  return Status::OK();
}

Result<WrittenPage> PageWriter::Emit(format::PageHeader* header, const std::vector<uint8_t>& prefix,
                                     size_t uncompressed_body, std::vector<uint8_t>* out) {
  if (cipher_) return EmitEncrypted(header, prefix, uncompressed_body, out);
  size_t stored = prefix.size() + body_.size();
  PARQ_RETURN_IF_ERROR(CheckPageSize(uncompressed_body, "uncompressed page"));
  PARQ_RETURN_IF_ERROR(CheckPageSize(stored, "compressed page"));
  header->uncompressed_page_size = static_cast<int32_t>(uncompressed_body);
  header->compressed_page_size = static_cast<int32_t>(stored);
  if (crc_) {
    uint32_t crc = util::Crc32(0, prefix.data(), prefix.size());
    crc = util::Crc32(crc, body_.data(), body_.size());
    header->crc = static_cast<int32_t>(crc);
  }
  thrift::CompactWriter w;
  format::Write(w, *header);
  out->insert(out->end(), w.data(), w.data() + w.size());
  out->insert(out->end(), prefix.begin(), prefix.end());
  out->insert(out->end(), body_.begin(), body_.end());
  WrittenPage page;
  page.header_size = static_cast<int64_t>(w.size());
  page.uncompressed_size = page.header_size + static_cast<int64_t>(uncompressed_body);
  page.compressed_size = page.header_size + static_cast<int64_t>(stored);
  return page;
}

Result<WrittenPage> PageWriter::EmitEncrypted(format::PageHeader* header, const std::vector<uint8_t>& prefix,
                                              size_t uncompressed_body, std::vector<uint8_t>* out) {
  const bool dictionary = header->type == format::PageType::DICTIONARY_PAGE;
  const int64_t page = dictionary ? -1 : data_page_ordinal_;
  std::span<const uint8_t> plain = body_;
  if (!prefix.empty()) {
    plain_.Resize(prefix.size() + body_.size());
    std::copy(prefix.begin(), prefix.end(), plain_.data());
    std::copy(body_.begin(), body_.end(), plain_.data() + prefix.size());
    plain = plain_.span();
  }
  PARQ_RETURN_IF_ERROR(CheckPageSize(uncompressed_body, "uncompressed page"));
  module_.Resize(0);
  PARQ_RETURN_IF_ERROR(cipher_->Encrypt(dictionary ? crypto::ModuleType::kDictionaryPage : crypto::ModuleType::kDataPage,
                                        page, plain, &module_));
  PARQ_RETURN_IF_ERROR(CheckPageSize(module_.size(), "encrypted page"));
  header->uncompressed_page_size = static_cast<int32_t>(uncompressed_body);
  header->compressed_page_size = static_cast<int32_t>(module_.size());
  if (crc_) header->crc = static_cast<int32_t>(util::Crc32(0, module_.data(), module_.size()));
  thrift::CompactWriter w;
  format::Write(w, *header);
  header_module_.Resize(0);
  PARQ_RETURN_IF_ERROR(cipher_->Encrypt(
      dictionary ? crypto::ModuleType::kDictionaryPageHeader : crypto::ModuleType::kDataPageHeader, page,
      {w.data(), w.size()}, &header_module_));
  out->insert(out->end(), header_module_.data(), header_module_.data() + header_module_.size());
  out->insert(out->end(), module_.data(), module_.data() + module_.size());
  if (!dictionary) ++data_page_ordinal_;
  WrittenPage written;
  written.header_size = static_cast<int64_t>(header_module_.size());
  written.uncompressed_size = written.header_size + static_cast<int64_t>(uncompressed_body);
  written.compressed_size = written.header_size + static_cast<int64_t>(module_.size());
  return written;
}

Result<WrittenPage> PageWriter::WriteDictionaryPage(const std::vector<uint8_t>& plain,
                                                    int32_t num_values, std::vector<uint8_t>* out) {
  PARQ_RETURN_IF_ERROR(Compress(plain.data(), plain.size()));
  format::PageHeader h;
  h.type = format::PageType::DICTIONARY_PAGE;
  format::DictionaryPageHeader d;
  d.num_values = num_values;
  d.encoding = format::Encoding::PLAIN;
  h.dictionary_page_header = d;
  static const std::vector<uint8_t> kNone;
  return Emit(&h, kNone, plain.size(), out);
}

Result<WrittenPage> PageWriter::WriteDataPageV1(const DataPageInput& in, std::vector<uint8_t>* out) {
  const bool rep = in.rep_levels != nullptr && !in.rep_levels->empty();
  const bool def = in.def_levels != nullptr && !in.def_levels->empty();
  // The body is the levels, each after its 4-byte length, then the values.
  // Without levels (a required flat column) it is the values themselves,
  // compressed where they lie rather than copied first.
  std::span<const uint8_t> body(*in.values);
  if (rep || def) {
    scratch_.clear();
    auto append_levels = [&](const std::vector<uint8_t>& levels) {
      uint32_t n = static_cast<uint32_t>(levels.size());
      uint8_t len[4] = {uint8_t(n), uint8_t(n >> 8), uint8_t(n >> 16), uint8_t(n >> 24)};
      scratch_.insert(scratch_.end(), len, len + 4);
      scratch_.insert(scratch_.end(), levels.begin(), levels.end());
    };
    if (rep) append_levels(*in.rep_levels);
    if (def) append_levels(*in.def_levels);
    scratch_.insert(scratch_.end(), in.values->begin(), in.values->end());
    body = scratch_;
  }
  PARQ_RETURN_IF_ERROR(Compress(body.data(), body.size()));
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
  return Emit(&h, kNone, body.size(), out);
}

Result<WrittenPage> PageWriter::WriteDataPageV2(const DataPageInput& in, std::vector<uint8_t>* out) {
  scratch_.clear();
  size_t rep = in.rep_levels ? in.rep_levels->size() : 0;
  size_t def = in.def_levels ? in.def_levels->size() : 0;
  if (rep) scratch_.insert(scratch_.end(), in.rep_levels->begin(), in.rep_levels->end());
  if (def) scratch_.insert(scratch_.end(), in.def_levels->begin(), in.def_levels->end());
  // An empty values section (a page of nulls) is stored uncompressed: some
  // readers (hyparquet) fail to decompress an empty codec block.
  bool compressed = codec_type_ != Compression::kUncompressed && !in.values->empty();
  if (compressed) {
    PARQ_RETURN_IF_ERROR(Compress(in.values->data(), in.values->size()));
  } else {
    body_ = {in.values->data(), in.values->size()};
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
  return Emit(&h, scratch_, rep + def + in.values->size(), out);
}

}  // namespace parq::page
