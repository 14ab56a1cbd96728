// VerifyFile (parq/verify.h): the schema and footer rules here, each column
// chunk by VerifyChunk (verify_chunk.cc), shredded variants from the values
// the chunks' check kept (verify_variant.cc).
#include "parq/verify.h"

#include <charconv>
#include <string>

#include "file/metadata_internal.h"
#include "inspect/verify_internal.h"
#include "parq/schema.h"

namespace parq {
namespace verify_internal {

void Findings::Add(std::string_view rule, std::string_view spec, std::string message, const Where& where,
                   std::string writer_bug) {
  const std::string key = std::string(rule) + '\n' + std::to_string(where.row_group) + '\n' + where.column;
  Count& c = counts_[key];
  if (++c.n > max_) return;
  c.last = out_->size();
  VerifyFinding f;
  f.rule = std::string(rule);
  f.spec = std::string(spec);
  f.message = std::move(message);
  f.row_group = where.row_group;
  f.column = where.column;
  f.page = where.page;
  f.file_offset = where.file_offset;
  f.writer_bug = std::move(writer_bug);
  out_->push_back(std::move(f));
}

namespace {

// The number after `prefix` in a context frame ("page 3", "file offset 120").
std::optional<int64_t> FrameNumber(const Status& st, std::string_view prefix) {
  for (const std::string& frame : st.context()) {
    if (frame.size() <= prefix.size() || frame.compare(0, prefix.size(), prefix) != 0) continue;
    int64_t v = 0;
    auto [ptr, ec] = std::from_chars(frame.data() + prefix.size(), frame.data() + frame.size(), v);
    if (ec == std::errc()) return v;
  }
  return std::nullopt;
}

}  // namespace

void Findings::AddError(const Status& st, Where where, std::string_view what) {
  if (where.page < 0) where.page = FrameNumber(st, "page ").value_or(-1);
  if (where.file_offset < 0) where.file_offset = FrameNumber(st, "file offset ").value_or(-1);
  // A limit of parq's reader is not the file's fault, but the file is not verified.
  const bool limit = st.code() == StatusCode::kLimitExceeded;
  Add(limit ? "limit" : "decode", limit ? spec::kLimit : spec::kDecode, std::string(what) + ": " + st.ToString(),
      where);
}

void Findings::Finish() {
  for (const auto& [key, c] : counts_) {
    if (c.n > max_) {
      (*out_)[c.last].message += " (and " + std::to_string(c.n - max_) + " more like it)";
    }
  }
}

namespace {

void CheckSchemaNode(const SchemaNode& n, Findings& findings) {
  Where w;
  w.column = n.DottedPath();
  // A note of an annotation newer than parq ("unknown logicalType") is no
  // finding: the file may follow a later version of the format.
  if (!n.annotation_note().empty() && n.annotation_note().rfind("unknown", 0) != 0) {
    findings.Add("annotation", spec::kAnnotationFit, n.annotation_note(), w);
  }
  const LogicalType& logical = n.logical_type();
  const ConvertedType converted = n.converted_type();
  if (!logical.is_none() && converted != ConvertedType::kNone) {
    ConvertedType want = logical.ToConvertedType();
    // TIME / TIMESTAMP: the legacy annotation says nothing of UTC adjustment;
    // NANOS has none.
    const bool time = logical.kind() == LogicalType::Kind::kTime || logical.kind() == LogicalType::Kind::kTimestamp;
    if (converted != want && !(time && want == ConvertedType::kNone)) {
      findings.Add("annotation", spec::kAnnotations,
                   "LogicalType " + logical.ToString() + " with ConvertedType " +
                       std::string(ConvertedTypeName(converted)) +
                       (want == ConvertedType::kNone ? " (it maps to none)"
                                                     : " (it maps to " + std::string(ConvertedTypeName(want)) + ")"),
                   w);
    }
  }
  const bool list = logical.kind() == LogicalType::Kind::kList || converted == ConvertedType::kList;
  const bool map = logical.kind() == LogicalType::Kind::kMap || converted == ConvertedType::kMap;
  if (list || map) {
    const char* what = list ? "LIST" : "MAP";
    const char* rule = list ? "list-shape" : "map-shape";
    const char* sp = list ? spec::kListShape : spec::kMapShape;
    if (n.is_leaf()) {
      findings.Add(rule, sp, std::string(what) + " annotates a primitive field", w);
    } else if (n.is_repeated()) {
      findings.Add(rule, sp, std::string("a repeated ") + what + " group", w);
    } else if (n.num_children() != 1) {
      findings.Add(rule, sp, std::string(what) + " group of " + std::to_string(n.num_children()) + " fields", w);
    } else if (!n.child(0).is_repeated()) {
      findings.Add(rule, sp, std::string(what) + " group whose field '" + n.child(0).name() + "' is not repeated", w);
    } else if (map) {
      const SchemaNode& kv = n.child(0);
      const SchemaNode* key = kv.is_group() && kv.num_children() >= 1 ? &kv.child(0) : nullptr;
      if (!kv.is_group() || kv.num_children() < 1 || kv.num_children() > 2) {
        findings.Add(rule, sp, "the repeated key_value level holds no key or more than a key and a value", w);
      } else if (key->repetition() != Repetition::kRequired) {
        findings.Add(rule, sp, "the map's key '" + key->name() + "' is not required", w);
      }
    }
  }
  for (int i = 0; i < n.num_children(); ++i) CheckSchemaNode(n.child(i), findings);
}

void CheckFooter(const FileMetaData& md, Findings& findings) {
  int64_t rows = 0;
  for (int rg = 0; rg < md.num_row_groups(); ++rg) {
    const RowGroupMetaData g = md.row_group(rg);
    rows += g.num_rows();
    int64_t compressed = 0, uncompressed = 0;
    bool sizes_known = true;  // every chunk's ColumnMetaData is there (not encrypted away)
    for (int c = 0; c < g.num_columns(); ++c) {
      const ColumnChunkMetaData chunk = g.column(c);
      compressed += chunk.total_compressed_size();
      uncompressed += chunk.total_uncompressed_size();
      auto decoded = MetaDataAccess::Chunk(md, rg, c);
      sizes_known = sizes_known && decoded.ok() && (*decoded)->meta_data.has_value();
    }
    Where w;
    w.row_group = rg;
    if (g.total_compressed_size() && *g.total_compressed_size() != compressed) {
      findings.Add("row-group-sizes", spec::kRowGroupSize,
                   "total_compressed_size " + std::to_string(*g.total_compressed_size()) +
                       ", the chunks' total_compressed_size add up to " + std::to_string(compressed),
                   w);
    }
    // total_byte_size: the format says the uncompressed size of the column
    // data; some writers put the compressed size (parquet-cpp 1.x, Impala
    // 1.3 and a Rust writer in parquet-testing).  Either is taken.
    const int64_t byte_size = g.total_byte_size();
    if (sizes_known && byte_size != uncompressed && byte_size != compressed) {
      findings.Add("row-group-sizes", spec::kRowGroupByteSize,
                   "total_byte_size " + std::to_string(byte_size) + ", the chunks' total_uncompressed_size add up to " +
                       std::to_string(uncompressed) + " (their total_compressed_size to " +
                       std::to_string(compressed) + ")",
                   w);
    }
  }
  if (rows != md.num_rows()) {
    findings.Add("file-rows", spec::kFileRows,
                 "num_rows " + std::to_string(md.num_rows()) + ", the row groups hold " + std::to_string(rows), {});
  }
}

}  // namespace
}  // namespace verify_internal

ReaderOptions VerifyReaderOptions() {
  ReaderOptions o;
  o.verify_checksums = false;
  return o;
}

Result<VerifyReport> VerifyFile(const FileReader& reader, const VerifyOptions& options) {
  using namespace verify_internal;
  VerifyReport report;
  Findings findings(&report.findings, options.max_findings_per_rule);
  const FileMetaData& md = reader.metadata();
  CheckSchemaNode(md.schema().root(), findings);
  CheckFooter(md, findings);
  VariantColumns variants;
  std::vector<ShreddedVariant> shredded = FindShreddedVariants(md.schema(), findings);
  for (int rg = 0; rg < md.num_row_groups(); ++rg) {
    ++report.row_groups;
    variants.clear();
    ClearShreddedVariants(shredded);
    for (int c = 0; c < md.schema().num_columns(); ++c) {
      const ChunkCheck check{reader, rg, c, options, findings, report, variants, shredded};
      PARQ_RETURN_IF_ERROR(VerifyChunk(check));
      check.Tell();
    }
    for (ShreddedVariant& g : shredded) CheckShreddedVariant(g, rg, findings);
  }
  findings.Finish();
  return report;
}

Result<VerifyReport> VerifyFile(const std::string& path, const VerifyOptions& options) {
  ReaderOptions read_options = VerifyReaderOptions();
  read_options.decryption = options.decryption;
  Result<std::unique_ptr<FileReader>> reader = FileReader::Open(path, read_options);
  if (reader.ok()) return VerifyFile(**reader, options);
  if (reader.status().code() == StatusCode::kIOError) return reader.status();
  VerifyReport report;
  verify_internal::Findings findings(&report.findings, options.max_findings_per_rule);
  findings.AddError(reader.status(), {}, "opening the file");
  findings.Finish();
  return report;
}

}  // namespace parq
