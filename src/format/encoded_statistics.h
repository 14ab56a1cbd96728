// The wire Statistics (of a chunk or of a page header) as the public
// EncodedStatistics value (ColumnChunkMetaData::statistics,
// PageInfo::statistics, page pruning by page-header statistics).
// Thread-safety: a pure function.
#ifndef PARQ_FORMAT_ENCODED_STATISTICS_H_
#define PARQ_FORMAT_ENCODED_STATISTICS_H_

#include "format/parquet_types.h"
#include "parq/metadata.h"

namespace parq {

EncodedStatistics ToEncodedStatistics(const format::Statistics& s);

}  // namespace parq

#endif  // PARQ_FORMAT_ENCODED_STATISTICS_H_
