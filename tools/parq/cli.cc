#include "cli.h"

#include <algorithm>
#include <cstdio>

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

int ReportError(const Status& status) {
  std::fprintf(stderr, "parq: error: %s\n", status.ToString().c_str());
  return kExitBadFile;
}

void ReportWarnings(const FileMetaData& metadata) {
  for (const std::string& w : metadata.Warnings()) std::fprintf(stderr, "parq: warning: %s\n", w.c_str());
}

int ReportUsage(const std::string& message, const char* usage) {
  std::fprintf(stderr, "parq: usage error: %s\nusage: %s\n", message.c_str(), usage);
  return kExitUsage;
}

}  // namespace parq::cli
