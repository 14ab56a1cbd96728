#include "column_test_util.h"

#include <memory>
#include <vector>

#include "json/leaf_format.h"

namespace parq::testing_util {
namespace {

// One batch; returns the level entries read (0 at the end).
template <typename T>
Result<int64_t> DrainBatch(TypedColumnReader<T>* r, const LeafFormatter* f, int64_t batch,
                           std::vector<std::string>* out) {
  std::vector<int16_t> def(static_cast<size_t>(batch)), rep(static_cast<size_t>(batch));
  std::unique_ptr<T[]> values(new T[static_cast<size_t>(batch)]);
  const int16_t max_def = r->descriptor().max_definition_level;
  int64_t values_read = 0;
  PARQ_ASSIGN_OR_RETURN(int64_t levels, r->ReadBatch(batch, def.data(), rep.data(),
                                                     values.get(), &values_read));
  if (levels == 0 || !out) return levels;
  int64_t v = 0;
  for (int64_t i = 0; i < levels; ++i) {
    if (max_def > 0 && def[static_cast<size_t>(i)] < max_def) {
      out->push_back("null");
      continue;
    }
    std::string s;
    const T& x = values[static_cast<size_t>(v++)];
    if constexpr (std::is_same_v<T, bool>) {
      f->Bool(s, x);
    } else if constexpr (std::is_same_v<T, int32_t>) {
      PARQ_RETURN_IF_ERROR(f->Int32(s, x));
    } else if constexpr (std::is_same_v<T, int64_t>) {
      PARQ_RETURN_IF_ERROR(f->Int64(s, x));
    } else if constexpr (std::is_same_v<T, Int96>) {
      f->Int96(s, x);
    } else if constexpr (std::is_same_v<T, float>) {
      f->Float(s, x);
    } else if constexpr (std::is_same_v<T, double>) {
      f->Double(s, x);
    } else if constexpr (std::is_same_v<T, ByteArray>) {
      PARQ_RETURN_IF_ERROR(f->Bytes(s, {x.ptr, x.len}));
    } else {
      PARQ_RETURN_IF_ERROR(f->Bytes(
          s, {x.ptr, static_cast<size_t>(r->descriptor().type_length)}));
    }
    out->push_back(std::move(s));
  }
  if (v != values_read) return Status::Internal("value count mismatch in test reader");
  return levels;
}

Result<int64_t> DrainBatchAny(ColumnReader* reader, const LeafFormatter* f, int64_t batch,
                              std::vector<std::string>* out) {
  switch (reader->physical_type()) {
    case PhysicalType::kBoolean: return DrainBatch(reader->As<bool>(), f, batch, out);
    case PhysicalType::kInt32: return DrainBatch(reader->As<int32_t>(), f, batch, out);
    case PhysicalType::kInt64: return DrainBatch(reader->As<int64_t>(), f, batch, out);
    case PhysicalType::kInt96: return DrainBatch(reader->As<Int96>(), f, batch, out);
    case PhysicalType::kFloat: return DrainBatch(reader->As<float>(), f, batch, out);
    case PhysicalType::kDouble: return DrainBatch(reader->As<double>(), f, batch, out);
    case PhysicalType::kByteArray: return DrainBatch(reader->As<ByteArray>(), f, batch, out);
    case PhysicalType::kFixedLenByteArray:
      return DrainBatch(reader->As<FixedLenByteArray>(), f, batch, out);
  }
  return Status::Internal("unknown physical type");
}

Status DrainAny(ColumnReader* reader, const LeafFormatter* f, int64_t batch,
                std::vector<std::string>* out) {
  while (true) {
    PARQ_ASSIGN_OR_RETURN(int64_t levels, DrainBatchAny(reader, f, batch, out));
    if (levels == 0) return Status::OK();
  }
}

}  // namespace

Result<std::vector<std::string>> ReadColumnAsJson(const FileReader& reader, int column,
                                                  int64_t batch) {
  std::vector<std::string> out;
  LeafFormatter f(reader.schema().column(column));
  for (int g = 0; g < reader.metadata().num_row_groups(); ++g) {
    PARQ_ASSIGN_OR_RETURN(auto col, reader.OpenColumn(g, column));
    PARQ_RETURN_IF_ERROR(DrainAny(col.get(), &f, batch, &out));
  }
  return out;
}

Result<int64_t> ReadBatchAsJson(ColumnReader* reader, int64_t batch, std::vector<std::string>* out) {
  LeafFormatter f(reader->descriptor());
  return DrainBatchAny(reader, &f, batch, out);
}

Status ReadAllColumns(const FileReader& reader) {
  for (int g = 0; g < reader.metadata().num_row_groups(); ++g) {
    for (int c = 0; c < reader.schema().num_columns(); ++c) {
      LeafFormatter f(reader.schema().column(c));
      PARQ_ASSIGN_OR_RETURN(auto col, reader.OpenColumn(g, c));
      PARQ_RETURN_IF_ERROR(DrainAny(col.get(), &f, 997, nullptr));
    }
  }
  return Status::OK();
}

}  // namespace parq::testing_util
