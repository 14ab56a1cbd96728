#include "meta_index.h"

#include <bit>
#include <span>

#include "inspect_util.h"

namespace parq::cli {
namespace {

// The halves `parts` asks for: both through ReadPageIndex (which checks
// that they agree), or the one alone.
Result<PageIndex> ReadParts(const FileReader& reader, int row_group, int column, IndexParts parts) {
  if (parts == IndexParts::kBoth) return reader.ReadPageIndex(row_group, column);
  PageIndex pi;
  if (parts == IndexParts::kColumnIndex) {
    PARQ_ASSIGN_OR_RETURN(pi.column_index, reader.ReadColumnIndex(row_group, column));
  } else {
    PARQ_ASSIGN_OR_RETURN(pi.offset_index, reader.ReadOffsetIndex(row_group, column));
  }
  return pi;
}

int64_t BitsSet(const BloomFilter& f) {
  int64_t n = 0;
  for (uint8_t b : f.Bitset()) n += std::popcount(b);
  return n;
}

}  // namespace

Status WriteBloomFilterJson(JsonWriter& w, const FileReader& reader, int row_group, int column) {
  PARQ_ASSIGN_OR_RETURN(auto bf, reader.ReadBloomFilter(row_group, column));
  if (!bf) return Status::OK();
  w.Key("bloom_filter");
  w.BeginObject();
  w.Key("num_bytes");
  w.Int64(bf->num_bytes());
  w.Key("bits_set");
  w.Int64(BitsSet(*bf));
  w.EndObject();
  return Status::OK();
}

Status AppendBloomFilterText(std::string& out, const FileReader& reader, int row_group,
                             int column) {
  PARQ_ASSIGN_OR_RETURN(auto bf, reader.ReadBloomFilter(row_group, column));
  if (!bf) return Status::OK();
  out += "    bloom filter bitset: " + std::to_string(bf->num_bytes()) + " bytes, " +
         std::to_string(BitsSet(*bf)) + " of " + std::to_string(bf->num_bytes() * 8) +
         " bits set\n";
  return Status::OK();
}

Status WritePageIndexJson(JsonWriter& w, const FileReader& reader, int row_group, int column,
                          const LeafFormatter& f, IndexParts parts) {
  PARQ_ASSIGN_OR_RETURN(PageIndex pi, ReadParts(reader, row_group, column, parts));
  if (pi.column_index) {
    const ColumnIndex& ci = *pi.column_index;
    w.Key("column_index");
    w.BeginObject();
    w.Key("boundary_order");
    w.String(BoundaryOrderName(ci.boundary_order()));
    w.Key("pages");
    w.BeginArray();
    for (int p = 0; p < ci.num_pages(); ++p) {
      w.BeginObject();
      w.Key("null_page");
      w.Bool(ci.null_page(p));
      if (!ci.null_page(p)) {
        w.Key("min");
        w.RawNumber(PlainValueText(f, ci.encoded_min(p)));
        w.Key("max");
        w.RawNumber(PlainValueText(f, ci.encoded_max(p)));
      }
      if (auto n = ci.null_count(p)) {
        w.Key("null_count");
        w.Int64(*n);
      }
      if (auto n = ci.nan_count(p)) {
        w.Key("nan_count");
        w.Int64(*n);
      }
      if (auto h = ci.repetition_level_histogram(p); !h.empty()) {
        w.Key("repetition_level_histogram");
        WriteInt64Array(w, h);
      }
      if (auto h = ci.definition_level_histogram(p); !h.empty()) {
        w.Key("definition_level_histogram");
        WriteInt64Array(w, h);
      }
      w.EndObject();
    }
    w.EndArray();
    w.EndObject();
  }
  if (pi.offset_index) {
    const OffsetIndex& oi = *pi.offset_index;
    w.Key("offset_index");
    w.BeginArray();
    for (int p = 0; p < oi.num_pages(); ++p) {
      const PageLocation& l = oi.page_locations()[static_cast<size_t>(p)];
      w.BeginObject();
      w.Key("offset");
      w.Int64(l.offset);
      w.Key("compressed_page_size");
      w.Int64(l.compressed_page_size);
      w.Key("first_row_index");
      w.Int64(l.first_row_index);
      if (!oi.unencoded_byte_array_data_bytes().empty()) {
        w.Key("unencoded_byte_array_data_bytes");
        w.Int64(oi.unencoded_byte_array_data_bytes()[static_cast<size_t>(p)]);
      }
      w.EndObject();
    }
    w.EndArray();
  }
  return Status::OK();
}

Status AppendPageIndexText(std::string& out, const FileReader& reader, int row_group, int column,
                           const LeafFormatter& f, IndexParts parts) {
  PARQ_ASSIGN_OR_RETURN(PageIndex pi, ReadParts(reader, row_group, column, parts));
  const int pages = pi.column_index   ? pi.column_index->num_pages()
                    : pi.offset_index ? pi.offset_index->num_pages()
                                      : 0;
  if (pages == 0) return Status::OK();
  std::string head = "    page index: " + std::to_string(pages) + " pages";
  if (pi.column_index) {
    head += ", boundary order " + std::string(BoundaryOrderName(pi.column_index->boundary_order()));
  }
  out += head + "\n";
  for (int p = 0; p < pages; ++p) {
    std::string line = "      page " + std::to_string(p) + ":";
    if (pi.offset_index) {
      const PageLocation& l = pi.offset_index->page_locations()[static_cast<size_t>(p)];
      line += " offset " + std::to_string(l.offset) + ", size " +
              std::to_string(l.compressed_page_size) + ", first row " +
              std::to_string(l.first_row_index);
      const auto& ub = pi.offset_index->unencoded_byte_array_data_bytes();
      if (!ub.empty()) line += ", unencoded bytes " + std::to_string(ub[static_cast<size_t>(p)]);
      if (parts != IndexParts::kOffsetIndex) line += ";";  // before the ColumnIndex part
    }
    if (pi.column_index) {
      const ColumnIndex& ci = *pi.column_index;
      if (ci.null_page(p)) {
        line += " all null";
      } else {
        line += " min " + PlainValueText(f, ci.encoded_min(p)) + ", max " + PlainValueText(f, ci.encoded_max(p));
      }
      if (auto n = ci.null_count(p)) line += ", nulls " + std::to_string(*n);
      if (auto n = ci.nan_count(p)) line += ", NaNs " + std::to_string(*n);
      if (auto h = ci.repetition_level_histogram(p); !h.empty()) line += ", rep levels " + JoinInts(h);
      if (auto h = ci.definition_level_histogram(p); !h.empty()) line += ", def levels " + JoinInts(h);
    }
    out += line + "\n";
  }
  return Status::OK();
}

}  // namespace parq::cli

namespace parq::cli {

int RunPageIndexVerb(int argc, char** argv, IndexParts parts, const VerbHelp& help) {
  const char* usage = help.usage;
  Args args;
  int exit_code = kExitOk;
  auto reader = OpenForVerb(argc, argv, help, 1, 2, "expected FILE and at most one COLUMN", &args, &exit_code);
  if (!reader) return exit_code;
  std::vector<std::string> only;
  if (args.positional().size() == 2) only.push_back(args.positional()[1]);
  auto columns = SelectColumns(reader->schema(), only);
  if (!columns.ok()) return ReportUsage(columns.status().message(), usage);
  const bool json = args.Has("json");
  const char* what = parts == IndexParts::kColumnIndex ? "column index" : "offset index";
  return ForEachChunk(*reader, *columns, json, [&](const ChunkVisit& chunk, JsonWriter& w, std::string& text) {
    if (json) return WritePageIndexJson(w, *reader, chunk.row_group, chunk.column, chunk.formatter, parts);
    text += chunk.heading + ":\n";
    const size_t mark = text.size();
    PARQ_RETURN_IF_ERROR(AppendPageIndexText(text, *reader, chunk.row_group, chunk.column, chunk.formatter, parts));
    if (text.size() == mark) text += std::string("    no ") + what + "\n";
    return Status::OK();
  });
}

}  // namespace parq::cli
