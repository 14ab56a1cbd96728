// parq/result.h — Result<T>: either a value or an error Status.
//
//   Result<FileReader> r = FileReader::Open(...);
//   if (!r.ok()) return r.status();
//   FileReader reader = std::move(r).value();
//
// or inside a function returning Status / Result:
//   PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(...));
//
// REQUIRES: value() (or ValueOrDie(), *, ->) only on an ok() Result.  On an
// error Result they do not return: they print the status to stderr and abort
// ("parq: Result::value() on an error at src/x.cc:12 (in f): Corrupt: ...";
// value() and ValueOrDie() name their caller's file:line, the operators
// cannot take one and say the Result's message alone).  The check is one
// predictable branch; the abort path is out of line.
// A Result is never built from an OK Status (that makes an Internal error).
//
// Thread-safety: a Result is a value, like Status.
#ifndef PARQ_RESULT_H_
#define PARQ_RESULT_H_

#include <cstdlib>
#include <optional>
#include <utility>

#include "parq/status.h"

namespace parq {

// Where a call was made: the file, line and function of the caller, when
// used as a defaulted argument (`CallSite where = CallSite::Current()`).
// std::source_location does the same, but the libstdc++ that clang 14 builds
// against has none; the compiler builtins behind it work in both compilers.
struct CallSite {
  const char* file = "";
  unsigned line = 0;
  const char* function = "";

  static constexpr CallSite Current(const char* file = __builtin_FILE(), unsigned line = __builtin_LINE(),
                                    const char* function = __builtin_FUNCTION()) noexcept {
    return CallSite{file, line, function};
  }
};

namespace detail {
// Prints "parq: Result::<what> on an error[ at FILE:LINE (in FUNCTION)]: <status>"
// to stderr and aborts.  `where` may be null.
[[noreturn, gnu::cold, gnu::noinline]] void DieOnErrorResult(const Status& status, const char* what,
                                                              const CallSite* where);
}  // namespace detail

template <typename T>
class [[nodiscard]] Result {
 public:
  Result(T value) : value_(std::move(value)) {}  // NOLINT: implicit by design
  Result(Status status) : status_(std::move(status)) {  // NOLINT
    if (status_.ok()) status_ = Status::Internal("Result built from an OK status");
  }

  bool ok() const { return value_.has_value(); }
  const Status& status() const& { return status_; }
  Status status() && { return std::move(status_); }

  // The value; aborts naming the caller when !ok() (see the header comment).
  T& value(CallSite where = CallSite::Current()) & {
    Check("value()", &where);
    return *value_;
  }
  const T& value(CallSite where = CallSite::Current()) const& {
    Check("value()", &where);
    return *value_;
  }
  T&& value(CallSite where = CallSite::Current()) && {
    Check("value()", &where);
    return std::move(*value_);
  }
  // value(), spelled out for code that wants the reader to see the abort.
  T& ValueOrDie(CallSite where = CallSite::Current()) & {
    Check("ValueOrDie()", &where);
    return *value_;
  }
  const T& ValueOrDie(CallSite where = CallSite::Current()) const& {
    Check("ValueOrDie()", &where);
    return *value_;
  }
  T&& ValueOrDie(CallSite where = CallSite::Current()) && {
    Check("ValueOrDie()", &where);
    return std::move(*value_);
  }
  // Abort when !ok(), with the status but no caller (an operator cannot take one).
  T* operator->() {
    Check("operator->", nullptr);
    return &*value_;
  }
  const T* operator->() const {
    Check("operator->", nullptr);
    return &*value_;
  }
  T& operator*() & {
    Check("operator*", nullptr);
    return *value_;
  }
  const T& operator*() const& {
    Check("operator*", nullptr);
    return *value_;
  }

  T ValueOr(T fallback) && { return ok() ? std::move(*value_) : std::move(fallback); }

 private:
  void Check(const char* what, const CallSite* where) const {
    if (!ok()) [[unlikely]] detail::DieOnErrorResult(status_, what, where);
  }

  Status status_;
  std::optional<T> value_;
};

}  // namespace parq

#define PARQ_CONCAT_INNER_(a, b) a##b
#define PARQ_CONCAT_(a, b) PARQ_CONCAT_INNER_(a, b)
#define PARQ_ASSIGN_OR_RETURN_IMPL_(tmp, lhs, rexpr) \
  auto tmp = (rexpr);                                \
  if (!tmp.ok()) [[unlikely]] return std::move(tmp).status(); \
  lhs = std::move(tmp).value()

// Evaluates `rexpr` (a Result<T>); on error returns its Status, else assigns the value to `lhs`.
#define PARQ_ASSIGN_OR_RETURN(lhs, rexpr) \
  PARQ_ASSIGN_OR_RETURN_IMPL_(PARQ_CONCAT_(_parq_result_, __LINE__), lhs, rexpr)

#endif  // PARQ_RESULT_H_
