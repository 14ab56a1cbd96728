// What the public metadata views hold, and how parq's own layers reach the
// wire structs behind them.
#ifndef PARQ_FILE_METADATA_INTERNAL_H_
#define PARQ_FILE_METADATA_INTERNAL_H_

#include <functional>
#include <optional>
#include <string>
#include <vector>

#include "format/encoded_statistics.h"
#include "format/file_decryptor.h"
#include "format/parquet_types.h"
#include "parq/metadata.h"
#include "parq/options.h"
#include "parq/schema.h"
#include "schema/schema_builder.h"
#include "thrift/compact_types.h"

namespace parq {

struct ColumnChunkMetaData::Impl {
  // Decoded metadata lives in the arena it was decoded into (see
  // format::DecodeFileMetaData); the pointer keeps that arena alive.
  std::shared_ptr<const format::FileMetaData> wire;
  Schema schema;
  // Set when the footer was read with its column chunks deferred
  // (format::ReadFooter) and has some: the row groups' columns are empty and
  // columns_at says where each chunk is in these bytes.  (Its schema
  // elements, deferred too, were read once, by FromWire.)  A chunk is decoded where it is
  // used (Chunk), so that an open file of N columns keeps N encoded chunks,
  // not N decoded ones.  Null for metadata that holds its chunks decoded.
  std::shared_ptr<const std::vector<uint8_t>> footer;
  uint64_t footer_offset = 0;  // of footer's first byte in the file, for errors
  thrift::ThriftLimits limits;
  // An encrypted file's keys, with deferred chunks: each chunk's encrypted
  // column metadata is decrypted where the chunk is decoded (DecodeChunk).
  // (Chunks decoded whole were decrypted by format::ReadFooter.)
  std::shared_ptr<const format::FileDecryptor> decryptor;
  // Set for metadata opened as an outline (MetaDataAccess::Outline): the
  // schema was checked a slice at a time and not kept (`schema` is empty),
  // and is walked again from the footer's bytes (MetaDataAccess::WalkSchema).
  struct Outline {
    std::shared_ptr<const std::vector<uint8_t>> footer;  // the FileMetaData bytes
    uint64_t footer_offset = 0;
    ReaderOptions options;
    int num_columns = 0;
    std::vector<std::string> notes;  // as FileMetaData::Warnings words them
  };
  std::optional<Outline> outline;

  // The column chunks of row group `rg`.
  size_t NumChunks(int rg) const;
  // Chunk c of row group rg (REQUIRES: both in range): a view into wire,
  // or decoded from the footer onto the heap, which the pointer owns.
  // Decoding cannot fail for a footer that FromWire accepted (it decoded
  // every chunk once), short of memory.
  Result<std::shared_ptr<const format::ColumnChunk>> Chunk(int rg, int c) const;
  // Decodes deferred chunk c of row group rg into *out, in the thread's
  // current arena, its column metadata decrypted when encrypted and its key
  // known (REQUIRES: footer set).
  Status DecodeChunk(int rg, int c, format::ColumnChunk* out) const;
};

struct MetaDataAccess {
  static const format::FileMetaData& Wire(const FileMetaData& m) { return *m.impl_->wire; }
  static std::shared_ptr<const ColumnChunkMetaData::Impl> Shared(const FileMetaData& m) {
    return m.impl_;
  }
  static FileMetaData Make(std::shared_ptr<const ColumnChunkMetaData::Impl> impl) {
    return FileMetaData(std::move(impl));
  }
  static Result<std::shared_ptr<const format::ColumnChunk>> Chunk(const FileMetaData& m, int rg, int c) {
    return m.impl_->Chunk(rg, c);
  }
  // Resolves the schema and validates the row groups against it; its errors
  // get `context` (e.g. "in 'FILE'") when not empty.  `footer`: the bytes of
  // a footer decoded with deferred parts (see Impl); on an error they are
  // decoded whole again, so that the error is the one a whole decode gives
  // (the first damage in byte order; a decoding error as it is, without
  // `context`, as format::ReadFooter returns it).  `decryptor`: an encrypted
  // file's (format::Footer::decryptor), for its deferred chunks.
  // FromWire for a footer read with deferred parts (format::ReadFooter's
  // defer_chunks), its schema checked a slice at a time and not kept (with
  // row groups, each slice's leaves against their chunks in every row group,
  // when the schema has more than kOutlineElements elements and the file is
  // not encrypted): an open file of a million leaves holds little beyond its
  // footer's bytes.  The same checks and, on an error, the same error
  // (FromWire's); FromWire itself for any other footer.  Only for the
  // printers of parq meta and parq schema: the result's schema() is empty
  // (NumColumns and WalkSchema answer instead), and so is what needs it (a
  // FileReader's columns, page indexes, Bloom filters).
  static Result<FileMetaData> Outline(std::shared_ptr<const format::FileMetaData> wire, const ReaderOptions& options,
                                      std::shared_ptr<const std::vector<uint8_t>> footer, uint64_t footer_offset,
                                      const std::string& context,
                                      std::shared_ptr<const format::FileDecryptor> decryptor);
  // The schema's leaves, of an outline or not.
  static int NumColumns(const FileMetaData& m);
  // Hands on the schema: an outline's a slice at a time, as
  // schema::WalkFormat (slices of about kSliceLeaves leaves), another's
  // whole, in one slice.
  static constexpr size_t kSliceLeaves = 1024;
  // A footer with row groups is an outline only with more schema elements
  // than this (below, the schema costs little, and an outline walks it
  // again for each row group printed).
  static constexpr size_t kOutlineElements = 4 * kSliceLeaves;
  static Status WalkSchema(const FileMetaData& m, const schema::SchemaSliceFn& on_slice);
  static Result<FileMetaData> FromWire(std::shared_ptr<const format::FileMetaData> wire,
                                       const ReaderOptions& options,
                                       std::shared_ptr<const std::vector<uint8_t>> footer = nullptr,
                                       uint64_t footer_offset = 0, const std::string& context = "",
                                       std::shared_ptr<const format::FileDecryptor> decryptor = nullptr);
};

}  // namespace parq

#endif  // PARQ_FILE_METADATA_INTERNAL_H_
