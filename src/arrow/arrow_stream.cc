// ExportArrowSchema and ExportArrowStream (parq/arrow_reader.h): the stream's
// state (its callbacks are arrow/stream_source.h's), and a record batch put
// together from the flat columns (arrow_flat.h) and the nested fields
// (arrow_nested.h).
#include <algorithm>
#include <atomic>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "arrow/arrow_array.h"
#include "arrow/arrow_flat.h"
#include "arrow/arrow_nested.h"
#include "arrow/arrow_stream.h"
#include "arrow/arrow_type.h"
#include "arrow/stream_source.h"
#include "parq/arrow_reader.h"
#include "parq/column_reader.h"
#include "parq/columnar.h"
#include "parq/metadata.h"
#include "record/assembly_plan.h"
#include "util/pool_option.h"

namespace parq {

namespace arrow {
namespace {
std::atomic<int64_t> g_whole_group_bytes{kDefaultWholeGroupBytes};
}  // namespace
int64_t WholeGroupBytes() { return g_whole_group_bytes.load(std::memory_order_relaxed); }
void SetWholeGroupBytesForTesting(int64_t bytes) { g_whole_group_bytes = bytes; }
}  // namespace arrow

namespace {

using arrow::ArrowField;

// What the schema and the stream share: the plan and the fields mapped from it.
struct Mapped {
  AssemblyPlan plan;
  std::vector<ArrowField> fields;
  bool span = false;  // one batch spanning the row groups (ArrowReadOptions::one_batch applies)
};

Status CheckOptions(const FileReader& file, const ArrowReadOptions& options) {
  if (options.batch_rows < 1) {
    return Status::InvalidArgument("batch_rows " + std::to_string(options.batch_rows) + ": want at least 1");
  }
  const int groups = file.metadata().num_row_groups();
  for (int g : options.row_groups) {
    if (g < 0 || g >= groups) {
      return Status::InvalidArgument("row group " + std::to_string(g) + " of " + std::to_string(groups));
    }
  }
  return Status::OK();
}

// The plan's fields are pointed into by `fields`: a Mapped is made in place
// and never moved.
Status Map(const FileReader& file, const ArrowReadOptions& options, Mapped* m) {
  PARQ_RETURN_IF_ERROR(CheckOptions(file, options));
  PARQ_ASSIGN_OR_RETURN(m->plan, BuildAssemblyPlan(file.schema(), options.columns));
  arrow::ArrowTypeOptions type_options;
  type_options.dictionary_arrays = options.dictionary_arrays;
  type_options.row_groups = options.row_groups;
  type_options.decimal64 = options.decimal64;
  PARQ_ASSIGN_OR_RETURN(m->fields, arrow::MapFields(file, m->plan, type_options));
  if (options.one_batch && !options.filter.has_value() &&
      std::all_of(m->fields.begin(), m->fields.end(), [](const ArrowField& f) { return f.flat; })) {
    type_options.span_row_groups = true;  // string offsets bound by all the chunks
    PARQ_ASSIGN_OR_RETURN(m->fields, arrow::MapFields(file, m->plan, type_options));
    m->span = true;
  }
  return Status::OK();
}

// The dotted paths of the leaves under `p` (the nested reader's projection).
void LeafPaths(const Schema& schema, const AssemblyPlan& plan, const PlanNode& p, std::vector<std::string>* out) {
  for (int slot = p.first_slot; slot < p.end_slot; ++slot) {
    out->push_back(schema.column(plan.columns[static_cast<size_t>(slot)]).dotted_path);
  }
}

class Stream final : public arrow::StreamSource {
 public:
  Stream(std::shared_ptr<const FileReader> file, const ArrowReadOptions& options)
      : file_(std::move(file)), options_(options) {}

  Status Init() {
    PARQ_ASSIGN_OR_RETURN(pool_, util::PoolFor(options_.thread_pool, options_.threads));
    PARQ_RETURN_IF_ERROR(Map(*file_, options_, &mapped_));
    if (options_.row_groups.empty()) {
      for (int g = 0; g < file_->metadata().num_row_groups(); ++g) groups_.push_back(g);
    } else {
      groups_ = options_.row_groups;
    }
    std::vector<std::string> nested_paths;
    flat_.resize(mapped_.fields.size());
    flat2_.resize(mapped_.fields.size());
    const bool filtered = options_.filter.has_value();
    for (size_t i = 0; i < mapped_.fields.size(); ++i) {
      const ArrowField& f = mapped_.fields[i];
      if (f.flat && !filtered) {
        flat_[i] = std::make_unique<arrow::FlatColumn>(f);
      } else {
        LeafPaths(file_->schema(), mapped_.plan, mapped_.plan.root.children[i], &nested_paths);
      }
    }
    if (filtered) {
      // Every field through the filtered ColumnarReader; the filter's
      // columns projected too (read anyway), so that a projection of empty
      // groups alone still has the selected rows counted.
      PARQ_ASSIGN_OR_RETURN(BoundFilter bound, BoundFilter::Bind(*options_.filter, file_->schema()));
      for (int c : bound.columns()) {
        const std::string& path = file_->schema().column(c).dotted_path;
        if (std::find(nested_paths.begin(), nested_paths.end(), path) == nested_paths.end()) {
          nested_paths.push_back(path);
        }
      }
    }
    if (!nested_paths.empty()) {
      ColumnarReaderOptions o;
      o.columns = std::move(nested_paths);
      o.filter = options_.filter;
      o.pruning = options_.pruning;
      o.thread_pool = pool_;
      PARQ_ASSIGN_OR_RETURN(nested_reader_, ColumnarReader::Open(*file_, o));
    }
    return Status::OK();
  }

  void GetSchema(ArrowSchema* out) const override { arrow::ExportSchema(mapped_.fields, out); }

  // The next batch into *out (released: the end).
  Status Next(ArrowArray* out) override {
    if (mapped_.span) return NextSpanning(out);
    out->release = nullptr;
    while (true) {
      if (!group_open_) {
        if (next_group_ == groups_.size()) return Status::OK();
        PARQ_RETURN_IF_ERROR(OpenGroup(groups_[next_group_]));
      }
      if (row_ < group_rows_) break;
      CloseGroup();
    }
    const int64_t n = std::min(options_.batch_rows, group_rows_ - row_);
    arrow::InitArray(out, n, 0, 0, 1);
    std::vector<ArrowArray*> children(mapped_.fields.size());
    for (ArrowArray*& c : children) c = arrow::AddChild(out);  // unset: released as nothing on error
    // The flat columns of a streamed row group read their batches in
    // parallel (a pair as one job); the error is the first field's in order.
    const size_t fields = mapped_.fields.size();
    std::vector<Status> status(fields);
    ForEachField(fields, [&](size_t i) {
      if (flat_[i] == nullptr || !whole_.empty()) return;
      if (partner_[i] == kNoPartner) {
        status[i] = flat_[i]->Read(n, children[i]);
      } else if (partner_[i] > i) {
        status[i] = ReadPair(n, i, partner_[i], children);
      }  // else read with its partner
    });
    for (size_t i = 0; i < fields; ++i) {
      if (!status[i].ok()) {
        out->release(out);
        Status st = std::move(status[i]);
        st.AddContext("row group " + std::to_string(groups_[next_group_]));
        return st;
      }
      if (flat_[i] != nullptr && !whole_.empty()) {
        arrow::ExportSlice(whole_[i], row_, n, children[i]);
      } else if (flat_[i] == nullptr) {
        arrow::ExportPrepared(nested_->fields[i], nested_, row_, n, children[i]);
      }
    }
    row_ += n;
    return Status::OK();
  }

 private:
  static constexpr size_t kNoPartner = static_cast<size_t>(-1);

  // ArrowReadOptions::one_batch: every row group's rows in one batch, each
  // flat column read chunk after chunk into its one set of buffers.
  Status NextSpanning(ArrowArray* out) {
    out->release = nullptr;
    if (next_group_ == groups_.size()) return Status::OK();
    int64_t rows = 0;
    for (int g : groups_) rows += file_->metadata().row_group(g).num_rows();
    for (auto& f : flat_) f->BeginSpan(*file_, groups_);
    for (; next_group_ < groups_.size(); ++next_group_) {
      Status st = SpanGroup(groups_[next_group_]);
      if (!st.ok()) {
        st.AddContext("row group " + std::to_string(groups_[next_group_]));
        return st;
      }
    }
    arrow::InitArray(out, rows, 0, 0, 1);
    std::vector<ArrowArray*> children(flat_.size());
    for (ArrowArray*& c : children) c = arrow::AddChild(out);  // unset: released as nothing on error
    for (size_t i = 0; i < flat_.size(); ++i) {
      Status st = flat_[i]->Finish(children[i]);
      flat_[i]->Close();
      if (!st.ok()) {
        out->release(out);
        return st;
      }
    }
    return Status::OK();
  }

  // NextSpanning's row group g: every flat column's chunk read into its
  // batch after the row groups before (in parallel with a pool; the SNAPPY
  // columns paired as OpenStreaming pairs them).
  Status SpanGroup(int g) {
    for (auto& f : flat_) PARQ_RETURN_IF_ERROR(f->NextChunk(*file_, g));
    PairSnappy(g);
    std::vector<Status> status(flat_.size());
    ForEachField(flat_.size(), [&](size_t i) {
      if (partner_[i] == kNoPartner) {
        status[i] = StepTogether(flat_[i].get(), nullptr);
      } else if (partner_[i] > i) {
        status[i] = StepTogether(flat_[i].get(), flat_[partner_[i]].get());
      }  // else read with its partner
    });
    for (const Status& st : status) PARQ_RETURN_IF_ERROR(st);
    return Status::OK();
  }

  // Steps x, and y when not null, taking turns a step (a page at most)
  // each, to the end of what they were begun for: paired readers' SNAPPY
  // pages decompress two at a time (ReadPagesTogether in parq/column_reader.h).
  static Status StepTogether(arrow::FlatColumn* x, arrow::FlatColumn* y) {
    bool more_x = true, more_y = y != nullptr;
    while (more_x || more_y) {
      if (more_x) {
        PARQ_ASSIGN_OR_RETURN(more_x, x->Step());
      }
      if (more_y) {
        PARQ_ASSIGN_OR_RETURN(more_y, y->Step());
      }
    }
    return Status::OK();
  }

  // Two flat columns' batches read together (StepTogether), their readers paired.
  Status ReadPair(int64_t n, size_t a, size_t b, const std::vector<ArrowArray*>& children) {
    arrow::FlatColumn& x = *flat_[a];
    arrow::FlatColumn& y = *flat_[b];
    x.Begin(n);
    y.Begin(n);
    PARQ_RETURN_IF_ERROR(StepTogether(&x, &y));
    PARQ_RETURN_IF_ERROR(x.Finish(children[a]));
    return y.Finish(children[b]);
  }

  static constexpr size_t kNoGroup = static_cast<size_t>(-1);

  // fn(i) for every field i, on the pool when there is one.
  void ForEachField(size_t n, const std::function<void(size_t)>& fn) {
    if (pool_ == nullptr) {
      for (size_t i = 0; i < n; ++i) fn(i);
    } else {
      pool_->ParallelFor(n, fn);
    }
  }

  bool Whole(size_t group_index) const {
    if (group_index >= groups_.size()) return false;
    const int64_t bytes = file_->metadata().row_group(groups_[group_index]).total_byte_size();
    return bytes >= 0 && bytes <= arrow::WholeGroupBytes();
  }

  // Decodes every flat column of row group groups_[next_group_] whole into
  // whole_, and, when the next row group is small too, that one's into
  // whole_next_ at the same time: a column's two chunks take turns a step
  // each, their readers paired (ReadPagesTogether), so that every SNAPPY
  // page decompresses with its twin (the same column's pages in two row
  // groups are alike).  Batches are slices of these arrays.
  Status DecodeWhole() {
    const size_t second = Whole(next_group_ + 1) ? next_group_ + 1 : kNoGroup;
    const int g = groups_[next_group_];
    whole_.assign(flat_.size(), nullptr);
    whole_next_.assign(flat_.size(), nullptr);
    // Each field's chunks on their own (in parallel with a pool); the error
    // is the first field's in order, as one thread would meet it.
    std::vector<Status> status(flat_.size());
    ForEachField(flat_.size(), [&](size_t i) {
      if (flat_[i] != nullptr) status[i] = DecodeWholeField(i, g, second);
    });
    for (const Status& st : status) PARQ_RETURN_IF_ERROR(st);
    whole_next_group_ = second;
    if (second == kNoGroup) whole_next_.clear();
    return Status::OK();
  }

  // DecodeWhole's field i: row group g's chunk, and groups_[second]'s with it.
  Status DecodeWholeField(size_t i, int g, size_t second) {
    const FileMetaData& md = file_->metadata();
    arrow::FlatColumn& a = *flat_[i];
    PARQ_RETURN_IF_ERROR(a.Open(*file_, g));
    a.Begin(md.row_group(g).num_rows());
    arrow::FlatColumn* b = nullptr;
    if (second != kNoGroup) {
      if (flat2_[i] == nullptr) flat2_[i] = std::make_unique<arrow::FlatColumn>(mapped_.fields[i]);
      b = flat2_[i].get();
      const int g2 = groups_[second];
      PARQ_RETURN_IF_ERROR(b->Open(*file_, g2));
      b->Begin(md.row_group(g2).num_rows());
      ReadPagesTogether(*a.reader(), *b->reader());
    }
    PARQ_RETURN_IF_ERROR(StepTogether(&a, b));
    whole_[i] = NewArray();
    PARQ_RETURN_IF_ERROR(a.Finish(whole_[i].get()));
    a.Close();
    if (b != nullptr) {
      whole_next_[i] = NewArray();
      PARQ_RETURN_IF_ERROR(b->Finish(whole_next_[i].get()));
      b->Close();
    }
    return Status::OK();
  }

  // An ArrowArray released when the last slice of it goes.
  static std::shared_ptr<ArrowArray> NewArray() {
    return std::shared_ptr<ArrowArray>(new ArrowArray{}, [](ArrowArray* a) {
      if (a->release != nullptr) a->release(a);
      delete a;
    });
  }

  Status OpenGroup(int g) {
    group_rows_ = file_->metadata().row_group(g).num_rows();
    row_ = 0;
    const bool filtered = options_.filter.has_value();
    if (filtered) {
      whole_.clear();  // every field comes from nested_reader_
    } else if (whole_next_group_ == next_group_) {  // decoded with the row group before
      whole_ = std::move(whole_next_);
      whole_next_group_ = kNoGroup;
    } else if (Whole(next_group_)) {
      PARQ_RETURN_IF_ERROR(DecodeWhole());
    } else {
      whole_.clear();
      PARQ_RETURN_IF_ERROR(OpenStreaming(g));
    }
    if (nested_reader_ != nullptr) {
      ColumnarBatch batch;
      PARQ_RETURN_IF_ERROR(nested_reader_->ReadRowGroup(g, &batch));
      if (filtered) group_rows_ = batch.num_rows;
      PARQ_ASSIGN_OR_RETURN(nested_, arrow::PrepareNested(mapped_.fields, mapped_.plan, file_->schema().num_columns(),
                                                          std::move(batch), filtered));
    }
    group_open_ = true;
    return Status::OK();
  }

  // A large row group: its flat columns read batch by batch.
  Status OpenStreaming(int g) {
    for (auto& f : flat_) {
      if (f != nullptr) PARQ_RETURN_IF_ERROR(f->Open(*file_, g));
    }
    PairSnappy(g);
    return Status::OK();
  }

  // Pairs row group g's flat SNAPPY columns (their readers open), two by
  // two from the largest chunk down, into partner_.
  void PairSnappy(int g) {
    // Flat SNAPPY columns, two by two from the largest chunk down: a pair
    // decompresses together only as many pages as the smaller chunk has.
    partner_.assign(flat_.size(), kNoPartner);
    const RowGroupMetaData rg = file_->metadata().row_group(g);
    std::vector<std::pair<int64_t, size_t>> by_size;
    for (size_t i = 0; i < flat_.size(); ++i) {
      if (flat_[i] == nullptr || mapped_.fields[i].conv == arrow::LeafConv::kNull) continue;
      const ColumnChunkMetaData c = rg.column(mapped_.fields[i].column);
      if (c.codec() == Compression::kSnappy) by_size.emplace_back(c.total_compressed_size(), i);
    }
    std::sort(by_size.begin(), by_size.end(), std::greater<>());
    for (size_t k = 0; k + 1 < by_size.size(); k += 2) {
      const size_t a = std::min(by_size[k].second, by_size[k + 1].second);
      const size_t b = std::max(by_size[k].second, by_size[k + 1].second);
      ReadPagesTogether(*flat_[a]->reader(), *flat_[b]->reader());
      partner_[a] = b;
      partner_[b] = a;
    }
  }
  void CloseGroup() {
    for (auto& f : flat_) {
      if (f != nullptr) f->Close();
    }
    whole_.clear();  // the batches handed out keep what they point into
    nested_.reset();  // the batches handed out keep what they point into
    group_open_ = false;
    ++next_group_;
  }

  const std::shared_ptr<const FileReader> file_;  // first: destroyed last
  const ArrowReadOptions options_;
  Mapped mapped_;
  std::vector<int> groups_;
  std::vector<std::unique_ptr<arrow::FlatColumn>> flat_;  // per field; nullptr for the others
  std::vector<std::unique_ptr<arrow::FlatColumn>> flat2_;  // the second row group's, decoding whole
  std::vector<std::shared_ptr<ArrowArray>> whole_;       // per field, this row group's (empty: streaming)
  std::vector<std::shared_ptr<ArrowArray>> whole_next_;  // the next row group's, decoded with it
  size_t whole_next_group_ = kNoGroup;                   // index in groups_ of whole_next_
  std::vector<size_t> partner_;  // per field: the flat field read with it (ReadPair), or kNoPartner
  std::shared_ptr<ThreadPool> pool_;  // null: every column on the caller's thread
  std::unique_ptr<ColumnarReader> nested_reader_;
  std::shared_ptr<arrow::NestedGroup> nested_;
  size_t next_group_ = 0;
  bool group_open_ = false;
  int64_t group_rows_ = 0, row_ = 0;
};

}  // namespace

Status ExportArrowSchema(const FileReader& file, const ArrowReadOptions& options, ArrowSchema* out) {
  if (out == nullptr) return Status::InvalidArgument("ExportArrowSchema: a null ArrowSchema");
  Mapped m;
  PARQ_RETURN_IF_ERROR(Map(file, options, &m));
  arrow::ExportSchema(m.fields, out);
  return Status::OK();
}

Status ExportArrowStream(std::shared_ptr<const FileReader> file, const ArrowReadOptions& options,
                         ArrowArrayStream* out) {
  if (file == nullptr || out == nullptr) return Status::InvalidArgument("ExportArrowStream: a null file or stream");
  auto stream = std::make_unique<Stream>(std::move(file), options);
  PARQ_RETURN_IF_ERROR(stream->Init());
  arrow::ExportStream(std::move(stream), out);
  return Status::OK();
}

}  // namespace parq
