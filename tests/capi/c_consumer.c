/* c_consumer: parq/c_api.h from a C compiler, as a tool outside the project
 * uses it.  Built as C99 with -Wall -Wextra -Werror -pedantic in the tree
 * (ctest capi_c_consumer) and by scripts/check-package.sh against the
 * installed header and libparq.so (cc ... -lparq), which proves the header
 * is C and the library exports the functions.
 *
 *   c_consumer FILE.parquet
 *
 * Prints the version, the metadata and the rows (JSON lines) of FILE, after
 * checking the error paths: a nonexistent file, NULL arguments, error
 * buffers of 0 and 1 bytes, an index out of range, an unknown column; then
 * streams FILE through the Arrow C Data Interface (parq_reader_to_arrow,
 * counting the rows of its batches) and hands such a stream to
 * parq_write_arrow with bad arguments (each an error, the stream released);
 * then filters on the first column: IS NULL and IS NOT NULL part the rows,
 * through parq_rows_open_filtered and parq_reader_to_arrow_filtered alike;
 * then the same rows as CSV records (parq_rows_open_csv: a header and one
 * record per row), and FILE verified (parq_verify_file: a JSON report);
 * then FILE streamed again on a thread pool (parq_thread_pool_make,
 * parq_reader_set_thread_pool), and bad thread counts refused.
 * Exit 0 when every check held, 1 otherwise (each failure on stderr). */
#include <stdio.h>
#include <string.h>

#include "parq/c_api.h"

static int failures = 0;

#define CHECK(cond)                                                           \
  do {                                                                        \
    if (!(cond)) {                                                            \
      fprintf(stderr, "c_consumer: FAIL line %d: %s\n", __LINE__, #cond);     \
      ++failures;                                                             \
    }                                                                         \
  } while (0)

/* The rows of `reader`'s file through parq_reader_to_arrow in batches of 3,
 * and parq_write_arrow's refusals of a NULL path and an unknown option. */
static void check_arrow(parq_reader* reader, int64_t num_rows) {
  struct ArrowArrayStream stream;
  struct ArrowSchema schema;
  struct ArrowArray batch;
  int64_t rows = 0, columns = 0;
  char error[256];

  CHECK(parq_reader_num_columns(reader, &columns) == PARQ_OK);
  CHECK(parq_reader_to_arrow(reader, "no_such_column", 0, &stream) == PARQ_ERROR_INVALID_ARGUMENT);
  if (parq_reader_to_arrow(reader, NULL, 3, &stream) != PARQ_OK) {
    fprintf(stderr, "c_consumer: %s\n", parq_reader_last_error(reader));
    ++failures;
    return;
  }
  CHECK(stream.get_schema(&stream, &schema) == 0);
  CHECK(strcmp(schema.format, "+s") == 0);
  schema.release(&schema);
  while (stream.get_next(&stream, &batch) == 0 && batch.release != NULL) {
    CHECK(batch.length <= 3);
    rows += batch.length;
    batch.release(&batch);
  }
  stream.release(&stream);
  CHECK(rows == num_rows);
  printf("arrow: %lld rows\n", (long long)rows);

  CHECK(parq_write_arrow(NULL, NULL, NULL, error, sizeof error) == PARQ_ERROR_INVALID_ARGUMENT);
  CHECK(parq_reader_to_arrow(reader, NULL, 0, &stream) == PARQ_OK);
  CHECK(parq_write_arrow(NULL, &stream, NULL, error, sizeof error) == PARQ_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(error, "Invalid argument: parq_write_arrow: path is NULL") == 0);
  CHECK(stream.release == NULL);
  CHECK(parq_reader_to_arrow(reader, NULL, 0, &stream) == PARQ_OK);
  CHECK(parq_write_arrow("/nonexistent/out.parquet", &stream, "colour=blue", error, sizeof error) ==
        PARQ_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(error, "'colour'") != NULL);
  CHECK(stream.release == NULL);
}

/* Rows of `reader`'s file for which `where` holds: *json through
 * parq_rows_open_filtered, *arrow through parq_reader_to_arrow_filtered;
 * the filter freed as soon as both are open. */
static void count_filtered(parq_reader* reader, const char* where, int64_t* json, int64_t* arrow) {
  parq_filter* filter = parq_filter_parse(reader, where);
  parq_rows* rows;
  struct ArrowArrayStream stream;
  struct ArrowArray batch;
  const char* line = NULL;
  int rc;

  *json = *arrow = -1;
  if (filter == NULL) {
    fprintf(stderr, "c_consumer: %s\n", parq_reader_last_error(reader));
    ++failures;
    return;
  }
  rows = parq_rows_open_filtered(reader, NULL, filter);
  rc = parq_reader_to_arrow_filtered(reader, NULL, filter, 0, &stream);
  parq_filter_free(filter);
  CHECK(rows != NULL && rc == PARQ_OK);
  if (rows == NULL || rc != PARQ_OK) return;
  *json = 0;
  while ((rc = parq_rows_next(rows, &line, NULL)) == 1) ++*json;
  CHECK(rc == 0);
  parq_rows_close(rows);
  *arrow = 0;
  while (stream.get_next(&stream, &batch) == 0 && batch.release != NULL) {
    CHECK(batch.length > 0);
    *arrow += batch.length;
    batch.release(&batch);
  }
  stream.release(&stream);
}

static void check_filter(parq_reader* reader, int64_t num_rows) {
  const char* path = NULL;
  char where[600];
  int64_t null_json, null_arrow, set_json, set_arrow;
  parq_filter* filter;

  CHECK(parq_filter_parse(reader, NULL) == NULL);
  CHECK(strstr(parq_reader_last_error(reader), "text is NULL") != NULL);
  CHECK(parq_filter_parse(reader, "no_such_column = 1") == NULL);
  CHECK(strstr(parq_reader_last_error(reader), "no_such_column") != NULL);
  CHECK(parq_reader_column_path(reader, 0, &path) == PARQ_OK);
  if (path == NULL || strlen(path) > 500) return;
  sprintf(where, "%s IS NULL AND", path);
  CHECK(parq_filter_parse(reader, where) == NULL);
  CHECK(strstr(parq_reader_last_error(reader), "at column") != NULL);
  sprintf(where, "%s is not null", path);
  filter = parq_filter_parse(reader, where);
  CHECK(filter != NULL && strstr(parq_filter_text(filter), "IS NOT NULL") != NULL);
  parq_filter_free(filter);
  CHECK(strcmp(parq_filter_text(NULL), "") == 0);
  parq_filter_free(NULL);

  count_filtered(reader, where, &set_json, &set_arrow);
  sprintf(where, "%s IS NULL", path);
  count_filtered(reader, where, &null_json, &null_arrow);
  CHECK(set_json == set_arrow && null_json == null_arrow);
  CHECK(set_json + null_json == num_rows);
  printf("filter on %s: %lld rows null, %lld not\n", path, (long long)null_json, (long long)set_json);
}

/* The rows as CSV (header first) and FILE's verify report. */
static void check_csv_and_verify(parq_reader* reader, const char* path, int64_t num_rows) {
  parq_csv_options options;
  parq_rows* rows;
  parq_report* report;
  const char* line = NULL;
  size_t len = 0;
  int64_t records = 0;
  int rc;
  char error[256];

  options.delimiter = ';';
  options.header = 1;
  options.null_string = "NULL";
  rows = parq_rows_open_csv(reader, NULL, NULL, &options);
  CHECK(rows != NULL);
  if (rows != NULL) {
    while ((rc = parq_rows_next(rows, &line, &len)) == 1) {
      if (records == 0) printf("csv header: %s\n", line);
      ++records;
    }
    CHECK(rc == 0);
    parq_rows_close(rows);
  }
  CHECK(records == num_rows + 1);
  options.delimiter = '"';
  CHECK(parq_rows_open_csv(reader, NULL, NULL, &options) == NULL);

  CHECK(parq_verify_file(NULL, 0, error, sizeof error) == NULL);
  CHECK(strcmp(error, "Invalid argument: parq_verify_file: path is NULL") == 0);
  report = parq_verify_file(path, 0, error, sizeof error);
  CHECK(report != NULL);
  if (report == NULL) return;
  CHECK(strncmp(parq_report_json(report, &len), "{\"file\":", 8) == 0);
  CHECK(strlen(parq_report_json(report, NULL)) == len);
  CHECK(parq_report_count(report) >= 0);
  printf("verify: %lld findings\n", (long long)parq_report_count(report));
  parq_report_free(report);
}

/* The Arrow stream of `reader`'s file decoded on a pool of 2 (freed as soon
 * as it is handed to the reader), then on 3 threads of the stream's own; 0
 * threads refused. */
static void check_threads(parq_reader* reader, int64_t num_rows) {
  struct ArrowArrayStream stream;
  struct ArrowArray batch;
  parq_thread_pool* pool;
  int64_t rows = 0;
  int round;
  char error[256];

  CHECK(parq_thread_pool_make(0, error, sizeof error) == NULL);
  CHECK(strcmp(error, "Invalid argument: parq_thread_pool_make: 0 threads; want 1 to 1024") == 0);
  CHECK(parq_reader_set_threads(reader, 0) == PARQ_ERROR_INVALID_ARGUMENT);
  pool = parq_thread_pool_make(2, error, sizeof error);
  CHECK(pool != NULL);
  if (pool == NULL) return;
  CHECK(parq_thread_pool_size(pool) == 2);
  CHECK(parq_reader_set_thread_pool(reader, pool) == PARQ_OK);
  parq_thread_pool_free(pool);
  for (round = 0; round < 2; ++round) {
    if (round == 1) CHECK(parq_reader_set_threads(reader, 3) == PARQ_OK);
    CHECK(parq_reader_to_arrow(reader, NULL, 0, &stream) == PARQ_OK);
    rows = 0;
    while (stream.get_next(&stream, &batch) == 0 && batch.release != NULL) {
      rows += batch.length;
      batch.release(&batch);
    }
    stream.release(&stream);
    CHECK(rows == num_rows);
  }
  CHECK(parq_reader_set_threads(reader, 1) == PARQ_OK);
  printf("threads: %lld rows on a pool of 2 and on 3 threads\n", (long long)rows);
}

static void check_errors(void) {
  char error[256];
  char tiny[2] = {'x', 'x'};
  int64_t n = 0;
  const char* text = NULL;

  CHECK(parq_reader_open("/nonexistent/file.parquet", error, sizeof error) == NULL);
  CHECK(strncmp(error, "IO error: cannot open", 21) == 0);
  CHECK(parq_reader_open("/nonexistent/file.parquet", tiny, 0) == NULL);
  CHECK(tiny[0] == 'x');
  CHECK(parq_reader_open("/nonexistent/file.parquet", tiny, 1) == NULL);
  CHECK(tiny[0] == '\0' && tiny[1] == 'x');
  CHECK(parq_reader_open(NULL, error, sizeof error) == NULL);
  CHECK(strcmp(error, "Invalid argument: parq_reader_open: path is NULL") == 0);
  CHECK(parq_reader_num_rows(NULL, &n) == PARQ_ERROR_INVALID_ARGUMENT);
  CHECK(parq_reader_schema(NULL, &text) == PARQ_ERROR_INVALID_ARGUMENT);
  CHECK(parq_rows_open(NULL, NULL) == NULL);
  CHECK(parq_rows_next(NULL, &text, NULL) == PARQ_ERROR_INVALID_ARGUMENT);
  CHECK(strcmp(parq_error_name(PARQ_ERROR_CORRUPT), "corrupt") == 0);
  parq_reader_close(NULL);
  parq_rows_close(NULL);
}

int main(int argc, char** argv) {
  char error[512];
  parq_reader* reader;
  parq_rows* rows;
  int64_t num_rows = 0, groups = 0, columns = 0, pairs = 0, i, read = 0;
  const char* text = NULL;
  const char* line = NULL;
  size_t len = 0;
  int rc;

  if (argc != 2) {
    fprintf(stderr, "usage: c_consumer FILE.parquet\n");
    return 2;
  }
  printf("parq %s\n", parq_version());
  check_errors();

  reader = parq_reader_open(argv[1], error, sizeof error);
  if (reader == NULL) {
    fprintf(stderr, "c_consumer: %s\n", error);
    return 1;
  }
  CHECK(parq_reader_num_rows(reader, &num_rows) == PARQ_OK);
  CHECK(parq_reader_num_row_groups(reader, &groups) == PARQ_OK);
  CHECK(parq_reader_num_columns(reader, &columns) == PARQ_OK);
  printf("rows: %lld, row groups: %lld, columns: %lld\n", (long long)num_rows, (long long)groups,
         (long long)columns);
  for (i = 0; i < groups; ++i) {
    int64_t n = 0;
    CHECK(parq_reader_row_group_num_rows(reader, i, &n) == PARQ_OK);
    printf("row group %lld: %lld rows\n", (long long)i, (long long)n);
  }
  for (i = 0; i < columns; ++i) {
    CHECK(parq_reader_column_path(reader, i, &text) == PARQ_OK);
    printf("column %lld: %s\n", (long long)i, text);
  }
  CHECK(parq_reader_column_path(reader, columns, &text) == PARQ_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(parq_reader_last_error(reader), "out of range") != NULL);
  CHECK(parq_reader_num_rows(reader, NULL) == PARQ_ERROR_INVALID_ARGUMENT);
  CHECK(strstr(parq_reader_last_error(reader), "num_rows is NULL") != NULL);
  CHECK(parq_reader_created_by(reader, &text) == PARQ_OK);
  printf("created_by: %s\n", text != NULL ? text : "(none)");
  CHECK(parq_reader_num_key_values(reader, &pairs) == PARQ_OK);
  for (i = 0; i < pairs; ++i) {
    const char* key = NULL;
    const char* value = NULL;
    size_t key_len = 0, value_len = 0;
    CHECK(parq_reader_key_value(reader, i, &key, &key_len, &value, &value_len) == PARQ_OK);
    printf("key-value %lld: %s (%lu bytes of value)\n", (long long)i, key, (unsigned long)value_len);
  }
  CHECK(parq_reader_schema(reader, &text) == PARQ_OK);
  fputs(text, stdout);

  CHECK(parq_rows_open(reader, "no_such_column") == NULL);
  CHECK(strstr(parq_reader_last_error(reader), "no_such_column") != NULL);
  rows = parq_rows_open(reader, NULL);
  if (rows == NULL) {
    fprintf(stderr, "c_consumer: %s\n", parq_reader_last_error(reader));
    parq_reader_close(reader);
    return 1;
  }
  while ((rc = parq_rows_next(rows, &line, &len)) == 1) {
    CHECK(strlen(line) == len);
    puts(line);
    ++read;
  }
  if (rc < 0) fprintf(stderr, "c_consumer: %s: %s\n", parq_error_name(rc), parq_rows_last_error(rows));
  CHECK(rc == 0);
  CHECK(read == num_rows);
  CHECK(parq_rows_next(rows, &line, &len) == 0);
  parq_rows_close(rows);
  check_arrow(reader, num_rows);
  check_filter(reader, num_rows);
  check_csv_and_verify(reader, argv[1], num_rows);
  check_threads(reader, num_rows);
  parq_reader_close(reader);
  if (failures > 0) fprintf(stderr, "c_consumer: %d checks failed\n", failures);
  return failures == 0 ? 0 : 1;
}
