// Small helpers for the libFuzzer targets.
#ifndef PARQ_FUZZ_FUZZ_UTIL_H_
#define PARQ_FUZZ_FUZZ_UTIL_H_

#include <cstddef>
#include <cstdint>
#include <cstdio>
#include <cstdlib>
#include <cstring>

#include "hostile/read_all_util.h"
#include "parq/file_reader.h"
#include "parq/status.h"

namespace parq::fuzz {

// Takes fixed-size header fields off the front of the input.
class Input {
 public:
  Input(const uint8_t* data, size_t size) : data_(data), size_(size) {}
  uint8_t Byte() {
    if (size_ == 0) return 0;
    --size_;
    return *data_++;
  }
  uint32_t U32() {
    uint32_t v = 0;
    for (int i = 0; i < 4; ++i) v |= static_cast<uint32_t>(Byte()) << (8 * i);
    return v;
  }
  uint16_t U16() { return static_cast<uint16_t>(Byte() | (Byte() << 8)); }
  const uint8_t* data() const { return data_; }
  size_t size() const { return size_; }
  void Advance(size_t n) {
    if (n > size_) n = size_;
    data_ += n;
    size_ -= n;
  }

 private:
  const uint8_t* data_;
  size_t size_;
};

// A reader bug: an internal error, a broken invariant.  Aborts so that the
// fuzzer records the input.
[[noreturn]] inline void Die(const char* what, const Status& s = Status::OK()) {
  std::fprintf(stderr, "FUZZ INVARIANT BROKEN: %s %s\n", what, s.ToString().c_str());
  std::abort();
}

// Errors are fine; kInternal is a bug.
inline void CheckNotInternal(const Status& s, const char* where) {
  if (s.code() == StatusCode::kInternal) Die(where, s);
}

// Reads every column chunk at batch sizes 7 and 1024: kInternal from either
// is a bug, and so is a disagreement on success or, when both succeed, on
// the data.  Returns the status of the first read; *digest is the second's.
inline Status ReadAtTwoBatchSizes(const FileReader& reader, Status* second, uint64_t* digest) {
  uint64_t d1 = 0;
  Status s1 = hostile::ReadEverything(reader, 7, &d1);
  CheckNotInternal(s1, "read at batch 7");
  *second = hostile::ReadEverything(reader, 1024, digest);
  CheckNotInternal(*second, "read at batch 1024");
  if (s1.ok() != second->ok()) Die("the two batch sizes disagree on success", s1.ok() ? *second : s1);
  if (s1.ok() && d1 != *digest) Die("the two batch sizes read different data");
  return s1;
}

}  // namespace parq::fuzz

#endif  // PARQ_FUZZ_FUZZ_UTIL_H_
