#include "dataset/file_listing.h"

#include "parq/http_file.h"

#include <dirent.h>
#include <fnmatch.h>
#include <sys/stat.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <set>
#include <utility>

namespace parq::dataset {
namespace {

std::vector<std::string_view> Segments(std::string_view path) {
  std::vector<std::string_view> out;
  size_t start = 0;
  while (start <= path.size()) {
    size_t end = path.find('/', start);
    if (end == std::string_view::npos) end = path.size();
    if (end > start) out.push_back(path.substr(start, end - start));
    start = end + 1;
  }
  return out;
}

bool MatchSegments(const std::vector<std::string_view>& pat, size_t i, const std::vector<std::string_view>& path,
                   size_t j) {
  if (i == pat.size()) return j == path.size();
  if (pat[i] == "**") {
    for (size_t k = j; k <= path.size(); ++k) {
      if (MatchSegments(pat, i + 1, path, k)) return true;
    }
    return false;
  }
  if (j == path.size()) return false;
  const std::string p(pat[i]);
  const std::string s(path[j]);
  return fnmatch(p.c_str(), s.c_str(), 0) == 0 && MatchSegments(pat, i + 1, path, j + 1);
}

std::string Join(const std::string& dir, const std::string& name) {
  if (dir.empty() || dir == ".") return dir == "." ? "./" + name : name;
  return dir.back() == '/' ? dir + name : dir + "/" + name;
}

std::string Errno(int e) { return std::strerror(e); }

// Walks `dir` (whose path relative to the root is `relative`), appending
// regular files; `ancestors` holds the (device, inode) of the directories
// being walked, so that a symbolic link back to one of them is a loop.
Status Walk(const std::string& dir, const std::string& relative, bool skip_hidden,
            std::set<std::pair<dev_t, ino_t>>& ancestors, std::vector<ListedFile>* out) {
  DIR* d = opendir(dir.c_str());
  if (d == nullptr) return Status::IOError("cannot read directory '" + dir + "': " + Errno(errno));
  std::vector<std::string> names;
  errno = 0;
  while (dirent* e = readdir(d)) {
    const std::string name = e->d_name;
    if (name == "." || name == "..") continue;
    if (skip_hidden && (name[0] == '.' || name[0] == '_')) continue;
    names.push_back(name);
  }
  const int read_errno = errno;
  closedir(d);
  if (read_errno != 0) return Status::IOError("cannot read directory '" + dir + "': " + Errno(read_errno));
  std::sort(names.begin(), names.end());
  for (const std::string& name : names) {
    const std::string path = Join(dir, name);
    const std::string rel = relative.empty() ? name : relative + "/" + name;
    struct stat st {};
    if (stat(path.c_str(), &st) != 0) {
      const int e = errno;
      if (e == ELOOP) return Status::InvalidArgument("dataset: symbolic link loop at '" + path + "'");
      return Status::IOError("cannot stat '" + path + "': " + Errno(e));
    }
    if (S_ISDIR(st.st_mode)) {
      const auto id = std::make_pair(st.st_dev, st.st_ino);
      if (ancestors.count(id) != 0) {
        return Status::InvalidArgument("dataset: symbolic link loop at '" + path +
                                       "' (it leads back to a directory above it)");
      }
      ancestors.insert(id);
      PARQ_RETURN_IF_ERROR(Walk(path, rel, skip_hidden, ancestors, out));
      ancestors.erase(id);
    } else if (S_ISREG(st.st_mode)) {
      out->push_back(ListedFile{path, rel, static_cast<int64_t>(st.st_size)});
    }
  }
  return Status::OK();
}

Status WalkRoot(const std::string& dir, bool skip_hidden, std::vector<ListedFile>* out) {
  struct stat st {};
  if (stat(dir.c_str(), &st) != 0) return Status::IOError("cannot stat '" + dir + "': " + Errno(errno));
  std::set<std::pair<dev_t, ino_t>> ancestors{{st.st_dev, st.st_ino}};
  PARQ_RETURN_IF_ERROR(Walk(dir, "", skip_hidden, ancestors, out));
  // Byte order of whole paths ("a-x/f" before "a/f"), as DuckDB's glob lists them.
  std::sort(out->begin(), out->end(), [](const ListedFile& a, const ListedFile& b) { return a.path < b.path; });
  return Status::OK();
}

}  // namespace

bool HasWildcard(std::string_view text) { return text.find_first_of("*?[") != std::string_view::npos; }

bool GlobMatch(std::string_view pattern, std::string_view path) {
  return MatchSegments(Segments(pattern), 0, Segments(path), 0);
}

Result<std::vector<ListedFile>> ListFiles(const std::string& path_or_glob) {
  std::vector<ListedFile> out;
  if (IsHttpUrl(path_or_glob)) {
    // One file: HTTP has no directory listing, so no walk and no glob ('?'
    // starts the query).  Its size comes with its footer.
    const size_t host = path_or_glob.find("//") + 2;
    const size_t slash = path_or_glob.find('/', host);
    const std::string path = slash == std::string::npos ? "" : path_or_glob.substr(slash + 1, path_or_glob.find('?', slash) - slash - 1);
    if (path.find_first_of("*[") != std::string::npos) {
      return Status::InvalidArgument("dataset: '" + path_or_glob +
                                     "': globs match local paths only (HTTP cannot list a directory); "
                                     "give the URLs as a list");
    }
    if (path.empty() || path.back() == '/') {
      return Status::InvalidArgument("dataset: '" + path_or_glob +
                                     "' names no file (HTTP cannot list a directory); give the URLs as a list");
    }
    out.push_back(ListedFile{path_or_glob, path, -1});
    return out;
  }
  if (HasWildcard(path_or_glob)) {
    // The fixed directories before the first segment with a wildcard.
    const size_t wild = path_or_glob.find_first_of("*?[");
    const size_t slash = path_or_glob.rfind('/', wild);
    const std::string base = slash == std::string::npos ? "." : path_or_glob.substr(0, slash == 0 ? 1 : slash);
    const std::string pattern = slash == std::string::npos ? path_or_glob : path_or_glob.substr(slash + 1);
    struct stat st {};
    if (stat(base.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
      return Status::InvalidArgument("dataset: the glob '" + path_or_glob + "' matches no file ('" + base +
                                     "' is not a directory)");
    }
    std::vector<ListedFile> all;
    PARQ_RETURN_IF_ERROR(WalkRoot(base, /*skip_hidden=*/false, &all));
    for (ListedFile& f : all) {
      if (GlobMatch(pattern, f.relative)) out.push_back(std::move(f));
    }
    if (out.empty()) return Status::InvalidArgument("dataset: the glob '" + path_or_glob + "' matches no file");
    return out;
  }
  struct stat st {};
  if (stat(path_or_glob.c_str(), &st) != 0) {
    const int e = errno;
    if (e == ELOOP) return Status::InvalidArgument("dataset: symbolic link loop at '" + path_or_glob + "'");
    return Status::InvalidArgument("dataset: cannot open '" + path_or_glob + "': " + Errno(e));
  }
  if (S_ISDIR(st.st_mode)) {
    PARQ_RETURN_IF_ERROR(WalkRoot(path_or_glob, /*skip_hidden=*/true, &out));
    if (out.empty()) return Status::InvalidArgument("dataset: the directory '" + path_or_glob + "' holds no file");
    return out;
  }
  out.push_back(ListedFile{path_or_glob, path_or_glob, static_cast<int64_t>(st.st_size)});
  return out;
}

Result<std::unique_ptr<FileReader>> OpenDatasetFile(const std::string& path, const DatasetOptions& options,
                                                    bool* empty) {
  if (empty != nullptr) *empty = false;
  if (!IsHttpUrl(path)) return FileReader::Open(path, options.reader_options);
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<RandomAccessFile> file, OpenHttpFile(path, options.http));
  if (empty != nullptr && file->size() == 0) {
    *empty = true;
    return std::unique_ptr<FileReader>();
  }
  return FileReader::Open(std::shared_ptr<RandomAccessFile>(std::move(file)), options.reader_options);
}

}  // namespace parq::dataset
