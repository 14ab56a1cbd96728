// parq/writer_options_text.h — WriterOptions from text: the writer flags of
// `parq rewrite` and `parq convert`, as `key=value` pairs.
//
//   parq::WriterOptions options;
//   PARQ_RETURN_IF_ERROR(parq::ParseWriterOptions("codec=zstd;level=9;page_version=2", &options));
//   PARQ_ASSIGN_OR_RETURN(auto writer, parq::FileWriter::Open(path, schema, options));
//
// The keys are the CLI's flag names without their dashes; '_' and '-' are
// alike inside a key and ASCII case is ignored (`page_version`, `page-version`):
//
//   codec=none|uncompressed|snappy|gzip|brotli|zstd|lz4_raw|lzo   (lz4 means lz4_raw)
//   level=N            the codec's level: GZIP 0..9 (-1: the default), BROTLI
//                      0..11, ZSTD ZSTD_minCLevel()..22 (negative: the fast
//                      levels, 0: the default), LZ4_RAW as compression/codec.h
//                      says; NONE, SNAPPY and LZO take none
//   page_version=1|2   data page v1 or v2 headers
//   encoding=COLUMN=ENCODING   the value encoding of one leaf (dotted path; the
//                      last '=' splits it), repeatable: PLAIN, RLE (BOOLEAN),
//                      DELTA_BINARY_PACKED, DELTA_LENGTH_BYTE_ARRAY,
//                      DELTA_BYTE_ARRAY, BYTE_STREAM_SPLIT, ALP (FLOAT and
//                      DOUBLE; only ever where asked); RLE_DICTIONARY or
//                      PLAIN_DICTIONARY: that leaf dictionary-encoded, any
//                      other: without a dictionary
//   dictionary=on|off  dictionary encoding of the other leaves
//   page_size=BYTES  row_group_size=BYTES  row_group_rows=N   positive integers
//   max_buffered_bytes=BYTES   the writer's memory cap (WriterOptions::max_buffered_bytes;
//                      0: none)
//   max_open_page_bytes=BYTES  the open pages' budget, all leaves together
//                      (WriterOptions::max_open_page_bytes; 0: none)
//   threads=N          encode and compress on N threads (WriterOptions::threads,
//                      1..1024; 1: the calling thread only); the same bytes
//   bloom_filter[=on|off]    a Bloom filter per leaf but BOOLEAN
//   no_page_index[=on|off]   no page index
//   column_order=type|ieee754  FLOAT/DOUBLE/FLOAT16 statistics in TYPE_ORDER or
//                            IEEE_754_TOTAL_ORDER (ColumnWriterOptions::ieee754_total_order)
//
// On/off values also take true/false.  A key given twice keeps its last value
// (encoding: per column).  codec, level, bloom_filter, no_page_index and column_order set
// WriterOptions::column_defaults and every entry of WriterOptions::columns;
// an `encoding` entry starts from column_defaults and differs only in its
// encoding and dictionary; so the order of the keys never matters.
//
// Errors are kInvalidArgument naming the option as the caller spelled it:
// "writer option 'page-size': takes a positive integer, not '-5'".  The value
// checks that need the other options (a level the codec does not take) or the
// schema (a column that is not a leaf, an encoding its type does not allow)
// are FileWriter::ValidateOptions' (parq/file_writer.h), which
// FileWriter::Open applies.
//
// Thread-safety: the functions are reentrant; *options is the caller's.
#ifndef PARQ_WRITER_OPTIONS_TEXT_H_
#define PARQ_WRITER_OPTIONS_TEXT_H_

#include <functional>
#include <string_view>
#include <vector>

#include "parq/options.h"
#include "parq/status.h"

namespace parq {

// Applies one option to *options.  `name` is a key above (leading "--"
// allowed, as the CLI spells its flags); `value` its value, empty for a bare
// bloom_filter / no_page_index.  On an error *options is unchanged.
Status ParseWriterOption(std::string_view name, std::string_view value, WriterOptions* options);

// Applies `text`, `key=value` pairs separated by ';' (blanks around keys and
// values ignored, empty pairs skipped), then checks the result as
// FileWriter::ValidateOptions(options) does.  The first error is returned;
// *options then holds the pairs before it.
Status ParseWriterOptions(std::string_view text, WriterOptions* options);

// Calls fn(key, value, has_value) for each pair of `text`: `key=value`
// pairs separated by ';', blanks around keys and values trimmed, empty pairs
// skipped; a bare `key` has has_value false and an empty value.  Returns the
// first error of fn.  (ParseWriterOptions' syntax, for other option texts.)
Status ForEachOptionPair(std::string_view text,
                         const std::function<Status(std::string_view key, std::string_view value, bool has_value)>& fn);

// The keys, in their canonical spelling ("codec", "level", "page_version",
// ...), the valued ones first: `valued` of them take a value; the last ones
// (bloom_filter, no_page_index) are bare flags.
struct WriterOptionKeys {
  std::vector<std::string_view> valued;
  std::vector<std::string_view> bare;
};
const WriterOptionKeys& WriterOptionNames();

}  // namespace parq

#endif  // PARQ_WRITER_OPTIONS_TEXT_H_
