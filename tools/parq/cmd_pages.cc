// parq pages FILE [--columns a,b.c] [--json]: every page header of every
// column chunk (parq::ReadPageInfos): type, encodings, sizes, value / row /
// null counts, statistics decoded by the column's type, CRC status (each
// stored CRC is checked) and file offset.  A bad CRC is shown, not an error.
#include <cstdio>

#include "cli.h"
#include "inspect_util.h"
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
                          {{"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                           {"json", nullptr, "one JSON array of chunks, each with its pages"}}};
  return h;
}

int RunPages(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, PagesHelp().flags, &error)) return ReportUsage(error, kUsage);
  if (args.positional().size() != 1) return ReportUsage("expected one FILE", kUsage);
  auto reader = FileReader::Open(args.positional()[0]);
  if (!reader.ok()) return ReportError(reader.status());
  ReportWarnings((*reader)->metadata());
  const FileMetaData& md = (*reader)->metadata();
  auto columns = SelectColumns(md.schema(), args.GetAll("columns"));
  if (!columns.ok()) return ReportUsage(columns.status().message(), kUsage);
  const bool json = args.Has("json");
  std::string out;
  JsonWriter w(&out);
  if (json) w.BeginArray();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    for (int c : *columns) {
      const ColumnDescriptor& d = md.schema().column(c);
      LeafFormatter f(d);
      auto pages = ReadPageInfos(**reader, g, c);
      if (!pages.ok()) {
        std::fwrite(out.data(), 1, out.size(), stdout);  // what came before it
        return ReportError(pages.status());
      }
      if (json) {
        w.BeginObject();
        w.Key("row_group");
        w.Int64(g);
        w.Key("column");
        w.Int64(c);
        w.Key("path");
        w.String(d.dotted_path);
        w.Key("pages");
        w.BeginArray();
        for (const PageInfo& p : *pages) WritePageJson(w, p, f);
        w.EndArray();
        w.EndObject();
      } else {
        out += "row group " + std::to_string(g) + ", column " + std::to_string(c) + " " + d.dotted_path + ": " +
               std::to_string(pages->size()) + " pages\n";
        for (const PageInfo& p : *pages) out += PageText(p, f);
      }
    }
  }
  if (json) {
    w.EndArray();
    out.push_back('\n');
  }
  return WriteStdout(out);
}

}  // namespace parq::cli
