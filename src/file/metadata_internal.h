// What the public metadata views hold, and how parq's own layers reach the
// wire structs behind them.
#ifndef PARQ_FILE_METADATA_INTERNAL_H_
#define PARQ_FILE_METADATA_INTERNAL_H_

#include "format/parquet_types.h"
#include "parq/metadata.h"
#include "parq/schema.h"

namespace parq {

struct ColumnChunkMetaData::Impl {
  // Decoded metadata lives in the arena it was decoded into (see
  // format::DecodeFileMetaData); the pointer keeps that arena alive.
  std::shared_ptr<const format::FileMetaData> wire;
  Schema schema;
};

// The wire Statistics as the public value (ColumnChunkMetaData::statistics,
// PageInfo::statistics).
EncodedStatistics ToEncodedStatistics(const format::Statistics& s);

struct MetaDataAccess {
  static const format::FileMetaData& Wire(const FileMetaData& m) { return *m.impl_->wire; }
  static std::shared_ptr<const ColumnChunkMetaData::Impl> Shared(const FileMetaData& m) {
    return m.impl_;
  }
  static FileMetaData Make(std::shared_ptr<const format::FileMetaData> wire, Schema schema);
  // Resolves the schema and validates the row groups against it.
  static Result<FileMetaData> FromWire(std::shared_ptr<const format::FileMetaData> wire,
                                       const ReaderOptions& options);
};

}  // namespace parq

#endif  // PARQ_FILE_METADATA_INTERNAL_H_
