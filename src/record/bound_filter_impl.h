// BoundFilter::Impl (parq/filter.h): the bound tree, shared by row
// evaluation (bound_filter.cc) and pruning (filter_prune.cc).
// Leaves are the distinct columns the filter reads, in binding order; each
// node names its leaf by index.
#ifndef PARQ_RECORD_BOUND_FILTER_IMPL_H_
#define PARQ_RECORD_BOUND_FILTER_IMPL_H_

#include <string>
#include <vector>

#include "parq/filter.h"
#include "parq/record.h"
#include "record/filter_compare.h"

namespace parq {

struct BoundFilter::Impl {
  struct Leaf {
    int column = -1;  // the Schema column index
    std::vector<std::string> path;
    filter_internal::LeafType type;
  };
  struct Node {
    Filter::Kind kind = Filter::Kind::kCompare;
    int leaf = -1;
    CompareOp op = CompareOp::kEq;
    std::vector<filter_internal::Key> keys;
    std::vector<Node> children;
  };
  std::vector<Leaf> leaves;
  Node root;

  Truth Eval(const Node& n, const Value& row) const;
  // Whether a value comparison leaf (kCompare, kIn, kBetween) holds for the
  // non-null value `key`.
  static bool LeafHolds(const Node& n, filter_internal::Domain domain, const filter_internal::Key& key);
};

}  // namespace parq

#endif  // PARQ_RECORD_BOUND_FILTER_IMPL_H_
