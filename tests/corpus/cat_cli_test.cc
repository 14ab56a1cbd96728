// `parq cat` end to end: output lines, --columns, --head, and exit statuses.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <string>
#include <sys/wait.h>

namespace {

const std::string kParq = std::string(PARQ_BIN_DIR) + "/parq";
const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/";

// Runs `parq args` and returns stdout; *status gets the exit status.
std::string RunParq(const std::string& args, int* status) {
  std::string out;
  FILE* p = popen((kParq + " " + args + " 2>/dev/null").c_str(), "r");
  if (p == nullptr) {
    *status = -1;
    return out;
  }
  char buf[4096];
  size_t n;
  while ((n = fread(buf, 1, sizeof buf, p)) > 0) out.append(buf, n);
  int st = pclose(p);
  *status = WIFEXITED(st) ? WEXITSTATUS(st) : -1;
  return out;
}

class CatCli : public ::testing::Test {
 protected:
  void SetUp() override {
    if (!std::filesystem::exists(kParq)) GTEST_SKIP() << "build the parq_cli target first: " << kParq;
  }
};

TEST_F(CatCli, PrintsRowsAsJsonLines) {
  int st = 0;
  EXPECT_EQ(RunParq("cat " + kData + "data/nested_lists.snappy.parquet", &st),
            "{\"a\":[[[\"a\",\"b\"],[\"c\"]],[null,[\"d\"]]],\"b\":1}\n"
            "{\"a\":[[[\"a\",\"b\"],[\"c\",\"d\"]],[null,[\"e\"]]],\"b\":1}\n"
            "{\"a\":[[[\"a\",\"b\"],[\"c\",\"d\"],[\"e\"]],[null,[\"f\"]]],\"b\":1}\n");
  EXPECT_EQ(st, 0);
}

TEST_F(CatCli, ColumnsAndHead) {
  int st = 0;
  EXPECT_EQ(RunParq("cat --format jsonl --columns id,bool_col --head 2 " + kData + "data/alltypes_plain.parquet", &st),
            "{\"id\":4,\"bool_col\":true}\n{\"id\":5,\"bool_col\":false}\n");
  EXPECT_EQ(st, 0);
}

TEST_F(CatCli, BadFileExitsOne) {
  int st = 0;
  RunParq("cat " + kData + "bad_data/PARQUET-1481.parquet", &st);
  EXPECT_EQ(st, 1);
  RunParq("cat " + kData + "data/no_such_file.parquet", &st);
  EXPECT_EQ(st, 1);
}

TEST_F(CatCli, UsageErrorsExitTwo) {
  int st = 0;
  RunParq("cat", &st);
  EXPECT_EQ(st, 2);
  RunParq("cat --format csv " + kData + "data/alltypes_plain.parquet", &st);
  EXPECT_EQ(st, 2);
  RunParq("cat --head -1 " + kData + "data/alltypes_plain.parquet", &st);
  EXPECT_EQ(st, 2);
}

}  // namespace
