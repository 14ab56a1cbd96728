// A dataset scan's filter, taken apart for each file (docs/dataset.md,
// "Projection and filters"): its top-level AND operands, which of them the
// file's path decides (partition columns, columns the file lacks), and which
// its reader can take.  Built once per scan; const methods are thread-safe.
#ifndef PARQ_DATASET_SCAN_FILTER_H_
#define PARQ_DATASET_SCAN_FILTER_H_

#include <memory>
#include <optional>
#include <vector>

#include "dataset/dataset_impl.h"
#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/thread_pool.h"
#include "util/parallel_jobs.h"

namespace parq::dataset {

class ScanFilter {
 public:
  // kInvalidArgument when the filter does not bind to the unified schema.
  static Result<ScanFilter> Make(const Dataset::Impl& ds, const std::optional<Filter>& filter);

  // The whole filter on the unified schema (nullopt without one).
  const std::optional<BoundFilter>& bound() const { return bound_; }
  // Whether the operands the path of file `f` decides make it false or
  // unknown, or an operand mixing partition (or absent) columns with the
  // file's columns cannot be true with the path's values bound.
  bool PrunedByPath(size_t f) const;
  // The operands on columns file `f` has, ANDed: those on its columns
  // alone as they are, those mixing them with partition or absent columns
  // with the path's values bound as constants (what is left is true exactly
  // when the operand is).  *all set to whether every operand is decided by
  // the path or in the result (false when one does not bind to
  // `file_schema`).
  std::optional<Filter> Pushed(size_t f, const Schema& file_schema, bool* all) const;

  // A filter folded with file `f`'s path values: kAlways and kNever when
  // they decide it, else the filter on the file's columns that is true
  // exactly when it is.
  struct Folded {
    enum class Kind : uint8_t { kAlways, kNever, kFilter };
    Kind kind = Kind::kAlways;
    std::optional<Filter> filter;
  };
  // The whole filter folded with file `f`'s path values (kAlways without a
  // filter): what a reader of that file alone applies to give the rows the
  // dataset's scan gives from it (an engine's split of the file).
  Folded ForFile(size_t f) const;
  // `when_true` is true exactly when `f` is true, `when_false` exactly when
  // it is false (SQL's unknown is neither).
  struct FoldedPair {
    Folded when_true, when_false;
  };

 private:
  struct Conjunct {
    Filter filter;
    BoundFilter bound;            // on the unified schema
    std::vector<int> top_fields;  // unified top-level field indexes it reads
  };
  bool DecidedByPath(const Conjunct& c, size_t f) const;
  bool Local(const Conjunct& c, size_t f) const;
  FoldedPair Fold(const Filter& filter, size_t f) const;

  const Dataset::Impl* ds_ = nullptr;
  std::optional<Filter> filter_;
  std::optional<BoundFilter> bound_;
  std::vector<Conjunct> conjuncts_;
};

// The files of a scan, one at a time: those the filter prunes by their path
// counted and passed over unopened, those with no rows passed over.  With a
// pool, once Advance has opened a file the next one is opened on the pool
// (its footer read and parsed) while the caller reads this one; the next
// Advance takes it over: the same files, counts and errors, in the same
// order.  REQUIRES: the Dataset and ScanFilter of the Advance calls outlive
// the cursor (the destructor waits for a file being opened ahead).
struct FileCursor {
  size_t next = 0;   // the next file to look at
  size_t index = 0;  // the current file's
  int64_t pruned = 0;
  int64_t opened = 0;
  std::unique_ptr<FileReader> file;  // the current file; null before the first and at the end
  bool remote = false;               // `file` is read over HTTP
  std::shared_ptr<ThreadPool> pool;  // null: nothing opened ahead

  FileCursor() = default;
  FileCursor(const FileCursor&) = delete;
  FileCursor& operator=(const FileCursor&) = delete;
  ~FileCursor();

  // Opens the next file into `file`; false at the end.  An error names the file.
  Result<bool> Advance(const Dataset::Impl& ds, const ScanFilter& filter);
  // For a remote file, FileReader::PreBuffer of these chunks (one coalesced
  // request per run of adjacent chunks instead of one per chunk, which is
  // what counts over HTTP) when they total at most max_bytes; nothing for a
  // local file.
  Status PrebufferRemote(const std::vector<int>& row_groups, const std::vector<int>& columns,
                         int64_t max_bytes) const;

 private:
  // The cursor as Advance leaves it, computed on the pool.
  struct Ahead {
    size_t next = 0, index = 0;
    int64_t pruned = 0, opened = 0;
    bool remote = false;
    std::unique_ptr<FileReader> file;
    Result<bool> more = false;
  };
  // Advance without the pool, on `at` (this cursor's fields or an Ahead's).
  template <typename C>
  static Result<bool> AdvanceOn(C& at, const Dataset::Impl& ds, const ScanFilter& filter);
  std::shared_ptr<Ahead> ahead_;
  std::shared_ptr<util::ParallelJobs> ahead_job_;  // one job; the caller does it when no worker has
};

// The leaf columns of `schema` under `paths` (dotted paths of leaves or
// groups) and those `filter` reads, ascending.
std::vector<int> LeafColumns(const Schema& schema, const std::vector<std::string>& paths,
                             const std::optional<Filter>& filter);

// What one PreBuffer of a remote file may hold: a row group's chunks for the
// columnar reader, the whole file's for the row reader (which reads its row
// groups itself) when they fit.
inline constexpr int64_t kRemotePrebufferBytes = int64_t{256} << 20;

// The index of the top-level field of the unified schema above `node`.
int TopFieldOf(const Schema& schema, const SchemaNode* node);

}  // namespace parq::dataset

#endif  // PARQ_DATASET_SCAN_FILTER_H_
