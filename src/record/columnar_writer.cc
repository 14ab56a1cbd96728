// ColumnarWriter (parq/columnar_writer.h): a batch of ColumnViews is checked
// (CheckColumnView), striped into levels leaf by leaf (LeafLevels, both in
// record/columnar_levels.h), and only then handed to the column writers,
// batch_rows rows at a time, with the row-group policy between those.
#include <algorithm>
#include <memory>
#include <string>
#include <vector>

#include "parq/columnar_writer.h"
#include "record/assembly_plan.h"
#include "record/columnar_levels.h"

namespace parq {

namespace {

// The entry where the row `rows` after the one starting at `from` starts (or n).
int64_t RowsEnd(const int16_t* rep, int64_t from, int64_t n, int64_t rows) {
  int64_t seen = 0;
  for (int64_t i = from; i < n; ++i) {
    if (rep[i] == 0 && seen++ == rows) return i;
  }
  return n;
}

template <typename T>
Status WriteTyped(ColumnWriter* w, const LeafLevels& l, int64_t from, int64_t n, int64_t value_from) {
  TypedColumnWriter<T>* t = w->As<T>();
  const ColumnDescriptor& d = l.descriptor();
  if (t == nullptr) return Status::Internal("column writer of an unexpected type for " + d.dotted_path);
  const bool has_def = d.max_definition_level > 0, has_rep = d.max_repetition_level > 0;
  return t->WriteBatch(n, has_def ? l.def() + from : nullptr, has_rep ? l.rep() + from : nullptr,
                       static_cast<const T*>(l.values()) + value_from);
}

}  // namespace

struct ColumnarWriter::Impl {
  RowDestination dest;
  ColumnarWriterOptions options;
  AssemblyPlan plan;
  std::vector<LeafLevels> leaves;  // by plan slot
  std::vector<int64_t> entry_at, value_at;
  std::vector<int> leaf_columns;  // the column of each slot
  int64_t rows = 0;
  int64_t rows_in_group = 0;
  int last_groups = 0;

  // Computes the levels of every leaf under p (view v) with `chain` above.
  Status Stripe(const PlanNode& p, const ColumnView& v, std::vector<LevelStep>* chain) {
    chain->push_back({&v, &p});
    if (p.kind == PlanNode::Kind::kLeaf) {
      PARQ_RETURN_IF_ERROR(leaves[static_cast<size_t>(p.first_slot)].Compute(*chain));
    } else {
      for (size_t i = 0; i < p.children.size(); ++i) PARQ_RETURN_IF_ERROR(Stripe(p.children[i], v.children[i], chain));
    }
    chain->pop_back();
    return Status::OK();
  }

  Status WriteLeaf(LeafLevels& l, int64_t from, int64_t n, int64_t value_from) {
    PARQ_ASSIGN_OR_RETURN(ColumnWriter * w, dest.column(l.descriptor().index));
    switch (l.descriptor().physical_type) {
      case PhysicalType::kBoolean: return WriteTyped<bool>(w, l, from, n, value_from);
      case PhysicalType::kInt32: return WriteTyped<int32_t>(w, l, from, n, value_from);
      case PhysicalType::kInt64: return WriteTyped<int64_t>(w, l, from, n, value_from);
      case PhysicalType::kInt96: return WriteTyped<Int96>(w, l, from, n, value_from);
      case PhysicalType::kFloat: return WriteTyped<float>(w, l, from, n, value_from);
      case PhysicalType::kDouble: return WriteTyped<double>(w, l, from, n, value_from);
      case PhysicalType::kByteArray: return WriteTyped<ByteArray>(w, l, from, n, value_from);
      case PhysicalType::kFixedLenByteArray: return WriteTyped<FixedLenByteArray>(w, l, from, n, value_from);
    }
    return Status::Internal("unknown physical type");
  }

  // Hands `count` more rows of every leaf to the column writers; `last`:
  // they are all the batch has left.
  // Each slot's work touches that leaf only: the destination may run the
  // slots on several threads (RowDestination::write_leaves).
  Status WriteRows(int64_t count, bool last) {
    auto write = [&](size_t s) -> Status {
      LeafLevels& l = leaves[s];
      const ColumnDescriptor& d = l.descriptor();
      const int64_t from = entry_at[s];
      const int64_t total = l.num_entries();
      if (last) {
        PARQ_RETURN_IF_ERROR(WriteLeaf(l, from, total - from, value_at[s]));
        entry_at[s] = total;
        value_at[s] = l.num_values();
        return Status::OK();
      }
      const int64_t to = d.max_repetition_level > 0 ? RowsEnd(l.rep(), from, total, count) : from + count;
      int64_t values = to - from;
      if (d.max_definition_level > 0) {
        const int16_t* def = l.def();
        const int16_t max = d.max_definition_level;
        values = 0;
        for (int64_t i = from; i < to; ++i) values += def[i] == max;
      }
      PARQ_RETURN_IF_ERROR(WriteLeaf(l, from, to - from, value_at[s]));
      entry_at[s] = to;
      value_at[s] += values;
      return Status::OK();
    };
    if (dest.write_leaves) return dest.write_leaves(leaf_columns, write);
    for (size_t s = 0; s < leaves.size(); ++s) PARQ_RETURN_IF_ERROR(write(s));
    return Status::OK();
  }

  // Checks and stripes the batch; nothing is written when this fails.
  Status Prepare(const ColumnView& batch) {
    PARQ_RETURN_IF_ERROR(CheckColumnView(batch, plan.root, *dest.schema));
    std::vector<LevelStep> chain;
    PARQ_RETURN_IF_ERROR(Stripe(plan.root, batch, &chain));
    std::fill(entry_at.begin(), entry_at.end(), 0);
    std::fill(value_at.begin(), value_at.end(), 0);
    return Status::OK();
  }

  void SeeGroups() {
    const int groups = dest.num_row_groups();
    if (groups != last_groups) {
      last_groups = groups;
      rows_in_group = 0;
    }
  }

  Status Write(const ColumnView& batch) {
    PARQ_RETURN_IF_ERROR(Prepare(batch));
    const int64_t max_group = dest.max_rows_per_row_group;
    for (int64_t done = 0; done < batch.length;) {
      int64_t n = std::min(options.batch_rows, batch.length - done);
      if (max_group > 0) n = std::max<int64_t>(1, std::min(n, max_group - rows_in_group));
      PARQ_RETURN_IF_ERROR(WriteRows(n, done + n == batch.length));
      done += n;
      rows += n;
      rows_in_group += n;
      if (max_group > 0 && rows_in_group >= max_group) {
        PARQ_RETURN_IF_ERROR(dest.end_row_group());
      } else {
        PARQ_RETURN_IF_ERROR(dest.maybe_end_row_group());
      }
      SeeGroups();
    }
    return Status::OK();
  }

  Status WriteRowGroup(const ColumnView& batch) {
    PARQ_RETURN_IF_ERROR(Prepare(batch));
    PARQ_RETURN_IF_ERROR(dest.end_row_group());
    for (int64_t done = 0; done < batch.length;) {
      const int64_t n = std::min(options.batch_rows, batch.length - done);
      PARQ_RETURN_IF_ERROR(WriteRows(n, done + n == batch.length));
      done += n;
      rows += n;
    }
    PARQ_RETURN_IF_ERROR(dest.end_row_group());
    SeeGroups();
    rows_in_group = 0;
    return Status::OK();
  }
};

Result<std::unique_ptr<ColumnarWriter>> ColumnarWriter::Open(RowDestination destination,
                                                             const ColumnarWriterOptions& options) {
  if (destination.schema == nullptr || !destination.column || !destination.maybe_end_row_group ||
      !destination.end_row_group || !destination.num_row_groups) {
    return Status::InvalidArgument("ColumnarWriter: incomplete destination");
  }
  if (options.batch_rows <= 0) return Status::InvalidArgument("ColumnarWriter: batch_rows must be positive");
  auto impl = std::make_unique<Impl>();
  impl->dest = std::move(destination);
  impl->options = options;
  PARQ_ASSIGN_OR_RETURN(impl->plan, BuildAssemblyPlan(*impl->dest.schema, {}));
  if (impl->plan.columns.empty()) return Status::InvalidArgument("ColumnarWriter: the schema has no leaf column");
  impl->leaves.reserve(impl->plan.columns.size());
  for (int column : impl->plan.columns) {
    impl->leaves.emplace_back(&impl->dest.schema->column(column));
    impl->leaf_columns.push_back(column);
  }
  impl->entry_at.resize(impl->leaves.size());
  impl->value_at.resize(impl->leaves.size());
  impl->last_groups = impl->dest.num_row_groups();
  return std::unique_ptr<ColumnarWriter>(new ColumnarWriter(std::move(impl)));
}

ColumnarWriter::ColumnarWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ColumnarWriter::~ColumnarWriter() = default;

Status ColumnarWriter::Write(const ColumnView& batch) { return impl_->Write(batch); }
Status ColumnarWriter::WriteRowGroup(const ColumnView& batch) { return impl_->WriteRowGroup(batch); }
int64_t ColumnarWriter::rows_written() const { return impl_->rows; }

}  // namespace parq
