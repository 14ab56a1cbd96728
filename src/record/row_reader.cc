// RowReader (parq/record.h): the RowCursor (record/row_cursor.h) run with the
// ValueSink, one Value row at a time.
#include <memory>
#include <string>
#include <vector>

#include "parq/record.h"
#include "record/assembler.h"
#include "record/row_cursor.h"

namespace parq {

struct RowReader::Impl {
  std::unique_ptr<RowCursor> cursor;
};

RowReader::RowReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RowReader::~RowReader() = default;

Result<std::unique_ptr<RowReader>> RowReader::Open(RowSource source, const RowReaderOptions& options) {
  auto impl = std::make_unique<Impl>();
  PARQ_ASSIGN_OR_RETURN(impl->cursor, RowCursor::Open(std::move(source), options));
  return std::unique_ptr<RowReader>(new RowReader(std::move(impl)));
}

Result<bool> RowReader::Next(Value* row) {
  RowCursor& c = *impl_->cursor;
  PARQ_ASSIGN_OR_RETURN(bool more, c.Advance());
  if (!more) return false;
  ValueSink sink;
  sink.Start(row);
  c.assembler().AssembleRow(sink);
  PARQ_RETURN_IF_ERROR(c.Finish());
  return true;
}

const std::vector<std::string>& RowReader::field_names() const { return impl_->cursor->field_names(); }
int64_t RowReader::rows_read() const { return impl_->cursor->rows_read(); }

}  // namespace parq
