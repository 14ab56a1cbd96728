// Servers for the HTTP tests, both on a free loopback port:
//  - NginxServer: a real nginx (Debian nginx-light) started from the test
//    with its own config, pid file and logs in a temporary directory, serving
//    one directory; stopped (and the directory removed) by the destructor.
//  - ScriptedServer: an in-process server (one thread, plain sockets) that
//    hands each request to a handler, which says what bytes to send back
//    before the connection is closed: anything from a correct answer to a
//    503, a dropped connection or a lie.  One request per connection.
// Neither is thread-safe to configure; ScriptedServer's handler runs on the
// server thread.
#ifndef PARQ_TESTS_HTTP_HTTP_SERVERS_UTIL_H_
#define PARQ_TESTS_HTTP_HTTP_SERVERS_UTIL_H_

#include <sys/types.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <thread>
#include <utility>
#include <vector>

namespace parq::http_test {

// A certificate and its key for nginx's TLS (PEM files).
struct TlsFiles {
  std::string certificate, key;
};

class NginxServer {
 public:
  // Starts nginx serving `root` (over TLS with `tls`); on failure (no
  // nginx, no start) returns false with the reason in `*why`.
  bool Start(const std::string& root, std::string* why, const TlsFiles* tls = nullptr);
  // A started server, or null with the reason in `*why`: a test suite's
  // SetUpTestSuite keeps it and its tests skip when it is null.
  static std::unique_ptr<NginxServer> StartOrNull(const std::string& root, std::string* why,
                                                  const TlsFiles* tls = nullptr);
  ~NginxServer();
  int port() const { return port_; }
  // http:// (https:// with TLS) 127.0.0.1:port/name.
  std::string Url(const std::string& name) const;
  // Requests answered so far (lines of the access log).
  int Requests() const;
  // The same after a moment: nginx logs a request after answering it.
  int LoggedRequests() const;
  // The byte ranges (first, last) of the range GETs of `name` answered so
  // far, in order.
  std::vector<std::pair<uint64_t, uint64_t>> Ranges(const std::string& name) const;
  // The same after a moment (the last requests logged).
  std::vector<std::pair<uint64_t, uint64_t>> LoggedRanges(const std::string& name) const;

 private:
  std::string dir_;
  pid_t pid_ = -1;
  int port_ = 0;
  bool tls_ = false;
};

// A test CA and a server certificate it signs for 127.0.0.1 and localhost
// (P-256 keys, valid one day), made in `dir` with the openssl command:
// dir/ca.pem (what a client trusts), dir/server.pem and dir/server.key
// (nginx's).  False with the reason in `*why` when openssl is missing or fails.
bool MakeTestCertificates(const std::string& dir, TlsFiles* server, std::string* ca_file, std::string* why);

struct Request {
  std::string method;  // "GET", "HEAD"
  bool has_range = false;
  uint64_t first = 0, last = 0;  // "Range: bytes=first-last"
};

class ScriptedServer {
 public:
  // Returns the bytes to send (status line, headers, body), then the
  // connection is closed; empty: closed without an answer.
  using Handler = std::function<std::string(const Request&)>;
  explicit ScriptedServer(Handler handler);
  ~ScriptedServer();
  std::string Url() const { return "http://127.0.0.1:" + std::to_string(port_) + "/file.parquet"; }
  int requests() const { return requests_.load(); }

 private:
  void Serve();
  Handler handler_;
  int listen_fd_ = -1;
  int port_ = 0;
  std::atomic<bool> stop_{false};
  std::atomic<int> requests_{0};
  std::thread thread_;
};

// An honest answer to `r` from `body`, with `claimed_size` in place of the
// body's size in Content-Length (HEAD) and the Content-Range total (GET).
// A range past the end gets the bytes there are (perhaps none).
std::string RangeAnswer(const std::string& body, const Request& r, uint64_t claimed_size);
std::string RangeAnswer(const std::string& body, const Request& r);
// A status line with no body, e.g. Status(503, "Service Unavailable").
std::string StatusAnswer(int code, const std::string& reason);

}  // namespace parq::http_test

#endif  // PARQ_TESTS_HTTP_HTTP_SERVERS_UTIL_H_
