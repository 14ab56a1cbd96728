// encoding/dictionary.h — RLE_DICTIONARY (8) and PLAIN_DICTIONARY (2).
//
// Grammar (Parquet Encodings.md, in our words):
//
//   dictionary page := the dictionary's values, PLAIN encoded (plain.h)
//   data page data  := <bit width : 1 byte> <rle-bit-packed-hybrid indices>
//                      (rle_bit_packed.h, no length prefix; index i names the
//                      i-th dictionary value)
//
// PLAIN_DICTIONARY is the Parquet 1.0 name of the same layout.
//
// Decoder: the dictionary values are decoded once (the decoder keeps a T per
// entry; BYTE_ARRAY / FLBA entries point into the dictionary page bytes, which
// the caller keeps alive).  Indices are decoded 1024 at a time; each batch is
// checked once (its max index < dictionary size, else kCorrupt "dictionary
// index N out of range (dictionary has M entries)") and then gathered with no
// branches.  A bit width above 32 is kCorrupt.
//
// Encoder: an open-addressing hash table over the values' bytes (so floats
// are keyed by bit pattern: -0.0 and 0.0, and distinct NaNs, are distinct
// entries); BYTE_ARRAY / FLBA entries are copied into an arena the encoder owns.
// Indices are written with the smallest bit width that holds the largest index.
#ifndef PARQ_ENCODING_DICTIONARY_H_
#define PARQ_ENCODING_DICTIONARY_H_

#include <memory>

#include "encoding/decoder.h"
#include "encoding/encoder.h"

namespace parq::encoding {

// Every physical type but BOOLEAN (no writer dictionary-encodes booleans).
// REQUIRES: type_length > 0 for FixedLenByteArray (the factories check).
template <typename T>
std::unique_ptr<DictionaryDecoder<T>> MakeDictionaryDecoderImpl(int type_length, Encoding encoding);
template <typename T>
std::unique_ptr<DictionaryEncoder<T>> MakeDictionaryEncoderImpl(int type_length);

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_DICTIONARY_H_
