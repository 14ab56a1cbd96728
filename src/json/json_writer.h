// json/json_writer.h — a minimal streaming JSON writer appending to a
// std::string.
//
// JsonWriter adds the punctuation (commas, colons, brackets) of the canonical
// row text of docs/rows-as-json.md; the value formatting itself lives in
// json/json_format.h, whose Append* functions each append exactly one JSON
// value.  To write a formatted value through the writer:
//
//   JsonWriter w(&out);
//   w.BeginObject();
//   w.Key("ts");
//   AppendJsonTimestamp(w.BeginValue(), micros, JsonTimeUnit::kMicros, true);
//   w.EndObject();
//
// Output is compact (no spaces), like JSON.stringify.  The writer does not
// validate call order (a Key outside an object is the caller's bug); it keeps
// no heap state, so constructing one per row is free.
//
// Ownership: the writer borrows `out`, which must outlive it.
// Thread-safety: none; one writer per thread.
#ifndef PARQ_JSON_JSON_WRITER_H_
#define PARQ_JSON_JSON_WRITER_H_

#include <cstdint>
#include <string>
#include <string_view>

#include "json/json_format.h"

namespace parq {

class JsonWriter {
public:
  explicit JsonWriter(std::string *out) : out_(out) {}

  void BeginObject() {
    Prefix().push_back('{');
    need_comma_ = false;
  }
  void EndObject() {
    out_->push_back('}');
    need_comma_ = true;
  }
  void BeginArray() {
    Prefix().push_back('[');
    need_comma_ = false;
  }
  void EndArray() {
    out_->push_back(']');
    need_comma_ = true;
  }

  // An object key (escaped like any string) and its ':'.
  void Key(std::string_view utf8) {
    Prefix();
    AppendJsonString(*out_, utf8);
    out_->push_back(':');
    need_comma_ = false;
  }

  void Null() { Prefix().append("null"); }
  void Bool(bool v) { Prefix().append(v ? "true" : "false"); }
  void Int64(int64_t v) { AppendJsonInt64(Prefix(), v); }
  void UInt64(uint64_t v) { AppendJsonUInt64(Prefix(), v); }
  void Double(double v) { AppendJsonDouble(Prefix(), v); }
  // REQUIRES: `text` is a valid JSON number.
  void RawNumber(std::string_view text) { Prefix().append(text); }
  // Escaped string; invalid UTF-8 becomes U+FFFD.
  void String(std::string_view utf8) { AppendJsonString(Prefix(), utf8); }

  // Writes the separator a new value needs and returns the buffer, into which
  // the caller appends exactly one JSON value.
  std::string &BeginValue() { return Prefix(); }

  std::string *out() const { return out_; }

private:
  std::string &Prefix() {
    if (need_comma_)
      out_->push_back(',');
    need_comma_ = true;
    return *out_;
  }

  std::string *out_;
  bool need_comma_ = false;
};

// A member only when it is set: a non-empty string, a number >= 0 (the
// optional members of the CLI's and the inspection reports' JSON).
inline void OptMember(JsonWriter &w, const char *key, std::string_view v) {
  if (v.empty())
    return;
  w.Key(key);
  w.String(v);
}
inline void OptMember(JsonWriter &w, const char *key, int64_t v) {
  if (v < 0)
    return;
  w.Key(key);
  w.Int64(v);
}

} // namespace parq

#endif // PARQ_JSON_JSON_WRITER_H_
