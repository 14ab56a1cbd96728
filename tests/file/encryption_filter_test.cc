// Filtered reads of encrypted files: the row group pruner's dictionaries,
// Bloom filters and page indexes come through the decrypting readers, and
// page skipping keeps each page's AAD ordinal (its OffsetIndex position), so
// that a filtered read returns what the same filter evaluated row by row
// over every page returns.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "file/encryption_util.h"
#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/record.h"
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

Result<Filtered> ReadFiltered(const std::string& name, const std::string& where, RowReaderOptions::Pruning pruning) {
  ReaderOptions ropts;
  ropts.decryption = CorpusKeys(false);
  PARQ_ASSIGN_OR_RETURN(auto file, FileReader::Open(kEncryptedData + "/" + name, ropts));
  RowReaderOptions options;
  PARQ_ASSIGN_OR_RETURN(options.filter, ParseFilter(where, file->schema()));
  options.pruning = pruning;
  PARQ_ASSIGN_OR_RETURN(auto reader, RowReader::Open(*file, options));
  Filtered out;
  while (true) {
    Value row;
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&row));
    if (!more) break;
    out.rows.push_back(std::move(row));
  }
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

}  // namespace
}  // namespace parq::testing
