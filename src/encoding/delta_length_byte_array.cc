// DELTA_LENGTH_BYTE_ARRAY codec; grammar and contract in delta_length_byte_array.h.
#include "encoding/delta_length_byte_array.h"

#include <algorithm>
#include <limits>

namespace parq::encoding {

Status DeltaLengthByteArrayDecoder::Init(const uint8_t* data, size_t size) {
  data_ = nullptr;
  size_ = 0;
  pos_ = 0;
  PARQ_RETURN_IF_ERROR_CTX(lengths_.Init(data, size), "DELTA_LENGTH_BYTE_ARRAY lengths");
  data_ = data;
  size_ = size;
  pos_ = lengths_.bytes_consumed();
  return Status::OK();
}

Result<int64_t> DeltaLengthByteArrayDecoder::Decode(ByteArray* out, int64_t max) {
  if (max < 0) return Status::InvalidArgument("DELTA_LENGTH_BYTE_ARRAY: negative batch size");
  int64_t done = 0;
  while (done < max && lengths_.values_left() > 0) {
    PARQ_ASSIGN_OR_RETURN(int64_t got,
                          lengths_.Decode(scratch_, std::min<int64_t>(kBatch, max - done)));
    size_t pos = pos_;
    for (int64_t i = 0; i < got; ++i) {
      int32_t len = scratch_[i];
      if (len < 0 || static_cast<size_t>(len) > size_ - pos) [[unlikely]] {
        return Status::Corrupt("DELTA_LENGTH_BYTE_ARRAY: value " + std::to_string(
                                   lengths_.total_values() - lengths_.values_left() - got + i) +
                               " has length " + std::to_string(len) + " but " +
                               std::to_string(size_ - pos) + " bytes are left at byte offset " +
                               std::to_string(pos));
      }
      out[done + i] = ByteArray{data_ + pos, static_cast<uint32_t>(len)};
      pos += static_cast<size_t>(len);
    }
    pos_ = pos;
    done += got;
  }
  return done;
}

Status DeltaLengthByteArrayDecoder::Skip(int64_t n) {
  if (n < 0 || n > values_left())
    return Status::InvalidArgument("DELTA_LENGTH_BYTE_ARRAY: cannot skip " + std::to_string(n) +
                                   " values, " + std::to_string(values_left()) + " left");
  ByteArray scratch[kBatch];
  while (n > 0) {
    PARQ_ASSIGN_OR_RETURN(int64_t got, Decode(scratch, std::min<int64_t>(n, kBatch)));
    n -= got;
  }
  return Status::OK();
}

Status DeltaLengthByteArrayEncoder::Put(const ByteArray* values, int64_t n) {
  for (int64_t i = 0; i < n; ++i) {
    if (values[i].len > static_cast<uint32_t>(std::numeric_limits<int32_t>::max()))
      return Status::InvalidArgument("DELTA_LENGTH_BYTE_ARRAY: value of " +
                                     std::to_string(values[i].len) + " bytes is too long");
  }
  for (int64_t i = 0; i < n; ++i) {
    lengths_.Put(static_cast<int32_t>(values[i].len));
    if (values[i].len > 0) bytes_.append(reinterpret_cast<const char*>(values[i].ptr), values[i].len);
  }
  return Status::OK();
}

void DeltaLengthByteArrayEncoder::FlushTo(std::string* out) {
  lengths_.FlushTo(out);
  out->append(bytes_);
  bytes_.clear();
}

}  // namespace parq::encoding
