// parq-bench's encryption flags (tools/parq-bench/bench_main.cc), which
// benchmarks/peers/run's read-aes-gcm and write-aes-gcm cases use: write
// --encrypt-footer-key KEY [--encrypt-algorithm gcm|gcm-ctr] writes a
// uniformly encrypted file (every column and the footer under the key), read
// --footer-key KEY reads it, both print cpu_seconds; the keys in parq's
// forms; malformed ones are usage errors.
#include <gtest/gtest.h>

#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>

#include "parq/encryption.h"
#include "parq/file_reader.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq::testing {
namespace {

namespace fs = std::filesystem;

const std::string kBench = std::string(PARQ_BIN_DIR) + "/parq-bench";
const std::string kTiny = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_tiny_pages.parquet";
const std::string kKey = "0123456789abcdef";
const std::string kHexKey = "hex:30313233343536373839616263646566";  // kKey

CliRun RunBench(const std::string& args) { return RunShell(kBench + " " + args + " 2>&1"); }

class BenchEncryptionTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_TRUE(fs::exists(kBench)) << kBench << " is not built (cmake --build build --target parq_bench)";
    dir_ = fs::temp_directory_path() / ("parq_bench_encryption_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

TEST_F(BenchEncryptionTest, WriteEncryptsUniformlyAndReadDecrypts) {
  for (const std::string algorithm : {"gcm", "gcm-ctr"}) {
    SCOPED_TRACE(algorithm);
    const std::string out = (dir_ / ("enc_" + algorithm + ".parquet")).string();
    CliRun w = RunBench("write " + Quote(out) + " --like " + Quote(kTiny) + " --codec snappy --runs 1" +
                        " --encrypt-footer-key " + kHexKey + " --encrypt-algorithm " + algorithm);
    ASSERT_EQ(w.exit_code, 0) << w.out;
    EXPECT_NE(w.out.find("\"op\":\"write\""), std::string::npos) << w.out;
    EXPECT_NE(w.out.find("\"cpu_seconds\":"), std::string::npos) << w.out;

    // Encrypted: the footer needs the key, every chunk is under it.
    EXPECT_STATUS_HAS(FileReader::Open(out), StatusCode::kUnsupported, "no footer key was given");
    auto keys = std::make_shared<DecryptionProperties>();
    keys->footer_key = kKey;
    ReaderOptions options;
    options.decryption = keys;
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(out, options));
    ASSERT_NE(file->encryption(), nullptr);
    EXPECT_TRUE(file->encryption()->encrypted_footer);
    EXPECT_EQ(file->encryption()->algorithm, algorithm == "gcm" ? "AES_GCM_V1" : "AES_GCM_CTR_V1");
    ASSERT_OK_AND_ASSIGN(auto plain, FileReader::Open(kTiny));
    EXPECT_EQ(file->metadata().num_rows(), plain->metadata().num_rows());
    EXPECT_EQ(file->metadata().num_row_groups(), plain->metadata().num_row_groups());
    for (int g = 0; g < file->metadata().num_row_groups(); ++g) {
      for (int c = 0; c < file->schema().num_columns(); ++c) {
        const auto chunk = file->metadata().row_group(g).column(c);
        EXPECT_TRUE(chunk.is_encrypted() && chunk.encrypted_with_footer_key()) << g << "," << c;
      }
    }

    // parq-bench read: with the key every row, without it the footer's error.
    CliRun r = RunBench("read " + Quote(out) + " --footer-key " + kHexKey + " --runs 1");
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("\"rows\":" + std::to_string(plain->metadata().num_rows())), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("\"cpu_seconds\":"), std::string::npos) << r.out;
    CliRun same = RunBench("read " + Quote(kTiny) + " --runs 0");
    ASSERT_EQ(same.exit_code, 0) << same.out;
    const auto bytes = [](const std::string& json) { return json.substr(json.find("\"bytes\":")).substr(0, 20); };
    EXPECT_EQ(bytes(r.out), bytes(same.out)) << "the decoded values";
    CliRun keyless = RunBench("read " + Quote(out) + " --runs 0");
    EXPECT_EQ(keyless.exit_code, 1);
    EXPECT_NE(keyless.out.find("no footer key was given"), std::string::npos) << keyless.out;
  }
}

TEST_F(BenchEncryptionTest, MalformedKeysAreUsageErrors) {
  const std::string out = Quote((dir_ / "never.parquet").string());
  CliRun short_key = RunBench("write " + out + " --like " + Quote(kTiny) + " --encrypt-footer-key text:short");
  EXPECT_EQ(short_key.exit_code, 2);
  EXPECT_NE(short_key.out.find("a key of 5 bytes; AES keys have 16, 24 or 32 bytes"), std::string::npos)
      << short_key.out;
  CliRun algorithm = RunBench("write " + out + " --like " + Quote(kTiny) + " --encrypt-algorithm ctr" +
                              " --encrypt-footer-key " + kHexKey);
  EXPECT_EQ(algorithm.exit_code, 2);
  CliRun no_key = RunBench("write " + out + " --like " + Quote(kTiny) + " --encrypt-algorithm gcm");
  EXPECT_EQ(no_key.exit_code, 2);
  EXPECT_NE(no_key.out.find("--encrypt-algorithm needs --encrypt-footer-key"), std::string::npos) << no_key.out;
  CliRun bad_read = RunBench("read " + Quote(kTiny) + " --footer-key nope");
  EXPECT_EQ(bad_read.exit_code, 2);
  EXPECT_NE(bad_read.out.find("--footer-key: a key is hex:"), std::string::npos) << bad_read.out;
  EXPECT_FALSE(fs::exists(dir_ / "never.parquet"));
}

}  // namespace
}  // namespace parq::testing
