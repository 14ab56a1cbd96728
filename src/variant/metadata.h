// variant/metadata.h — a Variant's metadata buffer (VariantEncoding.md): the
// dictionary of object keys that a value's field ids index.
//
//   metadata: <header> <dictionary_size> <offset>{dictionary_size + 1} <bytes>
//   header:   version (4 bits, must be 1) | sorted_strings << 4
//             | (offset_size - 1) << 6
//
// VariantMetadata is a validated view of such a buffer; BuildVariantMetadata
// writes one (sorted, with ids assigned in key order).
//
// Hostile input: the header and the offset table are checked by Parse, each
// key's offsets by Key.  Errors are kCorrupt, or kUnsupported for a version
// other than 1.
//
// Views borrow the caller's buffer.  Thread-safety: all reentrant.
#ifndef PARQ_VARIANT_METADATA_H_
#define PARQ_VARIANT_METADATA_H_

#include <cstddef>
#include <cstdint>
#include <map>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "parq/result.h"

namespace parq {

class VariantMetadata {
 public:
  // Validates the header and that the offset table fits; trailing bytes after
  // the dictionary are allowed (see encoded_size()).
  static Result<VariantMetadata> Parse(std::span<const uint8_t> bytes);

  uint32_t dictionary_size() const { return dict_size_; }
  bool sorted_strings() const { return sorted_; }
  // Dictionary string `id`; Corrupt if id is out of range or its offsets are
  // bad.
  Result<std::string_view> Key(uint32_t id) const;
  // Bytes the metadata occupies (header, offsets and strings).
  size_t encoded_size() const { return encoded_size_; }

 private:
  std::span<const uint8_t> bytes_;
  uint32_t dict_size_ = 0;
  uint8_t offset_size_ = 1;
  bool sorted_ = false;
  size_t offsets_pos_ = 0;  // first offset
  size_t strings_pos_ = 0;  // first string byte
  size_t encoded_size_ = 0;
};

// Object keys and their field ids.
using VariantKeyIds = std::map<std::string, uint32_t>;

// Numbers the keys of *keys 0, 1, ... in key order (their ids on entry are
// ignored) and writes the sorted dictionary of them to *metadata (replacing
// its contents), with the smallest offset size that fits.
void BuildVariantMetadata(VariantKeyIds* keys, std::string* metadata);

// The dictionary of `keys` in the order given (id i is keys[i]), not marked
// sorted (sorted_strings = 0).  REQUIRES: the keys are unique.
void BuildVariantMetadataInOrder(const std::vector<std::string_view>& keys, std::string* metadata);

}  // namespace parq

#endif  // PARQ_VARIANT_METADATA_H_
