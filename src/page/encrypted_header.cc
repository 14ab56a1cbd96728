// page/encrypted_header.cc — finding, decrypting and decoding the page
// header modules of encrypted columns.
#include "page/encrypted_header.h"

#include <string>

#include "crypto/aes.h"
#include "thrift/compact_reader.h"

namespace parq::page {

Result<uint64_t> HeaderModuleSize(std::span<const uint8_t> prefix, uint64_t left, int64_t max_page_header_size) {
  if (prefix.size() < crypto::kLengthSize || left < crypto::kLengthSize) {
    return Status::Corrupt("encrypted page header module cut short: " + std::to_string(left) +
                           " bytes left in the column chunk");
  }
  const uint64_t size = crypto::ModuleSize(prefix.first(crypto::kLengthSize));
  const uint64_t limit = static_cast<uint64_t>(max_page_header_size) + crypto::kGcmOverhead;
  if (size > left) {
    return Status::Corrupt("encrypted page header module of " + std::to_string(size) +
                           " bytes runs past the end of its column chunk (" + std::to_string(left) + " bytes left)");
  }
  if (size > limit) {
    return Status::LimitExceeded("encrypted page header module of " + std::to_string(size) +
                                 " bytes exceeds max_page_header_size " + std::to_string(max_page_header_size));
  }
  return size;
}

Status DecryptPageHeader(const crypto::ChunkCipher& cipher, std::span<const uint8_t> module, bool first_page,
                         bool has_dictionary, int64_t data_page_ordinal, const thrift::ThriftLimits& limits,
                         Buffer* plain, format::PageHeader* header) {
  crypto::ModuleType kind = first_page && has_dictionary ? crypto::ModuleType::kDictionaryPageHeader
                                                         : crypto::ModuleType::kDataPageHeader;
  const auto page_of = [&](crypto::ModuleType t) {
    return t == crypto::ModuleType::kDataPageHeader ? data_page_ordinal : int64_t{-1};
  };
  Status st = cipher.Decrypt(kind, page_of(kind), module, plain);
  if (!st.ok() && first_page && st.code() == StatusCode::kCorrupt) {
    const auto other = kind == crypto::ModuleType::kDataPageHeader ? crypto::ModuleType::kDictionaryPageHeader
                                                                   : crypto::ModuleType::kDataPageHeader;
    if (cipher.Decrypt(other, page_of(other), module, plain).ok()) {
      kind = other;
      st = Status::OK();
    }
  }
  PARQ_RETURN_IF_ERROR(st);
  thrift::CompactReader reader(plain->data(), plain->size(), limits);
  *header = format::PageHeader();
  if (!format::Read(reader, header)) {
    Status bad = reader.status();
    return std::move(bad).AddContext("decoding the decrypted page header");
  }
  // The AAD says which header it is; the header must agree.
  const bool is_dictionary = static_cast<PageType>(header->type) == PageType::kDictionaryPage;
  if (is_dictionary != (kind == crypto::ModuleType::kDictionaryPageHeader)) {
    return Status::Corrupt(std::string("a ") + (is_dictionary ? "dictionary" : "data") +
                           " page header authenticated as a " + crypto::ModuleTypeName(kind));
  }
  return Status::OK();
}

uint64_t EncryptedBodySize(const crypto::ChunkCipher& cipher, PageType type, uint64_t stated,
                           std::span<const uint8_t> prefix) {
  if (cipher.cipher.module_aads() || stated < crypto::kLengthSize || prefix.size() < crypto::kLengthSize) return stated;
  const uint64_t module = crypto::ModuleSize(prefix.first(crypto::kLengthSize));
  const auto kind = type == PageType::kDictionaryPage ? crypto::ModuleType::kDictionaryPage : crypto::ModuleType::kDataPage;
  return module == stated + cipher.cipher.OverheadFor(kind) ? module : stated;
}

}  // namespace parq::page
