// file/file_writer.cc — row groups, column chunk writers and the footer.
#include "parq/file_writer.h"

#include <cstdio>
#include <limits>
#include <optional>
#include <string>
#include <vector>

#include "column/column_writer_internal.h"
#include "format/file_encryptor.h"
#include "format/footer.h"
#include "index/bloom_filter_reader.h"
#include "thrift/compact_writer.h"
#include "parq/version.h"
#include "schema/schema_builder.h"

namespace parq {

struct FileWriter::Impl {
  std::unique_ptr<OutputStream> out;
  Schema schema;
  WriterOptions options;
  // Sticky: the first I/O or data error.  The column writers share it (a
  // failing WriteBatch stores its error here, and every WriteBatch returns it
  // while it is not OK), so after a successful Close it holds kAfterClose to
  // refuse their writes; status() reports OK then.
  Status status;
  std::vector<std::unique_ptr<column::ColumnChunkWriter>> writers;
  bool closed = false;
  int row_writers_holding_rows = 0;
  // Opened by path without atomic_rename: the file to remove when the writer
  // is destroyed unclosed.
  std::string remove_unless_closed;
  thrift::Vector<format::RowGroup> row_groups;
  // Page indexes of the written chunks, [row group][column], stored after
  // the last row group (PageIndex.md: "near the footer").
  std::vector<std::vector<std::optional<format::ColumnIndex>>> column_indexes;
  std::vector<std::vector<std::optional<format::OffsetIndex>>> offset_indexes;
  std::vector<std::vector<std::optional<BloomFilter>>> bloom_filters;
  int64_t num_rows = 0;
  int num_row_groups = 0;
  // WriterOptions::encryption's keys and AADs; null for a plaintext file.
  std::unique_ptr<format::FileEncryptor> encryptor;

  Status Fail(Status st) {
    if (status.ok()) status = st;
    return st;
  }
  // A call after a successful Close (not sticky: the file is finished).
  static Status AfterClose(std::string_view call) {
    return Status::InvalidArgument(std::string(call) + " after Close: the file is finished");
  }
};

namespace {

// "a, b.c, d": the leaf paths, the first kShown of them.
std::string LeafList(const Schema& schema) {
  constexpr int kShown = 10;
  std::string out;
  for (int c = 0; c < schema.num_columns() && c < kShown; ++c) {
    if (c > 0) out += ", ";
    out += schema.column(c).dotted_path;
  }
  if (schema.num_columns() > kShown) out += ", ... and " + std::to_string(schema.num_columns() - kShown) + " more";
  return out;
}

// The T of typed_column<T> for a physical type.
const char* ValueTypeOf(PhysicalType t) {
  switch (t) {
    case PhysicalType::kBoolean: return "bool";
    case PhysicalType::kInt32: return "int32_t";
    case PhysicalType::kInt64: return "int64_t";
    case PhysicalType::kInt96: return "Int96";
    case PhysicalType::kFloat: return "float";
    case PhysicalType::kDouble: return "double";
    case PhysicalType::kByteArray: return "ByteArray";
    case PhysicalType::kFixedLenByteArray: return "FixedLenByteArray";
  }
  return "?";
}

}  // namespace

FileWriter::FileWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

FileWriter::~FileWriter() {
  Impl& m = *impl_;
  if (m.closed || m.remove_unless_closed.empty()) return;
  // Dropped unclosed: no partial file stays at the path.  (With atomic_rename
  // the stream removes its temporary sibling itself.)
  m.out.reset();
  std::remove(m.remove_unless_closed.c_str());
}

const Schema& FileWriter::schema() const { return impl_->schema; }
const WriterOptions& FileWriter::options() const { return impl_->options; }
const Status& FileWriter::status() const {
  static const Status kOk;
  return impl_->closed ? kOk : impl_->status;
}
int FileWriter::num_row_groups() const { return impl_->num_row_groups; }
int64_t FileWriter::num_rows() const { return impl_->num_rows; }

namespace {

// A group below the root without fields, which readers refuse (none: null).
const SchemaNode* FindEmptyGroup(const SchemaNode& n) {
  for (int i = 0; i < n.num_children(); ++i) {
    const SchemaNode& c = n.child(i);
    if (c.is_group() && c.num_children() == 0) return &c;
    if (const SchemaNode* found = FindEmptyGroup(c)) return found;
  }
  return nullptr;
}

}  // namespace

Result<std::unique_ptr<FileWriter>> FileWriter::Open(std::unique_ptr<OutputStream> out, const Schema& schema,
                                                     const WriterOptions& options) {
  if (out == nullptr) return Status::InvalidArgument("FileWriter::Open: no output stream");
  PARQ_RETURN_IF_ERROR(ValidateOptions(options, schema));
  auto impl = std::make_unique<Impl>();
  PARQ_ASSIGN_OR_RETURN(impl->schema, schema.Clone());
  impl->options = options;
  if (impl->schema.num_columns() == 0) return Status::InvalidArgument("the schema has no leaf columns");
  if (const SchemaNode* empty = FindEmptyGroup(impl->schema.root())) {
    return Status::InvalidArgument("group '" + empty->DottedPath() +
                                   "' has no children: a Parquet group holds at least one field");
  }
  if (options.encryption) {
    std::vector<std::vector<std::string>> paths;
    for (const ColumnDescriptor& d : impl->schema.columns()) paths.push_back(d.path);
    PARQ_ASSIGN_OR_RETURN(impl->encryptor, format::FileEncryptor::Make(*options.encryption, paths));
  }
  for (const ColumnDescriptor& d : impl->schema.columns()) {
    std::optional<crypto::ChunkCipher> cipher;
    if (impl->encryptor) cipher = impl->encryptor->ForChunk(0, static_cast<int>(impl->writers.size()));
    PARQ_ASSIGN_OR_RETURN(auto w, column::MakeColumnChunkWriter(d, impl->options, &impl->status, std::move(cipher)));
    impl->writers.push_back(std::move(w));
  }
  impl->out = std::move(out);
  PARQ_RETURN_IF_ERROR(impl->out->Write(impl->encryptor ? impl->encryptor->magic() : format::kMagic, 4));
  return std::unique_ptr<FileWriter>(new FileWriter(std::move(impl)));
}

Result<std::unique_ptr<FileWriter>> FileWriter::Open(const std::string& path, const Schema& schema,
                                                     const WriterOptions& options, bool atomic_rename) {
  FileOutputOptions fo;
  fo.atomic_rename = atomic_rename;
  PARQ_ASSIGN_OR_RETURN(auto out, OpenFileOutput(path, fo));
  auto writer = Open(std::move(out), schema, options);
  if (!writer.ok()) {
    // The stream is gone with the failed writer; an atomic one took its
    // temporary with it, a plain one left an empty file.
    if (!atomic_rename) std::remove(path.c_str());
    return writer;
  }
  if (!atomic_rename) (*writer)->impl_->remove_unless_closed = path;
  return writer;
}

void FileWriter::RowsHeldElsewhere(bool holding) { impl_->row_writers_holding_rows += holding ? 1 : -1; }

Status FileWriter::TypeMismatch(int i, const char* asked) const {
  const ColumnDescriptor& d = impl_->schema.column(i);
  return Status::InvalidArgument("typed_column<" + std::string(asked) + ">(" + std::to_string(i) +
                                 ") of column '" + d.dotted_path + "' (" +
                                 std::string(PhysicalTypeName(d.physical_type)) + "): use typed_column<" +
                                 ValueTypeOf(d.physical_type) + ">");
}

Result<ColumnWriter*> FileWriter::column(int i) {
  Impl& m = *impl_;
  if (m.closed) return Impl::AfterClose("FileWriter::column(" + std::to_string(i) + ")");
  if (!m.status.ok()) return m.status;
  if (i < 0 || i >= m.schema.num_columns()) [[unlikely]] {
    const int n = m.schema.num_columns();
    return Status::InvalidArgument("column " + std::to_string(i) + " out of range: the schema has " +
                                   std::to_string(n) + (n == 1 ? " leaf column (" : " leaf columns (") +
                                   LeafList(m.schema) + ")");
  }
  return m.writers[static_cast<size_t>(i)]->writer();
}

Status FileWriter::EndRowGroup() {
  Impl& m = *impl_;
  if (m.closed) return Impl::AfterClose("FileWriter::EndRowGroup");
  if (!m.status.ok()) return m.status;
  // Asked of the writers, not of which column() calls were made: a writer
  // kept from an earlier row group writes into this one.
  int64_t rows = m.writers[0]->writer()->num_rows();
  for (size_t c = 1; c < m.writers.size(); ++c) {
    int64_t r = m.writers[c]->writer()->num_rows();
    if (r != rows) {
      return Status::InvalidArgument(
          "row group " + std::to_string(m.row_groups.size()) + " cannot end: column '" +
          m.schema.column(static_cast<int>(c)).dotted_path + "' holds " + std::to_string(r) + " rows but '" +
          m.schema.column(0).dotted_path + "' holds " + std::to_string(rows) +
          "; write the missing rows and end it again");
    }
  }
  if (rows == 0) return Status::OK();
  if (m.row_groups.size() >= 32767) {
    return m.Fail(Status::LimitExceeded("more than 32767 row groups (the ordinal is an i16)"));
  }
  format::RowGroup rg;
  rg.num_rows = rows;
  rg.file_offset = static_cast<int64_t>(m.out->Tell());
  int64_t total_uncompressed = 0, total_compressed = 0;
  std::vector<std::optional<format::ColumnIndex>> cis;
  std::vector<std::optional<format::OffsetIndex>> ois;
  std::vector<std::optional<BloomFilter>> bfs;
  for (auto& w : m.writers) {
    Result<column::FinishedChunk> done = w->Finish(m.out.get());
    if (!done.ok()) {
      Status st = done.status();
      return m.Fail(std::move(st.AddContext("row group " + std::to_string(m.row_groups.size()))));
    }
    format::ColumnChunk& chunk = done->chunk;
    total_uncompressed += chunk.meta_data->total_uncompressed_size;
    total_compressed += chunk.meta_data->total_compressed_size;
    rg.columns.push_back(std::move(chunk));
    cis.push_back(std::move(done->column_index));
    ois.push_back(std::move(done->offset_index));
    bfs.push_back(std::move(done->bloom_filter));
  }
  m.bloom_filters.push_back(std::move(bfs));
  m.column_indexes.push_back(std::move(cis));
  m.offset_indexes.push_back(std::move(ois));
  rg.total_byte_size = total_uncompressed;
  rg.total_compressed_size = total_compressed;
  rg.ordinal = static_cast<int16_t>(m.row_groups.size());
  m.row_groups.push_back(std::move(rg));
  ++m.num_row_groups;
  m.num_rows += rows;
  return Status::OK();
}

Status FileWriter::MaybeEndRowGroup() {
  Impl& m = *impl_;
  if (m.closed) return Impl::AfterClose("FileWriter::MaybeEndRowGroup");
  if (!m.status.ok()) return m.status;
  int64_t bytes = 0;
  for (auto& w : m.writers) bytes += w->writer()->estimated_size();
  int64_t rows = m.writers[0]->writer()->num_rows();
  if (bytes >= m.options.row_group_size || rows >= m.options.max_rows_per_row_group) return EndRowGroup();
  return Status::OK();
}

namespace {

// `bytes`, or their module of `type` when the chunk is encrypted (`cipher`),
// into *module; returns what to write.
Result<std::span<const uint8_t>> MaybeEncrypt(std::span<const uint8_t> bytes,
                                              const std::optional<crypto::ChunkCipher>& cipher,
                                              crypto::ModuleType type, Buffer* module) {
  if (!cipher) return bytes;
  module->Resize(0);
  PARQ_RETURN_IF_ERROR(cipher->Encrypt(type, -1, bytes, module));
  return module->span();
}

// Writes one serialized index struct (its module, encrypted) at out->Tell();
// returns its offset and length.
template <typename Wire>
Status WriteIndex(const Wire& v, const std::optional<crypto::ChunkCipher>& cipher, crypto::ModuleType type,
                  OutputStream* out, std::optional<int64_t>* offset, std::optional<int32_t>* length) {
  thrift::CompactWriter w;
  format::Write(w, v);
  Buffer module;
  PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> bytes, MaybeEncrypt({w.data(), w.size()}, cipher, type, &module));
  if (bytes.size() > static_cast<size_t>(std::numeric_limits<int32_t>::max())) {
    return Status::LimitExceeded("a page index of " + std::to_string(bytes.size()) +
                                 " bytes exceeds the format's int32 length");
  }
  *offset = static_cast<int64_t>(out->Tell());
  *length = static_cast<int32_t>(bytes.size());
  return out->Write(bytes.data(), bytes.size());
}

}  // namespace

// The Bloom filters (header + bitset), then all ColumnIndexes, then all
// OffsetIndexes (parquet-java's order), each chunk's offset and length
// recorded in its ColumnChunk.  An encrypted column's are modules: the
// Bloom filter's header and bitset one each (bloom_filter_length covers
// both), each index one.
Status FileWriter::WritePageIndexes() {
  Impl& m = *impl_;
  const auto cipher_of = [&](size_t g, size_t c) -> std::optional<crypto::ChunkCipher> {
    if (!m.encryptor) return std::nullopt;
    return m.encryptor->ForChunk(static_cast<int64_t>(g), static_cast<int>(c));
  };
  Buffer header_module, bits_module;
  for (size_t g = 0; g < m.row_groups.size(); ++g) {
    for (size_t c = 0; c < m.row_groups[g].columns.size(); ++c) {
      const auto& bf = m.bloom_filters[g][c];
      if (!bf) continue;
      auto& md = *m.row_groups[g].columns[c].meta_data;
      const std::optional<crypto::ChunkCipher> cipher = cipher_of(g, c);
      thrift::CompactWriter w;
      format::Write(w, index::MakeBloomFilterHeader(bf->num_bytes()));
      std::vector<uint8_t> bitset = bf->Bitset();
      PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> header,
                            MaybeEncrypt({w.data(), w.size()}, cipher, crypto::ModuleType::kBloomFilterHeader,
                                         &header_module));
      PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> bits,
                            MaybeEncrypt(bitset, cipher, crypto::ModuleType::kBloomFilterBitset, &bits_module));
      const uint64_t total = header.size() + bits.size();
      if (total > static_cast<uint64_t>(std::numeric_limits<int32_t>::max())) {
        return Status::LimitExceeded("a Bloom filter of " + std::to_string(total) + " bytes");
      }
      md.bloom_filter_offset = static_cast<int64_t>(m.out->Tell());
      md.bloom_filter_length = static_cast<int32_t>(total);
      PARQ_RETURN_IF_ERROR(m.out->Write(header.data(), header.size()));
      PARQ_RETURN_IF_ERROR(m.out->Write(bits.data(), bits.size()));
    }
  }
  m.bloom_filters.clear();
  for (size_t g = 0; g < m.row_groups.size(); ++g) {
    for (size_t c = 0; c < m.row_groups[g].columns.size(); ++c) {
      const auto& ci = m.column_indexes[g][c];
      if (!ci) continue;
      auto& chunk = m.row_groups[g].columns[c];
      PARQ_RETURN_IF_ERROR(WriteIndex(*ci, cipher_of(g, c), crypto::ModuleType::kColumnIndex, m.out.get(),
                                      &chunk.column_index_offset, &chunk.column_index_length));
    }
  }
  for (size_t g = 0; g < m.row_groups.size(); ++g) {
    for (size_t c = 0; c < m.row_groups[g].columns.size(); ++c) {
      const auto& oi = m.offset_indexes[g][c];
      if (!oi) continue;
      auto& chunk = m.row_groups[g].columns[c];
      PARQ_RETURN_IF_ERROR(WriteIndex(*oi, cipher_of(g, c), crypto::ModuleType::kOffsetIndex, m.out.get(),
                                      &chunk.offset_index_offset, &chunk.offset_index_length));
    }
  }
  m.column_indexes.clear();
  m.offset_indexes.clear();
  return Status::OK();
}

Status FileWriter::Close() {
  Impl& m = *impl_;
  if (m.closed) return Status::OK();
  if (!m.status.ok()) return m.status;
  if (m.row_writers_holding_rows > 0) {
    return Status::InvalidArgument(
        "FileWriter::Close while a RowWriter holds rows not yet given to the file: close the RowWriter "
        "first (a RowWriter destroyed unclosed lost its rows)");
  }
  PARQ_RETURN_IF_ERROR(EndRowGroup());
  if (Status st = WritePageIndexes(); !st.ok()) {
    return m.Fail(std::move(st.AddContext("writing the page index")));
  }
  if (m.encryptor) {
    for (size_t g = 0; g < m.row_groups.size(); ++g) {
      for (size_t c = 0; c < m.row_groups[g].columns.size(); ++c) {
        Status st = m.encryptor->EncryptColumnMetaData(&m.row_groups[g].columns[c], static_cast<int64_t>(g),
                                                       static_cast<int>(c));
        if (!st.ok()) return m.Fail(std::move(st.AddContext("encrypting the column metadata")));
      }
    }
  }
  format::FileMetaData md;
  md.version = 1;
  md.schema = schema::ToFormat(m.schema);
  md.num_rows = m.num_rows;
  md.row_groups = std::move(m.row_groups);
  if (!m.options.key_value_metadata.empty()) {
    thrift::Vector<format::KeyValue> kvs;
    for (const auto& [k, v] : m.options.key_value_metadata) {
      format::KeyValue kv;
      kv.key = k;
      kv.value = v;
      kvs.push_back(std::move(kv));
    }
    md.key_value_metadata = std::move(kvs);
  }
  md.created_by = m.options.created_by.empty() ? std::string(kCreatedBy) : m.options.created_by;
  thrift::Vector<format::ColumnOrder> orders(static_cast<size_t>(m.schema.num_columns()));
  for (auto& o : orders) o.TYPE_ORDER = format::TypeDefinedOrder{};
  md.column_orders = std::move(orders);
  Status st = m.encryptor ? m.encryptor->WriteFooter(&md, m.out.get()) : format::WriteFooter(md, m.out.get());
  if (st.ok()) st = m.out->Close();
  if (!st.ok()) return m.Fail(std::move(st.AddContext("writing the footer")));
  m.closed = true;
  // The column writers see this and refuse every later WriteBatch.
  m.status = Status::InvalidArgument("WriteBatch after FileWriter::Close: the file is finished");
  return Status::OK();
}

}  // namespace parq
