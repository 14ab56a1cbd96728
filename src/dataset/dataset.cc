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

std::string_view Trim(std::string_view s) {
  while (!s.empty() && (s.front() == ' ' || s.front() == '\t')) s.remove_prefix(1);
  while (!s.empty() && (s.back() == ' ' || s.back() == '\t')) s.remove_suffix(1);
  return s;
}

// An integer as DuckDB's strict cast to BIGINT takes it: spaces around,
// an optional '-', decimal digits without a leading zero unless signed
// ("0", "-007"; not "007", "+5", "1_000", "1e3"), or 0x / 0b digits.
std::optional<int64_t> ParseInt64(std::string_view s) {
  s = Trim(s);
  const bool negative = !s.empty() && s[0] == '-';
  std::string_view digits = negative ? s.substr(1) : s;
  int base = 10;
  if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'x' || digits[1] == 'X')) {
    base = 16;
  } else if (digits.size() > 2 && digits[0] == '0' && (digits[1] == 'b' || digits[1] == 'B')) {
    base = 2;
  } else if (!negative && digits.size() > 1 && digits[0] == '0') {
    return std::nullopt;
  }
  if (base != 10) digits.remove_prefix(2);
  if (digits.empty()) return std::nullopt;
  uint64_t magnitude = 0;
  const auto [ptr, ec] = std::from_chars(digits.data(), digits.data() + digits.size(), magnitude, base);
  if (ec != std::errc() || ptr != digits.data() + digits.size()) return std::nullopt;
  const uint64_t limit = negative ? uint64_t{1} << 63 : (uint64_t{1} << 63) - 1;
  if (magnitude > limit) return std::nullopt;
  return negative ? static_cast<int64_t>(0 - magnitude) : static_cast<int64_t>(magnitude);
}

std::optional<double> ParseDouble(std::string_view s) {
  s = Trim(s);
  double v = 0;
  const auto [ptr, ec] = std::from_chars(s.data(), s.data() + s.size(), v);
  if (s.empty() || ec != std::errc() || ptr != s.data() + s.size()) return std::nullopt;
  return v;
}

// Digits [*at, ...) of at most max_digits, at least one.
std::optional<int64_t> Digits(std::string_view s, size_t* at, size_t max_digits) {
  int64_t v = 0;
  size_t n = 0;
  while (*at < s.size() && n < max_digits && s[*at] >= '0' && s[*at] <= '9') {
    v = v * 10 + (s[(*at)++] - '0');
    ++n;
  }
  if (n == 0) return std::nullopt;
  return v;
}

// Days since 1970-01-01 of a proleptic Gregorian date (H. Hinnant's days_from_civil).
int64_t DaysFromCivil(int64_t y, int64_t m, int64_t d) {
  y -= m <= 2;
  const int64_t era = (y >= 0 ? y : y - 399) / 400;
  const int64_t yoe = y - era * 400;
  const int64_t doy = (153 * (m + (m > 2 ? -3 : 9)) + 2) / 5 + d - 1;
  const int64_t doe = yoe * 365 + yoe / 4 - yoe / 100 + doy;
  return era * 146097 + doe - 719468;
}

// Y-M-D (1 to 7 year digits, 1 or 2 month and day digits, a valid day) at
// the start of `s`; *at set past it.
std::optional<int32_t> DatePrefix(std::string_view s, size_t* at) {
  const auto y = Digits(s, at, 7);
  if (!y || *at >= s.size() || s[(*at)++] != '-') return std::nullopt;
  const auto m = Digits(s, at, 2);
  if (!m || *at >= s.size() || s[(*at)++] != '-') return std::nullopt;
  const auto d = Digits(s, at, 2);
  if (!d || *m < 1 || *m > 12 || *d < 1) return std::nullopt;
  static constexpr int kDays[] = {31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31};
  const bool leap = (*y % 4 == 0 && *y % 100 != 0) || *y % 400 == 0;
  if (*d > kDays[*m - 1] + (*m == 2 && leap ? 1 : 0)) return std::nullopt;
  const int64_t days = DaysFromCivil(*y, *m, *d);
  if (days < INT32_MIN || days > INT32_MAX) return std::nullopt;
  return static_cast<int32_t>(days);
}

// A date as DuckDB's strict cast to DATE takes it: Y-M-D, spaces around.
std::optional<int32_t> ParseDate(std::string_view s) {
  s = Trim(s);
  size_t at = 0;
  auto d = DatePrefix(s, &at);
  if (!d || at != s.size()) return std::nullopt;
  return d;
}

// A timestamp as DuckDB's strict cast to TIMESTAMP takes it: Y-M-D, ' ' or
// 'T', HH:MM[:SS[.fraction]] (digits past microseconds dropped), an
// optional 'Z', spaces around; microseconds since the epoch.
std::optional<int64_t> ParseTimestamp(std::string_view s) {
  s = Trim(s);
  size_t at = 0;
  const auto days = DatePrefix(s, &at);
  if (!days || at >= s.size() || (s[at] != ' ' && s[at] != 'T')) return std::nullopt;
  ++at;
  const auto hh = Digits(s, &at, 2);
  if (!hh || at >= s.size() || s[at++] != ':') return std::nullopt;
  const auto mm = Digits(s, &at, 2);
  if (!mm) return std::nullopt;
  int64_t ss = 0, micros = 0;
  if (at < s.size() && s[at] == ':') {
    ++at;
    const auto sec = Digits(s, &at, 2);
    if (!sec) return std::nullopt;
    ss = *sec;
    if (at < s.size() && s[at] == '.') {
      ++at;
      int64_t scale = 100000;
      size_t n = 0;
      for (; at < s.size() && s[at] >= '0' && s[at] <= '9'; ++at, ++n) {
        micros += (s[at] - '0') * scale;
        scale /= 10;
      }
      if (n == 0) return std::nullopt;
    }
  }
  if (at < s.size() && s[at] == 'Z') ++at;
  if (at != s.size() || *hh > 23 || *mm > 59 || ss > 59) return std::nullopt;
  return (static_cast<int64_t>(*days) * 86400 + *hh * 3600 + *mm * 60 + ss) * 1000000 + micros;
}

// What reads as null whatever the type (DuckDB's rule): the empty value and
// NULL in any case (__HIVE_DEFAULT_PARTITION__ is parsed as null before).
bool IsNullText(std::string_view s) {
  return s.empty() || (s.size() == 4 && (s[0] | 0x20) == 'n' && (s[1] | 0x20) == 'u' && (s[2] | 0x20) == 'l' &&
                       (s[3] | 0x20) == 'l');
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
    case PartitionType::kTimestamp:
      if (auto v = ParseTimestamp(text)) return Value::Int64(*v);
      return std::nullopt;
    case PartitionType::kString:
      return Value::Bytes(text);
  }
  return std::nullopt;
}

// DuckDB's hive type detection: each value takes the first of DATE,
// TIMESTAMP, BIGINT it casts to strictly, else VARCHAR; a key whose values
// disagree is VARCHAR.  No DOUBLE: '1.5' is a string.
PartitionType Infer(const std::vector<const std::string*>& values) {
  std::optional<PartitionType> out;
  for (const std::string* v : values) {
    PartitionType t = PartitionType::kString;
    for (PartitionType c : {PartitionType::kDate, PartitionType::kTimestamp, PartitionType::kInt64}) {
      if (PartitionValue(c, *v).has_value()) {
        t = c;
        break;
      }
    }
    if (out && *out != t) return PartitionType::kString;
    out = t;
  }
  return out.value_or(PartitionType::kString);
}

std::unique_ptr<SchemaNode> PartitionNode(const PartitionField& f) {
  switch (f.type) {
    case PartitionType::kInt64:
      return SchemaNode::MakePrimitive(f.name, Repetition::kOptional, PhysicalType::kInt64);
    case PartitionType::kDouble:
      return SchemaNode::MakePrimitive(f.name, Repetition::kOptional, PhysicalType::kDouble);
    case PartitionType::kDate:
      return SchemaNode::MakePrimitive(f.name, Repetition::kOptional, PhysicalType::kInt32, LogicalType::Date());
    case PartitionType::kTimestamp:
      return SchemaNode::MakePrimitive(f.name, Repetition::kOptional, PhysicalType::kInt64,
                                       LogicalType::Timestamp(TimeUnit::kMicros, false));
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

// A file's top-level fields against the declared schema: each one the
// declared schema names must widen to the declared type (the unification of
// the two is the declared field itself); a declared required field must be
// in the file and required there.
Status CheckDeclared(const Schema& declared, const Schema& file, const std::string& path) {
  const SchemaNode& droot = declared.root();
  for (int i = 0; i < droot.num_children(); ++i) {
    const SchemaNode& d = droot.child(i);
    const SchemaNode* f = nullptr;
    for (int k = 0; k < file.root().num_children() && f == nullptr; ++k) {
      if (file.root().child(k).name() == d.name()) f = &file.root().child(k);
    }
    if (f == nullptr) {
      if (d.repetition() == Repetition::kRequired) {
        return Status::InvalidArgument("dataset: column '" + d.name() + "' is required in the declared schema but " +
                                       path + " lacks it");
      }
      continue;
    }
    std::vector<std::unique_ptr<SchemaNode>> one;
    one.push_back(dataset::CopyNode(d));
    std::vector<std::unique_ptr<SchemaNode>> other;
    other.push_back(dataset::CopyNode(*f));
    SchemaOptions so;
    so.strict = false;
    PARQ_ASSIGN_OR_RETURN(Schema ds, Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(one)), so));
    PARQ_ASSIGN_OR_RETURN(Schema fs, Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(other)), so));
    dataset::SchemaUnifier u;
    Status st = u.Add(ds, "the declared schema");
    if (st.ok()) st = u.Add(fs, path);
    const std::string declared_type = dataset::TypeText(d);
    if (!st.ok() || dataset::TypeText(*u.Fields().front()) != declared_type ||
        (d.repetition() == Repetition::kRequired && f->repetition() != Repetition::kRequired)) {
      return Status::InvalidArgument("dataset: column '" + d.name() + "' is " + dataset::TypeText(*f) + " " +
                                     std::string(RepetitionName(f->repetition())) + " in " + path +
                                     ", which does not convert to the declared " + declared_type + " " +
                                     std::string(RepetitionName(d.repetition())));
    }
  }
  return Status::OK();
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
    bool empty = false;  // a URL of 0 bytes: read as a local file of 0 bytes is
    auto reader = lf.size != 0 ? dataset::OpenDatasetFile(lf.path, options, &empty)
                               : Result<std::unique_ptr<FileReader>>(std::unique_ptr<FileReader>());
    if (empty) file.file_size = 0;
    if (lf.size != 0 && !empty) {
      if (!reader.ok()) {
        if (options.skip_invalid) {
          impl->skipped.push_back(lf.path + ": " + reader.status().ToString());
          continue;
        }
        Status st = reader.status();
        return std::move(st).AddContext("dataset file '" + lf.path + "'");
      }
      if (lf.size < 0) file.file_size = static_cast<int64_t>((*reader)->file().size());
      const FileMetaData& md = (*reader)->metadata();
      file.num_rows = md.num_rows();
      file.num_row_groups = md.num_row_groups();
      const Schema& s = (*reader)->schema();
      if (options.schema != nullptr) {
        PARQ_RETURN_IF_ERROR(CheckDeclared(*options.schema, s, lf.path));
      } else {
        PARQ_RETURN_IF_ERROR(unifier.Add(s, lf.path));
      }
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
  std::vector<std::string> file_names = unifier.names();
  if (options.schema != nullptr) {
    file_names.clear();
    for (int i = 0; i < options.schema->root().num_children(); ++i) {
      file_names.push_back(options.schema->root().child(i).name());
    }
  }
  for (const std::string& key : partition_keys) {
    if (std::find(file_names.begin(), file_names.end(), key) != file_names.end()) {
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
          if (kv.first == key && kv.second && !IsNullText(*kv.second)) values.push_back(&*kv.second);
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
        if (kv.first != pf.name || !kv.second || IsNullText(*kv.second)) continue;
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
  std::vector<std::unique_ptr<SchemaNode>> fields;
  if (options.schema != nullptr) {
    for (int i = 0; i < options.schema->root().num_children(); ++i) {
      fields.push_back(dataset::CopyNode(options.schema->root().child(i)));
    }
  } else {
    fields = unifier.Fields();
  }
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
    case PartitionType::kTimestamp: return "timestamp";
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
