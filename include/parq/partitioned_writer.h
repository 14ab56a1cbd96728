// parq/partitioned_writer.h — rows written as a Hive-partitioned directory
// tree: one directory per value of each partition column (`key=value/`),
// the partition columns left out of the files (docs/dataset.md).
//
//   parq::PartitionedWriterOptions options;
//   options.partition_by = {"year", "country"};
//   PARQ_ASSIGN_OR_RETURN(auto out, parq::PartitionedWriter::Open("sales", schema, options));
//   PARQ_RETURN_IF_ERROR(out->Write(row));            // a kStruct Value of `schema`, as RowWriter takes
//   PARQ_RETURN_IF_ERROR(out->Close());               // only now does "sales/" appear
//
// gives sales/year=2024/country=NZ/part-00000.parquet, ...  Directory names
// are `key=value` with the bytes Hive escapes written %XX (control bytes,
// '/', '=', '%', ':', '"', '#', '\'', '*', '?', '\\', '{', '[', ']', '^',
// DEL), so any value makes one safe directory name and reads back the same
// (Dataset percent-decodes); a null value is __HIVE_DEFAULT_PARTITION__.  A
// value's text: integers in decimal, DATE as YYYY-MM-DD, DECIMAL, TIME,
// TIMESTAMP (INT96 too), UUID and FLOAT16 as parq/logical_values.h prints
// them, floating point in the shortest form that reads back, booleans true /
// false, strings and other bytes as they are.  Partition columns must be
// top-level leaves that are not repeated (kInvalidArgument otherwise).
//
// Atomicity: everything is written under a hidden temporary directory beside
// the destination (`.<name>.parq-tmp-<pid>-<n>`), and Close() renames it to
// the destination only once every file is complete and synced, so a process
// killed at any moment leaves the destination as it was (absent, or an
// empty directory).  A writer destroyed without a successful Close() removes
// its temporary directory; one left by a killed process is removed by the
// next Open of the same destination.  The destination must not exist or be
// an empty directory (kInvalidArgument).
//
// Files: each partition has one open file at a time, named part-NNNNN.parquet
// (NNNNN counting the writer's files); a file is closed and the next one
// begun when it holds max_rows_per_file rows or has written
// target_file_bytes (checked as row groups end: row_group_size is lowered to
// target_file_bytes, so a file overshoots by at most one row group).  At
// most max_open_files are open at once: the least recently written is
// closed (its partition starts a new file when it gets rows again).
//
// Ownership: the writer copies the schema and the rows.  Thread-safety: one
// thread per writer.
#ifndef PARQ_PARTITIONED_WRITER_H_
#define PARQ_PARTITIONED_WRITER_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "parq/options.h"
#include "parq/record.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

struct PartitionedWriterOptions {
  // Top-level leaf columns, outermost directory first.  At least one.
  std::vector<std::string> partition_by;
  // The options of each file.
  WriterOptions writer_options;
  // 0: no limit.
  int64_t max_rows_per_file = 0;
  int64_t target_file_bytes = 0;
  int max_open_files = 64;
};

class PartitionedWriter {
 public:
  static Result<std::unique_ptr<PartitionedWriter>> Open(const std::string& destination, const Schema& schema,
                                                         const PartitionedWriterOptions& options);
  ~PartitionedWriter();

  // One row: a kStruct of the schema's top-level fields (RowWriter's shape).
  // kInvalidArgument, naming the row, for a row that does not fit.
  Status Write(const Value& row);
  // Closes every file and moves the tree into place.  After an error nothing
  // is at the destination and the temporary directory is removed.
  Status Close();

  // The schema of the files: the input's without the partition columns.
  const Schema& file_schema() const;
  int64_t rows_written() const;
  int64_t files_written() const;  // files closed so far

  struct Impl;

 private:
  explicit PartitionedWriter(std::unique_ptr<Impl> impl);
  std::unique_ptr<Impl> impl_;
};

}  // namespace parq

#endif  // PARQ_PARTITIONED_WRITER_H_
