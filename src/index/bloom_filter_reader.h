// index/bloom_filter_reader.h — reading a chunk's Bloom filter:
//   <BloomFilterHeader, compact Thrift> <bitset: numBytes bytes>
// at ColumnMetaData.bloom_filter_offset.  bloom_filter_length, when the
// writer set it, is the size of both together and is honoured exactly.
//
// Checks: the range lies in the file; numBytes is a positive multiple of 32
// and at most ReaderOptions::max_bloom_filter_size (kLimitExceeded); the
// algorithm, hash and compression unions each name a member parq knows (BLOCK,
// XXHASH, UNCOMPRESSED) — another or none is kUnsupported, as a newer writer's
// filter would be.  Errors name the column path, row group and file offset.
//
// An encrypted column's filter is two modules (Encryption.md): the header's
// and the bitset's, each <length> <nonce> <ciphertext> <tag>, one after the
// other; bloom_filter_length, when set, covers both.
#ifndef PARQ_INDEX_BLOOM_FILTER_READER_H_
#define PARQ_INDEX_BLOOM_FILTER_READER_H_

#include <cstdint>
#include <optional>

#include "crypto/module.h"
#include "format/parquet_types.h"
#include "parq/bloom_filter.h"
#include "parq/io.h"
#include "parq/options.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq::index {

// The longest header read when bloom_filter_length is absent.
inline constexpr uint64_t kMaxBloomFilterHeaderSize = 1024;

// Decodes header and bitset from `size` bytes.  With `exact`, the two must
// fill all of them; otherwise trailing bytes are ignored and a bitset running
// past `size` is an error.
Result<BloomFilter> DecodeBloomFilter(const uint8_t* data, size_t size, bool exact,
                                      const ReaderOptions& options, uint64_t base_offset = 0);
// Decodes and checks only the header; *header_size is its byte length.
Result<format::BloomFilterHeader> DecodeBloomFilterHeader(const uint8_t* data, size_t size,
                                                          const ReaderOptions& options,
                                                          uint64_t base_offset,
                                                          size_t* header_size);

// nullopt when the chunk has no Bloom filter.  `row_group` is for messages;
// `cipher` is the chunk's when its column is encrypted (else null).
Result<std::optional<BloomFilter>> ReadBloomFilter(const RandomAccessFile& file,
                                                   const format::ColumnChunk& chunk,
                                                   const ColumnDescriptor& column,
                                                   const ReaderOptions& options, int row_group,
                                                   const crypto::ChunkCipher* cipher = nullptr);

// The header written before a bitset of `num_bytes`.
format::BloomFilterHeader MakeBloomFilterHeader(int64_t num_bytes);

}  // namespace parq::index

#endif  // PARQ_INDEX_BLOOM_FILTER_READER_H_
