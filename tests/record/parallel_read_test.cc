// Parallel reads (docs/threads.md) give what one thread gives: RowReader's
// rows and ColumnarReader's batches on 1, 2 and 4 threads, over every corpus
// file with expected rows, every bad_data file (the same error, at the same
// row), a file of many row groups read in order and out of order, and one
// caller-owned pool shared by two readers at once.  The same with filters
// (generated predicates, as tests/filter's differential test makes them):
// rows, JSON rows, batches, and what was pruned and read.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <thread>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/thread_pool.h"
#include "testing/filter_diff.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using corpus_test::kTesting;

// Every row as DebugString text, then the error that ended the read ("" for
// none).
struct Rows {
  std::vector<std::string> rows;
  std::string error;
  bool operator==(const Rows&) const = default;
};

Rows ReadRows(const FileReader& file, RowReaderOptions options) {
  Rows out;
  Result<std::unique_ptr<RowReader>> reader = RowReader::Open(file, options);
  if (!reader.ok()) {
    out.error = "open: " + reader.status().ToString();
    return out;
  }
  Value row;
  while (true) {
    Result<bool> more = (*reader)->Next(&row);
    if (!more.ok()) {
      out.error = more.status().ToString();
      break;
    }
    if (!*more) break;
    out.rows.push_back(row.DebugString());
  }
  return out;
}

// Every leaf of every row group read in `order`, as text, with the errors.
std::string LeafText(const ColumnarLeaf& l) {
  std::string s = std::to_string(l.column) + ":" + std::to_string(l.value_width) + "|";
  for (const ColumnarNode& n : l.path) {
    s += std::to_string(static_cast<int>(n.kind)) + n.name + (n.nullable ? "?" : "") + std::to_string(n.length) +
         "/" + std::to_string(n.null_count) + "v" + std::string(n.validity.begin(), n.validity.end()) + "o";
    for (int64_t o : n.offsets) s += std::to_string(o) + ",";
  }
  s += "|" + std::string(l.values.begin(), l.values.end()) + "|";
  for (int64_t o : l.offsets) s += std::to_string(o) + ",";
  return s + "|" + std::string(l.data.begin(), l.data.end());
}

std::vector<std::string> ReadColumnar(const FileReader& file, ColumnarReaderOptions options, std::vector<int> order = {}) {
  std::vector<std::string> out;
  Result<std::unique_ptr<ColumnarReader>> reader = ColumnarReader::Open(file, options);
  if (!reader.ok()) return {"open: " + reader.status().ToString()};
  if (order.empty()) {
    for (int g = 0; g < file.metadata().num_row_groups(); ++g) order.push_back(g);
  }
  ColumnarBatch batch;
  bool failed = false;
  for (int g : order) {
    Status st = (*reader)->ReadRowGroup(g, &batch);
    if (!st.ok()) {
      out.push_back("row group " + std::to_string(g) + ": " + st.ToString());
      failed = true;
      continue;  // a later row group may read
    }
    std::string text = std::to_string(batch.num_rows);
    for (const ColumnarLeaf& l : batch.leaves) text += "\n" + LeafText(l);
    out.push_back(std::move(text));
  }
  // The counters too (a row group read ahead counts once taken); after an
  // error, leaves after the failing one may have been read by other threads.
  if (!failed) {
    out.push_back("pages " + std::to_string((*reader)->pages_read()) + " bytes " +
                  std::to_string((*reader)->bytes_read()));
  }
  return out;
}

std::vector<std::string> CorpusFiles() {
  std::vector<std::string> out;
  for (const auto& cols : corpus_test::ManifestRows()) {
    if (cols.size() < 5 || cols[4] == "none") continue;
    if (!fs::exists(kTesting / "expected" / (cols[0] + ".jsonl"))) continue;
    out.push_back(cols[0]);
  }
  return out;
}

std::vector<std::string> BadFiles() {
  std::vector<std::string> out;
  for (const auto& e : fs::directory_iterator(kTesting / "bad_data")) {
    if (e.path().extension() == ".parquet") out.push_back(e.path().string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// Rows and batches of `path` on 1, 2 and 4 threads; counts the files read.
void ExpectSameOnEveryThreadCount(const std::string& path, int* files) {
  Result<std::unique_ptr<FileReader>> file = FileReader::Open(path, ReaderOptions{.verify_checksums = false});
  if (!file.ok()) return;  // bad_data: the footer is the error, no thread reads it
  ++*files;
  const Rows one = ReadRows(**file, {});
  const std::vector<std::string> one_columnar = ReadColumnar(**file, {});
  for (int threads : {2, 4}) {
    RowReaderOptions ro;
    ro.threads = threads;
    EXPECT_EQ(ReadRows(**file, ro), one) << path << " on " << threads << " threads";
    ColumnarReaderOptions co;
    co.threads = threads;
    EXPECT_EQ(ReadColumnar(**file, co), one_columnar) << path << " on " << threads << " threads";
  }
}

TEST(ParallelReadTest, CorpusFilesReadTheSameOnOneTwoAndFourThreads) {
  int files = 0;
  for (const std::string& name : CorpusFiles()) ExpectSameOnEveryThreadCount((kTesting / name).string(), &files);
  EXPECT_GE(files, 100);
}

TEST(ParallelReadTest, BadDataFailsTheSameOnOneTwoAndFourThreads) {
  int files = 0;
  for (const std::string& path : BadFiles()) ExpectSameOnEveryThreadCount(path, &files);
  EXPECT_GE(files, 3);
}

// A file of 40 row groups of 250 rows: an int64, a nullable string and a
// list, so that the read-ahead runs many times.
std::string ManyRowGroups() {
  Schema schema = ParseMessageType(R"(message m {
    required int64 id;
    optional binary name (STRING);
    optional group tags (LIST) { repeated group list { required int32 element; } }
  })").value();
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* bytes = sink.get();
  auto writer = FileWriter::Open(std::move(sink), schema).value();
  for (int g = 0; g < 40; ++g) {
    std::vector<int64_t> ids;
    std::vector<int16_t> name_def;
    std::vector<std::string> names;
    std::vector<int16_t> tag_def, tag_rep;
    std::vector<int32_t> tags;
    for (int i = 0; i < 250; ++i) {
      const int64_t id = g * 250 + i;
      ids.push_back(id);
      name_def.push_back(id % 7 == 0 ? 0 : 1);
      if (id % 7 != 0) names.push_back("name " + std::to_string(id * 31));
      const int n = static_cast<int>(id % 4);
      if (n == 0) {
        tag_def.push_back(id % 8 == 0 ? 0 : 1);
        tag_rep.push_back(0);
      }
      for (int k = 0; k < n; ++k) {
        tag_def.push_back(2);
        tag_rep.push_back(k == 0 ? 0 : 1);
        tags.push_back(static_cast<int32_t>(id + k));
      }
    }
    std::vector<ByteArray> name_views;
    for (const std::string& s : names) name_views.push_back(ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())});
    EXPECT_OK(writer->typed_column<int64_t>(0).value()->WriteBatch(250, nullptr, nullptr, ids.data()));
    EXPECT_OK(writer->typed_column<ByteArray>(1).value()->WriteBatch(250, name_def.data(), nullptr, name_views.data()));
    EXPECT_OK(writer->typed_column<int32_t>(2).value()->WriteBatch(static_cast<int64_t>(tag_def.size()), tag_def.data(),
                                                                   tag_rep.data(), tags.data()));
    EXPECT_OK(writer->EndRowGroup());
  }
  EXPECT_OK(writer->Close());
  return bytes->bytes();
}

std::unique_ptr<FileReader> OpenBytes(const std::string& bytes) {
  return FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))).value();
}

// What a filtered read gave: the rows (RowReader, then JsonRowReader) and
// batches, each with its error, then what was pruned and read (after an
// error, as ReadColumnar, leaves after the failing one may have been read).
std::string Pruned(const RowGroupPruning& p) {
  std::string s;
  for (RowGroupPruning::Outcome o : p.row_groups) s += std::string(RowGroupOutcomeName(o)) + ",";
  for (int64_t n : {p.by_statistics, p.by_dictionary, p.by_bloom_filter, p.by_page_index, p.by_page_statistics,
                    p.pages_by_page_statistics, p.dictionaries_read, p.bloom_filters_read}) {
    s += " " + std::to_string(n);
  }
  return s;
}

std::vector<std::string> ReadFiltered(const FileReader& file, const Filter& filter, int threads,
                                      int64_t batch_levels = 4096) {
  std::vector<std::string> out;
  RowReaderOptions ro;
  ro.filter = filter;
  ro.threads = threads;
  ro.batch_levels = batch_levels;
  if (Result<std::unique_ptr<RowReader>> reader = RowReader::Open(file, ro); !reader.ok()) {
    out.push_back("open: " + reader.status().ToString());
  } else {
    Value row;
    while (true) {
      Result<bool> more = (*reader)->Next(&row);
      if (!more.ok()) {
        out.push_back("error: " + more.status().ToString());
        break;
      }
      if (!*more) {
        out.push_back("read " + std::to_string((*reader)->rows_read()) + " pruned " +
                      std::to_string((*reader)->row_groups_pruned()) + " rows " +
                      std::to_string((*reader)->rows_pruned()) + " pages " + std::to_string((*reader)->pages_read()) +
                      "/" + std::to_string((*reader)->pages_skipped()) + " bytes " +
                      std::to_string((*reader)->bytes_read()) + Pruned((*reader)->pruning()));
        break;
      }
      out.push_back(row.DebugString());
    }
  }
  if (Result<std::unique_ptr<JsonRowReader>> json = JsonRowReader::Open(file, ro); !json.ok()) {
    out.push_back("json open: " + json.status().ToString());
  } else {
    std::string text;
    while (true) {
      text.clear();
      Result<bool> more = (*json)->Next(&text);
      if (!more.ok() || !*more) {
        out.push_back(more.ok() ? "json end" + Pruned((*json)->pruning()) : "json error: " + more.status().ToString());
        break;
      }
      out.push_back(text);
    }
  }
  ColumnarReaderOptions co;
  co.filter = filter;
  co.threads = threads;
  for (std::string& b : ReadColumnar(file, co)) out.push_back(std::move(b));
  if (Result<std::unique_ptr<ColumnarReader>> reader = ColumnarReader::Open(file, co); reader.ok()) {
    ColumnarBatch batch;
    for (int g = 0; g < file.metadata().num_row_groups(); ++g) static_cast<void>((*reader)->ReadRowGroup(g, &batch));
    out.push_back("columnar pruned " + std::to_string((*reader)->row_groups_pruned()) + Pruned((*reader)->pruning()));
  }
  return out;
}

// A few generated predicates over `file`'s flat columns, from the values
// of the rows it reads before any error (none: IS [NOT] NULL).
std::vector<Filter> FiltersFor(const FileReader& file, uint32_t seed, int n) {
  std::vector<Value> rows;
  if (Result<std::unique_ptr<RowReader>> reader = RowReader::Open(file); reader.ok()) {
    Value row;
    while (true) {
      Result<bool> more = (*reader)->Next(&row);
      if (!more.ok() || !*more) break;
      rows.push_back(row);
    }
  }
  testing::PredicateGenerator gen(file.schema(), rows, seed);
  std::vector<Filter> out;
  for (int i = 0; i < n && !gen.empty(); ++i) out.push_back(gen.Next());
  return out;
}

// Filtered reads of `path` on 1, 2 and 4 threads; counts the reads compared.
void ExpectFilteredSameOnEveryThreadCount(const std::string& path, uint32_t seed, int n, int* reads) {
  Result<std::unique_ptr<FileReader>> file = FileReader::Open(path, ReaderOptions{.verify_checksums = false});
  if (!file.ok()) return;
  for (const Filter& filter : FiltersFor(**file, seed, n)) {
    ++*reads;
    const std::vector<std::string> one = ReadFiltered(**file, filter, 1);
    for (int threads : {2, 4}) {
      EXPECT_EQ(ReadFiltered(**file, filter, threads), one)
          << path << " where " << filter.ToString() << " on " << threads << " threads";
    }
  }
}

TEST(ParallelReadTest, FilteredCorpusFilesReadTheSameOnOneTwoAndFourThreads) {
  int reads = 0;
  uint32_t seed = 28;
  for (const std::string& name : CorpusFiles()) {
    ExpectFilteredSameOnEveryThreadCount((kTesting / name).string(), ++seed, 2, &reads);
  }
  // Files of many small row groups and pages, with dictionaries, Bloom
  // filters and page indexes (tests/testing/filter_diff.h).
  for (uint32_t g = 0; g < 6; ++g) {
    const std::string path = ::testing::TempDir() + "/parallel_filter_" + std::to_string(getpid()) + "_" +
                             std::to_string(g) + ".parquet";
    ASSERT_OK(testing::WriteGeneratedFile(path, 2800 + g, /*sorted=*/g % 2 == 0));
    ExpectFilteredSameOnEveryThreadCount(path, ++seed, 12, &reads);
    fs::remove(path);
  }
  EXPECT_GE(reads, 200);
}

TEST(ParallelReadTest, FilteredBadDataFailsTheSameOnOneTwoAndFourThreads) {
  int reads = 0;
  uint32_t seed = 2800;
  for (const std::string& path : BadFiles()) ExpectFilteredSameOnEveryThreadCount(path, ++seed, 3, &reads);
  EXPECT_GE(reads, 6);
}

TEST(ParallelReadTest, ManyRowGroupsFilteredThePrunedOnesSkippedAhead) {
  const std::string bytes = ManyRowGroups();
  std::unique_ptr<FileReader> file = OpenBytes(bytes);
  const Filter::Column id("id");
  const Filter::Column name("name");
  const std::vector<Filter> filters = {
      // Row groups pruned by statistics between the ones read.
      Filter::Or(Filter::Between(id, Literal::Int(600), Literal::Int(900)),
                 Filter::Between(id, Literal::Int(7400), Literal::Int(7600))),
      // Every row group read, few rows kept.
      Filter::Eq(name, Literal::String("name 31")),
      Filter::IsNull(name),
      Filter::Gt(id, Literal::Int(100000)),  // none
  };
  for (const Filter& f : filters) {
    const std::vector<std::string> one = ReadFiltered(*file, f, 1, 97);
    ASSERT_GT(one.size(), 3u);
    for (int threads : {2, 4}) EXPECT_EQ(ReadFiltered(*file, f, threads, 97), one) << f.ToString() << " " << threads;
  }
}

TEST(ParallelReadTest, ManyRowGroupsInOrderAndOutOfOrder) {
  const std::string bytes = ManyRowGroups();
  std::unique_ptr<FileReader> file = OpenBytes(bytes);
  ASSERT_EQ(file->metadata().num_row_groups(), 40);
  const Rows one = ReadRows(*file, {});
  ASSERT_EQ(one.rows.size(), 10000u);
  EXPECT_EQ(one.error, "");
  const std::vector<int> jumps = {0, 1, 2, 7, 8, 3, 39, 38, 39, 0, 1};
  const std::vector<std::string> in_order = ReadColumnar(*file, {});
  const std::vector<std::string> jumping = ReadColumnar(*file, {}, jumps);
  for (int threads : {2, 4}) {
    RowReaderOptions ro;
    ro.threads = threads;
    ro.batch_levels = 97;  // many batches a chunk
    EXPECT_EQ(ReadRows(*file, ro), one) << threads;
    ColumnarReaderOptions co;
    co.threads = threads;
    EXPECT_EQ(ReadColumnar(*file, co), in_order) << threads;
    EXPECT_EQ(ReadColumnar(*file, co, jumps), jumping) << threads;
    co.columns = {"tags"};
    ColumnarReaderOptions one_thread;
    one_thread.columns = {"tags"};
    EXPECT_EQ(ReadColumnar(*file, co), ReadColumnar(*file, one_thread)) << threads;
  }
}

TEST(ParallelReadTest, ACallerOwnedPoolSharedByTwoReadersAtOnce) {
  const std::string bytes = ManyRowGroups();
  std::unique_ptr<FileReader> file = OpenBytes(bytes);
  const Rows rows = ReadRows(*file, {});
  const std::vector<std::string> batches = ReadColumnar(*file, {});
  ASSERT_OK_AND_ASSIGN(std::shared_ptr<ThreadPool> pool, ThreadPool::Make(2));
  Rows got_rows;
  std::vector<std::string> got_batches;
  {
    std::thread a([&] {
      RowReaderOptions o;
      o.thread_pool = pool;
      got_rows = ReadRows(*file, o);
    });
    std::thread b([&] {
      ColumnarReaderOptions o;
      o.thread_pool = pool;
      o.threads = 8;  // ignored: the pool is given
      got_batches = ReadColumnar(*file, o);
    });
    a.join();
    b.join();
  }
  EXPECT_EQ(got_rows, rows);
  EXPECT_EQ(got_batches, batches);
  // The pool outlives the readers and is still the caller's.
  EXPECT_EQ(pool.use_count(), 1);
}

TEST(ParallelReadTest, AReaderDroppedWhileItReadsAheadWaitsForIt) {
  const std::string bytes = ManyRowGroups();
  std::unique_ptr<FileReader> file = OpenBytes(bytes);
  for (int i = 0; i < 20; ++i) {
    ColumnarReaderOptions co;
    co.threads = 2;
    ASSERT_OK_AND_ASSIGN(auto columnar, ColumnarReader::Open(*file, co));
    ColumnarBatch batch;
    ASSERT_OK(columnar->ReadRowGroup(i, &batch));  // row group i + 1 is being read ahead
    RowReaderOptions ro;
    ro.threads = 2;
    ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*file, ro));
    Value row;
    ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
    EXPECT_TRUE(more);
  }
}

}  // namespace
}  // namespace parq
