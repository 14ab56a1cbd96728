// parq dictionary FILE COLUMN [--json]: the dictionary of the column's chunk
// in each row group, one value a line, shown by the column's type as `cat`
// shows values.  Reads each chunk up to its first data page (the
// dictionary comes before it), through TypedColumnReader::dictionary().
#include <cstdio>

#include "cli.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/file_reader.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq dictionary FILE COLUMN [--json]";

Status Format(const LeafFormatter& f, const ColumnDescriptor&, std::string& out, bool v) {
  f.Bool(out, v);
  return Status::OK();
}
Status Format(const LeafFormatter& f, const ColumnDescriptor&, std::string& out, int32_t v) { return f.Int32(out, v); }
Status Format(const LeafFormatter& f, const ColumnDescriptor&, std::string& out, int64_t v) { return f.Int64(out, v); }
Status Format(const LeafFormatter& f, const ColumnDescriptor&, std::string& out, const Int96& v) {
  f.Int96(out, v);
  return Status::OK();
}
Status Format(const LeafFormatter& f, const ColumnDescriptor&, std::string& out, float v) {
  f.Float(out, v);
  return Status::OK();
}
Status Format(const LeafFormatter& f, const ColumnDescriptor&, std::string& out, double v) {
  f.Double(out, v);
  return Status::OK();
}
Status Format(const LeafFormatter& f, const ColumnDescriptor&, std::string& out, const ByteArray& v) {
  return f.Bytes(out, {v.ptr, v.len});
}
Status Format(const LeafFormatter& f, const ColumnDescriptor& d, std::string& out, const FixedLenByteArray& v) {
  return f.Bytes(out, {v.ptr, static_cast<size_t>(d.type_length)});
}

// The chunk's dictionary as JSON texts, nullopt when it has none.
template <typename T>
Result<std::optional<std::vector<std::string>>> Dictionary(ColumnReader& column, const LeafFormatter& f) {
  TypedColumnReader<T>* typed = column.As<T>();
  PARQ_RETURN_IF_ERROR(typed->NextPageIsDictionaryEncoded().status());
  std::span<const T> dict = typed->dictionary();
  if (dict.empty()) return std::optional<std::vector<std::string>>();
  std::vector<std::string> out;
  for (const T& v : dict) {
    std::string text;
    PARQ_RETURN_IF_ERROR(Format(f, column.descriptor(), text, v));
    out.push_back(std::move(text));
  }
  return std::optional(std::move(out));
}

Result<std::optional<std::vector<std::string>>> ChunkDictionary(const FileReader& reader, int g, int c) {
  PARQ_ASSIGN_OR_RETURN(auto column, reader.OpenColumn(g, c));
  LeafFormatter f(reader.schema().column(c));
  switch (column->physical_type()) {
    case PhysicalType::kBoolean: return Dictionary<bool>(*column, f);
    case PhysicalType::kInt32: return Dictionary<int32_t>(*column, f);
    case PhysicalType::kInt64: return Dictionary<int64_t>(*column, f);
    case PhysicalType::kInt96: return Dictionary<Int96>(*column, f);
    case PhysicalType::kFloat: return Dictionary<float>(*column, f);
    case PhysicalType::kDouble: return Dictionary<double>(*column, f);
    case PhysicalType::kByteArray: return Dictionary<ByteArray>(*column, f);
    case PhysicalType::kFixedLenByteArray: return Dictionary<FixedLenByteArray>(*column, f);
  }
  return Status::Internal("unknown physical type");
}

}  // namespace

const VerbHelp& DictionaryHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"json", nullptr, "one JSON array: per row group its values (null: no dictionary)"},
                                        {"verify-checksums", nullptr, "verify page CRCs (the default)"},
                                        {"no-verify-checksums", nullptr, "do not verify page CRCs"}})};
  return h;
}

int RunDictionary(int argc, char** argv) {
  Args args;
  int exit_code = kExitOk;
  auto reader = OpenForVerb(argc, argv, DictionaryHelp(), 2, 2, "expected FILE and COLUMN", &args, &exit_code);
  if (!reader) return exit_code;
  auto columns = SelectColumns(reader->schema(), {args.positional()[1]});
  if (!columns.ok()) return ReportUsage(columns.status().message(), kUsage);
  if (columns->size() != 1) return ReportUsage("expected one COLUMN", kUsage);
  const bool json = args.Has("json");
  return ForEachChunk(*reader, *columns, json, [&](const ChunkVisit& chunk, JsonWriter& w, std::string& text) {
    PARQ_ASSIGN_OR_RETURN(auto dict, ChunkDictionary(*reader, chunk.row_group, chunk.column));
    if (json) {
      w.Key("values");
      if (!dict) {
        w.Null();
        return Status::OK();
      }
      w.BeginArray();
      for (const std::string& v : *dict) w.RawNumber(v);
      w.EndArray();
      return Status::OK();
    }
    if (!dict) {
      text += chunk.heading + ": no dictionary\n";
      return Status::OK();
    }
    text += chunk.heading + ": " + std::to_string(dict->size()) + " values\n";
    for (size_t i = 0; i < dict->size(); ++i) text += "  " + std::to_string(i) + ": " + (*dict)[i] + "\n";
    return Status::OK();
  });
}

}  // namespace parq::cli
