// The footer of `parq rewrite IN OUT` against IN's, field by field, for every
// file of parquet-testing/expected/MANIFEST.tsv (the corpus with expected
// rows): the schema elements (names, types, repetition, field ids, converted
// and logical types, scale/precision), the file key-value metadata (IN's, in
// order, then parq.source_created_by = IN's created_by), each row group's
// sorting_columns and each chunk's key-value metadata, and the column orders.
// A rewrite without flags may change only what parq writes anew: created_by,
// the pages, statistics and offsets; both paths are checked, the raw copy
// (pages as stored, the same rows read back) and the decoding one.  A source schema element without a
// logicalType may gain the one its converted_type stands for (the forward
// table); a source without column_orders gains TYPE_ORDER, the order of the
// statistics parq computes.  Row groups of no rows are kept as the source had
// them (FileWriter::KeepRowGroupMetadata).  Not kept, by design: a logical
// type newer than parq (ignored on read, warned of).
#include <gtest/gtest.h>
#include <unistd.h>

#include <cctype>
#include <filesystem>
#include <fstream>
#include <map>
#include <string>
#include <vector>

#include "format/footer.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/version.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

const fs::path kTesting = fs::path(PARQ_SHARED_DIR) / "parquet-testing";

// Files `parq rewrite` refuses, with a text of its error (the test checks
// they still fail so).  The raw path (pages copied as stored) decompresses
// nothing, so it meets no decompression limit.
const std::map<std::string, std::string>& Refused(bool raw) {
  static const std::map<std::string, std::string> decoding = {
      {"data/large_string_map.brotli.parquet", "max_page_size"},
      {"data/nation.dict-malformed.parquet", "orrupt"},
      {"data/datapage_v1-corrupt-checksum.parquet", "CRC32 mismatch"},
      {"data/rle-dict-uncompressed-corrupt-checksum.parquet", "CRC32 mismatch"},
  };
  static const std::map<std::string, std::string> raw_copy = {
      {"data/nation.dict-malformed.parquet", "orrupt"},
      {"data/datapage_v1-corrupt-checksum.parquet", "CRC32 mismatch"},
      {"data/rle-dict-uncompressed-corrupt-checksum.parquet", "CRC32 mismatch"},
  };
  return raw ? raw_copy : decoding;
}

std::vector<std::string> ManifestFiles() {
  std::vector<std::string> out;
  std::ifstream in(kTesting / "expected" / "MANIFEST.tsv");
  std::string line;
  std::getline(in, line);  // header
  while (std::getline(in, line)) {
    if (!line.empty()) out.push_back(line.substr(0, line.find('\t')));
  }
  return out;
}

Result<format::FileMetaData> Footer(const std::string& path) {
  PARQ_ASSIGN_OR_RETURN(auto file, OpenFile(path));
  PARQ_ASSIGN_OR_RETURN(format::Footer f, format::ReadFooter(*file, ReaderOptions{}));
  return format::FileMetaData(*f.metadata);
}

std::string Str(const thrift::String& s) { return std::string(s.data(), s.size()); }

class RewriteFooterTest : public ::testing::TestWithParam<std::string> {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-rewrite-footer-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
  }
  void TearDown() override { fs::remove_all(dir_); }
  fs::path dir_;
};

// `raw`: the rewrite copies the pages as stored (no flag), else decodes them
// (--no-raw-copy).
void ExpectFooterKept(const std::string& file, const fs::path& dir, bool raw) {
  const std::string in = (kTesting / file).string();
  const std::string out = (dir / "out.parquet").string();
  testing::CliRun run =
      testing::RunParq("rewrite " + testing::Quote(in) + " " + testing::Quote(out) + (raw ? "" : " --no-raw-copy"));
  if (auto it = Refused(raw).find(file); it != Refused(raw).end()) {
    EXPECT_NE(run.exit_code, 0);
    EXPECT_NE(run.out.find(it->second), std::string::npos) << run.out;
    return;
  }
  ASSERT_EQ(run.exit_code, 0) << run.out;
  if (raw) {  // the same rows (or the same error reading them)
    testing::CliRun rows_in = testing::RunParq("cat " + testing::Quote(in), testing::Stderr::kDropped);
    testing::CliRun rows_out = testing::RunParq("cat " + testing::Quote(out), testing::Stderr::kDropped);
    EXPECT_EQ(rows_in.exit_code, rows_out.exit_code);
    EXPECT_TRUE(rows_in.out == rows_out.out) << "the rows differ";
  }
  ASSERT_OK_AND_ASSIGN(format::FileMetaData a, Footer(in));
  ASSERT_OK_AND_ASSIGN(format::FileMetaData b, Footer(out));

  ASSERT_EQ(a.schema.size(), b.schema.size());
  for (size_t i = 0; i < a.schema.size(); ++i) {
    const format::SchemaElement& x = a.schema[i];
    const format::SchemaElement& y = b.schema[i];
    SCOPED_TRACE("schema element " + std::to_string(i) + " '" + Str(x.name) + "'");
    EXPECT_EQ(Str(x.name), Str(y.name));
    EXPECT_EQ(x.type, y.type);
    EXPECT_EQ(x.type_length, y.type_length);
    // The root's repetition is not kept (parq writes none, readers ignore it).
    if (i > 0) { EXPECT_EQ(x.repetition_type, y.repetition_type); }
    EXPECT_EQ(x.num_children, y.num_children);
    EXPECT_EQ(x.field_id, y.field_id);
    if (x.converted_type) { EXPECT_EQ(x.converted_type, y.converted_type); }
    // A logical type newer than parq (no member parq knows) is not written
    // again: the reader ignores it with a warning (FileMetaData::Warnings).
    if (x.logicalType && !(*x.logicalType == format::LogicalType{})) {
      ASSERT_TRUE(y.logicalType);
      EXPECT_TRUE(*x.logicalType == *y.logicalType);
    }
    if (x.scale) { EXPECT_EQ(x.scale, y.scale); }
    if (x.precision) { EXPECT_EQ(x.precision, y.precision); }
  }

  std::vector<format::KeyValue> want;
  if (a.key_value_metadata) want.assign(a.key_value_metadata->begin(), a.key_value_metadata->end());
  if (a.created_by) {
    format::KeyValue kv;
    kv.key = std::string(kSourceCreatedByKey);
    kv.value = Str(*a.created_by);
    want.push_back(kv);
  }
  std::vector<format::KeyValue> got;
  if (b.key_value_metadata) got.assign(b.key_value_metadata->begin(), b.key_value_metadata->end());
  ASSERT_EQ(got.size(), want.size());
  for (size_t i = 0; i < want.size(); ++i) {
    EXPECT_EQ(Str(got[i].key), Str(want[i].key));
    EXPECT_EQ(got[i].value.has_value(), want[i].value.has_value()) << Str(want[i].key);
    if (got[i].value && want[i].value) { EXPECT_EQ(Str(*got[i].value), Str(*want[i].value)) << Str(want[i].key); }
  }
  EXPECT_EQ(Str(*b.created_by), kCreatedBy);

  // Every row group, those of no rows included.
  std::vector<const format::RowGroup*> a_groups;
  for (const auto& rg : a.row_groups) a_groups.push_back(&rg);
  ASSERT_EQ(a_groups.size(), b.row_groups.size());
  for (size_t g = 0; g < a_groups.size(); ++g) {
    SCOPED_TRACE("row group " + std::to_string(g));
    const format::RowGroup& x = *a_groups[g];
    const format::RowGroup& y = b.row_groups[g];
    EXPECT_EQ(x.num_rows, y.num_rows);
    const bool x_sorted = x.sorting_columns && !x.sorting_columns->empty();
    ASSERT_EQ(x_sorted, y.sorting_columns.has_value());
    if (x_sorted) { EXPECT_TRUE(*x.sorting_columns == *y.sorting_columns); }
    ASSERT_EQ(x.columns.size(), y.columns.size());
    for (size_t c = 0; c < x.columns.size(); ++c) {
      const auto& xk = x.columns[c].meta_data->key_value_metadata;
      const auto& yk = y.columns[c].meta_data->key_value_metadata;
      const bool x_has = xk && !xk->empty();
      ASSERT_EQ(x_has, yk.has_value()) << "column " << c;
      if (x_has) { EXPECT_TRUE(*xk == *yk) << "column " << c; }
    }
  }

  ASSERT_TRUE(b.column_orders);
  size_t leaves = 0;
  for (const auto& e : a.schema) leaves += e.num_children ? 0 : 1;
  ASSERT_EQ(b.column_orders->size(), leaves);
  for (size_t c = 0; c < b.column_orders->size(); ++c) {
    const format::ColumnOrder& y = (*b.column_orders)[c];
    if (a.column_orders && c < a.column_orders->size() && (*a.column_orders)[c].IEEE_754_TOTAL_ORDER) {
      EXPECT_TRUE(y.IEEE_754_TOTAL_ORDER) << "column " << c;
    } else {
      EXPECT_TRUE(y.TYPE_ORDER) << "column " << c;
    }
  }
}

TEST_P(RewriteFooterTest, KeepsTheFooterMetadata) { ExpectFooterKept(GetParam(), dir_, /*raw=*/false); }
TEST_P(RewriteFooterTest, KeepsTheFooterMetadataCopyingRaw) { ExpectFooterKept(GetParam(), dir_, /*raw=*/true); }

INSTANTIATE_TEST_SUITE_P(Corpus, RewriteFooterTest, ::testing::ValuesIn(ManifestFiles()),
                         [](const ::testing::TestParamInfo<std::string>& info) {
                           std::string name;
                           for (char ch : info.param) name += std::isalnum(static_cast<unsigned char>(ch)) ? ch : '_';
                           return name;
                         });

}  // namespace
}  // namespace parq

namespace parq {
namespace {

// floating_orders_nan_count.parquet declares IEEE_754_TOTAL_ORDER for its
// *_ieee754 columns: parq reads that order, and a rewrite computes the same
// statistics in it (NaN bounds for the row group of only NaNs included) as
// the file holds, with a ColumnIndex for each such chunk.
TEST(RewriteColumnOrderTest, FloatingOrdersNanCountKeepsItsStatistics) {
  const std::string in = (kTesting / "data/floating_orders_nan_count.parquet").string();
  const fs::path dir = fs::temp_directory_path() / ("parq-rewrite-order-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / "out.parquet").string();
  testing::CliRun run = testing::RunParq("rewrite " + testing::Quote(in) + " " + testing::Quote(out));
  ASSERT_EQ(run.exit_code, 0) << run.out;
  ASSERT_OK_AND_ASSIGN(auto a, FileReader::Open(in));
  ASSERT_OK_AND_ASSIGN(auto b, FileReader::Open(out));
  const FileMetaData& ma = a->metadata();
  const FileMetaData& mb = b->metadata();
  int ieee_columns = 0;
  for (int c = 0; c < ma.schema().num_columns(); ++c) {
    const bool ieee = ma.schema().column(c).dotted_path.ends_with("_ieee754");
    EXPECT_EQ(ma.column_order(c), ieee ? "IEEE_754_TOTAL_ORDER" : "TYPE_ORDER") << c;
    EXPECT_EQ(mb.column_order(c), ma.column_order(c)) << c;
    if (!ieee) continue;
    ++ieee_columns;
    for (int g = 0; g < ma.num_row_groups(); ++g) {
      SCOPED_TRACE("column " + std::to_string(c) + ", row group " + std::to_string(g));
      auto sa = ma.row_group(g).column(c).statistics();
      auto sb = mb.row_group(g).column(c).statistics();
      ASSERT_TRUE(sa && sb);
      EXPECT_EQ(sa->nan_count, sb->nan_count);
      EXPECT_EQ(sa->null_count, sb->null_count);
      EXPECT_EQ(sa->min_value, sb->min_value);
      EXPECT_EQ(sa->max_value, sb->max_value);
      EXPECT_TRUE(mb.row_group(g).column(c).column_index_offset().has_value());
    }
  }
  EXPECT_EQ(ieee_columns, 3);
  fs::remove_all(dir);
}

// --column-order ieee754 declares the order for the floating-point leaves
// only; a value that is neither order is a usage error.
TEST(RewriteColumnOrderTest, FlagSetsTheOrderOfFloatingColumns) {
  const std::string in = (kTesting / "data/alltypes_plain.parquet").string();
  const fs::path dir = fs::temp_directory_path() / ("parq-rewrite-flag-" + std::to_string(::getpid()));
  fs::create_directories(dir);
  const std::string out = (dir / "out.parquet").string();
  testing::CliRun bad = testing::RunParq("rewrite " + testing::Quote(in) + " " + testing::Quote(out) +
                                         " --column-order total");
  EXPECT_EQ(bad.exit_code, 2);
  EXPECT_NE(bad.out.find("writer option 'column-order': is type or ieee754, not 'total'"), std::string::npos)
      << bad.out;
  testing::CliRun run = testing::RunParq("rewrite " + testing::Quote(in) + " " + testing::Quote(out) +
                                         " --column-order ieee754");
  ASSERT_EQ(run.exit_code, 0) << run.out;
  ASSERT_OK_AND_ASSIGN(auto b, FileReader::Open(out));
  const Schema& schema = b->metadata().schema();
  for (int c = 0; c < schema.num_columns(); ++c) {
    const PhysicalType t = schema.column(c).physical_type;
    const bool floating = t == PhysicalType::kFloat || t == PhysicalType::kDouble;
    EXPECT_EQ(b->metadata().column_order(c), floating ? "IEEE_754_TOTAL_ORDER" : "TYPE_ORDER")
        << schema.column(c).dotted_path;
  }
  fs::remove_all(dir);
}

}  // namespace
}  // namespace parq
