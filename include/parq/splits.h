// parq/splits.h — one file cut into byte ranges for distributed engines
// (Spark, Trino, Dask, Ray), each read by one worker, every row exactly once
// (docs/dataset.md, "Splits").
//
//   PARQ_ASSIGN_OR_RETURN(auto file, parq::FileReader::Open("big.parquet"));
//   PARQ_ASSIGN_OR_RETURN(std::vector<parq::Split> splits, parq::Splits(*file, 128 << 20));
//   // ... hand splits[i] (offset, length) to worker i, which does:
//   parq::RowSource rows_of_split = parq::SplitRowSource(*file, {offset, length});
//   PARQ_ASSIGN_OR_RETURN(auto rows, parq::RowReader::Open(std::move(rows_of_split)));
//
// The rule is parquet-java's ParquetInputFormat (and Spark's): a row group
// belongs to the byte range that holds its midpoint, its first chunk's start
// offset plus half the compressed size of its chunks.  Any set of ranges that
// cover the file without overlapping (Splits's, or an engine's own fixed-size
// blocks) so gives each row group to exactly one worker.  Splits() makes
// ranges aligned to row groups: consecutive row groups (in file order) until
// a split holds at least target_bytes, the ranges together covering [0, file
// size) exactly.
//
// Thread-safety: pure functions of the metadata; a RowSource is used by one
// reader.  Ownership: a RowSource borrows the FileReader (it must outlive it).
#ifndef PARQ_SPLITS_H_
#define PARQ_SPLITS_H_

#include <cstdint>
#include <vector>

#include "parq/file_reader.h"
#include "parq/metadata.h"
#include "parq/record.h"
#include "parq/result.h"

namespace parq {

// Bytes [offset, offset + length) of a file.
struct ByteRange {
  int64_t offset = 0;
  int64_t length = 0;
};

struct Split {
  ByteRange range;
  std::vector<int> row_groups;  // those whose midpoint lies in range, ascending
  int64_t num_rows = 0;
};

// A row group's midpoint (the rule above).
int64_t RowGroupMidpoint(const RowGroupMetaData& row_group);

// The splits of a file of `file_size` bytes with this footer.
// kInvalidArgument when target_bytes < 1.
Result<std::vector<Split>> Splits(const FileMetaData& metadata, int64_t file_size, int64_t target_bytes);
Result<std::vector<Split>> Splits(const FileReader& file, int64_t target_bytes);

// The row groups whose midpoint lies in `range`, ascending.
std::vector<int> RowGroupsInRange(const FileMetaData& metadata, ByteRange range);

// The file restricted to `row_groups` (in this order; REQUIRES: each in
// range), as a RowReader,
// JsonRowReader or ColumnarReader source; ArrowReadOptions::row_groups does
// the same for Arrow streams.
RowSource RowGroupsRowSource(const FileReader& file, std::vector<int> row_groups);
// RowGroupsRowSource of RowGroupsInRange: exactly the rows of one split.
RowSource SplitRowSource(const FileReader& file, ByteRange range);

}  // namespace parq

#endif  // PARQ_SPLITS_H_
