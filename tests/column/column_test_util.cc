#include "column_test_util.h"

#include <memory>
#include <vector>

#include "record/leaf_format.h"

namespace parq::testing_util {
namespace {

template <typename T>
Status Drain(TypedColumnReader<T>* r, const LeafFormatter* f, int64_t batch,
             std::vector<std::string>* out) {
  std::vector<int16_t> def(static_cast<size_t>(batch)), rep(static_cast<size_t>(batch));
  std::unique_ptr<T[]> values(new T[static_cast<size_t>(batch)]);
  const int16_t max_def = r->descriptor().max_definition_level;
  while (true) {
    int64_t values_read = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t levels, r->ReadBatch(batch, def.data(), rep.data(),
                                                       values.get(), &values_read));
    if (levels == 0) return Status::OK();
    if (!out) continue;
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
  }
}

Status DrainAny(ColumnReader* reader, const LeafFormatter* f, int64_t batch,
                std::vector<std::string>* out) {
  switch (reader->physical_type()) {
    case PhysicalType::kBoolean: return Drain(reader->As<bool>(), f, batch, out);
    case PhysicalType::kInt32: return Drain(reader->As<int32_t>(), f, batch, out);
    case PhysicalType::kInt64: return Drain(reader->As<int64_t>(), f, batch, out);
    case PhysicalType::kInt96: return Drain(reader->As<Int96>(), f, batch, out);
    case PhysicalType::kFloat: return Drain(reader->As<float>(), f, batch, out);
    case PhysicalType::kDouble: return Drain(reader->As<double>(), f, batch, out);
    case PhysicalType::kByteArray: return Drain(reader->As<ByteArray>(), f, batch, out);
    case PhysicalType::kFixedLenByteArray:
      return Drain(reader->As<FixedLenByteArray>(), f, batch, out);
  }
  return Status::Internal("unknown physical type");
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
