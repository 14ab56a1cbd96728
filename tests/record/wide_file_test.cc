// Memory of wide files (issue 31, item 1): what opening a file of many
// columns and reading its rows holds per column, counted on the heap
// (testing/counting_new.h keeps the live bytes and their peak), that a
// projected read holds nothing for the columns it leaves out, and that a
// footer opened as an outline (parq meta and parq schema) holds little
// beyond its bytes, with the same schema, warnings and errors.
#include <gtest/gtest.h>

#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "format/footer.h"
#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/json.h"
#include "parq/record.h"
#include "schema/sliced_text.h"
#include "testing/counting_new.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// `columns` required BOOLEAN columns c0, c1, … and `rows` rows (none: a
// footer and no row group), as file bytes.
std::string WideFile(int columns, int rows) {
  std::vector<std::unique_ptr<SchemaNode>> fields;
  for (int c = 0; c < columns; ++c) {
    fields.push_back(SchemaNode::MakePrimitive("c" + std::to_string(c), Repetition::kRequired, PhysicalType::kBoolean));
  }
  auto schema = Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields)));
  EXPECT_OK(schema.status());
  if (!schema.ok()) return "";
  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* bytes = out.get();
  auto writer = FileWriter::Open(std::move(out), *schema);
  EXPECT_OK(writer.status());
  if (!writer.ok()) return "";
  const std::vector<uint8_t> ones(static_cast<size_t>(rows), 1);
  for (int c = 0; c < columns && rows > 0; ++c) {
    auto column = (*writer)->typed_column<bool>(c);
    EXPECT_OK(column.status());
    if (!column.ok()) return "";
    EXPECT_OK((*column)->WriteBatch(rows, nullptr, nullptr, reinterpret_cast<const bool*>(ones.data())));
  }
  EXPECT_OK((*writer)->Close());
  return bytes->Take();
}

std::shared_ptr<RandomAccessFile> View(const std::string& bytes) {
  return OpenMemoryView(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
}

Result<std::unique_ptr<FileReader>> OpenBytes(const std::string& bytes) { return FileReader::Open(View(bytes)); }

// The open of parq meta and parq schema (FileReaderAccess::OpenOutline).
Result<std::unique_ptr<FileReader>> OpenOutline(const std::string& bytes) {
  return FileReaderAccess::Open(View(bytes), ReaderOptions{}, /*outline=*/true);
}

// The message-type text of an outline's schema, made a slice at a time.
Result<std::string> OutlineText(const FileReader& file) {
  std::string text;
  schema::SlicedText printer([&](std::string_view piece) { text += piece; });
  PARQ_RETURN_IF_ERROR(MetaDataAccess::WalkSchema(file.metadata(), [&](const Schema& slice, const schema::SliceInfo& info) {
    printer.Add(slice, info);
    return Status::OK();
  }));
  printer.End();
  return text;
}

// The most the heap held above what it held when `read` started.
template <typename F>
int64_t PeakAbove(F&& read) {
  const int64_t base = testing::LiveBytes();
  testing::ResetPeakBytes();
  const Status st = read();
  EXPECT_OK(st);
  return testing::PeakBytes() - base;
}

// A file opened by `open` (OpenBytes, OpenOutline) after a first open, so
// that the footer's arena comes from the blocks the first one left pooled
// (thrift/arena.cc): what is counted is what this open makes, whichever
// tests ran before in this process.
struct Opened {
  std::unique_ptr<FileReader> file;
  int64_t peak = 0;  // above what the heap held before
  int64_t held = 0;  // by the open file
};
Opened OpenCounted(const std::string& bytes, Result<std::unique_ptr<FileReader>> (*open)(const std::string&)) {
  Opened out;
  EXPECT_OK(open(bytes).status());
  const int64_t base = testing::LiveBytes();
  out.peak = PeakAbove([&]() -> Status {
    PARQ_ASSIGN_OR_RETURN(out.file, open(bytes));
    return Status::OK();
  });
  out.held = testing::LiveBytes() - base;
  return out;
}

Status ReadJson(const FileReader& file, const RowReaderOptions& options) {
  PARQ_ASSIGN_OR_RETURN(auto rows, JsonRowReader::Open(file, options));
  std::string json;
  while (true) {
    json.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&json));
    if (!more) return Status::OK();
  }
}

Status ReadValues(const FileReader& file, const RowReaderOptions& options) {
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(file, options));
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) return Status::OK();
  }
}

Status ReadColumnar(const FileReader& file, const std::vector<std::string>& columns) {
  ColumnarReaderOptions options;
  options.columns = columns;
  PARQ_ASSIGN_OR_RETURN(auto reader, ColumnarReader::Open(file, options));
  ColumnarBatch batch;
  for (int g = 0; g < file.metadata().num_row_groups(); ++g) PARQ_RETURN_IF_ERROR(reader->ReadRowGroup(g, &batch));
  return Status::OK();
}

constexpr int kWide = 4000;
// What a reader may hold per projected column of one row: the bound
// for an open file's per-column overhead.  Reading used to hold a batch of
// levels and values per column whatever the chunk's size (23 KB a column).
constexpr int64_t kPerColumn = 1024;

TEST(WideFileTest, RowsOfAWideFileHoldUnderAKilobytePerColumn) {
  const std::string bytes = WideFile(kWide, 1);
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  const int64_t json = PeakAbove([&] { return ReadJson(*file, {}); });
  const int64_t values = PeakAbove([&] { return ReadValues(*file, {}); });
  const int64_t columnar = PeakAbove([&] { return ReadColumnar(*file, {}); });
  EXPECT_LT(json / kWide, kPerColumn) << json << " bytes at the peak of JsonRowReader";
  EXPECT_LT(values / kWide, kPerColumn) << values << " bytes at the peak of RowReader";
  EXPECT_LT(columnar / kWide, kPerColumn) << columnar << " bytes at the peak of ColumnarReader";
}

// Reading one column of a file of 4,000 holds what reading it from a file of
// 500 holds, give or take a few bytes a column (the file's row counts).
TEST(WideFileTest, ProjectedReadsDoNotGrowWithTheColumnsLeftOut) {
  const std::string narrow_bytes = WideFile(500, 3), wide_bytes = WideFile(kWide, 3);
  ASSERT_OK_AND_ASSIGN(auto narrow, OpenBytes(narrow_bytes));
  ASSERT_OK_AND_ASSIGN(auto wide, OpenBytes(wide_bytes));
  RowReaderOptions one;
  one.columns = {"c1"};
  const std::vector<std::string> c1 = {"c1"};
  const int64_t json[2] = {PeakAbove([&] { return ReadJson(*narrow, one); }),
                           PeakAbove([&] { return ReadJson(*wide, one); })};
  const int64_t values[2] = {PeakAbove([&] { return ReadValues(*narrow, one); }),
                             PeakAbove([&] { return ReadValues(*wide, one); })};
  const int64_t columnar[2] = {PeakAbove([&] { return ReadColumnar(*narrow, c1); }),
                               PeakAbove([&] { return ReadColumnar(*wide, c1); })};
  constexpr int64_t kSlack = 4096;
  EXPECT_LT(json[1], json[0] + kSlack) << "JsonRowReader of c1: " << json[0] << " then " << json[1] << " bytes";
  EXPECT_LT(values[1], values[0] + kSlack) << "RowReader of c1: " << values[0] << " then " << values[1] << " bytes";
  EXPECT_LT(columnar[1], columnar[0] + kSlack)
      << "ColumnarReader of c1: " << columnar[0] << " then " << columnar[1] << " bytes";
}

// Opening a footer of many leaves: what it holds beyond the decoded footer
// (the schema built from it), with no buffer growing by doubling past the end and
// no empty text taking a std::string's 32 bytes in every node and
// descriptor (677 bytes a leaf at first, 456 with the path table, 384 with
// RareString).
TEST(WideFileTest, OpeningAWideFooterHoldsTheSchemaOnce) {
  const std::string bytes = WideFile(kWide, 0);  // viewed by the open file
  const Opened opened = OpenCounted(bytes, OpenBytes);
  const int64_t peak = opened.peak;
  const std::unique_ptr<FileReader>& file = opened.file;
  ASSERT_NE(file, nullptr);
  EXPECT_EQ(file->schema().num_columns(), kWide);
  EXPECT_LT(peak / kWide, 420) << peak << " bytes at the peak of FileReader::Open";
}

// Opening a file of many columns and one row group: what it holds per column
// chunk, the footer's bytes included.  The chunks stay encoded in the footer
// (about 100 bytes each here) until used; decoded, they took 765 bytes each
// on top of the schema (1,150 bytes a column in all).
TEST(WideFileTest, AnOpenWideFileKeepsItsColumnChunksEncoded) {
  const std::string bytes = WideFile(kWide, 1);  // viewed by the open file
  const Opened opened = OpenCounted(bytes, OpenBytes);
  const int64_t peak = opened.peak;
  const int64_t held = opened.held;
  const std::unique_ptr<FileReader>& file = opened.file;
  ASSERT_NE(file, nullptr);
  ASSERT_EQ(file->metadata().num_row_groups(), 1);
  EXPECT_LT(held / kWide, 600) << held << " bytes held by the open file (footer: " << file->footer_length() << ")";
  EXPECT_LT(peak / kWide, 640) << peak << " bytes at the peak of FileReader::Open";
  // Each chunk's metadata is there when asked for.
  const RowGroupMetaData group = file->metadata().row_group(0);
  ASSERT_EQ(group.num_columns(), kWide);
  for (int c : {0, kWide / 2, kWide - 1}) {
    const ColumnChunkMetaData chunk = group.column(c);
    EXPECT_EQ(chunk.num_values(), 1);
    EXPECT_EQ(chunk.dotted_path(), "c" + std::to_string(c));
  }
}

// An outline of a footer of many leaves and no row group (what parq meta and
// parq schema open): its peak, and what it holds, within three times the
// footer's bytes (the bound for the printers), where FileReader::Open
// holds the schema whole (some 400 bytes a leaf, the footer 17).  Its schema
// made a slice at a time is the whole one.
TEST(WideFileTest, AnOutlineHoldsUnderThreeTimesItsFootersBytes) {
  constexpr int kLeaves = 50'000;
  const std::string bytes = WideFile(kLeaves, 0);
  const Opened opened = OpenCounted(bytes, OpenOutline);
  const int64_t open_peak = opened.peak;
  const int64_t held = opened.held;
  const std::unique_ptr<FileReader>& file = opened.file;
  ASSERT_NE(file, nullptr);
  const int64_t footer = file->footer_length();
  EXPECT_LT(open_peak, 3 * footer) << open_peak << " bytes at the peak of the open (footer: " << footer << ")";
  EXPECT_LT(held, 3 * footer) << held << " bytes held by the open file (footer: " << footer << ")";
  size_t text_bytes = 0;
  const int64_t walk_peak = PeakAbove([&]() -> Status {
    schema::SlicedText printer([&](std::string_view piece) { text_bytes += piece.size(); });
    PARQ_RETURN_IF_ERROR(MetaDataAccess::WalkSchema(file->metadata(), [&](const Schema& slice, const schema::SliceInfo& info) {
      printer.Add(slice, info);
      return Status::OK();
    }));
    printer.End();
    return Status::OK();
  });
  EXPECT_LT(held + walk_peak, 3 * footer) << walk_peak << " bytes at the peak of printing the schema";

  EXPECT_EQ(MetaDataAccess::NumColumns(file->metadata()), kLeaves);
  EXPECT_EQ(file->schema().num_columns(), 0);  // not kept
  ASSERT_OK_AND_ASSIGN(auto whole, OpenBytes(bytes));
  ASSERT_OK_AND_ASSIGN(std::string text, OutlineText(*file));
  EXPECT_EQ(text.size(), text_bytes);
  EXPECT_TRUE(text == whole->schema().ToString()) << text.size() << " bytes of text";
  // Slices start where the one before ended, in the whole schema's columns.
  int next = 0;
  ASSERT_OK(MetaDataAccess::WalkSchema(file->metadata(), [&](const Schema& slice, const schema::SliceInfo& info) {
    EXPECT_EQ(info.first_column, next);
    EXPECT_EQ(slice.column(0).dotted_path, whole->schema().column(info.first_column).dotted_path);
    next += slice.num_columns();
    return Status::OK();
  }));
  EXPECT_EQ(next, kLeaves);
}

// A file with row groups is opened whole, its schema one slice.
TEST(WideFileTest, AnOutlineWithRowGroupsIsTheWholeFile) {
  const std::string bytes = WideFile(10, 1);
  ASSERT_OK_AND_ASSIGN(auto file, OpenOutline(bytes));
  EXPECT_EQ(file->schema().num_columns(), 10);
  EXPECT_EQ(MetaDataAccess::NumColumns(file->metadata()), 10);
  int slices = 0;
  ASSERT_OK(MetaDataAccess::WalkSchema(file->metadata(), [&](const Schema& slice, const schema::SliceInfo& info) {
    EXPECT_EQ(&slice, &file->schema());
    EXPECT_EQ(info.first_column, 0);
    ++slices;
    return Status::OK();
  }));
  EXPECT_EQ(slices, 1);
}

// A file of more leaves than MetaDataAccess::kOutlineElements schema
// elements and a row group: an outline too (what parq meta and parq schema
// open), its chunks checked against the schema a slice at a time, with
// FileReader::Open's errors for damaged chunks.
TEST(WideFileTest, AnOutlineOfAWideFileWithRowGroupsChecksItsChunks) {
  constexpr int kLeaves = static_cast<int>(MetaDataAccess::kOutlineElements) + 500;
  const std::string bytes = WideFile(kLeaves, 1);
  ASSERT_OK_AND_ASSIGN(auto whole, OpenBytes(bytes));
  const Opened opened = OpenCounted(bytes, OpenOutline);
  ASSERT_NE(opened.file, nullptr);
  const FileMetaData& md = opened.file->metadata();
  EXPECT_EQ(opened.file->schema().num_columns(), 0);  // not kept
  EXPECT_EQ(MetaDataAccess::NumColumns(md), kLeaves);
  EXPECT_LT(opened.peak, 3 * opened.file->footer_length()) << "footer: " << opened.file->footer_length();
  ASSERT_EQ(md.num_row_groups(), 1);
  for (int c : {0, kLeaves - 1}) {
    const ColumnChunkMetaData chunk = md.row_group(0).column(c);
    EXPECT_EQ(chunk.physical_type(), PhysicalType::kBoolean);
    EXPECT_EQ(chunk.dotted_path(), "c" + std::to_string(c));
  }
  ASSERT_OK_AND_ASSIGN(std::string text, OutlineText(*opened.file));
  EXPECT_EQ(text, whole->schema().ToString());

  // The footer decoded, damaged and written back after the same pages.
  const size_t footer_at = bytes.size() - 8 - static_cast<size_t>(whole->footer_length());
  auto damaged = [&](const std::function<void(format::FileMetaData&)>& damage) {
    auto decoded = format::DecodeFileMetaData(reinterpret_cast<const uint8_t*>(bytes.data()) + footer_at,
                                              static_cast<size_t>(whole->footer_length()), ReaderOptions{}, footer_at);
    EXPECT_OK(decoded.status());
    if (!decoded.ok()) return std::string();
    format::FileMetaData copy = **decoded;
    damage(copy);
    MemoryOutputStream out;
    EXPECT_OK(out.Write(bytes.data(), footer_at));
    EXPECT_OK(format::WriteFooter(copy, &out));
    return out.Take();
  };
  const std::string damages[] = {
      // a chunk's type in a late slice
      damaged([](format::FileMetaData& m) { m.row_groups[0].columns[kLeaves - 10].meta_data->type = format::Type::INT64; }),
      // a chunk's path in an early one
      damaged([](format::FileMetaData& m) { m.row_groups[0].columns[3].meta_data->path_in_schema[0] = "x"; }),
      // a chunk too few, and another damaged before it
      damaged([](format::FileMetaData& m) {
        m.row_groups[0].columns.pop_back();
        m.row_groups[0].columns[kLeaves - 5].meta_data->num_values = -1;
      }),
      // rows fewer than none
      damaged([](format::FileMetaData& m) { m.row_groups[0].num_rows = -1; }),
  };
  for (const std::string& file : damages) {
    const auto open = OpenBytes(file);
    ASSERT_FALSE(open.ok());
    const auto outline = OpenOutline(file);
    ASSERT_FALSE(outline.ok());
    EXPECT_EQ(outline.status().ToString(), open.status().ToString());
  }
}

// "PAR1" and a footer of these schema elements, no row group.
std::string FooterOf(const std::vector<format::SchemaElement>& elements) {
  format::FileMetaData md;
  md.version = 2;
  for (const auto& e : elements) md.schema.push_back(e);
  MemoryOutputStream out;
  EXPECT_OK(out.Write(format::kMagic, sizeof(format::kMagic)));
  EXPECT_OK(format::WriteFooter(md, &out));
  return out.Take();
}

format::SchemaElement Leaf(const std::string& name) {
  format::SchemaElement e;
  e.name = std::string_view(name);
  e.type = format::Type::INT32;
  e.repetition_type = format::FieldRepetitionType::OPTIONAL;
  return e;
}

// `leaves` INT32 leaves under a root that claims `claimed` children.
std::vector<format::SchemaElement> Elements(int leaves, int claimed) {
  std::vector<format::SchemaElement> out(1);
  out[0].name = std::string_view("schema");
  out[0].num_children = claimed;
  for (int i = 0; i < leaves; ++i) out.push_back(Leaf("c" + std::to_string(i)));
  return out;
}

// The footer of `elements` opened as an outline: `warnings` warnings, as
// FileReader::Open gives them, and the whole schema's text.
void ExpectWarnsAsOpenDoes(const std::vector<format::SchemaElement>& elements, size_t warnings) {
  const std::string bytes = FooterOf(elements);
  ASSERT_OK_AND_ASSIGN(auto whole, OpenBytes(bytes));
  ASSERT_OK_AND_ASSIGN(auto outline, OpenOutline(bytes));
  EXPECT_EQ(whole->metadata().Warnings().size(), warnings);
  EXPECT_EQ(outline->metadata().Warnings(), whole->metadata().Warnings());
  ASSERT_OK_AND_ASSIGN(std::string text, OutlineText(*outline));
  EXPECT_EQ(text, whole->schema().ToString());
}

// An outline checks its slices as they come, before the list's end: where
// a whole read meets another error first, the error is still the whole
// read's (and FileReader::Open's); notes of fallen-back annotations are the
// same warnings.
TEST(WideFileTest, AnOutlineFailsAndWarnsAsOpenDoes) {
  constexpr int kLeaves = 5'000;  // a few slices
  format::LogicalType string_type;
  string_type.STRING.emplace();

  // STRING on INT32 in the first slice, and children missing at the end.
  std::vector<format::SchemaElement> two_errors = Elements(kLeaves, kLeaves + 1);
  two_errors[3].logicalType = string_type;
  // Only the annotation, in a later slice.
  std::vector<format::SchemaElement> late_error = Elements(kLeaves, kLeaves);
  late_error[kLeaves - 2].logicalType = string_type;
  // A group with no children among the first leaves.
  std::vector<format::SchemaElement> empty_group = Elements(kLeaves, kLeaves);
  empty_group[10].type.reset();
  empty_group[10].num_children = 0;
  for (const auto* elements : {&two_errors, &late_error, &empty_group}) {
    const std::string bytes = FooterOf(*elements);
    const auto whole = OpenBytes(bytes);
    ASSERT_FALSE(whole.ok());
    EXPECT_STATUS_HAS(OpenOutline(bytes).status(), whole.status().code(), whole.status().message());
  }

  // An unknown converted_type is a note (a warning), not an error.
  std::vector<format::SchemaElement> noted = Elements(kLeaves, kLeaves);
  noted[kLeaves - 1].converted_type = static_cast<format::ConvertedType>(99);
  noted[7].converted_type = static_cast<format::ConvertedType>(98);
  ExpectWarnsAsOpenDoes(noted, 2);

  // The same inside one group, which the slices cut: the group's note once.
  std::vector<format::SchemaElement> nested = Elements(kLeaves, 1);
  format::SchemaElement group;
  group.name = std::string_view("g");
  group.repetition_type = format::FieldRepetitionType::OPTIONAL;
  group.num_children = kLeaves;
  group.converted_type = static_cast<format::ConvertedType>(97);
  nested.insert(nested.begin() + 1, group);
  nested[kLeaves].converted_type = static_cast<format::ConvertedType>(99);
  nested[8].converted_type = static_cast<format::ConvertedType>(98);
  ExpectWarnsAsOpenDoes(nested, 3);
  // A leaf of the wrong annotation in a later slice of the group.
  nested[kLeaves - 3].logicalType = string_type;
  const std::string bad = FooterOf(nested);
  const auto bad_whole = OpenBytes(bad);
  ASSERT_FALSE(bad_whole.ok());
  EXPECT_STATUS_HAS(OpenOutline(bad).status(), bad_whole.status().code(), bad_whole.status().message());
}

}  // namespace
}  // namespace parq
