#include "writer_flags.h"

#include <cstdio>
#include <string_view>

#include "parq/file_writer.h"
#include "parq/version.h"
#include "parq/writer_options_text.h"

namespace parq::cli {

namespace {

// "page_version" -> "page-version".
std::vector<std::string> Dashed(const std::vector<std::string_view>& names) {
  std::vector<std::string> out;
  for (std::string_view n : names) {
    std::string s(n);
    for (char& c : s) c = c == '_' ? '-' : c;
    out.push_back(std::move(s));
  }
  return out;
}

}  // namespace

const std::vector<std::string> kWriterFlags = Dashed(WriterOptionNames().valued);
const std::vector<std::string> kWriterBareFlags = Dashed(WriterOptionNames().bare);

std::vector<Flag> WriterFlagTable() {
  struct Doc {
    const char* name;
    const char* value;
    const char* help;
  };
  static constexpr Doc kDocs[] = {
      {"codec", "CODEC", "none, snappy, gzip, brotli, zstd or lz4_raw"},
      {"level", "N", "the codec's compression level"},
      {"page-version", "1|2", "DATA_PAGE (1) or DATA_PAGE_V2 (2)"},
      {"encoding", "COLUMN=ENCODING", "a column's value encoding (repeatable)"},
      {"dictionary", "on|off", "dictionary encoding"},
      {"page-size", "BYTES", "the target data page size"},
      {"row-group-size", "BYTES", "new row groups of about this size"},
      {"row-group-rows", "N", "new row groups of at most N rows"},
      {"max-buffered-bytes", "BYTES", "end a row group early once the writer holds this much memory (0: no cap)"},
      {"max-open-page-bytes", "BYTES", "cut pages early to keep all the open pages within this (64 MiB; 0: none)"},
      {"threads", "N", "encode and compress columns on N threads (1); the same file"},
      {"bloom-filter", nullptr, "a Bloom filter on every column but BOOLEAN"},
      {"no-page-index", nullptr, "write no ColumnIndex / OffsetIndex"},
  };
  std::vector<Flag> out;
  auto add = [&](const std::string& name, bool valued) {
    for (const Doc& d : kDocs) {
      if (name == d.name) return out.push_back({d.name, d.value, d.help});
    }
    // A writer option without its own line (parq/writer_options_text.h).
    out.push_back({name.c_str(), valued ? "VALUE" : nullptr, "a writer option (parq/writer_options_text.h)"});
  };
  for (const std::string& f : kWriterFlags) add(f, true);
  for (const std::string& f : kWriterBareFlags) add(f, false);
  return out;
}

Status ParseWriterFlags(const Args& args, WriterOptions* wopts) {
  wopts->created_by = kCreatedBy;
  for (const std::string& flag : kWriterFlags) {
    for (const std::string& value : args.GetAll(flag)) {
      PARQ_RETURN_IF_ERROR(ParseWriterOption(flag, value, wopts));
    }
  }
  for (const std::string& flag : kWriterBareFlags) {
    if (args.Has(flag)) PARQ_RETURN_IF_ERROR(ParseWriterOption(flag, "", wopts));
  }
  return FileWriter::ValidateOptions(*wopts);
}

}  // namespace parq::cli
