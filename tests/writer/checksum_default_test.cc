// ReaderOptions::verify_checksums is on by default: a page whose body does
// not match its CRC fails a default read (kCorrupt), and reads only when
// verification is switched off.
#include <gtest/gtest.h>

#include <memory>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

// Every row, through RowReader.
Result<std::vector<Value>> ReadRows(std::shared_ptr<RandomAccessFile> file, const ReaderOptions& options) {
  PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(std::move(file), options));
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(*reader));
  std::vector<Value> out;
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) return out;
    out.push_back(row);
  }
}

TEST(ChecksumDefaultTest, OnByDefault) { EXPECT_TRUE(ReaderOptions().verify_checksums); }

TEST(ChecksumDefaultTest, CorruptedPageOfOurOwnFileFailsByDefault) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int64 x; }"));
  WriterOptions wo;
  wo.column_defaults.dictionary = false;  // PLAIN values
  ASSERT_TRUE(wo.write_checksums);
  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = out.get();
  ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(std::move(out), schema, wo));
  std::vector<int64_t> v(100);
  for (int i = 0; i < 100; ++i) v[i] = i;
  ASSERT_OK_AND_ASSIGN(auto* x, writer->typed_column<int64_t>(0));
  ASSERT_OK(x->WriteBatch(100, nullptr, nullptr, v.data()));
  ASSERT_OK(writer->Close());

  std::string bytes = sink->bytes();
  {
    ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes))));
    const ColumnChunkMetaData chunk = reader->metadata().row_group(0).column(0);
    // The chunk ends with the last PLAIN value, little-endian: 99 becomes 98.
    const size_t low = static_cast<size_t>(chunk.start_offset() + chunk.total_compressed_size() - 8);
    bytes[low] = static_cast<char>(bytes[low] ^ 0x01);
  }
  std::shared_ptr<RandomAccessFile> bad(OpenMemory(bytes));
  EXPECT_STATUS_HAS(ReadRows(bad, ReaderOptions()), StatusCode::kCorrupt, "CRC32 mismatch");
  ReaderOptions unverified;
  unverified.verify_checksums = false;
  ASSERT_OK_AND_ASSIGN(std::vector<Value> rows, ReadRows(bad, unverified));
  ASSERT_EQ(rows.size(), 100u);
  EXPECT_EQ(rows[99][0].int64_value(), 98);
}

TEST(ChecksumDefaultTest, CorpusFileWithACorruptChecksumFailsByDefault) {
  const std::string path = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/datapage_v1-corrupt-checksum.parquet";
  ASSERT_OK_AND_ASSIGN(auto file, OpenFile(path));
  std::shared_ptr<RandomAccessFile> shared(std::move(file));
  EXPECT_STATUS_HAS(ReadRows(shared, ReaderOptions()), StatusCode::kCorrupt, "CRC32 mismatch");
}

}  // namespace
}  // namespace parq
