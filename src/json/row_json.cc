#include "json/row_json.h"

#include "json/json_format.h"
#include "json/variant_json.h"
#include "record/variant_shredding.h"
#include "variant/metadata.h"
#include "variant/value.h"

namespace parq {

namespace {

std::span<const uint8_t> AsSpan(std::string_view s) {
  return {reinterpret_cast<const uint8_t*>(s.data()), s.size()};
}

int ChildIndex(const PlanNode& p, std::string_view name) {
  for (size_t i = 0; i < p.children.size(); ++i) {
    if (p.children[i].name == name) return static_cast<int>(i);
  }
  return -1;
}

struct VariantWalk {
  const std::vector<LeafFormatter>* fmt;
  VariantMetadata md;

  // `p` is a group of {value, typed_value} (the variant itself, an object
  // field, or an array element); `v` its assembled Value (a struct).
  // Sets *missing when neither holds a value (nothing appended).
  Status Emit(std::string& out, const PlanNode& p, const Value& v, bool* missing, int depth) {
    if (depth > 128) return Status::LimitExceeded("shredded variant nested deeper than 128 levels");
    *missing = false;
    const int vi = ChildIndex(p, "value");
    const int ti = ChildIndex(p, "typed_value");
    if (v.kind() != Value::Kind::kStruct || v.size() != p.children.size()) {
      return Status::Internal("variant group assembled with an unexpected shape");
    }
    const Value* val = vi >= 0 ? &v[static_cast<size_t>(vi)] : nullptr;
    const Value* tv = ti >= 0 ? &v[static_cast<size_t>(ti)] : nullptr;
    if (val != nullptr && val->is_null()) val = nullptr;
    if (tv != nullptr && tv->is_null()) tv = nullptr;

    if (ti >= 0 && p.children[static_cast<size_t>(ti)].kind == PlanNode::Kind::kLeaf) {
      // One type table for JSON and typed reads (record/variant_shredding.h).
      PARQ_RETURN_IF_ERROR(variant_shredding::ShreddedLeafType(*p.children[static_cast<size_t>(ti)].node).status());
    }
    if (tv != nullptr) {
      const PlanNode& tp = p.children[static_cast<size_t>(ti)];
      if (val != nullptr && tp.kind != PlanNode::Kind::kStruct) {
        // VariantShredding.md: value and typed_value may both be non-null
        // only for a partially shredded object.
        return Status::Corrupt("shredded variant with both value and a non-object typed_value");
      }
      switch (tp.kind) {
        case PlanNode::Kind::kLeaf:
          return AppendLeafValueJson(out, (*fmt)[static_cast<size_t>(tp.rep_slot)], *tv);
        case PlanNode::Kind::kStruct: {
          out.push_back('{');
          bool first = true;
          for (size_t j = 0; j < tp.children.size(); ++j) {
            const Value& fv = (*tv)[j];
            if (fv.is_null()) continue;  // a missing field
            const size_t mark = out.size();
            if (!first) out.push_back(',');
            AppendJsonString(out, tp.children[j].name);
            out.push_back(':');
            bool m = false;
            PARQ_RETURN_IF_ERROR(Emit(out, tp.children[j], fv, &m, depth + 1));
            if (m) {
              out.resize(mark);
            } else {
              first = false;
            }
          }
          if (val != nullptr) {  // a partially shredded object: the other fields
            std::span<const uint8_t> bytes = AsSpan(val->bytes());
            if (bytes.empty() || VariantBasicTypeOf(bytes[0]) != VariantBasicType::kObject) {
              return Status::Corrupt("shredded variant object whose value is not an object");
            }
            PARQ_ASSIGN_OR_RETURN(VariantObjectView obj, VariantObjectView::Parse(bytes));
            for (uint32_t i = 0; i < obj.size(); ++i) {
              PARQ_ASSIGN_OR_RETURN(std::string_view key, md.Key(obj.field_id(i)));
              // A shredded field's name wins even when typed_value says the
              // field is missing (docs/rows-as-json.md, VARIANT row).
              if (ChildIndex(tp, key) >= 0) continue;
              PARQ_ASSIGN_OR_RETURN(std::span<const uint8_t> fv, obj.field_value(i));
              if (!first) out.push_back(',');
              first = false;
              AppendJsonString(out, key);
              out.push_back(':');
              PARQ_RETURN_IF_ERROR(AppendVariantJson(out, md, fv));
            }
          }
          out.push_back('}');
          return Status::OK();
        }
        case PlanNode::Kind::kList: {
          out.push_back('[');
          const PlanNode& ep = tp.children[0];
          for (size_t j = 0; j < tv->size(); ++j) {
            if (j) out.push_back(',');
            const Value& e = (*tv)[j];
            bool m = e.is_null();
            if (!m) {
              if (ep.kind == PlanNode::Kind::kLeaf) {
                PARQ_RETURN_IF_ERROR(AppendLeafValueJson(out, (*fmt)[static_cast<size_t>(ep.rep_slot)], e));
              } else {
                PARQ_RETURN_IF_ERROR(Emit(out, ep, e, &m, depth + 1));
              }
            }
            if (m) out.append("null");
          }
          out.push_back(']');
          return Status::OK();
        }
        default:
          return Status::Unsupported("shredded variant typed_value of this shape (map or nested variant)");
      }
    }
    if (val != nullptr) return AppendVariantJson(out, md, AsSpan(val->bytes()));
    *missing = true;
    return Status::OK();
  }
};

// A field of a Value row, checked against its plan node.
Status ValueToJson(const PlanNode& p, const Value& v, const std::vector<LeafFormatter>& fmt, std::string& out) {
  if (v.is_null()) {
    out.append("null");
    return Status::OK();
  }
  auto shape = [&](Value::Kind k, size_t n) -> Status {
    if (v.kind() != k || v.size() != n) {
      return Status::InvalidArgument("value of field '" + p.name + "' does not have the reader's shape");
    }
    return Status::OK();
  };
  switch (p.kind) {
    case PlanNode::Kind::kLeaf:
      return AppendLeafValueJson(out, fmt[static_cast<size_t>(p.rep_slot)], v);
    case PlanNode::Kind::kVariant:
      PARQ_RETURN_IF_ERROR(shape(Value::Kind::kStruct, p.children.size()));
      return AppendVariantGroupJson(out, p, v, fmt);
    case PlanNode::Kind::kStruct: {
      PARQ_RETURN_IF_ERROR(shape(Value::Kind::kStruct, p.children.size()));
      JsonWriter w(&out);
      w.BeginObject();
      for (size_t i = 0; i < p.children.size(); ++i) {
        w.Key(p.children[i].name);
        PARQ_RETURN_IF_ERROR(ValueToJson(p.children[i], v[i], fmt, w.BeginValue()));
      }
      w.EndObject();
      return Status::OK();
    }
    case PlanNode::Kind::kList:
    case PlanNode::Kind::kMap: {
      const bool map = p.kind == PlanNode::Kind::kMap;
      PARQ_RETURN_IF_ERROR(shape(map ? Value::Kind::kMap : Value::Kind::kList, v.size()));
      JsonWriter w(&out);
      w.BeginArray();
      for (size_t i = 0; i < v.size(); ++i) {
        if (!map) {
          PARQ_RETURN_IF_ERROR(ValueToJson(p.children[0], v[i], fmt, w.BeginValue()));
          continue;
        }
        const Value& e = v[i];
        if (e.kind() != Value::Kind::kStruct || e.size() != p.children.size()) {
          return Status::InvalidArgument("map entry of field '" + p.name + "' does not have the reader's shape");
        }
        w.BeginObject();
        for (size_t j = 0; j < p.children.size(); ++j) {
          w.Key(p.children[j].name);
          PARQ_RETURN_IF_ERROR(ValueToJson(p.children[j], e[j], fmt, w.BeginValue()));
        }
        w.EndObject();
      }
      w.EndArray();
      return Status::OK();
    }
  }
  return Status::Internal("unknown plan node kind");
}

}  // namespace

Status AppendLeafJson(std::string& out, const LeafFormatter& f, const LeafBuffer& b, size_t i) {
  if (f.always_null()) {
    out.append("null");
    return Status::OK();
  }
  switch (b.type) {
    case PhysicalType::kBoolean: f.Bool(out, b.BoolAt(i)); return Status::OK();
    case PhysicalType::kInt32: return f.Int32(out, b.Fixed<int32_t>(i));
    case PhysicalType::kInt64: return f.Int64(out, b.Fixed<int64_t>(i));
    case PhysicalType::kInt96: f.Int96(out, b.Fixed<Int96>(i)); return Status::OK();
    case PhysicalType::kFloat: f.Float(out, b.Fixed<float>(i)); return Status::OK();
    case PhysicalType::kDouble: f.Double(out, b.Fixed<double>(i)); return Status::OK();
    case PhysicalType::kByteArray:
    case PhysicalType::kFixedLenByteArray: return f.Bytes(out, AsSpan(b.BytesAt(i)));
  }
  return Status::Internal("unknown physical type");
}

Status AppendLeafValueJson(std::string& out, const LeafFormatter& f, const Value& v) {
  if (f.always_null()) {
    out.append("null");
    return Status::OK();
  }
  switch (v.kind()) {
    case Value::Kind::kNull: out.append("null"); return Status::OK();
    case Value::Kind::kBool: f.Bool(out, v.bool_value()); return Status::OK();
    case Value::Kind::kInt32: return f.Int32(out, v.int32_value());
    case Value::Kind::kInt64: return f.Int64(out, v.int64_value());
    case Value::Kind::kInt96: f.Int96(out, v.int96_value()); return Status::OK();
    case Value::Kind::kFloat: f.Float(out, v.float_value()); return Status::OK();
    case Value::Kind::kDouble: f.Double(out, v.double_value()); return Status::OK();
    case Value::Kind::kBytes: return f.Bytes(out, AsSpan(v.bytes()));
    default: return Status::Internal("a nested value where a leaf was expected");
  }
}

Status AppendVariantGroupJson(std::string& out, const PlanNode& p, const Value& v,
                              const std::vector<LeafFormatter>& formatters) {
  const int mi = ChildIndex(p, "metadata");
  if (mi < 0 || v.kind() != Value::Kind::kStruct || v.size() != p.children.size() ||
      v[static_cast<size_t>(mi)].kind() != Value::Kind::kBytes) {
    return Status::Corrupt("VARIANT group '" + p.name + "' without a binary metadata field");
  }
  VariantWalk walk{&formatters, {}};
  PARQ_ASSIGN_OR_RETURN(walk.md, VariantMetadata::Parse(AsSpan(v[static_cast<size_t>(mi)].bytes())));
  const size_t mark = out.size();
  bool missing = false;
  Status st = walk.Emit(out, p, v, &missing, 0);
  if (!st.ok()) return std::move(st).AddContext("variant '" + p.name + "'");
  if (missing) {
    out.resize(mark);
    out.append("null");
  }
  return Status::OK();
}

Status AppendValueRowJson(std::string& out, const PlanNode& root, const Value& row,
                          const std::vector<LeafFormatter>& formatters) {
  if (row.kind() != Value::Kind::kStruct || row.size() != root.children.size()) {
    return Status::InvalidArgument("row does not have the reader's shape");
  }
  return ValueToJson(root, row, formatters, out);  // the root is a kStruct
}

Status AppendValueJson(std::string& out, const PlanNode& p, const Value& v,
                       const std::vector<LeafFormatter>& formatters) {
  return ValueToJson(p, v, formatters, out);
}

}  // namespace parq
