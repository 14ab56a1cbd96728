#include "thrift/arena.h"

#include <algorithm>
#include <cstdint>
#include <new>
#include <mutex>
#include <vector>

namespace parq::thrift {

namespace {

constexpr size_t kMaxBlock = size_t{16} << 20;
// Freed blocks kept for the next arena, up to this many bytes and blocks in
// all: opening one file after another then reuses memory that is already
// mapped instead of faulting in fresh pages for every footer.  The count
// bounds the search: the small arenas of column chunks decoded one after
// another (file/metadata.cc) give back and take a block each.
constexpr size_t kPoolBytes = size_t{128} << 20;
constexpr size_t kPoolBlocks = 256;

struct BlockPool {
  std::mutex mu;
  std::vector<std::pair<void*, size_t>> blocks;
  size_t bytes = 0;

  // The smallest pooled block of at least `min` bytes and at most four
  // times that (a chunk's kilobyte arena does not take a footer's 16 MiB
  // block), or {nullptr, 0}.  An exact fit ends the search.
  std::pair<void*, size_t> Take(size_t min) {
    std::lock_guard<std::mutex> lock(mu);
    const size_t max = min <= SIZE_MAX / 4 ? min * 4 : SIZE_MAX;
    size_t best = blocks.size();
    for (size_t i = blocks.size(); i-- > 0;) {
      const size_t size = blocks[i].second;
      if (size < min || size > max || (best != blocks.size() && size >= blocks[best].second)) continue;
      best = i;
      if (size == min) break;
    }
    if (best == blocks.size()) return {nullptr, 0};
    auto b = blocks[best];
    blocks[best] = blocks.back();
    blocks.pop_back();
    bytes -= b.second;
    return b;
  }
  void Give(void* p, size_t size) {
    {
      std::lock_guard<std::mutex> lock(mu);
      if (bytes + size <= kPoolBytes && blocks.size() < kPoolBlocks) {
        blocks.emplace_back(p, size);
        bytes += size;
        return;
      }
    }
    ::operator delete(p);
  }
};

BlockPool& Pool() {
  static BlockPool* pool = new BlockPool;  // never destroyed: arenas may die at exit
  return *pool;
}

}  // namespace

Arena::~Arena() {
  while (blocks_ != nullptr) {
    Block* next = blocks_->next;
    Pool().Give(blocks_, blocks_->size);
    blocks_ = next;
  }
}

void Arena::Reset() {
  if (blocks_ == nullptr) return;
  while (blocks_->next != nullptr) {
    Block* older = blocks_->next;
    blocks_->next = older->next;
    Pool().Give(older, older->size);
  }
  cur_ = reinterpret_cast<char*>(blocks_) + sizeof(Block);
  end_ = reinterpret_cast<char*>(blocks_) + blocks_->size;
}

void* Arena::AllocateSlow(size_t size, size_t align) {
  // A new block big enough for this request with its alignment; the rest of
  // the current block is abandoned (requests are small next to a block).
  size_t need = sizeof(Block) + size + align;
  size_t want = std::max(next_block_, need);
  next_block_ = std::min(next_block_ * 2, kMaxBlock);
  auto [mem, block] = Pool().Take(want);
  if (mem == nullptr) {
    mem = ::operator new(want);  // through operator new, so allocation counters see it
    block = want;
  }
  auto* b = static_cast<Block*>(mem);
  b->next = blocks_;
  b->size = block;
  blocks_ = b;
  reserved_ += block;
  cur_ = reinterpret_cast<char*>(b) + sizeof(Block);
  end_ = reinterpret_cast<char*>(b) + block;
  uintptr_t p = (reinterpret_cast<uintptr_t>(cur_) + (align - 1)) & ~uintptr_t(align - 1);
  cur_ = reinterpret_cast<char*>(p + size);
  return reinterpret_cast<void*>(p);
}

}  // namespace parq::thrift
