// The CLI's help and common flags: `parq VERB --help` / `-h` for every verb
// (the verb's flag table, exit 0, on stdout), the top-level help, usage
// errors that point to --help, and --quiet.
#include <gtest/gtest.h>

#include <cstdio>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "testing/run_parq.h"

namespace {

using parq::testing::CliRun;
using parq::testing::Quote;
using parq::testing::RunParq;
using parq::testing::Stderr;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

// A reading verb's flags, then the key flags every reading verb takes.
std::vector<std::string> Reading(std::vector<std::string> flags) {
  for (const char* f : {"--footer-key KEY", "--column-key PATH=KEY", "--aad-prefix TEXT", "--keys FILE"}) {
    flags.push_back(f);
  }
  return flags;
}

// A writing verb's flags, then the encryption flags every writing verb takes.
std::vector<std::string> Writing(std::vector<std::string> flags) {
  for (const char* f : {"--encrypt-footer-key KEY", "--encrypt-column-key PATH=KEY", "--encrypt-footer-key-metadata TEXT",
                        "--encrypt-column-key-metadata PATH=TEXT", "--encrypt-algorithm gcm|gcm-ctr",
                        "--plaintext-footer", "--encrypt-aad-prefix TEXT", "--no-store-aad-prefix",
                        "--encrypt-keys FILE"}) {
    flags.push_back(f);
  }
  return flags;
}

// Every verb with flags its help must list.
const std::map<std::string, std::vector<std::string>> kVerbFlags = {
    {"meta", Reading({"--json", "--page-index", "--bloom-filter", "--skip-invalid"})},
    {"schema", Reading({"--json", "--skip-invalid"})},
    {"cat", Reading({"--format jsonl|csv", "--columns a,b.c", "--head N", "--verify-checksums", "--no-verify-checksums",
                     "--skip-invalid", "--delimiter C", "--no-header", "--null-string TEXT", "--where EXPR",
                     "--csv-line-ending lf|crlf", "--threads N"})},
    {"head", Reading({"-n, --rows N", "--columns a,b.c", "--no-verify-checksums"})},
    {"scan", Reading({"--where EXPR", "--columns a,b.c", "--explain", "--json", "--no-verify-checksums"})},
    {"rewrite", Writing(Reading({"--codec CODEC", "--level N", "--page-version 1|2", "--encoding COLUMN=ENCODING",
                         "--dictionary on|off", "--page-size BYTES", "--row-group-size BYTES", "--row-group-rows N",
                         "--max-buffered-bytes BYTES", "--threads N", "--bloom-filter", "--no-page-index", "--no-verify-checksums", "--no-raw-copy", "--verbose",
                         "--partition-by COL,...", "--max-rows-per-file N", "--target-file-size BYTES",
                         "--max-open-files N"}))},
    {"merge", {}},
    {"prune", {"--drop-columns a,b.c"}},
    {"convert", Writing({"--schema SCHEMA.txt", "--max-line-bytes N", "--replace-invalid-utf8", "--format jsonl|csv",
                         "--infer-rows N", "--delimiter C", "--no-header", "--null-string TEXT", "--codec CODEC",
                         "--page-version 1|2", "--max-buffered-bytes BYTES", "--threads N", "--bloom-filter", "--partition-by COL,..."})},
    {"pages", Reading({"--columns a,b.c", "--json"})},
    {"dictionary", Reading({"--json", "--no-verify-checksums"})},
    {"column-index", Reading({"--json"})},
    {"offset-index", Reading({"--json"})},
    {"bloom", Reading({"--json"})},
    {"size-stats", Reading({"--columns a,b.c", "--json"})},
    {"geospatial-stats", {"--columns a,b.c", "--json", "--compute"}},
    {"footer", Reading({"--json"})},
    {"splits", {"--size BYTES"}},
    {"verify", Reading({"--json", "--max-per-rule N"})},
    {"diff", {"--values-only", "--float-tolerance X", "--key COL", "--max-key-memory BYTES", "--max-diffs N", "--json",
              "--no-verify-checksums"}},
};

TEST(CliHelpTest, EveryVerbListsItsFlagsOnStdout) {
  for (const auto& [verb, flags] : kVerbFlags) {
    CliRun r = RunParq(verb + " --help", Stderr::kDropped);
    EXPECT_EQ(r.exit_code, 0) << verb;
    EXPECT_EQ(r.out.rfind("usage: parq " + verb + " ", 0), 0u) << r.out;
    for (const std::string& f : flags) {
      // The flag, then its help on the same line or (a long flag) the next.
      const bool listed = r.out.find("  " + f + " ") != std::string::npos || r.out.find("  " + f + "\n") != std::string::npos;
      EXPECT_TRUE(listed) << verb << ": " << f << "\n" << r.out;
    }
    EXPECT_NE(r.out.find("common options:\n  -h, --help "), std::string::npos) << r.out;
    EXPECT_NE(r.out.find("  -q, --quiet "), std::string::npos) << r.out;
    EXPECT_EQ(RunParq(verb + " -h", Stderr::kDropped).out, r.out) << verb;
  }
}

// Each flag a verb's help lists is one its parser takes: the table does both.
TEST(CliHelpTest, EveryListedFlagIsAccepted) {
  for (const auto& [verb, flags] : kVerbFlags) {
    for (const std::string& f : flags) {
      std::string flag = f.substr(f.find("--"));
      flag = flag.substr(0, flag.find(' '));
      CliRun r = RunParq(verb + " " + flag + (f.find(' ', f.find("--")) != std::string::npos ? " 1" : ""));
      EXPECT_EQ(r.out.find("unknown option"), std::string::npos) << verb << " " << flag << ": " << r.out;
    }
  }
}

TEST(CliHelpTest, SchemaHelpExactly) {
  CliRun r = RunParq("schema --help", Stderr::kDropped);
  EXPECT_EQ(r.out,
            "usage: parq schema FILE|DIR|GLOB [--json] [--skip-invalid] [--footer-key KEY] [--column-key PATH=KEY]... "
            "[--aad-prefix TEXT] [--keys FILE]\n"
            "\n"
            "schema: the schema as message-type text\n"
            "\n"
            "options:\n"
            "      --json                   the schema as a JSON tree instead of message-type text\n"
            "      --skip-invalid           a directory or glob: leave out files that are not Parquet (warned of)\n"
            "      --footer-key KEY         the footer key of an encrypted file (hex:..., base64:... or text:...)\n"
            "      --column-key PATH=KEY    the key of an encrypted column (repeatable)\n"
            "      --aad-prefix TEXT        the AAD prefix the file was encrypted with, when it does not store it\n"
            "      --keys FILE              read the key flags from FILE, one a line (keys out of the process list)\n"
            "\n"
            "common options:\n"
            "  -h, --help                   this help, on stdout\n"
            "  -q, --quiet                  no warnings or progress line on stderr (errors still print)\n");
}

TEST(CliHelpTest, HelpWinsOverOtherArgumentsButNotAfterDashDash) {
  CliRun r = RunParq("cat " + Quote(kData + "alltypes_plain.parquet") + " --head 1 --help", Stderr::kDropped);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_EQ(r.out.rfind("usage: parq cat ", 0), 0u) << r.out;
  // After "--" it is a file name.
  r = RunParq("cat -- --help");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("parq: error: IO error: cannot open"), std::string::npos) << r.out;
}

TEST(CliHelpTest, HelpVerbIsTheVerbsHelp) {
  for (const auto& [verb, flags] : kVerbFlags) {
    EXPECT_EQ(RunParq("help " + verb, Stderr::kDropped).out, RunParq(verb + " --help", Stderr::kDropped).out) << verb;
  }
}

// What bash offers for the words typed so far (the last one being completed).
std::string Complete(const std::string& script, const std::string& words, int cword) {
  const std::string cmd = "bash -c 'source " + script + "; COMP_WORDS=(" + words + "); COMP_CWORD=" +
                          std::to_string(cword) + "; _parq; echo \"${COMPREPLY[*]}\"'";
  return parq::testing::RunShell(cmd).out;
}

TEST(CliHelpTest, BashCompletionOffersVerbsAndEachVerbsFlags) {
  CliRun r = RunParq("completion bash", Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0);
  const std::string script = ::testing::TempDir() + "/parq_completion.bash";
  std::ofstream(script) << r.out;
  EXPECT_EQ(Complete(script, "parq pa", 1), "pages\n");
  EXPECT_EQ(Complete(script, "parq co", 1), "convert column-index completion\n");
  EXPECT_EQ(Complete(script, "parq -q meta --", 3),
            "--json --page-index --bloom-filter --skip-invalid --footer-key --column-key --aad-prefix --keys --help "
            "--quiet\n");
  EXPECT_EQ(Complete(script, "parq head -", 2),
            "--rows -n --columns --verify-checksums --no-verify-checksums --footer-key --column-key --aad-prefix --keys "
            "--help -h --quiet -q\n");
  EXPECT_EQ(Complete(script, "parq --v", 1), "--version\n");
  // After a flag whose values are a list: those values.
  EXPECT_EQ(Complete(script, "parq cat f.parquet --format csv --csv-line-ending \"\"", 6), "lf crlf\n");
  EXPECT_EQ(Complete(script, "parq cat f.parquet --csv-line-ending c", 4), "crlf\n");
  EXPECT_EQ(Complete(script, "parq cat f.parquet --format \"\"", 4), "jsonl csv\n");
  EXPECT_EQ(Complete(script, "parq rewrite a b --dictionary o", 5), "on off\n");
  // After a flag of a placeholder: the flags, as before.
  EXPECT_EQ(Complete(script, "parq cat f.parquet --columns --cs", 4), "--csv-line-ending\n");
  EXPECT_EQ(RunParq("completion zsh").exit_code, 2);
  std::remove(script.c_str());
}

// The flags a verb's help lists ("--json", "-n" beside "--rows"), from its
// option lines.
std::vector<std::string> HelpFlags(const std::string& help) {
  std::vector<std::string> out;
  const size_t options = help.find("\noptions:\n");
  const size_t common = help.find("\ncommon options:\n");
  if (options == std::string::npos || common == std::string::npos) return out;
  size_t at = options + 10;
  while (at < common) {
    const size_t end = help.find('\n', at);
    const std::string line = help.substr(at, end - at);
    at = end + 1;
    // "  -n, --rows N   ..." or "      --json   ...": the words before the help text.
    for (size_t i = 0; i < line.size();) {
      while (i < line.size() && line[i] == ' ') ++i;
      if (i >= line.size() || line[i] != '-') break;
      size_t j = line.find_first_of(" ,", i);
      out.push_back(line.substr(i, j - i));
      i = j == std::string::npos ? line.size() : j;
      if (i < line.size() && line[i] == ',') ++i;
      else break;
    }
  }
  return out;
}

// The completion script is made from the verb tables: every verb the
// top-level help lists, and every flag of each verb's help, is offered.
TEST(CliHelpTest, BashCompletionListsEveryVerbAndFlag) {
  CliRun r = RunParq("completion bash", Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0);
  const std::string script = ::testing::TempDir() + "/parq_completion_all.bash";
  std::ofstream(script) << r.out;
  const std::string help = RunParq("--help", Stderr::kDropped).out;
  const size_t from = help.find("verbs:\n"), to = help.find("\ncommon options:");
  ASSERT_NE(from, std::string::npos);
  std::vector<std::string> verbs;
  for (size_t at = from + 7; at < to;) {
    const size_t end = help.find('\n', at);
    const std::string line = help.substr(at, end - at);
    at = end + 1;
    if (line.rfind("  ", 0) == 0) verbs.push_back(line.substr(2, line.find(' ', 2) - 2));
  }
  EXPECT_EQ(verbs.size(), kVerbFlags.size());
  std::string offered = " " + Complete(script, "parq ''", 1);
  offered.back() = ' ';
  for (const std::string& verb : verbs) {
    EXPECT_TRUE(kVerbFlags.count(verb)) << verb << " has no entry in kVerbFlags";
    EXPECT_NE(offered.find(" " + verb + " "), std::string::npos) << verb << " not offered: " << offered;
    std::string flags = " " + Complete(script, "parq " + verb + " -", 2);
    flags.back() = ' ';
    const std::vector<std::string> listed = HelpFlags(RunParq(verb + " --help", Stderr::kDropped).out);
    EXPECT_GE(listed.size(), kVerbFlags.count(verb) ? kVerbFlags.at(verb).size() : 1) << verb;
    for (const std::string& f : listed) {
      EXPECT_NE(flags.find(" " + f + " "), std::string::npos) << verb << ": " << f << " not offered: " << flags;
    }
    for (const char* common : {"--help", "--quiet"}) EXPECT_NE(flags.find(common), std::string::npos) << verb;
  }
  for (const char* extra : {"help", "completion"}) EXPECT_NE(offered.find(std::string(" ") + extra + " "), std::string::npos);
  std::remove(script.c_str());
}

TEST(CliHelpTest, TopLevelHelpListsVerbsAndCommonFlags) {
  for (const char* args : {"--help", "-h", "help"}) {
    CliRun r = RunParq(args, Stderr::kDropped);
    EXPECT_EQ(r.exit_code, 0) << args;
    EXPECT_EQ(r.out.rfind("usage: parq [--quiet] VERB [options] FILE...\n", 0), 0u) << r.out;
    for (const auto& [verb, flags] : kVerbFlags) EXPECT_NE(r.out.find("\n  " + verb + " "), std::string::npos) << verb;
    EXPECT_NE(r.out.find("-q, --quiet"), std::string::npos);
    EXPECT_NE(r.out.find("--version"), std::string::npos);
    EXPECT_NE(r.out.find("NO_COLOR"), std::string::npos);
  }
}

TEST(CliHelpTest, UsageErrorsPointToHelp) {
  CliRun r = RunParq("pages x --bogus");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out,
            "parq: usage error: unknown option --bogus\n"
            "usage: parq pages FILE [--columns a,b.c] [--json]\n"
            "run 'parq pages --help' for its options\n");
  r = RunParq("frobnicate x");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_EQ(r.out.rfind("parq: usage error: unknown verb 'frobnicate' (parq --help lists the verbs)\n", 0), 0u) << r.out;
}

TEST(CliHelpTest, QuietDropsWarningsNotErrors) {
  const std::string file = Quote(kData + "repeated_no_annotation.parquet");
  CliRun loud = RunParq("meta " + file);
  ASSERT_EQ(loud.exit_code, 0);
  ASSERT_NE(loud.out.find("parq: warning: "), std::string::npos) << loud.out.substr(0, 300);
  for (const std::string& args : {"meta --quiet " + file, "--quiet meta " + file, "meta -q " + file}) {
    CliRun r = RunParq(args);
    EXPECT_EQ(r.exit_code, 0) << args;
    EXPECT_EQ(r.out.find("parq: warning: "), std::string::npos) << args;
    EXPECT_EQ(r.out, RunParq("meta " + file, Stderr::kDropped).out) << args;
  }
  CliRun r = RunParq("--quiet meta /nonexistent/file.parquet");
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("parq: error: "), std::string::npos);
}

}  // namespace
