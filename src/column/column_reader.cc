#include "parq/column_reader.h"

#include <algorithm>
#include <cstring>

#include "column/column_reader_internal.h"
#include "encoding/decoder.h"

namespace parq {

namespace {
constexpr int64_t kScratchLevels = 1024;

std::string ColumnPath(const ColumnDescriptor& d) { return d.dotted_path; }
}  // namespace

// ---------------------------------------------------------------------------
// ColumnReader::Impl — levels

Status ColumnReader::Impl::Context(Status st) const {
  return std::move(st).WithColumn(ColumnPath(*descriptor)).WithRowGroup(row_group);
}

Status ColumnReader::Impl::PageContext(Status st) const {
  return Context(std::move(st).WithPage(page.ordinal).WithFileOffset(page.file_offset));
}

namespace {

// Sets up one level stream of a v1 page at *data: RLE with a 4-byte length
// prefix, or the old MSB-first BIT_PACKED form.  Advances *data past it.
Status InitV1Levels(Encoding encoding, int bit_width, int64_t num_values, const uint8_t** data,
                    size_t* size, encoding::RleBitPackedDecoder* rle,
                    encoding::BitPackedLevelDecoder* packed, bool* is_packed, const char* what) {
  if (encoding == Encoding::kRle) {
    PARQ_ASSIGN_OR_RETURN(auto prefixed, encoding::ReadLengthPrefixed(*data, *size));
    PARQ_RETURN_IF_ERROR(rle->Init(prefixed.data, prefixed.size, bit_width));
    *data += prefixed.consumed;
    *size -= prefixed.consumed;
    *is_packed = false;
    return Status::OK();
  }
  if (encoding == Encoding::kBitPacked) {
    PARQ_RETURN_IF_ERROR(packed->Init(*data, *size, bit_width, num_values));
    *data += packed->bytes_used();
    *size -= packed->bytes_used();
    *is_packed = true;
    return Status::OK();
  }
  return Status::Unsupported(std::string(what) + " levels in encoding " +
                             std::string(EncodingName(encoding)));
}

// Decodes n levels from whichever decoder is active; kCorrupt when the stream
// ends early.
Status GetLevels(bool is_packed, encoding::RleBitPackedDecoder* rle,
                 encoding::BitPackedLevelDecoder* packed, int64_t n, int16_t* out,
                 const char* what) {
  auto* u = reinterpret_cast<uint16_t*>(out);
  int64_t got;
  if (is_packed) {
    got = packed->GetBatch(u, n);
  } else {
    PARQ_ASSIGN_OR_RETURN(got, rle->GetBatch(u, n));
  }
  if (got != n) {
    return Status::Corrupt(std::string(what) + " levels end early: " + std::to_string(got) +
                           " of " + std::to_string(n) + " decoded");
  }
  return Status::OK();
}

// The largest level in `levels`, for the one range check per batch.
int16_t MaxLevel(const int16_t* levels, int64_t n) {
  int16_t m = 0;
  for (int64_t i = 0; i < n; ++i) m = std::max(m, levels[i]);
  return m;
}

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

// Sets bits [offset, offset + n) of `bits` (LSB-first), keeping the others.
void SetBits(uint8_t* bits, int64_t offset, int64_t n) {
  int64_t i = offset;
  const int64_t end = offset + n;
  for (; i < end && (i & 7) != 0; ++i) bits[i >> 3] |= static_cast<uint8_t>(1u << (i & 7));
  const int64_t bytes = (end - i) >> 3;
  if (bytes > 0) {
    std::memset(bits + (i >> 3), 0xff, static_cast<size_t>(bytes));
    i += bytes * 8;
  }
  for (; i < end; ++i) bits[i >> 3] |= static_cast<uint8_t>(1u << (i & 7));
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

int64_t CountEqual(const int16_t* levels, int64_t n, int16_t value) {
  int64_t c = 0;
  for (int64_t i = 0; i < n; ++i) c += levels[i] == value;
  return c;
}

}  // namespace

Status ColumnReader::Impl::StartDataPage() {
  const ColumnDescriptor& d = *descriptor;
  const int64_t n = page.num_values;
  const int def_width = encoding::BitWidthFor(static_cast<uint64_t>(d.max_definition_level));
  const int rep_width = encoding::BitWidthFor(static_cast<uint64_t>(d.max_repetition_level));
  levels_left = n;
  if (page.type == PageType::kDataPageV2) {
    if (d.max_repetition_level > 0) {
      PARQ_RETURN_IF_ERROR(rep_rle.Init(page.repetition_levels.data(),
                                        page.repetition_levels.size(), rep_width));
    }
    if (d.max_definition_level > 0) {
      PARQ_RETURN_IF_ERROR(def_rle.Init(page.definition_levels.data(),
                                        page.definition_levels.size(), def_width));
    }
    rep_is_packed = def_is_packed = false;
    value_data = page.values.data();
    value_size = page.values.size();
  } else {
    const uint8_t* p = page.values.data();
    size_t size = page.values.size();
    if (d.max_repetition_level > 0) {
      PARQ_RETURN_IF_ERROR(InitV1Levels(page.repetition_level_encoding, rep_width, n, &p, &size,
                                        &rep_rle, &rep_packed, &rep_is_packed, "repetition"));
    }
    if (d.max_definition_level > 0) {
      PARQ_RETURN_IF_ERROR(InitV1Levels(page.definition_level_encoding, def_width, n, &p, &size,
                                        &def_rle, &def_packed, &def_is_packed, "definition"));
    }
    value_data = p;
    value_size = size;
  }
  all_defined = false;
  if (d.max_definition_level == 0) {
    values_left = n;
    return Status::OK();
  }
  // First pass over a copy of the definition-level decoder: count the values
  // present (what the value decoder must be told) and check the level range,
  // in bounded scratch whatever the page claims.
  encoding::RleBitPackedDecoder rle = def_rle;
  encoding::BitPackedLevelDecoder packed = def_packed;
  int64_t count = 0;
  if (!def_is_packed) {
    // RLE runs are counted without decoding them.
    uint32_t max_seen = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t got, rle.CountEqual(n, static_cast<uint32_t>(d.max_definition_level),
                                                      &count, &max_seen));
    if (got != n) {
      return Status::Corrupt("definition levels end early: " + std::to_string(got) + " of " +
                             std::to_string(n) + " decoded");
    }
    if (max_seen > static_cast<uint32_t>(d.max_definition_level)) {
      return Status::Corrupt("definition level " + std::to_string(max_seen) +
                             " above the column's maximum " + std::to_string(d.max_definition_level));
    }
    values_left = count;
    all_defined = count == n;
    return Status::OK();
  }
  def_scratch.resize(kScratchLevels);
  for (int64_t done = 0; done < n;) {
    const int64_t batch = std::min(kScratchLevels, n - done);
    PARQ_RETURN_IF_ERROR(
        GetLevels(def_is_packed, &rle, &packed, batch, def_scratch.data(), "definition"));
    if (MaxLevel(def_scratch.data(), batch) > d.max_definition_level) {
      return Status::Corrupt("definition level " +
                             std::to_string(MaxLevel(def_scratch.data(), batch)) +
                             " above the column's maximum " +
                             std::to_string(d.max_definition_level));
    }
    count += CountEqual(def_scratch.data(), batch, d.max_definition_level);
    done += batch;
  }
  values_left = count;
  all_defined = count == n;
  return Status::OK();
}

Result<int64_t> ColumnReader::Impl::DecodeLevels(int64_t n, int16_t* def, int16_t* rep) {
  const ColumnDescriptor& d = *descriptor;
  if (d.max_repetition_level > 0) {
    if (rep == nullptr) {
      rep_scratch.resize(static_cast<size_t>(n));
      rep = rep_scratch.data();
    }
    PARQ_RETURN_IF_ERROR(GetLevels(rep_is_packed, &rep_rle, &rep_packed, n, rep, "repetition"));
    if (n > 0 && !chunk_started && rep[0] != 0) {
      return Status::Corrupt("the column chunk's first repetition level is " +
                             std::to_string(rep[0]) + ", not 0");
    }
    if (MaxLevel(rep, n) > d.max_repetition_level) {
      return Status::Corrupt("repetition level " + std::to_string(MaxLevel(rep, n)) +
                             " above the column's maximum " +
                             std::to_string(d.max_repetition_level));
    }
  }
  chunk_started = true;
  levels_left -= n;
  if (d.max_definition_level == 0) return n;
  if (all_defined) {
    if (def != nullptr) FillLevels(def, n, d.max_definition_level);
    return n;
  }
  if (def == nullptr) {
    def_scratch.resize(std::max<size_t>(def_scratch.size(), static_cast<size_t>(n)));
    def = def_scratch.data();
  }
  PARQ_RETURN_IF_ERROR(GetLevels(def_is_packed, &def_rle, &def_packed, n, def, "definition"));
  // The range was checked by the counting pass in StartDataPage.
  return CountEqual(def, n, d.max_definition_level);
}

ColumnReader::ColumnReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
ColumnReader::~ColumnReader() = default;

void ReadPagesTogether(ColumnReader& a, ColumnReader& b) {
  page::PageReader::Pair(*a.impl_->pages, *b.impl_->pages);
}
const ColumnDescriptor& ColumnReader::descriptor() const { return *impl_->descriptor; }
int64_t ColumnReader::num_values() const { return impl_->metadata->num_values; }

// ---------------------------------------------------------------------------
// TypedColumnReader<T> — values

template <typename T>
struct TypedColumnReader<T>::Typed {
  std::unique_ptr<encoding::DictionaryDecoder<T>> dictionary;
  Buffer dictionary_bytes;  // the dictionary page outlives the page buffer it came in
  std::unique_ptr<encoding::TypedDecoder<T>> decoders[16];  // by encoding id
  encoding::TypedDecoder<T>* current = nullptr;
  bool current_is_dictionary = false;
  std::vector<T> skip_scratch;

  // Loads pages until a data page with levels, or the end of the chunk.
  Status NextDataPage(ColumnReader::Impl& impl);
};

template <typename T>
Status TypedColumnReader<T>::Typed::NextDataPage(ColumnReader::Impl& impl) {
  const ColumnDescriptor& d = *impl.descriptor;
  while (true) {
    auto more = impl.pages->Next(&impl.page);
    if (!more.ok()) return impl.Context(std::move(more).status());
    if (!*more) {
      if (impl.chunk_started || impl.metadata->num_values > 0) {
        // A chunk must hold the values its metadata promises.
        if (impl.pages->values_seen() < impl.metadata->num_values) {
          return impl.Context(Status::Corrupt(
              "column chunk ends after " + std::to_string(impl.pages->values_seen()) +
              " values; its metadata says " + std::to_string(impl.metadata->num_values)));
        }
      }
      impl.at_end = true;
      current = nullptr;
      return Status::OK();
    }
    page::Page& page = impl.page;
    if (page.type == PageType::kDictionaryPage) {
      if (page.encoding != Encoding::kPlain && page.encoding != Encoding::kPlainDictionary) {
        return impl.PageContext(Status::Unsupported(
            "dictionary page in encoding " + std::string(EncodingName(page.encoding))));
      }
      auto made = encoding::MakeDictionaryDecoder<T>(d.physical_type, d.type_length);
      if (!made.ok()) return impl.PageContext(std::move(made).status());
      dictionary = std::move(*made);
      dictionary_bytes.Resize(page.values.size());
      if (!page.values.empty()) {
        std::memcpy(dictionary_bytes.data(), page.values.data(), page.values.size());
      }
      Status st = dictionary->SetDictionary(page.num_values, dictionary_bytes.data(),
                                            dictionary_bytes.size());
      if (!st.ok()) return impl.PageContext(std::move(st));
      continue;
    }
    Status st = impl.StartDataPage();
    if (!st.ok()) return impl.PageContext(std::move(st));
    const Encoding enc = page.encoding;
    if (enc == Encoding::kRleDictionary || enc == Encoding::kPlainDictionary) {
      if (!dictionary) {
        return impl.PageContext(
            Status::Corrupt("dictionary-encoded data page but the chunk has no dictionary page"));
      }
      current = dictionary.get();
      current_is_dictionary = true;
    } else {
      const auto id = static_cast<uint32_t>(enc);
      if (id >= 16) {
        return impl.PageContext(
            Status::Unsupported("unknown encoding " + std::to_string(static_cast<int32_t>(enc))));
      }
      if (!decoders[id]) {
        auto made = encoding::MakeDecoder<T>(enc, d.physical_type, d.type_length);
        if (!made.ok()) return impl.PageContext(std::move(made).status());
        decoders[id] = std::move(*made);
      }
      current = decoders[id].get();
      current_is_dictionary = false;
    }
    st = current->SetData(impl.values_left, impl.value_data, impl.value_size);
    if (!st.ok()) return impl.PageContext(std::move(st));
    if (impl.levels_left > 0) return Status::OK();
  }
}

template <typename T>
TypedColumnReader<T>::TypedColumnReader(std::unique_ptr<Impl> impl, std::unique_ptr<Typed> typed)
    : ColumnReader(std::move(impl)), typed_(std::move(typed)) {}

template <typename T>
TypedColumnReader<T>::~TypedColumnReader() = default;

namespace {

// The shape ReadBatch and ReadIndices share: load a page when needed, decode
// up to max_levels levels of it, then exactly the values (or indices) those
// levels need, via `decode(count) -> Result<int64_t>`.
template <typename T, typename Decode>
Result<int64_t> ReadLevelsThen(ColumnReader::Impl& impl, typename TypedColumnReader<T>::Typed& typed,
                               int64_t max_levels, int16_t* def_levels, int16_t* rep_levels,
                               int64_t* values_read, bool dictionary_only, const char* what,
                               Decode decode) {
  *values_read = 0;
  if (max_levels <= 0 || impl.at_end) return 0;
  if (impl.levels_left == 0) {
    PARQ_RETURN_IF_ERROR(typed.NextDataPage(impl));
    if (impl.at_end) return 0;
  }
  if (dictionary_only && !typed.current_is_dictionary) {
    return impl.PageContext(
        Status::InvalidArgument("ReadIndices on a page that is not dictionary-encoded"));
  }
  const int64_t n = std::min(max_levels, impl.levels_left);
  auto count = impl.DecodeLevels(n, def_levels, rep_levels);
  if (!count.ok()) return impl.PageContext(std::move(count).status());
  auto got = decode(*count);
  if (!got.ok()) return impl.PageContext(std::move(got).status());
  if (*got != *count) {
    return impl.PageContext(Status::Corrupt("page holds " + std::to_string(*got) + " " + what +
                                            " where its levels need " + std::to_string(*count)));
  }
  impl.values_left -= *count;
  *values_read = *count;
  return n;
}

// ReadLevelsThen for a flat column with presence as bits: a page with every
// value defined (or a required column) decodes no levels at all.
template <typename T, typename Decode>
Result<int64_t> ReadValidityThen(ColumnReader::Impl& impl, typename TypedColumnReader<T>::Typed& typed,
                                 int64_t max_levels, uint8_t* validity, int64_t validity_offset,
                                 int64_t* values_read, bool dictionary_only, const char* what,
                                 Decode decode) {
  const ColumnDescriptor& d = *impl.descriptor;
  *values_read = 0;
  if (d.max_repetition_level > 0) {
    return impl.Context(Status::InvalidArgument(
        "presence as bits is for flat columns; this one has repetition levels"));
  }
  if (max_levels <= 0 || impl.at_end) return 0;
  if (impl.levels_left == 0) {
    PARQ_RETURN_IF_ERROR(typed.NextDataPage(impl));
    if (impl.at_end) return 0;
  }
  const int64_t n = std::min(max_levels, impl.levels_left);
  const bool dense = d.max_definition_level == 0 || impl.all_defined;
  int16_t* def = nullptr;
  if (!dense) {
    impl.def_scratch.resize(std::max(impl.def_scratch.size(), static_cast<size_t>(n)));
    def = impl.def_scratch.data();
  }
  PARQ_ASSIGN_OR_RETURN(const int64_t levels, ReadLevelsThen<T>(impl, typed, n, def, nullptr, values_read,
                                                                dictionary_only, what, decode));
  if (dense) {
    SetBits(validity, validity_offset, levels);
  } else {
    LevelsToBits(def, levels, d.max_definition_level, validity, validity_offset);
  }
  return levels;
}

}  // namespace

template <typename T>
Result<int64_t> TypedColumnReader<T>::ReadBatchWithValidity(int64_t max_levels, uint8_t* validity,
                                                            int64_t validity_offset, T* values,
                                                            int64_t* values_read) {
  return ReadValidityThen<T>(*impl_, *typed_, max_levels, validity, validity_offset, values_read, false,
                             "values", [&](int64_t count) { return typed_->current->Decode(values, count); });
}

template <typename T>
Result<int64_t> TypedColumnReader<T>::ReadIndicesWithValidity(int64_t max_levels, uint8_t* validity,
                                                              int64_t validity_offset, int32_t* indices,
                                                              int64_t* values_read) {
  return ReadValidityThen<T>(
      *impl_, *typed_, max_levels, validity, validity_offset, values_read, true, "indices",
      [&](int64_t count) { return typed_->dictionary->DecodeIndices(indices, count); });
}

template <typename T>
Result<int64_t> TypedColumnReader<T>::ReadBatch(int64_t max_levels, int16_t* def_levels,
                                                int16_t* rep_levels, T* values,
                                                int64_t* values_read) {
  return ReadLevelsThen<T>(*impl_, *typed_, max_levels, def_levels, rep_levels, values_read, false,
                           "values", [&](int64_t count) { return typed_->current->Decode(values, count); });
}

template <typename T>
Result<int64_t> TypedColumnReader<T>::ReadIndices(int64_t max_levels, int16_t* def_levels,
                                                  int16_t* rep_levels, int32_t* indices,
                                                  int64_t* values_read) {
  return ReadLevelsThen<T>(*impl_, *typed_, max_levels, def_levels, rep_levels, values_read, true,
                           "indices",
                           [&](int64_t count) { return typed_->dictionary->DecodeIndices(indices, count); });
}

template <typename T>
Result<bool> TypedColumnReader<T>::NextPageIsDictionaryEncoded() {
  Impl& impl = *impl_;
  if (impl.at_end) return false;
  if (impl.levels_left == 0) {
    PARQ_RETURN_IF_ERROR(typed_->NextDataPage(impl));
    if (impl.at_end) return false;
  }
  return typed_->current_is_dictionary;
}

template <typename T>
std::span<const T> TypedColumnReader<T>::dictionary() const {
  if (!typed_->dictionary) return {};
  return {typed_->dictionary->dictionary(),
          static_cast<size_t>(typed_->dictionary->dictionary_size())};
}

template <typename T>
Result<int64_t> TypedColumnReader<T>::SkipRows(int64_t rows) {
  Impl& impl = *impl_;
  const ColumnDescriptor& d = *impl.descriptor;
  int64_t starts_left = rows;  // record starts still to pass over
  std::vector<int16_t> rep_peek;
  while (!impl.at_end) {
    if (impl.levels_left == 0) {
      PARQ_RETURN_IF_ERROR(typed_->NextDataPage(impl));
      if (impl.at_end) break;
    }
    int64_t take;
    if (d.max_repetition_level == 0) {
      if (starts_left == 0) break;
      take = std::min(starts_left, impl.levels_left);
      starts_left -= take;
    } else {
      // Peek at the next repetition levels to stop right before the record
      // after the last one to skip.
      const int64_t n = std::min(kScratchLevels, impl.levels_left);
      rep_peek.resize(static_cast<size_t>(n));
      encoding::RleBitPackedDecoder rle = impl.rep_rle;
      encoding::BitPackedLevelDecoder packed = impl.rep_packed;
      Status st = GetLevels(impl.rep_is_packed, &rle, &packed, n, rep_peek.data(), "repetition");
      if (!st.ok()) return impl.PageContext(std::move(st));
      take = n;
      for (int64_t i = 0; i < n; ++i) {
        if (rep_peek[static_cast<size_t>(i)] == 0) {
          if (starts_left == 0) {
            take = i;
            break;
          }
          --starts_left;
        }
      }
      if (take == 0) break;
    }
    auto count = impl.DecodeLevels(take, nullptr, nullptr);
    if (!count.ok()) return impl.PageContext(std::move(count).status());
    Status st = typed_->current->Skip(*count);
    if (!st.ok()) return impl.PageContext(std::move(st));
    impl.values_left -= *count;
  }
  return rows - starts_left;
}

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
    std::span<const uint8_t> chunk_bytes) {
  auto impl = std::make_unique<ColumnReader::Impl>();
  impl->keep_alive = std::move(keep_alive);
  impl->descriptor = &descriptor;
  impl->row_group = row_group;
  if (!chunk.meta_data) {
    return impl->Context(Status::Unsupported(chunk.crypto_metadata
                                                 ? "the column chunk is encrypted"
                                                 : "the column chunk has no metadata"));
  }
  impl->metadata = &*chunk.meta_data;
  if (chunk.file_path) {
    return impl->Context(Status::Unsupported("column chunk stored in another file ('" +
                                             std::string(*chunk.file_path) + "')"));
  }
  auto pages = page::PageReader::Open(file, *impl->metadata, options, created_by, std::move(buffer_pool),
                                      chunk_bytes);
  if (!pages.ok()) return impl->Context(std::move(pages).status());
  impl->pages = std::move(*pages);

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
