#include "arrow/arrow_flat.h"

#include <algorithm>
#include <climits>
#include <cstring>
#include <optional>
#include <span>
#include <string>
#include <type_traits>
#include <vector>

#include "arrow/arrow_array.h"
#include "arrow/arrow_convert.h"
#include "arrow/arrow_nested.h"
#include "parq/metadata.h"
#include "util/bitmap.h"
#include "util/copy_short.h"

namespace parq::arrow {

struct FlatColumn::Dictionary {
  Buffer offsets, data;  // int32 or int64 offsets (ArrowField::large) into data
  int64_t length = 0;
};

namespace {

constexpr int64_t kStep = 4096;  // entries a step of the converting and string paths

// The `got` slots at `at` of `values` hold `vr` values densely: spreads them
// over the slots whose validity bit is set, from the back, zeroing the others.
// Stops where the remaining slots are all present (already in place).
template <size_t W>
void Spread(uint8_t* values, int64_t at, int64_t got, int64_t vr, const uint8_t* bits) {
  int64_t j = vr - 1;
  for (int64_t i = got - 1; i > j; --i) {
    uint8_t* dst = values + static_cast<size_t>(at + i) * W;
    if (util::GetBit(bits, at + i)) {
      std::memcpy(dst, values + static_cast<size_t>(at + j) * W, W);
      --j;
    } else {
      std::memset(dst, 0, W);
    }
  }
}

Status ChunkEnded(const ArrowField& f, int64_t at, int64_t rows) {
  return Status::Corrupt("column '" + f.name + "': the chunk ends after " + std::to_string(at) + " of the " +
                         std::to_string(rows) + " rows asked for");
}

// The source bytes of one physical value.
template <typename T>
inline const uint8_t* SrcOf(const T& v) {
  if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>) {
    return v.ptr;
  } else {
    return reinterpret_cast<const uint8_t*>(&v);
  }
}
template <typename T>
inline size_t LenOf(const T& v, size_t physical_width) {
  if constexpr (std::is_same_v<T, ByteArray>) {
    return v.len;
  } else {
    return physical_width;
  }
}

// Converts `got` slots at `at` from `vr` dense values (C: the conversion,
// fixed at compile time so the loop has no switch).
template <LeafConv C, typename T>
void ConvertRun(const T* dense, int64_t got, int64_t vr, const uint8_t* bits, int64_t at, int width,
                size_t physical_width, uint8_t* out) {
  const size_t w = static_cast<size_t>(width);
  if (vr == got) {
    for (int64_t i = 0; i < got; ++i) {
      ConvertValue(C, width, SrcOf(dense[i]), LenOf(dense[i], physical_width), out + static_cast<size_t>(i) * w);
    }
    return;
  }
  int64_t j = 0;
  for (int64_t i = 0; i < got; ++i) {
    uint8_t* dst = out + static_cast<size_t>(i) * w;
    if (util::GetBit(bits, at + i)) {
      ConvertValue(C, width, SrcOf(dense[j]), LenOf(dense[j], physical_width), dst);
      ++j;
    } else {
      std::memset(dst, 0, w);
    }
  }
}

template <typename T>
void Convert(LeafConv conv, const T* dense, int64_t got, int64_t vr, const uint8_t* bits, int64_t at, int width,
             size_t physical_width, uint8_t* out) {
  switch (conv) {
#define PARQ_CONVERT_CASE(c) \
  case LeafConv::c: return ConvertRun<LeafConv::c>(dense, got, vr, bits, at, width, physical_width, out);
    PARQ_CONVERT_CASE(kInt8)
    PARQ_CONVERT_CASE(kInt16)
    PARQ_CONVERT_CASE(kDecimalInt32)
    PARQ_CONVERT_CASE(kDecimalInt64)
    PARQ_CONVERT_CASE(kDecimalBytes)
    PARQ_CONVERT_CASE(kInt96Nanos)
    PARQ_CONVERT_CASE(kIntervalMdn)
#undef PARQ_CONVERT_CASE
    default: return ConvertRun<LeafConv::kSame>(dense, got, vr, bits, at, width, physical_width, out);
  }
}

}  // namespace

// Appends strings to offsets (int32 or int64) + data.
class FlatColumn::StringSink {
 public:
  StringSink(bool large, Buffer* offsets, Buffer* data, int64_t rows, int64_t reserve_bytes)
      : large_(large), rows_(rows), offsets_(offsets), data_(data) {
    offsets_->Resize(static_cast<size_t>(rows + 1) * (large ? 8 : 4));
    data_->Reserve(static_cast<size_t>(std::max<int64_t>(reserve_bytes, 64)));
    SetOffset(0);
  }
  // Slots [at, at + got) from `vr` dense values; `bits` null: all present.
  template <typename V>
  Status Append(const V* dense, int64_t got, int64_t vr, const uint8_t* bits, int64_t at, size_t fixed_len) {
    size_t bytes = 0;
    for (int64_t i = 0; i < vr; ++i) bytes += LenOf(dense[i], fixed_len);
    if (!large_ && pos_ + bytes > static_cast<size_t>(INT32_MAX)) {
      return Status::LimitExceeded("over 2 GiB of values in one batch for Arrow's int32 offsets (a smaller "
                                   "batch_rows reads it)");
    }
    if (pos_ + bytes > data_->capacity()) {
      // Grow once to what the batch will need at this rate (the metadata's
      // guess was short: a dictionary-encoded chunk's pages are smaller
      // than its values), rather than by halves with a copy each time.
      const double rate = static_cast<double>(pos_ + bytes) / static_cast<double>(at + got);
      data_->Reserve(std::max(pos_ + bytes, static_cast<size_t>(rate * static_cast<double>(rows_) * 1.1) + 64));
    }
    data_->Resize(pos_ + bytes);
    uint8_t* d = data_->data();
    int64_t j = 0;
    for (int64_t i = 0; i < got; ++i) {
      if (bits == nullptr || util::GetBit(bits, at + i)) {
        const size_t len = LenOf(dense[j], fixed_len);
        util::CopyShort(d + pos_, SrcOf(dense[j]), len);
        pos_ += len;
        ++j;
      }
      SetOffset(at + i + 1);
    }
    return Status::OK();
  }

 private:
  void SetOffset(int64_t slot) {
    if (large_) {
      reinterpret_cast<int64_t*>(offsets_->data())[slot] = static_cast<int64_t>(pos_);
    } else {
      reinterpret_cast<int32_t*>(offsets_->data())[slot] = static_cast<int32_t>(pos_);
    }
  }
  const bool large_;
  const int64_t rows_;
  Buffer* offsets_;
  Buffer* data_;
  size_t pos_ = 0;
};

namespace {

// Appends `entries` to dictionary `d` (offsets int64 when `large`).
Status AppendEntries(std::span<const ByteArray> entries, bool large, FlatColumn::Dictionary* d) {
  size_t pos = d->data.size(), bytes = pos;
  for (const ByteArray& e : entries) bytes += e.len;
  const int64_t length = d->length + static_cast<int64_t>(entries.size());
  if (length > INT32_MAX || (!large && bytes > static_cast<size_t>(INT32_MAX))) {
    return Status::LimitExceeded("the row groups' dictionaries together: " + std::to_string(length) + " entries of " +
                                 std::to_string(bytes) + " bytes, over Arrow's int32 indices or offsets");
  }
  d->offsets.Resize(static_cast<size_t>(length + 1) * (large ? 8 : 4));
  d->data.Resize(bytes);
  auto set = [&](int64_t slot) {
    if (large) {
      reinterpret_cast<int64_t*>(d->offsets.data())[slot] = static_cast<int64_t>(pos);
    } else {
      reinterpret_cast<int32_t*>(d->offsets.data())[slot] = static_cast<int32_t>(pos);
    }
  };
  int64_t slot = d->length;
  if (slot == 0) set(0);
  for (const ByteArray& e : entries) {
    if (e.len != 0) std::memcpy(d->data.data() + pos, e.ptr, e.len);
    pos += e.len;
    set(++slot);
  }
  d->length = length;
  return Status::OK();
}

// The entries of dictionary `d`, as views of its bytes.
std::vector<ByteArray> EntriesOf(const FlatColumn::Dictionary& d, bool large) {
  std::vector<ByteArray> out(static_cast<size_t>(d.length));
  for (int64_t i = 0; i < d.length; ++i) {
    const int64_t a = large ? reinterpret_cast<const int64_t*>(d.offsets.data())[i]
                            : reinterpret_cast<const int32_t*>(d.offsets.data())[i];
    const int64_t b = large ? reinterpret_cast<const int64_t*>(d.offsets.data())[i + 1]
                            : reinterpret_cast<const int32_t*>(d.offsets.data())[i + 1];
    out[static_cast<size_t>(i)] = ByteArray(d.data.data() + a, static_cast<uint32_t>(b - a));
  }
  return out;
}

// The value bytes a chunk holds, as well as its metadata tells (a guess at
// the string bytes of its rows).
int64_t ChunkBytes(const ColumnChunkMetaData& md) {
  std::optional<SizeStatistics> size = md.size_statistics();
  return size && size->unencoded_byte_array_data_bytes ? *size->unencoded_byte_array_data_bytes
                                                       : md.total_uncompressed_size();
}

void PrepareValidity(bool optional, int64_t rows, Buffer* validity) {
  if (!optional) return;
  validity->Resize(static_cast<size_t>((rows + 7) / 8));
  if (rows % 8 != 0) validity->data()[rows / 8] = 0;  // the bits past the last row stay 0
}

}  // namespace

FlatColumn::FlatColumn(const ArrowField& field) : f_(field) {}
FlatColumn::~FlatColumn() = default;

Status FlatColumn::Open(const FileReader& file, int row_group) {
  PARQ_ASSIGN_OR_RETURN(reader_, file.OpenColumn(row_group, f_.column));
  optional_ = reader_->descriptor().max_definition_level > 0;
  dictionary_.reset();
  const ColumnChunkMetaData md = file.metadata().row_group(row_group).column(f_.column);
  const int64_t rows = std::max<int64_t>(md.num_values(), 1);
  bytes_per_row_ = std::max<int64_t>(ChunkBytes(md) / rows + 1, 1);
  return Status::OK();
}

void FlatColumn::BeginSpan(const FileReader& file, const std::vector<int>& groups) {
  int64_t rows = 0, bytes = 0;
  for (int g : groups) {
    const RowGroupMetaData rg = file.metadata().row_group(g);
    rows += rg.num_rows();
    bytes += ChunkBytes(rg.column(f_.column));
  }
  optional_ = file.schema().column(f_.column).max_definition_level > 0;
  bytes_per_row_ = std::max<int64_t>(bytes / std::max<int64_t>(rows, 1) + 1, 1);
  Begin(rows);
  spanning_ = true;
  end_ = at_;  // no chunk yet
}

Status FlatColumn::NextChunk(const FileReader& file, int row_group) {
  if (reader_ != nullptr) {
    if (as_indices_) PARQ_RETURN_IF_ERROR(FoldDictionary());
    Close();
  }
  PARQ_RETURN_IF_ERROR(Open(file, row_group));
  folded_ = false;
  dictionary_base_ = span_dictionary_ == nullptr ? 0 : span_dictionary_->length;
  start_ = at_;
  end_ = std::min(rows_, at_ + file.metadata().row_group(row_group).num_rows());
  return Status::OK();
}

Status FlatColumn::FoldDictionary() {
  if (span_dictionary_ == nullptr) span_dictionary_ = std::make_shared<Dictionary>();
  std::span<const ByteArray> entries;
  if (reader_ != nullptr && !folded_) entries = static_cast<TypedColumnReader<ByteArray>*>(reader_.get())->dictionary();
  folded_ = true;
  return AppendEntries(entries, f_.large, span_dictionary_.get());
}

void FlatColumn::Close() {
  reader_.reset();
  dictionary_.reset();
}

template <typename T>
Result<int64_t> FlatColumn::ReadAt(int64_t want, T* values, int64_t* values_read) {
  auto* r = static_cast<TypedColumnReader<T>*>(reader_.get());
  if (optional_) return r->ReadBatchWithValidity(want, validity_.data(), at_, values, values_read);
  return r->ReadBatch(want, nullptr, nullptr, values, values_read);
}

void FlatColumn::Begin(int64_t rows) {
  rows_ = end_ = rows;
  at_ = nulls_ = start_ = 0;
  spanning_ = folded_ = false;
  span_dictionary_.reset();
  dictionary_base_ = 0;
  validity_ = Buffer();
  values_ = Buffer();
  data_ = Buffer();
  indices_ = Buffer();
  sink_.reset();
  PrepareValidity(optional_, rows, &validity_);
  switch (f_.conv) {
    case LeafConv::kNull:
      at_ = rows;  // nothing to read
      break;
    case LeafConv::kBool:
      values_.Resize(static_cast<size_t>((rows + 7) / 8));
      std::memset(values_.data(), 0, values_.size());
      break;
    case LeafConv::kBinary:
      as_indices_ = f_.dictionary;
      if (as_indices_) {
        indices_.Resize(static_cast<size_t>(rows) * 4);
      } else {
        sink_ = std::make_unique<StringSink>(f_.large, &values_, &data_, rows, rows * bytes_per_row_ + rows / 8);
      }
      break;
    default:
      values_.Resize(static_cast<size_t>(rows) *
                     static_cast<size_t>(f_.conv == LeafConv::kSame && f_.physical_width > 0 ? f_.physical_width
                                                                                            : f_.width));
      break;
  }
}

Result<bool> FlatColumn::Step() {
  if (at_ >= end_) return false;
  switch (f_.conv) {
    case LeafConv::kBool:
      PARQ_RETURN_IF_ERROR(StepBool());
      break;
    case LeafConv::kBinary:
      PARQ_RETURN_IF_ERROR(as_indices_ ? StepIndices() : StepBinary());
      break;
    case LeafConv::kSame:
      switch (reader_->physical_type()) {
        case PhysicalType::kInt32: PARQ_RETURN_IF_ERROR(StepFixed<int32_t>()); break;
        case PhysicalType::kInt64: PARQ_RETURN_IF_ERROR(StepFixed<int64_t>()); break;
        case PhysicalType::kFloat: PARQ_RETURN_IF_ERROR(StepFixed<float>()); break;
        case PhysicalType::kDouble: PARQ_RETURN_IF_ERROR(StepFixed<double>()); break;
        case PhysicalType::kFixedLenByteArray: PARQ_RETURN_IF_ERROR(StepConverted<FixedLenByteArray>()); break;
        default: return Status::Internal("no Arrow layout shares the bytes of " + f_.format);
      }
      break;
    default:
      switch (reader_->physical_type()) {
        case PhysicalType::kInt32: PARQ_RETURN_IF_ERROR(StepConverted<int32_t>()); break;
        case PhysicalType::kInt64: PARQ_RETURN_IF_ERROR(StepConverted<int64_t>()); break;
        case PhysicalType::kInt96: PARQ_RETURN_IF_ERROR(StepConverted<Int96>()); break;
        case PhysicalType::kByteArray: PARQ_RETURN_IF_ERROR(StepConverted<ByteArray>()); break;
        case PhysicalType::kFixedLenByteArray: PARQ_RETURN_IF_ERROR(StepConverted<FixedLenByteArray>()); break;
        default: return Status::Internal("no conversion to " + f_.format + " from this physical type");
      }
      break;
  }
  return at_ < end_;
}

template <typename T>
Status FlatColumn::StepFixed() {
  T* out = reinterpret_cast<T*>(values_.data());
  int64_t vr = 0;
  PARQ_ASSIGN_OR_RETURN(int64_t got, ReadAt<T>(end_ - at_, out + at_, &vr));
  if (got == 0) return ChunkEnded(f_, at_ - start_, end_ - start_);
  if (vr < got) {
    nulls_ += got - vr;
    Spread<sizeof(T)>(values_.data(), at_, got, vr, validity_.data());
  }
  at_ += got;
  return Status::OK();
}

template <typename T>
Status FlatColumn::StepConverted() {
  const size_t w = static_cast<size_t>(f_.width);
  scratch_.resize(static_cast<size_t>(kStep) * sizeof(T));
  T* dense = reinterpret_cast<T*>(scratch_.data());
  int64_t vr = 0;
  PARQ_ASSIGN_OR_RETURN(int64_t got, ReadAt<T>(std::min(kStep, end_ - at_), dense, &vr));
  if (got == 0) return ChunkEnded(f_, at_ - start_, end_ - start_);
  nulls_ += got - vr;
  Convert(f_.conv, dense, got, vr, validity_.data(), at_, f_.width, static_cast<size_t>(f_.physical_width),
          values_.data() + static_cast<size_t>(at_) * w);
  at_ += got;
  return Status::OK();
}

Status FlatColumn::StepBool() {
  scratch_.resize(static_cast<size_t>(kStep) * 2);
  bool* dense = reinterpret_cast<bool*>(scratch_.data());
  uint8_t* slots = scratch_.data() + kStep;
  int64_t vr = 0;
  PARQ_ASSIGN_OR_RETURN(int64_t got, ReadAt<bool>(std::min(kStep, end_ - at_), dense, &vr));
  if (got == 0) return ChunkEnded(f_, at_ - start_, end_ - start_);
  nulls_ += got - vr;
  for (int64_t i = 0, j = 0; i < got; ++i) {
    const bool present = vr == got || util::GetBit(validity_.data(), at_ + i);
    slots[i] = present && dense[j] ? 1 : 0;
    j += present ? 1 : 0;
  }
  util::OrBytesAsBits(values_.data(), at_, slots, got);
  at_ += got;
  return Status::OK();
}

// dictionary_arrays: indices into the chunk's dictionary while its pages
// are dictionary-encoded.  A page of plain values turns this batch into a
// dictionary of its own values: the rows so far are looked up in the
// chunk's dictionary, the rest read as strings (StepBinary).
Status FlatColumn::StepIndices() {
  auto* r = static_cast<TypedColumnReader<ByteArray>*>(reader_.get());
  PARQ_ASSIGN_OR_RETURN(bool dict, r->NextPageIsDictionaryEncoded());
  const uint8_t* bits = optional_ ? validity_.data() : nullptr;
  if (dict) {
    auto* idx = reinterpret_cast<int32_t*>(indices_.data());
    int64_t vr = 0, got = 0;
    if (optional_) {
      PARQ_ASSIGN_OR_RETURN(got, r->ReadIndicesWithValidity(end_ - at_, validity_.data(), at_, idx + at_, &vr));
    } else {
      PARQ_ASSIGN_OR_RETURN(got, r->ReadIndices(end_ - at_, nullptr, nullptr, idx + at_, &vr));
    }
    if (got == 0) return ChunkEnded(f_, at_ - start_, end_ - start_);
    if (dictionary_base_ != 0) {  // past the chunks before's entries (int32: AppendEntries bounds them)
      for (int64_t j = at_; j < at_ + vr; ++j) idx[j] = static_cast<int32_t>(idx[j] + dictionary_base_);
    }
    if (vr < got) {
      nulls_ += got - vr;
      Spread<4>(indices_.data(), at_, got, vr, bits);
    }
    at_ += got;
    return Status::OK();
  }
  // A batch spanning chunks looks its rows up in theirs (this one's too).
  if (spanning_) PARQ_RETURN_IF_ERROR(FoldDictionary());
  as_indices_ = false;
  sink_ = std::make_unique<StringSink>(f_.large, &values_, &data_, rows_, rows_ * bytes_per_row_ + rows_ / 8);
  if (at_ == 0) return Status::OK();
  std::vector<ByteArray> span_entries;
  if (spanning_) span_entries = EntriesOf(*span_dictionary_, f_.large);
  const std::span<const ByteArray> dictionary = spanning_ ? std::span<const ByteArray>(span_entries) : r->dictionary();
  std::vector<ByteArray> looked_up(static_cast<size_t>(at_));
  int64_t vr = 0;
  const auto* idx = reinterpret_cast<const int32_t*>(indices_.data());
  for (int64_t i = 0; i < at_; ++i) {
    if (bits == nullptr || util::GetBit(bits, i)) looked_up[static_cast<size_t>(vr++)] = dictionary[static_cast<size_t>(idx[i])];
  }
  return sink_->Append(looked_up.data(), at_, vr, bits, 0, 0);
}

Status FlatColumn::StepBinary() {
  scratch_.resize(static_cast<size_t>(kStep) * sizeof(ByteArray));
  auto* dense = reinterpret_cast<ByteArray*>(scratch_.data());
  int64_t vr = 0;
  PARQ_ASSIGN_OR_RETURN(int64_t got, ReadAt<ByteArray>(std::min(kStep, end_ - at_), dense, &vr));
  if (got == 0) return ChunkEnded(f_, at_ - start_, end_ - start_);
  nulls_ += got - vr;
  PARQ_RETURN_IF_ERROR(sink_->Append(dense, got, vr, vr == got ? nullptr : validity_.data(), at_, 0));
  at_ += got;
  return Status::OK();
}

Status FlatColumn::Read(int64_t rows, ArrowArray* out) {
  Begin(rows);
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, Step());
    if (!more) break;
  }
  return Finish(out);
}

Status FlatColumn::Finish(ArrowArray* out) {
  const int64_t rows = rows_;
  if (f_.conv == LeafConv::kNull) {
    InitArray(out, rows, rows, 0, 0);
    return Status::OK();
  }
  auto hand_over = [](ArrayPrivate* p, int i, Buffer&& b) {
    p->buffers[i] = b.data() != nullptr ? static_cast<const void*>(b.data()) : EmptyBuffer();
    p->owned.push_back(std::move(b));
  };
  sink_.reset();
  if (f_.dictionary) {
    ArrayPrivate* p = InitArray(out, rows, nulls_, 0, 2);
    if (nulls_ > 0) hand_over(p, 0, std::move(validity_));
    if (!as_indices_) {  // the identity indices over this batch's own values
      indices_.Resize(static_cast<size_t>(rows) * 4);
      auto* idx = reinterpret_cast<int32_t*>(indices_.data());
      for (int64_t i = 0; i < rows; ++i) idx[i] = static_cast<int32_t>(i);
    }
    hand_over(p, 1, std::move(indices_));
    ArrowArray* dict = AddDictionary(out);
    if (as_indices_ && spanning_) {  // the chunks' dictionaries, the last one's too
      PARQ_RETURN_IF_ERROR(FoldDictionary());
      dictionary_ = span_dictionary_;
    }
    if (as_indices_) {
      if (dictionary_ == nullptr) {  // the chunk's dictionary, made once for all its batches
        auto d = std::make_shared<Dictionary>();
        const std::span<const ByteArray> entries =
            static_cast<TypedColumnReader<ByteArray>*>(reader_.get())->dictionary();
        d->length = static_cast<int64_t>(entries.size());
        int64_t bytes = 0;
        for (const ByteArray& e : entries) bytes += e.len;
        StringSink sink(f_.large, &d->offsets, &d->data, d->length, bytes);
        PARQ_RETURN_IF_ERROR(sink.Append(entries.data(), d->length, d->length, nullptr, 0, 0));
        dictionary_ = std::move(d);
      }
      ArrayPrivate* dp = InitArray(dict, dictionary_->length, 0, 0, 3);
      dp->keep = dictionary_;
      dp->buffers[1] = dictionary_->offsets.data();
      dp->buffers[2] = dictionary_->data.data() != nullptr ? dictionary_->data.data() : EmptyBuffer();
    } else {
      ArrayPrivate* dp = InitArray(dict, rows, 0, 0, 3);
      hand_over(dp, 1, std::move(values_));
      hand_over(dp, 2, std::move(data_));
    }
    return Status::OK();
  }
  const int n_buffers = f_.conv == LeafConv::kBinary ? 3 : 2;
  ArrayPrivate* p = InitArray(out, rows, nulls_, 0, n_buffers);
  if (nulls_ > 0) hand_over(p, 0, std::move(validity_));
  hand_over(p, 1, std::move(values_));
  if (n_buffers == 3) hand_over(p, 2, std::move(data_));
  return Status::OK();
}

}  // namespace parq::arrow
