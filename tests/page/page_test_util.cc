#include "page/page_test_util.h"

#include <cstring>

namespace parq::page::testing_util {

Status RecordingFile::ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const {
  reads.push_back({offset, length});
  if (fail_reads) return Status::IOError("read refused");
  if (Status st = CheckRange(offset, length); !st.ok()) return st;
  std::memcpy(out, bytes_.data() + offset, length);
  return Status::OK();
}

std::string CountingBytes(size_t n) {
  std::string bytes(n, '\0');
  for (size_t i = 0; i < n; ++i) bytes[i] = static_cast<char>(i % 251);
  return bytes;
}

}  // namespace parq::page::testing_util
