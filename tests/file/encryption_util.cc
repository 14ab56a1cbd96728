// The corpus's encryption keys and Arrow's encryption test rows (see
// encryption_util.h).
#include "file/encryption_util.h"

#include <cstdio>
#include <cstring>
#include <map>

#include "parq/column_reader.h"

namespace parq::testing {
namespace {

// The keys of the corpus READMEs: footer 0123456789012345, column keys
// 1234567890123450, …1; AES-256: 01234567890123456789012345678901 and
// 1234567890123456789012345678901 followed by 2, 3, … per column.
std::map<std::string, std::string> KeysById(bool aes256) {
  std::map<std::string, std::string> keys;
  if (!aes256) {
    keys["kf"] = "0123456789012345";
    keys["kc1"] = "1234567890123450";
    keys["kc2"] = "1234567890123451";
    return keys;
  }
  keys["kf"] = "01234567890123456789012345678901";
  for (int i = 1; i <= 8; ++i) keys["kc" + std::to_string(i)] = "1234567890123456789012345678901" + std::to_string(i + 1);
  return keys;
}

// Which key id encrypts which column (the READMEs' lists).
const std::map<std::string, std::string> kColumnKeyIds = {
    {"double_field", "kc1"}, {"float_field", "kc2"}, {"boolean_field", "kc3"}, {"int32_field", "kc4"},
    {"ba_field", "kc5"},     {"flba_field", "kc6"},  {"int64_field.list.element", "kc7"}, {"int96_field", "kc8"}};

class MapRetriever : public KeyRetriever {
 public:
  explicit MapRetriever(std::map<std::string, std::string> keys) : keys_(std::move(keys)) {}
  Result<std::string> RetrieveKey(std::string_view key_metadata) const override {
    auto it = keys_.find(std::string(key_metadata));
    if (it == keys_.end()) return Status::InvalidArgument("no key with id '" + std::string(key_metadata) + "'");
    return it->second;
  }

 private:
  std::map<std::string, std::string> keys_;
};

template <typename T>
std::string Bytes(const T& v) {
  return std::string(reinterpret_cast<const char*>(&v), sizeof v);
}

template <typename T>
Status ReadAll(ColumnReader& reader, ChunkCells* out) {
  TypedColumnReader<T>* typed = reader.As<T>();
  const int width = reader.descriptor().type_length;
  int16_t def[64], rep[64];
  T values[64];
  while (true) {
    int64_t values_read = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t levels, typed->ReadBatch(64, def, rep, values, &values_read));
    if (levels == 0) return Status::OK();
    if (reader.descriptor().max_definition_level > 0) out->def.insert(out->def.end(), def, def + levels);
    if (reader.descriptor().max_repetition_level > 0) out->rep.insert(out->rep.end(), rep, rep + levels);
    for (int64_t i = 0; i < values_read; ++i) {
      if constexpr (std::is_same_v<T, bool>) {
        out->values.push_back(values[i] ? "1" : "0");
      } else if constexpr (std::is_same_v<T, ByteArray>) {
        out->values.push_back(std::string(values[i].view()));
      } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
        out->values.push_back(std::string(reinterpret_cast<const char*>(values[i].ptr), static_cast<size_t>(width)));
      } else {
        out->values.push_back(Bytes(values[i]));
      }
    }
  }
}

}  // namespace

std::shared_ptr<DecryptionProperties> CorpusKeys(bool aes256, const std::string& aad_prefix) {
  auto props = std::make_shared<DecryptionProperties>();
  auto keys = KeysById(aes256);
  props->footer_key = keys["kf"];
  for (const auto& [column, id] : kColumnKeyIds) {
    if (keys.count(id)) props->column_keys[column] = keys[id];
  }
  if (!aad_prefix.empty()) props->aad_prefix = aad_prefix;
  return props;
}

std::shared_ptr<DecryptionProperties> CorpusKeysByRetriever(bool aes256, const std::string& aad_prefix) {
  auto props = std::make_shared<DecryptionProperties>();
  props->key_retriever = std::make_shared<MapRetriever>(KeysById(aes256));
  if (!aad_prefix.empty()) props->aad_prefix = aad_prefix;
  return props;
}

Result<ChunkCells> ReadChunk(const FileReader& file, int row_group, int column) {
  PARQ_ASSIGN_OR_RETURN(auto reader, file.OpenColumn(row_group, column));
  ChunkCells cells;
  switch (reader->physical_type()) {
    case PhysicalType::kBoolean: PARQ_RETURN_IF_ERROR(ReadAll<bool>(*reader, &cells)); break;
    case PhysicalType::kInt32: PARQ_RETURN_IF_ERROR(ReadAll<int32_t>(*reader, &cells)); break;
    case PhysicalType::kInt64: PARQ_RETURN_IF_ERROR(ReadAll<int64_t>(*reader, &cells)); break;
    case PhysicalType::kInt96: PARQ_RETURN_IF_ERROR(ReadAll<Int96>(*reader, &cells)); break;
    case PhysicalType::kFloat: PARQ_RETURN_IF_ERROR(ReadAll<float>(*reader, &cells)); break;
    case PhysicalType::kDouble: PARQ_RETURN_IF_ERROR(ReadAll<double>(*reader, &cells)); break;
    case PhysicalType::kByteArray: PARQ_RETURN_IF_ERROR(ReadAll<ByteArray>(*reader, &cells)); break;
    case PhysicalType::kFixedLenByteArray: PARQ_RETURN_IF_ERROR(ReadAll<FixedLenByteArray>(*reader, &cells)); break;
    default: return Status::Unsupported("physical type");
  }
  return cells;
}

// Arrow's GenerateSampleData and FileEncryptor::EncryptFile, row by row
// (kFixedLength = 10, rows_per_rowgroup_ = 50).
ChunkCells GeneratedChunk(const std::string& name, int16_t max_def, int16_t max_rep) {
  constexpr int kRows = 50;
  constexpr int kFixedLength = 10;
  ChunkCells c;
  for (int i = 0; i < kRows; ++i) {
    if (name == "boolean_field") {
      c.values.push_back(i % 2 == 0 ? "1" : "0");
    } else if (name == "int32_field") {
      c.values.push_back(Bytes(int32_t{i}));
    } else if (name == "int64_field" || name == "int64_field.list.element") {
      // Two values a row: (2i) * 10^12 and (2i + 1) * 10^12.
      for (int k = 0; k < 2; ++k) {
        int64_t value = int64_t{2 * i + k} * 1000 * 1000;
        value *= 1000 * 1000;
        c.values.push_back(Bytes(value));
        c.def.push_back(max_def);
        c.rep.push_back(k == 0 ? 0 : max_rep);
      }
    } else if (name == "int96_field") {
      Int96 v;
      v.value[0] = static_cast<uint32_t>(i);
      v.value[1] = static_cast<uint32_t>(i + 1);
      v.value[2] = static_cast<uint32_t>(i + 2);
      c.values.push_back(Bytes(v));
    } else if (name == "float_field") {
      c.values.push_back(Bytes(static_cast<float>(i) * 1.1f));
    } else if (name == "double_field") {
      c.values.push_back(Bytes(i * 1.1111111));
    } else if (name == "ba_field") {
      // "parquet" and three digits of i, every other row null.
      if (i % 2 == 0) {
        char hello[kFixedLength + 1];
        std::snprintf(hello, sizeof hello, "parquet%03d", i);
        c.values.push_back(std::string(hello, kFixedLength));
      }
      c.def.push_back(i % 2 == 0 ? 1 : 0);
    } else if (name == "flba_field") {
      c.values.push_back(std::string(kFixedLength, static_cast<char>(i)));
    }
  }
  if (max_def > 0 && c.def.empty()) c.def.assign(kRows, max_def);
  (void)max_rep;
  return c;
}

std::string DiffFromGenerator(const FileReader& file) {
  std::string diff;
  const FileMetaData& md = file.metadata();
  if (md.num_rows() != 50) diff += "num_rows " + std::to_string(md.num_rows()) + "; ";
  if (md.schema().num_columns() != 8) diff += "columns " + std::to_string(md.schema().num_columns()) + "; ";
  for (int g = 0; g < md.num_row_groups(); ++g) {
    for (int c = 0; c < md.schema().num_columns(); ++c) {
      const ColumnDescriptor& d = md.schema().column(c);
      auto cells = ReadChunk(file, g, c);
      if (!cells.ok()) {
        diff += d.dotted_path + ": " + cells.status().ToString() + "; ";
        continue;
      }
      if (*cells != GeneratedChunk(d.dotted_path, d.max_definition_level, d.max_repetition_level)) {
        diff += d.dotted_path + ": values differ from the generator's; ";
      }
    }
  }
  return diff;
}

}  // namespace parq::testing
