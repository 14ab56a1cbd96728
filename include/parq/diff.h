// parq/diff.h — what differs between two Parquet files: their schemas, their
// metadata and their rows (`parq diff A B`).
//
//   PARQ_ASSIGN_OR_RETURN(auto a, parq::FileReader::Open("ours.parquet"));
//   PARQ_ASSIGN_OR_RETURN(auto b, parq::FileReader::Open("theirs.parquet"));
//   PARQ_ASSIGN_OR_RETURN(parq::DiffReport d, parq::DiffFiles(*a, *b));
//   if (!d.equal()) for (const parq::Difference& x : d.differences) ... x.what, x.a, x.b ...
//
// Compared:
//   schema    every field, matched by name under its parent: repetition,
//             physical type (and FIXED_LEN_BYTE_ARRAY length), LogicalType,
//             ConvertedType, field id; a field on one side only;
//   metadata  the file's created_by, format version, row and row-group
//             counts and key-value metadata (by key); per column (by path):
//             codecs, encodings, whether chunks carry statistics, a page
//             index, a Bloom filter, and — when both have the same row
//             groups — each chunk's statistics (null count, min, max, as
//             the column's type shows them) and key-value metadata;
//   rows      each row as the canonical JSON of docs/rows-as-json.md, field
//             by field (a difference names the row, the top-level column
//             and the path inside it): numbers as numbers (1 and 1.0 are
//             equal), floats within `float_tolerance`; in row order, or
//             matched by a key column.
// By key, memory stays bounded when both files are sorted by it: the rows
// are merged as they stream (a merge join), each side's keys checked to
// ascend (nulls, then booleans, numbers by value, strings by their bytes;
// a DECIMAL key prints as a string, so it counts as sorted only when its
// texts ascend as strings).  When either side is not sorted, the merge is
// abandoned at the first key out of order and B's rows are held in memory
// as text, by key, up to `max_key_memory` bytes (kLimitExceeded past it,
// naming the row of B).  Both ways give the same report.
// With values_only, schema and metadata are not compared, and a DECIMAL
// leaf (printed as a string, "1.50") equals the same number on the other
// side however that side stores it: a DECIMAL(4,1) "1.5" on another
// physical type, a DOUBLE 1.5, an INT64 2 against "2.00".  Without it the
// string and the number differ.
// Every difference is counted; the first max_differences are listed.
// Ownership: plain values.  Thread-safety: DiffFiles may run on the same
// readers from many threads.
#ifndef PARQ_DIFF_H_
#define PARQ_DIFF_H_

#include <cstdint>
#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/result.h"

namespace parq {

// Rows read so far of each file, and how many each has.
struct DiffProgress {
  int64_t rows_a = 0, rows_b = 0;
  int64_t total_a = 0, total_b = 0;
};

struct DiffOptions {
  // Rows only, compared by value across physical types (see above).
  bool values_only = false;
  // Two FLOAT / DOUBLE values are equal when |a - b| <= float_tolerance.
  double float_tolerance = 0;
  // A top-level primitive column whose value matches rows of A with rows of
  // B (the first unmatched row of B with the same key); empty: row order.
  std::string key;
  // Differences listed (all are counted).
  int64_t max_differences = 10;
  // By key, when the files are not both sorted by it: the most bytes B's
  // rows may take in memory (their text and keys).
  int64_t max_key_memory = int64_t{2} << 30;
  // When set, told every 1024 rows read (of either file) on the calling
  // thread.
  std::function<void(const DiffProgress&)> progress;
};

struct Difference {
  enum class Kind : uint8_t { kSchema, kMetadata, kRow };
  Kind kind = Kind::kRow;
  // What differs: "logical type", "codec", "key-value metadata 'k'",
  // "value", "row only in A", ...
  std::string what;
  // The schema path, or the column (kMetadata: empty for the file's own),
  // or the row's top-level column with the path inside it ("tags[2]").
  std::string column;
  int64_t row = -1;        // kRow: the row of A (of B for a row only in B)
  int row_group = -1;      // kMetadata of one chunk
  std::string a, b;        // each side as text; empty where absent
};

struct DiffReport {
  int64_t schema_differences = 0;
  int64_t metadata_differences = 0;
  int64_t row_differences = 0;  // values (row, top-level column) and unmatched rows
  int64_t rows_a = 0, rows_b = 0;
  std::vector<Difference> differences;  // the first max_differences, in the order found
  bool equal() const { return schema_differences + metadata_differences + row_differences == 0; }
};

// kInvalidArgument when `options.key` is no top-level primitive column of
// both files; kLimitExceeded when B's rows, unsorted by the key, exceed
// `options.max_key_memory`; a read error of either file as it is.
Result<DiffReport> DiffFiles(const FileReader& a, const FileReader& b, const DiffOptions& options = {});

// The report as one JSON object, without a newline (`parq diff --json`):
// {"equal":BOOL,"rows_a":N,"rows_b":N,"schema_differences":N,
// "metadata_differences":N,"row_differences":N,"differences":[{"kind":
// "schema"|"metadata"|"row","what", those of "column","row","row_group" that
// are set, "a","b" (null where absent)}]}.
std::string DiffReportJson(const DiffReport& report);

}  // namespace parq

#endif  // PARQ_DIFF_H_
