// index/bloom_filter_reader.cc — BloomFilterHeader + bitset, checked.
#include "index/bloom_filter_reader.h"

#include <algorithm>
#include <string>

#include "format/footer.h"
#include "thrift/compact_reader.h"

namespace parq::index {

Result<format::BloomFilterHeader> DecodeBloomFilterHeader(const uint8_t* data, size_t size,
                                                          const ReaderOptions& options,
                                                          uint64_t base_offset,
                                                          size_t* header_size) {
  thrift::CompactReader reader(data, size, format::ThriftLimitsFrom(options), base_offset);
  format::BloomFilterHeader h;
  if (!format::Read(reader, &h)) {
    Status st = reader.status();
    return std::move(st).AddContext("decoding BloomFilterHeader");
  }
  *header_size = reader.position();
  if (h.numBytes <= 0 || h.numBytes % BloomFilter::kBytesPerBlock != 0) {
    return Status::Corrupt("Bloom filter numBytes " + std::to_string(h.numBytes) +
                           " is not a positive multiple of 32");
  }
  if (h.numBytes > options.max_bloom_filter_size) {
    return Status::LimitExceeded("Bloom filter of " + std::to_string(h.numBytes) +
                                 " bytes exceeds max_bloom_filter_size " +
                                 std::to_string(options.max_bloom_filter_size));
  }
  if (!h.algorithm.BLOCK) {
    return Status::Unsupported("Bloom filter algorithm is not the split block algorithm");
  }
  if (!h.hash.XXHASH) return Status::Unsupported("Bloom filter hash is not XXHASH");
  if (!h.compression.UNCOMPRESSED) {
    return Status::Unsupported("Bloom filter compression is not UNCOMPRESSED");
  }
  return h;
}

Result<BloomFilter> DecodeBloomFilter(const uint8_t* data, size_t size, bool exact,
                                      const ReaderOptions& options, uint64_t base_offset) {
  size_t header_size = 0;
  PARQ_ASSIGN_OR_RETURN(format::BloomFilterHeader h,
                        DecodeBloomFilterHeader(data, size, options, base_offset, &header_size));
  const size_t bitset = static_cast<size_t>(h.numBytes);
  if (bitset > size - header_size) {
    return Status::Corrupt("Bloom filter bitset of " + std::to_string(bitset) + " bytes after a " +
                           std::to_string(header_size) + "-byte header does not fit in " +
                           std::to_string(size) + " bytes");
  }
  if (exact && header_size + bitset != size) {
    return Status::Corrupt("Bloom filter header and bitset take " +
                           std::to_string(header_size + bitset) + " bytes; bloom_filter_length says " +
                           std::to_string(size));
  }
  return BloomFilter::FromBitset(
      std::string_view(reinterpret_cast<const char*>(data) + header_size, bitset));
}

Result<std::optional<BloomFilter>> ReadBloomFilter(const RandomAccessFile& file,
                                                   const format::ColumnChunk& chunk,
                                                   const ColumnDescriptor& column,
                                                   const ReaderOptions& options, int row_group) {
  if (!chunk.meta_data || !chunk.meta_data->bloom_filter_offset) {
    if (chunk.crypto_metadata || chunk.encrypted_column_metadata) {
      return std::move(Status::Unsupported("Bloom filter of an encrypted column; decryption is "
                                           "not supported"))
          .WithColumn(column.dotted_path)
          .WithRowGroup(row_group);
    }
    return std::optional<BloomFilter>();
  }
  const int64_t offset = *chunk.meta_data->bloom_filter_offset;
  const std::optional<int32_t> length = chunk.meta_data->bloom_filter_length;
  auto locate = [&](Status st) {
    return std::move(st.AddContext("Bloom filter"))
        .WithColumn(column.dotted_path)
        .WithRowGroup(row_group)
        .WithFileOffset(offset);
  };
  if (chunk.crypto_metadata) {
    return locate(Status::Unsupported("the column is encrypted; decryption is not supported"));
  }
  const uint64_t file_size = file.size();
  if (offset < 4 || static_cast<uint64_t>(offset) >= file_size) {
    return locate(Status::Corrupt("offset " + std::to_string(offset) + " is outside the file (" +
                                  std::to_string(file_size) + " bytes)"));
  }
  const uint64_t off = static_cast<uint64_t>(offset);
  Buffer scratch;
  if (length) {
    if (*length <= 0 || static_cast<uint64_t>(*length) > file_size - off) {
      return locate(Status::Corrupt("bloom_filter_length " + std::to_string(*length) +
                                    " does not fit in the file (" + std::to_string(file_size) +
                                    " bytes)"));
    }
    if (*length > options.max_bloom_filter_size + int64_t{kMaxBloomFilterHeaderSize}) {
      return locate(Status::LimitExceeded("bloom_filter_length " + std::to_string(*length) +
                                          " exceeds max_bloom_filter_size " +
                                          std::to_string(options.max_bloom_filter_size)));
    }
    auto bytes = file.Read(off, static_cast<uint64_t>(*length), &scratch);
    if (!bytes.ok()) return locate(std::move(bytes).status());
    auto f = DecodeBloomFilter(bytes->data(), bytes->size(), /*exact=*/true, options, off);
    if (!f.ok()) return locate(std::move(f).status());
    return std::optional<BloomFilter>(std::move(*f));
  }
  // No length: read a bounded window for the header, then the bitset.
  const uint64_t window = std::min(kMaxBloomFilterHeaderSize, file_size - off);
  auto head = file.Read(off, window, &scratch);
  if (!head.ok()) return locate(std::move(head).status());
  size_t header_size = 0;
  auto h = DecodeBloomFilterHeader(head->data(), head->size(), options, off, &header_size);
  if (!h.ok()) return locate(std::move(h).status());
  const uint64_t bitset = static_cast<uint64_t>(h->numBytes);
  if (bitset > file_size - off - header_size) {
    return locate(Status::Corrupt("bitset of " + std::to_string(bitset) +
                                  " bytes runs past the end of the file (" +
                                  std::to_string(file_size) + " bytes)"));
  }
  Buffer bits_scratch;
  auto bits = file.Read(off + header_size, bitset, &bits_scratch);
  if (!bits.ok()) return locate(std::move(bits).status());
  return std::optional<BloomFilter>(BloomFilter::FromBitset(
      std::string_view(reinterpret_cast<const char*>(bits->data()), bits->size())));
}

format::BloomFilterHeader MakeBloomFilterHeader(int64_t num_bytes) {
  format::BloomFilterHeader h;
  h.numBytes = static_cast<int32_t>(num_bytes);
  h.algorithm.BLOCK = format::SplitBlockAlgorithm{};
  h.hash.XXHASH = format::XxHash{};
  h.compression.UNCOMPRESSED = format::Uncompressed{};
  return h;
}

}  // namespace parq::index
