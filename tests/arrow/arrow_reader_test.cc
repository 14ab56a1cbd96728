// ExportArrowSchema / ExportArrowStream: the type table, values with nulls at
// every level, batches and row groups, dictionary arrays, errors, and the
// whole corpus (every file exports, in any batch size, to the same rows).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "arrow/arrow_stream.h"
#include "arrow/arrow_test_util.h"
#include "parq/arrow_reader.h"
#include "parq/file_reader.h"
#include "corpus/corpus_test_util.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::DrainStream;
using testing::OpenBytes;
using testing::StreamText;
using testing::WriteJsonRows;

const fs::path kTesting = fs::path(PARQ_SHARED_DIR) / "parquet-testing";

ArrowReadOptions Opts(int64_t batch_rows, bool dictionary = false, std::vector<std::string> columns = {},
                      std::vector<int> row_groups = {}) {
  ArrowReadOptions o;
  o.batch_rows = batch_rows;
  o.dictionary_arrays = dictionary;
  o.columns = std::move(columns);
  o.row_groups = std::move(row_groups);
  return o;
}

Result<StreamText> Export(const std::shared_ptr<const FileReader>& file, const ArrowReadOptions& o = {}) {
  ArrowArrayStream stream;
  PARQ_RETURN_IF_ERROR(ExportArrowStream(file, o, &stream));
  return DrainStream(&stream);
}

// The extension name in an ArrowSchema's metadata, or "".
std::string ExtensionName(const ArrowSchema& s, std::string* ext_metadata = nullptr) {
  if (s.metadata == nullptr) return "";
  const char* p = s.metadata;
  auto get32 = [&p]() {
    int32_t v;
    std::memcpy(&v, p, 4);
    p += 4;
    return v;
  };
  std::string name;
  for (int32_t n = get32(); n > 0; --n) {
    const int32_t kl = get32();  // before p is read: argument order is unspecified
    std::string k(p, static_cast<size_t>(kl));
    p += kl;
    const int32_t vl = get32();
    std::string v(p, static_cast<size_t>(vl));
    p += vl;
    if (k == "ARROW:extension:name") name = v;
    if (k == "ARROW:extension:metadata" && ext_metadata != nullptr) *ext_metadata = v;
  }
  return name;
}

TEST(ArrowReaderTest, TypeTable) {
  const char* schema = R"(message m {
  required boolean b;
  optional int32 i32;
  optional int64 i64;
  optional float f;
  optional double d;
  optional int96 t96;
  optional binary raw;
  optional fixed_len_byte_array(3) fixed;
  optional int32 i8 (INTEGER(8,true));
  optional int32 u8 (INTEGER(8,false));
  optional int32 i16 (INTEGER(16,true));
  optional int32 u16 (INTEGER(16,false));
  optional int32 u32 (INTEGER(32,false));
  optional int64 u64 (INTEGER(64,false));
  optional int32 dec9 (DECIMAL(9,2));
  optional int64 dec18 (DECIMAL(18,3));
  optional fixed_len_byte_array(16) dec38 (DECIMAL(38,4));
  optional binary dec50 (DECIMAL(50,0));
  optional int32 day (DATE);
  optional int32 tms (TIME(MILLIS,true));
  optional int64 tus (TIME(MICROS,false));
  optional int64 tns (TIME(NANOS,false));
  optional int64 ts_ms (TIMESTAMP(MILLIS,true));
  optional int64 ts_us (TIMESTAMP(MICROS,false));
  optional int64 ts_ns (TIMESTAMP(NANOS,true));
  optional binary s (STRING);
  optional binary e (ENUM);
  optional binary j (JSON);
  optional binary bs (BSON);
  optional fixed_len_byte_array(16) id (UUID);
  optional fixed_len_byte_array(2) half (FLOAT16);
  optional fixed_len_byte_array(12) iv (INTERVAL);
  optional binary geo (GEOMETRY);
  optional int32 nothing (UNKNOWN);
  optional group l (LIST) { repeated group list { optional int32 element; } }
  optional group mp (MAP) { repeated group key_value { required binary key (STRING); optional int64 value; } }
  required group st { optional int32 x; required binary y (STRING); }
})";
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(schema, {R"({"b":true,"st":{"x":1,"y":"a"}})"}));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ArrowSchema s;
  ASSERT_OK(ExportArrowSchema(*file, {}, &s));
  EXPECT_EQ(testing::Formats(s),
            "+s{b:b,i32?:i,i64?:l,f?:f,d?:g,t96?:tsn:,raw?:z,fixed?:w:3,i8?:c,u8?:C,i16?:s,u16?:S,u32?:I,u64?:L,"
            "dec9?:d:9,2,dec18?:d:18,3,dec38?:d:38,4,dec50?:d:50,0,256,day?:tdD,tms?:ttm,tus?:ttu,tns?:ttn,"
            "ts_ms?:tsm:UTC,ts_us?:tsu:,ts_ns?:tsn:UTC,s?:u,e?:u,j?:u,bs?:z,id?:w:16,half?:e,iv?:tin,geo?:z,"
            "nothing?:n,l?:+l{element?:i},mp?:+m{entries:+s{key:u,value?:l}},st:+s{x?:i,y:u}}");
  auto child = [&s](const char* name) -> const ArrowSchema& {
    for (int64_t i = 0; i < s.n_children; ++i) {
      if (std::string(s.children[i]->name) == name) return *s.children[i];
    }
    ADD_FAILURE() << "no field " << name;
    return s;
  };
  EXPECT_EQ(ExtensionName(child("j")), "arrow.json");
  EXPECT_EQ(ExtensionName(child("id")), "arrow.uuid");
  std::string geo;
  EXPECT_EQ(ExtensionName(child("geo"), &geo), "geoarrow.wkb");
  EXPECT_EQ(geo, R"({"crs":"OGC:CRS84"})");
  EXPECT_EQ(ExtensionName(child("s")), "");
  s.release(&s);
  EXPECT_EQ(s.release, nullptr);
}

TEST(ArrowReaderTest, VariantAndGeographyExtensions) {
  const char* schema = R"(message m {
  optional group v (VARIANT(1)) { required binary metadata; optional binary value; }
  optional binary g (GEOGRAPHY(OGC:CRS27, VINCENTY));
})";
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(schema, {R"({"v":null,"g":null})"}));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ArrowSchema s;
  ASSERT_OK(ExportArrowSchema(*file, {}, &s));
  EXPECT_EQ(testing::Formats(s), "+s{v?:+s{metadata:z,value?:z},g?:z}");
  EXPECT_EQ(ExtensionName(*s.children[0]), "parquet.variant");
  std::string geo;
  EXPECT_EQ(ExtensionName(*s.children[1], &geo), "geoarrow.wkb");
  EXPECT_EQ(geo, R"({"crs":"OGC:CRS27","edges":"vincenty"})");
  s.release(&s);
}

TEST(ArrowReaderTest, ValuesWithNullsAtEveryLevel) {
  const char* schema = R"(message m {
  required int64 id;
  optional binary name (STRING);
  optional boolean flag;
  optional int64 price (DECIMAL(12,2));
  optional int32 small (INTEGER(8,true));
  optional group items (LIST) {
    repeated group list {
      optional group element { optional int64 a; optional binary b (STRING); }
    }
  }
  optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }
})";
  const std::vector<std::string> rows = {
      R"({"id":1,"name":"x","flag":true,"price":"12.34","small":-5,"items":[{"a":10,"b":"p"},{"a":null,"b":"qq"}],"m":[{"key":"k","value":7}]})",
      R"({"id":2,"name":null,"flag":null,"price":null,"small":null,"items":null,"m":null})",
      R"({"id":3,"name":"","flag":false,"price":"-0.01","small":127,"items":[],"m":[]})",
      R"({"id":4,"name":"zz","flag":true,"price":"1.00","small":0,"items":[null,{"a":40,"b":null}],"m":[{"key":"a","value":null},{"key":"b","value":2}]})",
  };
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows(schema, rows, /*group_rows=*/3));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ASSERT_OK_AND_ASSIGN(StreamText got, Export(file));
  const std::vector<std::string> want = {
      R"({"id":1,"name":"x","flag":true,"price":1234e-2,"small":-5,"items":[{"a":10,"b":"p"},{"a":null,"b":"qq"}],"m":[{"key":"k","value":7}]})",
      R"({"id":2,"name":null,"flag":null,"price":null,"small":null,"items":null,"m":null})",
      R"({"id":3,"name":"","flag":false,"price":-1e-2,"small":127,"items":[],"m":[]})",
      R"({"id":4,"name":"zz","flag":true,"price":100e-2,"small":0,"items":[null,{"a":40,"b":null}],"m":[{"key":"a","value":null},{"key":"b","value":2}]})",
  };
  EXPECT_EQ(got.rows, want);
  EXPECT_EQ(got.batch_lengths, (std::vector<int64_t>{3, 1}));  // a batch never spans row groups

  // Batches of two rows: the nested fields are slices of the row group's arrays.
  ASSERT_OK_AND_ASSIGN(StreamText two, Export(file, Opts(2)));
  EXPECT_EQ(two.rows, want);
  EXPECT_EQ(two.batch_lengths, (std::vector<int64_t>{2, 1, 1}));

  // A projection, row groups in another order, and dictionary arrays.
  ASSERT_OK_AND_ASSIGN(StreamText some,
                       Export(file, Opts(65536, true, {"items.list.element.b", "id", "name"}, {1, 0})));
  EXPECT_EQ(some.formats, "+s{id:l,name?:i[u],items?:+l{element?:+s{b?:u}}}");
  EXPECT_EQ(some.rows, (std::vector<std::string>{R"({"id":4,"name":"zz","items":[null,{"b":null}]})",
                                                 R"({"id":1,"name":"x","items":[{"b":"p"},{"b":"qq"}]})",
                                                 R"({"id":2,"name":null,"items":null})",
                                                 R"({"id":3,"name":"","items":[]})"}));
}

TEST(ArrowReaderTest, DictionaryArraysShareTheChunkDictionaryOrCarryTheirOwn) {
  std::vector<std::string> rows;
  for (int i = 0; i < 3000; ++i) {
    rows.push_back(i % 7 == 0 ? R"({"s":null})" : "{\"s\":\"v" + std::to_string(i % 5) + "\"}");
  }
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteJsonRows("message m { optional binary s (STRING); }", rows));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ArrowArrayStream stream;
  arrow::SetWholeGroupBytesForTesting(-1);  // batch by batch: each its own read of the chunk
  ASSERT_OK(ExportArrowStream(file, Opts(1000, true), &stream));
  ArrowArray a, b;
  ASSERT_EQ(stream.get_next(&stream, &a), 0);
  ASSERT_EQ(stream.get_next(&stream, &b), 0);
  stream.release(&stream);
  arrow::SetWholeGroupBytesForTesting(arrow::kDefaultWholeGroupBytes);
  const ArrowArray& da = *a.children[0];
  const ArrowArray& db = *b.children[0];
  ASSERT_NE(da.dictionary, nullptr);
  EXPECT_EQ(da.dictionary->length, 5);  // the chunk's dictionary ...
  EXPECT_EQ(da.dictionary->buffers[2], db.dictionary->buffers[2]);  // ... shared, not copied
  EXPECT_EQ(da.null_count, 143);
  a.release(&a);  // the dictionary outlives the first batch
  ArrowSchema s;
  ASSERT_OK(ExportArrowSchema(*file, Opts(65536, true), &s));
  ASSERT_OK_AND_ASSIGN(auto text, testing::RenderRows(s, b));
  EXPECT_EQ(text[0], R"({"s":"v0"})");  // row 1000
  EXPECT_EQ(text[1], R"({"s":null})");  // row 1001 = 7 * 143
  b.release(&b);
  s.release(&s);

  // Plain pages (no dictionary): each batch a dictionary of its own values.
  WriterOptions plain;
  plain.column_defaults.dictionary = false;
  ASSERT_OK_AND_ASSIGN(const std::string plain_bytes,
                       WriteJsonRows("message m { optional binary s (STRING); }", rows, 1 << 20, plain));
  ASSERT_OK_AND_ASSIGN(auto plain_file, OpenBytes(plain_bytes));
  ASSERT_OK_AND_ASSIGN(StreamText dict_text, Export(plain_file, Opts(1000, true)));
  ASSERT_OK_AND_ASSIGN(StreamText expanded, Export(file, Opts(1000)));
  EXPECT_EQ(dict_text.rows, expanded.rows);
}

TEST(ArrowReaderTest, BadOptionsAndCorruptChunks) {
  ASSERT_OK_AND_ASSIGN(const std::string bytes,
                       WriteJsonRows("message m { required int64 x; }", {R"({"x":1})", R"({"x":2})"}));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ArrowArrayStream stream;
  EXPECT_STATUS_HAS(ExportArrowStream(file, Opts(65536, false, {"y"}), &stream), StatusCode::kInvalidArgument, "'y'");
  EXPECT_STATUS_HAS(ExportArrowStream(file, Opts(65536, false, {}, {1}), &stream), StatusCode::kInvalidArgument,
                    "row group 1 of 1");
  EXPECT_STATUS(ExportArrowStream(file, Opts(0), &stream), StatusCode::kInvalidArgument);
  EXPECT_STATUS(ExportArrowStream(nullptr, {}, &stream), StatusCode::kInvalidArgument);

  ArrowArrayStream s2;
  ASSERT_OK(ExportArrowStream(file, {}, &s2));
  EXPECT_EQ(s2.get_last_error(&s2), nullptr);
  s2.release(&s2);
}

// Corrupt data: a chunk's page bytes flipped; get_next returns EIO and the
// message names the column, and the stream stays ended.
TEST(ArrowReaderTest, ReadErrorsComeThroughGetLastError) {
  std::vector<std::string> rows;
  for (int i = 0; i < 100; ++i) rows.push_back("{\"x\":" + std::to_string(i) + "}");
  WriterOptions o;
  o.column_defaults.compression = Compression::kSnappy;
  ASSERT_OK_AND_ASSIGN(std::string bytes, WriteJsonRows("message m { required int64 x; }", rows, 1 << 20, o));
  ASSERT_OK_AND_ASSIGN(auto good, OpenBytes(bytes));
  const int64_t at = good->metadata().row_group(0).column(0).data_page_offset();
  for (int i = 0; i < 40; ++i) bytes[static_cast<size_t>(at) + 20 + i] ^= 0x5a;  // inside the page, past its header
  ASSERT_OK_AND_ASSIGN(auto bad, OpenBytes(bytes));
  ArrowArrayStream stream;
  ASSERT_OK(ExportArrowStream(bad, {}, &stream));
  ArrowArray batch;
  EXPECT_EQ(stream.get_next(&stream, &batch), EIO);
  EXPECT_EQ(batch.release, nullptr);
  ASSERT_NE(stream.get_last_error(&stream), nullptr);
  EXPECT_NE(std::string(stream.get_last_error(&stream)).find("column 'x'"), std::string::npos)
      << stream.get_last_error(&stream);
  EXPECT_EQ(stream.get_next(&stream, &batch), EIO);
  stream.release(&stream);
}

std::vector<std::string> ManifestFiles() {  // the files some reader's expected output was chosen from
  std::vector<std::string> out;
  for (const auto& row : corpus_test::ManifestRows()) {
    if (row.size() > 4 && row[4] != "none") out.push_back(row[0]);
  }
  return out;
}

// Every corpus file parq reads exports, its arrays hold together (the
// renderer checks offsets, lengths and bitmaps), the batches add up to the
// file's rows, and batches of 7 rows give the rows one batch per row group
// gives.
TEST(ArrowReaderTest, CorpusEveryFileExports) {
  int files = 0;
  int64_t rows = 0;
  for (const std::string& name : ManifestFiles()) {
    SCOPED_TRACE(name);
    ASSERT_OK_AND_ASSIGN(std::shared_ptr<const FileReader> file,
                         FileReader::Open((kTesting / name).string(), ReaderOptions{.verify_checksums = false}));
    Result<StreamText> whole = Export(file, Opts(int64_t{1} << 40));
    if (!whole.ok() && whole.status().code() == StatusCode::kUnsupported) {
      std::printf("arrow: %s not exported: %s\n", name.c_str(), whole.status().ToString().c_str());
      continue;
    }
    ASSERT_OK(whole.status());
    int64_t file_rows = 0;  // the row groups' (a corpus file's footer says 0)
    for (int g = 0; g < file->metadata().num_row_groups(); ++g) file_rows += file->metadata().row_group(g).num_rows();
    EXPECT_EQ(static_cast<int64_t>(whole->rows.size()), file_rows);
    ASSERT_OK_AND_ASSIGN(StreamText sevens, Export(file, Opts(7)));
    EXPECT_TRUE(sevens.rows == whole->rows);
    // Every row group's flat columns read batch by batch instead of whole.
    arrow::SetWholeGroupBytesForTesting(-1);
    Result<StreamText> streamed = Export(file, Opts(7));
    arrow::SetWholeGroupBytesForTesting(arrow::kDefaultWholeGroupBytes);
    ASSERT_OK(streamed.status());
    EXPECT_TRUE(streamed->rows == whole->rows);
    rows += static_cast<int64_t>(whole->rows.size());
    ++files;
  }
  std::printf("arrow corpus: %d files, %lld rows exported\n", files, static_cast<long long>(rows));
  EXPECT_GT(files, 200);
}

}  // namespace
}  // namespace parq
