// compression/codec_cache.h — codecs lent out for one page at a time, so that
// a file of many columns holds as many codec contexts as pages it compresses
// at once (one per thread), not one per column: a zstd context is about a
// megabyte, a thousand columns would keep a gigabyte of them.
//
// Acquire lends a Codec of (type, level) — one returned earlier, or a new one
// from MakeCodec — and the Lease gives it back when it goes.  Codecs keep no
// state between calls that changes their output, so which one a page gets
// never changes its bytes.
//
// Ownership: the cache owns the idle codecs; a Lease owns its codec until it
// returns it, and must not outlive the cache.  Thread-safety: Acquire and the
// Leases' return may run on any threads at once; a Lease itself is one
// thread's.
#ifndef PARQ_COMPRESSION_CODEC_CACHE_H_
#define PARQ_COMPRESSION_CODEC_CACHE_H_

#include <map>
#include <memory>
#include <mutex>
#include <optional>
#include <utility>
#include <vector>

#include "compression/codec.h"
#include "parq/result.h"
#include "parq/types.h"

namespace parq::compression {

class CodecCache {
 public:
  class Lease {
   public:
    Lease(Lease&& other) noexcept
        : cache_(std::exchange(other.cache_, nullptr)), key_(other.key_), codec_(std::move(other.codec_)) {}
    Lease& operator=(Lease&&) = delete;
    ~Lease() {
      if (cache_ != nullptr && codec_ != nullptr) cache_->Return(key_, std::move(codec_));
    }
    Codec* operator->() const { return codec_.get(); }
    Codec& operator*() const { return *codec_; }

   private:
    friend class CodecCache;
    using Key = std::pair<Compression, std::optional<int>>;
    Lease(CodecCache* cache, Key key, std::unique_ptr<Codec> codec)
        : cache_(cache), key_(key), codec_(std::move(codec)) {}
    CodecCache* cache_;
    Key key_;
    std::unique_ptr<Codec> codec_;
  };

  CodecCache() = default;
  CodecCache(const CodecCache&) = delete;
  CodecCache& operator=(const CodecCache&) = delete;

  // Errors: MakeCodec's (a level the codec refuses, an unknown codec).
  Result<Lease> Acquire(Compression type, std::optional<int> level);

 private:
  void Return(const Lease::Key& key, std::unique_ptr<Codec> codec);

  std::mutex mu_;
  std::map<Lease::Key, std::vector<std::unique_ptr<Codec>>> idle_;
};

}  // namespace parq::compression

#endif  // PARQ_COMPRESSION_CODEC_CACHE_H_
