// parq-bench — parq's timing driver for benchmarks/peers/run.  Each verb times
// the operation inside this process (not start-up) and prints one JSON line:
//   {"op", "seconds" (median of the warm runs), "first_seconds" (the first run
//    in this fresh process), "runs", "rows", "bytes", "peak_rss_kb"}
//
//   parq-bench read FILE [--columns a,b] [--threads N] [--runs N] [--mmap on|off]
//                        [--together on|off] [--prebuffer on|off]
//       decode every requested column (all by default; a name selects every
//       leaf under that top-level field) of every row group to columnar
//       memory (bench.h ColumnData, two per column, reused across row groups
//       and runs).  bytes = decoded value bytes (strings: characters + offsets).
//       Row groups are read two at a time: a column's two chunks take turns
//       a batch at a time, their readers paired (ReadPagesTogether) so that
//       pages decompress two at a time; --together off reads one chunk,
//       then the other, unpaired.  --prebuffer on (one thread only) reads
//       each pair of row groups' selected chunks first with
//       FileReader::PreBuffer, in coalesced reads.
//       The file is read with pread, as FileReader::Open does by default
//       (a window of pages at a time, ReaderOptions::chunk_read_size, into
//       buffers the reader's pool and the heap recycle, see main).
//       --mmap on maps it instead; each column chunk's pages are mapped in
//       one call (RandomAccessFile::WillRead) and leave the resident set
//       when its reader is done (DoneWith), so peak RSS does not grow with
//       the file.
//   parq-bench arrow FILE [--columns a,b.c] [--batch-rows N] [--dictionary on|off] [--runs N]
//       every projected field through ExportArrowStream (parq/arrow_reader.h):
//       get_next until the end, each batch released at once.  bytes = the
//       batches' buffers (validity, offsets, values, dictionaries).
//   parq-bench filter FILE [--columns a,b] [--where EXPR] [--pruning none|rowgroups|pages] [--runs N]
//       the rows of FILE (the projected columns) matching the filter text
//       EXPR (docs/filter.md), every one assembled as a Value by RowReader;
//       without --where every row (parq's full read of those columns).  Also
//       prints cpu_seconds (user + system of the median run), the reader's
//       bytes_read, pages_read, pages_skipped and the file's size.
//   parq-bench dataset PATH [--columns a,b] [--runs N]
//       PATH (a directory, a glob or one file) as a Dataset (parq/dataset.h):
//       Dataset::Open (every footer) and every batch of DatasetColumnarReader,
//       both timed; bytes as columnar's.  A Hive tree against the same rows in
//       one file (benchmarks/peers/run, case dataset).
//   parq-bench meta FILE [--runs N]        open + footer; bytes = footer length
//   parq-bench write OUT --like FILE --codec C [--threads N] [--runs N]
//       write FILE's rows again (its schema and row groups) with codec C;
//       each row group is decoded into memory first, untimed; the time is
//       WriteBatch of every column + EndRowGroup + Close.  bytes = OUT's size.
//   parq-bench gen KIND OUT [--rows N] [--columns N] [--codec C]
//       write a data set (bench_gen.cc); --columns sets the width of
//       wide-boolean and wide-footer
//
// Encryption (docs/encryption.md): every verb that reads a file (write's
// --like input too) takes its keys as parq does, --footer-key KEY,
// --column-key PATH=KEY (repeatable) and --aad-prefix TEXT, a KEY being
// hex:…, base64:… or text:… (tools/parq/key_text.h); write encrypts its
// output with --encrypt-footer-key KEY (uniform: every column with the
// footer key, encrypted footer) and --encrypt-algorithm gcm|gcm-ctr
// (AES_GCM_V1, the default, or AES_GCM_CTR_V1).  read and write also print
// cpu_seconds (user + system of the median run; write's, of the timed part
// only), the figure benchmarks/peers/run compares encrypted against plain.
//
// The timed page reads (read, columnar, cat) do not verify page CRCs
// (ReaderOptions::verify_checksums, on by default, is set off here), as
// before that default changed, so that figures stay comparable with earlier
// runs and with the peers' default reads.
//
// Exit status 0 ok, 1 error (message on stderr), 2 usage.
#include <malloc.h>
#include <sys/resource.h>
#include <unistd.h>

#include <algorithm>
#include <atomic>
#include <cerrno>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <mutex>
#include <optional>
#include <string>
#include <thread>
#include <vector>

#include "../parq/key_text.h"
#include "bench.h"
#include "parq/arrow_reader.h"
#include "parq/columnar.h"
#include "parq/dataset.h"
#include "parq/encryption.h"
#include "parq/file_reader.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/file_writer.h"

namespace parq::bench {
namespace {

// The keys of the files read (--footer-key, --column-key, --aad-prefix;
// null without them), set once by main.
std::shared_ptr<const DecryptionProperties> g_decryption;

// The reader options of every timed read (see the header comment).
ReaderOptions TimedReaderOptions() {
  ReaderOptions options;
  options.verify_checksums = false;
  options.decryption = g_decryption;
  return options;
}

// The options of an untimed or metadata-only open: the defaults and the keys.
ReaderOptions KeyedReaderOptions() {
  ReaderOptions options;
  options.decryption = g_decryption;
  return options;
}

constexpr char kUsage[] =
    "usage: parq-bench read FILE [--columns a,b] [--threads N] [--runs N] [--mmap on|off]\n"
    "                       [--together on|off] [--prebuffer on|off]\n"
    "       parq-bench meta FILE [--runs N]\n"
    "       parq-bench filter FILE [--columns a,b] [--where EXPR] [--pruning none|rowgroups|pages] [--runs N]\n"
    "       parq-bench columnar FILE [--columns a,b.c] [--threads N] [--runs N]\n"
    "       parq-bench arrow FILE [--columns a,b.c] [--batch-rows N] [--dictionary on|off] [--runs N]\n"
    "       parq-bench cat FILE [--runs N]\n"
    "       parq-bench dataset PATH [--columns a,b] [--runs N]\n"
    "       parq-bench write OUT --like FILE --codec none|snappy|gzip|brotli|zstd|lz4_raw [--threads N] [--runs N]\n"
    "                        [--encrypt-footer-key KEY [--encrypt-algorithm gcm|gcm-ctr]]\n"
    "       parq-bench gen lineitem|lineitem-sorted|wide|nested|strings-dict|strings-plain|wide-boolean|wide-footer OUT\n"
    "                      [--rows N] [--columns N] [--codec C]\n"
    "       reading verbs (and write's --like input): [--footer-key KEY] [--column-key PATH=KEY]... [--aad-prefix TEXT]\n"
    "       KEY: hex:..., base64:... or text:...\n";

struct Args {
  std::vector<std::string> pos;
  std::vector<std::pair<std::string, std::string>> opts;
  std::optional<std::string> Get(const char* name) const {
    for (const auto& [k, v] : opts) {
      if (k == name) return v;
    }
    return std::nullopt;
  }
  std::vector<std::string> GetAll(const char* name) const {
    std::vector<std::string> out;
    for (const auto& [k, v] : opts) {
      if (k == name) out.push_back(v);
    }
    return out;
  }
};

using Clock = std::chrono::steady_clock;
double Since(Clock::time_point t0) { return std::chrono::duration<double>(Clock::now() - t0).count(); }

double CpuSeconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

long PeakRssKb() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return ru.ru_maxrss;
}

struct Timing {
  double first = 0;
  std::vector<double> warm;
  // Run `run`'s figure: the first (0) or a warm one.
  void Add(int run, double x) {
    if (run == 0) first = x; else warm.push_back(x);
  }
  double Median() const {
    if (warm.empty()) return first;
    std::vector<double> t = warm;
    std::sort(t.begin(), t.end());
    return t[t.size() / 2];
  }
};

void Print(const char* op, const Timing& t, int64_t rows, int64_t bytes, int threads = 0, const Timing* cpu = nullptr) {
  std::printf("{\"op\":\"%s\",\"seconds\":%.6f,\"first_seconds\":%.6f,\"runs\":%zu,\"rows\":%lld,\"bytes\":%lld,"
              "\"peak_rss_kb\":%ld",
              op, t.Median(), t.first, t.warm.size() + 1, static_cast<long long>(rows),
              static_cast<long long>(bytes), PeakRssKb());
  if (threads > 0) std::printf(",\"threads\":%d", threads);
  // CPU seconds (user + system) of the median run: with threads, against
  // `seconds`, how much the run kept the cores busy on a shared machine.
  if (cpu != nullptr) std::printf(",\"cpu_seconds\":%.6f", cpu->Median());
  std::printf("}\n");
}

std::optional<Compression> ParseCodec(const std::string& s) {
  if (s == "none" || s == "uncompressed") return Compression::kUncompressed;
  if (s == "snappy") return Compression::kSnappy;
  if (s == "gzip") return Compression::kGzip;
  if (s == "brotli") return Compression::kBrotli;
  if (s == "zstd") return Compression::kZstd;
  if (s == "lz4_raw" || s == "lz4") return Compression::kLz4Raw;
  return std::nullopt;
}

// Leaves selected by --columns: a name matches a leaf's dotted path or its
// top-level field.
Result<std::vector<int>> SelectColumns(const Schema& schema, const std::optional<std::string>& list) {
  std::vector<int> cols;
  if (!list) {
    for (int i = 0; i < schema.num_columns(); ++i) cols.push_back(i);
    return cols;
  }
  size_t start = 0;
  while (start <= list->size()) {
    size_t comma = list->find(',', start);
    if (comma == std::string::npos) comma = list->size();
    const std::string name = list->substr(start, comma - start);
    bool found = false;
    for (int i = 0; i < schema.num_columns(); ++i) {
      const ColumnDescriptor& d = schema.column(i);
      if (d.dotted_path == name || d.path[0] == name) {
        if (std::find(cols.begin(), cols.end(), i) == cols.end()) cols.push_back(i);
        found = true;
      }
    }
    if (!found) return Status::InvalidArgument("no column '" + name + "'");
    start = comma + 1;
  }
  std::sort(cols.begin(), cols.end());
  return cols;
}

struct ReadSettings {
  std::optional<std::string> columns;
  int threads = 1;
  bool mmap = false;
  bool together = true;
  bool prebuffer = false;
};

// Decodes the selected columns of every row group.  A job is one column of
// two consecutive row groups; SNAPPY chunks are read taking turns with their
// pages paired (ReadPagesTogether: two snappy pages decode interleaved)
// unless --together off; `buffers[t][2k + i]` is thread t's ColumnData for selected
// column k of the job's first (i = 0) or second row group, kept across jobs
// and runs.
Status ReadOnce(const std::string& path, const ReadSettings& settings,
                std::vector<std::vector<ColumnData>>* buffers, int64_t* rows, int64_t* bytes) {
  PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(path, TimedReaderOptions(), settings.mmap));
  PARQ_ASSIGN_OR_RETURN(std::vector<int> cols, SelectColumns(reader->schema(), settings.columns));
  const int groups = reader->metadata().num_row_groups();
  const int64_t ncols = static_cast<int64_t>(cols.size());
  const int64_t jobs = (static_cast<int64_t>(groups) + 1) / 2 * ncols;
  buffers->resize(static_cast<size_t>(settings.threads));
  for (auto& b : *buffers) b.resize(2 * cols.size());
  *rows = reader->metadata().num_rows();
  std::atomic<int64_t> next{0}, total_bytes{0};
  std::mutex mu;
  Status first_error;
  auto job = [&](int t, int64_t j, int64_t* local) -> Status {
    const int g = static_cast<int>(j / ncols) * 2;
    const size_t k = static_cast<size_t>(j % ncols);
    ColumnData* out = &(*buffers)[static_cast<size_t>(t)][2 * k];
    if (settings.prebuffer && k == 0) {
      // The pair's chunks of every selected column, in coalesced reads.
      std::vector<int> pair = {g};
      if (g + 1 < groups) pair.push_back(g + 1);
      PARQ_RETURN_IF_ERROR(reader->PreBuffer(pair, cols));
    }
    PARQ_ASSIGN_OR_RETURN(auto first, reader->OpenColumn(g, cols[k]));
    if (g + 1 == groups) {
      PARQ_RETURN_IF_ERROR(ReadChunk(first.get(), &out[0]));
      *local += out[0].value_bytes();
      return Status::OK();
    }
    PARQ_ASSIGN_OR_RETURN(auto second, reader->OpenColumn(g + 1, cols[k]));
    // Only SNAPPY gains from decoding two pages together; other chunks are
    // read one after the other into one buffer, which also holds half the
    // memory.
    const auto& md = reader->metadata();
    const bool snappy = md.row_group(g).column(cols[k]).codec() == Compression::kSnappy &&
                        md.row_group(g + 1).column(cols[k]).codec() == Compression::kSnappy;
    if (!snappy) {
      PARQ_RETURN_IF_ERROR(ReadChunk(first.get(), &out[0]));
      *local += out[0].value_bytes();
      PARQ_RETURN_IF_ERROR(ReadChunk(second.get(), &out[0]));
      *local += out[0].value_bytes();
      return Status::OK();
    }
    if (settings.together) {
      ReadPagesTogether(*first, *second);
      PARQ_RETURN_IF_ERROR(ReadChunks(first.get(), second.get(), &out[0], &out[1]));
    } else {
      PARQ_RETURN_IF_ERROR(ReadChunk(first.get(), &out[0]));
      PARQ_RETURN_IF_ERROR(ReadChunk(second.get(), &out[1]));
    }
    *local += out[0].value_bytes() + out[1].value_bytes();
    return Status::OK();
  };
  auto work = [&](int t) {
    int64_t local = 0;
    for (int64_t j = next.fetch_add(1); j < jobs; j = next.fetch_add(1)) {
      if (Status st = job(t, j, &local); !st.ok()) {
        std::lock_guard<std::mutex> lock(mu);
        if (first_error.ok()) first_error = st;
        next.store(jobs);
        break;
      }
    }
    total_bytes += local;
  };
  if (settings.threads <= 1) {
    work(0);
  } else {
    std::vector<std::thread> pool;
    for (int t = 0; t < settings.threads; ++t) pool.emplace_back(work, t);
    for (auto& th : pool) th.join();
  }
  *bytes = total_bytes.load();
  return first_error;
}

int Fail(const Status& st) {
  std::fprintf(stderr, "parq-bench: error: %s\n", st.ToString().c_str());
  return 1;
}

int RunRead(const Args& a, int runs) {
  if (a.pos.size() != 1) return std::fprintf(stderr, "%s", kUsage), 2;
  ReadSettings settings;
  settings.columns = a.Get("columns");
  settings.threads = a.Get("threads") ? std::max(1, std::atoi(a.Get("threads")->c_str())) : 1;
  settings.mmap = a.Get("mmap") == "on";
  settings.together = a.Get("together") != "off";
  settings.prebuffer = a.Get("prebuffer") == "on" && settings.threads == 1;
  std::vector<std::vector<ColumnData>> buffers;
  Timing t, cpu;
  int64_t rows = 0, bytes = 0;
  for (int r = 0; r <= runs; ++r) {
    const auto t0 = Clock::now();
    const double c0 = CpuSeconds();
    Status st = ReadOnce(a.pos[0], settings, &buffers, &rows, &bytes);
    const double s = Since(t0);
    if (!st.ok()) return Fail(st);
    t.Add(r, s);
    cpu.Add(r, CpuSeconds() - c0);
  }
  Print("read", t, rows, bytes, settings.threads, &cpu);
  return 0;
}

std::vector<std::string> SplitCommas(const std::optional<std::string>& list) {
  std::vector<std::string> out;
  if (!list) return out;
  size_t start = 0;
  while (start <= list->size()) {
    size_t comma = list->find(',', start);
    if (comma == std::string::npos) comma = list->size();
    out.push_back(list->substr(start, comma - start));
    start = comma + 1;
  }
  return out;
}

// Nested assembly to columns: ColumnarReader over every row group, the batch
// (and so its buffers) kept across row groups and runs.
int RunColumnar(const Args& a, int runs) {
  if (a.pos.size() != 1) return std::fprintf(stderr, "%s", kUsage), 2;
  ColumnarReaderOptions options;
  options.columns = SplitCommas(a.Get("columns"));
  options.threads = a.Get("threads") ? std::max(1, std::atoi(a.Get("threads")->c_str())) : 1;
  ColumnarBatch batch;
  Timing t, cpu;
  int64_t rows = 0, bytes = 0;
  for (int r = 0; r <= runs; ++r) {
    const auto t0 = Clock::now();
    const double c0 = CpuSeconds();
    auto file = FileReader::Open(a.pos[0], TimedReaderOptions(), a.Get("mmap") == "on");
    if (!file.ok()) return Fail(file.status());
    auto reader = ColumnarReader::Open(**file, options);
    if (!reader.ok()) return Fail(reader.status());
    rows = bytes = 0;
    for (int g = 0; g < (*file)->metadata().num_row_groups(); ++g) {
      Status st = (*reader)->ReadRowGroup(g, &batch);
      if (!st.ok()) return Fail(st);
      rows += batch.num_rows;
      for (const ColumnarLeaf& l : batch.leaves) {
        for (const ColumnarNode& n : l.path) {
          bytes += static_cast<int64_t>(n.validity.size() + 8 * n.offsets.size());
        }
        bytes += static_cast<int64_t>(l.values.size() + l.data.size() + 8 * l.offsets.size());
      }
    }
    reader->reset();  // a read ahead, if any, waited for inside the timed run
    t.Add(r, Since(t0));
    cpu.Add(r, CpuSeconds() - c0);
  }
  Print("columnar", t, rows, bytes, options.threads, &cpu);
  return 0;
}

// A directory, glob or file as a Dataset, every row group through
// DatasetColumnarReader (the batch reused across row groups and runs).
int RunDataset(const Args& a, int runs) {
  if (a.pos.size() != 1) return std::fprintf(stderr, "%s", kUsage), 2;
  DatasetOptions options;
  options.reader_options = TimedReaderOptions();
  DatasetScanOptions scan;
  scan.columns = SplitCommas(a.Get("columns"));
  ColumnarBatch batch;
  Timing t;
  int64_t rows = 0, bytes = 0;
  for (int r = 0; r <= runs; ++r) {
    const auto t0 = Clock::now();
    auto ds = Dataset::Open(a.pos[0], options);
    if (!ds.ok()) return Fail(ds.status());
    auto reader = DatasetColumnarReader::Open(**ds, scan);
    if (!reader.ok()) return Fail(reader.status());
    rows = bytes = 0;
    while (true) {
      Result<bool> more = (*reader)->Next(&batch);
      if (!more.ok()) return Fail(more.status());
      if (!*more) break;
      rows += batch.num_rows;
      for (const ColumnarLeaf& l : batch.leaves) {
        for (const ColumnarNode& n : l.path) bytes += static_cast<int64_t>(n.validity.size() + 8 * n.offsets.size());
        bytes += static_cast<int64_t>(l.values.size() + l.data.size() + 8 * l.offsets.size());
      }
    }
    const double s = Since(t0);
    if (r == 0) t.first = s; else t.warm.push_back(s);
  }
  Print("dataset", t, rows, bytes);
  return 0;
}

// Bytes an exported array's buffers hold (format-blind: a size per buffer
// from the length, enough to count what was handed over).
int64_t ArrowBytes(const ArrowArray& a) {
  int64_t bytes = a.buffers[0] != nullptr ? (a.length + 7) / 8 : 0;
  bytes += a.n_buffers > 1 ? a.length * 4 : 0;
  for (int64_t c = 0; c < a.n_children; ++c) bytes += ArrowBytes(*a.children[c]);
  if (a.dictionary != nullptr) bytes += ArrowBytes(*a.dictionary);
  return bytes;
}

// The whole file as Arrow record batches through the C stream interface,
// as a consumer takes them: get_next, then release.
int RunArrow(const Args& a, int runs) {
  if (a.pos.size() != 1) return std::fprintf(stderr, "%s", kUsage), 2;
  ArrowReadOptions options;
  options.columns = SplitCommas(a.Get("columns"));
  if (a.Get("batch-rows")) options.batch_rows = std::max<int64_t>(1, std::atoll(a.Get("batch-rows")->c_str()));
  options.dictionary_arrays = a.Get("dictionary") == "on";
  Timing t;
  int64_t rows = 0, bytes = 0;
  for (int r = 0; r <= runs; ++r) {
    const auto t0 = Clock::now();
    auto file = FileReader::Open(a.pos[0], TimedReaderOptions(), a.Get("mmap") == "on");
    if (!file.ok()) return Fail(file.status());
    ArrowArrayStream stream;
    if (Status st = ExportArrowStream(std::shared_ptr<const FileReader>(std::move(*file)), options, &stream); !st.ok()) {
      return Fail(st);
    }
    rows = bytes = 0;
    while (true) {
      ArrowArray batch;
      if (stream.get_next(&stream, &batch) != 0) {
        const std::string error = stream.get_last_error(&stream);
        stream.release(&stream);
        return Fail(Status::IOError(error));
      }
      if (batch.release == nullptr) break;
      rows += batch.length;
      bytes += ArrowBytes(batch);
      batch.release(&batch);
    }
    stream.release(&stream);
    const double s = Since(t0);
    if (r == 0) t.first = s; else t.warm.push_back(s);
  }
  Print("arrow", t, rows, bytes);
  return 0;
}

// What `parq cat` does but the write to stdout: every row's canonical JSON
// into one reused string.
int RunCat(const Args& a, int runs) {
  if (a.pos.size() != 1) return std::fprintf(stderr, "%s", kUsage), 2;
  Timing t;
  int64_t rows = 0, bytes = 0;
  std::string json;
  for (int r = 0; r <= runs; ++r) {
    const auto t0 = Clock::now();
    auto file = FileReader::Open(a.pos[0], TimedReaderOptions(), a.Get("mmap") == "on");
    if (!file.ok()) return Fail(file.status());
    auto reader = JsonRowReader::Open(**file);
    if (!reader.ok()) return Fail(reader.status());
    rows = bytes = 0;
    while (true) {
      json.clear();
      auto more = (*reader)->Next(&json);
      if (!more.ok()) return Fail(more.status());
      if (!*more) break;
      ++rows;
      bytes += static_cast<int64_t>(json.size()) + 1;
    }
    const double s = Since(t0);
    if (r == 0) t.first = s; else t.warm.push_back(s);
  }
  Print("cat", t, rows, bytes);
  return 0;
}

// RowReader with a filter (or none): the rows of the projected columns.
int RunFilter(const Args& a, int runs) {
  if (a.pos.size() != 1) return std::fprintf(stderr, "%s", kUsage), 2;
  const std::string pruning = a.Get("pruning").value_or("pages");
  if (pruning != "none" && pruning != "rowgroups" && pruning != "pages") return std::fprintf(stderr, "%s", kUsage), 2;
  Timing t, cpu;
  int64_t rows = 0;
  int64_t bytes_read = 0, pages_read = 0, pages_skipped = 0, file_bytes = 0;
  Value row;
  for (int r = 0; r <= runs; ++r) {
    const auto t0 = Clock::now();
    const double c0 = CpuSeconds();
    auto file = FileReader::Open(a.pos[0], TimedReaderOptions());
    if (!file.ok()) return Fail(file.status());
    RowReaderOptions options;
    options.columns = SplitCommas(a.Get("columns"));
    options.pruning = pruning == "none"        ? RowReaderOptions::Pruning::kNone
                      : pruning == "rowgroups" ? RowReaderOptions::Pruning::kRowGroups
                                               : RowReaderOptions::Pruning::kPages;
    if (auto where = a.Get("where")) {
      auto filter = ParseFilter(*where, (*file)->schema());
      if (!filter.ok()) return Fail(filter.status());
      options.filter = std::move(*filter);
    }
    auto reader = RowReader::Open(**file, options);
    if (!reader.ok()) return Fail(reader.status());
    rows = 0;
    while (true) {
      auto more = (*reader)->Next(&row);
      if (!more.ok()) return Fail(more.status());
      if (!*more) break;
      ++rows;
    }
    bytes_read = (*reader)->bytes_read();
    pages_read = (*reader)->pages_read();
    pages_skipped = (*reader)->pages_skipped();
    file_bytes = static_cast<int64_t>((*file)->file().size());
    t.Add(r, Since(t0));
    cpu.Add(r, CpuSeconds() - c0);
  }
  std::printf("{\"op\":\"filter\",\"seconds\":%.6f,\"first_seconds\":%.6f,\"cpu_seconds\":%.6f,\"runs\":%zu,"
              "\"rows\":%lld,\"bytes_read\":%lld,\"file_bytes\":%lld,\"pages_read\":%lld,\"pages_skipped\":%lld,"
              "\"peak_rss_kb\":%ld}\n",
              t.Median(), t.first, cpu.Median(), t.warm.size() + 1, static_cast<long long>(rows),
              static_cast<long long>(bytes_read), static_cast<long long>(file_bytes),
              static_cast<long long>(pages_read), static_cast<long long>(pages_skipped), PeakRssKb());
  return 0;
}

int RunMeta(const Args& a, int runs) {
  if (a.pos.size() != 1) return std::fprintf(stderr, "%s", kUsage), 2;
  Timing t;
  int64_t rows = 0, bytes = 0;
  for (int r = 0; r <= runs; ++r) {
    const auto t0 = Clock::now();
    auto reader = FileReader::Open(a.pos[0], KeyedReaderOptions());
    const double s = Since(t0);
    if (!reader.ok()) return Fail(reader.status());
    rows = (*reader)->metadata().num_rows();
    bytes = (*reader)->footer_length();
    if (r == 0) t.first = s; else t.warm.push_back(s);
  }
  Print("meta", t, rows, bytes);
  return 0;
}

Status WriteOnce(FileReader& in, const std::string& out_path, Compression codec, int threads,
                 const std::shared_ptr<const EncryptionProperties>& encryption, double* seconds, double* cpu_seconds) {
  WriterOptions o;
  o.column_defaults.compression = codec;
  o.threads = threads;
  o.encryption = encryption;
  // Each run writes a new file: the last run's output is removed first
  // (untimed), or else Close's rename over it would free its blocks, which
  // is the file system's work on the old file (0.05 s for lineitem), not
  // the writing of the new one.
  if (std::remove(out_path.c_str()) != 0 && errno != ENOENT) {
    return Status::IOError("cannot remove the last run's output '" + out_path + "': " + std::strerror(errno));
  }
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(out_path, in.schema(), o));
  const int ncols = in.schema().num_columns();
  std::vector<ColumnData> staged(static_cast<size_t>(ncols));
  std::vector<WriteScratch> scratch(static_cast<size_t>(ncols));
  double s = 0, cpu = 0;
  for (int g = 0; g < in.metadata().num_row_groups(); ++g) {
    for (int c = 0; c < ncols; ++c) {  // untimed: the rows to write
      PARQ_ASSIGN_OR_RETURN(auto col, in.OpenColumn(g, c));
      PARQ_RETURN_IF_ERROR(ReadChunk(col.get(), &staged[static_cast<size_t>(c)]));
      PrepareWrite(in.schema().column(c), staged[static_cast<size_t>(c)], &scratch[static_cast<size_t>(c)]);
    }
    const auto t0 = Clock::now();
    const double c0 = CpuSeconds();
    // The leaves one after the other, or on the writer's pool (--threads).
    PARQ_RETURN_IF_ERROR(w->WriteColumns([&](int c) -> Status {
      PARQ_ASSIGN_OR_RETURN(ColumnWriter * cw, w->column(c));
      return WriteChunk(cw, staged[static_cast<size_t>(c)], scratch[static_cast<size_t>(c)]);
    }));
    PARQ_RETURN_IF_ERROR(w->EndRowGroup());
    s += Since(t0);
    cpu += CpuSeconds() - c0;
  }
  const auto t0 = Clock::now();
  const double c0 = CpuSeconds();
  PARQ_RETURN_IF_ERROR(w->Close());
  *seconds = s + Since(t0);
  *cpu_seconds = cpu + CpuSeconds() - c0;
  return Status::OK();
}

int RunWrite(const Args& a, int runs) {
  auto like = a.Get("like");
  auto codec = ParseCodec(a.Get("codec").value_or("snappy"));
  if (a.pos.size() != 1 || !like || !codec) return std::fprintf(stderr, "%s", kUsage), 2;
  const int threads = a.Get("threads") ? std::max(1, std::atoi(a.Get("threads")->c_str())) : 1;
  // Uniform encryption of the output: every column and the footer with one key.
  std::shared_ptr<EncryptionProperties> encryption;
  if (auto key = a.Get("encrypt-footer-key")) {
    encryption = std::make_shared<EncryptionProperties>();
    auto bytes = cli::ParseKeyText(*key);
    if (!bytes.ok()) return std::fprintf(stderr, "parq-bench: --encrypt-footer-key: %s\n", bytes.status().message().c_str()), 2;
    encryption->footer_key = std::move(*bytes);
    const std::string algorithm = a.Get("encrypt-algorithm").value_or("gcm");
    if (algorithm == "gcm-ctr") {
      encryption->algorithm = EncryptionProperties::Algorithm::kAesGcmCtrV1;
    } else if (algorithm != "gcm") {
      return std::fprintf(stderr, "%s", kUsage), 2;
    }
  } else if (a.Get("encrypt-algorithm")) {
    return std::fprintf(stderr, "parq-bench: --encrypt-algorithm needs --encrypt-footer-key\n"), 2;
  }
  auto in = FileReader::Open(*like, KeyedReaderOptions(), /*mmap=*/false);  // untimed input: pread
  if (!in.ok()) return Fail(in.status());
  Timing t, cpu;
  for (int r = 0; r <= runs; ++r) {
    double s = 0, c = 0;
    Status st = WriteOnce(**in, a.pos[0], *codec, threads, encryption, &s, &c);
    if (!st.ok()) return Fail(st);
    t.Add(r, s);
    cpu.Add(r, c);
  }
  // The output opens (with its key when encrypted: a check that it was).
  ReaderOptions check;
  if (encryption) {
    auto keys = std::make_shared<DecryptionProperties>();
    keys->footer_key = encryption->footer_key;
    check.decryption = std::move(keys);
  }
  auto out = FileReader::Open(a.pos[0], check);
  if (!out.ok()) return Fail(out.status());
  if (encryption && (*out)->encryption() == nullptr) return Fail(Status::Internal("the output is not encrypted"));
  Print("write", t, (*in)->metadata().num_rows(), static_cast<int64_t>((*out)->file().size()), threads, &cpu);
  return 0;
}

int RunGen(const Args& a) {
  if (a.pos.size() != 2) return std::fprintf(stderr, "%s", kUsage), 2;
  auto codec = ParseCodec(a.Get("codec").value_or("snappy"));
  if (!codec) return std::fprintf(stderr, "%s", kUsage), 2;
  const int64_t rows = a.Get("rows") ? std::atoll(a.Get("rows")->c_str()) : 0;
  const int64_t columns = a.Get("columns") ? std::atoll(a.Get("columns")->c_str()) : 0;
  const auto t0 = Clock::now();
  Status st = Generate(a.pos[0], a.pos[1], rows, columns, *codec);
  if (!st.ok()) return Fail(st);
  std::printf("{\"op\":\"gen\",\"kind\":\"%s\",\"seconds\":%.3f}\n", a.pos[0].c_str(), Since(t0));
  return 0;
}

}  // namespace
}  // namespace parq::bench

int main(int argc, char** argv) {
  using namespace parq::bench;
  // Freed big buffers (page and chunk buffers of one row group) stay in the
  // heap for the next row group instead of going back to the kernel: glibc
  // would mmap each allocation over 128 KiB (until its dynamic threshold
  // adapts) and trim the heap top, so every row group paid page faults
  // (kernel clear_page) again.  PARQ_BENCH_MALLOC=default keeps glibc's policy.
  //
  // And the heap asks for transparent huge pages (glibc.malloc.hugetlb=1,
  // a tunable read at start-up, so the driver runs itself again with it
  // set): a first run then faults its buffers in 2 MiB at a time instead of
  // 4 KiB (full read of lineitem-parq: first run 0.54-0.73 s -> 0.34-0.46 s).
  const char* policy = std::getenv("PARQ_BENCH_MALLOC");
  if (policy == nullptr || std::strcmp(policy, "default") != 0) {
    const char* tunables = std::getenv("GLIBC_TUNABLES");
    if (tunables == nullptr || std::strstr(tunables, "glibc.malloc.hugetlb") == nullptr) {
      const std::string set = tunables == nullptr ? std::string("glibc.malloc.hugetlb=1")
                                                  : std::string(tunables) + ":glibc.malloc.hugetlb=1";
      setenv("GLIBC_TUNABLES", set.c_str(), 1);
      execv("/proc/self/exe", argv);  // returns only if it failed: go on as we are
    }
    mallopt(M_MMAP_THRESHOLD, 32 << 20);  // glibc's maximum on 64-bit
    mallopt(M_TRIM_THRESHOLD, 1 << 30);
    // One heap for every thread: glibc (2.36) gives hugetlb=1's huge pages
    // to the main heap only, not to the arenas it makes for other threads,
    // so a 2-thread read decoded into 4 KiB pages what one thread decodes
    // into 2 MiB ones (AnonHugePages 20 of 150 MB) and its warm runs took
    // 6 % more time than with one heap (0.171 s against 0.161 s, medians of
    // 5).  The price is in the first run, whose two threads fault the huge
    // pages in together: 0.22-0.51 s against 0.25 s.  Buffers are taken per
    // chunk, not per value: the one heap's lock is not contended.
    mallopt(M_ARENA_MAX, 1);
  }
  if (argc < 2) return std::fprintf(stderr, "%s", kUsage), 2;
  Args a;
  for (int i = 2; i < argc; ++i) {
    std::string s = argv[i];
    if (s.rfind("--", 0) == 0) {
      if (i + 1 >= argc) return std::fprintf(stderr, "%s", kUsage), 2;
      a.opts.emplace_back(s.substr(2), argv[++i]);
    } else {
      a.pos.push_back(s);
    }
  }
  // The keys of the files read (see the header comment).
  if (a.Get("footer-key") || a.Get("column-key") || a.Get("aad-prefix")) {
    auto keys = std::make_shared<parq::DecryptionProperties>();
    if (auto key = a.Get("footer-key")) {
      auto bytes = parq::cli::ParseKeyText(*key);
      if (!bytes.ok()) return std::fprintf(stderr, "parq-bench: --footer-key: %s\n", bytes.status().message().c_str()), 2;
      keys->footer_key = std::move(*bytes);
    }
    for (const std::string& v : a.GetAll("column-key")) {
      const size_t eq = v.find('=');
      auto bytes = eq == std::string::npos ? parq::Result<std::string>(parq::Status::InvalidArgument("wants PATH=KEY"))
                                           : parq::cli::ParseKeyText(std::string_view(v).substr(eq + 1));
      if (!bytes.ok()) return std::fprintf(stderr, "parq-bench: --column-key: %s\n", bytes.status().message().c_str()), 2;
      keys->column_keys[v.substr(0, eq)] = std::move(*bytes);
    }
    if (auto prefix = a.Get("aad-prefix")) keys->aad_prefix = *prefix;
    g_decryption = std::move(keys);
  }
  const std::string verb = argv[1];
  const int runs = a.Get("runs") ? std::max(0, std::atoi(a.Get("runs")->c_str())) : 3;
  if (verb == "read") return RunRead(a, runs);
  if (verb == "meta") return RunMeta(a, runs);
  if (verb == "filter") return RunFilter(a, runs);
  if (verb == "columnar") return RunColumnar(a, runs);
  if (verb == "cat") return RunCat(a, runs);
  if (verb == "dataset") return RunDataset(a, runs);
  if (verb == "arrow") return RunArrow(a, runs);
  if (verb == "write") return RunWrite(a, runs);
  if (verb == "gen") return RunGen(a);
  std::fprintf(stderr, "%s", kUsage);
  return 2;
}
