// The C API (parq/c_api.h) as its callers use it, linked against libparq.so:
// metadata and rows agree with the C++ API over the corpus; nonexistent and
// corrupt files, NULL arguments, indexes out of range, unknown columns and
// tiny error buffers give the documented codes and messages; an exhausted
// heap is PARQ_ERROR_OUT_OF_MEMORY, never an exception in C.
// c_consumer.c is the same API from a C compiler.
#include "parq/c_api.h"

#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <functional>
#include <iterator>
#include <new>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/version.h"
#include "capi/c_api_test_util.h"
#include "testing/status_macros.h"

// operator new fails (std::bad_alloc) once g_fail_after more allocations
// have been made, while g_fail_after >= 0.  Not under ThreadSanitizer, whose
// runtime defines operator new itself (the TSan build links this executable
// for CApiThreadsTest; OutOfMemoryIsACodeNotAnException skips there).
#if defined(__has_feature)
#if __has_feature(thread_sanitizer)
#define PARQ_CAPI_TEST_NO_NEW_HOOK 1
#endif
#endif
namespace {
std::atomic<long> g_fail_after{-1};
}  // namespace
#ifndef PARQ_CAPI_TEST_NO_NEW_HOOK
[[gnu::noinline]] void* operator new(size_t n) {
  if (g_fail_after.load(std::memory_order_relaxed) >= 0 && g_fail_after.fetch_sub(1) == 0) {
    g_fail_after.store(-1);
    throw std::bad_alloc();
  }
  if (void* p = std::malloc(n == 0 ? 1 : n)) return p;
  throw std::bad_alloc();
}
// The nothrow forms too, so that no block of another allocator reaches this free().
[[gnu::noinline]] void* operator new(size_t n, const std::nothrow_t&) noexcept {
  try {
    return ::operator new(n);
  } catch (...) {
    return nullptr;
  }
}
[[gnu::noinline]] void operator delete(void* p) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, size_t) noexcept { std::free(p); }
[[gnu::noinline]] void operator delete(void* p, const std::nothrow_t&) noexcept { std::free(p); }
#endif  // PARQ_CAPI_TEST_NO_NEW_HOOK

namespace parq {
namespace {

namespace fs = std::filesystem;
const std::string kTesting = std::string(PARQ_SHARED_DIR) + "/parquet-testing";
const std::string kAllTypes = kTesting + "/data/alltypes_plain.parquet";

using capi_test::Reader;

// Owns a parq_rows for a test.
struct Rows {
  explicit Rows(parq_rows* p) : rows(p) {}
  ~Rows() { parq_rows_close(rows); }
  parq_rows* rows;
};

// Every row through parq_rows_next; the code that ended them in *end.
std::vector<std::string> AllRows(parq_rows* rows, int* end) {
  std::vector<std::string> out;
  const char* line = nullptr;
  size_t len = 0;
  while ((*end = parq_rows_next(rows, &line, &len)) == 1) {
    EXPECT_EQ(std::strlen(line), len);
    out.emplace_back(line, len);
  }
  return out;
}

std::vector<std::string> CppRows(const FileReader& file, const RowReaderOptions& options = {}) {
  std::vector<std::string> out;
  auto rows = JsonRowReader::Open(file, options);
  EXPECT_OK(rows.status());
  if (!rows.ok()) return out;
  std::string line;
  while (true) {
    line.clear();
    auto more = (*rows)->Next(&line);
    EXPECT_OK(more.status());
    if (!more.ok() || !*more) break;
    out.push_back(line);
  }
  return out;
}

TEST(CApiTest, VersionAndErrorNames) {
  EXPECT_STREQ(parq_version(), kVersion);
  EXPECT_STREQ(parq_error_name(PARQ_OK), "ok");
  EXPECT_STREQ(parq_error_name(PARQ_ERROR_INVALID_ARGUMENT), "invalid argument");
  EXPECT_STREQ(parq_error_name(PARQ_ERROR_CORRUPT), "corrupt");
  EXPECT_STREQ(parq_error_name(PARQ_ERROR_UNSUPPORTED), "unsupported");
  EXPECT_STREQ(parq_error_name(PARQ_ERROR_IO), "I/O error");
  EXPECT_STREQ(parq_error_name(PARQ_ERROR_LIMIT_EXCEEDED), "limit exceeded");
  EXPECT_STREQ(parq_error_name(PARQ_ERROR_INTERNAL), "internal error");
  EXPECT_STREQ(parq_error_name(PARQ_ERROR_OUT_OF_MEMORY), "out of memory");
  EXPECT_STREQ(parq_error_name(-99), "unknown error code");
  // One code per StatusCode, negated.
  EXPECT_EQ(PARQ_ERROR_CORRUPT, -static_cast<int>(StatusCode::kCorrupt));
  EXPECT_EQ(PARQ_ERROR_INTERNAL, -static_cast<int>(StatusCode::kInternal));
}

TEST(CApiTest, MetadataAgreesWithTheCppApiOverTheCorpus) {
  int files = 0;
  for (const auto& e : fs::directory_iterator(kTesting + "/data")) {
    if (e.path().extension() != ".parquet") continue;
    const std::string path = e.path().string();
    auto cpp = FileReader::Open(path);
    Reader c(path);
    if (!cpp.ok()) {
      EXPECT_EQ(c.r, nullptr) << path;
      EXPECT_EQ(std::string(c.error), cpp.status().ToString().substr(0, sizeof c.error - 1)) << path;
      continue;
    }
    ASSERT_NE(c.r, nullptr) << path << ": " << c.error;
    EXPECT_STREQ(c.error, "");
    ++files;
    const FileMetaData& md = (*cpp)->metadata();
    int64_t n = -1;
    ASSERT_EQ(parq_reader_num_rows(c.r, &n), PARQ_OK);
    EXPECT_EQ(n, md.num_rows());
    ASSERT_EQ(parq_reader_num_row_groups(c.r, &n), PARQ_OK);
    ASSERT_EQ(n, md.num_row_groups()) << path;
    for (int g = 0; g < md.num_row_groups(); ++g) {
      int64_t rows = -1;
      ASSERT_EQ(parq_reader_row_group_num_rows(c.r, g, &rows), PARQ_OK);
      EXPECT_EQ(rows, md.row_group(g).num_rows());
    }
    ASSERT_EQ(parq_reader_num_columns(c.r, &n), PARQ_OK);
    ASSERT_EQ(n, (*cpp)->schema().num_columns());
    for (int i = 0; i < n; ++i) {
      const char* p = nullptr;
      ASSERT_EQ(parq_reader_column_path(c.r, i, &p), PARQ_OK);
      EXPECT_EQ(p, (*cpp)->schema().column(i).dotted_path);
    }
    const char* text = nullptr;
    ASSERT_EQ(parq_reader_schema(c.r, &text), PARQ_OK);
    std::string schema = (*cpp)->schema().ToString();
    if (schema.empty() || schema.back() != '\n') schema += '\n';
    EXPECT_EQ(text, schema);
    const char* again = nullptr;
    ASSERT_EQ(parq_reader_schema(c.r, &again), PARQ_OK);
    EXPECT_EQ(again, text);  // the same string, kept until close
    const char* created_by = "unset";
    ASSERT_EQ(parq_reader_created_by(c.r, &created_by), PARQ_OK);
    if (md.created_by()) {
      EXPECT_EQ(created_by, *md.created_by());
    } else {
      EXPECT_EQ(created_by, nullptr);
    }
    const std::vector<KeyValue> kv = md.key_value_metadata();
    ASSERT_EQ(parq_reader_num_key_values(c.r, &n), PARQ_OK);
    ASSERT_EQ(n, static_cast<int64_t>(kv.size()));
    for (size_t i = 0; i < kv.size(); ++i) {
      const char *key = nullptr, *value = "unset";
      size_t key_len = 0, value_len = 99;
      ASSERT_EQ(parq_reader_key_value(c.r, static_cast<int64_t>(i), &key, &key_len, &value, &value_len), PARQ_OK);
      EXPECT_EQ(std::string(key, key_len), kv[i].key);
      if (kv[i].value) {
        EXPECT_EQ(std::string(value, value_len), *kv[i].value);
      } else {
        EXPECT_EQ(value, nullptr);
        EXPECT_EQ(value_len, 0u);
      }
    }
  }
  EXPECT_GT(files, 60);
}

TEST(CApiTest, RowsAgreeWithJsonRowReaderOverTheCorpus) {
  int files = 0, failed = 0;
  for (const auto& e : fs::directory_iterator(kTesting + "/data")) {
    if (e.path().extension() != ".parquet" || e.file_size() > (4 << 20)) continue;
    const std::string path = e.path().string();
    auto cpp = FileReader::Open(path);
    if (!cpp.ok()) continue;
    Reader c(path);
    ASSERT_NE(c.r, nullptr) << path;
    Rows rows(parq_rows_open(c.r, nullptr));
    auto expected = JsonRowReader::Open(**cpp);
    if (!expected.ok()) {
      EXPECT_EQ(rows.rows, nullptr) << path;
      EXPECT_EQ(std::string(parq_reader_last_error(c.r)), expected.status().ToString()) << path;
      ++failed;
      continue;
    }
    ASSERT_NE(rows.rows, nullptr) << path << ": " << parq_reader_last_error(c.r);
    ++files;
    // Row by row, until the C++ reader ends or fails: the C side the same.
    std::string line;
    while (true) {
      line.clear();
      auto more = (*expected)->Next(&line);
      const char* got = nullptr;
      size_t len = 0;
      const int rc = parq_rows_next(rows.rows, &got, &len);
      if (!more.ok()) {
        EXPECT_LT(rc, 0) << path;
        EXPECT_EQ(rc, -static_cast<int>(more.status().code())) << path;
        EXPECT_EQ(std::string(parq_rows_last_error(rows.rows)), more.status().ToString()) << path;
        // Sticky: the same error again.
        EXPECT_EQ(parq_rows_next(rows.rows, &got, &len), rc);
        ++failed;
        break;
      }
      if (!*more) {
        EXPECT_EQ(rc, 0) << path;
        EXPECT_EQ(parq_rows_next(rows.rows, &got, &len), 0);  // and again
        break;
      }
      ASSERT_EQ(rc, 1) << path << ": " << parq_rows_last_error(rows.rows);
      ASSERT_EQ(std::string(got, len), line) << path;
    }
  }
  EXPECT_GT(files, 60);
  (void)failed;
}

TEST(CApiTest, ProjectionByDottedPaths) {
  Reader c(kAllTypes);
  ASSERT_NE(c.r, nullptr);
  Rows rows(parq_rows_open(c.r, "id,string_col"));
  ASSERT_NE(rows.rows, nullptr) << parq_reader_last_error(c.r);
  int end = 0;
  const std::vector<std::string> got = AllRows(rows.rows, &end);
  EXPECT_EQ(end, 0);
  ASSERT_EQ(got.size(), 8u);
  EXPECT_EQ(got[0], R"({"id":4,"string_col":"MA=="})");
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(kAllTypes));
  RowReaderOptions options;
  options.columns = {"id", "string_col"};
  EXPECT_EQ(got, CppRows(*file, options));
  // Empty items are skipped; "" is every column.
  Rows all(parq_rows_open(c.r, ""));
  ASSERT_NE(all.rows, nullptr);
  EXPECT_EQ(AllRows(all.rows, &end), CppRows(*file));
  Rows one(parq_rows_open(c.r, ",id,,"));
  ASSERT_NE(one.rows, nullptr);
  EXPECT_EQ(AllRows(one.rows, &end)[7], R"({"id":1})");
}

TEST(CApiTest, UnknownColumnNamesTheNearOnes) {
  Reader c(kAllTypes);
  ASSERT_NE(c.r, nullptr);
  EXPECT_EQ(parq_rows_open(c.r, "id,strng_col"), nullptr);
  EXPECT_NE(std::string(parq_reader_last_error(c.r)).find("Invalid argument: "), std::string::npos)
      << parq_reader_last_error(c.r);
  EXPECT_NE(std::string(parq_reader_last_error(c.r)).find("near names: string_col"), std::string::npos)
      << parq_reader_last_error(c.r);
}

TEST(CApiTest, RowsOutliveTheirReader) {
  parq_reader* r = parq_reader_open(kAllTypes.c_str(), nullptr, 0);
  ASSERT_NE(r, nullptr);
  Rows rows(parq_rows_open(r, "id"));
  ASSERT_NE(rows.rows, nullptr);
  parq_reader_close(r);
  int end = -1;
  EXPECT_EQ(AllRows(rows.rows, &end).size(), 8u);
  EXPECT_EQ(end, 0);
}

TEST(CApiTest, NonexistentFile) {
  Reader c("/nonexistent/dir/file.parquet");
  EXPECT_EQ(c.r, nullptr);
  EXPECT_EQ(std::string(c.error).rfind("IO error: cannot open", 0), 0u) << c.error;
  EXPECT_NE(std::string(c.error).find("/nonexistent/dir/file.parquet"), std::string::npos) << c.error;
}

TEST(CApiTest, CorruptFilesFailCleanly) {
  int refused_at_open = 0, failed_rows = 0;
  for (const auto& e : fs::directory_iterator(kTesting + "/bad_data")) {
    if (e.path().extension() != ".parquet") continue;
    Reader c(e.path().string());
    if (c.r == nullptr) {
      EXPECT_GT(std::strlen(c.error), 0u) << e.path();
      ++refused_at_open;
      continue;
    }
    parq_rows* rows = parq_rows_open(c.r, nullptr);
    if (rows == nullptr) {
      EXPECT_GT(std::strlen(parq_reader_last_error(c.r)), 0u) << e.path();
      ++failed_rows;
      continue;
    }
    int end = 0;
    AllRows(rows, &end);
    if (end < 0) {
      EXPECT_GE(end, PARQ_ERROR_OUT_OF_MEMORY) << e.path();
      EXPECT_NE(end, PARQ_ERROR_INTERNAL) << e.path() << ": " << parq_rows_last_error(rows);
      EXPECT_GT(std::strlen(parq_rows_last_error(rows)), 0u) << e.path();
      ++failed_rows;
    }
    parq_rows_close(rows);
  }
  EXPECT_GE(refused_at_open + failed_rows, 5);
}

TEST(CApiTest, AFileThatIsNotParquet) {
  const std::string path = (fs::temp_directory_path() / ("parq-capi-not-parquet-" + std::to_string(getpid()))).string();
  { FILE* f = std::fopen(path.c_str(), "wb"); std::fputs("not a parquet file at all", f); std::fclose(f); }
  Reader c(path);
  fs::remove(path);
  EXPECT_EQ(c.r, nullptr);
  EXPECT_EQ(std::string(c.error).rfind("Corrupt: ", 0), 0u) << c.error;
}

TEST(CApiTest, NullArguments) {
  char error[64] = "unchanged";
  EXPECT_EQ(parq_reader_open(nullptr, error, sizeof error), nullptr);
  EXPECT_STREQ(error, "Invalid argument: parq_reader_open: path is NULL");
  EXPECT_EQ(parq_reader_open(nullptr, nullptr, 100), nullptr);  // no buffer: nothing written
  parq_reader_close(nullptr);
  parq_rows_close(nullptr);
  int64_t n = 0;
  const char* s = nullptr;
  EXPECT_EQ(parq_reader_num_rows(nullptr, &n), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_num_row_groups(nullptr, &n), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_row_group_num_rows(nullptr, 0, &n), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_num_columns(nullptr, &n), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_column_path(nullptr, 0, &s), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_schema(nullptr, &s), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_created_by(nullptr, &s), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_num_key_values(nullptr, &n), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_key_value(nullptr, 0, &s, nullptr, nullptr, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_rows_open(nullptr, nullptr), nullptr);
  EXPECT_EQ(parq_rows_next(nullptr, &s, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_reader_last_error(nullptr), "parq_reader_last_error: reader is NULL");
  EXPECT_STREQ(parq_rows_last_error(nullptr), "parq_rows_last_error: rows is NULL");

  Reader c(kAllTypes);
  ASSERT_NE(c.r, nullptr);
  EXPECT_STREQ(parq_reader_last_error(c.r), "");
  const struct {
    std::function<int()> call;
    const char* message;
  } kCases[] = {
      {[&] { return parq_reader_num_rows(c.r, nullptr); }, "parq_reader_num_rows: num_rows is NULL"},
      {[&] { return parq_reader_num_row_groups(c.r, nullptr); }, "parq_reader_num_row_groups: num_row_groups is NULL"},
      {[&] { return parq_reader_row_group_num_rows(c.r, 0, nullptr); },
       "parq_reader_row_group_num_rows: num_rows is NULL"},
      {[&] { return parq_reader_num_columns(c.r, nullptr); }, "parq_reader_num_columns: num_columns is NULL"},
      {[&] { return parq_reader_column_path(c.r, 0, nullptr); }, "parq_reader_column_path: path is NULL"},
      {[&] { return parq_reader_schema(c.r, nullptr); }, "parq_reader_schema: text is NULL"},
      {[&] { return parq_reader_created_by(c.r, nullptr); }, "parq_reader_created_by: created_by is NULL"},
      {[&] { return parq_reader_num_key_values(c.r, nullptr); }, "parq_reader_num_key_values: count is NULL"},
      {[&] { return parq_reader_key_value(c.r, 0, nullptr, nullptr, nullptr, nullptr); },
       "parq_reader_key_value: key is NULL"},
  };
  for (const auto& k : kCases) {
    EXPECT_EQ(k.call(), PARQ_ERROR_INVALID_ARGUMENT) << k.message;
    EXPECT_EQ(parq_reader_last_error(c.r), std::string("Invalid argument: ") + k.message);
  }
  // A success keeps the last error.
  EXPECT_EQ(parq_reader_num_rows(c.r, &n), PARQ_OK);
  EXPECT_STREQ(parq_reader_last_error(c.r), "Invalid argument: parq_reader_key_value: key is NULL");

  Rows rows(parq_rows_open(c.r, nullptr));
  ASSERT_NE(rows.rows, nullptr);
  EXPECT_EQ(parq_rows_next(rows.rows, nullptr, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_rows_last_error(rows.rows), "Invalid argument: parq_rows_next: line is NULL");
  // Not sticky: the caller's mistake did not move the reader.
  EXPECT_EQ(parq_rows_next(rows.rows, &s, nullptr), 1);
  EXPECT_EQ(std::string(s).rfind("{\"id\":4,", 0), 0u) << s;
}

TEST(CApiTest, IndexesOutOfRange) {
  Reader c(kAllTypes);
  ASSERT_NE(c.r, nullptr);
  int64_t n = 0;
  const char* s = nullptr;
  EXPECT_EQ(parq_reader_row_group_num_rows(c.r, 1, &n), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_reader_last_error(c.r),
               "Invalid argument: parq_reader_row_group_num_rows: row group 1 out of range: the file has 1");
  EXPECT_EQ(parq_reader_row_group_num_rows(c.r, -1, &n), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_column_path(c.r, 11, &s), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_reader_last_error(c.r),
               "Invalid argument: parq_reader_column_path: column 11 out of range: the file has 11");
  EXPECT_EQ(parq_reader_column_path(c.r, INT64_MIN, &s), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(parq_reader_key_value(c.r, 0, &s, nullptr, nullptr, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_EQ(s, nullptr);  // outputs untouched on failure
  EXPECT_EQ(parq_reader_column_path(c.r, 10, &s), PARQ_OK);
  EXPECT_STREQ(s, "timestamp_col");
}

TEST(CApiTest, TinyErrorBuffers) {
  const char* path = "/nonexistent/file.parquet";
  Reader full(path);
  const std::string message = full.error;
  ASSERT_GT(message.size(), 20u);
  char buf[64];
  std::memset(buf, 'x', sizeof buf);
  EXPECT_EQ(parq_reader_open(path, buf, 0), nullptr);
  EXPECT_EQ(buf[0], 'x');  // error_len 0: nothing written
  EXPECT_EQ(parq_reader_open(path, buf, 1), nullptr);
  EXPECT_EQ(buf[0], '\0');
  EXPECT_EQ(buf[1], 'x');
  std::memset(buf, 'x', sizeof buf);
  EXPECT_EQ(parq_reader_open(path, buf, 5), nullptr);
  EXPECT_STREQ(buf, message.substr(0, 4).c_str());
  EXPECT_EQ(buf[5], 'x');
  // A success clears the buffer.
  std::memset(buf, 'x', sizeof buf);
  parq_reader* r = parq_reader_open(kAllTypes.c_str(), buf, sizeof buf);
  ASSERT_NE(r, nullptr);
  EXPECT_EQ(buf[0], '\0');
  parq_reader_close(r);
}

TEST(CApiTest, TruncationKeepsUtf8Whole) {
  // "é" is two bytes (C3 A9), "€" three (E2 82 AC).
  const std::string path = "/nonexistent/\xC3\xA9\xE2\x82\xAC.parquet";
  Reader full(path);
  const std::string message = full.error;
  const size_t at = message.find('\xC3');
  ASSERT_NE(at, std::string::npos) << message;
  char buf[128];
  for (size_t len = at; len <= at + 6; ++len) {
    ASSERT_EQ(parq_reader_open(path.c_str(), buf, len), nullptr);
    const std::string got = buf;
    // Room for len - 1 bytes; a character that does not fit whole is left out.
    const size_t room = len - 1;
    const size_t expect = room < at + 2 ? std::min(room, at) : room < at + 5 ? at + 2 : at + 5;
    EXPECT_EQ(got, message.substr(0, expect)) << "len " << len;
  }
}

TEST(CApiTest, OutOfMemoryIsACodeNotAnException) {
#ifdef PARQ_CAPI_TEST_NO_NEW_HOOK
  GTEST_SKIP() << "ThreadSanitizer's runtime owns operator new";
#endif
  Reader c(kAllTypes);
  ASSERT_NE(c.r, nullptr);
  // Fail each allocation of the first schema text in turn, until it succeeds.
  int failures = 0;
  for (long k = 0; k < 1000; ++k) {
    const char* text = nullptr;
    g_fail_after.store(k);
    const int rc = parq_reader_schema(c.r, &text);
    const bool failed = g_fail_after.load() == -1 && rc != PARQ_OK;
    g_fail_after.store(-1);
    if (rc == PARQ_OK) {
      EXPECT_NE(std::string(text).find("message schema {"), std::string::npos);
      break;
    }
    EXPECT_TRUE(failed);
    EXPECT_EQ(rc, PARQ_ERROR_OUT_OF_MEMORY);
    EXPECT_EQ(std::string(parq_reader_last_error(c.r)).rfind("Out of memory", 0), 0u) << parq_reader_last_error(c.r);
    ++failures;
  }
  EXPECT_GT(failures, 0);
  // Opening a file: each allocation in turn.
  int open_failures = 0;
  for (long k = 0; k < 100000; ++k) {
    char error[128] = "";
    g_fail_after.store(k);
    parq_reader* r = parq_reader_open(kAllTypes.c_str(), error, sizeof error);
    g_fail_after.store(-1);
    if (r != nullptr) {
      parq_reader_close(r);
      break;
    }
    EXPECT_EQ(std::string(error).rfind("Out of memory", 0), 0u) << k << ": " << error;
    ++open_failures;
  }
  EXPECT_GT(open_failures, 10);
  // Rows: each allocation of opening them and reading the first row.
  for (long k = 0; k < 100000; ++k) {
    g_fail_after.store(k);
    parq_rows* rows = parq_rows_open(c.r, nullptr);
    const char* line = nullptr;
    const int rc = rows == nullptr ? PARQ_ERROR_OUT_OF_MEMORY : parq_rows_next(rows, &line, nullptr);
    g_fail_after.store(-1);
    const std::string error = rows == nullptr ? parq_reader_last_error(c.r) : rc < 0 ? parq_rows_last_error(rows) : "";
    parq_rows_close(rows);
    if (rc == 1) break;
    EXPECT_EQ(rc, PARQ_ERROR_OUT_OF_MEMORY) << k << ": " << error;
    EXPECT_EQ(error.rfind("Out of memory", 0), 0u) << k << ": " << error;
  }
}

}  // namespace
}  // namespace parq
