// The text forms of keys and key metadata (see key_text.h).
#include "key_text.h"

#include <cstdint>

namespace parq::cli {

namespace {

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

int Base64Digit(char c) {
  if (c >= 'A' && c <= 'Z') return c - 'A';
  if (c >= 'a' && c <= 'z') return c - 'a' + 26;
  if (c >= '0' && c <= '9') return c - '0' + 52;
  if (c == '+' || c == '-') return 62;
  if (c == '/' || c == '_') return 63;
  return -1;
}

Result<std::string> DecodeHex(std::string_view s, const std::string& what) {
  if (s.size() % 2 != 0) return Status::InvalidArgument("hex " + what + " with an odd number of digits");
  std::string out;
  for (size_t i = 0; i < s.size(); i += 2) {
    const int hi = HexDigit(s[i]), lo = HexDigit(s[i + 1]);
    if (hi < 0 || lo < 0) return Status::InvalidArgument("hex " + what + " with a character that is not a hex digit");
    out.push_back(static_cast<char>(hi * 16 + lo));
  }
  return out;
}

Result<std::string> DecodeBase64(std::string_view s) {
  while (!s.empty() && s.back() == '=') s.remove_suffix(1);
  std::string out;
  uint32_t acc = 0;
  int bits = 0;
  for (char c : s) {
    const int d = Base64Digit(c);
    if (d < 0) return Status::InvalidArgument("base64 text with a character outside the alphabet");
    acc = (acc << 6) | static_cast<uint32_t>(d);
    bits += 6;
    if (bits >= 8) {
      bits -= 8;
      out.push_back(static_cast<char>((acc >> bits) & 0xFF));
    }
  }
  if (bits >= 6) return Status::InvalidArgument("base64 text of an impossible length");
  return out;
}

// The bytes of `text` in the hex:/base64:/text: forms; `what` names them in errors.
Result<std::string> DecodeBytesText(std::string_view text, const std::string& what) {
  if (text.starts_with("hex:")) return DecodeHex(text.substr(4), what);
  if (text.starts_with("base64:")) return DecodeBase64(text.substr(7));
  if (text.starts_with("text:")) return std::string(text.substr(5));
  return Status::InvalidArgument("a " + what + " is hex:…, base64:… or text:…, not '" +
                                 std::string(text.substr(0, text.find(':'))) + "…'");
}

}  // namespace

Result<std::string> ParseKeyMetadataText(std::string_view text) { return DecodeBytesText(text, "key metadata"); }

Result<std::string> ParseKeyText(std::string_view text) {
  PARQ_ASSIGN_OR_RETURN(std::string key, DecodeBytesText(text, "key"));
  if (key.size() != 16 && key.size() != 24 && key.size() != 32) {
    return Status::InvalidArgument("a key of " + std::to_string(key.size()) +
                                   " bytes; AES keys have 16, 24 or 32 bytes");
  }
  return key;
}

}  // namespace parq::cli
