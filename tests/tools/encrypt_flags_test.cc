// parq's encryption flags on the writing verbs (tools/parq/key_flags.h):
// convert and rewrite encrypt with a footer key (every column) or column
// keys, either algorithm, an encrypted or a signed plaintext footer, an AAD
// prefix stored or not, keys from a file; what they write reads back with
// the read flags to the same rows; malformed flags are usage errors (exit 2).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <mutex>
#include <set>
#include <string>

#include "parq/encryption.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
using parq::testing::CliRun;
using parq::testing::Quote;
using parq::testing::RunParq;
using parq::testing::Stderr;

const std::string kTiny = Quote(std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_tiny_pages.parquet");
const std::string kFooterKey = "hex:000102030405060708090a0b0c0d0e0f";
const std::string kColumnKey = "base64:ZmVkY2JhOTg3NjU0MzIxMGZlZGNiYTk4";  // "fedcba9876543210fedcba98", 24 bytes

class EncryptFlagsTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq_encrypt_flags_" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string Path(const std::string& name) const { return Quote((dir_ / name).string()); }
  static std::string Head(const std::string& path) {
    std::ifstream in(path.substr(1, path.size() - 2), std::ios::binary);
    char magic[4] = {};
    in.read(magic, 4);
    return std::string(magic, 4);
  }
  fs::path dir_;
};

TEST_F(EncryptFlagsTest, RewriteEncryptsEveryColumnWithTheFooterKey) {
  const CliRun original = RunParq("cat " + kTiny, Stderr::kDropped);
  ASSERT_EQ(original.exit_code, 0);
  for (const std::string algorithm : {"gcm", "gcm-ctr"}) {
    SCOPED_TRACE(algorithm);
    const std::string out = Path("uniform_" + algorithm + ".parquet");
    CliRun w = RunParq("rewrite " + kTiny + " " + out + " --encrypt-footer-key " + kFooterKey +
                       " --encrypt-algorithm " + algorithm + " --bloom-filter");
    ASSERT_EQ(w.exit_code, 0) << w.out;
    EXPECT_EQ(Head(out), "PARE");
    CliRun keyless = RunParq("cat " + out);
    EXPECT_EQ(keyless.exit_code, 1);
    EXPECT_NE(keyless.out.find("no footer key was given"), std::string::npos) << keyless.out;
    CliRun back = RunParq("cat " + out + " --footer-key " + kFooterKey, Stderr::kDropped);
    EXPECT_EQ(back.exit_code, 0);
    EXPECT_EQ(back.out, original.out);
    CliRun meta = RunParq("meta " + out + " --footer-key " + kFooterKey + " --page-index --bloom-filter",
                          Stderr::kDropped);
    EXPECT_EQ(meta.exit_code, 0) << meta.out;
    EXPECT_NE(meta.out.find(std::string("encryption: ") + (algorithm == "gcm" ? "AES_GCM_V1" : "AES_GCM_CTR_V1") +
                            ", encrypted footer"),
              std::string::npos)
        << meta.out.substr(0, 600);
  }
}

TEST_F(EncryptFlagsTest, ColumnKeysWithAPlaintextFooter) {
  const std::string out = Path("columns.parquet");
  CliRun w = RunParq("rewrite " + kTiny + " " + out + " --encrypt-footer-key " + kFooterKey +
                     " --encrypt-column-key string_col=" + kColumnKey + " --encrypt-column-key id=" + kColumnKey +
                     " --plaintext-footer");
  ASSERT_EQ(w.exit_code, 0) << w.out;
  EXPECT_EQ(Head(out), "PAR1");
  // Without keys: the plaintext columns read, the encrypted ones are named.
  CliRun plain = RunParq("cat " + out + " --columns int_col,bool_col --head 2", Stderr::kDropped);
  EXPECT_EQ(plain.exit_code, 0);
  EXPECT_EQ(plain.out, RunParq("cat " + kTiny + " --columns int_col,bool_col --head 2", Stderr::kDropped).out);
  CliRun refused = RunParq("cat " + out + " --columns string_col");
  EXPECT_EQ(refused.exit_code, 1);
  EXPECT_NE(refused.out.find("--column-key string_col=KEY"), std::string::npos) << refused.out;
  // With them: every row, and the footer signature verified.
  const std::string keys = " --footer-key " + kFooterKey + " --column-key string_col=" + kColumnKey +
                           " --column-key id=" + kColumnKey;
  CliRun back = RunParq("cat " + out + keys, Stderr::kDropped);
  EXPECT_EQ(back.exit_code, 0);
  EXPECT_EQ(back.out, RunParq("cat " + kTiny, Stderr::kDropped).out);
  CliRun meta = RunParq("meta " + out + keys, Stderr::kDropped);
  EXPECT_NE(meta.out.find("plaintext footer, footer signature verified"), std::string::npos) << meta.out.substr(0, 600);
}

TEST_F(EncryptFlagsTest, ConvertWithAnAadPrefixNotStoredAndKeysFromAFile) {
  const std::string schema = (dir_ / "schema.txt").string();
  const std::string rows = (dir_ / "rows.jsonl").string();
  const std::string keys = (dir_ / "keys.txt").string();
  std::ofstream(schema) << "message m { required int32 a; optional binary s (STRING); }\n";
  std::ofstream(rows) << "{\"a\":1,\"s\":\"x\"}\n{\"a\":2,\"s\":null}\n";
  std::ofstream(keys) << "# the keys of parq convert\nencrypt-footer-key " << kFooterKey
                      << "\n--encrypt-column-key=s=" << kColumnKey << "\nencrypt-aad-prefix table.part7\n";
  const std::string out = Path("converted.parquet");
  CliRun w = RunParq("convert " + Quote(rows) + " " + out + " --schema " + Quote(schema) + " --encrypt-keys " +
                     Quote(keys) + " --no-store-aad-prefix");
  ASSERT_EQ(w.exit_code, 0) << w.out;
  const std::string read_keys = " --footer-key " + kFooterKey + " --column-key s=" + kColumnKey;
  CliRun missing = RunParq("cat " + out + read_keys);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.out.find("--aad-prefix"), std::string::npos) << missing.out;
  CliRun back = RunParq("cat " + out + read_keys + " --aad-prefix table.part7", Stderr::kDropped);
  EXPECT_EQ(back.exit_code, 0);
  EXPECT_EQ(back.out, "{\"a\":1,\"s\":\"x\"}\n{\"a\":2,\"s\":null}\n");
}

// --encrypt-footer-key-metadata and --encrypt-column-key-metadata store the
// key_metadata beside the keys (in a KEY's forms), and `parq meta` shows it.
TEST_F(EncryptFlagsTest, KeyMetadataIsStoredAndShownByMeta) {
  const std::string out = Path("key_metadata.parquet");
  CliRun w = RunParq("rewrite " + kTiny + " " + out + " --encrypt-footer-key " + kFooterKey +
                     " --encrypt-footer-key-metadata text:kf-1 --encrypt-column-key string_col=" + kColumnKey +
                     " --encrypt-column-key-metadata string_col=hex:6b632d37 --plaintext-footer");
  ASSERT_EQ(w.exit_code, 0) << w.out;
  const std::string keys = " --footer-key " + kFooterKey + " --column-key string_col=" + kColumnKey;
  CliRun meta = RunParq("meta " + out + keys, Stderr::kDropped);
  ASSERT_EQ(meta.exit_code, 0) << meta.out;
  EXPECT_NE(meta.out.find("footer key_metadata 'kf-1'"), std::string::npos) << meta.out.substr(0, 600);
  EXPECT_NE(meta.out.find("(encrypted with a column key, key_metadata 'kc-7')"), std::string::npos)
      << meta.out.substr(0, 2000);
  CliRun json = RunParq("meta --json " + out + keys, Stderr::kDropped);
  EXPECT_NE(json.out.find("kf-1"), std::string::npos) << json.out.substr(0, 600);
  EXPECT_NE(json.out.find("kc-7"), std::string::npos) << json.out.substr(0, 2000);
  CliRun back = RunParq("cat " + out + keys, Stderr::kDropped);
  EXPECT_EQ(back.exit_code, 0);
  EXPECT_EQ(back.out, RunParq("cat " + kTiny, Stderr::kDropped).out);

  // The same from a keys file, base64 this time.
  const std::string keys_file = (dir_ / "encrypt_keys.txt").string();
  std::ofstream(keys_file) << "encrypt-footer-key " << kFooterKey
                           << "\nencrypt-footer-key-metadata base64:a2YtMg==\n";  // "kf-2"
  const std::string out2 = Path("key_metadata_file.parquet");
  CliRun w2 = RunParq("rewrite " + kTiny + " " + out2 + " --encrypt-keys " + Quote(keys_file) + " --plaintext-footer");
  ASSERT_EQ(w2.exit_code, 0) << w2.out;
  CliRun meta2 = RunParq("meta " + out2 + " --footer-key " + kFooterKey, Stderr::kDropped);
  EXPECT_NE(meta2.out.find("footer key_metadata 'kf-2'"), std::string::npos) << meta2.out.substr(0, 600);
}

// A KMS stand-in: keys by their key_metadata, and the metadata it was asked for.
class MetadataKeys : public parq::KeyRetriever {
 public:
  explicit MetadataKeys(std::map<std::string, std::string> keys) : keys_(std::move(keys)) {}
  parq::Result<std::string> RetrieveKey(std::string_view key_metadata) const override {
    std::lock_guard<std::mutex> lock(mu_);
    asked_.insert(std::string(key_metadata));
    auto it = keys_.find(std::string(key_metadata));
    if (it == keys_.end()) return parq::Status::InvalidArgument("no key for '" + std::string(key_metadata) + "'");
    return it->second;
  }
  std::set<std::string> asked() const {
    std::lock_guard<std::mutex> lock(mu_);
    return asked_;
  }

 private:
  std::map<std::string, std::string> keys_;
  mutable std::mutex mu_;
  mutable std::set<std::string> asked_;
};

// What the key-metadata flags write is what a reader's KeyRetriever is asked
// with: a file written by `parq rewrite` with key metadata and no keys given
// to the reader opens and reads through a retriever keyed on that metadata
// alone (the footer's and a column's, encrypted footer), to the same rows.
TEST_F(EncryptFlagsTest, KeyMetadataFeedsAReadersKeyRetriever) {
  const std::string out = Path("retriever.parquet");
  CliRun w = RunParq("rewrite " + kTiny + " " + out + " --encrypt-footer-key " + kFooterKey +
                     " --encrypt-footer-key-metadata text:kms/footer-1 --encrypt-column-key string_col=" + kColumnKey +
                     " --encrypt-column-key-metadata string_col=base64:a21zL2NvbC0y");  // "kms/col-2"
  ASSERT_EQ(w.exit_code, 0) << w.out;
  std::string footer_key;
  for (int i = 0; i < 16; ++i) footer_key.push_back(static_cast<char>(i));  // kFooterKey's bytes
  auto retriever = std::make_shared<MetadataKeys>(std::map<std::string, std::string>{
      {"kms/footer-1", footer_key}, {"kms/col-2", "fedcba9876543210fedcba98"}});
  auto keys = std::make_shared<parq::DecryptionProperties>();
  keys->key_retriever = retriever;
  parq::ReaderOptions options;
  options.decryption = keys;
  auto file = parq::FileReader::Open(out.substr(1, out.size() - 2), options);
  ASSERT_TRUE(file.ok()) << file.status().ToString();
  ASSERT_NE((*file)->encryption(), nullptr);
  EXPECT_EQ((*file)->encryption()->footer_key_metadata, "kms/footer-1");
  const int col = (*file)->schema().FindColumnIndex("string_col");
  ASSERT_GE(col, 0);
  EXPECT_EQ((*file)->metadata().row_group(0).column(col).encryption_key_metadata(),
            std::optional<std::string>("kms/col-2"));
  const auto rows_of = [](const parq::FileReader& f) {
    std::string rows;
    auto reader = parq::JsonRowReader::Open(f);
    if (!reader.ok()) return reader.status().ToString();
    while (true) {
      auto more = (*reader)->Next(&rows);
      if (!more.ok()) return more.status().ToString();
      if (!*more) break;
      rows.push_back('\n');
    }
    return rows;
  };
  auto plain = parq::FileReader::Open(kTiny.substr(1, kTiny.size() - 2));
  ASSERT_TRUE(plain.ok()) << plain.status().ToString();
  const std::string expected = rows_of(**plain);
  EXPECT_EQ(std::count(expected.begin(), expected.end(), '\n'), (*plain)->metadata().num_rows());
  EXPECT_EQ(rows_of(**file), expected);
  EXPECT_EQ(retriever->asked(), (std::set<std::string>{"kms/footer-1", "kms/col-2"}));
}

TEST_F(EncryptFlagsTest, MalformedFlagsAreUsageErrors) {
  const std::string out = Path("never.parquet");
  const auto run = [&](const std::string& flags) { return RunParq("rewrite " + kTiny + " " + out + flags); };
  CliRun no_footer = run(" --encrypt-column-key id=" + kColumnKey);
  EXPECT_EQ(no_footer.exit_code, 2);
  EXPECT_NE(no_footer.out.find("need --encrypt-footer-key KEY"), std::string::npos) << no_footer.out;
  CliRun short_key = run(" --encrypt-footer-key text:short");
  EXPECT_EQ(short_key.exit_code, 2);
  EXPECT_NE(short_key.out.find("a key of 5 bytes; AES keys have 16, 24 or 32 bytes"), std::string::npos)
      << short_key.out;
  CliRun algorithm = run(" --encrypt-footer-key " + kFooterKey + " --encrypt-algorithm ctr");
  EXPECT_EQ(algorithm.exit_code, 2);
  EXPECT_NE(algorithm.out.find("--encrypt-algorithm is gcm (AES_GCM_V1) or gcm-ctr"), std::string::npos)
      << algorithm.out;
  CliRun unknown = run(" --encrypt-footer-key " + kFooterKey + " --encrypt-column-key nope=" + kColumnKey);
  EXPECT_EQ(unknown.exit_code, 2);
  EXPECT_NE(unknown.out.find("encryption: a key for column 'nope'"), std::string::npos) << unknown.out;
  CliRun prefix = run(" --encrypt-footer-key " + kFooterKey + " --no-store-aad-prefix");
  EXPECT_EQ(prefix.exit_code, 2);
  EXPECT_NE(prefix.out.find("--no-store-aad-prefix needs --encrypt-aad-prefix TEXT"), std::string::npos)
      << prefix.out;
  CliRun orphan = run(" --encrypt-footer-key " + kFooterKey + " --encrypt-column-key-metadata id=text:k1");
  EXPECT_EQ(orphan.exit_code, 2);
  EXPECT_NE(orphan.out.find("--encrypt-column-key-metadata id needs --encrypt-column-key id=KEY"), std::string::npos)
      << orphan.out;
  CliRun bad_metadata = run(" --encrypt-footer-key " + kFooterKey + " --encrypt-footer-key-metadata hex:abc");
  EXPECT_EQ(bad_metadata.exit_code, 2);
  EXPECT_NE(bad_metadata.out.find("hex key metadata with an odd number of digits"), std::string::npos)
      << bad_metadata.out;
  CliRun no_form = run(" --encrypt-footer-key " + kFooterKey + " --encrypt-column-key-metadata id=k1");
  EXPECT_EQ(no_form.exit_code, 2);
  EXPECT_NE(no_form.out.find("a key metadata is hex:"), std::string::npos) << no_form.out;
  EXPECT_FALSE(fs::exists(dir_ / "never.parquet"));
}

}  // namespace
