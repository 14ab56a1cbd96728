// arrow/stream_source.h — an ArrowArrayStream over a source of record
// batches: the C Stream Interface's callbacks (schema, next batch, last
// error, release) written once for every stream parq exports (a file's,
// parq/arrow_reader.h; a dataset's, parq/dataset_arrow.h).
//
// The stream owns its source; an error from Next ends the stream (get_next
// returns EIO from then on, get_last_error gives the Status text).  A
// stream is used from one thread at a time, as the interface requires.
#ifndef PARQ_ARROW_STREAM_SOURCE_H_
#define PARQ_ARROW_STREAM_SOURCE_H_

#include <memory>

#include "parq/arrow_c.h"
#include "parq/status.h"

namespace parq::arrow {

class StreamSource {
 public:
  virtual ~StreamSource() = default;
  // *out: the schema of every batch, the caller's to release.
  virtual void GetSchema(ArrowSchema* out) const = 0;
  // The next batch into *out; out->release null at the end.
  virtual Status Next(ArrowArray* out) = 0;
};

// Makes *out a live stream over `source`.  REQUIRES: source, out non-null.
void ExportStream(std::unique_ptr<StreamSource> source, ArrowArrayStream* out);

}  // namespace parq::arrow

#endif  // PARQ_ARROW_STREAM_SOURCE_H_
