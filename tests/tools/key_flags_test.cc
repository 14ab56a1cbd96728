// parq's key flags on the reading verbs (tools/parq/key_flags.h): the three
// key forms, --keys FILE, --aad-prefix, meta's encryption lines, rewrite of
// an encrypted input, the inspection verbs, head and scan, and the errors (exit 1 naming the encrypted column,
// exit 2 for a malformed key).
#include <gtest/gtest.h>

#include <unistd.h>

#include <algorithm>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>

#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
using parq::testing::CliRun;
using parq::testing::Quote;
using parq::testing::RunParq;
using parq::testing::Stderr;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";
const std::string kPlaintextFooter = Quote(kData + "encrypt_columns_plaintext_footer.parquet.encrypted");
const std::string kColumnsAndFooter = Quote(kData + "encrypt_columns_and_footer.parquet.encrypted");
const std::string kKeys =
    " --footer-key text:0123456789012345 --column-key double_field=text:1234567890123450"
    " --column-key float_field=text:1234567890123451";
// Row 1 of Arrow's encryption test generator, as `parq cat` prints it.
const std::string kRow1 =
    "{\"boolean_field\":false,\"int32_field\":\"00:00:00.001\",\"int64_field\":[2000000000000,3000000000000],"
    "\"int96_field\":\"-4713-11-27T00:00:08.589934593\",\"float_field\":1.1,\"double_field\":1.1111111,"
    "\"ba_field\":null,\"flba_field\":\"AQEBAQEBAQEBAQ==\"}";

size_t Lines(const std::string& s) { return static_cast<size_t>(std::count(s.begin(), s.end(), '\n')); }

fs::path TempDir() {
  fs::path dir = fs::temp_directory_path() / ("parq_key_flags_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  return dir;
}

TEST(KeyFlagsTest, CatWithoutAColumnKeyNamesTheEncryptedColumn) {
  CliRun r = RunParq("cat " + kPlaintextFooter);
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("the column is encrypted with a column key (key_metadata 'kc2')"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("column 'float_field'"), std::string::npos) << r.out;
  EXPECT_EQ(r.out.find("PageHeader"), std::string::npos) << r.out;
  // The plaintext columns read without keys.
  CliRun plain = RunParq("cat " + kPlaintextFooter + " --columns boolean_field,ba_field --head 1", Stderr::kDropped);
  EXPECT_EQ(plain.exit_code, 0);
  EXPECT_EQ(plain.out, "{\"boolean_field\":true,\"ba_field\":\"cGFycXVldDAwMA==\"}\n");
}

TEST(KeyFlagsTest, CatWithKeysInEveryForm) {
  CliRun text = RunParq("cat " + kColumnsAndFooter + kKeys, Stderr::kDropped);
  ASSERT_EQ(text.exit_code, 0);
  EXPECT_EQ(Lines(text.out), 50u);
  EXPECT_NE(text.out.find("\n" + kRow1 + "\n"), std::string::npos) << text.out.substr(0, 600);
  CliRun other = RunParq("cat " + kColumnsAndFooter +
                             " --footer-key hex:30313233343536373839303132333435"
                             " --column-key double_field=base64:MTIzNDU2Nzg5MDEyMzQ1MA=="
                             " --column-key float_field=text:1234567890123451",
                         Stderr::kDropped);
  EXPECT_EQ(other.exit_code, 0);
  EXPECT_EQ(other.out, text.out);
  // The same options from a file, none on the command line.
  const fs::path keys = TempDir() / "keys.txt";
  {
    std::ofstream f(keys);
    f << "# the corpus keys\n--footer-key text:0123456789012345\n"
         "column-key double_field=text:1234567890123450\n\ncolumn-key=float_field=text:1234567890123451\n";
  }
  CliRun from_file = RunParq("cat " + kColumnsAndFooter + " --keys " + Quote(keys.string()), Stderr::kDropped);
  EXPECT_EQ(from_file.exit_code, 0);
  EXPECT_EQ(from_file.out, text.out);
  fs::remove_all(keys.parent_path());
}

TEST(KeyFlagsTest, AadPrefix) {
  const std::string file = Quote(kData + "encrypt_columns_and_footer_disable_aad_storage.parquet.encrypted");
  CliRun missing = RunParq("schema " + file + kKeys);
  EXPECT_EQ(missing.exit_code, 1);
  EXPECT_NE(missing.out.find("--aad-prefix"), std::string::npos) << missing.out;
  CliRun given = RunParq("cat " + file + kKeys + " --aad-prefix tester --head 2", Stderr::kDropped);
  EXPECT_EQ(given.exit_code, 0);
  EXPECT_EQ(Lines(given.out), 2u);
}

TEST(KeyFlagsTest, MetaShowsTheEncryption) {
  CliRun r = RunParq("meta " + kPlaintextFooter + kKeys, Stderr::kDropped);
  ASSERT_EQ(r.exit_code, 0);
  EXPECT_NE(r.out.find("encryption: AES_GCM_V1, plaintext footer, footer key_metadata 'kf', footer signature verified\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("double_field: DOUBLE (encrypted with a column key, key_metadata 'kc1')"), std::string::npos);
  CliRun unverified = RunParq("meta " + kPlaintextFooter, Stderr::kDropped);
  EXPECT_NE(unverified.out.find("footer signature not verified"), std::string::npos) << unverified.out;
  CliRun json = RunParq("meta --json " + kColumnsAndFooter + kKeys, Stderr::kDropped);
  ASSERT_EQ(json.exit_code, 0);
  EXPECT_NE(json.out.find("\"encryption\":{\"algorithm\":\"AES_GCM_V1\",\"encrypted_footer\":true,"
                          "\"footer_key_metadata\":\"kf\",\"supply_aad_prefix\":false,\"footer_signature\":\"none\"}"),
            std::string::npos)
      << json.out.substr(0, 800);
  EXPECT_NE(json.out.find("\"encrypted\":true,\"encryption_key\":\"column\",\"key_metadata\":\"kc2\""), std::string::npos);
  CliRun indexes = RunParq("meta " + kColumnsAndFooter + kKeys + " --page-index --bloom-filter", Stderr::kDropped);
  EXPECT_EQ(indexes.exit_code, 0) << indexes.out;
}

TEST(KeyFlagsTest, RewriteDecryptsItsInput) {
  const fs::path out = TempDir() / "plain.parquet";
  CliRun w = RunParq("rewrite " + kColumnsAndFooter + " " + Quote(out.string()) + kKeys);
  ASSERT_EQ(w.exit_code, 0) << w.out;
  CliRun again = RunParq("cat " + Quote(out.string()), Stderr::kDropped);
  CliRun original = RunParq("cat " + kColumnsAndFooter + kKeys, Stderr::kDropped);
  EXPECT_EQ(again.exit_code, 0);
  EXPECT_EQ(again.out, original.out);
  fs::remove_all(out.parent_path());
}

// Raw copies refuse encrypted chunks and say why (the modules' AADs bind a
// chunk to its file and ordinals); rewrite decodes an encrypted input and
// --verbose says why it does not copy.
TEST(KeyFlagsTest, RawCopiesOfEncryptedChunksSayWhyTheyAreRefused) {
  const fs::path dir = TempDir();
  const std::string why =
      "an encrypted column chunk cannot be copied as stored: its modules' AADs bind it to its file (aad_file_unique) "
      "and to its row group and column ordinals; read it with its keys and write it again (parq rewrite decodes)";
  CliRun merge = RunParq("merge " + Quote((dir / "merged.parquet").string()) + " " + kPlaintextFooter + " " +
                         kPlaintextFooter);
  EXPECT_EQ(merge.exit_code, 1);
  EXPECT_NE(merge.out.find(why), std::string::npos) << merge.out;
  CliRun prune = RunParq("prune " + kPlaintextFooter + " " + Quote((dir / "pruned.parquet").string()) +
                         " --drop-columns boolean_field");
  EXPECT_EQ(prune.exit_code, 1);
  EXPECT_NE(prune.out.find(why), std::string::npos) << prune.out;
  EXPECT_FALSE(fs::exists(dir / "merged.parquet"));
  EXPECT_FALSE(fs::exists(dir / "pruned.parquet"));
  CliRun rewrite = RunParq("rewrite " + kColumnsAndFooter + " " + Quote((dir / "again.parquet").string()) + kKeys +
                           " --verbose");
  EXPECT_EQ(rewrite.exit_code, 0) << rewrite.out;
  EXPECT_NE(rewrite.out.find("decoding and re-encoding the pages (the input is encrypted: its modules' AADs bind its "
                             "chunks to its file (aad_file_unique) and ordinals)"),
            std::string::npos)
      << rewrite.out;
  fs::remove_all(dir);
}

TEST(KeyFlagsTest, MalformedKeysAreUsageErrors) {
  CliRun short_key = RunParq("cat " + kColumnsAndFooter + " --footer-key text:abc");
  EXPECT_EQ(short_key.exit_code, 2);
  EXPECT_NE(short_key.out.find("a key of 3 bytes; AES keys have 16, 24 or 32 bytes"), std::string::npos) << short_key.out;
  CliRun no_form = RunParq("meta " + kColumnsAndFooter + " --footer-key 0123456789012345");
  EXPECT_EQ(no_form.exit_code, 2);
  EXPECT_NE(no_form.out.find("a key is hex:…, base64:… or text:…"), std::string::npos) << no_form.out;
  EXPECT_EQ(RunParq("cat " + kColumnsAndFooter + " --column-key text:0123456789012345").exit_code, 2);
  EXPECT_EQ(RunParq("cat " + kColumnsAndFooter + " --footer-key hex:0g").exit_code, 2);
  EXPECT_EQ(RunParq("cat " + kColumnsAndFooter + " --keys /nonexistent/keys").exit_code, 2);
}

TEST(KeyFlagsTest, WrongKeyIsAnErrorNamingTheModule) {
  CliRun r = RunParq("cat " + kColumnsAndFooter +
                     " --footer-key text:0123456789012345 --column-key double_field=text:1234567890123459"
                     " --column-key float_field=text:1234567890123451");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("cannot decrypt the column metadata (row group 0, column 5)"), std::string::npos) << r.out;
}

// Every other reading verb takes the keys from its flag table.
TEST(KeyFlagsTest, EveryReadingVerbDecrypts) {
  const std::string bloom = Quote(kData + "encrypt_columns_and_footer_bloom_filter.parquet.encrypted");
  struct Run {
    std::string args;
    const char* expected;  // a piece of the output
  };
  const Run runs[] = {
      {"head -n 1 " + kColumnsAndFooter, "\"float_field\":0,\"double_field\":0,"},
      {"scan " + bloom + " --where \"int32_field >= 1950\" --explain", "rows matched: 50 of 2000"},
      {"pages " + bloom + " --columns double_field", "page 2"},
      {"dictionary " + kColumnsAndFooter + " int32_field", "00:00:00.049"},
      {"column-index " + bloom + " double_field", "min 1910.5"},
      {"offset-index " + bloom + " double_field", "first row 1910"},
      {"bloom " + bloom + " double_field 1000.5 1000.7", "1000.7"},
      {"size-stats " + kColumnsAndFooter + " --columns double_field", "double_field"},
      {"footer " + kColumnsAndFooter, "\"encrypted_column_metadata\""},
  };
  for (const Run& run : runs) {
    CliRun with = RunParq(run.args + kKeys, Stderr::kDropped);
    EXPECT_EQ(with.exit_code, 0) << run.args << "\n" << with.out;
    EXPECT_NE(with.out.find(run.expected), std::string::npos) << run.args << "\n" << with.out;
    // Without keys: an error that says the file or column is encrypted,
    // never a misleading decoding error.
    CliRun without = RunParq(run.args);
    EXPECT_EQ(without.exit_code, 1) << run.args << "\n" << without.out;
    EXPECT_NE(without.out.find("encrypted"), std::string::npos) << run.args << "\n" << without.out;
    EXPECT_EQ(without.out.find("PageHeader"), std::string::npos) << run.args << "\n" << without.out;
  }
}

// pages of a plaintext-footer file with only the footer key: the encrypted
// column is refused by name, the plaintext ones listed.
TEST(KeyFlagsTest, PagesWithoutAColumnKeyNamesTheColumn) {
  CliRun r = RunParq("pages " + kPlaintextFooter + " --columns double_field --footer-key text:0123456789012345");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("Unsupported: the column is encrypted with a column key (key_metadata 'kc1')"), std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("column 'double_field'"), std::string::npos) << r.out;
  CliRun plain = RunParq("pages " + kPlaintextFooter + " --columns boolean_field --footer-key text:0123456789012345",
                         Stderr::kDropped);
  EXPECT_EQ(plain.exit_code, 0) << plain.out;
}

// verify of an encrypted file: with every key, no finding; with the footer key
// only, a finding naming each column it could not decrypt (exit 1), never a
// misleading decoding finding.
TEST(KeyFlagsTest, VerifyChecksEncryptedFilesWithTheirKeys) {
  CliRun with = RunParq("verify " + kColumnsAndFooter + kKeys, Stderr::kDropped);
  EXPECT_EQ(with.exit_code, 0) << with.out;
  EXPECT_NE(with.out.find(": ok, no findings"), std::string::npos) << with.out;
  CliRun footer_only = RunParq("verify " + kPlaintextFooter + " --json --footer-key text:0123456789012345",
                               Stderr::kDropped);
  EXPECT_EQ(footer_only.exit_code, 1) << footer_only.out;
  for (const char* column : {"double_field", "float_field"}) {
    EXPECT_NE(footer_only.out.find(std::string("\"column\":\"") + column + "\""), std::string::npos)
        << column << "\n" << footer_only.out;
  }
  EXPECT_EQ(footer_only.out.find("PageHeader"), std::string::npos) << footer_only.out;
  EXPECT_EQ(RunParq("verify " + kColumnsAndFooter + " --footer-key hex:zz", Stderr::kDropped).exit_code, 2);
}

}  // namespace
