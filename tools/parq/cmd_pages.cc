// parq pages FILE [--columns a,b.c] [--json]: every page header of every
// column chunk (parq::ReadPageInfos): type, encodings, sizes, value / row /
// null counts, statistics decoded by the column's type, CRC status (each
// stored CRC is checked) and file offset.  A bad CRC is shown, not an error.
#include <cstdio>

#include "cli.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/file_reader.h"
#include "parq/page_info.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq pages FILE [--columns a,b.c] [--json]";

void OptInt(JsonWriter& w, const char* key, const std::optional<int32_t>& v) {
  if (!v) return;
  w.Key(key);
  w.Int64(*v);
}

void WritePageJson(JsonWriter& w, const PageInfo& p, const LeafFormatter& f) {
  w.BeginObject();
  w.Key("page");
  w.Int64(p.ordinal);
  w.Key("type");
  w.String(PageTypeName(p.type));
  w.Key("offset");
  w.Int64(static_cast<int64_t>(p.file_offset));
  w.Key("header_size");
  w.Int64(p.header_size);
  w.Key("compressed_size");
  w.Int64(p.compressed_size);
  w.Key("uncompressed_size");
  w.Int64(p.uncompressed_size);
  OptInt(w, "num_values", p.num_values);
  if (p.encoding) {
    w.Key("encoding");
    w.String(EncodingName(*p.encoding));
  }
  if (p.definition_level_encoding) {
    w.Key("definition_level_encoding");
    w.String(EncodingName(*p.definition_level_encoding));
  }
  if (p.repetition_level_encoding) {
    w.Key("repetition_level_encoding");
    w.String(EncodingName(*p.repetition_level_encoding));
  }
  OptInt(w, "num_nulls", p.num_nulls);
  OptInt(w, "num_rows", p.num_rows);
  OptInt(w, "definition_levels_byte_length", p.definition_levels_byte_length);
  OptInt(w, "repetition_levels_byte_length", p.repetition_levels_byte_length);
  if (p.is_compressed) {
    w.Key("is_compressed");
    w.Bool(*p.is_compressed);
  }
  if (p.is_sorted) {
    w.Key("is_sorted");
    w.Bool(*p.is_sorted);
  }
  if (p.statistics) {
    w.Key("statistics");
    WriteStatisticsJson(w, *p.statistics, f);
  }
  w.Key("crc");
  w.String(CrcStatusName(p.crc));
  w.EndObject();
}

std::string PageText(const PageInfo& p, const LeafFormatter& f) {
  std::string line = "  page " + std::to_string(p.ordinal) + " " + std::string(PageTypeName(p.type)) + " at " +
                     std::to_string(p.file_offset) + " (header " + std::to_string(p.header_size) + " bytes): ";
  if (p.encoding) {
    line += std::string(EncodingName(*p.encoding));
    if (p.definition_level_encoding && p.repetition_level_encoding) {
      line += " (levels " + std::string(EncodingName(*p.definition_level_encoding)) + "/" +
              std::string(EncodingName(*p.repetition_level_encoding)) + ")";
    }
    line += ", ";
  }
  if (p.num_values) line += std::to_string(*p.num_values) + " values, ";
  if (p.num_rows) line += std::to_string(*p.num_rows) + " rows, ";
  if (p.num_nulls) line += std::to_string(*p.num_nulls) + " nulls, ";
  line += std::to_string(p.compressed_size) + " bytes compressed, " + std::to_string(p.uncompressed_size) +
          " uncompressed";
  if (p.definition_levels_byte_length) {
    line += " (levels: def " + std::to_string(*p.definition_levels_byte_length) + " bytes, rep " +
            std::to_string(p.repetition_levels_byte_length.value_or(0)) + " bytes" +
            (p.is_compressed && !*p.is_compressed ? ", values uncompressed" : "") + ")";
  }
  if (p.is_sorted) line += *p.is_sorted ? ", sorted" : ", not sorted";
  line += ", crc " + std::string(CrcStatusName(p.crc));
  line += "\n";
  if (p.statistics) line += "    " + StatisticsText(*p.statistics, f) + "\n";
  return line;
}

}  // namespace

const VerbHelp& PagesHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                                        {"json", nullptr, "one JSON array of chunks, each with its pages"}})};
  return h;
}

int RunPages(int argc, char** argv) {
  Args args;
  int exit_code = kExitOk;
  auto reader = OpenForVerb(argc, argv, PagesHelp(), 1, 1, "expected one FILE", &args, &exit_code);
  if (!reader) return exit_code;
  auto columns = SelectColumns(reader->schema(), args.GetAll("columns"));
  if (!columns.ok()) return ReportUsage(columns.status().message(), kUsage);
  const bool json = args.Has("json");
  return ForEachChunk(*reader, *columns, json, [&](const ChunkVisit& chunk, JsonWriter& w, std::string& text) {
    PARQ_ASSIGN_OR_RETURN(std::vector<PageInfo> pages, ReadPageInfos(*reader, chunk.row_group, chunk.column));
    if (json) {
      w.Key("pages");
      w.BeginArray();
      for (const PageInfo& p : pages) WritePageJson(w, p, chunk.formatter);
      w.EndArray();
      return Status::OK();
    }
    text += chunk.heading + ": " + std::to_string(pages.size()) + " pages\n";
    for (const PageInfo& p : pages) text += PageText(p, chunk.formatter);
    return Status::OK();
  });
}

}  // namespace parq::cli
