#include "writer_flags.h"

#include <unistd.h>

#include <cctype>
#include <cstdio>
#include <optional>

#include "parq/types.h"
#include "parq/version.h"

namespace parq::cli {

const std::vector<std::string> kWriterFlags = {"codec",     "level",          "page-version",  "encoding",
                                               "dictionary", "page-size",      "row-group-size", "row-group-rows"};

const std::vector<std::string> kWriterBareFlags = {"bloom-filter", "no-page-index"};

namespace {

std::optional<Compression> ParseCodec(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "none" || s == "uncompressed") return Compression::kUncompressed;
  if (s == "snappy") return Compression::kSnappy;
  if (s == "gzip") return Compression::kGzip;
  if (s == "brotli") return Compression::kBrotli;
  if (s == "zstd") return Compression::kZstd;
  if (s == "lz4_raw" || s == "lz4") return Compression::kLz4Raw;  // never the ambiguous LZ4
  return std::nullopt;
}

std::optional<Encoding> ParseEncoding(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int i = 0; i <= static_cast<int>(Encoding::kAlp); ++i) {
    if (EncodingName(static_cast<Encoding>(i)) == s) return static_cast<Encoding>(i);
  }
  return std::nullopt;
}

// A positive integer flag; false with *error otherwise.
bool Positive(const Args& args, const char* name, int64_t* out, std::string* error) {
  auto v = args.Get(name);
  if (!v) return true;
  try {
    size_t used = 0;
    const long long x = std::stoll(*v, &used);
    if (used != v->size() || x <= 0) throw 0;
    *out = x;
  } catch (...) {
    *error = std::string("--") + name + " takes a positive integer";
    return false;
  }
  return true;
}

}  // namespace

bool ParseWriterFlags(const Args& args, WriterOptions* wopts, std::string* error) {
  wopts->created_by = kCreatedBy;
  if (auto c = args.Get("codec")) {
    auto codec = ParseCodec(*c);
    if (!codec) {
      *error = "unknown codec '" + *c + "'";
      return false;
    }
    wopts->column_defaults.compression = *codec;
  }
  if (auto l = args.Get("level")) {
    try {
      wopts->column_defaults.compression_level = std::stoi(*l);
    } catch (...) {
      *error = "--level takes an integer";
      return false;
    }
  }
  if (auto v = args.Get("page-version")) {
    if (*v != "1" && *v != "2") {
      *error = "--page-version is 1 or 2";
      return false;
    }
    wopts->data_page_v2 = *v == "2";
  }
  if (auto d = args.Get("dictionary")) {
    if (*d != "on" && *d != "off") {
      *error = "--dictionary is on or off";
      return false;
    }
    wopts->column_defaults.dictionary = *d == "on";
  }
  if (!Positive(args, "page-size", &wopts->data_page_size, error) ||
      !Positive(args, "row-group-size", &wopts->row_group_size, error) ||
      !Positive(args, "row-group-rows", &wopts->max_rows_per_row_group, error)) {
    return false;
  }
  wopts->column_defaults.bloom_filter = args.Has("bloom-filter");
  wopts->column_defaults.page_index = !args.Has("no-page-index");
  // Per-column entries are built from the defaults as parsed above.
  for (const std::string& spec : args.GetAll("encoding")) {
    auto eq = spec.find('=');
    if (eq == std::string::npos) {
      *error = "--encoding takes COLUMN=ENCODING";
      return false;
    }
    auto enc = ParseEncoding(spec.substr(eq + 1));
    if (!enc) {
      *error = "unknown encoding '" + spec.substr(eq + 1) + "'";
      return false;
    }
    ColumnWriterOptions col = wopts->column_defaults;
    col.encoding = enc;
    col.dictionary = *enc == Encoding::kRleDictionary || *enc == Encoding::kPlainDictionary;
    if (col.dictionary) col.encoding.reset();
    wopts->columns[spec.substr(0, eq)] = col;
  }
  return true;
}

Progress::Progress(const char* verb) : verb_(verb), enabled_(isatty(STDERR_FILENO) == 1) {}

void Progress::Show(const std::string& what) {
  if (!enabled_) return;
  const auto now = std::chrono::steady_clock::now();
  if (shown_ && now - last_ < std::chrono::milliseconds(200)) return;
  last_ = now;
  shown_ = true;
  std::fprintf(stderr, "\rparq %s: %s\033[K", verb_, what.c_str());
  std::fflush(stderr);
}

void Progress::Done() {
  if (!shown_) return;
  std::fprintf(stderr, "\r\033[K");
  std::fflush(stderr);
  shown_ = false;
}

}  // namespace parq::cli
