// The page index and Bloom filter parts of `parq meta` (--page-index,
// --bloom-filter): read per column chunk and printed as text or JSON.
#ifndef PARQ_TOOLS_META_INDEX_H_
#define PARQ_TOOLS_META_INDEX_H_

#include <string>

#include "parq/file_reader.h"
#include "json/json_writer.h"
#include "json/leaf_format.h"

namespace parq::cli {

// Adds "column_index" / "offset_index" members to the open chunk object.
Status WritePageIndexJson(JsonWriter& w, const FileReader& reader, int row_group, int column,
                          const LeafFormatter& f);
// Appends indented lines describing the chunk's page index.
Status AppendPageIndexText(std::string& out, const FileReader& reader, int row_group, int column,
                           const LeafFormatter& f);

// Reads the chunk's Bloom filter (checking it) and describes it: its size and
// how many of its bits are set.
Status WriteBloomFilterJson(JsonWriter& w, const FileReader& reader, int row_group, int column);
Status AppendBloomFilterText(std::string& out, const FileReader& reader, int row_group,
                             int column);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_META_INDEX_H_
