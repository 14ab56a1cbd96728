// Shared helpers of the page tests: a file that records how it is read.
#ifndef PARQ_TESTS_PAGE_PAGE_TEST_UTIL_H_
#define PARQ_TESTS_PAGE_PAGE_TEST_UTIL_H_

#include <cstdint>
#include <string>
#include <vector>

#include "parq/io.h"

namespace parq::page::testing_util {

// A byte range of the file: one ReadAt, or one DoneWith.
struct Range {
  uint64_t offset = 0;
  uint64_t length = 0;
  bool operator==(const Range&) const = default;
};

// A file in memory that does not show its memory (data() is null), so that a
// reader reads it with ReadAt as it reads a file with pread; it records each
// ReadAt and DoneWith, and fails reads once `fail_reads` is set.
class RecordingFile : public RandomAccessFile {
 public:
  explicit RecordingFile(std::string bytes) : bytes_(std::move(bytes)) {}
  uint64_t size() const override { return bytes_.size(); }
  const std::string& name() const override { return name_; }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override;
  void DoneWith(uint64_t offset, uint64_t length) const override {
    done_with.push_back({offset, length});
  }

  mutable std::vector<Range> reads;
  mutable std::vector<Range> done_with;
  bool fail_reads = false;

 private:
  std::string bytes_;
  std::string name_ = "<recording>";
};

// `n` bytes whose value at i is i % 251 (so that offsets are told apart).
std::string CountingBytes(size_t n);

}  // namespace parq::page::testing_util

#endif  // PARQ_TESTS_PAGE_PAGE_TEST_UTIL_H_
