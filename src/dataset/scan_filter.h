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
  // Whether the operands the path of file `f` decides make it false or unknown.
  bool PrunedByPath(size_t f) const;
  // The operands on columns file `f` has (those that bind to `file_schema`),
  // ANDed; *all set to whether every operand is either decided by the path
  // or in the result.
  std::optional<Filter> Pushed(size_t f, const Schema& file_schema, bool* all) const;

 private:
  struct Conjunct {
    Filter filter;
    BoundFilter bound;            // on the unified schema
    std::vector<int> top_fields;  // unified top-level field indexes it reads
  };
  bool DecidedByPath(const Conjunct& c, size_t f) const;

  const Dataset::Impl* ds_ = nullptr;
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
  std::shared_ptr<ThreadPool> pool;  // null: nothing opened ahead

  FileCursor() = default;
  FileCursor(const FileCursor&) = delete;
  FileCursor& operator=(const FileCursor&) = delete;
  ~FileCursor();

  // Opens the next file into `file`; false at the end.  An error names the file.
  Result<bool> Advance(const Dataset::Impl& ds, const ScanFilter& filter);

 private:
  // The cursor as Advance leaves it, computed on the pool.
  struct Ahead {
    size_t next = 0, index = 0;
    int64_t pruned = 0, opened = 0;
    std::unique_ptr<FileReader> file;
    Result<bool> more = false;
  };
  // Advance without the pool, on `at` (this cursor's fields or an Ahead's).
  template <typename C>
  static Result<bool> AdvanceOn(C& at, const Dataset::Impl& ds, const ScanFilter& filter);
  std::shared_ptr<Ahead> ahead_;
  std::shared_ptr<util::ParallelJobs> ahead_job_;  // one job; the caller does it when no worker has
};

// The index of the top-level field of the unified schema above `node`.
int TopFieldOf(const Schema& schema, const SchemaNode* node);

}  // namespace parq::dataset

#endif  // PARQ_DATASET_SCAN_FILTER_H_
