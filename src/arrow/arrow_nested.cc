#include "arrow/arrow_nested.h"

#include <climits>
#include <string>
#include <string_view>
#include <unordered_map>

#include "arrow/arrow_array.h"
#include "arrow/arrow_convert.h"

namespace parq::arrow {

namespace {

alignas(64) const uint8_t kEmpty[64] = {};

const void* OrEmpty(const void* p) { return p != nullptr ? p : kEmpty; }

struct Preparer {
  const AssemblyPlan& plan;
  NestedGroup& group;
  std::vector<int> leaf_of_column;  // schema column → index in group.batch.leaves

  const ColumnarLeaf& LeafOf(const PlanNode& p) const {
    const int column = plan.columns.at(static_cast<size_t>(p.rep_slot));
    return group.batch.leaves[static_cast<size_t>(leaf_of_column[static_cast<size_t>(column)])];
  }

  Buffer& Make(size_t bytes) {
    group.made.emplace_back(bytes);
    return group.made.back();
  }

  // int64 offsets as Arrow's int32 ones.
  Result<const void*> Offsets(const std::vector<int64_t>& offsets, bool large, const std::string& name) {
    if (large) return static_cast<const void*>(offsets.data());
    if (!offsets.empty() && offsets.back() > INT32_MAX) {
      return Status::LimitExceeded("'" + name + "': " + std::to_string(offsets.back()) +
                                   " offsets in one row group overflow Arrow's int32 offsets");
    }
    Buffer& b = Make(offsets.size() * 4);
    auto* o = reinterpret_cast<int32_t*>(b.data());
    for (size_t i = 0; i < offsets.size(); ++i) o[i] = static_cast<int32_t>(offsets[i]);
    return static_cast<const void*>(b.data());
  }

  static void SetValidity(const ColumnarNode& n, PreparedArray* a) {
    a->length = n.length;
    a->null_count = n.null_count;
    a->buffers[0] = n.null_count > 0 ? n.validity.data() : nullptr;
  }

  // `k`: the depth of f's node in its leaves' ColumnarLeaf::path.
  Status Prepare(const ArrowField& f, size_t k, PreparedArray* a) {
    const ColumnarLeaf& leaf = LeafOf(*f.plan);
    const ColumnarNode& node = leaf.path.at(k);
    switch (f.kind) {
      case ArrowField::Kind::kStruct:
        a->n_buffers = 1;
        SetValidity(node, a);
        return Children(f.children, k + 1, a);
      case ArrowField::Kind::kList:
      case ArrowField::Kind::kMap: {
        a->n_buffers = 2;
        SetValidity(node, a);
        PARQ_ASSIGN_OR_RETURN(a->buffers[1], Offsets(node.offsets, f.large, f.name));
        a->children.resize(1);
        const int64_t child_length = node.offsets.empty() ? 0 : node.offsets.back();
        if (f.kind == ArrowField::Kind::kList) return Prepare(f.children[0], k + 1, &a->children[0]);
        // The map's entries: a struct of no nulls over the key and value slots.
        PreparedArray& entries = a->children[0];
        entries.length = child_length;
        entries.n_buffers = 1;
        return Children(f.children[0].children, k + 1, &entries);
      }
      default:
        return Leaf(f, leaf, a);
    }
  }

  Status Children(const std::vector<ArrowField>& fields, size_t k, PreparedArray* a) {
    a->children.resize(fields.size());
    for (size_t i = 0; i < fields.size(); ++i) PARQ_RETURN_IF_ERROR(Prepare(fields[i], k, &a->children[i]));
    return Status::OK();
  }

  // Indices into the distinct values of the leaf (a BYTE_ARRAY one), in the
  // order they first appear; a null slot's index is 0.
  Status DictionaryLeaf(const ArrowField& f, const ColumnarLeaf& leaf, PreparedArray* a) {
    const auto n = static_cast<size_t>(leaf.leaf().length);
    // Each buffer's bytes are taken at once: a later Make moves the Buffers
    // (not the bytes they own).
    auto* idx = reinterpret_cast<int32_t*>(Make(n * 4).data());
    const uint8_t* valid = a->buffers[0] != nullptr ? leaf.leaf().validity.data() : nullptr;
    const char* data = reinterpret_cast<const char*>(leaf.data.data());
    std::unordered_map<std::string_view, int32_t> seen;
    std::vector<int64_t> offsets{0};
    std::vector<size_t> firsts;  // the slot where each distinct value first appears
    for (size_t i = 0; i < n; ++i) {
      if (valid != nullptr && ((valid[i / 8] >> (i % 8)) & 1) == 0) {
        idx[i] = 0;
        continue;
      }
      const std::string_view v(data + leaf.offsets[i], static_cast<size_t>(leaf.offsets[i + 1] - leaf.offsets[i]));
      auto [it, added] = seen.try_emplace(v, static_cast<int32_t>(firsts.size()));
      if (added) {
        firsts.push_back(i);
        offsets.push_back(offsets.back() + static_cast<int64_t>(v.size()));
      }
      idx[i] = it->second;
    }
    auto* bytes = reinterpret_cast<char*>(Make(static_cast<size_t>(offsets.back())).data());
    for (size_t d = 0; d < firsts.size(); ++d) {
      const int64_t from = leaf.offsets[firsts[d]];
      std::copy(data + from, data + from + (offsets[d + 1] - offsets[d]), bytes + offsets[d]);
    }
    a->n_buffers = 2;
    a->buffers[1] = OrEmpty(idx);
    a->dictionary.resize(1);
    PreparedArray& dict = a->dictionary[0];
    dict.length = static_cast<int64_t>(firsts.size());
    dict.n_buffers = 3;
    if (f.large) {
      auto* o = reinterpret_cast<int64_t*>(Make(offsets.size() * 8).data());
      std::copy(offsets.begin(), offsets.end(), o);
      dict.buffers[1] = o;
    } else {
      PARQ_ASSIGN_OR_RETURN(dict.buffers[1], Offsets(offsets, false, leaf.descriptor->dotted_path));
    }
    dict.buffers[2] = OrEmpty(bytes);
    return Status::OK();
  }

  Status Leaf(const ArrowField& f, const ColumnarLeaf& leaf, PreparedArray* a) {
    const ColumnarNode& node = leaf.leaf();
    SetValidity(node, a);
    switch (f.conv) {
      case LeafConv::kNull:
        a->n_buffers = 0;
        a->null_count = a->length;
        a->buffers[0] = nullptr;
        return Status::OK();
      case LeafConv::kBool:
      case LeafConv::kSame:
        a->n_buffers = 2;
        a->buffers[1] = OrEmpty(leaf.values.data());
        return Status::OK();
      case LeafConv::kBinary: {
        if (f.dictionary) return DictionaryLeaf(f, leaf, a);
        a->n_buffers = 3;
        PARQ_ASSIGN_OR_RETURN(a->buffers[1], Offsets(leaf.offsets, f.large, leaf.descriptor->dotted_path));
        a->buffers[2] = OrEmpty(leaf.data.data());
        return Status::OK();
      }
      default: {
        const size_t n = static_cast<size_t>(node.length), w = static_cast<size_t>(f.width);
        Buffer& b = Make(n * w);
        const bool bytes = leaf.value_width == 0;  // a BYTE_ARRAY decimal
        for (size_t i = 0; i < n; ++i) {
          if (bytes) {
            ConvertValue(f.conv, f.width, leaf.data.data() + leaf.offsets[i],
                         static_cast<size_t>(leaf.offsets[i + 1] - leaf.offsets[i]), b.data() + i * w);
          } else {
            const size_t pw = static_cast<size_t>(leaf.value_width);
            ConvertValue(f.conv, f.width, leaf.values.data() + i * pw, pw, b.data() + i * w);
          }
        }
        a->n_buffers = 2;
        a->buffers[1] = OrEmpty(b.data());
        return Status::OK();
      }
    }
  }
};

}  // namespace

const void* EmptyBuffer() { return kEmpty; }

Result<std::shared_ptr<NestedGroup>> PrepareNested(const std::vector<ArrowField>& fields, const AssemblyPlan& plan,
                                                   int num_columns, ColumnarBatch batch, bool flat_too) {
  auto group = std::make_shared<NestedGroup>();
  group->batch = std::move(batch);
  Preparer p{plan, *group, std::vector<int>(static_cast<size_t>(num_columns), -1)};
  for (size_t i = 0; i < group->batch.leaves.size(); ++i) {
    int& slot = p.leaf_of_column[static_cast<size_t>(group->batch.leaves[i].column)];
    if (slot < 0) slot = static_cast<int>(i);
  }
  group->fields.resize(fields.size());
  for (size_t i = 0; i < fields.size(); ++i) {
    if (fields[i].flat && !flat_too) continue;
    PARQ_RETURN_IF_ERROR(p.Prepare(fields[i], 0, &group->fields[i]));
  }
  return group;
}

void ExportPrepared(const PreparedArray& a, const std::shared_ptr<const void>& keep, int64_t offset,
                    int64_t length, ArrowArray* out) {
  int64_t nulls = a.null_count;
  if (offset != 0 || length != a.length) {
    nulls = a.buffers[0] != nullptr ? CountNulls(static_cast<const uint8_t*>(a.buffers[0]), offset, length)
            : a.n_buffers == 0      ? length
                                    : 0;
  }
  ArrayPrivate* p = InitArray(out, length, nulls, offset, a.n_buffers);
  p->keep = keep;
  for (int i = 0; i < a.n_buffers; ++i) p->buffers[i] = a.buffers[i];
  for (const PreparedArray& c : a.children) ExportPrepared(c, keep, 0, c.length, AddChild(out));
  for (const PreparedArray& d : a.dictionary) ExportPrepared(d, keep, 0, d.length, AddDictionary(out));
}

}  // namespace parq::arrow
