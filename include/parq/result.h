// parq/result.h — Result<T>: either a value or an error Status.
//
//   Result<FileReader> r = FileReader::Open(...);
//   if (!r.ok()) return r.status();
//   FileReader reader = std::move(r).value();
//
// or inside a function returning Status / Result:
//   PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(...));
//
// REQUIRES: value() only on an ok() Result; a Result is never built from an OK Status.
#ifndef PARQ_RESULT_H_
#define PARQ_RESULT_H_

#include <cstdlib>
#include <optional>
#include <utility>

#include "parq/status.h"

namespace parq {

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

  T& value() & { return *value_; }
  const T& value() const& { return *value_; }
  T&& value() && { return std::move(*value_); }
  T* operator->() { return &*value_; }
  const T* operator->() const { return &*value_; }
  T& operator*() & { return *value_; }
  const T& operator*() const& { return *value_; }

  T ValueOr(T fallback) && { return ok() ? std::move(*value_) : std::move(fallback); }

 private:
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
