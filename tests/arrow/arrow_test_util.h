// Shared helpers of the tests/arrow suites: files in memory opened for
// export, and a consumer of exported Arrow arrays that checks their layout and renders
// their values as text (what a test compares).
#ifndef PARQ_TESTS_ARROW_ARROW_TEST_UTIL_H_
#define PARQ_TESTS_ARROW_ARROW_TEST_UTIL_H_

#include <memory>
#include <string>
#include <vector>

#include "parq/arrow_reader.h"
#include "parq/file_reader.h"
#include "parq/options.h"
#include "testing/json_rows.h"  // WriteJsonRows

namespace parq::testing {

Result<std::shared_ptr<const FileReader>> OpenBytes(const std::string& bytes);

// The rows of a struct array (a record batch) as text, one line a row:
// {"a":1,"b":[2,null]} with Arrow's values (decimals as unscaled integers
// with their scale, binary as hex, timestamps as raw integers).  Checks the
// layout as it goes (kCorrupt naming what is wrong); `schema` gives the types.
Result<std::vector<std::string>> RenderRows(const ArrowSchema& schema, const ArrowArray& batch);

// Every batch of `stream` rendered (releasing each), and the schema's
// formats ("+s{a:l,b:+l{element:u}}").  Releases the stream.
struct StreamText {
  std::string formats;
  std::vector<std::string> rows;
  std::vector<int64_t> batch_lengths;
};
Result<StreamText> DrainStream(ArrowArrayStream* stream);

// ExportArrowStream(file, options), drained.
Result<StreamText> ExportAndDrain(const std::shared_ptr<const FileReader>& file, const ArrowReadOptions& options);

// "+s{a:l,...}": the formats of a schema tree, with each child's name
// (and "?" after a nullable one's name).
std::string Formats(const ArrowSchema& schema);

}  // namespace parq::testing

#endif  // PARQ_TESTS_ARROW_ARROW_TEST_UTIL_H_
