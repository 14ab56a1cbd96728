// String: the type of generated `string` and `binary` fields.
//
// A pointer and a length, 16 bytes, where std::basic_string with an arena
// allocator took 40.  A decoded footer holds tens of thousands of strings
// (paths, statistics bounds), and the first write to the structs' memory was
// a fifth of decode time, so their size is speed.  Short strings have no
// inline buffer: in the arena a copy is a pointer bump and a memcpy anyway.
//
// Where the bytes live is decided when a value is assigned: in the current
// thread's arena while an ArenaScope is open (see arena.h), else on the
// heap, owned and freed by the String.  A copy is always made on the heap,
// so copies outlive the arena, as for the other generated containers.
//
// Immutable once built: replace the whole value to change it.  The bytes are
// always followed by a NUL, so c_str() is valid.
#ifndef PARQ_THRIFT_STRING_H_
#define PARQ_THRIFT_STRING_H_

#include <compare>
#include <cstddef>
#include <cstdint>
#include <cstring>
#include <optional>
#include <ostream>
#include <string>
#include <string_view>
#include <vector>

#include "thrift/arena.h"
#include "thrift/vector.h"

namespace parq::thrift {

class String {
 public:
  String() noexcept = default;
  String(std::string_view s) { Set(s, tls_current_arena); }  // NOLINT: implicit like std::string
  String(const std::string& s) : String(std::string_view(s)) {}  // NOLINT
  String(const char* s) : String(std::string_view(s)) {}  // NOLINT
  String(const char* p, size_t n) : String(std::string_view(p, n)) {}
  String(const String& o) { Set(o.view(), nullptr); }
  String(String&& o) noexcept : data_(o.data_), bits_(o.bits_) { o.Clear(); }
  ~String() { Free(); }

  String& operator=(const String& o) {
    if (this != &o) *this = o.view();
    return *this;
  }
  String& operator=(String&& o) noexcept {
    if (this != &o) {
      Free();
      data_ = o.data_;
      bits_ = o.bits_;
      o.Clear();
    }
    return *this;
  }
  String& operator=(std::string_view s) {
    String fresh(s);  // s may point into *this
    return *this = std::move(fresh);
  }
  String& operator=(const std::string& s) { return *this = std::string_view(s); }
  String& operator=(const char* s) { return *this = std::string_view(s); }

  const char* data() const noexcept { return data_; }
  const char* c_str() const noexcept { return data_; }
  size_t size() const noexcept { return bits_ >> 1; }
  size_t length() const noexcept { return size(); }
  bool empty() const noexcept { return size() == 0; }
  const char* begin() const noexcept { return data_; }
  const char* end() const noexcept { return data_ + size(); }
  char operator[](size_t i) const noexcept { return data_[i]; }

  // Whether the bytes are this String's own heap memory (not an arena's,
  // and not the shared empty string).
  bool on_heap() const noexcept { return (bits_ & 1) != 0; }

  std::string_view view() const noexcept { return {data_, size()}; }
  operator std::string_view() const noexcept { return view(); }  // NOLINT
  operator std::string() const { return std::string(view()); }  // NOLINT

  friend bool operator==(const String& a, const String& b) noexcept { return a.view() == b.view(); }
  friend bool operator==(const String& a, std::string_view b) noexcept { return a.view() == b; }
  friend bool operator==(const String& a, const char* b) noexcept { return a.view() == b; }
  friend bool operator==(const String& a, const std::string& b) noexcept { return a.view() == b; }
  friend std::ostream& operator<<(std::ostream& os, const String& s) { return os << s.view(); }
  friend std::strong_ordering operator<=>(const String& a, const String& b) noexcept {
    return a.view() <=> b.view();
  }

 private:
  void Set(std::string_view s, Arena* arena) {
    if (s.empty()) return;
    char* p = arena != nullptr ? static_cast<char*>(arena->Allocate(s.size() + 1, 1)) : new char[s.size() + 1];
    CopyBytes(p, s.data(), s.size());
    p[s.size()] = '\0';
    data_ = p;
    bits_ = (s.size() << 1) | (arena == nullptr ? 1u : 0u);
  }
  // Most footer strings are short names and statistics bounds: copied
  // inline with two overlapping words rather than through a call to memcpy.
  template <class Word>
  static void CopyTwoWords(char* dst, const char* src, size_t n) noexcept {  // sizeof(Word) <= n <= 2x
    Word head, tail;
    std::memcpy(&head, src, sizeof(Word));
    std::memcpy(&tail, src + n - sizeof(Word), sizeof(Word));
    std::memcpy(dst, &head, sizeof(Word));
    std::memcpy(dst + n - sizeof(Word), &tail, sizeof(Word));
  }
  static void CopyBytes(char* dst, const char* src, size_t n) noexcept {
    if (n > 16) {
      std::memcpy(dst, src, n);
    } else if (n >= 8) {
      CopyTwoWords<uint64_t>(dst, src, n);
    } else if (n >= 4) {
      CopyTwoWords<uint32_t>(dst, src, n);
    } else if (n > 0) {
      dst[0] = src[0];
      dst[n / 2] = src[n / 2];
      dst[n - 1] = src[n - 1];
    }
  }
  void Free() noexcept {
    if (bits_ & 1) delete[] data_;
  }
  void Clear() noexcept {
    data_ = "";
    bits_ = 0;
  }

  const char* data_ = "";
  // size << 1, and in bit 0 whether data_ came from new[] and is freed here
  // (one plain word: bit-fields cost a read-modify-write per assignment).
  uint64_t bits_ = 0;
};

// Conversions between generated structs' strings and std ones (the results
// of To* are on the heap).
inline std::optional<std::string> ToStdString(const std::optional<String>& s) {
  if (!s) return std::nullopt;
  return std::string(s->view());
}
inline Vector<String> ToStringVector(const std::vector<std::string>& v) {
  Vector<String> out;
  out.reserve(v.size());
  for (const auto& s : v) out.emplace_back(s);
  return out;
}
inline std::vector<std::string> ToStdStrings(const Vector<String>& v) {
  std::vector<std::string> out;
  out.reserve(v.size());
  for (const auto& s : v) out.emplace_back(s.view());
  return out;
}

}  // namespace parq::thrift

#endif  // PARQ_THRIFT_STRING_H_
