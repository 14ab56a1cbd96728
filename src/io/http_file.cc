// HttpFile: RandomAccessFile over HTTP(S) range requests (parq/http_file.h).
#include "parq/http_file.h"

#include <curl/curl.h>

#include <algorithm>
#include <chrono>
#include <cstring>
#include <mutex>
#include <thread>
#include <vector>

namespace parq {

bool IsHttpUrl(const std::string& path) {
  auto starts = [&](const char* p) {
    const size_t n = std::strlen(p);
    return path.size() > n && strncasecmp(path.c_str(), p, n) == 0;
  };
  return starts("http://") || starts("https://");
}

namespace {

// The body goes straight into the caller's buffer; bytes beyond `cap` are
// never written (the transfer is aborted and `overflow` set).
struct Sink {
  uint8_t* out = nullptr;
  uint64_t cap = 0;
  uint64_t got = 0;
  bool overflow = false;
};

size_t WriteBody(char* data, size_t size, size_t nmemb, void* user) {
  auto* s = static_cast<Sink*>(user);
  const uint64_t n = static_cast<uint64_t>(size) * nmemb;
  if (n > s->cap - s->got) {
    s->overflow = true;
    return 0;  // aborts with CURLE_WRITE_ERROR
  }
  std::memcpy(s->out + s->got, data, n);
  s->got += n;
  return n;
}

// The Content-Range header of the last response (redirects reset it).
size_t ReadHeader(char* data, size_t size, size_t nmemb, void* user) {
  auto* content_range = static_cast<std::string*>(user);
  const size_t n = size * nmemb;
  std::string_view line(data, n);
  if (line.starts_with("HTTP/")) content_range->clear();
  constexpr std::string_view kName = "content-range:";
  if (line.size() > kName.size() && strncasecmp(line.data(), kName.data(), kName.size()) == 0) {
    line.remove_prefix(kName.size());
    while (!line.empty() && (line.front() == ' ' || line.front() == '\t')) line.remove_prefix(1);
    while (!line.empty() && (line.back() == '\r' || line.back() == '\n' || line.back() == ' ')) line.remove_suffix(1);
    content_range->assign(line);
  }
  return n;
}

struct ContentRange {
  bool has_range = false;  // false for "bytes */total"
  uint64_t first = 0, last = 0;
  bool has_total = false;  // false for "bytes a-b/*"
  uint64_t total = 0;
};

bool ParseUint(std::string_view s, uint64_t* out) {
  if (s.empty() || s.size() > 19) return false;
  uint64_t v = 0;
  for (char c : s) {
    if (c < '0' || c > '9') return false;
    v = v * 10 + static_cast<uint64_t>(c - '0');
  }
  *out = v;
  return true;
}

// "bytes a-b/total", "bytes */total" or "bytes a-b/*".
bool ParseContentRange(std::string_view s, ContentRange* cr) {
  if (!s.starts_with("bytes ")) return false;
  s.remove_prefix(6);
  const size_t slash = s.find('/');
  if (slash == std::string_view::npos) return false;
  std::string_view range = s.substr(0, slash), total = s.substr(slash + 1);
  if (range != "*") {
    const size_t dash = range.find('-');
    if (dash == std::string_view::npos || !ParseUint(range.substr(0, dash), &cr->first) ||
        !ParseUint(range.substr(dash + 1), &cr->last) || cr->last < cr->first) {
      return false;
    }
    cr->has_range = true;
  }
  if (total != "*") {
    if (!ParseUint(total, &cr->total)) return false;
    cr->has_total = true;
  }
  return cr->has_range || cr->has_total;
}

bool Retriable(CURLcode c) {
  switch (c) {
    case CURLE_COULDNT_CONNECT:
    case CURLE_OPERATION_TIMEDOUT:
    case CURLE_SEND_ERROR:
    case CURLE_RECV_ERROR:
    case CURLE_GOT_NOTHING:
    case CURLE_PARTIAL_FILE:
    case CURLE_SSL_CONNECT_ERROR:
    case CURLE_HTTP2:
    case CURLE_HTTP2_STREAM:
      return true;
    default:
      return false;
  }
}

void GlobalInit() {
  static std::once_flag once;
  std::call_once(once, [] { curl_global_init(CURL_GLOBAL_DEFAULT); });
}

// One request's outcome: done (ok or a final error), or worth another try.
struct Attempt {
  Status status;
  bool retry = false;
};

class HttpFile final : public RandomAccessFile {
 public:
  HttpFile(std::string url, HttpOptions options) : url_(std::move(url)), options_(options) {}
  ~HttpFile() override {
    for (CURL* h : pool_) curl_easy_cleanup(h);
  }

  uint64_t size() const override { return size_; }
  const std::string& name() const override { return url_; }

  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    PARQ_RETURN_IF_ERROR(CheckRange(offset, length));
    if (length == 0) return Status::OK();
    return WithRetries("GET of " + RangeText(offset, length), [&](CURL* h) {
      return Get(h, offset, length, out);
    });
  }

  // Learns the size: HEAD, else the total of a one-byte range.
  Status Init() {
    GlobalInit();
    uint64_t size = 0;
    bool known = false;
    PARQ_RETURN_IF_ERROR(WithRetries("HEAD", [&](CURL* h) { return Head(h, &size, &known); }));
    if (!known) {
      PARQ_RETURN_IF_ERROR(WithRetries("GET of bytes 0-0", [&](CURL* h) { return Probe(h, &size); }));
    }
    size_ = size;
    return Status::OK();
  }

 private:
  static std::string RangeText(uint64_t offset, uint64_t length) {
    return "bytes " + std::to_string(offset) + "-" + std::to_string(offset + length - 1);
  }
  std::string Where(const std::string& what) const { return "HTTP " + what + " of '" + url_ + "'"; }

  template <typename F>
  Status WithRetries(const std::string& what, F&& attempt) const {
    CURL* h = Acquire();
    if (h == nullptr) return Status::IOError(Where(what) + ": cannot create a curl handle");
    int64_t backoff = options_.initial_backoff_ms;
    Attempt a;
    for (int i = 0;; ++i) {
      a = attempt(h);
      if (!a.retry || i >= options_.max_retries) break;
      std::this_thread::sleep_for(std::chrono::milliseconds(backoff));
      backoff = std::min<int64_t>(backoff * 2, options_.max_backoff_ms);
    }
    Release(h);
    if (a.status.ok()) return a.status;
    std::string msg = Where(what) + ": " + a.status.message();
    if (a.retry) msg += " (gave up after " + std::to_string(options_.max_retries + 1) + " attempts)";
    return Status(a.status.code(), std::move(msg));
  }

  // Sets the options every request shares; the caller adds its own.
  void Prepare(CURL* h, Sink* sink, std::string* content_range, char* errbuf) const {
    curl_easy_reset(h);
    curl_easy_setopt(h, CURLOPT_URL, url_.c_str());
    curl_easy_setopt(h, CURLOPT_NOSIGNAL, 1L);
    curl_easy_setopt(h, CURLOPT_FOLLOWLOCATION, 1L);
    curl_easy_setopt(h, CURLOPT_MAXREDIRS, 10L);
    curl_easy_setopt(h, CURLOPT_CONNECTTIMEOUT_MS, static_cast<long>(options_.connect_timeout_ms));
    curl_easy_setopt(h, CURLOPT_TIMEOUT_MS, static_cast<long>(options_.request_timeout_ms));
    curl_easy_setopt(h, CURLOPT_SSL_VERIFYPEER, options_.verify_tls ? 1L : 0L);
    curl_easy_setopt(h, CURLOPT_SSL_VERIFYHOST, options_.verify_tls ? 2L : 0L);
    if (!options_.ca_file.empty()) curl_easy_setopt(h, CURLOPT_CAINFO, options_.ca_file.c_str());
    curl_easy_setopt(h, CURLOPT_WRITEFUNCTION, WriteBody);
    curl_easy_setopt(h, CURLOPT_WRITEDATA, sink);
    curl_easy_setopt(h, CURLOPT_HEADERFUNCTION, ReadHeader);
    curl_easy_setopt(h, CURLOPT_HEADERDATA, content_range);
    curl_easy_setopt(h, CURLOPT_ERRORBUFFER, errbuf);
    errbuf[0] = '\0';
  }

  // A failed transfer or a 5xx as an Attempt; ok (not done) otherwise.
  static Attempt Transport(CURLcode rc, const char* errbuf, long code) {
    if (rc != CURLE_OK) {
      return {Status::IOError(std::string(errbuf[0] ? errbuf : curl_easy_strerror(rc))), Retriable(rc)};
    }
    if (code >= 500) return {Status::IOError("server answered " + std::to_string(code)), true};
    return {};
  }

  Attempt Head(CURL* h, uint64_t* size, bool* known) const {
    Sink sink;
    std::string content_range;
    char errbuf[CURL_ERROR_SIZE];
    Prepare(h, &sink, &content_range, errbuf);
    curl_easy_setopt(h, CURLOPT_NOBODY, 1L);
    const CURLcode rc = curl_easy_perform(h);
    long code = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
    if (Attempt a = Transport(rc, errbuf, code); !a.status.ok()) return a;
    curl_off_t length = -1;
    curl_easy_getinfo(h, CURLINFO_CONTENT_LENGTH_DOWNLOAD_T, &length);
    if (code == 200 && length >= 0) {
      *size = static_cast<uint64_t>(length);
      *known = true;
      return {};
    }
    // No HEAD, or no length: the first range tells.  A missing file is final.
    if (code == 404 || code == 401 || code == 403 || code == 410) {
      return {Status::IOError("server answered " + std::to_string(code)), false};
    }
    *known = false;
    return {};
  }

  Attempt Probe(CURL* h, uint64_t* size) const {
    uint8_t byte = 0;
    Sink sink{&byte, 1};
    std::string content_range;
    char errbuf[CURL_ERROR_SIZE];
    Prepare(h, &sink, &content_range, errbuf);
    curl_easy_setopt(h, CURLOPT_RANGE, "0-0");
    const CURLcode rc = curl_easy_perform(h);
    long code = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
    if (sink.overflow) {
      return {Status::IOError("server answered a one-byte range with a longer body (" + std::to_string(code) +
                              "): range requests are needed"),
              false};
    }
    if (Attempt a = Transport(rc, errbuf, code); !a.status.ok()) return a;
    ContentRange cr;
    if ((code == 206 || code == 416) && ParseContentRange(content_range, &cr) && cr.has_total) {
      *size = cr.total;
      return {};
    }
    if (code == 200 && sink.got <= 1) {  // a file of 0 or 1 byte, sent whole
      *size = sink.got;
      return {};
    }
    return {Status::IOError("no size: server answered " + std::to_string(code) + " without a Content-Range total"),
            false};
  }

  Attempt Get(CURL* h, uint64_t offset, uint64_t length, uint8_t* out) const {
    Sink sink{out, length};
    std::string content_range;
    char errbuf[CURL_ERROR_SIZE];
    Prepare(h, &sink, &content_range, errbuf);
    const std::string range = std::to_string(offset) + "-" + std::to_string(offset + length - 1);
    curl_easy_setopt(h, CURLOPT_RANGE, range.c_str());
    const CURLcode rc = curl_easy_perform(h);
    long code = 0;
    curl_easy_getinfo(h, CURLINFO_RESPONSE_CODE, &code);
    if (sink.overflow) {
      return {Status::IOError("body longer than the " + std::to_string(length) + " bytes asked (answer " +
                              std::to_string(code) + ")"),
              false};
    }
    if (Attempt a = Transport(rc, errbuf, code); !a.status.ok()) return a;
    if (code == 200) {
      // The whole body: right only when the whole file was asked.
      if (offset != 0 || length != size_) {
        return {Status::IOError("server answered a range request with the whole file (200)"), false};
      }
    } else if (code == 206) {
      ContentRange cr;
      if (!ParseContentRange(content_range, &cr) || !cr.has_range) {
        return {Status::IOError("206 with a missing or bad Content-Range '" + content_range + "'"), false};
      }
      if (cr.first != offset || cr.last != offset + length - 1) {
        return {Status::IOError("206 with Content-Range '" + content_range + "', not the range asked"), false};
      }
      if (cr.has_total && cr.total != size_) {
        return {Status::IOError("Content-Range '" + content_range + "' gives a size of " + std::to_string(cr.total) +
                                " bytes, not the " + std::to_string(size_) +
                                " bytes learnt at open: the file changed or the server is inconsistent"),
                false};
      }
    } else {
      return {Status::IOError("server answered " + std::to_string(code)), false};
    }
    if (sink.got != length) {
      return {Status::IOError("body of " + std::to_string(sink.got) + " bytes, shorter than the " +
                              std::to_string(length) + " bytes asked"),
              false};
    }
    return {};
  }

  CURL* Acquire() const {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (!pool_.empty()) {
        CURL* h = pool_.back();
        pool_.pop_back();
        return h;
      }
    }
    return curl_easy_init();
  }
  void Release(CURL* h) const {
    {
      std::lock_guard<std::mutex> lock(mu_);
      if (pool_.size() < static_cast<size_t>(std::max(options_.pool_size, 0))) {
        pool_.push_back(h);
        return;
      }
    }
    curl_easy_cleanup(h);
  }

  std::string url_;
  HttpOptions options_;
  uint64_t size_ = 0;
  mutable std::mutex mu_;
  mutable std::vector<CURL*> pool_;  // idle handles, under mu_
};

}  // namespace

Result<std::unique_ptr<RandomAccessFile>> OpenHttpFile(const std::string& url, const HttpOptions& options) {
  if (!IsHttpUrl(url)) return Status::InvalidArgument("'" + url + "' is not an http:// or https:// URL");
  auto file = std::make_unique<HttpFile>(url, options);
  PARQ_RETURN_IF_ERROR(file->Init());
  return std::unique_ptr<RandomAccessFile>(std::move(file));
}

}  // namespace parq
