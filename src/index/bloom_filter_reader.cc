// index/bloom_filter_reader.cc — BloomFilterHeader + bitset, checked.
#include "index/bloom_filter_reader.h"

#include <algorithm>
#include <cstring>
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

namespace {

// Reads the module at `off` (bounded by `max_size` and the file) and
// decrypts it into *plain.
Status ReadModule(const RandomAccessFile& file, uint64_t off, uint64_t max_size, const crypto::ChunkCipher& cipher,
                  crypto::ModuleType type, Buffer* plain, uint64_t* size) {
  const uint64_t file_size = file.size();
  uint8_t head[crypto::kLengthSize];
  if (off > file_size || file_size - off < crypto::kLengthSize) {
    return Status::Corrupt(std::string(crypto::ModuleTypeName(type)) + " module runs past the end of the file");
  }
  PARQ_RETURN_IF_ERROR(file.ReadAt(off, crypto::kLengthSize, head));
  *size = crypto::ModuleSize(head);
  if (*size > file_size - off) {
    return Status::Corrupt(std::string(crypto::ModuleTypeName(type)) + " module of " + std::to_string(*size) +
                           " bytes runs past the end of the file (" + std::to_string(file_size) + " bytes)");
  }
  if (*size > max_size) {
    return Status::LimitExceeded(std::string(crypto::ModuleTypeName(type)) + " module of " + std::to_string(*size) +
                                 " bytes exceeds max_bloom_filter_size");
  }
  Buffer scratch;
  PARQ_ASSIGN_OR_RETURN(auto bytes, file.Read(off, *size, &scratch));
  return cipher.Decrypt(type, -1, bytes, plain);
}

// The two modules of an encrypted column's filter (see the header).
Result<BloomFilter> ReadEncryptedBloomFilter(const RandomAccessFile& file, uint64_t off,
                                             std::optional<int32_t> length, const ReaderOptions& options,
                                             const crypto::ChunkCipher& cipher) {
  Buffer header_plain;
  uint64_t header_module = 0;
  PARQ_RETURN_IF_ERROR(ReadModule(file, off, kMaxBloomFilterHeaderSize + crypto::kGcmOverhead, cipher,
                                  crypto::ModuleType::kBloomFilterHeader, &header_plain, &header_module));
  size_t header_size = 0;
  PARQ_ASSIGN_OR_RETURN(format::BloomFilterHeader h,
                        DecodeBloomFilterHeader(header_plain.data(), header_plain.size(), options, 0, &header_size));
  // parquet-mr pads the decrypted header with zero bytes (authenticated, so
  // the padding is what it wrote); anything else after it is corrupt.
  if (!std::all_of(header_plain.data() + header_size, header_plain.data() + header_plain.size(),
                   [](uint8_t b) { return b == 0; })) {
    return Status::Corrupt("decrypted Bloom filter header ends after " + std::to_string(header_size) + " of its " +
                           std::to_string(header_plain.size()) + " bytes");
  }
  Buffer bits;
  uint64_t bitset_module = 0;
  PARQ_RETURN_IF_ERROR(ReadModule(file, off + header_module,
                                  static_cast<uint64_t>(h.numBytes) + crypto::kGcmOverhead, cipher,
                                  crypto::ModuleType::kBloomFilterBitset, &bits, &bitset_module));
  if (bits.size() != static_cast<size_t>(h.numBytes)) {
    return Status::Corrupt("decrypted Bloom filter bitset has " + std::to_string(bits.size()) +
                           " bytes; its header says " + std::to_string(h.numBytes));
  }
  if (length && static_cast<uint64_t>(*length) != header_module + bitset_module) {
    return Status::Corrupt("Bloom filter modules take " + std::to_string(header_module + bitset_module) +
                           " bytes; bloom_filter_length says " + std::to_string(*length));
  }
  return BloomFilter::FromBitset(std::string_view(reinterpret_cast<const char*>(bits.data()), bits.size()));
}

}  // namespace

Result<std::optional<BloomFilter>> ReadBloomFilter(const RandomAccessFile& file,
                                                   const format::ColumnChunk& chunk,
                                                   const ColumnDescriptor& column,
                                                   const ReaderOptions& options, int row_group,
                                                   const crypto::ChunkCipher* cipher) {
  if (!chunk.meta_data || !chunk.meta_data->bloom_filter_offset) {
    if (!chunk.meta_data && chunk.crypto_metadata) {
      return std::move(Status::Unsupported("Bloom filter of an encrypted column whose metadata was not decrypted"))
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
  const uint64_t file_size = file.size();
  if (offset < 4 || static_cast<uint64_t>(offset) >= file_size) {
    return locate(Status::Corrupt("offset " + std::to_string(offset) + " is outside the file (" +
                                  std::to_string(file_size) + " bytes)"));
  }
  const uint64_t off = static_cast<uint64_t>(offset);
  if (cipher != nullptr || chunk.crypto_metadata) {
    if (cipher == nullptr) return locate(Status::Unsupported("the column is encrypted and was read without its key"));
    auto f = ReadEncryptedBloomFilter(file, off, length, options, *cipher);
    if (!f.ok()) return locate(std::move(f).status());
    return std::optional<BloomFilter>(std::move(*f));
  }
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
  // The bitset's start is in the window already: only the rest is read.
  const uint64_t in_window = std::min<uint64_t>(bitset, head->size() - header_size);
  if (in_window == bitset) {
    return std::optional<BloomFilter>(BloomFilter::FromBitset(
        std::string_view(reinterpret_cast<const char*>(head->data()) + header_size, bitset)));
  }
  std::string bits(bitset, '\0');
  std::memcpy(bits.data(), head->data() + header_size, in_window);
  Status rest = file.ReadAt(off + header_size + in_window, bitset - in_window,
                            reinterpret_cast<uint8_t*>(bits.data()) + in_window);
  if (!rest.ok()) return locate(std::move(rest));
  return std::optional<BloomFilter>(BloomFilter::FromBitset(bits));
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
