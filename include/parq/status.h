// parq/status.h — the error value every fallible parq call returns.
//
// A Status is either OK or carries a code, a message, and a context chain that
// callers add to while the error propagates outward (the page, then the column
// path, then the row group, then the file offset...).  An OK Status is a single
// null pointer, so returning one is as cheap as returning a bool.
//
// Thread-safety: a Status is a value; distinct objects may be used from
// distinct threads freely.  Copying an error Status copies its state.
#ifndef PARQ_STATUS_H_
#define PARQ_STATUS_H_

#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <utility>
#include <vector>

namespace parq {

enum class StatusCode : uint8_t {
  kOk = 0,
  kInvalidArgument,  // the caller passed something wrong
  kCorrupt,          // the bytes of a file are not valid Parquet
  kUnsupported,      // valid, but a feature parq does not implement
  kIOError,          // the operating system failed a read or write
  kLimitExceeded,    // a ReaderOptions / WriterOptions bound was hit
  kInternal,         // a bug in parq
};

std::string_view StatusCodeName(StatusCode code);

class [[nodiscard]] Status {
 public:
  Status() noexcept = default;
  Status(StatusCode code, std::string message);
  Status(const Status& other);
  Status& operator=(const Status& other);
  Status(Status&&) noexcept = default;
  Status& operator=(Status&&) noexcept = default;
  ~Status() = default;

  static Status OK() { return Status(); }
  static Status InvalidArgument(std::string msg) { return {StatusCode::kInvalidArgument, std::move(msg)}; }
  static Status Corrupt(std::string msg) { return {StatusCode::kCorrupt, std::move(msg)}; }
  static Status Unsupported(std::string msg) { return {StatusCode::kUnsupported, std::move(msg)}; }
  static Status IOError(std::string msg) { return {StatusCode::kIOError, std::move(msg)}; }
  static Status LimitExceeded(std::string msg) { return {StatusCode::kLimitExceeded, std::move(msg)}; }
  static Status Internal(std::string msg) { return {StatusCode::kInternal, std::move(msg)}; }

  bool ok() const { return state_ == nullptr; }
  StatusCode code() const { return state_ ? state_->code : StatusCode::kOk; }
  // The message without context; empty for OK.
  const std::string& message() const;
  // Context frames, innermost first, each like "column 'a.b'" or "file offset 1234".
  const std::vector<std::string>& context() const;

  // Adds one frame of context (no-op on OK).  Returns *this so that
  // `return st.WithContext(...)` reads naturally.
  Status& AddContext(std::string frame) &;
  Status&& AddContext(std::string frame) &&;
  // An offset as the file stored it: a negative one (a forged footer's) is
  // printed as such, not as its two's complement.
  Status&& WithFileOffset(uint64_t offset) &&;
  Status&& WithFileOffset(int64_t offset) &&;
  Status&& WithColumn(std::string_view dotted_path) &&;
  Status&& WithRowGroup(int64_t index) &&;
  Status&& WithPage(int64_t index) &&;

  // "Corrupt: message (page 3, column 'a.b', row group 0)".
  std::string ToString() const;

 private:
  struct State {
    StatusCode code;
    std::string message;
    std::vector<std::string> context;
  };
  std::unique_ptr<State> state_;
};

}  // namespace parq

// Evaluates `expr` (a Status) and returns it from the enclosing function if it is an error.
#define PARQ_RETURN_IF_ERROR(expr)                 \
  do {                                             \
    ::parq::Status _parq_st = (expr);              \
    if (!_parq_st.ok()) [[unlikely]] return _parq_st; \
  } while (0)

// Like PARQ_RETURN_IF_ERROR, adding one context frame on the way out.
#define PARQ_RETURN_IF_ERROR_CTX(expr, frame)                         \
  do {                                                                \
    ::parq::Status _parq_st = (expr);                                 \
    if (!_parq_st.ok()) [[unlikely]] return std::move(_parq_st).AddContext(frame); \
  } while (0)

#endif  // PARQ_STATUS_H_
