// The pieces of VerifyFile (parq/verify.h) shared by its files: where a
// finding is, the capped list findings go into, the rules' spec texts, and
// the check of one column chunk (verify_chunk.cc).
//
// Thread-safety: a Findings and a ChunkCheck belong to one VerifyFile call.
#ifndef PARQ_INSPECT_VERIFY_INTERNAL_H_
#define PARQ_INSPECT_VERIFY_INTERNAL_H_

#include <cstdint>
#include <map>
#include <optional>
#include <string>
#include <string_view>
#include <vector>

#include "json/leaf_format.h"
#include "parq/file_reader.h"
#include "parq/status.h"
#include "parq/verify.h"
#include "record/assembly_plan.h"
#include "record/leaf_buffer.h"

namespace parq::verify_internal {

struct Where {
  int row_group = -1;
  std::string column;
  int64_t page = -1;
  int64_t file_offset = -1;
};

// The findings of one file.  At most max_per_rule findings of one rule at
// one (row group, column) are kept; the others are counted into the last
// kept one's message by Finish.
class Findings {
 public:
  Findings(std::vector<VerifyFinding>* out, int max_per_rule) : out_(out), max_(max_per_rule) {}
  void Add(std::string_view rule, std::string_view spec, std::string message, const Where& where,
           std::string writer_bug = "");
  // A reader error as a "decode" finding: page and file offset taken from
  // its context when `where` has none.
  void AddError(const Status& st, Where where, std::string_view what);
  void Finish();

 private:
  struct Count {
    size_t last = 0;
    int64_t n = 0;
  };
  std::vector<VerifyFinding>* out_;
  int max_;
  std::map<std::string, Count> counts_;
};

// The spec rule of each finding (parquet.thrift, LogicalTypes.md, ...).
namespace spec {
inline constexpr char kDecode[] = "the file must decode (parquet.thrift, Encodings.md)";
inline constexpr char kLimit[] =
    "none: a limit of parq's reader (ReaderOptions) stopped the check; the rest is unverified";
inline constexpr char kCrc[] = "parquet.thrift PageHeader.crc: the CRC-32 of the page body as stored";
inline constexpr char kPageCounts[] =
    "parquet.thrift DataPageHeader(V2).num_values / num_nulls / num_rows: the page's levels, nulls and rows";
inline constexpr char kChunkValues[] = "parquet.thrift ColumnMetaData.num_values: the chunk's level entries";
inline constexpr char kChunkRows[] = "parquet.thrift RowGroup.num_rows: every column chunk holds that many rows";
inline constexpr char kFileRows[] = "parquet.thrift FileMetaData.num_rows: the sum of the row groups' rows";
inline constexpr char kChunkSizes[] =
    "parquet.thrift ColumnMetaData.total_compressed_size / total_uncompressed_size: the pages' bytes, headers "
    "included";
inline constexpr char kRowGroupSize[] =
    "parquet.thrift RowGroup.total_compressed_size: the sum over the column chunks";
inline constexpr char kRowGroupByteSize[] =
    "parquet.thrift RowGroup.total_byte_size: the total uncompressed size of the column data (the chunks' "
    "total_uncompressed_size; their total_compressed_size, as some writers put, is taken too)";
inline constexpr char kChunkOffsets[] =
    "parquet.thrift ColumnMetaData.data_page_offset / dictionary_page_offset: where the first data page and the "
    "dictionary page start";
inline constexpr char kEncodings[] = "parquet.thrift ColumnMetaData.encodings: every encoding the chunk's pages use";
inline constexpr char kEncodingStats[] =
    "parquet.thrift ColumnMetaData.encoding_stats: the pages of each type and encoding";
inline constexpr char kDictionary[] =
    "Encodings.md dictionary encoding: one PLAIN dictionary page, before the data pages";
inline constexpr char kStatsNulls[] = "parquet.thrift Statistics.null_count: the nulls of the chunk or page";
inline constexpr char kStatsNans[] = "parquet.thrift Statistics.nan_count: the NaN values of the chunk or page";
inline constexpr char kStatsBounds[] =
    "parquet.thrift Statistics.min_value / max_value: bound every value by the column's sort order (ColumnOrder)";
inline constexpr char kStatsExact[] =
    "parquet.thrift Statistics.is_min_value_exact / is_max_value_exact: an exact bound is a value of the column";
inline constexpr char kStatsNanBound[] =
    "parquet.thrift ColumnOrder TYPE_ORDER: NaNs should not be written to min or max statistics fields";
inline constexpr char kStatsWidth[] =
    "parquet.thrift Statistics: min / max of a fixed-width type are its PLAIN encoding";
inline constexpr char kColumnIndex[] =
    "parquet.thrift ColumnIndex: one entry per data page; null_pages, null_counts, nan_counts, bounds, histograms "
    "of each page";
inline constexpr char kBoundaryOrder[] =
    "parquet.thrift ColumnIndex.boundary_order: the pages' bounds ordered as it says";
inline constexpr char kOffsetIndex[] =
    "parquet.thrift OffsetIndex / PageLocation: each data page's offset, size (header included) and first row";
inline constexpr char kSizeStats[] =
    "parquet.thrift SizeStatistics: unencoded byte-array bytes and level histograms of the chunk's values";
inline constexpr char kBloom[] = "BloomFilter.md: the filter holds every value of the column chunk";
inline constexpr char kUtf8[] = "LogicalTypes.md STRING / ENUM / JSON: UTF-8 encoded character data";
inline constexpr char kDecimal[] = "LogicalTypes.md DECIMAL: an unscaled value of at most `precision` digits";
inline constexpr char kWkb[] = "Geospatial.md GEOMETRY / GEOGRAPHY: values are well-known binary (WKB)";
inline constexpr char kVariant[] = "VariantEncoding.md: metadata and value encoded as the spec says";
inline constexpr char kVariantShredding[] =
    "VariantShredding.md: value and typed_value of a shredded variant combine as the spec allows";
inline constexpr char kAnnotations[] =
    "LogicalTypes.md: a ConvertedType written beside a LogicalType is the one the LogicalType maps to";
inline constexpr char kAnnotationFit[] = "LogicalTypes.md: an annotation fits the physical type it annotates";
inline constexpr char kListShape[] =
    "LogicalTypes.md LIST: an optional or required group of one repeated field (the repeated group or element)";
inline constexpr char kMapShape[] =
    "LogicalTypes.md MAP: an optional or required group of one repeated group holding a required key and at "
    "most a value";
}  // namespace spec

// The row group's VARIANT metadata values, by level entry, for checking each
// value against its metadata (the value column comes after the metadata).
struct VariantMetadataColumn {
  std::vector<std::string> entries;  // empty where the entry is null
  std::vector<bool> present;
};
using VariantColumns = std::map<const SchemaNode*, VariantMetadataColumn>;

// A shredded VARIANT group (one with a typed_value, VariantShredding.md):
// its leaves' levels and values in the current row group, kept as
// VerifyChunk decodes each of its chunks, then put together row by row
// (CheckShreddedVariant), so these columns' pages are read and decoded once
// like every other's.  Holds the group's decoded row group in memory.
struct ShreddedVariant {
  const SchemaNode* group = nullptr;
  AssemblyPlan plan;                      // projected on the group
  std::vector<LeafFormatter> formatters;  // by plan slot
  std::vector<LeafBuffer> leaves;         // by plan slot
  std::vector<bool> complete;             // by plan slot: the chunk was decoded to its end

  // The leaf of schema column `column`, or null when it is not the group's.
  LeafBuffer* Leaf(int column, size_t* slot);
};

// The file's shredded VARIANT groups; a group whose plan cannot be made is a
// finding (rule "variant") and left out.
std::vector<ShreddedVariant> FindShreddedVariants(const Schema& schema, Findings& findings);
// Empties every group's leaves for the next row group.
void ClearShreddedVariants(std::vector<ShreddedVariant>& groups);
// Puts together the rows of row group `row_group` from the kept leaves (a
// group whose chunks did not all decode is skipped: that is a finding already).
void CheckShreddedVariant(ShreddedVariant& g, int row_group, Findings& findings);

struct ChunkCheck {
  const FileReader& reader;
  int row_group;
  int column;
  const VerifyOptions& options;
  Findings& findings;
  VerifyReport& report;
  VariantColumns& variants;  // cleared per row group
  std::vector<ShreddedVariant>& shredded;  // their leaves cleared per row group

  // options.progress, when set, told where the check is.
  void Tell() const {
    if (!options.progress) return;
    const FileMetaData& md = reader.metadata();
    options.progress({row_group + 1, md.num_row_groups(), column + 1, md.schema().num_columns(), report.values});
  }
};

// Checks chunk (row_group, column): its pages read once.  Only an I/O error
// is returned; all else is findings.
Status VerifyChunk(const ChunkCheck& c);

}  // namespace parq::verify_internal

#endif  // PARQ_INSPECT_VERIFY_INTERNAL_H_
