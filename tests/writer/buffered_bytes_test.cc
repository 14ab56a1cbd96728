// WriterOptions::max_buffered_bytes: the writer's memory cap ends row groups
// early (FileWriter::MaybeEndRowGroup, RowWriter) and cuts pages early, and
// the rows read back the same; without it the bytes are those of before.
#include <gtest/gtest.h>

#include <algorithm>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/page_info.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "parq/writer_options_text.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

constexpr int kColumns = 12;
constexpr int64_t kRows = 30'000;

// kColumns leaves: by c % 3 a random int64, a short string of 500 (a
// dictionary), an optional double with nulls.
Schema WideSchema() {
  std::string text = "message m {\n";
  for (int c = 0; c < kColumns; ++c) {
    static const char* const kTypes[] = {"required int64", "required binary", "optional double"};
    text += std::string(kTypes[c % 3]) + " c" + std::to_string(c) + (c % 3 == 1 ? " (STRING);\n" : ";\n");
  }
  auto schema = ParseMessageType(text + "}");
  EXPECT_OK(schema.status());
  return std::move(*schema);
}

// Row r: the same values whichever way it is written.
Value MakeRow(int64_t r) {
  std::mt19937_64 rng(static_cast<uint64_t>(r) * 7919 + 28);
  Value row = Value::Struct();
  for (int c = 0; c < kColumns; ++c) {
    const uint64_t x = rng();
    Value v;
    switch (c % 3) {
      case 0: v = Value::Int64(static_cast<int64_t>(x)); break;
      case 1: v = Value::Bytes("name-" + std::to_string(x % 500)); break;
      default: v = x % 10 == 0 ? Value::Null() : Value::Double(static_cast<double>(x % 100000) / 8); break;
    }
    row.AddField("c" + std::to_string(c), std::move(v));
  }
  return row;
}

struct Written {
  std::string bytes;
  int row_groups = 0;
  int64_t peak_buffered = 0;  // FileWriter::buffered_bytes() between batches
};

// Every row through a RowWriter (which asks MaybeEndRowGroup between its
// batches), then Close.
Result<Written> WriteRows(const WriterOptions& options) {
  const Schema schema = WideSchema();
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(std::move(sink), schema, options));
  RowWriterOptions ro;
  ro.batch_rows = 500;
  PARQ_ASSIGN_OR_RETURN(auto rows, RowWriter::Open(*file, ro));
  Written w;
  for (int64_t r = 0; r < kRows; ++r) {
    PARQ_RETURN_IF_ERROR(rows->Write(MakeRow(r)));
    if (r % 500 == 499) w.peak_buffered = std::max(w.peak_buffered, file->buffered_bytes());
  }
  PARQ_RETURN_IF_ERROR(rows->Close());
  PARQ_RETURN_IF_ERROR(file->Close());
  w.row_groups = file->num_row_groups();
  w.bytes = out->Take();
  return w;
}

// The file's rows equal MakeRow's, in order.
void ExpectRows(const std::string& bytes) {
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  ASSERT_EQ(reader->metadata().num_rows(), kRows);
  ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*reader));
  Value row;
  for (int64_t r = 0; r < kRows; ++r) {
    ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
    ASSERT_TRUE(more) << "the file ends at row " << r;
    ASSERT_EQ(row, MakeRow(r)) << "row " << r;
  }
  ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
  EXPECT_FALSE(more);
}

int64_t DataPages(const std::string& bytes) {
  auto reader = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)));
  EXPECT_OK(reader.status());
  int64_t pages = 0;
  const FileMetaData& md = (*reader)->metadata();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    for (int c = 0; c < md.row_group(g).num_columns(); ++c) {
      auto index = (*reader)->ReadOffsetIndex(g, c);
      EXPECT_OK(index.status());
      if (index.ok() && *index) pages += static_cast<int64_t>((*index)->page_locations().size());
    }
  }
  return pages;
}

TEST(WriterMemoryTest, MaxBufferedBytesEndsRowGroupsEarlyAndRowsRoundTrip) {
  WriterOptions unbounded;
  unbounded.column_defaults.compression = Compression::kZstd;
  ASSERT_OK_AND_ASSIGN(Written whole, WriteRows(unbounded));
  EXPECT_EQ(whole.row_groups, 1);  // far below row_group_size and max_rows_per_row_group

  WriterOptions capped = unbounded;
  capped.max_buffered_bytes = 256 << 10;
  ASSERT_OK_AND_ASSIGN(Written split, WriteRows(capped));
  EXPECT_GT(split.row_groups, 3);
  // Checked between batches of 500 rows: the cap plus what one batch adds.
  EXPECT_LT(split.peak_buffered, capped.max_buffered_bytes + (128 << 10));
  EXPECT_GT(whole.peak_buffered, 2 * capped.max_buffered_bytes);
  // Pages are cut at a twelfth of a quarter of the cap (16 KiB at least), so
  // there are more of them than row groups alone would make.
  EXPECT_GT(DataPages(split.bytes), DataPages(whole.bytes) + 2 * kColumns);

  ExpectRows(whole.bytes);
  ExpectRows(split.bytes);
}

TEST(WriterMemoryTest, MaybeEndRowGroupEndsAtTheCapThroughColumnWriters) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int64 a; required double b; }"));
  WriterOptions o;
  o.max_buffered_bytes = 64 << 10;
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(std::move(sink), schema, o));
  std::vector<int64_t> a(1000);
  std::vector<double> b(1000);
  std::mt19937_64 rng(3);
  int64_t written = 0;
  for (int batch = 0; batch < 40; ++batch) {
    for (size_t i = 0; i < a.size(); ++i) {
      a[i] = static_cast<int64_t>(rng());
      b[i] = static_cast<double>(written + static_cast<int64_t>(i));
    }
    ASSERT_OK_AND_ASSIGN(auto* wa, file->typed_column<int64_t>(0));
    ASSERT_OK(wa->WriteBatch(1000, nullptr, nullptr, a.data()));
    ASSERT_OK_AND_ASSIGN(auto* wb, file->typed_column<double>(1));
    ASSERT_OK(wb->WriteBatch(1000, nullptr, nullptr, b.data()));
    written += 1000;
    ASSERT_OK(file->MaybeEndRowGroup());
    // A row group was ended once the cap was reached: never two batches' worth over it.
    EXPECT_LT(file->buffered_bytes(), o.max_buffered_bytes + (32 << 10));
  }
  ASSERT_OK(file->Close());
  // 16,000 random bytes a batch: about four batches a row group.
  EXPECT_GE(file->num_row_groups(), 8);
  auto reader = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(out->Take())));
  ASSERT_OK(reader.status());
  int64_t rows = 0;
  for (int g = 0; g < (*reader)->metadata().num_row_groups(); ++g) {
    ASSERT_OK_AND_ASSIGN(auto col, (*reader)->OpenColumn(g, 1));
    std::vector<double> got(static_cast<size_t>((*reader)->metadata().row_group(g).num_rows()));
    int64_t values = 0;
    ASSERT_OK_AND_ASSIGN(int64_t levels, col->As<double>()->ReadBatch(static_cast<int64_t>(got.size()), nullptr,
                                                                       nullptr, got.data(), &values));
    ASSERT_EQ(levels, static_cast<int64_t>(got.size()));
    for (size_t i = 0; i < got.size(); ++i) ASSERT_EQ(got[i], static_cast<double>(rows + static_cast<int64_t>(i)));
    rows += levels;
  }
  EXPECT_EQ(rows, written);
}

// With the defaults, the first page of each chunk is a dictionary trial;
// for a column of distinct numbers it holds the values once and a hash set
// of them, not a dictionary (8 bytes an entry, 8 a slot at most half full),
// an index per value and a PLAIN copy beside it.  The file is as before:
// those columns PLAIN, their values read back.
TEST(WriterMemoryTest, DictionaryTrialOfDistinctNumbersIsLean) {
  constexpr int kWide = 16;
  constexpr int64_t kBatch = 4096;
  std::string text = "message m {\n";
  for (int c = 0; c < kWide; ++c) {
    text += std::string(c % 2 == 0 ? "required int64" : "required double") + " c" + std::to_string(c) + ";\n";
  }
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(text + "}"));
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(std::move(sink), schema, WriterOptions{}));
  std::mt19937_64 rng(28);
  std::vector<std::vector<int64_t>> ints(kWide);
  std::vector<std::vector<double>> doubles(kWide);
  int64_t peak = 0;
  // 16,384 rows: all in the first page (max_rows_per_page is 20,000).
  for (int batch = 0; batch < 4; ++batch) {
    for (int c = 0; c < kWide; ++c) {
      if (c % 2 == 0) {
        for (int64_t i = 0; i < kBatch; ++i) ints[c].push_back(static_cast<int64_t>(rng()));
        ASSERT_OK_AND_ASSIGN(auto* w, file->typed_column<int64_t>(c));
        ASSERT_OK(w->WriteBatch(kBatch, nullptr, nullptr, ints[c].data() + batch * kBatch));
      } else {
        for (int64_t i = 0; i < kBatch; ++i) doubles[c].push_back(static_cast<double>(rng() % 100'000'000) / 100);
        ASSERT_OK_AND_ASSIGN(auto* w, file->typed_column<double>(c));
        ASSERT_OK(w->WriteBatch(kBatch, nullptr, nullptr, doubles[c].data() + batch * kBatch));
      }
    }
    ASSERT_OK(file->MaybeEndRowGroup());
    peak = std::max(peak, file->buffered_bytes());
  }
  // A column's 16,384 values (128 KiB) and 32,768 slots of 2 bytes: 192 KiB,
  // where the dictionary, its table, the indices and the PLAIN copy were 576 KiB.
  EXPECT_LE(peak, kWide * (int64_t{224} << 10));
  ASSERT_OK(file->Close());

  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(out->Take()))));
  ASSERT_EQ(reader->metadata().num_row_groups(), 1);
  for (int c = 0; c < kWide; ++c) {
    const ColumnChunkMetaData chunk = reader->metadata().row_group(0).column(c);
    EXPECT_FALSE(chunk.dictionary_page_offset().has_value()) << "column " << c;
    ASSERT_OK_AND_ASSIGN(auto col, reader->OpenColumn(0, c));
    int64_t values = 0;
    if (c % 2 == 0) {
      std::vector<int64_t> got(ints[c].size());
      ASSERT_OK_AND_ASSIGN(int64_t levels, col->As<int64_t>()->ReadBatch(static_cast<int64_t>(got.size()), nullptr,
                                                                      nullptr, got.data(), &values));
      ASSERT_EQ(levels, static_cast<int64_t>(got.size()));
      EXPECT_EQ(got, ints[c]) << "column " << c;
    } else {
      std::vector<double> got(doubles[c].size());
      ASSERT_OK_AND_ASSIGN(int64_t levels, col->As<double>()->ReadBatch(static_cast<int64_t>(got.size()), nullptr,
                                                                      nullptr, got.data(), &values));
      ASSERT_EQ(levels, static_cast<int64_t>(got.size()));
      EXPECT_EQ(got, doubles[c]) << "column " << c;
    }
  }
}

// An open page holds its levels as they will be written (RLE / bit-packed,
// not 2 bytes a level) and its dictionary indices in the fewest bytes the
// dictionary allows (1 below 256 entries, not 4): 19,000 levels of an
// optional column with 100 distinct values, 5% null, hold about 20 KB of
// indices, 3 KB of levels and the dictionary's 9 KB, where 4-byte indices
// and 2-byte levels held 110 KB.  The values read back.
TEST(WriterMemoryTest, OpenPageHoldsItsLevelsEncodedAndItsIndicesNarrow) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { optional int64 a; }"));
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  ASSERT_OK_AND_ASSIGN(auto file, FileWriter::Open(std::move(sink), schema, WriterOptions{}));
  constexpr int64_t kLevels = 19'000;  // one open page: max_rows_per_page is 20,000
  std::mt19937_64 rng(28);
  std::vector<int16_t> def(kLevels);
  std::vector<int64_t> values;
  for (int16_t& d : def) {
    const uint64_t r = rng();
    d = r % 20 == 0 ? 0 : 1;
    if (d == 1) values.push_back(static_cast<int64_t>((r >> 8) % 100));
  }
  ASSERT_OK_AND_ASSIGN(auto* w, file->typed_column<int64_t>(0));
  int64_t v = 0;
  for (int64_t i = 0; i < kLevels; i += 1000) {
    const int64_t n = std::min<int64_t>(1000, kLevels - i);
    ASSERT_OK(w->WriteBatch(n, def.data() + i, nullptr, values.data() + v));
    v += std::count(def.begin() + i, def.begin() + i + n, int16_t{1});
  }
  EXPECT_LT(file->buffered_bytes(), 48 << 10);
  ASSERT_OK(file->Close());

  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(out->Take()))));
  ASSERT_OK_AND_ASSIGN(auto col, reader->OpenColumn(0, 0));
  std::vector<int16_t> got_def(kLevels);
  std::vector<int64_t> got(kLevels);
  int64_t got_values = 0;
  ASSERT_OK_AND_ASSIGN(int64_t levels,
                       col->As<int64_t>()->ReadBatch(kLevels, got_def.data(), nullptr, got.data(), &got_values));
  ASSERT_EQ(levels, kLevels);
  EXPECT_EQ(got_def, def);
  got.resize(static_cast<size_t>(got_values));
  EXPECT_EQ(got, values);
}

// kLeaves required INT64 leaves, PLAIN and zstd, kWideRows rows in batches
// of 1,000; value (r, c) is c * 1000 + r / 4096, runs that zstd makes next
// to nothing of: buffered_bytes() is the open pages, all but a few KB.
struct WideWrite {
  std::string bytes;
  int64_t peak_buffered = 0;  // after each batch
};
constexpr int kLeaves = 100;
constexpr int64_t kWideRows = 19'000;
int64_t WideValue(int64_t r, int c) { return int64_t{c} * 1000 + r / 4096; }

Result<WideWrite> WriteWide(WriterOptions options) {
  std::string text = "message m {\n";
  for (int c = 0; c < kLeaves; ++c) text += "  required int64 c" + std::to_string(c) + ";\n";
  PARQ_ASSIGN_OR_RETURN(Schema schema, ParseMessageType(text + "}"));
  options.column_defaults.compression = Compression::kZstd;
  options.column_defaults.dictionary = false;
  auto sink = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* out = sink.get();
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(std::move(sink), schema, options));
  WideWrite w;
  std::vector<int64_t> batch(1000);
  for (int64_t r = 0; r < kWideRows; r += 1000) {
    for (int c = 0; c < kLeaves; ++c) {
      for (int64_t i = 0; i < 1000; ++i) batch[static_cast<size_t>(i)] = WideValue(r + i, c);
      PARQ_ASSIGN_OR_RETURN(auto* col, file->typed_column<int64_t>(c));
      PARQ_RETURN_IF_ERROR(col->WriteBatch(1000, nullptr, nullptr, batch.data()));
    }
    w.peak_buffered = std::max(w.peak_buffered, file->buffered_bytes());
  }
  PARQ_RETURN_IF_ERROR(file->Close());
  w.bytes = out->Take();
  return w;
}

// The largest data page of the file's first row group, uncompressed (its body).
int64_t LargestPage(const std::string& bytes) {
  auto reader = FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)));
  EXPECT_OK(reader.status());
  int64_t largest = 0;
  for (int c = 0; c < kLeaves; ++c) {
    auto pages = ReadPageInfos(**reader, 0, c);
    EXPECT_OK(pages.status());
    if (!pages.ok()) continue;
    for (const PageInfo& p : *pages) {
      if (p.type != PageType::kDataPage) continue;
      largest = std::max<int64_t>(largest, p.uncompressed_size);
    }
  }
  return largest;
}

void ExpectWideRows(const std::string& bytes) {
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
  ASSERT_EQ(reader->metadata().num_row_groups(), 1);
  for (int c = 0; c < kLeaves; ++c) {
    ASSERT_OK_AND_ASSIGN(auto col, reader->OpenColumn(0, c));
    std::vector<int64_t> got(kWideRows);
    for (int64_t read = 0; read < kWideRows;) {  // a batch may end with a page
      int64_t values = 0;
      ASSERT_OK_AND_ASSIGN(int64_t levels, col->As<int64_t>()->ReadBatch(kWideRows - read, nullptr, nullptr,
                                                                       got.data() + read, &values));
      ASSERT_GT(levels, 0) << "column " << c << " ends at row " << read;
      read += levels;
    }
    for (int64_t r = 0; r < kWideRows; ++r) ASSERT_EQ(got[static_cast<size_t>(r)], WideValue(r, c)) << c << " " << r;
  }
}

// WriterOptions::max_open_page_bytes: the open pages of all the leaves
// together stay within about the budget (each leaf's share, 16 KiB here, and
// at most a step of values and its buffer's growth past it), because a
// leaf's page is cut once it holds its share; without the budget the 100
// pages of 19,000 INT64 each are 15 MB.  The rows read back.
TEST(WriterMemoryTest, OpenPageBudgetCutsTheLeavesPagesEarly) {
  WriterOptions budget;
  budget.max_open_page_bytes = kLeaves * (int64_t{16} << 10);
  ASSERT_OK_AND_ASSIGN(WideWrite small, WriteWide(budget));
  WriterOptions none;
  none.max_open_page_bytes = 0;
  ASSERT_OK_AND_ASSIGN(WideWrite whole, WriteWide(none));

  EXPECT_LE(small.peak_buffered, 2 * budget.max_open_page_bytes + kLeaves * (int64_t{4} << 10));
  EXPECT_GT(whole.peak_buffered, kLeaves * 18'000 * 8);
  EXPECT_LE(LargestPage(small.bytes), (32 << 10) + 100);
  EXPECT_GE(LargestPage(whole.bytes), 19'000 * 8);
  ExpectWideRows(small.bytes);
  ExpectWideRows(whole.bytes);
}

// The default budget (64 MiB) is never met by a file of up to 64 leaves:
// the same bytes as with no budget.
TEST(WriterMemoryTest, DefaultOpenPageBudgetLeavesNarrowFilesAsTheyWere) {
  WriterOptions defaults;
  defaults.column_defaults.compression = Compression::kZstd;
  ASSERT_OK_AND_ASSIGN(Written with, WriteRows(defaults));
  WriterOptions none = defaults;
  none.max_open_page_bytes = 0;
  ASSERT_OK_AND_ASSIGN(Written without, WriteRows(none));
  EXPECT_EQ(with.bytes, without.bytes);
}

TEST(WriterMemoryTest, TheOptionInTextAndItsChecks) {
  WriterOptions o;
  ASSERT_OK(ParseWriterOptions("max_buffered_bytes=1048576", &o));
  EXPECT_EQ(o.max_buffered_bytes, 1 << 20);
  ASSERT_OK(ParseWriterOption("--max-buffered-bytes", "0", &o));
  EXPECT_EQ(o.max_buffered_bytes, 0);
  EXPECT_STATUS_HAS(ParseWriterOption("max-buffered-bytes", "-1", &o), StatusCode::kInvalidArgument,
                    "writer option 'max-buffered-bytes': takes a non-negative integer (0: no cap), not '-1'");
  o.max_buffered_bytes = -5;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument,
                    "writer option 'max_buffered_bytes': must not be negative (0: no cap), not -5");
  o.max_buffered_bytes = 0;
  ASSERT_OK(ParseWriterOptions("max_open_page_bytes=4194304", &o));
  EXPECT_EQ(o.max_open_page_bytes, 4 << 20);
  ASSERT_OK(ParseWriterOption("--max-open-page-bytes", "0", &o));
  EXPECT_EQ(o.max_open_page_bytes, 0);
  EXPECT_STATUS_HAS(ParseWriterOption("max-open-page-bytes", "x", &o), StatusCode::kInvalidArgument,
                    "writer option 'max-open-page-bytes': takes a non-negative integer (0: no budget), not 'x'");
  o.max_open_page_bytes = -1;
  EXPECT_STATUS_HAS(FileWriter::ValidateOptions(o), StatusCode::kInvalidArgument,
                    "writer option 'max_open_page_bytes': must not be negative (0: no budget), not -1");
}

}  // namespace
}  // namespace parq
