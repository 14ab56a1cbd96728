// Literal and Filter: the values and the expression tree of parq/filter.h,
// and their text form.  Binding and evaluation are in bound_filter.cc.
#include "parq/filter.h"

#include <array>
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdio>
#include <utility>

namespace parq {

// ---------------------------------------------------------------- Literal ---

Literal Literal::Bool(bool v) {
  Literal l(Kind::kBool);
  l.int_ = v ? 1 : 0;
  return l;
}

Literal Literal::Int(int64_t v) {
  Literal l(Kind::kInt);
  l.int_ = v;
  return l;
}

Literal Literal::UInt(uint64_t v) {
  Literal l(Kind::kInt);
  l.int_ = v;
  return l;
}

Literal Literal::Double(double v) {
  Literal l(Kind::kDouble);
  l.double_ = v;
  return l;
}

Literal Literal::String(std::string v) {
  Literal l(Kind::kString);
  l.bytes_ = std::move(v);
  return l;
}

Literal Literal::Binary(std::string bytes) {
  Literal l(Kind::kBinary);
  l.bytes_ = std::move(bytes);
  return l;
}

Literal Literal::Of(const parq::Decimal& v) {
  Literal l(Kind::kDecimal);
  l.int_ = v.unscaled();
  l.precision_ = v.precision();
  l.scale_ = v.scale();
  return l;
}

Literal Literal::Of(const parq::Date& v) {
  Literal l(Kind::kDate);
  l.int_ = v.days_since_epoch();
  return l;
}

Literal Literal::Of(const parq::Time& v) {
  Literal l(Kind::kTime);
  l.int_ = v.value();
  l.unit_ = v.unit();
  l.utc_ = v.is_adjusted_to_utc();
  return l;
}

Literal Literal::Of(const parq::Timestamp& v) {
  Literal l(Kind::kTimestamp);
  l.int_ = v.value();
  l.unit_ = v.unit();
  l.utc_ = v.is_adjusted_to_utc();
  return l;
}

Literal Literal::Of(const parq::Uuid& v) {
  Literal l(Kind::kUuid);
  l.bytes_.assign(v.view());
  return l;
}

Literal Literal::Of(const parq::Float16& v) {
  Literal l(Kind::kFloat16);
  l.int_ = v.bits();
  l.double_ = v.ToDouble();
  return l;
}

parq::Decimal Literal::decimal() const {
  // Made by Of(Decimal) from a valid Decimal, so Make cannot fail.
  return *parq::Decimal::Make(int_, precision_, scale_);
}

namespace {

void AppendInt128(std::string& out, __int128 v) {
  if (v < 0) out.push_back('-');
  unsigned __int128 u = v < 0 ? -static_cast<unsigned __int128>(v) : static_cast<unsigned __int128>(v);
  char buf[40];
  int n = 0;
  do {
    buf[n++] = static_cast<char>('0' + static_cast<int>(u % 10));
    u /= 10;
  } while (u != 0);
  while (n > 0) out.push_back(buf[--n]);
}

void AppendQuoted(std::string& out, std::string_view s) {
  out.push_back('\'');
  for (char c : s) {
    if (c == '\'') out.push_back('\'');
    out.push_back(c);
  }
  out.push_back('\'');
}

// The shortest text that reads back as the same double; NaN and infinities
// as DOUBLE 'NaN' / 'Infinity' / '-Infinity'.
void AppendDouble(std::string& out, double v) {
  if (std::isnan(v)) {
    out += "DOUBLE 'NaN'";
  } else if (std::isinf(v)) {
    out += v > 0 ? "DOUBLE 'Infinity'" : "DOUBLE '-Infinity'";
  } else {
    char buf[64];
    auto r = std::to_chars(buf, buf + sizeof buf, v);
    std::string_view s(buf, static_cast<size_t>(r.ptr - buf));
    out += s;
    // A number without '.', 'e' or "inf" would read back as an integer.
    if (s.find_first_of(".e") == std::string_view::npos) out += ".0";
  }
}

bool IsPlainIdentifier(std::string_view s) {
  if (s.empty() || !(std::isalpha(static_cast<unsigned char>(s[0])) || s[0] == '_')) return false;
  for (char c : s) {
    if (!(std::isalnum(static_cast<unsigned char>(c)) || c == '_')) return false;
  }
  return true;
}

}  // namespace

std::string Literal::ToString() const {
  std::string out;
  switch (kind_) {
    case Kind::kBool: out = int_ ? "TRUE" : "FALSE"; break;
    case Kind::kInt: AppendInt128(out, int_); break;
    case Kind::kDouble: AppendDouble(out, double_); break;
    case Kind::kFloat16: out = "FLOAT16 "; AppendQuoted(out, float16().ToString()); break;
    case Kind::kString: AppendQuoted(out, bytes_); break;
    case Kind::kBinary: {
      static constexpr char kHex[] = "0123456789abcdef";
      out = "X'";
      for (unsigned char c : bytes_) {
        out.push_back(kHex[c >> 4]);
        out.push_back(kHex[c & 15]);
      }
      out.push_back('\'');
      break;
    }
    case Kind::kDecimal: out = "DECIMAL "; AppendQuoted(out, decimal().ToString()); break;
    case Kind::kDate: out = "DATE "; AppendQuoted(out, date().ToString()); break;
    case Kind::kTime: out = "TIME "; AppendQuoted(out, time().ToString()); break;
    case Kind::kTimestamp: out = "TIMESTAMP "; AppendQuoted(out, timestamp().ToString()); break;
    case Kind::kUuid: {
      std::array<uint8_t, 16> b{};
      for (size_t i = 0; i < 16; ++i) b[i] = static_cast<uint8_t>(bytes_[i]);
      out = "UUID ";
      AppendQuoted(out, parq::Uuid(b).ToString());
      break;
    }
  }
  return out;
}

std::string Literal::TypeName() const {
  switch (kind_) {
    case Kind::kBool: return "BOOLEAN";
    case Kind::kInt: return "INTEGER";
    case Kind::kDouble: return "DOUBLE";
    case Kind::kFloat16: return "FLOAT16";
    case Kind::kString: return "STRING";
    case Kind::kBinary: return "BINARY";
    case Kind::kDecimal: return LogicalType::Decimal(precision_, scale_).ToString();
    case Kind::kDate: return "DATE";
    case Kind::kTime: return LogicalType::Time(unit_, utc_).ToString();
    case Kind::kTimestamp: return LogicalType::Timestamp(unit_, utc_).ToString();
    case Kind::kUuid: return "UUID";
  }
  return "?";
}

std::string_view CompareOpName(CompareOp op) {
  switch (op) {
    case CompareOp::kEq: return "=";
    case CompareOp::kNe: return "!=";
    case CompareOp::kLt: return "<";
    case CompareOp::kLe: return "<=";
    case CompareOp::kGt: return ">";
    case CompareOp::kGe: return ">=";
  }
  return "?";
}

// ----------------------------------------------------------------- Filter ---

struct Filter::Node {
  Kind kind = Kind::kCompare;
  std::vector<std::string> column;
  CompareOp op = CompareOp::kEq;
  std::vector<Literal> values;
  std::vector<Filter> children;
};

Filter::Column::Column(std::string_view dotted) {
  size_t start = 0;
  while (true) {
    size_t dot = dotted.find('.', start);
    path.emplace_back(dotted.substr(start, dot == std::string_view::npos ? dotted.npos : dot - start));
    if (dot == std::string_view::npos) break;
    start = dot + 1;
  }
}

namespace {
std::shared_ptr<Filter::Node> MakeNode(Filter::Kind kind, Filter::Column column, std::vector<Literal> values) {
  auto n = std::make_shared<Filter::Node>();
  n->kind = kind;
  n->column = std::move(column.path);
  n->values = std::move(values);
  return n;
}
}  // namespace

Filter Filter::Compare(Column column, CompareOp op, Literal value) {
  auto n = MakeNode(Kind::kCompare, std::move(column), {std::move(value)});
  n->op = op;
  return Filter(std::move(n));
}

Filter Filter::In(Column column, std::vector<Literal> values) {
  return Filter(MakeNode(Kind::kIn, std::move(column), std::move(values)));
}

Filter Filter::IsNull(Column column) { return Filter(MakeNode(Kind::kIsNull, std::move(column), {})); }
Filter Filter::IsNotNull(Column column) { return Filter(MakeNode(Kind::kIsNotNull, std::move(column), {})); }

Filter Filter::Between(Column column, Literal low, Literal high) {
  return Filter(MakeNode(Kind::kBetween, std::move(column), {std::move(low), std::move(high)}));
}

namespace {
std::shared_ptr<Filter::Node> MakeLogical(Filter::Kind kind, std::vector<Filter> children) {
  auto n = std::make_shared<Filter::Node>();
  n->kind = kind;
  n->children = std::move(children);
  return n;
}
}  // namespace

Filter Filter::And(Filter a, Filter b) { return Filter(MakeLogical(Kind::kAnd, {std::move(a), std::move(b)})); }
Filter Filter::Or(Filter a, Filter b) { return Filter(MakeLogical(Kind::kOr, {std::move(a), std::move(b)})); }
Filter Filter::Not(Filter a) { return Filter(MakeLogical(Kind::kNot, {std::move(a)})); }

Filter::Kind Filter::kind() const { return node_->kind; }
const std::vector<std::string>& Filter::column() const { return node_->column; }
CompareOp Filter::op() const { return node_->op; }
const std::vector<Literal>& Filter::values() const { return node_->values; }
const std::vector<Filter>& Filter::children() const { return node_->children; }

namespace {

void AppendColumn(std::string& out, const std::vector<std::string>& path) {
  for (size_t i = 0; i < path.size(); ++i) {
    if (i > 0) out.push_back('.');
    if (IsPlainIdentifier(path[i])) {
      out += path[i];
    } else {
      out.push_back('"');
      for (char c : path[i]) {
        if (c == '"') out.push_back('"');
        out.push_back(c);
      }
      out.push_back('"');
    }
  }
}

void AppendFilter(std::string& out, const Filter& f) {
  switch (f.kind()) {
    case Filter::Kind::kCompare:
      AppendColumn(out, f.column());
      out += ' ';
      out += CompareOpName(f.op());
      out += ' ';
      out += f.values()[0].ToString();
      return;
    case Filter::Kind::kIn:
      AppendColumn(out, f.column());
      out += " IN (";
      for (size_t i = 0; i < f.values().size(); ++i) {
        if (i > 0) out += ", ";
        out += f.values()[i].ToString();
      }
      out += ')';
      return;
    case Filter::Kind::kIsNull:
      AppendColumn(out, f.column());
      out += " IS NULL";
      return;
    case Filter::Kind::kIsNotNull:
      AppendColumn(out, f.column());
      out += " IS NOT NULL";
      return;
    case Filter::Kind::kBetween:
      AppendColumn(out, f.column());
      out += " BETWEEN " + f.values()[0].ToString() + " AND " + f.values()[1].ToString();
      return;
    case Filter::Kind::kAnd:
    case Filter::Kind::kOr:
      out += '(';
      AppendFilter(out, f.children()[0]);
      out += f.kind() == Filter::Kind::kAnd ? ") AND (" : ") OR (";
      AppendFilter(out, f.children()[1]);
      out += ')';
      return;
    case Filter::Kind::kNot:
      out += "NOT (";
      AppendFilter(out, f.children()[0]);
      out += ')';
      return;
  }
}

}  // namespace

std::string Filter::ToString() const {
  std::string out;
  AppendFilter(out, *this);
  return out;
}

}  // namespace parq
