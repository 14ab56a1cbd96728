// FileReader's page index and Bloom filter accessors: locate the chunk, hand the bytes to the
// index layer, add where it was.
#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "index/bloom_filter_reader.h"
#include "index/page_index_reader.h"
#include "page/page_reader.h"
#include "parq/file_reader.h"

namespace parq {

Result<std::optional<ColumnIndex>> FileReader::ReadColumnIndex(int row_group, int column) const {
  const Impl& d = *impl_;
  PARQ_RETURN_IF_ERROR(d.CheckChunkIndex(row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto chunk, MetaDataAccess::Chunk(d.metadata, row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto cipher, d.ChunkCipher(*chunk, row_group, column));
  return index::ReadColumnIndex(*d.file, *chunk, schema().column(column), d.options, row_group, cipher.get());
}

Result<std::optional<OffsetIndex>> FileReader::ReadOffsetIndex(int row_group, int column) const {
  const Impl& impl = *impl_;
  PARQ_RETURN_IF_ERROR(impl.CheckChunkIndex(row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto decoded, MetaDataAccess::Chunk(impl.metadata, row_group, column));
  const format::ColumnChunk& chunk = *decoded;
  if (!chunk.offset_index_offset) return std::optional<OffsetIndex>();
  const ColumnDescriptor& d = schema().column(column);
  PARQ_ASSIGN_OR_RETURN(auto cipher, impl.ChunkCipher(chunk, row_group, column));
  if (!chunk.meta_data) {
    return std::move(Status::Corrupt("offset index of a column chunk without metadata"))
        .WithColumn(d.dotted_path)
        .WithRowGroup(row_group);
  }
  const auto& wire = MetaDataAccess::Wire(impl.metadata);
  auto range = page::ComputeChunkRange(*chunk.meta_data, impl.file->size(), thrift::ToStdString(wire.created_by));
  if (!range.ok()) {
    return std::move(range).status().WithColumn(d.dotted_path).WithRowGroup(row_group);
  }
  return index::ReadOffsetIndex(*impl.file, chunk, d, index::ChunkBytes{range->offset, range->length},
                                impl.metadata.row_group(row_group).num_rows(), impl.options, row_group, cipher.get());
}

Result<PageIndex> FileReader::ReadPageIndex(int row_group, int column) const {
  PageIndex out;
  PARQ_ASSIGN_OR_RETURN(out.column_index, ReadColumnIndex(row_group, column));
  PARQ_ASSIGN_OR_RETURN(out.offset_index, ReadOffsetIndex(row_group, column));
  if (out.column_index && out.offset_index &&
      out.column_index->num_pages() != out.offset_index->num_pages()) {
    return std::move(Status::Corrupt("column index lists " +
                                     std::to_string(out.column_index->num_pages()) +
                                     " pages, offset index " +
                                     std::to_string(out.offset_index->num_pages())))
        .WithColumn(schema().column(column).dotted_path)
        .WithRowGroup(row_group);
  }
  return out;
}

Result<std::optional<BloomFilter>> FileReader::ReadBloomFilter(int row_group, int column) const {
  const Impl& d = *impl_;
  PARQ_RETURN_IF_ERROR(d.CheckChunkIndex(row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto chunk, MetaDataAccess::Chunk(d.metadata, row_group, column));
  PARQ_ASSIGN_OR_RETURN(auto cipher, d.ChunkCipher(*chunk, row_group, column));
  return index::ReadBloomFilter(*d.file, *chunk, schema().column(column), d.options, row_group, cipher.get());
}

}  // namespace parq
