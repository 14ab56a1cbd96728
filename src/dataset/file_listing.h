// Finding a dataset's files: a directory walked recursively, a glob matched
// against the paths under its fixed part, or one file (docs/dataset.md).
// Pure functions over the file system; thread-safe.
#ifndef PARQ_DATASET_FILE_LISTING_H_
#define PARQ_DATASET_FILE_LISTING_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

#include "parq/result.h"

namespace parq::dataset {

struct ListedFile {
  std::string path;      // as it opens
  std::string relative;  // below the root of the walk: the part that may hold key=value directories
  int64_t size = 0;
};

// Whether `text` holds a glob wildcard: '*', '?' or '['.
bool HasWildcard(std::string_view text);

// Whether the '/'-separated `path` matches `pattern`: '*' any bytes but '/',
// '?' one byte but '/', '[...]' a class (fnmatch's), and a whole segment "**"
// any number of segments, none included.
bool GlobMatch(std::string_view pattern, std::string_view path);

// The files of a directory (recursively; names starting with '.' or '_'
// left out), of a glob, or `path` itself; sorted by path.  Errors:
// errors (kInvalidArgument) for a missing path, a glob that matches nothing
// or a directory without a file; kIOError for a directory that cannot be
// read; kInvalidArgument for a loop of symbolic links.
Result<std::vector<ListedFile>> ListFiles(const std::string& path_or_glob);

}  // namespace parq::dataset

#endif  // PARQ_DATASET_FILE_LISTING_H_
