// Filtered reads of encrypted files: the row group pruner's dictionaries,
// Bloom filters and page indexes come through the decrypting readers, and
// page skipping keeps each page's AAD ordinal (its OffsetIndex position),
// and the decrypted page headers' statistics prune pages, so that a
// filtered read returns what the same filter evaluated row by row over
// every page returns.
#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <memory>
#include <string>
#include <vector>

#include "file/encryption_util.h"
#include "parq/column_reader.h"
#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/filter.h"
#include "parq/page_info.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/status_macros.h"

namespace parq::testing {
namespace {

// parquet-mr's 2,000 rows in one row group: double_field (i + 0.5, column
// key kc1) in 3 pages and float_field (i + 0.25, kc2) in 2, each with a page
// index and a Bloom filter.
constexpr char kBloomFile[] = "encrypt_columns_and_footer_bloom_filter.parquet.encrypted";

struct Filtered {
  std::vector<Value> rows;
  int64_t pages_skipped = 0;
  RowGroupPruning pruning;
};

// Every row `reader` gives.
Result<std::vector<Value>> Drain(RowReader& reader) {
  std::vector<Value> out;
  while (true) {
    Value row;
    PARQ_ASSIGN_OR_RETURN(bool more, reader.Next(&row));
    if (!more) return out;
    out.push_back(std::move(row));
  }
}

Result<Filtered> ReadFiltered(const std::string& name, const std::string& where, RowReaderOptions::Pruning pruning) {
  ReaderOptions ropts;
  ropts.decryption = CorpusKeys(false);
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(kEncryptedData + "/" + name, ropts));
  RowReaderOptions options;
  PARQ_ASSIGN_OR_RETURN(options.filter, ParseFilter(where, file->schema()));
  options.pruning = pruning;
  PARQ_ASSIGN_OR_RETURN(auto reader, RowReader::Open(*file, options));
  Filtered out;
  PARQ_ASSIGN_OR_RETURN(out.rows, Drain(*reader));
  out.pages_skipped = reader->pages_skipped();
  out.pruning = reader->pruning();
  return out;
}

// Pages passed over by the offset index: the pages read after them
// authenticate with their own ordinals (a wrong one fails the GCM tag), and
// the headers of the pages jumped over are checked decrypted.  int32_field
// (plaintext, i) selects by its ColumnIndex (the floating columns' maxima
// prune nothing: their bounds leave NaN out); rows 1910.. are double_field's
// third page and float_field's second.
TEST(EncryptionFilterTest, PageSkippingKeepsTheDataPageOrdinals) {
  struct Case {
    const char* where;
    size_t rows;
  };
  const Case cases[] = {
      {"int32_field >= 1950", 50},                        // the last page of each column
      {"int32_field > 1950 AND double_field > 1000", 49},
      {"int32_field >= 1990 OR double_field < 2", 12},   // double_field's first and last page, not the middle
  };
  for (const Case& c : cases) {
    SCOPED_TRACE(c.where);
    ASSERT_OK_AND_ASSIGN(Filtered every, ReadFiltered(kBloomFile, c.where, RowReaderOptions::Pruning::kNone));
    ASSERT_OK_AND_ASSIGN(Filtered skipping, ReadFiltered(kBloomFile, c.where, RowReaderOptions::Pruning::kPages));
    // Late materialization skips pages of columns outside the filter even
    // without page pruning; the page index skips more.
    EXPECT_GT(skipping.pages_skipped, every.pages_skipped);
    ASSERT_EQ(every.rows.size(), c.rows);
    EXPECT_EQ(skipping.rows, every.rows);
  }
  // The values themselves: i + 0.5 and i + 0.25 for rows 1950..1999.
  ASSERT_OK_AND_ASSIGN(Filtered last, ReadFiltered(kBloomFile, "int32_field >= 1950", RowReaderOptions::Pruning::kPages));
  ASSERT_EQ(last.rows.size(), 50u);
  for (size_t i = 0; i < last.rows.size(); ++i) {
    const Value* d = last.rows[i].Find("double_field");
    const Value* f = last.rows[i].Find("float_field");
    ASSERT_NE(d, nullptr);
    ASSERT_NE(f, nullptr);
    EXPECT_EQ(d->double_value(), 1950.5 + static_cast<double>(i));
    EXPECT_EQ(f->float_value(), 1950.25f + static_cast<float>(i));
  }
}

// Without an index, SkipRows passes over whole pages by their (decrypted)
// headers: the page read next authenticates with its own ordinal.
TEST(EncryptionFilterTest, SkipRowsByHeadersKeepsTheDataPageOrdinals) {
  ReaderOptions ropts;
  ropts.decryption = CorpusKeys(false);
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(kEncryptedData + "/" + kBloomFile, ropts));
  const int col = file->schema().FindColumnIndex("double_field");
  ASSERT_OK_AND_ASSIGN(auto reader, file->OpenColumn(0, col));
  auto* doubles = reader->As<double>();
  ASSERT_NE(doubles, nullptr);
  for (const int64_t skip : {int64_t{1000}, int64_t{960}}) {  // past page 0, then past page 1
    ASSERT_OK_AND_ASSIGN(const int64_t skipped, doubles->SkipRows(skip));
    EXPECT_EQ(skipped, skip);
  }
  EXPECT_GT(reader->pages_skipped(), 0);
  double value = 0;
  int64_t values_read = 0;
  int16_t def = 0;
  ASSERT_OK_AND_ASSIGN(const int64_t levels, doubles->ReadBatch(1, &def, nullptr, &value, &values_read));
  ASSERT_EQ(levels, 1);
  ASSERT_EQ(values_read, 1);
  EXPECT_EQ(value, 1960.5);
}

// A value in the statistics' range but in no row: the encrypted column's
// Bloom filter (two encrypted modules) prunes the row group.
TEST(EncryptionFilterTest, BloomFilterOfAnEncryptedColumnPrunes) {
  for (const char* where : {"double_field = 1000.7", "float_field IN (3.5, 17.75)"}) {
    SCOPED_TRACE(where);
    ASSERT_OK_AND_ASSIGN(Filtered f, ReadFiltered(kBloomFile, where, RowReaderOptions::Pruning::kRowGroups));
    EXPECT_TRUE(f.rows.empty());
    EXPECT_EQ(f.pruning.by_bloom_filter, 1);
    EXPECT_EQ(f.pruning.bloom_filters_read, 1);
  }
  // A value that is there passes the filter and is read.
  ASSERT_OK_AND_ASSIGN(Filtered hit, ReadFiltered(kBloomFile, "double_field = 1000.5", RowReaderOptions::Pruning::kRowGroups));
  EXPECT_EQ(hit.rows.size(), 1u);
  EXPECT_EQ(hit.pruning.by_bloom_filter, 0);
}

// Every column under the footer key, dictionary-encoded: the encrypted
// dictionary page decides.
TEST(EncryptionFilterTest, DictionaryOfAnEncryptedColumnPrunes) {
  ASSERT_OK_AND_ASSIGN(Filtered f, ReadFiltered("uniform_encryption.parquet.encrypted", "int32_field = TIME '00:00:01.000'",
                                                RowReaderOptions::Pruning::kRowGroups));
  EXPECT_TRUE(f.rows.empty());
  EXPECT_EQ(f.pruning.by_statistics + f.pruning.by_dictionary, 1);
  ASSERT_OK_AND_ASSIGN(Filtered hit, ReadFiltered("uniform_encryption.parquet.encrypted", "int32_field = TIME '00:00:00.007'",
                                                  RowReaderOptions::Pruning::kRowGroups));
  EXPECT_EQ(hit.rows.size(), 1u);
}

// Page pruning by the statistics in the page headers of an encrypted column
// (no page index): the header modules are decrypted, the first of a chunk
// with a dictionary as the dictionary page's, and the pages pruned as in a
// plaintext file; the pages passed over keep the AAD ordinals of those read
// after them.  Uniform keys (GCM and CTR), and column keys with a plaintext
// footer; with and without dictionaries.
TEST(EncryptionFilterTest, PageHeaderStatisticsOfEncryptedColumnsPrune) {
  auto schema = ParseMessageType(R"(message m {
    required int64 id;
    optional binary s (STRING);
    optional double x;
  })");
  ASSERT_OK(schema.status());
  const std::string path = ::testing::TempDir() + "/encrypted_header_stats_" + std::to_string(getpid()) + ".parquet";
  const std::string footer_key = "0123456789012345", column_key = "ABCDEFGHIJKLMNOPQRSTUVWXYZ012345";
  for (int mode = 0; mode < 3; ++mode) {
    for (const bool dictionary : {false, true}) {
      SCOPED_TRACE("mode " + std::to_string(mode) + (dictionary ? ", dictionaries" : ", plain"));
      auto enc = std::make_shared<EncryptionProperties>();
      enc->footer_key = footer_key;
      if (mode == 1) enc->algorithm = EncryptionProperties::Algorithm::kAesGcmCtrV1;
      if (mode == 2) {
        enc->column_keys["id"] = {column_key, "kc"};
        enc->column_keys["s"] = {column_key, "kc"};
        enc->encrypted_footer = false;
      }
      WriterOptions wo;
      wo.encryption = enc;
      wo.max_rows_per_page = 100;
      wo.column_defaults.page_index = false;
      wo.column_defaults.dictionary = dictionary;
      {
        ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(path, *schema, wo));
        ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
        for (int i = 0; i < 3000; ++i) {
          Value row = Value::Struct();
          row.AddField("id", Value::Int64(i));
          row.AddField("s", Value::Bytes("value-" + std::to_string(100000 + i)));
          row.AddField("x", i % 7 == 0 ? Value::Null() : Value::Double(i * 0.5));
          ASSERT_OK(rw->Write(row));
        }
        ASSERT_OK(rw->Close());
        ASSERT_OK(fw->Close());
      }
      ReaderOptions ropts;
      auto keys = std::make_shared<DecryptionProperties>();
      keys->footer_key = footer_key;
      if (mode == 2) keys->column_keys = {{"id", column_key}, {"s", column_key}};
      ropts.decryption = keys;
      ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(path, ropts));
      ASSERT_TRUE(file->metadata().row_group(0).column(0).is_encrypted());
      ASSERT_FALSE(file->ReadPageIndex(0, 0).ok() && file->ReadPageIndex(0, 0)->column_index);
      for (const char* where : {"id BETWEEN 1234 AND 1301", "s >= 'value-102950'", "id < 150 OR s = 'value-101777'"}) {
        SCOPED_TRACE(where);
        ASSERT_OK_AND_ASSIGN(Filter filter, ParseFilter(where, file->schema()));
        ASSERT_OK_AND_ASSIGN(auto bound, BoundFilter::Bind(filter, file->schema()));
        RowReaderOptions every;
        every.filter = filter;
        every.pruning = RowReaderOptions::Pruning::kRowGroups;
        ASSERT_OK_AND_ASSIGN(auto all, RowReader::Open(*file, every));
        ASSERT_OK_AND_ASSIGN(std::vector<Value> expected, Drain(*all));
        for (const Value& v : expected) ASSERT_TRUE(bound.Matches(v));
        ASSERT_FALSE(expected.empty());
        RowReaderOptions pruned = every;
        pruned.pruning = RowReaderOptions::Pruning::kPages;
        ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(*file, pruned));
        ASSERT_OK_AND_ASSIGN(std::vector<Value> got, Drain(*reader));
        EXPECT_EQ(got, expected);
        // 30 pages of 100 rows in each filter column: all but those holding
        // a match are pruned by their decrypted headers.
        EXPECT_GE(reader->pruning().pages_by_page_statistics, 26);
        EXPECT_GT(reader->pages_skipped(), all->pages_skipped());
        ColumnarReaderOptions co;
        co.filter = filter;
        ASSERT_OK_AND_ASSIGN(auto columnar, ColumnarReader::Open(*file, co));
        ColumnarBatch batch;
        ASSERT_OK(columnar->ReadRowGroup(0, &batch));
        EXPECT_EQ(batch.num_rows, static_cast<int64_t>(expected.size()));
        EXPECT_EQ(columnar->pruning().pages_by_page_statistics, reader->pruning().pages_by_page_statistics);
      }
    }
  }
  std::filesystem::remove(path);
}

// The corpus's encrypted files read as if their chunks had neither a page
// index nor statistics (a RowSource without them): double_field's encrypted
// page headers (the first a dictionary page's in the dictionary-encoded
// files) are decrypted and scanned — every header module's bytes count in
// bytes_read() of a mapped file once it authenticated.  None of the corpus's
// headers carries statistics (Arrow wrote these files without, parquet-mr
// with a page index instead), so nothing is pruned by them, and the rows
// equal those of the read without page pruning.
TEST(EncryptionFilterTest, CorpusPageHeadersDecryptForPruning) {
  for (const char* name : {"uniform_encryption.parquet.encrypted", "encrypt_columns_and_footer.parquet.encrypted",
                           "encrypt_columns_plaintext_footer.parquet.encrypted",
                           "encrypt_columns_and_footer_ctr.parquet.encrypted", kBloomFile}) {
    SCOPED_TRACE(name);
    ReaderOptions ropts;
    ropts.decryption = CorpusKeys(false);
    ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(kEncryptedData + "/" + name, ropts, /*mmap=*/true));
    const int col = file->schema().FindColumnIndex("double_field");
    ASSERT_GE(col, 0);
    ASSERT_EQ(file->metadata().num_row_groups(), 1);
    ASSERT_OK_AND_ASSIGN(std::vector<PageInfo> pages, ReadPageInfos(*file, 0, col));
    int64_t header_bytes = 0;
    for (const PageInfo& p : pages) {
      header_bytes += p.header_size;
      EXPECT_FALSE(p.statistics.has_value());
    }
    RowSource source = RowSource::FromFile(*file);
    source.page_index = nullptr;
    source.chunk_statistics = nullptr;
    RowReaderOptions o;
    ASSERT_OK_AND_ASSIGN(o.filter, ParseFilter("double_field < 10 OR double_field > 1990", file->schema()));
    std::vector<Value> rows[2];
    int64_t bytes[2] = {0, 0};
    for (const int k : {0, 1}) {
      o.pruning = k == 1 ? RowReaderOptions::Pruning::kPages : RowReaderOptions::Pruning::kRowGroups;
      ASSERT_OK_AND_ASSIGN(auto reader, RowReader::Open(source, o));
      ASSERT_OK_AND_ASSIGN(rows[k], Drain(*reader));
      EXPECT_EQ(reader->pruning().pages_by_page_statistics, 0);
      bytes[k] = reader->bytes_read();
    }
    EXPECT_FALSE(rows[0].empty());
    EXPECT_EQ(rows[1], rows[0]);
    EXPECT_EQ(bytes[1] - bytes[0], header_bytes);
  }
}

}  // namespace
}  // namespace parq::testing
