// A dataset as the input of `parq cat`, `parq schema` and `parq meta`: a
// directory or a glob instead of one file (docs/dataset.md), and the
// --skip-invalid flag those verbs share.
#ifndef PARQ_TOOLS_DATASET_INPUT_H_
#define PARQ_TOOLS_DATASET_INPUT_H_

#include <memory>
#include <string>

#include "cli.h"
#include "parq/dataset.h"
#include "parq/result.h"
#include "json/json_writer.h"

namespace parq::cli {

// The flag table entry of --skip-invalid.
Flag SkipInvalidFlag();

// Whether `path` names a dataset: a directory, or a glob that is not the
// name of an existing file.
bool IsDatasetPath(const std::string& path);

// Opens the dataset (--skip-invalid leaves out what is not Parquet), and
// warns on stderr of each file skipped (unless --quiet).
Result<std::unique_ptr<Dataset>> OpenDatasetInput(const std::string& path, const Args& args);

// "partition columns: year (int64), region (string)\n", or "" without any.
std::string PartitionColumnsText(const Dataset& dataset);
// The partition columns as a JSON array of {"name", "type"}.
void WritePartitionColumnsJson(const Dataset& dataset, JsonWriter& w);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_DATASET_INPUT_H_
