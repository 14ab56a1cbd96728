// parq/io.h — where bytes come from and go to.
//
// RandomAccessFile: positional reads of a file of known size.  Every read is
// checked against the size first, so an offset or length taken from a file's
// metadata can never read outside it; such a read fails with kCorrupt naming
// the range.  Implementations: a file read with pread, a memory-mapped file,
// and an in-memory buffer (owned or borrowed).  The mmap and memory kinds
// also hand out zero-copy views.
//
// OutputStream: sequential writes with a position; a file (buffered) or memory.
//
// Thread-safety: ReadAt / View on one RandomAccessFile may be called from many
// threads at once.  An OutputStream is used by one thread.
#ifndef PARQ_IO_H_
#define PARQ_IO_H_

#include <cstdint>
#include <memory>
#include <span>
#include <string>

#include "parq/buffer.h"
#include "parq/result.h"
#include "parq/status.h"

namespace parq {

class RandomAccessFile {
 public:
  virtual ~RandomAccessFile() = default;

  virtual uint64_t size() const = 0;
  // A name for messages: the path, or "<memory>".
  virtual const std::string& name() const = 0;

  // Reads exactly `length` bytes at `offset` into `out`.
  virtual Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const = 0;

  // The whole file in memory, when this kind keeps it there (mmap, memory);
  // else nullptr.  Valid for the life of this object.
  virtual const uint8_t* data() const { return nullptr; }
  // A hint that [offset, offset + length) will not be read again soon: a
  // memory-mapped file unmaps those pages from the process (they stay in the
  // page cache), so reading a large file does not grow the resident set by
  // the whole file.  Reads of the range stay valid.  Other kinds ignore it.
  virtual void DoneWith(uint64_t offset, uint64_t length) const {
    (void)offset;
    (void)length;
  }

  // A hint that [offset, offset + length) is about to be read front to back:
  // a memory-mapped file maps those pages in one call, instead of one page
  // fault per few pages on first touch.  Other kinds ignore it.
  virtual void WillRead(uint64_t offset, uint64_t length) const {
    (void)offset;
    (void)length;
  }

  // Returns a view of [offset, offset+length): zero-copy when data() is set,
  // else read into `scratch` (which then owns the bytes).
  Result<std::span<const uint8_t>> Read(uint64_t offset, uint64_t length, Buffer* scratch) const;

  // Checks that [offset, offset+length) lies within the file.
  Status CheckRange(uint64_t offset, uint64_t length) const;
};

// A file read with pread (no mapping, no caching beyond the OS's).
Result<std::unique_ptr<RandomAccessFile>> OpenFile(const std::string& path);
// A memory-mapped file.
Result<std::unique_ptr<RandomAccessFile>> OpenMappedFile(const std::string& path);
// Bytes owned by the returned object.
std::unique_ptr<RandomAccessFile> OpenMemory(std::string bytes, std::string name = "<memory>");
// Bytes borrowed: they must outlive the returned object.
std::unique_ptr<RandomAccessFile> OpenMemoryView(const uint8_t* data, size_t size,
                                                 std::string name = "<memory>");

class OutputStream {
 public:
  virtual ~OutputStream() = default;
  virtual Status Write(const void* data, size_t length) = 0;
  // Bytes written so far.
  virtual uint64_t Tell() const = 0;
  // Flushes and releases; further writes fail.  Idempotent.
  virtual Status Close() = 0;
};

struct FileOutputOptions {
  // Nothing appears under `path` until a successful Close(), and then the
  // whole file at once; a run that fails, or is killed, midway leaves `path`
  // as it was and nothing beside it.  On Linux the bytes go to an unnamed
  // file in `path`'s directory (O_TMPFILE) that Close() links in (through
  // "<path>.tmp-<pid>", renamed over `path`, when `path` exists); SIGKILL
  // leaves nothing behind.  Where the file system lacks O_TMPFILE they go to
  // "<path>.tmp-<pid>", renamed onto `path` by Close(); SIGINT and SIGTERM
  // remove it (a handler is installed while such a file exists; see
  // src/io/temp_cleanup.h), SIGKILL leaves it.  PARQ_TEST_NO_O_TMPFILE=1
  // forces that fallback (for tests).  Close() fsyncs the file before it is
  // named and the directory after: a new file survives a crash once named.
  // On Linux the bytes are handed to the disk as they are written, every
  // 8 MiB (sync_file_range, not waited for), so that the fsync finds little
  // left to write: Close() does not stall on the whole file at the end.
  bool atomic_rename = false;
};

// A buffered file; created or truncated.
Result<std::unique_ptr<OutputStream>> OpenFileOutput(const std::string& path,
                                                      FileOutputOptions options = {});

// Bytes kept in memory.
class MemoryOutputStream final : public OutputStream {
 public:
  Status Write(const void* data, size_t length) override;
  uint64_t Tell() const override { return bytes_.size(); }
  Status Close() override { return Status::OK(); }
  const std::string& bytes() const { return bytes_; }
  std::string Take() { return std::move(bytes_); }

 private:
  std::string bytes_;
};

}  // namespace parq

#endif  // PARQ_IO_H_
