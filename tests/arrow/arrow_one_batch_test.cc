// ExportArrowStream with one_batch (every row group read into one batch,
// each column's buffers spanning them) and decimal64: the same rows as the
// batches of one row group at a time, in any row-group order and on threads;
// dictionaries of several chunks one after the other, and a chunk falling
// back to plain pages after them; nested fields or a filter: batches as
// without the option.
#include <gtest/gtest.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "arrow/arrow_test_util.h"
#include "corpus/corpus_test_util.h"
#include "parq/arrow_reader.h"
#include "parq/filter.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::OpenBytes;
using testing::StreamText;
using testing::WriteJsonRows;
constexpr auto Export = testing::ExportAndDrain;

ArrowReadOptions OneBatch(bool dictionary = false, int threads = 1) {
  ArrowReadOptions o;
  o.one_batch = true;
  o.dictionary_arrays = dictionary;
  o.threads = threads;
  return o;
}

const char* kFlat = R"(message m {
  required int64 id;
  optional int32 small (INTEGER(8,true));
  optional double x;
  optional boolean flag;
  optional int32 day (DATE);
  optional int64 price (DECIMAL(12,2));
  optional binary name (STRING);
  optional binary tag (STRING);
})";

// 2,500 rows of kFlat, nulls here and there; `name` of 5 values, `tag` of
// one per row.
std::vector<std::string> FlatRows() {
  std::vector<std::string> rows;
  for (int i = 0; i < 2500; ++i) {
    const bool null = i % 7 == 3;
    std::string r = "{\"id\":" + std::to_string(i);
    if (null) {
      r += R"(,"small":null,"x":null,"flag":null,"day":null,"price":null,"name":null,"tag":null})";
    } else {
      r += ",\"small\":" + std::to_string(i % 100 - 50) + ",\"x\":" + std::to_string(i) + ".5";
      r += std::string(",\"flag\":") + (i % 3 == 0 ? "true" : "false");
      r += ",\"day\":\"2020-0" + std::to_string(1 + i % 9) + "-1" + std::to_string(i % 10) + "\"";
      r += ",\"price\":\"" + std::to_string(i * 7) + ".25\",\"name\":\"n" + std::to_string(i % 5) + "\"";
      r += ",\"tag\":\"t" + std::to_string(i) + "\"}";
    }
    rows.push_back(std::move(r));
  }
  return rows;
}

TEST(ArrowOneBatchTest, SpansTheRowGroupsWithTheSameRows) {
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(kFlat, FlatRows(), /*group_rows=*/600));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ASSERT_EQ(file->metadata().num_row_groups(), 5);
  for (bool dictionary : {false, true}) {
    ArrowReadOptions by_group;
    by_group.dictionary_arrays = dictionary;
    ASSERT_OK_AND_ASSIGN(StreamText expected, Export(file, by_group));
    EXPECT_EQ(expected.batch_lengths.size(), 5u);
    for (int threads : {1, 3}) {
      SCOPED_TRACE("dictionary " + std::to_string(dictionary) + " threads " + std::to_string(threads));
      ASSERT_OK_AND_ASSIGN(StreamText one, Export(file, OneBatch(dictionary, threads)));
      EXPECT_EQ(one.batch_lengths, std::vector<int64_t>{2500});
      EXPECT_EQ(one.formats, expected.formats);
      EXPECT_EQ(one.rows, expected.rows);
    }
    // Some row groups, in the order asked.
    by_group.row_groups = {3, 0, 4};
    ArrowReadOptions some = OneBatch(dictionary);
    some.row_groups = by_group.row_groups;
    ASSERT_OK_AND_ASSIGN(StreamText expected_some, Export(file, by_group));
    ASSERT_OK_AND_ASSIGN(StreamText one_some, Export(file, some));
    EXPECT_EQ(one_some.batch_lengths, std::vector<int64_t>{1300});  // 600 + 600 + the last 100
    EXPECT_EQ(one_some.rows, expected_some.rows);
  }
}

TEST(ArrowOneBatchTest, DictionariesOfTheChunksOneAfterTheOther) {
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(kFlat, FlatRows(), /*group_rows=*/1000));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ArrowReadOptions o = OneBatch(true);
  o.columns = {"name"};
  ArrowArrayStream stream;
  ASSERT_OK(ExportArrowStream(file, o, &stream));
  ArrowArray batch;
  ASSERT_EQ(stream.get_next(&stream, &batch), 0);
  ASSERT_NE(batch.release, nullptr);
  const ArrowArray& name = *batch.children[0];
  ASSERT_NE(name.dictionary, nullptr);
  EXPECT_EQ(name.dictionary->length, 15);  // 5 values in each of 3 chunks
  const auto* idx = static_cast<const int32_t*>(name.buffers[1]);
  EXPECT_EQ(idx[0], 0);        // "n0", first chunk's first entry
  EXPECT_EQ(idx[2000], 10);    // row 2000: "n0", the third chunk's first entry
  batch.release(&batch);
  ASSERT_EQ(stream.get_next(&stream, &batch), 0);
  EXPECT_EQ(batch.release, nullptr);  // one batch only
  stream.release(&stream);
}

// A chunk whose dictionary overflows falls back to plain pages after two
// chunks of dictionary pages: the batch becomes its own values, the rows
// before looked up in the dictionaries of their chunks.
TEST(ArrowOneBatchTest, PlainPagesAfterDictionaryChunks) {
  std::vector<std::string> rows;
  for (int i = 0; i < 4000; ++i) {
    if (i % 11 == 5) {
      rows.push_back(R"({"s":null})");
    } else if (i < 2000) {
      rows.push_back("{\"s\":\"low" + std::to_string(i % 4) + "\"}");
    } else {
      rows.push_back("{\"s\":\"unique-value-number-" + std::to_string(i) + "\"}");
    }
  }
  WriterOptions w;
  w.column_defaults.dictionary_page_size_limit = 4096;
  w.data_page_size = 2048;
  ASSERT_OK_AND_ASSIGN(const std::string bytes,
                       WriteJsonRows("message m { optional binary s (STRING); }", rows, 1000, w));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ASSERT_OK_AND_ASSIGN(StreamText expected, Export(file, ArrowReadOptions{}));
  for (int threads : {1, 2}) {
    ASSERT_OK_AND_ASSIGN(StreamText one, Export(file, OneBatch(true, threads)));
    EXPECT_EQ(one.batch_lengths, std::vector<int64_t>{4000});
    EXPECT_EQ(one.rows, expected.rows);
  }
}

TEST(ArrowOneBatchTest, NestedFieldsOrAFilterKeepTheBatchesOfEachRowGroup) {
  const char* schema = R"(message m {
  required int64 id;
  optional group l (LIST) { repeated group list { optional int32 element; } }
})";
  std::vector<std::string> rows;
  for (int i = 0; i < 30; ++i) rows.push_back("{\"id\":" + std::to_string(i) + ",\"l\":[" + std::to_string(i) + "]}");
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(schema, rows, 10));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ASSERT_OK_AND_ASSIGN(StreamText expected, Export(file, ArrowReadOptions{}));
  ASSERT_OK_AND_ASSIGN(StreamText nested, Export(file, OneBatch()));
  EXPECT_EQ(nested.batch_lengths, (std::vector<int64_t>{10, 10, 10}));
  EXPECT_EQ(nested.rows, expected.rows);

  ArrowReadOptions filtered = OneBatch();
  filtered.columns = {"id"};
  ASSERT_OK_AND_ASSIGN(filtered.filter, ParseFilter("id >= 5", file->schema()));
  ASSERT_OK_AND_ASSIGN(StreamText some, Export(file, filtered));
  EXPECT_EQ(some.batch_lengths, (std::vector<int64_t>{5, 10, 10}));

  ArrowReadOptions flat = OneBatch();
  flat.columns = {"id"};
  ASSERT_OK_AND_ASSIGN(StreamText ids, Export(file, flat));
  EXPECT_EQ(ids.batch_lengths, std::vector<int64_t>{30});
}

TEST(ArrowOneBatchTest, Decimal64SharesTheStoredInt64) {
  const char* schema = R"(message m {
  optional int64 d (DECIMAL(12,2));
  optional int32 e (DECIMAL(5,1));
  optional group g { optional int64 inner (DECIMAL(12,2)); }
})";
  const std::vector<std::string> rows = {R"({"d":"12.34","e":"-1.5","g":{"inner":"0.01"}})",
                                         R"({"d":null,"e":null,"g":null})",
                                         R"({"d":"-9999999999.99","e":"9999.9","g":{"inner":null}})"};
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(schema, rows));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ArrowReadOptions o;
  o.decimal64 = true;
  ASSERT_OK_AND_ASSIGN(StreamText narrow, Export(file, o));
  ASSERT_OK_AND_ASSIGN(StreamText wide, Export(file, ArrowReadOptions{}));
  // Only the top-level INT64 column: INT32 and nested ones stay decimal128.
  EXPECT_EQ(narrow.formats, "+s{d?:d:12,2,64,e?:d:5,1,g?:+s{inner?:d:12,2}}");
  EXPECT_EQ(narrow.rows, wide.rows);
  EXPECT_EQ(narrow.rows[2], R"({"d":-999999999999e-2,"e":99999e-1,"g":{"inner":null}})");
}

}  // namespace
}  // namespace parq

namespace parq {
namespace {

// Every corpus file with expected rows and every bad_data file: the one-batch
// read gives the rows the per-row-group read gives, or, where that read
// fails, fails too with an error that is not an internal one (never a crash,
// a hang or a huge allocation: the test runs under the sanitizers).
TEST(ArrowOneBatchTest, CorpusAndBadDataAsTheBatchesOfEachRowGroup) {
  namespace fs = std::filesystem;
  std::vector<std::string> paths;
  for (const auto& cols : corpus_test::ManifestRows()) {
    if (cols.size() < 5 || cols[4] == "none") continue;
    if (fs::exists(corpus_test::kTesting / "expected" / (cols[0] + ".jsonl"))) {
      paths.push_back((corpus_test::kTesting / cols[0]).string());
    }
  }
  for (const auto& e : fs::directory_iterator(corpus_test::kTesting / "bad_data")) {
    if (e.path().extension() == ".parquet") paths.push_back(e.path().string());
  }
  int compared = 0, failed_alike = 0;
  for (const std::string& path : paths) {
    Result<std::unique_ptr<FileReader>> opened = FileReader::Open(path, ReaderOptions{.verify_checksums = false});
    if (!opened.ok()) continue;
    const std::shared_ptr<const FileReader> file(std::move(*opened));
    ArrowReadOptions one;
    one.one_batch = true;
    Result<StreamText> want = testing::ExportAndDrain(file, {});
    Result<StreamText> got = testing::ExportAndDrain(file, one);
    if (want.ok()) {
      ASSERT_OK(got.status()) << path;
      EXPECT_EQ(got->rows, want->rows) << path;
      ++compared;
    } else {
      ASSERT_FALSE(got.ok()) << path << ": the per-row-group read fails with " << want.status().ToString();
      EXPECT_NE(got.status().code(), StatusCode::kInternal) << path << ": " << got.status().ToString();
      ++failed_alike;
    }
  }
  EXPECT_GT(compared, 50);
  EXPECT_GT(failed_alike, 0);
}

}  // namespace
}  // namespace parq
