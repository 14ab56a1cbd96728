// JsonRowReader (parq/json.h): the record layer's RowCursor run with the
// JsonSink, so rows go from the leaf buffers straight to text.  With a
// filter, rows come from a RowReader with that filter (the same pruning and
// row evaluation) and are written from their Values with the plan of the
// projection (AppendValueRowJson: the same text).
#include <memory>
#include <string>
#include <vector>

#include "json/json_row_reader_impl.h"
#include "json/row_json.h"
#include "parq/json.h"

namespace parq {

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
  JsonSink sink(&impl_->formatters);
  return impl_->NextRow(sink, out, [&](const Value& row) {
    return AppendValueRowJson(*out, impl_->cursor->plan().root, row, impl_->formatters);
  });
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
