// parq/rare_string.h — RareString: a text that is usually empty, one pointer
// wide.
//
// Schema nodes and column descriptors carry a few texts that almost every
// node leaves empty (a GEOMETRY's CRS, the note on a dropped annotation).  A
// std::string takes 32 bytes of each node even then; a file of a million
// leaves pays it a million times.  RareString holds the text out of line and
// nothing at all when it is empty.  It reads as a const std::string&.
//
// A value type: copies copy the text.  Thread-safety: as std::string.
#ifndef PARQ_RARE_STRING_H_
#define PARQ_RARE_STRING_H_

#include <memory>
#include <string>
#include <utility>

namespace parq {

class RareString {
 public:
  RareString() = default;
  RareString(std::string s) { assign(std::move(s)); }  // NOLINT: converts like a string
  RareString(const RareString& o) : text_(o.text_ ? std::make_unique<std::string>(*o.text_) : nullptr) {}
  RareString(RareString&&) noexcept = default;
  RareString& operator=(const RareString& o) {
    if (this != &o) text_ = o.text_ ? std::make_unique<std::string>(*o.text_) : nullptr;
    return *this;
  }
  RareString& operator=(RareString&&) noexcept = default;

  void assign(std::string s) { text_ = s.empty() ? nullptr : std::make_unique<std::string>(std::move(s)); }
  const std::string& str() const {
    static const std::string kEmpty;
    return text_ ? *text_ : kEmpty;
  }
  bool empty() const { return text_ == nullptr; }

  friend bool operator==(const RareString& a, const RareString& b) { return a.str() == b.str(); }

 private:
  std::unique_ptr<std::string> text_;  // null when empty
};

}  // namespace parq

#endif  // PARQ_RARE_STRING_H_
