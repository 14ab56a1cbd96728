// The public inspection API: parq::ReadPageInfos (parq/page_info.h),
// parq::FooterToJson (parq/footer_json.h) and parq::ParseLeafText
// (parq/json.h), over files the tests write and corpus files.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "json/json_value.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/footer_json.h"
#include "parq/json.h"
#include "parq/page_info.h"
#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

// 1000 rows of {id, name (every third null)} in pages of 100 rows, v1 or v2,
// uncompressed, CRCs written.
std::string WriteTestFile(const std::string& name, bool v2) {
  const std::string path = ::testing::TempDir() + "/" + name;
  auto schema = ParseMessageType("message m { required int64 id; optional binary name (STRING); }").value();
  WriterOptions options;
  options.max_rows_per_page = 100;
  options.data_page_v2 = v2;
  options.column_defaults.dictionary = false;
  auto writer = FileWriter::Open(path, schema, options).value();
  std::vector<int64_t> ids;
  std::vector<std::string> texts;
  std::vector<ByteArray> names;
  std::vector<int16_t> def;
  for (int i = 0; i < 1000; ++i) {
    ids.push_back(i);
    def.push_back(i % 3 == 0 ? 0 : 1);
    if (i % 3 != 0) texts.push_back("n" + std::to_string(i));
  }
  for (const std::string& t : texts) names.emplace_back(t);
  EXPECT_OK(writer->typed_column<int64_t>(0).value()->WriteBatch(1000, nullptr, nullptr, ids.data()));
  EXPECT_OK(writer->typed_column<ByteArray>(1).value()->WriteBatch(1000, def.data(), nullptr, names.data()));
  EXPECT_OK(writer->Close());
  return path;
}

TEST(PageInfoTest, ListsEveryPageOfAWrittenFileWithItsFacts) {
  for (bool v2 : {false, true}) {
    const std::string path = WriteTestFile(v2 ? "inspect_v2.parquet" : "inspect_v1.parquet", v2);
    ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*reader, 0, 1));
    ASSERT_EQ(pages.size(), 10u);
    const ColumnChunkMetaData chunk = reader->metadata().row_group(0).column(1);
    EXPECT_EQ(static_cast<int64_t>(pages[0].file_offset), chunk.data_page_offset());
    int64_t values = 0, bytes = 0;
    for (size_t i = 0; i < pages.size(); ++i) {
      const PageInfo& p = pages[i];
      EXPECT_EQ(p.ordinal, static_cast<int64_t>(i));
      EXPECT_EQ(p.type, v2 ? PageType::kDataPageV2 : PageType::kDataPage);
      EXPECT_EQ(p.crc, CrcStatus::kOk);
      ASSERT_TRUE(p.stored_crc.has_value());
      EXPECT_EQ(*p.stored_crc, p.computed_crc);
      EXPECT_EQ(p.encoding, Encoding::kPlain);
      ASSERT_TRUE(p.num_values.has_value());
      values += *p.num_values;
      bytes += p.header_size + p.compressed_size;
      ASSERT_TRUE(p.statistics.has_value());
      EXPECT_TRUE(p.statistics->null_count.has_value());
      if (v2) {
        EXPECT_EQ(p.num_rows, 100);
        EXPECT_EQ(p.num_nulls, p.statistics->null_count);
        EXPECT_FALSE(p.definition_level_encoding.has_value());
      } else {
        EXPECT_EQ(p.definition_level_encoding, Encoding::kRle);
        EXPECT_FALSE(p.num_rows.has_value());
      }
      if (i + 1 < pages.size()) {
        EXPECT_EQ(pages[i + 1].file_offset, p.file_offset + p.header_size + p.compressed_size);
      }
    }
    EXPECT_EQ(values, 1000);
    EXPECT_EQ(bytes, chunk.total_compressed_size());
    std::remove(path.c_str());
  }
}

TEST(PageInfoTest, ACorruptedBodyIsABadCrcNotAnError) {
  const std::string path = WriteTestFile("inspect_crc.parquet", false);
  uint64_t where = 0;
  {
    ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path));
    ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*reader, 0, 0));
    ASSERT_GE(pages.size(), 3u);
    where = pages[2].file_offset + pages[2].header_size + 5;  // a byte of page 2's values
  }
  {
    std::fstream f(path, std::ios::in | std::ios::out | std::ios::binary);
    f.seekg(static_cast<std::streamoff>(where));
    char c = 0;
    f.get(c);
    f.seekp(static_cast<std::streamoff>(where));
    f.put(static_cast<char>(c ^ 0x40));
  }
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path));
  ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*reader, 0, 0));
  for (const PageInfo& p : pages) EXPECT_EQ(p.crc, p.ordinal == 2 ? CrcStatus::kBad : CrcStatus::kOk) << p.ordinal;
  EXPECT_NE(*pages[2].stored_crc, pages[2].computed_crc);
  EXPECT_EQ(CrcStatusName(pages[2].crc), "bad");
  std::remove(path.c_str());
}

TEST(PageInfoTest, CorpusChecksumsAndDictionaryPages) {
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(kData + "datapage_v1-corrupt-checksum.parquet"));
  ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*reader, 0, 0));
  ASSERT_EQ(pages.size(), 2u);
  EXPECT_EQ(pages[0].crc, CrcStatus::kBad);
  EXPECT_EQ(pages[1].crc, CrcStatus::kOk);

  ASSERT_OK_AND_ASSIGN(reader, FileReader::Open(kData + "plain-dict-uncompressed-checksum.parquet"));
  ASSERT_OK_AND_ASSIGN(pages, ReadPageInfos(*reader, 0, 0));
  ASSERT_GE(pages.size(), 2u);
  EXPECT_EQ(pages[0].type, PageType::kDictionaryPage);
  EXPECT_TRUE(pages[0].num_values.has_value());
  for (const PageInfo& p : pages) EXPECT_EQ(p.crc, CrcStatus::kOk);

  ASSERT_OK_AND_ASSIGN(reader, FileReader::Open(kData + "alltypes_plain.parquet"));
  ASSERT_OK_AND_ASSIGN(pages, ReadPageInfos(*reader, 0, 0));
  for (const PageInfo& p : pages) EXPECT_EQ(p.crc, CrcStatus::kAbsent);
  EXPECT_STATUS(ReadPageInfos(*reader, 1, 0).status(), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ReadPageInfos(*reader, 0, 99).status(), StatusCode::kInvalidArgument);
}

TEST(FooterToJsonTest, ParsesAndCarriesTheFooterFields) {
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(kData + "data_index_bloom_encoding_stats.parquet"));
  const std::string json = FooterToJson(reader->metadata());
  ASSERT_OK_AND_ASSIGN(JsonValue v, ParseJson(json));
  ASSERT_EQ(v.kind, JsonValue::Kind::kObject);
  ASSERT_NE(v.Find("num_rows"), nullptr);
  EXPECT_EQ(v.Find("num_rows")->text, std::to_string(reader->metadata().num_rows()));
  const JsonValue* schema = v.Find("schema");
  ASSERT_NE(schema, nullptr);
  ASSERT_EQ(schema->items.size(), 2u);
  EXPECT_EQ(schema->items[1].Find("name")->text, "String");
  EXPECT_EQ(schema->items[1].Find("type")->text, "BYTE_ARRAY");
  EXPECT_NE(schema->items[1].Find("logicalType")->Find("STRING"), nullptr);
  // Binary statistics are base64: "Hello" and "today".
  const JsonValue& meta = *v.Find("row_groups")->items[0].Find("columns")->items[0].Find("meta_data");
  EXPECT_EQ(meta.Find("statistics")->Find("min_value")->text, "SGVsbG8=");
  EXPECT_EQ(meta.Find("statistics")->Find("max_value")->text, "dG9kYXk=");
  EXPECT_EQ(meta.Find("codec")->text, "GZIP");
  EXPECT_NE(meta.Find("bloom_filter_offset"), nullptr);
}

TEST(FooterToJsonTest, EveryCorpusFooterIsJson) {
  int files = 0;
  for (const auto& e : std::filesystem::directory_iterator(kData)) {
    if (e.path().extension() != ".parquet") continue;
    auto reader = FileReader::Open(e.path().string());
    if (!reader.ok()) continue;  // encrypted footers and the like
    const std::string json = FooterToJson((*reader)->metadata());
    ASSERT_OK_AND_ASSIGN(JsonValue v, ParseJson(json));
    ASSERT_NE(v.Find("num_rows"), nullptr) << e.path();
    EXPECT_EQ(v.Find("num_rows")->text, std::to_string((*reader)->metadata().num_rows())) << e.path();
    ASSERT_NE(v.Find("schema"), nullptr) << e.path();
    // The flat schema list: the root, the groups and one element per leaf.
    EXPECT_GT(v.Find("schema")->items.size(), static_cast<size_t>((*reader)->schema().num_columns())) << e.path();
    EXPECT_EQ(v.Find("schema")->items[0].Find("name")->text, (*reader)->schema().root().name()) << e.path();
    ++files;
  }
  EXPECT_GT(files, 50);
}

TEST(ParseLeafTextTest, ReadsByTheColumnsLogicalType) {
  auto schema = ParseMessageType(R"(message m {
    required int32 d (DATE);
    required binary s (STRING);
    required int64 ts (TIMESTAMP(MICROS,true));
    required int32 dec (DECIMAL(4,2));
    required double x;
  })").value();
  ASSERT_OK_AND_ASSIGN(Value d, ParseLeafText(schema.column(0), "1970-01-11"));
  EXPECT_EQ(d.int32_value(), 10);
  ASSERT_OK_AND_ASSIGN(Value s, ParseLeafText(schema.column(1), "42"));  // not a number for a STRING
  EXPECT_EQ(s.bytes(), "42");
  ASSERT_OK_AND_ASSIGN(s, ParseLeafText(schema.column(1), "\"quoted\""));
  EXPECT_EQ(s.bytes(), "quoted");
  ASSERT_OK_AND_ASSIGN(Value ts, ParseLeafText(schema.column(2), "1970-01-01T00:00:01Z"));
  EXPECT_EQ(ts.int64_value(), 1'000'000);
  ASSERT_OK_AND_ASSIGN(Value dec, ParseLeafText(schema.column(3), "12.34"));
  EXPECT_EQ(dec.int32_value(), 1234);
  ASSERT_OK_AND_ASSIGN(Value x, ParseLeafText(schema.column(4), "NaN"));
  EXPECT_TRUE(x.double_value() != x.double_value());
  EXPECT_STATUS_HAS(ParseLeafText(schema.column(0), "yesterday").status(), StatusCode::kInvalidArgument,
                    "value 'yesterday' for column d");
  EXPECT_STATUS(ParseLeafText(schema.column(3), "123.456").status(), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace parq
