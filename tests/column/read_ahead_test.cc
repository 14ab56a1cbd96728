// ReadPagesTogether: pages of paired readers, read ahead and decompressed two
// at a time, must read back exactly as pages read one at a time, whatever the
// order of reads and pairings, and an error met reading ahead must be the one
// the reader would have met, returned by its next read.
#include <gtest/gtest.h>
#include <unistd.h>

#include <fstream>
#include <iterator>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "column_test_util.h"
#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing_util::ReadBatchAsJson;

std::string TempPath(const std::string& stem) {
  return ::testing::TempDir() + "/parq_read_ahead_" + stem + "_" + std::to_string(::getpid()) +
         ".parquet";
}

// A file of three row groups of `rows` rows: random int64 (PLAIN: short
// snappy tags), an optional dictionary string (every 7th null) and a repeated
// int32 (in `r_codec`).
struct FileSpec {
  std::string stem;
  Compression codec;
  int64_t rows;
  int64_t rows_per_page;
  bool v2 = false;
  Compression r_codec = Compression::kUncompressed;
};

// Writes the file of `spec` to *path.
void WriteFile(const FileSpec& spec, std::string* path) {
  const int64_t rows = spec.rows;
  std::vector<std::unique_ptr<SchemaNode>> fields;
  fields.push_back(SchemaNode::MakePrimitive("i", Repetition::kRequired, PhysicalType::kInt64));
  fields.push_back(SchemaNode::MakePrimitive("s", Repetition::kOptional, PhysicalType::kByteArray,
                                             LogicalType::String()));
  fields.push_back(SchemaNode::MakePrimitive("r", Repetition::kRepeated, PhysicalType::kInt32));
  ASSERT_OK_AND_ASSIGN(Schema schema, Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired,
                                                                          std::move(fields))));
  WriterOptions options;
  options.column_defaults.compression = spec.codec;
  options.columns["r"].compression = spec.r_codec;
  options.max_rows_per_page = spec.rows_per_page;
  options.data_page_v2 = spec.v2;
  *path = TempPath(spec.stem);
  ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(*path, schema, options, false));
  std::mt19937_64 rng(static_cast<uint64_t>(rows));
  const std::vector<std::string> words = {"north", "south", "east", "west", "up"};
  for (int g = 0; g < 3; ++g) {
    std::vector<int64_t> ints;
    std::vector<ByteArray> strings;
    std::vector<int16_t> sdef, rdef, rrep;
    std::vector<int32_t> reps;
    for (int64_t r = 0; r < rows; ++r) {
      ints.push_back(static_cast<int64_t>(rng() % 10'000'000));
      sdef.push_back(r % 7 == 6 ? 0 : 1);
      if (sdef.back()) {
        const std::string& w = words[rng() % words.size()];
        strings.push_back({reinterpret_cast<const uint8_t*>(w.data()), static_cast<uint32_t>(w.size())});
      }
      const int n = static_cast<int>(rng() % 3);
      if (n == 0) {
        rdef.push_back(0);
        rrep.push_back(0);
      }
      for (int k = 0; k < n; ++k) {
        rdef.push_back(1);
        rrep.push_back(k == 0 ? 0 : 1);
        reps.push_back(static_cast<int32_t>(rng()));
      }
    }
    ASSERT_OK_AND_ASSIGN(auto* i_col, writer->typed_column<int64_t>(0));
    ASSERT_OK(i_col->WriteBatch(rows, nullptr, nullptr, ints.data()));
    ASSERT_OK_AND_ASSIGN(auto* s_col, writer->typed_column<ByteArray>(1));
    ASSERT_OK(s_col->WriteBatch(rows, sdef.data(), nullptr, strings.data()));
    ASSERT_OK_AND_ASSIGN(auto* r_col, writer->typed_column<int32_t>(2));
    ASSERT_OK(r_col->WriteBatch(static_cast<int64_t>(rdef.size()), rdef.data(), rrep.data(), reps.data()));
    ASSERT_OK(writer->EndRowGroup());
  }
  ASSERT_OK(writer->Close());
}

// Reads the rest of `reader`'s chunk as JSON texts appended to *texts, in
// batches of `batch`.
void ReadToTheEnd(ColumnReader* reader, int64_t batch, std::vector<std::string>* texts) {
  while (true) {
    ASSERT_OK_AND_ASSIGN(int64_t n, ReadBatchAsJson(reader, batch, texts));
    if (n == 0) break;
  }
}

// Appends every chunk of the file as JSON texts to *chunks, read without
// reading ahead.
void ReadPlainly(const FileReader& reader, std::vector<std::vector<std::string>>* chunks) {
  for (int g = 0; g < reader.metadata().num_row_groups(); ++g) {
    for (int c = 0; c < reader.schema().num_columns(); ++c) {
      ASSERT_OK_AND_ASSIGN(auto col, reader.OpenColumn(g, c));
      std::vector<std::string> texts;
      ASSERT_NO_FATAL_FAILURE(ReadToTheEnd(col.get(), 1000, &texts));
      chunks->push_back(std::move(texts));
    }
  }
}

// Opens every chunk of the files at once, then mixes batches of random sizes
// on random readers with pairings of random readers (a reader with itself,
// one already paired, one holding a page ahead, one at its end, across files,
// codecs and page versions included) and the destruction of finished readers
// (which ends their pairs); every chunk must read as ReadPlainly reads it.
//
// Run with each read window: the default (4 MiB), the whole chunk, 1 byte
// (every page read alone, into the window the page before did not use) and
// 5,000 bytes (a few pages a window): a page read ahead must never overwrite
// the page still in use.
class ReadPagesTogetherWindowsTest : public ::testing::TestWithParam<int64_t> {};

TEST_P(ReadPagesTogetherWindowsTest, RandomReadsAndPairingsReadWhatPlainReadsRead) {
  const std::vector<FileSpec> specs = {
      {"snappy", Compression::kSnappy, 3000, 700, false, Compression::kZstd},
      {"snappy_v2", Compression::kSnappy, 2500, 600, true, Compression::kSnappy},
      {"zstd", Compression::kZstd, 2000, 300},
      {"none", Compression::kUncompressed, 1000, 400}};
  std::vector<std::string> paths(specs.size());
  for (size_t i = 0; i < specs.size(); ++i) ASSERT_NO_FATAL_FAILURE(WriteFile(specs[i], &paths[i]));
  // The expected chunks come from readers without a buffer pool; the files
  // read at random keep theirs, so readers of later rounds (and those opened
  // after others were destroyed) decode into buffers earlier readers used.
  ReaderOptions no_pool;
  no_pool.page_buffer_pool_bytes = 0;
  std::vector<std::unique_ptr<FileReader>> files;
  std::vector<std::vector<std::string>> expected;
  for (const auto& path : paths) {
    ASSERT_OK_AND_ASSIGN(auto plain, FileReader::Open(path, no_pool));
    ASSERT_NO_FATAL_FAILURE(ReadPlainly(*plain, &expected));
    ReaderOptions windows;
    windows.chunk_read_size = GetParam();
    ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path, windows));
    files.push_back(std::move(reader));
  }
  std::mt19937 rng(3);
  for (int round = 0; round < 20; ++round) {
    std::vector<std::unique_ptr<ColumnReader>> readers;
    for (const auto& file : files) {
      for (int g = 0; g < file->metadata().num_row_groups(); ++g) {
        for (int c = 0; c < file->schema().num_columns(); ++c) {
          ASSERT_OK_AND_ASSIGN(auto col, file->OpenColumn(g, c));
          readers.push_back(std::move(col));
        }
      }
    }
    ASSERT_EQ(readers.size(), expected.size());
    std::vector<std::vector<std::string>> got(readers.size());
    std::vector<bool> done(readers.size(), false);
    size_t left = readers.size();
    while (left > 0) {
      const size_t a = rng() % readers.size();
      if (done[a]) continue;
      if (rng() % 8 == 0) {
        // Same file and column in the next row group, or anything.
        const size_t b = rng() % 2 ? (a + 3) % readers.size() : rng() % readers.size();
        if (!done[b]) ReadPagesTogether(*readers[a], *readers[b]);
        continue;
      }
      ASSERT_OK_AND_ASSIGN(int64_t n, ReadBatchAsJson(readers[a].get(), 1 + rng() % 900, &got[a]));
      if (n == 0) {
        done[a] = true;
        --left;
        if (rng() % 2) readers[a].reset();
      }
    }
    for (size_t i = 0; i < readers.size(); ++i) {
      ASSERT_EQ(got[i], expected[i]) << "round " << round << " chunk " << i;
    }
  }
}

INSTANTIATE_TEST_SUITE_P(ChunkReadSize, ReadPagesTogetherWindowsTest, ::testing::Values(int64_t{4} << 20, 0, 1, 5000));

// The same column of consecutive row groups, paired and read taking turns
// (as parq-bench does): every page of both is read, in order.
TEST(ReadPagesTogetherTest, ChunksTakingTurnsReadWhatPlainReadsRead) {
  std::string path;
  ASSERT_NO_FATAL_FAILURE(WriteFile({"turns", Compression::kSnappy, 5000, 450}, &path));
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path));
  std::vector<std::vector<std::string>> expected;
  ASSERT_NO_FATAL_FAILURE(ReadPlainly(*file, &expected));
  for (int c = 0; c < 3; ++c) {
    ASSERT_OK_AND_ASSIGN(auto first, file->OpenColumn(0, c));
    ASSERT_OK_AND_ASSIGN(auto second, file->OpenColumn(1, c));
    ReadPagesTogether(*first, *second);
    std::vector<std::string> got[2];
    bool more[2] = {true, true};
    while (more[0] || more[1]) {
      for (int i = 0; i < 2; ++i) {
        if (!more[i]) continue;
        ASSERT_OK_AND_ASSIGN(int64_t n, ReadBatchAsJson(i == 0 ? first.get() : second.get(), 300, &got[i]));
        more[i] = n > 0;
      }
    }
    EXPECT_EQ(got[0], expected[static_cast<size_t>(c)]) << "column " << c;
    EXPECT_EQ(got[1], expected[static_cast<size_t>(3 + c)]) << "column " << c;
  }
}

// Writes to *bad the file at `path` with the second half of a chunk's only
// page overwritten with tags that copy from before the decoded bytes.
void CorruptChunk(const std::string& path, int row_group, int column, std::string* bad) {
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(path));
  const auto chunk = reader->metadata().row_group(row_group).column(column);
  const int64_t end = chunk.data_page_offset() + chunk.total_compressed_size();
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (int64_t i = end - chunk.total_compressed_size() / 2; i < end; ++i) {
    bytes[static_cast<size_t>(i)] = static_cast<char>(0xfe);
  }
  *bad = path + ".bad";
  std::ofstream(*bad, std::ios::binary) << bytes;
}

TEST(ReadPagesTogetherTest, AnErrorReadingAheadIsTheReadersNextError) {
  // One page per chunk, no dictionary for "i": its page body is the chunk's end.
  std::string path, bad;
  ASSERT_NO_FATAL_FAILURE(WriteFile({"corrupt", Compression::kSnappy, 4000, 100'000}, &path));
  ASSERT_NO_FATAL_FAILURE(CorruptChunk(path, 1, 0, &bad));
  // CRCs unchecked: the damage is to reach the decompressor.
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(bad, ReaderOptions{.verify_checksums = false}));
  ASSERT_OK_AND_ASSIGN(auto plain, file->OpenColumn(1, 0));
  std::vector<std::string> ignored;
  const Status plain_error = testing::StatusOf(ReadBatchAsJson(plain.get(), 100, &ignored));
  ASSERT_STATUS_HAS(plain_error, StatusCode::kCorrupt, "copy offset outside the decoded bytes");

  for (bool bad_first : {true, false}) {
    ASSERT_OK_AND_ASSIGN(auto corrupt, file->OpenColumn(1, 0));
    ASSERT_OK_AND_ASSIGN(auto good, file->OpenColumn(0, 0));
    // The good reader's first read reads the corrupt reader's page ahead,
    // or the other way round.
    ReadPagesTogether(*corrupt, *good);
    std::vector<std::string> texts;
    if (!bad_first) {
      ASSERT_OK(ReadBatchAsJson(good.get(), 1000, &texts));
    }
    const Status error = testing::StatusOf(ReadBatchAsJson(corrupt.get(), 100, &ignored));
    ASSERT_STATUS(error, StatusCode::kCorrupt);
    EXPECT_EQ(error.ToString(), plain_error.ToString());
    // The other reader is unharmed.
    ASSERT_NO_FATAL_FAILURE(ReadToTheEnd(good.get(), 1000, &texts));
    EXPECT_EQ(texts.size(), 4000u);
  }
}

// A page read ahead is held beside the page being read, and both count
// against max_allocation: with room for one page but not two, paired readers
// end in kLimitExceeded (not an allocation past the bound), while the same
// chunk read unpaired fits.
TEST(ReadPagesTogetherTest, PageHeldAheadCountsAgainstMaxAllocation) {
  // Column "i": 4 pages of 1,000 PLAIN int64 (8,000 bytes each) per chunk.
  std::string path;
  ASSERT_NO_FATAL_FAILURE(WriteFile({"allocation", Compression::kSnappy, 4000, 1000}, &path));
  ASSERT_OK_AND_ASSIGN(auto probe, FileReader::Open(path));
  const int64_t chunk = probe->metadata().row_group(0).column(0).total_compressed_size();
  ReaderOptions options;
  options.max_allocation = chunk + 8000 + 4000;  // the chunk, one page and half of another
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path, options));
  std::vector<std::string> texts;

  ASSERT_OK_AND_ASSIGN(auto alone, file->OpenColumn(0, 0));
  ASSERT_NO_FATAL_FAILURE(ReadToTheEnd(alone.get(), 1000, &texts));
  EXPECT_EQ(texts.size(), 4000u);

  ASSERT_OK_AND_ASSIGN(auto first, file->OpenColumn(0, 0));
  ASSERT_OK_AND_ASSIGN(auto second, file->OpenColumn(1, 0));
  ReadPagesTogether(*first, *second);
  Status error;
  for (int turn = 0; turn < 8 && error.ok(); ++turn) {
    error = testing::StatusOf(ReadBatchAsJson(turn % 2 == 0 ? first.get() : second.get(), 1000, &texts));
  }
  EXPECT_STATUS_HAS(error, StatusCode::kLimitExceeded, "max_allocation");
}

}  // namespace
}  // namespace parq
