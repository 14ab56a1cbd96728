// ExportArrowSchema / ExportArrowStream of a Dataset (parq/dataset_arrow.h):
// DatasetColumnarReader's row groups (unified, widened, partition columns
// filled in) prepared as Arrow arrays by arrow/arrow_nested.h and sliced into
// record batches.
#include <algorithm>
#include <string>
#include <vector>

#include "arrow/arrow_array.h"
#include "arrow/arrow_nested.h"
#include "arrow/arrow_type.h"
#include "arrow/stream_source.h"
#include "parq/dataset_arrow.h"
#include "record/assembly_plan.h"

namespace parq {
namespace {

// The plan and its Arrow fields; made in place and never moved (the fields
// point into the plan).
struct Mapped {
  AssemblyPlan plan;
  std::vector<arrow::ArrowField> fields;
};

Status Map(const Dataset& dataset, const DatasetArrowOptions& options, Mapped* m) {
  if (options.batch_rows < 1) {
    return Status::InvalidArgument("batch_rows " + std::to_string(options.batch_rows) + ": want at least 1");
  }
  PARQ_ASSIGN_OR_RETURN(m->plan, BuildAssemblyPlan(dataset.schema(), options.scan.columns));
  arrow::ArrowTypeOptions type_options;
  type_options.dictionary_arrays = options.dictionary_arrays;
  PARQ_ASSIGN_OR_RETURN(m->fields, arrow::MapSchemaFields(dataset.schema(), nullptr, m->plan, type_options));
  return Status::OK();
}

class DatasetStream final : public arrow::StreamSource {
 public:
  DatasetStream(std::shared_ptr<const Dataset> dataset, const DatasetArrowOptions& options)
      : dataset_(std::move(dataset)), options_(options) {}

  Status Init() {
    PARQ_RETURN_IF_ERROR(Map(*dataset_, options_, &mapped_));
    PARQ_ASSIGN_OR_RETURN(reader_, DatasetColumnarReader::Open(*dataset_, options_.scan));
    return Status::OK();
  }

  void GetSchema(ArrowSchema* out) const override { arrow::ExportSchema(mapped_.fields, out); }

  Status Next(ArrowArray* out) override {
    out->release = nullptr;
    while (group_ == nullptr || row_ == rows_) {
      group_.reset();  // the batches handed out keep what they point into
      ColumnarBatch batch;
      PARQ_ASSIGN_OR_RETURN(bool more, reader_->Next(&batch));
      if (!more) return Status::OK();
      rows_ = batch.num_rows;
      row_ = 0;
      PARQ_ASSIGN_OR_RETURN(group_, arrow::PrepareNested(mapped_.fields, mapped_.plan,
                                                         dataset_->schema().num_columns(), std::move(batch),
                                                         /*flat_too=*/true));
    }
    const int64_t n = std::min(options_.batch_rows, rows_ - row_);
    arrow::InitArray(out, n, 0, 0, 1);
    for (size_t i = 0; i < mapped_.fields.size(); ++i) {
      arrow::ExportPrepared(group_->fields[i], group_, row_, n, arrow::AddChild(out));
    }
    row_ += n;
    return Status::OK();
  }

 private:
  const std::shared_ptr<const Dataset> dataset_;  // first: destroyed last
  const DatasetArrowOptions options_;
  Mapped mapped_;
  std::unique_ptr<DatasetColumnarReader> reader_;
  std::shared_ptr<arrow::NestedGroup> group_;  // the current row group's arrays
  int64_t rows_ = 0, row_ = 0;
};

}  // namespace

Status ExportArrowSchema(const Dataset& dataset, const DatasetArrowOptions& options, ArrowSchema* out) {
  if (out == nullptr) return Status::InvalidArgument("ExportArrowSchema: a null ArrowSchema");
  Mapped m;
  PARQ_RETURN_IF_ERROR(Map(dataset, options, &m));
  arrow::ExportSchema(m.fields, out);
  return Status::OK();
}

Status ExportArrowStream(std::shared_ptr<const Dataset> dataset, const DatasetArrowOptions& options,
                         ArrowArrayStream* out) {
  if (dataset == nullptr || out == nullptr) {
    return Status::InvalidArgument("ExportArrowStream: a null dataset or stream");
  }
  auto stream = std::make_unique<DatasetStream>(std::move(dataset), options);
  PARQ_RETURN_IF_ERROR(stream->Init());
  arrow::ExportStream(std::move(stream), out);
  return Status::OK();
}

}  // namespace parq
