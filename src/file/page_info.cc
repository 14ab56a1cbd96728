// ReadPageInfos (parq/page_info.h): the page walk of src/page, turned into
// public values, with each stored CRC checked.
#include "parq/page_info.h"

#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "file/page_info_internal.h"
#include "util/crc32.h"

namespace parq {

PageInfo ToPageInfo(const page::RawPage& raw) {
  const format::PageHeader& h = *raw.header;
  PageInfo p;
  p.ordinal = raw.ordinal;
  p.file_offset = raw.file_offset;
  p.header_size = raw.header_size;
  p.type = static_cast<PageType>(h.type);
  p.compressed_size = h.compressed_page_size;
  p.uncompressed_size = h.uncompressed_page_size;
  if (h.type == format::PageType::DATA_PAGE && h.data_page_header) {
    const auto& d = *h.data_page_header;
    p.num_values = d.num_values;
    p.encoding = static_cast<Encoding>(d.encoding);
    p.definition_level_encoding = static_cast<Encoding>(d.definition_level_encoding);
    p.repetition_level_encoding = static_cast<Encoding>(d.repetition_level_encoding);
    if (d.statistics) p.statistics = ToEncodedStatistics(*d.statistics);
  } else if (h.type == format::PageType::DATA_PAGE_V2 && h.data_page_header_v2) {
    const auto& d = *h.data_page_header_v2;
    p.num_values = d.num_values;
    p.encoding = static_cast<Encoding>(d.encoding);
    p.num_nulls = d.num_nulls;
    p.num_rows = d.num_rows;
    p.definition_levels_byte_length = d.definition_levels_byte_length;
    p.repetition_levels_byte_length = d.repetition_levels_byte_length;
    p.is_compressed = d.is_compressed.value_or(true);
    if (d.statistics) p.statistics = ToEncodedStatistics(*d.statistics);
  } else if (h.type == format::PageType::DICTIONARY_PAGE && h.dictionary_page_header) {
    const auto& d = *h.dictionary_page_header;
    p.num_values = d.num_values;
    p.encoding = static_cast<Encoding>(d.encoding);
    if (d.is_sorted) p.is_sorted = *d.is_sorted;
  }
  if (h.crc) {
    p.stored_crc = static_cast<uint32_t>(*h.crc);
    p.computed_crc = util::Crc32(0, raw.body.data(), raw.body.size());
    p.crc = p.computed_crc == *p.stored_crc ? CrcStatus::kOk : CrcStatus::kBad;
  }
  return p;
}

std::string_view CrcStatusName(CrcStatus s) {
  switch (s) {
    case CrcStatus::kAbsent: return "absent";
    case CrcStatus::kOk: return "ok";
    case CrcStatus::kBad: return "bad";
  }
  return "unknown";
}

Result<std::vector<PageInfo>> ReadPageInfos(const FileReader& file, int row_group, int column) {
  const FileMetaData& md = file.metadata();
  if (row_group < 0 || row_group >= md.num_row_groups()) {
    return Status::InvalidArgument("row group " + std::to_string(row_group) + " out of range");
  }
  if (column < 0 || column >= md.schema().num_columns()) {
    return Status::InvalidArgument("column " + std::to_string(column) + " out of range");
  }
  const format::FileMetaData& wire = MetaDataAccess::Wire(md);
  const std::string& path = md.schema().column(column).dotted_path;
  // A view into the footer, or decoded from its bytes when deferred.
  auto decoded = MetaDataAccess::Chunk(md, row_group, column);
  if (!decoded.ok()) return std::move(decoded).status().WithColumn(path).WithRowGroup(row_group);
  const format::ColumnChunk& chunk = **decoded;
  // An encrypted column's headers are decrypted with its key; without the
  // key, the error names the column and the key it needs.
  auto cipher = FileReaderAccess::Of(file).ChunkCipher(chunk, row_group, column);
  if (!cipher.ok()) return std::move(cipher).status().WithColumn(path).WithRowGroup(row_group);
  if (!chunk.meta_data) {
    return std::move(Status::Corrupt("the column chunk has no metadata")).WithColumn(path).WithRowGroup(row_group);
  }
  std::vector<PageInfo> out;
  Status st = page::WalkPages(
      file.file(), *chunk.meta_data, file.options(), thrift::ToStdString(wire.created_by),
      [&](const page::RawPage& raw) {
        out.push_back(ToPageInfo(raw));
        return Status::OK();
      },
      cipher->get());
  if (!st.ok()) return std::move(st).WithColumn(path).WithRowGroup(row_group);
  return out;
}

}  // namespace parq
