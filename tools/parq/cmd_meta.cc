// parq meta FILE [--json] [--page-index]: everything the footer says, with
// statistics decoded by each column's type; with --page-index also every
// chunk's ColumnIndex and OffsetIndex, with --bloom-filter its Bloom filter.
// parq meta DIR|GLOB: a dataset's summary (files, rows, row groups, bytes,
// partition columns) and one line per file (docs/dataset.md).
#include <cstdio>
#include <functional>

#include "cli.h"
#include "dataset_input.h"
#include "inspect_util.h"
#include "key_flags.h"
#include "parq/dataset.h"
#include "meta_index.h"
#include "parq/file_reader.h"
#include "parq/schema.h"
#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "json/json_writer.h"
#include "format/file_decryptor.h"
#include "json/leaf_format.h"
#include "schema/schema_builder.h"

namespace parq::cli {
namespace {

constexpr char kUsage[] = "parq meta FILE|DIR|GLOB [--json] [--page-index] [--bloom-filter] [--skip-invalid]\n"
                          "       " PARQ_KEY_FLAGS_USAGE;

struct MetaFlags {
  bool page_index = false;
  bool bloom_filter = false;
};

// Hands the output so far to `stream` once it holds this much, so that a
// footer of a million columns is printed without holding all its text; none
// (when reading indexes or filters may still fail): the output is kept whole
// and printed only if all of it could be made.
constexpr size_t kPiece = 64 << 10;
void MaybeHandOn(std::string& out, std::FILE* stream) {
  if (stream != nullptr && out.size() >= kPiece) {
    std::fwrite(out.data(), 1, out.size(), stream);
    out.clear();
  }
}

template <typename T>
void OptInt(JsonWriter& w, const char* key, const std::optional<T>& v) {
  if (!v) return;
  w.Key(key);
  w.Int64(static_cast<int64_t>(*v));
}

void WriteKeyValues(JsonWriter& w, const std::vector<KeyValue>& kvs) {
  w.BeginArray();
  for (const auto& kv : kvs) {
    w.BeginObject();
    w.Key("key");
    w.String(kv.key);
    if (kv.value) {
      w.Key("value");
      w.String(*kv.value);
    }
    w.EndObject();
  }
  w.EndArray();
}

Status WriteColumn(JsonWriter& w, const FileReader& reader, const MetaFlags& flags,
                   const ColumnChunkMetaData& c, const ColumnDescriptor& d) {
  LeafFormatter f(d);
  w.BeginObject();
  w.Key("path");
  w.String(c.dotted_path());
  w.Key("type");
  w.String(PhysicalTypeName(c.physical_type()));
  if (!d.logical_type.is_none()) {
    w.Key("logical_type");
    w.String(d.logical_type.ToString());
  }
  if (c.is_encrypted()) {
    w.Key("encrypted");
    w.Bool(true);
    w.Key("encryption_key");
    w.String(c.encrypted_with_footer_key() ? "footer" : "column");
    if (auto km = c.encryption_key_metadata()) {
      w.Key("key_metadata");
      w.String(format::PrintableKeyMetadata(*km));
    }
  }
  if (auto p = c.file_path()) {
    w.Key("file_path");
    w.String(*p);
  }
  w.Key("encodings");
  w.BeginArray();
  for (Encoding e : c.encodings()) w.String(EncodingName(e));
  w.EndArray();
  w.Key("codec");
  w.String(CompressionName(c.codec()));
  w.Key("num_values");
  w.Int64(c.num_values());
  w.Key("total_compressed_size");
  w.Int64(c.total_compressed_size());
  w.Key("total_uncompressed_size");
  w.Int64(c.total_uncompressed_size());
  w.Key("data_page_offset");
  w.Int64(c.data_page_offset());
  OptInt(w, "dictionary_page_offset", c.dictionary_page_offset());
  OptInt(w, "index_page_offset", c.index_page_offset());
  if (auto s = c.statistics()) {
    w.Key("statistics");
    WriteStatisticsJson(w, *s, f);
  }
  if (auto g = c.geospatial_statistics()) {
    w.Key("geospatial_statistics");
    WriteGeospatialJson(w, *g);
  }
  auto es = c.encoding_stats();
  if (!es.empty()) {
    w.Key("encoding_stats");
    w.BeginArray();
    for (const auto& e : es) {
      w.BeginObject();
      w.Key("page_type");
      w.String(PageTypeName(e.page_type));
      w.Key("encoding");
      w.String(EncodingName(e.encoding));
      w.Key("count");
      w.Int64(e.count);
      w.EndObject();
    }
    w.EndArray();
  }
  if (auto ss = c.size_statistics()) {
    w.Key("size_statistics");
    w.BeginObject();
    OptInt(w, "unencoded_byte_array_data_bytes", ss->unencoded_byte_array_data_bytes);
    auto hist = [&](const char* key, const std::vector<int64_t>& h) {
      if (h.empty()) return;
      w.Key(key);
      w.BeginArray();
      for (int64_t v : h) w.Int64(v);
      w.EndArray();
    };
    hist("repetition_level_histogram", ss->repetition_level_histogram);
    hist("definition_level_histogram", ss->definition_level_histogram);
    w.EndObject();
  }
  OptInt(w, "column_index_offset", c.column_index_offset());
  OptInt(w, "column_index_length", c.column_index_length());
  OptInt(w, "offset_index_offset", c.offset_index_offset());
  OptInt(w, "offset_index_length", c.offset_index_length());
  OptInt(w, "bloom_filter_offset", c.bloom_filter_offset());
  OptInt(w, "bloom_filter_length", c.bloom_filter_length());
  auto kvs = c.key_value_metadata();
  if (!kvs.empty()) {
    w.Key("key_value_metadata");
    WriteKeyValues(w, kvs);
  }
  if (flags.page_index) {
    PARQ_RETURN_IF_ERROR(
        WritePageIndexJson(w, reader, c.row_group_index(), c.column_index(), f));
  }
  if (flags.bloom_filter) {
    PARQ_RETURN_IF_ERROR(WriteBloomFilterJson(w, reader, c.row_group_index(), c.column_index()));
  }
  w.EndObject();
  return Status::OK();
}

// Calls fn(c, d) for each column c of the file with its leaf d: of an
// outline, a slice of the schema at a time (MetaDataAccess::WalkSchema).
Status ForEachLeaf(const FileMetaData& md, const std::function<Status(int, const ColumnDescriptor&)>& fn) {
  return MetaDataAccess::WalkSchema(md, [&](const Schema& slice, const schema::SliceInfo& info) -> Status {
    for (int k = 0; k < slice.num_columns(); ++k) PARQ_RETURN_IF_ERROR(fn(info.first_column + k, slice.column(k)));
    return Status::OK();
  });
}

// "verified", "not verified", "none" (an encrypted footer is not signed).
const char* SignatureName(EncryptionInfo::FooterSignature s) {
  switch (s) {
    case EncryptionInfo::FooterSignature::kVerified: return "verified";
    case EncryptionInfo::FooterSignature::kNotVerified: return "not verified";
    case EncryptionInfo::FooterSignature::kNone: break;
  }
  return "none";
}

// " (encrypted with the footer key)", " (encrypted with a column key,
// key_metadata 'kc1')", or nothing.
std::string EncryptedNote(const ColumnChunkMetaData& c) {
  if (!c.is_encrypted()) return "";
  if (c.encrypted_with_footer_key()) return " (encrypted with the footer key)";
  auto km = c.encryption_key_metadata();
  return " (encrypted with a column key" + (km ? ", key_metadata '" + format::PrintableKeyMetadata(*km) + "'" : std::string()) + ")";
}

Result<std::string> MetaJson(const FileReader& reader, const MetaFlags& flags, std::FILE* stream) {
  const FileMetaData& md = reader.metadata();
  std::string out;
  JsonWriter w(&out);
  w.BeginObject();
  w.Key("file_size");
  w.Int64(static_cast<int64_t>(reader.file().size()));
  w.Key("footer_offset");
  w.Int64(static_cast<int64_t>(reader.footer_offset()));
  w.Key("footer_length");
  w.Int64(reader.footer_length());
  w.Key("version");
  w.Int64(md.version());
  if (auto cb = md.created_by()) {
    w.Key("created_by");
    w.String(*cb);
  }
  w.Key("num_rows");
  w.Int64(md.num_rows());
  w.Key("num_columns");
  w.Int64(MetaDataAccess::NumColumns(md));
  if (const EncryptionInfo* e = reader.encryption()) {
    w.Key("encryption");
    w.BeginObject();
    w.Key("algorithm");
    w.String(e->algorithm);
    w.Key("encrypted_footer");
    w.Bool(e->encrypted_footer);
    w.Key("footer_key_metadata");
    w.String(format::PrintableKeyMetadata(e->footer_key_metadata));
    if (e->aad_prefix) {
      w.Key("aad_prefix");
      w.String(*e->aad_prefix);
    }
    w.Key("supply_aad_prefix");
    w.Bool(e->supply_aad_prefix);
    w.Key("footer_signature");
    w.String(SignatureName(e->footer_signature));
    w.EndObject();
  }
  w.Key("key_value_metadata");
  WriteKeyValues(w, md.key_value_metadata());
  const int orders = md.num_column_orders();
  if (orders > 0) {
    w.Key("column_orders");
    w.BeginArray();
    for (int i = 0; i < orders; ++i) {
      w.String(md.column_order(i));
      MaybeHandOn(out, stream);  // the writer keeps no text of its own
    }
    w.EndArray();
  }
  w.Key("row_groups");
  w.BeginArray();
  for (int g = 0; g < md.num_row_groups(); ++g) {
    RowGroupMetaData rg = md.row_group(g);
    w.BeginObject();
    w.Key("num_rows");
    w.Int64(rg.num_rows());
    w.Key("total_byte_size");
    w.Int64(rg.total_byte_size());
    OptInt(w, "total_compressed_size", rg.total_compressed_size());
    OptInt(w, "file_offset", rg.file_offset());
    OptInt(w, "ordinal", rg.ordinal());
    auto sorting = rg.sorting_columns();
    if (!sorting.empty()) {
      w.Key("sorting_columns");
      w.BeginArray();
      for (const auto& s : sorting) {
        w.BeginObject();
        w.Key("column_idx");
        w.Int64(s.column_idx);
        w.Key("descending");
        w.Bool(s.descending);
        w.Key("nulls_first");
        w.Bool(s.nulls_first);
        w.EndObject();
      }
      w.EndArray();
    }
    w.Key("columns");
    w.BeginArray();
    PARQ_RETURN_IF_ERROR(ForEachLeaf(md, [&](int c, const ColumnDescriptor& d) -> Status {
      PARQ_RETURN_IF_ERROR(WriteColumn(w, reader, flags, rg.column(c), d));
      MaybeHandOn(out, stream);
      return Status::OK();
    }));
    w.EndArray();
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  out.push_back('\n');
  return out;
}

void Line(std::string& out, int indent, const std::string& text) {
  out.append(static_cast<size_t>(indent) * 2, ' ');
  out += text;
  out += '\n';
}

template <typename T>
std::string Opt(const std::optional<T>& v) {
  return v ? std::to_string(*v) : "-";
}

Result<std::string> MetaText(const FileReader& reader, const MetaFlags& flags, std::FILE* stream) {
  const FileMetaData& md = reader.metadata();
  std::string out;
  Line(out, 0, "file: " + reader.file().name() + " (" + std::to_string(reader.file().size()) +
                   " bytes; footer " + std::to_string(reader.footer_length()) + " bytes at " +
                   std::to_string(reader.footer_offset()) + ")");
  Line(out, 0, "version: " + std::to_string(md.version()));
  Line(out, 0, "created_by: " + md.created_by().value_or("-"));
  Line(out, 0, "num_rows: " + std::to_string(md.num_rows()));
  Line(out, 0, "num_columns: " + std::to_string(MetaDataAccess::NumColumns(md)));
  Line(out, 0, "num_row_groups: " + std::to_string(md.num_row_groups()));
  if (const EncryptionInfo* e = reader.encryption()) {
    std::string line = "encryption: " + e->algorithm + (e->encrypted_footer ? ", encrypted footer" : ", plaintext footer");
    if (!e->footer_key_metadata.empty()) {
      line += ", footer key_metadata '" + format::PrintableKeyMetadata(e->footer_key_metadata) + "'";
    }
    if (e->aad_prefix) line += ", aad_prefix '" + *e->aad_prefix + "'";
    if (e->supply_aad_prefix) line += ", AAD prefix supplied by the reader";
    line += std::string(", footer signature ") + SignatureName(e->footer_signature);
    Line(out, 0, line);
  }
  auto kvs = md.key_value_metadata();
  if (!kvs.empty()) {
    Line(out, 0, "key_value_metadata:");
    for (const auto& kv : kvs) {
      std::string v = kv.value.value_or("<null>");
      if (v.size() > 200) v = v.substr(0, 200) + "... (" + std::to_string(v.size()) + " bytes)";
      Line(out, 1, kv.key + " = " + v);
    }
  }
  const int orders = md.num_column_orders();
  if (orders > 0) {
    out += "column_orders:";
    for (int i = 0; i < orders; ++i) {
      out += ' ';
      out += md.column_order(i);
      MaybeHandOn(out, stream);
    }
    out += '\n';
  }
  for (int g = 0; g < md.num_row_groups(); ++g) {
    RowGroupMetaData rg = md.row_group(g);
    Line(out, 0, "row group " + std::to_string(g) + ": " + std::to_string(rg.num_rows()) +
                     " rows, " + std::to_string(rg.total_byte_size()) + " bytes, compressed " +
                     Opt(rg.total_compressed_size()) + ", file_offset " + Opt(rg.file_offset()) +
                     ", ordinal " + Opt(rg.ordinal()));
    PARQ_RETURN_IF_ERROR(ForEachLeaf(md, [&](int c, const ColumnDescriptor& d) -> Status {
      ColumnChunkMetaData cc = rg.column(c);
      LeafFormatter f(d);
      std::string type(PhysicalTypeName(cc.physical_type()));
      if (!d.logical_type.is_none()) type += " " + d.logical_type.ToString();
      Line(out, 1, "column " + std::to_string(c) + " " + cc.dotted_path() + ": " + type + EncryptedNote(cc));
      std::string enc;
      for (Encoding e : cc.encodings()) enc += (enc.empty() ? "" : ",") + std::string(EncodingName(e));
      Line(out, 2, "codec " + std::string(CompressionName(cc.codec())) + ", encodings " + enc +
                       ", values " + std::to_string(cc.num_values()));
      Line(out, 2, "size " + std::to_string(cc.total_compressed_size()) + " compressed, " +
                       std::to_string(cc.total_uncompressed_size()) + " uncompressed");
      Line(out, 2, "offsets: data page " + std::to_string(cc.data_page_offset()) +
                       ", dictionary page " + Opt(cc.dictionary_page_offset()) +
                       ", index page " + Opt(cc.index_page_offset()));
      if (auto s = cc.statistics()) Line(out, 2, StatisticsText(*s, f));
      if (auto geo = cc.geospatial_statistics()) Line(out, 2, GeospatialText(*geo));
      if (cc.column_index_offset() || cc.offset_index_offset()) {
        Line(out, 2, "page index: column index " + Opt(cc.column_index_offset()) + "+" +
                         Opt(cc.column_index_length()) + ", offset index " +
                         Opt(cc.offset_index_offset()) + "+" + Opt(cc.offset_index_length()));
      }
      if (cc.bloom_filter_offset()) {
        Line(out, 2, "bloom filter: " + Opt(cc.bloom_filter_offset()) + "+" +
                         Opt(cc.bloom_filter_length()));
      }
      if (flags.page_index) PARQ_RETURN_IF_ERROR(AppendPageIndexText(out, reader, g, c, f));
      if (flags.bloom_filter) PARQ_RETURN_IF_ERROR(AppendBloomFilterText(out, reader, g, c));
      MaybeHandOn(out, stream);
      return Status::OK();
    }));
  }
  return out;
}

int DatasetMeta(const std::string& input, const Args& args) {
  if (args.Has("page-index") || args.Has("bloom-filter")) {
    return ReportUsage("--page-index and --bloom-filter take one FILE, not a dataset", kUsage);
  }
  auto ds = OpenDatasetInput(input, args);
  if (!ds.ok()) return ReportError(ds.status());
  const Dataset& d = **ds;
  int64_t row_groups = 0;
  int64_t bytes = 0;
  for (const DatasetFile& f : d.files()) {
    row_groups += f.num_row_groups;
    bytes += f.file_size;
  }
  std::string out;
  if (args.Has("json")) {
    JsonWriter w(&out);
    w.BeginObject();
    w.Key("files");
    w.Int64(static_cast<int64_t>(d.files().size()));
    w.Key("rows");
    w.Int64(d.num_rows());
    w.Key("row_groups");
    w.Int64(row_groups);
    w.Key("bytes");
    w.Int64(bytes);
    w.Key("partition_columns");
    WritePartitionColumnsJson(d, w);
    w.Key("skipped");
    w.BeginArray();
    for (const std::string& s : d.skipped()) w.String(s);
    w.EndArray();
    w.Key("file_list");
    w.BeginArray();
    for (const DatasetFile& f : d.files()) {
      w.BeginObject();
      w.Key("path");
      w.String(f.path);
      w.Key("rows");
      w.Int64(f.num_rows);
      w.Key("row_groups");
      w.Int64(f.num_row_groups);
      w.Key("bytes");
      w.Int64(f.file_size);
      w.EndObject();
      MaybeHandOn(out, stdout);
    }
    w.EndArray();
    w.EndObject();
    out.push_back('\n');
  } else {
    out += "files: " + std::to_string(d.files().size()) + "\nrows: " + std::to_string(d.num_rows()) +
           "\nrow groups: " + std::to_string(row_groups) + "\nbytes: " + std::to_string(bytes) + "\n";
    out += PartitionColumnsText(d);
    if (!d.skipped().empty()) out += "skipped: " + std::to_string(d.skipped().size()) + "\n";
    for (const DatasetFile& f : d.files()) {
      out += "  " + f.path + ": " + std::to_string(f.num_rows) + " rows, " + std::to_string(f.num_row_groups) +
             " row groups, " + std::to_string(f.file_size) + " bytes\n";
      MaybeHandOn(out, stdout);
    }
  }
  std::fwrite(out.data(), 1, out.size(), stdout);
  return kExitOk;
}

}  // namespace

const VerbHelp& MetaHelp() {
  static const VerbHelp h{kUsage,
                          WithKeyFlags({{"json", nullptr, "one JSON object instead of text"},
                                        {"page-index", nullptr, "also each chunk's ColumnIndex and OffsetIndex"},
                                        {"bloom-filter", nullptr, "also each chunk's Bloom filter: size and bits set"},
                                        SkipInvalidFlag()})};
  return h;
}

int RunMeta(int argc, char** argv) {
  Args args;
  std::string error;
  if (!args.Parse(argc, argv, MetaHelp().flags, &error)) {
    return ReportUsage(error, kUsage);
  }
  if (args.positional().size() != 1) return ReportUsage("expected one FILE, DIR or GLOB", kUsage);
  if (IsDatasetPath(args.positional()[0])) return DatasetMeta(args.positional()[0], args);
  ReaderOptions reader_options;
  if (Status st = ApplyKeyFlags(args, &reader_options); !st.ok()) return ReportUsage(st.ToString(), kUsage);
  MetaFlags flags;
  flags.page_index = args.Has("page-index");
  flags.bloom_filter = args.Has("bloom-filter");
  // An outline: a footer of a million leaves is printed without its schema
  // held whole (whole for page indexes and Bloom filters, which read columns).
  auto reader = FileReaderAccess::OpenOutline(args.positional()[0], reader_options,
                                              /*row_groups=*/!flags.page_index && !flags.bloom_filter);
  if (!reader.ok()) return ReportError(reader.status());
  ReportWarnings((*reader)->metadata());
  std::FILE* stream = flags.page_index || flags.bloom_filter ? nullptr : stdout;
  auto out = args.Has("json") ? MetaJson(**reader, flags, stream) : MetaText(**reader, flags, stream);
  if (!out.ok()) return ReportError(out.status());
  std::fwrite(out->data(), 1, out->size(), stdout);
  return kExitOk;
}

}  // namespace parq::cli
