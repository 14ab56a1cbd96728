// CsvRowWriter over every corpus file with expected rows: the records it
// makes straight from the rows' values (AppendNext; AppendRow from a
// RowReader's Value rows) are byte for byte those it makes from the rows'
// canonical JSON (Append), with LF and with CRLF line ends.
#include <gtest/gtest.h>

#include <string>

#include "corpus/corpus_test_util.h"
#include "parq/csv.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// Every row of `path` as CSV three ways; false (with a failure) at the first
// record that differs.  Returns the rows compared.
int64_t CompareRecords(const std::string& path, const CsvOptions& options) {
  ReaderOptions ro;
  ro.verify_checksums = false;  // two corpus files hold wrong CRCs on purpose
  auto file = FileReader::Open(path, ro);
  EXPECT_OK(file.status());
  if (!file.ok()) return 0;
  auto json = JsonRowReader::Open(**file);
  auto direct = JsonRowReader::Open(**file);
  auto values = RowReader::Open(**file);
  EXPECT_OK(json.status());
  EXPECT_OK(direct.status());
  EXPECT_OK(values.status());
  if (!json.ok() || !direct.ok() || !values.ok()) return 0;
  const CsvRowWriter writer((*json)->field_names(), options);
  std::string line, from_json, from_values, from_value_row;
  Value row;
  int64_t n = 0;
  while (true) {
    line.clear();
    from_json.clear();
    from_values.clear();
    from_value_row.clear();
    Result<bool> a = (*json)->Next(&line);
    Result<bool> b = writer.AppendNext(**direct, &from_values);
    Result<bool> c = (*values)->Next(&row);
    EXPECT_EQ(a.ok(), b.ok()) << "row " << n;
    EXPECT_EQ(a.ok(), c.ok()) << "row " << n;
    if (!a.ok() || !b.ok() || !c.ok()) {
      EXPECT_EQ(a.status().ToString(), b.status().ToString());
      return n;
    }
    EXPECT_EQ(*a, *b);
    EXPECT_EQ(*a, *c);
    if (!*a || !*b || !*c) return n;
    EXPECT_OK(writer.Append(line, &from_json));
    EXPECT_OK(writer.AppendRow(**direct, row, &from_value_row));
    if (from_json != from_values || from_json != from_value_row) {
      ADD_FAILURE() << "row " << n << ": from JSON " << from_json << "from values " << from_values
                    << "from a Value row " << from_value_row;
      return n;
    }
    ++n;
  }
}

TEST(CsvCorpusTest, RecordsFromValuesEqualRecordsFromJson) {
  int files = 0;
  int64_t rows = 0;
  for (const auto& cols : corpus_test::ManifestRows()) {
    if (cols.size() < 5 || cols[4] == "none") continue;  // no expected rows
    SCOPED_TRACE(cols[0]);
    const std::string path = (corpus_test::kTesting / cols[0]).string();
    rows += CompareRecords(path, {});
    CsvOptions crlf;
    crlf.crlf = true;
    crlf.delimiter = ';';
    crlf.null_string = "NULL";
    CompareRecords(path, crlf);
    ++files;
  }
  EXPECT_GT(files, 200);
  EXPECT_GT(rows, 100000);
}

}  // namespace
}  // namespace parq
