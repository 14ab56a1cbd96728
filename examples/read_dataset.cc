// examples/read_dataset.cc — many Parquet files read as one table with
// parq's public API, on a thread pool the application owns: the dataset of
// a directory, a glob or one file (parq/dataset.h) exported as an Arrow
// record-batch stream (parq/dataset_arrow.h, the Arrow C Data Interface),
// and its first file read again as rows by a RowReader sharing the pool
// (parq/thread_pool.h, docs/threads.md).
//
//   read_dataset DIR|GLOB|FILE [THREADS]
//
// THREADS: the pool's workers (default 2).  Prints the files, rows and
// batches, and checks that the stream holds every row of the dataset and
// the RowReader every row of the first file.  Exit status 1 with the error
// on stderr when the dataset cannot be read or a count is wrong.
#include <cinttypes>
#include <cstdio>
#include <cstdlib>
#include <memory>
#include <string>

#include "parq/dataset.h"
#include "parq/dataset_arrow.h"
#include "parq/file_reader.h"
#include "parq/record.h"
#include "parq/thread_pool.h"

namespace {

parq::Status Run(const std::string& path, int threads) {
  // One pool for everything below: parq starts no thread of its own.
  PARQ_ASSIGN_OR_RETURN(std::shared_ptr<parq::ThreadPool> pool, parq::ThreadPool::Make(threads));
  PARQ_ASSIGN_OR_RETURN(std::shared_ptr<const parq::Dataset> dataset, parq::Dataset::Open(path));
  std::printf("%s: %zu files, %" PRId64 " rows, %d partition columns\n", path.c_str(), dataset->files().size(),
              dataset->num_rows(), static_cast<int>(dataset->partition_fields().size()));

  // The whole dataset as Arrow record batches, decoded on the pool.
  parq::DatasetArrowOptions options;
  options.scan.thread_pool = pool;
  options.batch_rows = 100000;
  struct ArrowArrayStream stream;
  PARQ_RETURN_IF_ERROR(parq::ExportArrowStream(dataset, options, &stream));
  struct ArrowSchema schema;
  if (stream.get_schema(&stream, &schema) != 0) {
    const char* why = stream.get_last_error(&stream);
    stream.release(&stream);
    return parq::Status::IOError(std::string("get_schema: ") + (why != nullptr ? why : "failed"));
  }
  const int64_t fields = schema.n_children;
  schema.release(&schema);
  int64_t rows = 0, batches = 0;
  struct ArrowArray batch;
  while (true) {
    if (stream.get_next(&stream, &batch) != 0) {
      const std::string why = stream.get_last_error(&stream) != nullptr ? stream.get_last_error(&stream) : "failed";
      stream.release(&stream);
      return parq::Status::IOError("get_next: " + why);
    }
    if (batch.release == nullptr) break;  // the end
    rows += batch.length;
    ++batches;
    batch.release(&batch);
  }
  stream.release(&stream);
  std::printf("arrow: %" PRId64 " rows of %" PRId64 " fields in %" PRId64 " batches on %d threads\n", rows, fields,
              batches, pool->size());
  if (rows != dataset->num_rows()) return parq::Status::Internal("the stream's rows differ from the dataset's");

  // The first file's rows, by a RowReader on the same pool.
  if (dataset->files().empty()) return parq::Status::OK();
  const parq::DatasetFile& first = dataset->files().front();
  PARQ_ASSIGN_OR_RETURN(auto file, parq::FileReader::Open(first.path));
  parq::RowReaderOptions row_options;
  row_options.thread_pool = pool;
  PARQ_ASSIGN_OR_RETURN(auto reader, parq::RowReader::Open(*file, row_options));
  parq::Value row;
  int64_t file_rows = 0;
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&row));
    if (!more) break;
    ++file_rows;
  }
  std::printf("rows: %" PRId64 " in %s\n", file_rows, first.path.c_str());
  if (file_rows != first.num_rows) return parq::Status::Internal("the file's rows differ from its footer's");
  return parq::Status::OK();
}

}  // namespace

int main(int argc, char** argv) {
  if (argc < 2 || argc > 3) {
    std::fprintf(stderr, "usage: read_dataset DIR|GLOB|FILE [THREADS]\n");
    return 2;
  }
  const int threads = argc > 2 ? std::atoi(argv[2]) : 2;
  parq::Status st = Run(argv[1], threads);
  if (!st.ok()) {
    std::fprintf(stderr, "read_dataset: %s\n", st.ToString().c_str());
    return 1;
  }
  return 0;
}
