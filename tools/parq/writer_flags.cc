#include "writer_flags.h"

#include <unistd.h>

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

Progress::Progress(const char* verb) : verb_(verb), enabled_(isatty(STDERR_FILENO) == 1) {}

void Progress::Show(const std::string& what) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  shown_ = true;
  std::fprintf(stderr, "\rparq %s: %s\033[K", verb_, what.c_str());
  std::fflush(stderr);
}

void Progress::Done() {
  if (!shown_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace parq::cli
