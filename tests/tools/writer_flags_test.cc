// The writer flags of `parq rewrite` and `parq convert` as a user gives them:
// a value that is wrong (a level the codec does not take, a column that is
// not there, an encoding its type does not allow, a size that is not a
// positive number) is a usage error, exit 2 with the usage line, and no
// output; a file that is bad stays exit 1.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
const std::string kAllTypes = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_plain.parquet";

using parq::testing::CliRun;
using parq::testing::RunParq;
std::string Q(const std::string& s) { return parq::testing::Quote(s); }

class WriterFlagsCliTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-writer-flags-test-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string P(const std::string& name) const { return (dir_ / name).string(); }
  CliRun Rewrite(const std::string& flags) const {
    return RunParq("rewrite " + Q(kAllTypes) + " " + Q(P("out.parquet")) + " " + flags);
  }
  // Exit 2, the message, the usage line, no output file.
  void ExpectUsage(const CliRun& r, const std::string& flags, const std::string& message) const {
    EXPECT_EQ(r.exit_code, 2) << flags << "\n" << r.out;
    EXPECT_EQ(r.out.rfind("parq: usage error: " + message, 0), 0u) << flags << "\n" << r.out;
    EXPECT_NE(r.out.find("\nusage: parq "), std::string::npos) << r.out;
    EXPECT_FALSE(fs::exists(P("out.parquet"))) << flags;
  }
  fs::path dir_;
};

TEST_F(WriterFlagsCliTest, BadValuesAreUsageErrors) {
  const struct {
    const char* flags;
    const char* message;
  } kCases[] = {
      {"--codec zstd --level 999", "writer option 'level': ZSTD compression level 999 is outside -131072..22"},
      {"--level 3 --codec brotli --level 12", "writer option 'level': BROTLI compression level 12 is outside 0..11"},
      {"--codec gzip --level 10", "writer option 'level': GZIP compression level 10 is outside 0..9"},
      {"--codec snappy --level 1", "writer option 'level': SNAPPY does not take a compression level"},
      {"--level 5", "writer option 'level': UNCOMPRESSED does not take a compression level"},
      {"--level five", "writer option 'level': takes an integer, not 'five'"},
      {"--codec lzma", "writer option 'codec': unknown codec 'lzma'"},
      {"--codec lzo --level 1", "writer option 'level': LZO does not take a compression level"},
      {"--page-version 3", "writer option 'page-version': is 1 or 2, not '3'"},
      {"--dictionary maybe", "writer option 'dictionary': is on or off, not 'maybe'"},
      {"--page-size -5", "writer option 'page-size': takes a positive integer, not '-5'"},
      {"--row-group-size 0", "writer option 'row-group-size': takes a positive integer, not '0'"},
      {"--row-group-rows 1e6", "writer option 'row-group-rows': takes a positive integer, not '1e6'"},
      {"--threads 0", "writer option 'threads': takes a thread count from 1 to 1024, not '0'"},
      {"--encoding id", "writer option 'encoding': takes COLUMN=ENCODING, not 'id'"},
      {"--encoding id=FAST", "writer option 'encoding': unknown encoding 'FAST'"},
      // Against the input's schema.
      {"--encoding nosuch=PLAIN", "writer option 'encoding' (WriterOptions::columns): no leaf column 'nosuch'"},
      {"--encoding strng_col=PLAIN", "writer option 'encoding' (WriterOptions::columns): no leaf column "
                                     "'strng_col'; near names: string_col"},
      {"--encoding string_col=DELTA_BINARY_PACKED",
       "writer option 'encoding': DELTA_BINARY_PACKED does not fit column 'string_col' of type BYTE_ARRAY; "
       "DELTA_BINARY_PACKED is for INT32, INT64"},
      {"--encoding bool_col=BYTE_STREAM_SPLIT",
       "writer option 'encoding': BYTE_STREAM_SPLIT does not fit column 'bool_col' of type BOOLEAN"},
      {"--encoding id=RLE", "writer option 'encoding': RLE does not fit column 'id' of type INT32"},
  };
  for (const auto& c : kCases) ExpectUsage(Rewrite(c.flags), c.flags, c.message);
}

TEST_F(WriterFlagsCliTest, ConvertChecksTheFlagsAgainstItsSchema) {
  std::ofstream(P("rows.jsonl")) << "{\"a\":1,\"s\":\"x\"}\n";
  std::ofstream(P("schema.txt")) << "message m { required int32 a; optional binary s (STRING); }\n";
  const std::string head = "convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " +
                           Q(P("schema.txt")) + " ";
  ExpectUsage(RunParq(head + "--encoding s=DELTA_BINARY_PACKED"), "s=DELTA_BINARY_PACKED",
              "writer option 'encoding': DELTA_BINARY_PACKED does not fit column 's' of type BYTE_ARRAY");
  ExpectUsage(RunParq(head + "--encoding b=PLAIN"), "b=PLAIN",
              "writer option 'encoding' (WriterOptions::columns): no leaf column 'b'");
  ExpectUsage(RunParq(head + "--codec zstd --level 23"), "--level 23", "writer option 'level'");
  // The flags are checked before the input is opened...
  ExpectUsage(RunParq("convert " + Q(P("missing.jsonl")) + " " + Q(P("out.parquet")) + " --schema " +
                      Q(P("missing.txt")) + " --page-size x"),
              "--page-size x", "writer option 'page-size'");
  // ... and a file that cannot be read stays exit 1.
  CliRun r = RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P("out.parquet")) + " --schema " +
                     Q(P("missing.txt")) + " --encoding s=PLAIN");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("parq: error: IO error: cannot open schema file"), std::string::npos) << r.out;
  r = RunParq(head + "--encoding s=DELTA_LENGTH_BYTE_ARRAY --encoding a=DELTA_BINARY_PACKED --codec gzip --level -1");
  EXPECT_EQ(r.exit_code, 0) << r.out;
}

TEST_F(WriterFlagsCliTest, GoodFlagsWrite) {
  CliRun r = Rewrite("--codec zstd --level -5 --page-version 2 --encoding string_col=DELTA_BYTE_ARRAY "
                     "--encoding id=DELTA_BINARY_PACKED --encoding bool_col=RLE --dictionary off --bloom-filter");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  r = RunParq("meta " + Q(P("out.parquet")));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("DELTA_BYTE_ARRAY"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("DELTA_BINARY_PACKED"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("ZSTD"), std::string::npos) << r.out;
}

TEST_F(WriterFlagsCliTest, LzoAndAlpWriteTheSameRows) {
  CliRun r = Rewrite("--codec lzo --encoding double_col=ALP --encoding float_col=ALP");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  r = RunParq("meta " + Q(P("out.parquet")));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("codec LZO, encodings RLE,ALP"), std::string::npos) << r.out;
  const CliRun want = RunParq("cat " + Q(kAllTypes));
  const CliRun got = RunParq("cat " + Q(P("out.parquet")));
  ASSERT_EQ(got.exit_code, 0) << got.out;
  EXPECT_EQ(got.out, want.out);
}

std::string Bytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

TEST_F(WriterFlagsCliTest, ThreadsWriteTheSameFile) {
  const std::string lz4 = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/lz4_raw_compressed_larger.parquet";
  for (const std::string& source : {kAllTypes, lz4}) {
    const std::string one = P("one.parquet"), many = P("many.parquet");
    CliRun r = RunParq("rewrite " + Q(source) + " " + Q(one) + " --codec zstd --page-size 4096 --bloom-filter");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    r = RunParq("rewrite " + Q(source) + " " + Q(many) + " --codec zstd --page-size 4096 --bloom-filter --threads 3");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(Bytes(one) == Bytes(many)) << source;
    // Regrouped rows (the RowWriter path) too.
    r = RunParq("rewrite " + Q(source) + " " + Q(one) + " --codec zstd --row-group-rows 3000");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    r = RunParq("rewrite " + Q(source) + " " + Q(many) + " --codec zstd --row-group-rows 3000 --threads 2");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_TRUE(Bytes(one) == Bytes(many)) << source;
  }
  // --threads alone is no reason to decode.
  CliRun r = Rewrite("--threads 2 --verbose");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("raw copy"), std::string::npos) << r.out;

  std::ofstream(P("rows.jsonl")) << "{\"a\":1,\"s\":\"x\"}\n{\"a\":2,\"s\":null}\n{\"a\":3,\"s\":\"y\"}\n";
  std::ofstream(P("schema.txt")) << "message m { required int64 a; optional binary s (STRING); }";
  for (const char* threads : {"", " --threads 2"}) {
    r = RunParq("convert " + Q(P("rows.jsonl")) + " " + Q(P(threads[0] ? "many.parquet" : "one.parquet")) +
                " --schema " + Q(P("schema.txt")) + " --codec zstd" + threads);
    ASSERT_EQ(r.exit_code, 0) << r.out;
  }
  EXPECT_TRUE(Bytes(P("one.parquet")) == Bytes(P("many.parquet")));
}

TEST_F(WriterFlagsCliTest, AMissingInputIsStillAFileError) {
  CliRun r = RunParq("rewrite " + Q(P("missing.parquet")) + " " + Q(P("out.parquet")) + " --encoding id=PLAIN");
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_EQ(r.out.rfind("parq: error: IO error: cannot open", 0), 0u) << r.out;
}

}  // namespace
