// LeafRowFilter (record/filter_leaf_row.h).
#include "record/filter_leaf_row.h"

#include <utility>

namespace parq::filter_internal {

namespace {

// The Key of the buffer's value at vpos; false when it is not of the
// leaf's kind (as the batch evaluation decides, filter_batch.cc).
bool KeyAt(const LeafBuffer& b, const LeafType& t, Key* k) {
  const size_t i = b.vpos;
  switch (b.type) {
    case PhysicalType::kBoolean:
      k->i = b.BoolAt(i) ? 1 : 0;
      return t.domain == Domain::kBool;
    case PhysicalType::kInt32:
      KeyOfInt32(b.Fixed<int32_t>(i), t, k);
      return t.domain == Domain::kExact;
    case PhysicalType::kInt64:
      KeyOfInt64(b.Fixed<int64_t>(i), t, k);
      return t.domain == Domain::kExact;
    case PhysicalType::kInt96:
      KeyOfInt96(b.Fixed<Int96>(i), t, k);
      return t.domain == Domain::kExact;
    case PhysicalType::kFloat:
      k->d = b.Fixed<float>(i);
      return t.domain == Domain::kReal;
    case PhysicalType::kDouble:
      k->d = b.Fixed<double>(i);
      return t.domain == Domain::kReal;
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      return KeyOfBytes(b.BytesAt(i), t, k);
  }
  return false;
}

}  // namespace

LeafRowFilter::LeafRowFilter(const BoundFilter& filter, std::vector<const LeafBuffer*> leaves)
    : impl_(filter.impl()), leaves_(std::move(leaves)), cells_(leaves_.size()) {}

bool LeafRowFilter::Matches() {
  for (size_t l = 0; l < leaves_.size(); ++l) {
    const LeafBuffer& b = *leaves_[l];
    Cell& c = cells_[l];
    c.present = b.def[b.pos] == b.max_def;
    c.known = c.present && b.vpos < b.num_values() && KeyAt(b, impl_.leaves[l].type, &c.key);
  }
  return Eval(impl_.root) == Truth::kTrue;
}

BoundFilter::Truth LeafRowFilter::Eval(const BoundFilter::Impl::Node& n) const {
  using Impl = BoundFilter::Impl;
  switch (n.kind) {
    case Filter::Kind::kAnd: {
      const Truth a = Eval(n.children[0]);
      if (a == Truth::kFalse) return a;
      return Impl::And(a, Eval(n.children[1]));
    }
    case Filter::Kind::kOr: {
      const Truth a = Eval(n.children[0]);
      if (a == Truth::kTrue) return a;
      return Impl::Or(a, Eval(n.children[1]));
    }
    case Filter::Kind::kNot:
      return Impl::Not(Eval(n.children[0]));
    default: {
      const Cell& c = cells_[static_cast<size_t>(n.leaf)];
      return impl_.EvalLeaf(n, c.present, c.known ? &c.key : nullptr);
    }
  }
}

}  // namespace parq::filter_internal
