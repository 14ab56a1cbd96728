// parq_wide_write: peak memory (and time) of writing a wide file through the
// public FileWriter API (issue 28, "bounded memory on write").
//
//   parq_wide_write OUT.parquet [--columns N] [--rows N] [--batch N]
//                   [--codec none|snappy|zstd] [--max-buffered-bytes N]
//                   [--row-group-size N] [--max-open-page-bytes N]
//
// The table, generated batch by batch while it is written (the driver holds
// one batch of one column at a time, so the process's memory is the
// writer's): column c is, by c % 4,
//   0  required int64   a counter with noise (row * 16 + random 0..15)
//   1  required double  a price: cents / 100, 0.00 .. 9999.99
//   2  required binary (STRING)  one of 1,000 short names (dictionary)
//   3  optional int64   random 0..99 (dictionary), 5% null
// Per batch of rows, one WriteBatch per column, then MaybeEndRowGroup; then
// Close.  Default WriterOptions but those given.  Prints one JSON line:
// rows, columns, row groups, the largest row group's total_compressed_size,
// the file's bytes, wall and CPU seconds, peak RSS (getrusage) in bytes, and
// the largest FileWriter::buffered_bytes() seen between batches.
#include <sys/resource.h>

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <cstdlib>
#include <filesystem>
#include <string>
#include <string_view>
#include <vector>

#include "parq/file_reader.h"
#include "bench_random.h"
#include "parq/file_writer.h"
#include "parq/schema.h"

namespace {

using namespace parq;

using bench::SplitMix;

struct Args {
  std::string out;
  int64_t columns = 1000, rows = 1'000'000, batch = 4096;
  WriterOptions options;
};

Result<Schema> MakeSchema(int64_t columns) {
  std::string text = "message wide {\n";
  for (int64_t c = 0; c < columns; ++c) {
    static const char* const kTypes[] = {"required int64", "required double", "required binary",
                                         "optional int64"};
    text += std::string("  ") + kTypes[c % 4] + " c" + std::to_string(c) + (c % 4 == 2 ? " (STRING);\n" : ";\n");
  }
  return ParseMessageType(text + "}");
}

// The largest FileWriter::buffered_bytes() seen between batches.
int64_t g_peak_buffered = 0;

Status Write(const Args& a) {
  PARQ_ASSIGN_OR_RETURN(Schema schema, MakeSchema(a.columns));
  PARQ_ASSIGN_OR_RETURN(auto w, FileWriter::Open(a.out, schema, a.options));
  std::vector<std::string> names;
  for (int i = 0; i < 1000; ++i) names.push_back("name-" + std::to_string(i * 7919 % 100000));
  std::vector<int64_t> i64(static_cast<size_t>(a.batch));
  std::vector<double> f64(static_cast<size_t>(a.batch));
  std::vector<ByteArray> str(static_cast<size_t>(a.batch));
  std::vector<int16_t> def(static_cast<size_t>(a.batch));
  uint64_t seed = 28;
  for (int64_t b = 0; b < a.rows; b += a.batch) {
    const int64_t n = std::min(a.batch, a.rows - b);
    for (int64_t c = 0; c < a.columns; ++c) {
      PARQ_ASSIGN_OR_RETURN(ColumnWriter * cw, w->column(static_cast<int>(c)));
      switch (c % 4) {
        case 0:
          for (int64_t i = 0; i < n; ++i) i64[static_cast<size_t>(i)] = (b + i) * 16 + static_cast<int64_t>(SplitMix(&seed) % 16);
          PARQ_RETURN_IF_ERROR(cw->As<int64_t>()->WriteBatch(n, nullptr, nullptr, i64.data()));
          break;
        case 1:
          for (int64_t i = 0; i < n; ++i) f64[static_cast<size_t>(i)] = static_cast<double>(SplitMix(&seed) % 1'000'000) / 100;
          PARQ_RETURN_IF_ERROR(cw->As<double>()->WriteBatch(n, nullptr, nullptr, f64.data()));
          break;
        case 2:
          for (int64_t i = 0; i < n; ++i) {
            const std::string& s = names[SplitMix(&seed) % names.size()];
            str[static_cast<size_t>(i)] = ByteArray{reinterpret_cast<const uint8_t*>(s.data()), static_cast<uint32_t>(s.size())};
          }
          PARQ_RETURN_IF_ERROR(cw->As<ByteArray>()->WriteBatch(n, nullptr, nullptr, str.data()));
          break;
        default: {
          int64_t k = 0;
          for (int64_t i = 0; i < n; ++i) {
            const uint64_t r = SplitMix(&seed);
            def[static_cast<size_t>(i)] = r % 20 == 0 ? 0 : 1;
            if (def[static_cast<size_t>(i)]) i64[static_cast<size_t>(k++)] = static_cast<int64_t>((r >> 8) % 100);
          }
          PARQ_RETURN_IF_ERROR(cw->As<int64_t>()->WriteBatch(n, def.data(), nullptr, i64.data()));
        }
      }
    }
    g_peak_buffered = std::max(g_peak_buffered, w->buffered_bytes());
    PARQ_RETURN_IF_ERROR(w->MaybeEndRowGroup());
  }
  return w->Close();
}

int Usage() {
  std::fprintf(stderr,
               "usage: parq_wide_write OUT.parquet [--columns N] [--rows N] [--batch N] "
               "[--codec none|snappy|zstd] [--max-buffered-bytes N] [--row-group-size N] "
               "[--max-open-page-bytes N]\n");
  return 2;
}

double CpuSeconds() {
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  return static_cast<double>(ru.ru_utime.tv_sec + ru.ru_stime.tv_sec) +
         static_cast<double>(ru.ru_utime.tv_usec + ru.ru_stime.tv_usec) / 1e6;
}

}  // namespace

int main(int argc, char** argv) {
  Args a;
  a.options.column_defaults.compression = Compression::kZstd;
  std::string codec = "zstd";
  for (int i = 1; i < argc; ++i) {
    std::string_view s = argv[i];
    const bool has_value = i + 1 < argc;
    if (s == "--columns" && has_value) {
      a.columns = std::atoll(argv[++i]);
    } else if (s == "--rows" && has_value) {
      a.rows = std::atoll(argv[++i]);
    } else if (s == "--batch" && has_value) {
      a.batch = std::atoll(argv[++i]);
    } else if (s == "--max-buffered-bytes" && has_value) {
      a.options.max_buffered_bytes = std::atoll(argv[++i]);
    } else if (s == "--max-open-page-bytes" && has_value) {
      a.options.max_open_page_bytes = std::atoll(argv[++i]);
    } else if (s == "--row-group-size" && has_value) {
      a.options.row_group_size = std::atoll(argv[++i]);
    } else if (s == "--codec" && has_value) {
      codec = argv[++i];
      if (codec == "none") a.options.column_defaults.compression = Compression::kUncompressed;
      else if (codec == "snappy") a.options.column_defaults.compression = Compression::kSnappy;
      else if (codec == "zstd") a.options.column_defaults.compression = Compression::kZstd;
      else return Usage();
    } else if (a.out.empty() && !s.starts_with("--")) {
      a.out = s;
    } else {
      return Usage();
    }
  }
  if (a.out.empty() || a.columns <= 0 || a.rows <= 0 || a.batch <= 0) return Usage();
  const auto t0 = std::chrono::steady_clock::now();
  if (Status st = Write(a); !st.ok()) {
    std::fprintf(stderr, "parq_wide_write: %s\n", st.ToString().c_str());
    return 1;
  }
  const double wall = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  const double cpu = CpuSeconds();
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  const long long peak = static_cast<long long>(ru.ru_maxrss) * 1024;
  auto reader = FileReader::Open(a.out);
  if (!reader.ok()) {
    std::fprintf(stderr, "parq_wide_write: %s\n", reader.status().ToString().c_str());
    return 1;
  }
  const FileMetaData& md = (*reader)->metadata();
  long long largest = 0;
  for (int g = 0; g < md.num_row_groups(); ++g) {
    largest = std::max<long long>(largest, md.row_group(g).total_compressed_size().value_or(0));
  }
  std::printf(
      "{\"codec\":\"%s\",\"columns\":%lld,\"rows\":%lld,\"row_groups\":%d,\"largest_row_group_compressed\":%lld,"
      "\"file_bytes\":%lld,\"wall_s\":%.2f,\"cpu_s\":%.2f,\"peak_rss\":%lld,\"peak_buffered_bytes\":%lld}\n",
      codec.c_str(), static_cast<long long>(a.columns), static_cast<long long>(a.rows), md.num_row_groups(), largest,
      static_cast<long long>(std::filesystem::file_size(a.out)), wall, cpu, peak,
      static_cast<long long>(g_peak_buffered));
  return 0;
}
