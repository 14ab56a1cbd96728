#include "cli.h"

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <string_view>

namespace parq::cli {

bool Args::Parse(int argc, char** argv, const std::vector<std::string>& flags,
                 const std::vector<std::string>& valued, std::string* error) {
  auto is = [](const std::vector<std::string>& v, const std::string& s) {
    return std::find(v.begin(), v.end(), s) != v.end();
  };
  bool only_positional = false;
  for (int i = 0; i < argc; ++i) {
    std::string a = argv[i];
    if (only_positional || a.size() < 2 || a.compare(0, 2, "--") != 0) {
      positional_.push_back(a);
      continue;
    }
    if (a == "--") {
      only_positional = true;
      continue;
    }
    std::string name = a.substr(2);
    std::optional<std::string> value;
    if (auto eq = name.find('='); eq != std::string::npos) {
      value = name.substr(eq + 1);
      name = name.substr(0, eq);
    }
    if (is(flags, name)) {
      if (value) {
        *error = "option --" + name + " takes no value";
        return false;
      }
      values_.emplace(name, "");
    } else if (is(valued, name)) {
      if (!value) {
        if (i + 1 >= argc) {
          *error = "option --" + name + " needs a value";
          return false;
        }
        value = argv[++i];
      }
      values_.emplace(name, *value);
    } else {
      *error = "unknown option --" + name;
      return false;
    }
  }
  return true;
}

bool Args::Parse(int argc, char** argv, const std::vector<Flag>& table, std::string* error) {
  std::vector<std::string> flags, valued;
  for (const Flag& f : table) (f.value ? valued : flags).push_back(f.name);
  // "-n 5" → "--rows 5" for the table's aliases, up to "--".
  std::vector<std::string> words(argv, argv + argc);
  for (std::string& w : words) {
    if (w == "--") break;
    if (w.size() != 2 || w[0] != '-') continue;
    for (const Flag& f : table) {
      if (f.short_name != 0 && w[1] == f.short_name) w = std::string("--") + f.name;
    }
  }
  std::vector<char*> ptrs;
  for (std::string& w : words) ptrs.push_back(w.data());
  return Parse(argc, ptrs.data(), flags, valued, error);
}

std::optional<std::string> Args::Get(const std::string& name) const {
  auto range = values_.equal_range(name);
  if (range.first == range.second) return std::nullopt;
  return std::prev(range.second)->second;  // the last one given wins
}

std::vector<std::string> Args::GetAll(const std::string& name) const {
  std::vector<std::string> out;
  auto range = values_.equal_range(name);
  for (auto it = range.first; it != range.second; ++it) out.push_back(it->second);
  return out;
}

namespace {
bool quiet = false;

void PrintFlags(const std::vector<Flag>& flags) {
  for (const Flag& f : flags) {
    std::string left = f.short_name ? std::string("-") + f.short_name + ", " : "    ";
    left += std::string("--") + f.name;
    if (f.value) left += std::string(" ") + f.value;
    if (left.size() < 28) {
      std::printf("  %-28s %s\n", left.c_str(), f.help);
    } else {
      std::printf("  %s\n  %-28s %s\n", left.c_str(), "", f.help);
    }
  }
}

}  // namespace

const std::vector<Flag> kCommonFlags = {
    {"help", nullptr, "this help, on stdout", 'h'},
    {"quiet", nullptr, "no warnings or progress line on stderr (errors still print)", 'q'},
};

void SetQuiet(bool q) { quiet = q; }
bool Quiet() { return quiet; }

int PrintVerbHelp(const char* verb, const char* summary, const VerbHelp& help) {
  std::printf("usage: %s\n\n%s: %s\n", help.usage, verb, summary);
  if (!help.flags.empty()) {
    std::printf("\noptions:\n");
    PrintFlags(help.flags);
  }
  std::printf("\ncommon options:\n");
  PrintFlags(kCommonFlags);
  return kExitOk;
}

int ReportError(const Status& status) {
  std::fprintf(stderr, "parq: error: %s\n", status.ToString().c_str());
  return kExitBadFile;
}

void ReportWarnings(const FileMetaData& metadata) {
  if (quiet) return;
  for (const std::string& w : metadata.Warnings()) std::fprintf(stderr, "parq: warning: %s\n", w.c_str());
}

std::optional<int64_t> ParseCount(const std::string& text, int64_t min) {
  char* end = nullptr;
  errno = 0;
  const long long v = std::strtoll(text.c_str(), &end, 10);
  if (text.empty() || *end != '\0' || errno != 0 || v < min) return std::nullopt;
  return v;
}

int ReportUsage(const std::string& message, const char* usage) {
  std::fprintf(stderr, "parq: usage error: %s\nusage: %s\n", message.c_str(), usage);
  // The usage line starts "parq VERB ".
  std::string_view u(usage);
  if (u.starts_with("parq ")) {
    u.remove_prefix(5);
    u = u.substr(0, u.find(' '));
    std::fprintf(stderr, "run 'parq %.*s --help' for its options\n", static_cast<int>(u.size()), u.data());
  }
  return kExitUsage;
}

}  // namespace parq::cli
