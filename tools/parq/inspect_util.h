// Pieces shared by the inspection verbs (meta, pages, dictionary,
// column-index, offset-index, bloom, size-stats): choosing columns, and
// statistics values shown by the column's type as text or JSON.
#ifndef PARQ_TOOLS_INSPECT_UTIL_H_
#define PARQ_TOOLS_INSPECT_UTIL_H_

#include <functional>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "cli.h"
#include "parq/file_reader.h"
#include "parq/metadata.h"
#include "parq/result.h"
#include "parq/schema.h"
#include "json/json_writer.h"
#include "json/leaf_format.h"

namespace parq::cli {

// Writes `out` to stdout: kExitOk, or the error when stdout fails.
int WriteStdout(const std::string& out);

// The start of an inspection verb: its flags parsed by `help`'s table into
// *args, between min_args and max_args positionals (else `count_error`), and
// the first, FILE, opened (page CRCs verified unless --no-verify-checksums;
// the keys of the key flags, key_flags.h, when the table has them) with its
// warnings reported.  Null, with *exit_code set, on a usage error or
// a file that does not open.
std::unique_ptr<FileReader> OpenForVerb(int argc, char** argv, const VerbHelp& help, size_t min_args,
                                        size_t max_args, const char* count_error, Args* args, int* exit_code);

// One column chunk as ForEachChunk hands it to a verb.
struct ChunkVisit {
  int row_group;
  int column;
  const ColumnDescriptor& descriptor;
  const LeafFormatter& formatter;
  // Text: "row group G, column C PATH", for the verb's first line.
  std::string heading;
};
// With --json: add members to `w`'s open chunk object (which holds
// "row_group", "column" and "path"); without: append lines to `text`.
using ChunkFn = std::function<Status(const ChunkVisit& chunk, JsonWriter& w, std::string& text)>;

// The frame of the per-chunk inspection verbs: every chosen column of every
// row group, in order, as one JSON array of chunk objects or as text; the
// result on stdout.  An error ends the run: the text before it is written,
// then the error (exit 1).
int ForEachChunk(const FileReader& reader, const std::vector<int>& columns, bool json, const ChunkFn& fn);

// "a,b.c" → {"a", "b.c"} (empty parts dropped).
std::vector<std::string> SplitList(const std::string& s);

// The leaf column indexes of the dotted paths in `lists` (each a comma
// list, as --columns gives them), in schema order; all columns when none is
// given.  kInvalidArgument (naming near paths) for a path that is no leaf.
Result<std::vector<int>> SelectColumns(const Schema& schema, const std::vector<std::string>& lists);

// OptMember (a member only when it is set) is json/json_writer.h's.

// "[1,2,3]", and the same as a JSON array.
std::string JoinInts(std::span<const int64_t> v);
void WriteInt64Array(JsonWriter& w, std::span<const int64_t> v);

// A PLAIN-encoded value (a statistic, a page-index bound) as JSON text:
// decoded by the column's type, or base64 when it cannot be.
std::string PlainValueText(const LeafFormatter& f, std::string_view bytes);

// Statistics as a JSON object (meta --json, pages --json).
void WriteStatisticsJson(JsonWriter& w, const EncodedStatistics& s, const LeafFormatter& f);
// Statistics as text: "statistics: nulls 0, min 1, max 9" (meta, pages).
std::string StatisticsText(const EncodedStatistics& s, const LeafFormatter& f);

// GeospatialStatistics as a JSON object of the footer's field names
// ({"bbox": {"xmin": ...}, "geospatial_types": [...]}: meta --json,
// geospatial-stats --json), and as text: "geospatial: bbox x [-1, 30]
// y [2, 50] z [3, 6], types [1,1002]" (x as "x 170 .. -170 (across the
// antimeridian)" when xmin > xmax).
void WriteGeospatialJson(JsonWriter& w, const GeospatialStatistics& g);
std::string GeospatialText(const GeospatialStatistics& g);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_INSPECT_UTIL_H_
