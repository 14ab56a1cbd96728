#include "dataset/dataset_files_util.h"

#include <unistd.h>

#include <algorithm>

#include "parq/file_writer.h"
#include "parq/row_writer.h"

namespace parq::testing {

TempDir::TempDir(const std::string& name)
    : path_(std::filesystem::temp_directory_path() /
            ("parq_dataset_" + name + "_" + std::to_string(::getpid()))) {
  std::filesystem::remove_all(path_);
  std::filesystem::create_directories(path_);
}

TempDir::~TempDir() {
  std::error_code ec;
  // Make unreadable entries removable again.
  for (auto it = std::filesystem::recursive_directory_iterator(path_, ec);
       !ec && it != std::filesystem::recursive_directory_iterator(); it.increment(ec)) {
    std::filesystem::permissions(it->path(), std::filesystem::perms::owner_all,
                                 std::filesystem::perm_options::add, ec);
  }
  std::filesystem::remove_all(path_, ec);
}

Status WriteRows(const std::string& path, const Schema& schema, const std::vector<Value>& rows,
                 int64_t rows_per_group, const WriterOptions& options) {
  std::filesystem::create_directories(std::filesystem::path(path).parent_path());
  WriterOptions o = options;
  o.max_rows_per_row_group = rows_per_group;
  PARQ_ASSIGN_OR_RETURN(auto file, FileWriter::Open(path, schema, o));
  PARQ_ASSIGN_OR_RETURN(auto writer, RowWriter::Open(*file));
  for (const Value& r : rows) PARQ_RETURN_IF_ERROR(writer->Write(r));
  PARQ_RETURN_IF_ERROR(writer->Close());
  return file->Close();
}

Value Row(std::vector<std::pair<std::string, Value>> fields) {
  Value v = Value::Struct();
  for (auto& [name, value] : fields) v.AddField(name, std::move(value));
  return v;
}

Value ListFileRow(int id, int i, std::vector<std::pair<std::string, Value>> more) {
  Value tags = Value::List();
  for (int k = 0; k < i % 3; ++k) tags.Append(k == 1 ? Value::Null() : Value::Bytes("t" + std::to_string(k)));
  std::vector<std::pair<std::string, Value>> fields = {
      {"id", Value::Int32(id)}, {"x", i % 4 == 0 ? Value::Null() : Value::Float(static_cast<float>(i) / 2)}};
  for (auto& f : more) fields.push_back(std::move(f));
  fields.emplace_back("tags", i % 5 == 0 ? Value::Null() : tags);
  return Row(std::move(fields));
}

Result<std::vector<Value>> ReadAll(const Dataset& ds, const DatasetScanOptions& options, int64_t* files_opened,
                                   int64_t* files_pruned) {
  PARQ_ASSIGN_OR_RETURN(auto reader, DatasetRowReader::Open(ds, options));
  std::vector<Value> rows;
  Value row;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&row));
    if (!more) break;
    rows.push_back(row);
  }
  if (files_opened != nullptr) *files_opened = reader->files_opened();
  if (files_pruned != nullptr) *files_pruned = reader->files_pruned();
  return rows;
}

std::vector<std::string> SortedText(std::vector<Value> rows) {
  std::vector<std::string> out;
  for (const Value& r : rows) out.push_back(r.DebugString());
  std::sort(out.begin(), out.end());
  return out;
}

}  // namespace parq::testing
