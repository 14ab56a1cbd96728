// crypto/module.cc — module AADs and ModuleCipher.
#include "crypto/module.h"

#include <utility>

namespace parq::crypto {
namespace {

// The ordinals each module type carries (Encryption.md §4.4.2's table).
bool HasChunkOrdinals(ModuleType t) { return t != ModuleType::kFooter; }
bool HasPageOrdinal(ModuleType t) { return t == ModuleType::kDataPage || t == ModuleType::kDataPageHeader; }

Status AppendOrdinal(std::string* aad, int64_t ordinal, const char* what, const ModuleId& id) {
  if (ordinal < 0 || ordinal > 32767) {
    return Status::InvalidArgument(std::string(what) + " ordinal " + std::to_string(ordinal) + " of the " +
                                   DescribeModule(id) +
                                   " is outside 0..32767, the range an encrypted file's AAD can hold");
  }
  aad->push_back(static_cast<char>(ordinal & 0xFF));
  aad->push_back(static_cast<char>((ordinal >> 8) & 0xFF));
  return Status::OK();
}

}  // namespace

const char* ModuleTypeName(ModuleType type) {
  switch (type) {
    case ModuleType::kFooter: return "footer";
    case ModuleType::kColumnMetaData: return "column metadata";
    case ModuleType::kDataPage: return "data page";
    case ModuleType::kDictionaryPage: return "dictionary page";
    case ModuleType::kDataPageHeader: return "data page header";
    case ModuleType::kDictionaryPageHeader: return "dictionary page header";
    case ModuleType::kColumnIndex: return "column index";
    case ModuleType::kOffsetIndex: return "offset index";
    case ModuleType::kBloomFilterHeader: return "Bloom filter header";
    case ModuleType::kBloomFilterBitset: return "Bloom filter bitset";
  }
  return "unknown module";
}

const char* AlgorithmName(Algorithm a) {
  return a == Algorithm::kAesGcmV1 ? "AES_GCM_V1" : "AES_GCM_CTR_V1";
}

std::string DescribeModule(const ModuleId& id) {
  std::string s = ModuleTypeName(id.type);
  if (!HasChunkOrdinals(id.type)) return s;
  s += " (row group " + std::to_string(id.row_group) + ", column " + std::to_string(id.column);
  if (HasPageOrdinal(id.type)) s += ", page " + std::to_string(id.page);
  return s + ")";
}

Result<std::string> ModuleAad(std::string_view file_aad, const ModuleId& id) {
  std::string aad;
  aad.reserve(file_aad.size() + 7);
  aad.append(file_aad);
  aad.push_back(static_cast<char>(id.type));
  if (HasChunkOrdinals(id.type)) {
    PARQ_RETURN_IF_ERROR(AppendOrdinal(&aad, id.row_group, "row group", id));
    PARQ_RETURN_IF_ERROR(AppendOrdinal(&aad, id.column, "column", id));
  }
  if (HasPageOrdinal(id.type)) PARQ_RETURN_IF_ERROR(AppendOrdinal(&aad, id.page, "page", id));
  return aad;
}

Result<ModuleCipher> ModuleCipher::Make(std::string key, std::string file_aad, Algorithm algorithm,
                                        bool module_aads) {
  PARQ_RETURN_IF_ERROR(CheckKeyLength(key));
  return ModuleCipher(std::move(key), std::move(file_aad), algorithm, module_aads);
}

Status ModuleCipher::Decrypt(const ModuleId& id, std::span<const uint8_t> module, Buffer* out) const {
  PARQ_ASSIGN_OR_RETURN(std::string aad, Aad(id));
  Status st = DecryptModule(CipherFor(id.type), key_,
                            {reinterpret_cast<const uint8_t*>(aad.data()), aad.size()}, module, out, contexts_.get());
  if (!st.ok()) return Status(st.code(), "cannot decrypt the " + DescribeModule(id) + ": " + st.message());
  return st;
}

Status ModuleCipher::Encrypt(const ModuleId& id, std::span<const uint8_t> plaintext, Buffer* out) const {
  PARQ_ASSIGN_OR_RETURN(std::string aad, Aad(id));
  Status st = EncryptModule(CipherFor(id.type), key_,
                            {reinterpret_cast<const uint8_t*>(aad.data()), aad.size()}, plaintext, out, contexts_.get());
  if (!st.ok()) return Status(st.code(), "cannot encrypt the " + DescribeModule(id) + ": " + st.message());
  return st;
}

}  // namespace parq::crypto
