// What a Dataset holds once opened (private to src/dataset): the files with
// their partition values and which unified fields each has, the unified
// schema.  Immutable after Dataset::Open; read from any thread.
#ifndef PARQ_DATASET_DATASET_IMPL_H_
#define PARQ_DATASET_DATASET_IMPL_H_

#include <string>
#include <vector>

#include "parq/dataset.h"
#include "parq/record.h"
#include "parq/schema.h"

namespace parq {

struct Dataset::Impl {
  DatasetOptions options;
  Schema schema;
  std::vector<PartitionField> partition_fields;
  int num_file_fields = 0;  // schema's first top-level fields; the partition columns follow
  std::vector<DatasetFile> files;
  // Per file: each partition column's value (null where absent or the marker).
  std::vector<std::vector<Value>> partition_values;
  // Per file: whether it has each of the first num_file_fields fields.
  std::vector<std::vector<bool>> has_field;
  std::vector<std::string> skipped;
  int64_t num_rows = 0;
};

}  // namespace parq

#endif  // PARQ_DATASET_DATASET_IMPL_H_
