// The writer options shared by `parq rewrite` and `parq convert` (their
// progress line is progress.h's).
#ifndef PARQ_TOOLS_WRITER_FLAGS_H_
#define PARQ_TOOLS_WRITER_FLAGS_H_

#include <cstdint>
#include <string>
#include <vector>

#include "cli.h"
#include "progress.h"
#include "parq/options.h"

namespace parq::cli {

// The valued options ParseWriterFlags reads: the keys of
// parq/writer_options_text.h, spelled with dashes.
extern const std::vector<std::string> kWriterFlags;
// The bare flags it reads: --bloom-filter (a Bloom filter on every column
// but BOOLEAN, sized for 100,000 distinct values at 1%) and --no-page-index.
extern const std::vector<std::string> kWriterBareFlags;
// Their flag table (placeholders and help lines), in that order: valued
// then bare.
std::vector<Flag> WriterFlagTable();
// Their usage text.
#define PARQ_WRITER_FLAGS_USAGE                                                        \
  "[--codec none|snappy|gzip|brotli|zstd|lz4_raw|lzo] [--level N]\n"                   \
  "       [--page-version 1|2] [--encoding COLUMN=ENCODING]... [--dictionary on|off]\n" \
  "       [--page-size BYTES] [--row-group-size BYTES] [--row-group-rows N]\n"          \
  "       [--max-buffered-bytes BYTES] [--threads N]\n"                                 \
  "       [--bloom-filter] [--no-page-index] [--column-order type|ieee754]"

// Fills *wopts from the flags (created_by set to parq's) with
// parq::ParseWriterOption, then checks them with FileWriter::ValidateOptions.
// An error is the user's (a usage error); the checks against the schema
// (FileWriter::ValidateOptions(wopts, schema)) follow once it is read.
Status ParseWriterFlags(const Args& args, WriterOptions* wopts);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_WRITER_FLAGS_H_
