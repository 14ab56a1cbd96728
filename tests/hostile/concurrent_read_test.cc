// Eight threads read the same file at once, each through its own FileReader
// over one shared RandomAccessFile (memory-mapped, in memory, and pread), and
// must all read exactly what one thread reads alone.
#include <gtest/gtest.h>

#include <string>
#include <thread>
#include <vector>

#include "hostile/read_all_util.h"
#include "parq/file_reader.h"
#include "testing/status_macros.h"

namespace parq::hostile {
namespace {

std::string DataFile(const char* name) {
  return std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/" + name;
}

void ReadFromEightThreads(std::shared_ptr<RandomAccessFile> file) {
  auto solo = FileReader::Open(file);
  ASSERT_OK(solo);
  uint64_t expected = 0;
  Status solo_status = ReadEverything(**solo, 100, &expected);
  ASSERT_OK(solo_status);

  constexpr int kThreads = 8;
  std::vector<uint64_t> digests(kThreads, 0);
  std::vector<Status> statuses(kThreads);
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t) {
    threads.emplace_back([&, t] {
      for (int round = 0; round < 3; ++round) {
        auto reader = FileReader::Open(file);
        if (!reader.ok()) {
          statuses[static_cast<size_t>(t)] = reader.status();
          return;
        }
        uint64_t d = 0;
        // Different batch sizes per thread: the data must not depend on them.
        Status s = ReadEverything(**reader, 1 + 97 * t, &d);
        if (!s.ok()) {
          statuses[static_cast<size_t>(t)] = s;
          return;
        }
        if (round == 0) {
          digests[static_cast<size_t>(t)] = d;
        } else if (d != digests[static_cast<size_t>(t)]) {
          statuses[static_cast<size_t>(t)] = Status::Internal("rounds differ");
          return;
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < kThreads; ++t) {
    EXPECT_OK(statuses[static_cast<size_t>(t)]);
    EXPECT_EQ(digests[static_cast<size_t>(t)], expected) << "thread " << t;
  }
}

class ConcurrentReadTest : public ::testing::TestWithParam<const char*> {};

TEST_P(ConcurrentReadTest, MappedFile) {
  auto f = OpenMappedFile(DataFile(GetParam()));
  ASSERT_OK(f);
  ReadFromEightThreads(std::shared_ptr<RandomAccessFile>(std::move(*f)));
}

TEST_P(ConcurrentReadTest, PreadFile) {
  auto f = OpenFile(DataFile(GetParam()));
  ASSERT_OK(f);
  ReadFromEightThreads(std::shared_ptr<RandomAccessFile>(std::move(*f)));
}

INSTANTIATE_TEST_SUITE_P(Corpus, ConcurrentReadTest,
                         ::testing::Values("alltypes_dictionary.parquet", "datapage_v2.snappy.parquet",
                                           "byte_stream_split.zstd.parquet", "nested_maps.snappy.parquet",
                                           "nested_lists.snappy.parquet",
                                           "delta_encoding_optional_column.parquet"),
                         [](const auto& info) {
                           std::string s = info.param;
                           for (char& c : s) if (!isalnum(static_cast<unsigned char>(c))) c = '_';
                           return s;
                         });

}  // namespace
}  // namespace parq::hostile
