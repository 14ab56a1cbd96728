// BoundFilter::Impl (parq/filter.h): the bound tree, shared by row
// evaluation (bound_filter.cc), batch evaluation over columnar values
// (filter_batch.cc) and statistics pruning (filter_prune.cc).  Leaves are the
// distinct columns the filter reads, in binding order; each node names its
// leaf by index.  The three-valued logic and a leaf node's truth for one
// value are here, once, for both evaluations.
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

  // Kleene logic.
  static Truth And(Truth a, Truth b) {
    if (a == Truth::kFalse || b == Truth::kFalse) return Truth::kFalse;
    if (a == Truth::kUnknown || b == Truth::kUnknown) return Truth::kUnknown;
    return Truth::kTrue;
  }
  static Truth Or(Truth a, Truth b) {
    if (a == Truth::kTrue || b == Truth::kTrue) return Truth::kTrue;
    if (a == Truth::kUnknown || b == Truth::kUnknown) return Truth::kUnknown;
    return Truth::kFalse;
  }
  static Truth Not(Truth a) { return a == Truth::kUnknown ? a : FromBool(a == Truth::kFalse); }
  static Truth FromBool(bool b) { return b ? Truth::kTrue : Truth::kFalse; }

  // A leaf node (kCompare, kIn, kIsNull, kIsNotNull, kBetween) on one row:
  // `present` when the leaf's value (and every struct above it) is not
  // null; `key` its Key, nullptr when null or not of the leaf's kind.
  // Inlined into the batch evaluation's loop over rows.
  [[gnu::always_inline]] Truth EvalLeaf(const Node& n, bool present, const filter_internal::Key* key) const {
    if (n.kind == Filter::Kind::kIsNull) return FromBool(!present);
    if (n.kind == Filter::Kind::kIsNotNull) return FromBool(present);
    if (key == nullptr) return Truth::kUnknown;
    return FromBool(LeafHolds(n, leaves[static_cast<size_t>(n.leaf)].type.domain, *key));
  }

  // Whether a value comparison leaf (kCompare, kIn, kBetween) holds for the
  // non-null value `key` (also used by dictionary pruning).
  [[gnu::always_inline]] static bool LeafHolds(const Node& n, filter_internal::Domain domain,
                                               const filter_internal::Key& key) {
    switch (n.kind) {
      case Filter::Kind::kCompare:
        return filter_internal::Holds(n.op, filter_internal::CompareKeys(domain, key, n.keys[0]));
      case Filter::Kind::kBetween:
        return filter_internal::CompareKeys(domain, key, n.keys[0]) >= 0 &&
               filter_internal::CompareKeys(domain, key, n.keys[1]) <= 0;
      case Filter::Kind::kIn:
        for (const filter_internal::Key& k : n.keys) {
          if (filter_internal::CompareKeys(domain, key, k) == 0) return true;
        }
        return false;
      default:
        return false;
    }
  }
};

}  // namespace parq

#endif  // PARQ_RECORD_BOUND_FILTER_IMPL_H_
