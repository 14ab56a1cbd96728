// parq_filter through the C API: parse errors point at the place, a filter
// is independent of its reader, and parq_rows_open_filtered and
// parq_reader_to_arrow_filtered return exactly the rows the C++ BoundFilter
// keeps (over random flat and nested files and random predicates, given as
// their text).
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "c_api_test_util.h"
#include "parq/c_api.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/json.h"
#include "parq/record.h"
#include "testing/filter_random_file.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using capi_test::Reader;

std::vector<std::string> RowsOf(parq_rows* rows) {
  std::vector<std::string> out;
  const char* line = nullptr;
  size_t len = 0;
  int rc;
  while ((rc = parq_rows_next(rows, &line, &len)) == 1) out.emplace_back(line, len);
  EXPECT_EQ(rc, 0) << parq_rows_last_error(rows);
  return out;
}

int64_t ArrowRows(ArrowArrayStream* stream) {
  int64_t n = 0;
  ArrowArray batch;
  while (stream->get_next(stream, &batch) == 0 && batch.release != nullptr) {
    EXPECT_GT(batch.length, 0);
    n += batch.length;
    batch.release(&batch);
  }
  stream->release(stream);
  return n;
}

TEST(CApiFilterTest, ParseErrorsPointAtThePlace) {
  const std::string path = ::testing::TempDir() + "/capi_filter_errors.parquet";
  testing::RandomFilterFile(3).Write(false, path);
  Reader r(path);
  ASSERT_NE(r.r, nullptr) << r.error;
  EXPECT_EQ(parq_filter_parse(nullptr, "id = 1"), nullptr);
  EXPECT_EQ(parq_filter_parse(r.r, "id = = 1"), nullptr);
  EXPECT_NE(std::string(parq_reader_last_error(r.r)).find("at column 6\n  id = = 1\n       ^"), std::string::npos)
      << parq_reader_last_error(r.r);
  EXPECT_EQ(parq_filter_parse(r.r, "s < 3"), nullptr);
  EXPECT_NE(std::string(parq_reader_last_error(r.r)).find("Invalid argument: filter:"), std::string::npos);
  EXPECT_EQ(parq_filter_parse(r.r, "idd = 3"), nullptr);
  EXPECT_NE(std::string(parq_reader_last_error(r.r)).find("id"), std::string::npos);
  parq_filter* f = parq_filter_parse(r.r, "id between 3 and 5 or s is null");
  ASSERT_NE(f, nullptr) << parq_reader_last_error(r.r);
  EXPECT_STREQ(parq_filter_text(f), "(id BETWEEN 3 AND 5) OR (s IS NULL)");
  // A filter fits any file with its columns; one without them is refused.
  const std::string other = ::testing::TempDir() + "/capi_filter_other.parquet";
  {
    auto schema = ParseMessageType("message m { required int32 x; }");
    ASSERT_OK(schema.status());
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(other, *schema));
    ASSERT_OK(fw->Close());
  }
  Reader o(other);
  ASSERT_NE(o.r, nullptr) << o.error;
  EXPECT_EQ(parq_rows_open_filtered(o.r, nullptr, f), nullptr);
  EXPECT_NE(std::string(parq_reader_last_error(o.r)).find("'id'"), std::string::npos);
  ArrowArrayStream stream;
  stream.release = nullptr;
  EXPECT_EQ(parq_reader_to_arrow_filtered(o.r, nullptr, f, 0, &stream), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(stream.release, nullptr);
  EXPECT_EQ(parq_reader_to_arrow_filtered(r.r, nullptr, f, 0, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(parq_reader_last_error(r.r)).find("parq_reader_to_arrow_filtered: out is NULL"),
            std::string::npos);
  parq_filter_free(f);
  std::filesystem::remove(path);
  std::filesystem::remove(other);
}

TEST(CApiFilterTest, FilteredRowsAndStreamsKeepWhatTheFilterKeeps) {
  const std::string path = ::testing::TempDir() + "/capi_filter_random.parquet";
  int64_t kept = 0;
  for (uint32_t seed = 1; seed <= 6; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    testing::RandomFilterFile gen(seed, /*nested=*/seed % 2 == 1);
    gen.Write(/*sorted=*/seed % 3 == 0, path);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAllRows(*file));
    Reader r(path);
    ASSERT_NE(r.r, nullptr) << r.error;
    parq_rows* plain_rows = parq_rows_open(r.r, "id,st");
    ASSERT_NE(plain_rows, nullptr);
    const std::vector<std::string> plain = RowsOf(plain_rows);
    parq_rows_close(plain_rows);
    ASSERT_EQ(plain.size(), all.size());
    for (int p = 0; p < 8; ++p) {
      const Filter filter = gen.Predicate(2);
      const std::string text = filter.ToString();
      SCOPED_TRACE(text);
      ASSERT_OK_AND_ASSIGN(BoundFilter bound, BoundFilter::Bind(filter, file->schema()));
      std::vector<std::string> expected;
      for (size_t i = 0; i < all.size(); ++i) {
        if (bound.Matches(all[i])) expected.push_back(plain[i]);
      }
      parq_filter* f = parq_filter_parse(r.r, text.c_str());
      ASSERT_NE(f, nullptr) << parq_reader_last_error(r.r);
      parq_rows* rows = parq_rows_open_filtered(r.r, "id,st", f);
      ArrowArrayStream stream;
      ASSERT_EQ(parq_reader_to_arrow_filtered(r.r, "st", f, 5, &stream), PARQ_OK) << parq_reader_last_error(r.r);
      parq_filter_free(f);  // the rows and the stream keep their own copy
      ASSERT_NE(rows, nullptr) << parq_reader_last_error(r.r);
      EXPECT_EQ(RowsOf(rows), expected);
      parq_rows_close(rows);
      EXPECT_EQ(ArrowRows(&stream), static_cast<int64_t>(expected.size()));
      kept += static_cast<int64_t>(expected.size());
    }
  }
  EXPECT_GT(kept, 0);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace parq
