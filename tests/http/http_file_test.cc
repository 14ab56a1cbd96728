// OpenHttpFile against ScriptedServer: sizes, ranges, concurrent reads,
// retries through 503s and dropped connections, and servers that lie (about
// the size, the range, the body's length) ending in clear errors.
#include <gtest/gtest.h>

#include <atomic>
#include <mutex>
#include <random>
#include <string>
#include <thread>
#include <vector>

#include "http/http_servers_util.h"
#include "parq/file_reader.h"
#include "parq/http_file.h"
#include "testing/json_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using http_test::RangeAnswer;
using http_test::Request;
using http_test::ScriptedServer;
using http_test::StatusAnswer;

HttpOptions FastRetries(int max_retries) {
  HttpOptions o;
  o.max_retries = max_retries;
  o.initial_backoff_ms = 1;
  o.max_backoff_ms = 4;
  o.request_timeout_ms = 10000;
  return o;
}

std::string Bytes(size_t n) {
  std::string s(n, '\0');
  for (size_t i = 0; i < n; ++i) s[i] = static_cast<char>((i * 131 + i / 7) & 0xff);
  return s;
}

// A Parquet file of a few row groups, and its rows as JSON.
std::string SampleParquet() {
  std::vector<std::string> rows;
  for (int i = 0; i < 3000; ++i) {
    rows.push_back("{\"id\": " + std::to_string(i) + ", \"name\": \"n" + std::to_string(i * 7) + "\"}");
  }
  auto bytes = testing::WriteJsonRows("message m { required int64 id; optional binary name (STRING); }", rows, 700);
  return bytes.ok() ? *bytes : std::string();
}

TEST(HttpFileTest, SizeFromHeadAndRangesReadBack) {
  const std::string body = Bytes(100000);
  ScriptedServer server([&](const Request& r) { return RangeAnswer(body, r); });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(0)));
  EXPECT_EQ(file->size(), body.size());
  EXPECT_EQ(file->name(), server.Url());
  std::mt19937_64 rng(7);
  for (int i = 0; i < 20; ++i) {
    const uint64_t off = rng() % body.size();
    const uint64_t len = rng() % (body.size() - off) + 1;
    std::string got(len, '\0');
    ASSERT_OK(file->ReadAt(off, len, reinterpret_cast<uint8_t*>(got.data())));
    EXPECT_EQ(got, body.substr(off, len)) << off << "+" << len;
  }
  // The whole file is one GET too.
  std::string all(body.size(), '\0');
  ASSERT_OK(file->ReadAt(0, body.size(), reinterpret_cast<uint8_t*>(all.data())));
  EXPECT_EQ(all, body);
}

TEST(HttpFileTest, SizeFromFirstRangeWhenHeadHasNone) {
  const std::string body = Bytes(5000);
  ScriptedServer server([&](const Request& r) {
    return r.method == "HEAD" ? StatusAnswer(405, "Method Not Allowed") : RangeAnswer(body, r);
  });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(0)));
  EXPECT_EQ(file->size(), body.size());
  std::string got(10, '\0');
  ASSERT_OK(file->ReadAt(4990, 10, reinterpret_cast<uint8_t*>(got.data())));
  EXPECT_EQ(got, body.substr(4990));
}

TEST(HttpFileTest, ReadOutsideTheFileFailsBeforeAnyRequest) {
  const std::string body = Bytes(1000);
  ScriptedServer server([&](const Request& r) { return RangeAnswer(body, r); });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(0)));
  const int before = server.requests();
  uint8_t buf[16];
  EXPECT_STATUS_HAS(file->ReadAt(995, 16, buf), StatusCode::kCorrupt, "runs past the end");
  EXPECT_EQ(server.requests(), before);
}

TEST(HttpFileTest, ConcurrentReadsFromManyThreads) {
  const std::string body = Bytes(200000);
  ScriptedServer server([&](const Request& r) { return RangeAnswer(body, r); });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(2)));
  std::vector<std::thread> threads;
  std::vector<int> bad(8, 0);
  for (int t = 0; t < 8; ++t) {
    threads.emplace_back([&, t] {
      std::mt19937_64 rng(t);
      for (int i = 0; i < 25; ++i) {
        const uint64_t off = rng() % body.size();
        const uint64_t len = std::min<uint64_t>(rng() % 5000 + 1, body.size() - off);
        std::string got(len, '\0');
        if (!file->ReadAt(off, len, reinterpret_cast<uint8_t*>(got.data())).ok() || got != body.substr(off, len)) {
          ++bad[t];
        }
      }
    });
  }
  for (auto& th : threads) th.join();
  for (int t = 0; t < 8; ++t) EXPECT_EQ(bad[t], 0) << "thread " << t;
}

TEST(HttpFileTest, RetriesThrough503sAndDroppedConnections) {
  const std::string body = SampleParquet();
  ASSERT_FALSE(body.empty());
  std::mutex mu;
  std::mt19937 rng(2024);
  int injected = 0;
  ScriptedServer server([&](const Request& r) {
    std::lock_guard<std::mutex> lock(mu);
    const int roll = static_cast<int>(rng() % 100);
    std::string answer = RangeAnswer(body, r);
    if (roll < 20) {
      ++injected;
      return StatusAnswer(503, "Service Unavailable");
    }
    if (roll < 30) {
      ++injected;
      return std::string();  // closed without an answer
    }
    if (roll < 40 && r.method == "GET") {
      ++injected;
      return answer.substr(0, answer.size() - 1 - rng() % 20);  // cut inside the body
    }
    return answer;
  });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(12)));
  ASSERT_OK_AND_ASSIGN(auto reader, FileReader::Open(std::shared_ptr<RandomAccessFile>(std::move(file))));
  ASSERT_OK_AND_ASSIGN(auto got, testing::JsonRows(*reader));
  ASSERT_OK_AND_ASSIGN(auto local, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(body))));
  ASSERT_OK_AND_ASSIGN(auto want, testing::JsonRows(*local));
  EXPECT_EQ(got, want);
  EXPECT_EQ(got.size(), 3000u);
  std::lock_guard<std::mutex> lock(mu);
  EXPECT_GT(injected, 0);
}

TEST(HttpFileTest, GivesUpAfterMaxRetries) {
  const std::string body = Bytes(1000);
  std::atomic<bool> failing{false};
  ScriptedServer server([&](const Request& r) {
    return failing ? StatusAnswer(503, "Service Unavailable") : RangeAnswer(body, r);
  });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(3)));
  failing = true;
  const int before = server.requests();
  uint8_t buf[10];
  EXPECT_STATUS_HAS(file->ReadAt(10, 10, buf), StatusCode::kIOError,
                    "HTTP GET of bytes 10-19 of '" + server.Url() + "': server answered 503 (gave up after 4 attempts)");
  EXPECT_EQ(server.requests() - before, 4);
  // A 404 is final: no retry.
  ScriptedServer missing([](const Request&) { return StatusAnswer(404, "Not Found"); });
  EXPECT_STATUS_HAS(OpenHttpFile(missing.Url(), FastRetries(3)), StatusCode::kIOError, "server answered 404");
  EXPECT_EQ(missing.requests(), 1);
}

TEST(HttpFileTest, SizeBiggerThanTheBodyIsAClearError) {
  const std::string body = SampleParquet();
  ScriptedServer server([&](const Request& r) { return RangeAnswer(body, r, body.size() + 5000); });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(0)));
  EXPECT_EQ(file->size(), body.size() + 5000);
  EXPECT_STATUS_HAS(FileReader::Open(std::shared_ptr<RandomAccessFile>(std::move(file))), StatusCode::kIOError,
                    "shorter than the");
}

TEST(HttpFileTest, ContentRangeTotalThatDisagreesIsAClearError) {
  const std::string body = SampleParquet();
  for (int64_t delta : {-100, 100}) {
    // HEAD tells the truth; the ranges claim another total.
    ScriptedServer server([&](const Request& r) {
      return r.method == "HEAD" ? RangeAnswer(body, r) : RangeAnswer(body, r, body.size() + delta);
    });
    ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(0)));
    EXPECT_STATUS_HAS(FileReader::Open(std::shared_ptr<RandomAccessFile>(std::move(file))), StatusCode::kIOError,
                      "gives a size of " + std::to_string(body.size() + delta) + " bytes, not the " +
                          std::to_string(body.size()) + " bytes learnt at open");
  }
}

TEST(HttpFileTest, BodyLongerThanAskedIsCutOffAndAnError) {
  const std::string body = Bytes(1000);
  ScriptedServer server([&](const Request& r) {
    if (r.method == "HEAD") return RangeAnswer(body, r);
    Request wider = r;
    wider.last = r.last + 50;  // more bytes than asked, under the asked Content-Range
    std::string a = RangeAnswer(body, wider);
    const std::string bad = "bytes " + std::to_string(wider.first) + "-" + std::to_string(wider.last);
    a.replace(a.find(bad), bad.size(), "bytes " + std::to_string(r.first) + "-" + std::to_string(r.last));
    return a;
  });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(server.Url(), FastRetries(0)));
  std::vector<uint8_t> buf(100 + 64, 0xAB);  // guard bytes after the 100 asked
  EXPECT_STATUS_HAS(file->ReadAt(0, 100, buf.data()), StatusCode::kIOError,
                    "HTTP GET of bytes 0-99 of '" + server.Url() + "': body longer than the 100 bytes asked");
  for (size_t i = 100; i < buf.size(); ++i) ASSERT_EQ(buf[i], 0xAB) << "written past the read at " << i;
}

TEST(HttpFileTest, WrongRangeOrWholeFileIsAnError) {
  const std::string body = Bytes(1000);
  ScriptedServer shifted([&](const Request& r) {
    if (r.method == "HEAD") return RangeAnswer(body, r);
    Request s = r;
    ++s.first;
    ++s.last;
    return RangeAnswer(body, s);
  });
  ASSERT_OK_AND_ASSIGN(auto file, OpenHttpFile(shifted.Url(), FastRetries(0)));
  uint8_t buf[10];
  EXPECT_STATUS_HAS(file->ReadAt(10, 10, buf), StatusCode::kIOError,
                    "206 with Content-Range 'bytes 11-20/1000', not the range asked");

  // Ranges ignored: a 200 with the whole file is right only for the whole file.
  ScriptedServer whole([&](const Request& r) {
    Request all = r;
    all.has_range = false;
    return RangeAnswer(body, all);
  });
  ASSERT_OK_AND_ASSIGN(auto wfile, OpenHttpFile(whole.Url(), FastRetries(0)));
  EXPECT_STATUS_HAS(wfile->ReadAt(10, 10, buf), StatusCode::kIOError, "body longer than the 10 bytes asked (answer 200)");
  std::string all(body.size(), '\0');
  ASSERT_OK(wfile->ReadAt(0, body.size(), reinterpret_cast<uint8_t*>(all.data())));
  EXPECT_EQ(all, body);
}

TEST(HttpFileTest, IsHttpUrl) {
  EXPECT_TRUE(IsHttpUrl("http://h/x.parquet"));
  EXPECT_TRUE(IsHttpUrl("HTTPS://h/x.parquet"));
  EXPECT_FALSE(IsHttpUrl("http://"));
  EXPECT_FALSE(IsHttpUrl("/tmp/http://x"));
  EXPECT_FALSE(IsHttpUrl("ftp://h/x"));
  EXPECT_STATUS(OpenHttpFile("/tmp/x.parquet"), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace parq
