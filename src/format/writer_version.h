// The writer named in FileMetaData.created_by, for applying known writer
// quirks: "<application> version <major>.<minor>.<patch>[...] (build <hash>)".
#ifndef PARQ_FORMAT_WRITER_VERSION_H_
#define PARQ_FORMAT_WRITER_VERSION_H_

#include <optional>
#include <string>
#include <string_view>

namespace parq::format {

struct WriterVersion {
  std::string application;  // "parquet-mr", "parquet-cpp-arrow", "impala", ...
  int major = 0;
  int minor = 0;
  int patch = 0;

  // True when this is `application` at a version strictly below major.minor.patch.
  bool IsBefore(std::string_view app, int major, int minor, int patch) const;
};

// Parses created_by; std::nullopt when it does not follow the pattern.
std::optional<WriterVersion> ParseWriterVersion(std::string_view created_by);

}  // namespace parq::format

#endif  // PARQ_FORMAT_WRITER_VERSION_H_
