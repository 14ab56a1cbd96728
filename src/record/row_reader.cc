// RowReader (parq/record.h): the RowCursor (record/row_cursor.h) run with the
// ValueSink, one Value row at a time; with a filter, row groups pruned
// (record/row_group_pruner.h), pages pruned by the page index
// (record/filter_page_prune.h), and late materialization: the cursor reads
// the filter's columns first, the filter is evaluated on their buffered
// values (record/filter_leaf_row.h), and only the rows it keeps have their
// other columns read and are assembled.  With a pool the cursor prunes the
// row groups ahead and decodes the next one's filter columns on it
// (record/row_cursor.h).
#include <algorithm>
#include <atomic>
#include <memory>
#include <optional>
#include <string>
#include <vector>

#include "parq/record.h"
#include "record/assembler.h"
#include "record/bound_filter_impl.h"
#include "record/filter_leaf_row.h"
#include "record/filter_page_prune.h"
#include "record/row_cursor.h"
#include "record/row_group_pruner.h"

namespace parq {

namespace {

std::string Join(const std::vector<std::string>& path, size_t n) {
  std::string s;
  for (size_t i = 0; i < n; ++i) s += (i ? "." : "") + path[i];
  return s;
}

// Whether a projected path selects `dotted` (itself or a group above it).
bool Covers(const std::vector<std::string>& projection, const std::string& dotted) {
  for (const std::string& q : projection) {
    if (q == dotted || (dotted.size() > q.size() && dotted.starts_with(q) && dotted[q.size()] == '.')) return true;
  }
  return false;
}

bool SomeBelow(const std::vector<std::string>& projection, const std::string& prefix) {
  for (const std::string& q : projection) {
    if (q.size() > prefix.size() && q.starts_with(prefix) && q[prefix.size()] == '.') return true;
  }
  return false;
}

// Removes the first field `name` of a kStruct.
void RemoveField(Value& v, const std::string& name) {
  Value out = Value::Struct();
  bool removed = false;
  for (size_t i = 0; i < v.size(); ++i) {
    if (!removed && v.names()[i] == name) {
      removed = true;
      continue;
    }
    out.AddField(v.names()[i], std::move(v.mutable_items()[i]));
  }
  v = std::move(out);
}

}  // namespace

struct RowReader::Impl {
  std::optional<BoundFilter> filter;
  std::shared_ptr<filter_internal::RowGroupPruner> pruner;  // with a filter; borrows `filter`
  std::unique_ptr<RowCursor> cursor;
  std::unique_ptr<filter_internal::LeafRowFilter> row_filter;  // borrows `filter` and the cursor's leaves
  // Where a filter column outside the projection sits in a row: its path,
  // and how deep the field to drop lies (path[0..drop_depth] is removed).
  struct Extra {
    std::vector<std::string> path;
    size_t drop_depth = 0;
  };
  std::vector<Extra> extras;
  int64_t returned = 0;  // rows that passed the filter
  std::vector<std::string> names;  // the cursor's, less extras dropped at the top
  // Bytes read for page pruning by header statistics (PagePruneNote).
  std::atomic<int64_t> header_bytes_read{0};
};

RowReader::RowReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RowReader::~RowReader() = default;

Result<std::unique_ptr<RowReader>> RowReader::Open(RowSource source, const RowReaderOptions& options) {
  auto impl = std::make_unique<Impl>();
  if (!options.filter) {
    PARQ_ASSIGN_OR_RETURN(impl->cursor, RowCursor::Open(std::move(source), options));
    return std::unique_ptr<RowReader>(new RowReader(std::move(impl)));
  }
  if (source.schema == nullptr) return Status::InvalidArgument("RowSource without a schema");
  PARQ_ASSIGN_OR_RETURN(BoundFilter bound, BoundFilter::Bind(*options.filter, *source.schema));
  RowReaderOptions read = options;
  read.filter.reset();
  if (!options.columns.empty()) {
    for (const BoundFilter::Impl::Leaf& leaf : bound.impl().leaves) {
      const std::string dotted = Join(leaf.path, leaf.path.size());
      if (Covers(options.columns, dotted)) continue;
      read.columns.push_back(dotted);
      Impl::Extra e{leaf.path, 0};
      while (SomeBelow(options.columns, Join(leaf.path, e.drop_depth + 1))) ++e.drop_depth;
      impl->extras.push_back(std::move(e));
    }
  }
  // Row groups are pruned as the cursor reaches them (record/row_group_pruner.h);
  // a reader the pruner opened for a dictionary goes on to the cursor.  Then
  // the pages of the row groups left: their filter columns' page indexes,
  // read as each row group starts.
  using Pruning = RowReaderOptions::Pruning;
  RowCursor::Selector select;
  if (options.pruning == Pruning::kPages) {
    select = [src = source, self = impl.get()](int rg) -> Result<std::optional<index::RowSelection>> {
      filter_internal::PagePruneNote note;
      std::optional<index::RowSelection> selection =
          filter_internal::SelectRowGroupPages(*self->filter, src, rg, &note);
      if (self->pruner) self->pruner->NotePagePruning(rg, note, selection && selection->empty());
      self->header_bytes_read += note.header_bytes_read;
      return selection;
    };
  }
  impl->filter.emplace(std::move(bound));
  auto pruner = std::make_shared<filter_internal::RowGroupPruner>(*impl->filter, source);
  source.open_column = [pruner, open = std::move(source.open_column)](int rg, int col)
      -> Result<std::unique_ptr<ColumnReader>> {
    if (std::unique_ptr<ColumnReader> r = pruner->TakeReader(rg, col)) return r;
    return open(rg, col);
  };
  PARQ_ASSIGN_OR_RETURN(impl->cursor, RowCursor::Open(std::move(source), read));
  if (options.pruning != Pruning::kNone) {
    impl->cursor->set_row_group_filter([pruner](int rg) { return pruner->Keep(rg); });
  }
  if (select) impl->cursor->set_row_selection(std::move(select));
  // What the pruner found of a row group counts as the cursor reaches it
  // (with a pool it decides row groups ahead).
  impl->cursor->set_row_group_started([pruner](int rg) { pruner->Commit(rg); });
  {
    // Late materialization: the filter's slots first.
    const std::vector<int>& columns = impl->cursor->plan().columns;
    std::vector<size_t> first;
    std::vector<const LeafBuffer*> buffers;
    for (const BoundFilter::Impl::Leaf& leaf : impl->filter->impl().leaves) {
      const auto it = std::find(columns.begin(), columns.end(), leaf.column);
      if (it == columns.end()) return Status::Internal("a filter column outside the rows read");
      first.push_back(static_cast<size_t>(it - columns.begin()));
      buffers.push_back(&impl->cursor->leaf(first.back()));
    }
    impl->row_filter = std::make_unique<filter_internal::LeafRowFilter>(*impl->filter, std::move(buffers));
    impl->cursor->set_row_filter(std::move(first), [f = impl->row_filter.get()] { return f->Matches(); });
  }
  impl->pruner = std::move(pruner);
  impl->names = impl->cursor->field_names();
  for (const Impl::Extra& e : impl->extras) {
    if (e.drop_depth != 0) continue;
    // The extra field comes after the projected ones of the same name.
    for (size_t i = impl->names.size(); i-- > 0;) {
      if (impl->names[i] == e.path[0]) {
        impl->names.erase(impl->names.begin() + static_cast<std::ptrdiff_t>(i));
        break;
      }
    }
  }
  return std::unique_ptr<RowReader>(new RowReader(std::move(impl)));
}

Result<bool> RowReader::Next(Value* row) {
  RowCursor& c = *impl_->cursor;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, c.Advance());
    if (!more) return false;
    ValueSink sink;
    sink.Start(row);
    c.assembler().AssembleRow(sink);
    PARQ_RETURN_IF_ERROR(c.Finish());
    if (!impl_->filter) return true;  // else the cursor's row filter kept it
    for (const Impl::Extra& e : impl_->extras) {
      Value* parent = row;
      for (size_t d = 0; d < e.drop_depth && parent != nullptr; ++d) {
        Value* next = nullptr;
        for (size_t i = 0; i < parent->size(); ++i) {
          if (parent->names()[i] == e.path[d]) {
            next = &parent->mutable_items()[i];
            break;
          }
        }
        parent = next != nullptr && next->kind() == Value::Kind::kStruct ? next : nullptr;
      }
      if (parent != nullptr) RemoveField(*parent, e.path[e.drop_depth]);
    }
    ++impl_->returned;
    return true;
  }
}

const std::vector<std::string>& RowReader::field_names() const {
  return impl_->filter ? impl_->names : impl_->cursor->field_names();
}
int64_t RowReader::rows_read() const { return impl_->filter ? impl_->returned : impl_->cursor->rows_read(); }
int64_t RowReader::row_groups_pruned() const { return impl_->cursor->row_groups_skipped(); }
const RowGroupPruning& RowReader::pruning() const {
  static const RowGroupPruning kNone;
  return impl_->pruner ? impl_->pruner->report() : kNone;
}
int64_t RowReader::rows_pruned() const { return impl_->cursor->rows_skipped(); }
int64_t RowReader::pages_read() const { return impl_->cursor->pages_read(); }
int64_t RowReader::pages_skipped() const { return impl_->cursor->pages_skipped(); }
int64_t RowReader::bytes_read() const { return impl_->cursor->bytes_read() + impl_->header_bytes_read; }

}  // namespace parq
