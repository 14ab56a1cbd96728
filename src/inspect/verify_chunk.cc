// VerifyChunk: one column chunk checked against its own pages.  The chunk's
// bytes are read from the file once; the page walk (headers, CRCs) and the
// column reader (levels and values) both work on those bytes.  Each data
// page's levels and values are tallied (counts, histograms, statistics,
// byte-array sizes) as the column reader returns them — a batch never spans
// two pages, and a page holds the levels its header says, so the batches are
// attributed to the walked pages in order — and then compared with what the
// page headers, the chunk's metadata, its ColumnIndex and OffsetIndex and its
// Bloom filter declare.  The levels and values of a shredded VARIANT
// group's leaves are kept for the group's check (verify_variant.cc).
#include <algorithm>
#include <cmath>
#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "column/column_reader_internal.h"
#include "column/value_checks.h"
#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "file/page_info_internal.h"
#include "format/writer_version.h"
#include "inspect/verify_internal.h"
#include "json/leaf_format.h"
#include "json/variant_json.h"
#include "page/chunk_range.h"
#include "page/page_walk.h"
#include "parq/bloom_filter.h"
#include "parq/page_index.h"
#include "stats/statistics_builder.h"
#include "stats/wkb_reader.h"
#include "thrift/string.h"
#include "variant/metadata.h"

namespace parq::verify_internal {
namespace {

// The file as the chunk's bytes, already read: reads inside them are copies,
// any other is an error (nothing else of the file is needed).
class ChunkBytesFile final : public RandomAccessFile {
 public:
  ChunkBytesFile(const RandomAccessFile& file, uint64_t offset, std::span<const uint8_t> bytes)
      : size_(file.size()), name_(file.name()), offset_(offset), bytes_(bytes) {}
  uint64_t size() const override { return size_; }
  const std::string& name() const override { return name_; }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    if (offset < offset_ || offset - offset_ > bytes_.size() || length > bytes_.size() - (offset - offset_)) {
      return Status::Internal("a read outside the column chunk");
    }
    if (length > 0) std::memcpy(out, bytes_.data() + (offset - offset_), length);
    return Status::OK();
  }

 private:
  uint64_t size_;
  std::string name_;
  uint64_t offset_;
  std::span<const uint8_t> bytes_;
};

std::string Str(int64_t v) { return std::to_string(v); }

// What one column's values are, for the checks that depend on it.
struct ColumnTraits {
  stats::CompareKind kind;
  bool total_order;  // IEEE_754_TOTAL_ORDER
  bool bounds;       // min/max are checked (a known sort order)
  bool floating;     // NaN counts apply
  std::string writer_bug;  // what explains wrong bounds
};

// The tallies of one data page's levels and values.
template <typename T>
struct PageTally {
  explicit PageTally(const ColumnDescriptor& d, bool total_order)
      : stats(d, 0, total_order),
        def_hist(static_cast<size_t>(d.max_definition_level) + 1, 0),
        rep_hist(static_cast<size_t>(d.max_repetition_level) + 1, 0) {}
  stats::StatisticsBuilder<T> stats;
  std::vector<int64_t> def_hist, rep_hist;
  int64_t levels = 0, nulls = 0, values = 0, rows = 0, unencoded = 0;
  // Nulls of the leaf itself (definition level from the nearest repeated
  // ancestor's up to below the max): what some writers (Arrow C++, Polars)
  // count as a nested column's null_count, where others (parquet-java,
  // arrow-rs, DuckDB) count every level below the max, empty and null lists
  // too.  The format does not say which; docs/cli.md states the rule.
  int64_t leaf_nulls = 0;
};

class Checker {
 public:
  // `cipher`: the chunk's when its column is encrypted (else null).
  Checker(const ChunkCheck& c, const ColumnDescriptor& d, std::shared_ptr<const format::ColumnChunk> chunk,
          std::shared_ptr<const crypto::ChunkCipher> cipher, const std::optional<std::string>& created_by)
      : c_(c), d_(d), chunk_owner_(std::move(chunk)), chunk_(*chunk_owner_), md_(*chunk_.meta_data),
        cipher_(std::move(cipher)), created_by_(created_by), f_(d) {
    where_.row_group = c.row_group;
    where_.column = d.dotted_path;
    const std::string order = c.reader.metadata().column_order(c.column);
    t_.kind = stats::CompareKindFor(d);
    t_.total_order = order == "IEEE_754_TOTAL_ORDER" &&
                     (t_.kind == stats::CompareKind::kFloat || t_.kind == stats::CompareKind::kFloat16);
    t_.bounds = t_.kind != stats::CompareKind::kNone && order != "UNKNOWN" &&
                stats::SortOrderFor(d) != stats::SortOrder::kUnknown;
    t_.floating = t_.kind == stats::CompareKind::kFloat || t_.kind == stats::CompareKind::kFloat16;
    const bool binary =
        d.physical_type == PhysicalType::kByteArray || d.physical_type == PhysicalType::kFixedLenByteArray;
    if (binary && created_by) t_.writer_bug = std::string(format::BinaryStatisticsBug(*created_by));
  }

  Status Run();

 private:
  Where At(const PageInfo& p) const {
    Where w = where_;
    w.page = p.ordinal;
    w.file_offset = static_cast<int64_t>(p.file_offset);
    return w;
  }
  void Add(std::string_view rule, std::string_view spec, std::string message, const Where& w,
           std::string bug = "") {
    c_.findings.Add(rule, spec, std::move(message), w, std::move(bug));
  }
  std::string ValueText(std::string_view plain) const {
    std::string out;
    if (!f_.Plain(out, {reinterpret_cast<const uint8_t*>(plain.data()), plain.size()}).ok()) {
      out = "<" + Str(static_cast<int64_t>(plain.size())) + " bytes>";
    }
    return out;
  }

  void CheckPageHeaders();
  void CheckChunkLayout();
  template <typename T>
  Status ReadValues(ColumnReader& reader);
  template <typename T>
  void CheckValue(const T& v, PageTally<T>& tally, const Where& w);
  template <typename T>
  void CheckTallies(std::vector<PageTally<T>>& tallies, bool complete);
  // Statistics (chunk or page) against the tally of the values.
  // page_index: the bounds of a ColumnIndex entry (rule "column-index-bounds").
  // leaf_nulls: another null count accepted (see PageTally::leaf_nulls).
  template <typename T>
  void CheckStatistics(const EncodedStatistics& s, const stats::StatisticsBuilder<T>& actual, int64_t leaf_nulls,
                       const Where& w, const std::string& what, bool page_index = false);
  // One stored bound against the least (is_min) or greatest actual value.
  void CheckBound(std::string_view stored, std::string_view actual, bool is_min, std::optional<bool> exact,
                  const Where& w, const std::string& what, bool page_index);
  // The chunk's index as read: null when it has none, it does not read, or
  // it has another number of pages than the chunk has data pages (each but
  // the first a finding).  *w gets the index's offset.
  template <typename Index>
  const Index* Usable(const Result<std::optional<Index>>& read, const std::optional<int64_t>& offset,
                      const char* name, const char* rule, const char* spec, Where* w) {
    if (offset) w->file_offset = *offset;
    if (!read.ok()) {
      c_.findings.AddError(read.status(), *w, std::string("reading the ") + name);
      return nullptr;
    }
    if (!*read) return nullptr;
    if (static_cast<size_t>((*read)->num_pages()) != data_pages_.size()) {
      Add(rule, spec,
          std::string(name) + " of " + Str((*read)->num_pages()) + " pages, the chunk has " +
              Str(static_cast<int64_t>(data_pages_.size())) + " data pages",
          *w);
      return nullptr;
    }
    return &**read;
  }
  template <typename T>
  void CheckColumnIndex(const std::vector<PageTally<T>>& tallies);
  template <typename T>
  void CheckOffsetIndex(const std::vector<PageTally<T>>& tallies);
  template <typename T>
  void CheckSizeStatistics(const std::vector<PageTally<T>>& tallies);
  void CheckVariantValue(std::span<const uint8_t> value, const Where& w);
  template <typename T>
  void Keep(const int16_t* def, const int16_t* rep, const T* values, int64_t n, int64_t nv);
  int Compare(std::string_view a, std::string_view b) const {
    return t_.total_order ? stats::CompareTotalOrder(t_.kind, d_.physical_type, a, b)
                          : stats::CompareEncoded(t_.kind, d_.physical_type, a, b);
  }
  bool IsNaN(std::string_view v) const;
  size_t FixedWidth() const;

  const ChunkCheck& c_;
  const ColumnDescriptor& d_;
  std::shared_ptr<const format::ColumnChunk> chunk_owner_;
  const format::ColumnChunk& chunk_;
  const format::ColumnMetaData& md_;
  std::shared_ptr<const crypto::ChunkCipher> cipher_;
  const std::optional<std::string>& created_by_;
  LeafFormatter f_;
  ColumnTraits t_;
  Where where_;
  std::vector<PageInfo> pages_;     // every page walked
  std::vector<size_t> data_pages_;  // indexes into pages_ of the data pages
  std::optional<BloomFilter> bloom_;
  // VARIANT: this leaf is a variant's metadata or value column.
  VariantMetadataColumn* variant_metadata_ = nullptr;        // filling it (metadata)
  const VariantMetadataColumn* variant_pair_ = nullptr;      // checking against it (value)
  int64_t entry_ = 0;                                        // level entries so far
  // A leaf of a shredded VARIANT group: its levels and values kept for
  // CheckShreddedVariant.
  ShreddedVariant* shredded_ = nullptr;
  LeafBuffer* keep_ = nullptr;
  size_t keep_slot_ = 0;
};

size_t Checker::FixedWidth() const {
  switch (d_.physical_type) {
    case PhysicalType::kBoolean: return 1;
    case PhysicalType::kInt32:
    case PhysicalType::kFloat: return 4;
    case PhysicalType::kInt64:
    case PhysicalType::kDouble: return 8;
    case PhysicalType::kInt96: return 12;
    case PhysicalType::kFixedLenByteArray: return static_cast<size_t>(d_.type_length);
    case PhysicalType::kByteArray: return 0;
  }
  return 0;
}

bool Checker::IsNaN(std::string_view v) const {
  if (t_.kind == stats::CompareKind::kFloat16 && v.size() == 2) {
    uint16_t h;
    std::memcpy(&h, v.data(), 2);
    return std::isnan(stats::HalfToFloat(h));
  }
  if (t_.kind != stats::CompareKind::kFloat) return false;
  if (d_.physical_type == PhysicalType::kFloat && v.size() == 4) {
    float x;
    std::memcpy(&x, v.data(), 4);
    return std::isnan(x);
  }
  if (d_.physical_type == PhysicalType::kDouble && v.size() == 8) {
    double x;
    std::memcpy(&x, v.data(), 8);
    return std::isnan(x);
  }
  return false;
}

void Checker::CheckPageHeaders() {
  bool seen_data = false, seen_dictionary = false;
  for (const PageInfo& p : pages_) {
    const Where w = At(p);
    if (p.crc == CrcStatus::kBad) {
      Add("page-crc", spec::kCrc,
          "stored CRC " + Str(*p.stored_crc) + ", the body's is " + Str(p.computed_crc), w);
    }
    if (p.type == PageType::kDictionaryPage) {
      if (seen_dictionary) Add("dictionary-page", spec::kDictionary, "a second dictionary page", w);
      if (seen_data) Add("dictionary-page", spec::kDictionary, "a dictionary page after a data page", w);
      if (p.encoding && *p.encoding != Encoding::kPlain && *p.encoding != Encoding::kPlainDictionary) {
        Add("dictionary-page", spec::kDictionary,
            "dictionary page encoded " + std::string(EncodingName(*p.encoding)), w);
      }
      seen_dictionary = true;
    } else if (p.type == PageType::kDataPage || p.type == PageType::kDataPageV2) {
      seen_data = true;
    }
  }
}

void Checker::CheckChunkLayout() {
  int64_t compressed = 0, uncompressed = 0;
  std::map<std::pair<int, int>, int32_t> stats;  // (page type, encoding) -> pages
  std::vector<Encoding> used;
  auto use = [&](Encoding e) {
    if (std::find(used.begin(), used.end(), e) == used.end()) used.push_back(e);
  };
  const PageInfo* dictionary = nullptr;
  const PageInfo* first_data = nullptr;
  for (const PageInfo& p : pages_) {
    compressed += int64_t{p.header_size} + p.compressed_size;
    uncompressed += int64_t{p.header_size} + p.uncompressed_size;
    const bool data = p.type == PageType::kDataPage || p.type == PageType::kDataPageV2;
    if (p.type == PageType::kDictionaryPage && !dictionary) dictionary = &p;
    if (data && !first_data) first_data = &p;
    if (p.encoding && (data || p.type == PageType::kDictionaryPage)) {
      use(*p.encoding);
      ++stats[{static_cast<int>(p.type), static_cast<int>(*p.encoding)}];
    }
    if (p.type == PageType::kDataPage && (d_.max_definition_level > 0 || d_.max_repetition_level > 0)) {
      if (d_.max_definition_level > 0 && p.definition_level_encoding) use(*p.definition_level_encoding);
      if (d_.max_repetition_level > 0 && p.repetition_level_encoding) use(*p.repetition_level_encoding);
    }
  }
  if (compressed != md_.total_compressed_size) {
    std::string bug;
    if (created_by_ && dictionary && md_.total_compressed_size == compressed - dictionary->header_size) {
      bug = std::string(format::ChunkSizeBug(*created_by_));
    }
    Add("chunk-sizes", spec::kChunkSizes,
        "total_compressed_size " + Str(md_.total_compressed_size) + ", the pages hold " + Str(compressed), where_,
        bug);
  }
  if (uncompressed != md_.total_uncompressed_size) {
    Add("chunk-sizes", spec::kChunkSizes,
        "total_uncompressed_size " + Str(md_.total_uncompressed_size) + ", the pages hold " + Str(uncompressed),
        where_);
  }
  const int64_t dict_offset = md_.dictionary_page_offset.value_or(0);
  if (dictionary && !md_.dictionary_page_offset && first_data &&
      md_.data_page_offset == static_cast<int64_t>(dictionary->file_offset)) {
    // One mistake, not two: the chunk's first page named as its first data page.
    Add("chunk-offsets", spec::kChunkOffsets,
        "no dictionary_page_offset, and data_page_offset " + Str(md_.data_page_offset) +
            " names the dictionary page; the first data page is at " +
            Str(static_cast<int64_t>(first_data->file_offset)),
        where_, created_by_ ? std::string(format::DictionaryOffsetBug(*created_by_)) : "");
  } else {
    if (first_data && md_.data_page_offset != static_cast<int64_t>(first_data->file_offset)) {
      Add("chunk-offsets", spec::kChunkOffsets,
          "data_page_offset " + Str(md_.data_page_offset) + ", the first data page is at " +
              Str(static_cast<int64_t>(first_data->file_offset)),
          where_);
    }
    if (dictionary && dict_offset != static_cast<int64_t>(dictionary->file_offset)) {
      Add("chunk-offsets", spec::kChunkOffsets,
          (md_.dictionary_page_offset ? "dictionary_page_offset " + Str(dict_offset)
                                      : std::string("no dictionary_page_offset")) +
              ", the dictionary page is at " + Str(static_cast<int64_t>(dictionary->file_offset)),
          where_, created_by_ && !md_.dictionary_page_offset ? std::string(format::DictionaryOffsetBug(*created_by_)) : "");
    } else if (!dictionary && dict_offset != 0 && !pages_.empty()) {
      Add("chunk-offsets", spec::kChunkOffsets,
          "dictionary_page_offset " + Str(dict_offset) + ", the chunk has no dictionary page", where_);
    }
  }
  for (Encoding e : used) {
    const bool listed = std::any_of(md_.encodings.begin(), md_.encodings.end(),
                                    [&](format::Encoding x) { return static_cast<int>(x) == static_cast<int>(e); });
    if (!listed) {
      Add("encodings", spec::kEncodings,
          "pages use " + std::string(EncodingName(e)) + ", which ColumnMetaData.encodings does not list", where_);
    }
  }
  if (md_.encoding_stats) {
    std::map<std::pair<int, int>, int32_t> stored;
    for (const auto& s : *md_.encoding_stats) {
      stored[{static_cast<int>(s.page_type), static_cast<int>(s.encoding)}] += s.count;
    }
    auto name = [](const std::pair<int, int>& k) {
      return std::string(PageTypeName(static_cast<PageType>(k.first))) + " " +
             std::string(EncodingName(static_cast<Encoding>(k.second)));
    };
    for (const auto& [k, n] : stats) {
      auto it = stored.find(k);
      const int32_t s = it == stored.end() ? 0 : it->second;
      if (s != n) {
        Add("encoding-stats", spec::kEncodingStats,
            name(k) + ": encoding_stats count " + Str(s) + ", the chunk has " + Str(n) + " such pages", where_);
      }
    }
    for (const auto& [k, s] : stored) {
      if (!stats.count(k) && s != 0) {
        Add("encoding-stats", spec::kEncodingStats,
            name(k) + ": encoding_stats count " + Str(s) + ", the chunk has no such page", where_);
      }
    }
  }
}

void Checker::CheckBound(std::string_view stored, std::string_view actual, bool is_min, std::optional<bool> exact,
                         const Where& w, const std::string& what, bool page_index) {
  const char* name = is_min ? "min" : "max";
  const int c = Compare(stored, actual);
  if (is_min ? c > 0 : c < 0) {
    Add(page_index ? "column-index-bounds" : "statistics-bounds", page_index ? spec::kColumnIndex : spec::kStatsBounds,
        what + " " + name + " " + ValueText(stored) + " is " + (is_min ? "above the least" : "below the greatest") +
            " value, " + ValueText(actual),
        w, t_.writer_bug);
    return;
  }
  if (exact.value_or(false) && c != 0) {
    Add("statistics-exact", spec::kStatsExact,
        what + " " + name + " " + ValueText(stored) + " is marked exact, but the " +
            (is_min ? "least" : "greatest") + " value is " + ValueText(actual),
        w, t_.writer_bug);
  }
}

template <typename T>
void Checker::CheckStatistics(const EncodedStatistics& s, const stats::StatisticsBuilder<T>& actual,
                              int64_t leaf_nulls, const Where& w, const std::string& what, bool page_index) {
  if (s.null_count && *s.null_count != actual.null_count() && *s.null_count != leaf_nulls) {
    Add("statistics-null-count", spec::kStatsNulls,
        what + " null_count " + Str(*s.null_count) + ", the values hold " + Str(actual.null_count()) + " nulls", w);
  }
  if (t_.floating && s.nan_count && *s.nan_count != actual.nan_count()) {
    Add("statistics-nan-count", spec::kStatsNans,
        what + " nan_count " + Str(*s.nan_count) + ", the values hold " + Str(actual.nan_count()) + " NaNs", w);
  }
  if (!t_.bounds) return;
  auto check_pair = [&](const std::optional<std::string>& lo, const std::optional<std::string>& hi,
                        std::optional<bool> lo_exact, std::optional<bool> hi_exact, const std::string& label) {
    const size_t width = FixedWidth();
    for (const std::optional<std::string>* b : {&lo, &hi}) {
      if (*b && width != 0 && (*b)->size() != width) {
        Add("statistics-width", spec::kStatsWidth,
            label + " bound of " + Str(static_cast<int64_t>((*b)->size())) + " bytes for " +
                std::string(PhysicalTypeName(d_.physical_type)),
            w);
        return;
      }
    }
    if (!t_.total_order) {
      for (const std::optional<std::string>* b : {&lo, &hi}) {
        if (*b && IsNaN(**b)) {
          Add("statistics-nan-bound", spec::kStatsNanBound, label + " bound is NaN", w);
          return;
        }
      }
    }
    if (!actual.has_min_max()) return;  // no non-null (non-NaN) values: nothing to bound
    if (lo) CheckBound(*lo, actual.min(), true, lo_exact, w, label, page_index);
    if (hi) CheckBound(*hi, actual.max(), false, hi_exact, w, label, page_index);
  };
  check_pair(s.min_value, s.max_value, s.is_min_value_exact, s.is_max_value_exact, what);
  // The deprecated min / max only where old writers ordered them as we do.
  if (!page_index && (t_.kind == stats::CompareKind::kSignedInt || t_.kind == stats::CompareKind::kFloat) && !t_.total_order &&
      stats::SortOrderFor(d_) == stats::SortOrder::kSigned) {
    check_pair(s.legacy_min, s.legacy_max, std::nullopt, std::nullopt, what + " (deprecated min/max)");
  }
}

void Checker::CheckVariantValue(std::span<const uint8_t> value, const Where& w) {
  const size_t i = static_cast<size_t>(entry_);
  if (!variant_pair_ || i >= variant_pair_->present.size() || !variant_pair_->present[i]) return;
  const std::string& m = variant_pair_->entries[i];
  std::string json;
  Status st = AppendVariantJson(json, {reinterpret_cast<const uint8_t*>(m.data()), m.size()}, value);
  if (!st.ok() && st.code() != StatusCode::kLimitExceeded) {
    Add("variant", spec::kVariant, "level entry " + Str(entry_) + ": " + st.message(), w);
  }
}

template <typename T>
void Checker::Keep(const int16_t* def, const int16_t* rep, const T* values, int64_t n, int64_t nv) {
  LeafBuffer& b = *keep_;
  const auto count = static_cast<size_t>(n);
  // Levels the column does not have are kept as zeros (leaf_buffer.h).
  if (d_.max_definition_level > 0) {
    b.def.insert(b.def.end(), def, def + n);
  } else {
    b.def.resize(b.def.size() + count, 0);
  }
  if (d_.max_repetition_level > 0) {
    b.rep.insert(b.rep.end(), rep, rep + n);
  } else {
    b.rep.resize(b.rep.size() + count, 0);
  }
  b.Append(values, static_cast<size_t>(nv));
  if constexpr (std::is_same_v<T, ByteArray>) b.OwnBorrowed();  // the page's bytes go with the next batch
}

template <typename T>
void Checker::CheckValue(const T& v, PageTally<T>& tally, const Where& w) {
  if constexpr (std::is_same_v<T, ByteArray>) tally.unencoded += v.len;
  if constexpr (!std::is_same_v<T, bool>) {  // BOOLEAN columns have no Bloom filter
    if (!bloom_) return;
    std::string_view bytes;  // the value as the filter hashes it (PLAIN, no length prefix)
    if constexpr (std::is_same_v<T, ByteArray>) {
      bytes = {reinterpret_cast<const char*>(v.ptr), v.len};
    } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      bytes = {reinterpret_cast<const char*>(v.ptr), FixedWidth()};
    } else {
      bytes = {reinterpret_cast<const char*>(&v), sizeof(T)};
    }
    uint64_t h;
    if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>) {
      h = BloomFilter::Hash(bytes);
    } else {
      h = BloomFilter::Hash(v);
    }
    if (!bloom_->MightContainHash(h)) {
      Add("bloom-filter", spec::kBloom, "the value " + ValueText(bytes) + " is not in the chunk's Bloom filter", w);
    }
  }
}

template <typename T>
Status Checker::ReadValues(ColumnReader& reader) {
  auto* typed = reader.template As<T>();
  if (typed == nullptr) return Status::Internal("column reader of the wrong type");
  const auto kind = d_.logical_type.kind();
  const column::ValueChecks checks(d_);
  const bool wkb = kind == LogicalType::Kind::kGeometry || kind == LogicalType::Kind::kGeography;
  std::vector<PageTally<T>> tallies;
  tallies.reserve(data_pages_.size());
  for (size_t i = 0; i < data_pages_.size(); ++i) tallies.emplace_back(d_, t_.total_order);
  constexpr int64_t kBatch = 4096;
  std::vector<int16_t> def(kBatch, 0), rep(kBatch, 0);
  std::unique_ptr<T[]> values(new T[kBatch]);  // not std::vector: vector<bool> has no data()
  size_t dp = 0;
  int64_t left = data_pages_.empty() ? 0 : pages_[data_pages_[0]].num_values.value_or(0);
  bool complete = true;
  const int16_t max_def = d_.max_definition_level, max_rep = d_.max_repetition_level;
  while (true) {
    int64_t nv = 0;
    Result<int64_t> got = typed->ReadBatch(kBatch, def.data(), rep.data(), values.get(), &nv);
    if (!got.ok()) {
      c_.findings.AddError(got.status(), where_, "decoding the pages");
      complete = false;
      break;
    }
    const int64_t n = *got;
    if (n == 0) break;
    while (left <= 0 && dp + 1 < data_pages_.size()) left = pages_[data_pages_[++dp]].num_values.value_or(0);
    if (data_pages_.empty()) {
      c_.findings.AddError(Status::Corrupt("values without a data page"), where_, "decoding the pages");
      complete = false;
      break;
    }
    left -= n;
    PageTally<T>& tally = tallies[dp];
    const Where w = At(pages_[data_pages_[dp]]);
    tally.levels += n;
    tally.values += nv;
    if (max_def == 0) {
      tally.def_hist[0] += n;
    } else {
      const int16_t leaf_from = d_.repeated_ancestor_definition_level;
      for (int64_t i = 0; i < n; ++i) {
        const int16_t dl = def[static_cast<size_t>(i)];
        if (dl >= 0 && dl <= max_def) ++tally.def_hist[static_cast<size_t>(dl)];
        tally.leaf_nulls += dl >= leaf_from && dl < max_def;
      }
    }
    if (max_rep == 0) {
      tally.rep_hist[0] += n;
      tally.rows += n;
    } else {
      for (int64_t i = 0; i < n; ++i) {
        const int16_t r = rep[static_cast<size_t>(i)];
        if (r >= 0 && r <= max_rep) ++tally.rep_hist[static_cast<size_t>(r)];
        tally.rows += r == 0;
      }
    }
    tally.nulls += n - nv;
    tally.stats.Update(values.get(), nv);
    tally.stats.AddNulls(n - nv);
    if (keep_) Keep(def.data(), rep.data(), values.get(), n, nv);
    // Per value, in level order (for the variant pairing).
    int64_t v = 0;
    for (int64_t i = 0; i < n; ++i, ++entry_) {
      const bool present = max_def == 0 || def[static_cast<size_t>(i)] == max_def;
      if constexpr (std::is_same_v<T, ByteArray>) {
        if (variant_metadata_) {
          variant_metadata_->present.push_back(present);
          variant_metadata_->entries.emplace_back();
        }
      }
      if (!present) continue;
      const T& x = values[v++];
      CheckValue(x, tally, w);
      if constexpr (std::is_same_v<T, ByteArray>) {
        if (checks.utf8()) {
          Status st = checks.Utf8(x.ptr, x.len);
          if (!st.ok()) Add("utf8", spec::kUtf8, "a STRING value: " + st.message(), w);
        }
        if (checks.decimal()) {
          Status st = checks.Digits(x.ptr, x.len);
          if (!st.ok()) Add("decimal", spec::kDecimal, st.message(), w);
        }
        if (wkb) {
          // The geospatial statistics' walk (ISO WKB, Geospatial.md), its coordinates not kept.
          struct Discard final : stats::WkbSink {
            void Sequence(const stats::WkbSequence&) override {}
          } discard;
          Result<int32_t> type = stats::ReadWkb({reinterpret_cast<const char*>(x.ptr), x.len}, &discard);
          if (!type.ok()) Add("wkb", spec::kWkb, type.status().message(), w);
        }
        if (variant_metadata_) {
          variant_metadata_->entries.back().assign(reinterpret_cast<const char*>(x.ptr), x.len);
          Result<VariantMetadata> m = VariantMetadata::Parse({x.ptr, x.len});
          if (!m.ok()) Add("variant", spec::kVariant, "metadata: " + m.status().message(), w);
        }
        if (variant_pair_) CheckVariantValue({x.ptr, x.len}, w);
      } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
        if (checks.decimal()) {
          Status st = checks.Digits(x.ptr, FixedWidth());
          if (!st.ok()) Add("decimal", spec::kDecimal, st.message(), w);
        }
      } else if constexpr (std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t>) {
        if (checks.decimal()) {
          Status st = checks.Digits(static_cast<int64_t>(x));
          if (!st.ok()) Add("decimal", spec::kDecimal, st.message(), w);
        }
      }
    }
    c_.report.values += n;
    c_.Tell();
  }
  if (keep_ && complete) shredded_->complete[keep_slot_] = true;
  CheckTallies(tallies, complete);
  return Status::OK();
}

template <typename T>
void Checker::CheckTallies(std::vector<PageTally<T>>& tallies, bool complete) {
  if (!complete) return;  // the counts of a chunk read part way say nothing
  stats::StatisticsBuilder<T> chunk(d_, 0, t_.total_order);
  int64_t levels = 0, rows = 0, leaf_nulls = 0;
  for (size_t i = 0; i < tallies.size(); ++i) {
    const PageTally<T>& t = tallies[i];
    const PageInfo& p = pages_[data_pages_[i]];
    const Where w = At(p);
    chunk.Merge(t.stats);
    levels += t.levels;
    rows += t.rows;
    leaf_nulls += t.leaf_nulls;
    if (p.num_values && *p.num_values != t.levels) {
      Add("page-counts", spec::kPageCounts,
          "num_values " + Str(*p.num_values) + ", the page holds " + Str(t.levels) + " levels", w);
    }
    if (p.num_nulls && *p.num_nulls != t.nulls) {
      Add("page-counts", spec::kPageCounts,
          "num_nulls " + Str(*p.num_nulls) + ", the page holds " + Str(t.nulls) + " nulls", w);
    }
    if (p.num_rows && *p.num_rows != t.rows) {
      Add("page-counts", spec::kPageCounts,
          "num_rows " + Str(*p.num_rows) + ", the page holds " + Str(t.rows) + " rows", w);
    }
    if (p.statistics) CheckStatistics(*p.statistics, t.stats, t.leaf_nulls, w, "page statistics");
  }
  if (levels != md_.num_values) {
    Add("chunk-values", spec::kChunkValues,
        "num_values " + Str(md_.num_values) + ", the pages hold " + Str(levels) + " levels", where_);
  }
  const int64_t rg_rows = c_.reader.metadata().row_group(c_.row_group).num_rows();
  if (rows != rg_rows) {
    Add("chunk-rows", spec::kChunkRows,
        "the row group's num_rows is " + Str(rg_rows) + ", the chunk holds " + Str(rows) + " rows", where_);
  }
  if (md_.statistics) CheckStatistics(ToEncodedStatistics(*md_.statistics), chunk, leaf_nulls, where_, "chunk statistics");
  CheckColumnIndex(tallies);
  CheckOffsetIndex(tallies);
  CheckSizeStatistics(tallies);
}

template <typename T>
void Checker::CheckColumnIndex(const std::vector<PageTally<T>>& tallies) {
  Where w = where_;
  const Result<std::optional<ColumnIndex>> read = c_.reader.ReadColumnIndex(c_.row_group, c_.column);
  const ColumnIndex* index = Usable(read, chunk_.column_index_offset, "ColumnIndex", "column-index", spec::kColumnIndex, &w);
  if (index == nullptr) return;
  const ColumnIndex& ci = *index;
  const std::string lw = "ColumnIndex";
  int last = -1;  // the last page with bounds, for the boundary order
  for (int i = 0; i < ci.num_pages(); ++i) {
    const PageTally<T>& t = tallies[static_cast<size_t>(i)];
    const Where pw = At(pages_[data_pages_[static_cast<size_t>(i)]]);
    const std::string what = lw + " entry " + Str(i);
    const bool all_null = t.values == 0;
    if (ci.null_page(i) != all_null) {
      Add("column-index", spec::kColumnIndex,
          what + ": null_pages says " + (ci.null_page(i) ? "true" : "false") + ", the page holds " + Str(t.values) +
              " values",
          pw);
    }
    if (auto n = ci.null_count(i); n && *n != t.nulls && *n != t.leaf_nulls) {
      Add("column-index", spec::kColumnIndex,
          what + ": null_count " + Str(*n) + ", the page holds " + Str(t.nulls) + " nulls", pw);
    }
    if (auto n = ci.nan_count(i); t_.floating && n && *n != t.stats.nan_count()) {
      Add("column-index", spec::kColumnIndex,
          what + ": nan_count " + Str(*n) + ", the page holds " + Str(t.stats.nan_count()) + " NaNs", pw);
    }
    auto hist = [&](std::span<const int64_t> stored, const std::vector<int64_t>& actual, const char* name) {
      if (!stored.empty() && !std::equal(stored.begin(), stored.end(), actual.begin(), actual.end())) {
        Add("column-index", spec::kColumnIndex, what + ": " + name + " histogram differs from the page's levels",
            pw);
      }
    };
    hist(ci.repetition_level_histogram(i), t.rep_hist, "repetition level");
    hist(ci.definition_level_histogram(i), t.def_hist, "definition level");
    if (!t_.bounds || ci.null_page(i)) continue;
    EncodedStatistics s;
    s.min_value = std::string(ci.encoded_min(i));
    s.max_value = std::string(ci.encoded_max(i));
    CheckStatistics(s, t.stats, t.leaf_nulls, pw, what, /*page_index=*/true);
    if (last >= 0 && ci.boundary_order() != BoundaryOrder::kUnordered) {
      const bool asc = ci.boundary_order() == BoundaryOrder::kAscending;
      const bool nan = IsNaN(ci.encoded_min(i)) || IsNaN(ci.encoded_max(i)) || IsNaN(ci.encoded_min(last)) ||
                       IsNaN(ci.encoded_max(last));
      const size_t width = FixedWidth();
      const bool sized = width == 0 || (ci.encoded_min(i).size() == width && ci.encoded_max(i).size() == width);
      if (!nan && sized) {
        const int cmin = Compare(ci.encoded_min(last), ci.encoded_min(i));
        const int cmax = Compare(ci.encoded_max(last), ci.encoded_max(i));
        if (asc ? (cmin > 0 || cmax > 0) : (cmin < 0 || cmax < 0)) {
          Add("column-index-order", spec::kBoundaryOrder,
              std::string("boundary_order ") + std::string(BoundaryOrderName(ci.boundary_order())) +
                  ", but the bounds of entry " + Str(i) + " are out of that order after entry " + Str(last),
              pw);
        }
      }
    }
    last = i;
  }
}

template <typename T>
void Checker::CheckOffsetIndex(const std::vector<PageTally<T>>& tallies) {
  Where w = where_;
  const Result<std::optional<OffsetIndex>> read = c_.reader.ReadOffsetIndex(c_.row_group, c_.column);
  const OffsetIndex* index = Usable(read, chunk_.offset_index_offset, "OffsetIndex", "offset-index", spec::kOffsetIndex, &w);
  if (index == nullptr) return;
  const OffsetIndex& oi = *index;
  int64_t first_row = 0;
  const auto& unencoded = oi.unencoded_byte_array_data_bytes();
  for (size_t i = 0; i < tallies.size(); ++i) {
    const PageInfo& p = pages_[data_pages_[i]];
    const PageLocation& loc = oi.page_locations()[i];
    const Where pw = At(p);
    const std::string what = "OffsetIndex entry " + Str(static_cast<int64_t>(i));
    if (loc.offset != static_cast<int64_t>(p.file_offset)) {
      Add("offset-index", spec::kOffsetIndex,
          what + ": offset " + Str(loc.offset) + ", the page is at " + Str(static_cast<int64_t>(p.file_offset)), pw);
    }
    const int64_t size = int64_t{p.header_size} + p.compressed_size;
    if (loc.compressed_page_size != size) {
      Add("offset-index", spec::kOffsetIndex,
          what + ": compressed_page_size " + Str(loc.compressed_page_size) + ", the page takes " + Str(size) +
              " bytes",
          pw);
    }
    if (loc.first_row_index != first_row) {
      Add("offset-index", spec::kOffsetIndex,
          what + ": first_row_index " + Str(loc.first_row_index) + ", the page starts at row " + Str(first_row), pw);
    }
    if (i < unencoded.size() && unencoded[i] != tallies[i].unencoded &&
        d_.physical_type == PhysicalType::kByteArray) {
      Add("offset-index", spec::kOffsetIndex,
          what + ": unencoded_byte_array_data_bytes " + Str(unencoded[i]) + ", the page's values hold " +
              Str(tallies[i].unencoded),
          pw);
    }
    first_row += tallies[i].rows;
  }
}

template <typename T>
void Checker::CheckSizeStatistics(const std::vector<PageTally<T>>& tallies) {
  if (!md_.size_statistics) return;
  const format::SizeStatistics& s = *md_.size_statistics;
  int64_t unencoded = 0;
  std::vector<int64_t> def(static_cast<size_t>(d_.max_definition_level) + 1, 0);
  std::vector<int64_t> rep(static_cast<size_t>(d_.max_repetition_level) + 1, 0);
  for (const PageTally<T>& t : tallies) {
    unencoded += t.unencoded;
    for (size_t i = 0; i < def.size(); ++i) def[i] += t.def_hist[i];
    for (size_t i = 0; i < rep.size(); ++i) rep[i] += t.rep_hist[i];
  }
  if (s.unencoded_byte_array_data_bytes && d_.physical_type == PhysicalType::kByteArray &&
      *s.unencoded_byte_array_data_bytes != unencoded) {
    Add("size-statistics", spec::kSizeStats,
        "unencoded_byte_array_data_bytes " + Str(*s.unencoded_byte_array_data_bytes) + ", the values hold " +
            Str(unencoded),
        where_);
  }
  auto hist = [&](const auto& stored, const std::vector<int64_t>& actual, const char* name) {
    if (!stored || stored->empty()) return;
    std::vector<int64_t> v(stored->begin(), stored->end());
    if (v != actual) {
      Add("size-statistics", spec::kSizeStats,
          std::string(name) + " histogram differs from the chunk's levels", where_);
    }
  };
  hist(s.repetition_level_histogram, rep, "repetition level");
  hist(s.definition_level_histogram, def, "definition level");
}

Status Checker::Run() {
  const RandomAccessFile& file = c_.reader.file();
  Result<page::ChunkRange> range = page::ComputeChunkRange(md_, file.size(), created_by_);
  if (!range.ok()) {
    if (md_.num_values != 0) c_.findings.AddError(range.status(), where_, "locating the column chunk");
    return Status::OK();
  }
  if (range->length > static_cast<uint64_t>(c_.reader.options().max_allocation)) {
    c_.findings.AddError(Status::LimitExceeded("column chunk of " + std::to_string(range->length) +
                                               " bytes, beyond ReaderOptions::max_allocation"),
                         where_, "reading the column chunk");
    return Status::OK();
  }
  Buffer scratch;
  PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> bytes, file.Read(range->offset, range->length, &scratch));
  ChunkBytesFile chunk_file(file, range->offset, bytes);
  Status walk = page::WalkPages(
      chunk_file, md_, c_.reader.options(), created_by_,
      [&](const page::RawPage& raw) {
        pages_.push_back(ToPageInfo(raw));
        return Status::OK();
      },
      cipher_.get());
  for (size_t i = 0; i < pages_.size(); ++i) {
    if (pages_[i].type == PageType::kDataPage || pages_[i].type == PageType::kDataPageV2) data_pages_.push_back(i);
  }
  c_.report.pages += static_cast<int64_t>(pages_.size());
  CheckPageHeaders();
  if (!walk.ok()) {
    c_.findings.AddError(walk, where_, "walking the pages");
    return Status::OK();
  }
  CheckChunkLayout();

  if (md_.bloom_filter_offset) {
    Result<std::optional<BloomFilter>> bloom = c_.reader.ReadBloomFilter(c_.row_group, c_.column);
    if (!bloom.ok()) {
      Where w = where_;
      w.file_offset = *md_.bloom_filter_offset;
      c_.findings.AddError(bloom.status(), w, "reading the Bloom filter");
    } else {
      bloom_ = std::move(*bloom);
    }
  }
  // A VARIANT group's metadata and value columns, paired by level entry.
  const SchemaNode* parent = d_.node ? d_.node->parent() : nullptr;
  if (parent && parent->logical_type().kind() == LogicalType::Kind::kVariant &&
      d_.physical_type == PhysicalType::kByteArray) {
    if (d_.node->name() == "metadata") {
      variant_metadata_ = &c_.variants[parent];
      *variant_metadata_ = {};
    } else if (d_.node->name() == "value") {
      auto it = c_.variants.find(parent);
      if (it != c_.variants.end()) variant_pair_ = &it->second;
    }
  }
  for (ShreddedVariant& g : c_.shredded) {
    keep_ = g.Leaf(c_.column, &keep_slot_);
    if (keep_) {
      shredded_ = &g;
      break;
    }
  }

  ReaderOptions options = c_.reader.options();
  options.verify_checksums = false;  // reported above, page by page
  // The pages are read as their headers say: the reader gets the chunk with
  // num_values as the data pages add up, and the metadata's own count is
  // compared with the levels afterwards (CheckTallies), not an error midway.
  auto as_walked = std::make_shared<format::ColumnChunk>(chunk_);
  int64_t header_values = 0;
  for (size_t i : data_pages_) header_values += pages_[i].num_values.value_or(0);
  as_walked->meta_data->num_values = header_values;
  Result<std::unique_ptr<ColumnReader>> reader =
      ColumnReaderFactory::Make(chunk_file, *as_walked, d_, options, created_by_, c_.row_group, as_walked, nullptr,
                                bytes, cipher_);
  if (!reader.ok()) {
    c_.findings.AddError(reader.status(), where_, "opening the column chunk");
    return Status::OK();
  }
  switch (d_.physical_type) {
    case PhysicalType::kBoolean: return ReadValues<bool>(**reader);
    case PhysicalType::kInt32: return ReadValues<int32_t>(**reader);
    case PhysicalType::kInt64: return ReadValues<int64_t>(**reader);
    case PhysicalType::kInt96: return ReadValues<Int96>(**reader);
    case PhysicalType::kFloat: return ReadValues<float>(**reader);
    case PhysicalType::kDouble: return ReadValues<double>(**reader);
    case PhysicalType::kByteArray: return ReadValues<ByteArray>(**reader);
    case PhysicalType::kFixedLenByteArray: return ReadValues<FixedLenByteArray>(**reader);
  }
  return Status::OK();
}

}  // namespace

Status VerifyChunk(const ChunkCheck& c) {
  const FileMetaData& md = c.reader.metadata();
  const ColumnDescriptor& d = md.schema().column(c.column);
  Where where;
  where.row_group = c.row_group;
  where.column = d.dotted_path;
  auto decoded = MetaDataAccess::Chunk(md, c.row_group, c.column);
  if (!decoded.ok()) {
    c.findings.AddError(decoded.status(), where, "decoding the column chunk's metadata");
    return Status::OK();
  }
  // An encrypted column's modules are decrypted with its key (the reader's
  // keys); without it, the finding names the column and the key it needs.
  Result<std::shared_ptr<const crypto::ChunkCipher>> cipher =
      FileReaderAccess::Of(c.reader).ChunkCipher(**decoded, c.row_group, c.column);
  if (!cipher.ok()) {
    c.findings.AddError(cipher.status(), where, "reading the column chunk");
    return Status::OK();
  }
  if (!(*decoded)->meta_data) {
    c.findings.AddError(Status::Corrupt("the column chunk has no metadata"), where, "reading the column chunk");
    return Status::OK();
  }
  const auto& wire = MetaDataAccess::Wire(md);
  const std::optional<std::string> created_by = thrift::ToStdString(wire.created_by);
  ++c.report.column_chunks;
  Checker checker(c, d, *std::move(decoded), *std::move(cipher), created_by);
  return checker.Run();
}

}  // namespace parq::verify_internal
