// examples/read_file.cc — reading a Parquet file with parq's public API:
// open it, print its schema, read one column's values (nulls included) with
// a typed column reader, then the first rows as nested values in the JSON
// of docs/rows-as-json.md.
//
//   read_file FILE [COLUMN] [N]
//
// COLUMN is a leaf's dotted path outside any list or map (default: the first
// such leaf); N how many values and rows to print (default 5).  Exit status 1
// with the error on stderr when the file cannot be read.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/version.h"

namespace {

std::string Text(bool v) { return v ? "true" : "false"; }
std::string Text(int32_t v) { return std::to_string(v); }
std::string Text(int64_t v) { return std::to_string(v); }
std::string Text(float v) { return std::to_string(v); }
std::string Text(double v) { return std::to_string(v); }
std::string Text(const parq::ByteArray& v) { return "\"" + std::string(v.view()) + "\""; }
std::string Text(const parq::Int96& v) { return "int96(day " + std::to_string(v.julian_day()) + ")"; }
std::string Text(const parq::FixedLenByteArray&) { return "(fixed-length bytes)"; }

// Prints the first `limit` entries of flat column `col`, "null" where the
// definition level is below the column's max.  ReadBatch packs the non-null
// values densely at the front of `values`.
template <typename T>
parq::Status PrintColumn(const parq::FileReader& file, int col, int64_t limit) {
  const parq::ColumnDescriptor& column = file.schema().column(col);
  auto def = std::make_unique<int16_t[]>(limit);
  auto values = std::make_unique<T[]>(limit);
  int64_t shown = 0;
  for (int rg = 0; rg < file.metadata().num_row_groups() && shown < limit; ++rg) {
    PARQ_ASSIGN_OR_RETURN(auto reader, file.OpenColumn(rg, col));
    parq::TypedColumnReader<T>* typed = reader->As<T>();
    while (shown < limit) {
      int64_t values_read = 0;
      PARQ_ASSIGN_OR_RETURN(int64_t levels,
                            typed->ReadBatch(limit - shown, def.get(), nullptr, values.get(), &values_read));
      if (levels == 0) break;  // end of this row group's chunk
      for (int64_t i = 0, v = 0; i < levels; ++i, ++shown) {
        bool present = column.max_definition_level == 0 || def[i] == column.max_definition_level;
        std::printf("  %s\n", present ? Text(values[v++]).c_str() : "null");
      }
    }
  }
  return parq::Status::OK();
}

parq::Status PrintTypedColumn(const parq::FileReader& file, int col, int64_t limit) {
  switch (file.schema().column(col).physical_type) {
    case parq::PhysicalType::kBoolean: return PrintColumn<bool>(file, col, limit);
    case parq::PhysicalType::kInt32: return PrintColumn<int32_t>(file, col, limit);
    case parq::PhysicalType::kInt64: return PrintColumn<int64_t>(file, col, limit);
    case parq::PhysicalType::kInt96: return PrintColumn<parq::Int96>(file, col, limit);
    case parq::PhysicalType::kFloat: return PrintColumn<float>(file, col, limit);
    case parq::PhysicalType::kDouble: return PrintColumn<double>(file, col, limit);
    case parq::PhysicalType::kByteArray: return PrintColumn<parq::ByteArray>(file, col, limit);
    case parq::PhysicalType::kFixedLenByteArray: return PrintColumn<parq::FixedLenByteArray>(file, col, limit);
  }
  return parq::Status::Internal("unknown physical type");
}

parq::Status Run(const std::string& path, const char* column_path, int64_t limit) {
  PARQ_ASSIGN_OR_RETURN(auto file, parq::FileReader::Open(path));
  std::printf("%s: %" PRId64 " rows in %d row groups (read with parq %s)\n%s\n", path.c_str(),
              file->metadata().num_rows(), file->metadata().num_row_groups(), parq::Version(),
              file->schema().ToString().c_str());

  // A typed column: the named leaf, or the first one outside lists and maps.
  int col = -1;
  if (column_path != nullptr) {
    col = file->schema().FindColumnIndex(column_path);
    if (col < 0) return parq::Status::InvalidArgument(std::string("no column ") + column_path);
  } else {
    for (const parq::ColumnDescriptor& c : file->schema().columns()) {
      if (c.max_repetition_level == 0) { col = c.index; break; }
    }
  }
  if (col >= 0) {
    const parq::ColumnDescriptor& c = file->schema().column(col);
    if (c.max_repetition_level > 0) return parq::Status::InvalidArgument(c.dotted_path + " is inside a list or map");
    std::printf("column %s (%s), first %" PRId64 " values:\n", c.dotted_path.c_str(),
                std::string(parq::PhysicalTypeName(c.physical_type)).c_str(), limit);
    PARQ_RETURN_IF_ERROR(PrintTypedColumn(*file, col, limit));
  }

  // Nested rows: lists, maps and structs assembled from every leaf.
  std::printf("first %" PRId64 " rows:\n", limit);
  PARQ_ASSIGN_OR_RETURN(auto rows, parq::JsonRowReader::Open(*file));
  std::string json;
  for (int64_t i = 0; i < limit; ++i) {
    json.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&json));
    if (!more) break;
    std::printf("  %s\n", json.c_str());
  }
  return parq::Status::OK();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 4) {
    std::fprintf(stderr, "usage: read_file FILE [COLUMN] [N]\n");
    return 2;
  }
  const char* column = argc > 2 && argv[2][0] != '\0' ? argv[2] : nullptr;
  int64_t limit = argc > 3 ? std::strtoll(argv[3], nullptr, 10) : 5;
  if (limit <= 0) limit = 5;
  parq::Status st = Run(argv[1], column, limit);
  if (!st.ok()) {
    std::fprintf(stderr, "read_file: %s\n", st.ToString().c_str());
    return 1;
  }
  return 0;
}
