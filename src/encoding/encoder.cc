// encoding/encoder.cc — the encoder factory.
#include "encoding/encoder.h"

#include <string>
#include <type_traits>

#include "encoding/alp.h"
#include "encoding/byte_stream_split.h"
#include "encoding/decoder.h"
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
Result<std::unique_ptr<DictionaryEncoder<T>>> MakeDictionaryEncoder(PhysicalType type,
                                                                    int type_length) {
  PARQ_RETURN_IF_ERROR(CheckTypeMatches<T>(type, type_length));
  if constexpr (std::is_same_v<T, bool>) {
    return Status::Unsupported("dictionary encoding for BOOLEAN is not supported");
  } else {
    return MakeDictionaryEncoderImpl<T>(type_length);
  }
}

template <typename T>
Result<std::unique_ptr<TypedEncoder<T>>> MakeEncoder(Encoding encoding, PhysicalType type,
                                                     int type_length) {
  PARQ_RETURN_IF_ERROR(CheckTypeMatches<T>(type, type_length));
  constexpr bool kBss = std::is_same_v<T, float> || std::is_same_v<T, double> ||
                        std::is_same_v<T, int32_t> || std::is_same_v<T, int64_t> ||
                        std::is_same_v<T, FixedLenByteArray>;
  switch (encoding) {
    case Encoding::kPlain:
      return MakePlainEncoder<T>(type_length);
    case Encoding::kRle:
      if constexpr (std::is_same_v<T, bool>) return MakeRleBooleanEncoder();
      break;
    case Encoding::kByteStreamSplit:
      if constexpr (kBss) return MakeByteStreamSplitEncoder<T>(type_length);
      break;
    case Encoding::kRleDictionary:
    case Encoding::kPlainDictionary: {
      if constexpr (!std::is_same_v<T, bool>) {
        return std::unique_ptr<TypedEncoder<T>>(MakeDictionaryEncoderImpl<T>(type_length));
      }
      break;
    }
    case Encoding::kDeltaBinaryPacked:
    case Encoding::kDeltaLengthByteArray:
    case Encoding::kDeltaByteArray:
      return MakeDeltaEncoder<T>(encoding, type_length);
    case Encoding::kBitPacked:
      // A level encoding only (PackBitPackedLevels).
      break;
    case Encoding::kAlp:
      if constexpr (std::is_same_v<T, float> || std::is_same_v<T, double>) return MakeAlpEncoder<T>();
      break;
  }
  if (EncodingName(encoding) == "UNKNOWN") {
    return Status::Unsupported("unknown encoding " + std::to_string(static_cast<int>(encoding)) +
                               " for " + std::string(PhysicalTypeName(type)));
  }
  return Status::Unsupported("encoding " + Combo(encoding, type) + " is not valid");
}

#define PARQ_INSTANTIATE_ENCODER(T)                                                              \
  template Result<std::unique_ptr<TypedEncoder<T>>> MakeEncoder<T>(Encoding, PhysicalType, int); \
  template Result<std::unique_ptr<DictionaryEncoder<T>>> MakeDictionaryEncoder<T>(PhysicalType, int);
PARQ_INSTANTIATE_ENCODER(bool)
PARQ_INSTANTIATE_ENCODER(int32_t)
PARQ_INSTANTIATE_ENCODER(int64_t)
PARQ_INSTANTIATE_ENCODER(Int96)
PARQ_INSTANTIATE_ENCODER(float)
PARQ_INSTANTIATE_ENCODER(double)
PARQ_INSTANTIATE_ENCODER(ByteArray)
PARQ_INSTANTIATE_ENCODER(FixedLenByteArray)
#undef PARQ_INSTANTIATE_ENCODER

}  // namespace parq::encoding
