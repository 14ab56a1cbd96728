#include "parq/metadata.h"

#include "file/metadata_internal.h"
#include "format/footer.h"
#include "parq/options.h"
#include "schema/schema_builder.h"
#include "stats/geospatial_builder.h"
#include "thrift/arena.h"

namespace parq {
namespace {

std::vector<KeyValue> ConvertKeyValues(const std::optional<thrift::Vector<format::KeyValue>>& kvs) {
  std::vector<KeyValue> out;
  if (!kvs) return out;
  out.reserve(kvs->size());
  for (const auto& kv : *kvs) out.push_back({std::string(kv.key), thrift::ToStdString(kv.value)});
  return out;
}

// Whether a chunk's path_in_schema names `leaf`: compared name by name from
// the leaf up (names may hold dots), a few string compares a chunk.
bool PathMatches(const thrift::Vector<thrift::String>& path, const ColumnDescriptor& leaf) {
  const SchemaNode* node = leaf.node;
  for (size_t i = path.size(); i-- > 0; node = node->parent()) {
    if (node == nullptr || node->parent() == nullptr || path[i].view() != node->name()) return false;
  }
  return node != nullptr && node->parent() == nullptr;  // the walk ended at the root
}

std::string PathText(const thrift::Vector<thrift::String>& path) {
  std::string out;
  for (size_t i = 0; i < path.size(); ++i) {
    if (i) out += '.';
    out += path[i].view();
  }
  return out;
}

// Checks what later layers rely on of chunk c of row group rg: metadata (or
// crypto metadata) whose type and path agree with the schema.
Status ValidateChunk(const format::ColumnChunk& chunk, const ColumnDescriptor& leaf, size_t rg) {
  if (!chunk.meta_data) {
    if (chunk.crypto_metadata) return Status::OK();  // encrypted columns carry it elsewhere
    return std::move(Status::Corrupt("column chunk has no metadata"))
        .WithColumn(leaf.dotted_path)
        .WithRowGroup(static_cast<int64_t>(rg));
  }
  const auto& md = *chunk.meta_data;
  if (static_cast<int32_t>(md.type) != static_cast<int32_t>(leaf.physical_type)) {
    return std::move(Status::Corrupt(
                         "column chunk type " + std::to_string(static_cast<int32_t>(md.type)) +
                         " differs from the schema's " +
                         std::string(PhysicalTypeName(leaf.physical_type))))
        .WithColumn(leaf.dotted_path)
        .WithRowGroup(static_cast<int64_t>(rg));
  }
  if (!PathMatches(md.path_in_schema, leaf)) {
    return std::move(Status::Corrupt("column chunk's path_in_schema '" +
                                     PathText(md.path_in_schema) +
                                     "' is not the schema's column path"))
        .WithColumn(leaf.dotted_path)
        .WithRowGroup(static_cast<int64_t>(rg));
  }
  if (md.num_values < 0 || md.total_compressed_size < 0 || md.total_uncompressed_size < 0 ||
      md.data_page_offset < 0) {
    return std::move(Status::Corrupt("column chunk has a negative count, size or offset"))
        .WithColumn(leaf.dotted_path)
        .WithRowGroup(static_cast<int64_t>(rg));
  }
  return Status::OK();
}

// Row group rg's count of chunks (one per leaf of the schema's `leaves`)
// and of rows.
Status ValidateRowGroup(const ColumnChunkMetaData::Impl& impl, size_t rg, size_t leaves) {
  const size_t chunks = impl.NumChunks(static_cast<int>(rg));
  if (chunks != leaves) {
    return std::move(Status::Corrupt("row group has " + std::to_string(chunks) + " column chunks but the schema has " +
                                     std::to_string(leaves) + " leaf columns"))
        .WithRowGroup(static_cast<int64_t>(rg));
  }
  const int64_t rows = impl.wire->row_groups[rg].num_rows;
  if (rows < 0) {
    return std::move(Status::Corrupt("negative num_rows " + std::to_string(rows))).WithRowGroup(static_cast<int64_t>(rg));
  }
  return Status::OK();
}

// The chunks of row group rg for the leaves of `schema`, columns
// first_column on of the whole, each valid (ValidateChunk).  Deferred chunks
// are each decoded into `scratch`, taken back after each: what a chunk holds
// is checked at open as when the whole footer was decoded.  `outline`: a
// chunk missing, or without metadata (encrypted), is an error too, for which
// the file is opened whole.
Status ValidateChunks(const ColumnChunkMetaData::Impl& impl, size_t rg, const Schema& schema, int first_column,
                      thrift::Arena& scratch, bool outline = false) {
  const auto& group = impl.wire->row_groups[rg];
  for (int k = 0; k < schema.num_columns(); ++k) {
    const ColumnDescriptor& leaf = schema.column(k);
    const auto c = static_cast<size_t>(first_column + k);
    if (outline && c >= impl.NumChunks(static_cast<int>(rg))) return Status::Corrupt("a column chunk is missing");
    if (impl.footer == nullptr) {
      PARQ_RETURN_IF_ERROR(ValidateChunk(group.columns[c], leaf, rg));
      continue;
    }
    Status st;
    {
      thrift::ArenaScope scope(&scratch);
      format::ColumnChunk chunk;
      st = impl.DecodeChunk(static_cast<int>(rg), static_cast<int>(c), &chunk);
      if (st.ok()) st = ValidateChunk(chunk, leaf, rg);
      if (st.ok() && outline && !chunk.meta_data) st = Status::Unsupported("a column chunk without metadata");
    }
    scratch.Reset();
    PARQ_RETURN_IF_ERROR(st);
  }
  return Status::OK();
}

// One chunk per leaf, each valid, row group by row group.
Status ValidateRowGroups(const ColumnChunkMetaData::Impl& impl) {
  const size_t leaves = static_cast<size_t>(impl.schema.num_columns());
  thrift::Arena scratch(4096);
  for (size_t rg = 0; rg < impl.wire->row_groups.size(); ++rg) {
    PARQ_RETURN_IF_ERROR(ValidateRowGroup(impl, rg, leaves));
    PARQ_RETURN_IF_ERROR(ValidateChunks(impl, rg, impl.schema, 0, scratch));
  }
  return Status::OK();
}

// A footer's deferred schema elements (FileMetaData::schema_at), each
// decoded into one scratch arena when the schema builder comes to it and
// taken back at the next.
class DeferredElements {
 public:
  DeferredElements(const std::vector<uint8_t>& footer, const thrift::Vector<uint32_t>& at,
                   const thrift::ThriftLimits& limits, uint64_t footer_offset)
      : footer_(footer), at_(at), limits_(limits), footer_offset_(footer_offset) {}
  ~DeferredElements() { element_ = format::SchemaElement(); }  // before the arena it points into
  DeferredElements(const DeferredElements&) = delete;
  DeferredElements& operator=(const DeferredElements&) = delete;

  schema::SchemaElementAt At() {
    return [this](size_t i) -> Result<const format::SchemaElement*> {
      element_ = format::SchemaElement();
      scratch_.Reset();
      thrift::ArenaScope scope(&scratch_);
      PARQ_RETURN_IF_ERROR(format::DecodeSchemaElement(footer_, at_[i], limits_, footer_offset_, &element_));
      return &element_;
    };
  }

 private:
  const std::vector<uint8_t>& footer_;
  const thrift::Vector<uint32_t>& at_;
  const thrift::ThriftLimits& limits_;
  uint64_t footer_offset_;
  thrift::Arena scratch_{4096};
  format::SchemaElement element_;
};

void AddNote(const SchemaNode& n, std::vector<std::string>* out) {
  if (!n.annotation_note().empty()) {
    out->push_back((n.is_leaf() ? "column '" : "group '") + n.DottedPath() + "': " + n.annotation_note());
  }
}

void CollectNotes(const SchemaNode& n, std::vector<std::string>* out) {
  AddNote(n, out);
  for (int i = 0; i < n.num_children(); ++i) CollectNotes(n.child(i), out);
}

}  // namespace

size_t ColumnChunkMetaData::Impl::NumChunks(int rg) const {
  const format::RowGroup& g = wire->row_groups[static_cast<size_t>(rg)];
  return footer != nullptr ? g.columns_at.size() : g.columns.size();
}

Result<std::shared_ptr<const format::ColumnChunk>> ColumnChunkMetaData::Impl::Chunk(int rg, int c) const {
  const format::RowGroup& g = wire->row_groups[static_cast<size_t>(rg)];
  if (footer == nullptr) return std::shared_ptr<const format::ColumnChunk>(wire, &g.columns[static_cast<size_t>(c)]);
  // In an arena of its own (a kilobyte holds most chunks): one block where
  // the heap took a dozen (the chunk, its metadata, lists and strings), a
  // third of the time of opening a column of one page.
  thrift::ArenaOwned<format::ColumnChunk> chunk(1024);
  {
    thrift::ArenaScope scope(chunk.arena());
    PARQ_RETURN_IF_ERROR(DecodeChunk(rg, c, chunk.get()));
  }
  return std::move(chunk).Share();
}

Status ColumnChunkMetaData::Impl::DecodeChunk(int rg, int c, format::ColumnChunk* out) const {
  const format::RowGroup& g = wire->row_groups[static_cast<size_t>(rg)];
  PARQ_RETURN_IF_ERROR(format::DecodeColumnChunk(*footer, g.columns_at[static_cast<size_t>(c)], limits, footer_offset, out));
  if (decryptor == nullptr) return Status::OK();
  return decryptor->DecryptChunkMetaData(g, rg, c, out, limits);
}

Result<FileMetaData> FileMetaData::Parse(const uint8_t* data, size_t size,
                                         const ReaderOptions& options, uint64_t base_offset) {
  auto bytes = std::make_shared<std::vector<uint8_t>>(data, data + size);
  auto wire = format::DecodeFileMetaData(bytes->data(), bytes->size(), options, base_offset, /*defer_chunks=*/true);
  if (!wire.ok()) {
    // As format::ReadFooter: the error is the whole decode's.
    auto whole = format::DecodeFileMetaData(data, size, options, base_offset);
    return whole.ok() ? std::move(wire).status() : std::move(whole).status();
  }
  return MetaDataAccess::FromWire(std::move(*wire), options, std::move(bytes), base_offset, "");
}

namespace {

Result<FileMetaData> Resolve(std::shared_ptr<const format::FileMetaData> wire, const ReaderOptions& options,
                             std::shared_ptr<const std::vector<uint8_t>> footer, uint64_t footer_offset,
                             std::shared_ptr<const format::FileDecryptor> decryptor);

}  // namespace

Result<FileMetaData> MetaDataAccess::FromWire(std::shared_ptr<const format::FileMetaData> wire,
                                              const ReaderOptions& options,
                                              std::shared_ptr<const std::vector<uint8_t>> footer,
                                              uint64_t footer_offset, const std::string& context,
                                              std::shared_ptr<const format::FileDecryptor> decryptor) {
  Result<FileMetaData> md = Resolve(wire, options, footer, footer_offset, std::move(decryptor));
  if (md.ok()) return md;
  if (footer != nullptr) {
    // A deferred footer checks its elements and chunks in another order than
    // one decoded whole, which stops at the first damaged byte: for a
    // footer damaged in two places, the error is the one the whole decode
    // gives, and a decoding error comes as format::ReadFooter gives it.
    auto whole = format::DecodeFileMetaData(footer->data(), footer->size(), options, footer_offset);
    if (!whole.ok()) return std::move(whole).status();
    Result<FileMetaData> again = Resolve(std::move(*whole), options, nullptr, 0, nullptr);
    if (!again.ok()) md = std::move(again).status();
  }
  if (context.empty()) return md;
  return std::move(md).status().AddContext(context);
}

Result<FileMetaData> MetaDataAccess::Outline(std::shared_ptr<const format::FileMetaData> wire,
                                             const ReaderOptions& options,
                                             std::shared_ptr<const std::vector<uint8_t>> footer,
                                             uint64_t footer_offset, const std::string& context,
                                             std::shared_ptr<const format::FileDecryptor> decryptor) {
  // Row groups of an encrypted file, or of a narrow schema (whose chunks
  // outweigh it), are checked against the whole schema, as FromWire does.
  const bool chunks = !wire->row_groups.empty();
  if (footer == nullptr || wire->schema_at.empty() || wire->num_rows < 0 ||
      (chunks && (decryptor != nullptr || wire->schema_at.size() <= kOutlineElements))) {
    return FromWire(std::move(wire), options, std::move(footer), footer_offset, context, std::move(decryptor));
  }
  auto impl = std::make_shared<ColumnChunkMetaData::Impl>();
  impl->limits = format::ThriftLimitsFrom(options);
  impl->wire = wire;
  impl->footer_offset = footer_offset;
  for (const auto& group : wire->row_groups) {
    if (!group.columns_at.empty()) impl->footer = footer;  // as Resolve keeps it
  }
  ColumnChunkMetaData::Impl::Outline outline;
  // A group cut in two is noted where it begins.
  auto note = [&](const SchemaNode& root, int continued) {
    schema::ForEachNewNode(root, continued, [&](const SchemaNode& n) { AddNote(n, &outline.notes); });
  };
  Status walked;
  {
    DeferredElements elements(*footer, wire->schema_at, impl->limits, footer_offset);
    if (!chunks) {
      walked = schema::CheckFormat(wire->schema_at.size(), elements.At(), options, kSliceLeaves,
                                   [&](const SchemaNode& root, int leaves, int continued) {
                                     outline.num_columns += leaves;
                                     note(root, continued);
                                   });
    } else {
      // Each slice's leaves against their chunks in every row group; the
      // counts once the leaves are counted.
      thrift::Arena scratch(4096);
      walked = schema::WalkFormat(wire->schema_at.size(), elements.At(), options, kSliceLeaves,
                                  [&](const Schema& slice, const schema::SliceInfo& info) {
                                    outline.num_columns += slice.num_columns();
                                    note(slice.root(), info.continued);
                                    for (size_t rg = 0; rg < wire->row_groups.size(); ++rg) {
                                      PARQ_RETURN_IF_ERROR(
                                          ValidateChunks(*impl, rg, slice, info.first_column, scratch, true));
                                    }
                                    return Status::OK();
                                  });
      for (size_t rg = 0; walked.ok() && rg < wire->row_groups.size(); ++rg) {
        walked = ValidateRowGroup(*impl, rg, static_cast<size_t>(outline.num_columns));
      }
    }
  }
  if (!walked.ok()) {
    // FromWire's answer: its error (the walk may meet another one first),
    // or the file opened whole where an outline cannot be (a chunk without
    // metadata).
    impl.reset();
    return FromWire(std::move(wire), options, std::move(footer), footer_offset, context, std::move(decryptor));
  }
  outline.footer = std::move(footer);
  outline.footer_offset = footer_offset;
  outline.options = options;
  impl->outline = std::move(outline);
  return MetaDataAccess::Make(std::move(impl));
}

int MetaDataAccess::NumColumns(const FileMetaData& m) {
  return m.impl_->outline ? m.impl_->outline->num_columns : m.impl_->schema.num_columns();
}

Status MetaDataAccess::WalkSchema(const FileMetaData& m, const schema::SchemaSliceFn& on_slice) {
  const ColumnChunkMetaData::Impl& impl = *m.impl_;
  if (!impl.outline) return on_slice(impl.schema, schema::SliceInfo{});
  const ColumnChunkMetaData::Impl::Outline& o = *impl.outline;
  DeferredElements elements(*o.footer, impl.wire->schema_at, impl.limits, o.footer_offset);
  return schema::WalkFormat(impl.wire->schema_at.size(), elements.At(), o.options, kSliceLeaves, on_slice);
}

namespace {

Result<FileMetaData> Resolve(std::shared_ptr<const format::FileMetaData> wire, const ReaderOptions& options,
                             std::shared_ptr<const std::vector<uint8_t>> footer, uint64_t footer_offset,
                             std::shared_ptr<const format::FileDecryptor> decryptor) {
  if (wire->num_rows < 0) {
    return Status::Corrupt("FileMetaData has negative num_rows " + std::to_string(wire->num_rows));
  }
  auto impl = std::make_shared<ColumnChunkMetaData::Impl>();
  impl->limits = format::ThriftLimitsFrom(options);
  if (footer == nullptr || wire->schema_at.empty()) {
    PARQ_ASSIGN_OR_RETURN(impl->schema, schema::FromFormat(wire->schema, options));
  } else {
    DeferredElements elements(*footer, wire->schema_at, impl->limits, footer_offset);
    PARQ_ASSIGN_OR_RETURN(impl->schema, schema::FromFormat(wire->schema_at.size(), elements.At(), options));
  }
  // A footer without column chunks (no row groups) has nothing to decode later.
  bool deferred = false;
  for (const auto& group : wire->row_groups) deferred = deferred || !group.columns_at.empty();
  impl->wire = std::move(wire);
  if (deferred) {
    impl->footer = std::move(footer);
    impl->decryptor = std::move(decryptor);
  }
  impl->footer_offset = footer_offset;
  PARQ_RETURN_IF_ERROR(ValidateRowGroups(*impl));
  return MetaDataAccess::Make(std::move(impl));
}

}  // namespace

std::vector<std::string> FileMetaData::Warnings() const {
  std::vector<std::string> out;
  // Each count is checked non-negative at open, and there are fewer than 2^31
  // row groups: the sum cannot overflow 128 bits.
  __int128 rows = 0;
  for (const auto& group : impl_->wire->row_groups) rows += group.num_rows;
  if (rows != impl_->wire->num_rows) {
    // parquet-java and Arrow read by the row groups too, without a check.
    const std::string sum = rows <= INT64_MAX ? std::to_string(static_cast<int64_t>(rows)) : "over 2^63";
    out.push_back("the footer's num_rows " + std::to_string(impl_->wire->num_rows) +
                  " disagrees with the " + sum + " rows of its " +
                  std::to_string(impl_->wire->row_groups.size()) + " row groups, which are what is read");
  }
  if (impl_->outline) {
    out.insert(out.end(), impl_->outline->notes.begin(), impl_->outline->notes.end());
  } else {
    CollectNotes(impl_->schema.root(), &out);
  }
  return out;
}

int32_t FileMetaData::version() const { return impl_->wire->version; }
int64_t FileMetaData::num_rows() const { return impl_->wire->num_rows; }
std::optional<std::string> FileMetaData::created_by() const { return thrift::ToStdString(impl_->wire->created_by); }
std::vector<KeyValue> FileMetaData::key_value_metadata() const {
  return ConvertKeyValues(impl_->wire->key_value_metadata);
}
const Schema& FileMetaData::schema() const { return impl_->schema; }
int FileMetaData::num_row_groups() const { return static_cast<int>(impl_->wire->row_groups.size()); }
RowGroupMetaData FileMetaData::row_group(int i) const { return RowGroupMetaData(impl_, i); }
bool FileMetaData::has_encryption_algorithm() const {
  return impl_->wire->encryption_algorithm.has_value();
}
std::vector<std::string> FileMetaData::column_orders() const {
  std::vector<std::string> out;
  if (!impl_->wire->column_orders) return out;
  for (const auto& order : *impl_->wire->column_orders) {
    if (order.TYPE_ORDER) out.push_back("TYPE_ORDER");
    else if (order.IEEE_754_TOTAL_ORDER) out.push_back("IEEE_754_TOTAL_ORDER");
    else out.push_back("UNKNOWN");
  }
  return out;
}
int FileMetaData::num_column_orders() const {
  const auto& orders = impl_->wire->column_orders;
  return orders ? static_cast<int>(orders->size()) : 0;
}
std::string FileMetaData::column_order(int column) const {
  const auto& orders = impl_->wire->column_orders;
  if (!orders || column < 0 || static_cast<size_t>(column) >= orders->size()) return std::string();
  const auto& order = (*orders)[static_cast<size_t>(column)];
  if (order.TYPE_ORDER) return "TYPE_ORDER";
  if (order.IEEE_754_TOTAL_ORDER) return "IEEE_754_TOTAL_ORDER";
  return "UNKNOWN";
}

// --- RowGroupMetaData ---

namespace {
const format::RowGroup& Group(const ColumnChunkMetaData::Impl& f, int rg) {
  return f.wire->row_groups[static_cast<size_t>(rg)];
}
}  // namespace

int64_t RowGroupMetaData::num_rows() const { return Group(*file_, row_group_).num_rows; }
int64_t RowGroupMetaData::total_byte_size() const {
  return Group(*file_, row_group_).total_byte_size;
}
std::optional<int64_t> RowGroupMetaData::total_compressed_size() const {
  return Group(*file_, row_group_).total_compressed_size;
}
std::optional<int64_t> RowGroupMetaData::file_offset() const {
  return Group(*file_, row_group_).file_offset;
}
std::optional<int16_t> RowGroupMetaData::ordinal() const { return Group(*file_, row_group_).ordinal; }
std::vector<SortingColumn> RowGroupMetaData::sorting_columns() const {
  std::vector<SortingColumn> out;
  const auto& sc = Group(*file_, row_group_).sorting_columns;
  if (!sc) return out;
  for (const auto& s : *sc) out.push_back({s.column_idx, s.descending, s.nulls_first});
  return out;
}
int RowGroupMetaData::num_columns() const { return static_cast<int>(file_->NumChunks(row_group_)); }
ColumnChunkMetaData RowGroupMetaData::column(int i) const {
  return ColumnChunkMetaData(file_, row_group_, i);
}

// --- ColumnChunkMetaData ---

ColumnChunkMetaData::ColumnChunkMetaData(std::shared_ptr<const Impl> file, int row_group, int column)
    : file_(std::move(file)), row_group_(row_group), column_(column) {
  // Decoded once a view.  It decoded when the file was opened; should it
  // fail now (memory), the view answers as for a chunk without metadata.
  static const format::ColumnChunk kNone{};
  auto chunk = file_->Chunk(row_group_, column_);
  chunk_ = chunk.ok() ? std::shared_ptr<const void>(std::move(*chunk))
                      : std::shared_ptr<const void>(std::shared_ptr<const void>(), &kNone);
}

namespace {
// Encrypted chunks may lack meta_data; their views answer with empty values.
const format::ColumnMetaData& Meta(const format::ColumnChunk& chunk) {
  static const format::ColumnMetaData kEmpty{};
  return chunk.meta_data ? *chunk.meta_data : kEmpty;
}
}  // namespace

#define PARQ_CHUNK() (*static_cast<const format::ColumnChunk*>(chunk_.get()))
#define PARQ_META() Meta(PARQ_CHUNK())

std::optional<std::string> ColumnChunkMetaData::file_path() const {
  return thrift::ToStdString(PARQ_CHUNK().file_path);
}
PhysicalType ColumnChunkMetaData::physical_type() const {
  // An outline keeps no schema; its chunks each have metadata, whose type
  // is the leaf's (checked at open).
  if (file_->outline) return static_cast<PhysicalType>(static_cast<int32_t>(PARQ_META().type));
  return file_->schema.column(column_).physical_type;
}
std::vector<std::string> ColumnChunkMetaData::path() const {
  const auto& md = PARQ_META();
  if (md.path_in_schema.empty()) return file_->schema.column(column_).path;
  return thrift::ToStdStrings(md.path_in_schema);
}
std::string ColumnChunkMetaData::dotted_path() const {
  std::string out;
  for (const auto& part : path()) {
    if (!out.empty()) out += '.';
    out += part;
  }
  return out;
}
std::vector<Encoding> ColumnChunkMetaData::encodings() const {
  std::vector<Encoding> out;
  for (auto e : PARQ_META().encodings) out.push_back(static_cast<Encoding>(e));
  return out;
}
Compression ColumnChunkMetaData::codec() const { return static_cast<Compression>(PARQ_META().codec); }
int64_t ColumnChunkMetaData::num_values() const { return PARQ_META().num_values; }
int64_t ColumnChunkMetaData::total_uncompressed_size() const {
  return PARQ_META().total_uncompressed_size;
}
int64_t ColumnChunkMetaData::total_compressed_size() const {
  return PARQ_META().total_compressed_size;
}
int64_t ColumnChunkMetaData::data_page_offset() const { return PARQ_META().data_page_offset; }
std::optional<int64_t> ColumnChunkMetaData::index_page_offset() const {
  return PARQ_META().index_page_offset;
}
std::optional<int64_t> ColumnChunkMetaData::dictionary_page_offset() const {
  return PARQ_META().dictionary_page_offset;
}
std::optional<EncodedStatistics> ColumnChunkMetaData::statistics() const {
  const auto& s = PARQ_META().statistics;
  if (!s) return std::nullopt;
  return ToEncodedStatistics(*s);
}
std::vector<PageEncodingStats> ColumnChunkMetaData::encoding_stats() const {
  std::vector<PageEncodingStats> out;
  const auto& es = PARQ_META().encoding_stats;
  if (!es) return out;
  for (const auto& e : *es) {
    out.push_back({static_cast<PageType>(e.page_type), static_cast<Encoding>(e.encoding), e.count});
  }
  return out;
}
std::optional<int64_t> ColumnChunkMetaData::bloom_filter_offset() const {
  return PARQ_META().bloom_filter_offset;
}
std::optional<int32_t> ColumnChunkMetaData::bloom_filter_length() const {
  return PARQ_META().bloom_filter_length;
}
std::optional<int64_t> ColumnChunkMetaData::offset_index_offset() const {
  return PARQ_CHUNK().offset_index_offset;
}
std::optional<int32_t> ColumnChunkMetaData::offset_index_length() const {
  return PARQ_CHUNK().offset_index_length;
}
std::optional<int64_t> ColumnChunkMetaData::column_index_offset() const {
  return PARQ_CHUNK().column_index_offset;
}
std::optional<int32_t> ColumnChunkMetaData::column_index_length() const {
  return PARQ_CHUNK().column_index_length;
}
std::optional<SizeStatistics> ColumnChunkMetaData::size_statistics() const {
  const auto& s = PARQ_META().size_statistics;
  if (!s) return std::nullopt;
  SizeStatistics out;
  out.unencoded_byte_array_data_bytes = s->unencoded_byte_array_data_bytes;
  if (s->repetition_level_histogram) out.repetition_level_histogram = thrift::ToStdVector(*s->repetition_level_histogram);
  if (s->definition_level_histogram) out.definition_level_histogram = thrift::ToStdVector(*s->definition_level_histogram);
  return out;
}
std::optional<GeospatialStatistics> ColumnChunkMetaData::geospatial_statistics() const {
  const auto& g = PARQ_META().geospatial_statistics;
  if (!g) return std::nullopt;
  return stats::ToPublic(*g);
}
std::vector<KeyValue> ColumnChunkMetaData::key_value_metadata() const {
  return ConvertKeyValues(PARQ_META().key_value_metadata);
}
bool ColumnChunkMetaData::is_encrypted() const {
  return PARQ_CHUNK().crypto_metadata.has_value();
}
bool ColumnChunkMetaData::encrypted_with_footer_key() const {
  const auto& crypto = PARQ_CHUNK().crypto_metadata;
  return crypto && !crypto->ENCRYPTION_WITH_COLUMN_KEY;
}
std::optional<std::string> ColumnChunkMetaData::encryption_key_metadata() const {
  const auto& crypto = PARQ_CHUNK().crypto_metadata;
  if (!crypto || !crypto->ENCRYPTION_WITH_COLUMN_KEY) return std::nullopt;
  return thrift::ToStdString(crypto->ENCRYPTION_WITH_COLUMN_KEY->key_metadata);
}
int64_t ColumnChunkMetaData::start_offset() const {
  const auto& md = PARQ_META();
  // Some writers store dictionary_page_offset = 0 for "none"; a dictionary can
  // never sit at offset 0 (the magic is there), so treat it as absent.
  if (md.dictionary_page_offset && *md.dictionary_page_offset > 0 &&
      *md.dictionary_page_offset < md.data_page_offset) {
    return *md.dictionary_page_offset;
  }
  return md.data_page_offset;
}

#undef PARQ_META
#undef PARQ_CHUNK

}  // namespace parq
