#include "dataset/scan_filter.h"

#include <algorithm>

namespace parq::dataset {
namespace {

// The operands of the filter's top-level ANDs.
void Conjuncts(const Filter& f, std::vector<Filter>* out) {
  if (f.kind() == Filter::Kind::kAnd) {
    for (const Filter& c : f.children()) Conjuncts(c, out);
  } else {
    out->push_back(f);
  }
}

}  // namespace

int TopFieldOf(const Schema& schema, const SchemaNode* node) {
  const SchemaNode& root = schema.root();
  while (node->parent() != nullptr && node->parent() != &root) node = node->parent();
  for (int i = 0; i < root.num_children(); ++i) {
    if (&root.child(i) == node) return i;
  }
  return -1;
}

Result<ScanFilter> ScanFilter::Make(const Dataset::Impl& ds, const std::optional<Filter>& filter) {
  ScanFilter out;
  out.ds_ = &ds;
  if (!filter) return out;
  PARQ_ASSIGN_OR_RETURN(BoundFilter bound, BoundFilter::Bind(*filter, ds.schema));
  out.bound_ = std::move(bound);
  std::vector<Filter> parts;
  Conjuncts(*filter, &parts);
  for (Filter& p : parts) {
    PARQ_ASSIGN_OR_RETURN(BoundFilter b, BoundFilter::Bind(p, ds.schema));
    std::vector<int> tops;
    for (int col : b.columns()) {
      const int u = TopFieldOf(ds.schema, ds.schema.column(col).node);
      if (std::find(tops.begin(), tops.end(), u) == tops.end()) tops.push_back(u);
    }
    out.conjuncts_.push_back(Conjunct{std::move(p), std::move(b), std::move(tops)});
  }
  return out;
}

bool ScanFilter::DecidedByPath(const Conjunct& c, size_t f) const {
  const auto& has = ds_->has_field[f];
  return std::all_of(c.top_fields.begin(), c.top_fields.end(),
                     [&](int u) { return u >= ds_->num_file_fields || !has[static_cast<size_t>(u)]; });
}

bool ScanFilter::PrunedByPath(size_t f) const {
  for (const Conjunct& c : conjuncts_) {
    if (!DecidedByPath(c, f)) continue;
    // A row of the partition values; the fields the file lacks read as null.
    Value row = Value::Struct();
    for (size_t k = 0; k < ds_->partition_fields.size(); ++k) {
      row.AddField(ds_->partition_fields[k].name, ds_->partition_values[f][k]);
    }
    if (c.bound.Evaluate(row) != BoundFilter::Truth::kTrue) return true;
  }
  return false;
}

std::optional<Filter> ScanFilter::Pushed(size_t f, const Schema& file_schema, bool* all) const {
  *all = true;
  std::optional<Filter> out;
  for (const Conjunct& c : conjuncts_) {
    if (DecidedByPath(c, f)) continue;
    const bool local = std::all_of(c.top_fields.begin(), c.top_fields.end(), [&](int u) {
      return u < ds_->num_file_fields && ds_->has_field[f][static_cast<size_t>(u)];
    });
    if (!local || !BoundFilter::Bind(c.filter, file_schema).ok()) {
      *all = false;
      continue;
    }
    out = out ? Filter::And(*out, c.filter) : c.filter;
  }
  return out;
}

template <typename C>
Result<bool> FileCursor::AdvanceOn(C& at, const Dataset::Impl& ds, const ScanFilter& filter) {
  at.file.reset();
  while (at.next < ds.files.size()) {
    const size_t f = at.next++;
    const DatasetFile& info = ds.files[f];
    if (filter.PrunedByPath(f)) {
      ++at.pruned;
      continue;
    }
    if (info.num_rows == 0) continue;
    auto reader = FileReader::Open(info.path, ds.options.reader_options);
    if (!reader.ok()) {
      Status st = reader.status();
      return std::move(st).AddContext("dataset file '" + info.path + "'");
    }
    ++at.opened;
    at.file = std::move(*reader);
    at.index = f;
    return true;
  }
  return false;
}

FileCursor::~FileCursor() {
  if (ahead_job_ != nullptr) ahead_job_->Cancel();
}

Result<bool> FileCursor::Advance(const Dataset::Impl& ds, const ScanFilter& filter) {
  if (pool == nullptr) return AdvanceOn(*this, ds, filter);
  Result<bool> more = false;
  if (ahead_ != nullptr) {
    ahead_job_->Join();
    ahead_job_.reset();
    Ahead& a = *ahead_;
    next = a.next;
    index = a.index;
    pruned = a.pruned;
    opened = a.opened;
    file = std::move(a.file);
    more = std::move(a.more);
    ahead_.reset();
  } else {
    more = AdvanceOn(*this, ds, filter);
  }
  if (more.ok() && *more && next < ds.files.size()) {
    ahead_ = std::make_shared<Ahead>();
    ahead_->next = next;
    ahead_->index = index;
    ahead_->pruned = pruned;
    ahead_->opened = opened;
    ahead_job_ = util::ParallelJobs::Start(
        *pool, 1, [a = ahead_, &ds, &filter](size_t) { a->more = AdvanceOn(*a, ds, filter); }, 1);
  }
  return more;
}

}  // namespace parq::dataset
