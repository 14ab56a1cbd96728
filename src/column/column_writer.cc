// column/column_writer.cc — typed column chunk writers: levels, values,
// dictionary with fallback, pages cut at record boundaries, chunk metadata.
#include <algorithm>
#include <deque>
#include <map>
#include <set>
#include <string>
#include <type_traits>
#include <vector>

#include "column/column_writer_internal.h"
#include "column/value_checks.h"
#include "encoding/encoder.h"
#include "encoding/rle_bit_packed.h"
#include "index/page_index_builder.h"
#include "page/page_writer.h"
#include "stats/geospatial_builder.h"
#include "stats/statistics_builder.h"
#include "util/parallel_jobs.h"
#include "util/utf8.h"

namespace parq::column {
namespace {

// Levels taken per step between page-size and dictionary-size checks (as
// Arrow's write_batch_size): a page overshoots its size by at most this much.
constexpr int64_t kMiniBatch = 1024;

bool IsDictionaryEncoding(Encoding e) {
  return e == Encoding::kRleDictionary || e == Encoding::kPlainDictionary;
}

// A page carved from the file's arena.
struct ArenaSink final : page::PageSink {
  explicit ArenaSink(page::PageArena* arena) : arena(arena) {}
  uint8_t* Reserve(size_t n) override {
    const std::span<uint8_t> bytes = arena->Allocate(n);
    page = bytes;
    return bytes.data();
  }
  page::PageArena* arena;
  std::span<const uint8_t> page;
};

template <typename T>
class TypedColumnWriterImpl final : public TypedColumnWriter<T>, public ColumnChunkWriter {
 public:
  TypedColumnWriterImpl(const ColumnDescriptor& d, const WriterOptions& options,
                        const ColumnWriterOptions& col, Status* sticky, const ChunkResources& resources)
      : d_(d), options_(options), col_(col), sticky_(sticky), codecs_(resources.codecs), arena_(resources.arena),
        page_memory_limit_(resources.page_memory_limit),
        page_stats_(d, col.statistics_truncate_length, col.ieee754_total_order),
        page_index_(d, col.ieee754_total_order),
        stats_(d, col.statistics_truncate_length, col.ieee754_total_order) {
    if constexpr (std::is_same_v<T, ByteArray>) {
      if (stats::GeospatialStatisticsBuilder::AppliesTo(d)) geo_.emplace(d);
    }
  }

  Status Init(std::optional<crypto::ChunkCipher> cipher) {
    PARQ_ASSIGN_OR_RETURN(page_writer_, page::PageWriter::Make(col_.compression, col_.compression_level,
                                                               options_.write_checksums, codecs_));
    page_writer_->SetCipher(std::move(cipher));
    Encoding enc = col_.encoding.value_or(
        std::is_same_v<T, bool> && options_.data_page_v2 ? Encoding::kRle : Encoding::kPlain);
    if (IsDictionaryEncoding(enc)) {
      return Status::InvalidArgument(std::string("encoding ") + std::string(EncodingName(enc)) +
                                     " is chosen with ColumnWriterOptions::dictionary, not as the "
                                     "column's encoding");
    }
    PARQ_ASSIGN_OR_RETURN(fallback_, encoding::MakeEncoder<T>(enc, d_.physical_type, d_.type_length));
    fallback_->SetPageValuesHint(PageValuesHint());
    def_width_ = encoding::BitWidthFor(static_cast<uint64_t>(d_.max_definition_level));
    rep_width_ = encoding::BitWidthFor(static_cast<uint64_t>(d_.max_repetition_level));
    return StartChunk();
  }

  // --- ColumnWriter ---
  const ColumnDescriptor& descriptor() const override { return d_; }
  int64_t num_levels() const override { return num_levels_; }
  int64_t num_rows() const override { return num_rows_; }
  int64_t estimated_size() const override {
    int64_t dict = using_dict_ || dict_used_ ? dict_->dictionary_byte_size() : 0;
    return pages_bytes_ + dict + EstimatedPageSize();
  }
  int64_t buffered_bytes() const override {
    // During the trial the dictionary is the open page's (PageMemory).
    const int64_t dict = dict_ && !trial_ ? dict_->dictionary_memory() : 0;
    return pages_bytes_ + dict + PageMemory();
  }

  Status WriteBatch(int64_t num_levels, const int16_t* def_levels, const int16_t* rep_levels,
                    const T* values) override {
    if (!sticky_->ok()) return *sticky_;
    if (error_slot_ != nullptr && !error_slot_->ok()) return *error_slot_;
    Status st = WriteBatchImpl(num_levels, def_levels, rep_levels, values);
    if (!st.ok()) {
      st.AddContext("column " + d_.dotted_path);
      *(error_slot_ != nullptr ? error_slot_ : sticky_) = st;
    }
    return st;
  }
  // WriteBatch of values their caller ran checks_ on (WriteCheckedBatch).
  Status WriteCheckedBatch(int64_t num_levels, const int16_t* def_levels, const int16_t* rep_levels,
                           const T* values) {
    values_checked_ = true;
    Status st = WriteBatch(num_levels, def_levels, rep_levels, values);
    values_checked_ = false;
    return st;
  }

  // --- ColumnChunkWriter ---
  ColumnWriter* writer() override { return this; }
  Status Seal(ThreadPool* pool) override;
  Result<FinishedChunk> Finish(OutputStream* out) override;
  void RouteErrors(Status* slot) override { error_slot_ = slot; }
  void CompressPagesOn(ThreadPool* pool) override { page_pool_ = pool; }
  Status SettlePages() override {
    Status st = SettleAll();
    if (!st.ok()) st.AddContext("column " + d_.dotted_path);  // as WriteBatch's errors
    return st;
  }

  ~TypedColumnWriterImpl() override { DropPending(); }

 private:
  Status StartChunk();
  Status WriteBatchImpl(int64_t n, const int16_t* def, const int16_t* rep, const T* values);
  // The argument checks of WriteBatch, for n > 0 levels.
  Status CheckBatch(int64_t n, const int16_t* def, const int16_t* rep, const T* values) const;
  // The values' own checks (column/value_checks.h), for `count` non-null
  // values of the batch (a step's, just before they are encoded, while their
  // bytes are in cache).
  Status CheckValues(const T* v, int64_t count) const;
  // Where the step of levels starting at i ends: at most kMiniBatch levels,
  // not past the page's row limit, and (repeated columns) at a record start.
  int64_t StepEnd(const int16_t* rep, int64_t i, int64_t n, bool record_start, int64_t max_rows) const;
  // Adds levels [i, j) and their values (from *v, advanced past them) to the
  // open page.
  Status AddStep(const int16_t* def, const int16_t* rep, int64_t i, int64_t j, const T** v);
  Status PutValues(const T* v, int64_t n);
  // GEOMETRY / GEOGRAPHY: adds the step's `nonnull` values (from v) to geo_;
  // malformed WKB is refused naming its row.
  Status UpdateGeospatial(const int16_t* def, const int16_t* rep, int64_t i, const T* v, int64_t nonnull);

  // Writes the open page and starts the next one.
  Status FlushPage();
  // Seal's dictionary page, compressed into dict_page_ (none when no data
  // page of the chunk is dictionary-encoded).
  Status SealDictionary();
  // The open page's levels into def_bytes_ and rep_bytes_.
  void EncodeLevels();
  // The open page's values into value_bytes_; true when dictionary-encoded
  // (the first page of a trial may give the dictionary up here).
  Result<bool> EncodeValues();
  // The page's bytes (header and body, compressed, encrypted) into the
  // arena.  Const: runs on the pool's threads while the owner goes on.
  Result<page::WrittenPage> WritePage(const page::DataPageInput& in, ArenaSink* sink) const {
    return options_.data_page_v2 ? page_writer_->WriteDataPageV2(in, sink) : page_writer_->WriteDataPageV1(in, sink);
  }
  // Appends a written page to pages_ and counts it in the chunk's metadata
  // (and, with `entry`, in the page index at the offset it gets).
  void AddPage(Encoding encoding, const page::WrittenPage& w, std::span<const uint8_t> page,
               index::PageEntry* entry);
  // The open page's page index entry, all but its offset and size.
  index::PageEntry PageEntryOf(const std::optional<format::Statistics>& statistics) const;
  // CompressPagesOn: hands the flushed page (its encoded sections moved out
  // of the scratch) to a job on page_pool_; past the pages in flight allowed,
  // settles the oldest first.
  Status QueuePage(page::DataPageInput in);
  // Waits for the oldest page in flight (running it here when no thread has
  // taken it yet) and adds it; on its error, drops the others.
  Status SettleFront();
  Status SettleAll() {
    while (!pending_.empty()) PARQ_RETURN_IF_ERROR(SettleFront());
    return Status::OK();
  }
  // Lets no page job start any more and waits for those running.
  void DropPending() {
    for (auto& p : pending_) p->job->Cancel();
    pending_.clear();
  }
  // Merges the page's statistics and histograms into the chunk's and
  // empties it; switches to the fallback encoder when one is pending.
  void EndPage();
  void InsertIntoBloomFilter(const T* v, int64_t n) {
    if constexpr (std::is_same_v<T, ByteArray>) {
      for (int64_t k = 0; k < n; ++k) bloom_->Insert(v[k].view());
    } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      const size_t len = static_cast<size_t>(d_.type_length);
      for (int64_t k = 0; k < n; ++k) {
        bloom_->Insert(std::string_view(reinterpret_cast<const char*>(v[k].ptr), len));
      }
    } else if constexpr (!std::is_same_v<T, bool>) {
      for (int64_t k = 0; k < n; ++k) bloom_->Insert(v[k]);
    }
  }
  size_t def_hist_size() const {
    return d_.max_definition_level > 0 ? static_cast<size_t>(d_.max_definition_level) + 1 : 0;
  }
  size_t rep_hist_size() const {
    return d_.max_repetition_level > 0 ? static_cast<size_t>(d_.max_repetition_level) + 1 : 0;
  }
  // Memory the open page holds: its values as the encoder keeps them (an
  // index of 4 bytes each while dictionary-encoded, or the values a lean
  // trial keeps), its levels, and during the dictionary trial the dictionary
  // and (unless lean) the fallback encoding as well.
  int64_t PageMemory() const {
    int64_t bytes = def_enc_.memory() + rep_enc_.memory();
    bytes += using_dict_ ? dict_->buffered_memory() : current_->buffered_memory();
    if (trial_) bytes += fallback_->buffered_memory() + dict_->dictionary_memory();
    return bytes;
  }
  // The most values a page takes (SetPageValuesHint): a column that is not
  // repeated holds a value per row at most, so max_rows_per_page; and a
  // page of fixed-width values is cut once it reaches data_page_size, a
  // step of levels past it, or once it holds page_memory_limit_ (else the
  // last doubling before the cut would take up to twice the share).  A
  // hint: a repeated column may go past.
  // The dictionary's indices (`by_size` false) are bounded by the rows only.
  int64_t PageValuesHint(bool by_size = true) const {
    int64_t values = std::numeric_limits<int64_t>::max();
    if (d_.max_repetition_level == 0) values = std::max<int64_t>(1, options_.max_rows_per_page);
    if constexpr (std::is_arithmetic_v<T> && !std::is_same_v<T, bool>) {
      if (!by_size) return values == std::numeric_limits<int64_t>::max() ? 0 : values;
      values = std::min(values, options_.data_page_size / static_cast<int64_t>(sizeof(T)) + kMiniBatch);
      if (page_memory_limit_ > 0) {
        values = std::min(values, page_memory_limit_ / static_cast<int64_t>(sizeof(T)) + kMiniBatch);
      }
    }
    return values == std::numeric_limits<int64_t>::max() ? 0 : values;
  }
  int64_t EstimatedPageSize() const {
    return current_->EstimatedDataSize() +
           (def_count_ * def_width_ + rep_count_ * rep_width_) / 8;
  }

  const ColumnDescriptor& d_;
  const WriterOptions& options_;
  ColumnWriterOptions col_;
  Status* sticky_;
  Status* error_slot_ = nullptr;  // RouteErrors: where WriteBatch's errors go instead
  compression::CodecCache* codecs_;
  page::PageArena* arena_;
  // A page is cut once PageMemory() reaches it (0: never for memory).
  const int64_t page_memory_limit_;
  const ValueChecks checks_{d_};
  bool values_checked_ = false;  // WriteCheckedBatch under way: checks_ ran already
  const T* batch_values_ = nullptr;  // the values of the WriteBatch under way
  int def_width_ = 0, rep_width_ = 0;

  std::unique_ptr<page::PageWriter> page_writer_;
  std::unique_ptr<encoding::DictionaryEncoder<T>> dict_;
  std::unique_ptr<encoding::TypedEncoder<T>> fallback_;
  encoding::TypedEncoder<T>* current_ = nullptr;
  bool using_dict_ = false;
  bool dict_used_ = false;  // some data page of this chunk is dictionary-encoded
  bool page_full_ = false;
  bool fallback_pending_ = false;
  // The first page of a dictionary chunk is also encoded with the fallback
  // encoder; FlushPage keeps whichever is smaller (see DictionaryPays).
  bool trial_ = false;
  // A lean trial holds the first page once, dictionary-encoded (as values
  // when they are mostly distinct: DictionaryEncoder::KeepValues), and
  // encodes it with the fallback only when the page is flushed: the same
  // bytes, with a PLAIN fallback (whose bytes do not depend on how its Puts
  // are split), for about half the memory, or a third.  Not under
  // max_buffered_bytes, whose page cut counts the trial's memory as it was.
  bool lean_trial_ = false;

  // The open page.  Its statistics, histograms and unencoded bytes are
  // merged into the chunk's when it is flushed.
  // The levels, encoded as they come (RLE / bit-packed, in the page's final
  // form: a page of 20,000 levels holds a few KB, not 40 KB of int16), and
  // how many each holds.  While every definition level of the page is the
  // maximum, def_enc_ stays empty and the levels are page_levels_ copies of
  // it (def_count_ 0, as page-size estimates always counted them).
  encoding::RleBitPackedEncoder def_enc_{0}, rep_enc_{0};
  int64_t def_count_ = 0, rep_count_ = 0;
  bool page_all_defined_ = true;
  int64_t page_levels_ = 0, page_nulls_ = 0, page_rows_ = 0;
  stats::StatisticsBuilder<T> page_stats_;
  std::vector<int64_t> page_def_hist_, page_rep_hist_;
  int64_t page_unencoded_ = 0;
  index::PageIndexBuilder page_index_;
  std::optional<BloomFilter> bloom_;  // the chunk's, when enabled

  // Seal(): the chunk's compressed dictionary page (empty: none) and its
  // uncompressed size; `sealed_` until Finish writes them.
  bool sealed_ = false;
  std::vector<uint8_t> dict_page_;
  int64_t dict_uncompressed_ = 0;

  // CompressPagesOn: the pool, and the pages flushed but not yet added to
  // the chunk, oldest first.  A job touches only its PendingPage and the
  // const page writer.
  struct PendingPage {
    explicit PendingPage(page::PageArena* arena) : sink(arena) {}
    std::vector<uint8_t> rep, def, values;  // the encoded sections `in` points at
    page::DataPageInput in;
    std::optional<index::PageEntry> entry;  // with col_.page_index; its histograms are these:
    std::vector<int64_t> rep_hist, def_hist;
    ArenaSink sink;
    Status status;  // the job's
    page::WrittenPage written;
    std::shared_ptr<util::ParallelJobs> job;
  };
  ThreadPool* page_pool_ = nullptr;
  std::deque<std::unique_ptr<PendingPage>> pending_;

  // The chunk: its data pages as written (each where arena_ put it: no
  // buffer of the whole chunk grows and copies itself), and their bytes.
  std::vector<std::span<const uint8_t>> pages_;
  int64_t pages_bytes_ = 0;
  int64_t uncompressed_ = 0, compressed_ = 0;
  std::map<std::pair<format::PageType, format::Encoding>, int32_t> encoding_stats_;
  std::set<format::Encoding> encodings_;
  stats::StatisticsBuilder<T> stats_;
  // GEOMETRY / GEOGRAPHY columns: every value is read as WKB (and refused
  // when malformed), for the statistics or only to check it.
  std::optional<stats::GeospatialStatisticsBuilder> geo_;
  std::vector<int64_t> def_hist_, rep_hist_;
  int64_t unencoded_bytes_ = 0;
  int64_t num_levels_ = 0, num_rows_ = 0;

  // Scratch of one page, released once the page is written (ReleasePageScratch):
  // a file of a thousand columns does not keep a thousand pages' worth.
  std::vector<uint8_t> def_bytes_, rep_bytes_, value_bytes_, trial_bytes_;
  std::vector<T> distinct_;
  void ReleasePageScratch() {
    std::vector<uint8_t>().swap(def_bytes_);
    std::vector<uint8_t>().swap(rep_bytes_);
    std::vector<uint8_t>().swap(value_bytes_);
    std::vector<uint8_t>().swap(trial_bytes_);
    std::vector<T>().swap(distinct_);
  }

  // While a page is dictionary-encoded, its binary min and max are found
  // among the distinct entries it uses, once per page, instead of comparing
  // every value (a low-cardinality string column repeats a few entries
  // millions of times).  Every value of the page went through dict_:
  // using_dict_ changes only when a page is flushed.
  static constexpr bool kBinary = std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>;
  bool StatsFromDictionary() const {
    return kBinary && using_dict_ && page_stats_.distinct_values_suffice();
  }

  // True when the dictionary page plus the first page's indices are smaller
  // than the fallback encoding of the same values (parquet-java's first-page
  // check): a column of mostly distinct values is not worth a dictionary.
  bool DictionaryPays(int64_t fallback_size) const {
    return dict_->dictionary_byte_size() + dict_->EstimatedDataSize() < fallback_size;
  }
};

template <typename T>
Status TypedColumnWriterImpl<T>::StartChunk() {
  dict_.reset();
  using_dict_ = dict_used_ = page_full_ = fallback_pending_ = trial_ = lean_trial_ = false;
  if constexpr (!std::is_same_v<T, bool>) {
    if (col_.dictionary) {
      PARQ_ASSIGN_OR_RETURN(dict_, encoding::MakeDictionaryEncoder<T>(d_.physical_type, d_.type_length));
      dict_->SetPageValuesHint(PageValuesHint(false));
      using_dict_ = true;
      trial_ = col_.dictionary_only_if_smaller;
      lean_trial_ = trial_ && fallback_->encoding() == Encoding::kPlain && options_.max_buffered_bytes == 0;
    }
  }
  current_ = using_dict_ ? static_cast<encoding::TypedEncoder<T>*>(dict_.get()) : fallback_.get();
  def_enc_ = encoding::RleBitPackedEncoder(def_width_);
  rep_enc_ = encoding::RleBitPackedEncoder(rep_width_);
  def_count_ = rep_count_ = 0;
  page_all_defined_ = true;
  page_levels_ = page_nulls_ = page_rows_ = 0;
  page_stats_.Reset();
  page_def_hist_.assign(def_hist_size(), 0);
  page_rep_hist_.assign(rep_hist_size(), 0);
  page_unencoded_ = 0;
  page_index_.Reset();
  bloom_.reset();
  if (col_.bloom_filter && !std::is_same_v<T, bool>) {
    bloom_.emplace(BloomFilter::OptimalNumBytes(col_.bloom_filter_ndv, col_.bloom_filter_fpp,
                                                col_.bloom_filter_max_bytes));
  }
  pages_.clear();
  pages_bytes_ = 0;
  uncompressed_ = compressed_ = 0;
  encoding_stats_.clear();
  encodings_.clear();
  stats_.Reset();
  if (geo_) geo_->Reset();
  def_hist_.assign(def_hist_size(), 0);
  rep_hist_.assign(rep_hist_size(), 0);
  unencoded_bytes_ = 0;
  num_levels_ = num_rows_ = 0;
  return Status::OK();
}

template <typename T>
Status TypedColumnWriterImpl<T>::WriteBatchImpl(int64_t n, const int16_t* def, const int16_t* rep,
                                                const T* values) {
  if (n < 0) return Status::InvalidArgument("negative level count " + std::to_string(n));
  if (n == 0) return Status::OK();
  PARQ_RETURN_IF_ERROR(CheckBatch(n, def, rep, values));
  const int64_t max_rows = std::max<int64_t>(1, options_.max_rows_per_page);
  const T* v = values;
  batch_values_ = values;
  for (int64_t i = 0; i < n;) {
    const bool record_start = d_.max_repetition_level == 0 || rep[i] == 0;
    if (record_start && page_levels_ > 0 && (page_full_ || fallback_pending_)) {
      PARQ_RETURN_IF_ERROR(FlushPage());
    }
    const int64_t j = StepEnd(rep, i, n, record_start, max_rows);
    PARQ_RETURN_IF_ERROR(AddStep(def, rep, i, j, &v));
    i = j;
    if (using_dict_ && dict_->dictionary_byte_size() > col_.dictionary_page_size_limit) {
      fallback_pending_ = true;
    }
    if (trial_ && lean_trial_) dict_->KeepValues();
    if (page_rows_ >= max_rows || EstimatedPageSize() >= options_.data_page_size ||
        (page_memory_limit_ > 0 && PageMemory() >= page_memory_limit_)) {
      page_full_ = true;
    }
  }
  return Status::OK();
}

// kInvalidArgument naming the first of levels[0, n) outside 0..max_level.
Status CheckLevelRange(const int16_t* levels, int64_t n, int16_t max_level, const char* what) {
  for (int64_t i = 0; i < n; ++i) {
    if (levels[i] < 0 || levels[i] > max_level) {
      return Status::InvalidArgument(std::string(what) + " level " + std::to_string(levels[i]) +
                                     " at entry " + std::to_string(i) + " is outside 0.." +
                                     std::to_string(max_level));
    }
  }
  return Status::OK();
}

template <typename T>
Status TypedColumnWriterImpl<T>::CheckBatch(int64_t n, const int16_t* def, const int16_t* rep,
                                            const T* values) const {
  const int16_t max_def = d_.max_definition_level, max_rep = d_.max_repetition_level;
  if (max_def > 0 && def == nullptr) {
    return Status::InvalidArgument("definition levels are required (max definition level " +
                                   std::to_string(max_def) + ")");
  }
  if (max_rep > 0 && rep == nullptr) {
    return Status::InvalidArgument("repetition levels are required (max repetition level " +
                                   std::to_string(max_rep) + ")");
  }
  if (max_def > 0) PARQ_RETURN_IF_ERROR(CheckLevelRange(def, n, max_def, "definition"));
  if (max_rep > 0) {
    PARQ_RETURN_IF_ERROR(CheckLevelRange(rep, n, max_rep, "repetition"));
    if (num_levels_ == 0 && rep[0] != 0) {
      return Status::InvalidArgument("the first repetition level of a column chunk must be 0, not " +
                                     std::to_string(rep[0]));
    }
  }
  if (values == nullptr) {
    bool any = max_def == 0;
    for (int64_t i = 0; !any && i < n; ++i) any = def[i] == max_def;
    if (any) return Status::InvalidArgument("values is null but the levels hold non-null entries");
  }
  return Status::OK();
}

template <typename T>
Status TypedColumnWriterImpl<T>::CheckValues(const T* v, int64_t count) const {
  auto bad = [this, v](int64_t k, const Status& what) {
    return Status::InvalidArgument("non-null value " + std::to_string(v - batch_values_ + k) + " of the batch: " +
                                   what.message());
  };
  if constexpr (std::is_same_v<T, ByteArray>) {
    if (checks_.utf8()) {
      // Values whose bytes follow one another (an arena, Arrow's offsets and
      // characters) are one run: all ASCII, every value in it is UTF-8;
      // otherwise each is checked alone (a sequence must not straddle two).
      for (int64_t k = 0; k < count;) {
        const uint8_t* const start = v[k].ptr;
        const uint8_t* end = start + v[k].len;
        int64_t j = k + 1;
        while (j < count && v[j].ptr == end) end += v[j++].len;
        if (!util::IsAscii(start, static_cast<size_t>(end - start))) [[unlikely]] {
          for (int64_t i = k; i < j; ++i) {
            if (Status st = checks_.Utf8(v[i].ptr, v[i].len); !st.ok()) return bad(i, st);
          }
        }
        k = j;
      }
    }
  }
  if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
    if (checks_.decimal()) {
      for (int64_t k = 0; k < count; ++k) {
        if (Status st = checks_.Digits(int64_t{v[k]}); !st.ok()) [[unlikely]] return bad(k, st);
      }
    }
  }
  if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>) {
    if (checks_.decimal()) {
      for (int64_t k = 0; k < count; ++k) {
        size_t len = static_cast<size_t>(d_.type_length);
        if constexpr (std::is_same_v<T, ByteArray>) len = v[k].len;
        if (Status st = checks_.Digits(v[k].ptr, len); !st.ok()) [[unlikely]] return bad(k, st);
      }
    }
  }
  return Status::OK();
}

template <typename T>
int64_t TypedColumnWriterImpl<T>::StepEnd(const int16_t* rep, int64_t i, int64_t n, bool record_start,
                                          int64_t max_rows) const {
  if (d_.max_repetition_level == 0) {
    return std::min(n, i + std::min(std::max<int64_t>(1, max_rows - page_rows_), kMiniBatch));
  }
  int64_t j = i + 1;
  int64_t rows = record_start ? 1 : 0;
  while (j < n) {
    if (rep[j] == 0) {
      if (page_rows_ + rows >= max_rows || j - i >= kMiniBatch) break;
      ++rows;
    }
    ++j;
  }
  return j;
}

template <typename T>
Status TypedColumnWriterImpl<T>::AddStep(const int16_t* def, const int16_t* rep, int64_t i, int64_t j,
                                         const T** v) {
  const int16_t max_def = d_.max_definition_level;
  const int64_t m = j - i;
  int64_t nonnull = m, rows = m;
  if (max_def > 0) {
    nonnull = 0;
    for (int64_t k = i; k < j; ++k) nonnull += def[k] == max_def;
    if (page_all_defined_ && nonnull == m) {
      page_def_hist_[static_cast<size_t>(max_def)] += m;  // levels kept as a count only
    } else {
      if (page_all_defined_) {
        page_all_defined_ = false;
        def_enc_.PutRun(static_cast<uint32_t>(max_def), page_levels_);
        def_count_ = page_levels_;
      }
      for (int64_t k = i; k < j; ++k) ++page_def_hist_[static_cast<size_t>(def[k])];
      def_enc_.PutBatch(def + i, m);
      def_count_ += m;
    }
  }
  if (d_.max_repetition_level > 0) {
    rows = 0;
    for (int64_t k = i; k < j; ++k) {
      rows += rep[k] == 0;
      ++page_rep_hist_[static_cast<size_t>(rep[k])];
    }
    rep_enc_.PutBatch(rep + i, m);
    rep_count_ += m;
  }
  if (nonnull > 0) {
    if constexpr (std::is_same_v<T, ByteArray>) {
      // Without statistics the values are read only to be checked, which
      // WriteCheckedBatch's caller did already.
      if (geo_ && (col_.statistics || !values_checked_)) {
        PARQ_RETURN_IF_ERROR(UpdateGeospatial(def, rep, i, *v, nonnull));
      }
    }
    PARQ_RETURN_IF_ERROR(PutValues(*v, nonnull));
    *v += nonnull;
  }
  page_stats_.AddNulls(m - nonnull);
  page_levels_ += m;
  page_nulls_ += m - nonnull;
  page_rows_ += rows;
  num_levels_ += m;
  num_rows_ += rows;
  return Status::OK();
}

template <typename T>
Status TypedColumnWriterImpl<T>::UpdateGeospatial(const int16_t* def, const int16_t* rep, int64_t i, const T* v,
                                                  int64_t nonnull) {
  if constexpr (std::is_same_v<T, ByteArray>) {
    for (int64_t k = 0; k < nonnull; ++k) {
      Status st = geo_->Update(v[k].view());
      if (st.ok()) [[likely]] continue;
      // The row of the k-th non-null level of the step, counted in the row group.
      const int16_t max_def = d_.max_definition_level;
      int64_t row = num_rows_ - 1, seen = -1;
      for (int64_t l = i; seen < k; ++l) {
        if (d_.max_repetition_level == 0 || rep[l] == 0) ++row;
        if (max_def == 0 || def[l] == max_def) ++seen;
      }
      return Status::InvalidArgument("row " + std::to_string(row) + " of the row group (non-null value " +
                                     std::to_string(v - batch_values_ + k) + " of the batch): " + st.message());
    }
  }
  return Status::OK();
}

template <typename T>
Status TypedColumnWriterImpl<T>::PutValues(const T* v, int64_t n) {
  if (checks_.any() && !values_checked_) PARQ_RETURN_IF_ERROR(CheckValues(v, n));
  PARQ_RETURN_IF_ERROR(current_->Put(v, n));
  if (trial_ && !lean_trial_) PARQ_RETURN_IF_ERROR(fallback_->Put(v, n));
  if (col_.statistics && !StatsFromDictionary()) page_stats_.Update(v, n);
  if (bloom_) InsertIntoBloomFilter(v, n);
  if constexpr (std::is_same_v<T, ByteArray>) {
    for (int64_t k = 0; k < n; ++k) page_unencoded_ += v[k].len;
  }
  return Status::OK();
}

template <typename T>
Status TypedColumnWriterImpl<T>::FlushPage() {
  if (page_levels_ > std::numeric_limits<int32_t>::max()) {
    return Status::LimitExceeded("a page of " + std::to_string(page_levels_) +
                                 " level entries exceeds the format's int32 count");
  }
  if constexpr (kBinary) {
    if (col_.statistics && StatsFromDictionary()) {
      distinct_.clear();
      dict_->AppendBufferedDistinct(&distinct_);
      page_stats_.Update(distinct_.data(), static_cast<int64_t>(distinct_.size()));
    }
  }
  EncodeLevels();
  PARQ_ASSIGN_OR_RETURN(const bool dict_page, EncodeValues());
  page::DataPageInput in;
  in.num_values = static_cast<int32_t>(page_levels_);
  in.num_nulls = static_cast<int32_t>(page_nulls_);
  in.num_rows = static_cast<int32_t>(page_rows_);
  in.encoding = dict_page ? Encoding::kRleDictionary : fallback_->encoding();
  in.rep_levels = &rep_bytes_;
  in.def_levels = &def_bytes_;
  in.values = &value_bytes_;
  if (col_.statistics) in.statistics = page_stats_.ToFormat();
  in.page_ordinal = page_writer_->TakeDataPageOrdinal();
  if (page_pool_ != nullptr) {
    PARQ_RETURN_IF_ERROR(QueuePage(std::move(in)));
  } else {
    std::optional<index::PageEntry> entry;
    if (col_.page_index) entry = PageEntryOf(in.statistics);
    ArenaSink sink(arena_);
    PARQ_ASSIGN_OR_RETURN(const page::WrittenPage w, WritePage(in, &sink));
    AddPage(in.encoding, w, sink.page, entry ? &*entry : nullptr);
  }
  dict_used_ = dict_used_ || dict_page;
  EndPage();
  ReleasePageScratch();
  return Status::OK();
}

template <typename T>
void TypedColumnWriterImpl<T>::EncodeLevels() {
  def_bytes_.clear();
  rep_bytes_.clear();
  // The same bytes as the page's levels Put at once: the encoder's stream
  // does not depend on how its Puts are split.
  if (d_.max_repetition_level > 0) rep_enc_.Flush(&rep_bytes_);
  if (d_.max_definition_level > 0) {
    if (page_all_defined_) def_enc_.PutRun(static_cast<uint32_t>(d_.max_definition_level), page_levels_);
    def_enc_.Flush(&def_bytes_);
  }
  def_count_ = rep_count_ = 0;
}

template <typename T>
Result<bool> TypedColumnWriterImpl<T>::EncodeValues() {
  value_bytes_.clear();
  // While the dictionary is still empty (every value so far null) the page
  // holds no values: write it PLAIN rather than emit an empty dictionary page,
  // which some readers cannot decompress.
  bool dict_page = using_dict_ && dict_->num_entries() > 0;
  if (trial_ && dict_page) {
    // The first page with values decides between the dictionary and the
    // fallback encoding, both of which hold its values (a lean trial's
    // fallback gets them from the dictionary now).
    trial_ = false;
    trial_bytes_.clear();
    if (lean_trial_) PARQ_RETURN_IF_ERROR(dict_->PutBufferedValues(fallback_.get()));
    PARQ_RETURN_IF_ERROR(fallback_->FlushValues(&trial_bytes_));
    if (!DictionaryPays(static_cast<int64_t>(trial_bytes_.size()))) {
      using_dict_ = fallback_pending_ = false;
      current_ = fallback_.get();
      dict_.reset();
      value_bytes_.swap(trial_bytes_);
      return false;
    }
  }
  encoding::TypedEncoder<T>* values_encoder = (dict_page || !using_dict_) ? current_ : fallback_.get();
  PARQ_RETURN_IF_ERROR(values_encoder->FlushValues(&value_bytes_));
  return dict_page;
}

template <typename T>
Status TypedColumnWriterImpl<T>::QueuePage(page::DataPageInput in) {
  auto p = std::make_unique<PendingPage>(arena_);
  p->rep.swap(rep_bytes_);
  p->def.swap(def_bytes_);
  p->values.swap(value_bytes_);
  p->in = std::move(in);
  p->in.rep_levels = &p->rep;
  p->in.def_levels = &p->def;
  p->in.values = &p->values;
  if (col_.page_index) {
    p->entry = PageEntryOf(p->in.statistics);
    if (col_.size_statistics) {
      p->rep_hist = page_rep_hist_;
      p->def_hist = page_def_hist_;
      p->entry->rep_histogram = p->rep_hist;
      p->entry->def_histogram = p->def_hist;
    }
  }
  PendingPage* raw = p.get();
  p->job = util::ParallelJobs::Start(
      *page_pool_, 1,
      [this, raw](size_t) {
        Result<page::WrittenPage> w = WritePage(raw->in, &raw->sink);
        if (w.ok()) {
          raw->written = *w;
        } else {
          raw->status = w.status();
        }
      },
      1);
  pending_.push_back(std::move(p));
  // Pages in flight for this leaf: enough to keep the pool's threads busy
  // with one expensive column, few enough to bound the memory.
  const size_t max_in_flight = static_cast<size_t>(std::max(2, page_pool_->size()));
  return pending_.size() > max_in_flight ? SettleFront() : Status::OK();
}

template <typename T>
Status TypedColumnWriterImpl<T>::SettleFront() {
  std::unique_ptr<PendingPage> p = std::move(pending_.front());
  pending_.pop_front();
  p->job->Join();
  if (!p->status.ok()) {
    DropPending();
    return p->status;
  }
  AddPage(p->in.encoding, p->written, p->sink.page, p->entry ? &*p->entry : nullptr);
  return Status::OK();
}

template <typename T>
void TypedColumnWriterImpl<T>::AddPage(Encoding encoding, const page::WrittenPage& w,
                                       std::span<const uint8_t> page, index::PageEntry* entry) {
  if (entry != nullptr) {
    entry->offset = pages_bytes_;
    entry->compressed_size = static_cast<int32_t>(w.compressed_size);  // < 2 GiB: checked by the page writer
    page_index_.AddPage(*entry);
  }
  pages_bytes_ += static_cast<int64_t>(page.size());
  pages_.push_back(page);
  const format::PageType type = options_.data_page_v2 ? format::PageType::DATA_PAGE_V2 : format::PageType::DATA_PAGE;
  auto enc = static_cast<format::Encoding>(encoding);
  ++encoding_stats_[{type, enc}];
  encodings_.insert(enc);
  if (d_.max_definition_level > 0 || d_.max_repetition_level > 0 || !options_.data_page_v2) {
    encodings_.insert(format::Encoding::RLE);
  }
  uncompressed_ += w.uncompressed_size;
  compressed_ += w.compressed_size;
}

template <typename T>
index::PageEntry TypedColumnWriterImpl<T>::PageEntryOf(const std::optional<format::Statistics>& statistics) const {
  index::PageEntry e;
  e.first_row = num_rows_ - page_rows_;
  e.num_values = page_levels_;
  e.null_count = page_nulls_;
  if (statistics) {
    e.nan_count = statistics->nan_count;
    e.has_min_max = statistics->min_value.has_value();
    if (e.has_min_max) {
      e.min = *statistics->min_value;
      e.max = *statistics->max_value;
    }
  }
  if (col_.size_statistics) {
    e.rep_histogram = page_rep_hist_;
    e.def_histogram = page_def_hist_;
    if constexpr (std::is_same_v<T, ByteArray>) e.unencoded_bytes = page_unencoded_;
  }
  return e;
}

template <typename T>
void TypedColumnWriterImpl<T>::EndPage() {
  stats_.Merge(page_stats_);
  page_stats_.Reset();
  for (size_t k = 0; k < def_hist_.size(); ++k) def_hist_[k] += page_def_hist_[k];
  for (size_t k = 0; k < rep_hist_.size(); ++k) rep_hist_[k] += page_rep_hist_[k];
  std::fill(page_def_hist_.begin(), page_def_hist_.end(), 0);
  std::fill(page_rep_hist_.begin(), page_rep_hist_.end(), 0);
  unencoded_bytes_ += page_unencoded_;
  page_unencoded_ = 0;
  page_all_defined_ = true;
  page_levels_ = page_nulls_ = page_rows_ = 0;
  page_full_ = false;
  if (fallback_pending_) {
    fallback_pending_ = false;
    using_dict_ = false;
    current_ = fallback_.get();
  }
}

template <typename T>
Status TypedColumnWriterImpl<T>::Seal(ThreadPool* pool) {
  if (!sticky_->ok()) return *sticky_;
  if (sealed_) return Status::OK();
  PARQ_RETURN_IF_ERROR(SettleAll());
  if (page_levels_ > 0) {
    // With a pool the last page compresses there while the dictionary
    // page compresses here.
    page_pool_ = pool;
    Status st = FlushPage();
    page_pool_ = nullptr;
    PARQ_RETURN_IF_ERROR(st);
  }
  Status dict = SealDictionary();
  // The data page's error first, as one thread meets them.
  PARQ_RETURN_IF_ERROR(SettleAll());
  PARQ_RETURN_IF_ERROR(dict);
  sealed_ = true;
  return Status::OK();
}

template <typename T>
Status TypedColumnWriterImpl<T>::SealDictionary() {
  dict_page_.clear();
  dict_uncompressed_ = 0;
  if (!dict_used_) return Status::OK();
  std::vector<uint8_t> dict_plain;
  dict_->WriteDictionaryPage(&dict_plain);
  if (dict_->num_entries() > std::numeric_limits<int32_t>::max()) {
    return Status::LimitExceeded("dictionary of " + std::to_string(dict_->num_entries()) + " entries");
  }
  PARQ_ASSIGN_OR_RETURN(page::WrittenPage w,
                        page_writer_->WriteDictionaryPage(
                            dict_plain, static_cast<int32_t>(dict_->num_entries()), &dict_page_));
  dict_uncompressed_ = w.uncompressed_size;
  ++encoding_stats_[{format::PageType::DICTIONARY_PAGE, format::Encoding::PLAIN}];
  encodings_.insert(format::Encoding::PLAIN);
  return Status::OK();
}

template <typename T>
Result<FinishedChunk> TypedColumnWriterImpl<T>::Finish(OutputStream* out) {
  PARQ_RETURN_IF_ERROR(Seal(nullptr));
  sealed_ = false;
  std::vector<uint8_t> dict_page = std::move(dict_page_);
  dict_page_ = {};
  const int64_t dict_uncompressed = dict_uncompressed_;
  const int64_t start = static_cast<int64_t>(out->Tell());
  if (!dict_page.empty()) PARQ_RETURN_IF_ERROR(out->Write(dict_page.data(), dict_page.size()));
  for (const std::span<const uint8_t> page : pages_) PARQ_RETURN_IF_ERROR(out->Write(page.data(), page.size()));

  format::ColumnMetaData md;
  md.type = static_cast<format::Type>(d_.physical_type);
  md.encodings.assign(encodings_.begin(), encodings_.end());
  md.path_in_schema = thrift::ToStringVector(d_.path);
  md.codec = static_cast<format::CompressionCodec>(col_.compression);
  md.num_values = num_levels_;
  md.total_uncompressed_size = uncompressed_ + dict_uncompressed;
  md.total_compressed_size = compressed_ + static_cast<int64_t>(dict_page.size());
  md.data_page_offset = start + static_cast<int64_t>(dict_page.size());
  if (!dict_page.empty()) md.dictionary_page_offset = start;
  if (col_.statistics) md.statistics = stats_.ToFormat();
  if (col_.statistics && geo_) md.geospatial_statistics = geo_->ToFormat();
  thrift::Vector<format::PageEncodingStats> es;
  for (const auto& [key, count] : encoding_stats_) {
    format::PageEncodingStats s;
    s.page_type = key.first;
    s.encoding = key.second;
    s.count = count;
    es.push_back(s);
  }
  md.encoding_stats = std::move(es);
  if (col_.size_statistics) {
    format::SizeStatistics ss;
    if constexpr (std::is_same_v<T, ByteArray>) ss.unencoded_byte_array_data_bytes = unencoded_bytes_;
    if (!rep_hist_.empty()) ss.repetition_level_histogram = thrift::ToVector(rep_hist_);
    if (!def_hist_.empty()) ss.definition_level_histogram = thrift::ToVector(def_hist_);
    md.size_statistics = std::move(ss);
  }
  FinishedChunk done;
  done.chunk.file_offset = start;
  if (col_.page_index && page_index_.num_pages() > 0) {
    if (col_.statistics) done.column_index = page_index_.BuildColumnIndex();
    done.offset_index = page_index_.BuildOffsetIndex(md.data_page_offset);
  }
  done.chunk.meta_data = std::move(md);
  if (bloom_) done.bloom_filter = std::move(*bloom_);
  page_writer_->NextChunk();
  PARQ_RETURN_IF_ERROR(StartChunk());
  return done;
}

template <typename T>
Result<std::unique_ptr<ColumnChunkWriter>> MakeTyped(const ColumnDescriptor& d, const WriterOptions& options,
                                                     Status* sticky, const ChunkResources& resources,
                                                     std::optional<crypto::ChunkCipher> cipher) {
  auto w = std::make_unique<TypedColumnWriterImpl<T>>(d, options, options.ForColumn(d.dotted_path), sticky,
                                                      resources);
  Status st = w->Init(std::move(cipher));
  if (!st.ok()) return std::move(st.AddContext("column " + d.dotted_path));
  return std::unique_ptr<ColumnChunkWriter>(std::move(w));
}

}  // namespace

Result<std::unique_ptr<ColumnChunkWriter>> MakeColumnChunkWriter(const ColumnDescriptor& d,
                                                                 const WriterOptions& options,
                                                                 Status* sticky, const ChunkResources& resources,
                                                                 std::optional<crypto::ChunkCipher> cipher) {
  switch (d.physical_type) {
    case PhysicalType::kBoolean: return MakeTyped<bool>(d, options, sticky, resources, std::move(cipher));
    case PhysicalType::kInt32: return MakeTyped<int32_t>(d, options, sticky, resources, std::move(cipher));
    case PhysicalType::kInt64: return MakeTyped<int64_t>(d, options, sticky, resources, std::move(cipher));
    case PhysicalType::kInt96: return MakeTyped<Int96>(d, options, sticky, resources, std::move(cipher));
    case PhysicalType::kFloat: return MakeTyped<float>(d, options, sticky, resources, std::move(cipher));
    case PhysicalType::kDouble: return MakeTyped<double>(d, options, sticky, resources, std::move(cipher));
    case PhysicalType::kByteArray: return MakeTyped<ByteArray>(d, options, sticky, resources, std::move(cipher));
    case PhysicalType::kFixedLenByteArray: return MakeTyped<FixedLenByteArray>(d, options, sticky, resources, std::move(cipher));
  }
  return Status::InvalidArgument("column " + d.dotted_path + " has an unknown physical type " +
                                 std::to_string(static_cast<int>(d.physical_type)));
}

template <typename T>
Status WriteCheckedBatch(TypedColumnWriter<T>& writer, int64_t num_levels, const int16_t* def_levels,
                         const int16_t* rep_levels, const T* values) {
  if (auto* ours = dynamic_cast<TypedColumnWriterImpl<T>*>(&writer)) {
    return ours->WriteCheckedBatch(num_levels, def_levels, rep_levels, values);
  }
  return writer.WriteBatch(num_levels, def_levels, rep_levels, values);
}

template Status WriteCheckedBatch(TypedColumnWriter<bool>&, int64_t, const int16_t*, const int16_t*, const bool*);
template Status WriteCheckedBatch(TypedColumnWriter<int32_t>&, int64_t, const int16_t*, const int16_t*,
                                  const int32_t*);
template Status WriteCheckedBatch(TypedColumnWriter<int64_t>&, int64_t, const int16_t*, const int16_t*,
                                  const int64_t*);
template Status WriteCheckedBatch(TypedColumnWriter<Int96>&, int64_t, const int16_t*, const int16_t*, const Int96*);
template Status WriteCheckedBatch(TypedColumnWriter<float>&, int64_t, const int16_t*, const int16_t*, const float*);
template Status WriteCheckedBatch(TypedColumnWriter<double>&, int64_t, const int16_t*, const int16_t*,
                                  const double*);
template Status WriteCheckedBatch(TypedColumnWriter<ByteArray>&, int64_t, const int16_t*, const int16_t*,
                                  const ByteArray*);
template Status WriteCheckedBatch(TypedColumnWriter<FixedLenByteArray>&, int64_t, const int16_t*, const int16_t*,
                                  const FixedLenByteArray*);

}  // namespace parq::column
