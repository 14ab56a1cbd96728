// json/csv_read.cc — CSV records in (parq/csv.h): cutting a record into
// cells, inferring a schema from sample records, and a record as a Value row
// through its canonical JSON (JsonRowParser).
#include <algorithm>
#include <cctype>
#include <cerrno>
#include <cstdlib>
#include <cstdio>
#include <string>
#include <vector>

#include "parq/csv.h"
#include "parq/schema_helpers.h"

namespace parq {
namespace {


void AppendJsonString(std::string_view s, std::string* out) {
  out->push_back('"');
  for (unsigned char c : s) {
    if (c == '"' || c == '\\') {
      out->push_back('\\');
      out->push_back(static_cast<char>(c));
    } else if (c < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out->append(buf);
    } else {
      out->push_back(static_cast<char>(c));
    }
  }
  out->push_back('"');
}

bool IsDigit(char c) { return c >= '0' && c <= '9'; }

// [-+]?digits: the digit count, or -1.
int IntegerDigits(std::string_view s) {
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  if (i == s.size()) return -1;
  for (size_t j = i; j < s.size(); ++j) {
    if (!IsDigit(s[j])) return -1;
  }
  return static_cast<int>(s.size() - i);
}

bool FitsInt64(std::string_view s) {
  const int digits = IntegerDigits(s);
  if (digits < 0) return false;
  if (digits < 19) return true;
  errno = 0;
  const std::string t(s);
  char* end = nullptr;
  (void)std::strtoll(t.c_str(), &end, 10);
  return errno == 0 && *end == '\0';
}

// Plain decimal notation [-+]?d*.d* with at least one digit and a point:
// its integer and fraction digit counts (leading zeros of the integer part
// not counted).
bool DecimalShape(std::string_view s, int* int_digits, int* frac_digits) {
  size_t i = (!s.empty() && (s[0] == '-' || s[0] == '+')) ? 1 : 0;
  const size_t point = s.find('.', i);
  if (point == std::string_view::npos) return false;
  std::string_view a = s.substr(i, point - i), b = s.substr(point + 1);
  if (a.empty() && b.empty()) return false;
  for (char c : a) if (!IsDigit(c)) return false;
  for (char c : b) if (!IsDigit(c)) return false;
  while (!a.empty() && a[0] == '0') a.remove_prefix(1);
  *int_digits = static_cast<int>(a.size());
  *frac_digits = static_cast<int>(b.size());
  return true;
}

bool IsDouble(std::string_view s) {
  if (s == "NaN" || s == "nan" || s == "inf" || s == "-inf" || s == "Infinity" || s == "-Infinity") return true;
  if (s.empty() || std::isspace(static_cast<unsigned char>(s[0]))) return false;
  const std::string t(s);
  char* end = nullptr;
  (void)std::strtod(t.c_str(), &end);
  return *end == '\0' && t.find_first_of("xXpP") == std::string::npos;
}

bool IsBoolean(std::string_view s) {
  std::string t(s);
  for (char& c : t) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return t == "true" || t == "false";
}

// YYYY-MM-DD at s[0..10).
bool IsDate(std::string_view s) {
  if (s.size() < 10 || s[4] != '-' || s[7] != '-') return false;
  for (int i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (!IsDigit(s[static_cast<size_t>(i)])) return false;
  }
  const int month = (s[5] - '0') * 10 + (s[6] - '0'), day = (s[8] - '0') * 10 + (s[9] - '0');
  return month >= 1 && month <= 12 && day >= 1 && day <= 31;
}

// The zone suffix a timestamp may end in, UTC only: "Z", "+00", "+00:00".
size_t UtcSuffix(std::string_view s) {
  if (s.ends_with("Z")) return 1;
  if (s.ends_with("+00:00")) return 6;
  if (s.ends_with("+00")) return 3;
  return 0;
}

// YYYY-MM-DD[T ]HH:MM:SS[.f{1,9}][zone]: its fraction digits, or -1.
int TimestampFraction(std::string_view s, bool* utc) {
  const size_t zone = UtcSuffix(s);
  *utc = zone > 0;
  s.remove_suffix(zone);
  if (s.size() < 19 || !IsDate(s) || (s[10] != 'T' && s[10] != ' ') || s[13] != ':' || s[16] != ':') return -1;
  for (int i : {11, 12, 14, 15, 17, 18}) {
    if (!IsDigit(s[static_cast<size_t>(i)])) return -1;
  }
  if (s.size() == 19) return 0;
  if (s[19] != '.' || s.size() == 20 || s.size() > 29) return -1;
  for (size_t i = 20; i < s.size(); ++i) {
    if (!IsDigit(s[i])) return -1;
  }
  return static_cast<int>(s.size() - 20);
}

// What each column's cells have all fitted so far.
struct ColumnGuess {
  bool nullable = false;
  bool any = false;
  bool boolean = true, int64 = true, decimal = true, dbl = true, date = true, timestamp = true;
  int int_digits = 0, frac_digits = 0, ts_fraction = 0;
  bool ts_utc = false, ts_local = false;

  void See(std::string_view s) {
    any = true;
    boolean = boolean && IsBoolean(s);
    int64 = int64 && FitsInt64(s);
    int a = 0, b = 0;
    if (decimal && (DecimalShape(s, &a, &b) || (IntegerDigits(s) >= 0 && (a = IntegerDigits(s), b = 0, true)))) {
      int_digits = std::max(int_digits, a);
      frac_digits = std::max(frac_digits, b);
    } else {
      decimal = false;
    }
    dbl = dbl && IsDouble(s);
    date = date && s.size() == 10 && IsDate(s);
    bool utc = false;
    const int f = timestamp ? TimestampFraction(s, &utc) : -1;
    timestamp = f >= 0;
    if (timestamp) {
      ts_fraction = std::max(ts_fraction, f);
      (utc ? ts_utc : ts_local) = true;
    }
  }

  schema::Field Field(const std::string& name) const {
    auto f = [&]() -> schema::Field {
      if (!any) return schema::String(name);
      if (boolean) return schema::Boolean(name);
      if (int64) return schema::Int64(name);
      // Precision 18 (an INT64 holds it, no wider than a smaller one), or 38
      // when the sample needs more: room for the larger values the rest of
      // the file may hold.
      if (decimal && frac_digits > 0 && int_digits + frac_digits <= 38) {
        return schema::Decimal(name, int_digits + frac_digits <= 18 ? 18 : 38, frac_digits);
      }
      if (dbl) return schema::Double(name);
      if (date) return schema::Date(name);
      if (timestamp && !(ts_utc && ts_local)) {
        return schema::Timestamp(name, ts_fraction > 6 ? TimeUnit::kNanos : TimeUnit::kMicros, ts_utc);
      }
      return schema::String(name);
    }();
    return nullable || !any ? f.Optional() : f;
  }
};

bool IsNull(const CsvRecord& r, size_t i, const CsvOptions& o) {
  if (r.quoted[i]) return false;
  return r.cells[i].empty() || (!o.null_string.empty() && r.cells[i] == o.null_string);
}

}  // namespace

bool CsvRecordOpen(std::string_view text, char delimiter) {
  (void)delimiter;
  // A record is open while it holds an odd number of quotes: quotes only
  // open and close quoted cells, or come doubled inside them.
  return std::count(text.begin(), text.end(), '"') % 2 == 1;
}

Status SplitCsvRecord(std::string_view text, char delimiter, CsvRecord* out) {
  out->cells.clear();
  out->quoted.clear();
  out->columns.clear();
  out->lines.clear();
  auto BadAt = [out](int64_t line, int64_t column, const std::string& what) {
    out->error_line = line;
    out->error_column = column;
    return Status::InvalidArgument(what);
  };
  if (!text.empty() && text.back() == '\r') text.remove_suffix(1);
  int64_t line = 0;
  size_t line_start = 0;
  size_t i = 0;
  auto column = [&](size_t at) { return static_cast<int64_t>(at - line_start) + 1; };
  while (true) {
    std::string cell;
    out->columns.push_back(column(i));
    out->lines.push_back(line);
    if (i < text.size() && text[i] == '"') {
      const int64_t open_line = line, open_column = column(i);
      ++i;
      while (true) {
        if (i >= text.size()) return BadAt(open_line, open_column, "unterminated quote");
        const char c = text[i];
        if (c == '"') {
          if (i + 1 < text.size() && text[i + 1] == '"') {
            cell.push_back('"');
            i += 2;
            continue;
          }
          ++i;
          break;
        }
        if (c == '\n') {
          ++line;
          line_start = i + 1;
        }
        cell.push_back(c);
        ++i;
      }
      if (i < text.size() && text[i] != delimiter) {
        return BadAt(line, column(i), "text after the closing quote of a quoted cell");
      }
      out->quoted.push_back(true);
    } else {
      while (i < text.size() && text[i] != delimiter) {
        if (text[i] == '"') return BadAt(line, column(i), "a quote inside an unquoted cell (quote the whole cell)");
        cell.push_back(text[i]);
        ++i;
      }
      out->quoted.push_back(false);
    }
    out->cells.push_back(std::move(cell));
    if (i >= text.size()) return Status::OK();
    ++i;  // the delimiter
  }
}

Result<Schema> InferCsvSchema(const std::vector<std::string>& names, const std::vector<CsvRecord>& sample,
                              const CsvOptions& options) {
  std::vector<ColumnGuess> guesses(names.size());
  for (size_t i = 0; i < names.size(); ++i) {
    if (names[i].empty()) return Status::InvalidArgument("CSV column " + std::to_string(i + 1) + " has no name");
    for (size_t j = 0; j < i; ++j) {
      if (names[j] == names[i]) return Status::InvalidArgument("CSV column name '" + names[i] + "' is repeated");
    }
  }
  for (const CsvRecord& r : sample) {
    for (size_t i = 0; i < names.size(); ++i) {
      if (i >= r.cells.size() || IsNull(r, i, options)) {
        guesses[i].nullable = true;
      } else {
        guesses[i].See(r.cells[i]);
      }
    }
  }
  std::vector<schema::Field> fields;
  for (size_t i = 0; i < names.size(); ++i) fields.push_back(guesses[i].Field(names[i]));
  return schema::Message(fields);
}

// How a cell becomes its field's JSON.
enum class CellJson : uint8_t {
  kString,     // a JSON string of the text
  kLiteral,    // the text itself when it is a JSON number or boolean, else a string
  kJson,       // the text itself (a group, an INTERVAL)
  kTimestamp,  // a string, "YYYY-MM-DD HH:MM:SS+00" read as "YYYY-MM-DDTHH:MM:SSZ"
};

struct CsvRowParser::Impl {
  const Schema* schema = nullptr;
  CsvOptions options;
  std::vector<std::string> names;  // of the CSV's columns
  std::vector<CellJson> kinds;
  std::unique_ptr<JsonRowParser> json;

  void AppendCell(size_t i, const std::string& cell, std::string* out) const;
};

CsvRowParser::CsvRowParser(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
CsvRowParser::~CsvRowParser() = default;

namespace {

CellJson KindOf(const SchemaNode& n) {
  if (n.is_group()) return CellJson::kJson;
  const LogicalType& t = n.logical_type();
  if (n.converted_type() == ConvertedType::kInterval) return CellJson::kJson;
  if (t.kind() == LogicalType::Kind::kTimestamp) return CellJson::kTimestamp;
  switch (n.physical_type()) {
    case PhysicalType::kBoolean:
    case PhysicalType::kFloat:
    case PhysicalType::kDouble:
      return CellJson::kLiteral;
    case PhysicalType::kInt32:
    case PhysicalType::kInt64:
      return t.kind() == LogicalType::Kind::kNone || t.kind() == LogicalType::Kind::kInt ? CellJson::kLiteral
                                                                                            : CellJson::kString;
    case PhysicalType::kFixedLenByteArray:
      return t.kind() == LogicalType::Kind::kFloat16 ? CellJson::kLiteral : CellJson::kString;
    default:
      return CellJson::kString;
  }
}

bool IsJsonLiteral(std::string_view s) {
  if (s == "true" || s == "false") return true;
  // JSON number: -?(0|[1-9]d*)(.d+)?([eE][+-]?d+)?
  size_t i = 0;
  if (i < s.size() && s[i] == '-') ++i;
  if (i >= s.size()) return false;
  if (s[i] == '0') {
    ++i;
  } else if (s[i] >= '1' && s[i] <= '9') {
    while (i < s.size() && IsDigit(s[i])) ++i;
  } else {
    return false;
  }
  if (i < s.size() && s[i] == '.') {
    ++i;
    const size_t d = i;
    while (i < s.size() && IsDigit(s[i])) ++i;
    if (i == d) return false;
  }
  if (i < s.size() && (s[i] == 'e' || s[i] == 'E')) {
    ++i;
    if (i < s.size() && (s[i] == '+' || s[i] == '-')) ++i;
    const size_t d = i;
    while (i < s.size() && IsDigit(s[i])) ++i;
    if (i == d) return false;
  }
  return i == s.size();
}

}  // namespace

void CsvRowParser::Impl::AppendCell(size_t i, const std::string& cell, std::string* out) const {
  AppendJsonString(names[i], out);
  out->push_back(':');
  switch (kinds[i]) {
    case CellJson::kJson:
      out->append(cell);
      return;
    case CellJson::kLiteral: {
      std::string lower = cell;
      if (IsBoolean(cell)) {
        for (char& c : lower) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
      }
      if (IsJsonLiteral(lower)) {
        out->append(lower);
      } else {
        AppendJsonString(cell == "nan" ? "NaN" : cell == "inf" ? "Infinity" : cell == "-inf" ? "-Infinity" : cell, out);
      }
      return;
    }
    case CellJson::kTimestamp: {
      std::string t = cell;
      if (t.size() > 10 && t[10] == ' ') t[10] = 'T';
      if (const size_t zone = UtcSuffix(t); zone > 1) t.replace(t.size() - zone, zone, "Z");
      AppendJsonString(t, out);
      return;
    }
    case CellJson::kString:
      AppendJsonString(cell, out);
      return;
  }
}

Result<std::unique_ptr<CsvRowParser>> CsvRowParser::Make(const Schema& schema, const std::vector<std::string>& names,
                                                         const CsvOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->schema = &schema;
  impl->options = options;
  const SchemaNode& root = schema.root();
  if (names.empty()) {
    for (int i = 0; i < root.num_children(); ++i) impl->names.push_back(root.child(i).name());
  } else {
    impl->names = names;
  }
  for (const std::string& name : impl->names) {
    const SchemaNode* n = root.FindChild(name);
    if (n == nullptr) return Status::InvalidArgument("CSV column '" + name + "' is not a field of the schema");
    impl->kinds.push_back(KindOf(*n));
  }
  PARQ_ASSIGN_OR_RETURN(impl->json, JsonRowParser::Make(schema));
  return std::unique_ptr<CsvRowParser>(new CsvRowParser(std::move(impl)));
}

Status CsvRowParser::Parse(const CsvRecord& record, Value* row, int* cell) const {
  const Impl& m = *impl_;
  if (record.cells.size() != m.names.size()) {
    const size_t at = std::min(record.cells.size(), m.names.size());
    if (cell) *cell = static_cast<int>(at);
    return Status::InvalidArgument("column " + std::to_string(at + 1) + ": the record has " +
                                   std::to_string(record.cells.size()) + " cells, the header " +
                                   std::to_string(m.names.size()));
  }
  std::string json = "{";
  for (size_t i = 0; i < record.cells.size(); ++i) {
    if (IsNull(record, i, m.options)) continue;
    if (json.size() > 1) json.push_back(',');
    m.AppendCell(i, record.cells[i], &json);
  }
  json.push_back('}');
  Status st = m.json->Parse(json, row);
  if (st.ok()) return st;
  // Which cell: the first that does not read alone.
  Value scratch;
  for (size_t i = 0; i < record.cells.size(); ++i) {
    if (IsNull(record, i, m.options)) continue;
    std::string one = "{";
    m.AppendCell(i, record.cells[i], &one);
    one.push_back('}');
    if (Status e = m.json->Parse(one, &scratch); !e.ok()) {
      if (cell) *cell = static_cast<int>(i);
      return Status::InvalidArgument("column " + std::to_string(i + 1) + " ('" + m.names[i] + "'): " + e.message());
    }
  }
  if (cell) *cell = -1;
  return st;
}

}  // namespace parq
