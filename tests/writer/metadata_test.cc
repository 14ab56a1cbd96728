// The footer the writer produces, checked against the compatibility tables
// of LogicalTypes.md (../shared/seeds/000_*.txt): one column for every row of
// the forward tables (LogicalType -> ConvertedType), read back as raw
// SchemaElements; column_orders, encoding_stats and dictionary_page_offset
// per chunk, for data page v1 and v2, dictionary on and off.
// (WriterMetadata.SchemaAnnotationsOrdersAndKeyValues in writer_test.cc
// covers key-value metadata and created_by.)
#include <gtest/gtest.h>

#include <functional>
#include <set>
#include <string>

#include "property_gen.h"
#include "testing/status_macros.h"
#include "writer_test_util.h"

namespace parq::writer_test {
namespace {

using FCT = format::ConvertedType;
using FLT = format::LogicalType;

struct TableRow {
  const char* field;                      // message-type text of the column
  std::optional<FCT> converted;           // the ConvertedType the table asks for (nullopt: "-")
  std::function<bool(const thrift::Box<FLT>&)> logical;  // the LogicalType written
  std::optional<int32_t> scale, precision;  // DECIMAL: SchemaElement.scale / precision
};

bool Unit(const format::TimeUnit& u, TimeUnit want) {
  return want == TimeUnit::kMillis ? u.MILLIS.has_value() : want == TimeUnit::kMicros ? u.MICROS.has_value()
                                                                                       : u.NANOS.has_value();
}
auto Int(int bits, bool sign) {
  return [=](const thrift::Box<FLT>& l) {
    return l && l->INTEGER && l->INTEGER->bitWidth == bits && l->INTEGER->isSigned == sign;
  };
}
auto Time(TimeUnit u, bool utc) {
  return [=](const thrift::Box<FLT>& l) { return l && l->TIME && l->TIME->isAdjustedToUTC == utc && Unit(l->TIME->unit, u); };
}
auto Timestamp(TimeUnit u, bool utc) {
  return [=](const thrift::Box<FLT>& l) {
    return l && l->TIMESTAMP && l->TIMESTAMP->isAdjustedToUTC == utc && Unit(l->TIMESTAMP->unit, u);
  };
}
auto Decimal(int p, int s) {
  return [=](const thrift::Box<FLT>& l) { return l && l->DECIMAL && l->DECIMAL->precision == p && l->DECIMAL->scale == s; };
}
template <typename M>
auto Has(M FLT::*member) {
  return [=](const thrift::Box<FLT>& l) { return l && (*l.*member).has_value(); };
}
bool NoLogical(const thrift::Box<FLT>& l) { return !l.has_value(); }

std::vector<TableRow> Table() {
  using U = TimeUnit;
  return {
      {"optional binary s (STRING)", FCT::UTF8, Has(&FLT::STRING), {}, {}},
      {"optional binary e (ENUM)", FCT::ENUM, Has(&FLT::ENUM), {}, {}},
      {"optional fixed_len_byte_array(16) u (UUID)", std::nullopt, Has(&FLT::UUID), {}, {}},
      {"optional int32 i8 (INTEGER(8,true))", FCT::INT_8, Int(8, true), {}, {}},
      {"optional int32 i16 (INTEGER(16,true))", FCT::INT_16, Int(16, true), {}, {}},
      {"optional int32 i32 (INTEGER(32,true))", FCT::INT_32, Int(32, true), {}, {}},
      {"optional int64 i64 (INTEGER(64,true))", FCT::INT_64, Int(64, true), {}, {}},
      {"optional int32 u8 (INTEGER(8,false))", FCT::UINT_8, Int(8, false), {}, {}},
      {"optional int32 u16 (INTEGER(16,false))", FCT::UINT_16, Int(16, false), {}, {}},
      {"optional int32 u32 (INTEGER(32,false))", FCT::UINT_32, Int(32, false), {}, {}},
      {"optional int64 u64 (INTEGER(64,false))", FCT::UINT_64, Int(64, false), {}, {}},
      {"optional int32 d32 (DECIMAL(9,2))", FCT::DECIMAL, Decimal(9, 2), 2, 9},
      {"optional int64 d64 (DECIMAL(18,4))", FCT::DECIMAL, Decimal(18, 4), 4, 18},
      {"optional fixed_len_byte_array(9) dfix (DECIMAL(20,3))", FCT::DECIMAL, Decimal(20, 3), 3, 20},
      {"optional binary dbin (DECIMAL(38,0))", FCT::DECIMAL, Decimal(38, 0), 0, 38},
      {"optional int32 date (DATE)", FCT::DATE, Has(&FLT::DATE), {}, {}},
      {"optional int32 tmu (TIME(MILLIS,true))", FCT::TIME_MILLIS, Time(U::kMillis, true), {}, {}},
      {"optional int64 tuu (TIME(MICROS,true))", FCT::TIME_MICROS, Time(U::kMicros, true), {}, {}},
      {"optional int64 tnu (TIME(NANOS,true))", std::nullopt, Time(U::kNanos, true), {}, {}},
      {"optional int32 tml (TIME(MILLIS,false))", FCT::TIME_MILLIS, Time(U::kMillis, false), {}, {}},
      {"optional int64 tul (TIME(MICROS,false))", FCT::TIME_MICROS, Time(U::kMicros, false), {}, {}},
      {"optional int64 tnl (TIME(NANOS,false))", std::nullopt, Time(U::kNanos, false), {}, {}},
      {"optional int64 smu (TIMESTAMP(MILLIS,true))", FCT::TIMESTAMP_MILLIS, Timestamp(U::kMillis, true), {}, {}},
      {"optional int64 suu (TIMESTAMP(MICROS,true))", FCT::TIMESTAMP_MICROS, Timestamp(U::kMicros, true), {}, {}},
      {"optional int64 snu (TIMESTAMP(NANOS,true))", std::nullopt, Timestamp(U::kNanos, true), {}, {}},
      {"optional int64 sml (TIMESTAMP(MILLIS,false))", FCT::TIMESTAMP_MILLIS, Timestamp(U::kMillis, false), {}, {}},
      {"optional int64 sul (TIMESTAMP(MICROS,false))", FCT::TIMESTAMP_MICROS, Timestamp(U::kMicros, false), {}, {}},
      {"optional int64 snl (TIMESTAMP(NANOS,false))", std::nullopt, Timestamp(U::kNanos, false), {}, {}},
      // INTERVAL has no LogicalType member in the format: only the ConvertedType.
      {"optional fixed_len_byte_array(12) ival (INTERVAL)", FCT::INTERVAL, NoLogical, {}, {}},
      {"optional binary j (JSON)", FCT::JSON, Has(&FLT::JSON), {}, {}},
      {"optional binary b (BSON)", FCT::BSON, Has(&FLT::BSON), {}, {}},
      {"optional fixed_len_byte_array(2) h (FLOAT16)", std::nullopt, Has(&FLT::FLOAT16), {}, {}},
      {"optional int32 plain32", std::nullopt, NoLogical, {}, {}},
      {"optional boolean flag", std::nullopt, NoLogical, {}, {}},
      {"optional double dbl", std::nullopt, NoLogical, {}, {}},
      {"optional group lst (LIST) { repeated group list { optional int32 element; } }", FCT::LIST,
       Has(&FLT::LIST), {}, {}},
      {"optional group mp (MAP) { repeated group key_value { required binary key (STRING); optional int64 value; } }",
       FCT::MAP, Has(&FLT::MAP), {}, {}},
  };
}

class CompatibilityTablesTest : public ::testing::TestWithParam<std::tuple<bool, bool>> {};

TEST_P(CompatibilityTablesTest, SchemaElementsOrdersEncodingStats) {
  auto [v2, dictionary] = GetParam();
  std::vector<TableRow> table = Table();
  std::string text = "message m {\n";
  for (const TableRow& r : table) {
    std::string f = r.field;
    text += "  " + f + (f.back() == '}' ? "\n" : ";\n");  // a group ends with its brace
  }
  text += "}";
  auto schema = ParseMessageType(text);
  ASSERT_OK(schema);

  // Rows: random values of each column's type (property_gen.h), 3 row groups.
  Gen g(42);
  Shredder shred(*schema);
  for (int r = 0; r < 300; ++r) shred.Add(g.RandomRow(*schema));
  WriterOptions o;
  o.data_page_v2 = v2;
  o.column_defaults.dictionary = dictionary;
  o.column_defaults.dictionary_only_if_smaller = false;  // random values: keep the dictionary
  o.max_rows_per_page = 40;
  o.max_rows_per_row_group = 100;
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto w = FileWriter::Open(std::move(mem), *schema, o);
  ASSERT_OK(w);
  std::vector<ShreddedColumn>& cols = shred.columns();
  for (auto& c : cols) c.row_start.push_back(static_cast<int64_t>(c.def.size()));
  for (int rb = 0; rb < 300; rb += 100) {
    for (int i = 0; i < schema->num_columns(); ++i) {
      const ColumnDescriptor& d = schema->column(i);
      const ShreddedColumn& c = cols[static_cast<size_t>(i)];
      int64_t lb = c.row_start[static_cast<size_t>(rb)], le = c.row_start[static_cast<size_t>(rb + 100)];
      Status st = Status::OK();
      auto write = [&](auto tag) {
        using T = decltype(tag);
        Values<T> vals;
        int64_t vb = 0;
        for (int64_t l = 0; l < lb; ++l) vb += c.def[static_cast<size_t>(l)] == d.max_definition_level;
        for (int64_t l = lb; l < le; ++l) {
          if (c.def[static_cast<size_t>(l)] != d.max_definition_level) continue;
          vals.push_back(ValueFromBytes<T>(c.values[static_cast<size_t>(vb++)]));
        }
        auto cw = (*w)->typed_column<T>(i);
        if (!cw.ok()) return cw.status();
        return (*cw)->WriteBatch(le - lb, c.def.data() + lb, d.max_repetition_level > 0 ? c.rep.data() + lb : nullptr,
                                 vals.empty() ? nullptr : vals.data());
      };
      switch (d.physical_type) {
        case PhysicalType::kBoolean: st = write(bool{}); break;
        case PhysicalType::kInt32: st = write(int32_t{}); break;
        case PhysicalType::kInt64: st = write(int64_t{}); break;
        case PhysicalType::kInt96: st = write(Int96{}); break;
        case PhysicalType::kFloat: st = write(float{}); break;
        case PhysicalType::kDouble: st = write(double{}); break;
        case PhysicalType::kByteArray: st = write(ByteArray{}); break;
        case PhysicalType::kFixedLenByteArray: st = write(FixedLenByteArray{}); break;
      }
      ASSERT_OK(st) << d.dotted_path;
    }
    ASSERT_OK((*w)->MaybeEndRowGroup());
  }
  ASSERT_OK((*w)->Close());
  auto md = ReadMetadata(sink->bytes());
  ASSERT_OK(md);

  // SchemaElements, in the flat depth-first order: each table row's element
  // is the first one named like its field.
  for (const TableRow& r : table) {
    std::string name = std::string(r.field);
    name = name.substr(0, name.find(" ("));
    name = name.substr(name.rfind(' ') + 1);
    const format::SchemaElement* el = nullptr;
    for (const auto& e : md->schema) {
      if (std::string_view(e.name) == name) {
        el = &e;
        break;
      }
    }
    ASSERT_NE(el, nullptr) << name;
    EXPECT_EQ(el->converted_type, r.converted) << r.field;
    EXPECT_TRUE(r.logical(el->logicalType)) << r.field;
    EXPECT_EQ(el->scale, r.scale) << r.field;
    EXPECT_EQ(el->precision, r.precision) << r.field;
  }
  // The nested levels of the LIST and MAP carry no annotation (MAP_KEY_VALUE
  // is never written).
  for (const auto& e : md->schema) {
    if (e.name == "list" || e.name == "key_value" || e.name == "element" || e.name == "key") {
      EXPECT_FALSE(e.logicalType.has_value() && (e.logicalType->LIST || e.logicalType->MAP)) << e.name;
      EXPECT_NE(e.converted_type, FCT::MAP_KEY_VALUE) << e.name;
    }
  }
  // column_orders: TYPE_ORDER for every leaf.
  ASSERT_TRUE(md->column_orders.has_value());
  ASSERT_EQ(md->column_orders->size(), static_cast<size_t>(schema->num_columns()));
  for (const auto& co : *md->column_orders) EXPECT_TRUE(co.TYPE_ORDER.has_value());

  // encoding_stats and dictionary_page_offset per chunk.
  ASSERT_EQ(md->row_groups.size(), 3u);
  for (const auto& rg : md->row_groups) {
    for (int i = 0; i < schema->num_columns(); ++i) {
      const ColumnDescriptor& d = schema->column(i);
      const format::ColumnMetaData& cm = *rg.columns[static_cast<size_t>(i)].meta_data;
      ASSERT_TRUE(cm.encoding_stats.has_value()) << d.dotted_path;
      int dict_pages = 0, data_pages = 0;
      std::set<format::Encoding> from_stats;
      for (const auto& es : *cm.encoding_stats) {
        from_stats.insert(es.encoding);
        if (es.page_type == format::PageType::DICTIONARY_PAGE) {
          dict_pages += es.count;
          EXPECT_EQ(es.encoding, format::Encoding::PLAIN) << d.dotted_path;
        } else {
          EXPECT_EQ(es.page_type, v2 ? format::PageType::DATA_PAGE_V2 : format::PageType::DATA_PAGE) << d.dotted_path;
          data_pages += es.count;
          if (dictionary && d.physical_type != PhysicalType::kBoolean) {
            EXPECT_EQ(es.encoding, format::Encoding::RLE_DICTIONARY) << d.dotted_path;
          }
        }
      }
      EXPECT_GE(data_pages, 3) << d.dotted_path;  // 100 rows, 40 per page
      const bool want_dict = dictionary && d.physical_type != PhysicalType::kBoolean;
      EXPECT_EQ(dict_pages, want_dict ? 1 : 0) << d.dotted_path;
      EXPECT_EQ(cm.dictionary_page_offset.has_value(), want_dict) << d.dotted_path;
      if (want_dict) {
        EXPECT_LT(*cm.dictionary_page_offset, cm.data_page_offset) << d.dotted_path;
      }
      // Every encoding used by a page is listed in `encodings`.
      std::set<format::Encoding> listed(cm.encodings.begin(), cm.encodings.end());
      for (format::Encoding e : from_stats) EXPECT_TRUE(listed.count(e)) << d.dotted_path << " " << int(e);
    }
  }

  // Read back, the schema resolves to the one written (the backward tables).
  auto r = OpenBytes(sink->bytes());
  ASSERT_OK(r);
  EXPECT_TRUE((*r)->schema().Equals(*schema)) << (*r)->schema().ToString();
}

INSTANTIATE_TEST_SUITE_P(Writer, CompatibilityTablesTest, ::testing::Combine(::testing::Bool(), ::testing::Bool()),
                         [](const ::testing::TestParamInfo<std::tuple<bool, bool>>& info) {
                           return std::string(std::get<0>(info.param) ? "v2" : "v1") +
                                  (std::get<1>(info.param) ? "_dictionary" : "_plain");
                         });

// The backward tables: a file with only ConvertedTypes (an old writer) reads
// as the LogicalTypes the tables give.
TEST(BackwardCompatibilityTest, ConvertedTypesAloneReadAsLogicalTypes) {
  struct Row {
    ConvertedType converted;
    LogicalType want;
  };
  const Row rows[] = {
      {ConvertedType::kInt8, LogicalType::Int(8, true)},     {ConvertedType::kInt16, LogicalType::Int(16, true)},
      {ConvertedType::kInt32, LogicalType::Int(32, true)},   {ConvertedType::kInt64, LogicalType::Int(64, true)},
      {ConvertedType::kUint8, LogicalType::Int(8, false)},   {ConvertedType::kUint16, LogicalType::Int(16, false)},
      {ConvertedType::kUint32, LogicalType::Int(32, false)}, {ConvertedType::kUint64, LogicalType::Int(64, false)},
      {ConvertedType::kTimeMillis, LogicalType::Time(TimeUnit::kMillis, true)},
      {ConvertedType::kTimeMicros, LogicalType::Time(TimeUnit::kMicros, true)},
      {ConvertedType::kTimestampMillis, LogicalType::Timestamp(TimeUnit::kMillis, true)},
      {ConvertedType::kTimestampMicros, LogicalType::Timestamp(TimeUnit::kMicros, true)},
      {ConvertedType::kUtf8, LogicalType::String()},
  };
  for (const Row& row : rows) {
    auto lt = LogicalType::FromConvertedType(row.converted);
    ASSERT_OK(lt) << ConvertedTypeName(row.converted);
    EXPECT_EQ(*lt, row.want) << ConvertedTypeName(row.converted);
  }
}

}  // namespace
}  // namespace parq::writer_test
