#include "testing/duckdb_capi.h"

#include <dlfcn.h>

#include <cerrno>
#include <cstdint>

namespace parq::testing {

namespace {

// From duckdb.h: the handles are pointers to one-pointer structs; a result
// is a struct of six words the caller provides.
using idx_t = uint64_t;
using duckdb_state = int;  // DuckDBSuccess = 0, DuckDBError = 1
struct duckdb_result {
  idx_t deprecated_column_count;
  idx_t deprecated_row_count;
  idx_t deprecated_rows_changed;
  void* deprecated_columns;
  char* deprecated_error_message;
  void* internal_data;
};

}  // namespace

struct DuckDb::Api {
  duckdb_state (*open)(const char* path, void** out_database);
  void (*close)(void** database);
  duckdb_state (*connect)(void* database, void** out_connection);
  void (*disconnect)(void** connection);
  duckdb_state (*query)(void* connection, const char* query, duckdb_result* out_result);
  void (*destroy_result)(duckdb_result* result);
  const char* (*result_error)(duckdb_result* result);
  idx_t (*row_count)(duckdb_result* result);
  bool (*value_is_null)(duckdb_result* result, idx_t col, idx_t row);
  char* (*value_varchar)(duckdb_result* result, idx_t col, idx_t row);
  void (*free)(void* ptr);
  duckdb_state (*arrow_scan)(void* connection, const char* table_name, void* arrow_stream);
  // duckdb_arrow is a handle; duckdb_arrow_schema / duckdb_arrow_array are
  // pointers to the caller's ArrowSchema / ArrowArray, which DuckDB fills
  // (an array left unfilled at the end of the result).
  duckdb_state (*query_arrow)(void* connection, const char* query, void** out_result);
  duckdb_state (*query_arrow_schema)(void* result, void** out_schema);
  duckdb_state (*query_arrow_array)(void* result, void** out_array);
  const char* (*query_arrow_error)(void* result);
  void (*destroy_arrow)(void** result);
  const char* (*library_version)();
};

Result<std::unique_ptr<DuckDb>> DuckDb::Open(const std::string& library) {
  std::unique_ptr<DuckDb> db(new DuckDb);
  db->library_ = dlopen(library.c_str(), RTLD_NOW | RTLD_LOCAL);
  if (db->library_ == nullptr) return Status::IOError("dlopen " + library + ": " + dlerror());
  db->api_ = std::make_unique<Api>();
  Api& a = *db->api_;
  Status missing;
  auto load = [&](auto*& fn, const char* name) {
    fn = reinterpret_cast<std::remove_reference_t<decltype(fn)>>(dlsym(db->library_, name));
    if (fn == nullptr && missing.ok()) missing = Status::IOError(std::string("libduckdb has no ") + name);
  };
  load(a.open, "duckdb_open");
  load(a.close, "duckdb_close");
  load(a.connect, "duckdb_connect");
  load(a.disconnect, "duckdb_disconnect");
  load(a.query, "duckdb_query");
  load(a.destroy_result, "duckdb_destroy_result");
  load(a.result_error, "duckdb_result_error");
  load(a.row_count, "duckdb_row_count");
  load(a.value_is_null, "duckdb_value_is_null");
  load(a.value_varchar, "duckdb_value_varchar");
  load(a.free, "duckdb_free");
  load(a.arrow_scan, "duckdb_arrow_scan");
  load(a.query_arrow, "duckdb_query_arrow");
  load(a.query_arrow_schema, "duckdb_query_arrow_schema");
  load(a.query_arrow_array, "duckdb_query_arrow_array");
  load(a.query_arrow_error, "duckdb_query_arrow_error");
  load(a.destroy_arrow, "duckdb_destroy_arrow");
  load(a.library_version, "duckdb_library_version");
  PARQ_RETURN_IF_ERROR(missing);
  if (a.open(nullptr, &db->database_) != 0) return Status::IOError("duckdb_open failed");
  if (a.connect(db->database_, &db->connection_) != 0) return Status::IOError("duckdb_connect failed");
  return db;
}

DuckDb::~DuckDb() {
  if (api_ != nullptr) {
    if (connection_ != nullptr) api_->disconnect(&connection_);
    if (database_ != nullptr) api_->close(&database_);
  }
  // libduckdb stays loaded: its threads and atexit handlers may outlive us.
}

Status DuckDb::Run(const std::string& sql) {
  duckdb_result r{};
  const duckdb_state st = api_->query(connection_, sql.c_str(), &r);
  Status out;
  if (st != 0) {
    const char* e = api_->result_error(&r);
    out = Status::InvalidArgument(std::string(e != nullptr ? e : "error") + " [" + sql + "]");
  }
  api_->destroy_result(&r);
  return out;
}

Result<std::string> DuckDb::Scalar(const std::string& sql) {
  duckdb_result r{};
  if (api_->query(connection_, sql.c_str(), &r) != 0) {
    const char* e = api_->result_error(&r);
    Status out = Status::InvalidArgument(std::string(e != nullptr ? e : "error") + " [" + sql + "]");
    api_->destroy_result(&r);
    return out;
  }
  std::string value = "NULL";
  if (api_->row_count(&r) == 0) {
    value = "<no rows>";
  } else if (!api_->value_is_null(&r, 0, 0)) {
    char* v = api_->value_varchar(&r, 0, 0);
    value = v != nullptr ? v : "NULL";
    api_->free(v);
  }
  api_->destroy_result(&r);
  return value;
}

Status DuckDb::ArrowScan(const std::string& name, ArrowArrayStream* stream) {
  if (api_->arrow_scan(connection_, name.c_str(), stream) != 0) {
    return Status::InvalidArgument("duckdb_arrow_scan refused the stream for '" + name + "'");
  }
  return Status::OK();
}

namespace {

// A duckdb_arrow result as an ArrowArrayStream (its private_data).
struct ResultStream {
  const DuckDb::Api* api;
  void* result;
  std::string error;
};

}  // namespace

Status DuckDb::QueryArrow(const std::string& sql, ArrowArrayStream* out) {
  void* result = nullptr;
  if (api_->query_arrow(connection_, sql.c_str(), &result) != 0) {
    const char* e = result != nullptr ? api_->query_arrow_error(result) : nullptr;
    Status st = Status::InvalidArgument(std::string(e != nullptr ? e : "error") + " [" + sql + "]");
    api_->destroy_arrow(&result);
    return st;
  }
  out->private_data = new ResultStream{api_.get(), result, std::string()};
  out->get_schema = [](ArrowArrayStream* s, ArrowSchema* schema) -> int {
    auto* self = static_cast<ResultStream*>(s->private_data);
    schema->release = nullptr;
    void* p = schema;
    if (self->api->query_arrow_schema(self->result, &p) != 0 || schema->release == nullptr) {
      const char* e = self->api->query_arrow_error(self->result);
      self->error = std::string("duckdb_query_arrow_schema failed") + (e != nullptr && *e != 0 ? ": " : "") +
                    (e != nullptr ? e : "");
      return EIO;
    }
    return 0;
  };
  out->get_next = [](ArrowArrayStream* s, ArrowArray* batch) -> int {
    auto* self = static_cast<ResultStream*>(s->private_data);
    batch->release = nullptr;  // stays so at the end of the result
    void* p = batch;
    if (self->api->query_arrow_array(self->result, &p) != 0) {
      const char* e = self->api->query_arrow_error(self->result);
      self->error = e != nullptr ? e : "duckdb_query_arrow_array failed";
      return EIO;
    }
    return 0;
  };
  out->get_last_error = [](ArrowArrayStream* s) -> const char* {
    return static_cast<ResultStream*>(s->private_data)->error.c_str();
  };
  out->release = [](ArrowArrayStream* s) {
    auto* self = static_cast<ResultStream*>(s->private_data);
    self->api->destroy_arrow(&self->result);
    delete self;
    s->release = nullptr;
  };
  return Status::OK();
}

std::string DuckDb::Version() const { return api_->library_version(); }

}  // namespace parq::testing
