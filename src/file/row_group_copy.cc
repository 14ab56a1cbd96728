// file/row_group_copy.cc — FileWriter::CopyRowGroup: a source row group's
// column chunks appended as stored (page bytes untouched), their metadata,
// page index and Bloom filter carried over with the offsets moved.
//
// Two passes: first every chunk's metadata, page index and Bloom filter are
// read and checked (nothing written, so a refusal leaves the writer as it
// was); then each chunk's pages are walked and written one by one, straight
// from the bytes read, and the chunk's offsets are set from what was copied.
#include <algorithm>
#include <optional>
#include <string>
#include <vector>

#include "file/file_writer_impl.h"
#include "file/metadata_internal.h"
#include "format/writer_version.h"
#include "index/bloom_filter_reader.h"
#include "index/page_index_reader.h"
#include "page/chunk_range.h"
#include "page/page_walk.h"
#include "parq/file_reader.h"
#include "stats/statistics_builder.h"

namespace parq {
namespace {

// One source chunk as phase one found it.
struct ChunkToCopy {
  format::ColumnChunk chunk;  // a heap copy, rewritten in phase two
  std::optional<format::ColumnIndex> column_index;
  std::optional<format::OffsetIndex> offset_index;
  std::optional<BloomFilter> bloom_filter;
};

bool IsDataPage(format::PageType t) {
  return t == format::PageType::DATA_PAGE || t == format::PageType::DATA_PAGE_V2;
}

// Why leaf `out` of the destination cannot take the chunks of leaf `in`;
// "" when it can.
std::string LeafDifference(const ColumnDescriptor& in, const ColumnDescriptor& out) {
  auto both = [&](const std::string& what, const std::string& a, const std::string& b) {
    return "column '" + out.dotted_path + "' cannot take the chunks of source column '" + in.dotted_path +
           "': " + what + " " + b + " here, " + a + " in the source";
  };
  if (in.dotted_path != out.dotted_path) return both("path", "'" + in.dotted_path + "'", "'" + out.dotted_path + "'");
  if (in.physical_type != out.physical_type) {
    return both("type", std::string(PhysicalTypeName(in.physical_type)), std::string(PhysicalTypeName(out.physical_type)));
  }
  if (in.type_length != out.type_length) {
    return both("length", std::to_string(in.type_length), std::to_string(out.type_length));
  }
  if (in.max_definition_level != out.max_definition_level || in.max_repetition_level != out.max_repetition_level) {
    auto levels = [](const ColumnDescriptor& d) {
      return "levels (" + std::to_string(d.max_definition_level) + ", " + std::to_string(d.max_repetition_level) + ")";
    };
    return both("", levels(in), levels(out));
  }
  if (in.node->logical_type() != out.node->logical_type() || in.node->converted_type() != out.node->converted_type()) {
    auto ann = [](const ColumnDescriptor& d) {
      std::string s = d.node->logical_type().ToString();
      if (d.node->converted_type() != ConvertedType::kNone) s += " / " + std::string(ConvertedTypeName(d.node->converted_type()));
      return s.empty() ? std::string("no annotation") : s;
    };
    return both("annotation", ann(in), ann(out));
  }
  if (in.node->repetition() != out.node->repetition()) {
    return both("repetition", std::string(RepetitionName(in.node->repetition())),
                std::string(RepetitionName(out.node->repetition())));
  }
  return "";
}

// Leaves out the bounds a reader of the copy would trust but should not
// (see CopyRowGroup in parq/file_writer.h).
void DropUntrustedBounds(format::ColumnMetaData* md, const ColumnDescriptor& d, const std::string& column_order,
                         const std::optional<std::string>& created_by) {
  if (!md->statistics) return;
  format::Statistics& s = *md->statistics;
  const bool bytes = d.physical_type == PhysicalType::kByteArray || d.physical_type == PhysicalType::kFixedLenByteArray;
  if (bytes && created_by) {
    auto v = format::ParseWriterVersion(*created_by);
    if (v && v->IsBefore("parquet-mr", 1, 8, 0)) {  // PARQUET-251
      s.min.reset();
      s.max.reset();
      s.min_value.reset();
      s.max_value.reset();
      s.is_min_value_exact.reset();
      s.is_max_value_exact.reset();
    }
  }
  if (column_order == "UNKNOWN") {
    s.min_value.reset();
    s.max_value.reset();
    s.is_min_value_exact.reset();
    s.is_max_value_exact.reset();
  }
}

// The sorting_columns of the copy: the source's on copied leaves (renumbered),
// up to the first on a leaf that is not copied (the rest sort within it).
std::vector<SortingColumn> KeptSorting(const std::vector<SortingColumn>& in, const std::vector<int>& columns) {
  std::vector<SortingColumn> out;
  for (SortingColumn c : in) {
    auto it = std::find(columns.begin(), columns.end(), c.column_idx);
    if (it == columns.end()) break;
    c.column_idx = static_cast<int32_t>(it - columns.begin());
    out.push_back(c);
  }
  return out;
}

}  // namespace

Status FileWriter::CopyRowGroup(const FileReader& source, int row_group, const std::vector<int>& columns) {
  Impl& m = *impl_;
  if (m.closed) return Impl::AfterClose("FileWriter::CopyRowGroup");
  if (!m.status.ok()) return m.status;
  if (m.encryptor) {
    return Status::Unsupported(
        "CopyRowGroup into an encrypted file: its pages must be encrypted with this file's keys and module AADs "
        "(its aad_file_unique, row group and column ordinals), not copied as stored");
  }
  const FileMetaData& smd = source.metadata();
  const Schema& sschema = source.schema();
  if (row_group < 0 || row_group >= smd.num_row_groups()) {
    return Status::InvalidArgument("CopyRowGroup: row group " + std::to_string(row_group) + " out of range: the source has " +
                                   std::to_string(smd.num_row_groups()));
  }
  std::vector<int> from = columns;
  if (from.empty()) {
    if (sschema.num_columns() != m.schema.num_columns()) {
      return Status::InvalidArgument("CopyRowGroup: the source has " + std::to_string(sschema.num_columns()) +
                                     " leaf columns, this file " + std::to_string(m.schema.num_columns()));
    }
    for (int c = 0; c < m.schema.num_columns(); ++c) from.push_back(c);
  }
  if (static_cast<int>(from.size()) != m.schema.num_columns()) {
    return Status::InvalidArgument("CopyRowGroup: " + std::to_string(from.size()) + " source columns for the " +
                                   std::to_string(m.schema.num_columns()) + " leaf columns of this file");
  }
  for (size_t i = 0; i < m.writers.size(); ++i) {
    if (m.writers[i]->writer()->num_rows() != 0) {
      return Status::InvalidArgument("CopyRowGroup while the open row group holds rows: end it first");
    }
  }
  const auto& wire = MetaDataAccess::Wire(smd);
  const std::optional<std::string> created_by = thrift::ToStdString(wire.created_by);
  const RandomAccessFile& file = source.file();
  const ReaderOptions& ropts = source.options();

  // Phase one: check and read everything but the pages.
  std::vector<ChunkToCopy> chunks(from.size());
  for (size_t i = 0; i < from.size(); ++i) {
    const int c = from[i];
    if (c < 0 || c >= sschema.num_columns()) {
      return Status::InvalidArgument("CopyRowGroup: source column " + std::to_string(c) + " out of range: the source has " +
                                     std::to_string(sschema.num_columns()));
    }
    const ColumnDescriptor& in = sschema.column(c);
    const ColumnDescriptor& out = m.schema.column(static_cast<int>(i));
    if (std::string d = LeafDifference(in, out); !d.empty()) return Status::InvalidArgument(d);
    const stats::CompareKind kind = stats::CompareKindFor(out);
    if (kind == stats::CompareKind::kFloat || kind == stats::CompareKind::kFloat16) {
      const bool ieee_here = m.options.ForColumn(out.dotted_path).ieee754_total_order;
      const bool ieee_there = smd.column_order(c) == "IEEE_754_TOTAL_ORDER";
      if (ieee_here != ieee_there) {
        return Status::InvalidArgument("column '" + out.dotted_path + "': the source orders it by " +
                                       (ieee_there ? "IEEE_754_TOTAL_ORDER" : "TYPE_ORDER") + ", this file by " +
                                       (ieee_here ? "IEEE_754_TOTAL_ORDER" : "TYPE_ORDER"));
      }
    }
    PARQ_ASSIGN_OR_RETURN(auto shared, MetaDataAccess::Chunk(smd, row_group, c));
    ChunkToCopy& t = chunks[i];
    t.chunk = *shared;
    auto where = [&](Status st) { return std::move(st).WithColumn(in.dotted_path).WithRowGroup(row_group); };
    if (!t.chunk.meta_data || t.chunk.crypto_metadata || t.chunk.encrypted_column_metadata) {
      // Encryption.md §4.4: every module's AAD holds the file's
      // aad_file_unique and the chunk's row group and column ordinals, so
      // the chunk's bytes decrypt only at this place in this file.
      return where(Status::Unsupported(
          "an encrypted column chunk cannot be copied as stored: its modules' AADs bind it to its file "
          "(aad_file_unique) and to its row group and column ordinals; read it with its keys and write it again "
          "(parq rewrite decodes)"));
    }
    if (t.chunk.file_path) {
      return where(Status::Unsupported("the column chunk is in another file ('" + *thrift::ToStdString(t.chunk.file_path) + "')"));
    }
    PARQ_ASSIGN_OR_RETURN(t.column_index, index::ReadWireColumnIndex(file, t.chunk, in, ropts, row_group));
    PARQ_ASSIGN_OR_RETURN(t.offset_index, index::ReadWireOffsetIndex(file, t.chunk, in, ropts, row_group));
    if (t.column_index) {
      if (auto ci = index::MakeColumnIndex(*t.column_index, in); !ci.ok()) {
        return where(std::move(ci).status().AddContext("column index"));
      }
    }
    if (t.offset_index) {
      auto range = page::ComputeChunkRange(*t.chunk.meta_data, file.size(), created_by);
      if (!range.ok()) return where(std::move(range).status());
      auto oi = index::MakeOffsetIndex(*t.offset_index, index::ChunkBytes{range->offset, range->length},
                                       smd.row_group(row_group).num_rows());
      if (!oi.ok()) return where(std::move(oi).status().AddContext("offset index"));
    }
    PARQ_ASSIGN_OR_RETURN(t.bloom_filter, index::ReadBloomFilter(file, t.chunk, in, ropts, row_group));
  }
  PARQ_RETURN_IF_ERROR(m.CheckRowGroupLimit());

  // Phase two: the pages, chunk after chunk.
  format::RowGroup rg;
  rg.num_rows = smd.row_group(row_group).num_rows();
  rg.file_offset = static_cast<int64_t>(m.out->Tell());
  std::vector<std::optional<format::ColumnIndex>> cis;
  std::vector<std::optional<format::OffsetIndex>> ois;
  std::vector<std::optional<BloomFilter>> bfs;
  for (size_t i = 0; i < chunks.size(); ++i) {
    ChunkToCopy& t = chunks[i];
    const ColumnDescriptor& in = sschema.column(from[i]);
    format::ColumnMetaData& md = *t.chunk.meta_data;
    const int64_t start = static_cast<int64_t>(m.out->Tell());
    int64_t source_start = -1, copied = 0, first_data = -1, index_page = -1;
    bool dictionary = false;
    Status st = page::WalkPages(file, md, ropts, created_by, [&](const page::RawPage& p) -> Status {
      auto at_page = [&](Status e) { return std::move(e).WithPage(p.ordinal).WithFileOffset(p.file_offset); };
      const int64_t offset = static_cast<int64_t>(p.file_offset);
      if (source_start < 0) source_start = offset;
      const int64_t at = start + (offset - source_start);
      if (p.ordinal == 0 && p.header->type == format::PageType::DICTIONARY_PAGE) dictionary = true;
      if (first_data < 0 && IsDataPage(p.header->type)) first_data = at;
      if (md.index_page_offset && *md.index_page_offset == offset) index_page = at;
      if (ropts.verify_checksums) {
        if (Status crc = page::VerifyPageCrc(*p.header, p.body); !crc.ok()) return at_page(std::move(crc));
      }
      const size_t size = p.header_size + p.body.size();
      copied += static_cast<int64_t>(size);
      return m.out->Write(p.body.data() - p.header_size, size);
    });
    if (!st.ok()) return m.Fail(std::move(st).WithColumn(in.dotted_path).WithRowGroup(row_group));
    const int64_t delta = start - (source_start < 0 ? start : source_start);
    md.data_page_offset = first_data >= 0 ? first_data : start;
    md.dictionary_page_offset = dictionary ? std::optional<int64_t>(start) : std::nullopt;
    md.index_page_offset = index_page >= 0 ? std::optional<int64_t>(index_page) : std::nullopt;
    md.total_compressed_size = copied;
    if (copied == 0 && md.num_values == 0) {
      // A chunk of no values with no page found where its metadata points
      // (parquet-cpp stores data_page_offset 0 for one of only a dictionary
      // page, which no reader reads): the copy holds no page, and says so.
      md.total_uncompressed_size = 0;
      md.encoding_stats.reset();
    }
    md.bloom_filter_offset.reset();
    md.bloom_filter_length.reset();
    DropUntrustedBounds(&md, in, smd.column_order(from[i]), created_by);
    if (t.offset_index) {
      for (auto& loc : t.offset_index->page_locations) {
        loc.offset += delta;
        if (loc.offset < start || loc.offset + loc.compressed_page_size > start + copied) {
          return m.Fail(std::move(Status::Corrupt("offset index page at " + std::to_string(loc.offset - delta) +
                                                  " lies outside the pages of the chunk"))
                            .WithColumn(in.dotted_path)
                            .WithRowGroup(row_group));
        }
      }
    }
    t.chunk.file_offset = start;
    t.chunk.offset_index_offset.reset();
    t.chunk.offset_index_length.reset();
    t.chunk.column_index_offset.reset();
    t.chunk.column_index_length.reset();
    rg.total_byte_size += md.total_uncompressed_size;
    rg.total_compressed_size = rg.total_compressed_size.value_or(0) + copied;
    rg.columns.push_back(std::move(t.chunk));
    cis.push_back(std::move(t.column_index));
    ois.push_back(std::move(t.offset_index));
    bfs.push_back(std::move(t.bloom_filter));
  }
  rg.sorting_columns = Impl::SortingToFormat(KeptSorting(smd.row_group(row_group).sorting_columns(), from));
  m.AddRowGroup(std::move(rg), std::move(cis), std::move(ois), std::move(bfs));
  return Status::OK();
}

}  // namespace parq
