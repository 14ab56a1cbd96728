// parq size-stats FILE [--columns a,b.c] [--json]: the SizeStatistics of each
// column chunk (unencoded BYTE_ARRAY bytes, repetition and definition level
// histograms) and, when the page index holds them, the same per page (the
// OffsetIndex's unencoded bytes, the ColumnIndex's histograms).
#include <cstdio>
#include <span>

#include "cli.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/file_reader.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq size-stats FILE [--columns a,b.c] [--json]";

// What one chunk or page has: any of the three.
struct Sizes {
  std::optional<int64_t> unencoded_bytes;
  std::span<const int64_t> rep;
  std::span<const int64_t> def;

  bool empty() const { return !unencoded_bytes && rep.empty() && def.empty(); }
  std::string Text() const {
    std::string s;
    auto add = [&](const std::string& part) { s += (s.empty() ? "" : ", ") + part; };
    if (unencoded_bytes) add("unencoded byte-array bytes " + std::to_string(*unencoded_bytes));
    if (!rep.empty()) add("rep levels " + JoinInts(rep));
    if (!def.empty()) add("def levels " + JoinInts(def));
    return s;
  }
  void Json(JsonWriter& w) const {
    if (unencoded_bytes) {
      w.Key("unencoded_byte_array_data_bytes");
      w.Int64(*unencoded_bytes);
    }
    auto hist = [&](const char* key, std::span<const int64_t> h) {
      if (h.empty()) return;
      w.Key(key);
      WriteInt64Array(w, h);
    };
    hist("repetition_level_histogram", rep);
    hist("definition_level_histogram", def);
  }
};

// The chunk's entry: text lines or the members of its JSON object.
Status Chunk(const FileReader& reader, const ChunkVisit& visit, bool json, JsonWriter& w, std::string& out) {
  const int g = visit.row_group, c = visit.column;
  const ColumnChunkMetaData cc = reader.metadata().row_group(g).column(c);
  const std::optional<SizeStatistics> ss = cc.size_statistics();
  Sizes chunk;
  if (ss) chunk = {ss->unencoded_byte_array_data_bytes, ss->repetition_level_histogram, ss->definition_level_histogram};
  PARQ_ASSIGN_OR_RETURN(PageIndex pi, reader.ReadPageIndex(g, c));
  const int pages = pi.column_index ? pi.column_index->num_pages() : pi.offset_index ? pi.offset_index->num_pages() : 0;
  auto page = [&](int p) {
    Sizes s;
    if (pi.offset_index && !pi.offset_index->unencoded_byte_array_data_bytes().empty()) {
      s.unencoded_bytes = pi.offset_index->unencoded_byte_array_data_bytes()[static_cast<size_t>(p)];
    }
    if (pi.column_index) {
      s.rep = pi.column_index->repetition_level_histogram(p);
      s.def = pi.column_index->definition_level_histogram(p);
    }
    return s;
  };
  bool any_page = false;
  for (int p = 0; p < pages && !any_page; ++p) any_page = !page(p).empty();
  if (json) {
    if (ss) {
      w.Key("size_statistics");
      w.BeginObject();
      chunk.Json(w);
      w.EndObject();
    }
    if (any_page) {
      w.Key("pages");
      w.BeginArray();
      for (int p = 0; p < pages; ++p) {
        w.BeginObject();
        page(p).Json(w);
        w.EndObject();
      }
      w.EndArray();
    }
    return Status::OK();
  }
  out += visit.heading + ":\n";
  if (!ss) {
    out += "  no size statistics\n";
  } else {
    out += "  chunk: " + (chunk.empty() ? std::string("(empty)") : chunk.Text()) + "\n";
  }
  if (any_page) {
    for (int p = 0; p < pages; ++p) out += "  page " + std::to_string(p) + ": " + page(p).Text() + "\n";
  }
  return Status::OK();
}

}  // namespace

const VerbHelp& SizeStatsHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                                        {"json", nullptr, "one JSON array of chunks"}})};
  return h;
}

int RunSizeStats(int argc, char** argv) {
  Args args;
  int exit_code = kExitOk;
  auto reader = OpenForVerb(argc, argv, SizeStatsHelp(), 1, 1, "expected one FILE", &args, &exit_code);
  if (!reader) return exit_code;
  auto columns = SelectColumns(reader->schema(), args.GetAll("columns"));
  if (!columns.ok()) return ReportUsage(columns.status().message(), kUsage);
  const bool json = args.Has("json");
  return ForEachChunk(*reader, *columns, json, [&](const ChunkVisit& chunk, JsonWriter& w, std::string& text) {
    return Chunk(*reader, chunk, json, w, text);
  });
}

}  // namespace parq::cli
