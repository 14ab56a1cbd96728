// parq bloom FILE COLUMN VALUE... [--json]: each value probed in the
// column's Bloom filter of each row group: "maybe present" (the filter has
// its bits: present, or a false positive), "absent" (certainly not in the
// chunk) or "no filter".  A value is read by the column's type as
// parq::ParseLeafText reads it: 42, 2024-01-02, hello, "NaN", and
// unannotated binary as base64.
#include <cstdio>

#include "cli.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/file_reader.h"
#include "parq/json.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq bloom FILE COLUMN VALUE... [--json]";

// The XXH64 a filter holds for a physical value (BloomFilter.md: of its PLAIN
// encoding); kInvalidArgument for BOOLEAN, which has no Bloom filters.
Result<uint64_t> HashOf(const Value& v) {
  switch (v.kind()) {
    case Value::Kind::kInt32: return BloomFilter::Hash(v.int32_value());
    case Value::Kind::kInt64: return BloomFilter::Hash(v.int64_value());
    case Value::Kind::kFloat: return BloomFilter::Hash(v.float_value());
    case Value::Kind::kDouble: return BloomFilter::Hash(v.double_value());
    case Value::Kind::kInt96: return BloomFilter::Hash(v.int96_value());
    case Value::Kind::kBytes: return BloomFilter::Hash(v.bytes());
    default: return Status::InvalidArgument("a BOOLEAN column has no Bloom filter");
  }
}

}  // namespace

const VerbHelp& BloomHelp() {
  static const VerbHelp h{kUsage, WithKeyFlags({{"json", nullptr, "one JSON array: per row group, each value's answer"}})};
  return h;
}

int RunBloom(int argc, char** argv) {
  Args args;
  int exit_code = kExitOk;
  auto reader = OpenForVerb(argc, argv, BloomHelp(), 3, SIZE_MAX, "expected FILE, COLUMN and at least one VALUE", &args,
                            &exit_code);
  if (!reader) return exit_code;
  const Schema& schema = reader->schema();
  auto columns = SelectColumns(schema, {args.positional()[1]});
  if (!columns.ok()) return ReportUsage(columns.status().message(), kUsage);
  if (columns->size() != 1) return ReportUsage("expected one COLUMN", kUsage);
  const int c = columns->front();
  const std::vector<std::string> texts(args.positional().begin() + 2, args.positional().end());
  std::vector<uint64_t> hashes;
  for (const std::string& t : texts) {
    auto v = ParseLeafText(schema.column(c), t);
    if (!v.ok()) return ReportUsage(v.status().message(), kUsage);
    auto h = HashOf(*v);
    if (!h.ok()) return ReportUsage(h.status().message(), kUsage);
    hashes.push_back(*h);
  }
  const bool json = args.Has("json");
  return ForEachChunk(*reader, *columns, json, [&](const ChunkVisit& chunk, JsonWriter& w, std::string& text) {
    PARQ_ASSIGN_OR_RETURN(std::optional<BloomFilter> filter, reader->ReadBloomFilter(chunk.row_group, c));
    if (json) {
      w.Key("values");
      w.BeginArray();
    } else {
      text += chunk.heading + ":\n";
    }
    for (size_t i = 0; i < texts.size(); ++i) {
      const char* answer = !filter ? "no filter" : filter->MightContainHash(hashes[i]) ? "maybe present" : "absent";
      if (json) {
        w.BeginObject();
        w.Key("value");
        w.String(texts[i]);
        w.Key("result");
        w.String(answer);
        w.EndObject();
      } else {
        text += "  " + texts[i] + ": " + answer + "\n";
      }
    }
    if (json) w.EndArray();
    return Status::OK();
  });
}

}  // namespace parq::cli
