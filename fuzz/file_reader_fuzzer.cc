// Fuzzes the whole read path: the input is a Parquet file, opened from
// memory; every column chunk is read to the end twice, at batch sizes 7 and
// 1024, then assembled as columns (ColumnarReader, every row group) and as
// rows (RowReader, canonical JSON); every chunk's page index and Bloom filter
// are read too.  The file is also read as a file with no memory to view is
// (pread): in read windows of a size the input picks, every other input with
// its chunks pre-buffered first (FileReader::PreBuffer).  Errors are fine;
// kInternal, a level out of range or a value count that disagrees with the
// levels is a bug; every read must agree with the others on success and, when
// all succeed, on the data.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_util.h"
#include "hostile/read_all_util.h"
#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/io.h"

namespace {

// The input as a file read with ReadAt only (data() is null), as a file read
// with pread is: pages are read a window at a time, or pre-buffered.
class ReadAtOnly final : public parq::RandomAccessFile {
 public:
  explicit ReadAtOnly(std::shared_ptr<parq::RandomAccessFile> inner) : inner_(std::move(inner)) {}
  uint64_t size() const override { return inner_->size(); }
  const std::string& name() const override { return inner_->name(); }
  parq::Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    return inner_->ReadAt(offset, length, out);
  }

 private:
  std::shared_ptr<parq::RandomAccessFile> inner_;
};

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::shared_ptr<parq::RandomAccessFile> file(parq::OpenMemoryView(data, size));
  parq::ReaderOptions options;
  options.verify_checksums = (size % 2) == 0;  // both paths, chosen by the input
  auto reader = parq::FileReader::Open(file, options);
  if (!reader.ok()) {
    parq::fuzz::CheckNotInternal(reader.status(), "Open");
    return 0;
  }
  uint64_t d2 = 0;
  parq::Status s2;
  const parq::Status s1 = parq::fuzz::ReadAtTwoBatchSizes(**reader, &s2, &d2);
  {
    parq::ReaderOptions windowed = options;
    windowed.chunk_read_size = 1 + static_cast<int64_t>(size % 997);
    auto unmapped = parq::FileReader::Open(std::make_shared<ReadAtOnly>(file), windowed);
    if (!unmapped.ok()) parq::fuzz::Die("a file read with ReadAt fails to open", unmapped.status());
    if ((size / 2) % 2 == 0) {
      std::vector<int> groups, columns;
      for (int g = 0; g < (*unmapped)->metadata().num_row_groups(); ++g) groups.push_back(g);
      for (int c = 0; c < (*unmapped)->schema().num_columns(); ++c) columns.push_back(c);
      parq::Status pre = (*unmapped)->PreBuffer(groups, columns);
      parq::fuzz::CheckNotInternal(pre, "PreBuffer");
    }
    uint64_t d3 = 0;
    parq::Status s3 = parq::hostile::ReadEverything(**unmapped, 1024, &d3);
    parq::fuzz::CheckNotInternal(s3, "read with ReadAt");
    if (s3.ok() != s2.ok()) parq::fuzz::Die("reading with ReadAt disagrees on success", s2.ok() ? s3 : s2);
    if (s3.ok() && d3 != d2) parq::fuzz::Die("reading with ReadAt read different data");
  }
  if (!s1.ok()) {
    // A broken chunk must not hide the others.
    parq::fuzz::CheckNotInternal(parq::hostile::ReadEverythingKeepGoing(**reader, 64), "keep going");
  }
  const parq::FileMetaData& md = (*reader)->metadata();
  for (int rg = 0; rg < md.num_row_groups(); ++rg) {
    for (int c = 0; c < (*reader)->schema().num_columns(); ++c) {
      auto index = (*reader)->ReadPageIndex(rg, c);
      if (!index.ok()) parq::fuzz::CheckNotInternal(index.status(), "ReadPageIndex");
      auto bloom = (*reader)->ReadBloomFilter(rg, c);
      if (!bloom.ok()) parq::fuzz::CheckNotInternal(bloom.status(), "ReadBloomFilter");
    }
  }
  auto columnar = parq::ColumnarReader::Open(**reader, {.columns = {}, .batch_levels = 64});
  if (!columnar.ok()) {
    parq::fuzz::CheckNotInternal(columnar.status(), "ColumnarReader::Open");
  } else {
    parq::ColumnarBatch batch;
    for (int rg = 0; rg < (*reader)->metadata().num_row_groups(); ++rg) {
      parq::Status st = (*columnar)->ReadRowGroup(rg, &batch);
      parq::fuzz::CheckNotInternal(st, "ColumnarReader::ReadRowGroup");
      if (!st.ok()) break;
    }
  }
  auto rows = parq::JsonRowReader::Open(**reader, {.columns = {}, .batch_levels = 31});
  if (!rows.ok()) {
    parq::fuzz::CheckNotInternal(rows.status(), "JsonRowReader::Open");
    return 0;
  }
  std::string json;
  for (int n = 0; n < 10000; ++n) {  // bounded: under 1 s an input with ASan
    json.clear();
    auto more = (*rows)->Next(&json);
    if (!more.ok()) {
      parq::fuzz::CheckNotInternal(more.status(), "JsonRowReader::Next");
      break;
    }
    if (!*more) break;
  }
  return 0;
}
