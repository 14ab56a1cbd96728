// Files on a POSIX system: pread, mmap, and buffered output (written in
// place, or atomically: an unnamed O_TMPFILE file linked in by Close, or a
// temporary sibling renamed by Close where the file system lacks O_TMPFILE;
// an atomic output is fsync'ed before it gets its name, and its directory
// after; its bytes are handed to the disk as they are written, so that the
// fsync has little left to wait for).
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "io/temp_cleanup.h"
#include "parq/io.h"

namespace parq {
namespace {

#if defined(__linux__) && !defined(MADV_POPULATE_READ)
#define MADV_POPULATE_READ 22  // Linux 5.14's value; older headers lack the name
#endif

uint64_t PageSize() {
  static const uint64_t page = static_cast<uint64_t>(::sysconf(_SC_PAGESIZE));
  return page;
}

Status ErrnoStatus(const std::string& what, const std::string& path) {
  return Status::IOError(what + " '" + path + "': " + std::strerror(errno));
}

// Opens `path` for reading and returns the descriptor and size.
Status OpenForRead(const std::string& path, int* fd, uint64_t* size) {
  *fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (*fd < 0) return ErrnoStatus("cannot open", path);
  struct stat st;
  if (::fstat(*fd, &st) != 0) {
    Status s = ErrnoStatus("cannot stat", path);
    ::close(*fd);
    return s;
  }
  if (!S_ISREG(st.st_mode)) {
    ::close(*fd);
    return Status::IOError("'" + path + "' is not a regular file");
  }
  *size = static_cast<uint64_t>(st.st_size);
  return Status::OK();
}

class PreadFile final : public RandomAccessFile {
 public:
  PreadFile(int fd, uint64_t size, std::string path) : fd_(fd), size_(size), path_(std::move(path)) {}
  ~PreadFile() override { ::close(fd_); }

  uint64_t size() const override { return size_; }
  const std::string& name() const override { return path_; }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    PARQ_RETURN_IF_ERROR(CheckRange(offset, length));
    while (length > 0) {
      ssize_t n = ::pread(fd_, out, length, static_cast<off_t>(offset));
      if (n < 0) {
        if (errno == EINTR) continue;
        return ErrnoStatus("cannot read", path_);
      }
      if (n == 0) return Status::IOError("'" + path_ + "' shrank while being read");
      out += n;
      offset += static_cast<uint64_t>(n);
      length -= static_cast<uint64_t>(n);
    }
    return Status::OK();
  }

 private:
  int fd_;
  uint64_t size_;
  std::string path_;
};

class MappedFile final : public RandomAccessFile {
 public:
  MappedFile(const uint8_t* map, uint64_t size, std::string path)
      : map_(map), size_(size), path_(std::move(path)) {}
  ~MappedFile() override {
    if (size_ > 0) ::munmap(const_cast<uint8_t*>(map_), size_);
  }
  uint64_t size() const override { return size_; }
  const std::string& name() const override { return path_; }
  const uint8_t* data() const override { return map_; }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    PARQ_RETURN_IF_ERROR(CheckRange(offset, length));
    if (length) std::memcpy(out, map_ + offset, length);
    return Status::OK();
  }
  // The end of [offset, offset + length) within the file; offset < size_.
  uint64_t EndOf(uint64_t offset, uint64_t length) const {
    return std::min(size_, offset + std::min(length, size_ - offset));
  }
  void WillRead(uint64_t offset, uint64_t length) const override {
#ifdef MADV_POPULATE_READ
    if (offset >= size_ || length == 0) return;
    const uint64_t first = offset / PageSize() * PageSize();
    // Best effort: kernels before 5.14 say EINVAL.
    ::madvise(const_cast<uint8_t*>(map_) + first, EndOf(offset, length) - first, MADV_POPULATE_READ);
#else
    (void)offset;
    (void)length;
#endif
  }
  void DoneWith(uint64_t offset, uint64_t length) const override {
    // Only whole pages inside the range: a page shared with a neighbouring
    // range may still be in use.  The mapping is private and read-only, so
    // dropped pages read back from the file unchanged.
    const uint64_t page = PageSize();
    if (offset >= size_ || length == 0) return;
    const uint64_t end = EndOf(offset, length);
    const uint64_t first = (offset + page - 1) / page * page;
    const uint64_t last = end == size_ ? end : end / page * page;
    if (last <= first) return;
    ::madvise(const_cast<uint8_t*>(map_) + first, last - first, MADV_DONTNEED);
  }

 private:
  const uint8_t* map_;
  uint64_t size_;
  std::string path_;
};

// How a FileOutput's bytes reach their name.
enum class Naming {
  kDirect,     // written under the path itself
  kUnnamed,    // an O_TMPFILE file in the path's directory, linked in by Close
  kTemporary,  // the "<path>.tmp-<pid>" fallback, renamed onto the path by Close
};

// "<path>.tmp-<pid>": the fallback's temporary, and the name an unnamed file
// is linked to before it is renamed over a file that exists.
std::string TemporaryName(const std::string& path) { return path + ".tmp-" + std::to_string(::getpid()); }

// The directory a new file named `path` goes into.
std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.rfind('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Gives the unnamed file `fd` the name `to` (fails with EEXIST when it is
// taken).  Through /proc, which needs no privilege; else AT_EMPTY_PATH (which
// needs CAP_DAC_READ_SEARCH on older kernels), e.g. where /proc is not mounted.
int LinkUnnamed(int fd, const std::string& to) {
  const std::string proc = "/proc/self/fd/" + std::to_string(fd);
  if (::linkat(AT_FDCWD, proc.c_str(), AT_FDCWD, to.c_str(), AT_SYMLINK_FOLLOW) == 0) return 0;
  if (errno == EEXIST) return -1;
  const int proc_errno = errno;
  if (::linkat(fd, "", AT_FDCWD, to.c_str(), AT_EMPTY_PATH) == 0) return 0;
  if (errno != EEXIST) errno = proc_errno;  // the first failure says more
  return -1;
}

// Makes the entries of `dir` (a name just linked or renamed into it) durable.
// As PostgreSQL's fsync_fname does, a directory that cannot be opened for
// reading (EACCES: write and search rights only) or whose file system does
// not sync directories (EINVAL, EBADF) is no error: there is nothing more a
// writer can do there.
Status SyncDirectory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return errno == EACCES ? Status::OK() : ErrnoStatus("cannot open directory", dir);
  Status st;
  if (::fsync(fd) != 0 && errno != EINVAL && errno != EBADF) st = ErrnoStatus("cannot sync directory", dir);
  ::close(fd);
  return st;
}

class FileOutput final : public OutputStream {
 public:
  // `path` is what messages name: the file written (kDirect, kTemporary) or
  // the destination (kUnnamed); `final_path` the destination otherwise;
  // `cleanup_slot` the kTemporary file's io::RegisterTempPath slot.
  FileOutput(int fd, Naming naming, std::string path, std::string final_path, int cleanup_slot = -1)
      : fd_(fd),
        naming_(naming),
        path_(std::move(path)),
        final_path_(std::move(final_path)),
        cleanup_slot_(cleanup_slot) {
    buffer_.Reserve(kBufferSize);
  }
  ~FileOutput() override {
    if (fd_ >= 0) {
      ::close(fd_);
      // Closed without Close(): a temporary sibling is removed, never renamed
      // (an unnamed file is gone with its descriptor).
      if (naming_ == Naming::kTemporary) ::unlink(path_.c_str());
    }
    io::UnregisterTempPath(cleanup_slot_);
  }

  Status Write(const void* data, size_t length) override {
    if (fd_ < 0) return Status::InvalidArgument("write to a closed file '" + path_ + "'");
    position_ += length;
    if (buffer_.size() + length <= kBufferSize) {
      buffer_.Append(data, length);
      return Status::OK();
    }
    PARQ_RETURN_IF_ERROR(Flush());
    if (length >= kBufferSize) return WriteAll(static_cast<const uint8_t*>(data), length);
    buffer_.Append(data, length);
    return Status::OK();
  }
  uint64_t Tell() const override { return position_; }
  Status Close() override {
    if (fd_ < 0) return Status::OK();
    Status st = Flush();
    // An atomic output's bytes are on disk before its name is: after a crash
    // the destination is the old file or the whole new one, never a name
    // over blocks not yet written.
    if (st.ok() && naming_ != Naming::kDirect && ::fsync(fd_) != 0) st = ErrnoStatus("cannot sync", path_);
    if (st.ok() && naming_ == Naming::kUnnamed) st = LinkIn();
    if (::close(fd_) != 0 && st.ok()) st = ErrnoStatus("cannot close", path_);
    fd_ = -1;
    if (naming_ == Naming::kTemporary) {
      if (st.ok() && ::rename(path_.c_str(), final_path_.c_str()) != 0) {
        st = ErrnoStatus("cannot rename onto", final_path_);
      }
      if (!st.ok()) ::unlink(path_.c_str());
    }
    io::UnregisterTempPath(cleanup_slot_);
    cleanup_slot_ = -1;
    // ... and the new name is, once Close() returns.
    if (st.ok() && naming_ != Naming::kDirect) st = SyncDirectory(DirectoryOf(final_path_));
    return st;
  }

 private:
  static constexpr size_t kBufferSize = 1 << 20;
  static constexpr uint64_t kWritebackStep = 8 << 20;

  // The unnamed file's bytes appear under final_path_ whole: linked there
  // when nothing has that name, else linked to a temporary name (removed on
  // SIGINT / SIGTERM meanwhile) and renamed over it.
  Status LinkIn() {
    if (LinkUnnamed(fd_, final_path_) == 0) return Status::OK();
    if (errno != EEXIST) return ErrnoStatus("cannot link", final_path_);
    const std::string temporary = TemporaryName(final_path_);
    const int slot = io::RegisterTempPath(temporary);
    Status st;
    if (LinkUnnamed(fd_, temporary) != 0 && (errno != EEXIST || ::unlink(temporary.c_str()) != 0 ||
                                             LinkUnnamed(fd_, temporary) != 0)) {
      st = ErrnoStatus("cannot link", temporary);
    } else if (::rename(temporary.c_str(), final_path_.c_str()) != 0) {
      st = ErrnoStatus("cannot rename onto", final_path_);
      ::unlink(temporary.c_str());
    }
    io::UnregisterTempPath(slot);
    return st;
  }

  Status Flush() {
    Status st = WriteAll(buffer_.data(), buffer_.size());
    buffer_.Clear();
    return st;
  }
  Status WriteAll(const uint8_t* p, size_t n) {
    while (n > 0) {
      ssize_t w = ::write(fd_, p, n);
      if (w < 0) {
        if (errno == EINTR) continue;
        return ErrnoStatus("cannot write", path_);
      }
      p += w;
      n -= static_cast<size_t>(w);
      written_ += static_cast<uint64_t>(w);
    }
    StartWriteback();
    return Status::OK();
  }
  // An output that Close fsyncs hands its bytes to the disk as they come,
  // every kWritebackStep, without waiting for them: the disk writes while
  // the writer encodes the next pages, and Close's fsync has only the tail
  // left (lineitem, 195 MB: fsync 0.087-0.090 s -> 0.004-0.005 s, the 21
  // calls 2.3 ms in all).  A hint: its errors are fsync's to report.
  void StartWriteback() {
#if defined(__linux__) && defined(SYNC_FILE_RANGE_WRITE)
    if (naming_ == Naming::kDirect || written_ - handed_ < kWritebackStep) return;
    static_cast<void>(::sync_file_range(fd_, static_cast<off_t>(handed_), static_cast<off_t>(written_ - handed_),
                                        SYNC_FILE_RANGE_WRITE));
    handed_ = written_;
#endif
  }

  int fd_;
  Naming naming_;
  std::string path_;
  std::string final_path_;  // the destination, unless kDirect
  int cleanup_slot_ = -1;   // io::RegisterTempPath's, for kTemporary
  Buffer buffer_;
  uint64_t position_ = 0;
  uint64_t written_ = 0;  // bytes given to write(2)
  uint64_t handed_ = 0;   // of those, the bytes StartWriteback handed to the disk
};

// Whether atomic outputs skip O_TMPFILE (the test-only PARQ_TEST_NO_O_TMPFILE=1,
// so that the fallback can be tested on file systems that have it).
bool UnnamedDisabled() {
  const char* v = std::getenv("PARQ_TEST_NO_O_TMPFILE");
  return v != nullptr && std::strcmp(v, "1") == 0;
}

}  // namespace

Result<std::unique_ptr<RandomAccessFile>> OpenFile(const std::string& path) {
  int fd;
  uint64_t size;
  PARQ_RETURN_IF_ERROR(OpenForRead(path, &fd, &size));
  return std::unique_ptr<RandomAccessFile>(new PreadFile(fd, size, path));
}

Result<std::unique_ptr<RandomAccessFile>> OpenMappedFile(const std::string& path) {
  int fd;
  uint64_t size;
  PARQ_RETURN_IF_ERROR(OpenForRead(path, &fd, &size));
  const uint8_t* map = nullptr;
  if (size > 0) {
    void* p = ::mmap(nullptr, size, PROT_READ, MAP_PRIVATE, fd, 0);
    if (p == MAP_FAILED) {
      Status s = ErrnoStatus("cannot map", path);
      ::close(fd);
      return s;
    }
    map = static_cast<const uint8_t*>(p);
  }
  ::close(fd);  // the mapping keeps the file alive
  return std::unique_ptr<RandomAccessFile>(new MappedFile(map, size, path));
}

Result<std::unique_ptr<OutputStream>> OpenFileOutput(const std::string& path,
                                                      FileOutputOptions options) {
  if (!options.atomic_rename) {
    const int fd = ::open(path.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
    if (fd < 0) return ErrnoStatus("cannot create", path);
    return std::unique_ptr<OutputStream>(new FileOutput(fd, Naming::kDirect, path, ""));
  }
#ifdef O_TMPFILE
  if (!UnnamedDisabled()) {
    // Nothing under any name until Close links it in: a run killed midway,
    // even by SIGKILL, leaves nothing behind.
    const int fd = ::open(DirectoryOf(path).c_str(), O_TMPFILE | O_WRONLY | O_CLOEXEC, 0644);
    if (fd >= 0) return std::unique_ptr<OutputStream>(new FileOutput(fd, Naming::kUnnamed, path, path));
    // A file system without O_TMPFILE (EOPNOTSUPP, or EISDIR / EINVAL from
    // older kernels) takes the fallback; so does any other error, which the
    // fallback's open then reports as before.
  }
#endif
  const std::string target = TemporaryName(path);
  // Registered before it exists: a signal in between unlinks nothing.
  const int slot = io::RegisterTempPath(target);
  const int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    Status st = ErrnoStatus("cannot create", target);
    io::UnregisterTempPath(slot);
    return st;
  }
  return std::unique_ptr<OutputStream>(new FileOutput(fd, Naming::kTemporary, target, path, slot));
}

}  // namespace parq
