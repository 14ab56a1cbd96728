// parq/file_copy.h — files made of other files' row groups, their column
// chunks copied as stored, without decoding (FileWriter::CopyRowGroup):
// merging files of one schema (`parq merge`), dropping columns (`parq
// prune`), and every row group of a file into a writer (`parq rewrite`'s
// raw path).
//
//   PARQ_RETURN_IF_ERROR(parq::MergeFiles({"a.parquet", "b.parquet"}, "ab.parquet"));
//   PARQ_RETURN_IF_ERROR(parq::DropColumns("in.parquet", "out.parquet", {"payload", "meta.raw"}));
//
// The outputs appear only once complete (FileOutputOptions::atomic_rename,
// parq/io.h).  Their footer keeps the source's metadata as KeepSourceMetadata
// (parq/file_writer.h) says: the file key-value metadata (of the first input,
// for a merge) with the source's created_by under kSourceCreatedByKey, the
// column orders; each row group's sorting_columns and each chunk's metadata
// travel with it.
//
// Thread-safety: reentrant; each call reads and writes its own files.
#ifndef PARQ_FILE_COPY_H_
#define PARQ_FILE_COPY_H_

#include <functional>
#include <string>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/options.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

// Where a copy is: after row group `row_group` (from 1) of `row_groups` of
// input `input` (from 1) of `inputs`.
struct CopyProgress {
  int input = 0;
  int inputs = 0;
  int row_group = 0;
  int row_groups = 0;
};
using CopyProgressFn = std::function<void(const CopyProgress&)>;

// Every row group of `source`, in order, through writer->CopyRowGroup with
// `columns` (see there); `progress` is told after each.  A row group of no
// rows is copied as well, as the source has it (MergeFiles and DropColumns
// keep them too, as the decoding path of `parq rewrite` does).
Status CopyRowGroups(const FileReader& source, FileWriter* writer, const std::vector<int>& columns = {},
                     const CopyProgressFn& progress = {});

// The leaf columns of `schema` left when the fields `dotted_paths` are
// dropped (a group drops every leaf below it), ascending.
// kInvalidArgument: a path naming no field ("no field 'nosuch' to drop;
// near names: ..."), or nothing left ("dropping a, b leaves no column").
Result<std::vector<int>> ColumnsWithout(const Schema& schema, const std::vector<std::string>& dotted_paths);

// Writes `output`: the row groups of `inputs`, in order, copied whole.
// The inputs' schemas must be equal (Schema::Equals): else kInvalidArgument
// naming the input and the first difference ("'b.parquet' has another
// schema than 'a.parquet': field 'x': INT32 in 'b.parquet', INT64 in
// 'a.parquet'").  The
// footer's key-value metadata is the first input's (the others' are not
// kept), then `options.key_value_metadata` (winning over it); created_by is
// options.created_by (parq's when empty).  Of `options` only the footer's
// settings matter: the pages are copied as they are.
Status MergeFiles(const std::vector<std::string>& inputs, const std::string& output, WriterOptions options = {},
                  const ReaderOptions& read_options = {}, const CopyProgressFn& progress = {});

// Writes `output`: `input` without the fields `drop` (ColumnsWithout), the
// schema projected (Schema::Project), the kept chunks copied.  `options` as
// for MergeFiles.
Status DropColumns(const std::string& input, const std::string& output, const std::vector<std::string>& drop,
                   WriterOptions options = {}, const ReaderOptions& read_options = {},
                   const CopyProgressFn& progress = {});

}  // namespace parq

#endif  // PARQ_FILE_COPY_H_
