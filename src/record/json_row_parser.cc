// JsonRowParser (parq/row_writer.h): canonical JSON rows → Values, walking
// the reader's assembly plan so that LIST / MAP shapes read back exactly as
// RowReader prints them.
#include <memory>
#include <string>
#include <vector>

#include "parq/row_writer.h"
#include "record/assembly_plan.h"
#include "record/json_value.h"
#include "record/leaf_parse.h"
#include "record/variant_encoder.h"

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

// A VARIANT group the parser can fill: metadata and value leaves (written
// unshredded: any typed_value stays null).
Status CheckVariant(const PlanNode& p) {
  if (p.kind == PlanNode::Kind::kVariant) {
    bool metadata = false, value = false;
    for (const PlanNode& c : p.children) {
      if (c.name == "metadata" && c.kind == PlanNode::Kind::kLeaf) metadata = true;
      else if (c.name == "value" && c.kind == PlanNode::Kind::kLeaf) value = true;
      else if (!c.nullable) {
        return Status::Unsupported("VARIANT '" + p.node->DottedPath() + "': required field '" + c.name +
                                   "' (variants are written unshredded, from JSON)");
      }
    }
    if (!metadata || !value) {
      return Status::Unsupported("VARIANT '" + p.node->DottedPath() +
                                 "' without a value column (variants are written unshredded, from JSON)");
    }
    return Status::OK();
  }
  for (const PlanNode& c : p.children) PARQ_RETURN_IF_ERROR(CheckVariant(c));
  return Status::OK();
}

}  // namespace

struct JsonRowParser::Impl {
  AssemblyPlan plan;
  std::vector<LeafParser> leaves;  // by plan slot

  static Status Fail(const PlanNode& p, const std::string& what) {
    return Status::InvalidArgument("field '" + (p.node != nullptr ? p.node->DottedPath() : std::string()) +
                                   "': " + what);
  }

  Status Node(const PlanNode& p, const JsonValue& j, Value* out) const {
    if (p.kind == PlanNode::Kind::kVariant && (j.kind != JsonValue::Kind::kNull || !p.nullable)) return Variant(p, j, out);
    if (j.kind == JsonValue::Kind::kNull) {
      *out = p.kind == PlanNode::Kind::kEmpty ? Value::Struct() : Value::Null();
      return Status::OK();
    }
    switch (p.kind) {
      case PlanNode::Kind::kLeaf: {
        Status st = leaves[static_cast<size_t>(p.rep_slot)].Parse(j, out);
        if (!st.ok()) return Fail(p, st.message());
        return Status::OK();
      }
      case PlanNode::Kind::kEmpty:
        if (j.kind != JsonValue::Kind::kObject) return Fail(p, std::string("expected {}, got ") + JsonKindName(j.kind));
        *out = Value::Struct();
        return Status::OK();
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

  // A decoded variant, encoded again into the group's metadata and value.
  Status Variant(const PlanNode& p, const JsonValue& j, Value* out) const {
    std::string metadata, value;
    Status st = EncodeVariantJson(j, &metadata, &value);
    if (!st.ok()) return Fail(p, st.message());
    *out = Value::Struct();
    for (const PlanNode& c : p.children) {
      if (c.name == "metadata") out->AddField(c.name, Value::Bytes(metadata));
      else if (c.name == "value") out->AddField(c.name, Value::Bytes(value));
      else out->AddField(c.name, Value::Null());
    }
    return Status::OK();
  }

  // The children of p from the members of object j (in schema order; an
  // absent member is null; duplicates matched in order).
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
      if (!used[k]) return Fail(p, "unknown field '" + j.keys[k] + "'");
    }
    return Status::OK();
  }
};

Result<std::unique_ptr<JsonRowParser>> JsonRowParser::Make(const Schema& schema) {
  auto impl = std::make_unique<Impl>();
  PARQ_ASSIGN_OR_RETURN(impl->plan, BuildAssemblyPlan(schema, {}));
  PARQ_RETURN_IF_ERROR(CheckVariant(impl->plan.root));
  impl->leaves.reserve(impl->plan.columns.size());
  for (int c : impl->plan.columns) impl->leaves.emplace_back(schema.column(c));
  return std::unique_ptr<JsonRowParser>(new JsonRowParser(std::move(impl)));
}

JsonRowParser::JsonRowParser(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
JsonRowParser::~JsonRowParser() = default;

Status JsonRowParser::Parse(std::string_view json, Value* row) const {
  PARQ_ASSIGN_OR_RETURN(JsonValue j, ParseJson(json));
  row->Reset(Value::Kind::kStruct);
  if (j.kind != JsonValue::Kind::kObject) {
    return Status::InvalidArgument(std::string("a row must be a JSON object, not ") + JsonKindName(j.kind));
  }
  return impl_->Fields(impl_->plan.root, j, row);
}

}  // namespace parq
