// encoding/decoder.h — the typed value-decoder interface and its factories.
//
// One TypedDecoder<T> per column chunk and value type; the page layer hands it
// each data page's value bytes with SetData() and pulls batches with Decode().
// There is one virtual call per batch, never per value.
//
//   T                   physical type
//   bool                BOOLEAN
//   int32_t             INT32
//   int64_t             INT64
//   Int96               INT96
//   float               FLOAT
//   double              DOUBLE
//   ByteArray           BYTE_ARRAY            (views into the page / dictionary)
//   FixedLenByteArray   FIXED_LEN_BYTE_ARRAY  (views of type_length bytes)
//
// Counts: SetData's num_values is the number of values encoded in the data
// (non-null values; the caller knows it from the levels).  Decoders check it
// against what `size` bytes can hold before anything else (kCorrupt), so a page
// claiming 2^31 values in 10 bytes fails at once; decoders never allocate from
// it.  Decode() returns min(max, values_left()) values, or kCorrupt if the data
// runs out before that.
//
// Ownership: a decoder borrows the SetData bytes until the next SetData; the
// ByteArray / FixedLenByteArray values it returns point into them (or into the
// dictionary page bytes for DictionaryDecoder), so the caller keeps those
// buffers alive while it uses the values.
// Thread-safety: none; one decoder per thread.
#ifndef PARQ_ENCODING_DECODER_H_
#define PARQ_ENCODING_DECODER_H_

#include <cstddef>
#include <cstdint>
#include <memory>

#include "parq/result.h"
#include "parq/status.h"
#include "parq/types.h"

namespace parq::encoding {

// The physical type a C++ value type decodes.
template <typename T>
struct PhysicalTypeOf;
template <> struct PhysicalTypeOf<bool> { static constexpr PhysicalType value = PhysicalType::kBoolean; };
template <> struct PhysicalTypeOf<int32_t> { static constexpr PhysicalType value = PhysicalType::kInt32; };
template <> struct PhysicalTypeOf<int64_t> { static constexpr PhysicalType value = PhysicalType::kInt64; };
template <> struct PhysicalTypeOf<Int96> { static constexpr PhysicalType value = PhysicalType::kInt96; };
template <> struct PhysicalTypeOf<float> { static constexpr PhysicalType value = PhysicalType::kFloat; };
template <> struct PhysicalTypeOf<double> { static constexpr PhysicalType value = PhysicalType::kDouble; };
template <> struct PhysicalTypeOf<ByteArray> { static constexpr PhysicalType value = PhysicalType::kByteArray; };
template <> struct PhysicalTypeOf<FixedLenByteArray> {
  static constexpr PhysicalType value = PhysicalType::kFixedLenByteArray;
};

template <typename T>
class TypedDecoder {
 public:
  virtual ~TypedDecoder() = default;

  virtual Encoding encoding() const = 0;

  // Starts decoding one page's value bytes holding num_values values.
  // kCorrupt if the bytes cannot hold that many values or a header is bad.
  virtual Status SetData(int64_t num_values, const uint8_t* data, size_t size) = 0;

  // Decodes min(max, values_left()) values into out and returns the count.
  // REQUIRES: SetData() succeeded; out has room for max values.
  virtual Result<int64_t> Decode(T* out, int64_t max) = 0;

  // Discards n values; kInvalidArgument if n < 0 or n > values_left().
  // The default decodes into a scratch buffer.
  virtual Status Skip(int64_t n);

  // Consumes the next n values and keeps those whose keep[i] is nonzero,
  // packed densely into out in order; returns how many it kept.  The
  // others are passed over without being materialised where the encoding
  // allows it (PLAIN: a pointer bump, or lengths walked; dictionary: index
  // blocks holding no kept value skipped by RLE runs, the others gathered
  // for their kept indices only); the default decodes blocks into scratch
  // and keeps the selected values (DELTA, BYTE_STREAM_SPLIT, ALP).  One
  // virtual call a batch, as Decode.  kInvalidArgument if n < 0 or
  // n > values_left(); kCorrupt as Decode when the data runs out.
  // REQUIRES: out has room for n values (writes past the kept count but
  // below n may happen).
  virtual Result<int64_t> DecodeSelected(T* out, const uint8_t* keep, int64_t n);

  // Values not yet returned by Decode / Skip.
  int64_t values_left() const { return values_left_; }

 protected:
  int64_t values_left_ = 0;
};

// A decoder for RLE_DICTIONARY / PLAIN_DICTIONARY data:
//   data := <bit width : 1 byte, 0..32> <rle-bit-packed-hybrid indices, no length prefix>
// Each batch of indices is bounds-checked once (max index < dictionary size),
// then gathered without branches.
template <typename T>
class DictionaryDecoder : public TypedDecoder<T> {
 public:
  // Decodes the dictionary page (PLAIN, num_entries values).  The decoder
  // keeps the values; ByteArray / FLBA values point into `data`, which the
  // caller keeps alive as long as this dictionary is in use.
  virtual Status SetDictionary(int64_t num_entries, const uint8_t* data, size_t size) = 0;

  virtual int64_t dictionary_size() const = 0;
  // The dictionary entries (dictionary_size() of them).
  virtual const T* dictionary() const = 0;

  // Indices-only mode: returns up to max indices (checked < dictionary_size())
  // without materialising values.  Shares the position with Decode / Skip.
  virtual Result<int64_t> DecodeIndices(int32_t* out, int64_t max) = 0;
};

// The decoder for `encoding` over values of physical type `type`
// (type_length: the FIXED_LEN_BYTE_ARRAY width, otherwise ignored).
// kInvalidArgument if T does not match `type`; kUnsupported naming the pair
// for a combination the format or parq does not support.  Dictionary encodings
// are refused here: use MakeDictionaryDecoder.
template <typename T>
Result<std::unique_ptr<TypedDecoder<T>>> MakeDecoder(Encoding encoding, PhysicalType type,
                                                     int type_length = -1);

template <typename T>
Result<std::unique_ptr<DictionaryDecoder<T>>> MakeDictionaryDecoder(PhysicalType type,
                                                                    int type_length = -1);

// Shared argument checks for the factories.
template <typename T>
Status CheckTypeMatches(PhysicalType type, int type_length);

extern template class TypedDecoder<bool>;
extern template class TypedDecoder<int32_t>;
extern template class TypedDecoder<int64_t>;
extern template class TypedDecoder<Int96>;
extern template class TypedDecoder<float>;
extern template class TypedDecoder<double>;
extern template class TypedDecoder<ByteArray>;
extern template class TypedDecoder<FixedLenByteArray>;

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_DECODER_H_
