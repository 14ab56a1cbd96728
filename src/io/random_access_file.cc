#include <cstring>

#include "parq/io.h"

namespace parq {

Status RandomAccessFile::CheckRange(uint64_t offset, uint64_t length) const {
  const uint64_t file_size = size();
  if (offset > file_size || length > file_size - offset) [[unlikely]] {
    return Status::Corrupt("read of " + std::to_string(length) + " bytes at offset " +
                           std::to_string(offset) + " runs past the end of '" + name() +
                           "' (" + std::to_string(file_size) + " bytes)");
  }
  return Status::OK();
}

Result<std::span<const uint8_t>> RandomAccessFile::Read(uint64_t offset, uint64_t length,
                                                        Buffer* scratch) const {
  PARQ_RETURN_IF_ERROR(CheckRange(offset, length));
  if (const uint8_t* base = data()) return std::span<const uint8_t>(base + offset, length);
  scratch->Resize(length);
  PARQ_RETURN_IF_ERROR(ReadAt(offset, length, scratch->data()));
  return std::span<const uint8_t>(scratch->data(), length);
}

namespace {

class MemoryFile final : public RandomAccessFile {
 public:
  MemoryFile(std::string owned, std::string name)
      : owned_(std::move(owned)), data_(reinterpret_cast<const uint8_t*>(owned_.data())),
        size_(owned_.size()), name_(std::move(name)) {}
  MemoryFile(const uint8_t* data, size_t size, std::string name)
      : data_(data), size_(size), name_(std::move(name)) {}

  uint64_t size() const override { return size_; }
  const std::string& name() const override { return name_; }
  const uint8_t* data() const override { return data_; }
  Status ReadAt(uint64_t offset, uint64_t length, uint8_t* out) const override {
    PARQ_RETURN_IF_ERROR(CheckRange(offset, length));
    if (length) std::memcpy(out, data_ + offset, length);
    return Status::OK();
  }

 private:
  std::string owned_;
  const uint8_t* data_;
  size_t size_;
  std::string name_;
};

}  // namespace

std::unique_ptr<RandomAccessFile> OpenMemory(std::string bytes, std::string name) {
  return std::make_unique<MemoryFile>(std::move(bytes), std::move(name));
}

std::unique_ptr<RandomAccessFile> OpenMemoryView(const uint8_t* data, size_t size,
                                                 std::string name) {
  return std::make_unique<MemoryFile>(data, size, std::move(name));
}

Status MemoryOutputStream::Write(const void* data, size_t length) {
  bytes_.append(static_cast<const char*>(data), length);
  return Status::OK();
}

}  // namespace parq
