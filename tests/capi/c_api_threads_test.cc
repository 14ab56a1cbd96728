// Parallel reads through the C API (parq/c_api.h, "Threads"), linked
// against libparq.so: every read a reader or dataset opens (rows, filtered
// and CSV rows, Arrow streams, split ranges, dataset rows and streams) gives
// the same rows and batches on 1, 2 and 4 threads and on a caller's pool;
// one pool serves two readers read on two threads at once and outlives its
// handle; bad thread counts are errors with messages.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <thread>
#include <vector>

#include "capi/c_api_test_util.h"
#include "parq/c_api.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using capi_test::Drain;
using capi_test::Lines;
using capi_test::Reader;
using capi_test::RowsOf;
using capi_test::TempPath;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";
constexpr int kRows = 3000;

// dir/gen.parquet: kRows rows (id, name with nulls, x) in row groups of 250
// rows, written from CSV through the C API.
struct Generated {
  Generated() : dir("c_api_threads") {
    fs::create_directories(dir.path);
    const std::string csv = dir.path + "/gen.csv";
    {
      std::ofstream out(csv);
      out << "id,name,x\n";
      for (int i = 0; i < kRows; ++i) {
        out << i << "," << (i % 7 == 0 ? "" : "n" + std::to_string(i % 97)) << "," << i * 0.5 << "\n";
      }
    }
    path = dir.path + "/gen.parquet";
    char error[512];
    EXPECT_EQ(parq_csv_to_parquet(csv.c_str(), path.c_str(),
                                  "message m { required int64 id; optional binary name (STRING); required double x; }",
                                  nullptr, 0, "row_group_rows=250;page_size=1024", error, sizeof error),
              PARQ_OK)
        << error;
    fs::remove(csv);
  }
  TempPath dir;
  std::string path;
};

// `stream`'s batch lengths, then its rows: the stream written by
// parq_write_arrow and read back as JSON (`again` must be a second stream of
// the same read, for the lengths).
std::vector<std::string> ArrowRows(ArrowArrayStream* stream, ArrowArrayStream* again, const std::string& tmp) {
  std::vector<std::string> out;
  int64_t children = 0;
  std::string lengths = "batches:";
  for (int64_t n : Drain(again, &children)) lengths += " " + std::to_string(n);
  out.push_back(lengths);
  char error[512];
  EXPECT_EQ(parq_write_arrow(tmp.c_str(), stream, nullptr, error, sizeof error), PARQ_OK) << error;
  for (std::string& line : RowsOf(tmp)) out.push_back(std::move(line));
  fs::remove(tmp);
  return out;
}

// Everything a reader opens, as text: rows, CSV rows, the Arrow stream,
// split 1's rows and Arrow stream; with `filter` (may be NULL) the filtered
// rows of `columns` and the filtered stream too.
std::vector<std::string> ReadAll(parq_reader* r, const char* filter_text, const char* columns,
                                 const std::string& tmp) {
  std::vector<std::string> out;
  auto add = [&](const char* what, std::vector<std::string> lines) {
    out.push_back(std::string("== ") + what);
    for (std::string& l : lines) out.push_back(std::move(l));
  };
  add("rows", Lines(parq_rows_open(r, nullptr), parq_reader_last_error(r)));
  add("csv", Lines(parq_rows_open_csv(r, nullptr, nullptr, nullptr), parq_reader_last_error(r)));
  ArrowArrayStream s1, s2;
  EXPECT_EQ(parq_reader_to_arrow(r, nullptr, 100, &s1), PARQ_OK) << parq_reader_last_error(r);
  EXPECT_EQ(parq_reader_to_arrow(r, nullptr, 100, &s2), PARQ_OK) << parq_reader_last_error(r);
  add("arrow", ArrowRows(&s1, &s2, tmp));
  int64_t count = 0, offset = 0, length = 0;
  EXPECT_EQ(parq_reader_splits(r, 1, &count), PARQ_OK) << parq_reader_last_error(r);
  const int64_t split = count > 1 ? 1 : 0;
  EXPECT_EQ(parq_reader_split(r, split, &offset, &length, nullptr), PARQ_OK) << parq_reader_last_error(r);
  add("range rows", Lines(parq_rows_open_range(r, nullptr, nullptr, offset, length), parq_reader_last_error(r)));
  EXPECT_EQ(parq_reader_to_arrow_range(r, nullptr, nullptr, offset, length, 0, 0, &s1), PARQ_OK);
  EXPECT_EQ(parq_reader_to_arrow_range(r, nullptr, nullptr, offset, length, 0, 0, &s2), PARQ_OK);
  add("range arrow", ArrowRows(&s1, &s2, tmp));
  if (filter_text != nullptr) {
    parq_filter* filter = parq_filter_parse(r, filter_text);
    EXPECT_NE(filter, nullptr) << parq_reader_last_error(r);
    add("filtered rows", Lines(parq_rows_open_filtered(r, columns, filter), parq_reader_last_error(r)));
    EXPECT_EQ(parq_reader_to_arrow_filtered(r, nullptr, filter, 64, &s1), PARQ_OK);
    EXPECT_EQ(parq_reader_to_arrow_filtered(r, nullptr, filter, 64, &s2), PARQ_OK);
    add("filtered arrow", ArrowRows(&s1, &s2, tmp));
    parq_filter_free(filter);
  }
  return out;
}

// The lines of section `name` of ReadAll's text.
std::vector<std::string> Section(const std::vector<std::string>& lines, const std::string& name) {
  std::vector<std::string> out;
  bool in = false;
  for (const std::string& l : lines) {
    if (l.rfind("== ", 0) == 0) {
      in = l == "== " + name;
    } else if (in) {
      out.push_back(l);
    }
  }
  return out;
}

TEST(CApiThreadsTest, ReadsAreTheSameOnOneTwoAndFourThreadsAndOnAPool) {
  Generated gen;
  const std::string tmp = gen.dir.path + "/arrow.parquet";
  struct Case {
    std::string path;
    const char* filter;
    const char* columns;  // of the filtered rows
  };
  const std::vector<Case> cases = {{gen.path, "id >= 1000 AND id < 1600 AND name IS NOT NULL", "name,id"},
                                   {kData + "nested_lists.snappy.parquet", nullptr, nullptr},
                                   {kData + "nested_maps.snappy.parquet", nullptr, nullptr},
                                   {kData + "alltypes_tiny_pages.parquet", "id < 100", "string_col,id"},
                                   {kData + "datapage_v2.snappy.parquet", nullptr, nullptr}};
  char error[512];
  parq_thread_pool* pool = parq_thread_pool_make(3, error, sizeof error);
  ASSERT_NE(pool, nullptr) << error;
  EXPECT_EQ(parq_thread_pool_size(pool), 3);
  for (const Case& c : cases) {
    Reader one(c.path);
    ASSERT_NE(one.r, nullptr) << one.error;
    const std::vector<std::string> expected = ReadAll(one.r, c.filter, c.columns, tmp);
    ASSERT_GT(expected.size(), 8u) << c.path;
    if (c.path == gen.path) {  // what one thread reads is right
      EXPECT_EQ(Section(expected, "rows").size(), static_cast<size_t>(kRows));
      EXPECT_EQ(expected[1], R"({"id":0,"name":null,"x":0})");
      EXPECT_EQ(Section(expected, "csv").size(), kRows + 1u);
      const std::vector<std::string> arrow = Section(expected, "arrow");
      ASSERT_EQ(arrow.size(), kRows + 1u);
      EXPECT_EQ(arrow[0].substr(0, 28), "batches: 100 100 50 100 100 ");
      EXPECT_EQ(std::vector<std::string>(arrow.begin() + 1, arrow.end()), Section(expected, "rows"));
      EXPECT_EQ(Section(expected, "range rows").size(), 250u);  // split 1: row group 1
      EXPECT_EQ(Section(expected, "range rows")[0], R"({"id":250,"name":"n56","x":125})");
      EXPECT_EQ(Section(expected, "filtered rows").size(), 600u - 86);  // less the multiples of 7
    }
    for (int threads : {2, 4}) {
      Reader r(c.path);
      ASSERT_NE(r.r, nullptr) << r.error;
      ASSERT_EQ(parq_reader_set_threads(r.r, threads), PARQ_OK) << parq_reader_last_error(r.r);
      EXPECT_EQ(ReadAll(r.r, c.filter, c.columns, tmp), expected) << c.path << " on " << threads << " threads";
    }
    Reader pooled(c.path);
    ASSERT_NE(pooled.r, nullptr) << pooled.error;
    ASSERT_EQ(parq_reader_set_thread_pool(pooled.r, pool), PARQ_OK);
    EXPECT_EQ(ReadAll(pooled.r, c.filter, c.columns, tmp), expected) << c.path << " on a pool";
    // Back to one thread: the pool dropped by a thread count.
    ASSERT_EQ(parq_reader_set_threads(pooled.r, 1), PARQ_OK);
    EXPECT_EQ(ReadAll(pooled.r, c.filter, c.columns, tmp), expected) << c.path << " back on one thread";
  }
  parq_thread_pool_free(pool);
}

TEST(CApiThreadsTest, OnePoolServesTwoReadersReadAtOnce) {
  Generated gen;
  const std::string other = kData + "alltypes_tiny_pages.parquet";
  const std::vector<std::string> expect_gen = RowsOf(gen.path);
  const std::vector<std::string> expect_other = RowsOf(other);
  ASSERT_EQ(expect_gen.size(), static_cast<size_t>(kRows));
  ASSERT_EQ(expect_other.size(), 7300u);

  char error[512];
  parq_thread_pool* pool = parq_thread_pool_make(2, error, sizeof error);
  ASSERT_NE(pool, nullptr) << error;
  Reader a(gen.path), b(other);
  ASSERT_NE(a.r, nullptr) << a.error;
  ASSERT_NE(b.r, nullptr) << b.error;
  // Given to the readers on two threads at once.
  std::thread give([&] { EXPECT_EQ(parq_reader_set_thread_pool(a.r, pool), PARQ_OK); });
  EXPECT_EQ(parq_reader_set_thread_pool(b.r, pool), PARQ_OK);
  give.join();
  parq_thread_pool_free(pool);  // the readers keep the workers
  parq_rows* rows_a = parq_rows_open(a.r, nullptr);
  parq_rows* rows_b = parq_rows_open(b.r, nullptr);
  std::vector<std::string> got_a, got_b;
  std::thread read_a([&] { got_a = Lines(rows_a, parq_reader_last_error(a.r)); });
  got_b = Lines(rows_b, parq_reader_last_error(b.r));
  read_a.join();
  EXPECT_EQ(got_a, expect_gen);
  EXPECT_EQ(got_b, expect_other);

  // An Arrow stream outlives the reader and the pool handle.
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow(a.r, "id", 1000, &stream), PARQ_OK) << parq_reader_last_error(a.r);
  parq_reader_close(a.r);
  a.r = nullptr;
  int64_t children = 0;
  EXPECT_EQ(Drain(&stream, &children), (std::vector<int64_t>(12, 250)));
}

TEST(CApiThreadsTest, DatasetReadsAreTheSameOnThreadsAndOnAPool) {
  Generated gen;
  TempPath root("c_api_threads_dataset");
  for (const char* part : {"k=a/one.parquet", "k=b/two.parquet", "k=c/three.parquet"}) {
    const fs::path p = fs::path(root.path) / part;
    fs::create_directories(p.parent_path());
    fs::copy_file(gen.path, p);
  }
  const std::string tmp = gen.dir.path + "/arrow.parquet";
  auto read_all = [&](parq_dataset* ds) {
    std::vector<std::string> out = Lines(parq_dataset_rows_open(ds, nullptr, nullptr), parq_dataset_last_error(ds));
    parq_filter* filter = parq_dataset_filter_parse(ds, "k <> 'b' AND id >= 2900");
    EXPECT_NE(filter, nullptr) << parq_dataset_last_error(ds);
    for (std::string& l : Lines(parq_dataset_rows_open(ds, "id,k", filter), parq_dataset_last_error(ds))) {
      out.push_back(std::move(l));
    }
    ArrowArrayStream s1, s2;
    EXPECT_EQ(parq_dataset_to_arrow(ds, nullptr, filter, 128, &s1), PARQ_OK) << parq_dataset_last_error(ds);
    EXPECT_EQ(parq_dataset_to_arrow(ds, nullptr, filter, 128, &s2), PARQ_OK) << parq_dataset_last_error(ds);
    for (std::string& l : ArrowRows(&s1, &s2, tmp)) out.push_back(std::move(l));
    parq_filter_free(filter);
    return out;
  };
  char error[512];
  parq_dataset* one = parq_dataset_open(root.path.c_str(), 0, error, sizeof error);
  ASSERT_NE(one, nullptr) << error;
  const std::vector<std::string> expected = read_all(one);
  parq_dataset_close(one);
  ASSERT_EQ(expected.size(), 3u * kRows + 200 + 1 + 200);
  EXPECT_EQ(expected[3 * kRows], R"({"id":2900,"k":"a"})");

  parq_thread_pool* pool = parq_thread_pool_make(2, error, sizeof error);
  ASSERT_NE(pool, nullptr) << error;
  for (int threads : {0, 2, 4}) {  // 0: the pool
    parq_dataset* ds = parq_dataset_open(root.path.c_str(), 0, error, sizeof error);
    ASSERT_NE(ds, nullptr) << error;
    ASSERT_EQ(threads == 0 ? parq_dataset_set_thread_pool(ds, pool) : parq_dataset_set_threads(ds, threads), PARQ_OK)
        << parq_dataset_last_error(ds);
    EXPECT_EQ(read_all(ds), expected) << threads << " threads";
    parq_dataset_close(ds);
  }
  parq_thread_pool_free(pool);
}

// The threads of this process.
size_t ProcessThreads() {
  size_t n = 0;
  for ([[maybe_unused]] const auto& e : fs::directory_iterator("/proc/self/task")) ++n;
  return n;
}

TEST(CApiThreadsTest, AThreadCountStartsWorkersPerReadAndAPoolNone) {
  Generated gen;
  Reader r(gen.path);
  ASSERT_NE(r.r, nullptr) << r.error;
  // A pool made and freed first: ThreadSanitizer's runtime starts a thread of
  // its own with the process's first new thread, and keeps it.
  parq_thread_pool_free(parq_thread_pool_make(1, nullptr, 0));
  const size_t before = ProcessThreads();
  ASSERT_EQ(parq_reader_set_threads(r.r, 3), PARQ_OK);
  EXPECT_EQ(ProcessThreads(), before);  // none until a read is opened
  parq_rows* rows = parq_rows_open(r.r, nullptr);
  ASSERT_NE(rows, nullptr) << parq_reader_last_error(r.r);
  EXPECT_EQ(ProcessThreads(), before + 3);
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow(r.r, nullptr, 0, &stream), PARQ_OK) << parq_reader_last_error(r.r);
  EXPECT_EQ(ProcessThreads(), before + 6);  // each read its own pool
  parq_rows_close(rows);
  stream.release(&stream);
  EXPECT_EQ(ProcessThreads(), before);

  char error[512];
  parq_thread_pool* pool = parq_thread_pool_make(2, error, sizeof error);
  ASSERT_NE(pool, nullptr) << error;
  EXPECT_EQ(ProcessThreads(), before + 2);
  ASSERT_EQ(parq_reader_set_thread_pool(r.r, pool), PARQ_OK);
  parq_thread_pool_free(pool);  // the reader holds the workers
  EXPECT_EQ(ProcessThreads(), before + 2);
  rows = parq_rows_open(r.r, nullptr);
  ASSERT_NE(rows, nullptr) << parq_reader_last_error(r.r);
  EXPECT_EQ(ProcessThreads(), before + 2);  // the pool's, no more
  EXPECT_EQ(Lines(rows).size(), static_cast<size_t>(kRows));
  ASSERT_EQ(parq_reader_set_thread_pool(r.r, nullptr), PARQ_OK);
  EXPECT_EQ(ProcessThreads(), before);  // the last reference gone: the workers joined
}

TEST(CApiThreadsTest, BadThreadCountsAreErrorsWithMessages) {
  char error[512];
  for (int bad : {0, -1, 1025}) {
    std::snprintf(error, sizeof error, "untouched");
    EXPECT_EQ(parq_thread_pool_make(bad, error, sizeof error), nullptr);
    EXPECT_EQ(std::string(error), "Invalid argument: parq_thread_pool_make: " + std::to_string(bad) +
                                      " threads; want 1 to 1024");
  }
  EXPECT_EQ(parq_thread_pool_make(0, nullptr, 0), nullptr);  // no buffer: no message, no crash
  EXPECT_EQ(parq_thread_pool_size(nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  parq_thread_pool_free(nullptr);

  Reader r(kData + "alltypes_plain.parquet");
  ASSERT_NE(r.r, nullptr) << r.error;
  EXPECT_EQ(parq_reader_set_threads(r.r, 0), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_reader_last_error(r.r), "Invalid argument: parq_reader_set_threads: 0 threads; want 1 to 1024");
  EXPECT_EQ(parq_reader_set_threads(r.r, 4096), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_set_threads(nullptr, 2), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_set_thread_pool(nullptr, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_set_thread_pool(r.r, nullptr), PARQ_OK);  // no pool: the thread count
  // The reader still reads, on one thread.
  EXPECT_EQ(Lines(parq_rows_open(r.r, "id"), parq_reader_last_error(r.r)).size(), 8u);

  parq_dataset* ds = parq_dataset_open((kData + "alltypes_plain.parquet").c_str(), 0, error, sizeof error);
  ASSERT_NE(ds, nullptr) << error;
  EXPECT_EQ(parq_dataset_set_threads(ds, -3), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_dataset_last_error(ds),
               "Invalid argument: parq_dataset_set_threads: -3 threads; want 1 to 1024");
  EXPECT_EQ(parq_dataset_set_threads(nullptr, 2), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_dataset_set_thread_pool(nullptr, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(Lines(parq_dataset_rows_open(ds, "id", nullptr), parq_dataset_last_error(ds)).size(), 8u);
  parq_dataset_close(ds);
}

}  // namespace
}  // namespace parq
