// Caller mistakes on FileWriter and RowWriter: each is kInvalidArgument
// naming what was asked and what exists, leaves the sticky status OK, and
// the caller can correct it and go on to a valid file (read back here).
// Also: a FileWriter dropped without Close() leaves no file behind.
#include <gtest/gtest.h>

#include <cstdio>
#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// a: INT32, b.c: INT64 (optional group), d: DOUBLE.
constexpr char kSchema[] =
    "message m { required int32 a; optional group b { required int64 c; } required double d; }";

Schema ThreeLeaves() {
  auto s = ParseMessageType(kSchema);
  EXPECT_OK(s);
  return std::move(s).ValueOr(Schema());
}

// Writes rows [first, first + n) correctly: a = i, b.c = 10 i (b null when i
// is odd), d = i / 2.
Status WriteRows(FileWriter& w, int first, int n) {
  std::vector<int32_t> a;
  std::vector<int64_t> c;
  std::vector<int16_t> c_def;
  std::vector<double> d;
  for (int i = first; i < first + n; ++i) {
    a.push_back(i);
    c_def.push_back(i % 2 == 0 ? 1 : 0);
    if (i % 2 == 0) c.push_back(10 * i);
    d.push_back(i / 2.0);
  }
  PARQ_ASSIGN_OR_RETURN(auto* wa, w.typed_column<int32_t>(0));
  PARQ_RETURN_IF_ERROR(wa->WriteBatch(n, nullptr, nullptr, a.data()));
  PARQ_ASSIGN_OR_RETURN(auto* wc, w.typed_column<int64_t>(1));
  PARQ_RETURN_IF_ERROR(wc->WriteBatch(n, c_def.data(), nullptr, c.data()));
  PARQ_ASSIGN_OR_RETURN(auto* wd, w.typed_column<double>(2));
  return wd->WriteBatch(n, nullptr, nullptr, d.data());
}

Value Row(int i) {
  Value row = Value::Struct();
  row.AddField("a", Value::Int32(i));
  Value b = Value::Null();
  if (i % 2 == 0) {
    b = Value::Struct();
    b.AddField("c", Value::Int64(10 * i));
  }
  row.AddField("b", std::move(b));
  row.AddField("d", Value::Double(i / 2.0));
  return row;
}

// Every row of a file, and its row groups' sizes.
struct ReadBack {
  std::vector<Value> rows;
  std::vector<int64_t> group_rows;
};

Result<ReadBack> ReadAll(std::shared_ptr<RandomAccessFile> file) {
  PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(std::move(file)));
  ReadBack out;
  for (int g = 0; g < reader->metadata().num_row_groups(); ++g) {
    out.group_rows.push_back(reader->metadata().row_group(g).num_rows());
  }
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(*reader));
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) break;
    out.rows.push_back(row);
  }
  return out;
}

Result<ReadBack> ReadAll(const MemoryOutputStream& sink) {
  return ReadAll(std::shared_ptr<RandomAccessFile>(OpenMemory(sink.bytes())));
}

void ExpectRows(const ReadBack& got, int n) {
  ASSERT_EQ(got.rows.size(), static_cast<size_t>(n));
  for (int i = 0; i < n; ++i) EXPECT_EQ(got.rows[i], Row(i)) << "row " << i << ": " << got.rows[i].DebugString();
}

class FileWriterMisuseTest : public ::testing::Test {
 protected:
  void SetUp() override {
    schema_ = ThreeLeaves();
    auto out = std::make_unique<MemoryOutputStream>();
    sink_ = out.get();
    ASSERT_OK_AND_ASSIGN(writer_, FileWriter::Open(std::move(out), schema_));
  }
  // Writes rows [0, 4) after the mistake, closes, and checks the file.
  void FinishAndCheck() {
    EXPECT_OK(writer_->status());
    ASSERT_OK(WriteRows(*writer_, 0, 4));
    ASSERT_OK(writer_->Close());
    ASSERT_OK_AND_ASSIGN(ReadBack got, ReadAll(*sink_));
    ExpectRows(got, 4);
  }

  Schema schema_;
  MemoryOutputStream* sink_ = nullptr;
  std::unique_ptr<FileWriter> writer_;
};

TEST_F(FileWriterMisuseTest, ColumnOutOfRangeNamesTheLeaves) {
  EXPECT_STATUS_HAS(writer_->column(7), StatusCode::kInvalidArgument,
                    "column 7 out of range: the schema has 3 leaf columns (a, b.c, d)");
  EXPECT_STATUS_HAS(writer_->column(-1), StatusCode::kInvalidArgument, "column -1 out of range");
  EXPECT_STATUS_HAS(writer_->typed_column<int32_t>(3), StatusCode::kInvalidArgument, "column 3 out of range");
  FinishAndCheck();
}

TEST_F(FileWriterMisuseTest, WrongTypeNamesTheRightOne) {
  EXPECT_STATUS_HAS(writer_->typed_column<int32_t>(1), StatusCode::kInvalidArgument,
                    "typed_column<int32_t>(1) of column 'b.c' (INT64): use typed_column<int64_t>");
  EXPECT_STATUS_HAS(writer_->typed_column<float>(2), StatusCode::kInvalidArgument,
                    "typed_column<float>(2) of column 'd' (DOUBLE): use typed_column<double>");
  EXPECT_STATUS_HAS(writer_->typed_column<ByteArray>(0), StatusCode::kInvalidArgument,
                    "typed_column<ByteArray>(0) of column 'a' (INT32): use typed_column<int32_t>");
  FinishAndCheck();
}

TEST_F(FileWriterMisuseTest, DifferentRowCountsAtEndRowGroupCanBeCompleted) {
  // Rows 0..3 in a and b.c, only 0..1 in d.
  const double d[4] = {0, 0.5, 1, 1.5};
  ASSERT_OK_AND_ASSIGN(auto* wa, writer_->typed_column<int32_t>(0));
  const int32_t a[4] = {0, 1, 2, 3};
  ASSERT_OK(wa->WriteBatch(4, nullptr, nullptr, a));
  ASSERT_OK_AND_ASSIGN(auto* wc, writer_->typed_column<int64_t>(1));
  const int16_t c_def[4] = {1, 0, 1, 0};
  const int64_t c[2] = {0, 20};
  ASSERT_OK(wc->WriteBatch(4, c_def, nullptr, c));
  ASSERT_OK_AND_ASSIGN(auto* wd, writer_->typed_column<double>(2));
  ASSERT_OK(wd->WriteBatch(2, nullptr, nullptr, d));
  EXPECT_STATUS_HAS(writer_->EndRowGroup(), StatusCode::kInvalidArgument,
                    "row group 0 cannot end: column 'd' holds 2 rows but 'a' holds 4; write the missing rows "
                    "and end it again");
  // Close() ends the row group too: refused the same way, the file still open.
  EXPECT_STATUS_HAS(writer_->Close(), StatusCode::kInvalidArgument, "column 'd' holds 2 rows");
  EXPECT_OK(writer_->status());
  EXPECT_EQ(writer_->num_row_groups(), 0);
  // Asking a column again is fine: it is the same writer, the same chunk.
  ASSERT_OK_AND_ASSIGN(auto* again, writer_->typed_column<double>(2));
  EXPECT_EQ(again, wd);
  ASSERT_OK(again->WriteBatch(2, nullptr, nullptr, d + 2));
  ASSERT_OK(writer_->EndRowGroup());
  ASSERT_OK(writer_->Close());
  ASSERT_OK_AND_ASSIGN(ReadBack got, ReadAll(*sink_));
  EXPECT_EQ(got.group_rows, std::vector<int64_t>{4});
  ExpectRows(got, 4);
}

// A writer kept from an earlier row group writes into the next one (this
// once left its rows out of the file: the row group counted as not open).
TEST_F(FileWriterMisuseTest, WritersKeptAcrossRowGroupsWriteTheNextOne) {
  ASSERT_OK_AND_ASSIGN(auto* wa, writer_->typed_column<int32_t>(0));
  ASSERT_OK_AND_ASSIGN(auto* wc, writer_->typed_column<int64_t>(1));
  ASSERT_OK_AND_ASSIGN(auto* wd, writer_->typed_column<double>(2));
  const int32_t a[4] = {0, 1, 2, 3};
  const int16_t c_def[4] = {1, 0, 1, 0};
  const int64_t c[2] = {0, 20};
  const double d[4] = {0, 0.5, 1, 1.5};
  for (int g = 0; g < 2; ++g) {
    ASSERT_OK(wa->WriteBatch(2, nullptr, nullptr, a + 2 * g));
    ASSERT_OK(wc->WriteBatch(2, c_def + 2 * g, nullptr, c + g));
    ASSERT_OK(wd->WriteBatch(2, nullptr, nullptr, d + 2 * g));
    ASSERT_OK(writer_->EndRowGroup());
  }
  ASSERT_OK(writer_->Close());
  ASSERT_OK_AND_ASSIGN(ReadBack got, ReadAll(*sink_));
  EXPECT_EQ(got.group_rows, (std::vector<int64_t>{2, 2}));
  ExpectRows(got, 4);
}

TEST_F(FileWriterMisuseTest, EveryCallAfterCloseIsRefused) {
  ASSERT_OK_AND_ASSIGN(auto* wa, writer_->typed_column<int32_t>(0));
  ASSERT_OK(WriteRows(*writer_, 0, 4));
  ASSERT_OK(writer_->Close());
  const std::string closed = sink_->bytes();
  const int32_t more[1] = {9};
  EXPECT_STATUS_HAS(wa->WriteBatch(1, nullptr, nullptr, more), StatusCode::kInvalidArgument,
                    "WriteBatch after FileWriter::Close: the file is finished");
  EXPECT_STATUS_HAS(writer_->column(0), StatusCode::kInvalidArgument,
                    "FileWriter::column(0) after Close: the file is finished");
  EXPECT_STATUS_HAS(writer_->EndRowGroup(), StatusCode::kInvalidArgument, "FileWriter::EndRowGroup after Close");
  EXPECT_STATUS_HAS(writer_->MaybeEndRowGroup(), StatusCode::kInvalidArgument,
                    "FileWriter::MaybeEndRowGroup after Close");
  EXPECT_OK(writer_->Close());
  EXPECT_OK(writer_->status());
  EXPECT_EQ(sink_->bytes(), closed);
  ASSERT_OK_AND_ASSIGN(ReadBack got, ReadAll(*sink_));
  ExpectRows(got, 4);
}

// Data errors stay sticky: the chunk may be half written.
TEST_F(FileWriterMisuseTest, DataErrorsAreStickyCallerMistakesAreNot) {
  EXPECT_STATUS(writer_->column(9), StatusCode::kInvalidArgument);
  EXPECT_OK(writer_->status());
  ASSERT_OK_AND_ASSIGN(auto* wc, writer_->typed_column<int64_t>(1));
  const int16_t bad_def[1] = {2};
  const int64_t c[1] = {1};
  Status st = wc->WriteBatch(1, bad_def, nullptr, c);
  EXPECT_STATUS_HAS(st, StatusCode::kInvalidArgument, "definition level 2");
  EXPECT_EQ(writer_->status().ToString(), st.ToString());
  EXPECT_EQ(writer_->column(0).status().ToString(), st.ToString());
  EXPECT_EQ(writer_->Close().ToString(), st.ToString());
}

// --- RowWriter ---

class RowWriterMisuseTest : public FileWriterMisuseTest {};

TEST_F(RowWriterMisuseTest, FileCloseWhileRowsAreHeldIsRefused) {
  ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*writer_));
  for (int i = 0; i < 4; ++i) ASSERT_OK(rows->Write(Row(i)));
  EXPECT_STATUS_HAS(writer_->Close(), StatusCode::kInvalidArgument,
                    "FileWriter::Close while a RowWriter holds rows not yet given to the file: close the "
                    "RowWriter first");
  EXPECT_OK(writer_->status());
  ASSERT_OK(rows->Close());
  ASSERT_OK(writer_->Close());
  ASSERT_OK_AND_ASSIGN(ReadBack got, ReadAll(*sink_));
  ExpectRows(got, 4);
}

TEST_F(RowWriterMisuseTest, RowsDroppedWithTheirRowWriterKeepTheFileFromClosing) {
  {
    ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*writer_));
    ASSERT_OK(rows->Write(Row(0)));
  }
  EXPECT_STATUS_HAS(writer_->Close(), StatusCode::kInvalidArgument, "a RowWriter destroyed unclosed lost its rows");
}

TEST_F(RowWriterMisuseTest, BadRowThenGoodRowsAndRowsAfterCloseRefused) {
  ASSERT_OK_AND_ASSIGN(auto rows, RowWriter::Open(*writer_));
  Value bad = Row(0);
  bad.mutable_items()[2] = Value::Int32(1);  // d is DOUBLE
  EXPECT_STATUS_HAS(rows->Write(bad), StatusCode::kInvalidArgument, "row 0: field 'd'");
  for (int i = 0; i < 4; ++i) ASSERT_OK(rows->Write(Row(i)));
  ASSERT_OK(rows->Close());
  ASSERT_OK(writer_->Close());
  ASSERT_OK(rows->Write(Row(4)));  // buffered only
  EXPECT_STATUS_HAS(rows->Flush(), StatusCode::kInvalidArgument, "after Close: the file is finished");
  ASSERT_OK_AND_ASSIGN(ReadBack got, ReadAll(*sink_));
  ExpectRows(got, 4);
}

// --- No file left behind by a FileWriter dropped without Close ---

class FileWriterDropTest : public ::testing::TestWithParam<bool> {
 protected:
  void SetUp() override {
    dir_ = std::filesystem::path(PARQ_BIN_DIR) /
           ("writer_drop_test_" + std::to_string(GetParam()) + "_" +
            ::testing::UnitTest::GetInstance()->current_test_info()->name());
    std::filesystem::remove_all(dir_);
    std::filesystem::create_directories(dir_);
    path_ = (dir_ / "out.parquet").string();
  }
  void TearDown() override { std::filesystem::remove_all(dir_); }
  bool atomic() const { return GetParam(); }
  // The names in the directory (a temporary sibling included).
  std::vector<std::string> Files() const {
    std::vector<std::string> out;
    for (const auto& e : std::filesystem::directory_iterator(dir_)) out.push_back(e.path().filename().string());
    return out;
  }

  std::filesystem::path dir_;
  std::string path_;
};

TEST_P(FileWriterDropTest, DroppedUnclosedLeavesNothing) {
  {
    ASSERT_OK_AND_ASSIGN(auto w, FileWriter::Open(path_, ThreeLeaves(), {}, atomic()));
    ASSERT_OK(WriteRows(*w, 0, 4));
    ASSERT_OK(w->EndRowGroup());  // bytes reached the file (or, atomic, an unnamed file or a temporary)
    if (!atomic()) {
      EXPECT_FALSE(Files().empty());
    }
  }
  EXPECT_TRUE(Files().empty()) << Files().front();
}

TEST_P(FileWriterDropTest, DroppedAfterAStickyErrorLeavesNothing) {
  {
    ASSERT_OK_AND_ASSIGN(auto w, FileWriter::Open(path_, ThreeLeaves(), {}, atomic()));
    ASSERT_OK(WriteRows(*w, 0, 4));
    ASSERT_OK(w->EndRowGroup());
    ASSERT_OK_AND_ASSIGN(auto* wc, w->typed_column<int64_t>(1));
    const int16_t bad_def[1] = {5};
    EXPECT_STATUS(wc->WriteBatch(1, bad_def, nullptr, nullptr), StatusCode::kInvalidArgument);
    EXPECT_STATUS(w->Close(), StatusCode::kInvalidArgument);
  }
  EXPECT_TRUE(Files().empty()) << Files().front();
}

TEST_P(FileWriterDropTest, FailedOpenLeavesNothing) {
  WriterOptions bad;
  bad.columns["no.such.column"] = {};
  EXPECT_STATUS_HAS(FileWriter::Open(path_, ThreeLeaves(), bad, atomic()), StatusCode::kInvalidArgument,
                    "no.such.column");
  EXPECT_TRUE(Files().empty()) << Files().front();
}

TEST_P(FileWriterDropTest, ClosedFileStays) {
  {
    ASSERT_OK_AND_ASSIGN(auto w, FileWriter::Open(path_, ThreeLeaves(), {}, atomic()));
    ASSERT_OK(WriteRows(*w, 0, 4));
    ASSERT_OK(w->Close());
  }
  EXPECT_EQ(Files(), std::vector<std::string>{"out.parquet"});
  ASSERT_OK_AND_ASSIGN(auto file, OpenFile(path_));
  ASSERT_OK_AND_ASSIGN(ReadBack got, ReadAll(std::move(file)));
  ExpectRows(got, 4);
}

INSTANTIATE_TEST_SUITE_P(AtomicRename, FileWriterDropTest, ::testing::Bool());

}  // namespace
}  // namespace parq
