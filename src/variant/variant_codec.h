// variant/variant_codec.h — the typed Variant (parq/variant.h) in its binary
// encoding (VariantEncoding.md), in parts: the shredded layout of
// VariantShredding.md encodes pieces of one variant against one metadata, and
// decodes pieces against it with limits shared by the whole variant.
// EncodeVariant / DecodeVariant (parq/variant.h) are these, whole.
//
// Thread-safety: the functions are reentrant; a VariantDecoder belongs to one
// thread.
#ifndef PARQ_VARIANT_VARIANT_CODEC_H_
#define PARQ_VARIANT_VARIANT_CODEC_H_

#include <cstddef>
#include <cstdint>
#include <span>
#include <string>
#include <string_view>
#include <vector>

#include "parq/variant.h"
#include "variant/builder.h"
#include "variant/metadata.h"

namespace parq {

// The keys of every object in v, each once, in the order first met (depth
// first), appended to *order; *seen holds them all (ids left 0).
void CollectVariantKeys(const Variant& v, VariantKeyIds* seen, std::vector<std::string_view>* order);

// The metadata for the keys CollectVariantKeys gathered, with their ids set
// in *ids: sorted (sorted_strings = 1) or in `order` (sorted_strings = 0).
void BuildVariantDictionary(VariantKeyIds* ids, const std::vector<std::string_view>& order, bool sorted,
                            std::string* metadata);

// v through the builder, field ids from `ids` (a missing key is
// kInvalidArgument).
Status AppendVariant(const Variant& v, const VariantKeyIds& ids, VariantValueBuilder* b);
// The same as a whole value appended to *value.
Status EncodeVariantValue(const Variant& v, const VariantKeyIds& ids, std::string* value);

// Decodes values against one metadata, counting values and bytes against
// the limits for all of them.
class VariantDecoder {
 public:
  VariantDecoder(const VariantMetadata& metadata, const VariantLimits& limits) : md_(metadata), limits_(limits) {}
  // The value at the start of `value` (trailing bytes ignored) at nesting
  // `depth` (0 for a top-level value); `base` is its offset in the buffer,
  // for messages.
  Status Decode(std::span<const uint8_t> value, int depth, Variant* out, size_t base = 0);
  // Counts one value at `depth` decoded by the caller (a shredded one).
  Status Count(int depth);
  const VariantMetadata& metadata() const { return md_; }

 private:
  const VariantMetadata& md_;
  VariantLimits limits_;
  size_t values_ = 0;
  size_t bytes_ = 0;
};

}  // namespace parq

#endif  // PARQ_VARIANT_VARIANT_CODEC_H_
