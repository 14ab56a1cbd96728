// CountingFile: a RandomAccessFile that counts the bytes read through it
// (for `parq scan --explain`: bytes read against the file's size), both as
// read (a range read twice counts twice) and distinct (the union of the
// ranges).  Thread-safe as the file it wraps.
#ifndef PARQ_TOOLS_COUNTING_FILE_H_
#define PARQ_TOOLS_COUNTING_FILE_H_

#include <algorithm>
#include <cstdint>
#include <memory>
#include <mutex>
#include <string>
#include <utility>
#include <vector>

#include "parq/io.h"

namespace parq::cli {

class CountingFile final : public RandomAccessFile {
 public:
  explicit CountingFile(std::unique_ptr<RandomAccessFile> base) : base_(std::move(base)) {}

  uint64_t size() const override { return base_->size(); }
  const std::string& name() const override { return base_->name(); }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    {
      std::lock_guard<std::mutex> lock(mu_);
      ranges_.emplace_back(offset, length);
    }
    return base_->ReadAt(offset, length, out);
  }
  // Not forwarded: data() stays nullptr so that every byte goes through ReadAt.
  void DoneWith(uint64_t offset, uint64_t length) const override { base_->DoneWith(offset, length); }
  void WillRead(uint64_t offset, uint64_t length) const override { base_->WillRead(offset, length); }

  uint64_t reads() const {
    std::lock_guard<std::mutex> lock(mu_);
    return ranges_.size();
  }
  uint64_t bytes_read() const {
    std::lock_guard<std::mutex> lock(mu_);
    uint64_t n = 0;
    for (const auto& [offset, length] : ranges_) n += length;
    return n;
  }
  uint64_t distinct_bytes_read() const {
    std::vector<std::pair<uint64_t, uint64_t>> r;
    {
      std::lock_guard<std::mutex> lock(mu_);
      r = ranges_;
    }
    std::sort(r.begin(), r.end());
    uint64_t n = 0, end = 0;
    for (const auto& [offset, length] : r) {
      const uint64_t stop = offset + length;
      if (stop <= end) continue;
      n += stop - std::max(offset, end);
      end = stop;
    }
    return n;
  }

 private:
  std::unique_ptr<RandomAccessFile> base_;
  mutable std::mutex mu_;
  mutable std::vector<std::pair<uint64_t, uint64_t>> ranges_;  // (offset, length) of every read
};

}  // namespace parq::cli

#endif  // PARQ_TOOLS_COUNTING_FILE_H_
