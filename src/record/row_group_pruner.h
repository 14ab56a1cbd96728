// RowGroupPruner: decides, row group by row group as a RowReader reaches
// them, whether a filter's rows can be there (record/filter_prune.h), with
// the cheapest proof first:
//   1. the chunk statistics of the filter's columns (from the footer);
//   2. still undecided: the dictionary of each filter chunk that is fully
//      dictionary-encoded (FullyDictionaryEncoded), read through the
//      source's open_column up to its first data page (the dictionary page
//      and that page are loaded, nothing further), and the reader is kept:
//      when the row group is read after all, the cursor takes it over
//      (TakeReader) and goes on from there, so nothing is read twice;
//   3. still undecided: the Bloom filter of each chunk an = or IN reads
//      (but not of a chunk whose dictionary was read: it holds every value).
// A dictionary or Bloom filter that cannot be read (an error, none at all)
// only means no pruning by it; the chunk's read reports a real problem.
//
// What Keep and NotePagePruning find of a row group waits until Commit(row
// group) adds it to report(): a reader deciding row groups ahead on a pool
// (docs/threads.md) commits each as its caller reaches it, so the report
// counts what was taken, as on one thread.
//
// Ownership: holds copies of the source's functions and borrows the
// BoundFilter, which must outlive it.  Thread-safety: Keep and
// NotePagePruning are called by one thread at a time (the caller's, or its
// read-ahead's), in row group order per row group; TakeReader from any
// thread; Commit and report() by the caller's thread only.
#ifndef PARQ_RECORD_ROW_GROUP_PRUNER_H_
#define PARQ_RECORD_ROW_GROUP_PRUNER_H_

#include <map>
#include <memory>
#include <mutex>
#include <utility>
#include <vector>

#include "parq/filter.h"
#include "parq/record.h"
#include "record/filter_page_prune.h"
#include "record/filter_prune.h"

namespace parq::filter_internal {

// Whether every data page of a chunk is dictionary-encoded, from its
// metadata (docs/filter.md):
//   * with encoding_stats: every data page (v1 or v2) counted there is
//     PLAIN_DICTIONARY or RLE_DICTIONARY, and there is at least one;
//   * without: only when the encodings list is conclusive, as parquet-java
//     decides: it holds PLAIN_DICTIONARY (the format 1.0 dictionary
//     encoding of both the dictionary page and its data pages) and nothing
//     else but RLE / BIT_PACKED (the level encodings).  Writers list
//     PLAIN for the dictionary page under format 2.0 and for fallback pages
//     alike, and RLE_DICTIONARY never says whether a page fell back, so any
//     other list is inconclusive.
bool FullyDictionaryEncoded(const ChunkEncodings& e);

class RowGroupPruner {
 public:
  // REQUIRES: `filter` outlives the pruner; source.schema is set.
  RowGroupPruner(const BoundFilter& filter, const RowSource& source);

  // False when no row of the row group can match (recorded for Commit).
  bool Keep(int row_group);
  // The reader the pruner opened for (row_group, column) to read its
  // dictionary, if the row group was kept; handed over once.
  std::unique_ptr<ColumnReader> TakeReader(int row_group, int column);

  // Records what page pruning did in a kept row group (`note`), and whether
  // it left no row to read (then the row group counts as pruned by page
  // index, or by page statistics when no ColumnIndex took part).
  void NotePagePruning(int row_group, const PagePruneNote& note, bool left_no_row);

  // Adds what Keep and NotePagePruning recorded of row_group to report(),
  // and drops the readers left of earlier row groups (never taken: their
  // reader went past them); Discard forgets row_group (decided ahead and
  // never taken).
  void Commit(int row_group);
  void Discard(int row_group);

  const RowGroupPruning& report() const { return report_; }

 private:
  // The dictionary of a filter leaf's chunk as Keys; null when it cannot be
  // had (not fully dictionary-encoded, unreadable, an entry without a Key).
  // Counts a dictionary page read in *found.
  std::shared_ptr<const std::vector<Key>> ReadDictionary(int row_group, size_t leaf, RowGroupPruning* found);

  const BoundFilter& filter_;
  RowSource source_;  // a copy: its functions share what they borrow with the reader's
  std::vector<bool> compares_;  // per leaf: some node compares its values
  std::vector<bool> probes_;    // per leaf: some node is = or IN
  std::mutex mutex_;  // guards readers_ and pending_
  // Readers of kept row groups' dictionaries, by (row group, column).
  std::map<std::pair<int, int>, std::unique_ptr<ColumnReader>> readers_;
  // Per row group decided and not committed: its outcome, and the counters
  // it adds (row_groups holds the one outcome).
  std::map<int, RowGroupPruning> pending_;
  RowGroupPruning report_;
};

}  // namespace parq::filter_internal

#endif  // PARQ_RECORD_ROW_GROUP_PRUNER_H_
