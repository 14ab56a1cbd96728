// Fuzzes the CLI's option parsing and the writer options parsers.
//   byte 0 even: the rest is argv (arguments separated by NUL bytes), parsed
//          as `parq rewrite` / `parq convert` parse theirs (cli::Args), then
//          the writer flags (cli::ParseWriterFlags, which calls
//          parq::ParseWriterOption and FileWriter::ValidateOptions); the
//          same options as `key=value` text must parse to the same
//          WriterOptions (or fail alike)
//   byte 0 odd:  the rest is `key=value;...` text for parq::ParseWriterOptions
// Options that parse are checked against a schema of every physical type;
// when FileWriter::ValidateOptions accepts them, FileWriter::Open must too,
// and three rows written with them read back as the rows written with the
// defaults do (so no option makes an unreadable or different file).
// Errors are fine; kInternal, a crash or a disagreement is a bug.
#include <algorithm>
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "cli.h"
#include "fuzz_util.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/json.h"
#include "parq/row_writer.h"
#include "parq/version.h"
#include "parq/writer_options_text.h"
#include "writer_flags.h"

namespace {

using parq::Status;
using parq::WriterOptions;
using parq::fuzz::CheckNotInternal;
using parq::fuzz::Die;

constexpr char kSchemaText[] = R"(message m {
  required int32 a;
  optional int64 b;
  optional binary s (STRING);
  required boolean f;
  optional double d;
  optional float e;
  optional fixed_len_byte_array(4) x;
  optional int96 t;
  optional group l (LIST) { repeated group list { optional int32 element; } }
})";

constexpr const char* kRows[] = {
    R"({"a":1,"b":-5,"s":"one","f":true,"d":1.5,"e":2.5,"x":"AAECAw==","t":"2020-01-02T03:04:05.000000006","l":[1,null,3]})",
    R"({"a":2,"b":null,"s":null,"f":false,"d":null,"e":null,"x":null,"t":null,"l":null})",
    R"({"a":-3,"b":9007199254740993,"s":"three","f":true,"d":-0.25,"e":-1,"x":"/////w==","t":"1970-01-01T00:00:00.000000000","l":[]})",
};

const parq::Schema& TheSchema() {
  static const parq::Schema* schema = [] {
    auto s = parq::ParseMessageType(kSchemaText);
    if (!s.ok()) Die("schema", s.status());
    return new parq::Schema(std::move(s).value());
  }();
  return *schema;
}

// The rows written with `options` and read back as JSON; an error when
// writing or reading fails.
parq::Result<std::vector<std::string>> RoundTrip(const WriterOptions& options) {
  auto out = std::make_unique<parq::MemoryOutputStream>();
  parq::MemoryOutputStream* bytes = out.get();
  PARQ_ASSIGN_OR_RETURN(auto writer, parq::FileWriter::Open(std::move(out), TheSchema(), options));
  PARQ_ASSIGN_OR_RETURN(auto parser, parq::JsonRowParser::Make(TheSchema()));
  {
    parq::RowWriterOptions small;
    small.batch_rows = 2;  // two batches, and nothing large to allocate
    PARQ_ASSIGN_OR_RETURN(auto rows, parq::RowWriter::Open(*writer, small));
    parq::Value row;
    for (const char* json : kRows) {
      PARQ_RETURN_IF_ERROR(parser->Parse(json, &row));
      PARQ_RETURN_IF_ERROR(rows->Write(row));
    }
    PARQ_RETURN_IF_ERROR(rows->Close());
  }
  PARQ_RETURN_IF_ERROR(writer->Close());
  std::shared_ptr<parq::RandomAccessFile> file = parq::OpenMemory(bytes->Take());
  PARQ_ASSIGN_OR_RETURN(auto reader, parq::FileReader::Open(file));
  parq::RowReaderOptions read;
  read.batch_levels = 2;
  PARQ_ASSIGN_OR_RETURN(auto json, parq::JsonRowReader::Open(*reader, read));
  std::vector<std::string> lines;
  std::string line;
  while (true) {
    line.clear();
    PARQ_ASSIGN_OR_RETURN(bool more, json->Next(&line));
    if (!more) break;
    lines.push_back(line);
  }
  return lines;
}

const std::vector<std::string>& Reference() {
  static const std::vector<std::string>* rows = [] {
    auto r = RoundTrip(WriterOptions{});
    if (!r.ok()) Die("rows written with the default options", r.status());
    return new std::vector<std::string>(std::move(r).value());
  }();
  return *rows;
}

// True when `options` were written and read back already in this process
// (most inputs come to a few settings; the round trip is what costs).
bool SeenBefore(const WriterOptions& options) {
  static std::vector<WriterOptions> seen;
  for (const WriterOptions& o : seen) {
    if (o == options) return true;
  }
  if (seen.size() >= 512) seen.clear();
  seen.push_back(options);
  return false;
}

void CheckOptions(const WriterOptions& options) {
  const Status valid = parq::FileWriter::ValidateOptions(options, TheSchema());
  CheckNotInternal(valid, "ValidateOptions");
  if (!valid.ok()) return;
  // A pool of `threads` (up to ThreadPool::kMaxThreads, 1,024) would be
  // started for every input: the writer's bytes are the same on any number
  // of threads (ParallelWriteTest), so the writes here use at most 4, and
  // the fuzzer neither spends its time starting threads nor loads the machine
  // with hundreds of them.
  WriterOptions opened = options;
  opened.threads = std::min(opened.threads, 4);
  {
    auto writer = parq::FileWriter::Open(std::make_unique<parq::MemoryOutputStream>(), TheSchema(), opened);
    if (!writer.ok()) Die("FileWriter::Open refuses options that ValidateOptions accepts", writer.status());
  }
  // Levels change the bytes, never the rows, and the high ones allocate and
  // clear a large window for every page (ZSTD 22, BROTLI from its default 8
  // up): the rows go at the codec's default level, BROTLI's at 1 (with
  // page_size=1 and row_group_rows=1 a page per value, 400 ms at 8 under
  // ASan).  A Bloom filter is sized for bloom_filter_ndv values whatever the
  // chunk holds (128 KiB at the default), and each 1-row chunk gets one:
  // sized for 64 here, as no text sets it.
  WriterOptions rt = opened;
  const auto cheap = [](parq::ColumnWriterOptions& c) {
    c.compression_level.reset();
    if (c.compression == parq::Compression::kBrotli) c.compression_level = 1;
    c.bloom_filter_ndv = 64;
  };
  cheap(rt.column_defaults);
  for (auto& entry : rt.columns) cheap(entry.second);
  if (SeenBefore(rt)) return;
  auto rows = RoundTrip(rt);
  if (!rows.ok()) Die("options that ValidateOptions accepts fail to write or read", rows.status());
  if (*rows != Reference()) Die("options change the rows read back");
}

// `args` as `key=value` text, or false when a value cannot be said in it
// (a ';' in it, blanks around it, or empty).
bool AsText(const parq::cli::Args& args, std::string* text) {
  for (const std::string& flag : parq::cli::kWriterFlags) {
    for (const std::string& v : args.GetAll(flag)) {
      if (v.empty() || v.find(';') != std::string::npos) return false;
      const auto blank = [](char c) { return c == ' ' || c == '\t' || c == '\n' || c == '\r'; };
      if (blank(v.front()) || blank(v.back())) return false;
      *text += flag + "=" + v + ";";
    }
  }
  for (const std::string& flag : parq::cli::kWriterBareFlags) {
    if (args.Has(flag)) *text += flag + ";";
  }
  return true;
}

void FuzzArgv(const uint8_t* data, size_t size) {
  std::vector<std::string> strings;
  strings.emplace_back();
  for (size_t i = 0; i < size; ++i) {
    if (data[i] == 0) {
      strings.emplace_back();
    } else {
      strings.back().push_back(static_cast<char>(data[i]));
    }
  }
  std::vector<char*> argv;
  for (std::string& s : strings) argv.push_back(s.data());
  std::vector<std::string> bare = {"verify-checksums", "no-verify-checksums"};
  bare.insert(bare.end(), parq::cli::kWriterBareFlags.begin(), parq::cli::kWriterBareFlags.end());
  std::vector<std::string> valued = parq::cli::kWriterFlags;
  valued.push_back("schema");
  parq::cli::Args args;
  std::string error;
  if (!args.Parse(static_cast<int>(argv.size()), argv.data(), bare, valued, &error)) {
    if (error.empty()) Die("Args::Parse failed without a message");
    return;
  }
  WriterOptions from_flags;
  const Status flags = parq::cli::ParseWriterFlags(args, &from_flags);
  CheckNotInternal(flags, "ParseWriterFlags");
  if (!flags.ok() && flags.message().empty()) Die("ParseWriterFlags failed without a message");

  std::string text;
  if (AsText(args, &text)) {
    WriterOptions from_text;
    from_text.created_by = parq::kCreatedBy;
    const Status st = parq::ParseWriterOptions(text, &from_text);
    CheckNotInternal(st, "ParseWriterOptions");
    if (st.ok() != flags.ok()) {
      Die(("flags and text disagree on '" + text + "': flags " + flags.ToString() + ", text").c_str(), st);
    }
    if (st.ok() && !(from_text == from_flags)) Die(("flags and text give different options: " + text).c_str());
  }
  if (flags.ok()) CheckOptions(from_flags);
}

void FuzzText(const uint8_t* data, size_t size) {
  const std::string text(reinterpret_cast<const char*>(data), size);
  WriterOptions options;
  const Status st = parq::ParseWriterOptions(text, &options);
  CheckNotInternal(st, "ParseWriterOptions");
  if (!st.ok()) {
    if (st.code() != parq::StatusCode::kInvalidArgument && st.code() != parq::StatusCode::kUnsupported) {
      Die("ParseWriterOptions: an unexpected code", st);
    }
    return;
  }
  CheckOptions(options);
}

}  // namespace

// The reference rows once, before any input is timed.
extern "C" int LLVMFuzzerInitialize(int*, char***) {
  Reference();
  return 0;
}

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0 || size > 4096) return 0;
  if ((data[0] & 1) == 0) {
    FuzzArgv(data + 1, size - 1);
  } else {
    FuzzText(data + 1, size - 1);
  }
  return 0;
}
