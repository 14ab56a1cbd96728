// parq schema FILE|DIR|GLOB [--json]: the schema as message-type text, or as
// a JSON tree; of a dataset the unified schema, its partition columns and the
// files whose schema differs from it (docs/dataset.md).
#include <cstdio>
#include <functional>
#include <string>
#include <string_view>

#include "cli.h"
#include "dataset_input.h"
#include "parq/dataset.h"
#include "key_flags.h"
#include "parq/file_reader.h"
#include "parq/schema.h"
#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "json/json_writer.h"
#include "schema/schema_builder.h"
#include "schema/sliced_text.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq schema FILE|DIR|GLOB [--json] [--skip-invalid] " PARQ_KEY_FLAGS_USAGE;

// The output so far goes to stdout once it holds this much: a schema of a
// million columns is printed without holding all its text.
constexpr size_t kPiece = 64 << 10;

void Write(std::string_view text) { std::fwrite(text.data(), 1, text.size(), stdout); }

void WriteNode(JsonWriter& w, const SchemaNode& node, bool is_root, std::string& out, int head = 0, int tail = 0);

// A node's keys before its levels or children.
void WriteNodeHead(JsonWriter& w, const SchemaNode& node, bool is_root) {
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
}

// `head` / `tail`: how many groups down the first / last fields, from
// these, were begun in the slice before / go on in the next
// (schema::SliceInfo): their heads / ends are written there.
void WriteChildren(JsonWriter& w, const SchemaNode& node, std::string& out, int head = 0, int tail = 0) {
  const int last = node.num_children() - 1;
  for (int i = 0; i <= last; ++i) WriteNode(w, node.child(i), false, out, i == 0 ? head : 0, i == last ? tail : 0);
}

void WriteNode(JsonWriter& w, const SchemaNode& node, bool is_root, std::string& out, int head, int tail) {
  if (head == 0) WriteNodeHead(w, node, is_root);
  if (node.is_leaf()) {
    w.Key("max_definition_level");
    w.Int64(node.definition_level());
    w.Key("max_repetition_level");
    w.Int64(node.repetition_level());
  } else {
    if (head == 0) {
      w.Key("children");
      w.BeginArray();
    }
    WriteChildren(w, node, out, head > 0 ? head - 1 : 0, tail > 0 ? tail - 1 : 0);
    if (tail > 0) return;
    w.EndArray();
  }
  w.EndObject();
  if (out.size() >= kPiece) {  // the writer keeps no text of its own
    Write(out);
    out.clear();
  }
}

// The schema of an open file, handed out in slices (MetaDataAccess::WalkSchema:
// a wide footer's is never held whole), as the JSON tree WriteNode writes
// of a whole one.
Status WriteSchemaJson(const FileMetaData& md) {
  std::string out;
  JsonWriter w(&out);
  bool first = true;
  PARQ_RETURN_IF_ERROR(MetaDataAccess::WalkSchema(md, [&](const Schema& slice, const schema::SliceInfo& info) {
    if (first) {
      WriteNodeHead(w, slice.root(), /*is_root=*/true);
      w.Key("children");
      w.BeginArray();
      first = false;
    }
    WriteChildren(w, slice.root(), out, info.continued, info.continues);
    return Status::OK();
  }));
  w.EndArray();
  w.EndObject();
  out.push_back('\n');
  Write(out);
  return Status::OK();
}

// The message-type text of the schema `walk` hands out in slices, ending
// with a newline.
Status WriteSchemaText(const std::function<Status(const schema::SchemaSliceFn&)>& walk) {
  char last = '\0';
  schema::SlicedText text([&](std::string_view piece) {
    if (piece.empty()) return;
    Write(piece);
    last = piece.back();
  });
  PARQ_RETURN_IF_ERROR(walk([&](const Schema& slice, const schema::SliceInfo& info) {
    text.Add(slice, info);
    return Status::OK();
  }));
  text.End();
  if (last != '\n') Write("\n");
  return Status::OK();
}

int DatasetSchema(const std::string& input, const Args& args) {
  auto ds = OpenDatasetInput(input, args);
  if (!ds.ok()) return ReportError(ds.status());
  const Dataset& d = **ds;
  size_t differing = 0;
  for (const DatasetFile& f : d.files()) differing += f.differences.empty() ? 0 : 1;
  std::string out;
  if (args.Has("json")) {
    JsonWriter w(&out);
    w.BeginObject();
    w.Key("schema");
    WriteNode(w, d.schema().root(), true, out);
    w.Key("partition_columns");
    WritePartitionColumnsJson(d, w);
    w.Key("files");
    w.Int64(static_cast<int64_t>(d.files().size()));
    w.Key("differing_files");
    w.BeginArray();
    for (const DatasetFile& f : d.files()) {
      if (f.differences.empty()) continue;
      w.BeginObject();
      w.Key("path");
      w.String(f.path);
      w.Key("differences");
      w.BeginArray();
      for (const std::string& diff : f.differences) w.String(diff);
      w.EndArray();
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
    out.push_back('\n');
    Write(out);
    return kExitOk;
  }
  // A dataset's schema is whole already: one slice.
  if (Status st = WriteSchemaText([&](const schema::SchemaSliceFn& fn) { return fn(d.schema(), schema::SliceInfo{}); }); !st.ok()) {
    return ReportError(st);
  }
  out = PartitionColumnsText(d);
  out += std::to_string(d.files().size()) + " files, " + std::to_string(differing) +
         " of them differing from this schema" + (differing > 0 ? ":\n" : "\n");
  for (const DatasetFile& f : d.files()) {
    if (f.differences.empty()) continue;
    out += "  " + f.path + ":";
    for (size_t i = 0; i < f.differences.size(); ++i) out += (i == 0 ? " " : "; ") + f.differences[i];
    out += "\n";
  }
  Write(out);
  return kExitOk;
}

}  // namespace

const VerbHelp& SchemaHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"json", nullptr, "the schema as a JSON tree instead of message-type text"},
                                        SkipInvalidFlag()})};
  return h;
}

int RunSchema(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, SchemaHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE, DIR or GLOB", kUsage);
  if (IsDatasetPath(args.positional()[0])) return DatasetSchema(args.positional()[0], args);
  ReaderOptions reader_options;
  if (Status st = ApplyKeyFlags(args, &reader_options); !st.ok()) return ReportUsage(st.ToString(), kUsage);
  // An outline: a footer of a million leaves is printed without its schema
  // held whole.
  auto reader = FileReaderAccess::OpenOutline(args.positional()[0], reader_options);
  if (!reader.ok()) return ReportError(reader.status());
  const FileMetaData& md = (*reader)->metadata();
  ReportWarnings(md);
  const Status written = args.Has("json") ? WriteSchemaJson(md) : WriteSchemaText([&](const schema::SchemaSliceFn& fn) {
    return MetaDataAccess::WalkSchema(md, fn);
  });
  if (!written.ok()) return ReportError(written);
  return kExitOk;
}

}  // namespace parq::cli
