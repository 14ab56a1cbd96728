// Dataset::Open: the files found, their partitions parsed and typed, their
// schemas unified (docs/dataset.md).
#include <algorithm>
#include <charconv>
#include <utility>

#include "dataset/dataset_impl.h"
#include "dataset/file_listing.h"
#include "dataset/hive_path.h"
#include "dataset/schema_unify.h"
#include "parq/file_reader.h"
#include "parq/logical_values.h"

namespace parq {
namespace {

std::optional<int64_t> ParseInt64(std::string_view s) {
  int64_t v = 0;
  const char* first = s.data();
  if (!s.empty() && s[0] == '+') ++first;
  const auto [ptr, ec] = std::from_chars(first, s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size() || first == s.data() + s.size()) return std::nullopt;
  return v;
}

std::optional<double> ParseDouble(std::string_view s) {
  double v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// Exactly YYYY-MM-DD, a valid day.
std::optional<int32_t> ParseDate(std::string_view s) {
  if (s.size() != 10 || s[4] != '-' || s[7] != '-') return std::nullopt;
  for (size_t i : {0, 1, 2, 3, 5, 6, 8, 9}) {
    if (s[i] < '0' || s[i] > '9') return std::nullopt;
  }
  auto d = Date::FromString(s);
  if (!d.ok()) return std::nullopt;
  return d->days_since_epoch();
}

std::optional<Value> PartitionValue(PartitionType type, const std::string& text) {
  switch (type) {
    case PartitionType::kInt64:
      if (auto v = ParseInt64(text)) return Value::Int64(*v);
      return std::nullopt;
    case PartitionType::kDouble:
      if (auto v = ParseDouble(text)) return Value::Double(*v);
      return std::nullopt;
    case PartitionType::kDate:
      if (auto v = ParseDate(text)) return Value::Int32(*v);
      return std::nullopt;
    case PartitionType::kString:
      return Value::Bytes(text);
  }
  return std::nullopt;
}

PartitionType Infer(const std::vector<const std::string*>& values) {
  for (PartitionType t : {PartitionType::kInt64, PartitionType::kDate, PartitionType::kDouble}) {
    if (std::all_of(values.begin(), values.end(),
                    [t](const std::string* v) { return PartitionValue(t, *v).has_value(); })) {
      return t;
    }
  }
  return PartitionType::kString;
}

std::unique_ptr<SchemaNode> PartitionNode(const PartitionField& f) {
  switch (f.type) {
    case PartitionType::kInt64:
      return SchemaNode::MakePrimitive(f.name, Repetition::kOptional, PhysicalType::kInt64);
    case PartitionType::kDouble:
      return SchemaNode::MakePrimitive(f.name, Repetition::kOptional, PhysicalType::kDouble);
    case PartitionType::kDate:
      return SchemaNode::MakePrimitive(f.name, Repetition::kOptional, PhysicalType::kInt32, LogicalType::Date());
    case PartitionType::kString:
      break;
  }
  return SchemaNode::MakePrimitive(f.name, Repetition::kOptional, PhysicalType::kByteArray, LogicalType::String());
}

// The part of `relative` that names directories.
std::vector<std::pair<std::string, std::optional<std::string>>> PartitionsOf(const std::string& relative) {
  std::vector<std::pair<std::string, std::optional<std::string>>> out;
  size_t start = 0;
  while (true) {
    const size_t slash = relative.find('/', start);
    if (slash == std::string::npos) break;  // the last segment is the file's name
    if (auto kv = dataset::ParsePartitionSegment(std::string_view(relative).substr(start, slash - start))) {
      out.push_back(std::move(*kv));
    }
    start = slash + 1;
  }
  return out;
}

struct FileSchemaSummary {
  // Top-level fields: name, type text, repetition.
  std::vector<std::tuple<std::string, std::string, Repetition>> fields;
  bool has_schema = false;
};

Result<std::unique_ptr<Dataset::Impl>> OpenListed(std::vector<dataset::ListedFile> listed,
                                                  const DatasetOptions& options) {
  auto impl = std::make_unique<Dataset::Impl>();
  impl->options = options;
  dataset::SchemaUnifier unifier;
  std::vector<FileSchemaSummary> summaries;
  std::vector<std::string> partition_keys;
  for (dataset::ListedFile& lf : listed) {
    DatasetFile file;
    file.path = lf.path;
    file.file_size = lf.size;
    if (options.hive_partitioning) file.partition = PartitionsOf(lf.relative);
    FileSchemaSummary summary;
    if (lf.size > 0) {
      auto reader = FileReader::Open(lf.path, options.reader_options);
      if (!reader.ok()) {
        if (options.skip_invalid) {
          impl->skipped.push_back(lf.path + ": " + reader.status().ToString());
          continue;
        }
        Status st = reader.status();
        return std::move(st).AddContext("dataset file '" + lf.path + "'");
      }
      const FileMetaData& md = (*reader)->metadata();
      file.num_rows = md.num_rows();
      file.num_row_groups = md.num_row_groups();
      const Schema& s = (*reader)->schema();
      PARQ_RETURN_IF_ERROR(unifier.Add(s, lf.path));
      summary.has_schema = true;
      for (int i = 0; i < s.root().num_children(); ++i) {
        const SchemaNode& f = s.root().child(i);
        summary.fields.emplace_back(f.name(), dataset::TypeText(f), f.repetition());
      }
    }
    for (const auto& kv : file.partition) {
      if (std::find(partition_keys.begin(), partition_keys.end(), kv.first) == partition_keys.end()) {
        partition_keys.push_back(kv.first);
      }
    }
    impl->num_rows += file.num_rows;
    impl->files.push_back(std::move(file));
    summaries.push_back(std::move(summary));
  }
  if (impl->files.empty()) return Status::InvalidArgument("dataset: no readable Parquet file");

  // Partition columns: declared or inferred types, values per file.
  for (const std::string& key : partition_keys) {
    if (std::find(unifier.names().begin(), unifier.names().end(), key) != unifier.names().end()) {
      return Status::InvalidArgument("dataset: '" + key + "' is both a partition key (a '" + key +
                                     "=' directory) and a column of the files");
    }
    PartitionField field{key, PartitionType::kString};
    const auto declared = std::find_if(options.partition_types.begin(), options.partition_types.end(),
                                       [&](const PartitionField& f) { return f.name == key; });
    if (declared != options.partition_types.end()) {
      field.type = declared->type;
    } else {
      std::vector<const std::string*> values;
      for (const DatasetFile& f : impl->files) {
        for (const auto& kv : f.partition) {
          if (kv.first == key && kv.second) values.push_back(&*kv.second);
        }
      }
      field.type = Infer(values);
    }
    impl->partition_fields.push_back(field);
  }
  for (const DatasetFile& f : impl->files) {
    std::vector<Value> values(impl->partition_fields.size());
    for (size_t k = 0; k < impl->partition_fields.size(); ++k) {
      const PartitionField& pf = impl->partition_fields[k];
      for (const auto& kv : f.partition) {
        if (kv.first != pf.name || !kv.second) continue;
        auto v = PartitionValue(pf.type, *kv.second);
        if (!v) {
          return Status::InvalidArgument("dataset: file '" + f.path + "': partition value '" + *kv.second +
                                         "' of '" + pf.name + "' is not a " +
                                         std::string(PartitionTypeName(pf.type)));
        }
        values[k] = std::move(*v);
      }
    }
    impl->partition_values.push_back(std::move(values));
  }

  // The unified schema.
  std::vector<std::unique_ptr<SchemaNode>> fields = unifier.Fields();
  impl->num_file_fields = static_cast<int>(fields.size());
  for (const PartitionField& pf : impl->partition_fields) fields.push_back(PartitionNode(pf));
  auto root = SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields));
  SchemaOptions schema_options;
  schema_options.strict = false;
  schema_options.max_depth = options.reader_options.max_schema_depth;
  PARQ_ASSIGN_OR_RETURN(impl->schema, Schema::Make(std::move(root), schema_options));

  // Which fields each file has, and how it differs from the unified schema.
  const SchemaNode& uroot = impl->schema.root();
  for (size_t i = 0; i < impl->files.size(); ++i) {
    const FileSchemaSummary& s = summaries[i];
    std::vector<bool> has(static_cast<size_t>(impl->num_file_fields), false);
    for (int u = 0; u < impl->num_file_fields; ++u) {
      const SchemaNode& un = uroot.child(u);
      const auto it = std::find_if(s.fields.begin(), s.fields.end(),
                                   [&](const auto& f) { return std::get<0>(f) == un.name(); });
      if (it == s.fields.end()) {
        if (s.has_schema) impl->files[i].differences.push_back(un.name() + ": absent");
        continue;
      }
      has[static_cast<size_t>(u)] = true;
      const std::string utype = dataset::TypeText(un);
      if (std::get<1>(*it) != utype) {
        impl->files[i].differences.push_back(un.name() + ": " + std::get<1>(*it) + ", widened to " + utype);
      } else if (std::get<2>(*it) != un.repetition()) {
        impl->files[i].differences.push_back(un.name() + ": " + std::string(RepetitionName(std::get<2>(*it))));
      }
    }
    impl->has_field.push_back(std::move(has));
  }
  return impl;
}

}  // namespace

std::string_view PartitionTypeName(PartitionType t) {
  switch (t) {
    case PartitionType::kInt64: return "int64";
    case PartitionType::kDouble: return "double";
    case PartitionType::kDate: return "date";
    case PartitionType::kString: return "string";
  }
  return "?";
}

Dataset::Dataset(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
Dataset::~Dataset() = default;

Result<std::unique_ptr<Dataset>> Dataset::Open(const std::string& path_or_glob, const DatasetOptions& options) {
  PARQ_ASSIGN_OR_RETURN(std::vector<dataset::ListedFile> listed, dataset::ListFiles(path_or_glob));
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<Impl> impl, OpenListed(std::move(listed), options));
  return std::unique_ptr<Dataset>(new Dataset(std::move(impl)));
}

Result<std::unique_ptr<Dataset>> Dataset::Open(const std::vector<std::string>& files, const DatasetOptions& options) {
  if (files.empty()) return Status::InvalidArgument("dataset: no file given");
  std::vector<dataset::ListedFile> listed;
  for (const std::string& path : files) {
    PARQ_ASSIGN_OR_RETURN(std::vector<dataset::ListedFile> one, dataset::ListFiles(path));
    if (one.size() != 1 || one[0].path != path) {
      return Status::InvalidArgument("dataset: '" + path + "' is not a file");
    }
    listed.push_back(std::move(one[0]));
  }
  PARQ_ASSIGN_OR_RETURN(std::unique_ptr<Impl> impl, OpenListed(std::move(listed), options));
  return std::unique_ptr<Dataset>(new Dataset(std::move(impl)));
}

const Schema& Dataset::schema() const { return impl_->schema; }
const std::vector<PartitionField>& Dataset::partition_fields() const { return impl_->partition_fields; }
const std::vector<DatasetFile>& Dataset::files() const { return impl_->files; }
const std::vector<std::string>& Dataset::skipped() const { return impl_->skipped; }
const DatasetOptions& Dataset::options() const { return impl_->options; }
int64_t Dataset::num_rows() const { return impl_->num_rows; }

}  // namespace parq
