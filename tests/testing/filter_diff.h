// The differential check of filters (issue 25) shared by the plain test
// (tests/filter/filter_diff_test.cc: the filtered read equals the unfiltered
// read filtered row by row) and the interop test
// (tests/interop/filter_duckdb_test.cc: the same, and DuckDB's `SELECT …
// WHERE` of the same predicate picks the same rows):
//   * LiteralOf: a literal holding a value read from a column;
//   * PredicateGenerator: random predicates over a file's flat leaves, every
//     operator, with literals drawn from the column's values, their
//     neighbours and out-of-range values, deterministic for a seed;
//   * WriteGeneratedFile: a file of every logical type, sorted or not, with
//     small row groups and pages, nulls, NaNs and ±0;
//   * FileDiff: a file read once unfiltered (as values and as canonical JSON
//     rows), then Check(filter): the JSON rows of the filtered JsonRowReader
//     against the unfiltered rows the filter matches, returning the indexes
//     of those rows for a peer to compare with.
// Header-only; the tests that include it link parq.  Not thread-safe.
#ifndef PARQ_TESTS_TESTING_FILTER_DIFF_H_
#define PARQ_TESTS_TESTING_FILTER_DIFF_H_

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdint>
#include <cstdlib>
#include <functional>
#include <limits>
#include <map>
#include <memory>
#include <optional>
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

namespace parq::testing {

// A literal of the leaf's type holding its value `v` as RowReader reads it,
// or nothing when the type takes no literal.
inline std::optional<Literal> LiteralOf(const Value& v, const ColumnDescriptor& c) {
  const SchemaNode& node = *c.node;
  const LogicalType& lt = c.logical_type;
  switch (lt.kind()) {
    case LogicalType::Kind::kDecimal: {
      auto d = DecimalOf(v, node);
      return d.ok() ? std::optional<Literal>(Literal::Of(*d)) : std::nullopt;
    }
    case LogicalType::Kind::kDate: return Literal::Of(*DateOf(v, node));
    case LogicalType::Kind::kTime: return Literal::Of(*TimeOf(v, node));
    case LogicalType::Kind::kTimestamp: return Literal::Of(*TimestampOf(v, node));
    case LogicalType::Kind::kUuid: return Literal::Of(*UuidOf(v, node));
    case LogicalType::Kind::kFloat16: return Literal::Of(*Float16Of(v, node));
    case LogicalType::Kind::kInt:
      if (!lt.is_signed()) {
        return Literal::UInt(v.kind() == Value::Kind::kInt32 ? uint64_t{static_cast<uint32_t>(v.int32_value())}
                                                              : static_cast<uint64_t>(v.int64_value()));
      }
      break;
    case LogicalType::Kind::kString:
    case LogicalType::Kind::kEnum:
    case LogicalType::Kind::kJson:
      if (v.kind() == Value::Kind::kBytes) return Literal::String(std::string(v.bytes()));
      break;
    case LogicalType::Kind::kNone:
    case LogicalType::Kind::kBson:
      break;
    default:
      return std::nullopt;
  }
  switch (v.kind()) {
    case Value::Kind::kBool: return Literal::Bool(v.bool_value());
    case Value::Kind::kInt32: return Literal::Int(v.int32_value());
    case Value::Kind::kInt64: return Literal::Int(v.int64_value());
    case Value::Kind::kFloat: return Literal::Double(v.float_value());
    case Value::Kind::kDouble: return Literal::Double(v.double_value());
    case Value::Kind::kBytes: return Literal::Binary(std::string(v.bytes()));
    case Value::Kind::kInt96: {
      auto ts = TimestampOf(v, node);
      return ts.ok() ? std::optional<Literal>(Literal::Of(*ts)) : std::nullopt;
    }
    default: return std::nullopt;
  }
}

// The leaf at `path` of a row, or nullptr when it (or a struct above) is null.
inline const Value* Leaf(const Value& row, const std::vector<std::string>& path) {
  const Value* cur = &row;
  for (const std::string& name : path) {
    if (cur->kind() != Value::Kind::kStruct || (cur = cur->Find(name)) == nullptr) return nullptr;
  }
  return cur->is_null() ? nullptr : cur;
}

// Literals next to `l` (one step of its unit, a finer scale, a byte more or
// less) and, once per kind, values at or beyond the ends of the range.
inline std::vector<Literal> NeighboursOf(const Literal& l) {
  std::vector<Literal> out;
  auto integer = [&](__int128 v) {
    if (v >= std::numeric_limits<int64_t>::min() && v <= std::numeric_limits<int64_t>::max()) {
      out.push_back(Literal::Int(static_cast<int64_t>(v)));
    } else if (v >= 0 && v <= static_cast<__int128>(std::numeric_limits<uint64_t>::max())) {
      out.push_back(Literal::UInt(static_cast<uint64_t>(v)));
    }
  };
  switch (l.kind()) {
    case Literal::Kind::kBool: out.push_back(Literal::Bool(!l.bool_value())); break;
    case Literal::Kind::kInt: integer(l.int_value() - 1); integer(l.int_value() + 1); break;
    case Literal::Kind::kDouble: {
      const double d = l.double_value();
      if (!std::isnan(d)) {
        out.push_back(Literal::Double(std::nextafter(d, -INFINITY)));
        out.push_back(Literal::Double(std::nextafter(d, INFINITY)));
      }
      break;
    }
    case Literal::Kind::kFloat16: {
      const uint16_t bits = l.float16().bits();
      out.push_back(Literal::Of(Float16::FromBits(static_cast<uint16_t>(bits + 1))));
      out.push_back(Literal::Of(Float16::FromBits(static_cast<uint16_t>(bits - 1))));
      break;
    }
    case Literal::Kind::kDecimal: {
      const Decimal d = l.decimal();
      for (__int128 u : {d.unscaled() - 1, d.unscaled() + 1}) {
        if (auto n = Decimal::Make(u, d.precision(), d.scale()); n.ok()) out.push_back(Literal::Of(*n));
      }
      if (d.precision() < Decimal::kMaxPrecision && d.scale() < 6) {  // halfway to the next, one digit finer
        if (auto n = Decimal::Make(d.unscaled() * 10 + 5, d.precision() + 1, d.scale() + 1); n.ok()) {
          out.push_back(Literal::Of(*n));
        }
      }
      break;
    }
    case Literal::Kind::kDate:
      for (int32_t dd : {-1, 1}) out.push_back(Literal::Of(Date(l.date().days_since_epoch() + dd)));
      break;
    case Literal::Kind::kTime:
      for (int64_t dt : {-1, 1}) {
        const Time t = l.time();
        if (auto n = Time::Make(t.value() + dt, t.unit(), t.is_adjusted_to_utc()); n.ok()) out.push_back(Literal::Of(*n));
      }
      break;
    case Literal::Kind::kTimestamp:
      for (int64_t dt : {-1, 1}) {
        const Timestamp t = l.timestamp();
        out.push_back(Literal::Of(Timestamp(t.value() + dt, t.unit(), t.is_adjusted_to_utc())));
      }
      break;
    case Literal::Kind::kString:
      if (!l.bytes().empty() && static_cast<unsigned char>(l.bytes().back()) < 0x80) {
        out.push_back(Literal::String(l.bytes().substr(0, l.bytes().size() - 1)));
      }
      out.push_back(Literal::String(l.bytes() + "a"));
      out.push_back(Literal::String(l.bytes() + "~"));
      break;
    case Literal::Kind::kBinary:
      if (!l.bytes().empty()) out.push_back(Literal::Binary(l.bytes().substr(0, l.bytes().size() - 1)));
      out.push_back(Literal::Binary(l.bytes() + std::string(1, '\0')));
      out.push_back(Literal::Binary(l.bytes() + "\xff"));
      break;
    case Literal::Kind::kUuid: {
      std::string b = l.bytes();
      b[15] = static_cast<char>(b[15] + 1);
      std::array<uint8_t, 16> a{};
      std::copy(b.begin(), b.end(), a.begin());
      out.push_back(Literal::Of(Uuid(a)));
      break;
    }
  }
  return out;
}

// Values at the ends of (and beyond) the range of a literal's kind.
inline std::vector<Literal> ExtremesOf(Literal::Kind kind) {
  switch (kind) {
    case Literal::Kind::kInt:
      return {Literal::Int(-1), Literal::Int(0), Literal::Int(std::numeric_limits<int64_t>::min()),
              Literal::Int(std::numeric_limits<int64_t>::max()), Literal::UInt(std::numeric_limits<uint64_t>::max()),
              Literal::Int(255), Literal::Int(65536), Literal::UInt(uint64_t{1} << 63)};
    case Literal::Kind::kDouble:
      return {Literal::Double(NAN), Literal::Double(-0.0), Literal::Double(0.0), Literal::Double(INFINITY),
              Literal::Double(-INFINITY), Literal::Double(1e300)};
    case Literal::Kind::kFloat16:
      return {Literal::Of(Float16::FromBits(0x7e00)), Literal::Of(Float16::FromBits(0x8000)),
              Literal::Of(Float16::FromBits(0)), Literal::Of(Float16::FromBits(0x7c00)),
              Literal::Of(Float16::FromBits(0xfc00))};
    case Literal::Kind::kString: return {Literal::String(""), Literal::String("\xef\xbf\xbf")};
    case Literal::Kind::kBinary: return {Literal::Binary(""), Literal::Binary("\xff\xff")};
    case Literal::Kind::kDate: return {Literal::Of(Date(-800000)), Literal::Of(Date(2000000))};
    default: return {};
  }
}

// Random predicates over the leaves of `rows`' file with at most one value
// per row whose type takes literals.
class PredicateGenerator {
 public:
  PredicateGenerator(const Schema& schema, const std::vector<Value>& rows, uint32_t seed) : rng_(seed) {
    for (const ColumnDescriptor& c : schema.columns()) {
      if (c.max_repetition_level > 0) continue;
      Pool pool{Filter::Column(c.path), {}};
      std::map<std::string, Literal> distinct;  // by text, to keep the pool small and varied
      const size_t step = std::max<size_t>(1, rows.size() / 16);
      for (size_t i = 0; i < rows.size(); i += step) {
        if (const Value* v = Leaf(rows[i], c.path)) {
          if (auto lit = LiteralOf(*v, c)) distinct.emplace(lit->ToString(), *lit);
        }
      }
      if (!rows.empty()) {
        if (const Value* v = Leaf(rows.back(), c.path)) {
          if (auto lit = LiteralOf(*v, c)) distinct.emplace(lit->ToString(), *lit);
        }
      }
      std::vector<Literal> candidates;
      for (const auto& [text, lit] : distinct) {
        candidates.push_back(lit);
        for (Literal& n : NeighboursOf(lit)) candidates.push_back(std::move(n));
      }
      if (!distinct.empty()) {
        for (Literal& e : ExtremesOf(distinct.begin()->second.kind())) candidates.push_back(std::move(e));
      }
      for (Literal& lit : candidates) {  // only literals that fit the column
        if (BoundFilter::Bind(Filter::Eq(pool.column, lit), schema).ok()) pool.literals.push_back(std::move(lit));
      }
      pools_.push_back(std::move(pool));  // a column without literals still takes IS [NOT] NULL
    }
  }

  bool empty() const { return pools_.empty(); }

  Filter Next(int depth = 2) {
    const int pick = Uniform(0, depth > 0 ? 13 : 9);
    if (pick == 10) return Filter::Not(Next(depth - 1));
    if (pick == 11) return Filter::Or(Next(depth - 1), Next(depth - 1));
    if (pick >= 12) return Filter::And(Next(depth - 1), Next(depth - 1));
    const Pool& p = pools_[static_cast<size_t>(Uniform(0, static_cast<int>(pools_.size()) - 1))];
    const int op = p.literals.empty() ? Uniform(0, 1) : Uniform(0, 11);
    switch (op) {
      case 0: return Filter::IsNull(p.column);
      case 1: return Filter::IsNotNull(p.column);
      case 2:
      case 3: {  // IN and NOT IN
        std::vector<Literal> values;
        for (int i = Uniform(1, 4); i > 0; --i) values.push_back(Pick(p));
        Filter in = Filter::In(p.column, std::move(values));
        return op == 2 ? in : Filter::Not(in);
      }
      case 4: return Filter::Between(p.column, Pick(p), Pick(p));
      case 5: return Filter::Not(Filter::Between(p.column, Pick(p), Pick(p)));
      default: return Filter::Compare(p.column, static_cast<CompareOp>(op - 6), Pick(p));
    }
  }

 private:
  struct Pool {
    Filter::Column column;
    std::vector<Literal> literals;
  };
  int Uniform(int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng_); }
  const Literal& Pick(const Pool& p) {
    return p.literals[static_cast<size_t>(Uniform(0, static_cast<int>(p.literals.size()) - 1))];
  }
  std::mt19937 rng_;
  std::vector<Pool> pools_;
};

// The schema of WriteGeneratedFile: every logical type a filter takes.
inline constexpr const char* kGeneratedSchema = R"(
  message m {
    required int64 id;
    optional int32 i8 (INTEGER(8,true));
    optional int32 u8 (INTEGER(8,false));
    optional int32 i16 (INTEGER(16,true));
    optional int32 u16 (INTEGER(16,false));
    optional int32 i32;
    optional int32 u32 (INTEGER(32,false));
    optional int64 i64;
    optional int64 u64 (INTEGER(64,false));
    optional int32 dec32 (DECIMAL(9,2));
    optional int64 dec64 (DECIMAL(18,3));
    optional fixed_len_byte_array(9) decflba (DECIMAL(20,4));
    optional binary decbin (DECIMAL(12,1));
    optional int32 d (DATE);
    optional int32 t_ms (TIME(MILLIS,false));
    optional int64 t_us (TIME(MICROS,true));
    optional int64 t_ns (TIME(NANOS,false));
    optional int64 ts_ms (TIMESTAMP(MILLIS,true));
    optional int64 ts_us (TIMESTAMP(MICROS,false));
    optional int64 ts_ns (TIMESTAMP(NANOS,true));
    optional int64 ts_ns_local (TIMESTAMP(NANOS,false));
    optional binary s (STRING);
    optional binary bin;
    optional fixed_len_byte_array(16) u (UUID);
    optional fixed_len_byte_array(2) f16 (FLOAT16);
    optional boolean b;
    optional float f;
    optional double x;
    optional group st {
      optional int32 v;
      optional binary w (STRING);
    }
  })";

// Writes a file of kGeneratedSchema to `path`: 0..300 rows, in row groups of
// 5..40 rows and pages of 32..400 bytes, dictionaries and Bloom filters on
// or off; each column's values come from one key a row (the row number when
// `sorted`, else random) so that = and ranges hit, one value in ten null.
inline Status WriteGeneratedFile(const std::string& path, uint32_t seed, bool sorted) {
  std::mt19937 rng(seed);
  auto uniform = [&](int lo, int hi) { return std::uniform_int_distribution<int>(lo, hi)(rng); };
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(kGeneratedSchema));
  WriterOptions wo;
  wo.max_rows_per_row_group = uniform(5, 40);
  wo.data_page_size = uniform(32, 400);
  wo.column_defaults.dictionary = uniform(0, 1) == 1;
  wo.column_defaults.bloom_filter = uniform(0, 1) == 1;
  wo.column_defaults.bloom_filter_ndv = 64;
  PARQ_ASSIGN_OR_RETURN(auto fw, FileWriter::Open(path, schema, wo));
  PARQ_ASSIGN_OR_RETURN(auto rw, RowWriter::Open(*fw));
  const int n = uniform(0, 300);
  auto maybe = [&](Value v) { return uniform(0, 9) == 0 ? Value::Null() : std::move(v); };
  auto real = [&](int64_t k) {  // NaN, ±0 and ±infinity among the numbers
    switch (sorted ? 9 : uniform(0, 12)) {
      case 0: return std::numeric_limits<double>::quiet_NaN();
      case 1: return -0.0;
      case 2: return 0.0;
      case 3: return std::numeric_limits<double>::infinity();
      case 4: return -std::numeric_limits<double>::infinity();
      default: return static_cast<double>(k) * 0.25;
    }
  };
  static const char* const kChars[] = {"a", "b", "z", "\x7f", "\xc3\xa9", "\xc3\xbf", "\xef\xbf\xbf"};
  for (int r = 0; r < n; ++r) {
    // A key per column: sorted files rise with the row (a run of 3 rows a key).
    auto key = [&](int range) { return sorted ? static_cast<int64_t>(r / 3 - n / 6) : int64_t{uniform(-range, range)}; };
    Value row = Value::Struct();
    row.AddField("id", Value::Int64(r));
    row.AddField("i8", maybe(Value::Int32(static_cast<int32_t>(std::clamp<int64_t>(key(60) * 3, -128, 127)))));
    row.AddField("u8", maybe(Value::Int32(static_cast<int32_t>(std::clamp<int64_t>(key(60) * 3 + 128, 0, 255)))));
    row.AddField("i16", maybe(Value::Int32(static_cast<int32_t>(key(60) * 500))));
    row.AddField("u16", maybe(Value::Int32(static_cast<int32_t>(std::clamp<int64_t>(key(60) * 1000 + 32768, 0, 65535)))));
    row.AddField("i32", maybe(Value::Int32(static_cast<int32_t>(key(60) * 30000000))));
    // Unsigned across the sign bit of the physical type.
    row.AddField("u32", maybe(Value::Int32(static_cast<int32_t>(static_cast<uint32_t>((key(60) + 60) * 35000000)))));
    row.AddField("i64", maybe(Value::Int64(key(60) * 100000000000000000)));
    row.AddField("u64", maybe(Value::Int64(static_cast<int64_t>(static_cast<uint64_t>(key(60) + 60) * 150000000000000000ull))));
    row.AddField("dec32", maybe(Value::Int32(static_cast<int32_t>(key(60) * 37))));
    row.AddField("dec64", maybe(Value::Int64(key(60) * 123456789)));
    PARQ_ASSIGN_OR_RETURN(Decimal dflba, Decimal::Make(static_cast<__int128>(key(60)) * 1000000000000000ll, 20, 4));
    PARQ_ASSIGN_OR_RETURN(std::string flba, dflba.ToBigEndian(9));
    row.AddField("decflba", maybe(Value::Bytes(flba)));
    PARQ_ASSIGN_OR_RETURN(Decimal dbin, Decimal::Make(key(60) * 7, 12, 1));
    PARQ_ASSIGN_OR_RETURN(std::string bin_dec, dbin.ToBigEndian());
    row.AddField("decbin", maybe(Value::Bytes(bin_dec)));
    row.AddField("d", maybe(Value::Int32(static_cast<int32_t>(key(60) * 400))));
    const int64_t day_ms = 86400000;
    row.AddField("t_ms", maybe(Value::Int32(static_cast<int32_t>((key(60) + 60) * 700001 % day_ms))));
    row.AddField("t_us", maybe(Value::Int64((key(60) + 60) * 700000001 % (day_ms * 1000))));
    row.AddField("t_ns", maybe(Value::Int64((key(60) + 60) * 700000000001 % (day_ms * 1000000))));
    row.AddField("ts_ms", maybe(Value::Int64(key(60) * 86400001 * 100)));
    row.AddField("ts_us", maybe(Value::Int64(key(60) * 86400000001 * 100)));
    row.AddField("ts_ns", maybe(Value::Int64(key(60) * 86400000000001 * 100)));
    row.AddField("ts_ns_local", maybe(Value::Int64(key(60) * 86400000000001 * 100 + 999)));
    std::string s;
    if (sorted) {
      s = std::string(1, static_cast<char>('a' + r / 12)) + std::to_string(r % 12 / 3);
    } else {
      for (int i = uniform(0, 3); i > 0; --i) s += kChars[uniform(0, 6)];
    }
    row.AddField("s", maybe(Value::Bytes(s)));
    std::string bin;
    for (int i = sorted ? 1 : uniform(0, 3); i > 0; --i) {
      bin += static_cast<char>(sorted ? r * 255 / std::max(n, 1) : uniform(0, 3) * 85);
    }
    row.AddField("bin", maybe(Value::Bytes(bin)));
    std::string uuid(16, '\0');
    uuid[0] = static_cast<char>(key(60) * 2);  // both halves of the byte range
    uuid[15] = static_cast<char>(uniform(0, 2));
    row.AddField("u", maybe(Value::Bytes(uuid)));
    const uint16_t h = Float16::FromDouble(real(key(60))).bits();
    row.AddField("f16", maybe(Value::Bytes(std::string{static_cast<char>(h & 0xff), static_cast<char>(h >> 8)})));
    row.AddField("b", maybe(Value::Bool(sorted ? r > n / 2 : uniform(0, 1) == 1)));
    row.AddField("f", maybe(Value::Float(static_cast<float>(real(key(60))))));
    row.AddField("x", maybe(Value::Double(real(key(60)) / 3)));
    Value st = Value::Struct();
    st.AddField("v", maybe(Value::Int32(static_cast<int32_t>(key(5)))));
    st.AddField("w", maybe(Value::Bytes(std::string(1, static_cast<char>('a' + uniform(0, 3))))));
    row.AddField("st", maybe(std::move(st)));
    PARQ_RETURN_IF_ERROR(rw->Write(row));
  }
  PARQ_RETURN_IF_ERROR(rw->Close());
  return fw->Close();
}

// One file read unfiltered, then checked against filtered reads.
class FileDiff {
 public:
  static Result<std::unique_ptr<FileDiff>> Open(const std::string& path) {
    std::unique_ptr<FileDiff> d(new FileDiff);
    PARQ_ASSIGN_OR_RETURN(d->file_, FileReader::Open(path, ReaderOptions{.verify_checksums = false}));
    PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(*d->file_));
    PARQ_ASSIGN_OR_RETURN(auto json, JsonRowReader::Open(*d->file_));
    while (true) {
      Value row;
      std::string text;
      PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
      PARQ_ASSIGN_OR_RETURN(bool more_json, json->Next(&text));
      if (more != more_json) return Status::Internal("RowReader and JsonRowReader disagree on the row count");
      if (!more) break;
      d->rows_.push_back(std::move(row));
      d->json_.push_back(std::move(text));
    }
    return d;
  }

  const FileReader& file() const { return *file_; }
  const std::vector<Value>& rows() const { return rows_; }

  // The filtered JsonRowReader's rows must be the unfiltered JSON rows whose
  // values the filter matches, in order.  *matched: their indexes.  "" when
  // they are, else what differs.  The pruning seen is added to *pruning.
  Result<std::string> Check(const Filter& filter, std::vector<int64_t>* matched, RowGroupPruning* pruning) const {
    PARQ_ASSIGN_OR_RETURN(BoundFilter bound, BoundFilter::Bind(filter, file_->schema()));
    matched->clear();
    for (size_t i = 0; i < rows_.size(); ++i) {
      if (bound.Matches(rows_[i])) matched->push_back(static_cast<int64_t>(i));
    }
    RowReaderOptions o;
    o.filter = filter;
    PARQ_ASSIGN_OR_RETURN(auto reader, JsonRowReader::Open(*file_, o));
    std::vector<std::string> got;
    while (true) {
      std::string text;
      PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&text));
      if (!more) break;
      got.push_back(std::move(text));
    }
    pruning->by_statistics += reader->pruning().by_statistics;
    pruning->by_dictionary += reader->pruning().by_dictionary;
    pruning->by_bloom_filter += reader->pruning().by_bloom_filter;
    pruning->dictionaries_read += reader->pruning().dictionaries_read;
    pruning->bloom_filters_read += reader->pruning().bloom_filters_read;
    for (size_t i = 0; i < std::max(got.size(), matched->size()); ++i) {
      if (i >= got.size()) return "row " + std::to_string((*matched)[i]) + " missing: " + json_[(*matched)[i]];
      if (i >= matched->size()) return "extra row " + got[i];
      if (got[i] != json_[(*matched)[i]]) {
        return "row " + std::to_string(i) + " of the filtered read is " + got[i] + ", expected row " +
               std::to_string((*matched)[i]) + ": " + json_[(*matched)[i]];
      }
    }
    return std::string();
  }

 private:
  FileDiff() = default;
  std::unique_ptr<FileReader> file_;
  std::vector<Value> rows_;
  std::vector<std::string> json_;
};

// The corpus files of the differential tests (under parquet-testing/data),
// with the types and statistics each brings.
inline const std::vector<std::string>& DiffCorpusFiles() {
  static const std::vector<std::string> kFiles = {
      "alltypes_plain.parquet",             // impala 1.3: legacy min/max only; bool, ints, float, double, INT96
      "alltypes_dictionary.parquet",        // the same, dictionary-encoded
      "alltypes_tiny_pages.parquet",        // parquet-mr 1.12: many pages, page index
      "binary.parquet",                     // binary, parquet-mr 1.10
      "binary_truncated_min_max.parquet",   // truncated (inexact) binary statistics
      "byte_array_decimal.parquet",         // DECIMAL on BYTE_ARRAY
      "int32_decimal.parquet",              // DECIMAL on INT32
      "int64_decimal.parquet",              // DECIMAL on INT64
      "fixed_length_decimal.parquet",       // DECIMAL on FIXED_LEN_BYTE_ARRAY
      "fixed_length_decimal_legacy.parquet",
      "fixed_length_byte_array.parquet",    // FLBA, nulls
      "float16_nonzeros_and_nans.parquet",  // FLOAT16 with NaN
      "float16_zeros_and_nans.parquet",     // FLOAT16 ±0 and NaN
      "floating_orders_nan_count.parquet",  // IEEE_754_TOTAL_ORDER, nan_count
      "nan_in_stats.parquet",               // NaN in legacy statistics
      "single_nan.parquet",
      "data_index_bloom_encoding_stats.parquet",  // Bloom filter, encoding_stats
      "int32_with_null_pages.parquet",      // all-null pages
      "nulls.snappy.parquet",               // a struct of nulls
      "nullable.impala.parquet",            // nested: the flat leaves
      "datapage_v2.snappy.parquet",         // v2 pages, parquet-mr 1.8.1
      "delta_encoding_optional_column.parquet",
      "rle_boolean_encoding.parquet",       // booleans
      "sort_columns.parquet",
      "int96_from_spark.parquet",           // INT96 timestamps
      "dict-page-offset-zero.parquet",
      "plain-dict-uncompressed-checksum.parquet",
  };
  return kFiles;
}


// The seed of a run: $PARQ_FILTER_DIFF_SEED, else 25 (the issue's number).
inline uint32_t DiffSeed() {
  const char* env = std::getenv("PARQ_FILTER_DIFF_SEED");
  return env != nullptr ? static_cast<uint32_t>(std::strtoul(env, nullptr, 10)) : 25u;
}

// What a run saw.
struct DiffRun {
  int files = 0;
  int predicates = 0;
  int64_t rows_matched = 0;
  RowGroupPruning pruning;            // summed over the filtered reads
  std::vector<std::string> failures;  // each with the seed, the file and the predicate
};

// A second opinion on a predicate over a file: "" when it agrees that the
// rows of `matched` (indexes of the file's rows) are those the filter keeps,
// else what differs.
using PeerCheck = std::function<std::string(const std::string& path, const FileDiff& diff, const Filter& filter,
                                            const std::vector<int64_t>& matched)>;

// Checks `per_file` predicates on each file of DiffCorpusFiles() found under
// `corpus_dir` and `per_generated` on each of 8 generated files (4 sorted, 4
// not) written under `tmp_dir`; `peer` (if any) is asked after each
// predicate parq's two reads agree on.
inline void RunDiff(uint32_t seed, const std::string& corpus_dir, const std::string& tmp_dir, int per_file,
                    int per_generated, const PeerCheck& peer, DiffRun* run) {
  std::vector<std::pair<std::string, int>> files;  // path, predicates
  for (const std::string& name : DiffCorpusFiles()) files.emplace_back(corpus_dir + "/" + name, per_file);
  for (uint32_t g = 0; g < 8; ++g) {
    const std::string path = tmp_dir + "/filter_diff_" + std::to_string(g) + ".parquet";
    Status st = WriteGeneratedFile(path, seed * 1000 + g, /*sorted=*/g % 2 == 0);
    if (!st.ok()) {
      run->failures.push_back("seed " + std::to_string(seed) + ": writing " + path + ": " + st.ToString());
      continue;
    }
    files.emplace_back(path, per_generated);
  }
  uint32_t file_seed = seed;
  for (const auto& [path, count] : files) {
    ++file_seed;
    const std::string where = "seed " + std::to_string(seed) + ", file " + path;
    Result<std::unique_ptr<FileDiff>> diff = FileDiff::Open(path);
    if (!diff.ok()) {
      run->failures.push_back(where + ": " + diff.status().ToString());
      continue;
    }
    ++run->files;
    PredicateGenerator gen((*diff)->file().schema(), (*diff)->rows(), file_seed);
    if (gen.empty()) continue;
    std::vector<int64_t> matched;
    for (int i = 0; i < count; ++i) {
      const Filter filter = gen.Next();
      ++run->predicates;
      Result<std::string> outcome = (*diff)->Check(filter, &matched, &run->pruning);
      std::string what = outcome.ok() ? *outcome : outcome.status().ToString();
      if (what.empty() && peer) what = peer(path, **diff, filter, matched);
      run->rows_matched += static_cast<int64_t>(matched.size());
      if (!what.empty()) run->failures.push_back(where + ", predicate " + filter.ToString() + ": " + what);
    }
  }
}

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_FILTER_DIFF_H_
