// RowWriter: Dremel striping (parq/row_writer.h).  The plan is the reader's
// (record/assembly_plan.h), walked in the other direction:
//
//   null (nullable node)  → one entry per leaf under it, def = the parent's def;
//   leaf                  → def = its max, the value;
//   struct                → each field with the node's def;
//   list / map            → [] : one entry per leaf, def = empty_below - 1;
//                           else each element with def = empty_below, the
//                           first at the incoming repetition level, the others
//                           at repeat_at.
//
// Entries go to per-leaf buffers (levels and dense values by physical type);
// a batch of rows at a time goes to the typed column writers, one WriteBatch
// per leaf.  A row that does not fit is rolled back from every buffer.
#include <cstring>
#include <memory>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "column/column_writer_internal.h"
#include "column/value_checks.h"
#include "parq/row_writer.h"
#include "record/assembly_plan.h"

namespace parq {

namespace {

// One leaf's buffered entries.
struct LeafOut {
  const ColumnDescriptor* d = nullptr;
  // The column's value checks, run on each row as it comes (so that the row
  // alone is refused), not again by the column writer (WriteCheckedBatch).
  std::optional<column::ValueChecks> checks;
  std::vector<int16_t> def, rep;
  std::vector<uint8_t> bools;
  std::vector<int32_t> i32;
  std::vector<int64_t> i64;
  std::vector<Int96> i96;
  std::vector<float> f32;
  std::vector<double> f64;
  std::string arena;             // BYTE_ARRAY / FLBA bytes, back to back
  std::vector<uint32_t> blens;   // BYTE_ARRAY lengths
  size_t num_values = 0;

  struct Mark {
    size_t levels, values, arena;
  };
  Mark mark() const { return {def.size(), num_values, arena.size()}; }
  void Truncate(const Mark& m) {
    def.resize(m.levels);
    rep.resize(std::min(rep.size(), m.levels));
    arena.resize(m.arena);
    num_values = m.values;
    switch (d->physical_type) {
      case PhysicalType::kBoolean: bools.resize(m.values); break;
      case PhysicalType::kInt32: i32.resize(m.values); break;
      case PhysicalType::kInt64: i64.resize(m.values); break;
      case PhysicalType::kInt96: i96.resize(m.values); break;
      case PhysicalType::kFloat: f32.resize(m.values); break;
      case PhysicalType::kDouble: f64.resize(m.values); break;
      case PhysicalType::kByteArray: blens.resize(m.values); break;
      case PhysicalType::kFixedLenByteArray: break;
    }
  }
  void Clear() { Truncate({0, 0, 0}); }
};

const char* KindName(Value::Kind k) {
  switch (k) {
    case Value::Kind::kNull: return "null";
    case Value::Kind::kBool: return "bool";
    case Value::Kind::kInt32: return "int32";
    case Value::Kind::kInt64: return "int64";
    case Value::Kind::kFloat: return "float";
    case Value::Kind::kDouble: return "double";
    case Value::Kind::kInt96: return "int96";
    case Value::Kind::kBytes: return "bytes";
    case Value::Kind::kList: return "list";
    case Value::Kind::kStruct: return "struct";
    case Value::Kind::kMap: return "map";
  }
  return "?";
}

template <typename T>
Status WriteTyped(ColumnWriter* w, const LeafOut& o, const T* values) {
  TypedColumnWriter<T>* t = w->As<T>();
  if (t == nullptr) return Status::Internal("column writer of an unexpected type for " + o.d->dotted_path);
  const bool has_def = o.d->max_definition_level > 0, has_rep = o.d->max_repetition_level > 0;
  return column::WriteCheckedBatch(*t, static_cast<int64_t>(o.def.size()), has_def ? o.def.data() : nullptr,
                                   has_rep ? o.rep.data() : nullptr, values);
}

}  // namespace

struct RowWriter::Impl {
  RowDestination dest;
  RowWriterOptions options;
  AssemblyPlan plan;
  std::vector<LeafOut> leaves;
  std::vector<LeafOut::Mark> marks;
  int64_t rows = 0;          // accepted
  int64_t buffered = 0;      // rows in the buffers
  int64_t buffered_bytes = 0;
  int64_t rows_in_group = 0;  // rows handed to the open row group
  int last_groups = 0;
  std::vector<int> leaf_columns;  // the column of each slot
  // Scratch for the flush of one leaf: lent from `idle_scratch` to each
  // leaf's flush in turn (one thread reuses one; leaves flushed on a pool's
  // threads take one each).
  struct FlushScratch {
    std::unique_ptr<bool[]> bools;
    size_t bool_cap = 0;
    std::vector<ByteArray> ba;
    std::vector<FixedLenByteArray> flba;
  };
  std::mutex scratch_mu;
  std::vector<std::unique_ptr<FlushScratch>> idle_scratch;  // guarded by scratch_mu

  Status Fail(const PlanNode& p, const std::string& what) const {
    std::string path = p.node != nullptr ? p.node->DottedPath() : std::string();
    return Status::InvalidArgument("row " + std::to_string(rows) + ": field '" + path + "': " + what);
  }

  void NullAll(const PlanNode& p, int16_t def, int16_t rep) {
    for (int s = p.first_slot; s < p.end_slot; ++s) {
      LeafOut& o = leaves[static_cast<size_t>(s)];
      o.def.push_back(def);
      o.rep.push_back(rep);
    }
    buffered_bytes += 4 * (p.end_slot - p.first_slot);
  }

  // The column's checks of one value (LeafOut::checks), which PutValue took.
  Status CheckValue(const PlanNode& p, const LeafOut& o, const Value& v) const {
    const column::ValueChecks& c = *o.checks;
    Status st;
    switch (v.kind()) {
      case Value::Kind::kInt32: st = c.Digits(v.int32_value()); break;
      case Value::Kind::kInt64: st = c.Digits(v.int64_value()); break;
      case Value::Kind::kBytes: {
        const uint8_t* data = reinterpret_cast<const uint8_t*>(v.bytes().data());
        if (c.utf8()) st = c.Utf8(data, v.bytes().size());
        if (st.ok() && c.decimal()) st = c.Digits(data, v.bytes().size());
        if (st.ok() && c.wkb()) st = c.Wkb(data, v.bytes().size());
        break;
      }
      default: break;
    }
    return st.ok() ? st : Fail(p, st.message());
  }

  Status PutValue(const PlanNode& p, LeafOut& o, const Value& v) {
    const PhysicalType t = o.d->physical_type;
    auto want = [&](Value::Kind k) -> Status {
      if (v.kind() == k) return Status::OK();
      return Fail(p, std::string("a ") + KindName(v.kind()) + " value in a " +
                         std::string(PhysicalTypeName(t)) + " column");
    };
    switch (t) {
      case PhysicalType::kBoolean:
        PARQ_RETURN_IF_ERROR(want(Value::Kind::kBool));
        o.bools.push_back(v.bool_value() ? 1 : 0);
        break;
      case PhysicalType::kInt32:
        PARQ_RETURN_IF_ERROR(want(Value::Kind::kInt32));
        o.i32.push_back(v.int32_value());
        break;
      case PhysicalType::kInt64:
        PARQ_RETURN_IF_ERROR(want(Value::Kind::kInt64));
        o.i64.push_back(v.int64_value());
        break;
      case PhysicalType::kInt96:
        PARQ_RETURN_IF_ERROR(want(Value::Kind::kInt96));
        o.i96.push_back(v.int96_value());
        break;
      case PhysicalType::kFloat:
        PARQ_RETURN_IF_ERROR(want(Value::Kind::kFloat));
        o.f32.push_back(v.float_value());
        break;
      case PhysicalType::kDouble:
        PARQ_RETURN_IF_ERROR(want(Value::Kind::kDouble));
        o.f64.push_back(v.double_value());
        break;
      case PhysicalType::kByteArray:
        PARQ_RETURN_IF_ERROR(want(Value::Kind::kBytes));
        if (v.bytes().size() > UINT32_MAX) return Fail(p, "a byte array longer than 4 GiB");
        o.blens.push_back(static_cast<uint32_t>(v.bytes().size()));
        o.arena.append(v.bytes());
        buffered_bytes += static_cast<int64_t>(v.bytes().size());
        break;
      case PhysicalType::kFixedLenByteArray:
        PARQ_RETURN_IF_ERROR(want(Value::Kind::kBytes));
        if (v.bytes().size() != static_cast<size_t>(o.d->type_length)) {
          return Fail(p, std::to_string(v.bytes().size()) + " bytes in a FIXED_LEN_BYTE_ARRAY(" +
                             std::to_string(o.d->type_length) + ") column");
        }
        o.arena.append(v.bytes());
        buffered_bytes += static_cast<int64_t>(v.bytes().size());
        break;
    }
    ++o.num_values;
    buffered_bytes += 16;  // the value and its levels, roughly
    return Status::OK();
  }

  Status Shred(const PlanNode& p, const Value& v, int16_t parent_def, int16_t rep) {
    if (v.is_null()) {
      if (!p.nullable) return Fail(p, "null in a required field");
      NullAll(p, parent_def, rep);
      return Status::OK();
    }
    const int16_t def = p.nullable ? p.null_below : parent_def;
    switch (p.kind) {
      case PlanNode::Kind::kLeaf: {
        LeafOut& o = leaves[static_cast<size_t>(p.rep_slot)];
        PARQ_RETURN_IF_ERROR(PutValue(p, o, v));  // a row that fails is rolled back
        if (o.checks->any()) PARQ_RETURN_IF_ERROR(CheckValue(p, o, v));
        o.def.push_back(def);
        o.rep.push_back(rep);
        return Status::OK();
      }
      case PlanNode::Kind::kStruct:
      case PlanNode::Kind::kVariant:
        if (v.kind() != Value::Kind::kStruct) {
          return Fail(p, std::string("a ") + KindName(v.kind()) + " value for a group");
        }
        return Fields(p, v, def, rep);
      case PlanNode::Kind::kList:
      case PlanNode::Kind::kMap: {
        const bool map = p.kind == PlanNode::Kind::kMap;
        if (v.kind() != (map ? Value::Kind::kMap : Value::Kind::kList)) {
          return Fail(p, std::string("a ") + KindName(v.kind()) + " value for a " + (map ? "map" : "list"));
        }
        if (v.size() == 0) {
          NullAll(p, static_cast<int16_t>(p.empty_below - 1), rep);
          return Status::OK();
        }
        for (size_t i = 0; i < v.size(); ++i) {
          const int16_t r = i == 0 ? rep : p.repeat_at;
          if (map) {
            if (v[i].kind() != Value::Kind::kStruct) {
              return Fail(p, std::string("a map entry that is a ") + KindName(v[i].kind()) + ", not a struct");
            }
            PARQ_RETURN_IF_ERROR(Fields(p, v[i], p.empty_below, r));
          } else {
            PARQ_RETURN_IF_ERROR(Shred(p.children[0], v[i], p.empty_below, r));
          }
        }
        return Status::OK();
      }
    }
    return Status::Internal("unknown plan node");
  }

  // The fields of a struct (or map entry) v, matched to p's children by
  // position and checked by name.
  Status Fields(const PlanNode& p, const Value& v, int16_t def, int16_t rep) {
    const size_t n = p.children.size();
    for (size_t i = 0; i < n; ++i) {
      const PlanNode& c = p.children[i];
      if (i >= v.size()) return Fail(c, "missing");
      if (v.names()[i] != c.name) {
        return Fail(c, "the value has field '" + v.names()[i] + "' where the schema has '" + c.name + "'");
      }
      PARQ_RETURN_IF_ERROR(Shred(c, v[i], def, rep));
    }
    if (v.size() > n) return Fail(p, "unexpected field '" + v.names()[n] + "'");
    return Status::OK();
  }

  // `taken`, when not null, is the row itself, released once shredded.
  Status Write(const Value& row, Value* taken) {
    if (row.kind() != Value::Kind::kStruct) {
      return Status::InvalidArgument("row " + std::to_string(rows) + ": a " + KindName(row.kind()) +
                                     ", not a struct");
    }
    for (size_t s = 0; s < leaves.size(); ++s) marks[s] = leaves[s].mark();
    const int64_t bytes_before = buffered_bytes;
    Status st = Fields(plan.root, row, 0, 0);
    if (!st.ok()) {
      for (size_t s = 0; s < leaves.size(); ++s) leaves[s].Truncate(marks[s]);
      buffered_bytes = bytes_before;
      return st;
    }
    if (taken != nullptr) *taken = Value();
    ++rows;
    if (++buffered == 1 && dest.holding_rows) dest.holding_rows(true);
    int64_t limit = options.batch_rows;
    if (dest.max_rows_per_row_group > 0) limit = std::min(limit, dest.max_rows_per_row_group - rows_in_group);
    if (buffered >= limit || buffered_bytes >= options.batch_bytes) return Flush();
    return Status::OK();
  }

  std::unique_ptr<FlushScratch> TakeScratch() {
    std::lock_guard<std::mutex> lock(scratch_mu);
    if (idle_scratch.empty()) return std::make_unique<FlushScratch>();
    std::unique_ptr<FlushScratch> s = std::move(idle_scratch.back());
    idle_scratch.pop_back();
    return s;
  }
  void ReturnScratch(std::unique_ptr<FlushScratch> s) {
    std::lock_guard<std::mutex> lock(scratch_mu);
    idle_scratch.push_back(std::move(s));
  }

  Status FlushLeaf(size_t s, FlushScratch& scratch) {
    std::unique_ptr<bool[]>& bool_scratch = scratch.bools;
    size_t& bool_cap = scratch.bool_cap;
    std::vector<ByteArray>& ba_scratch = scratch.ba;
    std::vector<FixedLenByteArray>& flba_scratch = scratch.flba;
    LeafOut& o = leaves[s];
    PARQ_ASSIGN_OR_RETURN(ColumnWriter * w, dest.column(o.d->index));
    const size_t n = o.num_values;
    switch (o.d->physical_type) {
      case PhysicalType::kBoolean:
        if (bool_cap < n) {
          bool_scratch.reset(new bool[n]);
          bool_cap = n;
        }
        for (size_t i = 0; i < n; ++i) bool_scratch[i] = o.bools[i] != 0;
        return WriteTyped<bool>(w, o, bool_scratch.get());
      case PhysicalType::kInt32: return WriteTyped<int32_t>(w, o, o.i32.data());
      case PhysicalType::kInt64: return WriteTyped<int64_t>(w, o, o.i64.data());
      case PhysicalType::kInt96: return WriteTyped<Int96>(w, o, o.i96.data());
      case PhysicalType::kFloat: return WriteTyped<float>(w, o, o.f32.data());
      case PhysicalType::kDouble: return WriteTyped<double>(w, o, o.f64.data());
      case PhysicalType::kByteArray: {
        ba_scratch.resize(n);
        const uint8_t* base = reinterpret_cast<const uint8_t*>(o.arena.data());
        size_t off = 0;
        for (size_t i = 0; i < n; ++i) {
          ba_scratch[i] = ByteArray{base + off, o.blens[i]};
          off += o.blens[i];
        }
        return WriteTyped<ByteArray>(w, o, ba_scratch.data());
      }
      case PhysicalType::kFixedLenByteArray: {
        flba_scratch.resize(n);
        const uint8_t* base = reinterpret_cast<const uint8_t*>(o.arena.data());
        const size_t len = static_cast<size_t>(o.d->type_length);
        for (size_t i = 0; i < n; ++i) flba_scratch[i] = FixedLenByteArray{base + i * len};
        return WriteTyped<FixedLenByteArray>(w, o, flba_scratch.data());
      }
    }
    return Status::Internal("unknown physical type");
  }

  Status Flush() {
    if (buffered == 0) return Status::OK();
    // Each slot's work touches that leaf only: the destination may run the
    // slots on several threads (RowDestination::write_leaves).
    auto write = [this](size_t s) -> Status {
      std::unique_ptr<FlushScratch> scratch = TakeScratch();
      Status st = FlushLeaf(s, *scratch);
      ReturnScratch(std::move(scratch));
      PARQ_RETURN_IF_ERROR(st);
      leaves[s].Clear();
      // A row larger than a batch grew the bytes past their usual size: they
      // are not kept for the rows after it.
      if (leaves[s].arena.capacity() > 2 * static_cast<size_t>(options.batch_bytes)) {
        std::string().swap(leaves[s].arena);
      }
      return Status::OK();
    };
    if (dest.write_leaves) {
      PARQ_RETURN_IF_ERROR(dest.write_leaves(leaf_columns, write));
    } else {
      for (size_t s = 0; s < leaves.size(); ++s) PARQ_RETURN_IF_ERROR(write(s));
    }
    rows_in_group += buffered;
    buffered = 0;
    buffered_bytes = 0;
    if (dest.holding_rows) dest.holding_rows(false);
    if (dest.max_rows_per_row_group > 0 && rows_in_group >= dest.max_rows_per_row_group) {
      PARQ_RETURN_IF_ERROR(dest.end_row_group());
    } else {
      PARQ_RETURN_IF_ERROR(dest.maybe_end_row_group());
    }
    const int groups = dest.num_row_groups();
    if (groups != last_groups) {
      last_groups = groups;
      rows_in_group = 0;
    }
    return Status::OK();
  }
};

Result<std::unique_ptr<RowWriter>> RowWriter::Open(RowDestination destination, const RowWriterOptions& options) {
  if (destination.schema == nullptr || !destination.column || !destination.maybe_end_row_group ||
      !destination.end_row_group || !destination.num_row_groups) {
    return Status::InvalidArgument("RowWriter: incomplete destination");
  }
  if (options.batch_rows <= 0 || options.batch_bytes <= 0) {
    return Status::InvalidArgument("RowWriter: batch_rows and batch_bytes must be positive");
  }
  auto impl = std::make_unique<Impl>();
  impl->dest = std::move(destination);
  impl->options = options;
  PARQ_ASSIGN_OR_RETURN(impl->plan, BuildAssemblyPlan(*impl->dest.schema, {}));
  if (impl->plan.columns.empty()) return Status::InvalidArgument("RowWriter: the schema has no leaf column");
  impl->leaves.resize(impl->plan.columns.size());
  impl->marks.resize(impl->plan.columns.size());
  for (size_t s = 0; s < impl->leaves.size(); ++s) {
    LeafOut& o = impl->leaves[s];
    o.d = &impl->dest.schema->column(impl->plan.columns[s]);
    o.checks.emplace(*o.d);
    impl->leaf_columns.push_back(o.d->index);
  }
  impl->last_groups = impl->dest.num_row_groups();
  return std::unique_ptr<RowWriter>(new RowWriter(std::move(impl)));
}

RowWriter::RowWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RowWriter::~RowWriter() = default;

Status RowWriter::Write(const Value& row) { return impl_->Write(row, nullptr); }
Status RowWriter::Write(Value&& row) { return impl_->Write(row, &row); }
Status RowWriter::Flush() { return impl_->Flush(); }
int64_t RowWriter::rows_written() const { return impl_->rows; }

}  // namespace parq
