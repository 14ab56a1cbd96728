// column/column_writer_internal.h — the chunk side of a column writer, which
// the file writer drives: build one per leaf, let the caller WriteBatch into
// writer(), then Finish() writes the buffered chunk and returns its metadata.
#ifndef PARQ_COLUMN_COLUMN_WRITER_INTERNAL_H_
#define PARQ_COLUMN_COLUMN_WRITER_INTERNAL_H_

#include <memory>
#include <optional>

#include "compression/codec_cache.h"
#include "crypto/module.h"
#include "page/page_arena.h"
#include "format/parquet_types.h"
#include "parq/bloom_filter.h"
#include "parq/column_writer.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/result.h"
#include "parq/thread_pool.h"

namespace parq::column {

// A written chunk: its metadata and, when ColumnWriterOptions::page_index is
// on, its page index (the file writer stores those after the row groups and
// sets the offsets in `chunk`).
struct FinishedChunk {
  format::ColumnChunk chunk;
  std::optional<format::ColumnIndex> column_index;
  std::optional<format::OffsetIndex> offset_index;
  std::optional<BloomFilter> bloom_filter;  // ColumnWriterOptions::bloom_filter
};

// What the file writer lends its column writers (each must outlive them).
struct ChunkResources {
  compression::CodecCache* codecs = nullptr;  // the page codecs
  // Where the written pages are kept until Finish writes them; the file
  // writer clears it once every chunk of the row group is written.
  page::PageArena* arena = nullptr;
  // > 0: a page is cut once it holds that much memory (buffered_bytes' open
  // page), even before data_page_size or max_rows_per_page.
  int64_t page_memory_limit = 0;
};

class ColumnChunkWriter {
 public:
  virtual ~ColumnChunkWriter() = default;
  virtual ColumnWriter* writer() = 0;
  // Memory the chunk holds now: its written pages, its dictionary (entries
  // and hash table) and the open page as the encoders keep it (values,
  // indices, levels; during a dictionary trial under max_buffered_bytes
  // both encodings).  What
  // WriterOptions::max_buffered_bytes bounds.
  virtual int64_t buffered_bytes() const = 0;
  // The work of Finish before the writing: flushes the open page and
  // compresses the dictionary page.  Touches only this chunk's state (and the
  // shared, thread-safe arena and codecs), so the chunks of a row group may
  // seal on several threads at once while others are written.  With `pool`,
  // the last data page compresses on it while the dictionary page does here.
  virtual Status Seal(ThreadPool* pool) = 0;
  // While `pool` is set (null: not), each data page the writer cuts is
  // compressed (encrypted, checksummed) by a job on the pool while the
  // writer encodes the next: a bounded number of pages in flight, settled in
  // order.  Page cuts and every decision stay the writer's, so the bytes
  // are the same.  The file writer sets it around a parallel WriteLeaves.
  virtual void CompressPagesOn(ThreadPool* pool) = 0;
  // Waits for the pages in flight and adds them to the chunk in order (what
  // estimated_size, buffered_bytes and Finish count); the first failing
  // page's error (the others are dropped).  OK at once when none is.
  virtual Status SettlePages() = 0;
  // Seals the chunk (unless Seal() already did), writes it (dictionary page
  // first) at out->Tell() and returns its ColumnChunk and page index; the
  // writer then starts a new, empty chunk for the next row group.
  virtual Result<FinishedChunk> Finish(OutputStream* out) = 0;
  // Where a failing WriteBatch keeps its error: the file's sticky status
  // (null, the default), or `slot` while the file writer runs the leaves'
  // batches on several threads (it then makes sticky the error of the first
  // leaf in order, as one thread would have).  WriteBatch refuses to run
  // while either holds an error.
  virtual void RouteErrors(Status* slot) = 0;
};

// `sticky` is the file writer's status: a failing WriteBatch stores its error
// there, and every WriteBatch returns it while it is not OK.
// `resources` are the file's, shared by its columns (see there).  `cipher`, for an encrypted column, encrypts its pages: its row group
// ordinal is the first chunk's (0), each Finish moves to the next.
// Errors: kInvalidArgument for an encoding that does not fit the column, a
// dictionary encoding named as `encoding`, or LZ4 (write LZ4_RAW).
Result<std::unique_ptr<ColumnChunkWriter>> MakeColumnChunkWriter(const ColumnDescriptor& descriptor,
                                                                 const WriterOptions& options,
                                                                 Status* sticky, const ChunkResources& resources,
                                                                 std::optional<crypto::ChunkCipher> cipher = std::nullopt);

// writer.WriteBatch(...) of values the caller has already run the column's
// ValueChecks on (column/value_checks.h: RowWriter checks each row as it
// takes it): a column writer of parq's skips them; any other TypedColumnWriter
// gets a plain WriteBatch.
template <typename T>
Status WriteCheckedBatch(TypedColumnWriter<T>& writer, int64_t num_levels, const int16_t* def_levels,
                         const int16_t* rep_levels, const T* values);

}  // namespace parq::column

#endif  // PARQ_COLUMN_COLUMN_WRITER_INTERNAL_H_
