// examples/write_file.cc — writing a Parquet file with parq's public API, then
// reading it back and checking every value.
//
//   write_file [FILE] [ROWS]        (default example.parquet, 1000000 rows)
//
// The table has an int64, a nullable string, a timestamp (µs, UTC), a
// decimal(10,2), a list<int32> and a map<string, int64>; every value follows
// from its row number (MakeRow), so the reader knows what each row must hold.
// The columns are written a batch of rows at a time by typed column writers,
// with the definition and repetition levels that say where the nulls, empty
// lists and list elements are; they are read back as nested rows
// (RowReader).  Exit status 0 when every row matches, 1 on a mismatch or an
// error (on stderr).
#include <algorithm>
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <optional>
#include <string>
#include <utility>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/record.h"

namespace {

constexpr const char* kSchema = R"(message example {
  required int64 id;
  optional binary name (STRING);
  required int64 ts (TIMESTAMP(MICROS,true));
  required int64 price (DECIMAL(10,2));
  optional group tags (LIST) {
    repeated group list {
      required int32 element;
    }
  }
  optional group attrs (MAP) {
    repeated group key_value {
      required binary key (STRING);
      required int64 value;
    }
  }
})";

// Row i of the table.
struct Row {
  int64_t id;
  std::optional<std::string> name;                                   // null every 7th row
  int64_t ts;                                                        // µs since 1970, UTC
  int64_t price;                                                     // cents: decimal(10,2)
  std::optional<std::vector<int32_t>> tags;                          // null every 11th, 0..3 items
  std::optional<std::vector<std::pair<std::string, int64_t>>> attrs; // null every 13th, 0..2 entries
};

Row MakeRow(int64_t i) {
  Row r{i, std::nullopt, 1'700'000'000'000'000 + i * 1'000'003, (i * 7919) % 10'000'000'000, {}, {}};
  if (i % 7 != 0) r.name = "name-" + std::to_string(i % 1000);
  if (i % 11 != 0) {
    r.tags.emplace();
    for (int64_t k = 0; k < i % 4; ++k) r.tags->push_back(static_cast<int32_t>(i + k));
  }
  if (i % 13 != 0) {
    r.attrs.emplace();
    for (int64_t k = 0; k < i % 3; ++k) r.attrs->emplace_back("k" + std::to_string(k), i * 10 + k);
  }
  return r;
}

// One leaf's levels and (non-null) values for a batch of rows.
template <typename T>
struct Leaf {
  std::vector<int16_t> def, rep;
  std::vector<T> values;
  void Add(int16_t d, int16_t r) { def.push_back(d); rep.push_back(r); }
  int64_t levels() const { return def.empty() ? static_cast<int64_t>(values.size()) : static_cast<int64_t>(def.size()); }
  void Clear() { def.clear(); rep.clear(); values.clear(); }
};

// The seven leaves in schema order, filled from rows [begin, end).
struct Batch {
  std::vector<Row> rows;
  Leaf<int64_t> id, ts, price, value;
  Leaf<parq::ByteArray> name, key;
  Leaf<int32_t> tag;

  static parq::ByteArray Bytes(const std::string& s) {
    return {reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
  }

  void Fill(int64_t begin, int64_t end) {
    rows.clear();
    for (auto* l : {&id, &ts, &price, &value}) l->Clear();
    name.Clear(); key.Clear(); tag.Clear();
    for (int64_t i = begin; i < end; ++i) rows.push_back(MakeRow(i));
    for (const Row& r : rows) {  // ByteArrays point into `rows`, kept until the next Fill
      id.values.push_back(r.id);
      ts.values.push_back(r.ts);
      price.values.push_back(r.price);
      name.def.push_back(r.name ? 1 : 0);
      if (r.name) name.values.push_back(Bytes(*r.name));
      // tags: def 0 null list, 1 empty list, 2 an element; rep 1 continues the list.
      if (!r.tags || r.tags->empty()) tag.Add(r.tags ? 1 : 0, 0);
      for (size_t k = 0; r.tags && k < r.tags->size(); ++k) {
        tag.Add(2, k == 0 ? 0 : 1);
        tag.values.push_back((*r.tags)[k]);
      }
      // attrs: the same levels for the key and the value column.
      if (!r.attrs || r.attrs->empty()) {
        key.Add(r.attrs ? 1 : 0, 0);
        value.Add(r.attrs ? 1 : 0, 0);
      }
      for (size_t k = 0; r.attrs && k < r.attrs->size(); ++k) {
        key.Add(2, k == 0 ? 0 : 1);
        value.Add(2, k == 0 ? 0 : 1);
        key.values.push_back(Bytes((*r.attrs)[k].first));
        value.values.push_back((*r.attrs)[k].second);
      }
    }
  }
};

template <typename T>
parq::Status Put(parq::FileWriter& file, int column, const Leaf<T>& leaf) {
  PARQ_ASSIGN_OR_RETURN(parq::TypedColumnWriter<T>* writer, file.typed_column<T>(column));
  const bool has_rep = file.schema().column(column).max_repetition_level > 0;
  return writer->WriteBatch(leaf.levels(), leaf.def.empty() ? nullptr : leaf.def.data(),
                            has_rep ? leaf.rep.data() : nullptr, leaf.values.data());
}

parq::Status WriteTable(const std::string& path, int64_t rows) {
  PARQ_ASSIGN_OR_RETURN(parq::Schema schema, parq::ParseMessageType(kSchema));
  parq::WriterOptions options;
  options.column_defaults.compression = parq::Compression::kZstd;
  PARQ_ASSIGN_OR_RETURN(auto file, parq::FileWriter::Open(path, schema, options));
  Batch b;
  for (int64_t begin = 0; begin < rows; begin += 65536) {
    b.Fill(begin, std::min(rows, begin + 65536));
    PARQ_RETURN_IF_ERROR(Put(*file, 0, b.id));
    PARQ_RETURN_IF_ERROR(Put(*file, 1, b.name));
    PARQ_RETURN_IF_ERROR(Put(*file, 2, b.ts));
    PARQ_RETURN_IF_ERROR(Put(*file, 3, b.price));
    PARQ_RETURN_IF_ERROR(Put(*file, 4, b.tag));
    PARQ_RETURN_IF_ERROR(Put(*file, 5, b.key));
    PARQ_RETURN_IF_ERROR(Put(*file, 6, b.value));
    PARQ_RETURN_IF_ERROR(file->MaybeEndRowGroup());  // between whole rows
  }
  return file->Close();
}

// Row r as RowReader gives it: a struct of the top-level fields holding
// physical values (the timestamp and the decimal are int64s; the schema keeps
// their logical types), a list of int32s, a map of {key, value} structs.
parq::Value ToValue(const Row& r) {
  using parq::Value;
  Value row = Value::Struct();
  row.AddField("id", Value::Int64(r.id));
  row.AddField("name", r.name ? Value::Bytes(*r.name) : Value::Null());
  row.AddField("ts", Value::Int64(r.ts));
  row.AddField("price", Value::Int64(r.price));
  Value& tags = row.AddField("tags", r.tags ? Value::List() : Value::Null());
  for (size_t k = 0; r.tags && k < r.tags->size(); ++k) tags.Append(Value::Int32((*r.tags)[k]));
  Value& attrs = row.AddField("attrs", r.attrs ? Value::Map() : Value::Null());
  for (size_t k = 0; r.attrs && k < r.attrs->size(); ++k) {
    Value& entry = attrs.Append(Value::Struct());
    entry.AddField("key", Value::Bytes((*r.attrs)[k].first));
    entry.AddField("value", Value::Int64((*r.attrs)[k].second));
  }
  return row;
}

// Reads the file back as nested rows; counts the rows that differ from MakeRow.
parq::Result<int64_t> CheckTable(const std::string& path, int64_t rows) {
  PARQ_ASSIGN_OR_RETURN(auto file, parq::FileReader::Open(path));
  PARQ_ASSIGN_OR_RETURN(auto reader, parq::RowReader::Open(*file));
  parq::Value row;
  int64_t i = 0, mismatches = 0;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&row));
    if (!more) break;
    if (!(row == ToValue(MakeRow(i))) && mismatches++ < 10)
      std::fprintf(stderr, "row %" PRId64 " differs: %s\n", i, row.DebugString().c_str());
    ++i;
  }
  if (i != rows || file->metadata().num_rows() != rows) {
    std::fprintf(stderr, "read %" PRId64 " rows (footer: %" PRId64 "), wrote %" PRId64 "\n", i,
                 file->metadata().num_rows(), rows);
    ++mismatches;
  }
  return mismatches;
}

}  // namespace

int main(int argc, char** argv) {
  const std::string path = argc > 1 ? argv[1] : "example.parquet";
  const int64_t rows = argc > 2 ? std::strtoll(argv[2], nullptr, 10) : 1'000'000;
  if (parq::Status st = WriteTable(path, rows); !st.ok()) {
    std::fprintf(stderr, "write_file: writing %s: %s\n", path.c_str(), st.ToString().c_str());
    return 1;
  }
  parq::Result<int64_t> mismatches = CheckTable(path, rows);
  if (!mismatches.ok()) {
    std::fprintf(stderr, "write_file: reading %s: %s\n", path.c_str(), mismatches.status().ToString().c_str());
    return 1;
  }
  if (*mismatches != 0) {
    std::fprintf(stderr, "write_file: %" PRId64 " rows of %s differ\n", *mismatches, path.c_str());
    return 1;
  }
  std::printf("write_file: wrote %s (%" PRId64 " rows) and read every value back\n", path.c_str(), rows);
  return 0;
}
