// Fuzzes the whole read path: the input is a Parquet file, opened from
// memory; every column chunk is read to the end twice, at batch sizes 7 and
// 1024.  Errors are fine; kInternal, a level out of range or a value count
// that disagrees with the levels is a bug; both reads must agree when both
// succeed.
#include <cstddef>
#include <cstdint>

#include "fuzz_util.h"
#include "hostile/read_all_util.h"
#include "parq/file_reader.h"
#include "parq/io.h"

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::shared_ptr<parq::RandomAccessFile> file(parq::OpenMemoryView(data, size));
  parq::ReaderOptions options;
  options.verify_checksums = (size % 2) == 0;  // both paths, chosen by the input
  auto reader = parq::FileReader::Open(file, options);
  if (!reader.ok()) {
    parq::fuzz::CheckNotInternal(reader.status(), "Open");
    return 0;
  }
  uint64_t d1 = 0, d2 = 0;
  parq::Status s1 = parq::hostile::ReadEverything(**reader, 7, &d1);
  parq::fuzz::CheckNotInternal(s1, "read at batch 7");
  parq::Status s2 = parq::hostile::ReadEverything(**reader, 1024, &d2);
  parq::fuzz::CheckNotInternal(s2, "read at batch 1024");
  if (s1.ok() != s2.ok()) parq::fuzz::Die("the two batch sizes disagree on success", s1.ok() ? s2 : s1);
  if (s1.ok() && d1 != d2) parq::fuzz::Die("the two batch sizes read different data");
  if (!s1.ok()) {
    // A broken chunk must not hide the others.
    parq::fuzz::CheckNotInternal(parq::hostile::ReadEverythingKeepGoing(**reader, 64), "keep going");
  }
  return 0;
}
