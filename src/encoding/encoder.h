// encoding/encoder.h — the typed value-encoder interface and its factories.
//
// The column writer Puts batches of values and flushes one data page's value
// bytes at a time.  One virtual call per batch.  Value types as in decoder.h.
//
// Ownership: Put copies what it needs (a dictionary encoder copies the bytes
// of new BYTE_ARRAY / FLBA entries), so the caller's values may go away after
// Put returns.  Thread-safety: none; one encoder per thread.
#ifndef PARQ_ENCODING_ENCODER_H_
#define PARQ_ENCODING_ENCODER_H_

#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <vector>

#include "parq/result.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq::encoding {

template <typename T>
class TypedEncoder {
 public:
  virtual ~TypedEncoder() = default;

  virtual Encoding encoding() const = 0;

  virtual Status Put(const T* values, int64_t n) = 0;

  // Approximate bytes FlushValues would append now (for page-size decisions).
  virtual int64_t EstimatedDataSize() const = 0;

  // Memory the values Put since the last flush hold as the encoder keeps
  // them, allocated room included (what a writer's memory cap counts).
  virtual int64_t buffered_memory() const { return EstimatedDataSize(); }

  // The most values a page is expected to hold (0: unknown).  An encoder
  // that buffers a page's values grows its buffer to that and no further
  // rather than to the next doubling (a page of 20,000 INT64 holds 160 KB,
  // not 256 KB).  A hint only: a page may hold more, at the cost of a copy.
  virtual void SetPageValuesHint(int64_t values) { static_cast<void>(values); }

  // Appends the encoded bytes of every value Put since the last flush to *out
  // (a complete data page's value section) and starts over.
  virtual Status FlushValues(std::vector<uint8_t>* out) = 0;
};

// RLE_DICTIONARY: FlushValues writes <bit width byte> <hybrid indices>; the
// dictionary grows across pages until the writer flushes it (once, before the
// first data page, as PLAIN values).
template <typename T>
class DictionaryEncoder : public TypedEncoder<T> {
 public:
  virtual int64_t num_entries() const = 0;
  // Bytes of the PLAIN dictionary page, for the writer's fallback decision.
  virtual int64_t dictionary_byte_size() const = 0;
  // Memory the dictionary itself holds: its entries (and their bytes), the
  // hash table; not the buffered indices (4 bytes each).
  virtual int64_t dictionary_memory() const = 0;
  // Appends the dictionary page's PLAIN bytes.
  virtual void WriteDictionaryPage(std::vector<uint8_t>* out) const = 0;
  // Indices Put since the last FlushValues (for a fallback re-encode).
  virtual int64_t buffered_indices() const = 0;
  // Memory the values Put since the last FlushValues hold as the encoder
  // keeps them (4 bytes an index; the values themselves after KeepValues).
  virtual int64_t buffered_memory() const = 0;
  // Puts the values Put since the last FlushValues into `out`, in order and
  // bitwise the same (the dictionary's entries): a writer's fallback encoding
  // of a page need not be kept beside its dictionary encoding.  `out` gets
  // them in batches of its own size, so its bytes must not depend on how its
  // Puts are split (PLAIN's do not).
  virtual Status PutBufferedValues(TypedEncoder<T>* out) const = 0;
  // Until the first FlushValues, the encoder of a page of mostly distinct
  // numbers (INT32, INT64, FLOAT, DOUBLE) may keep the values Put and a hash
  // set of each distinct value's first position instead of its entries, their
  // table and an index per value: about half the memory.  Nothing else
  // changes (entries, sizes, bytes written); FlushValues and
  // AppendBufferedDistinct go back to the usual form.  Returns whether it
  // keeps the values now; a no-op where it would not pay.
  virtual bool KeepValues() = 0;
  // Appends each distinct value among those Put since the last FlushValues,
  // once, in no particular order: a page's min and max are theirs, found
  // without comparing every value.  The values point into the dictionary.
  virtual void AppendBufferedDistinct(std::vector<T>* out) = 0;
};

// Makes room in *v for `extra` more elements: doubling its capacity, but to
// no more than `bound` elements when that is enough (0: no bound).
template <typename V>
void GrowWithin(V* v, size_t extra, size_t bound) {
  const size_t need = v->size() + extra;
  if (need <= v->capacity()) return;
  size_t cap = std::max(need, 2 * v->capacity());
  if (bound >= need) cap = std::min(cap, bound);
  v->reserve(cap);
}

// The size DictionaryEncoder::EstimatedDataSize gives a page of `values`
// indices into a dictionary of `entries`.
int64_t DictionaryIndicesEstimate(int64_t values, int64_t entries);

template <typename T>
Result<std::unique_ptr<TypedEncoder<T>>> MakeEncoder(Encoding encoding, PhysicalType type,
                                                     int type_length = -1);

template <typename T>
Result<std::unique_ptr<DictionaryEncoder<T>>> MakeDictionaryEncoder(PhysicalType type,
                                                                    int type_length = -1);

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_ENCODER_H_
