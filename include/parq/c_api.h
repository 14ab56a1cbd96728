/* parq/c_api.h — parq's C API: a Parquet file's metadata and its rows from C,
 * or from any language that calls C (Python's ctypes, Rust, Go, Java's FFM).
 *
 *   char err[256];
 *   parq_reader* r = parq_reader_open("data.parquet", err, sizeof err);
 *   if (r == NULL) { fprintf(stderr, "%s\n", err); return 1; }
 *   int64_t rows;
 *   if (parq_reader_num_rows(r, &rows) != PARQ_OK) { ... parq_reader_last_error(r) ... }
 *   parq_rows* it = parq_rows_open(r, "id,name");    (NULL: every column)
 *   const char* line;
 *   size_t len;
 *   int got;
 *   while ((got = parq_rows_next(it, &line, &len)) == 1) puts(line);
 *   if (got < 0) fprintf(stderr, "%s\n", parq_rows_last_error(it));
 *   parq_rows_close(it);
 *   parq_reader_close(r);
 *
 * Plain C99, no C++ type crosses it and no exception leaves it (each is
 * caught, std::bad_alloc as PARQ_ERROR_OUT_OF_MEMORY).  docs/c_api.md lists
 * every function with its errors.
 *
 * Errors: a function returning int returns PARQ_OK (0) on success (>= 0 where
 * it says so) and one of the negative PARQ_ERROR_* codes otherwise, with the
 * message in parq_reader_last_error / parq_rows_last_error /
 * parq_decryption_last_error / parq_encryption_last_error of the handle it
 * was given (a NULL handle: PARQ_ERROR_INVALID_ARGUMENT, no message stored),
 * or, for the functions taking no handle (opening, writing, verify, diff,
 * CSV conversion, merge, prune), copied into the caller's `error` buffer.
 * A function returning a pointer returns NULL on failure, with the message
 * where it says.  Outputs are written only on success.
 *
 * Ownership: every string parq returns is parq's, never the caller's to free:
 *   - metadata strings (schema text, column paths, created_by, key-value
 *     metadata) live until parq_reader_close of their reader;
 *   - a row's text lives until the next parq_rows_next or parq_rows_close;
 *   - a last-error message lives until the next failing call on its handle;
 *   - a filter's text lives until parq_filter_free of its filter;
 *   - a report's JSON lives until parq_report_free of its report;
 *   - parq_version() and parq_error_name() are static.
 * Strings are NUL-terminated; those that may hold NUL bytes (key-value
 * metadata) come with their length too.  A parq_rows, and an
 * ArrowArrayStream from parq_reader_to_arrow, keep their file open: they may
 * outlive the parq_reader they came from.  Arrow structs follow the C Data
 * Interface's rules: each is released once, through its `release`.
 *
 * Thread-safety: one thread at a time per handle (a call on a handle caches
 * strings and sets its last error).  Distinct handles may be used on
 * distinct threads at once, several parq_rows of one reader included.  The
 * functions taking no handle are reentrant.  A key retriever callback may
 * be called from any thread that reads through a reader opened with it
 * (a pool's workers too, when the reader reads on threads).  A
 * parq_thread_pool may be given to readers on several threads at once.
 *
 * Sections: the reader and its metadata, rows as JSON, filters, Arrow, then
 * Threads, Encryption, Inspection (verify, diff), CSV, Raw copies, Splits,
 * Datasets.  Variant columns
 * come out of every read as the JSON of docs/variant.md (parq_rows) and as
 * their Arrow struct of binary metadata and value (parq_reader_to_arrow);
 * the C API has no typed Variant values.
 */
#ifndef PARQ_C_API_H_
#define PARQ_C_API_H_

#include <stddef.h>
#include <stdint.h>

#include "parq/arrow_c.h"

#ifdef __cplusplus
extern "C" {
#endif

/* The error codes: one per parq::StatusCode (the code negated), and one for
 * memory exhausted. */
#define PARQ_OK 0
#define PARQ_ERROR_INVALID_ARGUMENT (-1) /* the caller's mistake: a NULL, an index, a column */
#define PARQ_ERROR_CORRUPT (-2)          /* the file is not valid Parquet */
#define PARQ_ERROR_UNSUPPORTED (-3)      /* valid, but a feature parq lacks (encryption, ...) */
#define PARQ_ERROR_IO (-4)               /* the operating system failed a read */
#define PARQ_ERROR_LIMIT_EXCEEDED (-5)   /* a safety limit of the reader was hit */
#define PARQ_ERROR_INTERNAL (-6)         /* a bug in parq */
#define PARQ_ERROR_OUT_OF_MEMORY (-7)    /* an allocation failed */

/* An open Parquet file (its footer read and checked). */
typedef struct parq_reader parq_reader;
/* Rows of a file, one at a time, as canonical JSON. */
typedef struct parq_rows parq_rows;
/* A row filter (docs/filter.md), parsed from text. */
typedef struct parq_filter parq_filter;

/* The version of the libparq loaded, "0.1.0". */
const char* parq_version(void);

/* "ok", "invalid argument", "corrupt", "unsupported", "I/O error",
 * "limit exceeded", "internal error", "out of memory"; "unknown error code"
 * for any other value. */
const char* parq_error_name(int code);

/* Opens the file at `path` (UTF-8 or the system's bytes) and reads its
 * footer; page checksums are verified when rows are read.  NULL on failure,
 * with the message (led by the kind of error: "IO error: cannot open ...",
 * "Corrupt: ...") in `error`: at most error_len bytes with the terminating NUL, cut at a
 * UTF-8 character boundary, always NUL-terminated when error_len > 0.  `error`
 * may be NULL (error_len is then ignored). */
parq_reader* parq_reader_open(const char* path, char* error, size_t error_len);

/* Closes the file and frees the reader and every string it returned.
 * NULL is a no-op. */
void parq_reader_close(parq_reader* reader);

/* The message of the latest failing call on `reader`, "" if none failed.
 * Never NULL (a NULL reader gives a static message). */
const char* parq_reader_last_error(const parq_reader* reader);

/* The file's row count (FileMetaData.num_rows). */
int parq_reader_num_rows(parq_reader* reader, int64_t* num_rows);

/* The number of row groups, and the rows of one (0 <= row_group < that
 * number, else PARQ_ERROR_INVALID_ARGUMENT). */
int parq_reader_num_row_groups(parq_reader* reader, int64_t* num_row_groups);
int parq_reader_row_group_num_rows(parq_reader* reader, int64_t row_group, int64_t* num_rows);

/* The number of leaf columns, and the dotted path of one ("a.b.list.element";
 * 0 <= column < that number). */
int parq_reader_num_columns(parq_reader* reader, int64_t* num_columns);
int parq_reader_column_path(parq_reader* reader, int64_t column, const char** path);

/* The schema as message-type text, as `parq schema` prints it (ending in a
 * newline). */
int parq_reader_schema(parq_reader* reader, const char** text);

/* The writer the file names (FileMetaData.created_by); *created_by = NULL when
 * it names none. */
int parq_reader_created_by(parq_reader* reader, const char** created_by);

/* The key-value metadata: its number of entries, and entry `index`, with the
 * lengths (values may hold NUL bytes).  An entry without a value gives
 * *value = NULL and *value_len = 0.  value and value_len may be NULL when
 * only the key is wanted. */
int parq_reader_num_key_values(parq_reader* reader, int64_t* count);
int parq_reader_key_value(parq_reader* reader, int64_t index, const char** key, size_t* key_len,
                          const char** value, size_t* value_len);

/* The rows of `reader`'s file, as the canonical JSON of docs/rows-as-json.md
 * (what `parq cat` prints), of the fields `columns` names: comma-separated
 * dotted paths ("id,address.city"; a group selects its leaves), NULL or ""
 * for all.  NULL on failure (an unknown path: PARQ_ERROR_INVALID_ARGUMENT,
 * naming the near names), with the message in parq_reader_last_error(reader).
 * The rows keep the file open; close them with parq_rows_close. */
parq_rows* parq_rows_open(parq_reader* reader, const char* columns);

/* The next row: 1 with *line (NUL-terminated, no newline) and *len set; 0
 * after the last row (and on every call after it); a negative code on an
 * error (the message in parq_rows_last_error), which every later call
 * returns again.  `len` may be NULL. */
int parq_rows_next(parq_rows* rows, const char** line, size_t* len);

/* As parq_reader_last_error, for `rows`. */
const char* parq_rows_last_error(const parq_rows* rows);

/* Frees the rows (and, when its reader is closed already, the file).  NULL is
 * a no-op. */
void parq_rows_close(parq_rows* rows);

/* Filters: only the rows for which a predicate is true, with SQL's NULL
 * logic (docs/filter.md).  Row groups whose statistics, dictionaries or
 * Bloom filters prove that no row matches are not read, nor the pages whose
 * page index proves it, and columnar reads (parq_reader_to_arrow_filtered)
 * decode the filter's columns first and the others only for the rows that
 * pass. */

/* Parses `text` in the filter syntax of docs/filter.md ("l_shipdate >= DATE
 * '1995-01-01' AND l_quantity < 10", "name IN ('a', 'b')", "x IS NOT NULL")
 * against the schema of `reader`'s file.  NULL on failure, with the message
 * in parq_reader_last_error(reader): a NULL text, a syntax error, an unknown
 * column, a column inside a list or map, a literal that does not fit its
 * column: PARQ_ERROR_INVALID_ARGUMENT, the message saying where ("filter:
 * ... at column N", then the text and a caret line under the place).  The
 * filter is the caller's, to free with parq_filter_free; it holds no
 * reference to the reader (it may outlive it) and may filter any file whose
 * schema has the columns it names with the same types. */
parq_filter* parq_filter_parse(parq_reader* reader, const char* text);

/* The filter as text, fully parenthesized (it parses back to the same
 * filter).  Lives until parq_filter_free; "" for a NULL filter. */
const char* parq_filter_text(const parq_filter* filter);

/* Frees the filter.  NULL is a no-op.  Rows and streams opened with it keep
 * their own copy: it may be freed right after opening them. */
void parq_filter_free(parq_filter* filter);

/* As parq_rows_open, only the rows for which `filter` is true (NULL: every
 * row), in file order.  The filter's columns are read even when `columns`
 * leaves them out (and then not returned).  NULL on failure, as
 * parq_rows_open (a filter that does not fit this file's schema:
 * PARQ_ERROR_INVALID_ARGUMENT). */
parq_rows* parq_rows_open_filtered(parq_reader* reader, const char* columns, const parq_filter* filter);

/* The Arrow C Data Interface (parq/arrow_c.h; the type mapping is
 * docs/arrow.md's table). */

/* `reader`'s file as an ArrowArrayStream of record batches (struct arrays,
 * one child per top-level field) in *out, the caller's to release.  `columns`
 * as parq_rows_open takes them (NULL or "": every field); `batch_rows`: rows
 * per batch, <= 0 for the default (65536); a batch never spans two row
 * groups.  PARQ_OK, or a negative code with the message in
 * parq_reader_last_error(reader) (an unknown column:
 * PARQ_ERROR_INVALID_ARGUMENT) and *out untouched.  An error met later, while
 * reading (a corrupt page), makes the stream's get_next return EIO and its
 * get_last_error give the message.  The stream keeps the file open: it may
 * outlive the reader. */
int parq_reader_to_arrow(parq_reader* reader, const char* columns, int64_t batch_rows,
                         struct ArrowArrayStream* out);

/* As parq_reader_to_arrow, only the rows for which `filter` is true (NULL:
 * every row): a row group's batches hold its matching rows (a row group
 * with none gives no batch), the schema is that of `columns` whatever the
 * filter reads.  A filter that does not fit this file's schema:
 * PARQ_ERROR_INVALID_ARGUMENT, *out untouched. */
int parq_reader_to_arrow_filtered(parq_reader* reader, const char* columns, const parq_filter* filter,
                                  int64_t batch_rows, struct ArrowArrayStream* out);

/* Writes every batch of the ArrowArrayStream `in` as a Parquet file at `path`,
 * replacing what is there only once the file is complete: on any error
 * nothing is left at `path` (a file already there stays as it was).
 * `options`: NULL or `key=value` pairs separated by ';' with the names of the
 * CLI's writer flags ("codec=zstd;page_version=2;row_group_rows=100000";
 * parq/writer_options_text.h lists them).  PARQ_OK, or a negative code with
 * the message in `error` (as parq_reader_open fills it): an unknown option or
 * a bad value (naming it), a NULL path or stream, a released stream:
 * PARQ_ERROR_INVALID_ARGUMENT; an Arrow type with no Parquet form:
 * PARQ_ERROR_UNSUPPORTED; a failing get_schema / get_next: PARQ_ERROR_IO
 * with the stream's get_last_error text.  `in` is always released (unless
 * NULL or released already), success or not. */
int parq_write_arrow(const char* path, struct ArrowArrayStream* in, const char* options, char* error,
                     size_t error_len);

/* ===================================================================
 * Threads (docs/threads.md): reads decoded on worker threads.  Reads run
 * on the calling thread unless asked otherwise.  A reader (or dataset) is
 * given a thread count, or a pool shared with other readers; every parq_rows
 * and ArrowArrayStream opened from it afterwards decodes on those threads
 * (rows, filtered and CSV rows, Arrow streams, split ranges, dataset rows
 * and streams; those opened before keep what they had).  The rows, batches
 * and errors are the same whatever the threads, in the same order.
 * =================================================================== */

/* A fixed set of worker threads (parq::ThreadPool), to share between
 * readers so that they never start threads of their own. */
typedef struct parq_thread_pool parq_thread_pool;

/* A pool of `threads` workers, 1 <= threads <= 1024: else NULL with
 * PARQ_ERROR_INVALID_ARGUMENT's message in `error` (as parq_reader_open
 * fills it), as when the system refuses a thread (an I/O error). */
parq_thread_pool* parq_thread_pool_make(int threads, char* error, size_t error_len);

/* The number of workers; PARQ_ERROR_INVALID_ARGUMENT for NULL. */
int parq_thread_pool_size(const parq_thread_pool* pool);

/* Drops the caller's reference.  Readers, rows and streams given the pool
 * hold their own: the workers stop (after their queued work) once the last
 * of them is closed or released, so the pool may be freed right after it is
 * handed out.  NULL is a no-op.  REQUIRES: not called from a key retriever
 * or any code running on the pool's workers. */
void parq_thread_pool_free(parq_thread_pool* pool);

/* The rows and streams opened from `reader` from now on each make a pool of
 * `threads` workers for their lifetime (1, the default: none, everything on
 * the calling thread).  Drops a pool given by parq_reader_set_thread_pool.
 * threads outside 1..1024: PARQ_ERROR_INVALID_ARGUMENT, nothing changed. */
int parq_reader_set_threads(parq_reader* reader, int threads);

/* The rows and streams opened from `reader` from now on decode on `pool`
 * (shared with whatever else it was given to; the reader keeps a
 * reference).  NULL: no pool, back to the thread count of
 * parq_reader_set_threads. */
int parq_reader_set_thread_pool(parq_reader* reader, const parq_thread_pool* pool);

/* ===================================================================
 * Encryption: Parquet Modular Encryption (docs/encryption.md), reading
 * with keys and writing encrypted files.  Keys and AAD prefixes are bytes:
 * a pointer and a length (AES keys have 16, 24 or 32 bytes; any other
 * length is PARQ_ERROR_INVALID_ARGUMENT when it is set).
 * =================================================================== */

/* Keys for reading (parq::DecryptionProperties): a footer key, column keys
 * by dotted path, an AAD prefix, and a key retriever for the keys not given.
 * The caller's, from parq_decryption_new to parq_decryption_free. */
typedef struct parq_decryption parq_decryption;

/* Maps a key's key_metadata (the bytes the writer stored beside it; may be
 * empty, key_metadata then non-NULL) to the key: writes its bytes to
 * key[0..key_capacity) (key_capacity is 32), sets *key_len and returns
 * PARQ_OK.  On failure returns a negative PARQ_ERROR_* code (any other
 * non-zero value counts as PARQ_ERROR_INVALID_ARGUMENT) and may write a
 * NUL-terminated message to error[0..error_len): the read that needed the key
 * fails with that code and "key retriever: <message>".  Called while a
 * reader opened with it reads (the footer key at the open, a column's key
 * when its metadata or pages are read: possibly after the open, from the
 * thread reading), at most once per distinct key_metadata and file; several
 * files read at once may call it from several threads.  `user_data` is the
 * pointer given to parq_decryption_set_key_retriever. */
typedef int (*parq_key_retriever_fn)(void* user_data, const uint8_t* key_metadata, size_t key_metadata_len,
                                     uint8_t* key, size_t key_capacity, size_t* key_len, char* error,
                                     size_t error_len);

/* A new, empty set of keys; NULL only when memory is exhausted. */
parq_decryption* parq_decryption_new(void);

/* Frees the keys.  NULL is a no-op.  Readers opened with them keep their own
 * copy: they may be freed right after parq_reader_open_decrypted. */
void parq_decryption_free(parq_decryption* keys);

/* The message of the latest failing call on `keys`, "" if none failed. */
const char* parq_decryption_last_error(const parq_decryption* keys);

/* The footer key: decrypts an encrypted footer, verifies a plaintext
 * footer's signature and decrypts the columns encrypted with it.  Replaces
 * an earlier one.  A NULL key or a length other than 16, 24 or 32:
 * PARQ_ERROR_INVALID_ARGUMENT, the keys unchanged. */
int parq_decryption_set_footer_key(parq_decryption* keys, const uint8_t* key, size_t key_len);

/* The key of the column at dotted path `path` ("a.b.c"), for a column
 * encrypted with its own key.  Replaces an earlier one of that path.  Errors
 * as parq_decryption_set_footer_key (a NULL or empty path too). */
int parq_decryption_set_column_key(parq_decryption* keys, const char* path, const uint8_t* key, size_t key_len);

/* The AAD prefix, for files written without storing theirs (a file that
 * stores one must agree with it).  Any bytes; prefix may be NULL when
 * prefix_len is 0 (an empty prefix). */
int parq_decryption_set_aad_prefix(parq_decryption* keys, const uint8_t* prefix, size_t prefix_len);

/* The retriever asked for every key not given explicitly (an explicit key
 * wins); NULL `fn` removes it.  `user_data` must stay valid as long as any
 * reader, rows or Arrow stream opened with these keys exists. */
int parq_decryption_set_key_retriever(parq_decryption* keys, parq_key_retriever_fn fn, void* user_data);

/* As parq_reader_open, with `keys` (NULL: none, as parq_reader_open).  An
 * encrypted footer without its key, a wrong key, a tampered module or a
 * wrong AAD prefix fail as the header of parq/encryption.h says
 * (PARQ_ERROR_UNSUPPORTED naming what is encrypted, PARQ_ERROR_CORRUPT
 * naming the module, PARQ_ERROR_INVALID_ARGUMENT for a missing AAD prefix);
 * a retriever's error with its code.  The reader copies the keys; with a
 * plaintext footer, columns whose key is missing fail only when read. */
parq_reader* parq_reader_open_decrypted(const char* path, const parq_decryption* keys, char* error,
                                        size_t error_len);

/* How to encrypt a written file (parq::EncryptionProperties).  The caller's,
 * from parq_encryption_new to parq_encryption_free. */
typedef struct parq_encryption parq_encryption;

#define PARQ_AES_GCM_V1 0     /* every module AES-GCM (the default) */
#define PARQ_AES_GCM_CTR_V1 1 /* page bodies AES-CTR, every other module AES-GCM */

/* New settings: AES_GCM_V1, encrypted footer, no key yet (writing needs a
 * footer key), no AAD prefix.  NULL only when memory is exhausted. */
parq_encryption* parq_encryption_new(void);

/* Frees them.  NULL is a no-op. */
void parq_encryption_free(parq_encryption* encryption);

/* The message of the latest failing call on `encryption`, "" if none failed. */
const char* parq_encryption_last_error(const parq_encryption* encryption);

/* PARQ_AES_GCM_V1 or PARQ_AES_GCM_CTR_V1; another value:
 * PARQ_ERROR_INVALID_ARGUMENT. */
int parq_encryption_set_algorithm(parq_encryption* encryption, int algorithm);

/* The footer key (16, 24 or 32 bytes) and the key_metadata stored beside it
 * (any bytes; NULL with length 0: none).  Without column keys every column
 * is encrypted with it.  Errors as parq_decryption_set_footer_key. */
int parq_encryption_set_footer_key(parq_encryption* encryption, const uint8_t* key, size_t key_len,
                                   const uint8_t* key_metadata, size_t key_metadata_len);

/* Encrypts the column at dotted path `path` with its own key and
 * key_metadata; once any is set, the columns without one stay plaintext.
 * A path that is no leaf of the written schema fails at the write. */
int parq_encryption_set_column_key(parq_encryption* encryption, const char* path, const uint8_t* key,
                                   size_t key_len, const uint8_t* key_metadata, size_t key_metadata_len);

/* Non-zero: a plaintext footer (PAR1) signed with the footer key, so that
 * readers without keys read the plaintext columns; 0: encrypted (PARE). */
int parq_encryption_set_plaintext_footer(parq_encryption* encryption, int plaintext);

/* The AAD prefix; `store` non-zero keeps it in the file, 0 leaves it out
 * (readers must supply it: parq_decryption_set_aad_prefix). */
int parq_encryption_set_aad_prefix(parq_encryption* encryption, const uint8_t* prefix, size_t prefix_len,
                                   int store);

/* As parq_write_arrow, the file encrypted as `encryption` says (NULL:
 * plaintext).  The settings are checked when the file is opened: no footer
 * key, a column key of a path that is no leaf column:
 * PARQ_ERROR_INVALID_ARGUMENT with the message in `error`, nothing written. */
int parq_write_arrow_encrypted(const char* path, struct ArrowArrayStream* in, const char* options,
                               const parq_encryption* encryption, char* error, size_t error_len);

/* ===================================================================
 * Inspection: `parq verify` and `parq diff` as JSON reports.
 * =================================================================== */

/* A finished report: its JSON text and its count.  The caller's, freed with
 * parq_report_free; read-only, so usable from several threads at once. */
typedef struct parq_report parq_report;

/* Checks the file at `path` as `parq verify --json` does (parq/verify.h):
 * the report is that JSON object ({"file":...,"ok":...,"findings":[...]}),
 * its count the number of findings.  `max_per_rule`: findings listed per
 * rule and column chunk, <= 0 for the default (5).  A file that is not
 * Parquet is a finding (rule "decode"), not an error.  NULL on failure, the
 * message in `error` (as parq_reader_open fills it): a NULL path
 * (PARQ_ERROR_INVALID_ARGUMENT), a file that cannot be opened (PARQ_ERROR_IO). */
parq_report* parq_verify_file(const char* path, int64_t max_per_rule, char* error, size_t error_len);

/* As parq_verify_file, the file opened with `keys` (NULL: none, as
 * parq_verify_file): an encrypted file's footer, column metadata, pages,
 * page indexes and Bloom filters are decrypted and checked as a plaintext
 * file's.  Without the keys it needs, an encrypted footer is one finding
 * (rule "decode") and each column chunk whose key is missing one naming the
 * column; a wrong key or a tampered module is a finding naming the module. */
parq_report* parq_verify_file_decrypted(const char* path, int64_t max_per_rule, const parq_decryption* keys,
                                        char* error, size_t error_len);

/* Compares the files of readers `a` and `b` as `parq diff --json` does
 * (parq/diff.h): the report is that JSON object ({"equal":...,
 * "differences":[...]}), its count the number of differences found (schema,
 * metadata and rows; all are counted, the first max_diffs listed).
 * `options`: NULL or `key=value` pairs separated by ';', as the CLI's flags:
 * "values_only", "float_tolerance=X", "key=COLUMN", "max_diffs=N" (10).
 * NULL on failure with the message in `error`: a NULL reader, an unknown
 * option or bad value, a key that is no top-level primitive column of both
 * (PARQ_ERROR_INVALID_ARGUMENT); an error reading either file with its code.
 * The readers are used (not changed) during the call only. */
parq_report* parq_diff_readers(parq_reader* a, parq_reader* b, const char* options, char* error,
                               size_t error_len);

/* The report's JSON text (one object, no newline), living until
 * parq_report_free; *len its length when len is not NULL.  "" for NULL. */
const char* parq_report_json(const parq_report* report, size_t* len);

/* The findings (verify) or differences (diff) of the report; -1 for NULL. */
int64_t parq_report_count(const parq_report* report);

/* Frees the report.  NULL is a no-op. */
void parq_report_free(parq_report* report);

/* ===================================================================
 * CSV (RFC 4180, parq/csv.h): rows as CSV records, and CSV files converted
 * to Parquet.
 * =================================================================== */

/* The CSV settings; a NULL parq_csv_options* means the defaults: ',', a
 * header, nulls as empty cells. */
typedef struct parq_csv_options {
  char delimiter;          /* one byte, not '"', CR or LF; 0: ',' */
  int header;              /* non-zero: a header record (out: written first; in: names the columns) */
  const char* null_string; /* the text of a null; NULL or "": an empty cell */
} parq_csv_options;

/* As parq_rows_open_filtered, the rows as CSV records (`parq cat --format
 * csv`): each top-level field a cell (a group, list or map its JSON text),
 * quoted where needed.  parq_rows_next gives one record at a time without
 * its line end (a quoted cell may hold line breaks), the header record first
 * when options->header (or options is NULL).  `filter` may be NULL.  The
 * rows are the caller's, read and closed as any parq_rows (parq_rows_next,
 * parq_rows_close), and keep the file open.  Errors as
 * parq_rows_open_filtered; a bad delimiter: PARQ_ERROR_INVALID_ARGUMENT. */
parq_rows* parq_rows_open_csv(parq_reader* reader, const char* columns, const parq_filter* filter,
                              const parq_csv_options* options);

/* Writes the CSV file at `csv_path` as a Parquet file at `parquet_path`, as
 * `parq convert IN.csv OUT.parquet` does: with `schema_text` (message-type
 * text, the header naming its top-level fields in any order) or, when it is
 * NULL, a schema inferred from the first `infer_rows` records (<= 0: 1000;
 * parq/csv.h says how).  `writer_options` as parq_write_arrow takes them.
 * The output appears only once complete.  PARQ_OK, or a negative code with
 * the message in `error`: a record that does not parse, a cell that does not
 * fit its column (PARQ_ERROR_INVALID_ARGUMENT, "IN.csv:LINE:COLUMN: ..."),
 * a bad schema or option (PARQ_ERROR_INVALID_ARGUMENT), a file that cannot
 * be read or written (PARQ_ERROR_IO). */
int parq_csv_to_parquet(const char* csv_path, const char* parquet_path, const char* schema_text,
                        const parq_csv_options* options, int64_t infer_rows, const char* writer_options,
                        char* error, size_t error_len);

/* As parq_csv_to_parquet, the file encrypted as `encryption` says (NULL:
 * plaintext), checked as parq_write_arrow_encrypted checks it. */
int parq_csv_to_parquet_encrypted(const char* csv_path, const char* parquet_path, const char* schema_text,
                                  const parq_csv_options* options, int64_t infer_rows, const char* writer_options,
                                  const parq_encryption* encryption, char* error, size_t error_len);

/* ===================================================================
 * Raw copies (parq/file_copy.h): files made of other files' row groups,
 * their column chunks copied as stored, without decoding.  An encrypted
 * column chunk cannot be copied so (its modules are bound to their file,
 * row group and ordinal), nor can any chunk into an encrypted output: an
 * encrypted chunk among those copied is PARQ_ERROR_UNSUPPORTED ("an
 * encrypted column chunk cannot be copied", naming the column and row
 * group), and an encrypted footer read without its key PARQ_ERROR_UNSUPPORTED
 * too; nothing is written.  So a merge refuses every encrypted input (each
 * has an encrypted chunk), and parq_prune_columns_decrypted gives a
 * plaintext copy of an encrypted file's plaintext columns.  To decrypt or
 * re-encrypt, read and write instead (parq_reader_open_decrypted,
 * parq_reader_to_arrow, parq_write_arrow_encrypted).
 * =================================================================== */

/* Writes `output`: the row groups of the `num_inputs` files `inputs`, in
 * order (`parq merge`).  Their schemas must be equal, else
 * PARQ_ERROR_INVALID_ARGUMENT naming the input and the difference.  The
 * footer keeps the first input's key-value metadata.  `writer_options` as
 * parq_write_arrow takes them (only the footer's settings matter: the pages
 * are copied).  The output appears only once complete.  PARQ_OK, or a
 * negative code with the message in `error`: NULL arguments, no inputs. */
int parq_merge_files(const char* const* inputs, size_t num_inputs, const char* output, const char* writer_options,
                     char* error, size_t error_len);

/* Writes `output`: `input` without the fields `drop` names (comma-separated
 * dotted paths; a group drops every leaf below it; `parq prune`).  A path
 * naming no field, or dropping every column: PARQ_ERROR_INVALID_ARGUMENT.
 * Otherwise as parq_merge_files. */
int parq_prune_columns(const char* input, const char* output, const char* drop, const char* writer_options,
                       char* error, size_t error_len);

/* As parq_prune_columns, `input` opened with `keys` (NULL: none): its
 * footer decrypted, so that dropping its encrypted columns leaves a
 * plaintext file of the others.  Keeping an encrypted column:
 * PARQ_ERROR_UNSUPPORTED as the section says; the keys' errors as
 * parq_reader_open_decrypted gives them. */
int parq_prune_columns_decrypted(const char* input, const char* output, const char* drop,
                                 const char* writer_options, const parq_decryption* keys, char* error,
                                 size_t error_len);

/* ---- Splits -------------------------------------------------------------
 * One file cut into byte ranges for distributed engines (Spark, Dask, Ray),
 * each read by one worker, every row exactly once (parq/splits.h,
 * docs/dataset.md "Splits").  A row group belongs to the range that holds its
 * midpoint (its first chunk's start plus half its chunks' compressed size),
 * parquet-java's rule: any ranges that cover the file without overlapping
 * (parq's splits, or an engine's own fixed-size blocks) give each row group
 * to exactly one of them. */

/* Cuts `reader`'s file into splits: consecutive row groups until a split
 * holds at least `target_bytes` (>= 1, else PARQ_ERROR_INVALID_ARGUMENT), the
 * ranges covering [0, file size) exactly.  *count: how many (a file with no
 * row groups: 1, holding none).  The splits are kept in the reader, for
 * parq_reader_split, until the next parq_reader_splits or
 * parq_reader_close. */
int parq_reader_splits(parq_reader* reader, int64_t target_bytes, int64_t* count);

/* Split `index` of the latest parq_reader_splits: bytes [*offset, *offset +
 * *length) of the file and the rows of its row groups.  0 <= index < the
 * count, else PARQ_ERROR_INVALID_ARGUMENT (no parq_reader_splits yet: a
 * count of 0).  num_rows may be NULL. */
int parq_reader_split(parq_reader* reader, int64_t index, int64_t* offset, int64_t* length, int64_t* num_rows);

/* As parq_rows_open_filtered, only the rows of the row groups whose midpoint
 * lies in bytes [offset, offset + length) of the file (none: no rows).  A
 * negative offset or length: PARQ_ERROR_INVALID_ARGUMENT. */
parq_rows* parq_rows_open_range(parq_reader* reader, const char* columns, const parq_filter* filter, int64_t offset,
                                int64_t length);

/* Flags of parq_reader_to_arrow_range. */
#define PARQ_ARROW_DICTIONARY 1 /* top-level string and binary columns (not JSON or geometry) as
                                   dictionary<int32> arrays (docs/arrow.md, dictionary_arrays) */
#define PARQ_ARROW_ONE_BATCH 2  /* the rows as one batch, each column's buffers spanning the row
                                   groups (when every column is a top-level leaf and `filter` is
                                   NULL; else batches as without it: docs/arrow.md, one_batch) */
#define PARQ_ARROW_DECIMAL64 4  /* top-level DECIMALs stored as INT64 as decimal64 ("d:P,S,64", the
                                   stored bytes) instead of decimal128 (docs/arrow.md, decimal64) */

/* As parq_reader_to_arrow_filtered, only the row groups whose midpoint lies
 * in bytes [offset, offset + length) (none: a stream of the schema and no
 * batch; [0, INT64_MAX): every row group).  `flags`: 0 or any of
 * PARQ_ARROW_DICTIONARY, PARQ_ARROW_ONE_BATCH, PARQ_ARROW_DECIMAL64.  A negative offset or length, an unknown flag:
 * PARQ_ERROR_INVALID_ARGUMENT. */
int parq_reader_to_arrow_range(parq_reader* reader, const char* columns, const parq_filter* filter, int64_t offset,
                               int64_t length, int64_t batch_rows, int flags, struct ArrowArrayStream* out);

/* ---- Datasets -----------------------------------------------------------
 * Many Parquet files read as one table (parq/dataset.h, docs/dataset.md):
 * a directory tree, a glob or a list of files, Hive partitions (`key=value`
 * directories) as columns after the file columns, the files' schemas
 * unified by name (widened integers, decimals and floats; a field missing
 * from a file reads null).  Errors as for a reader: codes, and the message
 * in parq_dataset_last_error.  A dataset's strings live until
 * parq_dataset_close.  Rows and streams of a dataset keep it open: they may
 * outlive the handle. */
typedef struct parq_dataset parq_dataset;

/* Flags of parq_dataset_open[_files]: 0 for the defaults. */
#define PARQ_DATASET_NO_HIVE 1      /* `key=value` directories are not columns */
#define PARQ_DATASET_SKIP_INVALID 2 /* files that are not Parquet are left out, not an error */

/* Opens the dataset of a directory (walked recursively; names starting with
 * '.' or '_' skipped), a glob (`*` and `?` within a path segment, `[...]`,
 * `**` for any number of directories) or one file, and reads every file's
 * footer.  NULL on failure, the
 * message in `error` as parq_reader_open fills it (nothing matched, a file
 * that is not Parquet, schemas that do not unify: the message names the
 * files and the column). */
parq_dataset* parq_dataset_open(const char* path_or_glob, int flags, char* error, size_t error_len);

/* The same for `count` files given by path, in this order (partitions parsed
 * from each whole path). */
parq_dataset* parq_dataset_open_files(const char* const* paths, size_t count, int flags, char* error,
                                      size_t error_len);

/* Frees the dataset and its strings.  NULL is a no-op. */
void parq_dataset_close(parq_dataset* dataset);

/* As parq_reader_last_error, for `dataset`. */
const char* parq_dataset_last_error(const parq_dataset* dataset);

/* The unified schema as message-type text (ending in a newline): the file
 * columns, then the partition columns (optional INT64, DOUBLE, DATE or
 * STRING leaves). */
int parq_dataset_schema(parq_dataset* dataset, const char** text);

/* The rows of all files. */
int parq_dataset_num_rows(parq_dataset* dataset, int64_t* num_rows);

/* The files, in the order they are read, and file `index`'s path and rows
 * (0 <= index < the count; num_rows may be NULL). */
int parq_dataset_num_files(parq_dataset* dataset, int64_t* count);
int parq_dataset_file(parq_dataset* dataset, int64_t index, const char** path, int64_t* num_rows);

/* The partition columns: their number, and column `index`'s name and type
 * ("int64", "double", "date" or "string"). */
int parq_dataset_num_partition_columns(parq_dataset* dataset, int64_t* count);
int parq_dataset_partition_column(parq_dataset* dataset, int64_t index, const char** name, const char** type);

/* File `file`'s value of partition column `column`, as its path spells it
 * (percent-decoded); *value = NULL when null (the key absent from the path,
 * or __HIVE_DEFAULT_PARTITION__). */
int parq_dataset_partition_value(parq_dataset* dataset, int64_t file, int64_t column, const char** value);

/* Parses `text` (docs/filter.md) against the unified schema, partition
 * columns included; as parq_filter_parse, the message in
 * parq_dataset_last_error.  A filter's parts on partition columns are
 * decided per file from its path: a file they exclude is not opened. */
parq_filter* parq_dataset_filter_parse(parq_dataset* dataset, const char* text);

/* `filter` (of parq_dataset_filter_parse) as file `file` of the dataset
 * sees it: its parts on partition columns (and on columns the file lacks)
 * decided by the file's path.  *pruned is 1 when they exclude every row of
 * the file (*out NULL); else *out is the filter on the file's own columns
 * that is true exactly when `filter` is (NULL when every row passes), the
 * caller's to free with parq_filter_free; its text (parq_filter_text)
 * parses with parq_filter_parse against the file alone.  This is how an
 * engine reading a dataset's files by splits (parq_reader_to_arrow_range)
 * applies a filter naming partition columns.  A bad index:
 * PARQ_ERROR_INVALID_ARGUMENT. */
int parq_dataset_file_filter(parq_dataset* dataset, const parq_filter* filter, int64_t file, int* pruned,
                             parq_filter** out);

/* The dataset's rows as canonical JSON (as parq_rows_open gives a file's,
 * read with parq_rows_next and closed with parq_rows_close): files in order,
 * `columns` as parq_rows_open takes them (partition columns included),
 * only the rows for which `filter` (NULL: every row) is true.  NULL on
 * failure, the message in parq_dataset_last_error; an error met while
 * reading names the file. */
parq_rows* parq_dataset_rows_open(parq_dataset* dataset, const char* columns, const parq_filter* filter);

/* The dataset as an ArrowArrayStream (as parq_reader_to_arrow_filtered
 * gives a file's): record batches of the unified types, a field a file lacks
 * all null, a partition column its file's value in every row; a batch never
 * spans two row groups (parq::ExportArrowStream of parq/dataset_arrow.h).
 * utf8 / binary / list offsets are int32 (a row group whose values overflow
 * them makes get_next fail with EIO).  The filter may mix partition and file
 * columns in one operand: the partition values are bound per file. */
int parq_dataset_to_arrow(parq_dataset* dataset, const char* columns, const parq_filter* filter,
                          int64_t batch_rows, struct ArrowArrayStream* out);

/* As parq_reader_set_threads and parq_reader_set_thread_pool, for the rows
 * and streams opened from `dataset` (with threads, the next file's footer
 * is read while the current file is read, and each file is decoded on
 * them). */
int parq_dataset_set_threads(parq_dataset* dataset, int threads);
int parq_dataset_set_thread_pool(parq_dataset* dataset, const parq_thread_pool* pool);

#ifdef __cplusplus
}  /* extern "C" */
#endif

#endif /* PARQ_C_API_H_ */
