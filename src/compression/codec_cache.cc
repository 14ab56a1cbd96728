// compression/codec_cache.cc — the shelves of idle codecs.
#include "compression/codec_cache.h"

namespace parq::compression {

Result<CodecCache::Lease> CodecCache::Acquire(Compression type, std::optional<int> level) {
  const Lease::Key key{type, level};
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = idle_.find(key);
    if (it != idle_.end() && !it->second.empty()) {
      std::unique_ptr<Codec> codec = std::move(it->second.back());
      it->second.pop_back();
      return Lease(this, key, std::move(codec));
    }
  }
  // Made outside the lock: a context's allocation need not wait for others.
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<Codec> codec, MakeCodec(type, level));
  return Lease(this, key, std::move(codec));
}

void CodecCache::Return(const Lease::Key& key, std::unique_ptr<Codec> codec) {
  std::lock_guard<std::mutex> lock(mu_);
  idle_[key].push_back(std::move(codec));
}

}  // namespace parq::compression
