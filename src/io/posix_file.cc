// Files on a POSIX system: pread, mmap, and buffered output.
#include <fcntl.h>
#include <sys/mman.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

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

class FileOutput final : public OutputStream {
 public:
  FileOutput(int fd, std::string path, std::string final_path)
      : fd_(fd), path_(std::move(path)), final_path_(std::move(final_path)) {
    buffer_.Reserve(kBufferSize);
  }
  ~FileOutput() override {
    if (fd_ >= 0) {
      ::close(fd_);
      // Closed without Close(): a temporary sibling is removed, never renamed.
      if (!final_path_.empty()) ::unlink(path_.c_str());
    }
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
    if (::close(fd_) != 0 && st.ok()) st = ErrnoStatus("cannot close", path_);
    fd_ = -1;
    if (!final_path_.empty()) {
      if (st.ok() && ::rename(path_.c_str(), final_path_.c_str()) != 0) {
        st = ErrnoStatus("cannot rename onto", final_path_);
      }
      if (!st.ok()) ::unlink(path_.c_str());
    }
    return st;
  }

 private:
  static constexpr size_t kBufferSize = 1 << 20;

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
    }
    return Status::OK();
  }

  int fd_;
  std::string path_;
  std::string final_path_;  // set when writing a temporary sibling
  Buffer buffer_;
  uint64_t position_ = 0;
};

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
  std::string target = path;
  std::string final_path;
  if (options.atomic_rename) {
    target = path + ".tmp-" + std::to_string(::getpid());
    final_path = path;
  }
  int fd = ::open(target.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) return ErrnoStatus("cannot create", target);
  return std::unique_ptr<OutputStream>(new FileOutput(fd, target, final_path));
}

}  // namespace parq
