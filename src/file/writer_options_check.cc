// file/writer_options_check.cc — FileWriter::ValidateOptions: what Open
// refuses in WriterOptions, found before anything is written and named by
// the option (the keys of parq/writer_options_text.h), so that a tool can
// tell a caller's mistake from a failing file.
#include <string>

#include "compression/codec.h"
#include "encoding/encoding_types.h"
#include "format/file_encryptor.h"
#include "parq/file_writer.h"

namespace parq {
namespace {

Status Bad(std::string_view option, const std::string& where, const std::string& what,
           StatusCode code = StatusCode::kInvalidArgument) {
  return Status(code, "writer option '" + std::string(option) + "'" + where + ": " + what);
}

// The settings of one ColumnWriterOptions that need no schema.  `where`: ""
// for the defaults, " of column 'a.b'" for an entry of WriterOptions::columns.
Status CheckColumn(const ColumnWriterOptions& col, const std::string& where) {
  if (col.compression == Compression::kLz4) {
    return Bad("codec", where, "LZ4 (the deprecated Hadoop framing) is not written: use LZ4_RAW");
  }
  // The codec factory is the one place that knows each codec's levels.
  if (auto codec = compression::MakeCodec(col.compression); !codec.ok()) {
    return Bad("codec", where, codec.status().message());
  }
  if (col.compression_level) {
    if (auto codec = compression::MakeCodec(col.compression, col.compression_level); !codec.ok()) {
      return Bad("level", where, codec.status().message());
    }
  }
  if (col.encoding) {
    const Encoding e = *col.encoding;
    const std::string name(EncodingName(e));
    if (name == "UNKNOWN") return Bad("encoding", where, "unknown encoding " + std::to_string(static_cast<int>(e)));
    if (e == Encoding::kRleDictionary || e == Encoding::kPlainDictionary) {
      return Bad("encoding", where,
                 name + " is chosen with `dictionary` (ColumnWriterOptions::dictionary), not as the encoding");
    }
    if (e == Encoding::kBitPacked) return Bad("encoding", where, "BIT_PACKED encodes levels only, never values");
  }
  return Status::OK();
}

Status CheckPositive(std::string_view option, int64_t value) {
  if (value > 0) return Status::OK();
  return Bad(option, "", "must be positive, not " + std::to_string(value));
}

}  // namespace

Status FileWriter::CheckSortingColumns(const std::vector<SortingColumn>& sorting, const Schema& schema) {
  const int n = schema.num_columns();
  for (const SortingColumn& s : sorting) {
    if (s.column_idx < 0 || s.column_idx >= n) {
      return Bad("sorting_columns", "",
                 "column index " + std::to_string(s.column_idx) + " is out of range: the schema has " +
                     std::to_string(n) + (n == 1 ? " leaf column" : " leaf columns"));
    }
  }
  return Status::OK();
}

Status FileWriter::ValidateOptions(const WriterOptions& options) {
  PARQ_RETURN_IF_ERROR(CheckPositive("page_size", options.data_page_size));
  PARQ_RETURN_IF_ERROR(CheckPositive("row_group_size", options.row_group_size));
  PARQ_RETURN_IF_ERROR(CheckPositive("row_group_rows", options.max_rows_per_row_group));
  if (options.max_buffered_bytes < 0) {
    return Bad("max_buffered_bytes", "", "must not be negative (0: no cap), not " +
                                             std::to_string(options.max_buffered_bytes));
  }
  if (options.max_open_page_bytes < 0) {
    return Bad("max_open_page_bytes", "", "must not be negative (0: no budget), not " +
                                              std::to_string(options.max_open_page_bytes));
  }
  if (options.thread_pool == nullptr && options.threads > ThreadPool::kMaxThreads) {
    return Bad("threads", "", "is at most " + std::to_string(ThreadPool::kMaxThreads) + ", not " +
                                  std::to_string(options.threads));
  }
  PARQ_RETURN_IF_ERROR(CheckColumn(options.column_defaults, ""));
  for (const auto& [path, col] : options.columns) {
    PARQ_RETURN_IF_ERROR(CheckColumn(col, " of column '" + path + "'"));
  }
  if (options.encryption) PARQ_RETURN_IF_ERROR(format::FileEncryptor::Check(*options.encryption));
  return Status::OK();
}

Status FileWriter::ValidateOptions(const WriterOptions& options, const Schema& schema) {
  PARQ_RETURN_IF_ERROR(ValidateOptions(options));
  PARQ_RETURN_IF_ERROR(CheckSortingColumns(options.sorting_columns, schema));
  for (const auto& entry : options.columns) {
    if (auto found = schema.LookupColumn(entry.first); !found.ok()) {
      return Bad("encoding", " (WriterOptions::columns)", found.status().message());
    }
  }
  if (options.encryption) {
    for (const auto& entry : options.encryption->column_keys) {
      if (auto found = schema.LookupColumn(entry.first); !found.ok()) {
        return Status::InvalidArgument("encryption: a key for column '" + entry.first + "': " +
                                       found.status().message());
      }
    }
    if (schema.num_columns() > 32768) {
      return Status::InvalidArgument("encryption: " + std::to_string(schema.num_columns()) +
                                     " columns; an encrypted file holds at most 32768 (the AAD's column "
                                     "ordinal is a 2-byte short)");
    }
  }
  for (const ColumnDescriptor& d : schema.columns()) {
    const ColumnWriterOptions& col = options.ForColumn(d.dotted_path);
    if (!col.encoding || encoding::EncodingFitsType(*col.encoding, d.physical_type)) continue;
    const bool own = options.columns.count(d.dotted_path) > 0;
    return Bad("encoding", own ? "" : " (the default)",
               std::string(EncodingName(*col.encoding)) + " does not fit column '" + d.dotted_path + "' of type " +
                   std::string(PhysicalTypeName(d.physical_type)) + "; " +
                   std::string(EncodingName(*col.encoding)) + " is for " + encoding::EncodingTypesText(*col.encoding));
  }
  return Status::OK();
}

}  // namespace parq
