#include "parq/file_reader.h"

#include "column/column_reader_internal.h"
#include "file/metadata_internal.h"
#include "format/footer.h"
#include "page/buffer_pool.h"

namespace parq {

Result<std::unique_ptr<FileReader>> FileReader::Open(const std::string& path,
                                                     const ReaderOptions& options, bool mmap) {
  std::unique_ptr<RandomAccessFile> file;
  if (mmap) {
    PARQ_ASSIGN_OR_RETURN(file, OpenMappedFile(path));
  } else {
    PARQ_ASSIGN_OR_RETURN(file, OpenFile(path));
  }
  return Open(std::shared_ptr<RandomAccessFile>(std::move(file)), options);
}

Result<std::unique_ptr<FileReader>> FileReader::Open(std::shared_ptr<RandomAccessFile> file,
                                                     const ReaderOptions& options) {
  PARQ_ASSIGN_OR_RETURN(format::Footer footer, format::ReadFooter(*file, options));
  auto metadata = MetaDataAccess::FromWire(std::move(footer.metadata), options);
  if (!metadata.ok()) return std::move(metadata).status().AddContext("in '" + file->name() + "'");
  std::unique_ptr<FileReader> reader(
      new FileReader(std::move(file), std::move(*metadata), options, footer.offset, footer.length));
  if (options.page_buffer_pool_bytes > 0) {
    reader->buffer_pool_ =
        std::make_shared<page::BufferPool>(static_cast<size_t>(options.page_buffer_pool_bytes));
  }
  return reader;
}

Status FileReader::CheckChunkIndex(int row_group, int column) const {
  if (row_group < 0 || row_group >= metadata_.num_row_groups()) {
    return Status::InvalidArgument("row group " + std::to_string(row_group) + " out of range");
  }
  if (column < 0 || column >= schema().num_columns()) {
    return Status::InvalidArgument("column " + std::to_string(column) + " out of range");
  }
  return Status::OK();
}

Result<std::unique_ptr<ColumnReader>> FileReader::OpenColumn(int row_group, int column) const {
  PARQ_RETURN_IF_ERROR(CheckChunkIndex(row_group, column));
  const format::FileMetaData& wire = MetaDataAccess::Wire(metadata_);
  const format::ColumnChunk& chunk =
      wire.row_groups[static_cast<size_t>(row_group)].columns[static_cast<size_t>(column)];
  // The reader may hold views into the file (mmap) and into the metadata.
  auto keep_alive = std::make_shared<std::pair<std::shared_ptr<const ColumnChunkMetaData::Impl>,
                                               std::shared_ptr<RandomAccessFile>>>(
      MetaDataAccess::Shared(metadata_), file_);
  return ColumnReaderFactory::Make(*file_, chunk, schema().column(column), options_,
                                   thrift::ToStdString(wire.created_by), row_group, std::move(keep_alive),
                                   buffer_pool_);
}

}  // namespace parq
