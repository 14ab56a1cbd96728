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

namespace parq {
namespace {

using testing_util::ReadBatchAsJson;

std::string TempPath(const std::string& stem) {
  return testing::TempDir() + "/parq_read_ahead_" + stem + "_" + std::to_string(::getpid()) +
         ".parquet";
}

// Three row groups of `rows` rows: random int64 (PLAIN: short snappy tags), an
// optional dictionary string (every 7th null) and a repeated int32 (in
// `r_codec`).
std::string WriteFile(const std::string& stem, Compression codec, int64_t rows,
                      int64_t rows_per_page, bool v2 = false,
                      Compression r_codec = Compression::kUncompressed) {
  std::vector<std::unique_ptr<SchemaNode>> fields;
  fields.push_back(SchemaNode::MakePrimitive("i", Repetition::kRequired, PhysicalType::kInt64));
  fields.push_back(SchemaNode::MakePrimitive("s", Repetition::kOptional, PhysicalType::kByteArray,
                                             LogicalType::String()));
  fields.push_back(SchemaNode::MakePrimitive("r", Repetition::kRepeated, PhysicalType::kInt32));
  auto schema = Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields)));
  EXPECT_TRUE(schema.ok());
  WriterOptions options;
  options.column_defaults.compression = codec;
  options.columns["r"].compression = r_codec;
  options.max_rows_per_page = rows_per_page;
  options.data_page_v2 = v2;
  const std::string path = TempPath(stem);
  auto writer = FileWriter::Open(path, *schema, options, false);
  EXPECT_TRUE(writer.ok()) << writer.status().ToString();
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
    EXPECT_TRUE((*(*writer)->typed_column<int64_t>(0))->WriteBatch(rows, nullptr, nullptr, ints.data()).ok());
    EXPECT_TRUE((*(*writer)->typed_column<ByteArray>(1))->WriteBatch(rows, sdef.data(), nullptr, strings.data()).ok());
    EXPECT_TRUE((*(*writer)->typed_column<int32_t>(2))
                    ->WriteBatch(static_cast<int64_t>(rdef.size()), rdef.data(), rrep.data(), reps.data())
                    .ok());
    EXPECT_TRUE((*writer)->EndRowGroup().ok());
  }
  Status closed = (*writer)->Close();
  EXPECT_TRUE(closed.ok()) << closed.ToString();
  return path;
}

// Every chunk of the file as JSON texts, read without reading ahead.
std::vector<std::vector<std::string>> ReadPlainly(const FileReader& reader) {
  std::vector<std::vector<std::string>> chunks;
  for (int g = 0; g < reader.metadata().num_row_groups(); ++g) {
    for (int c = 0; c < reader.schema().num_columns(); ++c) {
      auto col = reader.OpenColumn(g, c);
      EXPECT_TRUE(col.ok());
      std::vector<std::string> texts;
      while (true) {
        auto n = ReadBatchAsJson(col->get(), 1000, &texts);
        EXPECT_TRUE(n.ok()) << n.status().ToString();
        if (!n.ok() || *n == 0) break;
      }
      chunks.push_back(std::move(texts));
    }
  }
  return chunks;
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
class ReadPagesTogetherWindows : public ::testing::TestWithParam<int64_t> {};

TEST_P(ReadPagesTogetherWindows, RandomReadsAndPairingsReadWhatPlainReadsRead) {
  const std::vector<std::string> paths = {
      WriteFile("snappy", Compression::kSnappy, 3000, 700, false, Compression::kZstd),
      WriteFile("snappy_v2", Compression::kSnappy, 2500, 600, true, Compression::kSnappy),
      WriteFile("zstd", Compression::kZstd, 2000, 300),
      WriteFile("none", Compression::kUncompressed, 1000, 400)};
  // The expected chunks come from readers without a buffer pool; the files
  // read at random keep theirs, so readers of later rounds (and those opened
  // after others were destroyed) decode into buffers earlier readers used.
  ReaderOptions no_pool;
  no_pool.page_buffer_pool_bytes = 0;
  std::vector<std::unique_ptr<FileReader>> files;
  std::vector<std::vector<std::string>> expected;
  for (const auto& path : paths) {
    auto plain = FileReader::Open(path, no_pool);
    ASSERT_TRUE(plain.ok()) << plain.status().ToString();
    for (auto& chunk : ReadPlainly(**plain)) expected.push_back(std::move(chunk));
    ReaderOptions windows;
    windows.chunk_read_size = GetParam();
    auto reader = FileReader::Open(path, windows);
    ASSERT_TRUE(reader.ok()) << reader.status().ToString();
    files.push_back(std::move(*reader));
  }
  std::mt19937 rng(3);
  for (int round = 0; round < 20; ++round) {
    std::vector<std::unique_ptr<ColumnReader>> readers;
    for (const auto& file : files) {
      for (int g = 0; g < file->metadata().num_row_groups(); ++g) {
        for (int c = 0; c < file->schema().num_columns(); ++c) {
          auto col = file->OpenColumn(g, c);
          ASSERT_TRUE(col.ok());
          readers.push_back(std::move(*col));
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
      auto n = ReadBatchAsJson(readers[a].get(), 1 + rng() % 900, &got[a]);
      ASSERT_TRUE(n.ok()) << n.status().ToString();
      if (*n == 0) {
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

INSTANTIATE_TEST_SUITE_P(ChunkReadSize, ReadPagesTogetherWindows, ::testing::Values(int64_t{4} << 20, 0, 1, 5000));

// The same column of consecutive row groups, paired and read taking turns
// (as parq-bench does): every page of both is read, in order.
TEST(ReadPagesTogetherTest, ChunksTakingTurnsReadWhatPlainReadsRead) {
  auto file = FileReader::Open(WriteFile("turns", Compression::kSnappy, 5000, 450));
  ASSERT_TRUE(file.ok());
  const auto expected = ReadPlainly(**file);
  for (int c = 0; c < 3; ++c) {
    auto first = (*file)->OpenColumn(0, c);
    auto second = (*file)->OpenColumn(1, c);
    ASSERT_TRUE(first.ok() && second.ok());
    ReadPagesTogether(**first, **second);
    std::vector<std::string> got[2];
    bool more[2] = {true, true};
    while (more[0] || more[1]) {
      for (int i = 0; i < 2; ++i) {
        if (!more[i]) continue;
        auto n = ReadBatchAsJson(i == 0 ? first->get() : second->get(), 300, &got[i]);
        ASSERT_TRUE(n.ok()) << n.status().ToString();
        more[i] = *n > 0;
      }
    }
    EXPECT_EQ(got[0], expected[static_cast<size_t>(c)]) << "column " << c;
    EXPECT_EQ(got[1], expected[static_cast<size_t>(3 + c)]) << "column " << c;
  }
}

// Overwrites the second half of a chunk's only page with tags that copy from
// before the decoded bytes.
std::string CorruptChunk(const std::string& path, int row_group, int column) {
  auto reader = FileReader::Open(path);
  EXPECT_TRUE(reader.ok());
  const auto chunk = (*reader)->metadata().row_group(row_group).column(column);
  const int64_t end = chunk.data_page_offset() + chunk.total_compressed_size();
  std::ifstream in(path, std::ios::binary);
  std::string bytes((std::istreambuf_iterator<char>(in)), std::istreambuf_iterator<char>());
  for (int64_t i = end - chunk.total_compressed_size() / 2; i < end; ++i) {
    bytes[static_cast<size_t>(i)] = static_cast<char>(0xfe);
  }
  const std::string bad = path + ".bad";
  std::ofstream(bad, std::ios::binary) << bytes;
  return bad;
}

TEST(ReadPagesTogetherTest, AnErrorReadingAheadIsTheReadersNextError) {
  // One page per chunk, no dictionary for "i": its page body is the chunk's end.
  const std::string bad =
      CorruptChunk(WriteFile("corrupt", Compression::kSnappy, 4000, 100'000), 1, 0);
  // CRCs unchecked: the damage is to reach the decompressor.
  auto file = FileReader::Open(bad, ReaderOptions{.verify_checksums = false});
  ASSERT_TRUE(file.ok());
  auto plain = (*file)->OpenColumn(1, 0);
  ASSERT_TRUE(plain.ok());
  std::vector<std::string> ignored;
  auto plain_error = ReadBatchAsJson(plain->get(), 100, &ignored);
  ASSERT_FALSE(plain_error.ok());
  EXPECT_NE(plain_error.status().ToString().find("copy offset outside the decoded bytes"),
            std::string::npos)
      << plain_error.status().ToString();

  for (bool bad_first : {true, false}) {
    auto corrupt = (*file)->OpenColumn(1, 0);
    auto good = (*file)->OpenColumn(0, 0);
    ASSERT_TRUE(corrupt.ok() && good.ok());
    // The good reader's first read reads the corrupt reader's page ahead,
    // or the other way round.
    ReadPagesTogether(**corrupt, **good);
    std::vector<std::string> texts;
    if (bad_first) {
      auto error = ReadBatchAsJson(corrupt->get(), 100, &ignored);
      ASSERT_FALSE(error.ok());
      EXPECT_EQ(error.status().ToString(), plain_error.status().ToString());
    } else {
      auto n = ReadBatchAsJson(good->get(), 1000, &texts);
      ASSERT_TRUE(n.ok()) << n.status().ToString();
      auto error = ReadBatchAsJson(corrupt->get(), 100, &ignored);
      ASSERT_FALSE(error.ok());
      EXPECT_EQ(error.status().ToString(), plain_error.status().ToString());
    }
    // The other reader is unharmed.
    while (true) {
      auto n = ReadBatchAsJson(good->get(), 1000, &texts);
      ASSERT_TRUE(n.ok()) << n.status().ToString();
      if (*n == 0) break;
    }
    EXPECT_EQ(texts.size(), 4000u);
  }
}

// A page read ahead is held beside the page being read, and both count
// against max_allocation: with room for one page but not two, paired readers
// end in kLimitExceeded (not an allocation past the bound), while the same
// chunk read unpaired fits.
TEST(ReadPagesTogetherTest, PageHeldAheadCountsAgainstMaxAllocation) {
  // Column "i": 4 pages of 1,000 PLAIN int64 (8,000 bytes each) per chunk.
  const std::string path = WriteFile("allocation", Compression::kSnappy, 4000, 1000);
  auto probe = FileReader::Open(path);
  ASSERT_TRUE(probe.ok());
  const int64_t chunk = (*probe)->metadata().row_group(0).column(0).total_compressed_size();
  ReaderOptions options;
  options.max_allocation = chunk + 8000 + 4000;  // the chunk, one page and half of another
  auto file = FileReader::Open(path, options);
  ASSERT_TRUE(file.ok());
  std::vector<std::string> texts;

  auto alone = (*file)->OpenColumn(0, 0);
  ASSERT_TRUE(alone.ok());
  while (true) {
    auto n = ReadBatchAsJson(alone->get(), 1000, &texts);
    ASSERT_TRUE(n.ok()) << n.status().ToString();
    if (*n == 0) break;
  }
  EXPECT_EQ(texts.size(), 4000u);

  auto first = (*file)->OpenColumn(0, 0);
  auto second = (*file)->OpenColumn(1, 0);
  ASSERT_TRUE(first.ok() && second.ok());
  ReadPagesTogether(**first, **second);
  Status error;
  for (int turn = 0; turn < 8 && error.ok(); ++turn) {
    auto n = ReadBatchAsJson(turn % 2 == 0 ? first->get() : second->get(), 1000, &texts);
    if (!n.ok()) error = n.status();
  }
  ASSERT_EQ(error.code(), StatusCode::kLimitExceeded) << error.ToString();
  EXPECT_NE(error.message().find("max_allocation"), std::string::npos) << error.ToString();
}

}  // namespace
}  // namespace parq
