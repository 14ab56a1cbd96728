// record/row_cursor.cc — see row_cursor.h.
#include "record/row_cursor.h"

#include <algorithm>
#include <type_traits>

#include "column/selected_rows.h"
#include "util/pool_option.h"

namespace parq {

namespace {

// The batch's values of type T, in storage kept across batches.
template <typename T>
T* Scratch(RowCursor::Feed& f, size_t n) {
  static_assert(std::is_trivially_copyable_v<T> && alignof(T) <= __STDCPP_DEFAULT_NEW_ALIGNMENT__);
  const size_t bytes = n * sizeof(T);
  if (f.scratch_bytes < bytes) {
    // An array of std::byte provides storage whose objects of type T begin
    // their lifetime implicitly (all value types are implicit-lifetime).
    f.scratch = std::make_unique_for_overwrite<std::byte[]>(bytes);
    f.scratch_bytes = bytes;
  }
  return reinterpret_cast<T*>(f.scratch.get());
}

template <typename T>
Result<int64_t> ReadBatch(RowCursor::Feed& f, LeafBuffer& b, int64_t n, int16_t* def, int16_t* rep) {
  TypedColumnReader<T>* r = f.reader->As<T>();
  if (r == nullptr) return Status::Internal("column reader of an unexpected type");
  T* values = Scratch<T>(f, static_cast<size_t>(n));
  int64_t vr = 0;
  PARQ_ASSIGN_OR_RETURN(int64_t levels, r->ReadBatch(n, def, rep, values, &vr));
  if (levels < 0 || levels > n || vr < 0 || vr > levels) {
    return Status::Internal("column reader returned an impossible batch size");
  }
  b.Append(values, static_cast<size_t>(vr));
  return levels;
}

template <typename T>
Result<int64_t> SkipWith(RowCursor::Feed& f, int64_t rows) {
  TypedColumnReader<T>* r = f.reader->As<T>();
  if (r == nullptr) return Status::Internal("column reader of an unexpected type");
  return r->SkipRows(rows);
}

// Passes over up to n rows of b's buffered entries from b.pos (a row's
// start); returns the rows passed, *partial when the last may go on in the
// column reader (the buffer ends inside it).
int64_t DropBufferedRows(LeafBuffer& b, int64_t n, bool rows_end_with_buffer, bool* partial) {
  *partial = false;
  const size_t size = b.size();
  size_t i = b.pos;
  size_t values = 0;
  int64_t passed = 0;
  const auto is_value = [&](size_t k) { return b.max_def == 0 || b.def[k] == b.max_def; };
  if (b.max_rep == 0) {
    const size_t d = std::min(static_cast<size_t>(n), size - i);
    for (size_t k = i; k < i + d; ++k) values += is_value(k) ? 1 : 0;
    i += d;
    passed = static_cast<int64_t>(d);
  } else {
    for (; i < size; ++i) {
      if (b.rep[i] == 0) {
        if (passed == n) break;
        ++passed;
      }
      values += is_value(i) ? 1 : 0;
    }
    *partial = i == size && passed > 0 && !rows_end_with_buffer;
  }
  b.pos = b.end = b.scan = i;
  b.vpos += values;
  return passed;
}

}  // namespace

Result<std::unique_ptr<RowCursor>> RowCursor::Open(RowSource source, const RowReaderOptions& options) {
  if (source.schema == nullptr || !source.open_column) {
    return Status::InvalidArgument("RowSource without a schema or a column opener");
  }
  std::unique_ptr<RowCursor> c(new RowCursor());
  c->source_ = std::move(source);
  c->options_ = options;
  PARQ_ASSIGN_OR_RETURN(c->plan_, BuildAssemblyPlan(*c->source_.schema, options.columns));
  const size_t n = c->plan_.columns.size();
  c->leaves_.resize(n);
  c->feeds_.resize(n);
  for (size_t s = 0; s < n; ++s) {
    const ColumnDescriptor& d = c->source_.schema->column(c->plan_.columns[s]);
    c->leaves_[s].Init(d);
    c->leaves_[s].slot = static_cast<int>(s);
    VisitPhysicalType(d.physical_type, [&]<typename T>() {
      c->feeds_[s].read = &ReadBatch<T>;
      c->feeds_[s].skip = &SkipWith<T>;
    });
  }
  PARQ_ASSIGN_OR_RETURN(c->pool_, util::PoolFor(options.thread_pool, options.threads));
  if (c->pool_ != nullptr) {
    c->ahead_.leaves.resize(n);
    c->ahead_.feeds.resize(n);
    for (size_t s = 0; s < n; ++s) {
      c->ahead_.leaves[s].Init(c->source_.schema->column(c->plan_.columns[s]));
      c->ahead_.leaves[s].slot = static_cast<int>(s);
      c->ahead_.feeds[s].read = c->feeds_[s].read;
      c->ahead_.feeds[s].skip = c->feeds_[s].skip;
    }
  }
  for (const PlanNode& f : c->plan_.root.children) c->names_.push_back(f.name);
  c->assembler_ = std::make_unique<Assembler>(&c->plan_, &c->leaves_);
  return c;
}

// Reads one more batch of slot s: at most the entries its chunk has left (by
// its metadata), so that a short chunk takes buffers of its size; once they
// are all read, reads again to meet the end of the chunk and drops the reader.
Status RowCursor::Refill(size_t s) {
  Feed& f = feeds_[s];
  if (!f.pending.ok()) return f.pending;  // where the read ahead stopped
  if (f.reader == nullptr) {
    PARQ_RETURN_IF_ERROR(OpenReader(s, &f.reader));
    f.entries = 0;
  }
  return RefillLeaf(leaves_[s], f);
}

Status RowCursor::RefillLeaf(LeafBuffer& b, Feed& f) {
  b.Compact();
  const int64_t batch = options_.batch_levels > 0 ? options_.batch_levels : 4096;
  // Past the promised entries (a chunk whose last page holds more than its
  // metadata says), small batches: what is left is at most that page's rest.
  const int64_t left = f.reader->num_values() - f.entries;
  PARQ_RETURN_IF_ERROR(ReadInto(b, f, left > 0 ? std::min(left, batch) : std::min<int64_t>(batch, 64)));
  // The promised entries are all read: meet the end now (a read of none) and
  // let the reader go, rather than hold it until the row group ends.  Not a
  // BYTE_ARRAY leaf's: its unconsumed values point into the reader's page, and
  // letting the page go would mean copying them (a 60 MB value held twice);
  // its reader goes at its next read, once those are consumed.
  if (left > 0 && !f.eof && f.entries >= f.reader->num_values() && !b.is_byte_array()) {
    PARQ_RETURN_IF_ERROR(ReadInto(b, f, 1));
  }
  return Status::OK();
}

// Appends up to n entries of slot s's chunk to its leaf.
Status RowCursor::ReadInto(LeafBuffer& b, Feed& f, int64_t n) {
  // The values of the unfinished row point into the reader's page, which the
  // next read may replace.
  if (b.is_byte_array()) b.OwnBorrowed();
  const size_t old = b.def.size();
  b.def.resize(old + static_cast<size_t>(n));
  b.rep.resize(old + static_cast<size_t>(n));
  int16_t* def = b.max_def > 0 ? b.def.data() + old : nullptr;
  int16_t* rep = b.max_rep > 0 ? b.rep.data() + old : nullptr;
  Result<int64_t> got = f.read(f, b, n, def, rep);
  if (!got.ok()) {
    b.def.resize(old);
    b.rep.resize(old);
    return std::move(got).status();
  }
  const int64_t levels = *got;
  const size_t nl = old + static_cast<size_t>(levels);
  b.def.resize(nl);
  b.rep.resize(nl);
  if (def == nullptr) std::fill(b.def.begin() + static_cast<std::ptrdiff_t>(old), b.def.end(), int16_t{0});
  if (rep == nullptr) std::fill(b.rep.begin() + static_cast<std::ptrdiff_t>(old), b.rep.end(), int16_t{0});
  f.entries += levels;
  if (levels == 0 && column::PausedBeforeUnselected(*f.reader)) {
    f.paused = true;
  } else if (levels == 0) {
    f.eof = true;
    DropReader(f);  // its pages, buffers and decoders go now, not at the row group's end
  }
  return Status::OK();
}

Status RowCursor::OpenReader(size_t s, std::unique_ptr<ColumnReader>* out) {
  const int column = plan_.columns[s];
  Result<std::unique_ptr<ColumnReader>> r = source_.open_column(row_group_, column);
  if (!r.ok()) return std::move(r).status();  // names its column and row group
  if (selection_ && source_.page_index) {
    // Without a usable OffsetIndex the reader skips page by page.
    Result<PageIndex> index = source_.page_index(row_group_, column);
    if (index.ok() && index->offset_index) {
      const int64_t rows = source_.row_group_rows[static_cast<size_t>(row_group_)];
      Status st = column::ReadSelectedRows(**r, *index->offset_index, rows, *selection_);
      static_cast<void>(st);  // an index that does not fit the chunk is not used
    }
  }
  *out = std::move(*r);
  return Status::OK();
}

void RowCursor::DropReader(Feed& f) {
  if (f.reader == nullptr) return;
  f.dropped[0] += f.reader->pages_read();
  f.dropped[1] += f.reader->pages_skipped();
  f.dropped[2] += f.reader->bytes_read();
  f.reader.reset();
}

int64_t RowCursor::pages_read() const {
  int64_t n = pages_read_;
  for (const Feed& f : feeds_) n += f.dropped[0] + (f.reader ? f.reader->pages_read() : 0);
  return n;
}
int64_t RowCursor::pages_skipped() const {
  int64_t n = pages_skipped_;
  for (const Feed& f : feeds_) n += f.dropped[1] + (f.reader ? f.reader->pages_skipped() : 0);
  return n;
}
int64_t RowCursor::bytes_read() const {
  int64_t n = bytes_read_;
  for (const Feed& f : feeds_) n += f.dropped[2] + (f.reader ? f.reader->bytes_read() : 0);
  return n;
}

// Each job decodes a whole chunk, batch by batch as Refill would.
void RowCursor::DecodeAhead(int g, size_t s) {
  LeafBuffer& b = ahead_.leaves[s];
  Feed& f = ahead_.feeds[s];
  b.Clear();
  Result<std::unique_ptr<ColumnReader>> r = source_.open_column(g, plan_.columns[s]);
  if (!r.ok()) {
    f.eof = true;
    ahead_.open_status[s] = std::move(r).status();
    return;
  }
  f.reader = std::move(*r);
  f.entries = 0;
  f.eof = f.paused = false;
  f.pending = Status::OK();
  while (!f.eof) {
    f.pending = RefillLeaf(b, f);
    if (!f.pending.ok()) break;
  }
}

void RowCursor::StartAhead(int g) {
  ahead_.row_group = g;
  ahead_.open_status.assign(leaves_.size(), Status::OK());
  ahead_.jobs = util::ParallelJobs::Start(
      *pool_, leaves_.size(), [this, g](size_t s) { DecodeAhead(g, s); }, static_cast<size_t>(pool_->size()));
}

void RowCursor::TakeSlot(size_t s) {
  // The feed left behind: its counters join the cursor's.
  Feed& old = feeds_[s];
  DropReader(old);
  pages_read_ += old.dropped[0];
  pages_skipped_ += old.dropped[1];
  bytes_read_ += old.dropped[2];
  old.dropped[0] = old.dropped[1] = old.dropped[2] = 0;
  std::swap(leaves_[s], ahead_.leaves[s]);
  std::swap(feeds_[s], ahead_.feeds[s]);
  if (!lag_.empty()) lag_[s] = 0;
}

void RowCursor::StartDecided(int from) {
  ahead_.row_group = from;
  ahead_.decided.clear();
  ahead_.decoded = -1;
  ahead_.open_status.assign(leaves_.size(), Status::OK());
  // One task, in row group order as the caller would decide them.
  ahead_.jobs = util::ParallelJobs::Start(
      *pool_, 1,
      [this, from](size_t) {
        const auto n = static_cast<int>(source_.row_group_rows.size());
        for (int g = from; g < n; ++g) {
          const int64_t rows = source_.row_group_rows[static_cast<size_t>(g)];
          if (rows < 0) return;  // the caller reports it
          Ahead::Decided& d = ahead_.decided.emplace_back();
          if (rows == 0) continue;  // read like an empty row group, undecided
          if (keep_ && !keep_(g)) {
            d.keep = false;
            continue;
          }
          if (select_) {
            Result<std::optional<index::RowSelection>> selection = select_(g);
            if (!selection.ok()) {
              d.status = std::move(selection).status();
              return;
            }
            d.selection = std::move(*selection);
            if (d.selection && d.selection->empty()) continue;
          }
          // Row group g is read: its row-filter slots whole, when all its
          // rows are (a ParallelFor from inside a pool task works on).
          if (matches_ && !d.selection) {
            ahead_.decoded = g;
            pool_->ParallelFor(first_.size(), [this, g](size_t i) { DecodeAhead(g, first_[i]); });
          }
          return;
        }
      },
      1);
}

Status RowCursor::StartFilteredGroup() {
  if (ahead_.jobs != nullptr) {
    ahead_.jobs->Join();
    ahead_.jobs.reset();
  }
  auto decided = [&] {
    return ahead_.row_group >= 0 && row_group_ >= ahead_.row_group &&
           static_cast<size_t>(row_group_ - ahead_.row_group) < ahead_.decided.size();
  };
  if (!decided()) {
    // The first row group (or one the read-ahead did not reach): decided now.
    StartDecided(row_group_);
    ahead_.jobs->Join();
    ahead_.jobs.reset();
    if (!decided()) return Status::Internal("the read-ahead decided no row group " + std::to_string(row_group_));
  }
  const auto i = static_cast<size_t>(row_group_ - ahead_.row_group);
  Ahead::Decided& d = ahead_.decided[i];
  const bool last = i + 1 == ahead_.decided.size();
  if (rows_left_ > 0 && !d.keep) {
    rows_left_ = 0;  // then read like an empty row group
    ++row_groups_skipped_;
  }
  if (started_) started_(row_group_);
  if (rows_left_ > 0) {
    PARQ_RETURN_IF_ERROR(d.status);
    selection_ = std::move(d.selection);
    if (selection_ && selection_->empty()) {
      rows_left_ = 0;
      ++row_groups_skipped_;
    }
  }
  // The row-filter slots decoded ahead are taken over in their places.
  PARQ_RETURN_IF_ERROR(OpenChunks(rows_left_ > 0 && ahead_.decoded == row_group_));
  if (last && static_cast<size_t>(row_group_) + 1 < source_.row_group_rows.size()) StartDecided(row_group_ + 1);
  return Status::OK();
}

Status RowCursor::OpenChunks(bool take_first) {
  // Every chunk is opened here, in column order, so that the first one
  // that cannot be (its metadata places it outside the file, say) is
  // reported before any row of the group, whatever the other columns hold.
  // The first kHeldAhead readers are kept; the others are opened again at
  // their first read (Refill), so that a wide row group never holds a
  // reader per column at once.  Each is dropped at its chunk's end.
  constexpr size_t kHeldAhead = 64;
  for (size_t s = 0; s < leaves_.size(); ++s) {
    if (take_first && is_first_[s]) {
      TakeSlot(s);
      PARQ_RETURN_IF_ERROR(ahead_.open_status[s]);  // names its column and row group
      continue;
    }
    leaves_[s].Clear();
    DropReader(feeds_[s]);
    feeds_[s].entries = 0;
    feeds_[s].paused = false;
    feeds_[s].pending = Status::OK();
    feeds_[s].eof = rows_left_ == 0;  // an empty row group: its chunks are not read
    if (!lag_.empty()) lag_[s] = 0;
    if (rows_left_ == 0) continue;
    if (s < kHeldAhead) {
      PARQ_RETURN_IF_ERROR(OpenReader(s, &feeds_[s].reader));
    } else {
      Result<std::unique_ptr<ColumnReader>> r = source_.open_column(row_group_, plan_.columns[s]);
      if (!r.ok()) return std::move(r).status();  // names its column and row group
    }
  }
  return Status::OK();
}

Status RowCursor::TakeAhead() {
  ahead_.jobs->Join();
  ahead_.jobs.reset();
  ahead_.row_group = -1;
  for (size_t s = 0; s < feeds_.size(); ++s) TakeSlot(s);
  for (const Status& st : ahead_.open_status) {
    if (!st.ok()) return st;  // names its column and row group
  }
  return Status::OK();
}

void RowCursor::StartNextAhead() {
  const int g = row_group_ + 1;
  if (Parallel() && static_cast<size_t>(g) < source_.row_group_rows.size() &&
      source_.row_group_rows[static_cast<size_t>(g)] > 0) {
    StartAhead(g);
  }
}

void RowCursor::DropAhead() {
  if (ahead_.jobs == nullptr) return;
  ahead_.jobs->Cancel();
  ahead_.jobs.reset();
  ahead_.row_group = -1;
  for (Feed& f : ahead_.feeds) {
    f.reader.reset();  // not counted: never taken over
    f.dropped[0] = f.dropped[1] = f.dropped[2] = 0;
  }
}

Status RowCursor::SkipRows(int64_t n) {
  for (size_t s = 0; s < leaves_.size(); ++s) {
    if (matches_ && !is_first_[s]) {
      lag_[s] += n;  // passed over with the rows the filter rejects
    } else {
      PARQ_RETURN_IF_ERROR(SkipSlot(s, n));
    }
  }
  return Status::OK();
}

Status RowCursor::SkipSlot(size_t s, int64_t n) {
  LeafBuffer& b = leaves_[s];
  Feed& f = feeds_[s];
  bool partial = false;
  const int64_t rest = n - DropBufferedRows(b, n, f.eof || f.paused, &partial);
  if (rest > 0 || partial) {
    int64_t skipped = 0;
    if (!f.eof) {
      if (f.reader == nullptr) PARQ_RETURN_IF_ERROR(OpenReader(s, &f.reader));
      PARQ_ASSIGN_OR_RETURN(skipped, f.skip(f, rest));
    }
    if (skipped < rest) {
      return Status::Corrupt("column chunk holds fewer rows than the row group's " +
                             std::to_string(source_.row_group_rows[static_cast<size_t>(row_group_)]))
          .WithColumn(b.desc->dotted_path)
          .WithRowGroup(row_group_);
    }
  }
  f.paused = false;
  return Status::OK();
}

void RowCursor::set_row_filter(std::vector<size_t> first, std::function<bool()> matches) {
  matches_ = std::move(matches);
  is_first_.assign(leaves_.size(), 0);
  for (size_t s : first) is_first_[s] = 1;
  first_.clear();
  rest_.clear();
  for (size_t s = 0; s < leaves_.size(); ++s) (is_first_[s] ? first_ : rest_).push_back(s);
  lag_.assign(leaves_.size(), 0);
}

Result<bool> RowCursor::NextWantedRow() {
  while (rows_left_ > 0) {
    for (size_t s : first_) PARQ_RETURN_IF_ERROR(EnsureRow(s));
    if (matches_()) return true;
    for (size_t s : first_) {
      bool partial = false;
      DropBufferedRows(leaves_[s], 1, true, &partial);  // one entry: the filter's columns are flat
    }
    for (size_t s : rest_) ++lag_[s];
    --rows_left_;
    ++group_row_;
    ++rows_filtered_;
    // Past the selection's range: Advance moves to the next.
    if (selection_ && group_row_ >= selection_->ranges()[range_].end) return false;
  }
  return false;
}

// Makes slot s hold the whole of its next row.
Status RowCursor::EnsureRow(size_t s) {
  LeafBuffer& b = leaves_[s];
  Feed& f = feeds_[s];
  while (true) {
    if (b.pos < b.size() && b.FindRowEnd(f.eof || f.paused)) return Status::OK();
    if (f.paused) {
      return Status::Corrupt("the pages of row " + std::to_string(group_row_) +
                             " are not where the chunk's offset index puts them")
          .WithColumn(b.desc->dotted_path)
          .WithRowGroup(row_group_);
    }
    if (f.eof) {
      return Status::Corrupt("column chunk holds fewer rows than the row group's " +
                             std::to_string(source_.row_group_rows[static_cast<size_t>(row_group_)]))
          .WithColumn(b.desc->dotted_path)
          .WithRowGroup(row_group_);
    }
    PARQ_RETURN_IF_ERROR(Refill(s));
  }
}

// After the last row of a row group: no column may hold more.
Status RowCursor::CheckExhausted() {
  for (size_t s = 0; s < leaves_.size(); ++s) {
    LeafBuffer& b = leaves_[s];
    if (!lag_.empty() && lag_[s] > 0) {
      // Its last rows were rejected and never read: no more of it is.
      if (feeds_[s].reader != nullptr) column::PassOverRest(*feeds_[s].reader);
      continue;
    }
    if (b.pos == b.size() && !feeds_[s].eof) PARQ_RETURN_IF_ERROR(Refill(s));
    if (b.pos < b.size()) {
      return Status::Corrupt("column chunk holds more rows than the row group's " +
                             std::to_string(source_.row_group_rows[static_cast<size_t>(row_group_)]))
          .WithColumn(b.desc->dotted_path)
          .WithRowGroup(row_group_);
    }
  }
  return Status::OK();
}

Result<bool> RowCursor::Advance() {
  while (true) {
    while (rows_left_ == 0) {
      // With a selection the readers may stop short of their chunks' ends.
      if (row_group_ >= 0 && !selection_) {
        PARQ_RETURN_IF_ERROR(CheckExhausted());
      }
      selection_.reset();
      if (row_group_ + 1 >= static_cast<int>(source_.row_group_rows.size())) {
        row_group_ = static_cast<int>(source_.row_group_rows.size());
        for (Feed& f : feeds_) DropReader(f);
        return false;
      }
      ++row_group_;
      rows_left_ = source_.row_group_rows[static_cast<size_t>(row_group_)];
      group_row_ = 0;
      range_ = 0;
      if (rows_left_ < 0) return Status::Corrupt("negative row count").WithRowGroup(row_group_);
      if (FilteredAhead()) {
        PARQ_RETURN_IF_ERROR(StartFilteredGroup());
        continue;
      }
      if (rows_left_ > 0 && keep_ && !keep_(row_group_)) {
        rows_left_ = 0;  // then read like an empty row group
        ++row_groups_skipped_;
      }
      if (rows_left_ > 0 && select_) {
        Result<std::optional<index::RowSelection>> selection = select_(row_group_);
        if (started_) started_(row_group_);
        PARQ_ASSIGN_OR_RETURN(selection_, std::move(selection));
        if (selection_ && selection_->empty()) {
          rows_left_ = 0;
          ++row_groups_skipped_;
        }
      } else if (started_) {
        started_(row_group_);
      }
      if (rows_left_ > 0 && Parallel()) {
        if (ahead_.jobs == nullptr || ahead_.row_group != row_group_) {
          DropAhead();
          StartAhead(row_group_);
        }
        PARQ_RETURN_IF_ERROR(TakeAhead());
        StartNextAhead();
        continue;
      }
      DropAhead();
      PARQ_RETURN_IF_ERROR(OpenChunks(false));
      StartNextAhead();
    }
    if (selection_) {
      // Past the rows not selected, to the next selected one.
      const std::vector<index::RowRange>& ranges = selection_->ranges();
      while (range_ < ranges.size() && ranges[range_].end <= group_row_) ++range_;
      if (range_ == ranges.size()) {
        rows_skipped_ += rows_left_;  // no row of the rest is selected
        rows_left_ = 0;
        for (Feed& f : feeds_) {
          if (f.reader != nullptr) column::PassOverRest(*f.reader);
        }
        continue;
      }
      const int64_t next = std::max(group_row_, ranges[range_].first);
      if (next > group_row_) {
        PARQ_RETURN_IF_ERROR(SkipRows(next - group_row_));
        rows_skipped_ += next - group_row_;
        rows_left_ -= next - group_row_;
        group_row_ = next;
      }
    }
    if (matches_) {
      PARQ_ASSIGN_OR_RETURN(const bool wanted, NextWantedRow());
      if (!wanted) continue;  // the row group's end, or rows outside the selection next
      for (size_t s : rest_) {
        if (lag_[s] > 0) {
          PARQ_RETURN_IF_ERROR(SkipSlot(s, lag_[s]));
          lag_[s] = 0;
        }
        PARQ_RETURN_IF_ERROR(EnsureRow(s));
      }
      return true;
    }
    for (size_t s = 0; s < leaves_.size(); ++s) PARQ_RETURN_IF_ERROR(EnsureRow(s));
    return true;
  }
}

Status RowCursor::Finish() {
  Status st = assembler_->FinishRow();
  if (!st.ok()) {
    return std::move(st).AddContext("row " + std::to_string(rows_read_)).WithRowGroup(row_group_);
  }
  --rows_left_;
  ++rows_read_;
  ++group_row_;
  return Status::OK();
}

}  // namespace parq
