#include "dataset/scan_filter.h"

#include <algorithm>

#include "dataset/file_listing.h"
#include "parq/http_file.h"

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
  out.filter_ = filter;
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

bool ScanFilter::Local(const Conjunct& c, size_t f) const {
  return std::all_of(c.top_fields.begin(), c.top_fields.end(), [&](int u) {
    return u < ds_->num_file_fields && ds_->has_field[f][static_cast<size_t>(u)];
  });
}

namespace {

using Folded = ScanFilter::Folded;

Folded Always() { return {Folded::Kind::kAlways, std::nullopt}; }
Folded Never() { return {Folded::Kind::kNever, std::nullopt}; }
Folded Of(Filter f) { return {Folded::Kind::kFilter, std::move(f)}; }

Folded FoldAnd(Folded a, Folded b) {
  if (a.kind == Folded::Kind::kNever || b.kind == Folded::Kind::kAlways) return a;
  if (b.kind == Folded::Kind::kNever || a.kind == Folded::Kind::kAlways) return b;
  return Of(Filter::And(std::move(*a.filter), std::move(*b.filter)));
}

Folded FoldOr(Folded a, Folded b) {
  if (a.kind == Folded::Kind::kAlways || b.kind == Folded::Kind::kNever) return a;
  if (b.kind == Folded::Kind::kAlways || a.kind == Folded::Kind::kNever) return b;
  return Of(Filter::Or(std::move(*a.filter), std::move(*b.filter)));
}

// A row of file f's partition values; the fields the file lacks read as null.
Value PathRow(const Dataset::Impl& ds, size_t f) {
  Value row = Value::Struct();
  for (size_t k = 0; k < ds.partition_fields.size(); ++k) {
    row.AddField(ds.partition_fields[k].name, ds.partition_values[f][k]);
  }
  return row;
}

}  // namespace

ScanFilter::FoldedPair ScanFilter::Fold(const Filter& filter, size_t f) const {
  switch (filter.kind()) {
    case Filter::Kind::kAnd: {
      FoldedPair a = Fold(filter.children()[0], f), b = Fold(filter.children()[1], f);
      return {FoldAnd(std::move(a.when_true), std::move(b.when_true)),
              FoldOr(std::move(a.when_false), std::move(b.when_false))};
    }
    case Filter::Kind::kOr: {
      FoldedPair a = Fold(filter.children()[0], f), b = Fold(filter.children()[1], f);
      return {FoldOr(std::move(a.when_true), std::move(b.when_true)),
              FoldAnd(std::move(a.when_false), std::move(b.when_false))};
    }
    case Filter::Kind::kNot: {
      FoldedPair a = Fold(filter.children()[0], f);
      return {std::move(a.when_false), std::move(a.when_true)};
    }
    default: break;
  }
  // A leaf: one column, bound when the whole filter was (else left to the file).
  auto bound = BoundFilter::Bind(filter, ds_->schema);
  if (!bound.ok()) return {Of(filter), Of(Filter::Not(filter))};
  const int u = TopFieldOf(ds_->schema, ds_->schema.column(bound->columns().front()).node);
  if (u < ds_->num_file_fields && ds_->has_field[f][static_cast<size_t>(u)]) {
    return {Of(filter), Of(Filter::Not(filter))};
  }
  switch (bound->Evaluate(PathRow(*ds_, f))) {
    case BoundFilter::Truth::kTrue: return {Always(), Never()};
    case BoundFilter::Truth::kFalse: return {Never(), Always()};
    case BoundFilter::Truth::kUnknown: break;
  }
  return {Never(), Never()};
}

ScanFilter::Folded ScanFilter::ForFile(size_t f) const {
  if (!filter_) return Always();
  return Fold(*filter_, f).when_true;
}

bool ScanFilter::PrunedByPath(size_t f) const {
  for (const Conjunct& c : conjuncts_) {
    if (DecidedByPath(c, f)) {
      if (c.bound.Evaluate(PathRow(*ds_, f)) != BoundFilter::Truth::kTrue) return true;
    } else if (!Local(c, f) && Fold(c.filter, f).when_true.kind == Folded::Kind::kNever) {
      return true;
    }
  }
  return false;
}

std::optional<Filter> ScanFilter::Pushed(size_t f, const Schema& file_schema, bool* all) const {
  *all = true;
  std::optional<Filter> out;
  for (const Conjunct& c : conjuncts_) {
    if (DecidedByPath(c, f)) continue;
    std::optional<Filter> part = c.filter;
    if (!Local(c, f)) {
      Folded folded = Fold(c.filter, f).when_true;
      if (folded.kind == Folded::Kind::kAlways) continue;
      if (folded.kind == Folded::Kind::kNever) {  // PrunedByPath passed the file over
        *all = false;
        continue;
      }
      part = std::move(folded.filter);
    }
    if (!BoundFilter::Bind(*part, file_schema).ok()) {
      *all = false;
      continue;
    }
    out = out ? Filter::And(*out, *part) : *part;
  }
  return out;
}

Status FileCursor::PrebufferRemote(const std::vector<int>& row_groups, const std::vector<int>& columns,
                                   int64_t max_bytes) const {
  if (!remote || row_groups.empty() || columns.empty()) return Status::OK();
  int64_t bytes = 0;
  for (int g : row_groups) {
    for (int c : columns) bytes += file->metadata().row_group(g).column(c).total_compressed_size();
  }
  if (bytes > max_bytes) return Status::OK();
  return file->PreBuffer(row_groups, columns);
}

std::vector<int> LeafColumns(const Schema& schema, const std::vector<std::string>& paths,
                             const std::optional<Filter>& filter) {
  std::vector<int> out;
  for (int c = 0; c < schema.num_columns(); ++c) {
    const std::string& p = schema.column(c).dotted_path;
    for (const std::string& want : paths) {
      if (p == want || (p.size() > want.size() && p.starts_with(want) && p[want.size()] == '.')) {
        out.push_back(c);
        break;
      }
    }
  }
  if (filter) {
    if (auto bound = BoundFilter::Bind(*filter, schema); bound.ok()) {
      for (int c : bound->columns()) {
        if (std::find(out.begin(), out.end(), c) == out.end()) out.push_back(c);
      }
    }
  }
  std::sort(out.begin(), out.end());
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
    auto reader = OpenDatasetFile(info.path, ds.options);
    if (!reader.ok()) {
      Status st = reader.status();
      return std::move(st).AddContext("dataset file '" + info.path + "'");
    }
    ++at.opened;
    at.file = std::move(*reader);
    at.index = f;
    at.remote = IsHttpUrl(info.path);
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
    remote = a.remote;
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
