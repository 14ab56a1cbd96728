// capi/c_api_filter.cc — parq_filter: the filter text of docs/filter.md
// parsed against a reader's schema (ParseFilter), parq/c_api.h.
#include <memory>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/c_api.h"
#include "parq/filter.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

namespace parq::capi {

Result<parq_filter*> NewFilter(const char* function, const char* text, const Schema& schema) {
  PARQ_RETURN_IF_ERROR(NotNull(text, function, "text"));
  PARQ_ASSIGN_OR_RETURN(Filter filter, ParseFilter(text, schema));
  std::string shown = filter.ToString();
  return new parq_filter{std::move(filter), std::move(shown)};
}

}  // namespace parq::capi

extern "C" {

parq_filter* parq_filter_parse(parq_reader* reader, const char* text) {
  if (reader == nullptr) return nullptr;
  parq_filter* out = nullptr;
  Run(&reader->error, [&]() -> Status {
    PARQ_ASSIGN_OR_RETURN(out, parq::capi::NewFilter("parq_filter_parse", text, reader->file->schema()));
    return Status::OK();
  });
  return out;
}

const char* parq_filter_text(const parq_filter* filter) { return filter == nullptr ? "" : filter->text.c_str(); }

void parq_filter_free(parq_filter* filter) { delete filter; }

}  // extern "C"
