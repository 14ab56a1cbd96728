// `parq cat`, `parq schema` and `parq meta` of a directory or a glob: a
// Hive-partitioned dataset read as one table (docs/dataset.md), and bad input
// as clear errors.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
using parq::testing::CliRun;
using parq::testing::RunParq;
using parq::testing::Stderr;
std::string Q(const std::string& s) { return parq::testing::Quote(s); }

class DatasetCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-dataset-cli-" + std::to_string(::getpid()));
    fs::remove_all(dir_);
    fs::create_directories(dir_ / "tree/year=2023/region=eu");
    fs::create_directories(dir_ / "tree/year=2024/region=us");
    Put(P("s1.txt"), "message m { required int32 id; optional float amount; }\n");
    Put(P("s2.txt"), "message m { required int64 id; optional binary note (STRING); }\n");
    Put(P("r1.jsonl"), "{\"id\":1,\"amount\":1.5}\n{\"id\":2,\"amount\":null}\n");
    Put(P("r2.jsonl"), "{\"id\":3,\"note\":\"hi\"}\n");
    ASSERT_EQ(RunParq("convert " + Q(P("r1.jsonl")) + " " + Q(P("tree/year=2023/region=eu/a.parquet")) +
                      " --schema " + Q(P("s1.txt")))
                  .exit_code,
              0);
    ASSERT_EQ(RunParq("convert " + Q(P("r2.jsonl")) + " " + Q(P("tree/year=2024/region=us/b.parquet")) +
                      " --schema " + Q(P("s2.txt")))
                  .exit_code,
              0);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string P(const std::string& name) const { return (dir_ / name).string(); }
  static void Put(const std::string& path, const std::string& text) { std::ofstream(path, std::ios::binary) << text; }
  fs::path dir_;
};

TEST_F(DatasetCliTest, CatReadsTheTreeAsOneTable) {
  CliRun r = RunParq("cat " + Q(P("tree")), Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out,
            "{\"id\":1,\"amount\":1.5,\"note\":null,\"year\":2023,\"region\":\"eu\"}\n"
            "{\"id\":2,\"amount\":null,\"note\":null,\"year\":2023,\"region\":\"eu\"}\n"
            "{\"id\":3,\"amount\":null,\"note\":\"hi\",\"year\":2024,\"region\":\"us\"}\n");
  r = RunParq("cat " + Q(P("tree") + "/**/*.parquet") + " --where 'year = 2024' --columns note,year", Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "{\"note\":\"hi\",\"year\":2024}\n");
  r = RunParq("cat " + Q(P("tree")) + " --where 'nope = 1'");
  EXPECT_EQ(r.exit_code, 2) << r.out;
}

TEST_F(DatasetCliTest, SchemaNamesTheFilesThatDiffer) {
  CliRun r = RunParq("schema " + Q(P("tree")), Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out, "message schema {\n"
                   "  required int64 id;\n"
                   "  optional float amount;\n"
                   "  optional binary note (STRING);\n"
                   "  optional int64 year;\n"
                   "  optional binary region (STRING);\n"
                   "}\n"
                   "partition columns: year (int64), region (string)\n"
                   "2 files, 2 of them differing from this schema:\n"
                   "  " + P("tree/year=2023/region=eu/a.parquet") + ": id: int32, widened to int64; note: absent\n"
                   "  " + P("tree/year=2024/region=us/b.parquet") + ": amount: absent\n");
  r = RunParq("schema --json " + Q(P("tree")), Stderr::kShown);
  EXPECT_NE(r.out.find("\"differing_files\":[{\"path\":"), std::string::npos) << r.out;
}

TEST_F(DatasetCliTest, MetaSummarizes) {
  CliRun r = RunParq("meta " + Q(P("tree")), Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("files: 2\nrows: 3\nrow groups: 2\nbytes: ", 0), 0u) << r.out;
  r = RunParq("meta --json " + Q(P("tree")), Stderr::kShown);
  EXPECT_EQ(r.out.rfind("{\"files\":2,\"rows\":3,\"row_groups\":2,", 0), 0u) << r.out;
}

TEST_F(DatasetCliTest, BadInputIsAClearError) {
  Put(P("tree/year=2024/notes.txt"), "not parquet at all");
  CliRun r = RunParq("cat " + Q(P("tree")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("parq: error: Corrupt: "), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("notes.txt"), std::string::npos) << r.out;
  r = RunParq("cat --skip-invalid " + Q(P("tree")));
  EXPECT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("parq: warning: skipped " + P("tree/year=2024/notes.txt")), std::string::npos) << r.out;
  r = RunParq("cat " + Q(P("tree") + "/*.none"));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("matches no file"), std::string::npos) << r.out;
  fs::create_directory_symlink(P("tree"), P("tree/year=2023/loop"));
  r = RunParq("meta " + Q(P("tree")));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("symbolic link loop"), std::string::npos) << r.out;
}

TEST_F(DatasetCliTest, SplitsPrintsRangesAsJson) {
  std::string lines;
  for (int i = 0; i < 100; ++i) lines += "{\"id\":" + std::to_string(i) + ",\"amount\":1}\n";
  Put(P("many.jsonl"), lines);
  ASSERT_EQ(RunParq("convert " + Q(P("many.jsonl")) + " " + Q(P("many.parquet")) + " --schema " + Q(P("s1.txt")) +
                    " --row-group-rows 10")
                .exit_code,
            0);
  CliRun one = RunParq("splits " + Q(P("many.parquet")), Stderr::kShown);
  EXPECT_EQ(one.exit_code, 0);
  const std::string size = std::to_string(fs::file_size(P("many.parquet")));
  EXPECT_EQ(one.out, "{\"file\":\"" + P("many.parquet") + "\",\"file_size\":" + size +
                         ",\"target_bytes\":134217728,\"splits\":[{\"offset\":0,\"length\":" + size +
                         ",\"row_groups\":[0,1,2,3,4,5,6,7,8,9],\"rows\":100}]}\n");
  CliRun each = RunParq("splits " + Q(P("many.parquet")) + " --size 1", Stderr::kShown);
  EXPECT_EQ(each.exit_code, 0);
  size_t splits = 0;
  for (size_t at = each.out.find("\"offset\":"); at != std::string::npos; at = each.out.find("\"offset\":", at + 1)) {
    ++splits;
  }
  EXPECT_EQ(splits, 10u) << each.out;
  EXPECT_EQ(RunParq("splits " + Q(P("many.parquet")) + " --size 12XB").exit_code, 2);
}

}  // namespace
