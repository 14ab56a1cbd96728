// Arrow schema → Parquet schema (arrow/import_schema.h; the table is in
// docs/arrow.md, "Writing from Arrow").
#include "arrow/import_schema.h"

#include <charconv>
#include <cstring>
#include <optional>
#include <string>
#include <string_view>
#include <utility>

namespace parq {

namespace {

constexpr int kMaxDepth = 64;
constexpr int64_t kMaxChildren = int64_t{1} << 20;

// The Arrow metadata encoding: int32 count, then per pair int32 length and
// bytes of the key, int32 length and bytes of the value (native endianness).
// The buffer's size is not given by the interface; counts and lengths are
// bounded so that a wild one stops the walk.
std::optional<std::string> MetadataValue(const char* metadata, std::string_view key) {
  if (metadata == nullptr) return std::nullopt;
  auto read32 = [&](const char*& p) {
    int32_t v;
    std::memcpy(&v, p, 4);
    p += 4;
    return v;
  };
  const char* p = metadata;
  const int32_t n = read32(p);
  if (n < 0 || n > (1 << 20)) return std::nullopt;
  for (int32_t i = 0; i < n; ++i) {
    const int32_t klen = read32(p);
    if (klen < 0 || klen > (1 << 30)) return std::nullopt;
    std::string_view k(p, static_cast<size_t>(klen));
    p += klen;
    const int32_t vlen = read32(p);
    if (vlen < 0 || vlen > (1 << 30)) return std::nullopt;
    std::string_view v(p, static_cast<size_t>(vlen));
    p += vlen;
    if (k == key) return std::string(v);
  }
  return std::nullopt;
}

// The raw text of member `key` of a flat JSON object (a string unquoted), as
// geoarrow's extension metadata holds {"crs": ..., "edges": ...}.
std::optional<std::string> JsonMember(std::string_view json, std::string_view key) {
  const std::string quoted = "\"" + std::string(key) + "\"";
  size_t at = json.find(quoted);
  if (at == std::string_view::npos) return std::nullopt;
  at = json.find(':', at + quoted.size());
  if (at == std::string_view::npos) return std::nullopt;
  ++at;
  while (at < json.size() && (json[at] == ' ' || json[at] == '\n' || json[at] == '\t')) ++at;
  if (at >= json.size()) return std::nullopt;
  if (json[at] == '"') {
    std::string out;
    for (size_t i = at + 1; i < json.size(); ++i) {
      if (json[i] == '\\' && i + 1 < json.size()) {
        out += json[++i];
      } else if (json[i] == '"') {
        return out;
      } else {
        out += json[i];
      }
    }
    return std::nullopt;
  }
  // An object, array or literal: up to the matching close (strings skipped).
  int depth = 0;
  bool in_string = false;
  for (size_t i = at; i < json.size(); ++i) {
    const char c = json[i];
    if (in_string) {
      if (c == '\\') ++i;
      else if (c == '"') in_string = false;
      continue;
    }
    if (c == '"') in_string = true;
    else if (c == '{' || c == '[') ++depth;
    else if (c == '}' || c == ']') {
      if (depth == 0) return std::string(json.substr(at, i - at));
      if (--depth == 0) return std::string(json.substr(at, i + 1 - at));
    } else if (c == ',' && depth == 0) {
      return std::string(json.substr(at, i - at));
    }
  }
  return std::nullopt;
}

bool ParseInt(std::string_view s, int64_t* out) {
  if (s.empty()) return false;
  auto [p, ec] = std::from_chars(s.data(), s.data() + s.size(), *out);
  return ec == std::errc() && p == s.data() + s.size();
}

// Smallest FIXED_LEN_BYTE_ARRAY width holding `precision` decimal digits.
int32_t DecimalBytes(int32_t precision) {
  // 10^p - 1 < 2^(8n - 1): n >= (p log2(10) + 1) / 8.
  double bits = precision * 3.321928094887362 + 1;
  return static_cast<int32_t>((bits + 7.999999) / 8);
}

class Mapper {
 public:
  // Maps field `s` under `parent` (a dotted path) into *out; `rename`
  // replaces its name in the Parquet schema (a list's element, a map's key
  // and value), `required` its nullability.
  Result<std::unique_ptr<SchemaNode>> Field(const ArrowSchema& s, const std::string& parent, int depth,
                                            ImportNode* out, const char* rename = nullptr, bool required = false) {
    if (depth > kMaxDepth) return Status::InvalidArgument("Arrow schema nested deeper than " + std::to_string(kMaxDepth));
    const std::string arrow_name = s.name != nullptr ? s.name : "";
    out->path = parent.empty() ? arrow_name : parent + "." + arrow_name;
    if (s.format == nullptr) return Bad(out->path, "a field without a format");
    const std::string name = rename != nullptr ? rename : arrow_name;
    out->format = s.format;
    out->nullable = !required && (s.flags & ARROW_FLAG_NULLABLE) != 0;
    const Repetition rep = out->nullable ? Repetition::kOptional : Repetition::kRequired;
    if (s.n_children < 0 || s.n_children > kMaxChildren || (s.n_children > 0 && s.children == nullptr)) {
      return Bad(out->path, std::to_string(s.n_children) + " children");
    }
    for (int64_t i = 0; i < s.n_children; ++i) {
      if (s.children[i] == nullptr) return Bad(out->path, "a NULL child " + std::to_string(i));
    }
    const std::optional<std::string> ext = MetadataValue(s.metadata, "ARROW:extension:name");
    if (s.dictionary != nullptr) return Dictionary(s, parent, depth, rename, required, out);
    const std::string_view f = s.format;

    if (f == "+s") return Struct(s, name, rep, depth, ext, out);
    if (f == "+l" || f == "+L" || f.starts_with("+w:")) {
      if (s.n_children != 1) return Bad(out->path, "a list with " + std::to_string(s.n_children) + " children");
      out->kind = ColumnView::Kind::kList;
      out->large = f == "+L";
      if (f.starts_with("+w:")) {
        int64_t n = 0;
        if (!ParseInt(f.substr(3), &n) || n <= 0 || n > INT32_MAX) return Bad(out->path, "format '" + out->format + "'");
        out->list_size = static_cast<int32_t>(n);
      }
      out->children.resize(1);
      PARQ_ASSIGN_OR_RETURN(auto element, Field(*s.children[0], out->path, depth + 1, &out->children[0], "element"));
      std::vector<std::unique_ptr<SchemaNode>> level;
      level.push_back(std::move(element));
      std::vector<std::unique_ptr<SchemaNode>> list;
      list.push_back(SchemaNode::MakeGroup("list", Repetition::kRepeated, std::move(level)));
      return SchemaNode::MakeGroup(name, rep, std::move(list), LogicalType::List());
    }
    if (f == "+m") {
      const ArrowSchema& entries = *s.children[0];
      if (s.n_children != 1 || entries.format == nullptr || std::string_view(entries.format) != "+s" ||
          entries.n_children != 2 || entries.children == nullptr || entries.children[0] == nullptr ||
          entries.children[1] == nullptr) {
        return Bad(out->path, "a map whose child is not a struct of key and value");
      }
      out->kind = ColumnView::Kind::kMap;
      out->children.resize(2);
      // Parquet keys are required; a null key is refused when written.
      PARQ_ASSIGN_OR_RETURN(auto key, Field(*entries.children[0], out->path, depth + 1, &out->children[0], "key", true));
      PARQ_ASSIGN_OR_RETURN(auto value, Field(*entries.children[1], out->path, depth + 1, &out->children[1], "value"));
      if (out->children[0].kind != ColumnView::Kind::kLeaf) return Bad(out->path, "a map key that is not a primitive");
      std::vector<std::unique_ptr<SchemaNode>> kv;
      kv.push_back(std::move(key));
      kv.push_back(std::move(value));
      std::vector<std::unique_ptr<SchemaNode>> map;
      map.push_back(SchemaNode::MakeGroup("key_value", Repetition::kRepeated, std::move(kv)));
      return SchemaNode::MakeGroup(name, rep, std::move(map), LogicalType::Map());
    }
    if (s.n_children != 0) return Unsupported(out->path, f);
    return Leaf(f, name, rep, ext, s.metadata, out);
  }

 private:
  static Status Bad(const std::string& path, const std::string& what) {
    return Status::InvalidArgument("Arrow field '" + path + "': " + what);
  }
  static Status Unsupported(const std::string& path, std::string_view f) {
    std::string what = "Arrow format '" + std::string(f) + "'";
    if (f.starts_with("+ud") || f.starts_with("+us")) what += " (a union)";
    else if (f == "+r") what += " (run-end encoded)";
    else if (f == "+vl" || f == "+vL") what += " (a list view)";
    return Status::Unsupported("Arrow field '" + path + "': " + what + " has no Parquet type");
  }

  Result<std::unique_ptr<SchemaNode>> Struct(const ArrowSchema& s, const std::string& name, Repetition rep, int depth,
                                             const std::optional<std::string>& ext, ImportNode* out) {
    if (s.n_children == 0) return Status::Unsupported("Arrow field '" + out->path + "': a struct without fields");
    out->kind = ColumnView::Kind::kStruct;
    out->children.resize(static_cast<size_t>(s.n_children));
    std::vector<std::unique_ptr<SchemaNode>> fields;
    for (int64_t i = 0; i < s.n_children; ++i) {
      PARQ_ASSIGN_OR_RETURN(auto c, Field(*s.children[i], out->path, depth + 1, &out->children[static_cast<size_t>(i)]));
      fields.push_back(std::move(c));
    }
    LogicalType logical;
    if (ext == "parquet.variant") logical = LogicalType::Variant();
    return SchemaNode::MakeGroup(name, rep, std::move(fields), logical);
  }

  Result<std::unique_ptr<SchemaNode>> Dictionary(const ArrowSchema& s, const std::string& parent, int depth,
                                                 const char* rename, bool required, ImportNode* out) {
    const std::string_view f = s.format;
    static constexpr std::pair<char, int> kIndex[] = {{'c', 1}, {'C', 1}, {'s', 2}, {'S', 2},
                                                      {'i', 4}, {'I', 4}, {'l', 8}, {'L', 8}};
    for (const auto& [c, w] : kIndex) {
      if (f.size() == 1 && f[0] == c) {
        out->index_width = w;
        out->index_signed = c >= 'a';
      }
    }
    if (out->index_width == 0) return Bad(out->path, "dictionary indices of format '" + std::string(f) + "'");
    out->dictionary = std::make_unique<ImportNode>();
    ArrowSchema values = *s.dictionary;  // the field's name, nullability and metadata over the values' type
    values.name = s.name;
    values.flags = s.flags;
    if (values.metadata == nullptr) values.metadata = s.metadata;
    PARQ_ASSIGN_OR_RETURN(auto node, Field(values, parent, depth + 1, out->dictionary.get(), rename, required));
    if (out->dictionary->kind != ColumnView::Kind::kLeaf || out->dictionary->conv == ImportConv::kNull) {
      return Bad(out->path, "a dictionary of '" + out->dictionary->format + "' values");
    }
    out->kind = ColumnView::Kind::kLeaf;
    out->physical = out->dictionary->physical;
    out->type_length = out->dictionary->type_length;
    out->nullable = out->dictionary->nullable;
    return node;
  }

  Result<std::unique_ptr<SchemaNode>> Leaf(std::string_view f, const std::string& name, Repetition rep,
                                           const std::optional<std::string>& ext, const char* metadata,
                                           ImportNode* out) {
    out->kind = ColumnView::Kind::kLeaf;
    auto leaf = [&](PhysicalType t, LogicalType l = {}, int32_t length = -1) -> std::unique_ptr<SchemaNode> {
      out->physical = t;
      out->type_length = length;
      return SchemaNode::MakePrimitive(name, rep, t, std::move(l), length);
    };
    auto widen = [&](int width, bool is_signed) {
      out->conv = ImportConv::kWiden;
      out->src_width = width;
      out->src_signed = is_signed;
      return leaf(PhysicalType::kInt32, LogicalType::Int(width * 8, is_signed));
    };
    if (f == "n") {
      out->conv = ImportConv::kNull;
      out->nullable = true;
      out->physical = PhysicalType::kInt32;
      return SchemaNode::MakePrimitive(name, Repetition::kOptional, PhysicalType::kInt32, LogicalType::Unknown());
    }
    if (f == "b") return leaf(PhysicalType::kBoolean);
    if (f == "c") return widen(1, true);
    if (f == "C") return widen(1, false);
    if (f == "s") return widen(2, true);
    if (f == "S") return widen(2, false);
    if (f == "i") return leaf(PhysicalType::kInt32, LogicalType::Int(32, true));
    if (f == "I") return leaf(PhysicalType::kInt32, LogicalType::Int(32, false));
    if (f == "l") return leaf(PhysicalType::kInt64, LogicalType::Int(64, true));
    if (f == "L") return leaf(PhysicalType::kInt64, LogicalType::Int(64, false));
    if (f == "e") return leaf(PhysicalType::kFixedLenByteArray, LogicalType::Float16(), 2);
    if (f == "f") return leaf(PhysicalType::kFloat);
    if (f == "g") return leaf(PhysicalType::kDouble);
    if (f == "u" || f == "U" || f == "vu") {
      out->large = f == "U";
      if (f == "vu") out->conv = ImportConv::kBinaryView;
      return leaf(PhysicalType::kByteArray, ext == "arrow.json" ? LogicalType::Json() : LogicalType::String());
    }
    if (f == "z" || f == "Z" || f == "vz") {
      out->large = f == "Z";
      if (f == "vz") out->conv = ImportConv::kBinaryView;
      LogicalType l;
      if (ext == "geoarrow.wkb") {
        const std::string meta = MetadataValue(metadata, "ARROW:extension:metadata").value_or("");
        const std::string crs = JsonMember(meta, "crs").value_or("");
        if (JsonMember(meta, "edges").value_or("planar") == "spherical") {
          l = LogicalType::Geography(crs, EdgeAlgorithm::kSpherical);
        } else {
          l = LogicalType::Geometry(crs);
        }
      }
      return leaf(PhysicalType::kByteArray, std::move(l));
    }
    if (f.starts_with("w:")) {
      int64_t n = 0;
      if (!ParseInt(f.substr(2), &n) || n <= 0 || n > INT32_MAX) return Bad(out->path, "format '" + out->format + "'");
      LogicalType l = ext == "arrow.uuid" && n == 16 ? LogicalType::Uuid() : LogicalType();
      return leaf(PhysicalType::kFixedLenByteArray, std::move(l), static_cast<int32_t>(n));
    }
    if (f.starts_with("d:")) return Decimal(f, name, rep, out);
    if (f == "tdD") return leaf(PhysicalType::kInt32, LogicalType::Date());
    if (f == "tdm") {
      out->conv = ImportConv::kDate64;
      return leaf(PhysicalType::kInt32, LogicalType::Date());
    }
    if (f == "tts") {
      out->conv = ImportConv::kSecondsToMillis;
      out->src_width = 4;
      return leaf(PhysicalType::kInt32, LogicalType::Time(TimeUnit::kMillis, true));
    }
    if (f == "ttm") return leaf(PhysicalType::kInt32, LogicalType::Time(TimeUnit::kMillis, true));
    if (f == "ttu") return leaf(PhysicalType::kInt64, LogicalType::Time(TimeUnit::kMicros, true));
    if (f == "ttn") return leaf(PhysicalType::kInt64, LogicalType::Time(TimeUnit::kNanos, true));
    if (f.size() >= 4 && f.starts_with("ts") && f[3] == ':') {
      const bool utc = f.size() > 4;
      switch (f[2]) {
        case 's':
          out->conv = ImportConv::kSecondsToMillis;
          out->src_width = 8;
          return leaf(PhysicalType::kInt64, LogicalType::Timestamp(TimeUnit::kMillis, utc));
        case 'm': return leaf(PhysicalType::kInt64, LogicalType::Timestamp(TimeUnit::kMillis, utc));
        case 'u': return leaf(PhysicalType::kInt64, LogicalType::Timestamp(TimeUnit::kMicros, utc));
        case 'n': return leaf(PhysicalType::kInt64, LogicalType::Timestamp(TimeUnit::kNanos, utc));
        default: break;
      }
    }
    if (f == "tDs" || f == "tDm" || f == "tDu" || f == "tDn") return leaf(PhysicalType::kInt64);
    if (f == "tiM" || f == "tiD" || f == "tin") {
      out->conv = f == "tiM"   ? ImportConv::kIntervalMonths
                  : f == "tiD" ? ImportConv::kIntervalDayTime
                               : ImportConv::kIntervalMonthDayNano;
      return leaf(PhysicalType::kFixedLenByteArray, LogicalType::Interval(), 12);
    }
    return Unsupported(out->path, f);
  }

  Result<std::unique_ptr<SchemaNode>> Decimal(std::string_view f, const std::string& name, Repetition rep,
                                              ImportNode* out) {
    // d:precision,scale[,bitwidth]
    std::string_view rest = f.substr(2);
    int64_t parts[3] = {0, 0, 128};
    int n = 0;
    while (n < 3) {
      const size_t comma = rest.find(',');
      if (!ParseInt(rest.substr(0, comma), &parts[n++])) return Bad(out->path, "format '" + out->format + "'");
      if (comma == std::string_view::npos) break;
      rest = rest.substr(comma + 1);
    }
    const int64_t precision = parts[0], scale = parts[1], bits = parts[2];
    const int64_t max_precision = bits == 32 ? 9 : bits == 64 ? 18 : bits == 128 ? 38 : bits == 256 ? 76 : 0;
    if (n < 2 || max_precision == 0 || precision < 1 || precision > max_precision) {
      return Bad(out->path, "format '" + out->format + "'");
    }
    if (scale < 0 || scale > precision) {
      return Status::Unsupported("Arrow field '" + out->path + "': decimal scale " + std::to_string(scale) +
                                 " outside 0.." + std::to_string(precision) + " has no Parquet type");
    }
    out->conv = ImportConv::kDecimal;
    out->src_width = static_cast<int>(bits / 8);
    const LogicalType l = LogicalType::Decimal(static_cast<int32_t>(precision), static_cast<int32_t>(scale));
    if (precision <= 9) out->physical = PhysicalType::kInt32;
    else if (precision <= 18) out->physical = PhysicalType::kInt64;
    else {
      out->physical = PhysicalType::kFixedLenByteArray;
      out->type_length = DecimalBytes(static_cast<int32_t>(precision));
    }
    return SchemaNode::MakePrimitive(name, rep, out->physical, l, out->type_length);
  }
};

}  // namespace

Result<ArrowImportPlan> PlanArrowImport(const ArrowSchema& schema) {
  if (schema.release == nullptr) return Status::InvalidArgument("a released ArrowSchema");
  if (schema.format == nullptr || std::string_view(schema.format) != "+s") {
    return Status::InvalidArgument(std::string("an Arrow stream schema of format '") +
                                   (schema.format != nullptr ? schema.format : "(null)") +
                                   "': a record batch is a struct ('+s')");
  }
  if (schema.n_children <= 0) return Status::InvalidArgument("an Arrow schema without fields");
  if (schema.n_children > kMaxChildren || schema.children == nullptr) {
    return Status::InvalidArgument("an Arrow schema of " + std::to_string(schema.n_children) + " fields");
  }
  ArrowImportPlan plan;
  plan.root.kind = ColumnView::Kind::kStruct;
  plan.root.format = "+s";
  plan.root.children.resize(static_cast<size_t>(schema.n_children));
  std::vector<std::unique_ptr<SchemaNode>> fields;
  Mapper m;
  for (int64_t i = 0; i < schema.n_children; ++i) {
    if (schema.children[i] == nullptr) return Status::InvalidArgument("a NULL field " + std::to_string(i));
    PARQ_ASSIGN_OR_RETURN(auto f, m.Field(*schema.children[i], "", 1, &plan.root.children[static_cast<size_t>(i)]));
    fields.push_back(std::move(f));
  }
  PARQ_ASSIGN_OR_RETURN(plan.schema,
                        Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields))));
  return plan;
}

}  // namespace parq
