// GeospatialStatistics in the CLI: `parq meta` (text and --json) and
// `parq geospatial-stats` on corpus files, and a file holding malformed WKB
// (made by writing a plain binary column, then annotating it GEOMETRY in the
// footer): geospatial-stats --compute skips the value with a note naming its
// row, and `parq rewrite` refuses it naming the row.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <string>

#include "format/footer.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "stats/wkb_test_util.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::CliRun;
using testing::Quote;
using testing::RunParq;
using testing::Stderr;

const std::string kGeo = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/geospatial/";

TEST(GeospatialCliTest, MetaPrintsThemAsTextAndJson) {
  CliRun r = RunParq("meta " + Quote(kGeo + "crs-default.parquet"), Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("    geospatial: bbox x [-111, -104] y [41, 45], types [3]\n"), std::string::npos) << r.out;
  r = RunParq("meta --json " + Quote(kGeo + "geospatial-with-nan.parquet"), Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"geospatial_statistics\":{\"bbox\":{\"xmin\":10,\"xmax\":130,\"ymin\":20,\"ymax\":140,"
                       "\"zmin\":30,\"zmax\":150,\"mmin\":40,\"mmax\":160},\"geospatial_types\":[3001,3002]}"),
            std::string::npos)
      << r.out;
}

TEST(GeospatialCliTest, GeospatialStatsShowsAndComputesThem) {
  CliRun r = RunParq("geospatial-stats --compute " + Quote(kGeo + "geospatial.parquet"), Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("row group 0, column 2 geometry:\n  geospatial: bbox x [10, 40] y [10, 40] z [30, 80] "
                       "m [200, 1600], types [1,2,3,4,5,6,7,1001,"),
            std::string::npos)
      << r.out;
  EXPECT_EQ(r.out.find("differs"), std::string::npos) << r.out;
  EXPECT_NE(r.out.find("agrees with the file\n"), std::string::npos);
  // Only GEOMETRY / GEOGRAPHY columns are listed.
  EXPECT_EQ(r.out.find("column 1 wkt"), std::string::npos) << r.out;
  r = RunParq("geospatial-stats --json " + Quote(kGeo + "crs-srid.parquet"), Stderr::kShown);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("\"geospatial_types\":[3]"), std::string::npos) << r.out;
  r = RunParq("geospatial-stats --columns wkt " + Quote(kGeo + "crs-srid.parquet"), Stderr::kMerged);
  EXPECT_EQ(r.exit_code, 2) << r.out;
  EXPECT_NE(r.out.find("none of the chosen columns is GEOMETRY or GEOGRAPHY"), std::string::npos) << r.out;
}

// A file whose column g holds WKB with a truncated second value, annotated
// GEOMETRY only in its footer (parq's writers refuse to write it).
class MalformedWkbFileTest : public ::testing::Test {
 protected:
  void SetUp() override {
    path_ = (fs::temp_directory_path() / ("parq_geo_bad_" + std::to_string(::getpid()) + ".parquet")).string();
    ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { optional binary g; }"));
    auto out = std::make_unique<MemoryOutputStream>();
    MemoryOutputStream* mem = out.get();
    ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(std::move(out), schema));
    ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file));
    for (const std::string& v : {testing::WkbPoint(1, 2), testing::WkbPoint(3, 4).substr(0, 10),
                                 testing::WkbPoint(5, 6)}) {
      Value row = Value::Struct();
      row.AddField("g", Value::Bytes(v));
      ASSERT_OK(rows->Write(row));
    }
    ASSERT_OK(rows->Close());
    ASSERT_OK(file->Close());
    const std::string bytes = mem->Take();
    // The footer: its length sits before the closing magic.
    uint32_t len;
    std::memcpy(&len, bytes.data() + bytes.size() - 8, 4);
    const size_t start = bytes.size() - 8 - len;
    ASSERT_OK_AND_ASSIGN(auto decoded, format::DecodeFileMetaData(reinterpret_cast<const uint8_t*>(bytes.data()) + start,
                                                                  len, ReaderOptions{}));
    format::FileMetaData md = *decoded;
    format::LogicalType geometry;
    geometry.GEOMETRY = format::GeometryType{};
    md.schema[1].logicalType = geometry;
    MemoryOutputStream footer;
    ASSERT_OK(format::WriteFooter(md, &footer));
    std::ofstream(path_, std::ios::binary) << bytes.substr(0, start) << footer.Take();
  }
  void TearDown() override {
    fs::remove(path_);
    fs::remove(path_ + ".out");
  }
  std::string path_;
};

TEST_F(MalformedWkbFileTest, ComputingSkipsTheValueWithANote) {
  CliRun r = RunParq("geospatial-stats --compute " + Quote(path_), Stderr::kMerged);
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("parq: note: row group 0, column g, row 1: malformed WKB at byte 5: 1 points of 2 "
                       "coordinates need 16 bytes, 5 left; skipped\n"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("computed geospatial: bbox x [1, 5] y [2, 6], types [1] (1 malformed values skipped)"),
            std::string::npos)
      << r.out;
  EXPECT_NE(r.out.find("no geospatial statistics"), std::string::npos) << r.out;
}

TEST_F(MalformedWkbFileTest, RewriteRefusesItNamingTheRow) {
  // The decoding path checks the values (the raw path copies the pages as stored).
  CliRun r = RunParq("rewrite --no-raw-copy " + Quote(path_) + " " + Quote(path_ + ".out"), Stderr::kMerged);
  EXPECT_EQ(r.exit_code, 1) << r.out;
  EXPECT_NE(r.out.find("row 1 of the row group (non-null value 1 of the batch): malformed WKB at byte 5"),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(path_ + ".out"));
}

}  // namespace
}  // namespace parq
