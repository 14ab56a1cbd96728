// encoding/decoder.cc — the decoder factory and the default Skip.
#include "encoding/decoder.h"

#include <algorithm>
#include <string>
#include <type_traits>
#include <vector>

#include "encoding/alp.h"
#include "encoding/byte_stream_split.h"
#include "encoding/dictionary.h"
#include "encoding/plain.h"
#include "encoding/rle_boolean.h"
#include "encoding/typed_delta.h"

namespace parq::encoding {
namespace {

std::string Combo(Encoding e, PhysicalType t) {
  return std::string(EncodingName(e)) + " for " + std::string(PhysicalTypeName(t));
}

}  // namespace

template <typename T>
Status TypedDecoder<T>::Skip(int64_t n) {
  if (n < 0 || n > values_left_) {
    return Status::InvalidArgument("cannot skip " + std::to_string(n) + " of " +
                                   std::to_string(values_left_) + " values");
  }
  constexpr int64_t kChunk = 1024;
  // std::vector<bool> has no data(); bool decodes through a byte buffer.
  using Slot = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;
  std::vector<Slot> scratch(static_cast<size_t>(std::min(n, kChunk)));
  while (n > 0) {
    const int64_t c = std::min(n, kChunk);
    PARQ_ASSIGN_OR_RETURN(int64_t got, Decode(reinterpret_cast<T*>(scratch.data()), c));
    if (got != c) return Status::Internal("decoder returned fewer values than it holds");
    n -= c;
  }
  return Status::OK();
}

template <typename T>
Result<int64_t> TypedDecoder<T>::DecodeSelected(T* out, const uint8_t* keep, int64_t n) {
  if (n < 0 || n > values_left_) {
    return Status::InvalidArgument("cannot decode " + std::to_string(n) + " of " + std::to_string(values_left_) +
                                   " values");
  }
  constexpr int64_t kChunk = 1024;
  using Slot = std::conditional_t<std::is_same_v<T, bool>, uint8_t, T>;
  std::vector<Slot> scratch(static_cast<size_t>(std::min(n, kChunk)));
  int64_t kept = 0;
  for (int64_t done = 0; done < n;) {
    const int64_t c = std::min(n - done, kChunk);
    const uint8_t* k = keep + done;
    if (std::find_if(k, k + c, [](uint8_t b) { return b != 0; }) == k + c) {
      PARQ_RETURN_IF_ERROR(Skip(c));  // a specialised Skip where the decoder has one
    } else {
      PARQ_ASSIGN_OR_RETURN(int64_t got, Decode(reinterpret_cast<T*>(scratch.data()), c));
      if (got != c) return Status::Internal("decoder returned fewer values than it holds");
      const T* s = reinterpret_cast<const T*>(scratch.data());
      for (int64_t i = 0; i < c; ++i) {
        if (k[i] != 0) out[kept++] = s[i];
      }
    }
    done += c;
  }
  return kept;
}

template <typename T>
Status CheckTypeMatches(PhysicalType type, int type_length) {
  if (type != PhysicalTypeOf<T>::value) {
    return Status::InvalidArgument("value type for " +
                                   std::string(PhysicalTypeName(PhysicalTypeOf<T>::value)) +
                                   " used with a " + std::string(PhysicalTypeName(type)) +
                                   " column");
  }
  if (type == PhysicalType::kFixedLenByteArray && type_length <= 0) {
    return Status::InvalidArgument("FIXED_LEN_BYTE_ARRAY needs type_length > 0, got " +
                                   std::to_string(type_length));
  }
  return Status::OK();
}

template <typename T>
Result<std::unique_ptr<TypedDecoder<T>>> MakeDecoder(Encoding encoding, PhysicalType type,
                                                     int type_length) {
  PARQ_RETURN_IF_ERROR(CheckTypeMatches<T>(type, type_length));
  constexpr bool kBss = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                        std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t> ||
                        std::is_same_v<T, FixedLenByteArray>;
  switch (encoding) {
    case Encoding::kPlain:
      return MakePlainDecoder<T>(type_length);
    case Encoding::kRle:
      if constexpr (std::is_same_v<T, bool>) return MakeRleBooleanDecoder();
      break;
    case Encoding::kByteStreamSplit:
      if constexpr (kBss) return MakeByteStreamSplitDecoder<T>(type_length);
      break;
    case Encoding::kDeltaBinaryPacked:
    case Encoding::kDeltaLengthByteArray:
    case Encoding::kDeltaByteArray:
      return MakeDeltaDecoder<T>(encoding, type_length);
    case Encoding::kPlainDictionary:
    case Encoding::kRleDictionary:
      return Status::InvalidArgument(Combo(encoding, type) +
                                     ": dictionary data needs MakeDictionaryDecoder");
    case Encoding::kBitPacked:
      // Only ever a level encoding (BitPackedLevelDecoder), never for values.
      break;
    case Encoding::kAlp:
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) return MakeAlpDecoder<T>();
      break;
  }
  if (EncodingName(encoding) == "UNKNOWN") {
    return Status::Unsupported("unknown encoding " + std::to_string(static_cast<int>(encoding)) +
                               " for " + std::string(PhysicalTypeName(type)));
  }
  return Status::Unsupported("encoding " + Combo(encoding, type) + " is not valid");
}

template <typename T>
Result<std::unique_ptr<DictionaryDecoder<T>>> MakeDictionaryDecoder(PhysicalType type,
                                                                    int type_length) {
  PARQ_RETURN_IF_ERROR(CheckTypeMatches<T>(type, type_length));
  if constexpr (std::is_same_v<T, bool>) {
    return Status::Unsupported("dictionary encoding for BOOLEAN is not supported");
  } else {
    return MakeDictionaryDecoderImpl<T>(type_length, Encoding::kRleDictionary);
  }
}

#define PARQ_INSTANTIATE_DECODER(T)                                                              \
  template class TypedDecoder<T>;                                                                \
  template Status CheckTypeMatches<T>(PhysicalType, int);                                        \
  template Result<std::unique_ptr<TypedDecoder<T>>> MakeDecoder<T>(Encoding, PhysicalType, int); \
  template Result<std::unique_ptr<DictionaryDecoder<T>>> MakeDictionaryDecoder<T>(PhysicalType, int);
PARQ_INSTANTIATE_DECODER(bool)
PARQ_INSTANTIATE_DECODER(int32_t)
PARQ_INSTANTIATE_DECODER(int64_t)
PARQ_INSTANTIATE_DECODER(Int96)
PARQ_INSTANTIATE_DECODER(float)
PARQ_INSTANTIATE_DECODER(double)
PARQ_INSTANTIATE_DECODER(ByteArray)
PARQ_INSTANTIATE_DECODER(FixedLenByteArray)
#undef PARQ_INSTANTIATE_DECODER

}  // namespace parq::encoding
