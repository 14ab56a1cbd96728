// column/selected_rows.cc — ColumnReader::Impl's reading of selected pages
// with the chunk's OffsetIndex (column/selected_rows.h).
//
// What is checked, so that an index contradicting the pages ends in an
// error rather than in wrong rows: each page read lies where its
// PageLocation says, with the location's size, and (when its header gives
// its row count: a v2 page, or a v1 page of a flat column) holds the rows the
// index gives it; it starts at the row where the pages read before it end;
// a page read to its end held the rows the index gives it; and each page
// passed over has, at its location, a data page header of the location's
// size and (where the header says) row count.  The index reader has already
// checked that the locations lie in the chunk in order and that first rows
// start at 0 and never decrease.
#include "column/selected_rows.h"

#include <algorithm>
#include <string>

#include "column/column_reader_internal.h"

namespace parq {

namespace column {

Status ReadSelectedRows(ColumnReader& reader, const OffsetIndex& index, int64_t num_rows,
                        const index::RowSelection& rows) {
  return ColumnReaderAccess::Of(reader).UseOffsetIndex(index, num_rows, rows);
}

bool PausedBeforeUnselected(const ColumnReader& reader) { return ColumnReaderAccess::Of(reader).paused(); }

void PassOverRest(ColumnReader& reader) { ColumnReaderAccess::Of(reader).PassOverRest(); }

std::optional<HeaderPages> ScanPageHeaders(ColumnReader& reader, int64_t num_rows) {
  ColumnReader::Impl& impl = ColumnReaderAccess::Of(reader);
  const bool flat = impl.descriptor().max_repetition_level == 0;
  auto scanned = impl.pages().ScanDataPageHeaders();
  if (!scanned.ok()) return std::nullopt;  // the read of the pages reports what is wrong
  HeaderPages out;
  int64_t row = 0;
  for (page::PageReader::HeaderPage& p : *scanned) {
    const page::PageReader::HeaderSummary& h = p.summary;
    int64_t rows = -1;
    if (h.type == PageType::kDataPageV2) {
      if (h.num_rows >= 0 && (!flat || h.num_rows == h.num_values)) rows = h.num_rows;
    } else if (flat) {
      rows = h.num_values;
    }
    if (rows < 0 || rows > num_rows - row) return std::nullopt;
    out.first_rows.push_back(row);
    out.statistics.push_back(std::move(p.summary.statistics));
    row += rows;
  }
  if (row != num_rows) return std::nullopt;
  return out;
}

}  // namespace column

namespace {

bool IsDataPage(PageType t) { return t == PageType::kDataPage || t == PageType::kDataPageV2; }

}  // namespace

Status ColumnReader::Impl::UseOffsetIndex(const OffsetIndex& index, int64_t num_rows,
                                          const index::RowSelection& wanted) {
  if (metadata_->num_values == 0 || index.num_pages() == 0) return Status::OK();  // nothing to read
  auto plan = std::make_unique<Plan>();
  plan->pages = index.page_locations();
  plan->wanted = index::PagesOverlapping(wanted, index, num_rows);
  plan->num_rows = num_rows;
  // The index reader checks these; an index from elsewhere (a RowSource's)
  // is checked again: pages in the chunk, in order, not overlapping, first
  // rows from 0, never decreasing, below the row count.
  const uint64_t start = pages_->chunk_file_offset();
  const uint64_t end = start + pages_->chunk_length();
  uint64_t next_free = start;
  for (size_t i = 0; i < plan->pages.size(); ++i) {
    const PageLocation& l = plan->pages[i];
    const bool placed = l.offset >= 0 && l.compressed_page_size > 0 && static_cast<uint64_t>(l.offset) >= next_free &&
                        static_cast<uint64_t>(l.offset) <= end &&
                        static_cast<uint64_t>(l.compressed_page_size) <= end - static_cast<uint64_t>(l.offset);
    const bool rows = (i == 0 ? l.first_row_index == 0 : l.first_row_index >= plan->pages[i - 1].first_row_index) &&
                      (l.first_row_index < num_rows || num_rows == 0);
    if (!placed || !rows) {
      return Context(Status::Corrupt("offset index page " + std::to_string(i) + " (offset " +
                                     std::to_string(l.offset) + ", size " + std::to_string(l.compressed_page_size) +
                                     ", first row " + std::to_string(l.first_row_index) +
                                     ") is out of order or outside the column chunk"));
    }
    next_free = static_cast<uint64_t>(l.offset) + static_cast<uint64_t>(l.compressed_page_size);
  }
  // The bytes before the first data page hold the dictionary page, if any.
  const uint64_t first = static_cast<uint64_t>(plan->pages.front().offset);
  auto ranged = pages_->ReadRange(start, first, 0);
  if (!ranged.ok()) return Context(std::move(ranged).status());
  if (!*ranged) return Status::OK();  // a page is held ahead: read on without the index
  plan->dictionary_pending = first > start;
  plan_ = std::move(plan);
  return Status::OK();
}

Status ColumnReader::Impl::IndexContradiction(int p, const std::string& what) const {
  const PageLocation& l = plan_->pages[static_cast<size_t>(p)];
  return Context(Status::Corrupt("the offset index contradicts the pages: page " + std::to_string(p) +
                                 " (offset " + std::to_string(l.offset) + ", size " +
                                 std::to_string(l.compressed_page_size) + ", first row " +
                                 std::to_string(l.first_row_index) + ") " + what));
}

Status ColumnReader::Impl::StartRun(int p) {
  const auto& pages = plan_->pages;
  size_t last = static_cast<size_t>(p);
  while (last + 1 < pages.size() && plan_->wanted[last + 1]) ++last;
  const auto from = static_cast<uint64_t>(pages[static_cast<size_t>(p)].offset);
  const auto to = static_cast<uint64_t>(pages[last].offset) + static_cast<uint64_t>(pages[last].compressed_page_size);
  auto ranged = pages_->ReadRange(from, to, p);
  if (!ranged.ok()) return IndexContradiction(p, std::move(ranged).status().message());
  if (!*ranged) return Context(Status::Internal("page ranges asked while a page is held ahead"));
  return Status::OK();
}

Status ColumnReader::Impl::CheckPlannedPage(int p) const {
  const PageLocation& l = plan_->pages[static_cast<size_t>(p)];
  const index::RowRange rows = plan_->Rows(p);
  if (page_.file_offset != static_cast<uint64_t>(l.offset) ||
      page_.size_in_file != static_cast<uint64_t>(l.compressed_page_size)) {
    return IndexContradiction(p, "is read at offset " + std::to_string(page_.file_offset) + " with " +
                                     std::to_string(page_.size_in_file) + " bytes");
  }
  if (rows_ != rows.first) {
    return IndexContradiction(p, "follows pages that end at row " + std::to_string(rows_));
  }
  const int64_t by_header = page_.type == PageType::kDataPageV2 ? page_.num_rows
                            : descriptor_->max_repetition_level == 0 ? page_.num_values
                                                                     : -1;
  if (by_header >= 0 && by_header != rows.end - rows.first) {
    return IndexContradiction(p, "holds " + std::to_string(by_header) + " rows by its header, not " +
                                     std::to_string(rows.end - rows.first));
  }
  return Status::OK();
}

Result<bool> ColumnReader::Impl::NextPlannedPage() {
  Plan& plan = *plan_;
  const int n = static_cast<int>(plan.pages.size());
  // A data page read to its end held the rows the index gives it.
  if (plan.current >= 0 && levels_left_ == 0 && rows_ != plan.page_end) {
    return IndexContradiction(plan.current, "holds rows up to " + std::to_string(rows_) + ", not " +
                                                std::to_string(plan.page_end));
  }
  plan.current = -1;
  paused_ = false;
  while (true) {
    auto more = pages_->Next(&page_);
    if (!more.ok()) {
      Status st = std::move(more).status();
      if (!plan.dictionary_pending && plan.next < n) {
        st.AddContext("reading page " + std::to_string(plan.next) + " where the offset index puts it");
      }
      return Context(std::move(st));
    }
    if (*more) {
      if (plan.dictionary_pending) {
        plan.dictionary_pending = false;
        if (page_.type == PageType::kDictionaryPage) return true;
        return IndexContradiction(0, "is not the first data page: one lies before it");
      }
      if (page_.type == PageType::kDictionaryPage) {
        return IndexContradiction(plan.next, "is a dictionary page");
      }
      PARQ_RETURN_IF_ERROR(CheckPlannedPage(plan.next));
      plan.current = plan.next++;
      plan.page_end = plan.Rows(plan.current).end;
      return true;
    }
    plan.dictionary_pending = false;
    if (plan.next >= n) {
      at_end_ = true;
      return false;
    }
    if (!plan.wanted[static_cast<size_t>(plan.next)]) {
      paused_ = true;
      return false;
    }
    PARQ_RETURN_IF_ERROR(StartRun(plan.next));
  }
}

void ColumnReader::Impl::PassOverRest() {
  if (plan_ == nullptr) return;
  const int n = static_cast<int>(plan_->pages.size());
  pages_->CountSkipped(n - plan_->next);
  plan_->next = n;
}

Result<bool> ColumnReader::Impl::JumpTowards(int64_t target) {
  Plan& plan = *plan_;
  const auto& pages = plan.pages;
  // The last page starting at or before the target.
  auto it = std::upper_bound(pages.begin(), pages.end(), target,
                             [](int64_t row, const PageLocation& l) { return row < l.first_row_index; });
  const int t = static_cast<int>(it - pages.begin()) - 1;
  if (t < plan.next || plan.dictionary_pending || pages_->holds_page_ahead()) return false;
  // The pages passed over must be what the index says they are.
  for (int p = plan.next; p < t; ++p) {
    const PageLocation& l = pages[static_cast<size_t>(p)];
    auto h = pages_->InspectHeader(static_cast<uint64_t>(l.offset), static_cast<uint64_t>(l.compressed_page_size), p);
    if (!h.ok()) return IndexContradiction(p, "has no page header there: " + std::move(h).status().message());
    const index::RowRange rows = plan.Rows(p);
    const int64_t by_header = h->type == PageType::kDataPageV2 ? h->num_rows
                              : descriptor_->max_repetition_level == 0 ? h->num_values
                                                                       : -1;
    if (!IsDataPage(h->type) || h->size_in_file != static_cast<uint64_t>(l.compressed_page_size) ||
        (by_header >= 0 && by_header != rows.end - rows.first)) {
      return IndexContradiction(p, "is not a data page of its size and rows by its header (type " +
                                       std::to_string(static_cast<int>(h->type)) + ", " +
                                       std::to_string(h->size_in_file) + " bytes, " + std::to_string(by_header) +
                                       " rows)");
    }
  }
  pages_->CountSkipped(t - plan.next);
  levels_left_ = 0;
  values_left_ = 0;
  plan.current = -1;
  plan.next = t;
  rows_ = pages[static_cast<size_t>(t)].first_row_index;
  paused_ = false;
  PARQ_RETURN_IF_ERROR(StartRun(t));
  return true;
}

}  // namespace parq
