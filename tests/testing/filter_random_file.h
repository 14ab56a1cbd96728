// RandomFilterFile: random Parquet files (random row groups, page sizes,
// dictionary or not, sorted or shuffled values with nulls, NaN, -0, bytes
// above 0x7f) and random filter predicates over their columns, for the
// differential tests of filtered reads (RowReader, ColumnarReader, the Arrow
// stream).  Header-only; one generator per thread.
#ifndef PARQ_TESTS_TESTING_FILTER_RANDOM_FILE_H_
#define PARQ_TESTS_TESTING_FILTER_RANDOM_FILE_H_

#include <gtest/gtest.h>

#include <cstdint>
#include <limits>
#include <optional>
#include <random>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/status_macros.h"

namespace parq::testing {

// Every row of `file` through a RowReader with `options`.
inline Result<std::vector<Value>> ReadAllRows(const FileReader& file, const RowReaderOptions& options = {}) {
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(file, options));
  std::vector<Value> out;
  for (Value v;;) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&v));
    if (!more) break;
    out.push_back(v);
  }
  return out;
}

class RandomFilterFile {
 public:
  // nested: three more fields, a list of ints, a map and a list of structs
  // (the filter reads none of them; readers must cut them down).
  explicit RandomFilterFile(uint32_t seed, bool nested = false) : rng_(seed), nested_(nested) {}

  // How the files are laid out beyond what the seed picks: a page index or
  // not (without one, pages are pruned by their headers' statistics), v2
  // data pages, the value encoding of non-dictionary pages (nullopt: the
  // writer's; applied to the columns whose type takes it), and a bound on
  // the rows of a page (0: data_page_size alone cuts them).
  struct Layout {
    bool page_index = true;
    bool data_page_v2 = false;
    std::optional<Encoding> encoding;
    int64_t max_rows_per_page = 0;
  };
  void set_layout(const Layout& layout) { layout_ = layout; }

  std::string Write(bool sorted, const std::string& path) {
    std::string text = R"(
      message m {
        required int64 id;
        optional int32 i32;
        optional int32 u32 (INTEGER(32,false));
        optional int64 dec (DECIMAL(10,2));
        optional binary s (STRING);
        optional double x;
        optional int32 d (DATE);
        optional boolean b;
        optional group st {
          optional int32 v;
        })";
    if (nested_) {
      text += R"(
        optional group tags (LIST) { repeated group list { optional int32 element; } }
        optional group kv (MAP) { repeated group key_value { required binary key (STRING); optional double value; } }
        optional group pts (LIST) {
          repeated group list { optional group element { optional int64 a; optional binary b (STRING); } }
        })";
    }
    auto schema = ParseMessageType(text + "}");
    EXPECT_OK(schema.status());
    WriterOptions wo;
    wo.max_rows_per_row_group = Uniform(3, 40);
    wo.data_page_size = Uniform(16, 400);
    wo.column_defaults.dictionary = Uniform(0, 1) == 1;
    wo.column_defaults.bloom_filter = Uniform(0, 1) == 1;  // pruning by Bloom filters too
    wo.column_defaults.bloom_filter_ndv = 64;
    wo.column_defaults.page_index = layout_.page_index;
    wo.data_page_v2 = layout_.data_page_v2;
    if (layout_.max_rows_per_page > 0) wo.max_rows_per_page = layout_.max_rows_per_page;
    if (layout_.encoding) ApplyEncoding(*layout_.encoding, &wo);
    auto fw = FileWriter::Open(path, *schema, wo);
    EXPECT_OK(fw.status());
    auto rw = RowWriter::Open(**fw);
    EXPECT_OK(rw.status());
    const int n = Uniform(0, 200);
    for (int r = 0; r < n; ++r) {
      Value row = Value::Struct();
      row.AddField("id", Value::Int64(r));
      row.AddField("i32", Maybe(Value::Int32(sorted ? r / 3 - 20 : Uniform(-50, 50))));
      row.AddField("u32", Maybe(Value::Int32(static_cast<int32_t>(static_cast<uint32_t>(
                              sorted ? r * 30000000u : static_cast<uint32_t>(rng_()))))));
      row.AddField("dec", Maybe(Value::Int64(sorted ? r * 7 - 300 : Uniform(-1000, 1000))));
      row.AddField("s", Maybe(Value::Bytes(sorted ? std::string(1, static_cast<char>('a' + r / 10)) : Str())));
      row.AddField("x", Maybe(Value::Double(sorted ? r * 0.5 - 20 : Real())));
      row.AddField("d", Maybe(Value::Int32(sorted ? 9000 + r : Uniform(8990, 9300))));
      row.AddField("b", Maybe(Value::Bool(sorted ? r > n / 2 : Uniform(0, 1) == 1)));
      Value st = Value::Struct();
      st.AddField("v", Maybe(Value::Int32(Uniform(-5, 5))));
      row.AddField("st", Maybe(std::move(st)));
      if (nested_) AddNested(&row);
      EXPECT_OK((*rw)->Write(row));
    }
    EXPECT_OK((*rw)->Close());
    EXPECT_OK((*fw)->Close());
    return path;
  }

  Literal LiteralFor(const std::string& column) {
    if (column == "i32" || column == "st.v") return Literal::Int(Uniform(-60, 60));
    if (column == "id") return Literal::Int(Uniform(-5, 210));
    if (column == "u32") {
      return Uniform(0, 2) == 0 ? Literal::Int(Uniform(-3, 3)) : Literal::UInt(static_cast<uint32_t>(rng_()));
    }
    if (column == "dec") {
      const int scale = Uniform(0, 3);
      return Literal::Of(*Decimal::Make(Uniform(-12000, 12000) / (scale == 3 ? 1 : 10), 9, scale));
    }
    if (column == "s") return Literal::String(Str());
    if (column == "x") return Literal::Double(Real());
    if (column == "d") return Literal::Of(Date(Uniform(8980, 9310)));
    return Literal::Bool(Uniform(0, 1) == 1);
  }

  Filter Predicate(int depth) {
    static const std::vector<std::string> kCols = {"id", "i32", "u32", "dec", "s", "x", "d", "b", "st.v"};
    const int pick = Uniform(0, depth > 0 ? 12 : 8);
    if (pick >= 9) {
      if (pick == 9) return Filter::Not(Predicate(depth - 1));
      if (pick == 10) return Filter::Or(Predicate(depth - 1), Predicate(depth - 1));
      return Filter::And(Predicate(depth - 1), Predicate(depth - 1));
    }
    const std::string& c = kCols[static_cast<size_t>(Uniform(0, static_cast<int>(kCols.size()) - 1))];
    switch (Uniform(0, 9)) {
      case 0: return Filter::IsNull(c);
      case 1: return Filter::IsNotNull(c);
      case 2: return Filter::In(c, {LiteralFor(c), LiteralFor(c), LiteralFor(c)});
      case 3: return Filter::Between(c, LiteralFor(c), LiteralFor(c));
      default: return Filter::Compare(c, static_cast<CompareOp>(Uniform(0, 5)), LiteralFor(c));
    }
  }

  int Uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }

 private:
  // `encoding` for the columns of a physical type it encodes.
  void ApplyEncoding(Encoding encoding, WriterOptions* wo) const {
    std::vector<std::string> columns;
    switch (encoding) {
      case Encoding::kDeltaBinaryPacked: columns = {"id", "i32", "u32", "dec", "d", "st.v"}; break;
      case Encoding::kDeltaLengthByteArray:
      case Encoding::kDeltaByteArray: columns = {"s"}; break;
      case Encoding::kByteStreamSplit: columns = {"x", "i32", "id"}; break;
      default: return;
    }
    if (nested_ && encoding == Encoding::kDeltaBinaryPacked) {
      columns.insert(columns.end(), {"tags.list.element", "pts.list.element.a"});
    }
    if (nested_ && (encoding == Encoding::kDeltaLengthByteArray || encoding == Encoding::kDeltaByteArray)) {
      columns.insert(columns.end(), {"kv.key_value.key", "pts.list.element.b"});
    }
    for (const std::string& c : columns) {
      ColumnWriterOptions& co = wo->columns[c];
      co = wo->column_defaults;
      co.encoding = encoding;
    }
  }
  void AddNested(Value* row) {
    Value tags = Value::List();
    for (int i = Uniform(0, 4); i > 0; --i) tags.Append(Maybe(Value::Int32(Uniform(-9, 9))));
    row->AddField("tags", Maybe(std::move(tags)));
    Value kv = Value::Map();
    for (int i = Uniform(0, 3); i > 0; --i) {
      Value e = Value::Struct();
      e.AddField("key", Value::Bytes(Str()));
      e.AddField("value", Maybe(Value::Double(Real())));
      kv.Append(std::move(e));
    }
    row->AddField("kv", Maybe(std::move(kv)));
    Value pts = Value::List();
    for (int i = Uniform(0, 3); i > 0; --i) {
      Value p = Value::Struct();
      p.AddField("a", Maybe(Value::Int64(Uniform(0, 1000))));
      p.AddField("b", Maybe(Value::Bytes(Str())));
      pts.Append(Maybe(std::move(p)));
    }
    row->AddField("pts", Maybe(std::move(pts)));
  }
  Value Maybe(Value v) { return Uniform(0, 9) == 0 ? Value::Null() : std::move(v); }
  std::string Str() {
    // Valid UTF-8 (a STRING column refuses anything else) with bytes above
    // 0x7f, whose order is unsigned: é, ÿ, U+FFFF.
    static const char* const kChars[] = {"a", "b", "z", "\x7f", "\xc3\xa9", "\xc3\xbf", "\xef\xbf\xbf"};
    std::string s;
    for (int i = Uniform(0, 3); i > 0; --i) s += kChars[Uniform(0, 6)];
    return s;
  }
  double Real() {
    switch (Uniform(0, 9)) {
      case 0: return std::numeric_limits<double>::quiet_NaN();
      case 1: return -0.0;
      case 2: return 0.0;
      case 3: return std::numeric_limits<double>::infinity();
      default: return Uniform(-40, 40) * 0.5;
    }
  }
  std::mt19937 rng_;
  bool nested_ = false;
  Layout layout_;
};

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_FILTER_RANDOM_FILE_H_
