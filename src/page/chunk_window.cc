#include "page/chunk_window.h"

#include <algorithm>
#include <string>
#include <utility>

namespace parq::page {

ChunkWindow::ChunkWindow(BufferPool* pool, bool reads_file, int64_t read_size,
                         int64_t max_allocation)
    : pool_(pool), read_size_(read_size), max_allocation_(max_allocation) {
  // The second window is taken when first needed: a chunk of one window
  // never needs it.
  if (pool_ != nullptr && reads_file) windows_[0] = pool_->Take();
}

ChunkWindow::~ChunkWindow() {
  if (mapped_file_ != nullptr) mapped_file_->DoneWith(file_offset_, bytes_.size());
  if (pool_ != nullptr) {
    pool_->Give(std::move(windows_[1]));
    pool_->Give(std::move(windows_[0]));
  }
}

void ChunkWindow::View(uint64_t file_offset, std::span<const uint8_t> bytes,
                       const RandomAccessFile* mapped_file) {
  file_offset_ = file_offset;
  length_ = bytes.size();
  bytes_ = bytes;
  mapped_file_ = mapped_file;
}

void ChunkWindow::ReadFrom(const RandomAccessFile& file, uint64_t file_offset, uint64_t length) {
  file_ = &file;
  file_offset_ = file_offset;
  length_ = length;
}

Status ChunkWindow::Ensure(uint64_t from, uint64_t to, int64_t held_beside) {
  if (to <= end()) return Status::OK();
  // Only a chunk read from a file gets here: a view is whole.
  const uint64_t need = to - from;
  const uint64_t left = length_ - from;
  const uint64_t read_size = read_size_ > 0 ? static_cast<uint64_t>(read_size_) : left;
  // The window to fill: the other one on this step's first read, which
  // leaves the bytes handed out before untouched; after that, this one (it
  // then holds only bytes from this step).
  const int target = refilled_ ? window_ : 1 - window_;
  const int64_t held_elsewhere = static_cast<int64_t>(windows_[1 - target].size()) + held_beside;
  const uint64_t room = static_cast<uint64_t>(std::max<int64_t>(0, max_allocation_ - held_elsewhere));
  if (need > room) {
    return Status::LimitExceeded("reading " + std::to_string(need) + " bytes of the column chunk beside the " +
                                 std::to_string(held_elsewhere) +
                                 " the column reader holds exceeds max_allocation " +
                                 std::to_string(max_allocation_));
  }
  const uint64_t capped = cap_ > from ? cap_ - from : 0;
  const uint64_t size = std::min({left, std::max(need, read_size), std::max(need, room), std::max(need, capped)});
  // The bytes from `from` that the window already holds are read again with
  // the rest (as cheap as a copy from the old window, and simpler).
  Buffer& buffer = windows_[target];
  if (buffer.capacity() == 0 && pool_ != nullptr) buffer = pool_->Take();
  buffer.Clear();  // nothing in it is kept: a Resize that grows copies nothing
  buffer.Resize(size);
  window_ = target;
  start_ = from;
  bytes_ = {};  // until the read succeeds (the buffer may have moved)
  refilled_ = true;
  if (Status st = file_->ReadAt(file_offset_ + from, size, buffer.data()); !st.ok()) {
    st.AddContext("reading the column chunk");
    return st;
  }
  bytes_ = {buffer.data(), size};
  bytes_read_ += static_cast<int64_t>(size);
  return Status::OK();
}

Result<std::span<const uint8_t>> ChunkWindow::Peek(uint64_t at, uint64_t n, Buffer* scratch) {
  if (file_ == nullptr || (at >= start_ && at + n <= end())) return std::span<const uint8_t>(At(at), n);
  scratch->Clear();
  scratch->Resize(n);
  if (Status st = file_->ReadAt(file_offset_ + at, n, scratch->data()); !st.ok()) {
    st.AddContext("reading a page header");
    return st;
  }
  bytes_read_ += static_cast<int64_t>(n);
  return std::span<const uint8_t>(scratch->data(), n);
}

void ChunkWindow::DropIfOversized(uint64_t to) {
  if (file_ == nullptr || read_size_ <= 0 || to != end() || bytes_.size() <= static_cast<uint64_t>(read_size_)) {
    return;
  }
  start_ = end();
  bytes_ = {};
  windows_[window_] = Buffer();  // freed, not pooled: its size was one page's
}

}  // namespace parq::page
