// FileMetaData decoded into an arena (format::DecodeFileMetaData) is the same
// value as a plain heap decode, copies of it outlive the arena, and hostile
// repeats of a struct field cannot grow the arena beyond the input.
#include <gtest/gtest.h>

#include <filesystem>
#include <string>

#include "format/footer.h"
#include "format/parquet_types.h"
#include "parq/file_reader.h"
#include "testing/status_macros.h"
#include "thrift/compact_reader.h"

namespace parq {
namespace {

std::string FooterBytes(const std::string& path) {
  auto file = OpenFile(path);
  if (!file.ok()) return {};
  auto footer = format::ReadFooter(**file, ReaderOptions());
  if (!footer.ok()) return {};
  std::string bytes(footer->length, '\0');
  if (!(*file)->ReadAt(footer->offset, footer->length, reinterpret_cast<uint8_t*>(bytes.data())).ok()) return {};
  return bytes;
}

TEST(MetadataArenaTest, ArenaDecodeEqualsHeapDecodeForEveryTestingFile) {
  const std::string dir = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data";
  int compared = 0;
  for (const auto& entry : std::filesystem::directory_iterator(dir)) {
    if (entry.path().extension() != ".parquet") continue;
    const std::string bytes = FooterBytes(entry.path().string());
    if (bytes.empty()) continue;  // encrypted footers
    const auto* data = reinterpret_cast<const uint8_t*>(bytes.data());
    auto arena_decoded = format::DecodeFileMetaData(data, bytes.size(), ReaderOptions());
    ASSERT_OK(arena_decoded) << entry.path();

    format::FileMetaData heap;
    thrift::CompactReader reader(data, bytes.size());
    ASSERT_TRUE(format::Read(reader, &heap)) << entry.path();
    // Every footer has at least its root schema element.
    EXPECT_TRUE(heap.schema.on_heap());
    EXPECT_FALSE((*arena_decoded)->schema.on_heap());
    EXPECT_TRUE(**arena_decoded == heap) << entry.path();

    // A copy owns heap memory and stays valid once the arena is gone.
    format::FileMetaData copy = **arena_decoded;
    arena_decoded = Status::InvalidArgument("released");
    EXPECT_TRUE(copy.schema.on_heap());
    EXPECT_TRUE(copy == heap) << entry.path();
    ++compared;
  }
  EXPECT_GT(compared, 50);
}

TEST(MetadataArenaTest, RepeatedStructFieldDoesNotGrowTheArena) {
  // A minimal FileMetaData (version, a one-element schema, num_rows, no row
  // groups) followed by encryption_algorithm (field 8, a union) 100,000
  // times in the long field-header form: 5 bytes each.
  std::string footer = "\x15\x02\x19\x1C\x48\x01r";
  footer += std::string("\x00\x16\x00\x19\x0C", 5);
  std::string repeat("\x0C\x10\x1C\x00\x00", 5);
  for (int i = 0; i < 100000; ++i) footer += repeat;
  footer.push_back('\0');

  thrift::ArenaOwned<format::FileMetaData> decoded(512);
  {
    thrift::ArenaScope scope(decoded.arena());
    thrift::CompactReader reader(reinterpret_cast<const uint8_t*>(footer.data()), footer.size());
    ASSERT_TRUE(format::Read(reader, decoded.get())) << reader.status().ToString();
  }
  EXPECT_TRUE(decoded.get()->encryption_algorithm.has_value());
  EXPECT_LT(decoded.arena()->reserved(), size_t{64} << 10);
}

}  // namespace
}  // namespace parq
