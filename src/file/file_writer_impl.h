// file/file_writer_impl.h — FileWriter's state, private to src/file (the
// public header holds only a pointer to it): the stream, the schema and
// options, the sticky status, one chunk writer per leaf, and the row groups
// and page indexes written so far (the footer's, kept until Close).
//
// Owned by its FileWriter.  Thread-safety: one thread writes a file; with a
// pool, the column writers (and their pages' compression jobs) run on its
// threads inside FileWriter's calls (WriteLeaves, EndRowGroup), which return
// once they are done.
#ifndef PARQ_FILE_FILE_WRITER_IMPL_H_
#define PARQ_FILE_FILE_WRITER_IMPL_H_

#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "column/column_writer_internal.h"
#include "format/file_encryptor.h"
#include "format/parquet_types.h"
#include "parq/bloom_filter.h"
#include "parq/file_writer.h"

namespace parq {

struct FileWriter::Impl {
  std::unique_ptr<OutputStream> out;
  Schema schema;
  WriterOptions options;
  // Sticky: the first I/O or data error.  The column writers share it (a
  // failing WriteBatch stores its error here, and every WriteBatch returns it
  // while it is not OK), so after a successful Close it holds kAfterClose to
  // refuse their writes; status() reports OK then.
  Status status;
  // The codecs the columns' pages borrow (one per codec and level in use,
  // not one per column).  Declared before the writers, which point to it.
  compression::CodecCache codecs;
  page::PageArena pages;  // the open row group's written pages
  // WriterOptions::thread_pool, or one of `threads` workers; null: none.
  std::shared_ptr<ThreadPool> pool;
  std::vector<std::unique_ptr<column::ColumnChunkWriter>> writers;
  // With a pool: each leaf's time in the last parallel WriteLeaves (ns),
  // which orders the next one's tasks, costliest first.
  std::vector<int64_t> leaf_nanos;
  bool closed = false;
  int row_writers_holding_rows = 0;
  // Opened by path without atomic_rename: the file to remove when the writer
  // is destroyed unclosed.
  std::string remove_unless_closed;
  thrift::Vector<format::RowGroup> row_groups;
  // Page indexes of the written chunks, [row group][column], stored after
  // the last row group (PageIndex.md: "near the footer").  Held as their
  // compact-protocol bytes (empty: none) from the row group's end, which is
  // a fraction of the decoded structs' size: a wide file holds one entry a
  // page until Close (docs/writer-memory.md).
  std::vector<std::vector<std::vector<uint8_t>>> column_indexes;
  std::vector<std::vector<std::vector<uint8_t>>> offset_indexes;
  std::vector<std::vector<std::optional<BloomFilter>>> bloom_filters;
  int64_t num_rows = 0;
  int num_row_groups = 0;
  // The open row group's SetSortingColumns / SetChunkKeyValueMetadata, in
  // place of the options' (cleared when it ends).
  std::optional<std::vector<SortingColumn>> open_sorting;
  std::vector<std::optional<std::vector<KeyValue>>> open_chunk_kv;
  // KeepRowGroupMetadata of a source row group of no rows: the open row
  // group is written even when empty, as the source had it.
  bool open_keep_empty = false;
  // WriterOptions::encryption's keys and AADs; null for a plaintext file.
  std::unique_ptr<format::FileEncryptor> encryptor;

  // A row group written: its footer entry (num_rows, sizes, columns and
  // sorting set; the ordinal is set here) and its chunks' page indexes and
  // Bloom filters, written at Close.  Clears the open row group's settings.
  void AddRowGroup(format::RowGroup rg, std::vector<std::optional<format::ColumnIndex>> cis,
                   std::vector<std::optional<format::OffsetIndex>> ois,
                   std::vector<std::optional<BloomFilter>> bfs);
  // RowGroup.sorting_columns (absent when empty).
  static std::optional<thrift::Vector<format::SortingColumn>> SortingToFormat(const std::vector<SortingColumn>& sorting);
  // Sticky kLimitExceeded once the file holds 32767 row groups (the ordinal is an i16).
  Status CheckRowGroupLimit();

  Status Fail(Status st) {
    if (status.ok()) status = st;
    return st;
  }
  // A call after a successful Close (not sticky: the file is finished).
  static Status AfterClose(std::string_view call) {
    return Status::InvalidArgument(std::string(call) + " after Close: the file is finished");
  }
};

}  // namespace parq

#endif  // PARQ_FILE_FILE_WRITER_IMPL_H_
