// encoding/dictionary.cc — see dictionary.h.
#include "encoding/dictionary.h"

#include <algorithm>
#include <bit>
#include <cstring>
#include <string>
#include <string_view>
#include <type_traits>
#include <vector>

#if defined(__x86_64__)
#include <immintrin.h>
#endif

#include "encoding/bit_unpack.h"
#include "encoding/byte_hash.h"
#include "encoding/plain.h"
#include "encoding/rle_bit_packed.h"
#include "util/cpu.h"

namespace parq::encoding {
namespace {

constexpr int64_t kIndexBatch = 1024;

// The position of the first of idx[0..c) that is >= n, or c; n <= INT32_MAX
// (a dictionary's size).  The common all-in-range case runs four lanes at a
// time with two ops a vector (GCC and Clang vector types): a signed compare
// with n, which also passes indices of 2^31 and up, and an OR that keeps
// their top bit.
int64_t FirstAtLeast(const uint32_t* idx, int64_t c, uint32_t n) {
  using V4 = uint32_t __attribute__((vector_size(16)));
  using S4 = int32_t __attribute__((vector_size(16)));
  const int32_t sn = static_cast<int32_t>(n);
  const S4 limit = {sn, sn, sn, sn};
  S4 below = {-1, -1, -1, -1};
  V4 ored = {0, 0, 0, 0};
  int64_t i = 0;
  for (; i + 4 <= c; i += 4) {
    V4 v;
    std::memcpy(&v, idx + i, sizeof v);
    below &= reinterpret_cast<S4>(v) < limit;
    ored |= v;
  }
  const V4 top = ored >> 31;
  if ((below[0] & below[1] & below[2] & below[3]) == -1 && (top[0] | top[1] | top[2] | top[3]) == 0) {
    for (; i < c; ++i) {
      if (idx[i] >= n) return i;
    }
    return c;
  }
  return std::find_if(idx, idx + c, [n](uint32_t v) { return v >= n; }) - idx;
}

#if defined(__x86_64__)
// The same with AVX2: eight lanes, an unsigned max.
[[gnu::target("avx2")]] int64_t FirstAtLeastAvx2(const uint32_t* idx, int64_t c, uint32_t n) {
  if (n == 0) return 0;
  __m256i most = _mm256_setzero_si256();
  int64_t i = 0;
  for (; i + 8 <= c; i += 8) {
    most = _mm256_max_epu32(most, _mm256_loadu_si256(reinterpret_cast<const __m256i*>(idx + i)));
  }
  // Every lane at most n - 1: the max equals its min with n - 1.
  const __m256i limit = _mm256_set1_epi32(static_cast<int32_t>(n - 1));
  if (_mm256_movemask_epi8(_mm256_cmpeq_epi32(_mm256_min_epu32(most, limit), most)) == -1) {
    for (; i < c; ++i) {
      if (idx[i] >= n) return i;
    }
    return c;
  }
  return std::find_if(idx, idx + c, [n](uint32_t v) { return v >= n; }) - idx;
}
#endif

int64_t FirstIndexAtLeast(const uint32_t* idx, int64_t c, uint32_t n) {
#if defined(__x86_64__)
  if (util::UseAvx2()) return FirstAtLeastAvx2(idx, c, n);
#endif
  return FirstAtLeast(idx, c, n);
}

template <typename T>
class DictionaryDecoderImpl final : public DictionaryDecoder<T> {
 public:
  DictionaryDecoderImpl(int type_length, Encoding encoding)
      : type_length_(type_length), encoding_(encoding) {}

  Encoding encoding() const override { return encoding_; }

  Status SetDictionary(int64_t num_entries, const uint8_t* data, size_t size) override {
    if (num_entries < 0 || num_entries > INT32_MAX) {
      return Status::Corrupt("dictionary page claims " + std::to_string(num_entries) + " entries");
    }
    auto plain = MakePlainDecoder<T>(type_length_);
    // Checks num_entries against size before we allocate.
    PARQ_RETURN_IF_ERROR_CTX(plain->SetData(num_entries, data, size), "dictionary page");
    std::vector<T> dict(static_cast<size_t>(num_entries));
    PARQ_ASSIGN_OR_RETURN(int64_t got, plain->Decode(dict.data(), num_entries));
    if (got != num_entries) return Status::Internal("short dictionary decode");
    dict_ = std::move(dict);
    dict_set_ = true;
    return Status::OK();
  }

  int64_t dictionary_size() const override { return static_cast<int64_t>(dict_.size()); }
  const T* dictionary() const override { return dict_.data(); }

  Status SetData(int64_t num_values, const uint8_t* data, size_t size) override {
    if (num_values < 0) return Status::InvalidArgument("negative value count");
    if (!dict_set_) {
      return Status::InvalidArgument("dictionary-encoded data before the dictionary page");
    }
    this->values_left_ = 0;
    if (size < 1) {
      if (num_values == 0) return rle_.Init(data, 0, 0);
      return Status::Corrupt("dictionary indices: the bit-width byte is missing");
    }
    if (data[0] > kMaxRleBitWidth) {
      return Status::Corrupt("dictionary indices: bit width " + std::to_string(data[0]) +
                             " at byte 0 is above " + std::to_string(kMaxRleBitWidth));
    }
    PARQ_RETURN_IF_ERROR(rle_.Init(data + 1, size - 1, data[0]));
    this->values_left_ = num_values;
    return Status::OK();
  }

  Result<int64_t> Decode(T* out, int64_t max) override {
    const int64_t k = std::min(max, this->values_left_);
    const T* dict = dict_.data();
    for (int64_t done = 0; done < k;) {
      const int64_t c = std::min(kIndexBatch, k - done);
      PARQ_RETURN_IF_ERROR(NextIndices(idx_, c));
      T* o = out + done;
      for (int64_t i = 0; i < c; ++i) o[i] = dict[idx_[i]];
      done += c;
    }
    return k;
  }

  Result<int64_t> DecodeIndices(int32_t* out, int64_t max) override {
    const int64_t k = std::min(max, this->values_left_);
    // Signed and unsigned variants of a type may alias.
    uint32_t* u = reinterpret_cast<uint32_t*>(out);
    for (int64_t done = 0; done < k;) {
      const int64_t c = std::min(kIndexBatch * 64, k - done);
      PARQ_RETURN_IF_ERROR(NextIndices(u + done, c));
      done += c;
    }
    return k;
  }

  Result<int64_t> DecodeSelected(T* out, const uint8_t* keep, int64_t n) override {
    if (n < 0 || n > this->values_left_) {
      return Status::InvalidArgument("cannot decode " + std::to_string(n) + " of " +
                                     std::to_string(this->values_left_) + " values");
    }
    const T* dict = dict_.data();
    int64_t j = 0;
    for (int64_t done = 0; done < n;) {
      const int64_t c = std::min(kIndexBatch, n - done);
      const uint8_t* k = keep + done;
      if (std::find_if(k, k + c, [](uint8_t b) { return b != 0; }) == k + c) {
        // No value of the block is kept: its indices are passed over by
        // their RLE runs, bit-packed groups by a pointer bump.
        PARQ_ASSIGN_OR_RETURN(int64_t got, rle_.Skip(c));
        if (got != c) return Short(c, got);
        this->values_left_ -= c;
      } else {
        PARQ_RETURN_IF_ERROR(NextIndices(idx_, c));
        // Only the kept entries are looked up (a dictionary of strings is
        // gathered from all over memory), found eight keep bytes a load:
        // no branch an entry, which a sparse, scattered selection would
        // mispredict.
        int64_t i = 0;
        for (; i + 8 <= c; i += 8) {
          uint64_t word;
          std::memcpy(&word, k + i, 8);
          if constexpr (std::endian::native == std::endian::little) {
            // Bit 8b + 7 set when byte b is nonzero.
            constexpr uint64_t kLow7 = 0x7f7f7f7f7f7f7f7fULL;
            uint64_t m = (((word & kLow7) + kLow7) | word) & ~kLow7;
            for (; m != 0; m &= m - 1) out[j++] = dict[idx_[i + std::countr_zero(m) / 8]];
          } else {
            for (int64_t b = 0; word != 0 && b < 8; ++b) {
              if (k[i + b] != 0) out[j++] = dict[idx_[i + b]];
            }
          }
        }
        for (; i < c; ++i) {
          if (k[i] != 0) out[j++] = dict[idx_[i]];
        }
      }
      done += c;
    }
    return j;
  }

  Status Skip(int64_t n) override {
    if (n < 0 || n > this->values_left_) {
      return Status::InvalidArgument("cannot skip " + std::to_string(n) + " of " +
                                     std::to_string(this->values_left_) + " values");
    }
    PARQ_ASSIGN_OR_RETURN(int64_t got, rle_.Skip(n));
    if (got != n) return Short(n, got);
    this->values_left_ -= n;
    return Status::OK();
  }

 private:
  Status Short(int64_t want, int64_t got) const {
    return Status::Corrupt("dictionary indices end after " + std::to_string(got) + " of " +
                           std::to_string(want) + " requested values (" +
                           std::to_string(this->values_left_) + " expected in the page)");
  }

  // Decodes c indices into idx, checks them (once per batch), advances.
  // No check when the page's bit width cannot express an index past the
  // dictionary: the RLE decoder rejects run values wider than the width.
  Status NextIndices(uint32_t* idx, int64_t c) {
    PARQ_ASSIGN_OR_RETURN(int64_t got, rle_.GetBatch(idx, c));
    if (got != c) return Short(c, got);
    if (rle_.bit_width() < kMaxRleBitWidth && (uint64_t{1} << rle_.bit_width()) <= dict_.size()) {
      this->values_left_ -= c;
      return Status::OK();
    }
    const int64_t bad = FirstIndexAtLeast(idx, c, static_cast<uint32_t>(dict_.size()));
    if (bad < c) [[unlikely]] {
      return Status::Corrupt("dictionary index " + std::to_string(idx[bad]) +
                             " out of range (dictionary has " + std::to_string(dict_.size()) +
                             " entries)");
    }
    this->values_left_ -= c;
    return Status::OK();
  }

  int type_length_;
  Encoding encoding_;
  bool dict_set_ = false;
  std::vector<T> dict_;
  RleBitPackedDecoder rle_;
  uint32_t idx_[kIndexBatch];
};

// ---------------------------------------------------------------------------
// Encoder

inline uint64_t Mix(uint64_t h) {
  h ^= h >> 33;
  h *= 0xff51afd7ed558ccdULL;
  h ^= h >> 33;
  h *= 0xc4ceb9fe1a85ec53ULL;
  h ^= h >> 33;
  return h;
}

// The dictionary indices of the open page, each held in the fewest bytes the
// dictionary's size allows: 1 while it has at most 256 entries, 2 up to
// 65,536, 4 above (a page of 20,000 indices into a thousand strings holds
// 40 KB, not 80 KB).  Widened, all at once, when an index needs it; a
// dictionary only grows within a chunk, so that happens at most twice.
class IndexBuffer {
 public:
  size_t size() const { return n_; }
  // Elements the buffer holds room for at its width.
  size_t capacity() const { return width_ == 1 ? u8_.capacity() : width_ == 2 ? u16_.capacity() : u32_.capacity(); }
  // Bytes the indices take.  (The buffer's room stays from one page to the
  // next, at most a page's worth: not counted, or a page would be full, for
  // a writer's page cut, before its first index.)
  int64_t memory() const { return static_cast<int64_t>(n_) * width_; }
  // Empties the buffer; its memory stays for the next page.
  void clear() {
    n_ = 0;
    u8_.clear();
    u16_.clear();
    u32_.clear();
  }
  void reserve(size_t n) {
    if (width_ == 1) u8_.reserve(n);
    if (width_ == 2) u16_.reserve(n);
    if (width_ == 4) u32_.reserve(n);
  }
  uint32_t operator[](size_t i) const { return width_ == 1 ? u8_[i] : width_ == 2 ? u16_[i] : u32_[i]; }
  // Growth stops at `n` indices when they are enough (0: no bound).
  void set_bound(size_t n) { bound_ = n; }
  // Appends idx[0, n), each below `limit` (the dictionary's size).
  void Append(const uint32_t* idx, int64_t n, size_t limit) {
    const int width = limit <= 0x100 ? 1 : limit <= 0x10000 ? 2 : 4;
    if (width > width_) Widen(width);
    if (width_ == 1) AppendTo(u8_, idx, n);
    if (width_ == 2) AppendTo(u16_, idx, n);
    if (width_ == 4) AppendTo(u32_, idx, n);
    n_ += static_cast<size_t>(n);
  }
  // f(const U* indices, int64_t n) with U the width's unsigned type.
  template <typename F>
  void Visit(F&& f) const {
    const int64_t n = static_cast<int64_t>(n_);
    if (width_ == 1) f(u8_.data(), n);
    if (width_ == 2) f(u16_.data(), n);
    if (width_ == 4) f(u32_.data(), n);
  }

 private:
  template <typename U>
  void AppendTo(std::vector<U>& v, const uint32_t* idx, int64_t n) const {
    GrowWithin(&v, static_cast<size_t>(n), bound_);
    const size_t at = v.size();
    v.resize(at + static_cast<size_t>(n));
    for (int64_t i = 0; i < n; ++i) v[at + static_cast<size_t>(i)] = static_cast<U>(idx[i]);
  }
  template <typename From, typename To>
  static void Move(std::vector<From>& from, std::vector<To>& to) {
    to.reserve(std::max(from.capacity(), size_t{1}));
    to.assign(from.begin(), from.end());
    std::vector<From>().swap(from);
  }
  void Widen(int width) {
    if (width_ == 1 && width == 2) Move(u8_, u16_);
    if (width_ == 1 && width == 4) Move(u8_, u32_);
    if (width_ == 2) Move(u16_, u32_);
    width_ = width;
  }

  int width_ = 1;
  size_t n_ = 0;
  size_t bound_ = 0;
  std::vector<uint8_t> u8_;
  std::vector<uint16_t> u16_;
  std::vector<uint32_t> u32_;
};

template <typename T>
class DictionaryEncoderImpl final : public DictionaryEncoder<T> {
 public:
  explicit DictionaryEncoderImpl(int type_length) : type_length_(type_length) {
    slots_.assign(1024, Slot{0, -1});
  }

  Encoding encoding() const override { return Encoding::kRleDictionary; }

  Status Put(const T* values, int64_t n) override {
    if (buffered_indices() + n > INT32_MAX) {
      return Status::LimitExceeded("dictionary encoder: more than 2^31 buffered values");
    }
    if constexpr (kCanKeepValues) {
      if (keeping_values_) {
        PutKept(values, n);
        return Status::OK();
      }
    }
    PutIndices(values, n);
    return Status::OK();
  }

  int64_t EstimatedDataSize() const override {
    return DictionaryIndicesEstimate(buffered_indices(), num_entries());
  }

  void SetPageValuesHint(int64_t values) override {
    bound_ = static_cast<size_t>(std::max<int64_t>(values, 0));
    indices_.set_bound(bound_);
  }

  Status FlushValues(std::vector<uint8_t>* out) override {
    LeaveKeptValues();
    flushed_ = true;
    const int width = BitWidthFor(dict_.empty() ? 0 : dict_.size() - 1);
    out->push_back(static_cast<uint8_t>(width));
    RleBitPackedEncoder enc(width);
    indices_.Visit([&enc](const auto* idx, int64_t n) { enc.PutBatch(idx, n); });
    enc.Flush(out);
    indices_.clear();
    return Status::OK();
  }

  int64_t num_entries() const override {
    return static_cast<int64_t>(keeping_values_ ? kept_entries_ : dict_.size());
  }
  int64_t dictionary_byte_size() const override {
    return plain_bytes_;
  }
  int64_t dictionary_memory() const override {
    if (keeping_values_) {
      return static_cast<int64_t>(narrow_.capacity() * sizeof(uint16_t) + wide_.capacity() * sizeof(uint32_t));
    }
    int64_t bytes = static_cast<int64_t>(dict_.capacity() * sizeof(T) + slots_.capacity() * sizeof(Slot));
    if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>) bytes += plain_bytes_;
    return bytes;
  }
  void WriteDictionaryPage(std::vector<uint8_t>* out) const override {
    if constexpr (kCanKeepValues) {
      if (keeping_values_) {
        // The entries are the values at their first positions, in order.
        std::vector<T> entries;
        entries.reserve(kept_entries_);
        for (size_t i = 0; i < values_.size(); ++i) {
          if (FirstPosition(values_[i]) == i) entries.push_back(values_[i]);
        }
        AppendPlain(entries.data(), static_cast<int64_t>(entries.size()), type_length_, out);
        return;
      }
    }
    AppendPlain(dict_.data(), static_cast<int64_t>(dict_.size()), type_length_, out);
  }
  int64_t buffered_indices() const override {
    return static_cast<int64_t>(keeping_values_ ? values_.size() : indices_.size());
  }
  int64_t buffered_memory() const override {
    if (keeping_values_) return static_cast<int64_t>(values_.capacity() * sizeof(T));
    return indices_.memory();
  }
  Status PutBufferedValues(TypedEncoder<T>* out) const override {
    if (keeping_values_) return values_.empty() ? Status::OK() : out->Put(values_.data(), buffered_indices());
    std::vector<T> batch(static_cast<size_t>(std::min<int64_t>(kIndexBatch, buffered_indices())));
    Status st;
    indices_.Visit([&](const auto* idx, int64_t n) {
      for (int64_t done = 0; done < n && st.ok();) {
        const int64_t c = std::min(static_cast<int64_t>(batch.size()), n - done);
        for (int64_t i = 0; i < c; ++i) batch[static_cast<size_t>(i)] = dict_[idx[done + i]];
        st = out->Put(batch.data(), c);
        done += c;
      }
    });
    return st;
  }
  bool KeepValues() override {
    if constexpr (kCanKeepValues) {
      if (keeping_values_) return true;
      // Only on a first page (every entry is among the buffered values) whose
      // table is past its sparse size and most of whose values are distinct:
      // the values (8 bytes for a DOUBLE) and 2 or 4 bytes a slot then hold
      // less than the entries, 8 bytes a slot and 4 an index.
      const size_t entries = dict_.size(), n = indices_.size();
      if (flushed_ || entries < kSparseSlots || 2 * entries <= n) return false;
      size_t slots = 1024;
      while (slots < 2 * entries) slots *= 2;
      values_.reserve(indices_.capacity());
      for (size_t i = 0; i < n; ++i) values_.push_back(dict_[indices_[i]]);
      if (n < kNarrowValues) {
        narrow_.assign(slots, 0);
      } else {
        wide_.assign(slots, 0);
      }
      size_t next = 0;  // entries are numbered in the order of their first position
      for (size_t i = 0; i < n; ++i) {
        if (indices_[i] != next) continue;
        if (narrow_.empty()) {
          InsertPosition(wide_, i);
        } else {
          InsertPosition(narrow_, i);
        }
        ++next;
      }
      kept_entries_ = entries;
      std::vector<T>().swap(dict_);
      std::vector<Slot>().swap(slots_);
      indices_ = IndexBuffer();
      indices_.set_bound(bound_);
      keeping_values_ = true;
      return true;
    } else {
      return false;
    }
  }
  void AppendBufferedDistinct(std::vector<T>* out) override {
    LeaveKeptValues();
    // An entry is taken once per call: seen_round_[e] == round_ marks it.
    if (++round_ == 0) {
      std::fill(seen_round_.begin(), seen_round_.end(), 0);
      round_ = 1;
    }
    seen_round_.resize(dict_.size(), 0);
    indices_.Visit([&](const auto* idx, int64_t n) {
      for (int64_t i = 0; i < n; ++i) {
        const uint32_t e = idx[i];
        if (seen_round_[e] != round_) {
          seen_round_[e] = round_;
          out->push_back(dict_[e]);
        }
      }
    });
  }

 private:
  std::string_view Bytes(const T& v) const {
    if constexpr (std::is_same_v<T, ByteArray>) {
      return {reinterpret_cast<const char*>(v.ptr), v.len};
    } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
      return {reinterpret_cast<const char*>(v.ptr), static_cast<size_t>(type_length_)};
    } else {
      return {reinterpret_cast<const char*>(&v), sizeof(T)};
    }
  }

  // Equality of an entry and a value: bitwise for fixed-width types (no
  // memcmp call per lookup; -0.0 and 0.0, or two NaN payloads, stay distinct
  // entries as PLAIN bytes must).
  bool Same(const T& entry, const T& v, std::string_view key) const {
    if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>) {
      const std::string_view e = Bytes(entry);
      return e.size() == key.size() &&
             SameBytes(reinterpret_cast<const uint8_t*>(e.data()), reinterpret_cast<const uint8_t*>(key.data()),
                       key.size());
    } else if constexpr (sizeof(T) == 4 || sizeof(T) == 8) {
      using Bits = std::conditional_t<sizeof(T) == 4, uint32_t, uint64_t>;
      Bits a, b;
      std::memcpy(&a, &entry, sizeof(T));
      std::memcpy(&b, &v, sizeof(T));
      return a == b;
    } else {
      return std::memcmp(&entry, &v, sizeof(T)) == 0;
    }
  }

  // The open-addressing table (linear probing) keeps a 32-bit key beside
  // each entry's index: the value's own bits for 4-byte numbers, so a lookup
  // reads one slot and nothing else, and 32 bits of the hash otherwise, so
  // mismatches are told apart without reading the entry.  A table of up to
  // kSparseSlots slots is kept at most a quarter full (a second probe is a
  // mispredicted branch, and low-cardinality columns are the common case);
  // larger ones at most half full, 8 bytes per slot.
  static constexpr bool kInlineKey = std::is_same_v<T, int32_t> || std::is_same_v<T, float>;
  static constexpr size_t kSparseSlots = 4096;
  struct Slot {
    uint32_t key;
    int32_t index;  // < 0: empty
  };

  static uint32_t KeyOf(const T& v, uint64_t h) {
    if constexpr (kInlineKey) {
      uint32_t k;
      std::memcpy(&k, &v, 4);
      return k;
    } else {
      return static_cast<uint32_t>(h >> 32);
    }
  }

  uint64_t Hash(const T& v) const {
    if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray> ||
                  std::is_same_v<T, Int96>) {
      const std::string_view b = Bytes(v);
      return HashBytes(reinterpret_cast<const uint8_t*>(b.data()), b.size());
    } else {
      uint64_t bits = 0;
      std::memcpy(&bits, &v, sizeof(T));
      return Mix(bits);
    }
  }

  int32_t IndexOf(const T& v) {
    const uint64_t h = Hash(v);
    const std::string_view bytes = Bytes(v);
    const uint32_t key = KeyOf(v, h);
    const size_t mask = slots_.size() - 1;
    size_t s = static_cast<size_t>(h) & mask;
    while (true) {
      const Slot slot = slots_[s];
      if (slot.index < 0) break;
      if (slot.key == key && (kInlineKey || Same(dict_[static_cast<size_t>(slot.index)], v, bytes))) {
        return slot.index;
      }
      s = (s + 1) & mask;
    }
    const int32_t idx = static_cast<int32_t>(dict_.size());
    dict_.push_back(Own(v));
    plain_bytes_ += PlainSize(v, type_length_);
    slots_[s] = Slot{key, idx};
    const size_t n = dict_.size(), slots = slots_.size();
    if (n * 2 > slots || (n * 4 > slots && slots < kSparseSlots)) Grow();
    return idx;
  }

  void Grow() {
    std::vector<Slot> slots(slots_.size() * 2, Slot{0, -1});
    const size_t mask = slots.size() - 1;
    for (const Slot& slot : slots_) {
      if (slot.index < 0) continue;
      const uint64_t h = Hash(dict_[static_cast<size_t>(slot.index)]);
      size_t s = static_cast<size_t>(h) & mask;
      while (slots[s].index >= 0) s = (s + 1) & mask;
      slots[s] = slot;
    }
    slots_ = std::move(slots);
  }

  // --- KeepValues: the values Put, and an open-addressing table (linear
  // probing, at most three quarters full) of each distinct value's first
  // position + 1 (0: an empty slot): 16 bits a slot while there are fewer
  // than 2^16 values (a page of 20,000 rows), 32 after.
  static constexpr bool kCanKeepValues = std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t> ||
                                         std::is_same_v<T, float> || std::is_same_v<T, double>;
  static constexpr size_t kNarrowValues = 0xFFFF;

  void PutKept(const T* values, int64_t n) {
    GrowWithin(&values_, static_cast<size_t>(n), bound_);
    int64_t i = 0;
    if (!narrow_.empty()) {
      i = std::min<int64_t>(n, static_cast<int64_t>(kNarrowValues - values_.size()));
      PutKeptIn(narrow_, values, i);
      if (i == n) return;
      // Positions past 16 bits: the same slots, wider.
      wide_.assign(narrow_.begin(), narrow_.end());
      std::vector<uint16_t>().swap(narrow_);
    }
    PutKeptIn(wide_, values + i, n - i);
  }

  template <typename P>
  void PutKeptIn(std::vector<P>& table, const T* values, int64_t n) {
    for (int64_t i = 0; i < n; ++i) {
      const T v = values[i];
      values_.push_back(v);
      const size_t mask = table.size() - 1;
      for (size_t s = static_cast<size_t>(Hash(v)) & mask;; s = (s + 1) & mask) {
        const P p = table[s];
        if (p == 0) {
          table[s] = static_cast<P>(values_.size());
          ++kept_entries_;
          plain_bytes_ += PlainSize(v, type_length_);
          if (kept_entries_ * 4 > table.size() * 3) GrowPositions(table);
          break;
        }
        if (Same(values_[p - 1], v, {})) break;
      }
    }
  }

  // Enters position `pos` of values_, a value not in the table.
  template <typename P>
  void InsertPosition(std::vector<P>& table, size_t pos) const {
    const size_t mask = table.size() - 1;
    size_t s = static_cast<size_t>(Hash(values_[pos])) & mask;
    while (table[s] != 0) s = (s + 1) & mask;
    table[s] = static_cast<P>(pos + 1);
  }

  template <typename P>
  void GrowPositions(std::vector<P>& table) const {
    std::vector<P> old(table.size() * 2, 0);
    old.swap(table);
    for (const P p : old) {
      if (p != 0) InsertPosition(table, p - 1);
    }
  }

  // The first position of a value that was Put.
  template <typename P>
  size_t FirstPositionIn(const std::vector<P>& table, const T& v) const {
    const size_t mask = table.size() - 1;
    for (size_t s = static_cast<size_t>(Hash(v)) & mask;; s = (s + 1) & mask) {
      const P p = table[s];
      if (p == 0 || Same(values_[p - 1], v, {})) return static_cast<size_t>(p) - 1;
    }
  }
  size_t FirstPosition(const T& v) const {
    return narrow_.empty() ? FirstPositionIn(wide_, v) : FirstPositionIn(narrow_, v);
  }

  // Back to entries, a table and indices: the values Put again, in order,
  // give the entries and indices they would have had.
  void LeaveKeptValues() {
    if (!keeping_values_) return;
    keeping_values_ = false;
    std::vector<T> values;
    values.swap(values_);
    std::vector<uint16_t>().swap(narrow_);
    std::vector<uint32_t>().swap(wide_);
    kept_entries_ = 0;
    plain_bytes_ = 0;
    slots_.assign(1024, Slot{0, -1});
    indices_.reserve(values.size());
    PutIndices(values.data(), static_cast<int64_t>(values.size()));
  }

  // The values' indices (new entries added), into indices_.
  void PutIndices(const T* values, int64_t n) {
    uint32_t idx[kIndexBatch];
    for (int64_t done = 0; done < n;) {
      const int64_t c = std::min(kIndexBatch, n - done);
      for (int64_t i = 0; i < c; ++i) idx[i] = static_cast<uint32_t>(IndexOf(values[done + i]));
      indices_.Append(idx, c, dict_.size());
      done += c;
    }
  }

  // Copies a new entry's bytes into the arena.
  T Own(const T& v) {
    if constexpr (std::is_same_v<T, ByteArray> || std::is_same_v<T, FixedLenByteArray>) {
      const std::string_view b = Bytes(v);
      T copy = v;
      copy.ptr = Allocate(b.size());
      if (!b.empty()) std::memcpy(const_cast<uint8_t*>(copy.ptr), b.data(), b.size());
      return copy;
    } else {
      return v;
    }
  }

  uint8_t* Allocate(size_t n) {
    // Chunks of 4 KiB, doubling up to 64 KiB: a small dictionary (of a
    // thousand columns, each) holds little more than its bytes.
    constexpr size_t kChunk = 64 * 1024;
    if (n > kChunk / 4) {
      arena_.push_back(std::make_unique<uint8_t[]>(std::max<size_t>(n, 1)));
      return arena_.back().get();
    }
    if (arena_left_ < n) {
      const size_t chunk = std::max(n, std::min(kChunk, size_t{4096} << std::min<size_t>(arena_.size(), 4)));
      arena_.push_back(std::make_unique<uint8_t[]>(chunk));
      arena_next_ = arena_.back().get();
      arena_left_ = chunk;
    }
    uint8_t* p = arena_next_;
    arena_next_ += n;
    arena_left_ -= n;
    return p;
  }

  int type_length_;
  std::vector<T> dict_;
  std::vector<Slot> slots_;
  IndexBuffer indices_;
  size_t bound_ = 0;  // SetPageValuesHint's
  std::vector<uint32_t> seen_round_;  // AppendBufferedDistinct's marks
  uint32_t round_ = 0;
  int64_t plain_bytes_ = 0;
  std::vector<std::unique_ptr<uint8_t[]>> arena_;
  uint8_t* arena_next_ = nullptr;
  size_t arena_left_ = 0;
  bool flushed_ = false;  // FlushValues ran: entries are not all among the buffered values
  // KeepValues (see there): in place of dict_, slots_ and indices_.
  bool keeping_values_ = false;
  std::vector<T> values_;
  std::vector<uint16_t> narrow_;  // the table while values_ has fewer than 2^16 values
  std::vector<uint32_t> wide_;    // the table after
  size_t kept_entries_ = 0;
};

}  // namespace

int64_t DictionaryIndicesEstimate(int64_t values, int64_t entries) {
  const int width = BitWidthFor(entries == 0 ? 0 : static_cast<uint64_t>(entries - 1));
  return 1 + BytesForBits(values * width) + values / 64 + 8;
}

template <typename T>
std::unique_ptr<DictionaryDecoder<T>> MakeDictionaryDecoderImpl(int type_length, Encoding encoding) {
  return std::make_unique<DictionaryDecoderImpl<T>>(type_length, encoding);
}
template <typename T>
std::unique_ptr<DictionaryEncoder<T>> MakeDictionaryEncoderImpl(int type_length) {
  return std::make_unique<DictionaryEncoderImpl<T>>(type_length);
}

#define PARQ_INSTANTIATE_DICT(T)                                                              \
  template std::unique_ptr<DictionaryDecoder<T>> MakeDictionaryDecoderImpl<T>(int, Encoding); \
  template std::unique_ptr<DictionaryEncoder<T>> MakeDictionaryEncoderImpl<T>(int);
PARQ_INSTANTIATE_DICT(int32_t)
PARQ_INSTANTIATE_DICT(int64_t)
PARQ_INSTANTIATE_DICT(Int96)
PARQ_INSTANTIATE_DICT(float)
PARQ_INSTANTIATE_DICT(double)
PARQ_INSTANTIATE_DICT(ByteArray)
PARQ_INSTANTIATE_DICT(FixedLenByteArray)
#undef PARQ_INSTANTIATE_DICT

}  // namespace parq::encoding
