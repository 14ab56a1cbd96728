// inspect/report_json.cc — the reports of VerifyFile and DiffFiles as JSON
// (`parq verify --json`, `parq diff --json`, parq_verify_file and
// parq_diff_readers of the C API): VerifyReportJson (parq/verify.h) and
// DiffReportJson (parq/diff.h).
#include "json/json_writer.h"
#include "parq/diff.h"
#include "parq/verify.h"

namespace parq {
namespace {

const char* KindName(Difference::Kind k) {
  switch (k) {
    case Difference::Kind::kSchema: return "schema";
    case Difference::Kind::kMetadata: return "metadata";
    case Difference::Kind::kRow: return "row";
  }
  return "?";
}

}  // namespace

std::string VerifyReportJson(const std::string& path, const VerifyReport& r) {
  std::string out;
  JsonWriter w(&out);
  w.BeginObject();
  w.Key("file");
  w.String(path);
  w.Key("ok");
  w.Bool(r.findings.empty());
  w.Key("row_groups");
  w.Int64(r.row_groups);
  w.Key("column_chunks");
  w.Int64(r.column_chunks);
  w.Key("pages");
  w.Int64(r.pages);
  w.Key("values");
  w.Int64(r.values);
  w.Key("findings");
  w.BeginArray();
  for (const VerifyFinding& f : r.findings) {
    w.BeginObject();
    w.Key("rule");
    w.String(f.rule);
    w.Key("message");
    w.String(f.message);
    w.Key("spec");
    w.String(f.spec);
    OptMember(w, "row_group", f.row_group);
    OptMember(w, "column", f.column);
    OptMember(w, "page", f.page);
    OptMember(w, "file_offset", f.file_offset);
    OptMember(w, "writer_bug", f.writer_bug);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return out;
}

std::string DiffReportJson(const DiffReport& r) {
  std::string out;
  JsonWriter w(&out);
  w.BeginObject();
  w.Key("equal");
  w.Bool(r.equal());
  w.Key("rows_a");
  w.Int64(r.rows_a);
  w.Key("rows_b");
  w.Int64(r.rows_b);
  w.Key("schema_differences");
  w.Int64(r.schema_differences);
  w.Key("metadata_differences");
  w.Int64(r.metadata_differences);
  w.Key("row_differences");
  w.Int64(r.row_differences);
  w.Key("differences");
  w.BeginArray();
  for (const Difference& d : r.differences) {
    w.BeginObject();
    w.Key("kind");
    w.String(KindName(d.kind));
    w.Key("what");
    w.String(d.what);
    OptMember(w, "column", d.column);
    OptMember(w, "row", d.row);
    OptMember(w, "row_group", d.row_group);
    w.Key("a");
    if (d.a.empty()) w.Null(); else w.String(d.a);
    w.Key("b");
    if (d.b.empty()) w.Null(); else w.String(d.b);
    w.EndObject();
  }
  w.EndArray();
  w.EndObject();
  return out;
}

}  // namespace parq
