// PartitionedWriter: rows spread over key=value directories of a temporary
// tree that Close() renames into place (parq/partitioned_writer.h).
#include "parq/partitioned_writer.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <charconv>
#include <cstdio>
#include <cstring>
#include <filesystem>
#include <map>

#include "dataset/hive_path.h"
#include "dataset/schema_unify.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/logical_value_access.h"
#include "parq/row_writer.h"
#include "util/pool_option.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

std::string Errno(int e) { return std::strerror(e); }

template <typename T>
std::string Shortest(T v) {
  char buf[64];
  const auto r = std::to_chars(buf, buf + sizeof buf, v);
  return std::string(buf, r.ptr);
}

// A partition value's directory text; nullopt for null.
Result<std::optional<std::string>> PartitionText(const Value& v, const SchemaNode& node) {
  if (v.is_null()) return std::optional<std::string>();
  const LogicalType& l = node.logical_type();
  using K = LogicalType::Kind;
  switch (l.kind()) {
    case K::kDecimal: {
      PARQ_ASSIGN_OR_RETURN(Decimal d, DecimalOf(v, node));
      return std::optional<std::string>(d.ToString());
    }
    case K::kDate: {
      PARQ_ASSIGN_OR_RETURN(Date d, DateOf(v, node));
      return std::optional<std::string>(d.ToString());
    }
    case K::kTime: {
      PARQ_ASSIGN_OR_RETURN(Time t, TimeOf(v, node));
      return std::optional<std::string>(t.ToString());
    }
    case K::kTimestamp: {
      PARQ_ASSIGN_OR_RETURN(Timestamp t, TimestampOf(v, node));
      return std::optional<std::string>(t.ToString());
    }
    case K::kUuid: {
      PARQ_ASSIGN_OR_RETURN(Uuid u, UuidOf(v, node));
      return std::optional<std::string>(u.ToString());
    }
    case K::kFloat16: {
      PARQ_ASSIGN_OR_RETURN(Float16 f, Float16Of(v, node));
      return std::optional<std::string>(f.ToString());
    }
    default:
      break;
  }
  const bool is_unsigned = l.kind() == K::kInt && !l.is_signed();
  switch (v.kind()) {
    case Value::Kind::kBool:
      return std::optional<std::string>(v.bool_value() ? "true" : "false");
    case Value::Kind::kInt32:
      return std::optional<std::string>(is_unsigned ? std::to_string(static_cast<uint32_t>(v.int32_value()))
                                                    : std::to_string(v.int32_value()));
    case Value::Kind::kInt64:
      return std::optional<std::string>(is_unsigned ? std::to_string(static_cast<uint64_t>(v.int64_value()))
                                                    : std::to_string(v.int64_value()));
    case Value::Kind::kFloat:
      return std::optional<std::string>(Shortest(v.float_value()));
    case Value::Kind::kDouble:
      return std::optional<std::string>(Shortest(v.double_value()));
    case Value::Kind::kInt96: {
      PARQ_ASSIGN_OR_RETURN(Timestamp t, TimestampOf(v, node));
      return std::optional<std::string>(t.ToString());
    }
    case Value::Kind::kBytes:
      return std::optional<std::string>(std::string(v.bytes()));
    default:
      break;
  }
  return Status::InvalidArgument("partition column '" + node.name() + "' holds a value of no leaf type");
}

Status SyncPath(const std::string& path, bool directory) {
  const int fd = ::open(path.c_str(), (directory ? O_RDONLY | O_DIRECTORY : O_RDONLY) | O_CLOEXEC);
  if (fd < 0) return Status::IOError("cannot open '" + path + "' to sync it: " + Errno(errno));
  const int rc = ::fsync(fd);
  const int e = errno;
  ::close(fd);
  if (rc != 0) return Status::IOError("cannot sync '" + path + "': " + Errno(e));
  return Status::OK();
}

// Removes the temporary trees a killed writer of `name` left in `parent`
// (those whose process is gone).
void RemoveStaleTemporaries(const fs::path& parent, const std::string& name) {
  const std::string prefix = "." + name + ".parq-tmp-";
  std::error_code ec;
  for (const auto& e : fs::directory_iterator(parent, ec)) {
    const std::string n = e.path().filename().string();
    if (n.rfind(prefix, 0) != 0) continue;
    const long pid = std::strtol(n.c_str() + prefix.size(), nullptr, 10);
    if (pid > 0 && pid != ::getpid() && ::kill(static_cast<pid_t>(pid), 0) != 0 && errno == ESRCH) {
      fs::remove_all(e.path(), ec);
    }
  }
}

std::atomic<int> temp_counter{0};

}  // namespace

struct PartitionedWriter::Impl {
  PartitionedWriterOptions options;
  Schema schema;       // the rows'
  Schema file_schema;  // without the partition columns
  std::vector<int> partition_index;  // top-level field index of each partition column
  std::vector<bool> is_partition;    // per top-level field
  std::string destination;
  std::string temp;
  bool closed = false;

  struct OpenFile {
    std::string path;
    std::unique_ptr<FileWriter> file;
    std::unique_ptr<RowWriter> rows;
    OutputStream* stream = nullptr;  // owned by file
    int64_t rows_in_file = 0;
    int64_t last_use = 0;
  };
  std::map<std::string, OpenFile> open;  // by partition directory
  std::vector<std::string> written;      // closed files, for syncing
  int64_t rows_written = 0;
  int64_t files_started = 0;
  int64_t tick = 0;
  Value file_row;

  Status CloseFile(OpenFile& f) {
    if (f.file == nullptr) return Status::OK();
    PARQ_RETURN_IF_ERROR(f.rows->Close());
    f.rows.reset();
    PARQ_RETURN_IF_ERROR(f.file->Close());
    f.file.reset();
    written.push_back(f.path);
    return Status::OK();
  }

  Result<OpenFile*> FileFor(const std::string& dir) {
    auto it = open.find(dir);
    if (it != open.end()) return &it->second;
    if (static_cast<int>(open.size()) >= std::max(1, options.max_open_files)) {
      auto lru = open.begin();
      for (auto i = open.begin(); i != open.end(); ++i) {
        if (i->second.last_use < lru->second.last_use) lru = i;
      }
      PARQ_RETURN_IF_ERROR(CloseFile(lru->second));
      open.erase(lru);
    }
    const fs::path d = fs::path(temp) / dir;
    std::error_code ec;
    fs::create_directories(d, ec);
    if (ec) return Status::IOError("cannot create directory '" + d.string() + "': " + ec.message());
    char name[32];
    std::snprintf(name, sizeof name, "part-%05lld.parquet", static_cast<long long>(files_started++));
    OpenFile f;
    f.path = (d / name).string();
    PARQ_ASSIGN_OR_RETURN(std::unique_ptr<OutputStream> out, OpenFileOutput(f.path));
    f.stream = out.get();
    PARQ_ASSIGN_OR_RETURN(f.file, FileWriter::Open(std::move(out), file_schema, options.writer_options));
    PARQ_ASSIGN_OR_RETURN(f.rows, RowWriter::Open(*f.file));
    return &open.emplace(dir, std::move(f)).first->second;
  }

  void RemoveTemp() {
    open.clear();
    std::error_code ec;
    if (!temp.empty()) fs::remove_all(temp, ec);
  }
};

PartitionedWriter::PartitionedWriter(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}

PartitionedWriter::~PartitionedWriter() {
  if (!impl_->closed) impl_->RemoveTemp();
}

Result<std::unique_ptr<PartitionedWriter>> PartitionedWriter::Open(const std::string& destination,
                                                                   const Schema& schema,
                                                                   const PartitionedWriterOptions& options) {
  if (options.partition_by.empty()) return Status::InvalidArgument("partitioned writer: no partition column given");
  if (options.max_rows_per_file < 0 || options.target_file_bytes < 0) {
    return Status::InvalidArgument("partitioned writer: max_rows_per_file and target_file_bytes must be >= 0");
  }
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  if (options.target_file_bytes > 0) {
    impl->options.writer_options.row_group_size =
        std::min(impl->options.writer_options.row_group_size, options.target_file_bytes);
  }
  PARQ_ASSIGN_OR_RETURN(impl->schema, schema.Clone());
  const SchemaNode& root = schema.root();
  impl->is_partition.assign(static_cast<size_t>(root.num_children()), false);
  for (const std::string& name : options.partition_by) {
    int found = -1;
    for (int i = 0; i < root.num_children(); ++i) {
      if (root.child(i).name() == name) {
        found = i;
        break;
      }
    }
    if (found < 0) return Status::InvalidArgument("partitioned writer: no top-level column '" + name + "'");
    const SchemaNode& n = root.child(found);
    if (n.is_group() || n.is_repeated()) {
      return Status::InvalidArgument("partitioned writer: '" + name +
                                     "' is not a leaf of one value per row; only such columns partition");
    }
    if (impl->is_partition[static_cast<size_t>(found)]) {
      return Status::InvalidArgument("partitioned writer: '" + name + "' is named twice");
    }
    impl->is_partition[static_cast<size_t>(found)] = true;
    impl->partition_index.push_back(found);
  }
  std::vector<std::unique_ptr<SchemaNode>> fields;
  for (int i = 0; i < root.num_children(); ++i) {
    if (!impl->is_partition[static_cast<size_t>(i)]) fields.push_back(dataset::CopyNode(root.child(i)));
  }
  if (fields.empty()) {
    return Status::InvalidArgument("partitioned writer: every column is a partition column; the files would have none");
  }
  PARQ_ASSIGN_OR_RETURN(impl->file_schema,
                        Schema::Make(SchemaNode::MakeGroup(root.name(), Repetition::kRequired, std::move(fields))));
  PARQ_RETURN_IF_ERROR(FileWriter::ValidateOptions(impl->options.writer_options, impl->file_schema));
  // One pool of `threads` for every file, rather than one for each open file.
  PARQ_ASSIGN_OR_RETURN(impl->options.writer_options.thread_pool,
                        util::PoolFor(impl->options.writer_options.thread_pool, impl->options.writer_options.threads));

  // The destination: absent or an empty directory; the temporary tree beside it.
  fs::path dest = fs::path(destination).lexically_normal();
  if (dest.has_filename() == false) dest = dest.parent_path();
  const std::string name = dest.filename().string();
  if (name.empty() || name == "." || name == "..") {
    return Status::InvalidArgument("partitioned writer: '" + destination + "' names no directory to create");
  }
  const fs::path parent = dest.has_parent_path() ? dest.parent_path() : fs::path(".");
  std::error_code ec;
  if (fs::exists(fs::symlink_status(dest, ec))) {
    if (!fs::is_directory(dest, ec) || !fs::is_empty(dest, ec)) {
      return Status::InvalidArgument("partitioned writer: the destination '" + destination +
                                     "' exists (it must be absent or an empty directory)");
    }
  }
  fs::create_directories(parent, ec);
  if (ec) return Status::IOError("cannot create directory '" + parent.string() + "': " + ec.message());
  RemoveStaleTemporaries(parent, name);
  impl->destination = dest.string();
  impl->temp = (parent / ("." + name + ".parq-tmp-" + std::to_string(::getpid()) + "-" +
                          std::to_string(temp_counter.fetch_add(1))))
                   .string();
  if (::mkdir(impl->temp.c_str(), 0777) != 0) {
    return Status::IOError("cannot create directory '" + impl->temp + "': " + Errno(errno));
  }
  return std::unique_ptr<PartitionedWriter>(new PartitionedWriter(std::move(impl)));
}

Status PartitionedWriter::Write(const Value& row) {
  Impl& m = *impl_;
  if (m.closed) return Status::InvalidArgument("partitioned writer: a row after Close()");
  const SchemaNode& root = m.schema.root();
  const auto bad_row = [&](const std::string& what) {
    return Status::InvalidArgument("partitioned writer: row " + std::to_string(m.rows_written) + ": " + what);
  };
  if (row.kind() != Value::Kind::kStruct || static_cast<int>(row.size()) != root.num_children()) {
    return bad_row("not a struct of the schema's " + std::to_string(root.num_children()) + " top-level fields");
  }
  std::string dir;
  for (int p : m.partition_index) {
    const SchemaNode& node = root.child(p);
    if (row.names()[static_cast<size_t>(p)] != node.name()) {
      return bad_row("field " + std::to_string(p) + " is '" + row.names()[static_cast<size_t>(p)] + "', not '" +
                     node.name() + "'");
    }
    const Value& v = row[static_cast<size_t>(p)];
    if (v.is_null() && !node.is_optional()) return bad_row("null in required column '" + node.name() + "'");
    auto text = PartitionText(v, node);
    if (!text.ok()) {
      Status st = text.status();
      return std::move(st).AddContext("row " + std::to_string(m.rows_written));
    }
    if (!dir.empty()) dir += '/';
    dir += dataset::PartitionSegment(node.name(), *text);
  }
  m.file_row.Reset(Value::Kind::kStruct);
  for (int i = 0; i < root.num_children(); ++i) {
    if (!m.is_partition[static_cast<size_t>(i)]) m.file_row.AddField(row.names()[static_cast<size_t>(i)], row[static_cast<size_t>(i)]);
  }
  PARQ_ASSIGN_OR_RETURN(Impl::OpenFile * f, m.FileFor(dir));
  f->last_use = ++m.tick;
  PARQ_RETURN_IF_ERROR(f->rows->Write(std::move(m.file_row)));
  ++f->rows_in_file;
  ++m.rows_written;
  const bool full_rows = m.options.max_rows_per_file > 0 && f->rows_in_file >= m.options.max_rows_per_file;
  const bool full_bytes =
      m.options.target_file_bytes > 0 && static_cast<int64_t>(f->stream->Tell()) >= m.options.target_file_bytes;
  if (full_rows || full_bytes) {
    PARQ_RETURN_IF_ERROR(m.CloseFile(*f));
    m.open.erase(dir);
  }
  return Status::OK();
}

Status PartitionedWriter::Close() {
  Impl& m = *impl_;
  if (m.closed) return Status::OK();
  Status st;
  for (auto& [dir, f] : m.open) {
    st = m.CloseFile(f);
    if (!st.ok()) break;
  }
  m.open.clear();
  // Every file and directory synced before the tree is named.
  for (size_t i = 0; st.ok() && i < m.written.size(); ++i) st = SyncPath(m.written[i], false);
  if (st.ok()) {
    std::error_code ec;
    std::vector<std::string> dirs;
    for (auto it = fs::recursive_directory_iterator(m.temp, ec); !ec && it != fs::recursive_directory_iterator();
         it.increment(ec)) {
      if (it->is_directory()) dirs.push_back(it->path().string());
    }
    dirs.push_back(m.temp);
    for (size_t i = 0; st.ok() && i < dirs.size(); ++i) st = SyncPath(dirs[i], true);
  }
  if (st.ok() && ::rename(m.temp.c_str(), m.destination.c_str()) != 0) {
    st = Status::IOError("cannot move '" + m.temp + "' to '" + m.destination + "': " + Errno(errno));
  }
  if (!st.ok()) {
    m.RemoveTemp();
    m.closed = true;
    return st;
  }
  m.closed = true;
  const fs::path parent = fs::path(m.destination).has_parent_path() ? fs::path(m.destination).parent_path()
                                                                     : fs::path(".");
  return SyncPath(parent.string(), true);
}

const Schema& PartitionedWriter::file_schema() const { return impl_->file_schema; }
int64_t PartitionedWriter::rows_written() const { return impl_->rows_written; }
int64_t PartitionedWriter::files_written() const { return static_cast<int64_t>(impl_->written.size()); }

}  // namespace parq
