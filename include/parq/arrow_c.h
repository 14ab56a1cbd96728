/* parq/arrow_c.h — the Arrow C Data Interface and C Stream Interface structs.
 *
 * The three structs of Arrow's ABI (https://arrow.apache.org/docs/format/CDataInterface.html
 * and CStreamInterface.html), declared under Arrow's own include guards
 * ARROW_C_DATA_INTERFACE and ARROW_C_STREAM_INTERFACE, so that this header
 * and Arrow's (or nanoarrow's, or DuckDB's) can be included in either order in
 * one translation unit: whichever comes first declares them, the other skips.
 *
 * Plain C (it is included by parq/c_api.h); no parq type appears here.  The
 * producer of a struct owns what it points to until the consumer calls its
 * `release`, which frees it and sets `release` to NULL.
 */
#ifndef PARQ_ARROW_C_H_
#define PARQ_ARROW_C_H_

#include <stdint.h>

#ifdef __cplusplus
extern "C" {
#endif

#ifndef ARROW_C_DATA_INTERFACE
#define ARROW_C_DATA_INTERFACE

#define ARROW_FLAG_DICTIONARY_ORDERED 1
#define ARROW_FLAG_NULLABLE 2
#define ARROW_FLAG_MAP_KEYS_SORTED 4

struct ArrowSchema {
  /* Array type description */
  const char* format;
  const char* name;
  const char* metadata;
  int64_t flags;
  int64_t n_children;
  struct ArrowSchema** children;
  struct ArrowSchema* dictionary;

  /* Release callback */
  void (*release)(struct ArrowSchema*);
  /* Opaque producer-specific data */
  void* private_data;
};

struct ArrowArray {
  /* Array data description */
  int64_t length;
  int64_t null_count;
  int64_t offset;
  int64_t n_buffers;
  int64_t n_children;
  const void** buffers;
  struct ArrowArray** children;
  struct ArrowArray* dictionary;

  /* Release callback */
  void (*release)(struct ArrowArray*);
  /* Opaque producer-specific data */
  void* private_data;
};

#endif /* ARROW_C_DATA_INTERFACE */

#ifndef ARROW_C_STREAM_INTERFACE
#define ARROW_C_STREAM_INTERFACE

struct ArrowArrayStream {
  /* Callbacks providing stream functionality; each returns 0 or an errno-compatible code. */
  int (*get_schema)(struct ArrowArrayStream*, struct ArrowSchema* out);
  /* At the end of the stream, *out is released (out->release == NULL). */
  int (*get_next)(struct ArrowArrayStream*, struct ArrowArray* out);
  /* The last error's text, valid until the next call on the stream; NULL if none. */
  const char* (*get_last_error)(struct ArrowArrayStream*);

  /* Release callback */
  void (*release)(struct ArrowArrayStream*);
  /* Opaque producer-specific data */
  void* private_data;
};

#endif /* ARROW_C_STREAM_INTERFACE */

#ifdef __cplusplus
}
#endif

#endif /* PARQ_ARROW_C_H_ */
