#include "inspect_util.h"

#include <algorithm>
#include <cstdio>
#include <span>

#include "key_flags.h"

namespace parq::cli {
namespace {

template <typename T>
void OptInt(JsonWriter& w, const char* key, const std::optional<T>& v) {
  if (!v) return;
  w.Key(key);
  w.Int64(static_cast<int64_t>(*v));
}

}  // namespace

int WriteStdout(const std::string& out) {
  std::fwrite(out.data(), 1, out.size(), stdout);
  return std::fflush(stdout) == 0 ? kExitOk : ReportError(Status::IOError("cannot write to stdout"));
}

std::unique_ptr<FileReader> OpenForVerb(int argc, char** argv, const VerbHelp& help, size_t min_args,
                                        size_t max_args, const char* count_error, Args* args, int* exit_code) {
  std::string error;
  if (!args->Parse(argc, argv, help.flags, &error)) {
    *exit_code = ReportUsage(error, help.usage);
    return nullptr;
  }
  if (args->positional().size() < min_args || args->positional().size() > max_args) {
    *exit_code = ReportUsage(count_error, help.usage);
    return nullptr;
  }
  ReaderOptions options;
  options.verify_checksums = !args->Has("no-verify-checksums");
  if (Status st = ApplyKeyFlags(*args, &options); !st.ok()) {
    *exit_code = ReportUsage(st.ToString(), help.usage);
    return nullptr;
  }
  auto reader = FileReader::Open(args->positional()[0], options);
  if (!reader.ok()) {
    *exit_code = ReportError(reader.status());
    return nullptr;
  }
  ReportWarnings((*reader)->metadata());
  return std::move(*reader);
}

int ForEachChunk(const FileReader& reader, const std::vector<int>& columns, bool json, const ChunkFn& fn) {
  const FileMetaData& md = reader.metadata();
  std::string out;
  JsonWriter w(&out);
  if (json) w.BeginArray();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    for (int c : columns) {
      const ColumnDescriptor& d = md.schema().column(c);
      const LeafFormatter f(d);
      const ChunkVisit chunk{g, c, d, f, "row group " + std::to_string(g) + ", column " + std::to_string(c) + " " + d.dotted_path};
      if (json) {
        w.BeginObject();
        w.Key("row_group");
        w.Int64(g);
        w.Key("column");
        w.Int64(c);
        w.Key("path");
        w.String(d.dotted_path);
      }
      if (Status st = fn(chunk, w, out); !st.ok()) {
        if (!json) std::fwrite(out.data(), 1, out.size(), stdout);  // the chunks before it
        return ReportError(st);
      }
      if (json) w.EndObject();
    }
  }
  if (json) {
    w.EndArray();
    out.push_back('\n');
  }
  return WriteStdout(out);
}

std::vector<std::string> SplitList(const std::string& s) {
  std::vector<std::string> out;
  size_t start = 0;
  while (start <= s.size()) {
    size_t comma = s.find(',', start);
    if (comma == std::string::npos) comma = s.size();
    if (comma > start) out.push_back(s.substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

Result<std::vector<int>> SelectColumns(const Schema& schema, const std::vector<std::string>& lists) {
  std::vector<int> out;
  for (const std::string& list : lists) {
    for (const std::string& path : SplitList(list)) {
      PARQ_RETURN_IF_ERROR(schema.LookupColumn(path).status());
      out.push_back(schema.FindColumnIndex(path));
    }
  }
  if (lists.empty()) {
    for (int c = 0; c < schema.num_columns(); ++c) out.push_back(c);
  }
  std::sort(out.begin(), out.end());
  out.erase(std::unique(out.begin(), out.end()), out.end());
  return out;
}

std::string JoinInts(std::span<const int64_t> v) {
  std::string s = "[";
  for (size_t i = 0; i < v.size(); ++i) s += (i ? "," : "") + std::to_string(v[i]);
  return s + "]";
}

void WriteInt64Array(JsonWriter& w, std::span<const int64_t> v) {
  w.BeginArray();
  for (int64_t x : v) w.Int64(x);
  w.EndArray();
}

std::string PlainValueText(const LeafFormatter& f, std::string_view bytes) {
  std::string out;
  auto span = std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  if (!f.Plain(out, span).ok()) {
    out.clear();
    AppendJsonBase64(out, span);
  }
  return out;
}

void WriteStatisticsJson(JsonWriter& w, const EncodedStatistics& s, const LeafFormatter& f) {
  w.BeginObject();
  OptInt(w, "null_count", s.null_count);
  OptInt(w, "distinct_count", s.distinct_count);
  OptInt(w, "nan_count", s.nan_count);
  auto value = [&](const char* key, const std::optional<std::string>& v) {
    if (!v) return;
    w.Key(key);
    w.RawNumber(PlainValueText(f, *v));  // already a complete JSON value
  };
  value("min_value", s.min_value);
  value("max_value", s.max_value);
  if (s.is_min_value_exact) {
    w.Key("is_min_value_exact");
    w.Bool(*s.is_min_value_exact);
  }
  if (s.is_max_value_exact) {
    w.Key("is_max_value_exact");
    w.Bool(*s.is_max_value_exact);
  }
  value("min", s.legacy_min);
  value("max", s.legacy_max);
  w.EndObject();
}

std::string StatisticsText(const EncodedStatistics& s, const LeafFormatter& f) {
  std::string line = "statistics:";
  if (s.null_count) line += " nulls " + std::to_string(*s.null_count);
  if (s.distinct_count) line += ", distinct " + std::to_string(*s.distinct_count);
  if (s.nan_count) line += ", NaNs " + std::to_string(*s.nan_count);
  if (s.min_value) {
    line += ", min " + PlainValueText(f, *s.min_value);
    if (s.is_min_value_exact && !*s.is_min_value_exact) line += " (truncated)";
  }
  if (s.max_value) {
    line += ", max " + PlainValueText(f, *s.max_value);
    if (s.is_max_value_exact && !*s.is_max_value_exact) line += " (truncated)";
  }
  if (s.legacy_min) line += ", legacy min " + PlainValueText(f, *s.legacy_min);
  if (s.legacy_max) line += ", legacy max " + PlainValueText(f, *s.legacy_max);
  return line;
}

void WriteGeospatialJson(JsonWriter& w, const GeospatialStatistics& g) {
  w.BeginObject();
  if (g.bbox) {
    const BoundingBox& b = *g.bbox;
    w.Key("bbox");
    w.BeginObject();
    auto put = [&](const char* key, std::optional<double> v) {
      if (!v) return;
      w.Key(key);
      w.Double(*v);
    };
    put("xmin", b.xmin);
    put("xmax", b.xmax);
    put("ymin", b.ymin);
    put("ymax", b.ymax);
    put("zmin", b.zmin);
    put("zmax", b.zmax);
    put("mmin", b.mmin);
    put("mmax", b.mmax);
    w.EndObject();
  }
  if (g.geospatial_types) {
    w.Key("geospatial_types");
    w.BeginArray();
    for (int32_t t : *g.geospatial_types) w.Int64(t);
    w.EndArray();
  }
  w.EndObject();
}

std::string GeospatialText(const GeospatialStatistics& g) {
  auto num = [](double v) {
    std::string s;
    AppendJsonDouble(s, v);
    return s;
  };
  auto range = [&](const char* axis, const std::optional<double>& lo, const std::optional<double>& hi) {
    return lo && hi ? std::string(" ") + axis + " [" + num(*lo) + ", " + num(*hi) + "]" : std::string();
  };
  std::string s = "geospatial:";
  if (g.bbox) {
    const BoundingBox& b = *g.bbox;
    s += " bbox";
    if (b.xmin > b.xmax) {
      s += " x " + num(b.xmin) + " .. " + num(b.xmax) + " (across the antimeridian)";
    } else {
      s += range("x", b.xmin, b.xmax);
    }
    s += range("y", b.ymin, b.ymax) + range("z", b.zmin, b.zmax) + range("m", b.mmin, b.mmax);
  } else {
    s += " no bbox";
  }
  if (g.geospatial_types) {
    std::vector<int64_t> types(g.geospatial_types->begin(), g.geospatial_types->end());
    s += ", types " + (types.empty() ? std::string("[] (unknown)") : JoinInts(types));
  }
  return s;
}

}  // namespace parq::cli
