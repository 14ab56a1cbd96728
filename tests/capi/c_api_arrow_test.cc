// The Arrow entry points of the C API (parq/c_api.h), linked against
// libparq.so: parq_reader_to_arrow streams a file's batches (projected,
// batched, outliving its reader) and parq_write_arrow writes a stream back
// with writer options given as text; bad input — a NULL or released stream,
// a NULL path, options that do not parse, a get_next or get_schema that
// fails — is a clear error, the stream is released and no file is left.
#include <gtest/gtest.h>

#include <cerrno>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "parq/c_api.h"
#include "parq/file_reader.h"
#include "parq/metadata.h"
#include "capi/c_api_test_util.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
const std::string kAllTypes = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_plain.parquet";

using capi_test::Reader;

using capi_test::Drain;
using capi_test::RowsOf;
using capi_test::TempPath;

TEST(CApiArrowTest, ReaderToArrowProjectsAndBatches) {
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow(reader.r, "id,bool_col", 3, &stream), PARQ_OK) << parq_reader_last_error(reader.r);
  int64_t children = 0;
  EXPECT_EQ(Drain(&stream, &children), (std::vector<int64_t>{3, 3, 2}));
  EXPECT_EQ(children, 2);
  // NULL columns and batch_rows <= 0: every column, the default batch size.
  for (int64_t batch_rows : {int64_t{0}, int64_t{-5}}) {
    ASSERT_EQ(parq_reader_to_arrow(reader.r, nullptr, batch_rows, &stream), PARQ_OK);
    EXPECT_EQ(Drain(&stream, &children), (std::vector<int64_t>{8}));
    EXPECT_EQ(children, 11);
  }
}

TEST(CApiArrowTest, StreamOutlivesItsReader) {
  ArrowArrayStream stream;
  {
    Reader reader(kAllTypes);
    ASSERT_NE(reader.r, nullptr) << reader.error;
    ASSERT_EQ(parq_reader_to_arrow(reader.r, "id", 5, &stream), PARQ_OK);
  }  // parq_reader_close
  int64_t children = 0;
  EXPECT_EQ(Drain(&stream, &children), (std::vector<int64_t>{5, 3}));
}

TEST(CApiArrowTest, ReaderToArrowErrors) {
  ArrowArrayStream stream;
  stream.release = nullptr;
  EXPECT_EQ(parq_reader_to_arrow(nullptr, nullptr, 0, &stream), PARQ_ERROR_INVALID_ARGUMENT);
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  EXPECT_EQ(parq_reader_to_arrow(reader.r, nullptr, 0, nullptr), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(parq_reader_last_error(reader.r), "Invalid argument: parq_reader_to_arrow: out is NULL");
  EXPECT_EQ(parq_reader_to_arrow(reader.r, "id,no_such_column", 0, &stream), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(parq_reader_last_error(reader.r)).find("no_such_column"), std::string::npos)
      << parq_reader_last_error(reader.r);
  EXPECT_EQ(stream.release, nullptr);  // untouched
}

TEST(CApiArrowTest, WriteArrowRoundTripsWithOptions) {
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  ArrowArrayStream stream;
  ASSERT_EQ(parq_reader_to_arrow(reader.r, nullptr, 2, &stream), PARQ_OK);
  TempPath out("c_api_write_arrow.parquet");
  char error[256] = "untouched";
  ASSERT_EQ(parq_write_arrow(out.path.c_str(), &stream, " codec=zstd; page-version=2 ;row_group_rows=3;", error,
                             sizeof error),
            PARQ_OK)
      << error;
  EXPECT_EQ(stream.release, nullptr);  // released
  EXPECT_STREQ(error, "untouched");   // written only on error
  EXPECT_EQ(RowsOf(out.path), RowsOf(kAllTypes));
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(out.path));
  ASSERT_EQ(file->metadata().num_row_groups(), 3);  // 8 rows, 3 a group
  const RowGroupMetaData group = file->metadata().row_group(0);
  EXPECT_EQ(group.column(0).codec(), Compression::kZstd);

  // NULL options: the defaults.
  ASSERT_EQ(parq_reader_to_arrow(reader.r, "id", 0, &stream), PARQ_OK);
  ASSERT_EQ(parq_write_arrow(out.path.c_str(), &stream, nullptr, error, sizeof error), PARQ_OK) << error;
  EXPECT_EQ(RowsOf(out.path), RowsOf(kAllTypes, "id"));
}

// A stream over parq's export of alltypes_plain that fails where told, and
// counts its releases.
struct FailingStream {
  ArrowArrayStream inner;
  bool fail_schema = false;
  int batches_before_failure = 1;
  int releases = 0;

  static FailingStream* Self(ArrowArrayStream* s) { return static_cast<FailingStream*>(s->private_data); }
  // Fills *out; the stream is this object's to the writer.
  void Make(ArrowArrayStream* out, parq_reader* reader) {
    ASSERT_EQ(parq_reader_to_arrow(reader, nullptr, 2, &inner), PARQ_OK);
    out->private_data = this;
    out->get_schema = [](ArrowArrayStream* s, ArrowSchema* schema) {
      if (Self(s)->fail_schema) return EINVAL;
      return Self(s)->inner.get_schema(&Self(s)->inner, schema);
    };
    out->get_next = [](ArrowArrayStream* s, ArrowArray* batch) {
      if (Self(s)->batches_before_failure-- == 0) return EIO;
      return Self(s)->inner.get_next(&Self(s)->inner, batch);
    };
    out->get_last_error = [](ArrowArrayStream*) -> const char* { return "the producer broke down"; };
    out->release = [](ArrowArrayStream* s) {
      FailingStream* self = Self(s);
      self->inner.release(&self->inner);
      ++self->releases;
      s->release = nullptr;
    };
  }
};

TEST(CApiArrowTest, WriteArrowBadInputLeavesNoFile) {
  Reader reader(kAllTypes);
  ASSERT_NE(reader.r, nullptr) << reader.error;
  TempPath out("c_api_write_arrow_bad.parquet");
  char error[256];

  // A NULL stream, a released stream.
  EXPECT_EQ(parq_write_arrow(out.path.c_str(), nullptr, nullptr, error, sizeof error), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_STREQ(error, "Invalid argument: parq_write_arrow: in is NULL");
  ArrowArrayStream released{};
  EXPECT_EQ(parq_write_arrow(out.path.c_str(), &released, nullptr, error, sizeof error), PARQ_ERROR_INVALID_ARGUMENT);
  EXPECT_NE(std::string(error).find("released"), std::string::npos) << error;
  EXPECT_FALSE(fs::exists(out.path));

  struct Case {
    const char* path;
    const char* options;
    bool fail_schema;
    int batches_before_failure;
    int code;
    const char* message;  // a part of it
  };
  const Case cases[] = {
      {nullptr, nullptr, false, 9, PARQ_ERROR_INVALID_ARGUMENT, "parq_write_arrow: path is NULL"},
      {out.path.c_str(), "codec=zstd;colour=blue", false, 9, PARQ_ERROR_INVALID_ARGUMENT, "'colour'"},
      {out.path.c_str(), "page_size=-5", false, 9, PARQ_ERROR_INVALID_ARGUMENT,
       "writer option 'page_size': takes a positive integer, not '-5'"},
      {out.path.c_str(), "codec=lzma", false, 9, PARQ_ERROR_INVALID_ARGUMENT, "'codec'"},
      {out.path.c_str(), nullptr, true, 9, PARQ_ERROR_IO, "the producer broke down"},
      {out.path.c_str(), nullptr, false, 0, PARQ_ERROR_IO, "the producer broke down"},
      {out.path.c_str(), "row_group_rows=2", false, 2, PARQ_ERROR_IO, "the producer broke down"},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(std::string(c.options != nullptr ? c.options : "(null options)") + ", " +
                 std::to_string(c.batches_before_failure) + " batches");
    FailingStream failing;
    failing.fail_schema = c.fail_schema;
    failing.batches_before_failure = c.batches_before_failure;
    ArrowArrayStream stream;
    failing.Make(&stream, reader.r);
    EXPECT_EQ(parq_write_arrow(c.path, &stream, c.options, error, sizeof error), c.code);
    EXPECT_NE(std::string(error).find(c.message), std::string::npos) << error;
    EXPECT_EQ(failing.releases, 1);
    EXPECT_FALSE(fs::exists(out.path));
  }

  // A file already at the path stays as it was.
  { std::ofstream(out.path) << "before"; }
  FailingStream failing;
  failing.batches_before_failure = 1;
  ArrowArrayStream stream;
  failing.Make(&stream, reader.r);
  EXPECT_EQ(parq_write_arrow(out.path.c_str(), &stream, nullptr, error, sizeof error), PARQ_ERROR_IO);
  std::ifstream in(out.path);
  std::string kept((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(kept, "before");
  // Nothing else left beside it (the temporary sibling is gone).
  const std::string name = fs::path(out.path).filename().string();
  int siblings = 0;
  for (const auto& e : fs::directory_iterator(fs::path(out.path).parent_path())) {
    siblings += e.path().filename().string().rfind(name, 0) == 0;
  }
  EXPECT_EQ(siblings, 1);
}

}  // namespace
}  // namespace parq
