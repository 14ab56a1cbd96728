// parq rewrite IN OUT [options]: the same rows, re-encoded.  Column chunks are
// copied level by level (no row assembly), keeping the input's row groups,
// unless --row-group-size / --row-group-rows ask for new ones.  OUT appears
// only once complete (FileOutputOptions::atomic_rename, parq/io.h).
#include <cstdio>
#include <memory>
#include <vector>

#include "cli.h"
#include "key_flags.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "writer_flags.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] =
    "parq rewrite IN OUT " PARQ_WRITER_FLAGS_USAGE "\n"
    "       [--no-verify-checksums] " PARQ_KEY_FLAGS_USAGE "\n"
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

// With --row-group-size / --row-group-rows the rows are regrouped, so they go
// through the row path (RowReader → RowWriter) instead of chunk copies.
Status Regroup(const FileReader& reader, FileWriter& writer, Progress& progress) {
  PARQ_ASSIGN_OR_RETURN(auto rows, RowReader::Open(reader));
  PARQ_ASSIGN_OR_RETURN(auto out, RowWriter::Open(writer));
  Value row;
  const std::string total = std::to_string(reader.metadata().num_rows());
  while (true) {
    PARQ_ASSIGN_OR_RETURN(bool more, rows->Next(&row));
    if (!more) break;
    PARQ_RETURN_IF_ERROR(out->Write(row));
    progress.Update(std::to_string(out->rows_written()) + " / " + total + " rows");
  }
  return out->Close();
}

Status Rewrite(const FileReader* reader, const std::string& out_path, const WriterOptions& wopts, bool regroup) {
  const Schema& schema = reader->schema();
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(out_path, schema, wopts, /*atomic_rename=*/true));
  Progress progress("rewrite");
  if (regroup) {
    PARQ_RETURN_IF_ERROR(Regroup(*reader, *writer, progress));
    return writer->Close();
  }
  const int groups = reader->metadata().num_row_groups();
  for (int g = 0; g < groups; ++g) {
    for (int c = 0; c < schema.num_columns(); ++c) {
      progress.Show("row group " + std::to_string(g + 1) + " / " + std::to_string(groups) + ", column " +
                    std::to_string(c + 1) + " / " + std::to_string(schema.num_columns()));
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
  std::vector<std::string> bare = {"verify-checksums", "no-verify-checksums"};
  bare.insert(bare.end(), kWriterBareFlags.begin(), kWriterBareFlags.end());
  std::vector<std::string> valued = kWriterFlags;
  valued.insert(valued.end(), kKeyFlags.begin(), kKeyFlags.end());
  valued.insert(valued.end(), kEncryptFlags.begin(), kEncryptFlags.end());
  bare.insert(bare.end(), kEncryptBareFlags.begin(), kEncryptBareFlags.end());
  if (!args.Parse(argc, argv, bare, valued, &error)) {
    return ReportUsage(error, kUsage);
  }
  if (args.positional().size() != 2) return ReportUsage("expected IN and OUT", kUsage);
  WriterOptions wopts;
  if (Status st = ParseWriterFlags(args, &wopts); !st.ok()) return ReportUsage(st.message(), kUsage);
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
  const bool regroup = args.Has("row-group-size") || args.Has("row-group-rows");
  Status st = Rewrite(reader->get(), args.positional()[1], wopts, regroup);
  if (!st.ok()) return ReportError(st);
  return kExitOk;
}

}  // namespace parq::cli
