#include "encoding/encoding_types.h"

namespace parq::encoding {

bool EncodingFitsType(Encoding encoding, PhysicalType type) {
  using T = PhysicalType;
  const bool known_type = PhysicalTypeName(type) != "UNKNOWN";
  switch (encoding) {
    case Encoding::kPlain:
    case Encoding::kPlainDictionary:
    case Encoding::kRleDictionary:
      return known_type;
    case Encoding::kRle:
      return type == T::kBoolean;
    case Encoding::kBitPacked:
      return false;
    case Encoding::kDeltaBinaryPacked:
      return type == T::kInt32 || type == T::kInt64;
    case Encoding::kDeltaLengthByteArray:
      return type == T::kByteArray;
    case Encoding::kDeltaByteArray:
      return type == T::kByteArray || type == T::kFixedLenByteArray;
    case Encoding::kByteStreamSplit:
      return type == T::kInt32 || type == T::kInt64 || type == T::kFloat || type == T::kDouble ||
             type == T::kFixedLenByteArray;
    case Encoding::kAlp:
      return type == T::kFloat || type == T::kDouble;
  }
  return false;
}

std::string EncodingTypesText(Encoding encoding) {
  if (encoding == Encoding::kBitPacked) return "none (levels only)";
  std::string out;
  for (PhysicalType t : {PhysicalType::kBoolean, PhysicalType::kInt32, PhysicalType::kInt64, PhysicalType::kInt96,
                         PhysicalType::kFloat, PhysicalType::kDouble, PhysicalType::kByteArray,
                         PhysicalType::kFixedLenByteArray}) {
    if (!EncodingFitsType(encoding, t)) continue;
    if (!out.empty()) out += ", ";
    out += PhysicalTypeName(t);
  }
  return out.empty() ? "none" : out;
}

}  // namespace parq::encoding
