// capi/c_api_threads.cc — parallel reads through the C API (parq/c_api.h,
// "Threads"): parq_thread_pool (a shared parq::ThreadPool) and the read
// threads of a parq_reader or parq_dataset (ReadThreads), handed to the
// rows and Arrow streams opened from them (docs/threads.md).
#include <string>

#include "capi/capi_error.h"
#include "capi/capi_handles.h"
#include "parq/c_api.h"
#include "parq/thread_pool.h"

using parq::Status;
using parq::capi::ReadThreads;
using parq::capi::Run;

namespace {

// kInvalidArgument unless 1 <= threads <= ThreadPool::kMaxThreads.
Status CheckThreads(const char* function, int threads) {
  if (threads >= 1 && threads <= parq::ThreadPool::kMaxThreads) return Status::OK();
  return Status::InvalidArgument(std::string(function) + ": " + std::to_string(threads) +
                                 " threads; want 1 to " + std::to_string(parq::ThreadPool::kMaxThreads));
}

// Runs `body` on a handle's error slot; a NULL handle is
// PARQ_ERROR_INVALID_ARGUMENT with no message kept.
template <typename Handle, typename Body>
int With(Handle* h, Body&& body) noexcept {
  if (h == nullptr) return PARQ_ERROR_INVALID_ARGUMENT;
  return Run(&h->error, body);
}

// The latest call wins: a thread count drops the pool given before.
Status SetThreads(const char* function, int threads, ReadThreads* out) {
  PARQ_RETURN_IF_ERROR(CheckThreads(function, threads));
  out->pool = nullptr;
  out->threads = threads;
  return Status::OK();
}

}  // namespace

extern "C" {

parq_thread_pool* parq_thread_pool_make(int threads, char* error, size_t error_len) {
  parq::capi::ErrorSlot slot;
  parq_thread_pool* out = nullptr;
  const int rc = Run(&slot, [&]() -> Status {
    PARQ_RETURN_IF_ERROR(CheckThreads("parq_thread_pool_make", threads));
    auto handle = std::make_unique<parq_thread_pool>();
    PARQ_ASSIGN_OR_RETURN(handle->pool, parq::ThreadPool::Make(threads));
    out = handle.release();
    return Status::OK();
  });
  parq::capi::CopyMessage(rc == PARQ_OK ? "" : slot.text(), error, error_len);
  return out;
}

int parq_thread_pool_size(const parq_thread_pool* pool) {
  return pool == nullptr ? PARQ_ERROR_INVALID_ARGUMENT : pool->pool->size();
}

void parq_thread_pool_free(parq_thread_pool* pool) { delete pool; }

int parq_reader_set_threads(parq_reader* reader, int threads) {
  return With(reader, [&] { return SetThreads("parq_reader_set_threads", threads, &reader->threads); });
}

int parq_reader_set_thread_pool(parq_reader* reader, const parq_thread_pool* pool) {
  return With(reader, [&]() -> Status {
    reader->threads.pool = pool == nullptr ? nullptr : pool->pool;
    return Status::OK();
  });
}

int parq_dataset_set_threads(parq_dataset* dataset, int threads) {
  return With(dataset, [&] { return SetThreads("parq_dataset_set_threads", threads, &dataset->threads); });
}

int parq_dataset_set_thread_pool(parq_dataset* dataset, const parq_thread_pool* pool) {
  return With(dataset, [&]() -> Status {
    dataset->threads.pool = pool == nullptr ? nullptr : pool->pool;
    return Status::OK();
  });
}

}  // extern "C"
