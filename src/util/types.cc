#include "parq/types.h"

namespace parq {

std::string_view PhysicalTypeName(PhysicalType t) {
  switch (t) {
    case PhysicalType::kBoolean: return "BOOLEAN";
    case PhysicalType::kInt32: return "INT32";
    case PhysicalType::kInt64: return "INT64";
    case PhysicalType::kInt96: return "INT96";
    case PhysicalType::kFloat: return "FLOAT";
    case PhysicalType::kDouble: return "DOUBLE";
    case PhysicalType::kByteArray: return "BYTE_ARRAY";
    case PhysicalType::kFixedLenByteArray: return "FIXED_LEN_BYTE_ARRAY";
  }
  return "UNKNOWN";
}

std::string_view EncodingName(Encoding e) {
  switch (e) {
    case Encoding::kPlain: return "PLAIN";
    case Encoding::kPlainDictionary: return "PLAIN_DICTIONARY";
    case Encoding::kRle: return "RLE";
    case Encoding::kBitPacked: return "BIT_PACKED";
    case Encoding::kDeltaBinaryPacked: return "DELTA_BINARY_PACKED";
    case Encoding::kDeltaLengthByteArray: return "DELTA_LENGTH_BYTE_ARRAY";
    case Encoding::kDeltaByteArray: return "DELTA_BYTE_ARRAY";
    case Encoding::kRleDictionary: return "RLE_DICTIONARY";
    case Encoding::kByteStreamSplit: return "BYTE_STREAM_SPLIT";
    case Encoding::kAlp: return "ALP";
  }
  return "UNKNOWN";
}

std::string_view CompressionName(Compression c) {
  switch (c) {
    case Compression::kUncompressed: return "UNCOMPRESSED";
    case Compression::kSnappy: return "SNAPPY";
    case Compression::kGzip: return "GZIP";
    case Compression::kLzo: return "LZO";
    case Compression::kBrotli: return "BROTLI";
    case Compression::kLz4: return "LZ4";
    case Compression::kZstd: return "ZSTD";
    case Compression::kLz4Raw: return "LZ4_RAW";
  }
  return "UNKNOWN";
}

std::string_view RepetitionName(Repetition r) {
  switch (r) {
    case Repetition::kRequired: return "required";
    case Repetition::kOptional: return "optional";
    case Repetition::kRepeated: return "repeated";
  }
  return "unknown";
}

bool IsKnownPhysicalType(PhysicalType t) {
  switch (t) {
    case PhysicalType::kBoolean:
    case PhysicalType::kInt32:
    case PhysicalType::kInt64:
    case PhysicalType::kInt96:
    case PhysicalType::kFloat:
    case PhysicalType::kDouble:
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray: return true;
  }
  return false;
}

bool IsKnownRepetition(Repetition r) {
  switch (r) {
    case Repetition::kRequired:
    case Repetition::kOptional:
    case Repetition::kRepeated: return true;
  }
  return false;
}

std::string_view PageTypeName(PageType p) {
  switch (p) {
    case PageType::kDataPage: return "DATA_PAGE";
    case PageType::kIndexPage: return "INDEX_PAGE";
    case PageType::kDictionaryPage: return "DICTIONARY_PAGE";
    case PageType::kDataPageV2: return "DATA_PAGE_V2";
  }
  return "UNKNOWN";
}

}  // namespace parq
