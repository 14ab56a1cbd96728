// GEOMETRY and GEOGRAPHY columns written: GeospatialStatistics in each
// chunk's ColumnMetaData (and no min/max, their sort order being undefined),
// none when statistics are off, and malformed WKB refused naming its row by
// RowWriter (the row rolled back) and by the typed column writer.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "stats/wkb_test_util.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using parq::testing::WkbPoint;
using parq::testing::WkbWriter;

constexpr char kSchema[] = R"(message m {
  required int32 id;
  optional binary g (GEOMETRY);
  optional binary h (GEOGRAPHY);
})";

class GeospatialWriteTest : public ::testing::Test {
 protected:
  void SetUp() override {
    ASSERT_OK_AND_ASSIGN(schema_, ParseMessageType(kSchema));
    path_ = (fs::temp_directory_path() / ("parq_geo_write_" + std::to_string(::getpid()) + ".parquet")).string();
  }
  void TearDown() override { fs::remove(path_); }

  Value Row(int32_t id, const std::optional<std::string>& g, const std::optional<std::string>& h) {
    Value row = Value::Struct();
    row.AddField("id", Value::Int32(id));
    row.AddField("g", g ? Value::Bytes(*g) : Value::Null());
    row.AddField("h", h ? Value::Bytes(*h) : Value::Null());
    return row;
  }

  Schema schema_;
  std::string path_;
};

TEST_F(GeospatialWriteTest, ChunksCarryTheirStatisticsAndNoMinMax) {
  {
    ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(path_, schema_));
    ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file));
    ASSERT_OK(rows->Write(Row(0, WkbPoint(30, 10), WkbPoint(170, 5))));
    ASSERT_OK(rows->Write(Row(1, std::nullopt, std::nullopt)));
    ASSERT_OK(rows->Write(Row(2, WkbWriter().LineString(1002, 3, {-1, 2, 3, 4, 50, 6}).str(), WkbPoint(-170, -5))));
    ASSERT_OK(rows->Close());
    ASSERT_OK(file->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path_));
  const ColumnChunkMetaData g = reader->metadata().row_group(0).column(1);
  ASSERT_OK_AND_ASSIGN(auto gs, [&]() -> Result<GeospatialStatistics> {
    auto s = g.geospatial_statistics();
    if (!s) return Status::Corrupt("no geospatial statistics");
    return *s;
  }());
  EXPECT_EQ(gs.geospatial_types, (std::vector<int32_t>{1, 1002}));
  EXPECT_EQ(gs.bbox, (BoundingBox{-1, 30, 2, 50, 3.0, 6.0, std::nullopt, std::nullopt}));
  ASSERT_TRUE(g.statistics());
  EXPECT_EQ(g.statistics()->null_count, 1);
  EXPECT_FALSE(g.statistics()->min_value);
  EXPECT_FALSE(g.statistics()->max_value);

  // GEOGRAPHY: the shorter way round, across the antimeridian.
  auto hs = reader->metadata().row_group(0).column(2).geospatial_statistics();
  ASSERT_TRUE(hs && hs->bbox);
  EXPECT_EQ(hs->bbox, (BoundingBox{170, -170, -5, 5, std::nullopt, std::nullopt, std::nullopt, std::nullopt}));
  EXPECT_FALSE(reader->metadata().row_group(0).column(0).geospatial_statistics());
}

TEST_F(GeospatialWriteTest, NoneWhenStatisticsAreOff) {
  WriterOptions options;
  options.column_defaults.statistics = false;
  {
    ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(path_, schema_, options));
    ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file));
    ASSERT_OK(rows->Write(Row(0, WkbPoint(1, 2), WkbPoint(3, 4))));
    ASSERT_OK(rows->Close());
    ASSERT_OK(file->Close());
  }
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path_));
  EXPECT_FALSE(reader->metadata().row_group(0).column(1).geospatial_statistics());
  EXPECT_FALSE(reader->metadata().row_group(0).column(2).geospatial_statistics());
}

TEST_F(GeospatialWriteTest, RowWriterRefusesMalformedWkbNamingTheRow) {
  ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(path_, schema_));
  ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*file));
  ASSERT_OK(rows->Write(Row(0, WkbPoint(1, 2), std::nullopt)));
  EXPECT_STATUS_HAS(rows->Write(Row(1, WkbPoint(1, 2).substr(0, 9), std::nullopt)), StatusCode::kInvalidArgument,
                    "row 1: field 'g': malformed WKB at byte 5: 1 points of 2 coordinates need 16 bytes, 4 left");
  EXPECT_STATUS_HAS(rows->Write(Row(1, std::nullopt, WkbWriter().Header(2).U32(0xFFFFFFFFu).str())),
                    StatusCode::kInvalidArgument, "row 1: field 'h': malformed WKB at byte 9: 4294967295 points");
  // The refused rows were rolled back: the next is written as row 1.
  ASSERT_OK(rows->Write(Row(1, WkbPoint(5, 6), std::nullopt)));
  ASSERT_OK(rows->Close());
  ASSERT_OK(file->Close());
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path_));
  EXPECT_EQ(reader->metadata().num_rows(), 2);
  auto gs = reader->metadata().row_group(0).column(1).geospatial_statistics();
  ASSERT_TRUE(gs && gs->bbox);
  EXPECT_EQ(gs->bbox->xmax, 5);
}

TEST_F(GeospatialWriteTest, ColumnWriterRefusesMalformedWkbNamingTheRow) {
  ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(path_, schema_));
  ASSERT_OK_AND_ASSIGN(auto* col, file->typed_column<ByteArray>(1));
  const std::string good = WkbPoint(1, 2), bad = WkbWriter().Header(9).str();
  auto bytes = [](const std::string& s) {
    return ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
  };
  const ByteArray values[] = {bytes(good), bytes(good), bytes(bad)};
  const int16_t def[] = {1, 0, 1, 0, 1};
  ASSERT_OK(col->WriteBatch(2, def, nullptr, values));  // rows 0, 1
  EXPECT_STATUS_HAS(col->WriteBatch(5, def, nullptr, values), StatusCode::kInvalidArgument,
                    "row 6 of the row group (non-null value 2 of the batch): malformed WKB at byte 1: unknown "
                    "geometry type code 9");
}

}  // namespace
}  // namespace parq
