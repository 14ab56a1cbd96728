// JsonRowReader (parq/json.h): the record layer's RowCursor run with the
// JsonSink, so rows go from the leaf buffers straight to text.  With a
// filter, rows come from a RowReader with that filter (the same pruning and
// row evaluation) and are written from their Values with the plan of the
// projection (AppendValueRowJson: the same text).
#include <memory>
#include <string>
#include <vector>

#include "json/leaf_format.h"
#include "json/row_json.h"
#include "parq/json.h"
#include "record/row_cursor.h"

namespace parq {

struct JsonRowReader::Impl {
  std::unique_ptr<RowCursor> cursor;      // without a filter: reads the rows; with one: the plan only
  std::vector<LeafFormatter> formatters;  // by plan slot
  std::unique_ptr<RowReader> filtered;    // with a filter
  Value row;                              // the filtered reader's last row
};

JsonRowReader::JsonRowReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
JsonRowReader::~JsonRowReader() = default;

Result<std::unique_ptr<JsonRowReader>> JsonRowReader::Open(RowSource source, const RowReaderOptions& options) {
  auto impl = std::make_unique<Impl>();
  if (options.filter) {
    PARQ_ASSIGN_OR_RETURN(impl->filtered, RowReader::Open(source, options));
    RowReaderOptions projection = options;
    projection.filter.reset();
    projection.thread_pool = nullptr;  // it formats rows, reads none
    projection.threads = 1;
    PARQ_ASSIGN_OR_RETURN(impl->cursor, RowCursor::Open(std::move(source), projection));
  } else {
    PARQ_ASSIGN_OR_RETURN(impl->cursor, RowCursor::Open(std::move(source), options));
  }
  const std::vector<int>& columns = impl->cursor->plan().columns;
  impl->formatters.reserve(columns.size());
  for (int c : columns) impl->formatters.emplace_back(impl->cursor->schema().column(c));
  return std::unique_ptr<JsonRowReader>(new JsonRowReader(std::move(impl)));
}

Result<bool> JsonRowReader::Next(std::string* out) {
  if (impl_->filtered) {
    PARQ_ASSIGN_OR_RETURN(bool more, impl_->filtered->Next(&impl_->row));
    if (!more) return false;
    Status st = AppendValueRowJson(*out, impl_->cursor->plan().root, impl_->row, impl_->formatters);
    if (!st.ok()) return std::move(st).AddContext("row " + std::to_string(impl_->filtered->rows_read() - 1));
    return true;
  }
  RowCursor& c = *impl_->cursor;
  PARQ_ASSIGN_OR_RETURN(bool more, c.Advance());
  if (!more) return false;
  JsonSink sink(&impl_->formatters);
  sink.Start(out);
  c.assembler().AssembleRow(sink);
  sink.End();
  PARQ_RETURN_IF_ERROR(c.Finish());
  if (!sink.status().ok()) {
    return Status(sink.status()).AddContext("row " + std::to_string(c.rows_read() - 1));
  }
  return true;
}

Status JsonRowReader::ToJson(const Value& row, std::string* out) const {
  return AppendValueRowJson(*out, impl_->cursor->plan().root, row, impl_->formatters);
}

const std::vector<std::string>& JsonRowReader::field_names() const { return impl_->cursor->field_names(); }
int64_t JsonRowReader::rows_read() const {
  return impl_->filtered ? impl_->filtered->rows_read() : impl_->cursor->rows_read();
}
const RowGroupPruning& JsonRowReader::pruning() const {
  static const RowGroupPruning kNone;
  return impl_->filtered ? impl_->filtered->pruning() : kNone;
}

}  // namespace parq
