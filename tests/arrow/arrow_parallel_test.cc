// The Arrow stream on a pool (ArrowReadOptions::thread_pool / threads) gives
// what one thread gives: the same batches, or the same error, on 1, 2 and 4
// threads, for every corpus file with expected rows and every bad_data file,
// with row groups decoded whole and batch by batch; and with filters
// (generated predicates, tests/testing/filter_diff.h), read ahead too.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arrow/arrow_stream.h"
#include "arrow/arrow_test_util.h"
#include "corpus/corpus_test_util.h"
#include "parq/arrow_reader.h"
#include "parq/file_reader.h"
#include "parq/thread_pool.h"
#include "parq/record.h"
#include "testing/filter_diff.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using corpus_test::kTesting;

// The stream's schema, rows and batch lengths as text, or its error.
std::string StreamOf(const std::shared_ptr<const FileReader>& file, const ArrowReadOptions& options) {
  ArrowArrayStream stream;
  Status st = ExportArrowStream(file, options, &stream);
  if (!st.ok()) return "export: " + st.ToString();
  Result<testing::StreamText> text = testing::DrainStream(&stream);
  if (!text.ok()) return "read: " + text.status().ToString();
  std::string out = text->formats + "\n";
  for (int64_t n : text->batch_lengths) out += std::to_string(n) + ",";
  for (const std::string& r : text->rows) out += "\n" + r;
  return out;
}

std::vector<std::string> Files() {
  std::vector<std::string> out;
  for (const auto& cols : corpus_test::ManifestRows()) {
    if (cols.size() < 5 || cols[4] == "none") continue;
    if (fs::exists(kTesting / "expected" / (cols[0] + ".jsonl"))) out.push_back((kTesting / cols[0]).string());
  }
  for (const auto& e : fs::directory_iterator(kTesting / "bad_data")) {
    if (e.path().extension() == ".parquet") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

class ArrowParallelTest : public ::testing::TestWithParam<int64_t> {
 protected:
  void TearDown() override { arrow::SetWholeGroupBytesForTesting(arrow::kDefaultWholeGroupBytes); }
};

TEST_P(ArrowParallelTest, EveryFileTheSameOnOneTwoAndFourThreads) {
  arrow::SetWholeGroupBytesForTesting(GetParam());
  ASSERT_OK_AND_ASSIGN(std::shared_ptr<ThreadPool> shared, ThreadPool::Make(3));
  int files = 0;
  for (const std::string& path : Files()) {
    Result<std::unique_ptr<FileReader>> opened = FileReader::Open(path, ReaderOptions{.verify_checksums = false});
    if (!opened.ok()) continue;
    ++files;
    const std::shared_ptr<const FileReader> file(std::move(*opened));
    const std::string one = StreamOf(file, {});
    for (int threads : {2, 4}) {
      ArrowReadOptions o;
      o.threads = threads;
      o.batch_rows = 100;  // several batches a row group
      ArrowReadOptions o1;
      o1.batch_rows = 100;
      EXPECT_EQ(StreamOf(file, o), StreamOf(file, o1)) << path << " on " << threads << " threads";
    }
    ArrowReadOptions pooled;
    pooled.thread_pool = shared;
    EXPECT_EQ(StreamOf(file, pooled), one) << path << " on a caller's pool";
  }
  EXPECT_GE(files, 100);
}

TEST(FilteredArrowParallelTest, EveryFileFilteredTheSameOnOneTwoAndFourThreads) {
  int reads = 0;
  uint32_t seed = 280;
  for (const std::string& path : Files()) {
    Result<std::unique_ptr<FileReader>> opened = FileReader::Open(path, ReaderOptions{.verify_checksums = false});
    if (!opened.ok()) continue;
    const std::shared_ptr<const FileReader> file(std::move(*opened));
    std::vector<Value> rows;  // those read before any error: the predicates' literals
    if (Result<std::unique_ptr<RowReader>> reader = RowReader::Open(*file); reader.ok()) {
      Value row;
      for (Result<bool> more = (*reader)->Next(&row); more.ok() && *more; more = (*reader)->Next(&row)) {
        rows.push_back(row);
      }
    }
    testing::PredicateGenerator gen(file->schema(), rows, ++seed);
    for (int i = 0; i < 2 && !gen.empty(); ++i) {
      ArrowReadOptions o;
      o.filter = gen.Next();
      o.batch_rows = 100;
      ++reads;
      const std::string one = StreamOf(file, o);
      for (int threads : {2, 4}) {
        o.threads = threads;
        EXPECT_EQ(StreamOf(file, o), one) << path << " where " << o.filter->ToString() << " on " << threads
                                          << " threads";
      }
    }
  }
  EXPECT_GE(reads, 200);
}

// Whole row groups (the default size) and batch by batch (-1: none whole).
INSTANTIATE_TEST_SUITE_P(WholeAndStreamed, ArrowParallelTest,
                         ::testing::Values(arrow::kDefaultWholeGroupBytes, int64_t{-1}));

}  // namespace
}  // namespace parq
