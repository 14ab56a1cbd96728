#include "http/http_servers_util.h"

#include <arpa/inet.h>
#include <netinet/in.h>
#include <poll.h>
#include <signal.h>
#include <sys/socket.h>
#include <sys/wait.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cinttypes>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <filesystem>
#include <fstream>
#include <vector>

namespace parq::http_test {

namespace fs = std::filesystem;

namespace {

// A loopback socket bound to a free port (port 0), or -1.
int BindLoopback(int* port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return -1;
  const int one = 1;
  ::setsockopt(fd, SOL_SOCKET, SO_REUSEADDR, &one, sizeof one);
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  socklen_t len = sizeof addr;
  if (::bind(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) != 0 ||
      ::getsockname(fd, reinterpret_cast<sockaddr*>(&addr), &len) != 0) {
    ::close(fd);
    return -1;
  }
  *port = ntohs(addr.sin_port);
  return fd;
}

bool CanConnect(int port) {
  const int fd = ::socket(AF_INET, SOCK_STREAM | SOCK_CLOEXEC, 0);
  if (fd < 0) return false;
  sockaddr_in addr{};
  addr.sin_family = AF_INET;
  addr.sin_addr.s_addr = htonl(INADDR_LOOPBACK);
  addr.sin_port = htons(static_cast<uint16_t>(port));
  const bool ok = ::connect(fd, reinterpret_cast<sockaddr*>(&addr), sizeof addr) == 0;
  ::close(fd);
  return ok;
}

std::string FindNginx() {
  for (const char* p : {"/usr/sbin/nginx", "/usr/local/sbin/nginx", "/usr/bin/nginx"}) {
    if (::access(p, X_OK) == 0) return p;
  }
  return "";
}

void SendAll(int fd, const std::string& s) {
  size_t done = 0;
  while (done < s.size()) {
    const ssize_t n = ::send(fd, s.data() + done, s.size() - done, MSG_NOSIGNAL);
    if (n <= 0) return;
    done += static_cast<size_t>(n);
  }
}

// Reads the request head (up to the blank line) and parses what we need.
bool ReadRequest(int fd, Request* r) {
  std::string head;
  char buf[4096];
  while (head.find("\r\n\r\n") == std::string::npos) {
    const ssize_t n = ::recv(fd, buf, sizeof buf, 0);
    if (n <= 0 || head.size() > (1u << 16)) return false;
    head.append(buf, static_cast<size_t>(n));
  }
  r->method = head.substr(0, head.find(' '));
  std::string lower = head;
  std::transform(lower.begin(), lower.end(), lower.begin(), [](unsigned char c) { return std::tolower(c); });
  const size_t at = lower.find("\r\nrange: bytes=");
  if (at != std::string::npos) {
    const char* p = head.c_str() + at + std::strlen("\r\nrange: bytes=");
    char* end = nullptr;
    r->first = std::strtoull(p, &end, 10);
    if (*end == '-') {
      r->last = std::strtoull(end + 1, nullptr, 10);
      r->has_range = true;
    }
  }
  return true;
}

}  // namespace

bool NginxServer::Start(const std::string& root, std::string* why, const TlsFiles* tls) {
  tls_ = tls != nullptr;
  const std::string nginx = FindNginx();
  if (nginx.empty()) {
    *why = "nginx is not installed (Debian nginx-light; scripts/install-deps.sh installs it)";
    return false;
  }
  char tmpl[] = "/tmp/parq-nginx-XXXXXX";
  if (::mkdtemp(tmpl) == nullptr) {
    *why = std::string("mkdtemp: ") + std::strerror(errno);
    return false;
  }
  dir_ = tmpl;
  // The port: free when asked; nginx binds it a moment later.
  const int probe = BindLoopback(&port_);
  if (probe < 0) {
    *why = "no free loopback port";
    return false;
  }
  ::close(probe);
  std::ofstream conf(dir_ + "/nginx.conf");
  if (::geteuid() == 0) conf << "user root root;\n";  // workers read what the test reads
  conf << "worker_processes 1;\n"
       << "pid " << dir_ << "/nginx.pid;\n"
       << "error_log " << dir_ << "/error.log;\n"
       << "events { worker_connections 64; }\n"
       << "http {\n"
       << "  log_format parq '$request_method $uri $http_range';\n"
       << "  access_log " << dir_ << "/access.log parq;\n";
  for (const char* t : {"client_body", "proxy", "fastcgi", "uwsgi", "scgi"}) {
    conf << "  " << t << "_temp_path " << dir_ << "/" << t << ";\n";
  }
  conf << "  server {\n"
       << "    listen 127.0.0.1:" << port_ << (tls ? " ssl" : "") << ";\n"
       << "    root " << root << ";\n";
  if (tls) {
    conf << "    ssl_certificate " << tls->certificate << ";\n"
         << "    ssl_certificate_key " << tls->key << ";\n";
  }
  conf << "  }\n"
       << "}\n";
  conf.close();
  const pid_t pid = ::fork();
  if (pid < 0) {
    *why = std::string("fork: ") + std::strerror(errno);
    return false;
  }
  if (pid == 0) {
    const std::string conf_path = dir_ + "/nginx.conf", err_path = dir_ + "/error.log";
    ::execl(nginx.c_str(), nginx.c_str(), "-p", dir_.c_str(), "-c", conf_path.c_str(), "-e", err_path.c_str(),
            "-g", "daemon off;", static_cast<char*>(nullptr));
    ::_exit(127);
  }
  pid_ = pid;
  const auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(10);
  while (std::chrono::steady_clock::now() < deadline) {
    if (CanConnect(port_)) return true;
    int status = 0;
    if (::waitpid(pid_, &status, WNOHANG) == pid_) {
      pid_ = -1;
      std::ifstream log(dir_ + "/error.log");
      std::string text((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
      *why = "nginx exited at start: " + text;
      return false;
    }
    std::this_thread::sleep_for(std::chrono::milliseconds(20));
  }
  *why = "nginx did not listen on port " + std::to_string(port_) + " within 10 s";
  return false;
}

NginxServer::~NginxServer() {
  if (pid_ > 0) {
    ::kill(pid_, SIGTERM);  // fast shutdown; the master stops its worker
    int status = 0;
    ::waitpid(pid_, &status, 0);
  }
  if (!dir_.empty()) {
    std::error_code ec;
    fs::remove_all(dir_, ec);
  }
}

std::string NginxServer::Url(const std::string& name) const {
  return (tls_ ? "https" : "http") + std::string("://127.0.0.1:") + std::to_string(port_) + "/" + name;
}

std::unique_ptr<NginxServer> NginxServer::StartOrNull(const std::string& root, std::string* why,
                                                      const TlsFiles* tls) {
  auto server = std::make_unique<NginxServer>();
  if (!server->Start(root, why, tls)) return nullptr;
  return server;
}

// nginx logs a request after answering it: a moment for the last ones.
int NginxServer::LoggedRequests() const {
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  return Requests();
}

std::vector<std::pair<uint64_t, uint64_t>> NginxServer::LoggedRanges(const std::string& name) const {
  std::this_thread::sleep_for(std::chrono::milliseconds(200));
  return Ranges(name);
}

int NginxServer::Requests() const {
  std::ifstream log(dir_ + "/access.log");
  int n = 0;
  for (std::string line; std::getline(log, line);) ++n;
  return n;
}

std::vector<std::pair<uint64_t, uint64_t>> NginxServer::Ranges(const std::string& name) const {
  std::ifstream log(dir_ + "/access.log");
  std::vector<std::pair<uint64_t, uint64_t>> out;
  const std::string prefix = "GET /" + name + " bytes=";
  for (std::string line; std::getline(log, line);) {
    if (!line.starts_with(prefix)) continue;
    uint64_t first = 0, last = 0;
    if (std::sscanf(line.c_str() + prefix.size(), "%" SCNu64 "-%" SCNu64, &first, &last) == 2) {
      out.emplace_back(first, last);
    }
  }
  return out;
}

bool MakeTestCertificates(const std::string& dir, TlsFiles* server, std::string* ca_file, std::string* why) {
  if (std::system("command -v openssl >/dev/null 2>&1") != 0) {
    *why = "the openssl command is not installed";
    return false;
  }
  std::ofstream(dir + "/server.ext") << "subjectAltName = IP:127.0.0.1, DNS:localhost\n"
                                     << "basicConstraints = CA:FALSE\n"
                                     << "extendedKeyUsage = serverAuth\n";
  const std::string q = "'" + dir + "'";
  const std::string key = " -newkey ec -pkeyopt ec_paramgen_curve:prime256v1 -nodes";
  const std::string script =
      "cd " + q + " && openssl req -x509" + key + " -keyout ca.key -out ca.pem -days 1 -subj /CN=parq-test-ca" +
      " && openssl req" + key + " -keyout server.key -out server.csr -subj /CN=127.0.0.1" +
      " && openssl x509 -req -in server.csr -CA ca.pem -CAkey ca.key -CAcreateserial -out server.pem -days 1" +
      " -extfile server.ext";
  if (std::system((script + " >openssl.log 2>&1").c_str()) != 0) {
    std::ifstream log(dir + "/openssl.log");
    *why = "openssl failed: " + std::string((std::istreambuf_iterator<char>(log)), std::istreambuf_iterator<char>());
    return false;
  }
  server->certificate = dir + "/server.pem";
  server->key = dir + "/server.key";
  *ca_file = dir + "/ca.pem";
  return true;
}

ScriptedServer::ScriptedServer(Handler handler) : handler_(std::move(handler)) {
  listen_fd_ = BindLoopback(&port_);
  if (listen_fd_ >= 0) ::listen(listen_fd_, 64);
  thread_ = std::thread([this] { Serve(); });
}

ScriptedServer::~ScriptedServer() {
  stop_ = true;
  thread_.join();
  if (listen_fd_ >= 0) ::close(listen_fd_);
}

void ScriptedServer::Serve() {
  while (!stop_ && listen_fd_ >= 0) {
    pollfd p{listen_fd_, POLLIN, 0};
    if (::poll(&p, 1, 50) <= 0) continue;
    const int fd = ::accept4(listen_fd_, nullptr, nullptr, SOCK_CLOEXEC);
    if (fd < 0) continue;
    Request r;
    if (ReadRequest(fd, &r)) {
      ++requests_;
      SendAll(fd, handler_(r));
    }
    ::close(fd);
  }
}

std::string StatusAnswer(int code, const std::string& reason) {
  return "HTTP/1.1 " + std::to_string(code) + " " + reason + "\r\nContent-Length: 0\r\nConnection: close\r\n\r\n";
}

std::string RangeAnswer(const std::string& body, const Request& r, uint64_t claimed_size) {
  const std::string head_common = "Connection: close\r\nAccept-Ranges: bytes\r\n";
  if (r.method == "HEAD") {
    return "HTTP/1.1 200 OK\r\n" + head_common + "Content-Length: " + std::to_string(claimed_size) + "\r\n\r\n";
  }
  if (!r.has_range) {
    return "HTTP/1.1 200 OK\r\n" + head_common + "Content-Length: " + std::to_string(body.size()) + "\r\n\r\n" + body;
  }
  const uint64_t from = std::min<uint64_t>(r.first, body.size());
  const uint64_t to = std::min<uint64_t>(r.last + 1, body.size());
  const std::string part = body.substr(from, to - from);
  return "HTTP/1.1 206 Partial Content\r\n" + head_common + "Content-Range: bytes " + std::to_string(r.first) + "-" +
         std::to_string(r.last) + "/" + std::to_string(claimed_size) + "\r\nContent-Length: " +
         std::to_string(part.size()) + "\r\n\r\n" + part;
}

std::string RangeAnswer(const std::string& body, const Request& r) { return RangeAnswer(body, r, body.size()); }

}  // namespace parq::http_test
