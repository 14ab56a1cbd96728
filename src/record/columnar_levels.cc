// Levels of one leaf from a batch of ColumnViews (record/columnar_levels.h).
#include "record/columnar_levels.h"

#include <cstring>
#include <limits>
#include <string>

namespace parq {

namespace {

inline bool Bit(const uint8_t* bits, int64_t i) { return ((bits[i >> 3] >> (i & 7)) & 1) != 0; }

// Calls f(a, b, set) for each run [a, b) of equal bits in [p0, p1), whole
// bytes of equal bits at a time.
template <typename F>
Status ForRuns(const uint8_t* bits, int64_t p0, int64_t p1, F&& f) {
  int64_t i = p0;
  while (i < p1) {
    const bool set = Bit(bits, i);
    const uint8_t full = set ? 0xFF : 0x00;
    int64_t j = i + 1;
    while (j < p1) {
      if ((j & 7) == 0 && j + 8 <= p1 && bits[j >> 3] == full) {
        j += 8;
      } else if (Bit(bits, j) == set) {
        ++j;
      } else {
        break;
      }
    }
    PARQ_RETURN_IF_ERROR(f(i, j, set));
    i = j;
  }
  return Status::OK();
}

std::string FieldName(const PlanNode& p) { return p.node != nullptr ? p.node->DottedPath() : "(root)"; }

Status Bad(const PlanNode& p, const std::string& what) {
  return Status::InvalidArgument("field '" + FieldName(p) + "': " + what);
}

const char* KindName(ColumnView::Kind k) {
  switch (k) {
    case ColumnView::Kind::kLeaf: return "leaf";
    case ColumnView::Kind::kStruct: return "struct";
    case ColumnView::Kind::kList: return "list";
    case ColumnView::Kind::kMap: return "map";
  }
  return "?";
}

// off[from .. from + n]: non-negative, non-decreasing, at most `limit`
// (limit < 0: not checked).
template <typename O>
Status CheckOffsets(const O* off, int64_t from, int64_t n, int64_t limit, const PlanNode& p, const char* what) {
  int64_t prev = off[from];
  if (prev < 0) return Bad(p, std::string(what) + " start at " + std::to_string(prev));
  for (int64_t i = 1; i <= n; ++i) {
    const int64_t o = off[from + i];
    if (o < prev) {
      return Bad(p, std::string(what) + " decrease at slot " + std::to_string(i - 1) + " (" +
                        std::to_string(prev) + " then " + std::to_string(o) + ")");
    }
    prev = o;
  }
  if (limit >= 0 && prev > limit) {
    return Bad(p, std::string(what) + " reach " + std::to_string(prev) + ", past the " + std::to_string(limit) +
                      (std::string(what) == "offsets" ? " child slots" : " bytes of data"));
  }
  return Status::OK();
}

Status CheckOffsetsOf(const ColumnView& v, int64_t limit, const PlanNode& p, const char* what) {
  if (v.length == 0) return Status::OK();
  if (v.offsets == nullptr) return Bad(p, "no offsets");
  return v.offsets64 ? CheckOffsets(static_cast<const int64_t*>(v.offsets), v.offset, v.length, limit, p, what)
                     : CheckOffsets(static_cast<const int32_t*>(v.offsets), v.offset, v.length, limit, p, what);
}

bool Matches(ColumnView::Kind v, PlanNode::Kind p) {
  switch (p) {
    case PlanNode::Kind::kLeaf: return v == ColumnView::Kind::kLeaf;
    case PlanNode::Kind::kList: return v == ColumnView::Kind::kList;
    case PlanNode::Kind::kMap: return v == ColumnView::Kind::kMap;
    default: return v == ColumnView::Kind::kStruct;
  }
}

const char* PlanKindName(PlanNode::Kind p) {
  switch (p) {
    case PlanNode::Kind::kLeaf: return "leaf";
    case PlanNode::Kind::kList: return "list";
    case PlanNode::Kind::kMap: return "map";
    default: return "struct";
  }
}

}  // namespace

Status CheckColumnView(const ColumnView& v, const PlanNode& p, const Schema& schema) {
  if (!Matches(v.kind, p.kind)) {
    return Bad(p, std::string("a ") + KindName(v.kind) + " view where the schema has a " + PlanKindName(p.kind));
  }
  constexpr int64_t kMax = std::numeric_limits<int64_t>::max() / 2;
  if (v.length < 0 || v.offset < 0 || v.length > kMax || v.offset > kMax - v.length) {
    return Bad(p, "length " + std::to_string(v.length) + " at offset " + std::to_string(v.offset));
  }
  const int64_t end = v.offset + v.length;  // slots the parent's buffers cover
  switch (p.kind) {
    case PlanNode::Kind::kStruct:
    case PlanNode::Kind::kVariant: {
      if (v.children.size() != p.children.size()) {
        return Bad(p, std::to_string(v.children.size()) + " children where the schema has " +
                          std::to_string(p.children.size()));
      }
      for (size_t i = 0; i < p.children.size(); ++i) {
        if (v.children[i].length < end) {
          return Bad(p.children[i], std::to_string(v.children[i].length) + " slots where its struct needs " +
                                        std::to_string(end));
        }
        PARQ_RETURN_IF_ERROR(CheckColumnView(v.children[i], p.children[i], schema));
      }
      return Status::OK();
    }
    case PlanNode::Kind::kList:
    case PlanNode::Kind::kMap: {
      if (v.children.size() != p.children.size()) {
        return Bad(p, std::to_string(v.children.size()) + " children where the schema has " +
                          std::to_string(p.children.size()));
      }
      int64_t limit = std::numeric_limits<int64_t>::max();
      for (const ColumnView& c : v.children) limit = std::min(limit, c.length);
      if (v.offsets == nullptr && v.list_size > 0 && p.kind == PlanNode::Kind::kList) {
        if (end > limit / v.list_size) {
          return Bad(p, std::to_string(end) + " lists of " + std::to_string(v.list_size) + " in " +
                            std::to_string(limit) + " child slots");
        }
      } else {
        PARQ_RETURN_IF_ERROR(CheckOffsetsOf(v, limit, p, "offsets"));
      }
      for (size_t i = 0; i < p.children.size(); ++i) {
        PARQ_RETURN_IF_ERROR(CheckColumnView(v.children[i], p.children[i], schema));
      }
      return Status::OK();
    }
    case PlanNode::Kind::kLeaf: {
      if (!v.children.empty()) return Bad(p, "a leaf view with children");
      const ColumnDescriptor& d = schema.column(p.column);
      if (d.physical_type == PhysicalType::kByteArray && v.byte_arrays == nullptr) {
        PARQ_RETURN_IF_ERROR(CheckOffsetsOf(v, v.data_length, p, "byte array offsets"));
        if (v.values == nullptr && v.length > 0) {
          const bool wide = v.offsets64;
          const int64_t first = wide ? static_cast<const int64_t*>(v.offsets)[v.offset]
                                     : static_cast<const int32_t*>(v.offsets)[v.offset];
          const int64_t last = wide ? static_cast<const int64_t*>(v.offsets)[end]
                                    : static_cast<const int32_t*>(v.offsets)[end];
          if (last > first) return Bad(p, "byte array offsets without data");
        }
      }
      return Status::OK();
    }
  }
  return Status::Internal("unknown plan node");
}

Status LeafLevels::NullsHere(const PlanNode& p, int64_t slot) const {
  return Bad(p, "null in a required field (slot " + std::to_string(slot) + ")");
}

Status LeafLevels::Leaf(const ColumnView& v, const PlanNode& p, int64_t p0, int64_t p1, int16_t parent_def,
                        int16_t rep_first, int16_t rep_rest) {
  const int16_t def = p.nullable ? p.null_below : parent_def;
  if (v.validity == nullptr) {
    Emit(p1 - p0, def, rep_first, rep_rest);
    AddRun(p0, p1);
    return Status::OK();
  }
  return ForRuns(v.validity, p0, p1, [&](int64_t a, int64_t b, bool set) -> Status {
    const int16_t r = a == p0 ? rep_first : rep_rest;
    if (set) {
      Emit(b - a, def, r, rep_rest);
      AddRun(a, b);
    } else {
      if (!p.nullable) return NullsHere(p, a - v.offset);
      Emit(b - a, parent_def, r, rep_rest);
    }
    return Status::OK();
  });
}

Status LeafLevels::Walk(size_t k, int64_t begin, int64_t end, int16_t parent_def, int16_t rep_first,
                        int16_t rep_rest) {
  const ColumnView& v = *path_[k].view;
  const PlanNode& p = *path_[k].plan;
  const int64_t p0 = v.offset + begin, p1 = v.offset + end;
  if (p.kind == PlanNode::Kind::kLeaf) return Leaf(v, p, p0, p1, parent_def, rep_first, rep_rest);
  const int16_t def = p.nullable ? p.null_below : parent_def;
  if (p.kind != PlanNode::Kind::kList && p.kind != PlanNode::Kind::kMap) {  // a struct: children share its slots
    if (v.validity == nullptr) return Walk(k + 1, p0, p1, def, rep_first, rep_rest);
    return ForRuns(v.validity, p0, p1, [&](int64_t a, int64_t b, bool set) -> Status {
      const int16_t r = a == p0 ? rep_first : rep_rest;
      if (set) return Walk(k + 1, a, b, def, r, rep_rest);
      if (!p.nullable) return NullsHere(p, a - v.offset);
      Emit(b - a, parent_def, r, rep_rest);
      return Status::OK();
    });
  }
  // A list or map: one child range per present slot.
  // The innermost list of the path (no list below it) gives one entry per
  // child slot, so consecutive lists whose child ranges touch are walked as
  // one range, and the first entry of each list but the first is then set
  // to the repetition level of a new list (rep_rest).
  const bool innermost = k == innermost_list_;
  auto slots = [&](auto range) -> Status {
    int64_t run_first = -1, run_last = -1, run_s = 0, run_e = 0;  // list slots and child range of the run
    int16_t run_rep = 0;
    auto flush = [&]() -> Status {
      if (run_first < 0) return Status::OK();
      const int64_t base = entries_;
      PARQ_RETURN_IF_ERROR(Walk(k + 1, run_s, run_e, p.empty_below, run_rep, p.repeat_at));
      for (int64_t j = run_first + 1; j <= run_last; ++j) {
        rep_[static_cast<size_t>(base + range(j).first - run_s)] = rep_rest;
      }
      run_first = -1;
      return Status::OK();
    };
    for (int64_t i = p0; i < p1; ++i) {
      const int16_t r = i == p0 ? rep_first : rep_rest;
      if (v.validity != nullptr && !Bit(v.validity, i)) {
        if (!p.nullable) return NullsHere(p, i - v.offset);
        PARQ_RETURN_IF_ERROR(flush());
        Emit(1, parent_def, r, rep_rest);
        continue;
      }
      const auto [s, e] = range(i);
      if (s == e) {
        PARQ_RETURN_IF_ERROR(flush());
        Emit(1, static_cast<int16_t>(p.empty_below - 1), r, rep_rest);
        continue;
      }
      if (!innermost) {
        PARQ_RETURN_IF_ERROR(Walk(k + 1, s, e, p.empty_below, r, p.repeat_at));
        continue;
      }
      if (run_first >= 0 && s == run_e) {
        run_last = i;
        run_e = e;
        continue;
      }
      PARQ_RETURN_IF_ERROR(flush());
      run_first = run_last = i;
      run_s = s;
      run_e = e;
      run_rep = r;
    }
    return flush();
  };
  (void)def;  // a present list's def is empty_below - 1 (its entries say so)
  if (v.offsets == nullptr) {
    const int64_t n = v.list_size;
    return slots([n](int64_t i) { return std::pair<int64_t, int64_t>(i * n, i * n + n); });
  }
  if (v.offsets64) {
    const int64_t* off = static_cast<const int64_t*>(v.offsets);
    return slots([off](int64_t i) { return std::pair<int64_t, int64_t>(off[i], off[i + 1]); });
  }
  const int32_t* off = static_cast<const int32_t*>(v.offsets);
  return slots([off](int64_t i) { return std::pair<int64_t, int64_t>(off[i], off[i + 1]); });
}

Status LeafLevels::Compute(std::vector<LevelStep> path) {
  path_ = std::move(path);
  has_def_ = d_->max_definition_level > 0;
  has_rep_ = d_->max_repetition_level > 0;
  def_.clear();
  rep_.clear();
  runs_.clear();
  entries_ = 0;
  innermost_list_ = path_.size();
  for (size_t k = 0; k < path_.size(); ++k) {
    const PlanNode::Kind kind = path_[k].plan->kind;
    if (kind == PlanNode::Kind::kList || kind == PlanNode::Kind::kMap) innermost_list_ = k;
  }
  const int64_t rows = path_.front().view->length;  // at least one entry a row
  if (has_def_) def_.reserve(static_cast<size_t>(rows));
  if (has_rep_) rep_.reserve(static_cast<size_t>(rows));
  PARQ_RETURN_IF_ERROR(Walk(0, 0, rows, 0, 0, 0));
  return Gather(*path_.back().view);
}

Status LeafLevels::Gather(const ColumnView& v) {
  int64_t n = 0;
  for (const auto& [a, b] : runs_) n += b - a;
  num_values_ = n;
  const size_t un = static_cast<size_t>(n);
  const PhysicalType t = d_->physical_type;
  const bool byte_arrays = t == PhysicalType::kByteArray && v.byte_arrays != nullptr;
  if (n > 0 && v.values == nullptr && !byte_arrays && t != PhysicalType::kByteArray) {
    return Bad(*path_.back().plan, "no values");
  }
  static const uint64_t kNothing = 0;  // where no values are
  dense_ = &kNothing;
  const uint8_t* values = static_cast<const uint8_t*>(v.values);
  switch (t) {
    case PhysicalType::kBoolean: {
      if (bools_cap_ < un) {
        bools_ = std::make_unique<bool[]>(un);
        bools_cap_ = un;
      }
      bool* out = bools_.get();
      for (const auto& [a, b] : runs_) {
        for (int64_t i = a; i < b; ++i) *out++ = Bit(values, i);
      }
      if (n > 0) dense_ = bools_.get();
      return Status::OK();
    }
    case PhysicalType::kByteArray: {
      ba_.resize(un);
      ByteArray* out = ba_.data();
      if (byte_arrays) {
        for (const auto& [a, b] : runs_) {
          std::memcpy(static_cast<void*>(out), v.byte_arrays + a, static_cast<size_t>(b - a) * sizeof(ByteArray));
          out += b - a;
        }
      } else {
        auto copy = [&](const auto* off) -> Status {
          for (const auto& [a, b] : runs_) {
            for (int64_t i = a; i < b; ++i) {
              const int64_t len = static_cast<int64_t>(off[i + 1]) - static_cast<int64_t>(off[i]);
              if (len > int64_t{UINT32_MAX}) return Bad(*path_.back().plan, "a byte array longer than 4 GiB");
              *out++ = ByteArray(values + off[i], static_cast<uint32_t>(len));
            }
          }
          return Status::OK();
        };
        PARQ_RETURN_IF_ERROR(v.offsets64 ? copy(static_cast<const int64_t*>(v.offsets))
                                         : copy(static_cast<const int32_t*>(v.offsets)));
      }
      if (n > 0) dense_ = ba_.data();
      return Status::OK();
    }
    case PhysicalType::kFixedLenByteArray: {
      const size_t w = static_cast<size_t>(d_->type_length);
      flba_.resize(un);
      FixedLenByteArray* out = flba_.data();
      for (const auto& [a, b] : runs_) {
        for (int64_t i = a; i < b; ++i) (out++)->ptr = values + static_cast<size_t>(i) * w;
      }
      if (n > 0) dense_ = flba_.data();
      return Status::OK();
    }
    default: break;
  }
  size_t w = 0, align = 1;
  switch (t) {
    case PhysicalType::kInt32: w = align = 4; break;
    case PhysicalType::kFloat: w = align = 4; break;
    case PhysicalType::kInt64: w = align = 8; break;
    case PhysicalType::kDouble: w = align = 8; break;
    case PhysicalType::kInt96: w = 12, align = 4; break;
    default: return Status::Internal("unknown physical type");
  }
  if (n == 0) return Status::OK();
  if (runs_.size() == 1) {
    const uint8_t* at = values + static_cast<size_t>(runs_[0].first) * w;
    if (reinterpret_cast<uintptr_t>(at) % align == 0) {  // handed over in place
      dense_ = at;
      return Status::OK();
    }
  }
  fixed_.resize(un * w + 8);
  uint8_t* out = fixed_.data();
  out += (align - reinterpret_cast<uintptr_t>(out) % align) % align;
  dense_ = out;
  for (const auto& [a, b] : runs_) {
    const size_t bytes = static_cast<size_t>(b - a) * w;
    std::memcpy(out, values + static_cast<size_t>(a) * w, bytes);
    out += bytes;
  }
  return Status::OK();
}

}  // namespace parq
