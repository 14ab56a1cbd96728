// Row-group pruning by statistics (record/filter_prune.h).
#include "record/filter_prune.h"

#include <cmath>
#include <cstring>
#include <limits>

#include "format/writer_version.h"
#include "record/bound_filter_impl.h"
#include "record/filter_bloom.h"

namespace parq::filter_internal {

namespace {

// One bound decoded from its PLAIN bytes into the leaf's domain; false when
// the bytes do not have the type's size.
bool DecodeBound(const std::string& b, const LeafType& t, Key* k) {
  switch (t.physical) {
    case PhysicalType::kBoolean:
      if (b.size() != 1) return false;
      k->i = b[0] != 0;
      return true;
    case PhysicalType::kInt32: {
      if (b.size() != 4) return false;
      int32_t v;
      std::memcpy(&v, b.data(), 4);
      k->i = t.is_unsigned ? __int128{static_cast<uint32_t>(v)} : __int128{v};
      k->scale = t.scale;
      return true;
    }
    case PhysicalType::kInt64: {
      if (b.size() != 8) return false;
      int64_t v;
      std::memcpy(&v, b.data(), 8);
      k->i = t.is_unsigned ? __int128{static_cast<uint64_t>(v)} : __int128{v};
      k->scale = t.scale;
      return true;
    }
    case PhysicalType::kFloat: {
      if (b.size() != 4) return false;
      float v;
      std::memcpy(&v, b.data(), 4);
      k->d = v;
      return true;
    }
    case PhysicalType::kDouble: {
      if (b.size() != 8) return false;
      std::memcpy(&k->d, b.data(), 8);
      return true;
    }
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray:
      if (t.domain == Domain::kExact) {
        k->scale = t.scale;
        return BigEndianToInt128(b, &k->i);
      }
      if (t.is_float16) {
        if (b.size() != 2) return false;
        k->d = Float16::FromBits(static_cast<uint16_t>(static_cast<unsigned char>(b[0]) |
                                                      (static_cast<unsigned char>(b[1]) << 8)))
                   .ToDouble();
        return true;
      }
      k->s = b;
      return true;
    case PhysicalType::kInt96:
      return false;
  }
  return false;
}

bool LegacyOrderIsRight(const LeafType& t) {
  return (t.physical == PhysicalType::kInt32 || t.physical == PhysicalType::kInt64) && !t.is_unsigned &&
         t.domain == Domain::kExact && !t.is_decimal;
}

}  // namespace

ChunkFacts FactsOf(const std::optional<EncodedStatistics>& stats, int64_t num_rows, const LeafType& type,
                   const std::string& column_order, const std::optional<std::string>& created_by) {
  ChunkFacts f;
  f.num_values = num_rows;
  if (!stats) return f;
  f.null_count = stats->null_count;
  if (f.null_count && (*f.null_count < 0 || *f.null_count > num_rows)) f.null_count.reset();  // not believable
  if (type.domain == Domain::kNone || type.physical == PhysicalType::kInt96) return f;
  const bool bytes = type.physical == PhysicalType::kByteArray || type.physical == PhysicalType::kFixedLenByteArray;
  if (bytes && created_by && !format::BinaryStatisticsBug(*created_by).empty()) return f;
  const std::string* lo = nullptr;
  const std::string* hi = nullptr;
  bool exact = false;
  if (stats->min_value && stats->max_value && column_order != "UNKNOWN") {
    lo = &*stats->min_value;
    hi = &*stats->max_value;
    exact = stats->is_min_value_exact.value_or(true) && stats->is_max_value_exact.value_or(true);
  } else if (stats->legacy_min && stats->legacy_max && LegacyOrderIsRight(type)) {
    lo = &*stats->legacy_min;
    hi = &*stats->legacy_max;
    exact = true;
  }
  if (lo == nullptr) return f;
  if (!DecodeBound(*lo, type, &f.min) || !DecodeBound(*hi, type, &f.max)) return f;
  if (type.domain == Domain::kReal) {
    if (std::isnan(f.min.d) || std::isnan(f.max.d)) return f;
    // The bounds leave NaN out; a NaN value is above every bound.
    if (!(stats->nan_count && *stats->nan_count == 0)) {
      f.max.d = std::numeric_limits<double>::quiet_NaN();
      exact = false;
    }
  }
  if (CompareKeys(type.domain, f.min, f.max) > 0) return f;  // min > max: not believable
  f.has_bounds = true;
  f.exact = exact;
  return f;
}

namespace {

// Whether some row may make the node true / false / unknown.
struct Can {
  bool t = true, f = true, u = true;
};

Can FromStatistics(const BoundFilter::Impl::Node& n, const LeafType& type, const ChunkFacts& c);

// What the dictionary and the Bloom filter add to the statistics: a value
// comparison can be true (false) only if some possible value makes it so;
// an = or IN can be true only if the Bloom filter may hold a literal.  They
// say nothing about nulls.
Can Leaf(const BoundFilter::Impl::Node& n, const LeafType& type, const ChunkFacts& c) {
  Can r = FromStatistics(n, type, c);
  if (n.kind == Filter::Kind::kIsNull || n.kind == Filter::Kind::kIsNotNull) return r;
  if (c.dictionary && (r.t || r.f)) {
    bool t = false, f = false;
    for (const Key& v : *c.dictionary) {
      (BoundFilter::Impl::LeafHolds(n, type.domain, v) ? t : f) = true;
      if (t && f) break;
    }
    r.t = r.t && t;
    r.f = r.f && f;
  }
  const bool is_eq = (n.kind == Filter::Kind::kCompare && n.op == CompareOp::kEq) || n.kind == Filter::Kind::kIn;
  if (c.bloom && r.t && is_eq) {
    bool any = false;
    for (const Key& k : n.keys) {
      if (!BloomExcludes(*c.bloom, type, k)) {
        any = true;
        break;
      }
    }
    r.t = any;
  }
  return r;
}

Can FromStatistics(const BoundFilter::Impl::Node& n, const LeafType& type, const ChunkFacts& c) {
  Can r;
  const bool nulls_known = c.null_count.has_value();
  const bool all_null = nulls_known && *c.null_count == c.num_values;
  const bool some_null = !nulls_known || *c.null_count > 0;
  if (n.kind == Filter::Kind::kIsNull || n.kind == Filter::Kind::kIsNotNull) {
    const bool is_null = n.kind == Filter::Kind::kIsNull;
    r.u = false;
    r.t = is_null ? some_null : !all_null;
    r.f = is_null ? !all_null : some_null;
    return r;
  }
  r.u = some_null;
  if (all_null) {
    r.t = r.f = false;
    return r;
  }
  if (!c.has_bounds) return r;
  auto lo = [&](const Key& k) { return CompareKeys(type.domain, c.min, k); };  // sign(min - k)
  auto hi = [&](const Key& k) { return CompareKeys(type.domain, c.max, k); };  // sign(max - k)
  auto only = [&](const Key& k) { return c.exact && lo(k) == 0 && hi(k) == 0; };  // every value is k
  switch (n.kind) {
    case Filter::Kind::kCompare: {
      const Key& k = n.keys[0];
      switch (n.op) {
        case CompareOp::kEq: r.t = lo(k) <= 0 && hi(k) >= 0; r.f = !only(k); break;
        case CompareOp::kNe: r.t = !only(k); r.f = lo(k) <= 0 && hi(k) >= 0; break;
        case CompareOp::kLt: r.t = lo(k) < 0; r.f = hi(k) >= 0; break;
        case CompareOp::kLe: r.t = lo(k) <= 0; r.f = hi(k) > 0; break;
        case CompareOp::kGt: r.t = hi(k) > 0; r.f = lo(k) <= 0; break;
        case CompareOp::kGe: r.t = hi(k) >= 0; r.f = lo(k) < 0; break;
      }
      return r;
    }
    case Filter::Kind::kIn:
      r.t = false;
      r.f = true;
      for (const Key& k : n.keys) {
        if (lo(k) <= 0 && hi(k) >= 0) r.t = true;
        if (only(k)) r.f = false;
      }
      return r;
    case Filter::Kind::kBetween:
      r.t = hi(n.keys[0]) >= 0 && lo(n.keys[1]) <= 0 && CompareKeys(type.domain, n.keys[0], n.keys[1]) <= 0;
      r.f = lo(n.keys[0]) < 0 || hi(n.keys[1]) > 0 || CompareKeys(type.domain, n.keys[0], n.keys[1]) > 0;
      return r;
    default:
      return r;
  }
}

Can Eval(const BoundFilter::Impl& impl, const BoundFilter::Impl::Node& n, const std::vector<ChunkFacts>& facts) {
  switch (n.kind) {
    case Filter::Kind::kAnd: {
      const Can a = Eval(impl, n.children[0], facts), b = Eval(impl, n.children[1], facts);
      return {a.t && b.t, a.f || b.f, a.u || b.u};
    }
    case Filter::Kind::kOr: {
      const Can a = Eval(impl, n.children[0], facts), b = Eval(impl, n.children[1], facts);
      return {a.t || b.t, a.f && b.f, a.u || b.u};
    }
    case Filter::Kind::kNot: {
      const Can a = Eval(impl, n.children[0], facts);
      return {a.f, a.t, a.u};
    }
    default:
      return Leaf(n, impl.leaves[static_cast<size_t>(n.leaf)].type, facts[static_cast<size_t>(n.leaf)]);
  }
}

}  // namespace

bool MayMatch(const BoundFilter& filter, const std::vector<ChunkFacts>& facts) {
  return Eval(filter.impl(), filter.impl().root, facts).t;
}

}  // namespace parq::filter_internal
