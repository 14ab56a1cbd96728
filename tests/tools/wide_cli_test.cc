// `parq schema` and `parq meta` of a wide footer (issue 31, item 1): a
// footer of 200,000 leaves and no row group, as FileWriter writes it (with
// a column order per leaf).  The text is printed a piece at a time instead
// of being built whole, and the schema is checked and printed a slice of
// fields at a time: each run's peak resident set per leaf (over a run that
// reads nothing) is bounded, and the text is the same as before.  Under
// AddressSanitizer the resident set is mostly the sanitizer's: the bounds
// are checked in the release build.
#include <gtest/gtest.h>
#include <malloc.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "parq/file_writer.h"
#include "parq/schema.h"
#include "spawn_util.h"
#include "testing/run_parq.h"

namespace {

namespace fs = std::filesystem;
using parq::testing::ReadFileText;
using parq::testing::RunParqMeasured;

using parq::testing::kRssIsParqs;

constexpr int kLeaves = 200'000;
constexpr int kRowLeaves = 50'000;  // of the file with a row group

class WideCliTest : public ::testing::Test {
 protected:
  static void SetUpTestSuite() {
    dir_ = new fs::path(fs::temp_directory_path() / ("parq-wide-cli-test-" + std::to_string(::getpid())));
    fs::create_directories(*dir_);
    Write(Path(), parq::SchemaNode::MakeGroup("schema", parq::Repetition::kRequired, Leaves()));
    // The same leaves in one group: sliced inside it.
    std::vector<std::unique_ptr<parq::SchemaNode>> group;
    group.push_back(parq::SchemaNode::MakeGroup("s", parq::Repetition::kOptional, Leaves()));
    Write(NestedPath(), parq::SchemaNode::MakeGroup("schema", parq::Repetition::kRequired, std::move(group)));
    // Fewer leaves, and a row of them.
    std::vector<std::unique_ptr<parq::SchemaNode>> fields = Leaves();
    fields.resize(kRowLeaves);
    Write(RowPath(), parq::SchemaNode::MakeGroup("schema", parq::Repetition::kRequired, std::move(fields)), 1);
  }
  // kLeaves required BOOLEAN leaves c0, c1, ...
  static std::vector<std::unique_ptr<parq::SchemaNode>> Leaves() {
    std::vector<std::unique_ptr<parq::SchemaNode>> fields;
    for (int c = 0; c < kLeaves; ++c) {
      fields.push_back(parq::SchemaNode::MakePrimitive("c" + std::to_string(c), parq::Repetition::kRequired,
                                                       parq::PhysicalType::kBoolean));
    }
    return fields;
  }
  // A file of `root`'s schema at `path`: a footer and no row group, or one
  // row group of `rows` rows of true.
  static void Write(const std::string& path, std::unique_ptr<parq::SchemaNode> root, int rows = 0) {
    auto schema = parq::Schema::Make(std::move(root));
    ASSERT_TRUE(schema.ok()) << schema.status().ToString();
    auto writer = parq::FileWriter::Open(path, *schema);
    ASSERT_TRUE(writer.ok()) << writer.status().ToString();
    const bool values[1] = {true};
    for (int c = 0; c < schema->num_columns() && rows > 0; ++c) {
      auto column = (*writer)->typed_column<bool>(c);
      ASSERT_TRUE(column.ok()) << column.status().ToString();
      const parq::Status written = (*column)->WriteBatch(rows, nullptr, nullptr, values);
      ASSERT_TRUE(written.ok()) << written.ToString();
    }
    const parq::Status closed = (*writer)->Close();
    ASSERT_TRUE(closed.ok()) << closed.ToString();
  }
  static void TearDownTestSuite() {
    fs::remove_all(*dir_);
    delete dir_;
  }
  static std::string Path() { return (*dir_ / "wide.parquet").string(); }
  static std::string NestedPath() { return (*dir_ / "nested.parquet").string(); }
  static std::string RowPath() { return (*dir_ / "row.parquet").string(); }
  static std::string Err() { return (*dir_ / "err").string(); }
  // The peak resident set of `parq args...` over a run that reads nothing, in
  // bytes a leaf.
  static long PeakPerLeaf(const std::vector<std::string>& args, int leaves = kLeaves) {
    // A forked child's peak counts what this process held when it forked:
    // the heap the schema of SetUpTestSuite left is given back first, else
    // a run that holds less than it would measure nothing.
    ::malloc_trim(0);
    const long baseline_kb = RunParqMeasured({"--version"}).max_rss_kb;
    const auto end = RunParqMeasured(args, Err());
    EXPECT_EQ(end.exit_code, 0) << ReadFileText(Err());
    RecordProperty("baseline_kb", std::to_string(baseline_kb));
    return (end.max_rss_kb - baseline_kb) * 1024 / leaves;
  }
  static fs::path* dir_;
};
fs::path* WideCliTest::dir_ = nullptr;

TEST_F(WideCliTest, SchemaTextIsTheWholeSchema) {
  std::string want = "message schema {\n";
  for (int c = 0; c < kLeaves; ++c) want += "  required boolean c" + std::to_string(c) + ";\n";
  want += "}\n";
  const auto r = parq::testing::RunParq("schema " + Path(), parq::testing::Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.out == want) << r.out.size() << " bytes, not " << want.size();
  const auto json = parq::testing::RunParq("schema --json " + Path(), parq::testing::Stderr::kShown);
  EXPECT_EQ(json.exit_code, 0);
  const std::string last = "{\"name\":\"c" + std::to_string(kLeaves - 1) +
                           "\",\"repetition\":\"required\",\"type\":\"BOOLEAN\",\"max_definition_level\":0,"
                           "\"max_repetition_level\":0}]}\n";
  ASSERT_GT(json.out.size(), last.size());
  EXPECT_EQ(json.out.substr(json.out.size() - last.size()), last);
  EXPECT_EQ(json.out.rfind("{\"name\":\"schema\",\"children\":[{\"name\":\"c0\",", 0), 0u) << json.out.substr(0, 80);
}

TEST_F(WideCliTest, MetaListsEveryColumnOrder) {
  const auto r = parq::testing::RunParq("meta " + Path(), parq::testing::Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  std::string orders = "\ncolumn_orders:";
  for (int c = 0; c < kLeaves; ++c) orders += " TYPE_ORDER";
  orders += "\n";
  EXPECT_NE(r.out.find(orders), std::string::npos) << r.out.substr(0, 200);
  EXPECT_NE(r.out.find("\nnum_columns: " + std::to_string(kLeaves) + "\n"), std::string::npos);
}

// The bound: the peak resident set of printing a footer-only file
// within three times the footer's size.  Before: 570 bytes a leaf for the
// text, 685 for the JSON schema, 585 for meta (the decoded elements, the
// whole text, every column order as a string); then some 430 (the Schema
// built whole), where the footer takes 17.  Now the schema is checked and
// printed a slice of fields at a time (an outline), and the footer's bytes
// are most of what is held.
TEST_F(WideCliTest, PrintingAWideFooterHoldsUnderThreeTimesItsSize) {
  const long footer = static_cast<long>(fs::file_size(Path())) - 12;  // both magics and the length
  const long per_leaf_bound = 3 * footer / kLeaves;
  const long text = PeakPerLeaf({"schema", Path()});
  const long json = PeakPerLeaf({"schema", "--json", Path()});
  const long meta = PeakPerLeaf({"meta", Path()});
  const long meta_json = PeakPerLeaf({"meta", "--json", Path()});
  RecordProperty("footer_bytes_per_leaf", std::to_string(footer / kLeaves));
  RecordProperty("schema_bytes_per_leaf", std::to_string(text));
  RecordProperty("schema_json_bytes_per_leaf", std::to_string(json));
  RecordProperty("meta_bytes_per_leaf", std::to_string(meta));
  RecordProperty("meta_json_bytes_per_leaf", std::to_string(meta_json));
  if (kRssIsParqs) {
    EXPECT_LT(text, per_leaf_bound);
    EXPECT_LT(json, per_leaf_bound);
    EXPECT_LT(meta, per_leaf_bound);
    EXPECT_LT(meta_json, per_leaf_bound);
  }
}

// The same of one group of all the leaves: the slices are cut inside it (they
// were cut between the root's fields only, and such a schema built whole:
// some 470 bytes a leaf).
TEST_F(WideCliTest, PrintingOneWideGroupHoldsUnderThreeTimesItsFooter) {
  const long footer = static_cast<long>(fs::file_size(NestedPath())) - 12;
  const long per_leaf_bound = 3 * footer / kLeaves;
  const long text = PeakPerLeaf({"schema", NestedPath()});
  const long json = PeakPerLeaf({"schema", "--json", NestedPath()});
  const long meta = PeakPerLeaf({"meta", NestedPath()});
  RecordProperty("schema_bytes_per_leaf", std::to_string(text));
  RecordProperty("schema_json_bytes_per_leaf", std::to_string(json));
  RecordProperty("meta_bytes_per_leaf", std::to_string(meta));
  if (kRssIsParqs) {
    EXPECT_LT(text, per_leaf_bound);
    EXPECT_LT(json, per_leaf_bound);
    EXPECT_LT(meta, per_leaf_bound);
  }
  // The text is the whole schema's, its group opened and closed once.
  std::string want = "message schema {\n  optional group s {\n";
  for (int c = 0; c < kLeaves; ++c) want += "    required boolean c" + std::to_string(c) + ";\n";
  want += "  }\n}\n";
  const auto r = parq::testing::RunParq("schema " + NestedPath(), parq::testing::Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0);
  EXPECT_TRUE(r.out == want) << r.out.size() << " bytes, not " << want.size();
  const auto j = parq::testing::RunParq("schema --json " + NestedPath(), parq::testing::Stderr::kShown);
  EXPECT_EQ(j.exit_code, 0);
  const std::string last = "\"name\":\"c" + std::to_string(kLeaves - 1) +
                           "\",\"repetition\":\"required\",\"type\":\"BOOLEAN\",\"max_definition_level\":1,"
                           "\"max_repetition_level\":0}]}]}\n";
  ASSERT_GT(j.out.size(), last.size());
  EXPECT_EQ(j.out.substr(j.out.size() - last.size()), last);
  EXPECT_EQ(j.out.find("\"name\":\"s\""), j.out.rfind("\"name\":\"s\"")) << "the group written once";
}

// A file with a row group: its schema was built whole for meta (some 430
// bytes a leaf, where its footer takes about 100 with the chunks); now it
// is an outline too, the chunks checked and printed a slice of the schema
// at a time.
TEST_F(WideCliTest, PrintingAWideFileWithARowGroupHoldsUnderThreeTimesItsFooter) {
  const std::string footer_line = parq::testing::RunParq("meta " + RowPath(), parq::testing::Stderr::kShown).out;
  const size_t at = footer_line.find("; footer ");
  ASSERT_NE(at, std::string::npos);
  const long footer = std::stol(footer_line.substr(at + 9));
  const long per_leaf_bound = 3 * footer / kRowLeaves;
  const long meta = PeakPerLeaf({"meta", RowPath()}, kRowLeaves);
  const long meta_json = PeakPerLeaf({"meta", "--json", RowPath()}, kRowLeaves);
  const long text = PeakPerLeaf({"schema", RowPath()}, kRowLeaves);
  RecordProperty("footer_bytes_per_leaf", std::to_string(footer / kRowLeaves));
  RecordProperty("meta_bytes_per_leaf", std::to_string(meta));
  RecordProperty("meta_json_bytes_per_leaf", std::to_string(meta_json));
  RecordProperty("schema_bytes_per_leaf", std::to_string(text));
  if (kRssIsParqs) {
    EXPECT_LT(meta, per_leaf_bound);
    EXPECT_LT(meta_json, per_leaf_bound);
    EXPECT_LT(text, per_leaf_bound);
  }
  const std::string last = "column " + std::to_string(kRowLeaves - 1) + " c" + std::to_string(kRowLeaves - 1) +
                           ": BOOLEAN\n    codec ";
  EXPECT_NE(footer_line.find(last), std::string::npos);
}

}  // namespace
