#include "arrow/stream_source.h"

#include <cerrno>
#include <string>

namespace parq::arrow {
namespace {

struct Exported {
  std::unique_ptr<StreamSource> source;
  std::string last_error;
  bool failed = false;
};

Exported* Of(ArrowArrayStream* s) { return static_cast<Exported*>(s->private_data); }

int GetSchema(ArrowArrayStream* s, ArrowSchema* out) {
  if (s == nullptr || s->release == nullptr || out == nullptr) return EINVAL;
  Of(s)->source->GetSchema(out);
  return 0;
}

int GetNext(ArrowArrayStream* s, ArrowArray* out) {
  if (s == nullptr || s->release == nullptr || out == nullptr) return EINVAL;
  Exported* e = Of(s);
  if (e->failed) {
    out->release = nullptr;
    return EIO;
  }
  Status status = e->source->Next(out);
  if (!status.ok()) {
    e->failed = true;
    e->last_error = status.ToString();
    out->release = nullptr;
    return EIO;
  }
  return 0;
}

const char* GetLastError(ArrowArrayStream* s) {
  if (s == nullptr || s->release == nullptr) return nullptr;
  Exported* e = Of(s);
  return e->failed ? e->last_error.c_str() : nullptr;
}

void Release(ArrowArrayStream* s) {
  if (s == nullptr || s->release == nullptr) return;
  delete Of(s);
  s->release = nullptr;
}

}  // namespace

void ExportStream(std::unique_ptr<StreamSource> source, ArrowArrayStream* out) {
  out->get_schema = GetSchema;
  out->get_next = GetNext;
  out->get_last_error = GetLastError;
  out->release = Release;
  out->private_data = new Exported{std::move(source), {}, false};
}

}  // namespace parq::arrow
