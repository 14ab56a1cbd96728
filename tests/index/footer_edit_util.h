// EditFooter: a Parquet file's bytes with its footer rewritten after a test
// changed a copy of the FileMetaData, for the hostile page-index and Bloom
// filter tests.  The pages stay where they were; only the footer moves.
#ifndef PARQ_TESTS_INDEX_FOOTER_EDIT_UTIL_H_
#define PARQ_TESTS_INDEX_FOOTER_EDIT_UTIL_H_

#include <functional>
#include <string>

#include "format/parquet_types.h"
#include "parq/result.h"

namespace parq::index_test {

// The file at `path` with `edit` applied to its footer; an error if the file
// cannot be read or its footer does not parse.
Result<std::string> EditFooter(const std::string& path,
                               const std::function<void(format::FileMetaData&)>& edit);

}  // namespace parq::index_test

#endif  // PARQ_TESTS_INDEX_FOOTER_EDIT_UTIL_H_
