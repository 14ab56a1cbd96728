// PartitionedWriter: Hive directories with safe names for any value, files
// without the partition columns that a Dataset reads back as the input,
// files cut by rows and bytes, and nothing at the destination unless Close()
// succeeds.
#include "parq/partitioned_writer.h"

#include <gtest/gtest.h>

#include <filesystem>
#include <random>

#include "dataset/dataset_files_util.h"
#include "parq/dataset.h"
#include "parq/file_reader.h"
#include "parq/schema_helpers.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
namespace s = parq::schema;
using testing::Row;
using testing::SortedText;
using testing::TempDir;

Result<std::vector<Value>> ReadAll(const std::string& dir, const DatasetOptions& options = {}) {
  PARQ_ASSIGN_OR_RETURN(auto ds, Dataset::Open(dir, options));
  return testing::ReadAll(*ds);
}

std::vector<std::string> Entries(const fs::path& dir) {
  std::vector<std::string> out;
  for (const auto& e : fs::recursive_directory_iterator(dir)) {
    out.push_back(fs::relative(e.path(), dir).string());
  }
  std::sort(out.begin(), out.end());
  return out;
}

TEST(PartitionedWriterTest, WritesHiveDirectoriesThatReadBackAsTheInput) {
  TempDir dir("pw");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id"), s::Int32("k1").Optional(),
                                                  s::String("v").Optional(), s::String("k2").Optional()}));
  const std::vector<std::optional<std::string>> k2s = {"plain", "a/b", "x=y", "50%", std::string("\x01\n", 2),
                                                       "caf\xc3\xa9", "..", std::nullopt};
  std::mt19937 rng(7);
  std::vector<Value> input, expected;
  for (int64_t i = 0; i < 500; ++i) {
    const Value k1 = rng() % 5 == 0 ? Value::Null() : Value::Int32(static_cast<int32_t>(rng() % 3) - 1);
    const auto& k2 = k2s[rng() % k2s.size()];
    const Value k2v = k2 ? Value::Bytes(*k2) : Value::Null();
    const Value v = Value::Bytes("v" + std::to_string(i));
    input.push_back(Row({{"id", Value::Int64(i)}, {"k1", k1}, {"v", v}, {"k2", k2v}}));
    expected.push_back(Row({{"id", Value::Int64(i)},
                            {"v", v},
                            {"k1", k1.is_null() ? Value::Null() : Value::Int64(k1.int32_value())},
                            {"k2", k2v}}));
  }
  PartitionedWriterOptions options;
  options.partition_by = {"k1", "k2"};
  options.max_rows_per_file = 30;
  options.max_open_files = 40;
  const std::string out = dir / "out";
  ASSERT_OK_AND_ASSIGN(auto writer, PartitionedWriter::Open(out, schema, options));
  EXPECT_EQ(writer->file_schema().ToString(),
            "message schema {\n  required int64 id;\n  optional binary v (STRING);\n}\n");
  for (const Value& r : input) ASSERT_OK(writer->Write(r));
  EXPECT_FALSE(fs::exists(out));  // nothing at the destination before Close
  ASSERT_OK(writer->Close());
  EXPECT_EQ(writer->rows_written(), 500);
  EXPECT_GE(writer->files_written(), 500 / 30);
  // Only the tree: no temporary directory is left beside it.
  EXPECT_EQ(Entries(dir.path()).front(), "out");
  const std::vector<std::string> top = [&] {
    std::vector<std::string> v;
    for (const auto& e : fs::directory_iterator(out)) v.push_back(e.path().filename().string());
    std::sort(v.begin(), v.end());
    return v;
  }();
  EXPECT_EQ(top, (std::vector<std::string>{"k1=-1", "k1=0", "k1=1", "k1=__HIVE_DEFAULT_PARTITION__"}));
  EXPECT_TRUE(fs::is_directory(fs::path(out) / "k1=0" / "k2=a%2Fb") || fs::is_directory(fs::path(out) / "k1=1" / "k2=a%2Fb") ||
              fs::is_directory(fs::path(out) / "k1=-1" / "k2=a%2Fb"));
  for (const auto& e : fs::recursive_directory_iterator(out)) {
    if (!e.is_regular_file()) continue;
    ASSERT_OK_AND_ASSIGN(auto f, FileReader::Open(e.path().string()));
    EXPECT_LE(f->metadata().num_rows(), 30);
    EXPECT_EQ(f->schema().num_columns(), 2);
  }
  DatasetOptions read;
  read.partition_types = {{"k2", PartitionType::kString}};
  ASSERT_OK_AND_ASSIGN(std::vector<Value> back, ReadAll(out, read));
  EXPECT_EQ(SortedText(back), SortedText(expected));
}

TEST(PartitionedWriterTest, TargetFileBytesCutsFiles) {
  TempDir dir("pw_bytes");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id"), s::String("pad"), s::Int32("k")}));
  PartitionedWriterOptions options;
  options.partition_by = {"k"};
  options.target_file_bytes = 20000;
  options.writer_options.max_rows_per_row_group = 100;
  ASSERT_OK_AND_ASSIGN(auto writer, PartitionedWriter::Open(dir / "out", schema, options));
  for (int64_t i = 0; i < 3000; ++i) {
    ASSERT_OK(writer->Write(Row({{"id", Value::Int64(i)}, {"pad", Value::Bytes(std::to_string(i * 7919) + "pad")},
                                 {"k", Value::Int32(static_cast<int32_t>(i % 2))}})));
  }
  ASSERT_OK(writer->Close());
  EXPECT_GT(writer->files_written(), 2);
  ASSERT_OK_AND_ASSIGN(std::vector<Value> back, ReadAll(dir / "out"));
  EXPECT_EQ(back.size(), 3000u);
}

TEST(PartitionedWriterTest, NothingAtTheDestinationWithoutClose) {
  TempDir dir("pw_abort");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id"), s::Int32("k")}));
  PartitionedWriterOptions options;
  options.partition_by = {"k"};
  {
    ASSERT_OK_AND_ASSIGN(auto writer, PartitionedWriter::Open(dir / "out", schema, options));
    ASSERT_OK(writer->Write(Row({{"id", Value::Int64(1)}, {"k", Value::Int32(1)}})));
    // A row that does not fit is refused, naming it.
    EXPECT_STATUS_HAS(writer->Write(Row({{"id", Value::Int64(1)}})), StatusCode::kInvalidArgument, "row 1");
  }
  EXPECT_TRUE(fs::is_empty(dir.path()));
  // A destination with something in it is refused; an empty directory is taken.
  fs::create_directories(dir.path() / "full" / "x");
  EXPECT_STATUS_HAS(PartitionedWriter::Open(dir / "full", schema, options), StatusCode::kInvalidArgument, "exists");
  fs::create_directories(dir.path() / "empty");
  ASSERT_OK_AND_ASSIGN(auto writer, PartitionedWriter::Open(dir / "empty", schema, options));
  ASSERT_OK(writer->Write(Row({{"id", Value::Int64(1)}, {"k", Value::Int32(1)}})));
  ASSERT_OK(writer->Close());
  EXPECT_TRUE(fs::exists(dir.path() / "empty" / "k=1" / "part-00000.parquet"));
  // Bad options.
  options.partition_by = {"nope"};
  EXPECT_STATUS(PartitionedWriter::Open(dir / "o2", schema, options), StatusCode::kInvalidArgument);
  options.partition_by = {"id", "k"};
  EXPECT_STATUS_HAS(PartitionedWriter::Open(dir / "o2", schema, options), StatusCode::kInvalidArgument,
                    "every column");
}

TEST(PartitionedWriterTest, MaxOpenFilesClosesTheLeastRecentlyWritten) {
  TempDir dir("pw_lru");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id"), s::Int32("k")}));
  PartitionedWriterOptions options;
  options.partition_by = {"k"};
  options.max_open_files = 2;
  ASSERT_OK_AND_ASSIGN(auto writer, PartitionedWriter::Open(dir / "out", schema, options));
  // k: 0 1 0 2 (closes 1) 0 1 (closes 2): files 0, 1, 2, 1 again.
  for (int32_t k : {0, 1, 0, 2, 0, 1}) ASSERT_OK(writer->Write(Row({{"id", Value::Int64(k)}, {"k", Value::Int32(k)}})));
  ASSERT_OK(writer->Close());
  EXPECT_EQ(writer->files_written(), 4);
  EXPECT_EQ(Entries(dir.path() / "out"),
            (std::vector<std::string>{"k=0", "k=0/part-00000.parquet", "k=1", "k=1/part-00001.parquet",
                                      "k=1/part-00003.parquet", "k=2", "k=2/part-00002.parquet"}));
}

TEST(PartitionedWriterTest, StaleTemporariesOfKilledWritersAreRemoved) {
  TempDir dir("pw_stale");
  // pid 2^22 + 1 is beyond Linux's pid_max: no such process.
  fs::create_directories(dir.path() / ".out.parq-tmp-4194305-0" / "k=1");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id"), s::Int32("k")}));
  PartitionedWriterOptions options;
  options.partition_by = {"k"};
  ASSERT_OK_AND_ASSIGN(auto writer, PartitionedWriter::Open(dir / "out", schema, options));
  EXPECT_FALSE(fs::exists(dir.path() / ".out.parq-tmp-4194305-0"));
}

}  // namespace
}  // namespace parq
