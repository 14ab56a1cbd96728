#include "record/filter_batch.h"

#include <algorithm>
#include <cstring>
#include <limits>
#include <string_view>
#include <type_traits>

#include "record/bound_filter_impl.h"
#include "record/filter_compare.h"
#include "util/bitmap.h"

namespace parq::filter_internal {

namespace {

using Truth = BoundFilter::Truth;
using Impl = BoundFilter::Impl;

template <typename T>
T Load(const uint8_t* p) {
  T v;
  std::memcpy(&v, p, sizeof(T));
  return v;
}

struct Evaluator {
  const Impl& impl;
  const std::vector<const ColumnarLeaf*>& leaves;
  int64_t rows;

  // out[r] = the node's Truth on row r.
  void Eval(const Impl::Node& n, uint8_t* out) const {
    switch (n.kind) {
      case Filter::Kind::kAnd:
      case Filter::Kind::kOr: {
        Eval(n.children[0], out);
        std::vector<uint8_t> b(static_cast<size_t>(rows));
        Eval(n.children[1], b.data());
        const bool is_and = n.kind == Filter::Kind::kAnd;
        for (int64_t r = 0; r < rows; ++r) {
          const Truth x = static_cast<Truth>(out[r]), y = static_cast<Truth>(b[static_cast<size_t>(r)]);
          out[r] = static_cast<uint8_t>(is_and ? Impl::And(x, y) : Impl::Or(x, y));
        }
        return;
      }
      case Filter::Kind::kNot:
        Eval(n.children[0], out);
        for (int64_t r = 0; r < rows; ++r) out[r] = static_cast<uint8_t>(Impl::Not(static_cast<Truth>(out[r])));
        return;
      default:
        Leaf(n, out);
        return;
    }
  }

  // key_of(r, &key): the Key of row r's (present) value; false when the
  // value is not of the leaf's kind.
  template <typename KeyOf>
  void EachRow(const Impl::Node& n, const uint8_t* valid, KeyOf key_of, uint8_t* out) const {
    Key key;
    for (int64_t r = 0; r < rows; ++r) {
      const bool present = util::GetBit(valid, r);
      const bool known = present && key_of(r, &key);
      out[r] = static_cast<uint8_t>(impl.EvalLeaf(n, present, known ? &key : nullptr));
    }
  }

  // CompareNumbers of an integer column against a literal of its scale, in
  // the column's own integer type U (the literal compared as a Key would
  // be: one outside U's range is above or below every value), so that the
  // loop vectorizes; null rows are then made kUnknown a validity byte at a
  // time.
  template <typename U, CompareOp kOp>
  void CompareIntegers(const uint8_t* valid, const uint8_t* v, __int128 lit, uint8_t* out) const {
    constexpr __int128 kMin = std::numeric_limits<U>::min(), kMax = std::numeric_limits<U>::max();
    if (lit < kMin || lit > kMax) {
      // Every value compares the same way to it.
      std::memset(out, Holds(kOp, lit < kMin ? 1 : -1) ? 1 : 0, static_cast<size_t>(rows));
    } else {
      const U l = static_cast<U>(lit);
      for (int64_t r = 0; r < rows; ++r) {
        const U x = Load<U>(v + static_cast<size_t>(r) * sizeof(U));
        bool holds;
        if constexpr (kOp == CompareOp::kEq) holds = x == l;
        if constexpr (kOp == CompareOp::kNe) holds = x != l;
        if constexpr (kOp == CompareOp::kLt) holds = x < l;
        if constexpr (kOp == CompareOp::kLe) holds = x <= l;
        if constexpr (kOp == CompareOp::kGt) holds = x > l;
        if constexpr (kOp == CompareOp::kGe) holds = x >= l;
        out[r] = holds ? 1 : 0;
      }
    }
    constexpr uint8_t kUnknown = static_cast<uint8_t>(Truth::kUnknown);
    for (int64_t r = 0; r < rows; r += 8) {
      const uint8_t bits = valid[r / 8];
      if (bits == 0xff) continue;
      for (int64_t k = r; k < std::min(rows, r + 8); ++k) {
        if (((bits >> (k - r)) & 1u) == 0) out[k] = kUnknown;
      }
    }
  }

  // A comparison on a numeric column, the common case, in a loop of its
  // own per operator: the same Key and comparison functions as EvalLeaf
  // (CompareKeys of the domain, Holds), without the per-row dispatch on the
  // node's kind and domain.  kSameScale: the literal has the column's scale.
  template <typename T, CompareOp kOp, bool kSameScale>
  void CompareNumbers(const uint8_t* valid, const uint8_t* v, const LeafType& t, const Key& lit, uint8_t* out) const {
    if constexpr (kSameScale && std::is_integral_v<T>) {
      if (t.is_unsigned) return CompareIntegers<std::make_unsigned_t<T>, kOp>(valid, v, lit.i, out);
      return CompareIntegers<T, kOp>(valid, v, lit.i, out);
    }
    Key key;
    for (int64_t r = 0; r < rows; ++r) {
      const T x = Load<T>(v + static_cast<size_t>(r) * sizeof(T));
      bool holds;
      if constexpr (std::is_floating_point_v<T>) {
        holds = Holds(kOp, CompareReal(x, lit.d));
      } else {
        if constexpr (sizeof(T) == 4) {
          KeyOfInt32(x, t, &key);
        } else {
          KeyOfInt64(x, t, &key);
        }
        holds = Holds(kOp, kSameScale ? CompareScaled(key.i, t.scale, lit.i, t.scale)
                                      : CompareScaled(key.i, t.scale, lit.i, lit.scale));
      }
      out[r] = util::GetBit(valid, r) ? static_cast<uint8_t>(holds) : static_cast<uint8_t>(Truth::kUnknown);
    }
  }

  template <typename T, bool kSameScale>
  void CompareNumbers(CompareOp op, const uint8_t* valid, const uint8_t* v, const LeafType& t, const Key& lit,
                      uint8_t* out) const {
    switch (op) {
      case CompareOp::kEq: return CompareNumbers<T, CompareOp::kEq, kSameScale>(valid, v, t, lit, out);
      case CompareOp::kNe: return CompareNumbers<T, CompareOp::kNe, kSameScale>(valid, v, t, lit, out);
      case CompareOp::kLt: return CompareNumbers<T, CompareOp::kLt, kSameScale>(valid, v, t, lit, out);
      case CompareOp::kLe: return CompareNumbers<T, CompareOp::kLe, kSameScale>(valid, v, t, lit, out);
      case CompareOp::kGt: return CompareNumbers<T, CompareOp::kGt, kSameScale>(valid, v, t, lit, out);
      case CompareOp::kGe: return CompareNumbers<T, CompareOp::kGe, kSameScale>(valid, v, t, lit, out);
    }
  }

  // True when done by CompareNumbers.
  bool FastCompare(const Impl::Node& n, const ColumnarLeaf& l, const LeafType& t, uint8_t* out) const {
    if (n.kind != Filter::Kind::kCompare) return false;
    const uint8_t* valid = l.leaf().validity.data();
    const uint8_t* v = l.values.data();
    const Key& lit = n.keys[0];
    const bool same = lit.scale == t.scale;
    switch (l.descriptor->physical_type) {
      case PhysicalType::kInt32:
        if (t.domain != Domain::kExact) return false;
        same ? CompareNumbers<int32_t, true>(n.op, valid, v, t, lit, out)
             : CompareNumbers<int32_t, false>(n.op, valid, v, t, lit, out);
        return true;
      case PhysicalType::kInt64:
        if (t.domain != Domain::kExact) return false;
        same ? CompareNumbers<int64_t, true>(n.op, valid, v, t, lit, out)
             : CompareNumbers<int64_t, false>(n.op, valid, v, t, lit, out);
        return true;
      case PhysicalType::kFloat:
        if (t.domain != Domain::kReal) return false;
        CompareNumbers<float, true>(n.op, valid, v, t, lit, out);
        return true;
      case PhysicalType::kDouble:
        if (t.domain != Domain::kReal) return false;
        CompareNumbers<double, true>(n.op, valid, v, t, lit, out);
        return true;
      default:
        return false;
    }
  }

  void Leaf(const Impl::Node& n, uint8_t* out) const {
    const ColumnarLeaf& l = *leaves[static_cast<size_t>(n.leaf)];
    const LeafType& t = impl.leaves[static_cast<size_t>(n.leaf)].type;
    const uint8_t* valid = l.leaf().validity.data();
    const uint8_t* v = l.values.data();
    const auto w = static_cast<size_t>(l.value_width);
    if (n.kind == Filter::Kind::kIsNull || n.kind == Filter::Kind::kIsNotNull) {
      EachRow(n, valid, [](int64_t, Key*) { return false; }, out);
      return;
    }
    if (FastCompare(n, l, t, out)) return;
    switch (l.descriptor->physical_type) {
      case PhysicalType::kBoolean:
        EachRow(n, valid, [&](int64_t r, Key* k) {
          k->i = util::GetBit(v, r) ? 1 : 0;
          return t.domain == Domain::kBool;
        }, out);
        return;
      case PhysicalType::kInt32:
        EachRow(n, valid, [&](int64_t r, Key* k) {
          KeyOfInt32(Load<int32_t>(v + static_cast<size_t>(r) * 4), t, k);
          return t.domain == Domain::kExact;
        }, out);
        return;
      case PhysicalType::kInt64:
        EachRow(n, valid, [&](int64_t r, Key* k) {
          KeyOfInt64(Load<int64_t>(v + static_cast<size_t>(r) * 8), t, k);
          return t.domain == Domain::kExact;
        }, out);
        return;
      case PhysicalType::kInt96:
        EachRow(n, valid, [&](int64_t r, Key* k) {
          KeyOfInt96(Load<Int96>(v + static_cast<size_t>(r) * 12), t, k);
          return t.domain == Domain::kExact;
        }, out);
        return;
      case PhysicalType::kFloat:
        EachRow(n, valid, [&](int64_t r, Key* k) {
          k->d = Load<float>(v + static_cast<size_t>(r) * 4);
          return t.domain == Domain::kReal;
        }, out);
        return;
      case PhysicalType::kDouble:
        EachRow(n, valid, [&](int64_t r, Key* k) {
          k->d = Load<double>(v + static_cast<size_t>(r) * 8);
          return t.domain == Domain::kReal;
        }, out);
        return;
      case PhysicalType::kFixedLenByteArray:
        EachRow(n, valid, [&](int64_t r, Key* k) {
          return KeyOfBytes(std::string_view(reinterpret_cast<const char*>(v) + static_cast<size_t>(r) * w, w), t, k);
        }, out);
        return;
      case PhysicalType::kByteArray: {
        const int64_t* off = l.offsets.data();
        const char* data = reinterpret_cast<const char*>(l.data.data());
        EachRow(n, valid, [&](int64_t r, Key* k) {
          return KeyOfBytes(std::string_view(data + off[r], static_cast<size_t>(off[r + 1] - off[r])), t, k);
        }, out);
        return;
      }
    }
  }
};

// Bits [0, sel.count) of *bits: the selected bits of its first
// sel.selected.size(); the rest of the bytes cleared.  Returns the bits set.
int64_t GatherBits(const RowSelection& sel, std::vector<uint8_t>* bits, std::vector<uint8_t>* scratch) {
  // A byte more: the branch-free loop writes a 0 bit at j = count for the
  // unselected rows after the last selected one.
  scratch->assign(static_cast<size_t>(sel.count / 8 + 1), 0);
  int64_t j = 0, set = 0;
  const uint8_t* src = bits->data();
  uint8_t* dst = scratch->data();
  const auto n = static_cast<int64_t>(sel.selected.size());
  for (int64_t i = 0; i < n; ++i) {  // branch-free: selections are unpredictable
    const uint8_t keep = sel.selected[static_cast<size_t>(i)];
    const uint8_t bit = keep & static_cast<uint8_t>(util::GetBit(src, i));
    dst[j >> 3] |= static_cast<uint8_t>(bit << (j & 7));
    set += bit;
    j += keep;
  }
  scratch->resize(static_cast<size_t>((sel.count + 7) / 8));
  bits->swap(*scratch);
  return set;
}

}  // namespace

void SelectRows(const BoundFilter& filter, const std::vector<const ColumnarLeaf*>& leaves, int64_t rows,
                int64_t min_gap, RowSelection* out) {
  std::vector<uint8_t>& sel = out->selected;
  sel.resize(static_cast<size_t>(rows));
  Evaluator{filter.impl(), leaves, rows}.Eval(filter.impl().root, sel.data());
  int64_t count = 0;
  for (int64_t r = 0; r < rows; ++r) {
    uint8_t& s = sel[static_cast<size_t>(r)];
    s = s == static_cast<uint8_t>(Truth::kTrue) ? 1 : 0;
    count += s;
  }
  out->count = count;
  SetRuns(min_gap, out);
}

void SetRuns(int64_t min_gap, RowSelection* out) {
  out->runs.clear();
  // A run goes on across a gap of fewer than min_gap rows.
  auto select = [&](int64_t r) {
    if (!out->runs.empty() && r - out->runs.back().end < min_gap) {
      out->runs.back().end = r + 1;
    } else {
      out->runs.push_back({r, r + 1});
    }
  };
  ForEachSelected(out->selected.data(), 0, static_cast<int64_t>(out->selected.size()), select);
}

void SelectRanges(const index::RowSelection& ranges, int64_t rows, RowSelection* out) {
  out->selected.assign(static_cast<size_t>(rows), 0);
  out->runs.clear();
  out->count = 0;
  for (const index::RowRange& r : ranges.ranges()) {
    const int64_t first = std::clamp<int64_t>(r.first, 0, rows), end = std::clamp<int64_t>(r.end, first, rows);
    if (first == end) continue;
    std::fill(out->selected.begin() + first, out->selected.begin() + end, uint8_t{1});
    out->runs.push_back({first, end});
    out->count += end - first;
  }
}

void SelectWithin(const RowSelection& outer, const RowSelection& inner, int64_t min_gap, RowSelection* out) {
  out->selected.assign(outer.selected.size(), 0);
  out->count = inner.count;
  int64_t j = 0;
  const uint8_t* in = inner.selected.data();
  ForEachSelected(outer.selected.data(), 0, static_cast<int64_t>(outer.selected.size()),
                  [&](int64_t r) { out->selected[static_cast<size_t>(r)] = in[j++]; });
  SetRuns(min_gap, out);
}

void CompactLeaf(const RowSelection& sel, ColumnarLeaf* leaf) {
  const auto rows = static_cast<int64_t>(sel.selected.size());
  if (sel.count == rows) return;
  std::vector<uint8_t> scratch;
  for (ColumnarNode& node : leaf->path) {
    if (node.null_count == 0) {  // all set, and stays so
      node.validity.assign(static_cast<size_t>((sel.count + 7) / 8), 0);
      for (int64_t i = 0; i < sel.count; ++i) node.validity[static_cast<size_t>(i >> 3)] |= static_cast<uint8_t>(1u << (i & 7));
    } else {
      node.null_count = sel.count - GatherBits(sel, &node.validity, &scratch);
    }
    node.length = sel.count;
  }
  const uint8_t* keep = sel.selected.data();
  if (leaf->descriptor->physical_type == PhysicalType::kBoolean) {
    GatherBits(sel, &leaf->values, &scratch);
  } else if (leaf->descriptor->physical_type == PhysicalType::kByteArray) {
    int64_t* off = leaf->offsets.data();
    uint8_t* data = leaf->data.data();
    int64_t j = 0, at = 0;
    for (int64_t i = 0; i < rows; ++i) {
      if (!keep[i]) continue;
      const int64_t begin = off[i], end = off[i + 1];  // read before off[j + 1] (j <= i) is written
      if (end > begin) std::memmove(data + at, data + begin, static_cast<size_t>(end - begin));
      at += end - begin;
      off[++j] = at;
    }
    leaf->offsets.resize(static_cast<size_t>(sel.count) + 1);
    leaf->data.resize(static_cast<size_t>(at));
  } else {
    const auto w = static_cast<size_t>(leaf->value_width);
    uint8_t* v = leaf->values.data();
    // j <= i: each value moves down (or stays), never onto one still to move.
    auto gather = [&]<size_t kWidth>(size_t width) {
      size_t j = 0;
      for (int64_t i = 0; i < rows; ++i) {
        if constexpr (kWidth > 0) {  // branch-free: every value moves, j advances past the kept ones
          std::memmove(v + j * kWidth, v + static_cast<size_t>(i) * kWidth, kWidth);
          j += keep[i];
        } else if (keep[i]) {
          std::memmove(v + (j++) * width, v + static_cast<size_t>(i) * width, width);
        }
      }
    };
    if (w == 4) {
      gather.operator()<4>(w);
    } else if (w == 8) {
      gather.operator()<8>(w);
    } else {
      gather.operator()<0>(w);
    }
    leaf->values.resize(static_cast<size_t>(sel.count) * w);
  }
}

}  // namespace parq::filter_internal
