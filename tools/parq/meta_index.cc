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

void Int64Array(JsonWriter& w, std::span<const int64_t> v) {
  w.BeginArray();
  for (int64_t x : v) w.Int64(x);
  w.EndArray();
}

std::string Join(std::span<const int64_t> v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
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
        Int64Array(w, h);
      }
      if (auto h = ci.definition_level_histogram(p); !h.empty()) {
        w.Key("definition_level_histogram");
        Int64Array(w, h);
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
      if (auto h = ci.repetition_level_histogram(p); !h.empty()) line += ", rep levels " + Join(h);
      if (auto h = ci.definition_level_histogram(p); !h.empty()) line += ", def levels " + Join(h);
    }
    out += line + "\n";
  }
  return Status::OK();
}

}  // namespace parq::cli

namespace parq::cli {

int RunPageIndexVerb(int argc, char** argv, IndexParts parts, const char* usage,
                     const std::vector<Flag>& flags) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, flags, &error)) return ReportUsage(error, usage);
  if (args.positional().empty() || args.positional().size() > 2) {
    return ReportUsage("expected FILE and at most one COLUMN", usage);
  }
  auto reader = FileReader::Open(args.positional()[0]);
  if (!reader.ok()) return ReportError(reader.status());
  ReportWarnings((*reader)->metadata());
  const FileMetaData& md = (*reader)->metadata();
  std::vector<std::string> only;
  if (args.positional().size() == 2) only.push_back(args.positional()[1]);
  auto columns = SelectColumns(md.schema(), only);
  if (!columns.ok()) return ReportUsage(columns.status().message(), usage);
  const bool json = args.Has("json");
  const char* what = parts == IndexParts::kColumnIndex ? "column index" : "offset index";
  std::string out;
  JsonWriter w(&out);
  if (json) w.BeginArray();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    for (int c : *columns) {
      const ColumnDescriptor& d = md.schema().column(c);
      LeafFormatter f(d);
      Status st;
      if (json) {
        w.BeginObject();
        w.Key("row_group");
        w.Int64(g);
        w.Key("column");
        w.Int64(c);
        w.Key("path");
        w.String(d.dotted_path);
        st = WritePageIndexJson(w, **reader, g, c, f, parts);
        w.EndObject();
      } else {
        out += "row group " + std::to_string(g) + ", column " + std::to_string(c) + " " + d.dotted_path + ":\n";
        const size_t mark = out.size();
        st = AppendPageIndexText(out, **reader, g, c, f, parts);
        if (st.ok() && out.size() == mark) out += std::string("    no ") + what + "\n";
      }
      if (!st.ok()) {
        if (!json) std::fwrite(out.data(), 1, out.size(), stdout);
        return ReportError(st);
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
