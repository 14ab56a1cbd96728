// WriteArrowStream on bad input: a schema parq cannot map, malformed arrays
// (child lengths, offsets, buffer counts, dictionary indices, values that
// have no Parquet form), a NULL or released stream, failing get_schema /
// get_next — each a clear error, the stream released, and no file at the
// path (an existing file there left as it was).
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>

#include "parq/arrow_writer.h"
#include "arrow/arrow_temp_files_util.h"
#include "testing/arrow_builders.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using namespace parq::testing;  // NOLINT
using std::nullopt;

// Writes the stream to a path that does not exist; returns the status and
// checks that nothing is left there and that everything was released.
Status WriteExpectingNoFile(StreamSpec spec) {
  const fs::path path = TempPath("out.parquet");
  fs::remove(path);
  ArrowArrayStream s;
  MakeStream(std::move(spec), &s);
  Status st = WriteArrowStream(&s, path.string(), WriterOptions{});
  EXPECT_EQ(s.release, nullptr) << "the stream was not released";
  EXPECT_FALSE(fs::exists(path)) << "a file was left at the path";
  for (const auto& e : fs::directory_iterator(path.parent_path())) ADD_FAILURE() << "left behind: " << e.path();
  EXPECT_EQ(LiveArrowStructs(), 0);
  return st;
}

StreamSpec OneColumn(ArrowField f, ArrowData d, int64_t rows) {
  StreamSpec spec;
  spec.schema = Struct("", {std::move(f)}, false);
  spec.batches.push_back(StructData(rows, {std::move(d)}));
  return spec;
}

TEST(ArrowWriterBadInputTest, TypesWithoutAParquetFormAreRefused) {
  ArrowField dense_union = Field("u", "+ud:0,1");
  dense_union.children = {Field("a", "i"), Field("b", "u")};
  EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(dense_union, {}, 0)), StatusCode::kUnsupported,
                    "Arrow field 'u': Arrow format '+ud:0,1' (a union) has no Parquet type");
  ArrowField ree = Field("r", "+r");
  ree.children = {Field("run_ends", "i", false), Field("values", "l")};
  EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(ree, {}, 0)), StatusCode::kUnsupported,
                    "Arrow field 'r': Arrow format '+r' (run-end encoded) has no Parquet type");
  ArrowField view = Field("lv", "+vl");
  view.children = {Field("item", "i")};
  EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(view, {}, 0)), StatusCode::kUnsupported, "(a list view)");
  EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("neg", "d:5,-2"), {}, 0)), StatusCode::kUnsupported,
                    "decimal scale -2 outside 0..5");
  EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Struct("empty", {}), {}, 0)), StatusCode::kUnsupported,
                    "a struct without fields");
  EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("x", "tZ"), {}, 0)), StatusCode::kUnsupported,
                    "Arrow format 'tZ'");
  StreamSpec not_a_struct;
  not_a_struct.schema = Field("", "i");
  EXPECT_STATUS_HAS(WriteExpectingNoFile(std::move(not_a_struct)), StatusCode::kInvalidArgument,
                    "a record batch is a struct");
}

TEST(ArrowWriterBadInputTest, MismatchedStructChildLengths) {
  StreamSpec spec;
  spec.schema = Struct("", {Field("a", "i"), Field("b", "i")}, false);
  spec.batches.push_back(StructData(3, {Prim<int32_t>({1, 2, 3}), Prim<int32_t>({1, 2})}));
  EXPECT_STATUS_HAS(WriteExpectingNoFile(std::move(spec)), StatusCode::kInvalidArgument,
                    "field 'b': 2 slots where its struct needs 3");
}

TEST(ArrowWriterBadInputTest, OffsetsOutOfRangeOrDecreasing) {
  ArrowField list = Field("l", "+l");
  list.children.push_back(Field("item", "i"));
  {
    ArrowData d = ListData({2, 1}, Prim<int32_t>({1, 2}));  // offsets 0, 2, 3 over 2 values
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(list, std::move(d), 2)), StatusCode::kInvalidArgument,
                      "field 'l': offsets reach 3, past the 2 child slots");
  }
  {
    ArrowData d = ListData({2, 1}, Prim<int32_t>({1, 2, 3}));
    const int32_t bad[] = {0, 2, 1};
    std::memcpy(d.buffers[1]->data(), bad, sizeof(bad));
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(list, std::move(d), 2)), StatusCode::kInvalidArgument,
                      "field 'l': offsets decrease at slot 1 (2 then 1)");
  }
  {
    ArrowData d = Strings({"ab", "c"});
    const int32_t bad[] = {-4, 2, 3};
    std::memcpy(d.buffers[1]->data(), bad, sizeof(bad));
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("s", "u"), std::move(d), 2)),
                      StatusCode::kInvalidArgument, "field 's': byte array offsets start at -4");
  }
}

TEST(ArrowWriterBadInputTest, MalformedArrays) {
  {  // a null count without a bitmap
    ArrowData d = Prim<int32_t>({1, 2});
    d.null_count = 1;
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("a", "i"), std::move(d), 2)),
                      StatusCode::kInvalidArgument, "null count of 1 without a validity bitmap");
  }
  {  // a utf8 array with two buffers
    ArrowData d = Prim<int32_t>({1, 2});
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("s", "u"), std::move(d), 2)),
                      StatusCode::kInvalidArgument, "Arrow array 's' (format 'u'): 2 buffers where the format has 3");
  }
  {  // a negative offset
    ArrowData d = Prim<int32_t>({1, 2});
    d.offset = -1;
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("a", "i"), std::move(d), 2)),
                      StatusCode::kInvalidArgument, "length 2 at offset -1");
  }
  {  // a batch with another number of columns than the schema
    StreamSpec spec = OneColumn(Field("a", "i"), Prim<int32_t>({1}), 1);
    spec.batches[0].children.push_back(Prim<int32_t>({2}));
    EXPECT_STATUS_HAS(WriteExpectingNoFile(std::move(spec)), StatusCode::kInvalidArgument,
                      "2 children where the schema has 1");
  }
  {  // a dictionary index outside the dictionary
    ArrowField f = Field("d", "c");
    f.dictionary = std::make_shared<ArrowField>(Field("", "u"));
    ArrowData d = Prim<int8_t>({0, 2});
    d.dictionary = std::make_shared<ArrowData>(Strings({"a", "b"}));
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(f, std::move(d), 2)), StatusCode::kInvalidArgument,
                      "dictionary index 2 at slot 1 outside the 2 values");
  }
  {  // a null in a non-nullable field
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("a", "i", false), Prim<int32_t>({1, nullopt}), 2)),
                      StatusCode::kInvalidArgument, "field 'a': null in a required field (slot 1)");
  }
  {  // values with no Parquet form
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("d", "tdm"), Prim<int64_t>({86400001}), 1)),
                      StatusCode::kInvalidArgument, "date64 86400001 at slot 0 is not a whole day");
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("m", "tiM"), Prim<int32_t>({-1}), 1)),
                      StatusCode::kInvalidArgument, "has no Parquet INTERVAL form");
    std::string too_big(16, '\0');
    too_big[4] = 1;  // 2^32 in a decimal(5, 0)
    EXPECT_STATUS_HAS(WriteExpectingNoFile(OneColumn(Field("x", "d:5,0"), FixedBinary({too_big}, 16), 1)),
                      StatusCode::kInvalidArgument, "more digits than its precision");
  }
}

TEST(ArrowWriterBadInputTest, NullAndReleasedStreams) {
  const fs::path path = TempPath("never.parquet");
  fs::remove(path);
  EXPECT_STATUS_HAS(WriteArrowStream(nullptr, path.string(), WriterOptions{}), StatusCode::kInvalidArgument,
                    "a NULL ArrowArrayStream");
  ArrowArrayStream s;
  MakeStream(OneColumn(Field("a", "i"), Prim<int32_t>({1}), 1), &s);
  s.release(&s);
  EXPECT_STATUS_HAS(WriteArrowStream(&s, path.string(), WriterOptions{}), StatusCode::kInvalidArgument,
                    "a released ArrowArrayStream");
  EXPECT_FALSE(fs::exists(path));
  EXPECT_EQ(LiveArrowStructs(), 0);
}

TEST(ArrowWriterBadInputTest, FailingCallbacksCarryTheProducersText) {
  StreamSpec spec = OneColumn(Field("a", "i"), Prim<int32_t>({1}), 1);
  spec.batches.push_back(spec.batches[0]);
  spec.fail_at = 1;
  spec.error = "disk on fire";
  const Status st = WriteExpectingNoFile(spec);
  EXPECT_STATUS_HAS(st, StatusCode::kIOError, "ArrowArrayStream get_next failed: errno 5 (Input/output error): disk on fire");
  EXPECT_NE(st.ToString().find("Arrow batch 1"), std::string::npos) << st.ToString();
  spec.schema_fails = true;
  EXPECT_STATUS_HAS(WriteExpectingNoFile(spec), StatusCode::kIOError,
                    "ArrowArrayStream get_schema failed: errno 22 (Invalid argument): disk on fire");
}

TEST(ArrowWriterBadInputTest, AnExistingFileIsLeftAsItWas) {
  const fs::path path = TempPath("existing.parquet");
  {
    std::ofstream out(path, std::ios::binary);
    out << "not touched";
  }
  StreamSpec spec = OneColumn(Field("a", "i"), Prim<int32_t>({1}), 1);
  spec.fail_at = 1;
  ArrowArrayStream s;
  MakeStream(std::move(spec), &s);
  EXPECT_STATUS(WriteArrowStream(&s, path.string(), WriterOptions{}), StatusCode::kIOError);
  std::ifstream in(path, std::ios::binary);
  std::string text((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  EXPECT_EQ(text, "not touched");
  fs::remove(path);
  EXPECT_EQ(LiveArrowStructs(), 0);
}

}  // namespace
}  // namespace parq
