// parq rewrite IN OUT [options]: the same rows, re-encoded.  When no flag
// changes the pages (codec, level, page version, encodings, dictionary, page
// size, Bloom filters, page index, column order) nor splits or joins row
// groups (--row-group-size; --row-group-rows unless every row group but the
// last already has that many rows and the last no more), the column chunks
// are copied as stored, without decoding (the raw path,
// parq::CopyRowGroups, parq/file_copy.h): only the footer is written anew.
// --no-raw-copy decodes anyway; --verbose says on stderr which path was
// taken and why.  On the decoding path column chunks are copied level by
// level (no row assembly), keeping the input's row groups, unless
// --row-group-size / --row-group-rows / --max-buffered-bytes ask for new ones.  OUT appears
// only once complete (FileOutputOptions::atomic_rename, parq/io.h).  The
// footer keeps the input's metadata (KeepSourceMetadata, parq/file_writer.h):
// key-value metadata, the input's created_by under parq.source_created_by,
// each row group's sorting_columns and chunk key-value metadata, and the
// schema with its field ids and annotations.  With --partition-by OUT is a
// directory of Hive partitions (parq/partitioned_writer.h) written row by
// row, which appears only once complete; SIGINT or SIGTERM removes its
// temporary tree (interrupt.h).
#include <cstdio>
#include <memory>
#include <vector>

#include "cli.h"
#include "key_flags.h"
#include "parq/file_copy.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/partitioned_writer.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "interrupt.h"
#include "partition_flags.h"
#include "writer_flags.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq rewrite IN OUT " PARQ_WRITER_FLAGS_USAGE "\n"
    "       [--no-verify-checksums] [--no-raw-copy] [--verbose] [--partition-by COL,... [--max-rows-per-file N]\n"
    "       [--target-file-size BYTES] [--max-open-files N]] " PARQ_KEY_FLAGS_USAGE "\n"
    "       " PARQ_ENCRYPT_FLAGS_USAGE;

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

// Every row of `reader` into `out` (a RowWriter, or a PartitionedWriter).
template <typename Out>
Status CopyRows(const FileReader& reader, Out& out, Progress& progress) {
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(reader));
  Value row;
  const std::string total = std::to_string(reader.metadata().num_rows());
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) break;
    PARQ_RETURN_IF_ERROR(out.Write(row));
    progress.Update(std::to_string(out.rows_written()) + " / " + total + " rows");
    PARQ_RETURN_IF_ERROR(CheckInterrupted());
  }
  return out.Close();
}

// With --row-group-size / --row-group-rows the rows are regrouped, so they go
// through the row path (RowReader → RowWriter) instead of chunk copies.
Status Regroup(const FileReader& reader, FileWriter& writer, Progress& progress) {
  PARQ_ASSIGN_OR_RETURN(auto out, RowWriter::Open(writer));
  return CopyRows(reader, *out, progress);
}

// The rows of `reader` as a partitioned tree at `out_path`.
Status RewritePartitioned(const FileReader& reader, const std::string& out_path,
                          const PartitionedWriterOptions& options) {
  InterruptGuard guard;  // SIGINT / SIGTERM remove the temporary tree (out goes first)
  PARQ_ASSIGN_OR_RETURN(auto out, PartitionedWriter::Open(out_path, reader.schema(), options));
  Progress progress("rewrite");
  return CopyRows(reader, *out, progress);
}

// Why the rows must be decoded ("--codec", ...), or "" when the chunks can
// be copied as stored: no flag changes a page, and the row groups stay as
// they are.
std::string WhyDecode(const Args& args, const WriterOptions& wopts, const FileMetaData& md) {
  if (args.Has("no-raw-copy")) return "--no-raw-copy";
  for (const std::string& flag : kWriterFlags) {
    // --threads changes no byte of the output.
    if (flag != "row-group-rows" && flag != "threads" && args.Has(flag)) return "--" + flag;
  }
  for (const std::string& flag : kWriterBareFlags) {
    if (args.Has(flag)) return "--" + flag;
  }
  if (args.Has("row-group-rows")) {
    // The decoding path ends a row group at every N rows: the same groups
    // when each but the last has N rows and the last no more.
    const int64_t n = wopts.max_rows_per_row_group;
    for (int g = 0; g < md.num_row_groups(); ++g) {
      const int64_t rows = md.row_group(g).num_rows();
      const bool last = g + 1 == md.num_row_groups();
      if (rows == 0 || rows > n || (!last && rows != n)) return "--row-group-rows regroups the rows";
    }
  }
  return "";
}

Status RawCopy(const FileReader* reader, const std::string& out_path, WriterOptions wopts) {
  KeepSourceMetadata(reader->metadata(), &wopts);
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(out_path, reader->schema(), wopts, /*atomic_rename=*/true));
  Progress progress("rewrite");
  PARQ_RETURN_IF_ERROR(CopyRowGroups(*reader, writer.get(), {}, [&](const CopyProgress& p) {
    progress.Show("row group " + std::to_string(p.row_group) + " / " + std::to_string(p.row_groups) + " (raw copy)");
  }));
  return writer->Close();
}

Status Rewrite(const FileReader* reader, const std::string& out_path, WriterOptions wopts, bool regroup) {
  const Schema& schema = reader->schema();
  KeepSourceMetadata(reader->metadata(), &wopts);
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(out_path, schema, wopts, /*atomic_rename=*/true));
  Progress progress("rewrite");
  if (regroup) {
    PARQ_RETURN_IF_ERROR(Regroup(*reader, *writer, progress));
    return writer->Close();
  }
  const int groups = reader->metadata().num_row_groups();
  // Each column on its own: on --threads' pool, at once; on one thread in
  // order, the progress naming each.
  const bool one_thread = wopts.thread_pool == nullptr && wopts.threads <= 1;
  for (int g = 0; g < groups; ++g) {
    const std::string group = "row group " + std::to_string(g + 1) + " / " + std::to_string(groups);
    if (!one_thread) progress.Show(group);
    PARQ_RETURN_IF_ERROR(writer->WriteColumns([&](int c) -> Status {
      if (one_thread) {
        progress.Show(group + ", column " + std::to_string(c + 1) + " / " + std::to_string(schema.num_columns()));
      }
      PARQ_ASSIGN_OR_RETURN(auto in, reader->OpenColumn(g, c));
      PARQ_ASSIGN_OR_RETURN(ColumnWriter * out, writer->column(c));
      return CopyColumn(in.get(), out);
    }));
    PARQ_RETURN_IF_ERROR(writer->KeepRowGroupMetadata(reader->metadata().row_group(g)));
    PARQ_RETURN_IF_ERROR(writer->EndRowGroup());
  }
  return writer->Close();
}

}  // namespace

const VerbHelp& RewriteHelp() {
  static const VerbHelp h = [] {
    VerbHelp v{kUsage, WriterFlagTable()};
    v.flags.push_back({"verify-checksums", nullptr, "verify the input's page CRCs (the default)"});
    v.flags.push_back({"no-verify-checksums", nullptr, "do not verify the input's page CRCs"});
    v.flags.push_back({"no-raw-copy", nullptr, "decode and re-encode even when the pages could be copied as stored"});
    v.flags.push_back({"verbose", nullptr, "say on stderr whether the pages were copied as stored or re-encoded"});
    for (Flag& f : PartitionFlagTable()) v.flags.push_back(f);
    v.flags = WithEncryptFlags(WithKeyFlags(std::move(v.flags)));
    return v;
  }();
  return h;
}

int RunRewrite(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, RewriteHelp().flags, &error)) {
    return ReportUsage(error, kUsage);
  }
  if (args.positional().size() != 2) return ReportUsage("expected IN and OUT", kUsage);
  WriterOptions wopts;
  if (Status st = ParseWriterFlags(args, &wopts); !st.ok()) return ReportUsage(st.message(), kUsage);
  PartitionedWriterOptions partitioned;
  const bool partition = ParsePartitionFlags(args, wopts, &partitioned, &error);
  if (!error.empty()) return ReportUsage(error, kUsage);
  if (Status st = ApplyEncryptFlags(args, &wopts); !st.ok()) return ReportUsage(st.message(), kUsage);
  ReaderOptions ropts;
  ropts.verify_checksums = !args.Has("no-verify-checksums");
  if (Status st = ApplyKeyFlags(args, &ropts); !st.ok()) return ReportUsage(st.ToString(), kUsage);
  auto reader = FileReader::Open(args.positional()[0], ropts);
  if (!reader.ok()) return ReportError(reader.status());
  ReportWarnings((*reader)->metadata());
  // The flags against the input's schema (an --encoding column, its type).
  if (Status st = FileWriter::ValidateOptions(wopts, (*reader)->schema()); !st.ok()) {
    return ReportUsage(st.message(), kUsage);
  }
  // A partitioned output is written row by row (PartitionedWriter).
  // An encrypted input is decrypted (and written in plaintext unless the
  // output is encrypted); an encrypted output encrypts every page: neither
  // can copy the pages as stored.
  const std::string why = partition                   ? "--partition-by"
                          : (*reader)->encryption()   ? "the input is encrypted: its modules' AADs bind its chunks "
                                                        "to its file (aad_file_unique) and ordinals"
                          : wopts.encryption          ? "the output is encrypted: its pages are encrypted under its "
                                                        "own AADs"
                                                      : WhyDecode(args, wopts, (*reader)->metadata());
  if (args.Has("verbose")) {
    if (why.empty()) {
      std::fprintf(stderr, "parq rewrite: raw copy: %d row groups, their pages copied as stored\n",
                   (*reader)->metadata().num_row_groups());
    } else {
      std::fprintf(stderr, "parq rewrite: decoding and re-encoding the pages (%s)\n", why.c_str());
    }
  }
  // --max-buffered-bytes may end row groups early: the rows are regrouped.
  const bool regroup = args.Has("row-group-size") || args.Has("row-group-rows") || wopts.max_buffered_bytes > 0;
  Status st = partition      ? RewritePartitioned(**reader, args.positional()[1], partitioned)
              : why.empty() ? RawCopy(reader->get(), args.positional()[1], wopts)
                            : Rewrite(reader->get(), args.positional()[1], wopts, regroup);
  if (!st.ok()) return ReportError(st);
  return kExitOk;
}

}  // namespace parq::cli
