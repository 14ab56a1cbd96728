// Helpers for writer tests: typed column data that can be written with a
// TypedColumnWriter and compared with what a TypedColumnReader returns.
#ifndef PARQ_TESTS_WRITER_WRITER_TEST_UTIL_H_
#define PARQ_TESTS_WRITER_WRITER_TEST_UTIL_H_

#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <memory>
#include <string>
#include <type_traits>
#include <vector>

#include "format/footer.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"

namespace parq::writer_test {

// The bytes of one value (PLAIN form, binary without a length prefix).
template <typename T>
std::string ValueBytes(const T& v, int type_length) {
  if constexpr (std::is_same_v<T, ByteArray>) {
    return std::string(v.view());
  } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
    return std::string(reinterpret_cast<const char*>(v.ptr), static_cast<size_t>(type_length));
  } else if constexpr (std::is_same_v<T, bool>) {
    return std::string(1, v ? '\1' : '\0');
  } else {
    return std::string(reinterpret_cast<const char*>(&v), sizeof(T));
  }
}

// The value whose PLAIN bytes are `b` (the inverse of ValueBytes);
// ByteArray and FixedLenByteArray point into `b`.
template <typename T>
T ValueFromBytes(const std::string& b) {
  if constexpr (std::is_same_v<T, ByteArray>) {
    return ByteArray{reinterpret_cast<const uint8_t*>(b.data()), static_cast<uint32_t>(b.size())};
  } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
    return FixedLenByteArray{reinterpret_cast<const uint8_t*>(b.data())};
  } else {
    T t;
    std::memcpy(&t, b.data(), sizeof(T));
    return t;
  }
}

// Keeps `bytes` as PARQ_BIN_DIR/writer_samples/<name>.parquet, where the
// interop test (tests/interop) has other readers read them; best effort.
inline void SaveWriterSample(const std::string& name, const std::string& bytes) {
  const std::string dir = std::string(PARQ_BIN_DIR) + "/writer_samples";
  const std::string mk = "mkdir -p " + dir;
  if (std::system(mk.c_str()) != 0) return;
  if (FILE* f = std::fopen((dir + "/" + name + ".parquet").c_str(), "wb")) {
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  }
}

// A vector of T that hands out a T* also for bool (std::vector<bool> cannot).
template <typename T>
class Values {
 public:
  struct Slot {
    T v;
  };
  void push_back(const T& v) { slots_.push_back(Slot{v}); }
  bool empty() const { return slots_.empty(); }
  size_t size() const { return slots_.size(); }
  const T* data() const { return reinterpret_cast<const T*>(slots_.data()); }
  T* data() { return reinterpret_cast<T*>(slots_.data()); }
  const T& operator[](size_t i) const { return slots_[i].v; }
  void resize(size_t n) { slots_.resize(n); }

 private:
  static_assert(sizeof(Slot) == sizeof(T));
  std::vector<Slot> slots_;
};

// Levels plus dense non-null values.  `bytes` backs ByteArray / FLBA values.
template <typename T>
struct ColumnData {
  std::vector<int16_t> def, rep;
  Values<T> values;
  std::vector<std::unique_ptr<std::string>> bytes;
  int64_t num_levels = 0;

  T Bytes(std::string s) {
    bytes.push_back(std::make_unique<std::string>(std::move(s)));
    const std::string& b = *bytes.back();
    if constexpr (std::is_same_v<T, ByteArray>) {
      return ByteArray{reinterpret_cast<const uint8_t*>(b.data()), static_cast<uint32_t>(b.size())};
    } else {
      return FixedLenByteArray{reinterpret_cast<const uint8_t*>(b.data())};
    }
  }
};

// What a reader returned: levels and the bytes of each non-null value.
struct ReadBack {
  std::vector<int16_t> def, rep;
  std::vector<std::string> values;
};

template <typename T>
Status WriteColumn(FileWriter* w, int column, const ColumnData<T>& data, int64_t begin_level,
                   int64_t end_level, int64_t* value_pos) {
  PARQ_ASSIGN_OR_RETURN(TypedColumnWriter<T> * cw, w->typed_column<T>(column));
  const ColumnDescriptor& d = cw->descriptor();
  int64_t n = end_level - begin_level;
  int64_t nonnull = n;
  if (d.max_definition_level > 0) {
    nonnull = 0;
    for (int64_t i = begin_level; i < end_level; ++i) nonnull += data.def[i] == d.max_definition_level;
  }
  const T* vals = data.values.empty() ? nullptr : data.values.data() + *value_pos;
  PARQ_RETURN_IF_ERROR(cw->WriteBatch(n, d.max_definition_level > 0 ? data.def.data() + begin_level : nullptr,
                                      d.max_repetition_level > 0 ? data.rep.data() + begin_level : nullptr,
                                      vals));
  *value_pos += nonnull;
  return Status::OK();
}

template <typename T>
Status ReadColumn(const FileReader& reader, int row_group, int column, ReadBack* out, int64_t batch = 777) {
  PARQ_ASSIGN_OR_RETURN(auto cr, reader.OpenColumn(row_group, column));
  TypedColumnReader<T>* r = cr->template As<T>();
  if (r == nullptr) return Status::Internal("wrong reader type");
  const ColumnDescriptor& d = r->descriptor();
  std::vector<int16_t> def(static_cast<size_t>(batch)), rep(static_cast<size_t>(batch));
  Values<T> vals;
  vals.resize(static_cast<size_t>(batch));
  while (true) {
    int64_t values_read = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t levels, r->ReadBatch(batch, def.data(), rep.data(), vals.data(), &values_read));
    if (levels == 0) break;
    if (d.max_definition_level > 0) out->def.insert(out->def.end(), def.begin(), def.begin() + levels);
    if (d.max_repetition_level > 0) out->rep.insert(out->rep.end(), rep.begin(), rep.begin() + levels);
    for (int64_t i = 0; i < values_read; ++i) out->values.push_back(ValueBytes(vals[i], d.type_length));
  }
  return Status::OK();
}

inline Result<format::FileMetaData> ReadMetadata(const std::string& bytes) {
  auto file = OpenMemoryView(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size());
  PARQ_ASSIGN_OR_RETURN(format::Footer f, format::ReadFooter(*file, ReaderOptions{}));
  return format::FileMetaData(*f.metadata);  // an editable copy
}

inline Result<std::unique_ptr<FileReader>> OpenBytes(const std::string& bytes, ReaderOptions options = {}) {
  return FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)), options);
}

}  // namespace parq::writer_test

#endif  // PARQ_TESTS_WRITER_WRITER_TEST_UTIL_H_
