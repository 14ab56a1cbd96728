// WriteArrowStream and SchemaFromArrow (parq/arrow_writer.h): the stream's
// schema planned (arrow/import_schema.h), each batch made a ColumnView tree
// (arrow/import_array.h) and written by a ColumnarWriter.
#include <cerrno>
#include <cstring>
#include <functional>
#include <string>

#include "arrow/import_array.h"
#include "arrow/import_schema.h"
#include "parq/arrow_writer.h"
#include "parq/columnar_writer.h"
#include "parq/file_writer.h"

namespace parq {

namespace {

// Calls an Arrow struct's release callback, if it has not been released.
template <typename T>
struct Released {
  T* p;
  ~Released() {
    if (p != nullptr && p->release != nullptr) p->release(p);
  }
};

Status StreamError(ArrowArrayStream* in, const char* call, int rc) {
  const char* text = in->get_last_error != nullptr ? in->get_last_error(in) : nullptr;
  std::string msg = std::string("ArrowArrayStream ") + call + " failed: errno " + std::to_string(rc) + " (" +
                    std::strerror(rc) + ")";
  if (text != nullptr) msg += std::string(": ") + text;
  return Status::IOError(std::move(msg));
}

using Opener = std::function<Result<std::unique_ptr<FileWriter>>(const Schema&)>;

Status WriteStream(ArrowArrayStream* in, const Opener& open) {
  if (in == nullptr) return Status::InvalidArgument("WriteArrowStream: a NULL ArrowArrayStream");
  if (in->release == nullptr) return Status::InvalidArgument("WriteArrowStream: a released ArrowArrayStream");
  Released<ArrowArrayStream> release_stream{in};
  if (in->get_schema == nullptr || in->get_next == nullptr) {
    return Status::InvalidArgument("WriteArrowStream: an ArrowArrayStream without get_schema or get_next");
  }
  ArrowSchema schema{};
  int rc = in->get_schema(in, &schema);
  Released<ArrowSchema> release_schema{&schema};
  if (rc != 0) return StreamError(in, "get_schema", rc);
  PARQ_ASSIGN_OR_RETURN(ArrowImportPlan plan, PlanArrowImport(schema));
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<FileWriter> writer, open(plan.schema));
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<ColumnarWriter> columns, ColumnarWriter::Open(*writer));
  ImportArena arena;
  ColumnView view;
  for (int64_t batch = 0;; ++batch) {
    ArrowArray array{};
    rc = in->get_next(in, &array);
    Released<ArrowArray> release_array{&array};
    if (rc != 0) return StreamError(in, "get_next", rc).AddContext("Arrow batch " + std::to_string(batch));
    if (array.release == nullptr) break;  // the end
    Status st = ImportArray(plan.root, array, &arena, &view);
    if (st.ok()) st = columns->Write(view);
    if (!st.ok()) return std::move(st).AddContext("Arrow batch " + std::to_string(batch));
    arena.Clear();
  }
  return writer->Close();
}

}  // namespace

Result<Schema> SchemaFromArrow(const ArrowSchema& schema) {
  PARQ_ASSIGN_OR_RETURN(ArrowImportPlan plan, PlanArrowImport(schema));
  return std::move(plan.schema);
}

Status WriteArrowStream(ArrowArrayStream* in, const std::string& path, const WriterOptions& options) {
  return WriteStream(in, [&](const Schema& schema) { return FileWriter::Open(path, schema, options, true); });
}

Status WriteArrowStream(ArrowArrayStream* in, std::unique_ptr<OutputStream> out, const WriterOptions& options) {
  return WriteStream(in, [&](const Schema& schema) { return FileWriter::Open(std::move(out), schema, options); });
}

}  // namespace parq
