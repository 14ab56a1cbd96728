#include "thrift/json_out.h"

#include <charconv>
#include <cmath>
#include <cstdio>

#include "util/base64.h"
#include "util/utf8.h"

namespace parq::thrift {

void JsonOut::Separate() {
  if (after_key_) {
    after_key_ = false;
    return;
  }
  if (!first_.empty()) {
    if (!first_.back()) out_->push_back(',');
    first_.back() = false;
  }
}

void JsonOut::Open(char c) {
  Separate();
  out_->push_back(c);
  first_.push_back(true);
}

void JsonOut::Close(char c) {
  out_->push_back(c);
  first_.pop_back();
}

void JsonOut::Key(std::string_view name) {
  Separate();
  Quoted(name);
  out_->push_back(':');
  after_key_ = true;
}

void JsonOut::Bool(bool v) {
  Separate();
  out_->append(v ? "true" : "false");
}

void JsonOut::Int(int64_t v) {
  Separate();
  out_->append(std::to_string(v));
}

void JsonOut::Double(double v) {
  Separate();
  if (std::isnan(v)) return out_->append("\"NaN\""), void();
  if (std::isinf(v)) return out_->append(v > 0 ? "\"Infinity\"" : "\"-Infinity\""), void();
  char buf[32];
  auto r = std::to_chars(buf, buf + sizeof buf, v);
  out_->append(buf, r.ptr);
}

void JsonOut::String(std::string_view utf8) {
  Separate();
  if (util::IsValidUtf8(utf8)) return Quoted(utf8);
  std::string fixed;
  util::AppendUtf8Replacing(utf8, &fixed);
  Quoted(fixed);
}

void JsonOut::Binary(std::string_view bytes) {
  Separate();
  const size_t old = out_->size();
  out_->resize(old + 2 + util::Base64Size(bytes.size()));
  char* o = out_->data() + old;
  *o++ = '"';
  o = util::Base64Encode(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size(), o);
  *o = '"';
}

void JsonOut::Enum(std::string_view name, int64_t value) {
  if (name.empty()) return Int(value);
  Separate();
  Quoted(name);
}

void JsonOut::Quoted(std::string_view s) {
  out_->push_back('"');
  for (char c : s) {
    switch (c) {
      case '"': out_->append("\\\""); break;
      case '\\': out_->append("\\\\"); break;
      case '\n': out_->append("\\n"); break;
      case '\r': out_->append("\\r"); break;
      case '\t': out_->append("\\t"); break;
      default:
        if (static_cast<unsigned char>(c) < 0x20) {
          char buf[8];
          std::snprintf(buf, sizeof buf, "\\u%04x", static_cast<unsigned>(static_cast<unsigned char>(c)));
          out_->append(buf);
        } else {
          out_->push_back(c);
        }
    }
  }
  out_->push_back('"');
}

}  // namespace parq::thrift
