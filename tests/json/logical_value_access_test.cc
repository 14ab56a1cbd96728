// Typed logical values and rows (parq/logical_value_access.h):
//   * every typed value's text equals the canonical JSON text of the same
//     stored value (json/json_format.h), over sweeps of edge and random
//     values, and over every such leaf of corpus files as `parq cat` prints
//     them;
//   * the accessors name the node and what it is when it is not of the type;
//   * rows built with ToValue on a schema made by parq/schema_helpers.h go
//     through RowWriter and RowReader and come back equal, printing the same
//     text as JSON.
#include "parq/logical_value_access.h"

#include <gtest/gtest.h>

#include <chrono>
#include <limits>
#include <random>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/row_writer.h"
#include "parq/schema_helpers.h"
#include "json/json_format.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace ps = parq::schema;
using namespace std::chrono_literals;

std::string Quote(const std::string& s) { return "\"" + s + "\""; }

// The JSON form of a typed value: quoted, except a finite FLOAT16.
template <typename T>
std::string JsonOf(const T& v) {
  return Quote(v.ToString());
}
std::string JsonOf(const Float16& v) { return v.is_nan() || v.is_inf() ? Quote(v.ToString()) : v.ToString(); }

JsonTimeUnit JsonUnit(TimeUnit u) {
  return u == TimeUnit::kMillis ? JsonTimeUnit::kMillis : u == TimeUnit::kMicros ? JsonTimeUnit::kMicros
                                                                                  : JsonTimeUnit::kNanos;
}

// ---- the texts against the JSON formatters ----

TEST(LogicalValueAccessTest, EveryFloat16PrintsAsTheJson) {
  for (uint32_t b = 0; b <= 0xFFFF; ++b) {
    std::string json;
    AppendJsonFloat16(json, static_cast<uint16_t>(b));
    ASSERT_EQ(JsonOf(Float16::FromBits(static_cast<uint16_t>(b))), json) << b;
  }
}

TEST(LogicalValueAccessTest, DatesTimesAndTimestampsPrintAsTheJson) {
  std::mt19937_64 rng(23);
  constexpr int64_t kMin = std::numeric_limits<int64_t>::min(), kMax = std::numeric_limits<int64_t>::max();
  // Dates: the int32 range in steps, and the days around the epoch and year 0.
  std::vector<int64_t> days;
  for (int64_t d = std::numeric_limits<int32_t>::min(); d <= std::numeric_limits<int32_t>::max(); d += 9973) {
    days.push_back(d);
  }
  for (int64_t d = -800000; d <= 800000; d += 7) days.push_back(d);
  days.push_back(std::numeric_limits<int32_t>::max());
  for (int64_t d : days) {
    std::string json;
    AppendJsonDate(json, static_cast<int32_t>(d));
    ASSERT_EQ(JsonOf(Date(static_cast<int32_t>(d))), json) << d;
  }
  // Times and timestamps: edges, day boundaries and random int64 values.
  std::vector<int64_t> values = {0, 1, -1, kMin, kMax, kMin + 1, kMax - 1};
  for (int64_t per_day : {86400000LL, 86400000000LL, 86400000000000LL}) {
    for (int64_t k : {-3LL, -1LL, 0LL, 1LL, 20000LL}) {
      for (int64_t off : {-1LL, 0LL, 1LL}) values.push_back(k * per_day + off);
    }
  }
  for (int i = 0; i < 20000; ++i) values.push_back(static_cast<int64_t>(rng()));
  for (int i = 0; i < 20000; ++i) values.push_back(static_cast<int64_t>(rng() % 200000000000000000ULL) - 100000000000000000LL);
  for (TimeUnit unit : {TimeUnit::kMillis, TimeUnit::kMicros, TimeUnit::kNanos}) {
    for (bool utc : {false, true}) {
      for (int64_t v : values) {
        std::string json;
        AppendJsonTimestamp(json, v, JsonUnit(unit), utc);
        ASSERT_EQ(JsonOf(Timestamp(v, unit, utc)), json) << v;
        json.clear();
        AppendJsonTime(json, v, JsonUnit(unit));
        ASSERT_EQ(JsonOf(Time(v, unit, utc)), json) << v;
      }
    }
  }
}

TEST(LogicalValueAccessTest, Int96PrintsAsTheJsonOrIsRefusedOutsideInt64Nanos) {
  std::mt19937_64 rng(96);
  constexpr int64_t kDay = 86400LL * 1000000000LL;
  int refused = 0, compared = 0;
  for (int i = 0; i < 50000; ++i) {
    const int64_t nanos = i % 3 == 0 ? static_cast<int64_t>(rng())
                                     : static_cast<int64_t>(rng() % static_cast<uint64_t>(3 * kDay)) - kDay;
    const auto julian = static_cast<int32_t>(i % 2 == 0 ? static_cast<int64_t>(rng() % 200000) + 2340000
                                                        : static_cast<int64_t>(static_cast<int32_t>(rng())));
    std::string json;
    AppendJsonInt96(json, nanos, julian);
    Result<Timestamp> ts = Timestamp::FromInt96(nanos, julian);
    if (ts.ok()) {
      ASSERT_EQ(JsonOf(*ts), json) << nanos << " " << julian;
      ++compared;
    } else {
      // Only instants outside 1677-09-21 .. 2262-04-11 are refused.
      const int64_t year = std::stoll(json.substr(1, json.find('-', 2) - 1));
      EXPECT_TRUE(year <= 1677 || year >= 2262) << json;
      ++refused;
    }
  }
  EXPECT_GT(compared, 10000);
  EXPECT_GT(refused, 1000);
}

TEST(LogicalValueAccessTest, DecimalsAndUuidsPrintAsTheJson) {
  std::mt19937_64 rng(38);
  for (int i = 0; i < 50000; ++i) {
    const int32_t precision = 1 + static_cast<int32_t>(rng() % 38);
    const int32_t scale = static_cast<int32_t>(rng() % static_cast<uint64_t>(precision + 1));
    __int128 limit = 1;
    for (int k = 0; k < precision; ++k) limit *= 10;
    __int128 v = static_cast<__int128>((static_cast<unsigned __int128>(rng()) << 64) | rng()) % limit;
    if (i % 7 == 0) v = (i % 14 == 0 ? 1 : -1) * (limit - 1);  // the extremes
    ASSERT_OK_AND_ASSIGN(Decimal d, Decimal::Make(v, precision, scale));
    ASSERT_OK_AND_ASSIGN(std::string bytes, d.ToBigEndian(i % 2 == 0 ? 0 : 16));
    std::string json;
    ASSERT_OK(AppendJsonDecimal(json, std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()),
                                scale));
    ASSERT_EQ(JsonOf(d), json);
    if (precision <= 18) {
      json.clear();
      ASSERT_OK(AppendJsonDecimal(json, static_cast<int64_t>(v), scale));
      ASSERT_EQ(JsonOf(d), json);
    }
  }
  for (int i = 0; i < 1000; ++i) {
    std::array<uint8_t, 16> b;
    for (auto& x : b) x = static_cast<uint8_t>(rng());
    std::string json;
    AppendJsonUuid(json, b.data());
    ASSERT_EQ(JsonOf(Uuid(b)), json);
  }
}

// ---- corpus files ----

template <typename T>
Result<std::string> JsonOf(const Result<T>& r) {
  if (!r.ok()) return r.status();
  return JsonOf(*r);
}

// The leaf's typed value as JSON text, or the accessor's error.
Result<std::string> TypedJson(const Value& v, const SchemaNode& node) {
  if (node.physical_type() == PhysicalType::kInt96) return JsonOf(TimestampOf(v, node));
  switch (node.logical_type().kind()) {
    case LogicalType::Kind::kDecimal: return JsonOf(DecimalOf(v, node));
    case LogicalType::Kind::kDate: return JsonOf(DateOf(v, node));
    case LogicalType::Kind::kTime: return JsonOf(TimeOf(v, node));
    case LogicalType::Kind::kTimestamp: return JsonOf(TimestampOf(v, node));
    case LogicalType::Kind::kUuid: return JsonOf(UuidOf(v, node));
    case LogicalType::Kind::kFloat16: return JsonOf(Float16Of(v, node));
    default: return Status::InvalidArgument("not a typed leaf");
  }
}

bool IsTyped(const SchemaNode& node) {
  if (node.physical_type() == PhysicalType::kInt96) return node.logical_type().is_none();
  switch (node.logical_type().kind()) {
    case LogicalType::Kind::kDecimal:
    case LogicalType::Kind::kDate:
    case LogicalType::Kind::kTime:
    case LogicalType::Kind::kTimestamp:
    case LogicalType::Kind::kUuid:
    case LogicalType::Kind::kFloat16: return true;
    default: return false;
  }
}

// A leaf reached through plain structs only: its text is the innermost value
// of the projected row's JSON.
bool UnderStructsOnly(const SchemaNode& leaf) {
  if (leaf.is_repeated()) return false;
  for (const SchemaNode* n = leaf.parent(); n != nullptr && n->parent() != nullptr; n = n->parent()) {
    if (n->kind() != NodeKind::kStruct || n->is_repeated()) return false;
  }
  return true;
}

struct CorpusCounts {
  int values = 0, nulls = 0, refused = 0;
};

// Compares every value of the typed leaves of `file` with `parq cat`'s text.
void CompareFile(const std::string& path, CorpusCounts* counts) {
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  const Schema& schema = file->schema();
  int leaves = 0;
  for (const ColumnDescriptor& c : schema.columns()) {
    const SchemaNode& node = *c.node;
    if (!IsTyped(node) || !UnderStructsOnly(node)) continue;
    ++leaves;
    RowReaderOptions options;
    options.columns = {c.dotted_path};
    ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*file, options));
    ASSERT_OK_AND_ASSIGN(auto json_rows, JsonRowReader::Open(*file, options));
    std::string prefix = "{", suffix = "}";
    for (size_t i = 0; i < c.path.size(); ++i) {
      prefix += Quote(c.path[i]) + ":" + (i + 1 < c.path.size() ? "{" : "");
      if (i > 0) suffix += "}";
    }
    Value row;
    while (true) {
      ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
      if (!more) break;
      std::string json;
      ASSERT_OK(json_rows->ToJson(row, &json));
      const Value* v = &row;
      for (const std::string& name : c.path) {
        if (v == nullptr || v->is_null()) break;
        v = v->Find(name);
      }
      if (v == nullptr || v->is_null()) {
        if (v != nullptr) {
          EXPECT_STATUS_HAS(TypedJson(*v, node), StatusCode::kInvalidArgument, "is null");
        }
        ++counts->nulls;
        continue;
      }
      ASSERT_TRUE(json.starts_with(prefix) && json.ends_with(suffix)) << json;
      const std::string text = json.substr(prefix.size(), json.size() - prefix.size() - suffix.size());
      Result<std::string> typed = TypedJson(*v, node);
      if (!typed.ok() && node.physical_type() == PhysicalType::kInt96) {
        // Outside int64 nanoseconds (int96_from_spark holds years 9999 and -294554).
        const int64_t year = std::stoll(text.substr(1, text.find('-', 2) - 1));
        EXPECT_TRUE(year <= 1677 || year >= 2262) << text;
        ++counts->refused;
        continue;
      }
      ASSERT_OK(typed);
      ASSERT_EQ(*typed, text) << path << " " << c.dotted_path;
      ++counts->values;
    }
  }
  EXPECT_GT(leaves, 0) << path;
}

TEST(LogicalValueAccessTest, CorpusLeavesPrintAsParqCatPrintsThem) {
  const std::string dir = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";
  CorpusCounts counts;
  for (const char* name : {"alltypes_plain.parquet", "alltypes_dictionary.parquet", "alltypes_tiny_pages.parquet",
                           "byte_array_decimal.parquet", "byte_stream_split_extended.gzip.parquet",
                           "fixed_length_decimal.parquet", "fixed_length_decimal_legacy.parquet",
                           "float16_nonzeros_and_nans.parquet", "float16_zeros_and_nans.parquet",
                           "floating_orders_nan_count.parquet", "int32_decimal.parquet", "int64_decimal.parquet",
                           "int96_from_spark.parquet", "nested_structs.rust.parquet"}) {
    SCOPED_TRACE(name);
    CompareFile(dir + name, &counts);
  }
  EXPECT_GT(counts.values, 8000);
  EXPECT_GT(counts.nulls, 0);
  EXPECT_EQ(counts.refused, 2);  // int96_from_spark's years 9999 and -294554
}

// ---- errors ----

TEST(LogicalValueAccessTest, WrongNodesAndValuesAreNamed) {
  ASSERT_OK_AND_ASSIGN(Schema s, ps::Message({
                                     ps::Timestamp("at", TimeUnit::kMicros, true),
                                     ps::Struct("g", {ps::Decimal("price", 9, 2), ps::Float16("h")}),
                                     ps::Decimal("wide", 40, 2),
                                     ps::Int96("legacy"),
                                     ps::Time("t", TimeUnit::kMillis, false),
                                 }));
  const SchemaNode& at = *s.FindNode("at");
  const SchemaNode& price = *s.FindNode("g.price");
  EXPECT_STATUS_HAS(DecimalOf(Value::Int64(1), at), StatusCode::kInvalidArgument,
                    "'at' is INT64 (TIMESTAMP(MICROS,true)), not DECIMAL");
  EXPECT_STATUS_HAS(DateOf(Value::Int32(1), price), StatusCode::kInvalidArgument,
                    "'g.price' is INT32 (DECIMAL(9,2)), not DATE");
  EXPECT_STATUS_HAS(UuidOf(Value::Bytes("x"), *s.FindNode("g.h")), StatusCode::kInvalidArgument,
                    "'g.h' is FIXED_LEN_BYTE_ARRAY(2) (FLOAT16), not UUID");
  EXPECT_STATUS_HAS(TimestampOf(Value::Struct(), *s.FindNode("g")), StatusCode::kInvalidArgument,
                    "'g' is a group, not TIMESTAMP or INT96");
  EXPECT_STATUS_HAS(DecimalOf(Value::Null(), price), StatusCode::kInvalidArgument, "'g.price' is null");
  EXPECT_STATUS_HAS(DecimalOf(Value::Int64(5), price), StatusCode::kInvalidArgument,
                    "'g.price' holds an int64 value, not the INT32 (DECIMAL(9,2)) of its column");
  EXPECT_STATUS_HAS(TimestampOf(Value::Int64(5), *s.FindNode("legacy")), StatusCode::kInvalidArgument,
                    "'legacy' holds an int64 value");
  // A value the column's type allows but the typed value cannot hold.
  EXPECT_STATUS_HAS(DecimalOf(Value::Bytes("\x01"), *s.FindNode("wide")), StatusCode::kInvalidArgument,
                    "DECIMAL(40,2): precision must lie in 1..38 (column 'wide')");
  EXPECT_STATUS_HAS(DecimalOf(Value::Int32(1000000000), price), StatusCode::kInvalidArgument,
                    "has more than 9 digits for DECIMAL(9,2) (column 'g.price')");
  // Writing: exact or refused.
  ASSERT_OK_AND_ASSIGN(Decimal lossy, Decimal::FromString("1.555", 4, 3));
  EXPECT_STATUS_HAS(ToValue(lossy, price), StatusCode::kInvalidArgument, "1.555 would lose digits at scale 2");
  EXPECT_STATUS_HAS(ToValue(Timestamp(1, TimeUnit::kMicros, false), at), StatusCode::kInvalidArgument,
                    "a value not adjusted to UTC for 'at'");
  EXPECT_STATUS_HAS(ToValue(Timestamp(1, TimeUnit::kNanos, true), at), StatusCode::kInvalidArgument,
                    "not a whole number");
  EXPECT_STATUS_HAS(ToValue(Time(1, TimeUnit::kNanos, false), *s.FindNode("t")), StatusCode::kInvalidArgument,
                    "(column 't')");
  EXPECT_STATUS_HAS(ToValue(Uuid(), at), StatusCode::kInvalidArgument, "'at' is INT64 (TIMESTAMP(MICROS,true)), not UUID");
}

// ---- write → read ----

struct TypedRow {
  int64_t id;
  Decimal d9, d18, d38, dbin, dwide;
  Date date;
  Time tms, tus, tns;
  Timestamp tsms, tsus, tsns, legacy;
  Uuid uuid;
  Float16 half;
  std::vector<Date> dates;
};

Result<Decimal> Dec(const char* text, int32_t p, int32_t s) { return Decimal::FromString(text, p, s); }

TEST(LogicalValueAccessTest, TypedRowsRoundTripThroughRowWriterAndRowReader) {
  ASSERT_OK_AND_ASSIGN(Schema schema,
                       ps::Message({
                           ps::Int64("id"),
                           ps::Decimal("d9", 9, 2),
                           ps::Decimal("d18", 18, 0).Optional(),
                           ps::Decimal("d38", 38, 10),
                           ps::Primitive("dbin", PhysicalType::kByteArray, LogicalType::Decimal(20, 3)),
                           ps::Decimal("dwide", 40, 2),
                           ps::Date("date"),
                           ps::Time("tms", TimeUnit::kMillis, true),
                           ps::Time("tus", TimeUnit::kMicros, false),
                           ps::Time("tns", TimeUnit::kNanos, true),
                           ps::Timestamp("tsms", TimeUnit::kMillis, true),
                           ps::Timestamp("tsus", TimeUnit::kMicros, false),
                           ps::Timestamp("tsns", TimeUnit::kNanos, true),
                           ps::Int96("legacy"),
                           ps::Uuid("uuid"),
                           ps::Float16("half").Optional(),
                           ps::List("dates", ps::Date("element")).Optional(),
                       }));
  // Rows of edge values: negative decimals at every precision limit, dates
  // before 1970 and year 0, times at the ends of the day, INT96 before 1970.
  std::vector<TypedRow> rows;
  for (int i = 0; i < 3; ++i) {
    const bool neg = i == 1;
    ASSERT_OK_AND_ASSIGN(Decimal d9, Dec(i == 2 ? "0" : neg ? "-9999999.99" : "1234567.89", 9, 2));
    ASSERT_OK_AND_ASSIGN(Decimal d18, Dec(neg ? "-999999999999999999" : "42", 18, 0));
    ASSERT_OK_AND_ASSIGN(Decimal d38, Dec(neg ? "-9999999999999999999999999999.9999999999" : "0.0000000001", 38, 10));
    ASSERT_OK_AND_ASSIGN(Decimal dbin, Dec(neg ? "-128.000" : "99999999999999999.999", 20, 3));
    ASSERT_OK_AND_ASSIGN(Decimal dwide, Dec(neg ? "-1.5" : "123", 4, 1));  // rescaled to the column's (40,2)
    rows.push_back(TypedRow{
        i, d9, d18, d38, dbin, dwide,
        Date(neg ? -719529 : 19723 + i),
        Time(neg ? 0 : 86399999, TimeUnit::kMillis, true),
        Time(3723000004, TimeUnit::kMicros, false),
        Time(neg ? 86399999999999 : 1, TimeUnit::kNanos, true),
        Timestamp(neg ? -1 : 1704164645006, TimeUnit::kMillis, true),
        Timestamp(neg ? -62135596800000000 : 0, TimeUnit::kMicros, false),
        Timestamp(neg ? std::numeric_limits<int64_t>::min() : 1, TimeUnit::kNanos, true),
        Timestamp(neg ? -1 : 1704141296123456000, TimeUnit::kNanos, false),
        Uuid::FromString(neg ? "FFFFFFFF-0000-4000-8000-0123456789AB" : "0f1e2d3c-4b5a-6978-8796-a5b4c3d2e1f0").value(),
        Float16::FromFloat(neg ? -65504.0f : i == 2 ? std::numeric_limits<float>::quiet_NaN() : 0.1f),
        {Date(-1), Date(0), Date(i)},
    });
  }

  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* mem = out.get();
  ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(std::move(out), schema));
  ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
  auto field = [&](Value& row, const char* name, auto typed) -> Status {
    PARQ_ASSIGN_OR_RETURN(Value v, ToValue(typed, *schema.FindNode(name)));
    row.AddField(name, std::move(v));
    return Status::OK();
  };
  for (const TypedRow& r : rows) {
    Value row = Value::Struct();
    row.AddField("id", Value::Int64(r.id));
    ASSERT_OK(field(row, "d9", r.d9));
    ASSERT_OK(field(row, "d18", r.d18));
    ASSERT_OK(field(row, "d38", r.d38));
    ASSERT_OK(field(row, "dbin", r.dbin));
    ASSERT_OK(field(row, "dwide", r.dwide));
    ASSERT_OK(field(row, "date", r.date));
    ASSERT_OK(field(row, "tms", r.tms));
    ASSERT_OK(field(row, "tus", r.tus));
    ASSERT_OK(field(row, "tns", r.tns));
    ASSERT_OK(field(row, "tsms", r.tsms));
    ASSERT_OK(field(row, "tsus", r.tsus));
    ASSERT_OK(field(row, "tsns", r.tsns));
    ASSERT_OK(field(row, "legacy", r.legacy));
    ASSERT_OK(field(row, "uuid", r.uuid));
    ASSERT_OK(field(row, "half", r.half));
    Value list = Value::List();
    for (const Date& d : r.dates) {
      ASSERT_OK_AND_ASSIGN(Value v, ToValue(d, *schema.FindNode("dates.list.element")));
      list.Append(std::move(v));
    }
    row.AddField("dates", std::move(list));
    ASSERT_OK(rw->Write(row));
  }
  ASSERT_OK(rw->Close());
  ASSERT_OK(fw->Close());

  ASSERT_OK_AND_ASSIGN(auto fr, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(mem->bytes()))));
  EXPECT_TRUE(fr->schema().Equals(schema));
  ASSERT_OK_AND_ASSIGN(auto rr, RowReader::Open(*fr));
  ASSERT_OK_AND_ASSIGN(auto json_rows, JsonRowReader::Open(*fr));
  const Schema& s = fr->schema();
  auto node = [&](const char* name) -> const SchemaNode& { return *s.FindNode(name); };
  Value row;
  for (const TypedRow& r : rows) {
    SCOPED_TRACE(r.id);
    ASSERT_OK_AND_ASSIGN(bool more, rr->Next(&row));
    ASSERT_TRUE(more);
    auto at = [&](const char* name) -> const Value& { return *row.Find(name); };
    // Reads field `name` with `of` (DecimalOf, ...) and compares it.
    auto check = [&](const char* name, const auto& expected, auto of) {
      auto got = of(at(name), node(name));
      ASSERT_OK(got);
      EXPECT_EQ(*got, expected) << name;
    };
    check("d9", r.d9, DecimalOf);
    check("d18", r.d18, DecimalOf);
    check("d38", r.d38, DecimalOf);
    check("dbin", r.dbin, DecimalOf);
    // DECIMAL(40,2) is wider than a Decimal: read its bytes as 38 digits.
    ASSERT_OK_AND_ASSIGN(Decimal dwide, Decimal::FromBigEndian(
                                            std::span<const uint8_t>(reinterpret_cast<const uint8_t*>(at("dwide").bytes().data()),
                                                                     at("dwide").bytes().size()),
                                            38, 2));
    EXPECT_EQ(dwide.ToString(), r.dwide.Rescale(38, 2)->ToString());
    check("date", r.date, DateOf);
    check("tms", r.tms, TimeOf);
    check("tus", r.tus, TimeOf);
    check("tns", r.tns, TimeOf);
    check("tsms", r.tsms, TimestampOf);
    check("tsus", r.tsus, TimestampOf);
    check("tsns", r.tsns, TimestampOf);
    check("legacy", r.legacy, TimestampOf);
    check("uuid", r.uuid, UuidOf);
    check("half", r.half, Float16Of);
    ASSERT_EQ(at("dates").size(), r.dates.size());
    for (size_t k = 0; k < r.dates.size(); ++k) {
      ASSERT_OK_AND_ASSIGN(Date d, DateOf(at("dates")[k], node("dates.list.element")));
      EXPECT_EQ(d, r.dates[k]);
    }
    // The JSON row holds the typed values' texts.
    std::string json;
    ASSERT_OK(json_rows->ToJson(row, &json));
    std::string expected = "{\"id\":" + std::to_string(r.id) + ",\"d9\":" + JsonOf(r.d9) + ",\"d18\":" + JsonOf(r.d18) +
                           ",\"d38\":" + JsonOf(r.d38) + ",\"dbin\":" + JsonOf(r.dbin) + ",\"dwide\":" + JsonOf(dwide) +
                           ",\"date\":" + JsonOf(r.date) + ",\"tms\":" + JsonOf(r.tms) + ",\"tus\":" + JsonOf(r.tus) +
                           ",\"tns\":" + JsonOf(r.tns) + ",\"tsms\":" + JsonOf(r.tsms) + ",\"tsus\":" + JsonOf(r.tsus) +
                           ",\"tsns\":" + JsonOf(r.tsns) + ",\"legacy\":" + JsonOf(r.legacy) +
                           ",\"uuid\":" + JsonOf(r.uuid) + ",\"half\":" + JsonOf(r.half) + ",\"dates\":[" +
                           JsonOf(r.dates[0]) + "," + JsonOf(r.dates[1]) + "," + JsonOf(r.dates[2]) + "]}";
    EXPECT_EQ(json, expected);
  }
  ASSERT_OK_AND_ASSIGN(bool more, rr->Next(&row));
  EXPECT_FALSE(more);
}

}  // namespace
}  // namespace parq
