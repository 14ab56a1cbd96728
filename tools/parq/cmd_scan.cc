// parq scan FILE [--where EXPR] [--columns a,b.c] [--explain] [--json]: reads
// the rows a filter selects (docs/filter.md), counting them, and says what
// the read cost.  With --explain, per row group: its rows and what decided
// it (pruned by statistics, dictionary or Bloom filter, or read), then the
// rows matched and the bytes read (every byte through one counting file,
// the footer included) against the file's size: the distinct bytes (the
// union of the ranges read), and all reads with bytes read more than once.
//
// The row-group table is a list of columns (kColumns) filled from one
// RowGroupLine per row group: counts RowReader does not report yet (pages
// read and skipped, from the page index) become new columns there, and new
// keys in the --json objects, without changing the others.
#include <cinttypes>
#include <cstdio>
#include <string>
#include <vector>

#include "cli.h"
#include "counting_file.h"
#include "filter_flags.h"
#include "key_flags.h"
#include "json/json_writer.h"
#include "parq/file_reader.h"
#include "parq/http_file.h"
#include "parq/record.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq scan FILE [--where EXPR] [--columns a,b.c] [--explain] [--json] [--no-verify-checksums]";

// What scan reports of one row group.
struct RowGroupLine {
  int index = 0;
  int64_t rows = 0;
  RowGroupPruning::Outcome outcome = RowGroupPruning::Outcome::kNotReached;
  // (RowReader counts pages read and skipped over the whole read, not per
  // row group; the totals are in Scan.)
};

// "empty", "read", or what pruned the row group: "statistics", "dictionary",
// "bloom_filter", "page_index", "page_statistics" (the keys of the --json "pruned" object).
std::string OutcomeKey(const RowGroupLine& line) {
  switch (line.outcome) {
    case RowGroupPruning::Outcome::kStatistics: return "statistics";
    case RowGroupPruning::Outcome::kDictionary: return "dictionary";
    case RowGroupPruning::Outcome::kBloomFilter: return "bloom_filter";
    case RowGroupPruning::Outcome::kPageIndex: return "page_index";
    case RowGroupPruning::Outcome::kPageStatistics: return "page_statistics";
    case RowGroupPruning::Outcome::kRead:
    case RowGroupPruning::Outcome::kNotReached:  // no filter, or no rows
      break;
  }
  return line.rows == 0 ? "empty" : "read";
}

bool Pruned(const RowGroupLine& line) {
  const std::string k = OutcomeKey(line);
  return k != "empty" && k != "read";
}

std::string OutcomeText(const RowGroupLine& line) {
  return Pruned(line) ? "pruned by " + std::string(RowGroupOutcomeName(line.outcome)) : OutcomeKey(line);
}

// The row-group table's columns: header and cell.
struct Column {
  const char* header;
  std::string (*cell)(const RowGroupLine&);
};
const Column kColumns[] = {
    {"row group", [](const RowGroupLine& l) { return std::to_string(l.index); }},
    {"rows", [](const RowGroupLine& l) { return std::to_string(l.rows); }},
    {"outcome", OutcomeText},
};

struct Scan {
  std::string file;
  uint64_t file_bytes = 0;
  std::string filter;  // its text form, empty without one
  int64_t rows_total = 0;
  int64_t rows_matched = 0;
  uint64_t bytes_read = 0;           // every read, a range read twice counted twice
  uint64_t distinct_bytes_read = 0;  // the union of the ranges read
  uint64_t reads = 0;
  int64_t pages_read = 0;     // data pages decompressed and decoded
  int64_t pages_skipped = 0;  // data pages neither read nor decompressed
  int64_t rows_pruned = 0;    // rows of read row groups the page index passed over
  std::vector<RowGroupLine> row_groups;
  RowGroupPruning pruning;
};

std::string Percent(uint64_t part, uint64_t whole) {
  char buf[32];
  std::snprintf(buf, sizeof buf, "%.1f%%", whole == 0 ? 0.0 : 100.0 * static_cast<double>(part) / static_cast<double>(whole));
  return buf;
}

std::string ExplainText(const Scan& s) {
  std::string out = "file: " + s.file + " (" + std::to_string(s.file_bytes) + " bytes)\n";
  out += "filter: " + (s.filter.empty() ? std::string("none") : s.filter) + "\n";
  std::vector<size_t> width;
  for (const Column& c : kColumns) {
    size_t w = std::string(c.header).size();
    for (const RowGroupLine& l : s.row_groups) w = std::max(w, c.cell(l).size());
    width.push_back(w);
  }
  auto row = [&](auto cell_of) {
    std::string line;
    for (size_t i = 0; i < std::size(kColumns); ++i) {
      std::string cell = cell_of(i);
      if (i + 1 < std::size(kColumns)) cell.resize(width[i] + 2, ' ');
      line += cell;
    }
    return line + "\n";
  };
  out += row([&](size_t i) { return std::string(kColumns[i].header); });
  for (const RowGroupLine& l : s.row_groups) out += row([&](size_t i) { return kColumns[i].cell(l); });
  const RowGroupPruning& p = s.pruning;
  int64_t read = 0;
  for (const RowGroupLine& l : s.row_groups) read += OutcomeKey(l) == "read";
  out += "row groups: " + std::to_string(s.row_groups.size()) + ", read " + std::to_string(read) +
         ", pruned by statistics " + std::to_string(p.by_statistics) + ", by dictionary " +
         std::to_string(p.by_dictionary) + ", by bloom filter " + std::to_string(p.by_bloom_filter) +
         ", by page index " + std::to_string(p.by_page_index) + ", by page statistics " +
         std::to_string(p.by_page_statistics) + "\n";
  out += "dictionaries read to prune: " + std::to_string(p.dictionaries_read) +
         ", bloom filters read: " + std::to_string(p.bloom_filters_read) + "\n";
  out += "data pages: read " + std::to_string(s.pages_read) + ", skipped " + std::to_string(s.pages_skipped) +
         ", pruned by their header statistics " + std::to_string(p.pages_by_page_statistics) + "; rows passed over by the page index: " + std::to_string(s.rows_pruned) + "\n";
  out += "rows matched: " + std::to_string(s.rows_matched) + " of " + std::to_string(s.rows_total) + "\n";
  out += "bytes read: " + std::to_string(s.distinct_bytes_read) + " of " + std::to_string(s.file_bytes) + " (" +
         Percent(s.distinct_bytes_read, s.file_bytes) + "); " + std::to_string(s.bytes_read) + " in " +
         std::to_string(s.reads) + " reads, footer included\n";
  return out;
}

std::string ExplainJson(const Scan& s) {
  std::string out;
  JsonWriter w(&out);
  auto number = [&w](const char* key, int64_t v) {
    w.Key(key);
    w.Int64(v);
  };
  w.BeginObject();
  w.Key("file");
  w.String(s.file);
  number("file_bytes", static_cast<int64_t>(s.file_bytes));
  w.Key("filter");
  if (s.filter.empty()) {
    w.Null();
  } else {
    w.String(s.filter);
  }
  number("rows", s.rows_total);
  number("rows_matched", s.rows_matched);
  number("bytes_read", static_cast<int64_t>(s.distinct_bytes_read));
  number("bytes_read_with_rereads", static_cast<int64_t>(s.bytes_read));
  number("reads", static_cast<int64_t>(s.reads));
  w.Key("pruned");
  w.BeginObject();
  number("statistics", s.pruning.by_statistics);
  number("dictionary", s.pruning.by_dictionary);
  number("bloom_filter", s.pruning.by_bloom_filter);
  number("page_index", s.pruning.by_page_index);
  number("page_statistics", s.pruning.by_page_statistics);
  w.EndObject();
  number("pages_read", s.pages_read);
  number("pages_skipped", s.pages_skipped);
  number("pages_pruned_by_page_statistics", s.pruning.pages_by_page_statistics);
  number("rows_pruned_by_page_index", s.rows_pruned);
  number("dictionaries_read", s.pruning.dictionaries_read);
  number("bloom_filters_read", s.pruning.bloom_filters_read);
  w.Key("row_groups");
  w.BeginArray();
  for (const RowGroupLine& l : s.row_groups) {
    w.BeginObject();
    number("index", l.index);
    number("rows", l.rows);
    w.Key("outcome");
    w.String(OutcomeKey(l));
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  out.push_back('\n');
  return out;
}

}  // namespace

const VerbHelp& ScanHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"where", "EXPR", "only the rows the filter makes true (docs/filter.md)"},
                                        {"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                                        {"explain", nullptr, "per row group, what pruned it or that it was read; bytes read"},
                                        {"json", nullptr, "the --explain report as one JSON object"},
                                        {"no-verify-checksums", nullptr, "do not verify page CRCs"}})};
  return h;
}

int RunScan(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, ScanHelp().flags, &error)) {
    return ReportUsage(error, kUsage);
  }
  if (args.positional().size() != 1) return ReportUsage("expected one FILE", kUsage);
  if (args.Has("json") && !args.Has("explain")) return ReportUsage("--json goes with --explain", kUsage);
  ReaderOptions reader_options;
  reader_options.verify_checksums = !args.Has("no-verify-checksums");
  if (Status st = ApplyKeyFlags(args, &reader_options); !st.ok()) return ReportUsage(st.ToString(), kUsage);
  const std::string& path = args.positional()[0];
  auto base = IsHttpUrl(path) ? OpenHttpFile(path) : OpenFile(path);
  if (!base.ok()) return ReportError(base.status());
  auto counting = std::make_shared<CountingFile>(std::move(*base));
  auto file = FileReader::Open(counting, reader_options);
  if (!file.ok()) return ReportError(file.status());
  ReportWarnings((*file)->metadata());
  RowReaderOptions options;
  if (!ApplyRowFlags(args, (*file)->schema(), &options, &error)) return ReportUsage(error, kUsage);
  Scan s;
  s.file = path;
  s.file_bytes = counting->size();
  if (options.filter) s.filter = options.filter->ToString();
  auto rows = RowReader::Open(**file, options);
  if (!rows.ok()) return ReportError(rows.status());
  Value row;
  while (true) {
    auto more = (*rows)->Next(&row);
    if (!more.ok()) return ReportError(more.status());
    if (!*more) break;
  }
  s.rows_matched = (*rows)->rows_read();
  s.bytes_read = counting->bytes_read();
  s.distinct_bytes_read = counting->distinct_bytes_read();
  s.reads = counting->reads();
  s.pruning = (*rows)->pruning();
  s.pages_read = (*rows)->pages_read();
  s.pages_skipped = (*rows)->pages_skipped();
  s.rows_pruned = (*rows)->rows_pruned();
  const FileMetaData& md = (*file)->metadata();
  s.rows_total = md.num_rows();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    RowGroupLine l;
    l.index = g;
    l.rows = md.row_group(g).num_rows();
    if (static_cast<size_t>(g) < s.pruning.row_groups.size()) l.outcome = s.pruning.row_groups[static_cast<size_t>(g)];
    s.row_groups.push_back(l);
  }
  std::string out;
  if (!args.Has("explain")) {
    out = std::to_string(s.rows_matched) + "\n";
  } else {
    out = args.Has("json") ? ExplainJson(s) : ExplainText(s);
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitOk : ReportError(Status::IOError("cannot write to stdout"));
}

}  // namespace parq::cli
