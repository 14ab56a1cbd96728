// RowReader with a filter: the differential property (random files, random
// predicates: the filtered read equals the unfiltered read filtered row by
// row, so pruning never drops a matching row), projection of columns the
// filter reads but the caller did not ask for, statistics pruning on sorted
// data, and the same check over the parquet-testing corpus.
#include <gtest/gtest.h>

#include <cmath>
#include <cstdio>
#include <filesystem>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/json.h"
#include "parq/logical_value_access.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/filter_diff.h"
#include "testing/filter_random_file.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// What pruned row groups in all the filtered reads of CheckDifferential.
RowGroupPruning g_pruning;

Result<std::vector<Value>> ReadRows(const FileReader& file, const RowReaderOptions& options,
                                    int64_t* pruned = nullptr) {
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(file, options));
  std::vector<Value> out;
  while (true) {
    Value v;
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&v));
    if (!more) break;
    out.push_back(std::move(v));
  }
  if (pruned != nullptr) *pruned = rows->row_groups_pruned();
  g_pruning.by_statistics += rows->pruning().by_statistics;
  g_pruning.by_dictionary += rows->pruning().by_dictionary;
  g_pruning.by_bloom_filter += rows->pruning().by_bloom_filter;
  return out;
}

// filtered read == rows of the unfiltered (projected) read whose full row
// matches.  Returns the row groups pruned.
// `all_rows`, when given, is the file's unfiltered read (columns empty).
int64_t CheckDifferential(const FileReader& file, const Filter& filter, const std::vector<std::string>& columns,
                          const std::vector<Value>* all_rows = nullptr) {
  SCOPED_TRACE(filter.ToString());
  auto bound = BoundFilter::Bind(filter, file.schema());
  EXPECT_OK(bound.status());
  if (!bound.ok()) return 0;
  RowReaderOptions projected;
  projected.columns = columns;
  Result<std::vector<Value>> full = all_rows ? Result<std::vector<Value>>(*all_rows) : ReadRows(file, {});
  Result<std::vector<Value>> plain = all_rows && columns.empty() ? full : ReadRows(file, projected);
  EXPECT_OK(full.status());
  EXPECT_OK(plain.status());
  if (!full.ok() || !plain.ok()) return 0;
  std::vector<Value> expected;
  for (size_t i = 0; i < full->size(); ++i) {
    if (bound->Matches((*full)[i])) expected.push_back((*plain)[i]);
  }
  RowReaderOptions filtered = projected;
  filtered.filter = filter;
  int64_t pruned = 0;
  auto got = ReadRows(file, filtered, &pruned);
  EXPECT_OK(got.status());
  if (!got.ok()) return 0;
  EXPECT_EQ(got->size(), expected.size());
  for (size_t i = 0; i < std::min(got->size(), expected.size()); ++i) {
    EXPECT_EQ((*got)[i], expected[i]) << (*got)[i].DebugString() << " vs " << expected[i].DebugString();
  }
  // The text form reads back as the same filter.
  auto parsed = ParseFilter(filter.ToString(), file.schema());
  EXPECT_OK(parsed.status());
  if (parsed.ok()) {
    EXPECT_EQ(parsed->ToString(), filter.ToString());
  }
  return pruned;
}

TEST(FilterReadTest, FilteredReadEqualsUnfilteredThenFiltered) {
  g_pruning = {};
  const std::string path = ::testing::TempDir() + "/filter_read_random.parquet";
  int64_t predicates = 0, pruned = 0;
  for (uint32_t seed = 1; seed <= 24; ++seed) {
    SCOPED_TRACE("seed " + std::to_string(seed));
    testing::RandomFilterFile gen(seed);
    gen.Write(/*sorted=*/seed % 2 == 0, path);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
    for (int p = 0; p < 15; ++p) {
      // Sometimes a projection without the filter's columns.
      std::vector<std::string> columns;
      if (gen.Uniform(0, 2) == 0) columns = {"id"};
      if (gen.Uniform(0, 3) == 0) columns = {"st", "s"};
      pruned += CheckDifferential(*file, gen.Predicate(2), columns);
      ++predicates;
    }
  }
  std::filesystem::remove(path);
  EXPECT_EQ(predicates, 360);
  EXPECT_GT(pruned, 0);  // sorted files do get pruned
  // ... by each of the three: statistics, dictionaries and Bloom filters.
  EXPECT_GT(g_pruning.by_statistics, 0);
  EXPECT_GT(g_pruning.by_dictionary, 0);
  EXPECT_GT(g_pruning.by_bloom_filter, 0);
  std::printf("pruned by statistics %lld, dictionary %lld, bloom filter %lld\n",
              static_cast<long long>(g_pruning.by_statistics), static_cast<long long>(g_pruning.by_dictionary),
              static_cast<long long>(g_pruning.by_bloom_filter));
}

TEST(FilterReadTest, StatisticsPruneSortedRowGroups) {
  const std::string path = ::testing::TempDir() + "/filter_read_sorted.parquet";
  auto schema = ParseMessageType("message m { required int64 k; optional binary s (STRING); }");
  ASSERT_OK(schema.status());
  WriterOptions wo;
  wo.max_rows_per_row_group = 10;
  {
    ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path, *schema, wo));
    ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
    for (int i = 0; i < 100; ++i) {
      Value row = Value::Struct();
      row.AddField("k", Value::Int64(i));
      row.AddField("s", Value::Bytes(std::string(1, static_cast<char>('a' + i / 10))));
      ASSERT_OK(rw->Write(row));
    }
    ASSERT_OK(rw->Close());
    ASSERT_OK(fw->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  struct Case {
    const char* where;
    size_t rows;
    int64_t pruned;
  };
  for (const Case& c : {Case{"k = 42", 1, 9}, Case{"k >= 95", 5, 9}, Case{"k BETWEEN 15 AND 24", 10, 8},
                        Case{"s = 'c' OR k < 5", 15, 8}, Case{"NOT (k >= 10)", 10, 9}, Case{"k != 3", 99, 0},
                        Case{"s IN ('b', 'j')", 20, 8}, Case{"k IS NULL", 0, 10}, Case{"s > 'zz'", 0, 10}}) {
    SCOPED_TRACE(c.where);
    RowReaderOptions o;
    o.columns = {"s"};
    ASSERT_OK_AND_ASSIGN(o.filter, ParseFilter(c.where, file->schema()));
    int64_t pruned = 0;
    ASSERT_OK_AND_ASSIGN(auto rows, ReadRows(*file, o, &pruned));
    EXPECT_EQ(rows.size(), c.rows);
    EXPECT_EQ(pruned, c.pruned);
    for (const Value& r : rows) EXPECT_EQ(r.names(), (std::vector<std::string>{"s"}));
  }
  ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, RowReaderOptions{{"s"}, 4096, Filter::IsNull("k")}));
  EXPECT_EQ(reader->field_names(), (std::vector<std::string>{"s"}));
  std::filesystem::remove(path);
}

TEST(FilterReadTest, BadFiltersAndJsonRowReader) {
  const std::string path = ::testing::TempDir() + "/filter_read_bad.parquet";
  testing::RandomFilterFile(7).Write(false, path);
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  RowReaderOptions o;
  o.filter = Filter::Eq("nope", Literal::Int(1));
  EXPECT_STATUS_HAS(RowReader::Open(*file, o).status(), StatusCode::kInvalidArgument, "no leaf column 'nope'");
  // JsonRowReader filters as RowReader does: the JSON of exactly the rows
  // the unfiltered JsonRowReader gives for the rows that match.
  for (const char* where : {"i32 > 0", "s IS NULL OR x < 0", "st.v = 2"}) {
    SCOPED_TRACE(where);
    ASSERT_OK_AND_ASSIGN(Filter f, ParseFilter(where, file->schema()));
    ASSERT_OK_AND_ASSIGN(BoundFilter bound, BoundFilter::Bind(f, file->schema()));
    for (const std::vector<std::string>& columns : {std::vector<std::string>{}, std::vector<std::string>{"id", "b"}}) {
      RowReaderOptions plain;
      plain.columns = columns;
      ASSERT_OK_AND_ASSIGN(auto all_values, RowReader::Open(*file));
      ASSERT_OK_AND_ASSIGN(auto all_json, JsonRowReader::Open(*file, plain));
      std::vector<std::string> expected;
      Value row;
      std::string json;
      while (true) {
        ASSERT_OK_AND_ASSIGN(bool more, all_values->Next(&row));
        json.clear();
        ASSERT_OK_AND_ASSIGN(bool more_json, all_json->Next(&json));
        ASSERT_EQ(more, more_json);
        if (!more) break;
        if (bound.Matches(row)) expected.push_back(json);
      }
      RowReaderOptions filtered = plain;
      filtered.filter = f;
      ASSERT_OK_AND_ASSIGN(auto rows, JsonRowReader::Open(*file, filtered));
      std::vector<std::string> got;
      while (true) {
        json.clear();
        ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&json));
        if (!more) break;
        got.push_back(json);
      }
      EXPECT_EQ(got, expected);
      EXPECT_EQ(rows->rows_read(), static_cast<int64_t>(expected.size()));
      EXPECT_EQ(rows->field_names(), all_json->field_names());
    }
  }
  o.filter = Filter::Eq("i32", Literal::String("x"));
  EXPECT_STATUS_HAS(JsonRowReader::Open(*file, o).status(), StatusCode::kInvalidArgument, "does not fit");
  std::filesystem::remove(path);
}

using testing::Leaf;
using testing::LiteralOf;

TEST(FilterReadTest, CorpusFilteredEqualsUnfilteredThenFiltered) {
  const std::string dir = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no corpus at " << dir;
  int files = 0, predicates = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".parquet") continue;
    auto file = FileReader::Open(entry.path().string());
    if (!file.ok()) continue;  // unreadable corpus files are other tests' business
    auto rows = ReadRows(**file, {});
    if (!rows.ok() || rows->size() > 5000) continue;
    ++files;
    SCOPED_TRACE(entry.path().filename().string());
    const Schema& schema = (*file)->schema();
    for (const ColumnDescriptor& c : schema.columns()) {
      if (c.max_repetition_level > 0) continue;
      // A value from the middle of the column, and the first one.
      std::vector<Literal> values;
      for (size_t i : {rows->size() / 2, size_t{0}}) {
        if (i >= rows->size()) continue;
        if (const Value* v = Leaf((*rows)[i], c.path)) {
          if (auto lit = LiteralOf(*v, c)) values.push_back(*lit);
        }
      }
      std::vector<Filter> filters = {Filter::IsNull(Filter::Column(c.path))};
      for (const Literal& lit : values) {
        if (!BoundFilter::Bind(Filter::Eq(Filter::Column(c.path), lit), schema).ok()) continue;
        filters.push_back(Filter::Eq(Filter::Column(c.path), lit));
        filters.push_back(Filter::Lt(Filter::Column(c.path), lit));
        filters.push_back(Filter::Not(Filter::Ge(Filter::Column(c.path), lit)));
      }
      for (const Filter& f : filters) {
        CheckDifferential(**file, f, {}, &*rows);
        ++predicates;
      }
    }
  }
  EXPECT_GT(files, 20);
  EXPECT_GT(predicates, 300);
}

}  // namespace
}  // namespace parq
