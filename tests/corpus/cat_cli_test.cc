// `parq cat` end to end: output lines, --columns, --head, and exit statuses.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "testing/run_parq.h"

namespace {

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/";

// Runs `parq args` and returns stdout; *status gets the exit status.
std::string RunParq(const std::string& args, int* status) {
  parq::testing::CliRun r = parq::testing::RunParq(args, parq::testing::Stderr::kDropped);
  *status = r.exit_code;
  return r.out;
}

class CatCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(parq::testing::kParqBinary)) {
      GTEST_SKIP() << "build the parq_cli target first: " << parq::testing::kParqBinary;
    }
  }
};

TEST_F(CatCliTest, PrintsRowsAsJsonLines) {
  int st = 0;
  EXPECT_EQ(RunParq("cat " + kData + "data/nested_lists.snappy.parquet", &st),
            "{\"a\":[[[\"a\",\"b\"],[\"c\"]],[null,[\"d\"]]],\"b\":1}\n"
            "{\"a\":[[[\"a\",\"b\"],[\"c\",\"d\"]],[null,[\"e\"]]],\"b\":1}\n"
            "{\"a\":[[[\"a\",\"b\"],[\"c\",\"d\"],[\"e\"]],[null,[\"f\"]]],\"b\":1}\n");
  EXPECT_EQ(st, 0);
}

TEST_F(CatCliTest, ColumnsAndHead) {
  int st = 0;
  EXPECT_EQ(RunParq("cat --format jsonl --columns id,bool_col --head 2 " + kData + "data/alltypes_plain.parquet", &st),
            "{\"id\":4,\"bool_col\":true}\n{\"id\":5,\"bool_col\":false}\n");
  EXPECT_EQ(st, 0);
}

TEST_F(CatCliTest, BadFileExitsOne) {
  int st = 0;
  RunParq("cat " + kData + "bad_data/PARQUET-1481.parquet", &st);
  EXPECT_EQ(st, 1);
  RunParq("cat " + kData + "data/no_such_file.parquet", &st);
  EXPECT_EQ(st, 1);
}

TEST_F(CatCliTest, ThreadsGiveTheSameOutput) {
  for (const char* name : {"data/nested_lists.snappy.parquet", "data/alltypes_plain.parquet",
                           "data/datapage_v2.snappy.parquet", "data/nested_maps.snappy.parquet"}) {
    int st = 0;
    const std::string one = RunParq("cat " + kData + name, &st);
    EXPECT_EQ(st, 0) << name;
    EXPECT_FALSE(one.empty()) << name;
    EXPECT_EQ(RunParq("cat --threads 3 " + kData + name, &st), one) << name;
    EXPECT_EQ(st, 0) << name;
    EXPECT_EQ(RunParq("cat --format csv --threads 2 " + kData + name, &st),
              RunParq("cat --format csv " + kData + name, &st))
        << name;
  }
  int st = 0;
  RunParq("cat --threads 0 " + kData + "data/alltypes_plain.parquet", &st);
  EXPECT_EQ(st, 2);
  RunParq("cat --threads 1025 " + kData + "data/alltypes_plain.parquet", &st);
  EXPECT_EQ(st, 2);
}

TEST_F(CatCliTest, UsageErrorsExitTwo) {
  int st = 0;
  RunParq("cat", &st);
  EXPECT_EQ(st, 2);
  RunParq("cat --format xml " + kData + "data/alltypes_plain.parquet", &st);
  EXPECT_EQ(st, 2);
  RunParq("cat --head -1 " + kData + "data/alltypes_plain.parquet", &st);
  EXPECT_EQ(st, 2);
}

}  // namespace
