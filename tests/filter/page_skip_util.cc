#include "filter/page_skip_util.h"

#include <algorithm>
#include <numeric>

#include "parq/file_writer.h"
#include "parq/row_writer.h"
#include "parq/schema_helpers.h"

namespace parq::page_skip_test {

Result<Read> ReadAll(RowSource source, const RowReaderOptions& options) {
  PARQ_ASSIGN_OR_RETURN(auto reader, RowReader::Open(std::move(source), options));
  Read out;
  while (true) {
    Value v;
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&v));
    if (!more) break;
    out.rows.push_back(std::move(v));
  }
  out.pages_read = reader->pages_read();
  out.pages_skipped = reader->pages_skipped();
  out.bytes_read = reader->bytes_read();
  out.rows_pruned = reader->rows_pruned();
  out.row_groups_pruned = reader->row_groups_pruned();
  return out;
}

Result<std::vector<Value>> Expected(const FileReader& file, const Filter& filter,
                                    const std::vector<std::string>& columns) {
  PARQ_ASSIGN_OR_RETURN(BoundFilter bound, BoundFilter::Bind(filter, file.schema()));
  PARQ_ASSIGN_OR_RETURN(Read full, ReadAll(RowSource::FromFile(file), {}));
  RowReaderOptions projected;
  projected.columns = columns;
  PARQ_ASSIGN_OR_RETURN(Read plain, ReadAll(RowSource::FromFile(file), projected));
  std::vector<Value> out;
  for (size_t i = 0; i < full.rows.size(); ++i) {
    if (bound.Matches(full.rows[i])) out.push_back(plain.rows[i]);
  }
  return out;
}

// 20,000 rows in one row group: k sorted, a string, a list (pages cut at
// 250 rows or ~2 KB, so the columns' page boundaries differ).
std::string WriteSorted(const std::string& dir, const std::string& name, bool v2, Compression compression) {
  const std::string path = dir + "/" + name;
  auto schema = ParseMessageType(R"(message m {
    required int64 k;
    optional binary s (STRING);
    optional group tags (LIST) { repeated group list { required int32 element; } }
  })");
  if (!schema.ok()) return {};
  WriterOptions wo;
  wo.max_rows_per_page = 250;
  wo.data_page_size = 2048;
  wo.column_defaults.dictionary = false;
  wo.data_page_v2 = v2;
  wo.column_defaults.compression = compression;
  auto fw = FileWriter::Open(path, *schema, wo);
  if (!fw.ok()) return {};
  auto rw = RowWriter::Open(**fw);
  if (!rw.ok()) return {};
  for (int i = 0; i < 20000; ++i) {
    Value row = Value::Struct();
    row.AddField("k", Value::Int64(i));
    row.AddField("s", i % 5 == 0 ? Value::Null() : Value::Bytes("row " + std::to_string(i)));
    Value tags = Value::List();
    for (int t = 0; t < i % 4; ++t) tags.Append(Value::Int32(i + t));
    row.AddField("tags", std::move(tags));
    if (!(*rw)->Write(row).ok()) return {};
  }
  if (!(*rw)->Close().ok() || !(*fw)->Close().ok()) return {};
  return path;
}

int64_t RandomPagedFile::Write(const std::string& path, bool sorted) {
  auto schema = ParseMessageType(R"(
    message m {
      required int64 k;
      optional int32 v;
      optional binary s (STRING);
      optional group st { optional double x; }
      optional group tags (LIST) { repeated group list { optional int32 element; } }
    })");
  if (!schema.ok()) return -1;
  WriterOptions wo;
  wo.max_rows_per_row_group = Uniform(20, 400);
  wo.max_rows_per_page = Uniform(1, 60);
  wo.data_page_size = Uniform(20, 600);
  wo.data_page_v2 = Uniform(0, 1) == 1;
  wo.column_defaults.dictionary = Uniform(0, 1) == 1;
  wo.column_defaults.compression = Uniform(0, 1) == 1 ? Compression::kZstd : Compression::kUncompressed;
  wo.column_defaults.statistics_truncate_length = Uniform(0, 1) == 1 ? 2 : 64;
  auto fw = FileWriter::Open(path, *schema, wo);
  if (!fw.ok()) return -1;
  auto rw = RowWriter::Open(**fw);
  if (!rw.ok()) return -1;
  const int n = Uniform(0, 900);
  std::vector<int64_t> keys(static_cast<size_t>(n));
  std::iota(keys.begin(), keys.end(), 0);
  if (!sorted) std::shuffle(keys.begin(), keys.end(), rng_);
  auto maybe = [&](Value v) { return Uniform(0, 7) == 0 ? Value::Null() : std::move(v); };
  static const char* const kWords[] = {"apple", "banana", "cherry", "date", "elderberry", "fig", "grape"};
  for (int r = 0; r < n; ++r) {
    const int64_t k = keys[static_cast<size_t>(r)];
    Value row = Value::Struct();
    row.AddField("k", Value::Int64(k));
    row.AddField("v", maybe(Value::Int32(sorted ? static_cast<int32_t>(k / 7) : Uniform(-100, 100))));
    row.AddField("s", maybe(Value::Bytes(std::string(kWords[sorted ? (k * 7 / std::max(n, 1)) : Uniform(0, 6)]) +
                                         std::to_string(k % 13))));
    Value st = Value::Struct();
    st.AddField("x", maybe(Value::Double(Uniform(-50, 50) * 0.25)));
    row.AddField("st", maybe(std::move(st)));
    Value tags = Value::List();
    for (int i = Uniform(0, 5); i > 0; --i) tags.Append(maybe(Value::Int32(Uniform(0, 9))));
    row.AddField("tags", maybe(std::move(tags)));
    if (!(*rw)->Write(row).ok()) return -1;
  }
  if (!(*rw)->Close().ok() || !(*fw)->Close().ok()) return -1;
  rows_ = n;
  return n;
}

Literal RandomPagedFile::LiteralFor(const std::string& column) {
  if (column == "k") return Literal::Int(Uniform(-5, static_cast<int>(rows_) + 5));
  if (column == "v") return Literal::Int(Uniform(-110, 140));
  if (column == "st.x") return Literal::Double(Uniform(-60, 60) * 0.25);
  static const char* const kProbes[] = {"a", "banana3", "c", "date", "fig1", "grape9", "z"};
  return Literal::String(kProbes[Uniform(0, 6)]);
}

Filter RandomPagedFile::Predicate(int depth) {
  static const std::vector<std::string> kCols = {"k", "k", "v", "s", "st.x"};
  const int pick = Uniform(0, depth > 0 ? 9 : 6);
  if (pick == 7) return Filter::Not(Predicate(depth - 1));
  if (pick == 8) return Filter::Or(Predicate(depth - 1), Predicate(depth - 1));
  if (pick == 9) return Filter::And(Predicate(depth - 1), Predicate(depth - 1));
  const std::string& c = kCols[static_cast<size_t>(Uniform(0, static_cast<int>(kCols.size()) - 1))];
  switch (pick) {
    case 0: return Filter::IsNull(c);
    case 1: return Filter::In(c, {LiteralFor(c), LiteralFor(c)});
    case 2: {
      Literal lo = LiteralFor(c);
      if (c == "k") {
        const int64_t from = static_cast<int64_t>(lo.int_value());
        return Filter::Between(c, lo, Literal::Int(from + Uniform(0, 30)));
      }
      return Filter::Between(c, lo, LiteralFor(c));
    }
    default: return Filter::Compare(c, static_cast<CompareOp>(Uniform(0, 5)), LiteralFor(c));
  }
}

}  // namespace parq::page_skip_test
