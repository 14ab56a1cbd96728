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

// The known writer bugs parq recognises by created_by, each named by its
// issue and what it did (empty: none applies).
// PARQUET-251: parquet-mr before 1.8.0 wrote wrong min/max statistics of
// BYTE_ARRAY / FIXED_LEN_BYTE_ARRAY columns (signed byte order); readers
// ignore them.
std::string_view BinaryStatisticsBug(std::string_view created_by);
// PARQUET-816: parquet-mr up to 1.2.8 left the dictionary page header out of
// ColumnMetaData.total_compressed_size.
std::string_view ChunkSizeBug(std::string_view created_by);
// PARQUET-1850 / GH-2962: parquet-mr before 1.15.0 did not always write
// ColumnMetaData.dictionary_page_offset (data_page_offset then names the
// chunk's first page, the dictionary page).
std::string_view DictionaryOffsetBug(std::string_view created_by);

}  // namespace parq::format

#endif  // PARQ_FORMAT_WRITER_VERSION_H_
