// The schema-building helpers of parq/schema_helpers.h: Fields as values,
// turned into SchemaNode trees by ToNode and into a Schema by Message.
#include "parq/schema_helpers.h"

#include <utility>

namespace parq::schema {

namespace {

Field Leaf(std::string name, PhysicalType physical, LogicalType logical = {}, int32_t type_length = -1) {
  return Primitive(std::move(name), physical, std::move(logical), type_length);
}

std::string Join(const std::string& parent, const std::string& name) {
  return parent.empty() ? name : parent + "." + name;
}

// The specification's rule for a list or map's outer level and its element /
// value: required or optional, never repeated.
Status NotRepeated(const Field& f, const std::string& path, const char* what) {
  if (f.repetition() != Repetition::kRepeated) return Status::OK();
  return Status::InvalidArgument("field '" + path + "': " + what + " must be required or optional, not repeated");
}

}  // namespace

Field Field::WithRepetition(Repetition r) const {
  Field f = *this;
  f.repetition_ = r;
  return f;
}

Field Field::WithId(int32_t field_id) const {
  Field f = *this;
  f.field_id_ = field_id;
  return f;
}

Result<std::unique_ptr<SchemaNode>> Field::ToNode(const std::string& parent_path) const {
  const std::string path = Join(parent_path, name_);
  std::unique_ptr<SchemaNode> node;
  if (!group_) {
    node = SchemaNode::MakePrimitive(name_, repetition_, physical_, logical_, type_length_);
  } else {
    // The shapes List and Map made: check what the caller chose for them.
    if (logical_.kind() == LogicalType::Kind::kList) {
      PARQ_RETURN_IF_ERROR(NotRepeated(*this, path, "a LIST"));
      PARQ_RETURN_IF_ERROR(NotRepeated(children_[0].children_[0], path, "a list's element"));
    } else if (logical_.kind() == LogicalType::Kind::kMap) {
      PARQ_RETURN_IF_ERROR(NotRepeated(*this, path, "a MAP"));
      const std::vector<Field>& kv = children_[0].children_;
      if (kv[0].repetition() != Repetition::kRequired) {
        return Status::InvalidArgument("field '" + path + "': a map's key must be required, not " +
                                       std::string(RepetitionName(kv[0].repetition())));
      }
      if (kv.size() > 1) PARQ_RETURN_IF_ERROR(NotRepeated(kv[1], path, "a map's value"));
    }
    std::vector<std::unique_ptr<SchemaNode>> kids;
    kids.reserve(children_.size());
    for (const Field& c : children_) {
      PARQ_ASSIGN_OR_RETURN(auto kid, c.ToNode(path));
      kids.push_back(std::move(kid));
    }
    node = SchemaNode::MakeGroup(name_, repetition_, std::move(kids), logical_);
  }
  node->set_field_id(field_id_);
  return node;
}

Field Primitive(std::string name, PhysicalType physical, LogicalType logical, int32_t type_length) {
  Field f;
  f.name_ = std::move(name);
  f.physical_ = physical;
  f.logical_ = std::move(logical);
  f.type_length_ = type_length;
  return f;
}

Field Boolean(std::string name) { return Leaf(std::move(name), PhysicalType::kBoolean); }
Field Int32(std::string name) { return Leaf(std::move(name), PhysicalType::kInt32); }
Field Int64(std::string name) { return Leaf(std::move(name), PhysicalType::kInt64); }
Field Int96(std::string name) { return Leaf(std::move(name), PhysicalType::kInt96); }
Field Float(std::string name) { return Leaf(std::move(name), PhysicalType::kFloat); }
Field Double(std::string name) { return Leaf(std::move(name), PhysicalType::kDouble); }

Field Int(std::string name, int bit_width, bool is_signed) {
  return Leaf(std::move(name), bit_width == 64 ? PhysicalType::kInt64 : PhysicalType::kInt32,
              LogicalType::Int(bit_width, is_signed));
}

Field Binary(std::string name) { return Leaf(std::move(name), PhysicalType::kByteArray); }
Field FixedBinary(std::string name, int32_t length) {
  return Leaf(std::move(name), PhysicalType::kFixedLenByteArray, {}, length);
}
Field String(std::string name) { return Leaf(std::move(name), PhysicalType::kByteArray, LogicalType::String()); }
Field Enum(std::string name) { return Leaf(std::move(name), PhysicalType::kByteArray, LogicalType::Enum()); }
Field Json(std::string name) { return Leaf(std::move(name), PhysicalType::kByteArray, LogicalType::Json()); }
Field Bson(std::string name) { return Leaf(std::move(name), PhysicalType::kByteArray, LogicalType::Bson()); }

Field Decimal(std::string name, int32_t precision, int32_t scale) {
  LogicalType t = LogicalType::Decimal(precision, scale);
  if (precision <= 9) return Leaf(std::move(name), PhysicalType::kInt32, std::move(t));
  if (precision <= 18) return Leaf(std::move(name), PhysicalType::kInt64, std::move(t));
  // The shortest FIXED_LEN_BYTE_ARRAY holding `precision` digits (each byte
  // adds 2 or 3 digits, so the loop is short even for a hostile precision).
  int32_t length = 8;
  while (MaxDecimalPrecisionForLength(length) < precision) ++length;
  return Leaf(std::move(name), PhysicalType::kFixedLenByteArray, std::move(t), length);
}

Field Date(std::string name) { return Leaf(std::move(name), PhysicalType::kInt32, LogicalType::Date()); }

Field Time(std::string name, TimeUnit unit, bool adjusted_to_utc) {
  return Leaf(std::move(name), unit == TimeUnit::kMillis ? PhysicalType::kInt32 : PhysicalType::kInt64,
              LogicalType::Time(unit, adjusted_to_utc));
}

Field Timestamp(std::string name, TimeUnit unit, bool adjusted_to_utc) {
  return Leaf(std::move(name), PhysicalType::kInt64, LogicalType::Timestamp(unit, adjusted_to_utc));
}

Field Uuid(std::string name) {
  return Leaf(std::move(name), PhysicalType::kFixedLenByteArray, LogicalType::Uuid(), 16);
}
Field Float16(std::string name) {
  return Leaf(std::move(name), PhysicalType::kFixedLenByteArray, LogicalType::Float16(), 2);
}

Field Struct(std::string name, std::vector<Field> fields) {
  Field f;
  f.name_ = std::move(name);
  f.group_ = true;
  f.children_ = std::move(fields);
  return f;
}

Field List(std::string name, Field element) {
  element.name_ = "element";
  Field middle = Struct("list", {std::move(element)}).Repeated();
  Field f = Struct(std::move(name), {std::move(middle)});
  f.logical_ = LogicalType::List();
  return f;
}

Field Map(std::string name, Field key, std::optional<Field> value) {
  key.name_ = "key";
  std::vector<Field> kv{std::move(key)};
  if (value) {
    value->name_ = "value";
    kv.push_back(std::move(*value));
  }
  Field middle = Struct("key_value", std::move(kv)).Repeated();
  Field f = Struct(std::move(name), {std::move(middle)});
  f.logical_ = LogicalType::Map();
  return f;
}

Result<Schema> Message(std::vector<Field> fields, std::string name, const SchemaOptions& options) {
  // The root's children have paths of their own names (the root has none).
  std::vector<std::unique_ptr<SchemaNode>> kids;
  kids.reserve(fields.size());
  for (const Field& f : fields) {
    PARQ_ASSIGN_OR_RETURN(auto kid, f.ToNode());
    kids.push_back(std::move(kid));
  }
  return Schema::Make(SchemaNode::MakeGroup(std::move(name), Repetition::kRequired, std::move(kids)), options);
}

}  // namespace parq::schema
