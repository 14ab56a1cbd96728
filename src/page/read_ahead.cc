#include "page/read_ahead.h"

#include <utility>

namespace parq::page {

ReadAhead::ReadAhead(PageSource& source, BufferPool* pool) : source_(source), pool_(pool) {
  if (pool_ != nullptr) {
    slots_[0].buffer = pool_->Take();
    slots_[1].buffer = pool_->Take();
  }
}

ReadAhead::~ReadAhead() {
  Unpair();
  if (pool_ != nullptr) {
    pool_->Give(std::move(slots_[1 - current_].decrypted));  // empty ones are not kept
    pool_->Give(std::move(slots_[current_].decrypted));
    pool_->Give(std::move(slots_[1 - current_].buffer));
    pool_->Give(std::move(slots_[current_].buffer));
  }
}

void ReadAhead::LendDecryptBuffers() {
  if (pool_ == nullptr) return;
  for (PageSlot& slot : slots_) {
    if (slot.decrypted.capacity() == 0) slot.decrypted = pool_->Take();
  }
}

void ReadAhead::Unpair() {
  if (partner_ != nullptr) partner_->partner_ = nullptr;
  partner_ = nullptr;
}

void ReadAhead::Pair(ReadAhead& a, ReadAhead& b) {
  if (&a == &b) return;
  a.Unpair();
  b.Unpair();
  a.partner_ = &b;
  b.partner_ = &a;
}

Result<bool> ReadAhead::Next(Page* page) {
  if (!ahead_ && partner_ != nullptr && !partner_->ahead_) ReadTogether(*this, *partner_);
  if (!ahead_) return source_.ReadPage(PageTarget{&slots_[current_], nullptr, 0}, page);
  Result<bool> read = std::move(*ahead_);
  ahead_.reset();
  if (read.ok() && *read) {
    current_ = 1 - current_;
    *page = ahead_page_;
  }
  return read;
}

void ReadAhead::ReadDeferred(DeferredDecompression* job) {
  const auto held_aside = static_cast<int64_t>(slots_[current_].buffer.size());
  ahead_ = source_.ReadPage(PageTarget{&slots_[1 - current_], job, held_aside}, &ahead_page_);
  if (!ahead_->ok() || !**ahead_) *job = {};  // nothing of it will be used
}

void ReadAhead::ReadTogether(ReadAhead& a, ReadAhead& b) {
  a.deferred_ = {};
  b.deferred_ = {};
  a.ReadDeferred(&a.deferred_);
  b.ReadDeferred(&b.deferred_);
  const DeferredDecompression* jobs[2] = {&a.deferred_, &b.deferred_};
  Status status[2];
  if (jobs[0]->codec != nullptr && jobs[1]->codec != nullptr &&
      jobs[0]->codec->type() == jobs[1]->codec->type()) {
    jobs[0]->codec->DecompressTwo(jobs[0]->block, jobs[1]->block, &status[0], &status[1]);
  } else {
    for (int i = 0; i < 2; ++i) {
      const DeferredDecompression& job = *jobs[i];
      if (job.codec == nullptr) continue;
      status[i] = job.codec->Decompress(job.block.input, job.block.input_size, job.block.output,
                                        job.block.output_size);
    }
  }
  a.Decompressed(std::move(status[0]));
  b.Decompressed(std::move(status[1]));
}

void ReadAhead::Decompressed(Status status) {
  if (status.ok()) return;
  ahead_ = std::move(status).WithPage(ahead_page_.ordinal).WithFileOffset(ahead_page_.file_offset);
}

}  // namespace parq::page
