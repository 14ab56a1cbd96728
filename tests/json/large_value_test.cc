// One large string value read to its canonical JSON (what `parq cat` does)
// holds it twice at most: the page it lies in and the text it becomes, with
// no copy in the leaf buffer, no doubling of the text's capacity and, for a
// compressed page, no compressed bytes kept beside the decompressed ones.
// The heap is counted by testing/counting_new.h (so this executable's every
// allocation is); the file is read with pread, whose page buffer is heap.
#include <gtest/gtest.h>
#include <unistd.h>

#include <cstdio>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/json.h"
#include "testing/counting_new.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

constexpr size_t kValueBytes = size_t{24} << 20;
// Beside the two copies: the footer, the reader's state and small buffers,
// and the JSON text's slack (src/json/json_format.cc, 512 KiB).
constexpr uint64_t kSlackBytes = uint64_t{2} << 20;

std::string TempPath(const std::string& stem) {
  return ::testing::TempDir() + "/parq_large_value_" + stem + "_" + std::to_string(::getpid()) + ".parquet";
}

// Letters from a fixed LCG: compressible enough to stay within the
// decompression-ratio limit, not so much that the codec hides the size.
std::string Letters(size_t n) {
  std::string s(n, '\0');
  uint64_t x = 12345;
  for (char& c : s) {
    x = x * 6364136223846793005u + 1442695040888963407u;
    c = static_cast<char>('a' + (x >> 59) % 26);
  }
  return s;
}

Status WriteOneValue(const std::string& path, const std::string& value, Compression codec) {
  std::vector<std::unique_ptr<SchemaNode>> fields;
  fields.push_back(SchemaNode::MakePrimitive("s", Repetition::kRequired, PhysicalType::kByteArray,
                                             LogicalType::String()));
  PARQ_ASSIGN_OR_RETURN(Schema schema,
                        Schema::Make(SchemaNode::MakeGroup("m", Repetition::kRequired, std::move(fields))));
  WriterOptions options;
  options.column_defaults.compression = codec;
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(path, schema, options));
  PARQ_ASSIGN_OR_RETURN(auto* column, writer->typed_column<ByteArray>(0));
  const ByteArray v(value);
  PARQ_RETURN_IF_ERROR(column->WriteBatch(1, nullptr, nullptr, &v));
  return writer->Close();
}

// The rows of `path` as JSON lines, and the most heap they held at once.
Status CatMeasured(const std::string& path, std::string* text, uint64_t* peak_bytes) {
  testing::PeakTracker peak;
  {
    PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(path));
    PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(*file));
    while (true) {
      PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(text));
      if (!more) break;
      text->push_back('\n');
    }
  }
  *peak_bytes = peak.Bytes();
  return Status::OK();
}

TEST(JsonRowReaderTest, LargeStringValueHeldTwiceAtMost) {
  const std::string value = Letters(kValueBytes);
  for (Compression codec : {Compression::kUncompressed, Compression::kZstd, Compression::kSnappy}) {
    SCOPED_TRACE(CompressionName(codec));
    const std::string path = TempPath(std::string(CompressionName(codec)));
    ASSERT_OK(WriteOneValue(path, value, codec));
    std::string text;
    uint64_t peak = 0;
    const Status st = CatMeasured(path, &text, &peak);
    std::remove(path.c_str());
    ASSERT_OK(st);
    EXPECT_TRUE(text == "{\"s\":\"" + value + "\"}\n") << text.size() << " bytes of JSON";
    RecordProperty(std::string(CompressionName(codec)) + "_peak_bytes", std::to_string(peak));
    EXPECT_LE(peak, 2 * kValueBytes + kSlackBytes) << "peak " << peak << " for a value of " << kValueBytes;
  }
}

}  // namespace
}  // namespace parq
