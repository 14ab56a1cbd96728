// Pieces shared by the inspection verbs (meta, pages, dictionary,
// column-index, offset-index, bloom, size-stats): choosing columns, and
// statistics values shown by the column's type as text or JSON.
#ifndef PARQ_TOOLS_INSPECT_UTIL_H_
#define PARQ_TOOLS_INSPECT_UTIL_H_

#include <string>
#include <string_view>
#include <vector>

#include "parq/metadata.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "json/json_writer.h"
#include "json/leaf_format.h"

namespace parq::cli {

// Writes `out` to stdout: kExitOk, or the error when stdout fails.
int WriteStdout(const std::string& out);

// "a,b.c" → {"a", "b.c"} (empty parts dropped).
std::vector<std::string> SplitList(const std::string& s);

// The leaf column indexes of the dotted paths in `lists` (each a comma
// list, as --columns gives them), in schema order; all columns when none is
// given.  kInvalidArgument (naming near paths) for a path that is no leaf.
Result<std::vector<int>> SelectColumns(const Schema& schema, const std::vector<std::string>& lists);

// A PLAIN-encoded value (a statistic, a page-index bound) as JSON text:
// decoded by the column's type, or base64 when it cannot be.
std::string PlainValueText(const LeafFormatter& f, std::string_view bytes);

// Statistics as a JSON object (meta --json, pages --json).
void WriteStatisticsJson(JsonWriter& w, const EncodedStatistics& s, const LeafFormatter& f);
// Statistics as text: "statistics: nulls 0, min 1, max 9" (meta, pages).
std::string StatisticsText(const EncodedStatistics& s, const LeafFormatter& f);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_INSPECT_UTIL_H_
