// parq/http_file.h — a RandomAccessFile over HTTP(S) range requests (libcurl).
//
// OpenHttpFile(url) learns the size with a HEAD (Content-Length) or, when the
// server answers HEAD without one, from the Content-Range total of a first
// one-byte GET.  Each ReadAt is one GET with "Range: bytes=a-b"; the answer
// must be 206 with the Content-Range asked for and the size known, and a body
// of exactly the bytes asked (200 is accepted only when the range is the
// whole file).  Anything else is an error naming the URL and the range: a
// body longer than asked is cut off, never written past `out`; a server whose
// size changes is caught by the Content-Range total.  5xx answers, refused or
// reset connections, bodies cut short by the connection and timeouts are
// retried, up to `max_retries` times, with exponential backoff.  The limits of
// every RandomAccessFile hold: a read outside [0, size) fails before any I/O.
//
// Coalescing is not done here: FileReader's PreBuffer (src/io/coalesced_read.h)
// already merges a row group's column chunks into few large reads, each one
// GET.
//
// Thread-safety: ReadAt may be called from many threads at once.  The file
// keeps a small pool of curl easy handles (kept between reads, so that their
// connections are reused); a read takes one from the pool, or makes one when
// the pool is empty, and gives it back after.
#ifndef PARQ_HTTP_FILE_H_
#define PARQ_HTTP_FILE_H_

#include <cstdint>
#include <memory>
#include <string>

#include "parq/io.h"
#include "parq/result.h"

namespace parq {

struct HttpOptions {
  // Retries after the first attempt of a request (HEAD or GET) that failed in
  // a way worth retrying (5xx, connection refused or reset, a body cut short,
  // a timeout).  0: no retry.
  int max_retries = 5;
  // The wait before the first retry; it doubles each retry, up to
  // max_backoff_ms.
  int initial_backoff_ms = 100;
  int max_backoff_ms = 5000;
  // Limits of one request: connecting, and the whole transfer.
  int connect_timeout_ms = 10000;
  int request_timeout_ms = 60000;
  // Handles kept for reuse between reads (more may exist while many threads read).
  int pool_size = 8;
  // Verify the server's TLS certificate and name (https).
  bool verify_tls = true;
  // A PEM file of the CA certificates to trust (https) instead of the
  // system's store: a private CA, a test's self-signed one.  Empty: the
  // system's.  Verification stays on (verify_tls).
  std::string ca_file;
};

// True when `path` starts with "http://" or "https://" (case-insensitive).
bool IsHttpUrl(const std::string& path);

// The file at `url`; its size is learnt here.  Fails with kIOError when the
// server cannot be reached, answers an error, or gives no size.
Result<std::unique_ptr<RandomAccessFile>> OpenHttpFile(const std::string& url,
                                                       const HttpOptions& options = {});

}  // namespace parq

#endif  // PARQ_HTTP_FILE_H_
