#include "dataset_input.h"

#include <sys/stat.h>

#include <cstdio>

#include "parq/http_file.h"

namespace parq::cli {

Flag SkipInvalidFlag() {
  return {"skip-invalid", nullptr, "a directory or glob: leave out files that are not Parquet (warned of)"};
}

bool IsDatasetPath(const std::string& path) {
  if (IsHttpUrl(path)) return false;  // a URL's '?' is its query, not a glob
  struct stat st {};
  if (stat(path.c_str(), &st) == 0) return S_ISDIR(st.st_mode);
  return path.find_first_of("*?[") != std::string::npos;
}

Result<std::unique_ptr<Dataset>> OpenDatasetInput(const std::string& path, const Args& args) {
  DatasetOptions options;
  options.skip_invalid = args.Has("skip-invalid");
  options.reader_options.verify_checksums = !args.Has("no-verify-checksums");
  PARQ_ASSIGN_OR_RETURN(auto ds, Dataset::Open(path, options));
  if (!Quiet()) {
    for (const std::string& s : ds->skipped()) std::fprintf(stderr, "parq: warning: skipped %s\n", s.c_str());
  }
  return ds;
}

std::string PartitionColumnsText(const Dataset& dataset) {
  std::string out;
  for (const PartitionField& p : dataset.partition_fields()) {
    out += (out.empty() ? "partition columns: " : ", ") + p.name + " (" + std::string(PartitionTypeName(p.type)) + ")";
  }
  return out.empty() ? out : out + "\n";
}

void WritePartitionColumnsJson(const Dataset& dataset, JsonWriter& w) {
  w.BeginArray();
  for (const PartitionField& p : dataset.partition_fields()) {
    w.BeginObject();
    w.Key("name");
    w.String(p.name);
    w.Key("type");
    w.String(PartitionTypeName(p.type));
    w.EndObject();
  }
  w.EndArray();
}

}  // namespace parq::cli
