// parq/page_info.h — the page headers of one column chunk, as stored: what
// `parq pages` prints, for inspecting a file page by page.
//
//   PARQ_ASSIGN_OR_RETURN(auto reader, parq::FileReader::Open("data.parquet"));
//   PARQ_ASSIGN_OR_RETURN(std::vector<parq::PageInfo> pages, parq::ReadPageInfos(*reader, 0, 0));
//   for (const parq::PageInfo& p : pages) ... p.type, p.compressed_size, p.crc ...
//
// Every page of the chunk is listed (dictionary, data v1 and v2, index pages
// and page types parq does not know), in file order.  Nothing is
// decompressed or decoded beyond the headers; each page's CRC, when its
// header has one, is computed over the body as stored and compared
// (whatever ReaderOptions::verify_checksums says: the point is to report it).
// An encrypted column's page headers are decrypted with the keys the reader
// was opened with (ReaderOptions::decryption), its CRCs computed over the
// encrypted bodies as stored; without its key, kUnsupported naming the column.
//
// Ownership: the results are plain values.  Thread-safety: ReadPageInfos may
// run on one FileReader from many threads.
#ifndef PARQ_PAGE_INFO_H_
#define PARQ_PAGE_INFO_H_

#include <cstdint>
#include <optional>
#include <string_view>
#include <vector>

#include "parq/file_reader.h"
#include "parq/metadata.h"
#include "parq/result.h"
#include "parq/types.h"

namespace parq {

// The page CRC (PageHeader.crc): none stored, stored and equal to the CRC-32
// of the body, or stored and different.
enum class CrcStatus : uint8_t { kAbsent, kOk, kBad };
std::string_view CrcStatusName(CrcStatus s);  // "absent", "ok", "bad"

struct PageInfo {
  int64_t ordinal = 0;          // position within the chunk, from 0
  uint64_t file_offset = 0;     // where the page header starts
  uint32_t header_size = 0;     // bytes of the Thrift page header
  PageType type = PageType::kDataPage;  // as stored (a value parq does not know is kept)
  int32_t compressed_size = 0;    // of the body, header excluded
  int32_t uncompressed_size = 0;
  // DATA_PAGE, DATA_PAGE_V2 (levels, nulls included) and DICTIONARY_PAGE (entries).
  std::optional<int32_t> num_values;
  std::optional<Encoding> encoding;  // of the values (or the dictionary's entries)
  // DATA_PAGE only.
  std::optional<Encoding> definition_level_encoding;
  std::optional<Encoding> repetition_level_encoding;
  // DATA_PAGE_V2 only.
  std::optional<int32_t> num_nulls;
  std::optional<int32_t> num_rows;
  std::optional<int32_t> definition_levels_byte_length;
  std::optional<int32_t> repetition_levels_byte_length;
  std::optional<bool> is_compressed;
  // DICTIONARY_PAGE only.
  std::optional<bool> is_sorted;
  // The page's statistics (data pages), PLAIN-encoded as in the footer.
  std::optional<EncodedStatistics> statistics;
  CrcStatus crc = CrcStatus::kAbsent;
  std::optional<uint32_t> stored_crc;  // when present
  uint32_t computed_crc = 0;           // of the body; meaningful when stored_crc is set
};

// The pages of chunk (row_group, column).  kInvalidArgument for an index out
// of range, kCorrupt for a header that does not decode or a page past the
// chunk (with the page and offset), kUnsupported for an encrypted chunk,
// kLimitExceeded for a chunk beyond ReaderOptions::max_allocation (it is read
// whole).  A bad CRC is not an error: it is the page's `crc`.
Result<std::vector<PageInfo>> ReadPageInfos(const FileReader& file, int row_group, int column);

}  // namespace parq

#endif  // PARQ_PAGE_INFO_H_
