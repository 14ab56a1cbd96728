// RowReader's late materialization: the filter's columns are read first and
// the other columns only for the rows the filter keeps (the rejected rows
// passed over with SkipRows, never assembled).  The filtered read equals the
// unfiltered read filtered row by row (BoundFilter::Matches on the whole
// row), over random flat and nested files (lists, maps, lists of structs in
// the columns the filter does not read), sorted and shuffled, with
// projections that leave the filter's columns out, tiny batches, and every
// pruning level; and a selective filter passes over pages of the other
// columns without reading them.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/filter_random_file.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using Pruning = RowReaderOptions::Pruning;

TEST(LateMaterializationTest, FilteredRowsEqualUnfilteredRowsFiltered) {
  const std::string path = ::testing::TempDir() + "/late_materialization_random.parquet";
  int64_t predicates = 0, selected = 0, rejected = 0;
  for (uint32_t seed = 1; seed <= 16; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    testing::RandomFilterFile gen(seed, /*nested=*/seed % 4 != 1);
    gen.Write(/*sorted=*/seed % 2 == 0, path);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAllRows(*file));
    for (int p = 0; p < 12; ++p) {
      RowReaderOptions o;
      switch (gen.Uniform(0, 3)) {  // all, or a projection without (some of) the filter's columns
        case 0: o.columns = {"id"}; break;
        case 1: o.columns = {"st", "s"}; break;
        case 2:
          if (seed % 4 != 1) o.columns = {"tags", "kv", "pts", "x"};
          break;
        default: break;
      }
      ASSERT_OK_AND_ASSIGN(std::vector<Value> plain, testing::ReadAllRows(*file, o));
      ASSERT_EQ(plain.size(), all.size());
      o.filter = gen.Predicate(2);
      SCOPED_TRACE(o.filter->ToString());
      ASSERT_OK_AND_ASSIGN(BoundFilter bound, BoundFilter::Bind(*o.filter, file->schema()));
      std::vector<Value> expected;
      for (size_t i = 0; i < all.size(); ++i) {
        if (bound.Matches(all[i])) expected.push_back(plain[i]);
      }
      for (Pruning pruning : {Pruning::kNone, Pruning::kRowGroups, Pruning::kPages}) {
        o.pruning = pruning;
        o.batch_levels = p % 3 == 0 ? 3 : 4096;
        ASSERT_OK_AND_ASSIGN(std::vector<Value> got, testing::ReadAllRows(*file, o));
        EXPECT_EQ(got, expected) << "pruning " << static_cast<int>(pruning);
      }
      ++predicates;
      selected += static_cast<int64_t>(expected.size());
      rejected += static_cast<int64_t>(all.size() - expected.size());
    }
  }
  std::filesystem::remove(path);
  EXPECT_EQ(predicates, 192);
  EXPECT_GT(selected, 0);
  EXPECT_GT(rejected, 0);
}

// One row group, small v2 pages, no page index: a filter on the key that
// keeps two short stretches of rows.  The other columns (a string, a list)
// are read only where those rows are: their pages in between are passed
// over by their headers' row counts, never decompressed.
TEST(LateMaterializationTest, OtherColumnsSkipThePagesOfRejectedRows) {
  const std::string path = ::testing::TempDir() + "/late_materialization_pages.parquet";
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
    required int64 k;
    optional binary s (STRING);
    optional group tags (LIST) { repeated group list { required int32 element; } }
  })"));
  WriterOptions wo;
  wo.data_page_size = 512;
  wo.data_page_v2 = true;
  wo.column_defaults.page_index = false;
  wo.column_defaults.compression = Compression::kZstd;
  {
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path, schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    for (int i = 0; i < 20000; ++i) {
      Value row = Value::Struct();
      row.AddField("k", Value::Int64(i));
      row.AddField("s", i % 5 == 0 ? Value::Null() : Value::Bytes("v" + std::to_string(i * 7919 % 10007)));
      Value tags = Value::List();
      for (int t = 0; t < i % 3; ++t) tags.Append(Value::Int32(i + t));
      row.AddField("tags", std::move(tags));
      ASSERT_OK(rw->Write(row));
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  ASSERT_OK_AND_ASSIGN(std::vector<Value> all, testing::ReadAllRows(*file));
  RowReaderOptions o;
  ASSERT_OK_AND_ASSIGN(o.filter, ParseFilter("k BETWEEN 3000 AND 3099 OR k >= 19950", file->schema()));
  ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, o));
  std::vector<Value> got;
  for (Value v;;) {
    ASSERT_OK_AND_ASSIGN(bool more, reader->Next(&v));
    if (!more) break;
    got.push_back(v);
  }
  std::vector<Value> expected(all.begin() + 3000, all.begin() + 3100);
  expected.insert(expected.end(), all.begin() + 19950, all.end());
  EXPECT_EQ(got, expected);
  // The key's pages are all read; of the others', only those of the two
  // stretches (a few each) and not the many in between.  (Their bytes are
  // still read with the chunk's read window: only an OffsetIndex spares
  // those.)
  EXPECT_GT(reader->pages_skipped(), 40);
  std::filesystem::remove(path);
}

}  // namespace
}  // namespace parq
