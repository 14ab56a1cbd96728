#include "io/coalesced_read.h"

#include <algorithm>
#include <string>

namespace parq::io {

std::vector<ByteRange> CoalesceRanges(std::vector<ByteRange> ranges, uint64_t hole_size,
                                      uint64_t max_read_size) {
  std::erase_if(ranges, [](const ByteRange& r) { return r.length == 0; });
  std::sort(ranges.begin(), ranges.end(),
            [](const ByteRange& a, const ByteRange& b) { return a.offset < b.offset; });
  std::vector<ByteRange> reads;
  for (const ByteRange& r : ranges) {
    if (!reads.empty()) {
      ByteRange& last = reads.back();
      const uint64_t end = std::max(last.end(), r.end());
      // Overlapping or touching ranges always merge; a hole only while the
      // read stays within max_read_size.
      const bool overlaps = r.offset <= last.end();
      const bool near = !overlaps && r.offset - last.end() <= hole_size && end - last.offset <= max_read_size;
      if (overlaps || near) {
        last.length = end - last.offset;
        continue;
      }
    }
    reads.push_back(r);
  }
  return reads;
}

Result<std::shared_ptr<CoalescedBytes>> CoalescedBytes::Read(const RandomAccessFile& file,
                                                             std::vector<ByteRange> ranges, uint64_t hole_size,
                                                             uint64_t max_read_size, uint64_t max_bytes,
                                                             std::shared_ptr<CoalescedBytes> reuse) {
  for (const ByteRange& r : ranges) PARQ_RETURN_IF_ERROR(file.CheckRange(r.offset, r.length));
  std::shared_ptr<CoalescedBytes> out(new CoalescedBytes());
  out->reads_ = CoalesceRanges(std::move(ranges), hole_size, max_read_size);
  for (const ByteRange& r : out->reads_) out->total_bytes_ += r.length;
  if (out->total_bytes_ > max_bytes) {
    return Status::LimitExceeded("coalesced reads of " + std::to_string(out->total_bytes_) +
                                 " bytes exceed the limit of " + std::to_string(max_bytes));
  }
  if (reuse != nullptr) out->bytes_ = std::move(reuse->bytes_);
  out->bytes_.resize(out->reads_.size());
  for (size_t i = 0; i < out->reads_.size(); ++i) {
    const ByteRange& r = out->reads_[i];
    out->bytes_[i].Resize(r.length);
    PARQ_RETURN_IF_ERROR(file.ReadAt(r.offset, r.length, out->bytes_[i].data()));
  }
  return out;
}

std::optional<std::span<const uint8_t>> CoalescedBytes::Find(ByteRange range) const {
  // The last read starting at or before the range.
  auto it = std::upper_bound(reads_.begin(), reads_.end(), range.offset,
                             [](uint64_t offset, const ByteRange& r) { return offset < r.offset; });
  if (it == reads_.begin()) return std::nullopt;
  --it;
  if (range.offset - it->offset > it->length || range.length > it->end() - range.offset) {
    return std::nullopt;
  }
  const size_t i = static_cast<size_t>(it - reads_.begin());
  return std::span<const uint8_t>(bytes_[i].data() + (range.offset - it->offset), range.length);
}

}  // namespace parq::io
