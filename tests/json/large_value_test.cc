// One large string value read to its canonical JSON (what `parq cat` does)
// holds it twice at most: the page it lies in and the text it becomes, with
// no copy in the leaf buffer, no doubling of the text's capacity and, for a
// compressed page, no compressed bytes kept beside the decompressed ones.  The
// same for a value in a dictionary page: the column reader takes the page's
// buffer as its dictionary (no copy of it), and no window or page slot keeps
// the page's bytes beside it.
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

// Under AddressSanitizer the bounds are not checked (as the resident-set
// tests do): its allocator's rounding and redzones are not parq's memory.
#if defined(__SANITIZE_ADDRESS__)
constexpr bool kHeapIsParqs = false;
#elif defined(__has_feature)
#if __has_feature(address_sanitizer)
constexpr bool kHeapIsParqs = false;
#else
constexpr bool kHeapIsParqs = true;
#endif
#else
constexpr bool kHeapIsParqs = true;
#endif

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

// One row; with `dictionary` the value goes into a dictionary page (whatever
// its size) and the data page holds its index.
Status WriteOneValue(const std::string& path, const std::string& value, Compression codec,
                     bool dictionary = false) {
  std::vector<std::unique_ptr<SchemaNode>> fields;
  fields.push_back(SchemaNode::MakePrimitive("s", Repetition::kRequired, PhysicalType::kByteArray,
                                             LogicalType::String()));
  PARQ_ASSIGN_OR_RETURN(Schema schema,
                        Schema::Make(SchemaNode::MakeGroup("m", Repetition::kRequired, std::move(fields))));
  WriterOptions options;
  options.column_defaults.compression = codec;
  if (dictionary) {
    options.column_defaults.dictionary_only_if_smaller = false;
    options.column_defaults.dictionary_page_size_limit = static_cast<int64_t>(2 * value.size());
  }
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

// Writes `value` (as WriteOneValue with `dictionary`) with each codec, reads
// it back as JSON and checks the text and the heap's peak, recorded as the
// property "<stem><CODEC>_peak_bytes".
void ExpectHeldTwiceAtMost(const std::string& value, bool dictionary, const std::string& stem) {
  for (Compression codec : {Compression::kUncompressed, Compression::kZstd, Compression::kSnappy}) {
    SCOPED_TRACE(CompressionName(codec));
    const std::string name = stem + std::string(CompressionName(codec));
    const std::string path = TempPath(name);
    ASSERT_OK(WriteOneValue(path, value, codec, dictionary));
    {
      ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
      EXPECT_EQ(file->metadata().row_group(0).column(0).dictionary_page_offset().has_value(), dictionary);
    }
    std::string text;
    uint64_t peak = 0;
    const Status st = CatMeasured(path, &text, &peak);
    std::remove(path.c_str());
    ASSERT_OK(st);
    EXPECT_TRUE(text == "{\"s\":\"" + value + "\"}\n") << text.size() << " bytes of JSON";
    ::testing::Test::RecordProperty(name + "_peak_bytes", std::to_string(peak));
    if (kHeapIsParqs) {
      EXPECT_LE(peak, 2 * value.size() + kSlackBytes) << "peak " << peak << " for a value of " << value.size();
    }
  }
}

TEST(JsonRowReaderTest, LargeStringValueHeldTwiceAtMost) {
  ExpectHeldTwiceAtMost(Letters(kValueBytes), /*dictionary=*/false, "");
}

// It took three to four times the value before: the page's bytes in the
// chunk's window (or, compressed, in a page slot) and the column reader's
// copy of them as its dictionary, beside the text.
TEST(JsonRowReaderTest, LargeDictionaryValueHeldTwiceAtMost) {
  ExpectHeldTwiceAtMost(Letters(kValueBytes), /*dictionary=*/true, "dictionary_");
}

}  // namespace
}  // namespace parq
