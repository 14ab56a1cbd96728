// format/encoded_statistics.h.
#include "format/encoded_statistics.h"

namespace parq {

EncodedStatistics ToEncodedStatistics(const format::Statistics& s) {
  EncodedStatistics out;
  out.null_count = s.null_count;
  out.distinct_count = s.distinct_count;
  out.nan_count = s.nan_count;
  out.min_value = s.min_value;
  out.max_value = s.max_value;
  out.is_min_value_exact = s.is_min_value_exact;
  out.is_max_value_exact = s.is_max_value_exact;
  out.legacy_min = s.min;
  out.legacy_max = s.max;
  return out;
}

}  // namespace parq
