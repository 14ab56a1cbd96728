// parq schema FILE [--json]: the schema as message-type text, or as a JSON tree.
#include <cstdio>

#include "cli.h"
#include "key_flags.h"
#include "parq/file_reader.h"
#include "parq/schema.h"
#include "json/json_writer.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq schema FILE [--json] " PARQ_KEY_FLAGS_USAGE;

void WriteNode(JsonWriter& w, const SchemaNode& node, bool is_root) {
  w.BeginObject();
  w.Key("name");
  w.String(node.name());
  if (!is_root) {
    w.Key("repetition");
    w.String(RepetitionName(node.repetition()));
  }
  if (node.is_leaf()) {
    w.Key("type");
    w.String(PhysicalTypeName(node.physical_type()));
    if (node.physical_type() == PhysicalType::kFixedLenByteArray) {
      w.Key("type_length");
      w.Int64(node.type_length());
    }
  }
  if (!node.logical_type().is_none()) {
    w.Key("logical_type");
    w.String(node.logical_type().ToString());
  }
  if (node.converted_type() != ConvertedType::kNone) {
    w.Key("converted_type");
    w.String(ConvertedTypeName(node.converted_type()));
  }
  if (node.field_id()) {
    w.Key("field_id");
    w.Int64(*node.field_id());
  }
  if (!node.annotation_note().empty()) {
    w.Key("note");
    w.String(node.annotation_note());
  }
  if (node.is_leaf()) {
    w.Key("max_definition_level");
    w.Int64(node.definition_level());
    w.Key("max_repetition_level");
    w.Int64(node.repetition_level());
  } else {
    w.Key("children");
    w.BeginArray();
    for (int i = 0; i < node.num_children(); ++i) WriteNode(w, node.child(i), false);
    w.EndArray();
  }
  w.EndObject();
}

}  // namespace

int RunSchema(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, {"json"}, kKeyFlags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE", kUsage);
  ReaderOptions reader_options;
  if (Status st = ApplyKeyFlags(args, &reader_options); !st.ok()) return ReportUsage(st.ToString(), kUsage);
  auto reader = FileReader::Open(args.positional()[0], reader_options);
  if (!reader.ok()) return ReportError(reader.status());
  ReportWarnings((*reader)->metadata());
  const Schema& schema = (*reader)->schema();
  std::string out;
  if (args.Has("json")) {
    JsonWriter w(&out);
    WriteNode(w, schema.root(), true);
    out.push_back('\n');
  } else {
    out = schema.ToString();
    if (out.empty() || out.back() != '\n') out.push_back('\n');
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return kExitOk;
}

}  // namespace parq::cli
