// variant/metadata.cc — see metadata.h.
#include "variant/metadata.h"

#include <algorithm>
#include <vector>

#include "variant/bytes.h"

namespace parq {

using variant_internal::BytesFor;
using variant_internal::LoadLE;
using variant_internal::PutLE;

Result<VariantMetadata> VariantMetadata::Parse(std::span<const uint8_t> b) {
  if (b.empty()) return Status::Corrupt("variant metadata is empty");
  const uint8_t header = b[0];
  if ((header & 0x0F) != 1) {
    return Status::Unsupported("variant metadata version " + std::to_string(header & 0x0F) +
                               " (only version 1 is supported)");
  }
  VariantMetadata m;
  m.bytes_ = b;
  m.sorted_ = (header >> 4) & 1;
  m.offset_size_ = static_cast<uint8_t>((header >> 6) + 1);
  if (b.size() < 1 + size_t{m.offset_size_}) {
    return Status::Corrupt("variant metadata of " + std::to_string(b.size()) + " bytes ends inside dictionary_size");
  }
  m.dict_size_ = LoadLE(b.data() + 1, m.offset_size_);
  m.offsets_pos_ = 1 + size_t{m.offset_size_};
  const uint64_t need = m.offsets_pos_ + (uint64_t{m.dict_size_} + 1) * m.offset_size_;
  if (need > b.size()) {
    return Status::Corrupt("variant metadata dictionary of " + std::to_string(m.dict_size_) + " strings needs " +
                           std::to_string(need) + " bytes of offsets but has " + std::to_string(b.size()));
  }
  m.strings_pos_ = static_cast<size_t>(need);
  const uint32_t total = LoadLE(b.data() + m.offsets_pos_ + size_t{m.dict_size_} * m.offset_size_, m.offset_size_);
  if (uint64_t{total} > b.size() - m.strings_pos_) {
    return Status::Corrupt("variant metadata strings size " + std::to_string(total) + " exceeds the " +
                           std::to_string(b.size() - m.strings_pos_) + " bytes left at byte " +
                           std::to_string(m.strings_pos_));
  }
  m.encoded_size_ = m.strings_pos_ + total;
  return m;
}

Result<std::string_view> VariantMetadata::Key(uint32_t id) const {
  if (id >= dict_size_) {
    return Status::Corrupt("variant field id " + std::to_string(id) + " is outside the dictionary of " +
                           std::to_string(dict_size_) + " strings");
  }
  const uint8_t* offs = bytes_.data() + offsets_pos_;
  const uint32_t begin = LoadLE(offs + size_t{id} * offset_size_, offset_size_);
  const uint32_t end = LoadLE(offs + (size_t{id} + 1) * offset_size_, offset_size_);
  const size_t limit = encoded_size_ - strings_pos_;
  if (begin > end || end > limit) {
    return Status::Corrupt("variant dictionary string " + std::to_string(id) + " has offsets [" +
                           std::to_string(begin) + ", " + std::to_string(end) + ") outside [0, " +
                           std::to_string(limit) + "]");
  }
  return std::string_view(reinterpret_cast<const char*>(bytes_.data() + strings_pos_ + begin), end - begin);
}

namespace {
// Writes the dictionary of `keys` in their order, with the sorted_strings
// flag as given.
template <typename Keys>
void WriteDictionary(const Keys& keys, size_t count, bool sorted, std::string* metadata) {
  std::string bytes;
  std::vector<uint64_t> offsets;
  offsets.reserve(count + 1);
  for (const auto& key : keys) {
    offsets.push_back(bytes.size());
    bytes.append(key);
  }
  offsets.push_back(bytes.size());
  const int off_size = BytesFor(std::max<uint64_t>(bytes.size(), count));
  metadata->clear();
  metadata->push_back(static_cast<char>(1 | (sorted ? 1 : 0) << 4 | (off_size - 1) << 6));
  PutLE(metadata, count, off_size);
  for (uint64_t o : offsets) PutLE(metadata, o, off_size);
  metadata->append(bytes);
}
}  // namespace

void BuildVariantMetadata(VariantKeyIds* keys, std::string* metadata) {
  std::vector<std::string_view> order;
  order.reserve(keys->size());
  uint32_t next = 0;
  for (auto& [key, id] : *keys) {
    id = next++;
    order.push_back(key);
  }
  WriteDictionary(order, order.size(), true, metadata);
}

void BuildVariantMetadataInOrder(const std::vector<std::string_view>& keys, std::string* metadata) {
  WriteDictionary(keys, keys.size(), false, metadata);
}

}  // namespace parq
