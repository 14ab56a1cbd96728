// parq geospatial-stats FILE [--columns a,b.c] [--json] [--compute]: the
// GeospatialStatistics of each GEOMETRY / GEOGRAPHY column chunk (bounding
// box, geospatial type codes) and, with --compute, the statistics parq
// computes from the chunk's WKB values beside them and whether the two
// agree (GEOGRAPHY boxes within 1e-9 degrees).  A malformed value is skipped there with a note on stderr naming
// its row (the file is only read, so it is no error).
#include <cmath>
#include <cstdio>
#include <vector>

#include "cli.h"
#include "inspect_util.h"
#include "parq/file_reader.h"
#include "stats/geospatial_builder.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq geospatial-stats FILE [--columns a,b.c] [--json] [--compute]";

// The statistics of chunk (g, c) from its values; malformed ones skipped
// (counted in *skipped, each noted on stderr).
Result<GeospatialStatistics> Compute(const FileReader& reader, int g, int c, int64_t* skipped) {
  const ColumnDescriptor& d = reader.schema().column(c);
  stats::GeospatialStatisticsBuilder b(d);
  PARQ_ASSIGN_OR_RETURN(auto column, reader.OpenColumn(g, c));
  TypedColumnReader<ByteArray>* r = column->As<ByteArray>();
  constexpr int64_t kBatch = 1024;
  std::vector<int16_t> def(kBatch), rep(kBatch);
  std::vector<ByteArray> values(kBatch);
  int64_t row = -1;
  while (true) {
    int64_t n = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t levels, r->ReadBatch(kBatch, def.data(), rep.data(), values.data(), &n));
    if (levels == 0) break;
    for (int64_t l = 0, v = 0; l < levels; ++l) {
      if (d.max_repetition_level == 0 || rep[static_cast<size_t>(l)] == 0) ++row;
      if (d.max_definition_level > 0 && def[static_cast<size_t>(l)] != d.max_definition_level) continue;
      Status st = b.Update(values[static_cast<size_t>(v++)].view());
      if (st.ok()) continue;
      ++*skipped;
      if (!Quiet()) {
        std::fprintf(stderr, "parq: note: row group %d, column %s, row %lld: %s; skipped\n", g,
                     d.dotted_path.c_str(), static_cast<long long>(row), st.message().c_str());
      }
    }
  }
  return b.ToPublic();
}

// GEOGRAPHY boxes made by other writers' spherical arithmetic differ from
// parq's in the last bits (S2 widens its bounds by a few ulps): they agree
// within this many degrees.  GEOMETRY boxes agree exactly.
constexpr double kGeographyTolerance = 1e-9;

bool Agree(const std::optional<GeospatialStatistics>& held, const GeospatialStatistics& computed, bool geography) {
  if (!held) return false;
  if (!geography) return *held == computed;
  if (held->geospatial_types != computed.geospatial_types || held->bbox.has_value() != computed.bbox.has_value()) {
    return false;
  }
  if (!held->bbox) return true;
  const BoundingBox& a = *held->bbox;
  const BoundingBox& b = *computed.bbox;
  auto near = [](double x, double y) { return std::fabs(x - y) <= kGeographyTolerance; };
  return near(a.xmin, b.xmin) && near(a.xmax, b.xmax) && near(a.ymin, b.ymin) && near(a.ymax, b.ymax) &&
         a.zmin == b.zmin && a.zmax == b.zmax && a.mmin == b.mmin && a.mmax == b.mmax;
}

Status Chunk(const FileReader& reader, const ChunkVisit& visit, bool json, bool compute, JsonWriter& w,
             std::string& out) {
  const std::optional<GeospatialStatistics> held =
      reader.metadata().row_group(visit.row_group).column(visit.column).geospatial_statistics();
  std::optional<GeospatialStatistics> computed;
  int64_t skipped = 0;
  if (compute) {
    PARQ_ASSIGN_OR_RETURN(GeospatialStatistics c, Compute(reader, visit.row_group, visit.column, &skipped));
    computed = std::move(c);
  }
  const bool geography = visit.descriptor.logical_type.kind() == LogicalType::Kind::kGeography;
  const bool agree = computed && Agree(held, *computed, geography);
  if (json) {
    if (held) {
      w.Key("geospatial_statistics");
      WriteGeospatialJson(w, *held);
    }
    if (computed) {
      w.Key("computed");
      WriteGeospatialJson(w, *computed);
      w.Key("skipped_values");
      w.Int64(skipped);
      w.Key("agrees");
      w.Bool(agree);
    }
    return Status::OK();
  }
  out += visit.heading + ":\n";
  out += "  " + (held ? GeospatialText(*held) : std::string("no geospatial statistics")) + "\n";
  if (computed) {
    out += "  computed " + GeospatialText(*computed) +
           (skipped > 0 ? " (" + std::to_string(skipped) + " malformed values skipped)" : std::string()) + "\n";
    out += std::string("  ") +
           (agree ? (geography ? "agrees with the file (within 1e-9 degrees)" : "agrees with the file")
                  : "differs from the file") +
           "\n";
  }
  return Status::OK();
}

}  // namespace

const VerbHelp& GeospatialStatsHelp() {
  static const VerbHelp h{kUsage,
                          {{"columns", "a,b.c", "only these columns (dotted paths; repeatable)"},
                           {"json", nullptr, "one JSON array of chunks"},
                           {"compute", nullptr, "also compute them from the values (malformed WKB skipped, noted)"}}};
  return h;
}

int RunGeospatialStats(int argc, char** argv) {
  Args args;
  int exit_code = kExitOk;
  auto reader = OpenForVerb(argc, argv, GeospatialStatsHelp(), 1, 1, "expected one FILE", &args, &exit_code);
  if (!reader) return exit_code;
  auto selected = SelectColumns(reader->schema(), args.GetAll("columns"));
  if (!selected.ok()) return ReportUsage(selected.status().message(), kUsage);
  // Only GEOMETRY / GEOGRAPHY columns have them.
  std::vector<int> columns;
  for (int c : *selected) {
    if (stats::GeospatialStatisticsBuilder::AppliesTo(reader->schema().column(c))) columns.push_back(c);
  }
  if (columns.empty() && !args.GetAll("columns").empty()) {
    return ReportUsage("none of the chosen columns is GEOMETRY or GEOGRAPHY", kUsage);
  }
  const bool json = args.Has("json"), compute = args.Has("compute");
  return ForEachChunk(*reader, columns, json, [&](const ChunkVisit& chunk, JsonWriter& w, std::string& text) {
    return Chunk(*reader, chunk, json, compute, w, text);
  });
}

}  // namespace parq::cli
