// Row groups copied without decoding (FileWriter::CopyRowGroup,
// parq/file_copy.h) as `parq merge`, `parq prune` and the raw path of `parq
// rewrite` use them: the outputs read as the expected rows (parq cat), every
// page of each output chunk is byte for byte the source chunk's page (found
// by walking the pages, and again through the output's OffsetIndex), the
// page index and Bloom filters come along, and the refusals name what differs.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <string>
#include <vector>

#include "parq/file_copy.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/page_info.h"
#include "parq/schema_helpers.h"
#include "testing/run_parq.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using testing::Quote;
using testing::RunParq;

const std::string kData = std::string(PARQ_SHARED_DIR) + "/parquet-testing/data/";

std::string FileBytes(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  return std::string(std::istreambuf_iterator<char>(in), {});
}

// Every page (header and body, as stored) of chunk (g, c), in order.
std::vector<std::string> Pages(const FileReader& file, const std::string& bytes, int g, int c) {
  std::vector<std::string> out;
  auto pages = ReadPageInfos(file, g, c);
  EXPECT_OK(pages.status());
  if (!pages.ok()) return out;
  for (const PageInfo& p : *pages) out.push_back(bytes.substr(p.file_offset, p.header_size + p.compressed_size));
  return out;
}

// Chunk (g, c) of `out` holds the pages of chunk (sg, sc) of `src`, byte for
// byte; its OffsetIndex, when the source has one, points at the same pages.
void ExpectSamePages(const std::string& src_path, int sg, int sc, const std::string& out_path, int g, int c) {
  SCOPED_TRACE(out_path + " row group " + std::to_string(g) + " column " + std::to_string(c));
  ASSERT_OK_AND_ASSIGN(auto src, FileReader::Open(src_path));
  ASSERT_OK_AND_ASSIGN(auto out, FileReader::Open(out_path));
  const std::string src_bytes = FileBytes(src_path), out_bytes = FileBytes(out_path);
  const std::vector<std::string> want = Pages(*src, src_bytes, sg, sc);
  ASSERT_FALSE(want.empty());
  EXPECT_EQ(Pages(*out, out_bytes, g, c), want);
  ASSERT_OK_AND_ASSIGN(auto src_oi, src->ReadOffsetIndex(sg, sc));
  ASSERT_OK_AND_ASSIGN(auto out_oi, out->ReadOffsetIndex(g, c));
  ASSERT_EQ(src_oi.has_value(), out_oi.has_value());
  if (!src_oi) return;
  ASSERT_EQ(src_oi->num_pages(), out_oi->num_pages());
  for (int64_t p = 0; p < src_oi->num_pages(); ++p) {
    const PageLocation& a = src_oi->page_locations()[static_cast<size_t>(p)];
    const PageLocation& b = out_oi->page_locations()[static_cast<size_t>(p)];
    EXPECT_EQ(a.first_row_index, b.first_row_index);
    EXPECT_EQ(src_bytes.substr(a.offset, a.compressed_page_size), out_bytes.substr(b.offset, b.compressed_page_size));
  }
}

std::string Cat(const std::string& path, const std::string& flags = "") {
  testing::CliRun r = RunParq("cat " + Quote(path) + " " + flags, testing::Stderr::kShown);
  EXPECT_EQ(r.exit_code, 0) << path;
  return r.out;
}

class RawCopyTest : public ::testing::Test {
 protected:
  void SetUp() override {
    dir_ = fs::temp_directory_path() / ("parq-raw-copy-" + std::to_string(::getpid()));
    fs::create_directories(dir_);
    // A file with several row groups and pages, a page index and Bloom
    // filters (written by parq, the decoding path).
    indexed_ = P("indexed.parquet");
    testing::CliRun r = RunParq("rewrite " + Quote(kData + "alltypes_tiny_pages_plain.parquet") + " " +
                                Quote(indexed_) + " --bloom-filter --row-group-rows 2000 --page-size 4096");
    ASSERT_EQ(r.exit_code, 0) << r.out;
  }
  void TearDown() override { fs::remove_all(dir_); }
  std::string P(const std::string& name) const { return (dir_ / name).string(); }
  fs::path dir_;
  std::string indexed_;
};

TEST_F(RawCopyTest, MergeCopiesEveryPageAndReadsAsTheInputsRows) {
  const std::string a = kData + "alltypes_plain.parquet";
  const std::string out = P("merged.parquet");
  testing::CliRun r = RunParq("merge " + Quote(out) + " " + Quote(a) + " " + Quote(a) + " " + Quote(a));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(Cat(out), Cat(a) + Cat(a) + Cat(a));
  ASSERT_OK_AND_ASSIGN(auto merged, FileReader::Open(out));
  ASSERT_EQ(merged->metadata().num_row_groups(), 3);
  for (int g = 0; g < 3; ++g) {
    for (int c = 0; c < merged->schema().num_columns(); ++c) ExpectSamePages(a, 0, c, out, g, c);
  }
  // The first input's key-value metadata, its created_by kept aside.
  std::vector<KeyValue> kv = merged->metadata().key_value_metadata();
  ASSERT_EQ(kv.size(), 1u);
  EXPECT_EQ(kv[0].key, kSourceCreatedByKey);
}

TEST_F(RawCopyTest, MergeKeepsThePageIndexAndBloomFiltersWithOffsetsMoved) {
  const std::string out = P("merged.parquet");
  testing::CliRun r = RunParq("merge " + Quote(out) + " " + Quote(indexed_) + " " + Quote(indexed_));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(Cat(out), Cat(indexed_) + Cat(indexed_));
  ASSERT_OK_AND_ASSIGN(auto src, FileReader::Open(indexed_));
  ASSERT_OK_AND_ASSIGN(auto merged, FileReader::Open(out));
  const int groups = src->metadata().num_row_groups();
  ASSERT_GT(groups, 1);
  ASSERT_EQ(merged->metadata().num_row_groups(), 2 * groups);
  for (int g = 0; g < 2 * groups; ++g) {
    for (int c = 0; c < src->schema().num_columns(); ++c) {
      ExpectSamePages(indexed_, g % groups, c, out, g, c);
      ASSERT_OK_AND_ASSIGN(PageIndex a, src->ReadPageIndex(g % groups, c));
      ASSERT_OK_AND_ASSIGN(PageIndex b, merged->ReadPageIndex(g, c));
      ASSERT_EQ(a.column_index.has_value(), b.column_index.has_value());
      for (int p = 0; a.column_index && p < a.column_index->num_pages(); ++p) {
        EXPECT_EQ(a.column_index->encoded_min(p), b.column_index->encoded_min(p));
        EXPECT_EQ(a.column_index->encoded_max(p), b.column_index->encoded_max(p));
      }
      ASSERT_OK_AND_ASSIGN(auto fa, src->ReadBloomFilter(g % groups, c));
      ASSERT_OK_AND_ASSIGN(auto fb, merged->ReadBloomFilter(g, c));
      ASSERT_EQ(fa.has_value(), fb.has_value());
      if (fa) { EXPECT_EQ(fa->Bitset(), fb->Bitset()); }
      const ColumnChunkMetaData ma = src->metadata().row_group(g % groups).column(c);
      const ColumnChunkMetaData mb = merged->metadata().row_group(g).column(c);
      ASSERT_EQ(ma.statistics().has_value(), mb.statistics().has_value());
      if (ma.statistics()) {
        EXPECT_EQ(ma.statistics()->min_value, mb.statistics()->min_value);
        EXPECT_EQ(ma.statistics()->max_value, mb.statistics()->max_value);
        EXPECT_EQ(ma.statistics()->null_count, mb.statistics()->null_count);
      }
      EXPECT_EQ(ma.encodings(), mb.encodings());
      EXPECT_EQ(ma.total_compressed_size(), mb.total_compressed_size());
    }
  }
  // A filter using the page index reads the merged file as the source.
  EXPECT_EQ(Cat(out, "--where 'id < 50'"), Cat(indexed_, "--where 'id < 50'") + Cat(indexed_, "--where 'id < 50'"));
}

TEST_F(RawCopyTest, MergeRefusesAnotherSchemaNamingTheFirstDifference) {
  const std::string a = kData + "alltypes_plain.parquet";
  const std::string pruned = P("pruned.parquet");
  ASSERT_EQ(RunParq("prune " + Quote(a) + " " + Quote(pruned) + " --drop-columns bool_col").exit_code, 0);
  testing::CliRun r = RunParq("merge " + Quote(P("out.parquet")) + " " + Quote(a) + " " + Quote(pruned));
  EXPECT_EQ(r.exit_code, 1);
  EXPECT_NE(r.out.find("'" + pruned + "' has another schema than '" + a + "': field 'bool_col' is missing in '" +
                       pruned + "'"),
            std::string::npos)
      << r.out;
  EXPECT_FALSE(fs::exists(P("out.parquet")));
  r = RunParq("merge " + Quote(P("out.parquet")) + " " + Quote(a) + " " + Quote(kData + "alltypes_plain.snappy.parquet"));
  EXPECT_EQ(r.exit_code, 0) << r.out;  // the same schema, another codec: copied as it is
  EXPECT_EQ(RunParq("merge " + Quote(P("out.parquet"))).exit_code, 2);
}

TEST_F(RawCopyTest, PruneDropsLeavesAndGroupsAndCopiesTheRest) {
  const std::string in = kData + "nested_structs.rust.parquet";
  const std::string out = P("pruned.parquet");
  testing::CliRun r = RunParq("prune " + Quote(in) + " " + Quote(out) + " --drop-columns roll_num,CVA_2012.min --drop-columns PC_CUR");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  ASSERT_OK_AND_ASSIGN(auto src, FileReader::Open(in));
  ASSERT_OK_AND_ASSIGN(auto pruned, FileReader::Open(out));
  std::string kept;
  std::vector<int> kept_columns;
  for (int c = 0; c < src->schema().num_columns(); ++c) {
    const std::string& path = src->schema().column(c).dotted_path;
    if (path.rfind("roll_num.", 0) == 0 || path == "CVA_2012.min" || path.rfind("PC_CUR.", 0) == 0) continue;
    kept += (kept.empty() ? "" : ",") + path;
    kept_columns.push_back(c);
  }
  ASSERT_EQ(pruned->schema().num_columns(), static_cast<int>(kept_columns.size()));
  EXPECT_EQ(pruned->schema().FindNode("PC_CUR"), nullptr);
  EXPECT_EQ(Cat(out), Cat(in, "--columns " + kept));
  for (int g = 0; g < src->metadata().num_row_groups(); ++g) {
    for (size_t c = 0; c < kept_columns.size(); ++c) ExpectSamePages(in, g, kept_columns[c], out, g, static_cast<int>(c));
  }
}

TEST_F(RawCopyTest, PruneRefusals) {
  const std::string a = kData + "alltypes_plain.parquet";
  testing::CliRun r = RunParq("prune " + Quote(a) + " " + Quote(P("o.parquet")) + " --drop-columns nosuch");
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("no field 'nosuch' to drop"), std::string::npos) << r.out;
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(a));
  std::string all;
  for (const ColumnDescriptor& d : file->schema().columns()) all += (all.empty() ? "" : ",") + d.dotted_path;
  r = RunParq("prune " + Quote(a) + " " + Quote(P("o.parquet")) + " --drop-columns " + all);
  EXPECT_EQ(r.exit_code, 2);
  EXPECT_NE(r.out.find("leaves no column"), std::string::npos) << r.out;
  EXPECT_EQ(RunParq("prune " + Quote(a) + " " + Quote(P("o.parquet"))).exit_code, 2);
  EXPECT_FALSE(fs::exists(P("o.parquet")));
}

TEST_F(RawCopyTest, RewriteCopiesRawUnlessAFlagChangesThePages) {
  const std::string out = P("out.parquet");
  testing::CliRun r = RunParq("rewrite " + Quote(indexed_) + " " + Quote(out) + " --verbose");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("parq rewrite: raw copy:"), std::string::npos) << r.out;
  EXPECT_EQ(Cat(out), Cat(indexed_));
  ASSERT_OK_AND_ASSIGN(auto src, FileReader::Open(indexed_));
  const int groups = src->metadata().num_row_groups();
  for (int g = 0; g < groups; ++g) {
    for (int c = 0; c < src->schema().num_columns(); ++c) ExpectSamePages(indexed_, g, c, out, g, c);
  }
  // The same row groups asked for: still raw.
  r = RunParq("rewrite " + Quote(indexed_) + " " + Quote(out) + " --verbose --row-group-rows 2000");
  EXPECT_NE(r.out.find("parq rewrite: raw copy:"), std::string::npos) << r.out;
  for (const std::string& flags : {std::string("--no-raw-copy"), std::string("--codec zstd"),
                                   std::string("--row-group-rows 1000"), std::string("--no-page-index")}) {
    r = RunParq("rewrite " + Quote(indexed_) + " " + Quote(out) + " --verbose " + flags);
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_NE(r.out.find("parq rewrite: decoding and re-encoding the pages (" + flags.substr(0, flags.find(' '))),
              std::string::npos)
        << r.out;
    EXPECT_EQ(Cat(out), Cat(indexed_)) << flags;
  }
}

// Chunk (g, c) of `out` has the metadata of chunk (sg, sc) of `src` (but
// where it lies), and its pages (an empty chunk may hold a dictionary page).
void ExpectSameChunk(const std::string& src_path, int sg, int sc, const std::string& out_path, int g, int c) {
  SCOPED_TRACE(out_path + " row group " + std::to_string(g) + " column " + std::to_string(c));
  ASSERT_OK_AND_ASSIGN(auto src, FileReader::Open(src_path));
  ASSERT_OK_AND_ASSIGN(auto out, FileReader::Open(out_path));
  const ColumnChunkMetaData a = src->metadata().row_group(sg).column(sc);
  const ColumnChunkMetaData b = out->metadata().row_group(g).column(c);
  EXPECT_EQ(a.codec(), b.codec());
  EXPECT_EQ(a.encodings(), b.encodings());
  EXPECT_EQ(a.num_values(), b.num_values());
  EXPECT_EQ(a.total_uncompressed_size(), b.total_uncompressed_size());
  EXPECT_EQ(a.total_compressed_size(), b.total_compressed_size());
  EXPECT_EQ(a.key_value_metadata(), b.key_value_metadata());
  EXPECT_EQ(a.statistics().has_value(), b.statistics().has_value());
  EXPECT_EQ(a.dictionary_page_offset().has_value(), b.dictionary_page_offset().has_value());
  const std::vector<PageEncodingStats> ea = a.encoding_stats(), eb = b.encoding_stats();
  ASSERT_EQ(ea.size(), eb.size());
  for (size_t i = 0; i < ea.size(); ++i) {
    EXPECT_EQ(ea[i].page_type, eb[i].page_type);
    EXPECT_EQ(ea[i].encoding, eb[i].encoding);
    EXPECT_EQ(ea[i].count, eb[i].count);
  }
  const std::string src_bytes = FileBytes(src_path), out_bytes = FileBytes(out_path);
  EXPECT_EQ(Pages(*out, out_bytes, g, c), Pages(*src, src_bytes, sg, sc));
}

// The row counts of `path`'s row groups.
std::vector<int64_t> RowGroupRows(const std::string& path) {
  std::vector<int64_t> out;
  auto file = FileReader::Open(path);
  EXPECT_OK(file.status());
  if (!file.ok()) return out;
  for (int g = 0; g < (*file)->metadata().num_row_groups(); ++g) out.push_back((*file)->metadata().row_group(g).num_rows());
  return out;
}

// A row group of no rows is copied as its source has it, by merge, prune
// and rewrite's raw path alike (the decoding path keeps it too): the row
// groups' count and rows, and the empty one's chunk metadata (codec,
// encodings, sizes, encoding_stats, statistics, key-value metadata).
TEST_F(RawCopyTest, RowGroupsOfNoRowsAreCopiedAsTheSourceHasThem) {
  // Rows, the empty row group of column_chunk_key_value_metadata.parquet
  // (parquet-cpp's: UNCOMPRESSED chunks with key-value metadata, each of a
  // dictionary page it stores no data_page_offset for), rows.
  const std::string empty = kData + "column_chunk_key_value_metadata.parquet";
  const std::string in = P("with_empty.parquet");
  ASSERT_OK_AND_ASSIGN(auto source, FileReader::Open(empty));
  {
    ASSERT_EQ(source->metadata().row_group(0).num_rows(), 0);
    ASSERT_OK_AND_ASSIGN(Schema schema, schema::Message({schema::Int32("column1").Optional(),
                                                         schema::Int32("column2").Optional()}));
    WriterOptions options;
    options.column_defaults.compression = Compression::kZstd;
    ASSERT_OK_AND_ASSIGN(auto w, FileWriter::Open(in, schema, options));
    auto write_rows = [&](int32_t first, int n) {
      for (int c = 0; c < 2; ++c) {
        ASSERT_OK_AND_ASSIGN(auto* col, w->typed_column<int32_t>(c));
        for (int i = 0; i < n; ++i) {
          const int32_t v = first + i + 100 * c;
          const int16_t def = (i + c) % 3 == 2 ? 0 : 1;
          ASSERT_OK(col->WriteBatch(1, &def, nullptr, &v));
        }
      }
      ASSERT_OK(w->EndRowGroup());
    };
    write_rows(1, 3);
    ASSERT_OK(w->CopyRowGroup(*source, 0));
    write_rows(10, 2);
    ASSERT_OK(w->Close());
  }
  ASSERT_EQ(RowGroupRows(in), (std::vector<int64_t>{3, 0, 2}));
  {
    // The copy of parquet-cpp's empty chunks: their metadata, without the
    // dictionary pages no reader finds (no bytes, no encoding_stats).
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(in));
    for (int c = 0; c < 2; ++c) {
      const ColumnChunkMetaData a = source->metadata().row_group(0).column(c);
      const ColumnChunkMetaData b = file->metadata().row_group(1).column(c);
      EXPECT_EQ(b.codec(), Compression::kUncompressed);
      EXPECT_EQ(b.codec(), a.codec());
      EXPECT_EQ(b.encodings(), a.encodings());
      EXPECT_EQ(b.num_values(), 0);
      EXPECT_EQ(b.key_value_metadata(), a.key_value_metadata());
      EXPECT_FALSE(b.statistics().has_value());
      EXPECT_EQ(b.total_compressed_size(), 0);
      EXPECT_EQ(b.total_uncompressed_size(), 0);
      EXPECT_TRUE(b.encoding_stats().empty());
      EXPECT_FALSE(b.dictionary_page_offset().has_value());
    }
    EXPECT_EQ(file->metadata().row_group(1).column(0).key_value_metadata(),
              (std::vector<KeyValue>{{"foo", "bar"}, {"thisiskeywithoutvalue", std::nullopt}}));
  }

  // merge: every input's row groups, the empty ones too.
  const std::string merged = P("merged.parquet");
  testing::CliRun r = RunParq("merge " + Quote(merged) + " " + Quote(in) + " " + Quote(in));
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(RowGroupRows(merged), (std::vector<int64_t>{3, 0, 2, 3, 0, 2}));
  EXPECT_EQ(Cat(merged), Cat(in) + Cat(in));
  for (int g = 0; g < 3; ++g) {
    for (int c = 0; c < 2; ++c) {
      ExpectSameChunk(in, g, c, merged, g, c);
      ExpectSameChunk(in, g, c, merged, g + 3, c);
    }
  }

  // prune: the empty row group with the kept column's chunk.
  for (int drop = 0; drop < 2; ++drop) {
    const std::string pruned = P("pruned" + std::to_string(drop) + ".parquet");
    const std::string kept = drop == 0 ? "column2" : "column1";
    r = RunParq("prune " + Quote(in) + " " + Quote(pruned) + " --drop-columns " + (drop == 0 ? "column1" : "column2"));
    ASSERT_EQ(r.exit_code, 0) << r.out;
    EXPECT_EQ(RowGroupRows(pruned), (std::vector<int64_t>{3, 0, 2}));
    EXPECT_EQ(Cat(pruned), Cat(in, "--columns " + kept));
    for (int g = 0; g < 3; ++g) ExpectSameChunk(in, g, 1 - drop, pruned, g, 0);
  }

  // rewrite's raw path, and (as before) its decoding path.
  const std::string raw = P("raw.parquet");
  r = RunParq("rewrite " + Quote(in) + " " + Quote(raw) + " --verbose");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_NE(r.out.find("parq rewrite: raw copy:"), std::string::npos) << r.out;
  EXPECT_EQ(RowGroupRows(raw), (std::vector<int64_t>{3, 0, 2}));
  EXPECT_EQ(Cat(raw), Cat(in));
  for (int g = 0; g < 3; ++g) {
    for (int c = 0; c < 2; ++c) ExpectSameChunk(in, g, c, raw, g, c);
  }
  r = RunParq("rewrite " + Quote(in) + " " + Quote(P("decoded.parquet")) + " --no-raw-copy");
  ASSERT_EQ(r.exit_code, 0) << r.out;
  EXPECT_EQ(RowGroupRows(P("decoded.parquet")), (std::vector<int64_t>{3, 0, 2}));
  EXPECT_EQ(Cat(P("decoded.parquet")), Cat(in));

  // Each is a file parq verify finds nothing wrong with.
  for (const std::string& f : {in, merged, P("pruned0.parquet"), P("pruned1.parquet"), raw}) {
    r = RunParq("verify " + Quote(f));
    EXPECT_EQ(r.exit_code, 0) << f << "\n" << r.out;
  }
}

// The library call refuses a leaf that differs, and a row group with rows open.
TEST_F(RawCopyTest, CopyRowGroupRefusesAnotherLeafAndAnOpenRowGroup) {
  ASSERT_OK_AND_ASSIGN(auto src, FileReader::Open(kData + "alltypes_plain.parquet"));
  ASSERT_OK_AND_ASSIGN(Schema other, schema::Message({schema::Int64("id").Optional()}));
  ASSERT_OK_AND_ASSIGN(auto writer, FileWriter::Open(P("w.parquet"), other));
  EXPECT_STATUS_HAS(writer->CopyRowGroup(*src, 0, {0}), StatusCode::kInvalidArgument,
                    "column 'id' cannot take the chunks of source column 'id': type INT64 here, INT32 in the source");
  EXPECT_STATUS(writer->CopyRowGroup(*src, 1, {0}), StatusCode::kInvalidArgument);
  ASSERT_OK_AND_ASSIGN(Schema same, schema::Message({schema::Int32("id").Optional()}));
  ASSERT_OK_AND_ASSIGN(auto w2, FileWriter::Open(P("w2.parquet"), same));
  ASSERT_OK_AND_ASSIGN(auto* ids, w2->typed_column<int32_t>(0));
  const int32_t v = 7;
  const int16_t def = 1;
  ASSERT_OK(ids->WriteBatch(1, &def, nullptr, &v));
  EXPECT_STATUS_HAS(w2->CopyRowGroup(*src, 0, {0}), StatusCode::kInvalidArgument, "end it first");
  ASSERT_OK(w2->EndRowGroup());
  ASSERT_OK(w2->CopyRowGroup(*src, 0, {0}));
  ASSERT_OK(w2->Close());
  EXPECT_EQ(Cat(P("w2.parquet")), "{\"id\":7}\n" + Cat(kData + "alltypes_plain.parquet", "--columns id"));
}

}  // namespace
}  // namespace parq
