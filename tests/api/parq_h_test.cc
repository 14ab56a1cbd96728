// parq/parq.h, the umbrella header: it includes every public header, it
// brings no generated or third-party names, and the API works through it
// alone.  This file includes nothing else of parq (status_macros.h brings
// only parq/status.h and parq/result.h, which parq.h includes too).
#include "parq/parq.h"

// Wire structs never leak: the generated header is not included...
#ifdef PARQ_GENERATED_FORMAT_PARQUET_TYPES_H_
#error "parq/parq.h includes the generated Thrift structs"
#endif
// ... nor any compression library.
#if defined(ZSTD_VERSION_MAJOR) || defined(ZLIB_VERSION) || defined(SNAPPY_MAJOR) || \
    defined(LZ4_VERSION_MAJOR) || defined(LZ4F_VERSION) || defined(BROTLI_DEC_DECODE_H_) || \
    defined(BROTLI_ENC_ENCODE_H_)
#error "parq/parq.h includes a compression library's header"
#endif

// These definitions fail to compile if a parq header defined the private
// structs and classes of the same names.
namespace parq::format {
struct FileMetaData {};
struct PageHeader {};
struct ColumnChunk {};
}  // namespace parq::format
namespace parq::thrift {
class CompactReader {};
class CompactWriter {};
}  // namespace parq::thrift

#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <iterator>
#include <memory>
#include <string>
#include <vector>

#include "testing/status_macros.h"

namespace parq {
namespace {

TEST(ParqHeaderTest, IncludesEveryPublicHeader) {
  const std::filesystem::path dir = std::filesystem::path(PARQ_SOURCE_DIR) / "include" / "parq";
  std::ifstream in(dir / "parq.h");
  ASSERT_TRUE(in) << dir / "parq.h";
  const std::string umbrella((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  int headers = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string name = e.path().filename().string();
    if (e.path().extension() != ".h" || name == "parq.h") continue;
    ++headers;
    EXPECT_NE(umbrella.find("#include \"parq/" + name + "\""), std::string::npos)
        << "parq/parq.h does not include parq/" << name;
  }
  EXPECT_GE(headers, 19);
}

TEST(ParqHeaderTest, WritesAndReadsThroughTheUmbrellaAlone) {
  EXPECT_STRNE(kVersion, "");
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int64 id; optional binary name (STRING); }"));
  ASSERT_EQ(schema.num_columns(), 2);
  EXPECT_EQ(schema.column(1).physical_type, PhysicalType::kByteArray);

  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* bytes = sink.get();
  ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(std::move(sink), schema));
  const int64_t ids[3] = {7, 8, 9};
  const int16_t defs[3] = {1, 0, 1};
  const ByteArray names[2] = {ByteArray{reinterpret_cast<const uint8_t*>("ann"), 3},
                              ByteArray{reinterpret_cast<const uint8_t*>("cy"), 2}};
  ASSERT_OK_AND_ASSIGN(auto* id_writer, writer->typed_column<int64_t>(0));
  ASSERT_OK(id_writer->WriteBatch(3, nullptr, nullptr, ids));
  ASSERT_OK_AND_ASSIGN(auto* name_writer, writer->typed_column<ByteArray>(1));
  ASSERT_OK(name_writer->WriteBatch(3, defs, nullptr, names));
  ASSERT_OK(writer->Close());

  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes->bytes()))));
  EXPECT_EQ(reader->metadata().num_rows(), 3);
  ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*reader));
  std::vector<std::string> got;
  Value row;
  while (true) {
    ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
    if (!more) break;
    const Value* name = row.Find("name");
    ASSERT_NE(name, nullptr);
    got.push_back(std::to_string(row.Find("id")->int64_value()) + ":" +
                  (name->is_null() ? std::string("null") : std::string(name->bytes())));
  }
  EXPECT_EQ(got, (std::vector<std::string>{"7:ann", "8:null", "9:cy"}));
}

}  // namespace
}  // namespace parq
