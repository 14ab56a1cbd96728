// parq bloom FILE COLUMN VALUE... [--json]: each value probed in the
// column's Bloom filter of each row group: "maybe present" (the filter has
// its bits: present, or a false positive), "absent" (certainly not in the
// chunk) or "no filter".  A value is read by the column's type as
// parq::ParseLeafText reads it: 42, 2024-01-02, hello, "NaN", and
// unannotated binary as base64.
#include <cstdio>

#include "cli.h"
#include "inspect_util.h"
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
  static const VerbHelp h{kUsage, {{"json", nullptr, "one JSON array: per row group, each value's answer"}}};
  return h;
}

int RunBloom(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, BloomHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() < 3) return ReportUsage("expected FILE, COLUMN and at least one VALUE", kUsage);
  auto reader = FileReader::Open(args.positional()[0]);
  if (!reader.ok()) return ReportError(reader.status());
  ReportWarnings((*reader)->metadata());
  const FileMetaData& md = (*reader)->metadata();
  auto columns = SelectColumns(md.schema(), {args.positional()[1]});
  if (!columns.ok()) return ReportUsage(columns.status().message(), kUsage);
  if (columns->size() != 1) return ReportUsage("expected one COLUMN", kUsage);
  const int c = columns->front();
  const std::vector<std::string> texts(args.positional().begin() + 2, args.positional().end());
  std::vector<uint64_t> hashes;
  for (const std::string& t : texts) {
    auto v = ParseLeafText(md.schema().column(c), t);
    if (!v.ok()) return ReportUsage(v.status().message(), kUsage);
    auto h = HashOf(*v);
    if (!h.ok()) return ReportUsage(h.status().message(), kUsage);
    hashes.push_back(*h);
  }
  const bool json = args.Has("json");
  std::string out;
  JsonWriter w(&out);
  if (json) w.BeginArray();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    auto filter = (*reader)->ReadBloomFilter(g, c);
    if (!filter.ok()) {
      if (!json) std::fwrite(out.data(), 1, out.size(), stdout);
      return ReportError(filter.status());
    }
    if (json) {
      w.BeginObject();
      w.Key("row_group");
      w.Int64(g);
      w.Key("values");
      w.BeginArray();
    } else {
      out += "row group " + std::to_string(g) + ":\n";
    }
    for (size_t i = 0; i < texts.size(); ++i) {
      const char* answer = !*filter                                  ? "no filter"
                           : (*filter)->MightContainHash(hashes[i]) ? "maybe present"
                                                                     : "absent";
      if (json) {
        w.BeginObject();
        w.Key("value");
        w.String(texts[i]);
        w.Key("result");
        w.String(answer);
        w.EndObject();
      } else {
        out += "  " + texts[i] + ": " + answer + "\n";
      }
    }
    if (json) {
      w.EndArray();
      w.EndObject();
    }
  }
  if (json) {
    w.EndArray();
    out.push_back('\n');
  }
  return WriteStdout(out);
}

}  // namespace parq::cli
