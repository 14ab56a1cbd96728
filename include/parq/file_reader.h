// parq/file_reader.h — opening a Parquet file for reading.
//
//   PARQ_ASSIGN_OR_RETURN(auto reader, parq::FileReader::Open("data.parquet"));
//   const parq::FileMetaData& md = reader->metadata();
//
// Open reads and validates the footer and the schema; column data is read
// only when asked for, and only the byte ranges of the requested columns.
//
// Thread-safety: a FileReader's const methods may be used from many threads;
// readers it creates are each for one thread.
#ifndef PARQ_FILE_READER_H_
#define PARQ_FILE_READER_H_

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parq/bloom_filter.h"
#include "parq/column_reader.h"
#include "parq/io.h"
#include "parq/metadata.h"
#include "parq/options.h"
#include "parq/page_index.h"
#include "parq/result.h"

namespace parq {

class FileReader {
 public:
  // Opens `path`, read with pread, or memory-mapped when `mmap`; an http(s)://
  // URL with range requests (parq/http_file.h, default options).  pread is the
  // default: faster than a mapping for a whole file (no page faults, no unmapping),
  // and a file truncated under a mapping would end the process with SIGBUS.
  static Result<std::unique_ptr<FileReader>> Open(const std::string& path,
                                                  const ReaderOptions& options = {},
                                                  bool mmap = false);
  static Result<std::unique_ptr<FileReader>> Open(std::shared_ptr<RandomAccessFile> file,
                                                  const ReaderOptions& options = {});

  ~FileReader();

  const FileMetaData& metadata() const;
  const Schema& schema() const;
  const RandomAccessFile& file() const;
  const std::shared_ptr<RandomAccessFile>& shared_file() const;
  const ReaderOptions& options() const;
  // A reader of one column chunk.  Reads that chunk's bytes only; keeps the
  // file and metadata alive as long as it lives.  A chunk pre-buffered by
  // PreBuffer is decoded from those bytes.
  // REQUIRES: 0 <= row_group < num_row_groups, 0 <= column < num_columns.
  Result<std::unique_ptr<ColumnReader>> OpenColumn(int row_group, int column) const;

  // Reads the column chunks of `columns` in `row_groups` now, coalesced into
  // as few reads as their byte ranges allow (ReaderOptions::prebuffer_hole_size
  // and prebuffer_max_read_size): one request per run of adjacent chunks
  // instead of one per chunk, which is what counts on storage where each read
  // has a fixed cost.  Column readers opened afterwards for those chunks
  // decode from these bytes, each keeping alive what it uses.  The bytes are
  // held until the next PreBuffer or ReleasePreBuffered (or the FileReader
  // goes), so pre-buffer what is about to be read, a row group or two at a
  // time.  A mapped or in-memory file holds its bytes already: nothing is
  // read.  Chunks whose metadata does not place them in the file are left to
  // OpenColumn, which reports them; more than max_allocation bytes in all is
  // kLimitExceeded.
  // REQUIRES: every index in range (else kInvalidArgument).
  Status PreBuffer(const std::vector<int>& row_groups, const std::vector<int>& columns) const;
  void ReleasePreBuffered() const;

  // The page index of one column chunk (parq/page_index.h); nullopt when the
  // writer wrote none.  Reads only the index bytes.  ReadPageIndex reads both
  // halves and also checks that they describe the same number of pages.
  // REQUIRES: as OpenColumn (an out-of-range index is kInvalidArgument).
  Result<std::optional<ColumnIndex>> ReadColumnIndex(int row_group, int column) const;
  Result<std::optional<OffsetIndex>> ReadOffsetIndex(int row_group, int column) const;
  Result<PageIndex> ReadPageIndex(int row_group, int column) const;
  // The chunk's Bloom filter (parq/bloom_filter.h); nullopt when it has none.
  // kUnsupported for an algorithm, hash or compression parq does not know.
  Result<std::optional<BloomFilter>> ReadBloomFilter(int row_group, int column) const;

  // Where the footer starts and how long it is.
  uint64_t footer_offset() const;
  uint32_t footer_length() const;

  // How the file is encrypted (parq/encryption.h): its algorithm, footer
  // mode, key metadata, AAD prefix and whether a plaintext footer's
  // signature was verified; null for a file that is not encrypted.  Keys
  // come from ReaderOptions::decryption; which columns are encrypted, and
  // their key metadata, from ColumnChunkMetaData.
  const EncryptionInfo* encryption() const;

 private:
  struct Impl;  // private to src/file: the file, metadata, buffer pool, pre-buffered chunks
  friend struct FileReaderAccess;  // src/file (file/file_reader_impl.h)
  explicit FileReader(std::unique_ptr<Impl> impl);

  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_FILE_READER_H_
