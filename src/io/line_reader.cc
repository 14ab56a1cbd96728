// io/line_reader.cc — see line_reader.h.
#include "io/line_reader.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>

namespace parq {
namespace {

constexpr size_t kReadBytes = size_t{64} << 10;
constexpr size_t kKeepBytes = size_t{1} << 20;

Status TooLong(int64_t line_number, int64_t max_line_bytes) {
  return Status::LimitExceeded("line " + std::to_string(line_number) + " is longer than " +
                               std::to_string(max_line_bytes) + " bytes (--max-line-bytes)");
}

}  // namespace

Result<std::unique_ptr<LineReader>> LineReader::Open(const std::string& path, int64_t max_line_bytes) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) return Status::IOError("cannot open '" + path + "'");
  return std::unique_ptr<LineReader>(new LineReader(fd, path, max_line_bytes));
}

LineReader::~LineReader() { ::close(fd_); }

Result<bool> LineReader::Fill() {
  if (begin_ > 0) {  // the next line moves to the front
    if (end_ > begin_) std::memmove(buffer_.data(), buffer_.data() + begin_, end_ - begin_);
    end_ -= begin_;
    begin_ = 0;
  }
  buffer_.Resize(end_ + kReadBytes);
  while (true) {
    const ssize_t n = ::read(fd_, buffer_.data() + end_, kReadBytes);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return Status::IOError("cannot read '" + path_ + "'");
    end_ += static_cast<size_t>(n);
    buffer_.Resize(end_);
    return n > 0;
  }
}

Result<bool> LineReader::Next(std::string_view* line) {
  size_t scanned = begin_;  // bytes before it hold no newline
  while (true) {
    const char* base = reinterpret_cast<const char*>(buffer_.data());
    const void* nl = scanned < end_ ? std::memchr(base + scanned, '\n', end_ - scanned) : nullptr;
    const size_t at = nl != nullptr ? static_cast<size_t>(static_cast<const char*>(nl) - base) : end_;
    if (at - begin_ > static_cast<size_t>(max_line_bytes_)) return TooLong(line_number_ + 1, max_line_bytes_);
    if (nl != nullptr) {
      *line = {base + begin_, at - begin_};
      begin_ = at + 1;
      ++line_number_;
      return true;
    }
    const size_t held = end_ - begin_;  // none of it is a newline
    PARQ_ASSIGN_OR_RETURN(const bool more, Fill());
    scanned = begin_ + held;
    if (!more) {
      if (begin_ == end_) return false;
      *line = {reinterpret_cast<const char*>(buffer_.data()) + begin_, end_ - begin_};
      begin_ = end_;
      ++line_number_;
      return true;
    }
  }
}

void LineReader::Release() {
  if (buffer_.capacity() <= kKeepBytes) return;
  Buffer kept;
  kept.Append(buffer_.data() + begin_, end_ - begin_);
  buffer_ = std::move(kept);
  end_ -= begin_;
  begin_ = 0;
}

}  // namespace parq
