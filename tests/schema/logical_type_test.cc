// LogicalType: text form, both compatibility tables row by row, and the
// physical-type validity rules.
#include "parq/logical_type.h"

#include <gtest/gtest.h>

#include "testing/status_macros.h"

namespace parq {
namespace {

using K = LogicalType::Kind;
using CT = ConvertedType;

TEST(LogicalTypeTextTest, ParquetJavaForms) {
  EXPECT_EQ(LogicalType::String().ToString(), "STRING");
  EXPECT_EQ(LogicalType::Decimal(9, 2).ToString(), "DECIMAL(9,2)");
  EXPECT_EQ(LogicalType::Timestamp(TimeUnit::kMicros, true).ToString(), "TIMESTAMP(MICROS,true)");
  EXPECT_EQ(LogicalType::Time(TimeUnit::kNanos, false).ToString(), "TIME(NANOS,false)");
  EXPECT_EQ(LogicalType::Int(8, false).ToString(), "INTEGER(8,false)");
  EXPECT_EQ(LogicalType::Int(64, true).ToString(), "INTEGER(64,true)");
  EXPECT_EQ(LogicalType::Variant().ToString(), "VARIANT");
  EXPECT_EQ(LogicalType::Variant(1).ToString(), "VARIANT(1)");
  EXPECT_EQ(LogicalType::Geometry().ToString(), "GEOMETRY");
  EXPECT_EQ(LogicalType::Geometry("OGC:CRS84").ToString(), "GEOMETRY(OGC:CRS84)");
  EXPECT_EQ(LogicalType::Geography("srid:4326", EdgeAlgorithm::kKarney).ToString(), "GEOGRAPHY(srid:4326,KARNEY)");
  EXPECT_EQ(LogicalType::None().ToString(), "NONE");
  EXPECT_EQ(LogicalType::Unknown().ToString(), "UNKNOWN");
  EXPECT_EQ(LogicalType::Interval().ToString(), "INTERVAL");
  EXPECT_EQ(LogicalType::Float16().ToString(), "FLOAT16");
  EXPECT_EQ(LogicalType::Uuid().ToString(), "UUID");
}

TEST(LogicalTypeTextTest, ParseRoundTripsEveryKind) {
  const LogicalType all[] = {
      LogicalType::String(),         LogicalType::Map(),
      LogicalType::List(),           LogicalType::Enum(),
      LogicalType::Decimal(38, 10),  LogicalType::Date(),
      LogicalType::Time(TimeUnit::kMillis, true), LogicalType::Timestamp(TimeUnit::kNanos, false),
      LogicalType::Interval(),       LogicalType::Int(16, true),
      LogicalType::Unknown(),        LogicalType::Json(),
      LogicalType::Bson(),           LogicalType::Uuid(),
      LogicalType::Float16(),        LogicalType::Variant(),
      LogicalType::Variant(1),       LogicalType::Geometry(),
      LogicalType::Geometry("OGC:CRS84"), LogicalType::Geography(),
      LogicalType::Geography("OGC:CRS84"), LogicalType::Geography("OGC:CRS84", EdgeAlgorithm::kSpherical),
      LogicalType::File(),
  };
  for (const LogicalType& t : all) {
    Result<LogicalType> back = LogicalType::Parse(t.ToString());
    ASSERT_OK(back) << t.ToString();
    EXPECT_EQ(*back, t) << t.ToString();
  }
}

TEST(LogicalTypeTextTest, CrsWithGrammarCharactersIsQuoted) {
  const std::string projjson = R"j({"type": "GeographicCRS", "name": "x (y)", "q": "a\"b"})j";
  LogicalType g = LogicalType::Geometry(projjson);
  EXPECT_EQ(g.ToString(), R"j(GEOMETRY("{\"type\": \"GeographicCRS\", \"name\": \"x (y)\", \"q\": \"a\\\"b\"}"))j");
  Result<LogicalType> back = LogicalType::Parse(g.ToString());
  ASSERT_OK(back);
  EXPECT_EQ(back->crs(), projjson);
  LogicalType h = LogicalType::Geography("srid, 4326", EdgeAlgorithm::kAndoyer);
  EXPECT_EQ(h.ToString(), R"j(GEOGRAPHY("srid, 4326",ANDOYER))j");
  EXPECT_EQ(*LogicalType::Parse(h.ToString()), h);
  EXPECT_NOT_OK(LogicalType::Parse(R"j(GEOMETRY("unterminated))j"));
}

TEST(LogicalTypeTextTest, ParseErrors) {
  EXPECT_EQ(LogicalType::Parse("DECIMAL(0,0)").status().message(),
            "logical type 'DECIMAL(0,0)': expected DECIMAL(precision,scale) with 1 <= precision and 0 <= scale <= "
            "precision");
  EXPECT_EQ(LogicalType::Parse("INTEGER(12,true)").status().message(),
            "logical type 'INTEGER(12,true)': expected INTEGER(8|16|32|64,true|false)");
  EXPECT_EQ(LogicalType::Parse("TIME(SECONDS,true)").status().message(),
            "logical type 'TIME(SECONDS,true)': expected (MILLIS|MICROS|NANOS,true|false)");
  EXPECT_EQ(LogicalType::Parse("STRING(1)").status().message(), "logical type 'STRING(1)': takes no parameters");
  EXPECT_EQ(LogicalType::Parse("UTF8").status().message(), "logical type 'UTF8': unknown logical type");
  EXPECT_NOT_OK(LogicalType::Parse("DECIMAL(9,2"));
}

TEST(ConvertedTypeNamesTest, AllIdsHaveNames) {
  for (int i = 0; i <= 21; ++i) {
    auto t = static_cast<ConvertedType>(i);
    std::string_view name = ConvertedTypeName(t);
    ASSERT_NE(name, "UNKNOWN") << i;
    EXPECT_EQ(ConvertedTypeFromName(name), t);
  }
  EXPECT_EQ(ConvertedTypeName(CT::kMapKeyValue), "MAP_KEY_VALUE");
  EXPECT_EQ(ConvertedTypeName(CT::kNone), "NONE");
  EXPECT_EQ(ConvertedTypeName(static_cast<ConvertedType>(22)), "UNKNOWN");
  EXPECT_FALSE(ConvertedTypeFromName("STRING").has_value());
}

// Backward compatibility: ConvertedType -> LogicalType, one row each.
TEST(LogicalTypeCompatTest, BackwardTable) {
  struct Row {
    ConvertedType ct;
    LogicalType expect;
  };
  const Row rows[] = {
      {CT::kUtf8, LogicalType::String()},
      {CT::kMap, LogicalType::Map()},
      {CT::kMapKeyValue, LogicalType::None()},
      {CT::kList, LogicalType::List()},
      {CT::kEnum, LogicalType::Enum()},
      {CT::kDate, LogicalType::Date()},
      {CT::kTimeMillis, LogicalType::Time(TimeUnit::kMillis, true)},
      {CT::kTimeMicros, LogicalType::Time(TimeUnit::kMicros, true)},
      {CT::kTimestampMillis, LogicalType::Timestamp(TimeUnit::kMillis, true)},
      {CT::kTimestampMicros, LogicalType::Timestamp(TimeUnit::kMicros, true)},
      {CT::kUint8, LogicalType::Int(8, false)},
      {CT::kUint16, LogicalType::Int(16, false)},
      {CT::kUint32, LogicalType::Int(32, false)},
      {CT::kUint64, LogicalType::Int(64, false)},
      {CT::kInt8, LogicalType::Int(8, true)},
      {CT::kInt16, LogicalType::Int(16, true)},
      {CT::kInt32, LogicalType::Int(32, true)},
      {CT::kInt64, LogicalType::Int(64, true)},
      {CT::kJson, LogicalType::Json()},
      {CT::kBson, LogicalType::Bson()},
      {CT::kInterval, LogicalType::Interval()},
      {CT::kNone, LogicalType::None()},
  };
  for (const Row& r : rows) {
    Result<LogicalType> got = LogicalType::FromConvertedType(r.ct);
    ASSERT_OK(got) << ConvertedTypeName(r.ct);
    EXPECT_EQ(*got, r.expect) << ConvertedTypeName(r.ct) << " gave " << got->ToString();
  }
}

TEST(LogicalTypeCompatTest, BackwardDecimalUsesElementScaleAndPrecision) {
  EXPECT_EQ(*LogicalType::FromConvertedType(CT::kDecimal, 2, 9), LogicalType::Decimal(9, 2));
  // Scale defaults to 0.
  EXPECT_EQ(*LogicalType::FromConvertedType(CT::kDecimal, std::nullopt, 5), LogicalType::Decimal(5, 0));
  EXPECT_EQ(LogicalType::FromConvertedType(CT::kDecimal, 2, std::nullopt).status().message(),
            "DECIMAL without precision");
  EXPECT_EQ(LogicalType::FromConvertedType(CT::kDecimal, 5, 4).status().message(),
            "DECIMAL scale 5 is outside 0..4");
  EXPECT_EQ(LogicalType::FromConvertedType(CT::kDecimal, 0, 0).status().message(),
            "DECIMAL precision 0 is not positive");
  Result<LogicalType> unknown = LogicalType::FromConvertedType(static_cast<ConvertedType>(40));
  EXPECT_STATUS(unknown, StatusCode::kUnsupported);
  EXPECT_EQ(unknown.status().message(), "unknown converted type 40");
}

// Forward compatibility: LogicalType -> ConvertedType, one row each.
TEST(LogicalTypeCompatTest, ForwardTable) {
  struct Row {
    LogicalType t;
    ConvertedType expect;
  };
  const Row rows[] = {
      {LogicalType::String(), CT::kUtf8},
      {LogicalType::Map(), CT::kMap},
      {LogicalType::List(), CT::kList},
      {LogicalType::Enum(), CT::kEnum},
      {LogicalType::Decimal(9, 2), CT::kDecimal},
      {LogicalType::Date(), CT::kDate},
      {LogicalType::Time(TimeUnit::kMillis, true), CT::kTimeMillis},
      {LogicalType::Time(TimeUnit::kMicros, true), CT::kTimeMicros},
      {LogicalType::Time(TimeUnit::kNanos, true), CT::kNone},
      {LogicalType::Time(TimeUnit::kMillis, false), CT::kTimeMillis},
      {LogicalType::Time(TimeUnit::kMicros, false), CT::kTimeMicros},
      {LogicalType::Time(TimeUnit::kNanos, false), CT::kNone},
      {LogicalType::Timestamp(TimeUnit::kMillis, true), CT::kTimestampMillis},
      {LogicalType::Timestamp(TimeUnit::kMicros, true), CT::kTimestampMicros},
      {LogicalType::Timestamp(TimeUnit::kNanos, true), CT::kNone},
      {LogicalType::Timestamp(TimeUnit::kMillis, false), CT::kTimestampMillis},
      {LogicalType::Timestamp(TimeUnit::kMicros, false), CT::kTimestampMicros},
      {LogicalType::Timestamp(TimeUnit::kNanos, false), CT::kNone},
      {LogicalType::Int(8, true), CT::kInt8},
      {LogicalType::Int(16, true), CT::kInt16},
      {LogicalType::Int(32, true), CT::kInt32},
      {LogicalType::Int(64, true), CT::kInt64},
      {LogicalType::Int(8, false), CT::kUint8},
      {LogicalType::Int(16, false), CT::kUint16},
      {LogicalType::Int(32, false), CT::kUint32},
      {LogicalType::Int(64, false), CT::kUint64},
      {LogicalType::Json(), CT::kJson},
      {LogicalType::Bson(), CT::kBson},
      {LogicalType::Interval(), CT::kInterval},
      {LogicalType::Unknown(), CT::kNone},
      {LogicalType::Uuid(), CT::kNone},
      {LogicalType::Float16(), CT::kNone},
      {LogicalType::Variant(1), CT::kNone},
      {LogicalType::Geometry(), CT::kNone},
      {LogicalType::Geography(), CT::kNone},
      {LogicalType::File(), CT::kNone},
      {LogicalType::None(), CT::kNone},
  };
  for (const Row& r : rows) {
    EXPECT_EQ(r.t.ToConvertedType(), r.expect) << r.t.ToString();
  }
}

struct Fit {
  LogicalType t;
  PhysicalType p;
  int32_t len;
  bool ok;
};

TEST(LogicalTypeApplicabilityTest, PhysicalTypeRules) {
  using P = PhysicalType;
  const Fit fits[] = {
      {LogicalType::String(), P::kByteArray, -1, true},
      {LogicalType::String(), P::kInt32, -1, false},
      {LogicalType::String(), P::kFixedLenByteArray, 4, false},
      {LogicalType::Enum(), P::kByteArray, -1, true},
      {LogicalType::Json(), P::kByteArray, -1, true},
      {LogicalType::Bson(), P::kByteArray, -1, true},
      {LogicalType::Bson(), P::kInt64, -1, false},
      {LogicalType::Geometry(), P::kByteArray, -1, true},
      {LogicalType::Geography(), P::kFixedLenByteArray, 8, false},
      {LogicalType::Uuid(), P::kFixedLenByteArray, 16, true},
      {LogicalType::Uuid(), P::kFixedLenByteArray, 15, false},
      {LogicalType::Uuid(), P::kByteArray, -1, false},
      {LogicalType::Float16(), P::kFixedLenByteArray, 2, true},
      {LogicalType::Float16(), P::kFixedLenByteArray, 4, false},
      {LogicalType::Interval(), P::kFixedLenByteArray, 12, true},
      {LogicalType::Interval(), P::kFixedLenByteArray, 16, false},
      {LogicalType::Date(), P::kInt32, -1, true},
      {LogicalType::Date(), P::kInt64, -1, false},
      {LogicalType::Time(TimeUnit::kMillis, true), P::kInt32, -1, true},
      {LogicalType::Time(TimeUnit::kMillis, true), P::kInt64, -1, false},
      {LogicalType::Time(TimeUnit::kMicros, false), P::kInt64, -1, true},
      {LogicalType::Time(TimeUnit::kMicros, false), P::kInt32, -1, false},
      {LogicalType::Time(TimeUnit::kNanos, true), P::kInt64, -1, true},
      {LogicalType::Timestamp(TimeUnit::kMillis, true), P::kInt64, -1, true},
      {LogicalType::Timestamp(TimeUnit::kMillis, true), P::kInt96, -1, false},
      {LogicalType::Int(8, true), P::kInt32, -1, true},
      {LogicalType::Int(16, false), P::kInt32, -1, true},
      {LogicalType::Int(32, true), P::kInt32, -1, true},
      {LogicalType::Int(32, true), P::kInt64, -1, false},
      {LogicalType::Int(64, false), P::kInt64, -1, true},
      {LogicalType::Int(64, true), P::kInt32, -1, false},
      {LogicalType::Int(12, true), P::kInt32, -1, false},
      {LogicalType::Decimal(9, 2), P::kInt32, -1, true},
      {LogicalType::Decimal(10, 2), P::kInt32, -1, false},
      {LogicalType::Decimal(18, 0), P::kInt64, -1, true},
      {LogicalType::Decimal(19, 0), P::kInt64, -1, false},
      {LogicalType::Decimal(38, 0), P::kFixedLenByteArray, 16, true},
      {LogicalType::Decimal(39, 0), P::kFixedLenByteArray, 16, false},
      {LogicalType::Decimal(2, 0), P::kFixedLenByteArray, 1, true},
      {LogicalType::Decimal(3, 0), P::kFixedLenByteArray, 1, false},
      {LogicalType::Decimal(500, 3), P::kByteArray, -1, true},
      {LogicalType::Decimal(5, 3), P::kDouble, -1, false},
      {LogicalType::Unknown(), P::kBoolean, -1, true},
      {LogicalType::Unknown(), P::kInt96, -1, true},
      {LogicalType::None(), P::kFloat, -1, true},
      {LogicalType::List(), P::kInt32, -1, false},
      {LogicalType::Map(), P::kByteArray, -1, false},
      {LogicalType::Variant(), P::kByteArray, -1, false},
      {LogicalType::File(), P::kByteArray, -1, false},
  };
  for (const Fit& f : fits) {
    Status st = f.t.CheckApplicable(f.p, f.len);
    EXPECT_EQ(st.ok(), f.ok) << f.t.ToString() << " on " << PhysicalTypeName(f.p) << "(" << f.len
                             << "): " << st.ToString();
  }
}

TEST(LogicalTypeApplicabilityTest, MessagesSayWhy) {
  EXPECT_EQ(LogicalType::Decimal(10, 2).CheckApplicable(PhysicalType::kInt32, -1).message(),
            "DECIMAL(10,2) cannot annotate INT32: needs precision <= 9 on INT32");
  EXPECT_EQ(LogicalType::Uuid().CheckApplicable(PhysicalType::kFixedLenByteArray, 8).message(),
            "UUID cannot annotate FIXED_LEN_BYTE_ARRAY(8): needs FIXED_LEN_BYTE_ARRAY(16)");
  EXPECT_EQ(LogicalType::Decimal(39, 0).CheckApplicable(PhysicalType::kFixedLenByteArray, 16).message(),
            "DECIMAL(39,0) cannot annotate FIXED_LEN_BYTE_ARRAY(16): needs precision <= 38 for 16 bytes");
  EXPECT_EQ(LogicalType::String().CheckApplicableToGroup().message(), "STRING cannot annotate a group");
  EXPECT_OK(LogicalType::List().CheckApplicableToGroup());
  EXPECT_OK(LogicalType::Map().CheckApplicableToGroup());
  EXPECT_OK(LogicalType::Variant().CheckApplicableToGroup());
  EXPECT_OK(LogicalType::File().CheckApplicableToGroup());
  EXPECT_OK(LogicalType::None().CheckApplicableToGroup());
}

TEST(LogicalTypeApplicabilityTest, DecimalDigitsPerLength) {
  const int32_t expect[] = {0, 2, 4, 6, 9, 11, 14, 16, 18, 21, 23, 26, 28, 31, 33, 35, 38};
  for (int32_t n = 0; n <= 16; ++n) EXPECT_EQ(MaxDecimalPrecisionForLength(n), expect[n]) << n;
  EXPECT_EQ(MaxDecimalPrecisionForLength(32), 76);
  EXPECT_EQ(MaxDecimalPrecisionForLength(-3), 0);
  EXPECT_GT(MaxDecimalPrecisionForLength(INT32_MAX), 0);
}

TEST(LogicalTypeValueTest, Accessors) {
  LogicalType t = LogicalType::Timestamp(TimeUnit::kNanos, false);
  EXPECT_EQ(t.kind(), K::kTimestamp);
  EXPECT_EQ(t.time_unit(), TimeUnit::kNanos);
  EXPECT_FALSE(t.is_adjusted_to_utc());
  LogicalType d = LogicalType::Decimal(12, 4);
  EXPECT_EQ(d.precision(), 12);
  EXPECT_EQ(d.scale(), 4);
  LogicalType i = LogicalType::Int(16, false);
  EXPECT_EQ(i.bit_width(), 16);
  EXPECT_FALSE(i.is_signed());
  LogicalType g = LogicalType::Geography("x", EdgeAlgorithm::kThomas);
  EXPECT_EQ(g.crs(), "x");
  EXPECT_EQ(g.edge_algorithm(), EdgeAlgorithm::kThomas);
  EXPECT_EQ(LogicalType::Variant(1).variant_spec_version(), std::optional<int8_t>(1));
  EXPECT_TRUE(LogicalType().is_none());
  EXPECT_NE(LogicalType::Time(TimeUnit::kMillis, true), LogicalType::Time(TimeUnit::kMillis, false));
  EXPECT_NE(LogicalType::Time(TimeUnit::kMillis, true), LogicalType::Timestamp(TimeUnit::kMillis, true));
}

}  // namespace
}  // namespace parq
