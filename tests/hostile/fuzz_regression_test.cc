// Regression tests for what the fuzz targets in fuzz/ found.  The minimized
// inputs live in testdata/fuzz/<target>/; each is replayed here the way its
// target runs it, and must end in success or a clean error.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include "encoding/decoder.h"
#include "encoding/encoder.h"
#include "hostile/read_all_util.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/schema.h"
#include "parq/verify.h"
#include "schema/schema_builder.h"
#include "testing/status_macros.h"

namespace parq::hostile {
namespace {

std::string ReadBytes(const std::filesystem::path& p) {
  std::ifstream in(p, std::ios::binary);
  std::ostringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

// decoder_fuzzer found: BYTE_STREAM_SPLIT over FIXED_LEN_BYTE_ARRAY with 0
// values and an empty (null) page did pointer arithmetic on null (UBSan).
// Reproducer: testdata/fuzz/decoder/bss_flba_empty_null_page.
TEST(FuzzRegressionTest, ByteStreamSplitFlbaEmptyNullPage) {
  auto d = encoding::MakeDecoder<FixedLenByteArray>(Encoding::kByteStreamSplit,
                                                    PhysicalType::kFixedLenByteArray, 5);
  ASSERT_OK(d);
  EXPECT_OK((*d)->SetData(0, nullptr, 0));
  EXPECT_EQ((*d)->values_left(), 0);
  FixedLenByteArray out[1];
  auto n = (*d)->Decode(out, 1);
  ASSERT_OK(n);
  EXPECT_EQ(*n, 0);
}

// Every file_reader reproducer opens and reads without kInternal.
TEST(FuzzRegressionTest, FileReaderReproducers) {
  const std::filesystem::path dir = std::filesystem::path(PARQ_TESTDATA_DIR) / "fuzz" / "file_reader";
  if (!std::filesystem::exists(dir)) GTEST_SKIP() << "no file_reader reproducers yet";
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    const std::string bytes = ReadBytes(e.path());
    std::shared_ptr<RandomAccessFile> file(OpenMemory(bytes));
    ReaderOptions unverified;  // replayed as they always were, past the CRCs to the decoders
    unverified.verify_checksums = false;
    auto reader = FileReader::Open(file, unverified);
    Status s = reader.ok() ? ReadEverything(**reader, 7) : reader.status();
    EXPECT_NE(s.code(), StatusCode::kInternal) << e.path() << ": " << s.ToString();
    ++n;
  }
  EXPECT_GT(n, 0);
}

// Every schema_text reproducer: a text ParseMessageType accepts prints back
// to itself and is the same schema read back from its SchemaElements (what
// the footer reader takes), as schema_text_fuzzer checks (compared as text:
// a MAP_KEY_VALUE read as MAP keeps its converted type only until written).
TEST(FuzzRegressionTest, SchemaTextReproducers) {
  const std::filesystem::path dir = std::filesystem::path(PARQ_TESTDATA_DIR) / "fuzz" / "schema_text";
  int n = 0;
  for (const auto& e : std::filesystem::directory_iterator(dir)) {
    SCOPED_TRACE(e.path().string());
    ++n;
    Result<Schema> parsed = ParseMessageType(ReadBytes(e.path()));
    if (!parsed.ok()) {
      EXPECT_NE(parsed.status().code(), StatusCode::kInternal) << parsed.status().ToString();
      continue;
    }
    const std::string text = parsed->ToString();
    ASSERT_OK_AND_ASSIGN(Schema printed, ParseMessageType(text));
    EXPECT_EQ(printed.ToString(), text);
    ASSERT_OK_AND_ASSIGN(Schema from_footer, schema::FromFormat(schema::ToFormat(*parsed), {}));
    EXPECT_EQ(from_footer.ToString(), text);
  }
  EXPECT_GT(n, 0);
}

// schema_text_fuzzer and json_row_fuzzer found: a group with no children was
// accepted by ParseMessageType (and Schema::Make) but refused by the footer
// reader and FileWriter::Open, so a schema of text or code could be neither
// written nor read back.  Schema::Make refuses it now, on every path.
// Reproducers (minimized by hand): testdata/fuzz/schema_text/empty_group
// (the seed nested_shapes had `required group empty { }`) and
// testdata/fuzz/json_row/schema_with_empty_group (json_row's nested schema,
// chosen by its first byte, had `st.empty { }`).
TEST(FuzzRegressionTest, EmptyGroupIsRefusedOnEveryPath) {
  const std::filesystem::path text = std::filesystem::path(PARQ_TESTDATA_DIR) / "fuzz" / "schema_text" / "empty_group";
  EXPECT_STATUS_HAS(ParseMessageType(ReadBytes(text)), StatusCode::kInvalidArgument,
                    "group 'empty' has no children: a Parquet group holds at least one field");
  EXPECT_STATUS_HAS(
      ParseMessageType("message m { optional group st { optional group inner { required boolean flag; } "
                       "optional group empty { } } }"),
      StatusCode::kInvalidArgument, "group 'st.empty' has no children");
  // Built in code.
  std::vector<std::unique_ptr<SchemaNode>> fields;
  fields.push_back(SchemaNode::MakePrimitive("a", Repetition::kRequired, PhysicalType::kInt32));
  fields.push_back(SchemaNode::MakeGroup("g", Repetition::kOptional, {}));
  EXPECT_STATUS_HAS(Schema::Make(SchemaNode::MakeGroup("m", Repetition::kRequired, std::move(fields))),
                    StatusCode::kInvalidArgument, "group 'g' has no children");
  // Lenient resolution relaxes annotations, not this.
  SchemaOptions lenient;
  lenient.strict = false;
  lenient.unique_names = false;
  std::vector<std::unique_ptr<SchemaNode>> nested;
  nested.push_back(SchemaNode::MakeGroup("inner", Repetition::kRequired, {}));
  std::vector<std::unique_ptr<SchemaNode>> top;
  top.push_back(SchemaNode::MakeGroup("outer", Repetition::kOptional, std::move(nested)));
  EXPECT_STATUS_HAS(Schema::Make(SchemaNode::MakeGroup("m", Repetition::kRequired, std::move(top)), lenient),
                    StatusCode::kInvalidArgument, "group 'outer.inner' has no children");
  // Read from a footer: a corrupt file, with the same words.
  std::vector<format::SchemaElement> elements(3);
  elements[0].name = std::string("m");
  elements[0].num_children = 2;
  elements[1].name = std::string("e");
  elements[1].repetition_type = format::FieldRepetitionType::OPTIONAL;
  elements[1].num_children = 0;
  elements[2].name = std::string("x");
  elements[2].repetition_type = format::FieldRepetitionType::REQUIRED;
  elements[2].type = format::Type::INT32;
  EXPECT_STATUS_HAS(schema::FromFormat(thrift::ToVector(elements), {}), StatusCode::kCorrupt,
                    "schema: group 'e' has no children: a Parquet group holds at least one field");
  // An empty message is still a schema (a file of no columns); the writer
  // refuses it for that.
  ASSERT_OK_AND_ASSIGN(Schema no_columns, ParseMessageType("message m { }"));
  EXPECT_STATUS_HAS(FileWriter::Open(std::make_unique<MemoryOutputStream>(), no_columns),
                    StatusCode::kInvalidArgument, "the schema has no leaf columns");
}

}  // namespace
}  // namespace parq::hostile

namespace parq::hostile {
namespace {

// roundtrip_fuzzer found: a PLAIN encoder flushing 0 values memcpy'd 0 bytes
// to an empty vector's null data() (UBSan).  Reproducer:
// testdata/fuzz/roundtrip/plain_encode_zero_values (byte 0 0x21 % 11 = PLAIN, byte 1 0xa3 % 8 = INT96).
TEST(FuzzRegressionTest, PlainEncodeZeroValues) {
  auto e = encoding::MakeEncoder<Int96>(Encoding::kPlain, PhysicalType::kInt96);
  ASSERT_OK(e);
  Int96 v{};
  ASSERT_OK((*e)->Put(&v, 0));
  std::vector<uint8_t> page;
  ASSERT_OK((*e)->FlushValues(&page));
  EXPECT_TRUE(page.empty());
  auto d = encoding::MakeDecoder<Int96>(Encoding::kPlain, PhysicalType::kInt96);
  ASSERT_OK(d);
  EXPECT_OK((*d)->SetData(0, page.data(), page.size()));
  EXPECT_EQ((*d)->values_left(), 0);
}

}  // namespace
}  // namespace parq::hostile


namespace parq::hostile {
namespace {

// filtered_read_fuzzer found: a mutated page value (ID 2^43) outside its
// chunk's statistics (min = max = 8).  Row-group pruning trusts the
// statistics, as every reader does, and drops the row; the fuzzer compares
// pruning levels only where parq verify finds the metadata agrees with the
// pages, and verify names the lie.  Reproducer:
// testdata/fuzz/filtered_read/statistics-lie-nested-id.
TEST(FuzzRegressionTest, StatisticsThatLeaveOutAPageValue) {
  const std::string bytes =
      ReadBytes(std::filesystem::path(PARQ_TESTDATA_DIR) / "fuzz" / "filtered_read" / "statistics-lie-nested-id");
  ASSERT_FALSE(bytes.empty());
  std::shared_ptr<RandomAccessFile> input(
      OpenMemoryView(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size()));
  ReaderOptions options;
  options.verify_checksums = false;
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(input, options));
  ASSERT_OK_AND_ASSIGN(VerifyReport report, VerifyFile(*file));
  bool bounds = false;
  for (const VerifyFinding& f : report.findings) bounds = bounds || f.rule == "statistics-bounds";
  EXPECT_TRUE(bounds);
  ASSERT_OK_AND_ASSIGN(Filter filter, ParseFilter("ID BETWEEN 8796093022208 AND 8796093022209", file->schema()));
  auto count = [&](RowReaderOptions::Pruning pruning) -> Result<int> {
    RowReaderOptions o;
    o.filter = filter;
    o.pruning = pruning;
    PARQ_ASSIGN_OR_RETURN(auto reader, RowReader::Open(*file, o));
    int n = 0;
    for (Value v;;) {
      PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&v));
      if (!more) break;
      ++n;
    }
    return n;
  };
  ASSERT_OK_AND_ASSIGN(int unpruned, count(RowReaderOptions::Pruning::kNone));
  ASSERT_OK_AND_ASSIGN(int pruned, count(RowReaderOptions::Pruning::kRowGroups));
  EXPECT_EQ(unpruned, 1);  // the page holds the value
  EXPECT_EQ(pruned, 0);    // the chunk's statistics say it cannot
}

}  // namespace
}  // namespace parq::hostile
