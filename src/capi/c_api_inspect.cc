// capi/c_api_inspect.cc — `parq verify` and `parq diff` through the C API
// (parq/c_api.h, "Inspection"): parq_report, the JSON text of
// VerifyReportJson / DiffReportJson and its count.
#include <cerrno>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <string>
#include <string_view>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/c_api.h"
#include "parq/diff.h"
#include "parq/verify.h"
#include "parq/writer_options_text.h"

using parq::Status;
using parq::capi::NotNull;
using parq::capi::Run;

struct parq_report {
  std::string json;
  int64_t count = 0;
};

namespace {

// "max-diffs" and "Max_Diffs" alike: lower case, '-' as '_'.
std::string Canonical(std::string_view key) {
  std::string out(key);
  for (char& c : out) {
    if (c == '-') c = '_';
    if (c >= 'A' && c <= 'Z') c = static_cast<char>(c - 'A' + 'a');
  }
  return out;
}

Status BadValue(std::string_view key, const char* wants, std::string_view value) {
  return Status::InvalidArgument("diff option '" + std::string(key) + "': takes " + wants + ", not '" +
                                 std::string(value) + "'");
}

// parq_diff_readers' `options` text into *out.
Status ParseDiffOptions(std::string_view text, parq::DiffOptions* out) {
  return parq::ForEachOptionPair(text, [&](std::string_view key, std::string_view value, bool has_value) -> Status {
    const std::string name = Canonical(key);
    if (name == "values_only") {
      if (!has_value || value == "on" || value == "true") {
        out->values_only = true;
      } else if (value == "off" || value == "false") {
        out->values_only = false;
      } else {
        return BadValue(key, "on or off", value);
      }
    } else if (name == "float_tolerance") {
      const std::string v(value);
      char* stop = nullptr;
      errno = 0;
      const double x = std::strtod(v.c_str(), &stop);
      if (v.empty() || *stop != '\0' || errno != 0 || !(x >= 0) || std::isinf(x)) {
        return BadValue(key, "a number >= 0", value);
      }
      out->float_tolerance = x;
    } else if (name == "key") {
      if (value.empty()) return BadValue(key, "a top-level column", value);
      out->key = std::string(value);
    } else if (name == "max_diffs") {
      int64_t n = -1;
      const auto [p, ec] = std::from_chars(value.data(), value.data() + value.size(), n);
      if (value.empty() || ec != std::errc() || p != value.data() + value.size() || n < 0) {
        return BadValue(key, "an integer >= 0", value);
      }
      out->max_differences = n;
    } else {
      return Status::InvalidArgument("unknown diff option '" + std::string(key) +
                                     "' (values_only, float_tolerance, key, max_diffs)");
    }
    return Status::OK();
  });
}

// Runs `body` (filling *report) and returns the report, or NULL with the
// message copied into the caller's buffer.
template <typename Body>
parq_report* MakeReport(char* error, size_t error_len, Body&& body) noexcept {
  parq::capi::ErrorSlot slot;
  parq_report* out = nullptr;
  const int rc = Run(&slot, [&]() -> Status {
    auto report = std::make_unique<parq_report>();
    PARQ_RETURN_IF_ERROR(body(report.get()));
    out = report.release();
    return Status::OK();
  });
  parq::capi::CopyMessage(rc == PARQ_OK ? "" : slot.text(), error, error_len);
  return out;
}

// parq_verify_file[_decrypted]'s body; `function` names it in messages.
parq_report* Verify(const char* function, const char* path, int64_t max_per_rule, const parq_decryption* keys,
                    char* error, size_t error_len) noexcept {
  return MakeReport(error, error_len, [&](parq_report* report) -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(path, function, "path"));
    parq::VerifyOptions options;
    options.decryption = parq::capi::DecryptionOf(keys);
    if (max_per_rule > 0) options.max_findings_per_rule = max_per_rule > 1000000 ? 1000000 : static_cast<int>(max_per_rule);
    PARQ_ASSIGN_OR_RETURN(parq::VerifyReport r, parq::VerifyFile(std::string(path), options));
    report->json = parq::VerifyReportJson(path, r);
    report->count = static_cast<int64_t>(r.findings.size());
    return Status::OK();
  });
}

}  // namespace

extern "C" {

parq_report* parq_verify_file(const char* path, int64_t max_per_rule, char* error, size_t error_len) {
  return Verify("parq_verify_file", path, max_per_rule, nullptr, error, error_len);
}

parq_report* parq_verify_file_decrypted(const char* path, int64_t max_per_rule, const parq_decryption* keys,
                                        char* error, size_t error_len) {
  return Verify("parq_verify_file_decrypted", path, max_per_rule, keys, error, error_len);
}

parq_report* parq_diff_readers(parq_reader* a, parq_reader* b, const char* options, char* error,
                               size_t error_len) {
  return MakeReport(error, error_len, [&](parq_report* report) -> Status {
    PARQ_RETURN_IF_ERROR(NotNull(a, "parq_diff_readers", "a"));
    PARQ_RETURN_IF_ERROR(NotNull(b, "parq_diff_readers", "b"));
    parq::DiffOptions diff_options;
    if (options != nullptr) PARQ_RETURN_IF_ERROR(ParseDiffOptions(options, &diff_options));
    PARQ_ASSIGN_OR_RETURN(parq::DiffReport r, parq::DiffFiles(*a->file, *b->file, diff_options));
    report->json = parq::DiffReportJson(r);
    report->count = r.schema_differences + r.metadata_differences + r.row_differences;
    return Status::OK();
  });
}

const char* parq_report_json(const parq_report* report, size_t* len) {
  if (report == nullptr) {
    if (len != nullptr) *len = 0;
    return "";
  }
  if (len != nullptr) *len = report->json.size();
  return report->json.c_str();
}

int64_t parq_report_count(const parq_report* report) { return report == nullptr ? -1 : report->count; }

void parq_report_free(parq_report* report) { delete report; }

}  // extern "C"
