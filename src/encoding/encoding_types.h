// encoding/encoding_types.h — which physical types each value encoding is
// for, as the specification's table of encodings says (Encodings.md,
// "Supported Encodings"):
//
//   PLAIN                               all physical types
//   PLAIN_DICTIONARY, RLE_DICTIONARY    all physical types
//   RLE                                 BOOLEAN (and levels, dictionary indices)
//   DELTA_BINARY_PACKED                 INT32, INT64
//   DELTA_LENGTH_BYTE_ARRAY             BYTE_ARRAY
//   DELTA_BYTE_ARRAY                    BYTE_ARRAY, FIXED_LEN_BYTE_ARRAY
//   BYTE_STREAM_SPLIT                   INT32, INT64, FLOAT, DOUBLE, FIXED_LEN_BYTE_ARRAY
//   ALP                                 FLOAT, DOUBLE
//   BIT_PACKED (deprecated)             levels only, never values
//
// The writer's checks of its options use it; the encoder factory (encoder.h)
// refuses the same combinations when asked for one.
#ifndef PARQ_ENCODING_ENCODING_TYPES_H_
#define PARQ_ENCODING_ENCODING_TYPES_H_

#include <string>

#include "parq/types.h"

namespace parq::encoding {

// True when the specification allows `encoding` for the values of a column of
// `type` (false for BIT_PACKED and for values outside the enums).
bool EncodingFitsType(Encoding encoding, PhysicalType type);

// The physical types `encoding` is for, "INT32, INT64"; "none (levels only)"
// for BIT_PACKED, "none" for values outside the enum.
std::string EncodingTypesText(Encoding encoding);

}  // namespace parq::encoding

#endif  // PARQ_ENCODING_ENCODING_TYPES_H_
