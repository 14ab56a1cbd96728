// Bloom-filter probes for a filter's literals: a literal bound to a leaf
// (filter_compare.h: a Key in the leaf's comparison domain) hashed exactly
// as writers hash the column's values — XXH64 of the PLAIN encoding of the
// value in the column's physical type (parq/bloom_filter.h) — so that a
// chunk's Bloom filter can prove that no value equals it.
//
// The literal is first turned into the physical value(s) that compare equal
// to it:
//   * INT32 / INT64 (integers, decimals, dates, times, timestamps): the
//     literal rescaled to the column's scale or unit, exactly (1.50 on a
//     DECIMAL(9,2) column is 150; 1.505 equals no value); unsigned columns
//     hash the two's-complement pattern (4294967295 as INT32 -1);
//   * INT96 timestamps: nanoseconds split into (nanos of day, Julian day),
//     as every writer normalizes them;
//   * FLOAT / DOUBLE / FLOAT16: the value in the column's width when exact;
//     zero probes both +0 and -0 (they compare equal); NaN is not probed
//     (NaN payloads differ, all compare equal);
//   * FIXED_LEN_BYTE_ARRAY: bytes of exactly type_length (a decimal as
//     big-endian two's complement of that width);
//   * BYTE_ARRAY: the bytes; a BYTE_ARRAY decimal is not probed (writers may
//     sign-extend it, so equal values need not hash alike);
//   * BOOLEAN is not probed (writers build no Bloom filter for it).
// A literal that no value of the column's type can equal (out of range,
// finer than the scale, wrong length) is absent without a probe.
//
// Thread-safety: pure functions.
#ifndef PARQ_RECORD_FILTER_BLOOM_H_
#define PARQ_RECORD_FILTER_BLOOM_H_

#include <cstdint>
#include <optional>
#include <vector>

#include "parq/bloom_filter.h"
#include "record/filter_compare.h"

namespace parq::filter_internal {

// The hashes of the physical values equal to `key` (empty: no value of the
// column equals it); nullopt when the column's values cannot be probed.
std::optional<std::vector<uint64_t>> BloomHashes(const LeafType& type, const Key& key);

// True only when `bloom` proves that no value of the chunk equals `key`.
bool BloomExcludes(const BloomFilter& bloom, const LeafType& type, const Key& key);

}  // namespace parq::filter_internal

#endif  // PARQ_RECORD_FILTER_BLOOM_H_
