// Datasets read as DuckDB reads them: a generated Hive tree (108 files, 3
// partition levels of int, date and string keys with nulls, four drifted
// schemas: INT32/INT64, FLOAT/DOUBLE, added and dropped columns,
// required/optional; files with no row group) read by parq's Dataset equals
//   read_parquet('tree/**/*.parquet', hive_partitioning = true, union_by_name = true)
// as a multiset of rows (EXCEPT ALL both ways), with and without a filter.
// parq's rows are written to one file by RowWriter for DuckDB to compare.
// The seed is printed; PARQ_DATASET_SEED sets another.
#include <gtest/gtest.h>

#include <cstdlib>
#include <random>
#include <string>
#include <vector>

#include "dataset/dataset_files_util.h"
#include "parq/dataset.h"
#include "parq/file_writer.h"
#include "parq/partitioned_writer.h"
#include "parq/row_writer.h"
#include "parq/schema_helpers.h"
#include "testing/duckdb_capi.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::Row;
using testing::TempDir;
namespace s = parq::schema;

std::string Quote(const std::string& text) {
  std::string out = "'";
  for (char c : text) out += c == '\'' ? std::string("''") : std::string(1, c);
  return out + "'";
}

uint32_t Seed() {
  if (const char* env = std::getenv("PARQ_DATASET_SEED")) return static_cast<uint32_t>(std::strtoul(env, nullptr, 10));
  return std::random_device{}();
}

// The drifted schemas and a row of each.
struct Variant {
  Schema schema;
  bool wide_id, wide_amount, has_amount, has_note, has_extra;
};

Result<std::vector<Variant>> Variants() {
  std::vector<Variant> out;
  PARQ_ASSIGN_OR_RETURN(Schema v0, s::Message({s::Int32("id"), s::Float("amount").Optional(), s::String("note").Optional()}));
  out.push_back({std::move(v0), false, false, true, true, false});
  PARQ_ASSIGN_OR_RETURN(Schema v1, s::Message({s::Int64("id"), s::Double("amount").Optional()}));
  out.push_back({std::move(v1), true, true, true, false, false});
  PARQ_ASSIGN_OR_RETURN(Schema v2, s::Message({s::String("note").Optional(), s::Int64("id").Optional(),
                                               s::Double("amount").Optional(), s::Int32("extra").Optional()}));
  out.push_back({std::move(v2), true, true, true, true, true});
  PARQ_ASSIGN_OR_RETURN(Schema v3, s::Message({s::Int32("id"), s::Int64("extra").Optional()}));
  out.push_back({std::move(v3), false, false, false, false, true});
  return out;
}

Value MakeRow(const Variant& v, std::mt19937& rng, int64_t id) {
  std::vector<std::pair<std::string, Value>> fields;
  auto maybe_null = [&](Value x) { return rng() % 5 == 0 ? Value::Null() : std::move(x); };
  for (int i = 0; i < v.schema.root().num_children(); ++i) {
    const std::string& name = v.schema.root().child(i).name();
    if (name == "id") {
      fields.emplace_back(name, v.wide_id ? Value::Int64(id * 1000003) : Value::Int32(static_cast<int32_t>(id)));
    } else if (name == "amount") {
      const double a = static_cast<double>(rng() % 2000) / 8.0 - 100;  // exact in a float
      fields.emplace_back(name, maybe_null(v.wide_amount ? Value::Double(a) : Value::Float(static_cast<float>(a))));
    } else if (name == "note") {
      fields.emplace_back(name, maybe_null(Value::Bytes("n" + std::to_string(rng() % 50))));
    } else {
      const auto& node = v.schema.root().child(i);
      const int64_t e = static_cast<int64_t>(rng() % 100000) - 50000;
      fields.emplace_back(name, maybe_null(node.physical_type() == PhysicalType::kInt32
                                               ? Value::Int32(static_cast<int32_t>(e))
                                               : Value::Int64(e)));
    }
  }
  return Row(std::move(fields));
}

// parq's rows of `ds` (filtered by `where`) written to `path` in the unified schema.
Status WriteDatasetRows(const Dataset& ds, const std::string& where, const std::string& path, int64_t* rows) {
  DatasetScanOptions scan;
  if (!where.empty()) {
    PARQ_ASSIGN_OR_RETURN(scan.filter, ParseFilter(where, ds.schema()));
  }
  PARQ_ASSIGN_OR_RETURN(auto reader, DatasetRowReader::Open(ds, scan));
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(path, ds.schema()));
  PARQ_ASSIGN_OR_RETURN(auto writer, RowWriter::Open(*file));
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&row));
    if (!more) break;
    PARQ_RETURN_IF_ERROR(writer->Write(row));
  }
  *rows = reader->rows_read();
  PARQ_RETURN_IF_ERROR(writer->Close());
  return file->Close();
}

// Writes the dataset's rows that match `where` to `out` with parq and expects
// them to be DuckDB's rows of `duck` (a parenthesised query over the same
// tree) under the same WHERE: the same count, and EXCEPT ALL empty both ways.
void ExpectDuckDbRows(testing::DuckDb& db, const Dataset& ds, const std::string& out, const std::string& duck,
                      const std::string& cols, const std::string& where, int64_t* rows) {
  ASSERT_OK(WriteDatasetRows(ds, where, out, rows));
  const std::string filtered = where.empty() ? duck : "(SELECT * FROM " + duck + " WHERE " + where + ")";
  const std::string inner = filtered.substr(1, filtered.size() - 2);
  const std::string mine = "SELECT " + cols + " FROM read_parquet(" + Quote(out) + ")";
  ASSERT_OK_AND_ASSIGN(std::string count, db.Scalar("SELECT count(*) FROM " + filtered));
  EXPECT_EQ(count, std::to_string(*rows));
  ASSERT_OK_AND_ASSIGN(std::string missing, db.Scalar("SELECT count(*) FROM (" + inner + " EXCEPT ALL " + mine + ")"));
  EXPECT_EQ(missing, "0") << "rows DuckDB reads that parq does not";
  ASSERT_OK_AND_ASSIGN(std::string extra, db.Scalar("SELECT count(*) FROM (" + mine + " EXCEPT ALL " + inner + ")"));
  EXPECT_EQ(extra, "0") << "rows parq reads that DuckDB does not";
}

TEST(DatasetDuckDbTest, ReadsTheTreeAsDuckDbDoes) {
  const uint32_t seed = Seed();
  std::printf("PARQ_DATASET_SEED=%u\n", seed);
  std::mt19937 rng(seed);
  TempDir dir("duckdb_tree");
  ASSERT_OK_AND_ASSIGN(std::vector<Variant> variants, Variants());
  const std::string tree = (dir.path() / "tree").string();
  int files = 0;
  int64_t id = 0;
  for (const char* a : {"1", "2", "3"}) {
    for (const char* b : {"2024-01-01", "2024-02-29"}) {
      for (const char* c : {"x", "y z", "__HIVE_DEFAULT_PARTITION__"}) {
        for (int f = 0; f < 6; ++f) {
          const Variant& v = variants[rng() % variants.size()];
          const int n = rng() % 8 == 0 ? 0 : static_cast<int>(rng() % 30) + 1;  // some files with no row group
          std::vector<Value> rows;
          for (int r = 0; r < n; ++r) rows.push_back(MakeRow(v, rng, ++id));
          const std::string path = tree + "/a=" + a + "/b=" + b + "/c=" + c + "/part-" + std::to_string(f) + ".parquet";
          ASSERT_OK(testing::WriteRows(path, v.schema, rows, 1 + static_cast<int64_t>(rng() % 10)));
          ++files;
        }
      }
    }
  }
  ASSERT_GE(files, 100);
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(tree));
  // Columns in the order they first appear (which the seed decides), then the partitions.
  std::string types;
  for (const char* c : {"id", "amount", "note", "extra", "a", "b", "c"}) {
    const SchemaNode* n = ds->schema().FindNode(c);
    ASSERT_NE(n, nullptr) << c;
    types += std::string(RepetitionName(n->repetition())) + " " + std::string(PhysicalTypeName(n->physical_type())) +
             " " + n->logical_type().ToString() + ";";
  }
  EXPECT_EQ(types,
            "optional INT64 NONE;optional DOUBLE NONE;optional BYTE_ARRAY STRING;optional INT64 NONE;"
            "optional INT64 NONE;optional INT32 DATE;optional BYTE_ARRAY STRING;")
      << "seed " << seed;
  EXPECT_EQ(ds->schema().root().child(4).name(), "a");

  ASSERT_OK_AND_ASSIGN(auto db, testing::DuckDb::Open(PARQ_DUCKDB_LIB));
  ASSERT_OK(db->Run("SET threads = 1"));
  const std::string cols = "id, amount, note, extra, a, b, c";
  const std::string duck = "(SELECT " + cols + " FROM read_parquet(" + Quote(tree + "/**/*.parquet") +
                           ", hive_partitioning = true, union_by_name = true))";
  ASSERT_OK_AND_ASSIGN(types, db->Scalar("SELECT typeof(id) || ',' || typeof(amount) || ',' || "
                                                     "typeof(a) || ',' || typeof(b) || ',' || typeof(c) FROM " +
                                                     duck + " LIMIT 1"));
  EXPECT_EQ(types, "BIGINT,DOUBLE,BIGINT,DATE,VARCHAR");
  for (const std::string where : {"", "a >= 2 AND amount > 0.5", "c IS NULL OR extra < 0",
                                  "b = DATE '2024-02-29' AND note IN ('n1', 'n2', 'n3')"}) {
    SCOPED_TRACE(where + ", seed " + std::to_string(seed));
    int64_t rows = 0;
    ExpectDuckDbRows(*db, *ds, (dir.path() / "parq.parquet").string(), duck, cols, where, &rows);
    if (where.empty()) {
      EXPECT_GT(rows, 500);
    }
  }
}

// Partition values whose types DuckDB infers in its own way, read without a
// declared type: '1.5' and '007' are VARCHAR, timestamps TIMESTAMP, 'NULL'
// null in a BIGINT key, a DATE key beside a TIMESTAMP one; parq infers the
// same types and the same rows (EXCEPT ALL both ways), with filters that mix
// partition and file columns.
TEST(DatasetDuckDbTest, InfersPartitionTypesAsDuckDb) {
  TempDir dir("duckdb_infer");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id"), s::Double("v").Optional()}));
  const std::string tree = (dir.path() / "tree").string();
  const char* ds_[] = {"1.5", "2.25", "007"};
  const char* ts_[] = {"2024-01-01 10:00:00", "2024-03-01T12:30:00.25", "2023-12-31 23:59"};
  const char* ns_[] = {"NULL", "3", "-12"};
  const char* dt_[] = {"2024-1-5", "2024-02-29", "__HIVE_DEFAULT_PARTITION__"};
  int64_t id = 0;
  for (int i = 0; i < 3; ++i) {
    for (int j = 0; j < 3; ++j) {
      std::vector<Value> rows;
      for (int r = 0; r < 4; ++r) {
        ++id;
        rows.push_back(Row({{"id", Value::Int64(id)}, {"v", id % 3 == 0 ? Value::Null() : Value::Double(id * 0.5)}}));
      }
      const std::string path = tree + "/d=" + ds_[i] + "/t=" + ts_[j] + "/n=" + ns_[(i + j) % 3] + "/dt=" +
                               dt_[(i * 2 + j) % 3] + "/f.parquet";
      ASSERT_OK(testing::WriteRows(path, schema, rows));
    }
  }
  ASSERT_OK_AND_ASSIGN(auto ds, Dataset::Open(tree));
  std::string types;
  for (const PartitionField& f : ds->partition_fields()) types += f.name + ":" + std::string(PartitionTypeName(f.type)) + ";";
  EXPECT_EQ(types, "d:string;t:timestamp;n:int64;dt:date;");

  ASSERT_OK_AND_ASSIGN(auto db, testing::DuckDb::Open(PARQ_DUCKDB_LIB));
  ASSERT_OK(db->Run("SET threads = 1"));
  const std::string cols = "id, v, d, t, n, dt";
  const std::string duck = "(SELECT " + cols + " FROM read_parquet(" + Quote(tree + "/**/*.parquet") +
                           ", hive_partitioning = true, union_by_name = true))";
  ASSERT_OK_AND_ASSIGN(types, db->Scalar("SELECT typeof(d) || ',' || typeof(t) || ',' || typeof(n) || ',' || "
                                         "typeof(dt) FROM " + duck + " LIMIT 1"));
  EXPECT_EQ(types, "VARCHAR,TIMESTAMP,BIGINT,DATE");
  for (const std::string where : {"", "n IS NULL OR v > 4", "d = '007' AND t > TIMESTAMP '2024-01-01 00:00:00'",
                                  "dt IS NULL OR NOT (n = 3 AND v < 8)"}) {
    SCOPED_TRACE(where);
    int64_t rows = 0;
    ExpectDuckDbRows(*db, *ds, (dir.path() / "parq.parquet").string(), duck, cols, where, &rows);
  }
}

// PartitionedWriter's tree read by DuckDB with hive_partitioning equals the
// input file (EXCEPT ALL both ways).
TEST(DatasetDuckDbTest, DuckDbReadsPartitionedWritesAsTheInput) {
  const uint32_t seed = Seed();
  std::printf("PARQ_DATASET_SEED=%u\n", seed);
  std::mt19937 rng(seed);
  TempDir dir("duckdb_write");
  ASSERT_OK_AND_ASSIGN(Schema schema, s::Message({s::Int64("id"), s::Int32("k1").Optional(), s::Double("v").Optional(),
                                                  s::Date("k2"), s::String("s").Optional(),
                                                  s::String("k3").Optional()}));
  std::vector<Value> rows;
  const std::vector<std::optional<std::string>> k3s = {"a b", "c", "long-ish value", std::nullopt};
  for (int64_t i = 0; i < 5000; ++i) {
    const std::optional<std::string>& k3 = k3s[rng() % k3s.size()];
    rows.push_back(Row({{"id", Value::Int64(i)},
                        {"k1", rng() % 7 == 0 ? Value::Null() : Value::Int32(static_cast<int32_t>(rng() % 4) * 10)},
                        {"v", rng() % 5 == 0 ? Value::Null() : Value::Double(static_cast<double>(rng() % 1000) / 4)},
                        {"k2", Value::Int32(19000 + static_cast<int32_t>(rng() % 3))},
                        {"s", Value::Bytes("s" + std::to_string(rng() % 100))},
                        {"k3", k3 ? Value::Bytes(*k3) : Value::Null()}}));
  }
  const std::string input = (dir.path() / "input.parquet").string();
  ASSERT_OK(testing::WriteRows(input, schema, rows, 1000));
  PartitionedWriterOptions options;
  options.partition_by = {"k1", "k2", "k3"};
  options.max_rows_per_file = 100;
  const std::string out = (dir.path() / "out").string();
  ASSERT_OK_AND_ASSIGN(auto writer, PartitionedWriter::Open(out, schema, options));
  for (const Value& r : rows) ASSERT_OK(writer->Write(r));
  ASSERT_OK(writer->Close());
  EXPECT_GT(writer->files_written(), 50);

  ASSERT_OK_AND_ASSIGN(auto db, testing::DuckDb::Open(PARQ_DUCKDB_LIB));
  ASSERT_OK(db->Run("SET threads = 1"));
  const std::string cols = "id, k1, v, k2, s, k3";
  const std::string theirs = "SELECT " + cols + " FROM read_parquet(" + Quote(out + "/**/*.parquet") +
                             ", hive_partitioning = true)";
  const std::string mine = "SELECT " + cols + " FROM read_parquet(" + Quote(input) + ")";
  ASSERT_OK_AND_ASSIGN(std::string count, db->Scalar("SELECT count(*) FROM (" + theirs + ")"));
  EXPECT_EQ(count, "5000");
  ASSERT_OK_AND_ASSIGN(std::string types, db->Scalar("SELECT typeof(k1) || ',' || typeof(k2) || ',' || typeof(k3) FROM (" +
                                                     theirs + ") LIMIT 1"));
  EXPECT_EQ(types, "BIGINT,DATE,VARCHAR");
  ASSERT_OK_AND_ASSIGN(std::string missing, db->Scalar("SELECT count(*) FROM (" + mine + " EXCEPT ALL " + theirs + ")"));
  EXPECT_EQ(missing, "0") << "seed " << seed;
  ASSERT_OK_AND_ASSIGN(std::string extra, db->Scalar("SELECT count(*) FROM (" + theirs + " EXCEPT ALL " + mine + ")"));
  EXPECT_EQ(extra, "0") << "seed " << seed;
}

}  // namespace
}  // namespace parq
