// file/file_writer.cc — row groups, column chunk writers and the footer.
#include "parq/file_writer.h"

#include <algorithm>
#include <chrono>
#include <condition_variable>
#include <cstdio>
#include <limits>
#include <mutex>
#include <optional>
#include <string>
#include <vector>

#include "column/column_writer_internal.h"
#include "file/file_writer_impl.h"
#include "format/file_encryptor.h"
#include "format/footer.h"
#include "index/bloom_filter_reader.h"
#include "thrift/compact_writer.h"
#include "parq/version.h"
#include "util/parallel_jobs.h"
#include "util/pool_option.h"
#include "schema/schema_builder.h"
#include "stats/statistics_builder.h"

namespace parq {

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

std::optional<thrift::Vector<format::KeyValue>> ToFormat(const std::vector<KeyValue>& kvs) {
  if (kvs.empty()) return std::nullopt;
  thrift::Vector<format::KeyValue> out;
  for (const KeyValue& kv : kvs) {
    format::KeyValue w;
    w.key = kv.key;
    if (kv.value) w.value = *kv.value;
    out.push_back(std::move(w));
  }
  return out;
}

// Format version 2 features (docs/footer-metadata.md, "File version"): a v2 data
// page, or a page in an encoding that came with version 2 of the format.
// RLE_DICTIONARY is not one: every reader of the v1 era takes it.
bool UsesVersion2(const thrift::Vector<format::RowGroup>& groups) {
  for (const auto& rg : groups) {
    for (const auto& chunk : rg.columns) {
      const auto& md = *chunk.meta_data;
      for (const auto& e : md.encodings) {
        switch (static_cast<Encoding>(e)) {
          case Encoding::kDeltaBinaryPacked:
          case Encoding::kDeltaLengthByteArray:
          case Encoding::kDeltaByteArray:
          case Encoding::kByteStreamSplit:
          case Encoding::kAlp:
            return true;
          default:
            break;
        }
      }
      if (md.encoding_stats) {
        for (const auto& s : *md.encoding_stats) {
          if (static_cast<PageType>(s.page_type) == PageType::kDataPageV2) return true;
        }
      }
    }
  }
  return false;
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

Result<std::unique_ptr<FileWriter>> FileWriter::Open(std::unique_ptr<OutputStream> out, const Schema& schema,
                                                     const WriterOptions& options) {
  if (out == nullptr) return Status::InvalidArgument("FileWriter::Open: no output stream");
  PARQ_RETURN_IF_ERROR(ValidateOptions(options, schema));
  auto impl = std::make_unique<Impl>();
  PARQ_ASSIGN_OR_RETURN(impl->schema, schema.Clone());
  impl->options = options;
  if (impl->schema.num_columns() == 0) return Status::InvalidArgument("the schema has no leaf columns");
  PARQ_ASSIGN_OR_RETURN(impl->pool, util::PoolFor(options.thread_pool, options.threads));
  if (options.encryption) {
    std::vector<std::vector<std::string>> paths;
    for (const ColumnDescriptor& d : impl->schema.columns()) paths.push_back(d.path);
    PARQ_ASSIGN_OR_RETURN(impl->encryptor, format::FileEncryptor::Make(*options.encryption, paths));
  }
  // max_buffered_bytes: an eighth of it for the open pages, shared by the
  // leaves (the rest for the compressed pages, so that the row group's size
  // in the file is most of what was held; an encoder's buffer may take up
  // to twice what it holds).  max_open_page_bytes: the open pages' own
  // budget, shared by the leaves.  The smaller one cuts.
  constexpr int64_t kMinPageMemory = 16 << 10;
  const int64_t leaves = impl->schema.num_columns();
  column::ChunkResources resources;
  resources.codecs = &impl->codecs;
  resources.arena = &impl->pages;
  int64_t& limit = resources.page_memory_limit;
  if (options.max_buffered_bytes > 0) limit = std::max(kMinPageMemory, options.max_buffered_bytes / (8 * leaves));
  if (options.max_open_page_bytes > 0) {
    const int64_t share = std::max(kMinPageMemory, options.max_open_page_bytes / leaves);
    limit = limit > 0 ? std::min(limit, share) : share;
  }
  for (const ColumnDescriptor& d : impl->schema.columns()) {
    std::optional<crypto::ChunkCipher> cipher;
    if (impl->encryptor) cipher = impl->encryptor->ForChunk(0, static_cast<int>(impl->writers.size()));
    PARQ_ASSIGN_OR_RETURN(auto w, column::MakeColumnChunkWriter(d, impl->options, &impl->status, resources, std::move(cipher)));
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

std::optional<thrift::Vector<format::SortingColumn>> FileWriter::Impl::SortingToFormat(
    const std::vector<SortingColumn>& sorting) {
  if (sorting.empty()) return std::nullopt;
  thrift::Vector<format::SortingColumn> sc;
  for (const SortingColumn& c : sorting) {
    format::SortingColumn w;
    w.column_idx = c.column_idx;
    w.descending = c.descending;
    w.nulls_first = c.nulls_first;
    sc.push_back(w);
  }
  return sc;
}

Status FileWriter::Impl::CheckRowGroupLimit() {
  if (row_groups.size() < 32767) return Status::OK();
  return Fail(Status::LimitExceeded("more than 32767 row groups (the ordinal is an i16)"));
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

namespace {

// With a pool, seals the open row group's chunks (column::ColumnChunkWriter::
// Seal: the last pages and the dictionaries, compressed) on its threads, in
// column order, while the caller writes the sealed ones to the file in that
// order: compression overlaps the writing.  Without one, does nothing (Finish
// seals each chunk as it writes it).
class ChunkSealer {
 public:
  explicit ChunkSealer(FileWriter::Impl& m) : m_(m) {
    const size_t n = m.writers.size();
    if (m.pool == nullptr || n < 2) return;
    results_.resize(n);
    done_.assign(n, false);
    jobs_ = util::ParallelJobs::Start(
        *m.pool, n,
        [this](size_t c) {
          Status st = m_.writers[c]->Seal(m_.pool.get());
          std::lock_guard<std::mutex> lock(mu_);
          results_[c] = std::move(st);
          done_[c] = true;
          sealed_.notify_all();
        },
        static_cast<size_t>(m.pool->size()));
  }
  ~ChunkSealer() {
    if (jobs_) jobs_->Join();
  }

  // OK once chunk c is sealed (or when it is Finish's to seal); else its
  // seal's error.  Helps with the seals no thread has taken meanwhile.
  Status Wait(size_t c) {
    if (!jobs_) return Status::OK();
    for (;;) {
      {
        std::unique_lock<std::mutex> lock(mu_);
        if (done_[c]) return results_[c];
      }
      if (jobs_->RunOne()) continue;
      // Every seal is taken; c's is running on a pool thread.
      std::unique_lock<std::mutex> lock(mu_);
      sealed_.wait(lock, [&] { return done_[c]; });
      return results_[c];
    }
  }
  // No seal starts any more; those under way finish.
  void Cancel() {
    if (jobs_) jobs_->Cancel();
    jobs_.reset();
  }

 private:
  FileWriter::Impl& m_;
  std::shared_ptr<util::ParallelJobs> jobs_;
  std::mutex mu_;
  std::condition_variable sealed_;
  std::vector<Status> results_;  // guarded by mu_
  std::vector<bool> done_;       // guarded by mu_
};

}  // namespace

Status FileWriter::WriteLeaves(const std::vector<int>& columns, const std::function<Status(size_t)>& write) {
  Impl& m = *impl_;
  const size_t n = columns.size();
  if (m.pool == nullptr || n < 2 || m.closed || !m.status.ok()) {
    for (size_t s = 0; s < n; ++s) PARQ_RETURN_IF_ERROR(write(s));
    return Status::OK();
  }
  // Each column writer keeps its error in its own slot meanwhile: none
  // writes the sticky status that the others read.  Its pages compress on
  // the pool too, all settled before its task ends.
  std::vector<Status> errors(m.writers.size());
  for (size_t c = 0; c < m.writers.size(); ++c) {
    m.writers[c]->RouteErrors(&errors[c]);
    m.writers[c]->CompressPagesOn(m.pool.get());
  }
  const auto leaf = [&](size_t s) -> column::ColumnChunkWriter* {
    const int c = columns[s];
    return c >= 0 && static_cast<size_t>(c) < m.writers.size() ? m.writers[static_cast<size_t>(c)].get() : nullptr;
  };
  // The costliest leaves (by their last batch's time) start first, so that
  // one expensive leaf does not start last and run on alone at the end.
  m.leaf_nanos.resize(m.writers.size());
  std::vector<size_t> order(n);
  for (size_t s = 0; s < n; ++s) order[s] = s;
  const auto cost = [&](size_t s) {
    const int c = columns[s];
    return leaf(s) != nullptr ? m.leaf_nanos[static_cast<size_t>(c)] : 0;
  };
  std::stable_sort(order.begin(), order.end(), [&](size_t a, size_t b) { return cost(a) > cost(b); });
  std::vector<Status> results(n);
  std::vector<int64_t> nanos(n);
  m.pool->ParallelFor(n, [&](size_t i) {
    const size_t s = order[i];
    const auto start = std::chrono::steady_clock::now();
    results[s] = write(s);
    if (column::ColumnChunkWriter* w = leaf(s)) {
      Status settled = w->SettlePages();
      const auto c = static_cast<size_t>(columns[s]);
      if (!settled.ok() && errors[c].ok()) errors[c] = settled;
      if (results[s].ok()) results[s] = std::move(settled);
    }
    nanos[s] = std::chrono::duration_cast<std::chrono::nanoseconds>(std::chrono::steady_clock::now() - start).count();
  });
  for (const auto& w : m.writers) {
    w->RouteErrors(nullptr);
    w->CompressPagesOn(nullptr);
  }
  for (size_t s = 0; s < n; ++s) {
    if (leaf(s) != nullptr) m.leaf_nanos[static_cast<size_t>(columns[s])] = nanos[s];
  }
  for (size_t s = 0; s < n; ++s) {
    if (results[s].ok()) continue;
    // One thread would have stopped here, its column writer's error sticky.
    const int c = columns[s];
    if (c >= 0 && static_cast<size_t>(c) < errors.size() && !errors[static_cast<size_t>(c)].ok()) {
      static_cast<void>(m.Fail(errors[static_cast<size_t>(c)]));
    }
    return results[s];
  }
  return Status::OK();
}

Status FileWriter::WriteColumns(const std::function<Status(int)>& write) {
  std::vector<int> columns(impl_->writers.size());
  for (size_t c = 0; c < columns.size(); ++c) columns[c] = static_cast<int>(c);
  return WriteLeaves(columns, [&](size_t c) { return write(static_cast<int>(c)); });
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
  if (rows == 0 && !m.open_keep_empty) return Status::OK();
  PARQ_RETURN_IF_ERROR(m.CheckRowGroupLimit());
  format::RowGroup rg;
  rg.num_rows = rows;
  rg.sorting_columns = Impl::SortingToFormat(m.open_sorting ? *m.open_sorting : m.options.sorting_columns);
  rg.file_offset = static_cast<int64_t>(m.out->Tell());
  int64_t total_uncompressed = 0, total_compressed = 0;
  std::vector<std::optional<format::ColumnIndex>> cis;
  std::vector<std::optional<format::OffsetIndex>> ois;
  std::vector<std::optional<BloomFilter>> bfs;
  ChunkSealer sealer(m);
  for (size_t c = 0; c < m.writers.size(); ++c) {
    const Status sealed = sealer.Wait(c);
    Result<column::FinishedChunk> done =
        sealed.ok() ? m.writers[c]->Finish(m.out.get()) : Result<column::FinishedChunk>(sealed);
    if (!done.ok()) {
      sealer.Cancel();  // before the sticky status is set: the seals read it
      Status st = done.status();
      return m.Fail(std::move(st.AddContext("row group " + std::to_string(m.row_groups.size()))));
    }
    format::ColumnChunk& chunk = done->chunk;
    const auto& own_kv = m.open_chunk_kv.empty() ? std::nullopt : m.open_chunk_kv[c];
    chunk.meta_data->key_value_metadata =
        ToFormat(own_kv ? *own_kv : m.options.ForColumn(m.schema.column(static_cast<int>(c)).dotted_path).key_value_metadata);
    total_uncompressed += chunk.meta_data->total_uncompressed_size;
    total_compressed += chunk.meta_data->total_compressed_size;
    rg.columns.push_back(std::move(chunk));
    cis.push_back(std::move(done->column_index));
    ois.push_back(std::move(done->offset_index));
    bfs.push_back(std::move(done->bloom_filter));
  }
  m.pages.Clear();  // every chunk is written
  rg.total_byte_size = total_uncompressed;
  rg.total_compressed_size = total_compressed;
  m.AddRowGroup(std::move(rg), std::move(cis), std::move(ois), std::move(bfs));
  return Status::OK();
}

namespace {

// Each present index as its compact-protocol bytes; an absent one as none.
template <typename Wire>
std::vector<std::vector<uint8_t>> SerializeEach(const std::vector<std::optional<Wire>>& indexes) {
  std::vector<std::vector<uint8_t>> out(indexes.size());
  for (size_t c = 0; c < indexes.size(); ++c) {
    if (!indexes[c]) continue;
    thrift::CompactWriter w;
    format::Write(w, *indexes[c]);
    out[c].assign(w.data(), w.data() + w.size());
  }
  return out;
}

}  // namespace

void FileWriter::Impl::AddRowGroup(format::RowGroup rg, std::vector<std::optional<format::ColumnIndex>> cis,
                                   std::vector<std::optional<format::OffsetIndex>> ois,
                                   std::vector<std::optional<BloomFilter>> bfs) {
  bloom_filters.push_back(std::move(bfs));
  column_indexes.push_back(SerializeEach(cis));
  offset_indexes.push_back(SerializeEach(ois));
  rg.ordinal = static_cast<int16_t>(row_groups.size());
  num_rows += rg.num_rows;
  row_groups.push_back(std::move(rg));
  open_sorting.reset();
  open_chunk_kv.clear();
  open_keep_empty = false;
  ++num_row_groups;
}

void FileWriter::KeepEmptyRowGroup() { impl_->open_keep_empty = true; }

Status FileWriter::SetSortingColumns(std::vector<SortingColumn> sorting) {
  Impl& m = *impl_;
  if (m.closed) return Impl::AfterClose("FileWriter::SetSortingColumns");
  if (!m.status.ok()) return m.status;
  PARQ_RETURN_IF_ERROR(CheckSortingColumns(sorting, m.schema));
  m.open_sorting = std::move(sorting);
  return Status::OK();
}

Status FileWriter::SetChunkKeyValueMetadata(int column, std::vector<KeyValue> key_value_metadata) {
  PARQ_RETURN_IF_ERROR(this->column(column).status());
  Impl& m = *impl_;
  m.open_chunk_kv.resize(m.writers.size());
  m.open_chunk_kv[static_cast<size_t>(column)] = std::move(key_value_metadata);
  return Status::OK();
}

Status FileWriter::MaybeEndRowGroup() {
  Impl& m = *impl_;
  if (m.closed) return Impl::AfterClose("FileWriter::MaybeEndRowGroup");
  if (!m.status.ok()) return m.status;
  int64_t bytes = 0;
  for (auto& w : m.writers) bytes += w->writer()->estimated_size();
  int64_t rows = m.writers[0]->writer()->num_rows();
  if (bytes >= m.options.row_group_size || rows >= m.options.max_rows_per_row_group ||
      (m.options.max_buffered_bytes > 0 && buffered_bytes() >= m.options.max_buffered_bytes)) {
    return EndRowGroup();
  }
  return Status::OK();
}

int64_t FileWriter::buffered_bytes() const {
  int64_t bytes = 0;
  for (const auto& w : impl_->writers) bytes += w->buffered_bytes();
  return bytes;
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
Status WriteIndex(std::span<const uint8_t> serialized, const std::optional<crypto::ChunkCipher>& cipher,
                  crypto::ModuleType type, OutputStream* out, std::optional<int64_t>* offset,
                  std::optional<int32_t>* length) {
  Buffer module;
  PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> bytes, MaybeEncrypt(serialized, cipher, type, &module));
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
      const std::vector<uint8_t>& ci = m.column_indexes[g][c];
      if (ci.empty()) continue;
      auto& chunk = m.row_groups[g].columns[c];
      PARQ_RETURN_IF_ERROR(WriteIndex(ci, cipher_of(g, c), crypto::ModuleType::kColumnIndex, m.out.get(),
                                      &chunk.column_index_offset, &chunk.column_index_length));
    }
  }
  for (size_t g = 0; g < m.row_groups.size(); ++g) {
    for (size_t c = 0; c < m.row_groups[g].columns.size(); ++c) {
      const std::vector<uint8_t>& oi = m.offset_indexes[g][c];
      if (oi.empty()) continue;
      auto& chunk = m.row_groups[g].columns[c];
      PARQ_RETURN_IF_ERROR(WriteIndex(oi, cipher_of(g, c), crypto::ModuleType::kOffsetIndex, m.out.get(),
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
  // Judged before encryption, which may take a chunk's plaintext meta_data away.
  const bool version2 = UsesVersion2(m.row_groups);
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
  md.version = version2 ? 2 : 1;
  md.schema = schema::ToFormat(m.schema);
  md.num_rows = m.num_rows;
  md.row_groups = std::move(m.row_groups);
  md.key_value_metadata = ToFormat(m.options.key_value_metadata);
  md.created_by = m.options.created_by.empty() ? std::string(kCreatedBy) : m.options.created_by;
  thrift::Vector<format::ColumnOrder> orders(static_cast<size_t>(m.schema.num_columns()));
  for (int c = 0; c < m.schema.num_columns(); ++c) {
    const ColumnDescriptor& d = m.schema.column(c);
    const stats::CompareKind kind = stats::CompareKindFor(d);
    const bool floating = kind == stats::CompareKind::kFloat || kind == stats::CompareKind::kFloat16;
    if (floating && m.options.ForColumn(d.dotted_path).ieee754_total_order) {
      orders[static_cast<size_t>(c)].IEEE_754_TOTAL_ORDER = format::IEEE754TotalOrder{};
    } else {
      orders[static_cast<size_t>(c)].TYPE_ORDER = format::TypeDefinedOrder{};
    }
  }
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
