// file/writer_options_text.cc — WriterOptions from `key=value` text
// (parq/writer_options_text.h): each key's value parsed and checked on its
// own; the checks across options and against a schema are
// FileWriter::ValidateOptions' (writer_options_check.cc).
#include "parq/writer_options_text.h"

#include <charconv>
#include <optional>
#include <string>

#include "parq/file_writer.h"
#include "parq/types.h"
#include "schema/near_names.h"

namespace parq {
namespace {

enum class Key {
  kCodec,
  kLevel,
  kPageVersion,
  kEncoding,
  kDictionary,
  kPageSize,
  kRowGroupSize,
  kRowGroupRows,
  kMaxBufferedBytes,
  kMaxOpenPageBytes,
  kThreads,
  kBloomFilter,
  kNoPageIndex,
  kColumnOrder,
};

struct KeyInfo {
  std::string_view name;  // canonical: lower case, '_'
  Key key;
  bool valued;
};

constexpr KeyInfo kKeys[] = {
    {"codec", Key::kCodec, true},
    {"level", Key::kLevel, true},
    {"page_version", Key::kPageVersion, true},
    {"encoding", Key::kEncoding, true},
    {"dictionary", Key::kDictionary, true},
    {"page_size", Key::kPageSize, true},
    {"row_group_size", Key::kRowGroupSize, true},
    {"row_group_rows", Key::kRowGroupRows, true},
    {"max_buffered_bytes", Key::kMaxBufferedBytes, true},
    {"max_open_page_bytes", Key::kMaxOpenPageBytes, true},
    {"threads", Key::kThreads, true},
    {"bloom_filter", Key::kBloomFilter, false},
    {"no_page_index", Key::kNoPageIndex, false},
    {"column_order", Key::kColumnOrder, true},
};

char Lower(char c) { return c >= 'A' && c <= 'Z' ? static_cast<char>(c - 'A' + 'a') : c; }

bool EqualsIgnoreCase(std::string_view a, std::string_view b) {
  if (a.size() != b.size()) return false;
  for (size_t i = 0; i < a.size(); ++i) {
    if (Lower(a[i]) != Lower(b[i])) return false;
  }
  return true;
}

// "--Page-Version" -> "page_version".
std::string Canonical(std::string_view name) {
  if (name.starts_with("--")) name.remove_prefix(2);
  std::string out(name);
  for (char& c : out) c = c == '-' ? '_' : Lower(c);
  return out;
}

Status Bad(std::string_view name, const std::string& what) {
  return Status::InvalidArgument("writer option '" + std::string(name) + "': " + what);
}

std::string Quoted(std::string_view v) { return "'" + std::string(v) + "'"; }

Status UnknownKey(std::string_view name) {
  const std::string key = Canonical(name);
  std::string msg = "unknown writer option " + Quoted(name);
  for (const KeyInfo& k : kKeys) {
    if (schema_internal::EditDistance(key, k.name, 2) <= 2) {
      msg += "; did you mean '" + std::string(k.name) + "'?";
      break;
    }
  }
  msg += " (the options: ";
  for (const KeyInfo& k : kKeys) {
    if (&k != kKeys) msg += ", ";
    msg += k.name;
  }
  return Status::InvalidArgument(msg + ")");
}

std::optional<Compression> ParseCodec(std::string_view s) {
  if (EqualsIgnoreCase(s, "none") || EqualsIgnoreCase(s, "uncompressed")) return Compression::kUncompressed;
  if (EqualsIgnoreCase(s, "snappy")) return Compression::kSnappy;
  if (EqualsIgnoreCase(s, "gzip")) return Compression::kGzip;
  if (EqualsIgnoreCase(s, "brotli")) return Compression::kBrotli;
  if (EqualsIgnoreCase(s, "zstd")) return Compression::kZstd;
  if (EqualsIgnoreCase(s, "lzo")) return Compression::kLzo;
  // Never the ambiguous Hadoop-framed LZ4.
  if (EqualsIgnoreCase(s, "lz4_raw") || EqualsIgnoreCase(s, "lz4")) return Compression::kLz4Raw;
  return std::nullopt;
}

std::optional<Encoding> ParseEncoding(std::string_view s) {
  for (int i = 0; i <= static_cast<int>(Encoding::kAlp); ++i) {
    const std::string_view name = EncodingName(static_cast<Encoding>(i));
    // Value 1 (the retired GROUP_VAR_INT) is named "UNKNOWN": not a name to take.
    if (name != "UNKNOWN" && EqualsIgnoreCase(s, name)) return static_cast<Encoding>(i);
  }
  return std::nullopt;
}

std::optional<bool> ParseOnOff(std::string_view s) {
  if (EqualsIgnoreCase(s, "on") || EqualsIgnoreCase(s, "true")) return true;
  if (EqualsIgnoreCase(s, "off") || EqualsIgnoreCase(s, "false")) return false;
  return std::nullopt;
}

// The whole of `s` as a T (decimal, an optional '-'), or nullopt.
template <typename T>
std::optional<T> ParseInteger(std::string_view s) {
  T v{};
  const char* end = s.data() + s.size();
  auto [p, ec] = std::from_chars(s.data(), end, v);
  if (ec != std::errc() || p != end || s.empty()) return std::nullopt;
  return v;
}

Status SetPositive(std::string_view name, std::string_view value, int64_t* out) {
  auto v = ParseInteger<int64_t>(value);
  if (!v || *v <= 0) return Bad(name, "takes a positive integer, not " + Quoted(value));
  *out = *v;
  return Status::OK();
}

// Sets one setting of column_defaults and of every per-column entry.
template <typename F>
void ForEveryColumn(WriterOptions* o, F set) {
  set(o->column_defaults);
  for (auto& entry : o->columns) set(entry.second);
}

Status SetEncoding(std::string_view name, std::string_view value, WriterOptions* options) {
  const size_t eq = value.rfind('=');
  if (eq == std::string_view::npos || eq == 0) {
    return Bad(name, "takes COLUMN=ENCODING, not " + Quoted(value));
  }
  const std::string_view enc_text = value.substr(eq + 1);
  const auto enc = ParseEncoding(enc_text);
  if (!enc) {
    return Bad(name, "unknown encoding " + Quoted(enc_text) +
                         " (PLAIN, RLE, DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY, DELTA_BYTE_ARRAY, "
                         "BYTE_STREAM_SPLIT, RLE_DICTIONARY, ALP)");
  }
  ColumnWriterOptions& col =
      options->columns.try_emplace(std::string(value.substr(0, eq)), options->column_defaults).first->second;
  col.dictionary = *enc == Encoding::kRleDictionary || *enc == Encoding::kPlainDictionary;
  if (col.dictionary) {
    col.encoding.reset();  // the fallback encoding stays the default
  } else {
    col.encoding = *enc;
  }
  return Status::OK();
}

}  // namespace

Status ParseWriterOption(std::string_view name, std::string_view value, WriterOptions* options) {
  const std::string key = Canonical(name);
  const KeyInfo* info = nullptr;
  for (const KeyInfo& k : kKeys) {
    if (k.name == key) info = &k;
  }
  if (info == nullptr) return UnknownKey(name);
  if (info->valued && value.empty()) return Bad(name, "needs a value");
  switch (info->key) {
    case Key::kCodec: {
      const auto codec = ParseCodec(value);
      if (!codec) {
        return Bad(name, "unknown codec " + Quoted(value) + " (none, snappy, gzip, brotli, zstd, lz4_raw, lzo)");
      }
      ForEveryColumn(options, [&](ColumnWriterOptions& c) { c.compression = *codec; });
      return Status::OK();
    }
    case Key::kLevel: {
      const auto level = ParseInteger<int>(value);
      if (!level) return Bad(name, "takes an integer, not " + Quoted(value));
      ForEveryColumn(options, [&](ColumnWriterOptions& c) { c.compression_level = *level; });
      return Status::OK();
    }
    case Key::kPageVersion:
      if (value != "1" && value != "2") return Bad(name, "is 1 or 2, not " + Quoted(value));
      options->data_page_v2 = value == "2";
      return Status::OK();
    case Key::kEncoding:
      return SetEncoding(name, value, options);
    case Key::kDictionary: {
      const auto on = ParseOnOff(value);
      if (!on) return Bad(name, "is on or off, not " + Quoted(value));
      options->column_defaults.dictionary = *on;  // an `encoding` entry has its own
      return Status::OK();
    }
    case Key::kPageSize:
      return SetPositive(name, value, &options->data_page_size);
    case Key::kRowGroupSize:
      return SetPositive(name, value, &options->row_group_size);
    case Key::kRowGroupRows:
      return SetPositive(name, value, &options->max_rows_per_row_group);
    case Key::kMaxBufferedBytes: {
      auto v = ParseInteger<int64_t>(value);
      if (!v || *v < 0) return Bad(name, "takes a non-negative integer (0: no cap), not " + Quoted(value));
      options->max_buffered_bytes = *v;
      return Status::OK();
    }
    case Key::kMaxOpenPageBytes: {
      auto v = ParseInteger<int64_t>(value);
      if (!v || *v < 0) return Bad(name, "takes a non-negative integer (0: no budget), not " + Quoted(value));
      options->max_open_page_bytes = *v;
      return Status::OK();
    }
    case Key::kThreads: {
      auto v = ParseInteger<int>(value);
      if (!v || *v < 1 || *v > ThreadPool::kMaxThreads) {
        return Bad(name, "takes a thread count from 1 to " + std::to_string(ThreadPool::kMaxThreads) + ", not " +
                             Quoted(value));
      }
      options->threads = *v;
      return Status::OK();
    }
    case Key::kBloomFilter:
    case Key::kNoPageIndex: {
      const auto on = value.empty() ? std::optional<bool>(true) : ParseOnOff(value);
      if (!on) return Bad(name, "is on or off, not " + Quoted(value));
      const bool bloom = info->key == Key::kBloomFilter;
      ForEveryColumn(options, [&](ColumnWriterOptions& c) {
        if (bloom) {
          c.bloom_filter = *on;
        } else {
          c.page_index = !*on;
        }
      });
      return Status::OK();
    }
    case Key::kColumnOrder: {
      const bool ieee = EqualsIgnoreCase(value, "ieee754") || EqualsIgnoreCase(value, "ieee_754_total_order");
      if (!ieee && !EqualsIgnoreCase(value, "type") && !EqualsIgnoreCase(value, "type_order")) {
        return Bad(name, "is type or ieee754, not " + Quoted(value));
      }
      ForEveryColumn(options, [&](ColumnWriterOptions& c) { c.ieee754_total_order = ieee; });
      return Status::OK();
    }
  }
  return Status::Internal("writer option key without a parser");
}

Status ForEachOptionPair(std::string_view text,
                         const std::function<Status(std::string_view key, std::string_view value, bool has_value)>& fn) {
  auto trim = [](std::string_view s) {
    while (!s.empty() && (s.front() == ' ' || s.front() == '\t' || s.front() == '\n' || s.front() == '\r')) {
      s.remove_prefix(1);
    }
    while (!s.empty() && (s.back() == ' ' || s.back() == '\t' || s.back() == '\n' || s.back() == '\r')) {
      s.remove_suffix(1);
    }
    return s;
  };
  size_t start = 0;
  while (start <= text.size()) {
    size_t end = text.find(';', start);
    if (end == std::string_view::npos) end = text.size();
    const std::string_view pair = trim(text.substr(start, end - start));
    start = end + 1;
    if (pair.empty()) continue;
    const size_t eq = pair.find('=');
    const std::string_view key = trim(pair.substr(0, eq));
    const std::string_view value = eq == std::string_view::npos ? std::string_view() : trim(pair.substr(eq + 1));
    PARQ_RETURN_IF_ERROR(fn(key, value, eq != std::string_view::npos));
  }
  return Status::OK();
}

Status ParseWriterOptions(std::string_view text, WriterOptions* options) {
  PARQ_RETURN_IF_ERROR(ForEachOptionPair(text, [&](std::string_view key, std::string_view value, bool has_value) {
    if (has_value && value.empty()) return Bad(key, "needs a value after '='");
    return ParseWriterOption(key, value, options);
  }));
  return FileWriter::ValidateOptions(*options);
}

const WriterOptionKeys& WriterOptionNames() {
  static const WriterOptionKeys* keys = [] {
    auto* k = new WriterOptionKeys;
    for (const KeyInfo& info : kKeys) (info.valued ? k->valued : k->bare).push_back(info.name);
    return k;
  }();
  return *keys;
}

}  // namespace parq
