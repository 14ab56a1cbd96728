// The page index and Bloom filter parts of `parq meta` (--page-index,
// --bloom-filter): read per column chunk and printed as text or JSON; the
// page index also for `parq column-index` and `parq offset-index`.
#ifndef PARQ_TOOLS_META_INDEX_H_
#define PARQ_TOOLS_META_INDEX_H_

#include <string>

#include "cli.h"
#include "parq/file_reader.h"
#include "json/json_writer.h"
#include "json/leaf_format.h"

namespace parq::cli {

// Which halves of the page index to read and show.
enum class IndexParts { kBoth, kColumnIndex, kOffsetIndex };

// Adds "column_index" / "offset_index" members to the open chunk object.
Status WritePageIndexJson(JsonWriter& w, const FileReader& reader, int row_group, int column,
                          const LeafFormatter& f, IndexParts parts = IndexParts::kBoth);
// Appends indented lines describing the chunk's page index (nothing when
// it has none).
Status AppendPageIndexText(std::string& out, const FileReader& reader, int row_group, int column,
                           const LeafFormatter& f, IndexParts parts = IndexParts::kBoth);

// `parq column-index|offset-index FILE [COL] [--json]`: the one half of each
// chunk's page index (all columns, or COL), as meta --page-index shows it.
int RunPageIndexVerb(int argc, char** argv, IndexParts parts, const VerbHelp& help);

// Reads the chunk's Bloom filter (checking it) and describes it: its size and
// how many of its bits are set.
Status WriteBloomFilterJson(JsonWriter& w, const FileReader& reader, int row_group, int column);
Status AppendBloomFilterText(std::string& out, const FileReader& reader, int row_group,
                             int column);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_META_INDEX_H_
