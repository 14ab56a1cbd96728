// capi/capi_error.h — the C API's boundary: parq::Status and C++ exceptions
// turned into the PARQ_ERROR_* codes of parq/c_api.h and a message kept for
// the caller.
//
// Every exported function runs its body through Run(), so that nothing
// thrown inside (std::bad_alloc above all) crosses into C.  Keeping a message
// allocates; when that fails the slot points at a static text instead, so
// reporting an error never throws either.
//
// Thread-safety: an ErrorSlot belongs to one handle, used by one thread at a time.
#ifndef PARQ_CAPI_CAPI_ERROR_H_
#define PARQ_CAPI_CAPI_ERROR_H_

#include <cstddef>
#include <exception>
#include <new>
#include <string>
#include <string_view>

#include "parq/c_api.h"
#include "parq/status.h"

namespace parq::capi {

// PARQ_OK for an OK status, else the negated StatusCode.
int CodeOf(const Status& status) noexcept;

// The latest error of one handle.
class ErrorSlot {
 public:
  // Keeps prefix + message; returns `code`.
  int Set(int code, std::string_view prefix, std::string_view message) noexcept;
  // Keeps status.ToString(); returns CodeOf(status).
  int Set(const Status& status) noexcept;
  // "" until an error is kept.
  const char* text() const noexcept { return text_; }

 private:
  std::string message_;
  const char* text_ = "";
};

// Copies `message` into error[0..error_len), NUL-terminated, cut before a
// UTF-8 sequence that does not fit whole.  Nothing when error is NULL or
// error_len is 0.
void CopyMessage(std::string_view message, char* error, size_t error_len) noexcept;

// Runs `body` (returning Status) and returns PARQ_OK or the error's code with
// its message in *slot; an exception is PARQ_ERROR_OUT_OF_MEMORY
// (std::bad_alloc) or PARQ_ERROR_INTERNAL (anything else).
template <typename Body>
int Run(ErrorSlot* slot, Body&& body) noexcept {
  try {
    Status st = body();
    return st.ok() ? PARQ_OK : slot->Set(st);
  } catch (const std::bad_alloc&) {
    return slot->Set(PARQ_ERROR_OUT_OF_MEMORY, "Out of memory", "");
  } catch (const std::exception& e) {
    return slot->Set(PARQ_ERROR_INTERNAL, "Internal: C++ exception: ", e.what());
  } catch (...) {
    return slot->Set(PARQ_ERROR_INTERNAL, "Internal: unknown C++ exception", "");
  }
}

// kInvalidArgument "<function>: <what> is NULL" unless p is set.
inline Status NotNull(const void* p, const char* function, const char* what) {
  if (p != nullptr) return Status::OK();
  return Status::InvalidArgument(std::string(function) + ": " + what + " is NULL");
}

}  // namespace parq::capi

#endif  // PARQ_CAPI_CAPI_ERROR_H_
