#include "parq/column_reader.h"

#include <algorithm>
#include <cstring>

#include "column/column_reader_internal.h"
#include "column/selected_rows.h"
#include "encoding/decoder.h"
#include "util/bitmap.h"

namespace parq {

namespace {

// Repetition levels SkipRows looks at a time to find record boundaries.
constexpr int64_t kSkipPeekLevels = 1024;

std::string ColumnPath(const ColumnDescriptor& d) { return d.dotted_path; }

// levels[0, n) = value, 16 bytes a store (std::fill_n of int16 is not
// vectorised at -O2).
void FillLevels(int16_t* levels, int64_t n, int16_t value) {
  const uint64_t four = uint64_t{static_cast<uint16_t>(value)} * 0x0001000100010001ULL;
  int64_t i = 0;
  for (; i + 8 <= n; i += 8) {
    std::memcpy(levels + i, &four, 8);
    std::memcpy(levels + i + 4, &four, 8);
  }
  for (; i < n; ++i) levels[i] = value;
}

// Bit offset + i of `bits` = (levels[i] == value) for i in [0, n), the other
// bits kept; whole bytes where the bits fill them.
void LevelsToBits(const int16_t* levels, int64_t n, int16_t value, uint8_t* bits, int64_t offset) {
  int64_t i = 0;
  auto one = [&](int64_t k) {
    const int64_t b = offset + k;
    const auto m = static_cast<uint8_t>(1u << (b & 7));
    bits[b >> 3] = levels[k] == value ? static_cast<uint8_t>(bits[b >> 3] | m)
                                      : static_cast<uint8_t>(bits[b >> 3] & ~m);
  };
  for (; i < n && ((offset + i) & 7) != 0; ++i) one(i);
  for (; i + 8 <= n; i += 8) {
    uint8_t byte = 0;
    for (int j = 0; j < 8; ++j) byte |= static_cast<uint8_t>((levels[i + j] == value ? 1u : 0u) << j);
    bits[(offset + i) >> 3] = byte;
  }
  for (; i < n; ++i) one(i);
}

}  // namespace

// ---------------------------------------------------------------------------
// ColumnReader::Impl — pages and levels

ColumnReader::Impl::Impl(std::shared_ptr<const void> keep_alive, const ColumnDescriptor& descriptor,
                         int row_group)
    : keep_alive_(std::move(keep_alive)),
      descriptor_(&descriptor),
      row_group_(row_group),
      def_(column::LevelKind::kDefinition, descriptor.max_definition_level),
      rep_(column::LevelKind::kRepetition, descriptor.max_repetition_level) {}

Status ColumnReader::Impl::Open(const RandomAccessFile& file, const format::ColumnChunk& chunk,
                                const ReaderOptions& options,
                                const std::optional<std::string>& created_by,
                                std::shared_ptr<page::BufferPool> buffer_pool,
                                std::span<const uint8_t> chunk_bytes,
                                std::shared_ptr<const crypto::ChunkCipher> cipher) {
  if (!chunk.meta_data) {
    return Context(Status::Unsupported(chunk.crypto_metadata ? "the column chunk is encrypted"
                                                             : "the column chunk has no metadata"));
  }
  metadata_ = &*chunk.meta_data;
  if (chunk.file_path) {
    return Context(Status::Unsupported("column chunk stored in another file ('" +
                                       std::string(*chunk.file_path) + "')"));
  }
  auto pages = page::PageReader::Open(file, *metadata_, options, created_by, std::move(buffer_pool),
                                      chunk_bytes, std::move(cipher));
  if (!pages.ok()) return Context(std::move(pages).status());
  pages_ = std::move(*pages);
  return Status::OK();
}

Status ColumnReader::Impl::Context(Status st) const {
  return std::move(st).WithColumn(ColumnPath(*descriptor_)).WithRowGroup(row_group_);
}

Status ColumnReader::Impl::PageContext(Status st) const {
  return Context(std::move(st).WithPage(page_.ordinal).WithFileOffset(page_.file_offset));
}

Result<bool> ColumnReader::Impl::NextPage() {
  if (plan_ != nullptr) return NextPlannedPage();
  auto more = pages_->Next(&page_);
  if (!more.ok()) return Context(std::move(more).status());
  if (*more) return true;
  if (chunk_started_ || metadata_->num_values > 0) {
    // A chunk must hold the values its metadata promises.
    if (pages_->values_seen() < metadata_->num_values) {
      return Context(Status::Corrupt("column chunk ends after " +
                                     std::to_string(pages_->values_seen()) +
                                     " values; its metadata says " +
                                     std::to_string(metadata_->num_values)));
    }
  }
  at_end_ = true;
  return false;
}

Status ColumnReader::Impl::StartDataPage() {
  const ColumnDescriptor& d = *descriptor_;
  const int64_t n = page_.num_values;
  levels_left_ = n;
  if (page_.type == PageType::kDataPageV2) {
    if (d.max_repetition_level > 0) PARQ_RETURN_IF_ERROR(rep_.InitV2(page_.repetition_levels));
    if (d.max_definition_level > 0) PARQ_RETURN_IF_ERROR(def_.InitV2(page_.definition_levels));
    value_bytes_ = page_.values;
  } else {
    std::span<const uint8_t> rest = page_.values;
    if (d.max_repetition_level > 0) {
      PARQ_RETURN_IF_ERROR(rep_.InitV1(page_.repetition_level_encoding, n, &rest));
    }
    if (d.max_definition_level > 0) {
      PARQ_RETURN_IF_ERROR(def_.InitV1(page_.definition_level_encoding, n, &rest));
    }
    value_bytes_ = rest;
  }
  all_defined_ = false;
  page_bits_on_ = false;
  if (d.max_definition_level == 0) {
    values_left_ = n;
  } else if (presence_bits_) {
    // The levels as bits, counted as they are copied: one pass, and the
    // range needs no check (a bit width of 1 holds 0 and 1 only).
    PARQ_RETURN_IF_ERROR(LoadPageBits());
    all_defined_ = values_left_ == n;
  } else {
    // A first pass over the definition levels counts the values present (what
    // the value decoder must be told) and checks the level range.
    PARQ_ASSIGN_OR_RETURN(values_left_, def_.CountMaxLevels(n, &def_scratch_));
    all_defined_ = values_left_ == n;
  }
  // A v2 header's num_nulls (the levels below the maximum) must agree with
  // the levels: a reader that trusts either must get the same values.
  if (page_.type == PageType::kDataPageV2 && page_.num_nulls != n - values_left_) {
    return Status::Corrupt("data page v2 header says " + std::to_string(page_.num_nulls) +
                           " nulls but its definition levels hold " +
                           std::to_string(n - values_left_) + " of its " + std::to_string(n) +
                           " values");
  }
  return Status::OK();
}

Result<int64_t> ColumnReader::Impl::DecodeLevels(int64_t n, int16_t* def, int16_t* rep) {
  const ColumnDescriptor& d = *descriptor_;
  if (d.max_repetition_level > 0) {
    if (rep == nullptr) {
      rep_scratch_.resize(static_cast<size_t>(n));
      rep = rep_scratch_.data();
    }
    PARQ_RETURN_IF_ERROR(rep_.Decode(n, rep));
    if (n > 0 && !chunk_started_ && rep[0] != 0) {
      return Status::Corrupt("the column chunk's first repetition level is " +
                             std::to_string(rep[0]) + ", not 0");
    }
    PARQ_RETURN_IF_ERROR(rep_.CheckRange(rep, n));
    if (plan_ != nullptr) rows_ += std::count(rep, rep + n, int16_t{0});
  } else {
    rows_ += n;
  }
  chunk_started_ = true;
  levels_left_ -= n;
  int64_t values = n;  // a column without definition levels: every entry is a value
  if (d.max_definition_level > 0 && all_defined_) {
    if (def != nullptr) FillLevels(def, n, d.max_definition_level);
  } else if (page_bits_on_) {
    // Presence bits: the levels are 0 / 1.
    values = util::CountBitRange(page_bits_.data(), page_bits_pos_, n);
    if (def != nullptr) {
      for (int64_t i = 0; i < n; ++i) def[i] = static_cast<int16_t>(util::GetWordBit(page_bits_.data(), page_bits_pos_ + i));
    }
    page_bits_pos_ += n;
  } else if (d.max_definition_level > 0) {
    if (def == nullptr) def = DefinitionScratch(n);
    // The range was checked by the counting pass in StartDataPage.
    PARQ_ASSIGN_OR_RETURN(values, def_.DecodeCountingMax(n, def));
  }
  values_left_ -= values;
  return values;
}

Status ColumnReader::Impl::LoadPageBits() {
  const int64_t n = levels_left_;
  const size_t words = static_cast<size_t>((n + 63) / 64) + 1;
  if (page_bits_.size() < words) page_bits_.resize(words);
  page_bits_[words - 1] = 0;
  PARQ_ASSIGN_OR_RETURN(values_left_, def_.DecodeBits(n, reinterpret_cast<uint8_t*>(page_bits_.data()), &def_scratch_));
  // DecodeBits wrote (n + 7) / 8 bytes: the rest of the last word is 0.
  if (n % 64 != 0) page_bits_[static_cast<size_t>(n / 64)] &= (uint64_t{1} << (n % 64)) - 1;
  page_bits_pos_ = 0;
  page_bits_on_ = true;
  return Status::OK();
}

Result<int64_t> ColumnReader::Impl::DecodePresence(int64_t n, uint8_t* bits, bool* dense) {
  if (!presence_bits_ && descriptor_->max_definition_level == 1 && descriptor_->max_repetition_level == 0) {
    // From here on, pages decode their levels as bits when they start; this
    // one decodes the levels it has left.
    presence_bits_ = true;
    if (!all_defined_ && levels_left_ > 0) {
      const int64_t values = values_left_;
      PARQ_RETURN_IF_ERROR(LoadPageBits());
      if (values_left_ != values) return Status::Internal("the page's levels counted twice differ");
    }
  }
  *dense = descriptor_->max_definition_level == 0 || all_defined_;
  int64_t values = n;
  if (!*dense) {
    if (page_bits_on_) {
      values = util::CopyBitsCounting(page_bits_.data(), page_bits_pos_, n, bits);
      page_bits_pos_ += n;
    } else {
      PARQ_ASSIGN_OR_RETURN(values, def_.DecodeBits(n, bits, &def_scratch_));
    }
  }
  rows_ += n;
  chunk_started_ = true;
  levels_left_ -= n;
  values_left_ -= values;
  return values;
}

int16_t* ColumnReader::Impl::DefinitionScratch(int64_t n) {
  def_scratch_.resize(std::max(def_scratch_.size(), static_cast<size_t>(n)));
  return def_scratch_.data();
}

ColumnReader::ColumnReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ColumnReader::~ColumnReader() = default;

void ReadPagesTogether(ColumnReader& a, ColumnReader& b) {
  page::PageReader::Pair(a.impl_->pages(), b.impl_->pages());
}
const ColumnDescriptor& ColumnReader::descriptor() const { return impl_->descriptor(); }
int64_t ColumnReader::pages_read() const { return impl_->pages().pages_read(); }
int64_t ColumnReader::pages_skipped() const { return impl_->pages().pages_skipped(); }
int64_t ColumnReader::bytes_read() const { return impl_->pages().bytes_read(); }
int64_t ColumnReader::num_values() const { return impl_->metadata().num_values; }

// ---------------------------------------------------------------------------
// TypedColumnReader<T> — values

namespace {

// What a batch decodes after its levels: values in the page's encoding, or
// dictionary indices (of dictionary-encoded pages only).  `what` names them
// in errors.
struct ValueKind {
  bool dictionary_only;
  const char* what;
};
constexpr ValueKind kValues{false, "values"};
constexpr ValueKind kIndices{true, "indices"};

}  // namespace

template <typename T>
struct TypedColumnReader<T>::Typed {
  // Value decoders made so far, indexed by encoding id (the Encoding's
  // value).  The format's ids run 0..10; the slots leave room for a few new
  // ones, and an id past them is refused as unknown before it indexes.
  static constexpr uint32_t kDecoderSlots = 16;
  static_assert(static_cast<uint32_t>(Encoding::kAlp) < kDecoderSlots);

  std::unique_ptr<encoding::DictionaryDecoder<T>> dictionary;
  Buffer dictionary_bytes;  // the dictionary page, taken from the page reader (Page::dictionary_buffer)
  std::unique_ptr<encoding::TypedDecoder<T>> decoders[kDecoderSlots];
  encoding::TypedDecoder<T>* current = nullptr;  // of the current data page
  bool current_is_dictionary = false;
  std::vector<uint8_t> keep;  // ReadBatchSelected: per value, whether its row is selected

  // Loads pages until a data page with levels left, unless the current one
  // has some; false at the end of the chunk.
  Result<bool> ToDataPage(ColumnReader::Impl& impl);
  // Loads pages until a data page with levels, or the end of the chunk (or,
  // with `dictionary_only`, until the first data page, left unread).
  Status NextDataPage(ColumnReader::Impl& impl, bool dictionary_only = false);

  // ReadBatch and ReadIndices: up to max_levels levels of the current page,
  // then exactly the values (or indices) those levels need, via
  // `decode(count) -> Result<int64_t>`.
  template <typename Decode>
  Result<int64_t> ReadLevelsThen(ColumnReader::Impl& impl, int64_t max_levels, int16_t* def_levels,
                                 int16_t* rep_levels, int64_t* values_read, ValueKind kind,
                                 Decode decode);
  // ReadLevelsThen for a flat column with presence as bits: a page with
  // every value defined (or a required column) decodes no levels at all.
  template <typename Decode>
  Result<int64_t> ReadValidityThen(ColumnReader::Impl& impl, int64_t max_levels, uint8_t* validity,
                                   int64_t validity_offset, int64_t* values_read, ValueKind kind,
                                   Decode decode);

 private:
  // Takes the dictionary of a dictionary page.
  Status LoadDictionary(const page::Page& page, const ColumnDescriptor& d);
  // Starts the levels and values of a data page.
  Status StartDataPage(ColumnReader::Impl& impl);
  // The decoder of a data page's values in `encoding`, made on first use.
  Result<encoding::TypedDecoder<T>*> DecoderFor(Encoding encoding, const ColumnDescriptor& d);
};

template <typename T>
Result<bool> TypedColumnReader<T>::Typed::ToDataPage(ColumnReader::Impl& impl) {
  if (impl.at_end()) return false;
  if (impl.levels_left() == 0) {
    PARQ_RETURN_IF_ERROR(NextDataPage(impl));
    // At the end, or paused before a page that holds no selected row.
    if (impl.at_end() || impl.levels_left() == 0) return false;
  }
  return true;
}

template <typename T>
Status TypedColumnReader<T>::Typed::NextDataPage(ColumnReader::Impl& impl, bool dictionary_only) {
  while (true) {
    if (dictionary_only && !impl.dictionary_pending()) return Status::OK();
    PARQ_ASSIGN_OR_RETURN(const bool more, impl.NextPage());
    if (!more) {
      current = nullptr;
      return Status::OK();
    }
    Status st = impl.page().type == PageType::kDictionaryPage
                    ? LoadDictionary(impl.page(), impl.descriptor())
                    : StartDataPage(impl);
    if (!st.ok()) return impl.PageContext(std::move(st));
    // (A dictionary page leaves levels_left() at 0, as it was.)
    if (impl.levels_left() > 0) return Status::OK();
  }
}

template <typename T>
Status TypedColumnReader<T>::Typed::LoadDictionary(const page::Page& page, const ColumnDescriptor& d) {
  if (page.encoding != Encoding::kPlain && page.encoding != Encoding::kPlainDictionary) {
    return Status::Unsupported("dictionary page in encoding " + std::string(EncodingName(page.encoding)));
  }
  PARQ_ASSIGN_OR_RETURN(dictionary, encoding::MakeDictionaryDecoder<T>(d.physical_type, d.type_length));
  // Taken from the page reader, not copied: a 60 MB value is held once.
  dictionary_bytes = std::move(*page.dictionary_buffer);
  return dictionary->SetDictionary(page.num_values, dictionary_bytes.data(), dictionary_bytes.size());
}

template <typename T>
Status TypedColumnReader<T>::Typed::StartDataPage(ColumnReader::Impl& impl) {
  PARQ_RETURN_IF_ERROR(impl.StartDataPage());
  const Encoding enc = impl.page().encoding;
  const bool is_dictionary = enc == Encoding::kRleDictionary || enc == Encoding::kPlainDictionary;
  if (is_dictionary) {
    if (!dictionary) {
      return Status::Corrupt("dictionary-encoded data page but the chunk has no dictionary page");
    }
    current = dictionary.get();
  } else {
    PARQ_ASSIGN_OR_RETURN(current, DecoderFor(enc, impl.descriptor()));
  }
  current_is_dictionary = is_dictionary;
  const std::span<const uint8_t> bytes = impl.value_bytes();
  return current->SetData(impl.values_left(), bytes.data(), bytes.size());
}

template <typename T>
Result<encoding::TypedDecoder<T>*> TypedColumnReader<T>::Typed::DecoderFor(Encoding encoding,
                                                                           const ColumnDescriptor& d) {
  const auto id = static_cast<uint32_t>(encoding);
  if (id >= kDecoderSlots) {
    return Status::Unsupported("unknown encoding " + std::to_string(static_cast<int32_t>(encoding)));
  }
  if (!decoders[id]) {
    PARQ_ASSIGN_OR_RETURN(decoders[id], encoding::MakeDecoder<T>(encoding, d.physical_type, d.type_length));
  }
  return decoders[id].get();
}

template <typename T>
template <typename Decode>
Result<int64_t> TypedColumnReader<T>::Typed::ReadLevelsThen(ColumnReader::Impl& impl, int64_t max_levels,
                                                            int16_t* def_levels, int16_t* rep_levels,
                                                            int64_t* values_read, ValueKind kind,
                                                            Decode decode) {
  *values_read = 0;
  if (max_levels <= 0) return 0;
  PARQ_ASSIGN_OR_RETURN(const bool more, ToDataPage(impl));
  if (!more) return 0;
  if (kind.dictionary_only && !current_is_dictionary) {
    return impl.PageContext(
        Status::InvalidArgument("ReadIndices on a page that is not dictionary-encoded"));
  }
  const int64_t n = std::min(max_levels, impl.levels_left());
  auto count = impl.DecodeLevels(n, def_levels, rep_levels);
  if (!count.ok()) return impl.PageContext(std::move(count).status());
  auto got = decode(*count);
  if (!got.ok()) return impl.PageContext(std::move(got).status());
  if (*got != *count) {
    return impl.PageContext(Status::Corrupt("page holds " + std::to_string(*got) + " " + kind.what +
                                            " where its levels need " + std::to_string(*count)));
  }
  *values_read = *count;
  return n;
}

template <typename T>
template <typename Decode>
Result<int64_t> TypedColumnReader<T>::Typed::ReadValidityThen(ColumnReader::Impl& impl, int64_t max_levels,
                                                              uint8_t* validity, int64_t validity_offset,
                                                              int64_t* values_read, ValueKind kind,
                                                              Decode decode) {
  const ColumnDescriptor& d = impl.descriptor();
  *values_read = 0;
  if (d.max_repetition_level > 0) {
    return impl.Context(Status::InvalidArgument(
        "presence as bits is for flat columns; this one has repetition levels"));
  }
  if (max_levels <= 0) return 0;
  PARQ_ASSIGN_OR_RETURN(const bool more, ToDataPage(impl));
  if (!more) return 0;
  const int64_t n = std::min(max_levels, impl.levels_left());
  const bool dense = d.max_definition_level == 0 || impl.all_defined();
  int16_t* def = dense ? nullptr : impl.DefinitionScratch(n);
  PARQ_ASSIGN_OR_RETURN(const int64_t levels,
                        ReadLevelsThen(impl, n, def, nullptr, values_read, kind, decode));
  if (dense) {
    util::SetBits(validity, validity_offset, levels);
  } else {
    LevelsToBits(def, levels, d.max_definition_level, validity, validity_offset);
  }
  return levels;
}

template <typename T>
TypedColumnReader<T>::TypedColumnReader(std::unique_ptr<Impl> impl, std::unique_ptr<Typed> typed)
    : ColumnReader(std::move(impl)), typed_(std::move(typed)) {}

template <typename T>
TypedColumnReader<T>::~TypedColumnReader() = default;

template <typename T>
Result<int64_t> TypedColumnReader<T>::ReadBatchWithValidity(int64_t max_levels, uint8_t* validity,
                                                            int64_t validity_offset, T* values,
                                                            int64_t* values_read) {
  return typed_->ReadValidityThen(*impl_, max_levels, validity, validity_offset, values_read, kValues,
                                  [&](int64_t count) { return typed_->current->Decode(values, count); });
}

template <typename T>
Result<int64_t> TypedColumnReader<T>::ReadIndicesWithValidity(int64_t max_levels, uint8_t* validity,
                                                              int64_t validity_offset, int32_t* indices,
                                                              int64_t* values_read) {
  return typed_->ReadValidityThen(
      *impl_, max_levels, validity, validity_offset, values_read, kIndices,
      [&](int64_t count) { return typed_->dictionary->DecodeIndices(indices, count); });
}

template <typename T>
Result<int64_t> TypedColumnReader<T>::ReadBatch(int64_t max_levels, int16_t* def_levels,
                                                int16_t* rep_levels, T* values,
                                                int64_t* values_read) {
  return typed_->ReadLevelsThen(*impl_, max_levels, def_levels, rep_levels, values_read, kValues,
                                [&](int64_t count) { return typed_->current->Decode(values, count); });
}

template <typename T>
Result<int64_t> TypedColumnReader<T>::ReadIndices(int64_t max_levels, int16_t* def_levels,
                                                  int16_t* rep_levels, int32_t* indices,
                                                  int64_t* values_read) {
  return typed_->ReadLevelsThen(
      *impl_, max_levels, def_levels, rep_levels, values_read, kIndices,
      [&](int64_t count) { return typed_->dictionary->DecodeIndices(indices, count); });
}

template <typename T>
Result<bool> TypedColumnReader<T>::NextPageIsDictionaryEncoded() {
  PARQ_ASSIGN_OR_RETURN(const bool more, typed_->ToDataPage(*impl_));
  return more && typed_->current_is_dictionary;
}

template <typename T>
std::span<const T> TypedColumnReader<T>::dictionary() const {
  if (!typed_->dictionary) return {};
  return {typed_->dictionary->dictionary(),
          static_cast<size_t>(typed_->dictionary->dictionary_size())};
}

namespace {

// How many of the first n levels of `rep` to take while passing over
// *starts_left more record starts: stops right before the record after the
// last one to skip.  Lowers *starts_left by the starts taken.
int64_t LevelsBeforeRecord(const int16_t* rep, int64_t n, int64_t* starts_left) {
  for (int64_t i = 0; i < n; ++i) {
    if (rep[i] == 0) {
      if (*starts_left == 0) return i;
      --*starts_left;
    }
  }
  return n;
}

}  // namespace

template <typename T>
Result<int64_t> TypedColumnReader<T>::SkipRows(int64_t rows) {
  Impl& impl = *impl_;
  const ColumnDescriptor& d = impl.descriptor();
  const bool flat = d.max_repetition_level == 0;
  int64_t starts_left = rows;  // record starts still to pass over
  if (impl.has_plan() && rows > 0) {
    // The OffsetIndex: move straight to the page holding the target row (a
    // dictionary page before the first data page is read first).
    const int64_t target = impl.rows_started() + rows;
    if (impl.dictionary_pending()) PARQ_RETURN_IF_ERROR(typed_->NextDataPage(impl, /*dictionary_only=*/true));
    PARQ_ASSIGN_OR_RETURN(const bool jumped, impl.JumpTowards(target));
    if (jumped) starts_left = target - impl.rows_started();
  }
  std::vector<int16_t> rep_peek;
  while (true) {
    if (!impl.has_plan() && starts_left > 0 && impl.levels_left() == 0 && !impl.at_end()) {
      // Between pages: those whose headers give their rows, all to be
      // skipped, are passed over without decompressing them.
      impl.pages().SkipRowsByHeader(starts_left, flat);
      Result<bool> more = typed_->ToDataPage(impl);
      const int64_t passed = impl.pages().TakeRowsSkipped();
      starts_left -= passed;
      impl.AddRowsSkipped(passed);
      if (!more.ok()) return std::move(more).status();
      if (!*more) break;
    }
    PARQ_ASSIGN_OR_RETURN(const bool more, typed_->ToDataPage(impl));
    if (!more) break;
    int64_t take;
    if (flat) {
      if (starts_left == 0) break;
      take = std::min(starts_left, impl.levels_left());
      starts_left -= take;
    } else {
      // Peek at the next repetition levels to find where to stop.
      const int64_t n = std::min(kSkipPeekLevels, impl.levels_left());
      rep_peek.resize(static_cast<size_t>(n));
      Status st = impl.PeekRepetitionLevels(n, rep_peek.data());
      if (!st.ok()) return impl.PageContext(std::move(st));
      take = LevelsBeforeRecord(rep_peek.data(), n, &starts_left);
      if (take == 0) break;
    }
    auto count = impl.DecodeLevels(take, nullptr, nullptr);
    if (!count.ok()) return impl.PageContext(std::move(count).status());
    Status st = typed_->current->Skip(*count);
    if (!st.ok()) return impl.PageContext(std::move(st));
  }
  return rows - starts_left;
}

namespace column {

template <typename T>
Result<int64_t> ReadBatchSelected(TypedColumnReader<T>& reader, int64_t max_levels, int16_t* def, int16_t* rep,
                                  const uint8_t* selected, int64_t num_rows, int64_t row, T* values,
                                  int64_t* values_read, int64_t* values_kept) {
  ColumnReader::Impl& impl = ColumnReaderAccess::Of(reader);
  auto& typed = ColumnReaderAccess::TypedOf(reader);
  const ColumnDescriptor& d = impl.descriptor();
  const int16_t max_def = d.max_definition_level;
  const bool has_def = max_def > 0, has_rep = d.max_repetition_level > 0;
  if ((has_def && def == nullptr) || (has_rep && rep == nullptr)) {
    return impl.Context(Status::InvalidArgument("ReadBatchSelected needs the column's levels"));
  }
  *values_kept = 0;
  return typed.ReadLevelsThen(
      impl, max_levels, def, rep, values_read, kValues, [&](int64_t count) -> Result<int64_t> {
        // keep[v]: whether the row of the v-th value of the batch is selected.
        typed.keep.resize(static_cast<size_t>(count));
        uint8_t* keep = typed.keep.data();
        const int64_t first = row + 1;                      // the row of entry 0 when flat
        const int64_t in_group = std::max<int64_t>(num_rows - first, 0);  // entries left of the row group when flat
        if (!has_rep && !has_def) {
          const int64_t sel = std::min(count, in_group);
          if (sel > 0) std::memcpy(keep, selected + first, static_cast<size_t>(sel));
          if (sel < count) std::memset(keep + sel, 0, static_cast<size_t>(count - sel));
        } else if (!has_rep) {
          // Entry i is row first + i; count values lie among the entries.
          int64_t v = 0;
          for (int64_t i = 0; v < count; ++i) {
            keep[v] = i < in_group ? selected[first + i] : 0;
            v += def[i] == max_def ? 1 : 0;
          }
        } else {
          int64_t r = row, v = 0;
          for (int64_t i = 0; v < count; ++i) {
            r += rep[i] == 0 ? 1 : 0;
            keep[v] = r >= 0 && r < num_rows ? selected[r] : 0;
            v += !has_def || def[i] == max_def ? 1 : 0;
          }
        }
        PARQ_ASSIGN_OR_RETURN(*values_kept, typed.current->DecodeSelected(values, keep, count));
        return count;
      });
}

template <typename T>
Result<int64_t> ReadFlatSelected(TypedColumnReader<T>& reader, int64_t max_levels, uint8_t* present, bool* dense,
                                 const uint8_t* keep_rows, T* values, int64_t* values_read, int64_t* values_kept) {
  ColumnReader::Impl& impl = ColumnReaderAccess::Of(reader);
  auto& typed = ColumnReaderAccess::TypedOf(reader);
  const ColumnDescriptor& d = impl.descriptor();
  if (d.max_repetition_level > 0 || d.max_definition_level > 1) {
    return impl.Context(Status::InvalidArgument("ReadFlatSelected needs a flat column of definition levels 0 and 1"));
  }
  *values_read = *values_kept = 0;
  *dense = true;
  if (max_levels <= 0) return 0;
  PARQ_ASSIGN_OR_RETURN(const bool more, typed.ToDataPage(impl));
  if (!more) return 0;
  const int64_t n = std::min(max_levels, impl.levels_left());
  auto count = impl.DecodePresence(n, present, dense);
  if (!count.ok()) return impl.PageContext(std::move(count).status());
  if (keep_rows == nullptr) {
    auto got = typed.current->Decode(values, *count);
    if (!got.ok()) return impl.PageContext(std::move(got).status());
    if (*got != *count) {
      return impl.PageContext(Status::Corrupt("page holds " + std::to_string(*got) +
                                              " values where its levels need " + std::to_string(*count)));
    }
    *values_kept = *got;
  } else {
    const uint8_t* keep = keep_rows;  // dense: value i is entry i
    if (!*dense) {
      // keep[v]: whether the row of the v-th value is selected, eight entries
      // a presence byte, branch-free.
      typed.keep.resize(static_cast<size_t>(n));
      uint8_t* k = typed.keep.data();
      int64_t v = 0;
      for (int64_t i = 0; i < n; i += 8) {
        const unsigned byte = present[i >> 3];
        const int64_t m = std::min<int64_t>(8, n - i);
        for (int64_t j = 0; j < m; ++j) {
          k[v] = keep_rows[i + j];
          v += (byte >> j) & 1u;
        }
      }
      keep = k;
    }
    auto kept = typed.current->DecodeSelected(values, keep, *count);
    if (!kept.ok()) return impl.PageContext(std::move(kept).status());
    *values_kept = *kept;
  }
  *values_read = *count;
  return n;
}

#define PARQ_INSTANTIATE_READ_SELECTED(T)                                                                      \
  template Result<int64_t> ReadBatchSelected<T>(TypedColumnReader<T>&, int64_t, int16_t*, int16_t*, const uint8_t*, \
                                                int64_t, int64_t, T*, int64_t*, int64_t*);             \
  template Result<int64_t> ReadFlatSelected<T>(TypedColumnReader<T>&, int64_t, uint8_t*, bool*, const uint8_t*, T*, \
                                               int64_t*, int64_t*);
PARQ_INSTANTIATE_READ_SELECTED(bool)
PARQ_INSTANTIATE_READ_SELECTED(int32_t)
PARQ_INSTANTIATE_READ_SELECTED(int64_t)
PARQ_INSTANTIATE_READ_SELECTED(Int96)
PARQ_INSTANTIATE_READ_SELECTED(float)
PARQ_INSTANTIATE_READ_SELECTED(double)
PARQ_INSTANTIATE_READ_SELECTED(ByteArray)
PARQ_INSTANTIATE_READ_SELECTED(FixedLenByteArray)
#undef PARQ_INSTANTIATE_READ_SELECTED

}  // namespace column

template class TypedColumnReader<bool>;
template class TypedColumnReader<int32_t>;
template class TypedColumnReader<int64_t>;
template class TypedColumnReader<Int96>;
template class TypedColumnReader<float>;
template class TypedColumnReader<double>;
template class TypedColumnReader<ByteArray>;
template class TypedColumnReader<FixedLenByteArray>;

// ---------------------------------------------------------------------------

Result<std::unique_ptr<ColumnReader>> ColumnReaderFactory::Make(
    const RandomAccessFile& file, const format::ColumnChunk& chunk,
    const ColumnDescriptor& descriptor, const ReaderOptions& options,
    const std::optional<std::string>& created_by, int row_group,
    std::shared_ptr<const void> keep_alive, std::shared_ptr<page::BufferPool> buffer_pool,
    std::span<const uint8_t> chunk_bytes, std::shared_ptr<const crypto::ChunkCipher> cipher) {
  auto impl = std::make_unique<ColumnReader::Impl>(std::move(keep_alive), descriptor, row_group);
  PARQ_RETURN_IF_ERROR(
      impl->Open(file, chunk, options, created_by, std::move(buffer_pool), chunk_bytes, std::move(cipher)));
  std::unique_ptr<ColumnReader> out;
  auto make = [&](auto tag) {
    using T = decltype(tag);
    using Typed = typename TypedColumnReader<T>::Typed;
    out.reset(new TypedColumnReader<T>(std::move(impl), std::make_unique<Typed>()));
  };
  switch (descriptor.physical_type) {
    case PhysicalType::kBoolean: make(bool{}); break;
    case PhysicalType::kInt32: make(int32_t{}); break;
    case PhysicalType::kInt64: make(int64_t{}); break;
    case PhysicalType::kInt96: make(Int96{}); break;
    case PhysicalType::kFloat: make(float{}); break;
    case PhysicalType::kDouble: make(double{}); break;
    case PhysicalType::kByteArray: make(ByteArray{}); break;
    case PhysicalType::kFixedLenByteArray: make(FixedLenByteArray{}); break;
    default:
      return impl->Context(Status::Corrupt(
          "unknown physical type " + std::to_string(static_cast<int>(descriptor.physical_type))));
  }
  return out;
}

}  // namespace parq
