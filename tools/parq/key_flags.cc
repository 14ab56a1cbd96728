// The reading verbs' key flags (see key_flags.h).
#include "key_flags.h"

#include <fstream>
#include <memory>
#include <sstream>
#include <utility>

namespace parq::cli {

const std::vector<Flag> kKeyFlagTable = {
    {"footer-key", "KEY", "the footer key of an encrypted file (hex:..., base64:... or text:...)"},
    {"column-key", "PATH=KEY", "the key of an encrypted column (repeatable)"},
    {"aad-prefix", "TEXT", "the AAD prefix the file was encrypted with, when it does not store it"},
    {"keys", "FILE", "read the key flags from FILE, one a line (keys out of the process list)"}};

std::vector<Flag> WithKeyFlags(std::vector<Flag> flags) {
  flags.insert(flags.end(), kKeyFlagTable.begin(), kKeyFlagTable.end());
  return flags;
}

void ForwardKeyFlags(const Args& args, std::vector<std::string>* out) {
  for (const Flag& f : kKeyFlagTable) {
    for (const std::string& v : args.GetAll(f.name)) {
      out->push_back(std::string("--") + f.name);
      out->push_back(v);
    }
  }
}

const std::vector<Flag> kEncryptFlagTable = {
    {"encrypt-footer-key", "KEY", "encrypt the output: its footer key (every column's too, unless column keys)"},
    {"encrypt-column-key", "PATH=KEY", "encrypt this column with its own key (repeatable; the others plaintext)"},
    {"encrypt-footer-key-metadata", "TEXT", "the footer key's key_metadata, stored in the file (hex:, base64: or text:)"},
    {"encrypt-column-key-metadata", "PATH=TEXT", "the key_metadata of a column's key (repeatable; hex:, base64: or text:)"},
    {"encrypt-algorithm", "gcm|gcm-ctr", "AES_GCM_V1 (gcm, the default) or AES_GCM_CTR_V1 (gcm-ctr)"},
    {"plaintext-footer", nullptr, "a plaintext footer signed with the footer key (PAR1)"},
    {"encrypt-aad-prefix", "TEXT", "the AAD prefix to encrypt with"},
    {"no-store-aad-prefix", nullptr, "leave the AAD prefix out of the file (readers must supply it)"},
    {"encrypt-keys", "FILE", "read the encrypt flags from FILE, one a line (keys out of the process list)"}};

std::vector<Flag> WithEncryptFlags(std::vector<Flag> flags) {
  flags.insert(flags.end(), kEncryptFlagTable.begin(), kEncryptFlagTable.end());
  return flags;
}

namespace {

// `--column-key`'s PATH=KEY as the path and the key's bytes (with
// `metadata`: `--encrypt-column-key-metadata`'s PATH=TEXT and the bytes).
Result<std::pair<std::string, std::string>> ParsePathKey(std::string_view flag, std::string_view value,
                                                         bool metadata = false) {
  const size_t eq = value.find('=');
  if (eq == std::string_view::npos || eq == 0) {
    return Status::InvalidArgument("--" + std::string(flag) + (metadata ? " wants PATH=TEXT" : " wants PATH=KEY") +
                                   ", not '" + std::string(value.substr(0, eq)) + "'");
  }
  std::string path(value.substr(0, eq));
  auto key = metadata ? ParseKeyMetadataText(value.substr(eq + 1)) : ParseKeyText(value.substr(eq + 1));
  if (!key.ok()) return std::move(key).status().AddContext("--" + std::string(flag) + " " + path);
  return std::make_pair(std::move(path), std::move(*key));
}

// One key option (name without "--") into *props.
Status ApplyOne(std::string_view name, std::string_view value, DecryptionProperties* props) {
  if (name == "footer-key") {
    auto key = ParseKeyText(value);
    if (!key.ok()) return std::move(key).status().AddContext("--footer-key");
    props->footer_key = std::move(*key);
  } else if (name == "column-key") {
    PARQ_ASSIGN_OR_RETURN(auto path_key, ParsePathKey(name, value));
    props->column_keys[path_key.first] = std::move(path_key.second);
  } else if (name == "aad-prefix") {
    props->aad_prefix = std::string(value);
  } else {
    return Status::InvalidArgument("unknown option '" + std::string(name) + "'");
  }
  return Status::OK();
}

// Applies each `name value` line of a keys file (see key_flags.h) with `apply`.
template <typename Apply>
Status ApplyKeysFile(const std::string& flag, const std::string& path, Apply apply) {
  std::ifstream in(path);
  if (!in) return Status::InvalidArgument("--" + flag + ": cannot read '" + path + "'");
  std::string line;
  int number = 0;
  while (std::getline(in, line)) {
    ++number;
    std::string_view l(line);
    while (!l.empty() && (l.back() == '\r' || l.back() == ' ' || l.back() == '\t')) l.remove_suffix(1);
    while (!l.empty() && (l.front() == ' ' || l.front() == '\t')) l.remove_prefix(1);
    if (l.empty() || l.front() == '#') continue;
    if (l.starts_with("--")) l.remove_prefix(2);
    const size_t sep = l.find_first_of(" \t=");
    if (sep == std::string_view::npos) {
      return Status::InvalidArgument("--" + flag + " '" + path + "' line " + std::to_string(number) + ": no value");
    }
    std::string_view name = l.substr(0, sep), value = l.substr(sep + 1);
    while (!value.empty() && (value.front() == ' ' || value.front() == '\t')) value.remove_prefix(1);
    Status st = apply(name, value);
    if (!st.ok()) return std::move(st).AddContext("--" + flag + " '" + path + "' line " + std::to_string(number));
  }
  return Status::OK();
}

}  // namespace

Status ApplyKeyFlags(const Args& args, ReaderOptions* options) {
  bool any = false;
  for (const Flag& f : kKeyFlagTable) any |= args.Has(f.name);
  if (!any) return Status::OK();
  auto props = std::make_shared<DecryptionProperties>();
  for (const std::string& file : args.GetAll("keys")) {
    PARQ_RETURN_IF_ERROR(ApplyKeysFile("keys", file, [&](std::string_view name, std::string_view value) {
      return ApplyOne(name, value, props.get());
    }));
  }
  for (const char* name : {"footer-key", "aad-prefix"}) {
    if (auto v = args.Get(name)) PARQ_RETURN_IF_ERROR(ApplyOne(name, *v, props.get()));
  }
  for (const std::string& v : args.GetAll("column-key")) PARQ_RETURN_IF_ERROR(ApplyOne("column-key", v, props.get()));
  options->decryption = std::move(props);
  return Status::OK();
}

namespace {

// One encryption option (name without "--") into *props.
Status ApplyEncryptOne(std::string_view name, std::string_view value, EncryptionProperties* props) {
  if (name == "encrypt-footer-key") {
    auto key = ParseKeyText(value);
    if (!key.ok()) return std::move(key).status().AddContext("--encrypt-footer-key");
    props->footer_key = std::move(*key);
  } else if (name == "encrypt-column-key") {
    PARQ_ASSIGN_OR_RETURN(auto path_key, ParsePathKey(name, value));
    props->column_keys[path_key.first].key = std::move(path_key.second);
  } else if (name == "encrypt-footer-key-metadata") {
    auto metadata = ParseKeyMetadataText(value);
    if (!metadata.ok()) return std::move(metadata).status().AddContext("--encrypt-footer-key-metadata");
    props->footer_key_metadata = std::move(*metadata);
  } else if (name == "encrypt-column-key-metadata") {
    PARQ_ASSIGN_OR_RETURN(auto path_metadata, ParsePathKey(name, value, /*metadata=*/true));
    props->column_keys[path_metadata.first].key_metadata = std::move(path_metadata.second);
  } else if (name == "encrypt-aad-prefix") {
    props->aad_prefix = std::string(value);
  } else if (name == "encrypt-algorithm") {
    if (value == "gcm") {
      props->algorithm = EncryptionProperties::Algorithm::kAesGcmV1;
    } else if (value == "gcm-ctr") {
      props->algorithm = EncryptionProperties::Algorithm::kAesGcmCtrV1;
    } else {
      return Status::InvalidArgument("--encrypt-algorithm is gcm (AES_GCM_V1) or gcm-ctr (AES_GCM_CTR_V1), not '" +
                                     std::string(value) + "'");
    }
  } else {
    return Status::InvalidArgument("unknown option '" + std::string(name) + "'");
  }
  return Status::OK();
}

}  // namespace

Status ApplyEncryptFlags(const Args& args, WriterOptions* options) {
  bool any = false;
  for (const Flag& f : kEncryptFlagTable) any |= args.Has(f.name);
  if (!any) return Status::OK();
  auto props = std::make_shared<EncryptionProperties>();
  for (const std::string& file : args.GetAll("encrypt-keys")) {
    PARQ_RETURN_IF_ERROR(ApplyKeysFile("encrypt-keys", file, [&](std::string_view name, std::string_view value) {
      return ApplyEncryptOne(name, value, props.get());
    }));
  }
  for (const char* name :
       {"encrypt-footer-key", "encrypt-footer-key-metadata", "encrypt-aad-prefix", "encrypt-algorithm"}) {
    if (auto v = args.Get(name)) PARQ_RETURN_IF_ERROR(ApplyEncryptOne(name, *v, props.get()));
  }
  for (const std::string& v : args.GetAll("encrypt-column-key")) {
    PARQ_RETURN_IF_ERROR(ApplyEncryptOne("encrypt-column-key", v, props.get()));
  }
  for (const std::string& v : args.GetAll("encrypt-column-key-metadata")) {
    PARQ_RETURN_IF_ERROR(ApplyEncryptOne("encrypt-column-key-metadata", v, props.get()));
  }
  props->encrypted_footer = !args.Has("plaintext-footer");
  props->store_aad_prefix = !args.Has("no-store-aad-prefix");
  if (props->footer_key.empty()) {
    return Status::InvalidArgument(
        "the encryption flags need --encrypt-footer-key KEY (the footer's key, and every column's when no "
        "--encrypt-column-key is given)");
  }
  for (const auto& [path, column] : props->column_keys) {
    if (column.key.empty()) {
      return Status::InvalidArgument("--encrypt-column-key-metadata " + path + " needs --encrypt-column-key " + path +
                                     "=KEY");
    }
  }
  if (!props->store_aad_prefix && !props->aad_prefix) {
    return Status::InvalidArgument("--no-store-aad-prefix needs --encrypt-aad-prefix TEXT");
  }
  options->encryption = std::move(props);
  return Status::OK();
}

}  // namespace parq::cli
