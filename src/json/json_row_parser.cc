// JsonRowParser (parq/json.h): canonical JSON rows → Values, walking
// the reader's assembly plan so that LIST / MAP shapes read back exactly as
// RowReader prints them.
#include <cerrno>
#include <cstdlib>
#include <memory>
#include <string>
#include <vector>

#include "json/json_value.h"
#include "json/leaf_parse.h"
#include "json/variant_json.h"
#include "parq/json.h"
#include "record/assembly_plan.h"
#include "util/utf8.h"

namespace parq {

namespace {

const char* JsonKindName(JsonValue::Kind k) {
  switch (k) {
    case JsonValue::Kind::kNull: return "null";
    case JsonValue::Kind::kBool: return "a boolean";
    case JsonValue::Kind::kNumber: return "a number";
    case JsonValue::Kind::kString: return "a string";
    case JsonValue::Kind::kArray: return "an array";
    case JsonValue::Kind::kObject: return "an object";
  }
  return "?";
}

// A shredded group's {value, typed_value} children, either possibly absent.
struct ShredSlots {
  const PlanNode* value = nullptr;
  const PlanNode* typed = nullptr;
};

ShredSlots FindSlots(const PlanNode& group) {
  ShredSlots s;
  for (const PlanNode& c : group.children) {
    if (c.name == "value" && c.kind == PlanNode::Kind::kLeaf) s.value = &c;
    else if (c.name == "typed_value") s.typed = &c;
  }
  return s;
}

// A VARIANT group the parser can fill: a metadata leaf, and a value leaf, a
// typed_value or both, shredded the way VariantShredding.md lays them out
// (typed_value a leaf, a LIST of {value, typed_value} elements, or a group of
// {value, typed_value} fields).
Status CheckShredGroup(const PlanNode& g, bool top) {
  const std::string path = g.node != nullptr ? g.node->DottedPath() : g.name;
  for (const PlanNode& c : g.children) {
    if ((top && c.name == "metadata") || c.name == "value" || c.name == "typed_value") continue;
    return Status::Unsupported("VARIANT group '" + path + "': unexpected field '" + c.name + "'");
  }
  const ShredSlots s = FindSlots(g);
  if (s.value == nullptr && s.typed == nullptr) {
    return Status::Unsupported("VARIANT group '" + path + "' has neither a value nor a typed_value column");
  }
  if (s.typed == nullptr) return Status::OK();
  switch (s.typed->kind) {
    case PlanNode::Kind::kLeaf: return Status::OK();
    case PlanNode::Kind::kList: {
      const PlanNode& e = s.typed->children[0];
      if (e.kind != PlanNode::Kind::kStruct) {
        return Status::Unsupported("VARIANT array '" + path + "': the element is not a {value, typed_value} group");
      }
      return CheckShredGroup(e, false);
    }
    case PlanNode::Kind::kStruct:
      for (const PlanNode& f : s.typed->children) {
        if (f.kind != PlanNode::Kind::kStruct) {
          return Status::Unsupported("VARIANT object '" + path + "': field '" + f.name +
                                     "' is not a {value, typed_value} group");
        }
        PARQ_RETURN_IF_ERROR(CheckShredGroup(f, false));
      }
      return Status::OK();
    default:
      return Status::Unsupported("VARIANT group '" + path + "': typed_value of an unsupported shape");
  }
}

Status CheckVariant(const PlanNode& p) {
  if (p.kind == PlanNode::Kind::kVariant) {
    bool metadata = false;
    for (const PlanNode& c : p.children) metadata = metadata || (c.name == "metadata" && c.kind == PlanNode::Kind::kLeaf);
    if (!metadata) return Status::Unsupported("VARIANT '" + p.node->DottedPath() + "' without a metadata column");
    return CheckShredGroup(p, true);
  }
  for (const PlanNode& c : p.children) PARQ_RETURN_IF_ERROR(CheckVariant(c));
  return Status::OK();
}

// Whether every string and object key in j is well-formed UTF-8; if not,
// *what says where the first ill-formed part is.
bool AllUtf8(const JsonValue& j, std::string* what) {
  auto check = [what](const std::string& s, const char* of) {
    const size_t at = util::Utf8InvalidOffset(reinterpret_cast<const uint8_t*>(s.data()), s.size());
    if (at == s.size()) return true;
    *what = util::DescribeInvalidUtf8(s, at) + " of " + of;
    return false;
  };
  if (j.kind == JsonValue::Kind::kString) return check(j.text, "a string");
  for (const std::string& k : j.keys) {
    if (!check(k, "an object key")) return false;
  }
  for (const JsonValue& i : j.items) {
    if (!AllUtf8(i, what)) return false;
  }
  return true;
}

// Each ill-formed part of j's strings and keys as U+FFFD.
void ReplaceInvalidUtf8(JsonValue* j) {
  auto fix = [](std::string* s) {
    if (util::IsValidUtf8(*s)) return;
    std::string fixed;
    util::AppendUtf8Replacing(*s, &fixed);
    *s = std::move(fixed);
  };
  if (j->kind == JsonValue::Kind::kString) fix(&j->text);
  for (std::string& k : j->keys) fix(&k);
  for (JsonValue& i : j->items) ReplaceInvalidUtf8(&i);
}

bool IsIntegerLiteral(const std::string& t) { return t.find_first_of(".eE") == std::string::npos; }

// Whether decimal text t has exactly `scale` digits after its point (none
// and no point for scale 0).
bool HasFractionDigits(const std::string& t, int32_t scale) {
  const size_t dot = t.find('.');
  if (dot == std::string::npos) return scale == 0;
  return t.size() - dot - 1 == static_cast<size_t>(scale);
}

// Whether a JSON value of the decoded form may go into a typed_value leaf and
// print the same: the JSON kind must fit the leaf (integer literals for
// integer and decimal leaves, other numbers for FLOAT/DOUBLE, strings for
// strings and the string-printed types, among them a decimal string with
// exactly the leaf's scale of fraction digits, the form a decimal prints
// in); the leaf parser then decides.
bool FitsLeaf(const ColumnDescriptor& d, const JsonValue& j) {
  const LogicalType::Kind lk = d.logical_type.kind();
  switch (j.kind) {
    case JsonValue::Kind::kBool: return d.physical_type == PhysicalType::kBoolean;
    case JsonValue::Kind::kNumber:
      if (lk == LogicalType::Kind::kDecimal) return true;
      if (d.physical_type == PhysicalType::kInt32 || d.physical_type == PhysicalType::kInt64) {
        if (!IsIntegerLiteral(j.text)) return false;
        if (lk == LogicalType::Kind::kNone) return true;
        if (lk != LogicalType::Kind::kInt) return false;
        // An INT(8) / INT(16) typed_value holds only its range (the leaf
        // parser checks the physical width alone).
        if (d.logical_type.bit_width() >= 32) return true;
        errno = 0;
        char* end = nullptr;
        const long long v = std::strtoll(j.text.c_str(), &end, 10);
        const long long lim = d.logical_type.bit_width() == 8 ? 128 : 32768;
        return errno == 0 && end != nullptr && *end == '\0' && v >= -lim && v < lim;
      }
      if (d.physical_type == PhysicalType::kFloat || d.physical_type == PhysicalType::kDouble) {
        return !IsIntegerLiteral(j.text);
      }
      return false;
    case JsonValue::Kind::kString:
      if (lk == LogicalType::Kind::kDecimal) return HasFractionDigits(j.text, d.logical_type.scale());
      return d.physical_type == PhysicalType::kByteArray || d.physical_type == PhysicalType::kFixedLenByteArray ||
             lk == LogicalType::Kind::kDate || lk == LogicalType::Kind::kTime || lk == LogicalType::Kind::kTimestamp;
    default: return false;
  }
}
}  // namespace

struct JsonRowParser::Impl {
  JsonRowParserOptions options;
  AssemblyPlan plan;
  std::vector<LeafParser> leaves;  // by plan slot
  std::vector<const ColumnDescriptor*> descriptors;  // by plan slot

  static Status Fail(const PlanNode& p, const std::string& what) {
    return Status::InvalidArgument("field '" + (p.node != nullptr ? p.node->DottedPath() : std::string()) +
                                   "': " + what);
  }

  Status Node(const PlanNode& p, const JsonValue& j, Value* out) const {
    if (p.kind == PlanNode::Kind::kVariant && (j.kind != JsonValue::Kind::kNull || !p.nullable)) return Variant(p, j, out);
    if (j.kind == JsonValue::Kind::kNull) {
      *out = Value::Null();
      return Status::OK();
    }
    switch (p.kind) {
      case PlanNode::Kind::kLeaf: {
        Status st = leaves[static_cast<size_t>(p.rep_slot)].Parse(j, out);
        if (!st.ok()) return Fail(p, st.message());
        return Status::OK();
      }
      case PlanNode::Kind::kStruct:
      case PlanNode::Kind::kVariant:
        *out = Value::Struct();
        return Fields(p, j, out);
      case PlanNode::Kind::kList:
      case PlanNode::Kind::kMap: {
        const bool map = p.kind == PlanNode::Kind::kMap;
        if (j.kind != JsonValue::Kind::kArray) {
          return Fail(p, std::string("expected an array, got ") + JsonKindName(j.kind));
        }
        *out = map ? Value::Map() : Value::List();
        out->mutable_items().resize(j.items.size());
        for (size_t i = 0; i < j.items.size(); ++i) {
          Value& item = out->mutable_items()[i];
          if (map) {
            item = Value::Struct();
            PARQ_RETURN_IF_ERROR(Fields(p, j.items[i], &item));
          } else {
            PARQ_RETURN_IF_ERROR(Node(p.children[0], j.items[i], &item));
          }
        }
        return Status::OK();
      }
    }
    return Status::Internal("unknown plan node");
  }

  // A decoded variant, encoded again: the metadata holds every key; the
  // value is shredded into typed_value where the schema has one and the
  // value fits it, the rest goes to value (VariantShredding.md).
  Status Variant(const PlanNode& p, const JsonValue& in, Value* out) const {
    // Variant strings and keys are UTF-8 (VariantEncoding.md).
    const JsonValue* checked = &in;
    JsonValue replaced;
    std::string what;
    if (!AllUtf8(in, &what)) {
      if (!options.replace_invalid_utf8) return Fail(p, what);
      replaced = in;
      ReplaceInvalidUtf8(&replaced);
      checked = &replaced;
    }
    const JsonValue& j = *checked;
    std::string metadata;
    VariantKeyIds ids;
    Status st = EncodeVariantMetadata(j, &metadata, &ids);
    if (!st.ok()) return Fail(p, st.message());
    *out = Value::Struct();
    out->AddField("metadata", Value::Bytes(metadata));
    Value shredded;
    PARQ_RETURN_IF_ERROR(Shred(p, j, ids, &shredded));
    for (size_t i = 0; i < shredded.size(); ++i) out->AddField(shredded.names()[i], shredded.items()[i]);
    // Keep the schema's field order (metadata need not come first).
    Value ordered = Value::Struct();
    for (const PlanNode& c : p.children) {
      const Value* f = out->Find(c.name);
      ordered.AddField(c.name, f != nullptr ? *f : Value::Null());
    }
    *out = std::move(ordered);
    return Status::OK();
  }

  // Fills the {value, typed_value} fields of group g (a Struct, in g's field
  // order, metadata left out) from j.  A JSON null is the variant null, in
  // value; only an absent object field leaves both null (see Typed).
  Status Shred(const PlanNode& g, const JsonValue& j, const VariantKeyIds& ids, Value* out) const {
    const ShredSlots s = FindSlots(g);
    Value typed;  // null
    const JsonValue* rest = &j;
    JsonValue partial;  // an object's fields that typed_value does not take
    if (s.typed != nullptr) PARQ_RETURN_IF_ERROR(Typed(*s.typed, j, ids, &typed, &rest, &partial));
    Value value;  // null
    if (rest != nullptr) {
      if (s.value == nullptr) {
        return Fail(g, "this variant value does not fit typed_value and the group has no value column");
      }
      std::string bytes;
      Status st = EncodeVariantValue(*rest, ids, &bytes);
      if (!st.ok()) return Fail(g, st.message());
      value = Value::Bytes(bytes);
    }
    *out = Value::Struct();
    for (const PlanNode& c : g.children) {
      if (&c == s.value) out->AddField(c.name, std::move(value));
      else if (&c == s.typed) out->AddField(c.name, std::move(typed));
    }
    return Status::OK();
  }

  // typed_value for j, or null with *rest = &j when j does not fit it; an
  // object keeps its other fields in *partial (*rest = partial, or nullptr
  // when typed_value took them all).
  Status Typed(const PlanNode& t, const JsonValue& j, const VariantKeyIds& ids, Value* typed,
               const JsonValue** rest, JsonValue* partial) const {
    switch (t.kind) {
      case PlanNode::Kind::kLeaf: {
        if (!FitsLeaf(*descriptors[static_cast<size_t>(t.rep_slot)], j)) return Status::OK();
        Value v;
        if (!leaves[static_cast<size_t>(t.rep_slot)].Parse(j, &v).ok()) return Status::OK();
        *typed = std::move(v);
        *rest = nullptr;
        return Status::OK();
      }
      case PlanNode::Kind::kList: {
        if (j.kind != JsonValue::Kind::kArray) return Status::OK();
        *typed = Value::List();
        typed->mutable_items().resize(j.items.size());
        for (size_t i = 0; i < j.items.size(); ++i) {
          PARQ_RETURN_IF_ERROR(Shred(t.children[0], j.items[i], ids, &typed->mutable_items()[i]));
        }
        *rest = nullptr;
        return Status::OK();
      }
      case PlanNode::Kind::kStruct: {
        if (j.kind != JsonValue::Kind::kObject) return Status::OK();
        *typed = Value::Struct();
        std::vector<bool> used(j.keys.size(), false);
        for (const PlanNode& f : t.children) {
          size_t k = 0;
          while (k < j.keys.size() && (used[k] || j.keys[k] != f.name)) ++k;
          Value field;
          if (k < j.keys.size()) {
            used[k] = true;
            PARQ_RETURN_IF_ERROR(Shred(f, j.items[k], ids, &field));
          } else {
            field = Value::Struct();  // missing: value and typed_value both null
            for (const PlanNode& c : f.children) field.AddField(c.name, Value::Null());
          }
          typed->AddField(f.name, std::move(field));
        }
        *partial = JsonValue();
        partial->kind = JsonValue::Kind::kObject;
        for (size_t k = 0; k < j.keys.size(); ++k) {
          if (used[k]) continue;
          partial->keys.push_back(j.keys[k]);
          partial->items.push_back(j.items[k]);
        }
        *rest = partial->keys.empty() ? nullptr : partial;
        return Status::OK();
      }
      default:
        return Status::OK();
    }
  }

  // The children of p from the members of object j (in schema order; an
  // absent member is null; a key given twice is an error).
  Status Fields(const PlanNode& p, const JsonValue& j, Value* out) const {
    if (j.kind != JsonValue::Kind::kObject) {
      return Fail(p, std::string("expected an object, got ") + JsonKindName(j.kind));
    }
    const size_t n = p.children.size();
    bool positional = j.keys.size() == n;
    for (size_t i = 0; positional && i < n; ++i) positional = j.keys[i] == p.children[i].name;
    if (positional) {
      for (size_t i = 0; i < n; ++i) {
        Value v;
        PARQ_RETURN_IF_ERROR(Node(p.children[i], j.items[i], &v));
        out->AddField(p.children[i].name, std::move(v));
      }
      return Status::OK();
    }
    std::vector<bool> used(j.keys.size(), false);
    static const JsonValue kNull;
    for (size_t i = 0; i < n; ++i) {
      const JsonValue* member = &kNull;
      for (size_t k = 0; k < j.keys.size(); ++k) {
        if (!used[k] && j.keys[k] == p.children[i].name) {
          used[k] = true;
          member = &j.items[k];
          break;
        }
      }
      Value v;
      PARQ_RETURN_IF_ERROR(Node(p.children[i], *member, &v));
      out->AddField(p.children[i].name, std::move(v));
    }
    for (size_t k = 0; k < used.size(); ++k) {
      if (used[k]) continue;
      for (size_t e = 0; e < k; ++e) {
        if (j.keys[e] != j.keys[k]) continue;
        const std::string what = "duplicate field '" + j.keys[k] + "'";
        // The row itself has no path to name.
        return p.node != nullptr && p.node->parent() != nullptr ? Fail(p, what) : Status::InvalidArgument(what);
      }
      return Fail(p, "unknown field '" + j.keys[k] + "'");
    }
    return Status::OK();
  }
};

Result<std::unique_ptr<JsonRowParser>> JsonRowParser::Make(const Schema& schema,
                                                           const JsonRowParserOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->options = options;
  PARQ_ASSIGN_OR_RETURN(impl->plan, BuildAssemblyPlan(schema, {}));
  PARQ_RETURN_IF_ERROR(CheckVariant(impl->plan.root));
  impl->leaves.reserve(impl->plan.columns.size());
  for (int c : impl->plan.columns) {
    impl->leaves.emplace_back(schema.column(c), options.replace_invalid_utf8);
    impl->descriptors.push_back(&schema.column(c));
  }
  return std::unique_ptr<JsonRowParser>(new JsonRowParser(std::move(impl)));
}

JsonRowParser::JsonRowParser(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
JsonRowParser::~JsonRowParser() = default;

Status JsonRowParser::Parse(std::string_view json, Value* row) const {
  // A lone surrogate is kept as ill-formed UTF-8 for the leaf to refuse,
  // naming its field; replaced, it is one U+FFFD as before.
  PARQ_ASSIGN_OR_RETURN(JsonValue j, ParseJson(json, /*max_depth=*/512,
                                               impl_->options.replace_invalid_utf8 ? LoneSurrogates::kReplace
                                                                                   : LoneSurrogates::kKeep));
  row->Reset(Value::Kind::kStruct);
  if (j.kind != JsonValue::Kind::kObject) {
    return Status::InvalidArgument(std::string("a row must be a JSON object, not ") + JsonKindName(j.kind));
  }
  return impl_->Fields(impl_->plan.root, j, row);
}

}  // namespace parq
