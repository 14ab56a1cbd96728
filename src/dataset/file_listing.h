// Finding a dataset's files: a directory walked recursively, a glob matched
// against the paths under its fixed part, one file or one URL
// (docs/dataset.md); and opening one.  Functions over the file system;
// thread-safe.
#ifndef PARQ_DATASET_FILE_LISTING_H_
#define PARQ_DATASET_FILE_LISTING_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parq/dataset.h"
#include "parq/file_reader.h"
#include "parq/result.h"

namespace parq::dataset {

struct ListedFile {
  std::string path;      // as it opens
  std::string relative;  // below the root of the walk: the part that may hold key=value directories
  int64_t size = 0;      // -1 for a URL (known once opened)
};

// Whether `text` holds a glob wildcard: '*', '?' or '['.
bool HasWildcard(std::string_view text);

// Whether the '/'-separated `path` matches `pattern`: '*' any bytes but '/',
// '?' one byte but '/', '[...]' a class (fnmatch's), and a whole segment "**"
// any number of segments, none included.
bool GlobMatch(std::string_view pattern, std::string_view path);

// The files of a directory (recursively; names starting with '.' or '_'
// left out), of a glob, or `path` itself; sorted by path.  An http(s):// URL
// is one file (its relative part the URL's path, for Hive partitions): a
// URL with '*' or '[' in its path, or ending in '/', is kInvalidArgument
// (no listing over HTTP).  Errors:
// errors (kInvalidArgument) for a missing path, a glob that matches nothing
// or a directory without a file; kIOError for a directory that cannot be
// read; kInvalidArgument for a loop of symbolic links.
Result<std::vector<ListedFile>> ListFiles(const std::string& path_or_glob);

// A dataset's file opened for reading: a local path as FileReader::Open
// opens it, a URL through OpenHttpFile with DatasetOptions::http.  With
// `empty` given, a URL whose file has 0 bytes is no error but null, with
// *empty set: the listing learns a URL's size only here, and a dataset
// reads a file of 0 bytes as no rows (as a local one, whose size it lists).
Result<std::unique_ptr<FileReader>> OpenDatasetFile(const std::string& path, const DatasetOptions& options,
                                                    bool* empty = nullptr);

}  // namespace parq::dataset

#endif  // PARQ_DATASET_FILE_LISTING_H_
