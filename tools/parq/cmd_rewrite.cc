// parq rewrite IN OUT [options]: the same rows, re-encoded.  Column chunks are
// copied level by level (no row assembly), keeping the input's row groups.
#include <cstdio>
#include <memory>
#include <vector>

#include "cli.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/version.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq rewrite IN OUT [--codec none|snappy|gzip|brotli|zstd|lz4_raw] [--level N]\n"
    "       [--page-version 1|2] [--encoding COLUMN=ENCODING]... [--dictionary on|off]\n"
    "       [--page-size BYTES] [--no-verify-checksums]";

std::optional<Compression> ParseCodec(std::string s) {
  for (char& c : s) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  if (s == "none" || s == "uncompressed") return Compression::kUncompressed;
  if (s == "snappy") return Compression::kSnappy;
  if (s == "gzip") return Compression::kGzip;
  if (s == "brotli") return Compression::kBrotli;
  if (s == "zstd") return Compression::kZstd;
  if (s == "lz4_raw" || s == "lz4") return Compression::kLz4Raw;  // never the ambiguous LZ4
  return std::nullopt;
}

std::optional<Encoding> ParseEncoding(std::string s) {
  for (char& c : s) c = static_cast<char>(std::toupper(static_cast<unsigned char>(c)));
  for (int i = 0; i <= static_cast<int>(Encoding::kAlp); ++i) {
    if (EncodingName(static_cast<Encoding>(i)) == s) return static_cast<Encoding>(i);
  }
  return std::nullopt;
}

template <typename T>
Status CopyChunk(TypedColumnReader<T>* in, TypedColumnWriter<T>* out) {
  constexpr int64_t kBatch = 4096;
  std::vector<int16_t> def(kBatch), rep(kBatch);
  std::unique_ptr<T[]> values(new T[kBatch]);
  const ColumnDescriptor& d = in->descriptor();
  while (true) {
    int64_t values_read = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t levels,
                          in->ReadBatch(kBatch, def.data(), rep.data(), values.get(), &values_read));
    if (levels == 0) return Status::OK();
    PARQ_RETURN_IF_ERROR(out->WriteBatch(levels, d.max_definition_level > 0 ? def.data() : nullptr,
                                         d.max_repetition_level > 0 ? rep.data() : nullptr,
                                         values.get()));
  }
}

Status CopyColumn(ColumnReader* in, ColumnWriter* out) {
  switch (in->physical_type()) {
    case PhysicalType::kBoolean: return CopyChunk(in->As<bool>(), out->As<bool>());
    case PhysicalType::kInt32: return CopyChunk(in->As<int32_t>(), out->As<int32_t>());
    case PhysicalType::kInt64: return CopyChunk(in->As<int64_t>(), out->As<int64_t>());
    case PhysicalType::kInt96: return CopyChunk(in->As<Int96>(), out->As<Int96>());
    case PhysicalType::kFloat: return CopyChunk(in->As<float>(), out->As<float>());
    case PhysicalType::kDouble: return CopyChunk(in->As<double>(), out->As<double>());
    case PhysicalType::kByteArray: return CopyChunk(in->As<ByteArray>(), out->As<ByteArray>());
    case PhysicalType::kFixedLenByteArray:
      return CopyChunk(in->As<FixedLenByteArray>(), out->As<FixedLenByteArray>());
  }
  return Status::Internal("unknown physical type");
}

Status Rewrite(const std::string& in_path, const std::string& out_path, const ReaderOptions& ropts,
               const WriterOptions& wopts) {
  PARQ_ASSIGN_OR_RETURN(auto reader, FileReader::Open(in_path, ropts));
  const Schema& schema = reader->schema();
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(out_path, schema, wopts, /*atomic_rename=*/true));
  for (int g = 0; g < reader->metadata().num_row_groups(); ++g) {
    for (int c = 0; c < schema.num_columns(); ++c) {
      PARQ_ASSIGN_OR_RETURN(auto in, reader->OpenColumn(g, c));
      PARQ_ASSIGN_OR_RETURN(ColumnWriter * out, writer->column(c));
      PARQ_RETURN_IF_ERROR(CopyColumn(in.get(), out));
    }
    PARQ_RETURN_IF_ERROR(writer->EndRowGroup());
  }
  return writer->Close();
}

}  // namespace

int RunRewrite(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, {"verify-checksums", "no-verify-checksums"},
                  {"codec", "level", "page-version", "encoding", "dictionary", "page-size"}, &error)) {
    return ReportUsage(error, kUsage);
  }
  if (args.positional().size() != 2) return ReportUsage("expected IN and OUT", kUsage);
  WriterOptions wopts;
  wopts.created_by = kCreatedBy;
  if (auto c = args.Get("codec")) {
    auto codec = ParseCodec(*c);
    if (!codec) return ReportUsage("unknown codec '" + *c + "'", kUsage);
    wopts.column_defaults.compression = *codec;
  }
  if (auto l = args.Get("level")) {
    try {
      wopts.column_defaults.compression_level = std::stoi(*l);
    } catch (...) {
      return ReportUsage("--level takes an integer", kUsage);
    }
  }
  if (auto v = args.Get("page-version")) {
    if (*v != "1" && *v != "2") return ReportUsage("--page-version is 1 or 2", kUsage);
    wopts.data_page_v2 = *v == "2";
  }
  if (auto d = args.Get("dictionary")) {
    if (*d != "on" && *d != "off") return ReportUsage("--dictionary is on or off", kUsage);
    wopts.column_defaults.dictionary = *d == "on";
  }
  if (auto p = args.Get("page-size")) {
    try {
      wopts.data_page_size = std::stoll(*p);
    } catch (...) {
      return ReportUsage("--page-size takes a byte count", kUsage);
    }
    if (wopts.data_page_size <= 0) return ReportUsage("--page-size must be positive", kUsage);
  }
  for (const std::string& spec : args.GetAll("encoding")) {
    auto eq = spec.find('=');
    if (eq == std::string::npos) return ReportUsage("--encoding takes COLUMN=ENCODING", kUsage);
    auto enc = ParseEncoding(spec.substr(eq + 1));
    if (!enc) return ReportUsage("unknown encoding '" + spec.substr(eq + 1) + "'", kUsage);
    ColumnWriterOptions col = wopts.column_defaults;
    col.encoding = enc;
    col.dictionary = *enc == Encoding::kRleDictionary || *enc == Encoding::kPlainDictionary;
    if (col.dictionary) col.encoding.reset();
    wopts.columns[spec.substr(0, eq)] = col;
  }
  // Per-column entries were built from the defaults as parsed so far.
  ReaderOptions ropts;
  ropts.verify_checksums = !args.Has("no-verify-checksums");
  Status st = Rewrite(args.positional()[0], args.positional()[1], ropts, wopts);
  if (!st.ok()) return ReportError(st);
  return kExitOk;
}

}  // namespace parq::cli
