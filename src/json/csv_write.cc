// json/csv_write.cc — CsvRowWriter (parq/csv.h): a row's canonical JSON as
// one RFC 4180 record.
#include <string>
#include <vector>

#include "json/json_value.h"
#include "parq/csv.h"

namespace parq {
namespace {

// `text` as a cell: quoted (quotes doubled) when it holds the delimiter, a
// quote, CR or LF, or when `quote_anyway`.
void AppendCell(std::string_view text, char delimiter, bool quote_anyway, std::string* out) {
  const bool quote = quote_anyway || text.find_first_of(std::string{delimiter, '"', '\r', '\n'}) != std::string_view::npos;
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

CsvRowWriter::CsvRowWriter(std::vector<std::string> names, const CsvOptions& options)
    : names_(std::move(names)), options_(options) {}

void CsvRowWriter::Header(std::string* out) const {
  for (size_t i = 0; i < names_.size(); ++i) {
    if (i > 0) out->push_back(options_.delimiter);
    AppendCell(names_[i], options_.delimiter, names_[i].empty(), out);
  }
  out->push_back('\n');
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
        // An empty string, or one spelled as the null text, is quoted so
        // that it does not read back as null.
        AppendCell(v->text, options_.delimiter, v->text == options_.null_string, out);
        break;
      case JsonValue::Kind::kArray:
      case JsonValue::Kind::kObject:
        AppendCell(JsonToString(*v), options_.delimiter, false, out);
        break;
    }
  }
  out->push_back('\n');
  return Status::OK();
}

}  // namespace parq
