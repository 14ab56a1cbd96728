// The Parquet → Arrow type table (docs/arrow.md) and ArrowSchema export.
#include "arrow/arrow_type.h"

#include <climits>
#include <cctype>
#include <cstdio>
#include <cstring>
#include <utility>

#include "arrow/arrow_array.h"
#include "parq/metadata.h"

namespace parq::arrow {

namespace {

// Arrow's metadata encoding: int32 pair count, then per pair int32 key
// length, key, int32 value length, value (native endianness).
std::string EncodeMetadata(const std::vector<std::pair<std::string, std::string>>& pairs) {
  std::string out;
  auto put32 = [&out](int32_t v) { out.append(reinterpret_cast<const char*>(&v), 4); };
  put32(static_cast<int32_t>(pairs.size()));
  for (const auto& [k, v] : pairs) {
    put32(static_cast<int32_t>(k.size()));
    out += k;
    put32(static_cast<int32_t>(v.size()));
    out += v;
  }
  return out;
}

std::string Extension(const std::string& name, const std::string& metadata = "") {
  return EncodeMetadata({{"ARROW:extension:name", name}, {"ARROW:extension:metadata", metadata}});
}

std::string JsonString(const std::string& s) {
  std::string out = "\"";
  for (char c : s) {
    if (c == '"' || c == '\\') {
      out += '\\';
      out += c;
    } else if (static_cast<unsigned char>(c) < 0x20) {
      char buf[8];
      std::snprintf(buf, sizeof buf, "\\u%04x", c);
      out += buf;
    } else {
      out += c;
    }
  }
  return out + "\"";
}

// geoarrow.wkb's metadata: the CRS (the format's default OGC:CRS84 when the
// file sets none) and, for GEOGRAPHY, the edge interpolation.
std::string GeoMetadata(const LogicalType& t) {
  std::string m = "{\"crs\":" + JsonString(t.crs().empty() ? "OGC:CRS84" : t.crs());
  if (t.kind() == LogicalType::Kind::kGeography) {
    std::string edges(EdgeAlgorithmName(t.edge_algorithm().value_or(EdgeAlgorithm::kSpherical)));
    for (char& c : edges) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
    m += ",\"edges\":" + JsonString(edges);
  }
  return m + "}";
}

char UnitChar(TimeUnit u) { return u == TimeUnit::kMillis ? 'm' : u == TimeUnit::kMicros ? 'u' : 'n'; }

struct Mapper {
  const Schema& schema;
  const FileMetaData* metadata;  // null: no chunk bounds (int32 offsets)
  const AssemblyPlan& plan;
  const ArrowTypeOptions& options;

  // The most level entries (≥ list elements) and value bytes any selected
  // chunk of `column` may hold; bytes -1 when the metadata cannot bound them
  // (a dictionary-encoded chunk without SizeStatistics).
  void ChunkBounds(int column, int64_t* entries, int64_t* bytes) const {
    *entries = 0;
    *bytes = 0;
    if (metadata == nullptr) return;
    const FileMetaData& md = *metadata;
    auto one = [&](int g) {
      const ColumnChunkMetaData c = md.row_group(g).column(column);
      *entries = std::max(*entries, c.num_values());
      if (*bytes < 0) return;
      // One batch spanning the chunks holds them all; else one chunk's at most.
      auto bound = [&](int64_t b) { *bytes = options.span_row_groups ? *bytes + b : std::max(*bytes, b); };
      std::optional<SizeStatistics> size = c.size_statistics();
      if (size && size->unencoded_byte_array_data_bytes) {
        bound(*size->unencoded_byte_array_data_bytes);
      } else if (!c.dictionary_page_offset()) {
        bound(c.total_uncompressed_size());
      } else {
        *bytes = -1;
      }
    };
    if (options.row_groups.empty()) {
      for (int g = 0; g < md.num_row_groups(); ++g) one(g);
    } else {
      for (int g : options.row_groups) one(g);
    }
  }
  int64_t MaxEntries(int column) const {
    int64_t e, b;
    ChunkBounds(column, &e, &b);
    return e;
  }

  Status Leaf(const PlanNode& p, bool top, ArrowField* f) const {
    const ColumnDescriptor& d = schema.column(p.column);
    const LogicalType& t = d.logical_type;
    f->kind = ArrowField::Kind::kLeaf;
    f->column = p.column;
    f->flat = top;
    f->physical_width = d.physical_type == PhysicalType::kInt96 ? 12
                        : d.physical_type == PhysicalType::kFixedLenByteArray ? d.type_length
                        : d.physical_type == PhysicalType::kInt32 || d.physical_type == PhysicalType::kFloat ? 4
                        : d.physical_type == PhysicalType::kInt64 || d.physical_type == PhysicalType::kDouble ? 8
                                                                                                            : 0;
    auto same = [&](const char* format) {
      f->format = format;
      f->conv = LeafConv::kSame;
      f->width = f->physical_width;
      return Status::OK();
    };
    auto binary = [&](bool utf8) {
      int64_t entries, bytes;
      ChunkBounds(p.column, &entries, &bytes);
      f->large = bytes > INT32_MAX || (options.span_row_groups && bytes < 0);
      f->format = utf8 ? (f->large ? "U" : "u") : (f->large ? "Z" : "z");
      f->conv = LeafConv::kBinary;
      // Not under an extension type (JSON, geometry): consumers look for
      // those on a plain utf8 / binary column (DuckDB refuses a dictionary).
      f->dictionary = top && options.dictionary_arrays && f->metadata.empty();
      return Status::OK();
    };
    switch (t.kind()) {
      case LogicalType::Kind::kString:
      case LogicalType::Kind::kEnum:
        if (d.physical_type == PhysicalType::kByteArray) return binary(true);
        break;
      case LogicalType::Kind::kJson:
        if (d.physical_type != PhysicalType::kByteArray) break;
        f->metadata = Extension("arrow.json");
        return binary(true);
      case LogicalType::Kind::kGeometry:
      case LogicalType::Kind::kGeography:
        if (d.physical_type != PhysicalType::kByteArray) break;
        f->metadata = Extension("geoarrow.wkb", GeoMetadata(t));
        return binary(false);
      case LogicalType::Kind::kUuid:
        f->metadata = Extension("arrow.uuid");
        return same("w:16");
      case LogicalType::Kind::kFloat16:
        return same("e");
      case LogicalType::Kind::kDate:
        return same("tdD");
      case LogicalType::Kind::kTime:
        f->format = std::string("tt") + UnitChar(t.time_unit());
        return same(f->format.c_str());
      case LogicalType::Kind::kTimestamp:
        f->format = std::string("ts") + UnitChar(t.time_unit()) + ":" + (t.is_adjusted_to_utc() ? "UTC" : "");
        return same(f->format.c_str());
      case LogicalType::Kind::kInt: {
        static const char* kSigned[] = {"c", "s", "i", "l"};
        static const char* kUnsigned[] = {"C", "S", "I", "L"};
        const int i = t.bit_width() == 8 ? 0 : t.bit_width() == 16 ? 1 : t.bit_width() == 32 ? 2 : 3;
        f->format = t.is_signed() ? kSigned[i] : kUnsigned[i];
        if (i >= 2) return same(f->format.c_str());
        f->conv = i == 0 ? LeafConv::kInt8 : LeafConv::kInt16;
        f->width = i == 0 ? 1 : 2;
        return Status::OK();
      }
      case LogicalType::Kind::kDecimal: {
        if (t.precision() > 76) return Status::Unsupported("a DECIMAL of precision " + std::to_string(t.precision()) + " (Arrow's decimal256 holds 76 digits)");
        if (top && options.decimal64 && d.physical_type == PhysicalType::kInt64 && t.precision() <= 18) {
          return same(("d:" + std::to_string(t.precision()) + "," + std::to_string(t.scale()) + ",64").c_str());
        }
        const bool wide = t.precision() > 38;
        f->format = "d:" + std::to_string(t.precision()) + "," + std::to_string(t.scale()) + (wide ? ",256" : "");
        f->width = wide ? 32 : 16;
        f->conv = d.physical_type == PhysicalType::kInt32   ? LeafConv::kDecimalInt32
                  : d.physical_type == PhysicalType::kInt64 ? LeafConv::kDecimalInt64
                                                            : LeafConv::kDecimalBytes;
        return Status::OK();
      }
      case LogicalType::Kind::kInterval:
        if (d.physical_type != PhysicalType::kFixedLenByteArray || d.type_length != 12) {
          return Status::Unsupported("an INTERVAL of " + std::to_string(d.type_length) + " bytes");
        }
        f->format = "tin";
        f->conv = LeafConv::kIntervalMdn;
        f->width = 16;
        return Status::OK();
      case LogicalType::Kind::kUnknown:
        f->format = "n";
        f->conv = LeafConv::kNull;
        return Status::OK();
      default:  // none, BSON, and annotations the reader let through on another type
        break;
    }
    switch (d.physical_type) {
      case PhysicalType::kBoolean:
        f->format = "b";
        f->conv = LeafConv::kBool;
        return Status::OK();
      case PhysicalType::kInt32: return same("i");
      case PhysicalType::kInt64: return same("l");
      case PhysicalType::kFloat: return same("f");
      case PhysicalType::kDouble: return same("g");
      case PhysicalType::kInt96:
        f->format = "tsn:";
        f->conv = LeafConv::kInt96Nanos;
        f->width = 8;
        return Status::OK();
      case PhysicalType::kByteArray: return binary(false);
      case PhysicalType::kFixedLenByteArray:
        f->format = "w:" + std::to_string(d.type_length);
        return same(f->format.c_str());
    }
    return Status::Internal("unknown physical type");
  }

  Status Map(const PlanNode& p, bool top, ArrowField* f) const {
    f->name = p.name;
    f->nullable = p.nullable;
    f->plan = &p;
    switch (p.kind) {
      case PlanNode::Kind::kLeaf:
        return Leaf(p, top, f);
      case PlanNode::Kind::kStruct:
      case PlanNode::Kind::kVariant:
        f->kind = ArrowField::Kind::kStruct;
        f->format = "+s";
        if (p.kind == PlanNode::Kind::kVariant) f->metadata = Extension("parquet.variant");
        for (const PlanNode& c : p.children) {
          f->children.emplace_back();
          PARQ_RETURN_IF_ERROR(Map(c, false, &f->children.back()));
        }
        return Status::OK();
      case PlanNode::Kind::kList: {
        f->kind = ArrowField::Kind::kList;
        f->large = MaxEntries(ColumnOf(p)) > INT32_MAX;
        f->format = f->large ? "+L" : "+l";
        f->children.emplace_back();
        return Map(p.children[0], false, &f->children.back());
      }
      case PlanNode::Kind::kMap: {
        f->kind = ArrowField::Kind::kMap;
        if (MaxEntries(ColumnOf(p)) > INT32_MAX) {
          return Status::Unsupported("map '" + p.name + "': a chunk of more than 2^31 entries (Arrow's map has int32 offsets)");
        }
        // A map without values is a list of {key} structs (Arrow's map needs both).
        f->format = p.map_has_value ? "+m" : "+l";
        ArrowField entries;
        entries.kind = ArrowField::Kind::kStruct;
        entries.name = p.map_has_value ? "entries" : "key_value";
        entries.format = "+s";
        entries.nullable = false;
        for (const PlanNode& c : p.children) {
          entries.children.emplace_back();
          PARQ_RETURN_IF_ERROR(Map(c, false, &entries.children.back()));
        }
        entries.children.at(0).nullable = false;  // keys are never null
        f->children.push_back(std::move(entries));
        return Status::OK();
      }
    }
    return Status::Internal("unknown plan node");
  }

  // The schema column of p's representative leaf.
  int ColumnOf(const PlanNode& p) const { return plan.columns.at(static_cast<size_t>(p.rep_slot)); }
};

// Owns what one ArrowSchema points to.
struct SchemaPrivate {
  std::string format, name, metadata;
  std::vector<ArrowSchema*> children;
  ArrowSchema* dictionary = nullptr;
};

void ReleaseSchema(ArrowSchema* s) {
  if (s == nullptr || s->release == nullptr) return;
  auto* p = static_cast<SchemaPrivate*>(s->private_data);
  ReleaseOwned(p->children, p->dictionary);
  delete p;
  s->release = nullptr;
}

void Fill(ArrowSchema* out, std::string format, std::string name, std::string metadata, int64_t flags) {
  auto* p = new SchemaPrivate;
  p->format = std::move(format);
  p->name = std::move(name);
  p->metadata = std::move(metadata);
  out->format = p->format.c_str();
  out->name = p->name.c_str();
  out->metadata = p->metadata.empty() ? nullptr : p->metadata.data();
  out->flags = flags;
  out->n_children = 0;
  out->children = nullptr;
  out->dictionary = nullptr;
  out->release = ReleaseSchema;
  out->private_data = p;
}

void ExportField(const ArrowField& f, ArrowSchema* out) {
  const int64_t flags = f.nullable ? ARROW_FLAG_NULLABLE : 0;
  if (f.dictionary) {
    Fill(out, "i", f.name, f.metadata, flags);
    auto* p = static_cast<SchemaPrivate*>(out->private_data);
    p->dictionary = new ArrowSchema;
    Fill(p->dictionary, f.format, "", "", 0);
    out->dictionary = p->dictionary;
    return;
  }
  Fill(out, f.format, f.name, f.metadata, flags);
  auto* p = static_cast<SchemaPrivate*>(out->private_data);
  for (const ArrowField& c : f.children) {
    p->children.push_back(new ArrowSchema);
    ExportField(c, p->children.back());
  }
  out->n_children = static_cast<int64_t>(p->children.size());
  out->children = p->children.empty() ? nullptr : p->children.data();
}

}  // namespace

Result<std::vector<ArrowField>> MapFields(const FileReader& file, const AssemblyPlan& plan,
                                          const ArrowTypeOptions& options) {
  return MapSchemaFields(file.schema(), &file.metadata(), plan, options);
}

Result<std::vector<ArrowField>> MapSchemaFields(const Schema& schema, const FileMetaData* metadata,
                                                const AssemblyPlan& plan, const ArrowTypeOptions& options) {
  Mapper m{schema, metadata, plan, options};
  std::vector<ArrowField> out(plan.root.children.size());
  for (size_t i = 0; i < out.size(); ++i) {
    PARQ_RETURN_IF_ERROR(m.Map(plan.root.children[i], true, &out[i]));
  }
  return out;
}

void ExportSchema(const std::vector<ArrowField>& fields, ArrowSchema* out) {
  ArrowField root;
  root.kind = ArrowField::Kind::kStruct;
  root.format = "+s";
  root.children = fields;
  ExportField(root, out);
}

}  // namespace parq::arrow
