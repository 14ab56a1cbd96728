// parq schema FILE [--json]: the schema as message-type text, or as a JSON tree.
#include <cstdio>
#include <string>
#include <string_view>

#include "cli.h"
#include "key_flags.h"
#include "parq/file_reader.h"
#include "parq/schema.h"
#include "json/json_writer.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq schema FILE [--json] " PARQ_KEY_FLAGS_USAGE;

// The output so far goes to stdout once it holds this much: a schema of a
// million columns is printed without holding all its text.
constexpr size_t kPiece = 64 << 10;

void Write(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

void WriteNode(JsonWriter& w, const SchemaNode& node, bool is_root, std::string& out) {
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
    for (int i = 0; i < node.num_children(); ++i) WriteNode(w, node.child(i), false, out);
    w.EndArray();
  }
  w.EndObject();
  if (out.size() >= kPiece) {  // the writer keeps no text of its own
    Write(out);
    out.clear();
  }
}

}  // namespace

const VerbHelp& SchemaHelp() {
  static const VerbHelp h{kUsage, WithKeyFlags({{"json", nullptr, "the schema as a JSON tree instead of message-type text"}})};
  return h;
}

int RunSchema(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, SchemaHelp().flags, &error)) return ReportUsage(error, kUsage);
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
    WriteNode(w, schema.root(), true, out);
    out.push_back('\n');
    Write(out);
  } else {
    char last = '\0';
    schema.ToText([&](std::string_view piece) {
      if (piece.empty()) return;
      Write(piece);
      last = piece.back();
    });
    if (last != '\n') Write("\n");
  }
  return kExitOk;
}

}  // namespace parq::cli
