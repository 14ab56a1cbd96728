// Deferred column chunks and schema elements (format::ReadFooter's
// defer_chunks, thriftgen --defer RowGroup.columns and FileMetaData.schema): a
// footer decoded with them skipped holds the same values as one decoded
// whole, each decoded from its place in the bytes is the one the whole decode
// built, and a damaged footer fails to open with the same error either way.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>
#include <vector>

#include "file/metadata_internal.h"
#include "format/footer.h"
#include "format/parquet_types.h"
#include "parq/file_reader.h"
#include "parq/metadata.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

std::vector<uint8_t> FooterBytes(const std::string& path) {
  auto file = OpenFile(path);
  if (!file.ok()) return {};
  auto footer = format::ReadFooter(**file, ReaderOptions());
  if (!footer.ok()) return {};
  std::vector<uint8_t> bytes(footer->length);
  if (!(*file)->ReadAt(footer->offset, footer->length, bytes.data()).ok()) return {};
  return bytes;
}

std::string DataDir() { return std::string(PARQ_SHARED_DIR) + "/parquet-testing/data"; }

TEST(DeferredFooterTest, EveryTestingFileDecodesTheSameChunks) {
  int files = 0, chunks = 0;
  for (const auto& entry : std::filesystem::directory_iterator(DataDir())) {
    if (entry.path().extension() != ".parquet") continue;
    const std::vector<uint8_t> bytes = FooterBytes(entry.path().string());
    if (bytes.empty()) continue;  // encrypted footers
    ASSERT_OK_AND_ASSIGN(auto whole, format::DecodeFileMetaData(bytes.data(), bytes.size(), ReaderOptions()));
    ASSERT_OK_AND_ASSIGN(auto deferred, format::DecodeFileMetaData(bytes.data(), bytes.size(), ReaderOptions(),
                                                                   /*base_offset=*/0, /*defer_chunks=*/true));
    ASSERT_EQ(deferred->row_groups.size(), whole->row_groups.size()) << entry.path();
    EXPECT_TRUE(deferred->schema.empty()) << entry.path();
    ASSERT_EQ(deferred->schema_at.size(), whole->schema.size()) << entry.path();
    for (size_t i = 0; i < whole->schema.size(); ++i) {
      format::SchemaElement element;
      ASSERT_OK(format::DecodeSchemaElement(bytes, deferred->schema_at[i], format::ThriftLimitsFrom(ReaderOptions()),
                                            0, &element));
      EXPECT_TRUE(element == whole->schema[i]) << entry.path() << " schema element " << i;
    }
    format::FileMetaData rest = *deferred, whole_rest = *whole;
    rest.schema_at.clear();
    whole_rest.schema.clear();
    for (size_t g = 0; g < whole->row_groups.size(); ++g) {
      const auto& want = whole->row_groups[g];
      const auto& got = deferred->row_groups[g];
      EXPECT_TRUE(got.columns.empty()) << entry.path();
      ASSERT_EQ(got.columns_at.size(), want.columns.size()) << entry.path();
      EXPECT_TRUE(want.columns_at.empty()) << entry.path();
      for (size_t c = 0; c < want.columns.size(); ++c) {
        format::ColumnChunk chunk;
        ASSERT_OK(format::DecodeColumnChunk(bytes, got.columns_at[c], format::ThriftLimitsFrom(ReaderOptions()), 0,
                                            &chunk));
        EXPECT_TRUE(chunk == want.columns[c]) << entry.path() << " row group " << g << " column " << c;
        ++chunks;
      }
      rest.row_groups[g].columns_at.clear();
      whole_rest.row_groups[g].columns.clear();
    }
    EXPECT_TRUE(rest == whole_rest) << entry.path();
    ++files;
  }
  EXPECT_GT(files, 50);
  EXPECT_GT(chunks, 500);
}

// The error of opening `bytes` as a footer, deferred (FileMetaData::Parse,
// what FileReader does) and decoded whole (as before chunks were deferred):
// "" when it opens.
std::string DeferredError(const std::vector<uint8_t>& bytes) {
  auto md = FileMetaData::Parse(bytes.data(), bytes.size(), ReaderOptions(), 1000);
  return md.ok() ? "" : md.status().ToString();
}
std::string WholeError(const std::vector<uint8_t>& bytes) {
  auto wire = format::DecodeFileMetaData(bytes.data(), bytes.size(), ReaderOptions(), 1000);
  if (!wire.ok()) return wire.status().ToString();
  auto md = MetaDataAccess::FromWire(std::move(*wire), ReaderOptions());
  return md.ok() ? "" : md.status().ToString();
}

// Every cut and every byte flipped of a real footer (its chunks most of
// it): the checks of a chunk still run when the file opens, and say the same.
TEST(DeferredFooterTest, DamagedFootersFailAsWhenDecodedWhole) {
  const std::vector<uint8_t> bytes = FooterBytes(DataDir() + "/alltypes_plain.parquet");
  ASSERT_FALSE(bytes.empty());
  int failed = 0;
  for (size_t cut = 0; cut < bytes.size(); ++cut) {
    const std::vector<uint8_t> part(bytes.begin(), bytes.begin() + static_cast<std::ptrdiff_t>(cut));
    const std::string want = WholeError(part);
    EXPECT_EQ(DeferredError(part), want) << "cut at " << cut;
    failed += !want.empty();
  }
  for (size_t at = 0; at < bytes.size(); ++at) {
    for (uint8_t flip : {uint8_t{0x01}, uint8_t{0x80}, uint8_t{0xFF}}) {
      std::vector<uint8_t> bad = bytes;
      bad[at] ^= flip;
      const std::string want = WholeError(bad);
      EXPECT_EQ(DeferredError(bad), want) << "byte " << at << " ^ " << int{flip};
      failed += !want.empty();
    }
  }
  EXPECT_GT(failed, static_cast<int>(bytes.size()));
}

// A view decodes its chunk once and keeps it: it outlives the metadata it
// came from and answers as the whole decode does.
TEST(DeferredFooterTest, ChunkViewsOutliveTheirMetadata) {
  const std::vector<uint8_t> bytes = FooterBytes(DataDir() + "/alltypes_plain.parquet");
  ASSERT_FALSE(bytes.empty());
  ASSERT_OK_AND_ASSIGN(auto whole, format::DecodeFileMetaData(bytes.data(), bytes.size(), ReaderOptions()));
  std::vector<ColumnChunkMetaData> views;
  {
    ASSERT_OK_AND_ASSIGN(FileMetaData md, FileMetaData::Parse(bytes.data(), bytes.size(), ReaderOptions()));
    ASSERT_GT(md.num_row_groups(), 0);
    for (int c = 0; c < md.row_group(0).num_columns(); ++c) views.push_back(md.row_group(0).column(c));
  }
  ASSERT_EQ(views.size(), whole->row_groups[0].columns.size());
  for (size_t c = 0; c < views.size(); ++c) {
    const format::ColumnMetaData& want = *whole->row_groups[0].columns[c].meta_data;
    EXPECT_EQ(views[c].num_values(), want.num_values);
    EXPECT_EQ(views[c].data_page_offset(), want.data_page_offset);
    EXPECT_EQ(views[c].total_compressed_size(), want.total_compressed_size);
    EXPECT_EQ(views[c].path().size(), want.path_in_schema.size());
  }
}

}  // namespace
}  // namespace parq
