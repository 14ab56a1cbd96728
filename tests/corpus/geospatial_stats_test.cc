// GeospatialStatistics against the corpus (parquet-testing/data/geospatial):
// for every chunk that carries them, what parq computes from the chunk's WKB
// values equals what the file holds, field by field (GEOMETRY exactly;
// GEOGRAPHY, whose spherical edge bounds other writers compute with other
// floating-point steps, within 1e-9 degrees), and `parq rewrite` of each file
// writes the same statistics again.
//
// One GEOGRAPHY chunk differs, on purpose: DataFusion's box of
// geography-polygons.parquet row group 28 is [-180, 180] x [-44.5, 90], as
// if one of its small rings that cross the antimeridian enclosed the north
// pole; each ring there winds around no pole (its longitudes turn by 0
// degrees), so parq writes the tight box 148.8 .. -171.7 (across the
// antimeridian) x [-44.5, -7.2].  Both bound every value; the test checks
// that parq's lies inside the file's.
#include <gtest/gtest.h>
#include <unistd.h>

#include <algorithm>
#include <cmath>
#include <filesystem>
#include <string>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "parq/file_reader.h"
#include "parq/metadata.h"
#include "stats/geospatial_builder.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

std::vector<fs::path> GeospatialFiles() {
  std::vector<fs::path> out;
  for (const auto& e : fs::directory_iterator(corpus_test::kTesting / "data" / "geospatial")) {
    if (e.path().extension() == ".parquet") out.push_back(e.path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

// The statistics parq computes from the values of chunk (g, c).
Result<GeospatialStatistics> Compute(const FileReader& file, int g, int c) {
  stats::GeospatialStatisticsBuilder b(file.schema().column(c));
  PARQ_ASSIGN_OR_RETURN(auto column, file.OpenColumn(g, c));
  TypedColumnReader<ByteArray>* r = column->As<ByteArray>();
  constexpr int64_t kBatch = 256;
  std::vector<int16_t> def(kBatch), rep(kBatch);
  std::vector<ByteArray> values(kBatch);
  while (true) {
    int64_t n = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t levels, r->ReadBatch(kBatch, def.data(), rep.data(), values.data(), &n));
    if (levels == 0) break;
    for (int64_t i = 0; i < n; ++i) PARQ_RETURN_IF_ERROR(b.Update(values[static_cast<size_t>(i)].view()));
  }
  return b.ToPublic();
}

void ExpectNear(const std::optional<double>& got, const std::optional<double>& want, double tolerance,
                const char* what) {
  ASSERT_EQ(got.has_value(), want.has_value()) << what;
  if (!want) return;
  if (tolerance == 0) {
    EXPECT_EQ(*got, *want) << what;
  } else {
    EXPECT_NEAR(*got, *want, tolerance) << what;
  }
}

// True when longitude x lies in [lo, hi], an arc that may cross the antimeridian.
bool InArc(double x, double lo, double hi) { return lo <= hi ? lo <= x && x <= hi : x >= lo || x <= hi; }

// parq's GEOGRAPHY box inside the file's (see the file comment).
void ExpectInside(const BoundingBox& got, const BoundingBox& want) {
  EXPECT_TRUE(InArc(got.xmin, want.xmin, want.xmax) && InArc(got.xmax, want.xmin, want.xmax));
  EXPECT_GE(got.ymin, want.ymin);
  EXPECT_LE(got.ymax, want.ymax);
  EXPECT_FALSE(got == want);  // the exception is still one
}

bool LooserInTheFile(const fs::path& path, int g) {
  return path.filename() == "geography-polygons.parquet" && g == 28;
}

void ExpectSameStatistics(const GeospatialStatistics& got, const GeospatialStatistics& want, double tolerance,
                          bool looser_in_the_file = false) {
  EXPECT_EQ(got.geospatial_types, want.geospatial_types);
  if (looser_in_the_file) {
    ASSERT_TRUE(got.bbox && want.bbox);
    ExpectInside(*got.bbox, *want.bbox);
    return;
  }
  ASSERT_EQ(got.bbox.has_value(), want.bbox.has_value());
  if (!want.bbox) return;
  const BoundingBox& a = *got.bbox;
  const BoundingBox& b = *want.bbox;
  ExpectNear(a.xmin, b.xmin, tolerance, "xmin");
  ExpectNear(a.xmax, b.xmax, tolerance, "xmax");
  ExpectNear(a.ymin, b.ymin, tolerance, "ymin");
  ExpectNear(a.ymax, b.ymax, tolerance, "ymax");
  ExpectNear(a.zmin, b.zmin, 0, "zmin");
  ExpectNear(a.zmax, b.zmax, 0, "zmax");
  ExpectNear(a.mmin, b.mmin, 0, "mmin");
  ExpectNear(a.mmax, b.mmax, 0, "mmax");
}

double ToleranceFor(const ColumnDescriptor& d) {
  return d.logical_type.kind() == LogicalType::Kind::kGeography ? 1e-9 : 0;
}

TEST(GeospatialStatsCorpusTest, ComputedFromTheValuesEqualsWhatTheFileHolds) {
  int chunks = 0;
  for (const fs::path& path : GeospatialFiles()) {
    SCOPED_TRACE(path.filename().string());
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path.string()));
    const FileMetaData& md = file->metadata();
    for (int g = 0; g < md.num_row_groups(); ++g) {
      for (int c = 0; c < md.schema().num_columns(); ++c) {
        const std::optional<GeospatialStatistics> held = md.row_group(g).column(c).geospatial_statistics();
        if (!held) continue;
        SCOPED_TRACE("row group " + std::to_string(g) + ", column " + std::to_string(c));
        ASSERT_OK_AND_ASSIGN(GeospatialStatistics got, Compute(*file, g, c));
        ExpectSameStatistics(got, *held, ToleranceFor(md.schema().column(c)), LooserInTheFile(path, g));
        ++chunks;
      }
    }
  }
  EXPECT_GT(chunks, 100);  // geospatial.parquet alone has 31 row groups with them
}

TEST(GeospatialStatsCorpusTest, RewriteKeepsThem) {
  const fs::path dir = fs::temp_directory_path() / ("parq_geo_rewrite_" + std::to_string(::getpid()));
  fs::create_directories(dir);
  int chunks = 0;
  for (const fs::path& path : GeospatialFiles()) {
    SCOPED_TRACE(path.filename().string());
    const fs::path out = dir / path.filename();
    const testing::CliRun run =
        // The decoding path recomputes them (the raw path copies them as stored).
        testing::RunParq("rewrite --no-raw-copy " + testing::Quote(path.string()) + " " + testing::Quote(out.string()));
    ASSERT_EQ(run.exit_code, 0) << run.out;
    ASSERT_OK_AND_ASSIGN(auto in, FileReader::Open(path.string()));
    ASSERT_OK_AND_ASSIGN(auto copy, FileReader::Open(out.string()));
    const FileMetaData& a = in->metadata();
    const FileMetaData& b = copy->metadata();
    ASSERT_EQ(a.num_row_groups(), b.num_row_groups());
    for (int g = 0; g < a.num_row_groups(); ++g) {
      for (int c = 0; c < a.schema().num_columns(); ++c) {
        const auto held = a.row_group(g).column(c).geospatial_statistics();
        const auto written = b.row_group(g).column(c).geospatial_statistics();
        const bool geo = stats::GeospatialStatisticsBuilder::AppliesTo(a.schema().column(c));
        EXPECT_EQ(written.has_value(), geo);
        if (!held) continue;  // parquet-cpp writes none for GEOGRAPHY; parq does
        SCOPED_TRACE("row group " + std::to_string(g) + ", column " + std::to_string(c));
        ASSERT_TRUE(written);
        ExpectSameStatistics(*written, *held, ToleranceFor(a.schema().column(c)), LooserInTheFile(path, g));
        ++chunks;
      }
    }
  }
  fs::remove_all(dir);
  EXPECT_GT(chunks, 100);
}

}  // namespace
}  // namespace parq
