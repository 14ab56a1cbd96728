// JsonOut: the small JSON writer the generated WriteJson functions use
// (thriftgen --json): a struct as an object keyed by field name, in field-id
// order, with only the fields present.
//
// Forms: integers as numbers; double as the shortest round-trip number
// ("NaN", "Infinity", "-Infinity" as strings); `string` fields as JSON
// strings (an ill-formed UTF-8 part as U+FFFD); `binary` fields as standard
// base64 strings; enum values by their IDL name, or as a number when the IDL
// names none; lists and sets as arrays; maps as arrays of {"key", "value"}.
// Compact: no spaces or newlines.
//
// Not a hot path.  Owns nothing but a borrowed output string.  Not thread-safe.
#ifndef PARQ_THRIFT_JSON_OUT_H_
#define PARQ_THRIFT_JSON_OUT_H_

#include <cstdint>
#include <string>
#include <string_view>
#include <vector>

namespace parq::thrift {

class JsonOut {
 public:
  explicit JsonOut(std::string* out) : out_(out) {}

  void BeginObject() { Open('{'); }
  void EndObject() { Close('}'); }
  void BeginArray() { Open('['); }
  void EndArray() { Close(']'); }
  // A member's key; the next value is its value.
  void Key(std::string_view name);

  void Bool(bool v);
  void Int(int64_t v);
  void Double(double v);
  void String(std::string_view utf8);
  void Binary(std::string_view bytes);
  // `name` when not empty, else `value` as a number.
  void Enum(std::string_view name, int64_t value);

 private:
  void Separate();  // the comma before a value, unless first or after a key
  void Open(char c);
  void Close(char c);
  void Quoted(std::string_view s);

  std::string* out_;
  std::vector<bool> first_;  // per open container: nothing written in it yet
  bool after_key_ = false;
};

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_JSON_OUT_H_
