// DiffFiles (parq/diff.h): schemas and metadata here, rows in diff_rows.cc.
#include "parq/diff.h"

#include <map>
#include <set>
#include <string>
#include <vector>

#include "inspect/diff_internal.h"
#include "json/leaf_format.h"
#include "parq/metadata.h"
#include "parq/schema.h"

namespace parq {
namespace diff_internal {

void Collector::Add(Difference d) {
  switch (d.kind) {
    case Difference::Kind::kSchema: ++r_->schema_differences; break;
    case Difference::Kind::kMetadata: ++r_->metadata_differences; break;
    case Difference::Kind::kRow: ++r_->row_differences; break;
  }
  if (static_cast<int64_t>(r_->differences.size()) < max_) r_->differences.push_back(std::move(d));
}

void Collector::Add(Difference::Kind kind, std::string what, std::string column, std::string a, std::string b,
                    int row_group) {
  Difference d;
  d.kind = kind;
  d.what = std::move(what);
  d.column = std::move(column);
  d.a = std::move(a);
  d.b = std::move(b);
  d.row_group = row_group;
  Add(std::move(d));
}

namespace {

std::string Join(const std::set<std::string>& s) {
  std::string out;
  for (const std::string& x : s) out += (out.empty() ? "" : ",") + x;
  return out;
}

std::string FieldId(const SchemaNode& n) { return n.field_id() ? std::to_string(*n.field_id()) : ""; }

void DiffNode(const SchemaNode& a, const SchemaNode& b, const std::string& path, Collector& out) {
  auto check = [&](const char* what, const std::string& x, const std::string& y) {
    if (x != y) out.Add(Difference::Kind::kSchema, what, path, x, y);
  };
  if (!path.empty()) {  // the root's name and repetition say nothing
    check("repetition", std::string(RepetitionName(a.repetition())), std::string(RepetitionName(b.repetition())));
    check("field id", FieldId(a), FieldId(b));
    check("logical type", a.logical_type().ToString(), b.logical_type().ToString());
    check("converted type", std::string(ConvertedTypeName(a.converted_type())),
          std::string(ConvertedTypeName(b.converted_type())));
  }
  if (a.is_group() != b.is_group()) {
    check("kind", a.is_group() ? "group" : "primitive", b.is_group() ? "group" : "primitive");
    return;
  }
  if (a.is_leaf()) {
    check("physical type", std::string(PhysicalTypeName(a.physical_type())),
          std::string(PhysicalTypeName(b.physical_type())));
    if (a.physical_type() == PhysicalType::kFixedLenByteArray &&
        b.physical_type() == PhysicalType::kFixedLenByteArray) {
      check("type length", std::to_string(a.type_length()), std::to_string(b.type_length()));
    }
    return;
  }
  const std::string prefix = path.empty() ? "" : path + ".";
  for (int i = 0; i < a.num_children(); ++i) {
    const SchemaNode& c = a.child(i);
    if (const SchemaNode* other = b.FindChild(c.name())) {
      DiffNode(c, *other, prefix + c.name(), out);
    } else {
      out.Add(Difference::Kind::kSchema, "field only in A", prefix + c.name(), "present", "");
    }
  }
  for (int i = 0; i < b.num_children(); ++i) {
    if (!a.FindChild(b.child(i).name())) {
      out.Add(Difference::Kind::kSchema, "field only in B", prefix + b.child(i).name(), "", "present");
    }
  }
}

std::map<std::string, std::string> KeyValues(const std::vector<KeyValue>& kv) {
  std::map<std::string, std::string> m;
  for (const KeyValue& x : kv) m.emplace(x.key, x.value ? *x.value : "(no value)");
  return m;
}

void DiffKeyValues(const std::vector<KeyValue>& a, const std::vector<KeyValue>& b, const std::string& column,
                   int row_group, Collector& out) {
  const auto ma = KeyValues(a), mb = KeyValues(b);
  for (const auto& [k, v] : ma) {
    auto it = mb.find(k);
    if (it == mb.end() || it->second != v) {
      out.Add(Difference::Kind::kMetadata, "key-value metadata '" + k + "'", column, v,
              it == mb.end() ? "" : it->second, row_group);
    }
  }
  for (const auto& [k, v] : mb) {
    if (!ma.count(k)) out.Add(Difference::Kind::kMetadata, "key-value metadata '" + k + "'", column, "", v, row_group);
  }
}

// What one column's chunks say, over all row groups.
struct ColumnFacts {
  std::set<std::string> codecs, encodings;
  int statistics = 0, page_index = 0, bloom = 0, chunks = 0;
};

ColumnFacts FactsOf(const FileMetaData& md, int column) {
  ColumnFacts f;
  for (int rg = 0; rg < md.num_row_groups(); ++rg) {
    const ColumnChunkMetaData c = md.row_group(rg).column(column);
    ++f.chunks;
    f.codecs.insert(std::string(CompressionName(c.codec())));
    for (Encoding e : c.encodings()) f.encodings.insert(std::string(EncodingName(e)));
    f.statistics += c.statistics().has_value();
    f.page_index += c.column_index_offset().has_value() || c.offset_index_offset().has_value();
    f.bloom += c.bloom_filter_offset().has_value();
  }
  return f;
}

std::string Presence(int n, int of) { return n == 0 ? "none" : n == of ? "every chunk" : std::to_string(n) + " of " + std::to_string(of) + " chunks"; }

std::string StatisticsText(const std::optional<EncodedStatistics>& s, const ColumnDescriptor& d) {
  if (!s) return "none";
  const LeafFormatter f(d);
  auto bound = [&](const std::optional<std::string>& v) {
    std::string out;
    if (!v || !f.Plain(out, {reinterpret_cast<const uint8_t*>(v->data()), v->size()}).ok()) out = v ? "?" : "-";
    return out;
  };
  std::string t = "nulls " + (s->null_count ? std::to_string(*s->null_count) : std::string("-"));
  t += ", min " + bound(s->min_value ? s->min_value : s->legacy_min);
  t += ", max " + bound(s->max_value ? s->max_value : s->legacy_max);
  if (s->nan_count) t += ", nans " + std::to_string(*s->nan_count);
  return t;
}

}  // namespace

void DiffSchemas(const Schema& a, const Schema& b, Collector& out) { DiffNode(a.root(), b.root(), "", out); }

void DiffMetadata(const FileReader& ra, const FileReader& rb, Collector& out) {
  const FileMetaData& a = ra.metadata();
  const FileMetaData& b = rb.metadata();
  auto file = [&](const char* what, const std::string& x, const std::string& y) {
    if (x != y) out.Add(Difference::Kind::kMetadata, what, "", x, y);
  };
  file("created_by", a.created_by().value_or(""), b.created_by().value_or(""));
  file("version", std::to_string(a.version()), std::to_string(b.version()));
  file("num_rows", std::to_string(a.num_rows()), std::to_string(b.num_rows()));
  file("row groups", std::to_string(a.num_row_groups()), std::to_string(b.num_row_groups()));
  DiffKeyValues(a.key_value_metadata(), b.key_value_metadata(), "", -1, out);
  const bool same_groups = a.num_row_groups() == b.num_row_groups();
  for (int ca = 0; ca < a.schema().num_columns(); ++ca) {
    const ColumnDescriptor& da = a.schema().column(ca);
    const int cb = b.schema().FindColumnIndex(da.dotted_path);
    if (cb < 0) continue;  // a schema difference
    const ColumnDescriptor& db = b.schema().column(cb);
    const ColumnFacts fa = FactsOf(a, ca), fb = FactsOf(b, cb);
    auto col = [&](const char* what, const std::string& x, const std::string& y) {
      if (x != y) out.Add(Difference::Kind::kMetadata, what, da.dotted_path, x, y);
    };
    col("codecs", Join(fa.codecs), Join(fb.codecs));
    col("encodings", Join(fa.encodings), Join(fb.encodings));
    col("statistics", Presence(fa.statistics, fa.chunks), Presence(fb.statistics, fb.chunks));
    col("page index", Presence(fa.page_index, fa.chunks), Presence(fb.page_index, fb.chunks));
    col("Bloom filter", Presence(fa.bloom, fa.chunks), Presence(fb.bloom, fb.chunks));
    if (!same_groups) continue;
    for (int rg = 0; rg < a.num_row_groups(); ++rg) {
      const ColumnChunkMetaData xa = a.row_group(rg).column(ca);
      const ColumnChunkMetaData xb = b.row_group(rg).column(cb);
      const std::string sa = StatisticsText(xa.statistics(), da), sb = StatisticsText(xb.statistics(), db);
      if (sa != sb && xa.statistics() && xb.statistics()) {
        out.Add(Difference::Kind::kMetadata, "statistics", da.dotted_path, sa, sb, rg);
      }
      DiffKeyValues(xa.key_value_metadata(), xb.key_value_metadata(), da.dotted_path, rg, out);
    }
  }
}

}  // namespace diff_internal

Result<DiffReport> DiffFiles(const FileReader& a, const FileReader& b, const DiffOptions& options) {
  DiffReport report;
  diff_internal::Collector out(&report, options.max_differences);
  if (!options.values_only) {
    diff_internal::DiffSchemas(a.schema(), b.schema(), out);
    diff_internal::DiffMetadata(a, b, out);
  }
  PARQ_RETURN_IF_ERROR(diff_internal::DiffRows(a, b, options, out, report));
  return report;
}

}  // namespace parq
