#include "format/writer_version.h"

#include <charconv>
#include <tuple>

namespace parq::format {

namespace {
// Reads a non-negative decimal number at the front of `s`, consuming it.
bool TakeNumber(std::string_view* s, int* out) {
  auto [ptr, ec] = std::from_chars(s->data(), s->data() + s->size(), *out);
  if (ec != std::errc() || *out < 0) return false;
  s->remove_prefix(static_cast<size_t>(ptr - s->data()));
  return true;
}
}  // namespace

bool WriterVersion::IsBefore(std::string_view app, int maj, int min, int pat) const {
  if (application != app) return false;
  return std::tie(major, minor, patch) < std::tie(maj, min, pat);
}

std::optional<WriterVersion> ParseWriterVersion(std::string_view created_by) {
  constexpr std::string_view kSep = " version ";
  size_t at = created_by.find(kSep);
  if (at == std::string_view::npos || at == 0) return std::nullopt;
  WriterVersion v;
  v.application = std::string(created_by.substr(0, at));
  std::string_view rest = created_by.substr(at + kSep.size());
  if (!TakeNumber(&rest, &v.major)) return std::nullopt;
  if (!rest.empty() && rest.front() == '.') {
    rest.remove_prefix(1);
    if (!TakeNumber(&rest, &v.minor)) return std::nullopt;
    if (!rest.empty() && rest.front() == '.') {
      rest.remove_prefix(1);
      if (!TakeNumber(&rest, &v.patch)) v.patch = 0;
    }
  }
  return v;
}

std::string_view BinaryStatisticsBug(std::string_view created_by) {
  auto v = ParseWriterVersion(created_by);
  if (v && v->IsBefore("parquet-mr", 1, 8, 0)) {
    return "PARQUET-251: parquet-mr before 1.8.0 wrote binary min/max statistics in signed byte order";
  }
  return {};
}

std::string_view ChunkSizeBug(std::string_view created_by) {
  auto v = ParseWriterVersion(created_by);
  if (v && v->IsBefore("parquet-mr", 1, 2, 9)) {
    return "PARQUET-816: parquet-mr up to 1.2.8 left the dictionary page header out of total_compressed_size";
  }
  return {};
}

std::string_view DictionaryOffsetBug(std::string_view created_by) {
  auto v = ParseWriterVersion(created_by);
  if (v && v->IsBefore("parquet-mr", 1, 15, 0)) {
    return "PARQUET-1850 / GH-2962: parquet-mr before 1.15.0 did not always write dictionary_page_offset";
  }
  return {};
}

}  // namespace parq::format
