// Header-only helpers shared by tests/hostile and the fuzz targets: read
// every column of every row group of a file to the end, at a given batch
// size, folding what was read into a digest (so two reads can be compared).
#ifndef PARQ_TESTS_HOSTILE_READ_ALL_UTIL_H_
#define PARQ_TESTS_HOSTILE_READ_ALL_UTIL_H_

#include <cstdint>
#include <cstring>
#include <memory>
#include <type_traits>
#include <vector>

#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "parq/result.h"

namespace parq::hostile {

// FNV-1a over bytes.
inline void Mix(uint64_t* h, const void* data, size_t n) {
  const auto* p = static_cast<const uint8_t*>(data);
  for (size_t i = 0; i < n; ++i) {
    *h ^= p[i];
    *h *= 0x100000001b3ULL;
  }
}

template <typename T>
Status DrainTyped(TypedColumnReader<T>* r, int64_t batch, uint64_t* digest) {
  if (r == nullptr) return Status::Internal("typed reader of the wrong type");
  std::vector<int16_t> def(static_cast<size_t>(batch)), rep(static_cast<size_t>(batch));
  std::unique_ptr<T[]> values(new T[static_cast<size_t>(batch)]);
  const int type_length = r->descriptor().type_length;
  const int16_t max_def = r->descriptor().max_definition_level;
  const int16_t max_rep = r->descriptor().max_repetition_level;
  while (true) {
    int64_t values_read = -1;
    PARQ_ASSIGN_OR_RETURN(int64_t levels, r->ReadBatch(batch, def.data(), rep.data(),
                                                       values.get(), &values_read));
    if (levels < 0 || levels > batch || values_read < 0 || values_read > levels) {
      return Status::Internal("ReadBatch returned impossible counts");
    }
    if (levels == 0) return Status::OK();
    int64_t defined = 0;
    for (int64_t i = 0; i < levels; ++i) {
      const auto k = static_cast<size_t>(i);
      if (max_def > 0 && (def[k] < 0 || def[k] > max_def)) {
        return Status::Internal("definition level out of range escaped the reader");
      }
      if (max_rep > 0 && (rep[k] < 0 || rep[k] > max_rep)) {
        return Status::Internal("repetition level out of range escaped the reader");
      }
      if (max_def == 0 || def[k] == max_def) ++defined;
    }
    if (defined != values_read) return Status::Internal("values_read != defined levels");
    if (digest == nullptr) continue;
    // Per level entry, so the digest does not depend on the batch size.
    int64_t v = 0;
    for (int64_t i = 0; i < levels; ++i) {
      const auto k = static_cast<size_t>(i);
      if (max_rep > 0) Mix(digest, &rep[k], sizeof(int16_t));
      if (max_def > 0) Mix(digest, &def[k], sizeof(int16_t));
      if (max_def > 0 && def[k] != max_def) continue;
      const T& x = values[static_cast<size_t>(v++)];
      if constexpr (std::is_same_v<T, ByteArray>) {
        Mix(digest, &x.len, sizeof x.len);
        if (x.len > 0) Mix(digest, x.ptr, x.len);
      } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
        if (type_length > 0) Mix(digest, x.ptr, static_cast<size_t>(type_length));
      } else if constexpr (std::is_same_v<T, bool>) {
        const uint8_t b = x ? 1 : 0;
        Mix(digest, &b, 1);
      } else {
        Mix(digest, &x, sizeof x);
      }
    }
  }
}

inline Status DrainColumn(ColumnReader* reader, int64_t batch, uint64_t* digest) {
  switch (reader->physical_type()) {
    case PhysicalType::kBoolean: return DrainTyped(reader->As<bool>(), batch, digest);
    case PhysicalType::kInt32: return DrainTyped(reader->As<int32_t>(), batch, digest);
    case PhysicalType::kInt64: return DrainTyped(reader->As<int64_t>(), batch, digest);
    case PhysicalType::kInt96: return DrainTyped(reader->As<Int96>(), batch, digest);
    case PhysicalType::kFloat: return DrainTyped(reader->As<float>(), batch, digest);
    case PhysicalType::kDouble: return DrainTyped(reader->As<double>(), batch, digest);
    case PhysicalType::kByteArray: return DrainTyped(reader->As<ByteArray>(), batch, digest);
    case PhysicalType::kFixedLenByteArray:
      return DrainTyped(reader->As<FixedLenByteArray>(), batch, digest);
  }
  return Status::Internal("unknown physical type");
}

// Reads every column chunk to the end.  Stops at the first error.
inline Status ReadEverything(const FileReader& reader, int64_t batch, uint64_t* digest = nullptr) {
  for (int g = 0; g < reader.metadata().num_row_groups(); ++g) {
    for (int c = 0; c < reader.schema().num_columns(); ++c) {
      PARQ_ASSIGN_OR_RETURN(auto col, reader.OpenColumn(g, c));
      PARQ_RETURN_IF_ERROR(DrainColumn(col.get(), batch, digest));
    }
  }
  return Status::OK();
}

// Like ReadEverything, but keeps going after a failing chunk (so one broken
// chunk does not hide the others from a fuzzer); returns the first error.
inline Status ReadEverythingKeepGoing(const FileReader& reader, int64_t batch) {
  Status first = Status::OK();
  for (int g = 0; g < reader.metadata().num_row_groups(); ++g) {
    for (int c = 0; c < reader.schema().num_columns(); ++c) {
      auto col = reader.OpenColumn(g, c);
      Status s = col.ok() ? DrainColumn(col->get(), batch, nullptr) : col.status();
      if (!s.ok() && first.ok()) first = s;
    }
  }
  return first;
}

}  // namespace parq::hostile

#endif  // PARQ_TESTS_HOSTILE_READ_ALL_UTIL_H_
