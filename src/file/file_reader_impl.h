// file/file_reader_impl.h — FileReader's state, private to src/file (the
// public header holds only a pointer to it, so that no mutex or private
// type shows in the API): the file, the decoded footer, the options, the pool
// of page buffers and the chunks PreBuffer read.
//
// Owned by its FileReader.  Thread-safety: everything but `prebuffered` and
// the index bytes is fixed once Open returns; `prebuffered` is read and
// replaced under `prebuffered_mu`, the index bytes under `index_mu`.
#ifndef PARQ_FILE_FILE_READER_IMPL_H_
#define PARQ_FILE_FILE_READER_IMPL_H_

#include <cstdint>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "format/file_decryptor.h"
#include "io/coalesced_read.h"
#include "page/buffer_pool.h"
#include "parq/file_reader.h"

namespace parq {

struct FileReader::Impl {
  Impl(std::shared_ptr<RandomAccessFile> f, FileMetaData md, const ReaderOptions& o, uint64_t offset,
       uint32_t length)
      : file(std::move(f)), metadata(std::move(md)), options(o), footer_offset(offset), footer_length(length) {}

  Status CheckChunkIndex(int row_group, int column) const;

  std::shared_ptr<RandomAccessFile> file;
  FileMetaData metadata;
  ReaderOptions options;
  uint64_t footer_offset;
  uint32_t footer_length;
  // Page buffers of column readers that are done, for the next ones.
  std::shared_ptr<page::BufferPool> buffer_pool;
  // The chunks PreBuffer read (null: none), behind a mutex so that const
  // methods stay safe from many threads.
  std::mutex prebuffered_mu;
  std::shared_ptr<io::CoalescedBytes> prebuffered;
  // Page-index bytes read ahead for ReadColumnIndex / ReadOffsetIndex of a
  // file not in memory (page_index_access.cc): the whole file's indexes in
  // one coalesced read when they are few, else each row group's (a few row
  // groups' kept); guarded by index_mu.
  std::mutex index_mu;
  bool index_planned = false;  // whether the whole file's were considered
  std::shared_ptr<const io::CoalescedBytes> index_whole;
  std::vector<std::pair<int, std::shared_ptr<const io::CoalescedBytes>>> index_groups;  // most recent last
  // The page-index bytes of row group g read ahead (null: none, read them
  // from the file).
  std::shared_ptr<const io::CoalescedBytes> IndexBytes(int row_group);
  // The keys and AADs of an encrypted file (null: not encrypted).
  std::shared_ptr<format::FileDecryptor> decryptor;
  // The cipher of one chunk's modules (null: a plaintext column); an error
  // naming the column when its key is missing.
  // `chunk` is chunk `column` of row group `row_group` (MetaDataAccess::Chunk).
  Result<std::shared_ptr<const crypto::ChunkCipher>> ChunkCipher(const format::ColumnChunk& chunk, int row_group,
                                                                 int column) const;
};

// For src/file's free functions over a FileReader (ReadPageInfos), and the
// outline open of parq meta and parq schema.
struct FileReaderAccess {
  static const FileReader::Impl& Of(const FileReader& f) { return *f.impl_; }
  // FileReader::Open (pread), with the footer's metadata read as an outline
  // (MetaDataAccess::Outline): for a wide footer, the schema is checked a
  // slice at a time and not kept, so reader->schema() is empty
  // (MetaDataAccess::NumColumns and WalkSchema answer), and the reader
  // reads no column.  Only for printing the footer; same checks and errors
  // as Open.  Without `row_groups`, a footer with row groups is opened whole
  // (for printing its page indexes and Bloom filters).
  static Result<std::unique_ptr<FileReader>> OpenOutline(const std::string& path, const ReaderOptions& options,
                                                         bool row_groups = true);
  static Result<std::unique_ptr<FileReader>> Open(std::shared_ptr<RandomAccessFile> file,
                                                  const ReaderOptions& options, bool outline,
                                                  bool outline_row_groups = true);
};

}  // namespace parq

#endif  // PARQ_FILE_FILE_READER_IMPL_H_
