// json/csv_write.cc — CsvRowWriter (parq/csv.h): a row as one RFC 4180
// record.  Each top-level field's cell is made from its canonical JSON text:
// a string literal unescaped, a number or boolean as it is, a group as its
// JSON.  AppendNext writes that text per field straight from the leaf
// buffers (the JSON row writer's sink and formatters, json/row_json.h), so
// no row's JSON is parsed; Append parses a whole row's JSON first.
#include <string>
#include <vector>

#include "json/json_row_reader_impl.h"
#include "json/json_value.h"
#include "json/row_json.h"
#include "parq/csv.h"

namespace parq {
namespace {

// `text` as a cell: quoted (quotes doubled) when it holds the delimiter, a
// quote, CR or LF, or when `quote_anyway`.
void AppendCell(std::string_view text, char delimiter, bool quote_anyway, std::string* out) {
  const char special[] = {delimiter, '"', '\r', '\n'};
  const bool quote = quote_anyway || text.find_first_of(std::string_view(special, 4)) != std::string_view::npos;
  if (!quote) {
    out->append(text);
    return;
  }
  out->push_back('"');
  for (char c : text) {
    if (c == '"') out->push_back('"');
    out->push_back(c);
  }
  out->push_back('"');
}

}  // namespace

// The Assembler sink of AppendNext: each top-level field's value written as
// JSON into one cell's scratch text (through JsonSink), then turned into the
// cell when the next field begins or the row ends.
class CsvRowWriter::Sink {
 public:
  Sink(const CsvRowWriter& w, const std::vector<LeafFormatter>* formatters)
      : w_(w), json_(formatters), cell_(w.scratch_) {}

  void Start(std::string* out) {
    out_ = out;
    first_ = true;
    depth_ = 0;
  }
  void End() {
    if (!first_) w_.AppendJsonCell(cell_, out_);
    w_.EndRecord(out_);
  }
  void Field(const PlanNode& p) {
    if (depth_ > 0) {
      json_.Field(p);
      return;
    }
    if (!first_) {
      w_.AppendJsonCell(cell_, out_);
      out_->push_back(w_.options_.delimiter);
    }
    first_ = false;
    cell_.clear();
    json_.StartValue(&cell_);
  }
  void Null() { json_.Null(); }
  void Leaf(const LeafBuffer& b, size_t i) { json_.Leaf(b, i); }
  void BeginList() {
    ++depth_;
    json_.BeginList();
  }
  void EndList() {
    --depth_;
    json_.EndList();
  }
  void BeginStruct() {
    ++depth_;
    json_.BeginStruct();
  }
  void EndStruct() {
    --depth_;
    json_.EndStruct();
  }
  void BeginMap() {
    ++depth_;
    json_.BeginMap();
  }
  void EndMap() {
    --depth_;
    json_.EndMap();
  }
  void Variant(const PlanNode& p, Value&& v) { json_.Variant(p, std::move(v)); }
  const Status& status() const { return json_.status(); }

 private:
  const CsvRowWriter& w_;
  JsonSink json_;
  std::string* out_ = nullptr;
  std::string& cell_;  // the writer's scratch
  bool first_ = true;
  int depth_ = 0;
};

CsvRowWriter::CsvRowWriter(std::vector<std::string> names, const CsvOptions& options)
    : names_(std::move(names)), options_(options) {}

void CsvRowWriter::EndRecord(std::string* out) const {
  if (options_.crlf) out->push_back('\r');
  out->push_back('\n');
}

void CsvRowWriter::Header(std::string* out) const {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (i > 0) out->push_back(options_.delimiter);
    AppendCell(names_[i], options_.delimiter, names_[i].empty(), out);
  }
  EndRecord(out);
}

void CsvRowWriter::AppendJsonCell(std::string_view json, std::string* out) const {
  if (json.empty() || json == "null") {
    out->append(options_.null_string);
    return;
  }
  switch (json[0]) {
    case '"': {
      // A string's text: the literal without its quotes when it has no
      // escape, else decoded as Append's parse decodes it.
      std::string_view text = json.substr(1, json.size() - 2);
      JsonValue decoded;
      if (text.find('\\') != std::string_view::npos) {
        Result<JsonValue> v = ParseJson(json);
        if (v.ok()) {
          decoded = std::move(*v);
          text = decoded.text;
        }
      }
      // An empty string, or one spelled as the null text, is quoted so
      // that it does not read back as null.
      AppendCell(text, options_.delimiter, text == options_.null_string, out);
      return;
    }
    case '{':
    case '[':
      AppendCell(json, options_.delimiter, false, out);
      return;
    default:  // a number, true, false
      out->append(json);
  }
}

Status CsvRowWriter::Append(std::string_view json, std::string* out) const {
  PARQ_ASSIGN_OR_RETURN(JsonValue row, ParseJson(json));
  if (row.kind != JsonValue::Kind::kObject) return Status::InvalidArgument("a CSV row is a JSON object");
  for (size_t i = 0; i < names_.size(); ++i) {
    if (i > 0) out->push_back(options_.delimiter);
    const JsonValue* v = i < row.keys.size() && row.keys[i] == names_[i] ? &row.items[i] : row.Find(names_[i]);
    if (v == nullptr) return Status::InvalidArgument("the row has no field '" + names_[i] + "'");
    switch (v->kind) {
      case JsonValue::Kind::kNull:
        out->append(options_.null_string);
        break;
      case JsonValue::Kind::kBool:
        out->append(v->boolean ? "true" : "false");
        break;
      case JsonValue::Kind::kNumber:
        out->append(v->text);
        break;
      case JsonValue::Kind::kString:
        // As in AppendJsonCell.
        AppendCell(v->text, options_.delimiter, v->text == options_.null_string, out);
        break;
      case JsonValue::Kind::kArray:
      case JsonValue::Kind::kObject:
        AppendCell(JsonToString(*v), options_.delimiter, false, out);
        break;
    }
  }
  EndRecord(out);
  return Status::OK();
}

Result<bool> CsvRowWriter::AppendNext(JsonRowReader& rows, std::string* out) const {
  JsonRowReader::Impl& r = *rows.impl_;
  if (r.cursor->plan().root.children.size() != names_.size()) {
    return Status::InvalidArgument("the rows have " + std::to_string(r.cursor->plan().root.children.size()) +
                                   " fields, the CSV writer " + std::to_string(names_.size()));
  }
  Sink sink(*this, &r.formatters);
  return r.NextRow(sink, out, [&](const Value& row) { return AppendRow(rows, row, out); });
}

Status CsvRowWriter::AppendRow(const JsonRowReader& rows, const Value& row, std::string* out) const {
  const JsonRowReader::Impl& r = *rows.impl_;
  const PlanNode& root = r.cursor->plan().root;
  if (row.kind() != Value::Kind::kStruct || row.size() != root.children.size() ||
      root.children.size() != names_.size()) {
    return Status::InvalidArgument("row does not have the reader's shape");
  }
  for (size_t i = 0; i < root.children.size(); ++i) {
    if (i > 0) out->push_back(options_.delimiter);
    scratch_.clear();
    PARQ_RETURN_IF_ERROR(AppendValueJson(scratch_, root.children[i], row[i], r.formatters));
    AppendJsonCell(scratch_, out);
  }
  EndRecord(out);
  return Status::OK();
}

}  // namespace parq
