// ParseFilter (parq/filter.h): the filter text syntax, a recursive-descent
// parser over a small tokenizer.  Grammar (keywords case-insensitive):
//
//   expr      := and_expr { OR and_expr }
//   and_expr  := not_expr { AND not_expr }
//   not_expr  := NOT not_expr | '(' expr ')' | predicate
//   predicate := column ( op literal
//                       | [NOT] IN '(' literal { ',' literal } ')'
//                       | IS [NOT] NULL
//                       | [NOT] BETWEEN literal AND literal )
//   column    := name { '.' name }        name := identifier | "quoted ""name"""
//   op        := = | == | != | <> | < | <= | > | >=
//   literal   := [-]number | 'string' | X'hex' | TRUE | FALSE
//              | (DATE | TIME | TIMESTAMP | UUID | DECIMAL | DOUBLE | FLOAT16) 'text'
//
// Numbers and plain strings are typed by the predicate's column (see
// parq/filter.h).  Each predicate is bound as soon as it is read, so a type
// error points at its column.
#include <cctype>
#include <charconv>
#include <cmath>
#include <cstdlib>
#include <limits>
#include <optional>
#include <string>
#include <utility>

#include "parq/filter.h"
#include "record/filter_compare.h"

namespace parq {

using filter_internal::UnitScale;

namespace {

enum class Tok : uint8_t { kEnd, kName, kQuotedName, kNumber, kString, kHexString, kOp, kLParen, kRParen, kComma, kDot, kMinus };

struct Token {
  Tok kind = Tok::kEnd;
  std::string text;  // a name, number, operator, or the unquoted string
  size_t pos = 0;    // 0-based offset in the text
};

bool KeywordIs(const Token& t, std::string_view kw) {
  if (t.kind != Tok::kName || t.text.size() != kw.size()) return false;
  for (size_t i = 0; i < kw.size(); ++i) {
    if (std::toupper(static_cast<unsigned char>(t.text[i])) != kw[i]) return false;
  }
  return true;
}

class Parser {
 public:
  Parser(std::string_view text, const Schema& schema) : text_(text), schema_(schema) {}

  Result<Filter> Parse() {
    PARQ_RETURN_IF_ERROR(Tokenize());
    PARQ_ASSIGN_OR_RETURN(Filter f, Expr());
    if (Peek().kind != Tok::kEnd) return Error(Peek().pos, "expected AND, OR or the end, found '" + Peek().text + "'");
    return f;
  }

 private:
  // ---------------------------------------------------------------- errors
  Status Error(size_t pos, std::string_view what) const {
    if (what.starts_with("filter: ")) what.remove_prefix(8);  // a binding error says it already
    std::string msg = "filter: " + std::string(what) + " at column " + std::to_string(pos + 1) + "\n  ";
    msg += text_;
    msg += "\n  " + std::string(pos, ' ') + "^";
    return Status::InvalidArgument(msg);
  }

  // ------------------------------------------------------------- tokenizer
  Status Tokenize() {
    size_t i = 0;
    while (true) {
      while (i < text_.size() && std::isspace(static_cast<unsigned char>(text_[i]))) ++i;
      Token t;
      t.pos = i;
      if (i == text_.size()) {
        toks_.push_back(t);
        return Status::OK();
      }
      const char c = text_[i];
      if ((c == 'x' || c == 'X') && i + 1 < text_.size() && text_[i + 1] == '\'') {
        PARQ_ASSIGN_OR_RETURN(std::string hex, Quoted(i + 1, '\'', &i));
        if (hex.size() % 2 != 0) return Error(t.pos, "X'...' needs an even number of hex digits");
        for (size_t k = 0; k < hex.size(); k += 2) {
          int v = 0;
          auto r = std::from_chars(hex.data() + k, hex.data() + k + 2, v, 16);
          if (r.ec != std::errc() || r.ptr != hex.data() + k + 2) {
            return Error(t.pos + 2 + k, "'" + hex.substr(k, 2) + "' is not a hex byte");
          }
          t.text.push_back(static_cast<char>(v));
        }
        t.kind = Tok::kHexString;
      } else if (std::isalpha(static_cast<unsigned char>(c)) || c == '_') {
        size_t j = i;
        while (j < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[j])) || text_[j] == '_')) ++j;
        t.kind = Tok::kName;
        t.text.assign(text_.substr(i, j - i));
        i = j;
      } else if (c == '"') {
        PARQ_ASSIGN_OR_RETURN(t.text, Quoted(i, '"', &i));
        t.kind = Tok::kQuotedName;
      } else if (c == '\'') {
        PARQ_ASSIGN_OR_RETURN(t.text, Quoted(i, '\'', &i));
        t.kind = Tok::kString;
      } else if (std::isdigit(static_cast<unsigned char>(c)) ||
                 (c == '.' && i + 1 < text_.size() && std::isdigit(static_cast<unsigned char>(text_[i + 1])))) {
        size_t j = i;
        while (j < text_.size() && (std::isalnum(static_cast<unsigned char>(text_[j])) || text_[j] == '.' ||
                                    ((text_[j] == '+' || text_[j] == '-') && (text_[j - 1] == 'e' || text_[j - 1] == 'E')))) {
          ++j;
        }
        t.kind = Tok::kNumber;
        t.text.assign(text_.substr(i, j - i));
        i = j;
      } else if (c == '(' || c == ')' || c == ',' || c == '.' || c == '-') {
        t.kind = c == '(' ? Tok::kLParen : c == ')' ? Tok::kRParen : c == ',' ? Tok::kComma : c == '.' ? Tok::kDot : Tok::kMinus;
        t.text = std::string(1, c);
        ++i;
      } else if (c == '=' || c == '!' || c == '<' || c == '>') {
        size_t n = 1;
        if (i + 1 < text_.size() && (text_[i + 1] == '=' || (c == '<' && text_[i + 1] == '>'))) n = 2;
        t.kind = Tok::kOp;
        t.text.assign(text_.substr(i, n));
        if (t.text == "!") return Error(i, "'!' must be '!='");
        i += n;
      } else {
        return Error(i, std::string("unexpected character '") + c + "'");
      }
      toks_.push_back(std::move(t));
    }
  }

  // The text between quotes at `start` (a doubled quote is one), and the
  // position after the closing quote.
  Result<std::string> Quoted(size_t start, char q, size_t* end) const {
    std::string out;
    for (size_t i = start + 1; i < text_.size(); ++i) {
      if (text_[i] == q) {
        if (i + 1 < text_.size() && text_[i + 1] == q) {
          out.push_back(q);
          ++i;
          continue;
        }
        *end = i + 1;
        return out;
      }
      out.push_back(text_[i]);
    }
    return Error(start, std::string("unterminated ") + (q == '"' ? "quoted name" : "string"));
  }

  const Token& Peek(size_t ahead = 0) const { return toks_[std::min(next_ + ahead, toks_.size() - 1)]; }
  const Token& Take() { return toks_[std::min(next_++, toks_.size() - 1)]; }
  bool TakeKeyword(std::string_view kw) {
    if (!KeywordIs(Peek(), kw)) return false;
    ++next_;
    return true;
  }
  static std::string Describe(const Token& t) { return t.kind == Tok::kEnd ? "the end" : "'" + t.text + "'"; }

  // ------------------------------------------------------------ expressions
  Result<Filter> Expr() {
    PARQ_ASSIGN_OR_RETURN(Filter f, AndExpr());
    while (TakeKeyword("OR")) {
      PARQ_ASSIGN_OR_RETURN(Filter g, AndExpr());
      f = Filter::Or(std::move(f), std::move(g));
    }
    return f;
  }

  Result<Filter> AndExpr() {
    PARQ_ASSIGN_OR_RETURN(Filter f, NotExpr());
    while (TakeKeyword("AND")) {
      PARQ_ASSIGN_OR_RETURN(Filter g, NotExpr());
      f = Filter::And(std::move(f), std::move(g));
    }
    return f;
  }

  Result<Filter> NotExpr() {
    if (TakeKeyword("NOT")) {
      PARQ_ASSIGN_OR_RETURN(Filter f, NotExpr());
      return Filter::Not(std::move(f));
    }
    if (Peek().kind == Tok::kLParen) {
      const size_t open = Take().pos;
      PARQ_ASSIGN_OR_RETURN(Filter f, Expr());
      if (Peek().kind != Tok::kRParen) {
        return Error(Peek().pos, "expected ')' to close the '(' at column " + std::to_string(open + 1) + ", found " +
                                     Describe(Peek()));
      }
      ++next_;
      return f;
    }
    return Predicate();
  }

  Result<Filter> Predicate() {
    const size_t col_pos = Peek().pos;
    PARQ_ASSIGN_OR_RETURN(std::vector<std::string> path, ColumnPath());
    std::string dotted;
    for (size_t i = 0; i < path.size(); ++i) dotted += (i ? "." : "") + path[i];
    const ColumnDescriptor* col = schema_.FindColumn(path);
    if (col == nullptr) {
      auto looked = schema_.LookupColumn(dotted);
      if (!looked.ok()) return Error(col_pos, looked.status().message());
      col = *looked;
    }
    Filter::Column column(path);
    std::optional<Filter> f;
    const Token& t = Peek();
    if (t.kind == Tok::kOp) {
      ++next_;
      CompareOp op = t.text == "=" || t.text == "==" ? CompareOp::kEq
                     : t.text == "!=" || t.text == "<>" ? CompareOp::kNe
                     : t.text == "<"                    ? CompareOp::kLt
                     : t.text == "<="                   ? CompareOp::kLe
                     : t.text == ">"                    ? CompareOp::kGt
                                                        : CompareOp::kGe;
      PARQ_ASSIGN_OR_RETURN(Literal v, LiteralFor(*col));
      f = Filter::Compare(column, op, std::move(v));
    } else if (KeywordIs(t, "IS")) {
      ++next_;
      const bool negated = TakeKeyword("NOT");
      if (!TakeKeyword("NULL")) return Error(Peek().pos, "expected NULL after IS" + std::string(negated ? " NOT" : "") + ", found " + Describe(Peek()));
      f = negated ? Filter::IsNotNull(column) : Filter::IsNull(column);
    } else {
      const bool negated = TakeKeyword("NOT");
      if (TakeKeyword("IN")) {
        if (Peek().kind != Tok::kLParen) return Error(Peek().pos, "expected '(' after IN, found " + Describe(Peek()));
        ++next_;
        std::vector<Literal> values;
        while (true) {
          PARQ_ASSIGN_OR_RETURN(Literal v, LiteralFor(*col));
          values.push_back(std::move(v));
          if (Peek().kind == Tok::kComma) {
            ++next_;
            continue;
          }
          if (Peek().kind == Tok::kRParen) break;
          return Error(Peek().pos, "expected ',' or ')' in the IN list, found " + Describe(Peek()));
        }
        ++next_;
        f = Filter::In(column, std::move(values));
      } else if (TakeKeyword("BETWEEN")) {
        PARQ_ASSIGN_OR_RETURN(Literal low, LiteralFor(*col));
        if (!TakeKeyword("AND")) return Error(Peek().pos, "expected AND in BETWEEN, found " + Describe(Peek()));
        PARQ_ASSIGN_OR_RETURN(Literal high, LiteralFor(*col));
        f = Filter::Between(column, std::move(low), std::move(high));
      } else {
        return Error(Peek().pos, "expected an operator, IN, IS or BETWEEN after '" + dotted + "', found " +
                                     Describe(Peek()));
      }
      if (negated) f = Filter::Not(std::move(*f));
    }
    // Bind now, so that a literal of the wrong type points at its column.
    auto bound = BoundFilter::Bind(*f, schema_);
    if (!bound.ok()) return Error(col_pos, bound.status().message());
    return std::move(*f);
  }

  Result<std::vector<std::string>> ColumnPath() {
    std::vector<std::string> path;
    while (true) {
      const Token& t = Peek();
      if (t.kind == Tok::kQuotedName || (t.kind == Tok::kName && !IsReserved(t))) {
        path.push_back(t.text);
        ++next_;
      } else {
        return Error(t.pos, "expected a column name, found " + Describe(t));
      }
      if (Peek().kind != Tok::kDot) return path;
      ++next_;
    }
  }

  static bool IsReserved(const Token& t) {
    for (std::string_view kw : {"AND", "OR", "NOT", "IN", "IS", "NULL", "BETWEEN", "TRUE", "FALSE"}) {
      if (KeywordIs(t, kw)) return true;
    }
    return false;
  }

  // --------------------------------------------------------------- literals
  Result<Literal> LiteralFor(const ColumnDescriptor& col) {
    const Token& t = Take();
    const LogicalType& lt = col.logical_type;
    switch (t.kind) {
      case Tok::kMinus: {
        if (Peek().kind != Tok::kNumber) return Error(t.pos, "expected a number after '-'");
        return Number("-" + Take().text, t.pos, col);
      }
      case Tok::kNumber:
        return Number(t.text, t.pos, col);
      case Tok::kHexString:
        return Literal::Binary(t.text);
      case Tok::kString:
        // A plain string takes the type of a DATE, TIME, TIMESTAMP or UUID column.
        switch (lt.kind()) {
          case LogicalType::Kind::kDate: return Typed("DATE", t, col);
          case LogicalType::Kind::kTime: return Typed("TIME", t, col);
          case LogicalType::Kind::kTimestamp: return Typed("TIMESTAMP", t, col);
          case LogicalType::Kind::kUuid: return Typed("UUID", t, col);
          default:
            if (col.physical_type == PhysicalType::kInt96) return Typed("TIMESTAMP", t, col);
            return Literal::String(t.text);
        }
      case Tok::kName: {
        if (KeywordIs(t, "TRUE")) return Literal::Bool(true);
        if (KeywordIs(t, "FALSE")) return Literal::Bool(false);
        if (KeywordIs(t, "NULL")) return Error(t.pos, "NULL is no value to compare with: use IS NULL or IS NOT NULL");
        for (std::string_view kw : {"DATE", "TIME", "TIMESTAMP", "UUID", "DECIMAL", "DOUBLE", "FLOAT16"}) {
          if (!KeywordIs(t, kw)) continue;
          if (Peek().kind != Tok::kString) return Error(Peek().pos, "expected a quoted text after " + std::string(kw));
          return Typed(kw, Take(), col);
        }
        return Error(t.pos, "expected a value, found '" + t.text + "'");
      }
      default:
        return Error(t.pos, "expected a value, found " + Describe(t));
    }
  }

  // A number typed by its column: an integer, a decimal, or a double.
  Result<Literal> Number(const std::string& s, size_t pos, const ColumnDescriptor& col) {
    const bool real = col.physical_type == PhysicalType::kFloat || col.physical_type == PhysicalType::kDouble ||
                      col.logical_type.kind() == LogicalType::Kind::kFloat16;
    if (real) return DoubleOf(s, pos);
    return ExactNumber(s, pos, col);
  }

  // An integer (int64, else uint64) or a decimal of exactly the digits written.
  Result<Literal> ExactNumber(const std::string& s, size_t pos, const ColumnDescriptor& col) {
    if (s.find_first_of("eE") != std::string::npos) {
      return Error(pos, "'" + s + "' has an exponent; column '" + col.dotted_path + "' takes exact numbers");
    }
    if (s.find('.') == std::string::npos) {
      int64_t v = 0;
      auto r = std::from_chars(s.data(), s.data() + s.size(), v);
      if (r.ec == std::errc() && r.ptr == s.data() + s.size()) return Literal::Int(v);
      uint64_t u = 0;
      r = std::from_chars(s.data(), s.data() + s.size(), u);
      if (r.ec == std::errc() && r.ptr == s.data() + s.size()) return Literal::UInt(u);
    }
    // A decimal of exactly the digits written.
    size_t digits = 0, frac = 0;
    const size_t dot = s.find('.');
    for (size_t i = 0; i < s.size(); ++i) {
      if (std::isdigit(static_cast<unsigned char>(s[i]))) {
        ++digits;
        if (dot != std::string::npos && i > dot) ++frac;
      }
    }
    const int32_t precision = static_cast<int32_t>(std::max<size_t>(digits, 1));
    if (precision > Decimal::kMaxPrecision) return Error(pos, "'" + s + "' has more than 38 digits");
    auto d = Decimal::FromString(s, precision, static_cast<int32_t>(frac));
    if (!d.ok()) return Error(pos, "'" + s + "' is not a number");
    return Literal::Of(*d);
  }

  Result<Literal> DoubleOf(const std::string& s, size_t pos) const {
    if (s == "NaN" || s == "nan") return Literal::Double(std::numeric_limits<double>::quiet_NaN());
    if (s == "Infinity" || s == "inf") return Literal::Double(std::numeric_limits<double>::infinity());
    if (s == "-Infinity" || s == "-inf") return Literal::Double(-std::numeric_limits<double>::infinity());
    double v = 0;
    auto r = std::from_chars(s.data(), s.data() + s.size(), v);
    if (r.ec != std::errc() || r.ptr != s.data() + s.size()) return Error(pos, "'" + s + "' is not a number");
    return Literal::Double(v);
  }

  // TYPE 'text'.  Times and timestamps take the column's UTC flag unless the
  // text ends in 'Z' (UTC); their unit is the finest the fraction needs.
  Result<Literal> Typed(std::string_view kw, const Token& t, const ColumnDescriptor& col) {
    const std::string& s = t.text;
    auto bad = [&](const Status& st) { return Error(t.pos, std::string(kw) + " '" + s + "': " + st.message()); };
    if (kw == "DATE") {
      auto d = Date::FromString(s);
      if (!d.ok()) return bad(d.status());
      return Literal::Of(*d);
    }
    if (kw == "UUID") {
      auto u = Uuid::FromString(s);
      if (!u.ok()) return bad(u.status());
      return Literal::Of(*u);
    }
    if (kw == "DECIMAL") {
      auto d = ExactNumber(s, t.pos, col);
      if (!d.ok() || d->kind() != Literal::Kind::kInt) return d;
      return Literal::Of(*Decimal::Make(d->int_value(), Decimal::kMaxPrecision, 0));  // DECIMAL '12'
    }
    if (kw == "DOUBLE") return DoubleOf(s, t.pos);
    if (kw == "FLOAT16") {
      PARQ_ASSIGN_OR_RETURN(Literal d, DoubleOf(s, t.pos));
      return Literal::Of(Float16::FromDouble(d.double_value()));
    }
    const bool column_utc = col.logical_type.is_adjusted_to_utc();
    std::string_view body = s;
    bool utc = column_utc;
    if (body.ends_with('Z')) {
      utc = true;
      body.remove_suffix(1);
    }
    if (kw == "TIME") {
      auto clock = Clock(body);
      if (!clock.ok()) return bad(clock.status());
      auto tm = Time::Make(static_cast<int64_t>(clock->first), clock->second, utc);
      if (!tm.ok()) return bad(tm.status());
      return Literal::Of(*tm);
    }
    // TIMESTAMP: a date, then optionally ' ' or 'T' and a clock.
    const size_t sep = body.find_first_of(" T", 1);
    auto d = Date::FromString(body.substr(0, sep));
    if (!d.ok()) return bad(d.status());
    std::pair<__int128, TimeUnit> clock{0, TimeUnit::kMillis};
    if (sep != std::string_view::npos) {
      auto c = Clock(body.substr(sep + 1));
      if (!c.ok()) return bad(c.status());
      clock = *c;
    }
    const __int128 per_day = 86400 * filter_internal::Pow10(UnitScale(clock.second));
    const __int128 v = __int128{d->days_since_epoch()} * per_day + clock.first;
    if (v < std::numeric_limits<int64_t>::min() || v > std::numeric_limits<int64_t>::max()) {
      return bad(Status::InvalidArgument("outside the range of 64-bit " + std::string(TimeUnitName(clock.second))));
    }
    return Literal::Of(Timestamp(static_cast<int64_t>(v), clock.second, utc));
  }

  // "HH:MM:SS[.f…]" (up to 9 fraction digits) as a count of the coarsest
  // unit that holds it exactly.
  static Result<std::pair<__int128, TimeUnit>> Clock(std::string_view s) {
    auto bad = [&] { return Status::InvalidArgument("want HH:MM:SS with up to 9 fraction digits"); };
    if (s.size() < 8 || s[2] != ':' || s[5] != ':') return bad();
    int h = 0, m = 0, sec = 0;
    auto two = [&](size_t at, int* out) {
      auto r = std::from_chars(s.data() + at, s.data() + at + 2, *out);
      return r.ec == std::errc() && r.ptr == s.data() + at + 2;
    };
    if (!two(0, &h) || !two(3, &m) || !two(6, &sec) || h > 23 || m > 59 || sec > 59) return bad();
    std::string_view frac;
    if (s.size() > 8) {
      if (s[8] != '.' || s.size() == 9 || s.size() > 18) return bad();
      frac = s.substr(9);
      for (char c : frac) {
        if (!std::isdigit(static_cast<unsigned char>(c))) return bad();
      }
    }
    const TimeUnit unit = frac.size() <= 3 ? TimeUnit::kMillis : frac.size() <= 6 ? TimeUnit::kMicros : TimeUnit::kNanos;
    const int scale = UnitScale(unit);
    __int128 v = (__int128{h} * 3600 + m * 60 + sec);
    for (int k = 0; k < scale; ++k) v = v * 10 + (static_cast<size_t>(k) < frac.size() ? frac[static_cast<size_t>(k)] - '0' : 0);
    return std::pair<__int128, TimeUnit>{v, unit};
  }

  std::string_view text_;
  const Schema& schema_;
  std::vector<Token> toks_;
  size_t next_ = 0;
};

}  // namespace

Result<Filter> ParseFilter(std::string_view text, const Schema& schema) { return Parser(text, schema).Parse(); }

}  // namespace parq
