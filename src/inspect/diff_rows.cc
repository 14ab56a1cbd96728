// DiffRows: the rows of two files, each as its canonical JSON
// (JsonRowReader), compared field by field with the schema of each side at
// hand, so that a leaf's type decides how its values compare (DECIMAL under
// values_only, FLOAT / DOUBLE within the tolerance).  By key: a merge join
// while both files' keys ascend, else B's rows held as text (parq/diff.h).
#include <cmath>
#include <cstdlib>
#include <map>
#include <string>
#include <utility>
#include <vector>

#include "inspect/diff_internal.h"
#include "json/json_value.h"
#include "parq/json.h"
#include "parq/schema.h"

namespace parq::diff_internal {
namespace {

// Where a JSON value lies in one side's schema: a node (null when unknown,
// as inside a VARIANT), or the {"key", "value"} entry of a map node.
struct Side {
  const SchemaNode* node = nullptr;
  bool map_entry = false;
};

Side Child(Side s, const std::string& key) {
  if (s.node == nullptr) return {};
  if (s.map_entry) {
    if (key == "key") return {s.node->map_key()};
    if (key == "value") return {s.node->map_value()};
    return {};
  }
  if (!s.node->is_group() || s.node->logical_type().kind() == LogicalType::Kind::kVariant) return {};
  return {s.node->FindChild(key)};
}

Side Element(Side s) {
  if (s.node == nullptr || s.map_entry) return {};
  switch (s.node->kind()) {
    case NodeKind::kList: return {s.node->list_element()};
    case NodeKind::kMap: return {s.node, true};
    case NodeKind::kRepeatedPrimitive:
    case NodeKind::kRepeatedGroup: return {s.node};
    default: return {};
  }
}

bool IsLeafOf(Side s, LogicalType::Kind kind) {
  return s.node && !s.map_entry && s.node->is_leaf() && s.node->logical_type().kind() == kind;
}
bool IsFloating(Side s) {
  return s.node && !s.map_entry && s.node->is_leaf() &&
         (s.node->physical_type() == PhysicalType::kFloat || s.node->physical_type() == PhysicalType::kDouble ||
          s.node->logical_type().kind() == LogicalType::Kind::kFloat16);
}

// A decimal literal ("-12.50", "1e3", JSON number text) in one canonical
// form: sign, significant digits, exponent ("-125e-1"); nullopt if `t` is
// no such literal.
std::optional<std::string> CanonicalNumber(std::string_view t) {
  size_t i = 0;
  bool neg = false;
  if (i < t.size() && (t[i] == '-' || t[i] == '+')) neg = t[i++] == '-';
  std::string digits;
  int64_t exp = 0;
  bool any = false, dot = false;
  for (; i < t.size(); ++i) {
    const char c = t[i];
    if (c >= '0' && c <= '9') {
      any = true;
      digits.push_back(c);
      if (dot) --exp;
    } else if (c == '.' && !dot) {
      dot = true;
    } else {
      break;
    }
  }
  if (!any) return std::nullopt;
  if (i < t.size() && (t[i] == 'e' || t[i] == 'E')) {
    ++i;
    bool eneg = false;
    if (i < t.size() && (t[i] == '-' || t[i] == '+')) eneg = t[i++] == '-';
    int64_t e = 0;
    size_t n = 0;
    for (; i < t.size() && t[i] >= '0' && t[i] <= '9' && n < 9; ++i, ++n) e = e * 10 + (t[i] - '0');
    if (n == 0) return std::nullopt;
    exp += eneg ? -e : e;
  }
  if (i != t.size()) return std::nullopt;
  const size_t first = digits.find_first_not_of('0');
  if (first == std::string::npos) return std::string("0");
  digits.erase(0, first);
  while (digits.size() > 1 && digits.back() == '0') {
    digits.pop_back();
    ++exp;
  }
  return std::string(neg ? "-" : "") + digits + "e" + std::to_string(exp);
}

class RowComparer {
 public:
  RowComparer(const Schema& a, const Schema& b, const DiffOptions& o) : a_(a), b_(b), o_(o) {}

  // Compares two rows (JSON objects); each differing top-level column (and
  // a column on one side only) is a difference of row `row`.
  void Compare(const JsonValue& a, const JsonValue& b, int64_t row, Collector& out) const {
    for (size_t i = 0; i < a.keys.size(); ++i) {
      const std::string& k = a.keys[i];
      const JsonValue* other = b.Find(k);
      if (other == nullptr) {
        Add(out, row, "column only in A", k, JsonToString(a.items[i]), "");
        continue;
      }
      std::string path = k, ta, tb;
      if (!Equal(a.items[i], *other, Child({&a_.root()}, k), Child({&b_.root()}, k), &path, &ta, &tb)) {
        Add(out, row, "value", path, ta, tb);
      }
    }
    for (size_t i = 0; i < b.keys.size(); ++i) {
      if (a.Find(b.keys[i]) == nullptr) Add(out, row, "column only in B", b.keys[i], "", JsonToString(b.items[i]));
    }
  }

 private:
  static void Add(Collector& out, int64_t row, std::string what, std::string column, std::string a,
                  std::string b) {
    Difference d;
    d.kind = Difference::Kind::kRow;
    d.what = std::move(what);
    d.column = std::move(column);
    d.row = row;
    d.a = std::move(a);
    d.b = std::move(b);
    out.Add(std::move(d));
  }

  bool Numbers(const JsonValue& a, const JsonValue& b, Side sa, Side sb) const {
    const auto ca = CanonicalNumber(a.text), cb = CanonicalNumber(b.text);
    if (ca && cb && *ca == *cb) return true;
    if (o_.float_tolerance > 0 && (IsFloating(sa) || IsFloating(sb) || !sa.node || !sb.node)) {
      const double x = std::strtod(a.text.c_str(), nullptr), y = std::strtod(b.text.c_str(), nullptr);
      return std::fabs(x - y) <= o_.float_tolerance;
    }
    return false;
  }

  // On a mismatch: *path extended to it, *ta / *tb the two sides there.
  bool Equal(const JsonValue& a, const JsonValue& b, Side sa, Side sb, std::string* path, std::string* ta,
             std::string* tb) const {
    using K = JsonValue::Kind;
    auto differ = [&] {
      *ta = JsonToString(a);
      *tb = JsonToString(b);
      return false;
    };
    const bool numeric_a = a.kind == K::kNumber || a.kind == K::kString;
    const bool numeric_b = b.kind == K::kNumber || b.kind == K::kString;
    if (o_.values_only && numeric_a && numeric_b &&
        (IsLeafOf(sa, LogicalType::Kind::kDecimal) || IsLeafOf(sb, LogicalType::Kind::kDecimal))) {
      const auto ca = CanonicalNumber(a.text), cb = CanonicalNumber(b.text);
      if (ca && cb) return *ca == *cb ? true : differ();
    }
    if (a.kind != b.kind) return differ();
    switch (a.kind) {
      case K::kNull: return true;
      case K::kBool: return a.boolean == b.boolean ? true : differ();
      case K::kString: return a.text == b.text ? true : differ();
      case K::kNumber: return Numbers(a, b, sa, sb) ? true : differ();
      case K::kArray: {
        const Side ea = Element(sa), eb = Element(sb);
        const size_t n = std::min(a.items.size(), b.items.size());
        for (size_t i = 0; i < n; ++i) {
          const size_t at = path->size();
          *path += "[" + std::to_string(i) + "]";
          if (!Equal(a.items[i], b.items[i], ea, eb, path, ta, tb)) return false;
          path->resize(at);
        }
        if (a.items.size() != b.items.size()) {
          *ta = std::to_string(a.items.size()) + " items";
          *tb = std::to_string(b.items.size()) + " items";
          return false;
        }
        return true;
      }
      case K::kObject: {
        for (size_t i = 0; i < a.keys.size(); ++i) {
          const size_t at = path->size();
          *path += "." + a.keys[i];
          const JsonValue* other = b.Find(a.keys[i]);
          if (other == nullptr) {
            *ta = JsonToString(a.items[i]);
            tb->clear();
            return false;
          }
          if (!Equal(a.items[i], *other, Child(sa, a.keys[i]), Child(sb, a.keys[i]), path, ta, tb)) return false;
          path->resize(at);
        }
        for (size_t i = 0; i < b.keys.size(); ++i) {
          if (a.Find(b.keys[i]) == nullptr) {
            *path += "." + b.keys[i];
            ta->clear();
            *tb = JsonToString(b.items[i]);
            return false;
          }
        }
        return true;
      }
    }
    return true;
  }

  const Schema& a_;
  const Schema& b_;
  const DiffOptions& o_;
};

Result<JsonValue> ParseRow(const std::string& line, const char* side, int64_t row) {
  Result<JsonValue> v = ParseJson(line);
  if (!v.ok()) return std::move(v).status().AddContext(std::string("row ") + std::to_string(row) + " of " + side);
  return v;
}

// The key of a row: its key column's JSON text.
std::string KeyOf(const JsonValue& row, const std::string& key) {
  const JsonValue* k = row.Find(key);
  return k ? JsonToString(*k) : "null";
}

// A key where the merge join orders it: nulls, booleans, numbers by value,
// strings by their bytes, then the JSON text, so that two keys are equal
// exactly when their texts are (the in-memory way matches by text).
struct SortKey {
  int rank = 0;
  long double number = 0;
  std::string text;  // a string's bytes
  std::string json;  // KeyOf
};

SortKey SortKeyOf(const JsonValue& row, const std::string& key) {
  SortKey k;
  const JsonValue* v = row.Find(key);
  k.json = v ? JsonToString(*v) : "null";
  if (v == nullptr) return k;
  switch (v->kind) {
    case JsonValue::Kind::kNull: break;
    case JsonValue::Kind::kBool: k.rank = 1; break;
    case JsonValue::Kind::kNumber:
      k.rank = 2;
      k.number = std::strtold(v->text.c_str(), nullptr);
      break;
    case JsonValue::Kind::kString:
      k.rank = 3;
      k.text = v->text;
      break;
    default: k.rank = 4; break;
  }
  return k;
}

int CompareKeys(const SortKey& a, const SortKey& b) {
  if (a.rank != b.rank) return a.rank < b.rank ? -1 : 1;
  if (a.number != b.number) return a.number < b.number ? -1 : 1;
  if (int c = a.text.compare(b.text); c != 0) return c < 0 ? -1 : 1;
  if (int c = a.json.compare(b.json); c != 0) return c < 0 ? -1 : 1;
  return 0;
}

Status CheckKey(const Schema& s, const std::string& key, const char* side) {
  const SchemaNode* n = s.root().FindChild(key);
  if (n == nullptr || !n->is_leaf() || n->is_repeated()) {
    return Status::InvalidArgument("key column '" + key + "' is no top-level primitive column of " + side);
  }
  return Status::OK();
}

void OnlyIn(Collector& out, const char* what, int64_t row, std::string text, bool in_a) {
  Difference d;
  d.kind = Difference::Kind::kRow;
  d.what = what;
  d.row = row;
  (in_a ? d.a : d.b) = std::move(text);
  out.Add(std::move(d));
}

// What the row comparisons share: the files, the options, where the
// differences go, and the rows read so far (told to options.progress).
struct RowDiff {
  const FileReader& a;
  const FileReader& b;
  const DiffOptions& options;
  const RowComparer& compare;
  Collector& out;
  DiffReport& report;
  DiffProgress read{};

  void Read(bool in_a) {
    ++(in_a ? read.rows_a : read.rows_b);
    if (options.progress && ((read.rows_a + read.rows_b) & 1023) == 0) options.progress(read);
  }
};

Status ByPosition(RowDiff& d) {
  PARQ_ASSIGN_OR_RETURN(auto ra, JsonRowReader::Open(d.a));
  PARQ_ASSIGN_OR_RETURN(auto rb, JsonRowReader::Open(d.b));
  std::string la, lb;
  for (int64_t row = 0;; ++row) {
    la.clear();
    lb.clear();
    PARQ_ASSIGN_OR_RETURN(bool more_a, ra->Next(&la));
    PARQ_ASSIGN_OR_RETURN(bool more_b, rb->Next(&lb));
    d.report.rows_a += more_a;
    d.report.rows_b += more_b;
    if (!more_a && !more_b) break;
    if (more_a) d.Read(true);
    if (more_b) d.Read(false);
    if (more_a && more_b) {
      if (la == lb) continue;  // the same text: equal without parsing
      PARQ_ASSIGN_OR_RETURN(JsonValue va, ParseRow(la, "A", row));
      PARQ_ASSIGN_OR_RETURN(JsonValue vb, ParseRow(lb, "B", row));
      d.compare.Compare(va, vb, row, d.out);
    } else {
      OnlyIn(d.out, more_a ? "row only in A" : "row only in B", row, more_a ? la : lb, more_a);
    }
  }
  return Status::OK();
}

// By key, both files streamed at once (a merge join).  False, with the
// report as it was, when a key of either side comes out of order.  Rows
// only in B are listed after A's differences, as ByKeyInMemory lists them.
Result<bool> ByKeyMerged(RowDiff& d) {
  const std::string& key = d.options.key;
  const DiffReport before = d.report;
  PARQ_ASSIGN_OR_RETURN(auto ra, JsonRowReader::Open(d.a));
  PARQ_ASSIGN_OR_RETURN(auto rb, JsonRowReader::Open(d.b));
  DiffReport only_b;
  Collector out_b(&only_b, d.options.max_differences);
  std::string la, lb;
  JsonValue vb;
  SortKey kb, ka, prev_a;
  bool have_b = false;
  int64_t row_b = -1, rows_a = 0;
  // The next row of B into vb / kb; false when its key is out of order.
  auto next_b = [&]() -> Result<bool> {
    lb.clear();
    PARQ_ASSIGN_OR_RETURN(have_b, rb->Next(&lb));
    if (!have_b) return true;
    ++row_b;
    d.Read(false);
    PARQ_ASSIGN_OR_RETURN(vb, ParseRow(lb, "B", row_b));
    SortKey k = SortKeyOf(vb, key);
    if (row_b > 0 && CompareKeys(k, kb) < 0) return false;
    kb = std::move(k);
    return true;
  };
  auto unsorted = [&] {
    d.report = before;
    return false;
  };
  PARQ_ASSIGN_OR_RETURN(bool sorted, next_b());
  if (!sorted) return unsorted();
  for (int64_t row = 0;; ++row) {
    la.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, ra->Next(&la));
    if (!more) break;
    ++rows_a;
    d.Read(true);
    PARQ_ASSIGN_OR_RETURN(JsonValue va, ParseRow(la, "A", row));
    ka = SortKeyOf(va, key);
    if (row > 0 && CompareKeys(ka, prev_a) < 0) return unsorted();
    while (have_b && CompareKeys(kb, ka) < 0) {
      OnlyIn(out_b, "row only in B", row_b, JsonToString(vb), false);
      PARQ_ASSIGN_OR_RETURN(sorted, next_b());
      if (!sorted) return unsorted();
    }
    if (have_b && CompareKeys(kb, ka) == 0) {
      d.compare.Compare(va, vb, row, d.out);
      PARQ_ASSIGN_OR_RETURN(sorted, next_b());
      if (!sorted) return unsorted();
    } else {
      OnlyIn(d.out, "row only in A", row, la, true);
    }
    std::swap(prev_a, ka);
  }
  while (have_b) {
    OnlyIn(out_b, "row only in B", row_b, JsonToString(vb), false);
    PARQ_ASSIGN_OR_RETURN(sorted, next_b());
    if (!sorted) return unsorted();
  }
  d.report.rows_a += rows_a;
  d.report.rows_b += row_b + 1;
  for (Difference& x : only_b.differences) d.out.Add(std::move(x));
  d.report.row_differences += only_b.row_differences - static_cast<int64_t>(only_b.differences.size());
  return true;
}

// By key, B's rows held as text (at most options.max_key_memory bytes),
// each matched once, in its order.
Status ByKeyInMemory(RowDiff& d) {
  const std::string& key = d.options.key;
  PARQ_ASSIGN_OR_RETURN(auto ra, JsonRowReader::Open(d.a));
  PARQ_ASSIGN_OR_RETURN(auto rb, JsonRowReader::Open(d.b));
  // What a held row costs beside its text and key: the strings' and the
  // map node's own bytes.
  constexpr int64_t kPerRow = 128;
  std::vector<std::string> rows_b;
  std::multimap<std::string, size_t> by_key;
  int64_t bytes = 0;
  std::string lb, la;
  while (true) {
    lb.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, rb->Next(&lb));
    if (!more) break;
    d.Read(false);
    const int64_t row = static_cast<int64_t>(rows_b.size());
    PARQ_ASSIGN_OR_RETURN(JsonValue v, ParseRow(lb, "B", row));
    std::string k = KeyOf(v, key);
    bytes += static_cast<int64_t>(lb.size() + k.size()) + kPerRow;
    if (bytes > d.options.max_key_memory) {
      return Status::LimitExceeded("matching rows by key '" + key + "': the files are not both sorted by it, and B's rows take more than " +
                                   std::to_string(d.options.max_key_memory) +
                                   " bytes in memory at row " + std::to_string(row) +
                                   " of B (max_key_memory); sort both by the key, or raise the limit");
    }
    by_key.emplace(std::move(k), rows_b.size());
    rows_b.push_back(lb);
  }
  d.report.rows_b = static_cast<int64_t>(rows_b.size());
  std::vector<bool> matched(rows_b.size(), false);
  for (int64_t row = 0;; ++row) {
    la.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, ra->Next(&la));
    if (!more) break;
    ++d.report.rows_a;
    d.Read(true);
    PARQ_ASSIGN_OR_RETURN(JsonValue va, ParseRow(la, "A", row));
    const std::string k = KeyOf(va, key);
    auto it = by_key.lower_bound(k);  // the first of B's rows with this key
    if (it == by_key.end() || it->first != k) {
      OnlyIn(d.out, "row only in A", row, la, true);
      continue;
    }
    const size_t i = it->second;
    matched[i] = true;
    PARQ_ASSIGN_OR_RETURN(JsonValue vb, ParseRow(rows_b[i], "B", static_cast<int64_t>(i)));
    d.compare.Compare(va, vb, row, d.out);
    by_key.erase(it);
    std::string().swap(rows_b[i]);
  }
  for (size_t i = 0; i < rows_b.size(); ++i) {
    if (matched[i]) continue;
    PARQ_ASSIGN_OR_RETURN(JsonValue vb, ParseRow(rows_b[i], "B", static_cast<int64_t>(i)));
    OnlyIn(d.out, "row only in B", static_cast<int64_t>(i), JsonToString(vb), false);
  }
  return Status::OK();
}

}  // namespace

Status DiffRows(const FileReader& a, const FileReader& b, const DiffOptions& options, Collector& out,
                DiffReport& report) {
  if (!options.key.empty()) {
    PARQ_RETURN_IF_ERROR(CheckKey(a.schema(), options.key, "A"));
    PARQ_RETURN_IF_ERROR(CheckKey(b.schema(), options.key, "B"));
  }
  const RowComparer compare(a.schema(), b.schema(), options);
  RowDiff d{a, b, options, compare, out, report};
  d.read.total_a = a.metadata().num_rows();
  d.read.total_b = b.metadata().num_rows();
  if (options.key.empty()) return ByPosition(d);
  PARQ_ASSIGN_OR_RETURN(bool merged, ByKeyMerged(d));
  if (merged) return Status::OK();
  d.read.rows_a = d.read.rows_b = 0;
  return ByKeyInMemory(d);
}

}  // namespace parq::diff_internal
