// parq/filter.h — a row filter: comparisons of leaf columns with typed
// literals, IN, IS [NOT] NULL, BETWEEN, combined with AND, OR and NOT; and
// the same filter bound to a schema, which evaluates it on rows.
//
//   using parq::Filter, parq::Literal;
//   Filter f = Filter::And(Filter::Ge("l_shipdate", Literal::Of(parq::Date(9131))),
//                          Filter::Lt("l_quantity", Literal::Int(10)));
//   PARQ_ASSIGN_OR_RETURN(parq::BoundFilter bound, parq::BoundFilter::Bind(f, file->schema()));
//   ... if (bound.Matches(row)) ...          // row: a RowReader row
//
// Semantics are SQL's (docs/filter.md):
//   * a comparison with a null value is unknown; NOT unknown is unknown;
//     AND / OR follow three-valued (Kleene) logic; a row passes only when the
//     whole filter is true;
//   * numbers compare by value: integers by their column's signedness
//     (INT(32,false) holds 4294967295, not -1), decimals across scales
//     (1.5 = 1.50), times and timestamps across units (a literal finer than
//     the column compares exactly: a MILLIS column's 1 ms > 500 us);
//   * floating point orders as DuckDB does: -0 = +0, NaN = NaN, and NaN is
//     greater than every other value, +infinity included;
//   * strings, binary, UUIDs and other byte columns compare bytewise,
//     unsigned (the Parquet order of BYTE_ARRAY), false < true.
//
// A column is named by its path from the root: "a.b.c" (a Filter::Column
// built from a string splits it at dots) or the names themselves
// (Filter::Column{"a.b"} is one field named "a.b").  Only leaves with at
// most one value per row may be filtered on: a leaf inside a list or map is
// refused when binding.
//
// Literal types: a column takes the literals that name its values —
//   BOOLEAN: Bool;  integers (INT(n,s) or none), DECIMAL: Int, UInt, Decimal;
//   FLOAT, DOUBLE, FLOAT16: Double, Float16, Int and Decimal (an Int must be
//   exact as a double; a Decimal is rounded to the nearest double, as SQL
//   casts it);  DATE: Date;  TIME: Time (same UTC flag);  TIMESTAMP: Timestamp
//   (same UTC flag; an INT96 column takes either);  UUID: Uuid;  BYTE_ARRAY
//   and FIXED_LEN_BYTE_ARRAY (STRING, ENUM, JSON, BSON or none): String,
//   Binary.  Anything else is kInvalidArgument naming the column, its type and
//   the literal.  Every column takes IS NULL / IS NOT NULL.
//
// Ownership: Filter and Literal are values (a Filter shares its immutable
// subtrees); a BoundFilter holds copies of what it needs, not the Schema.
// Thread-safety: all const methods may be called from many threads.
#ifndef PARQ_FILTER_H_
#define PARQ_FILTER_H_

#include <cstdint>
#include <initializer_list>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "parq/logical_values.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

class Value;  // parq/record.h

// A typed constant.
class Literal {
 public:
  enum class Kind : uint8_t {
    kBool,
    kInt,  // a signed or unsigned integer: int_value() holds either exactly
    kDouble,
    kFloat16,
    kString,  // UTF-8 text
    kBinary,  // bytes
    kDecimal,
    kDate,
    kTime,
    kTimestamp,
    kUuid,
  };

  static Literal Bool(bool v);
  static Literal Int(int64_t v);
  static Literal UInt(uint64_t v);
  static Literal Double(double v);
  static Literal String(std::string v);
  static Literal Binary(std::string bytes);
  static Literal Of(const parq::Decimal& v);
  static Literal Of(const parq::Date& v);
  static Literal Of(const parq::Time& v);
  static Literal Of(const parq::Timestamp& v);
  static Literal Of(const parq::Uuid& v);
  static Literal Of(const parq::Float16& v);

  Kind kind() const { return kind_; }
  // REQUIRES: the matching kind.
  bool bool_value() const { return int_ != 0; }
  __int128 int_value() const { return int_; }  // kInt; the unscaled value of kDecimal
  double double_value() const { return double_; }
  const std::string& bytes() const { return bytes_; }  // kString, kBinary, kUuid (16 bytes)
  parq::Decimal decimal() const;
  parq::Date date() const { return parq::Date(static_cast<int32_t>(int_)); }
  parq::Time time() const { return parq::Time(static_cast<int64_t>(int_), unit_, utc_); }
  parq::Timestamp timestamp() const { return parq::Timestamp(static_cast<int64_t>(int_), unit_, utc_); }
  parq::Float16 float16() const { return parq::Float16::FromBits(static_cast<uint16_t>(int_)); }

  // The text form of the filter syntax: TRUE, 42, -1.5, 'it''s', X'00ff',
  // DATE '1995-01-01', TIME '12:00:00.000', TIMESTAMP '2020-01-01
  // 00:00:00.000000' (+ 'Z' when UTC), UUID '…', FLOAT16 '0.5', DECIMAL '1.50'.
  std::string ToString() const;
  // "INTEGER", "DECIMAL(3,2)", "TIMESTAMP(MICROS,true)", ... for messages.
  std::string TypeName() const;

  friend bool operator==(const Literal&, const Literal&) = default;

 private:
  explicit Literal(Kind k) : kind_(k) {}
  Kind kind_ = Kind::kBool;
  bool utc_ = false;
  TimeUnit unit_ = TimeUnit::kMillis;
  int32_t precision_ = 0;
  int32_t scale_ = 0;
  __int128 int_ = 0;
  double double_ = 0;
  std::string bytes_;
};

enum class CompareOp : uint8_t { kEq, kNe, kLt, kLe, kGt, kGe };
std::string_view CompareOpName(CompareOp op);  // "=", "!=", "<", "<=", ">", ">="

// An expression tree.
class Filter {
 public:
  enum class Kind : uint8_t { kCompare, kIn, kIsNull, kIsNotNull, kBetween, kAnd, kOr, kNot };

  // A leaf column's path: from a dotted string ("a.b" is a then b), or from
  // the names themselves.
  struct Column {
    Column(const char* dotted) : Column(std::string_view(dotted)) {}  // NOLINT: implicit by design
    Column(std::string_view dotted);                                   // NOLINT
    Column(const std::string& dotted) : Column(std::string_view(dotted)) {}  // NOLINT
    Column(std::initializer_list<std::string> names) : path(names) {}
    explicit Column(std::vector<std::string> names) : path(std::move(names)) {}
    std::vector<std::string> path;
  };

  static Filter Compare(Column column, CompareOp op, Literal value);
  static Filter Eq(Column c, Literal v) { return Compare(std::move(c), CompareOp::kEq, std::move(v)); }
  static Filter Ne(Column c, Literal v) { return Compare(std::move(c), CompareOp::kNe, std::move(v)); }
  static Filter Lt(Column c, Literal v) { return Compare(std::move(c), CompareOp::kLt, std::move(v)); }
  static Filter Le(Column c, Literal v) { return Compare(std::move(c), CompareOp::kLe, std::move(v)); }
  static Filter Gt(Column c, Literal v) { return Compare(std::move(c), CompareOp::kGt, std::move(v)); }
  static Filter Ge(Column c, Literal v) { return Compare(std::move(c), CompareOp::kGe, std::move(v)); }
  // REQUIRES: values is not empty.
  static Filter In(Column column, std::vector<Literal> values);
  static Filter IsNull(Column column);
  static Filter IsNotNull(Column column);
  // low <= column AND column <= high.
  static Filter Between(Column column, Literal low, Literal high);
  static Filter And(Filter a, Filter b);
  static Filter Or(Filter a, Filter b);
  static Filter Not(Filter a);

  Kind kind() const;
  // Leaf kinds: the column's path, the operator (kCompare) and the literals
  // (one for kCompare, the list for kIn, low and high for kBetween).
  const std::vector<std::string>& column() const;
  CompareOp op() const;
  const std::vector<Literal>& values() const;
  // kAnd, kOr: two children; kNot: one.
  const std::vector<Filter>& children() const;

  // The text syntax (docs/filter.md), fully parenthesized; names that are not
  // plain identifiers are double-quoted.
  std::string ToString() const;

  struct Node;

 private:
  explicit Filter(std::shared_ptr<const Node> node) : node_(std::move(node)) {}
  std::shared_ptr<const Node> node_;
};

// Parses the filter text syntax (docs/filter.md) against `schema`:
//   l_shipdate >= DATE '1995-01-01' AND l_quantity < 10
//   name IN ('a', 'b')    x IS NOT NULL    NOT (a.b = 1 OR "a.b" != 'x')
//   ts BETWEEN TIMESTAMP '2020-01-01 00:00:00' AND TIMESTAMP '2021-01-01 00:00:00'
// Keywords are case-insensitive; a dotted name is a path (a.b is field b of
// a), a double-quoted name is one field ("a.b").  Numbers and plain strings
// take their column's type: 10 on a DOUBLE column is 10.0, 1.5 on a DECIMAL
// column a decimal, '1995-01-01' on a DATE column a date.  The result is
// bound once here, so a filter that parses also binds.  Errors are
// kInvalidArgument: "filter: <what> at column N" (1-based, of `text`),
// then the text and a caret line under the place.
Result<Filter> ParseFilter(std::string_view text, const Schema& schema);

// A Filter checked against a Schema, ready to evaluate rows.
class BoundFilter {
 public:
  enum class Truth : uint8_t { kFalse, kTrue, kUnknown };

  // kInvalidArgument when a column does not exist (naming the paths meant),
  // is a group, lies inside a list or map, or when a literal does not fit its
  // column (naming both types), or an IN list is empty.
  static Result<BoundFilter> Bind(const Filter& filter, const Schema& schema);

  BoundFilter(BoundFilter&&) noexcept;
  BoundFilter& operator=(BoundFilter&&) noexcept;
  ~BoundFilter();

  // The leaf columns the filter reads (Schema column indexes, ascending, each once).
  const std::vector<int>& columns() const { return columns_; }

  // The filter on one row as RowReader returns it: a kStruct of top-level
  // fields that must include those holding the filter's columns (a missing
  // field reads as null).
  Truth Evaluate(const Value& row) const;
  bool Matches(const Value& row) const { return Evaluate(row) == Truth::kTrue; }

  struct Impl;
  const Impl& impl() const { return *impl_; }  // for parq's own layers (pruning)

 private:
  explicit BoundFilter(std::unique_ptr<Impl> impl, std::vector<int> columns);
  std::unique_ptr<Impl> impl_;
  std::vector<int> columns_;
};

}  // namespace parq

#endif  // PARQ_FILTER_H_
