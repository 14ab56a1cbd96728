// parq/verify.h — a deep conformance check of one Parquet file: every rule of
// the specification parq can check, each broken one reported as a finding
// with where it is and which rule it breaks (`parq verify`).
//
//   PARQ_ASSIGN_OR_RETURN(auto reader, parq::FileReader::Open(path, parq::VerifyReaderOptions()));
//   PARQ_ASSIGN_OR_RETURN(parq::VerifyReport report, parq::VerifyFile(*reader));
//   for (const parq::VerifyFinding& f : report.findings) ... f.rule, f.message, f.row_group ...
//
// What is checked (docs/cli.md, "parq verify", lists each rule):
//   * the schema: LogicalType and ConvertedType agree, annotations fit their
//     types, LIST and MAP groups have a legal shape;
//   * the footer: row counts of the file and its row groups, the row groups'
//     byte sizes against their chunks;
//   * each column chunk, its bytes read once: every page header, its CRC,
//     the chunk's declared sizes, offsets, num_values, encodings and
//     encoding_stats against the pages; every page decoded, and the levels
//     and values it holds checked against the page header (v2 counts), the
//     page and chunk statistics (null, NaN counts and bounds by the column's
//     sort order: an exact bound must equal the value, any bound must bound),
//     the ColumnIndex (null_pages, null_counts, nan_counts, bounds, boundary
//     order, level histograms), the OffsetIndex (page offsets, sizes, first
//     rows, unencoded byte-array sizes), the SizeStatistics, the Bloom filter
//     (every value in it); values of STRING / ENUM / JSON columns are valid
//     UTF-8, of GEOMETRY / GEOGRAPHY well-formed WKB, of VARIANT groups
//     well-formed variants (metadata and value decoded together), and a
//     shredded VARIANT group's value and typed_value put together as
//     VariantShredding.md allows (from the values decoded above, held for
//     one row group: no page is read twice).
//   * A finding a known writer bug explains (by created_by: PARQUET-251,
//     PARQUET-816) names the bug in `writer_bug`; it is still a finding.
// A file that does not open, a page that does not decode, an index that
// does not parse are findings too (rule "decode"), with the reader's error.
//
// Ownership: the report is plain values.  Thread-safety: VerifyFile may run on
// one FileReader from many threads.
#ifndef PARQ_VERIFY_H_
#define PARQ_VERIFY_H_

#include <cstdint>
#include <functional>
#include <memory>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/options.h"
#include "parq/result.h"

namespace parq {

struct VerifyFinding {
  // A short stable name of the rule ("page-crc", "statistics-bounds", ...).
  std::string rule;
  // Where the specification states it ("parquet.thrift PageHeader.crc").
  std::string spec;
  // What is wrong, with the values found and declared.
  std::string message;
  // Where: -1 / empty where it does not apply (a schema finding has no row
  // group; a chunk finding no page).
  int row_group = -1;
  std::string column;       // dotted path (a schema node's path for schema rules)
  int64_t page = -1;        // the page's ordinal within its chunk
  int64_t file_offset = -1; // of the page header, index or structure
  // Non-empty when a known writer bug (by created_by) explains the finding:
  // "PARQUET-251: parquet-mr before 1.8.0 ordered binary statistics as signed bytes".
  std::string writer_bug;
};

struct VerifyReport {
  std::vector<VerifyFinding> findings;
  // What was checked.
  int64_t row_groups = 0;
  int64_t column_chunks = 0;
  int64_t pages = 0;
  int64_t values = 0;  // level entries decoded (nulls included)
};

// Where a check is: column chunk `column` (from 1) of `columns` in row group
// `row_group` (from 1) of `row_groups`, and the level entries decoded so far
// in the whole file.
struct VerifyProgress {
  int row_group = 0;
  int row_groups = 0;
  int column = 0;
  int columns = 0;
  int64_t values = 0;
};

struct VerifyOptions {
  // At most this many findings of one rule in one column chunk are listed
  // (a bad value repeated a million times is one finding and a count);
  // the rest are counted in the last one's message.
  int max_findings_per_rule = 5;
  // When set, told as the check goes: after each batch of decoded values
  // (a few thousand) and after each column chunk; on the calling thread.
  std::function<void(const VerifyProgress&)> progress;
  // Keys of an encrypted file (parq/encryption.h), for VerifyFile(path) to
  // open it with (a reader given to VerifyFile has its own).  Without them,
  // an encrypted footer is a "decode" finding and each encrypted column
  // chunk one naming its missing key; with them every module is decrypted
  // and checked as a plaintext file's (page CRCs cover the encrypted bodies).
  std::shared_ptr<const DecryptionProperties> decryption = nullptr;
};

// The reader options verification wants: page CRCs are not checked while
// reading (VerifyFile reports them), everything else as the defaults.
ReaderOptions VerifyReaderOptions();

// Checks the file `reader` has open.  The Result fails only when the file
// cannot be read at all (an I/O error); everything wrong with its contents
// is a finding.
Result<VerifyReport> VerifyFile(const FileReader& reader, const VerifyOptions& options = {});

// Opens `path` (with VerifyReaderOptions and options.decryption) and checks it; a file that does not
// open as Parquet is one finding (rule "decode").  Fails on an I/O error
// opening it (no such file).
Result<VerifyReport> VerifyFile(const std::string& path, const VerifyOptions& options = {});

// The report as one JSON object, without a newline (`parq verify --json`):
// {"file":PATH,"ok":BOOL,"row_groups":N,"column_chunks":N,"pages":N,
// "values":N,"findings":[{"rule","message","spec", and those of "row_group",
// "column","page","file_offset","writer_bug" that are set}]}.
std::string VerifyReportJson(const std::string& path, const VerifyReport& report);

}  // namespace parq

#endif  // PARQ_VERIFY_H_
