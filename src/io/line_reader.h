// io/line_reader.h — LineReader: the lines of a file, one at a time, each at
// most a given number of bytes, for CSV and JSON-lines input (`parq convert`,
// parq::CsvFileReader).
//
// std::getline grows its string for as long as no newline comes, so a file
// without one (/dev/zero) took all memory, and a long line doubled its
// string's capacity on the way.  LineReader reads 64 KiB at a time into one
// buffer that grows by half, stops with kLimitExceeded naming the line as
// soon as a line is longer than the limit, and gives back the memory of a
// long line when asked (Release), so what it holds is about the longest
// line, never more than 1.5 × the limit + 64 KiB.
//
// Ownership: the reader owns its descriptor and buffer; a line handed out is
// a view into the buffer.  Thread-safety: none.
#ifndef PARQ_IO_LINE_READER_H_
#define PARQ_IO_LINE_READER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>

#include "parq/buffer.h"
#include "parq/result.h"

namespace parq {

class LineReader {
 public:
  // REQUIRES: max_line_bytes > 0.  kIOError when `path` cannot be opened.
  static Result<std::unique_ptr<LineReader>> Open(const std::string& path, int64_t max_line_bytes);
  ~LineReader();
  LineReader(const LineReader&) = delete;
  LineReader& operator=(const LineReader&) = delete;

  // The next line, without its '\n' (a last line without one counts too);
  // false at the end of the file.  *line stays valid until the next call of
  // Next or Release.  kLimitExceeded when the line is longer than
  // max_line_bytes ("line N is longer than ..."), kIOError when a read fails.
  Result<bool> Next(std::string_view* line);

  // The 1-based number of the line Next returned last.
  int64_t line_number() const { return line_number_; }

  // Frees the buffer when a long line grew it (over 1 MiB), keeping the
  // bytes read past the last line; the last line's view is invalid after.
  void Release();

 private:
  LineReader(int fd, std::string path, int64_t max_line_bytes)
      : fd_(fd), path_(std::move(path)), max_line_bytes_(max_line_bytes) {}
  // Reads up to 64 KiB more after end_; false at the end of the file.
  Result<bool> Fill();

  int fd_;
  std::string path_;
  const int64_t max_line_bytes_;
  Buffer buffer_;     // bytes [begin_, end_) are read and not yet handed out
  size_t begin_ = 0;  // the start of the next line
  size_t end_ = 0;
  int64_t line_number_ = 0;
};

}  // namespace parq

#endif  // PARQ_IO_LINE_READER_H_
