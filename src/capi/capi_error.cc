#include "capi/capi_error.h"

#include <cstring>

namespace parq::capi {

static_assert(PARQ_ERROR_INVALID_ARGUMENT == -static_cast<int>(StatusCode::kInvalidArgument));
static_assert(PARQ_ERROR_CORRUPT == -static_cast<int>(StatusCode::kCorrupt));
static_assert(PARQ_ERROR_UNSUPPORTED == -static_cast<int>(StatusCode::kUnsupported));
static_assert(PARQ_ERROR_IO == -static_cast<int>(StatusCode::kIOError));
static_assert(PARQ_ERROR_LIMIT_EXCEEDED == -static_cast<int>(StatusCode::kLimitExceeded));
static_assert(PARQ_ERROR_INTERNAL == -static_cast<int>(StatusCode::kInternal));

namespace {
constexpr char kNoMemoryForMessage[] = "Out of memory (while keeping an error message)";
}  // namespace

int CodeOf(const Status& status) noexcept { return -static_cast<int>(status.code()); }

int ErrorSlot::Set(int code, std::string_view prefix, std::string_view message) noexcept {
  try {
    message_.assign(prefix);
    message_.append(message);
    text_ = message_.c_str();
  } catch (...) {
    text_ = kNoMemoryForMessage;
  }
  return code;
}

int ErrorSlot::Set(const Status& status) noexcept {
  try {
    return Set(CodeOf(status), status.ToString(), "");
  } catch (...) {  // ToString's allocation
    text_ = kNoMemoryForMessage;
    return CodeOf(status);
  }
}

void CopyMessage(std::string_view message, char* error, size_t error_len) noexcept {
  if (error == nullptr || error_len == 0) return;
  size_t n = message.size() < error_len - 1 ? message.size() : error_len - 1;
  if (n < message.size()) {
    // Cut before the lead byte of a sequence that would be split: back over
    // continuation bytes (10xxxxxx), then over their lead byte.
    size_t i = n;
    while (i > 0 && (static_cast<unsigned char>(message[i]) & 0xC0) == 0x80) --i;
    n = i;
  }
  std::memcpy(error, message.data(), n);
  error[n] = '\0';
}

}  // namespace parq::capi
