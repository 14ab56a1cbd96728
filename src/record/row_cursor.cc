// record/row_cursor.cc — see row_cursor.h.
#include "record/row_cursor.h"

#include <algorithm>
#include <type_traits>

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
    VisitPhysicalType(d.physical_type, [&]<typename T>() { c->feeds_[s].read = &ReadBatch<T>; });
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
  if (f.reader == nullptr) {
    Result<std::unique_ptr<ColumnReader>> r = source_.open_column(row_group_, plan_.columns[s]);
    if (!r.ok()) return std::move(r).status();  // names its column and row group
    f.reader = std::move(*r);
    f.entries = 0;
  }
  leaves_[s].Compact();
  const int64_t batch = options_.batch_levels > 0 ? options_.batch_levels : 4096;
  // Past the promised entries (a chunk whose last page holds more than its
  // metadata says), small batches: what is left is at most that page's rest.
  const int64_t left = f.reader->num_values() - f.entries;
  PARQ_RETURN_IF_ERROR(ReadInto(s, left > 0 ? std::min(left, batch) : std::min<int64_t>(batch, 64)));
  // The promised entries are all read: meet the end now (a read of none) and
  // let the reader go, rather than hold it until the row group ends.  Not a
  // BYTE_ARRAY leaf's: its unconsumed values point into the reader's page, and
  // letting the page go would mean copying them (a 60 MB value held twice);
  // its reader goes at its next read, once those are consumed.
  if (left > 0 && !f.eof && f.entries >= f.reader->num_values() && !leaves_[s].is_byte_array()) {
    PARQ_RETURN_IF_ERROR(ReadInto(s, 1));
  }
  return Status::OK();
}

// Appends up to n entries of slot s's chunk to its leaf.
Status RowCursor::ReadInto(size_t s, int64_t n) {
  LeafBuffer& b = leaves_[s];
  Feed& f = feeds_[s];
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
  if (levels == 0) {
    f.eof = true;
    f.reader.reset();  // its pages, buffers and decoders go now, not at the row group's end
  }
  return Status::OK();
}

// Makes slot s hold the whole of its next row.
Status RowCursor::EnsureRow(size_t s) {
  LeafBuffer& b = leaves_[s];
  Feed& f = feeds_[s];
  while (true) {
    if (b.pos < b.size() && b.FindRowEnd(f.eof)) return Status::OK();
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
  while (rows_left_ == 0) {
    if (row_group_ >= 0) {
      PARQ_RETURN_IF_ERROR(CheckExhausted());
    }
    if (row_group_ + 1 >= static_cast<int>(source_.row_group_rows.size())) {
      row_group_ = static_cast<int>(source_.row_group_rows.size());
      for (Feed& f : feeds_) f.reader.reset();
      return false;
    }
    ++row_group_;
    rows_left_ = source_.row_group_rows[static_cast<size_t>(row_group_)];
    if (rows_left_ < 0) return Status::Corrupt("negative row count").WithRowGroup(row_group_);
    if (rows_left_ > 0 && keep_ && !keep_(row_group_)) {
      rows_left_ = 0;  // then read like an empty row group
      ++row_groups_skipped_;
    }
    // Every chunk is opened here, in column order, so that the first one
    // that cannot be (its metadata places it outside the file, say) is
    // reported before any row of the group, whatever the other columns hold.
    // The first kHeldAhead readers are kept; the others are opened again at
    // their first read (Refill), so that a wide row group never holds a
    // reader per column at once.  Each is dropped at its chunk's end.
    constexpr size_t kHeldAhead = 64;
    for (size_t s = 0; s < leaves_.size(); ++s) {
      leaves_[s].Clear();
      feeds_[s].reader.reset();
      feeds_[s].entries = 0;
      feeds_[s].eof = rows_left_ == 0;  // an empty row group: its chunks are not read
      if (rows_left_ == 0) continue;
      Result<std::unique_ptr<ColumnReader>> r = source_.open_column(row_group_, plan_.columns[s]);
      if (!r.ok()) return std::move(r).status();  // names its column and row group
      if (s < kHeldAhead) feeds_[s].reader = std::move(*r);
    }
  }
  for (size_t s = 0; s < leaves_.size(); ++s) PARQ_RETURN_IF_ERROR(EnsureRow(s));
  return true;
}

Status RowCursor::Finish() {
  Status st = assembler_->FinishRow();
  if (!st.ok()) {
    return std::move(st).AddContext("row " + std::to_string(rows_read_)).WithRowGroup(row_group_);
  }
  --rows_left_;
  ++rows_read_;
  return Status::OK();
}

}  // namespace parq
