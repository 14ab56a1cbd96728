// DuckDB's C API, loaded at run time from the libduckdb.so that the npm
// package @duckdb/node-bindings-linux-x64 ships (installed by the interop
// tests), for tests that need a real Arrow consumer and producer.  Only the
// few functions called are declared, with the signatures of DuckDB's
// duckdb.h; nothing of DuckDB is linked.
//
//   PARQ_ASSIGN_OR_RETURN(auto db, DuckDb::Open(PARQ_DUCKDB_LIB));
//   PARQ_RETURN_IF_ERROR(db->Run("CREATE TABLE t AS SELECT * FROM read_parquet('x.parquet')"));
//   PARQ_ASSIGN_OR_RETURN(std::string n, db->Scalar("SELECT count(*) FROM t"));
//   PARQ_RETURN_IF_ERROR(db->ArrowScan("v", &stream));   // a view over an ArrowArrayStream
//   PARQ_RETURN_IF_ERROR(db->QueryArrow("SELECT * FROM t", &stream));  // a result as one
//
// Ownership: a DuckDb owns one in-memory database and one connection.
// ArrowScan borrows the stream: it must stay alive (and unreleased) until
// the view has been read; the caller releases it.  QueryArrow's stream is the
// caller's to release, before the DuckDb is destroyed.  Thread-safety: none.
#ifndef PARQ_TESTS_TESTING_DUCKDB_CAPI_H_
#define PARQ_TESTS_TESTING_DUCKDB_CAPI_H_

#include <memory>
#include <string>

#include "parq/arrow_c.h"
#include "parq/result.h"
#include "parq/status.h"

namespace parq::testing {

class DuckDb {
 public:
  // dlopens `library` (libduckdb.so) and opens an in-memory database.
  static Result<std::unique_ptr<DuckDb>> Open(const std::string& library);
  ~DuckDb();

  // Runs `sql`; its error text on failure (kInvalidArgument).
  Status Run(const std::string& sql);
  // The first column of the first row of `sql`'s result, as text ("NULL"
  // for a null).
  Result<std::string> Scalar(const std::string& sql);
  // Registers `stream` as the view `name` (duckdb_arrow_scan).
  Status ArrowScan(const std::string& name, ArrowArrayStream* stream);
  // `sql`'s (materialized) result as an ArrowArrayStream in *out, through
  // duckdb_query_arrow / _schema / _array: DuckDB's own Arrow export.
  Status QueryArrow(const std::string& sql, ArrowArrayStream* out);
  // DuckDB's version ("v1.4.1").
  std::string Version() const;

  struct Api;

 private:
  DuckDb() = default;
  std::unique_ptr<Api> api_;
  void* library_ = nullptr;
  void* database_ = nullptr;
  void* connection_ = nullptr;
};

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_DUCKDB_CAPI_H_
