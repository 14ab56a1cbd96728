// record/columnar_levels.h — the Dremel levels of one leaf, computed from a
// batch of ColumnViews (parq/columnar_writer.h): the striping half of the
// ColumnarWriter, the inverse of ColumnarReader's NodeRule pass.
//
// A leaf's path is the chain of views from the batch's root struct down to
// the leaf, each with the levels its plan node gives (record/assembly_plan.h,
// the same rules RowWriter applies to Values):
//
//   null slot (nullable node) → one entry, def = the parent's def;
//   struct                    → its present slots, as runs, to the child with
//                               def = null_below (nullable) or the parent's;
//   list / map slot           → empty: one entry, def = empty_below - 1;
//                               else its child range with def = empty_below,
//                               the first entry at the incoming repetition
//                               level, the others at repeat_at;
//   leaf                      → a run of slots: entries with def = the max
//                               (present) or the parent's (null).
//
// Walks go over runs of slots: one call per struct run, per list slot (per
// run of adjacent lists for the innermost list), bulk fills per leaf run,
// no per-value calls.  The present leaf slots are kept as
// coalesced runs; one run of fixed-width values is handed over in place.
//
// CheckColumnView validates a view tree against the plan before any walk
// (kinds, lengths, every offset); a walk then reads only checked ranges.
// Not thread-safe; one LeafLevels per leaf, reused across batches.
#ifndef PARQ_RECORD_COLUMNAR_LEVELS_H_
#define PARQ_RECORD_COLUMNAR_LEVELS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "parq/columnar_writer.h"
#include "parq/status.h"
#include "record/assembly_plan.h"

namespace parq {

// Checks `v` (and its subtree) against plan node `p` of `schema`'s plan;
// errors name p's field.  The root is checked with p = the plan's root.
Status CheckColumnView(const ColumnView& v, const PlanNode& p, const Schema& schema);

// One node of a leaf's path in one batch.
struct LevelStep {
  const ColumnView* view = nullptr;
  const PlanNode* plan = nullptr;
};

class LeafLevels {
 public:
  explicit LeafLevels(const ColumnDescriptor* d) : d_(d) {}

  // Computes the entries of the whole batch for this leaf; `path` from the
  // root struct down to the leaf.  kInvalidArgument for a null in a required
  // field, a value missing or a byte array too long.
  Status Compute(std::vector<LevelStep> path);

  const ColumnDescriptor& descriptor() const { return *d_; }
  int64_t num_entries() const { return entries_; }
  const int16_t* def() const { return def_.data(); }
  const int16_t* rep() const { return rep_.data(); }
  // The dense values, of the column's value type (bool, int32_t, ...).
  const void* values() const { return dense_; }
  int64_t num_values() const { return num_values_; }

 private:
  Status Walk(size_t k, int64_t begin, int64_t end, int16_t parent_def, int16_t rep_first, int16_t rep_rest);
  Status Leaf(const ColumnView& v, const PlanNode& p, int64_t p0, int64_t p1, int16_t parent_def,
              int16_t rep_first, int16_t rep_rest);
  Status NullsHere(const PlanNode& p, int64_t slot) const;
  void Emit(int64_t n, int16_t def, int16_t rep_first, int16_t rep_rest) {
    if (n == 1) {  // a null or empty list, a one-element run: the common case under lists
      if (has_def_) def_.push_back(def);
      if (has_rep_) rep_.push_back(rep_first);
    } else {
      if (has_def_) def_.insert(def_.end(), static_cast<size_t>(n), def);
      if (has_rep_ && n > 0) {
        rep_.push_back(rep_first);
        rep_.insert(rep_.end(), static_cast<size_t>(n - 1), rep_rest);
      }
    }
    entries_ += n;
  }
  void AddRun(int64_t a, int64_t b) {
    if (!runs_.empty() && runs_.back().second == a) {
      runs_.back().second = b;
    } else {
      runs_.emplace_back(a, b);
    }
  }
  Status Gather(const ColumnView& leaf);

  const ColumnDescriptor* d_;
  bool has_def_ = false, has_rep_ = false;
  std::vector<LevelStep> path_;
  size_t innermost_list_ = 0;  // the last list or map of path_ (path_.size() when none)
  std::vector<int16_t> def_, rep_;
  int64_t entries_ = 0;
  std::vector<std::pair<int64_t, int64_t>> runs_;  // present leaf slots (physical indices)
  // Dense values when they are not handed over in place.
  std::vector<uint8_t> fixed_;
  std::unique_ptr<bool[]> bools_;
  size_t bools_cap_ = 0;
  std::vector<ByteArray> ba_;
  std::vector<FixedLenByteArray> flba_;
  const void* dense_ = nullptr;
  int64_t num_values_ = 0;
};

}  // namespace parq

#endif  // PARQ_RECORD_COLUMNAR_LEVELS_H_
