// A filtered RowReader over a file whose footer places a filter column's
// page index wrongly (another column's index, past the file's end, cut
// short): the index cannot be read or does not fit the chunk, so it is not
// used and the pages are read as without one; the rows are still those of
// the unfiltered read filtered row by row.
#include <gtest/gtest.h>

#include <filesystem>
#include <functional>
#include <string>
#include <vector>

#include "format/parquet_types.h"
#include "parq/file_reader.h"
#include "parq/record.h"
#include "testing/footer_edit.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const std::string kTiny = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/alltypes_tiny_pages.parquet";

struct Rows {
  std::vector<Value> rows;
  int64_t pages_skipped = 0;
};

Result<Rows> ReadFiltered(const FileReader& file, const char* where) {
  RowReaderOptions o;
  o.columns = {"id", "string_col"};
  if (where != nullptr) {
    PARQ_ASSIGN_OR_RETURN(o.filter, ParseFilter(where, file.schema()));
  }
  PARQ_ASSIGN_OR_RETURN(auto reader, RowReader::Open(file, o));
  Rows out;
  while (true) {
    Value v;
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&v));
    if (!more) break;
    out.rows.push_back(std::move(v));
  }
  out.pages_skipped = reader->pages_skipped();
  return out;
}

TEST(PageIndexFilterTest, MisplacedIndexesAreNotUsed) {
  if (!std::filesystem::exists(kTiny)) GTEST_SKIP() << "no corpus file " << kTiny;
  ASSERT_OK_AND_ASSIGN(auto original, FileReader::Open(kTiny));
  const int id = original->schema().FindColumnIndex("id");
  const int other = original->schema().FindColumnIndex("bool_col");
  ASSERT_GE(id, 0);
  ASSERT_GE(other, 0);
  const std::vector<std::pair<const char*, std::function<void(format::FileMetaData&)>>> edits = {
      {"another column's offset index", [&](format::FileMetaData& m) {
         auto& cols = m.row_groups[0].columns;
         cols[static_cast<size_t>(id)].offset_index_offset = cols[static_cast<size_t>(other)].offset_index_offset;
         cols[static_cast<size_t>(id)].offset_index_length = cols[static_cast<size_t>(other)].offset_index_length;
       }},
      {"another column's column index", [&](format::FileMetaData& m) {
         auto& cols = m.row_groups[0].columns;
         cols[static_cast<size_t>(id)].column_index_offset = cols[static_cast<size_t>(other)].column_index_offset;
         cols[static_cast<size_t>(id)].column_index_length = cols[static_cast<size_t>(other)].column_index_length;
       }},
      {"column index cut short", [&](format::FileMetaData& m) {
         auto& c = m.row_groups[0].columns[static_cast<size_t>(id)];
         if (c.column_index_length) *c.column_index_length -= 1;
       }},
      {"offset index past the end", [&](format::FileMetaData& m) {
         m.row_groups[0].columns[static_cast<size_t>(id)].offset_index_offset = int64_t{1} << 40;
       }},
  };
  for (const char* where : {"id BETWEEN 100 AND 120", "id = 7000", "id < 5 OR id > 7290"}) {
    SCOPED_TRACE(where);
    ASSERT_OK_AND_ASSIGN(Rows all, ReadFiltered(*original, nullptr));
    ASSERT_OK_AND_ASSIGN(Filter filter, ParseFilter(where, original->schema()));
    ASSERT_OK_AND_ASSIGN(BoundFilter bound, BoundFilter::Bind(filter, original->schema()));
    std::vector<Value> expected;
    for (const Value& r : all.rows) {
      if (bound.Matches(r)) expected.push_back(r);
    }
    ASSERT_OK_AND_ASSIGN(Rows pruned, ReadFiltered(*original, where));
    EXPECT_EQ(pruned.rows, expected);
    EXPECT_GT(pruned.pages_skipped, 0);  // the file's own index is used
    for (const auto& [name, edit] : edits) {
      SCOPED_TRACE(name);
      ASSERT_OK_AND_ASSIGN(std::string bytes, testing::EditFooter(kTiny, edit));
      ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(std::move(bytes)))));
      ASSERT_OK_AND_ASSIGN(Rows got, ReadFiltered(*file, where));
      EXPECT_EQ(got.rows, expected);
    }
  }
}

}  // namespace
}  // namespace parq
