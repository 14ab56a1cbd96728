// The parq CLI as a user runs it: exit status and messages over the corpus.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "parq/file_writer.h"
#include "parq/schema.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace {

namespace fs = std::filesystem;
const std::string kTesting = std::string(PARQ_SHARED_DIR) + "/parquet-testing";

using parq::testing::CliRun;
using parq::testing::Quote;
using parq::testing::RunParq;

TEST(CliTest, MetaAndSchemaOnEveryValidFile) {
  int ok = 0, encrypted = 0;
  for (const auto& e : fs::recursive_directory_iterator(kTesting + "/data")) {
    const std::string path = e.path().string();
    const bool is_parquet = path.size() > 8 && (path.ends_with(".parquet") || path.ends_with(".parquet.encrypted"));
    if (!e.is_regular_file() || !is_parquet) continue;
    for (const char* verb : {"meta", "schema", "meta --json", "schema --json",
                             "meta --page-index", "meta --json --page-index --bloom-filter"}) {
      CliRun r = RunParq(std::string(verb) + " " + Quote(path));
      ASSERT_FALSE(r.signaled) << verb << " " << path;
      if (path.ends_with(".encrypted") && r.exit_code != 0) {
        // Without keys: an encrypted footer, or an encrypted column's page
        // index, is refused naming the missing key (tests/file has them read).
        EXPECT_EQ(r.exit_code, 1) << path;
        EXPECT_NE(r.out.find("parq: error: Unsupported"), std::string::npos) << r.out;
        EXPECT_NE(r.out.find("encrypted"), std::string::npos) << r.out;
        ++encrypted;
        continue;
      }
      EXPECT_EQ(r.exit_code, 0) << verb << " " << path << "\n" << r.out.substr(0, 2000);
      ++ok;
    }
  }
  EXPECT_GT(ok, 450);
  EXPECT_GT(encrypted, 0);
}

TEST(CliTest, BadDataExitsOneWithAMessage) {
  for (const auto& e : fs::directory_iterator(kTesting + "/bad_data")) {
    if (e.path().extension() != ".parquet") continue;
    // The footer of some bad files is fine (their pages are not); meta then
    // succeeds, and `cat` is where they must fail.  Either way: no signal,
    // and a failure is exit 1 with a message.
    for (const char* verb : {"meta", "schema"}) {
      CliRun r = RunParq(std::string(verb) + " " + Quote(e.path().string()));
      ASSERT_FALSE(r.signaled) << e.path();
      EXPECT_TRUE(r.exit_code == 0 || r.exit_code == 1) << e.path();
      if (r.exit_code == 1) {
        EXPECT_EQ(r.out.rfind("parq: error: ", 0), 0u) << r.out;
      }
    }
  }
}

TEST(CliTest, UsageErrorsExitTwo) {
  EXPECT_EQ(RunParq("").exit_code, 2);
  EXPECT_EQ(RunParq("frobnicate x").exit_code, 2);
  EXPECT_EQ(RunParq("meta").exit_code, 2);
  EXPECT_EQ(RunParq("meta --bogus x").exit_code, 2);
  EXPECT_EQ(RunParq("schema a b").exit_code, 2);
  EXPECT_EQ(RunParq("--help").exit_code, 0);
}

TEST(CliTest, MissingFileExitsOne) {
  CliRun r = RunParq("meta /nonexistent/file.parquet");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("parq: error: IO error: cannot open"), std::string::npos) << r.out;
}

TEST(CliTest, SchemaTextForm) {
  CliRun r = RunParq("schema " + Quote(kTesting + "/data/alltypes_plain.parquet"));
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("message schema {\n  optional int32 id;\n", 0), 0u) << r.out;
  EXPECT_NE(r.out.find("  optional int96 timestamp_col;\n}"), std::string::npos) << r.out;
}

// A column name may hold any bytes: `parq schema` writes NUL, newline, quote
// and backslash escaped inside the quotes, and the text parses back to the
// same names.
TEST(CliTest, SchemaTextEscapesNamesSoTheyParseBack) {
  const std::string odd("a\0b\nc\"d\\e\tf\x7f", 12);
  std::vector<std::unique_ptr<parq::SchemaNode>> fields;
  fields.push_back(parq::SchemaNode::MakePrimitive(odd, parq::Repetition::kRequired, parq::PhysicalType::kInt32));
  fields.push_back(parq::SchemaNode::MakePrimitive("plain", parq::Repetition::kOptional, parq::PhysicalType::kInt64));
  ASSERT_OK_AND_ASSIGN(parq::Schema schema,
                       parq::Schema::Make(parq::SchemaNode::MakeGroup(std::string("m\n\0", 3), parq::Repetition::kRequired,
                                                                      std::move(fields))));
  const std::string path = ::testing::TempDir() + "/parq_cli_odd_names.parquet";
  {
    ASSERT_OK_AND_ASSIGN(auto writer, parq::FileWriter::Open(path, schema));
    ASSERT_OK(writer->Close());
  }
  CliRun r = RunParq("schema " + Quote(path), parq::testing::Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(r.out.find('\0'), std::string::npos) << r.out;
  EXPECT_EQ(r.out, "message \"m\\n\\x00\" {\n"
                   "  required int32 \"a\\x00b\\nc\\\"d\\\\e\\tf\\x7f\";\n"
                   "  optional int64 plain;\n"
                   "}\n");
  ASSERT_OK_AND_ASSIGN(parq::Schema back, parq::ParseMessageType(r.out));
  EXPECT_EQ(back.root().name(), std::string("m\n\0", 3));
  ASSERT_EQ(back.num_columns(), 2);
  EXPECT_EQ(back.root().child(0).name(), odd);
  EXPECT_TRUE(back.Equals(schema)) << back.ToString();
  std::remove(path.c_str());
}

TEST(CliTest, CatVerifiesChecksumsByDefault) {
  const std::string bad = Quote(kTesting + "/data/datapage_v1-corrupt-checksum.parquet");
  CliRun r = RunParq("cat " + bad);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("CRC32 mismatch"), std::string::npos) << r.out.substr(0, 500);
  EXPECT_EQ(RunParq("cat --no-verify-checksums " + bad + " --head 1").exit_code, 0);
  EXPECT_EQ(RunParq("cat " + Quote(kTesting + "/data/datapage_v1-snappy-compressed-checksum.parquet")).exit_code, 0);
}

TEST(CliTest, MetaShowsDecodedStatistics) {
  CliRun r = RunParq("meta " + Quote(kTesting + "/data/int32_decimal.parquet"));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("DECIMAL(4,2)"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("min \"1.00\""), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("max \"24.00\""), std::string::npos) << r.out;
}

TEST(CliTest, MetaPageIndex) {
  const std::string tiny = Quote(kTesting + "/data/alltypes_tiny_pages.parquet");
  CliRun r = RunParq("meta --page-index " + tiny);
  ASSERT_EQ(r.exit_code, 0) << r.out.substr(0, 500);
  EXPECT_NE(r.out.find("page index: 325 pages, boundary order UNORDERED\n"
                       "      page 0: offset 4, size 109, first row 0; min 122, max 142, nulls 0\n"),
            std::string::npos)
      << r.out.substr(0, 2000);
  r = RunParq("meta --json --page-index " + tiny);
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("\"offset_index\":[{\"offset\":4,\"compressed_page_size\":109,"
                       "\"first_row_index\":0}"),
            std::string::npos)
      << r.out.substr(0, 3000);
  EXPECT_NE(r.out.find("\"column_index\":{\"boundary_order\":\"UNORDERED\",\"pages\":[{"
                       "\"null_page\":false,\"min\":122,\"max\":142,\"null_count\":0}"),
            std::string::npos);
  // Without the flag the indexes are not read.
  r = RunParq("meta --json " + tiny);
  EXPECT_EQ(r.out.find("\"offset_index\""), std::string::npos);
}

TEST(CliTest, MetaBloomFilterAndRewriteWithOne) {
  const std::string in = Quote(kTesting + "/data/data_index_bloom_encoding_with_length.parquet");
  CliRun r = RunParq("meta --bloom-filter " + in);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("bloom filter bitset: 2048 bytes, 112 of 16384 bits set"), std::string::npos)
      << r.out;
  const std::string out = ::testing::TempDir() + "/parq_cli_bloom.parquet";
  r = RunParq("rewrite " + in + " " + Quote(out) + " --bloom-filter");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  r = RunParq("meta --json --bloom-filter " + Quote(out));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  // 100,000 values at 1% -> 121,000 bytes -> 128 KiB; 14 values set 112 bits.
  EXPECT_NE(r.out.find("\"bloom_filter\":{\"num_bytes\":131072,\"bits_set\":112}"),
            std::string::npos)
      << r.out;
  std::remove(out.c_str());
}

}  // namespace
