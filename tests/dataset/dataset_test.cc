// Dataset and DatasetRowReader: file discovery (directories, globs, lists),
// Hive partitions, schema unification with widening, projection, filters
// that prune whole files, and bad input.
#include "parq/dataset.h"

#include <gtest/gtest.h>
#include <sys/stat.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>

#include "dataset/dataset_files_util.h"
#include "dataset/file_listing.h"
#include "dataset/hive_path.h"
#include "parq/schema_helpers.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::ReadAll;
using testing::Row;
using testing::SortedText;
using testing::TempDir;
using testing::WriteRows;
namespace s = parq::schema;

void WriteText(const std::string& path, const std::string& text) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  std::ofstream(path) << text;
}

// A tree of drifted schemas: 2 partition levels, a null partition, an
// escaped value, a file with no row group, an empty file, a _SUCCESS marker.
class DatasetTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(Schema a, s::Message({s::Int32("id"), s::Float("amount").Optional()}));
    ASSERT_OK_AND_ASSIGN(Schema b, s::Message({s::Int64("id"), s::Double("amount").Optional(),
                                               s::String("note").Optional()}));
    ASSERT_OK_AND_ASSIGN(Schema c, s::Message({s::Int32("id"), s::String("note").Optional()}));
    ASSERT_OK(WriteRows(dir_ / "year=2023/region=eu/part0.parquet", a,
                        {Row({{"id", Value::Int32(1)}, {"amount", Value::Float(1.5f)}}),
                         Row({{"id", Value::Int32(2)}, {"amount", Value::Null()}})}));
    ASSERT_OK(WriteRows(dir_ / "year=2023/region=us/part0.parquet", b,
                        {Row({{"id", Value::Int64(3)}, {"amount", Value::Double(2.25)}, {"note", Value::Bytes("x")}})}));
    ASSERT_OK(WriteRows(dir_ / "year=2024/region=__HIVE_DEFAULT_PARTITION__/a.parquet", c,
                        {Row({{"id", Value::Int32(4)}, {"note", Value::Bytes("y")}})}));
    ASSERT_OK(WriteRows(dir_ / "year=2024/region=a%2Fb/zero.parquet", c, {}));
    WriteText(dir_ / "year=2024/region=x/empty.parquet", "");
    WriteText(dir_ / "_SUCCESS", "");
    WriteText(dir_ / ".hidden/x.parquet", "not parquet");
  }

  static Value Expected(int64_t id, std::optional<double> amount, std::optional<std::string> note, int64_t year,
                        std::optional<std::string> region) {
    return Row({{"id", Value::Int64(id)},
                {"amount", amount ? Value::Double(*amount) : Value::Null()},
                {"note", note ? Value::Bytes(*note) : Value::Null()},
                {"year", Value::Int64(year)},
                {"region", region ? Value::Bytes(*region) : Value::Null()}});
  }

  TempDir dir_{"tree"};
};

TEST_F(DatasetTest, UnifiesSchemasAndReadsPartitions) {
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string()));
  EXPECT_EQ(ds->schema().ToString(),
            "message schema {\n"
            "  required int64 id;\n"
            "  optional double amount;\n"
            "  optional binary note (STRING);\n"
            "  optional int64 year;\n"
            "  optional binary region (STRING);\n"
            "}\n");
  ASSERT_EQ(ds->files().size(), 5u);
  EXPECT_EQ(ds->num_rows(), 4);
  ASSERT_EQ(ds->partition_fields().size(), 2u);
  EXPECT_EQ(ds->partition_fields()[0].type, PartitionType::kInt64);
  EXPECT_EQ(ds->partition_fields()[1].type, PartitionType::kString);
  EXPECT_EQ(ds->files()[0].differences, (std::vector<std::string>{"id: int32, widened to int64",
                                                                  "amount: float, widened to double", "note: absent"}));
  EXPECT_TRUE(ds->files()[1].differences.empty());
  ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, ReadAll(*ds));
  EXPECT_EQ(SortedText(rows), SortedText({Expected(1, 1.5, std::nullopt, 2023, "eu"),
                                          Expected(2, std::nullopt, std::nullopt, 2023, "eu"),
                                          Expected(3, 2.25, "x", 2023, "us"),
                                          Expected(4, std::nullopt, "y", 2024, std::nullopt)}));
}

TEST_F(DatasetTest, GlobAndFileList) {
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open((dir_.path() / "**/part*.parquet").string()));
  ASSERT_EQ(ds->files().size(), 2u);
  EXPECT_EQ(ds->num_rows(), 3);
  EXPECT_EQ(ds->schema().root().num_children(), 5);
  ASSERT_OK_AND_ASSIGN(auto one, Dataset::Open(std::vector<std::string>{dir_ / "year=2023/region=us/part0.parquet"}));
  ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, ReadAll(*one));
  EXPECT_EQ(SortedText(rows), SortedText({Expected(3, 2.25, "x", 2023, "us")}));
  EXPECT_STATUS_HAS(Dataset::Open((dir_.path() / "**/*.csv").string()), StatusCode::kInvalidArgument,
                    "matches no file");
}

TEST_F(DatasetTest, PartitionFilterPrunesFilesBeforeOpeningThem) {
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string()));
  DatasetScanOptions scan;
  ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter("year = 2023 AND region = 'us'", ds->schema()));
  int64_t opened = 0, pruned = 0;
  ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, ReadAll(*ds, scan, &opened, &pruned));
  EXPECT_EQ(SortedText(rows), SortedText({Expected(3, 2.25, "x", 2023, "us")}));
  EXPECT_EQ(opened, 1);
  EXPECT_EQ(pruned, 4);
  // A filter on a column some files lack prunes those files; the rest are
  // filtered row by row.
  ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter("note IS NOT NULL AND id > 3", ds->schema()));
  ASSERT_OK_AND_ASSIGN(rows, ReadAll(*ds, scan, &opened, &pruned));
  EXPECT_EQ(SortedText(rows), SortedText({Expected(4, std::nullopt, "y", 2024, std::nullopt)}));
  EXPECT_EQ(opened, 2);
  ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter("region IS NULL OR amount > 2", ds->schema()));
  ASSERT_OK_AND_ASSIGN(rows, ReadAll(*ds, scan));
  EXPECT_EQ(rows.size(), 2u);
}

TEST_F(DatasetTest, ProjectionReadsOnlyTheNamedFields) {
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string()));
  DatasetScanOptions scan;
  scan.columns = {"region", "id"};
  ASSERT_OK_AND_ASSIGN(scan.filter, ParseFilter("amount IS NULL", ds->schema()));
  ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, ReadAll(*ds, scan));
  EXPECT_EQ(SortedText(rows), SortedText({Row({{"id", Value::Int64(2)}, {"region", Value::Bytes("eu")}}),
                                          Row({{"id", Value::Int64(4)}, {"region", Value::Null()}})}));
  // Only partition columns: no column of any file is read.
  scan.columns = {"year"};
  scan.filter.reset();
  ASSERT_OK_AND_ASSIGN(rows, ReadAll(*ds, scan));
  EXPECT_EQ(rows.size(), 4u);
  scan.columns = {"nope"};
  EXPECT_STATUS(DatasetRowReader::Open(*ds, scan), StatusCode::kInvalidArgument);
}

TEST_F(DatasetTest, ConflictingSchemasNameTheFileAndColumn) {
  ASSERT_OK_AND_ASSIGN(Schema bad, s::Message({s::String("amount")}));
  ASSERT_OK(WriteRows(dir_ / "year=2025/region=eu/bad.parquet", bad, {Row({{"amount", Value::Bytes("1")}})}));
  EXPECT_STATUS_HAS(Dataset::Open(dir_.path().string()), StatusCode::kInvalidArgument,
                    "column 'amount' is double in " + (dir_ / "year=2023/region=us/part0.parquet") +
                        " but binary (STRING) in " + (dir_ / "year=2025/region=eu/bad.parquet"));
}

TEST_F(DatasetTest, BadInputIsAnErrorOrSkipped) {
  WriteText(dir_ / "year=2024/region=eu/notes.txt", "hello, not parquet");
  EXPECT_STATUS_HAS(Dataset::Open(dir_.path().string()), StatusCode::kCorrupt, "notes.txt");
  DatasetOptions skip;
  skip.skip_invalid = true;
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string(), skip));
  ASSERT_EQ(ds->skipped().size(), 1u);
  EXPECT_NE(ds->skipped()[0].find("notes.txt"), std::string::npos);
  EXPECT_EQ(ds->num_rows(), 4);

  TempDir loop("loop");
  ASSERT_OK(WriteRows(loop / "a/f.parquet", ds->schema(), {}));
  std::filesystem::create_directory_symlink(loop.path(), loop.path() / "a" / "back");
  EXPECT_STATUS_HAS(Dataset::Open(loop.path().string()), StatusCode::kInvalidArgument, "symbolic link loop");
  std::filesystem::create_symlink(loop.path() / "self", loop.path() / "self");
  EXPECT_STATUS_HAS(Dataset::Open(loop.path().string()), StatusCode::kInvalidArgument, "symbolic link loop");

  if (::geteuid() != 0) {  // root reads any file
    TempDir locked("locked");
    ASSERT_OK(WriteRows(locked / "f.parquet", ds->schema(), {}));
    ::chmod((locked / "f.parquet").c_str(), 0);
    EXPECT_STATUS_HAS(Dataset::Open(locked.path().string()), StatusCode::kIOError, "f.parquet");
  }
  EXPECT_STATUS_HAS(Dataset::Open(dir_ / "missing"), StatusCode::kInvalidArgument, "cannot open");
  TempDir empty("empty");
  EXPECT_STATUS_HAS(Dataset::Open(empty.path().string()), StatusCode::kInvalidArgument, "holds no file");
}

TEST_F(DatasetTest, DeclaredPartitionTypes) {
  DatasetOptions o;
  o.partition_types = {{"year", PartitionType::kString}};
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir_.path().string(), o));
  EXPECT_EQ(ds->partition_fields()[0].type, PartitionType::kString);
  o.partition_types = {{"region", PartitionType::kInt64}};
  EXPECT_STATUS_HAS(Dataset::Open(dir_.path().string(), o), StatusCode::kInvalidArgument, "is not a int64");
  o.hive_partitioning = false;
  ASSERT_OK_AND_ASSIGN(ds, Dataset::Open(dir_.path().string(), o));
  EXPECT_EQ(ds->schema().root().num_children(), 3);
}

TEST(DatasetWideningTest, IntegersIntoDecimalsAndDatePartitions) {
  TempDir dir("decimal");
  ASSERT_OK_AND_ASSIGN(Schema a, s::Message({s::Int32("v")}));
  ASSERT_OK_AND_ASSIGN(Schema b, s::Message({s::Decimal("v", 14, 2).Optional()}));
  ASSERT_OK(WriteRows(dir / "d=2024-01-02/a.parquet", a, {Row({{"v", Value::Int32(-7)}})}));
  ASSERT_OK(WriteRows(dir / "d=2024-01-03/b.parquet", b, {Row({{"v", Value::Int64(12345)}})}));
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir.path().string()));
  EXPECT_EQ(ds->schema().ToString(),
            "message schema {\n  optional int64 v (DECIMAL(14,2));\n  optional int32 d (DATE);\n}\n");
  ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, ReadAll(*ds));
  EXPECT_EQ(SortedText(rows), SortedText({Row({{"v", Value::Int64(-700)}, {"d", Value::Int32(19724)}}),
                                          Row({{"v", Value::Int64(12345)}, {"d", Value::Int32(19725)}})}));
  // An INT64 does not fit DECIMAL(14,2): there is no type for both.
  ASSERT_OK_AND_ASSIGN(Schema c, s::Message({s::Int64("v")}));
  ASSERT_OK(WriteRows(dir / "d=2024-01-04/c.parquet", c, {Row({{"v", Value::Int64(1)}})}));
  ASSERT_OK_AND_ASSIGN(ds, Dataset::Open(dir.path().string()));
  EXPECT_EQ(ds->schema().root().child(0).logical_type(), LogicalType::Decimal(21, 2));
}

// Partition types inferred as DuckDB 1.x infers them (each case checked
// against DuckDB's read_parquet(hive_partitioning = true) by hand): DATE,
// TIMESTAMP, BIGINT per value, VARCHAR otherwise or when values disagree.
TEST(DatasetInferenceTest, InfersAsDuckDb) {
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int32("x")}));
  struct Case {
    std::vector<std::string> values;
    PartitionType type;
    std::string first;  // the first file's value, DebugString
  };
  const Case cases[] = {
      {{"1", "2"}, PartitionType::kInt64, "1"},
      {{"-007"}, PartitionType::kInt64, "-7"},
      {{"0"}, PartitionType::kInt64, "0"},
      {{"0x10"}, PartitionType::kInt64, "16"},
      {{"-9223372036854775808"}, PartitionType::kInt64, "-9223372036854775808"},
      {{"007"}, PartitionType::kString, "\"007\""},
      {{"+5"}, PartitionType::kString, "\"+5\""},
      {{"1.5"}, PartitionType::kString, "\"1.5\""},
      {{"1", "1.5"}, PartitionType::kString, "\"1\""},
      {{"1e3"}, PartitionType::kString, "\"1e3\""},
      {{"9223372036854775808"}, PartitionType::kString, "\"9223372036854775808\""},
      {{"2024-01-01"}, PartitionType::kDate, "19723"},
      {{"2024-1-2"}, PartitionType::kDate, "19724"},
      {{"2024-02-30"}, PartitionType::kString, "\"2024-02-30\""},
      {{"2024-01-01 10:00:00"}, PartitionType::kTimestamp, "1704103200000000"},
      {{"2024-01-01T10:00"}, PartitionType::kTimestamp, "1704103200000000"},
      {{"2024-01-01 10:00:00.123456789"}, PartitionType::kTimestamp, "1704103200123456"},
      {{"2024-01-01 10"}, PartitionType::kString, "\"2024-01-01 10\""},
      {{"2024-01-01", "2024-01-01 10:00:00"}, PartitionType::kString, "\"2024-01-01\""},
      {{"1", "2024-01-01"}, PartitionType::kString, "\"1\""},
      {{"NULL", "3"}, PartitionType::kInt64, "null"},
      {{"__HIVE_DEFAULT_PARTITION__", "3"}, PartitionType::kInt64, "null"},
      {{"true"}, PartitionType::kString, "\"true\""},
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.values.front());
    TempDir dir("infer");
    for (size_t i = 0; i < c.values.size(); ++i) {
      ASSERT_OK(WriteRows(dir / ("k=" + c.values[i] + "/f" + std::to_string(i) + ".parquet"), schema,
                          {Row({{"x", Value::Int32(static_cast<int32_t>(i))}})}));
    }
    ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir.path().string()));
    ASSERT_EQ(ds->partition_fields().size(), 1u);
    EXPECT_EQ(ds->partition_fields()[0].type, c.type);
    ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, ReadAll(*ds));
    // The row of the first value's file (x = 0).
    for (const Value& r : rows) {
      ASSERT_NE(r.Find("x"), nullptr);
      ASSERT_NE(r.Find("k"), nullptr);
      if (r.Find("x")->int32_value() == 0) {
        EXPECT_EQ(r.Find("k")->DebugString(), c.first);
      }
    }
  }
}

// A declared schema replaces unification: its order and types, files
// widened into it, absent fields null, undeclared ones not read; files that
// do not convert are errors naming them.
TEST(DatasetDeclaredSchemaTest, ReadsTheFilesAsDeclared) {
  TempDir dir("declared");
  ASSERT_OK_AND_ASSIGN(Schema a, s::Message({s::Int32("id"), s::Float("amount").Optional(), s::String("extra")}));
  ASSERT_OK_AND_ASSIGN(Schema b, s::Message({s::Int64("id"), s::String("note").Optional()}));
  ASSERT_OK(WriteRows(dir / "k=1/a.parquet", a,
                      {Row({{"id", Value::Int32(1)}, {"amount", Value::Float(0.5f)}, {"extra", Value::Bytes("e")}})}));
  ASSERT_OK(WriteRows(dir / "k=2/b.parquet", b, {Row({{"id", Value::Int64(2)}, {"note", Value::Bytes("n")}})}));
  ASSERT_OK_AND_ASSIGN(Schema declared, s::Message({s::String("note").Optional(), s::Int64("id"),
                                                    s::Double("amount").Optional(), s::Int32("more").Optional()}));
  DatasetOptions o;
  o.schema = std::make_shared<const Schema>(std::move(declared));
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(dir.path().string(), o));
  EXPECT_EQ(ds->schema().ToString(),
            "message schema {\n  optional binary note (STRING);\n  required int64 id;\n  optional double amount;\n"
            "  optional int32 more;\n  optional int64 k;\n}\n");
  ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, ReadAll(*ds));
  EXPECT_EQ(SortedText(rows),
            SortedText({Row({{"note", Value::Null()}, {"id", Value::Int64(1)}, {"amount", Value::Double(0.5)},
                             {"more", Value::Null()}, {"k", Value::Int64(1)}}),
                        Row({{"note", Value::Bytes("n")}, {"id", Value::Int64(2)}, {"amount", Value::Null()},
                             {"more", Value::Null()}, {"k", Value::Int64(2)}})}));
  // Columnar too.
  ASSERT_OK_AND_ASSIGN(auto columns, DatasetColumnarReader::Open(*ds));
  ColumnarBatch batch;
  int64_t n = 0;
  while (true) {
    ASSERT_OK_AND_ASSIGN(bool more, columns->Next(&batch));
    if (!more) break;
    EXPECT_EQ(batch.leaves.size(), 5u);
    n += batch.num_rows;
  }
  EXPECT_EQ(n, 2);

  // A type that does not widen into the declared one; a declared required
  // field a file lacks; a required declared field optional in a file.
  const std::pair<const char*, std::string> bad[] = {
      {"message m { optional int32 id; }", "'id' is int64 required in " + (dir / "k=2/b.parquet")},
      {"message m { required int64 id; required binary extra (STRING); }",
       "'extra' is required in the declared schema but " + (dir / "k=2/b.parquet") + " lacks it"},
      {"message m { required binary note (STRING); }", "'note'"},
  };
  for (const auto& [text, message] : bad) {
    SCOPED_TRACE(text);
    ASSERT_OK_AND_ASSIGN(Schema d, ParseMessageType(text));
    o.schema = std::make_shared<const Schema>(std::move(d));
    EXPECT_STATUS_HAS(Dataset::Open(dir.path().string(), o), StatusCode::kInvalidArgument, message);
  }
  // A declared column named as a partition key.
  ASSERT_OK_AND_ASSIGN(Schema with_k, ParseMessageType("message m { optional int64 k; }"));
  o.schema = std::make_shared<const Schema>(std::move(with_k));
  EXPECT_STATUS_HAS(Dataset::Open(dir.path().string(), o), StatusCode::kInvalidArgument, "partition key");
}

TEST(DatasetGlobTest, MatchesSegments) {
  using dataset::GlobMatch;
  EXPECT_TRUE(GlobMatch("**/*.parquet", "a.parquet"));
  EXPECT_TRUE(GlobMatch("**/*.parquet", "x/y/a.parquet"));
  EXPECT_TRUE(GlobMatch("x/**/a.parquet", "x/a.parquet"));
  EXPECT_FALSE(GlobMatch("*.parquet", "x/a.parquet"));
  EXPECT_TRUE(GlobMatch("*/?.parquet", "x/a.parquet"));
  EXPECT_FALSE(GlobMatch("*/?.parquet", "x/ab.parquet"));
  EXPECT_TRUE(GlobMatch("y=[0-9]*/*", "y=2020/f"));
  EXPECT_FALSE(GlobMatch("y=[0-9]*/*", "y=x/f"));
}

TEST(DatasetHivePathTest, PercentEncodingRoundTrips) {
  using dataset::ParsePartitionSegment;
  using dataset::PartitionSegment;
  const std::string nasty = std::string("a/b=c%d\x01:e\xc3\xa9 f", 14);
  const std::string seg = PartitionSegment("k", nasty);
  EXPECT_EQ(seg, "k=a%2Fb%3Dc%25d%01%3Ae\xc3\xa9 f");
  auto parsed = ParsePartitionSegment(seg);
  ASSERT_TRUE(parsed.has_value());
  EXPECT_EQ(parsed->first, "k");
  EXPECT_EQ(parsed->second, nasty);
  EXPECT_EQ(PartitionSegment("k", std::nullopt), "k=__HIVE_DEFAULT_PARTITION__");
  EXPECT_EQ(ParsePartitionSegment("k=__HIVE_DEFAULT_PARTITION__")->second, std::nullopt);
  EXPECT_FALSE(ParsePartitionSegment("plain").has_value());
  EXPECT_EQ(dataset::PercentDecode("100%"), "100%");
}

}  // namespace
}  // namespace parq
