#include "dataset/hive_path.h"

namespace parq::dataset {
namespace {

bool NeedsEscape(unsigned char c) {
  if (c < 0x20 || c == 0x7F) return true;
  switch (c) {
    case '"': case '#': case '%': case '\'': case '*': case '/': case ':': case '=':
    case '?': case '\\': case '{': case '[': case ']': case '^':
      return true;
    default:
      return false;
  }
}

int HexDigit(char c) {
  if (c >= '0' && c <= '9') return c - '0';
  if (c >= 'a' && c <= 'f') return c - 'a' + 10;
  if (c >= 'A' && c <= 'F') return c - 'A' + 10;
  return -1;
}

}  // namespace

std::string PercentEncode(std::string_view text) {
  static const char kHex[] = "0123456789ABCDEF";
  std::string out;
  out.reserve(text.size());
  for (char ch : text) {
    const auto c = static_cast<unsigned char>(ch);
    if (NeedsEscape(c)) {
      out += '%';
      out += kHex[c >> 4];
      out += kHex[c & 15];
    } else {
      out += ch;
    }
  }
  return out;
}

std::string PercentDecode(std::string_view text) {
  std::string out;
  out.reserve(text.size());
  for (size_t i = 0; i < text.size(); ++i) {
    if (text[i] == '%' && i + 2 < text.size()) {
      const int hi = HexDigit(text[i + 1]);
      const int lo = HexDigit(text[i + 2]);
      if (hi >= 0 && lo >= 0) {
        out += static_cast<char>(hi * 16 + lo);
        i += 2;
        continue;
      }
    }
    out += text[i];
  }
  return out;
}

std::string PartitionSegment(std::string_view key, const std::optional<std::string>& value) {
  std::string out = PercentEncode(key);
  out += '=';
  out += value ? PercentEncode(*value) : std::string(kHiveNull);
  return out;
}

std::optional<std::pair<std::string, std::optional<std::string>>> ParsePartitionSegment(std::string_view segment) {
  const size_t eq = segment.find('=');
  if (eq == std::string_view::npos || eq == 0) return std::nullopt;
  std::string key = PercentDecode(segment.substr(0, eq));
  const std::string_view raw = segment.substr(eq + 1);
  if (raw == kHiveNull) return std::make_pair(std::move(key), std::optional<std::string>());
  return std::make_pair(std::move(key), std::optional<std::string>(PercentDecode(raw)));
}

}  // namespace parq::dataset
