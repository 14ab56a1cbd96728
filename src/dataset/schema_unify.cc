#include "dataset/schema_unify.h"

#include <algorithm>
#include <cctype>
#include <optional>

#include "parq/logical_value_access.h"
#include "parq/logical_values.h"

namespace parq::dataset {
namespace {

std::string Lower(std::string_view s) {
  std::string out(s);
  for (char& c : out) c = static_cast<char>(std::tolower(static_cast<unsigned char>(c)));
  return out;
}

// An integer leaf: INT32 / INT64 without annotation or with INTEGER.
struct IntClass {
  int bits = 32;
  bool is_signed = true;
};
std::optional<IntClass> IntOf(const SchemaNode& n) {
  if (!n.is_leaf()) return std::nullopt;
  const PhysicalType p = n.physical_type();
  if (p != PhysicalType::kInt32 && p != PhysicalType::kInt64) return std::nullopt;
  const LogicalType& l = n.logical_type();
  if (l.is_none()) {
    if (n.converted_type() != ConvertedType::kNone) return std::nullopt;
    return IntClass{p == PhysicalType::kInt32 ? 32 : 64, true};
  }
  if (l.kind() != LogicalType::Kind::kInt) return std::nullopt;
  return IntClass{l.bit_width(), l.is_signed()};
}
// Decimal digits that hold every value of the integer.
int IntDigits(IntClass c) {
  switch (c.bits) {
    case 8: return 3;
    case 16: return 5;
    case 32: return 10;
    default: return c.is_signed ? 19 : 20;
  }
}
bool IsFloating(const SchemaNode& n) {
  return n.is_leaf() && n.logical_type().is_none() && n.converted_type() == ConvertedType::kNone &&
         (n.physical_type() == PhysicalType::kFloat || n.physical_type() == PhysicalType::kDouble);
}
bool IsDecimal(const SchemaNode& n) { return n.is_leaf() && n.logical_type().kind() == LogicalType::Kind::kDecimal; }

bool SameType(const SchemaNode& a, const SchemaNode& b) {
  if (a.is_group() != b.is_group() || a.logical_type() != b.logical_type() ||
      a.converted_type() != b.converted_type()) {
    return false;
  }
  if (a.is_leaf()) return a.physical_type() == b.physical_type() && a.type_length() == b.type_length();
  if (a.num_children() != b.num_children()) return false;
  for (int i = 0; i < a.num_children(); ++i) {
    const SchemaNode& x = a.child(i);
    const SchemaNode& y = b.child(i);
    if (x.name() != y.name() || x.repetition() != y.repetition() || !SameType(x, y)) return false;
  }
  return true;
}

std::unique_ptr<SchemaNode> DecimalNode(const std::string& name, int32_t precision, int32_t scale) {
  if (precision <= 9) {
    return SchemaNode::MakePrimitive(name, Repetition::kOptional, PhysicalType::kInt32,
                                     LogicalType::Decimal(precision, scale));
  }
  if (precision <= 18) {
    return SchemaNode::MakePrimitive(name, Repetition::kOptional, PhysicalType::kInt64,
                                     LogicalType::Decimal(precision, scale));
  }
  int32_t length = 1;
  while (MaxDecimalPrecisionForLength(length) < precision) ++length;
  return SchemaNode::MakePrimitive(name, Repetition::kOptional, PhysicalType::kFixedLenByteArray,
                                   LogicalType::Decimal(precision, scale), length);
}

// The widest type of two leaves, or nullptr when there is none.
std::unique_ptr<SchemaNode> Widen(const SchemaNode& a, const SchemaNode& b) {
  const auto ia = IntOf(a);
  const auto ib = IntOf(b);
  if (ia && ib) {
    if ((ia->bits == 64 && !ia->is_signed) || (ib->bits == 64 && !ib->is_signed)) return nullptr;
    const bool wide = ia->bits == 64 || ib->bits == 64 || (!ia->is_signed && ia->bits == 32) ||
                      (!ib->is_signed && ib->bits == 32);
    return SchemaNode::MakePrimitive(a.name(), Repetition::kOptional,
                                     wide ? PhysicalType::kInt64 : PhysicalType::kInt32);
  }
  if (IsFloating(a) && IsFloating(b)) {
    return SchemaNode::MakePrimitive(a.name(), Repetition::kOptional, PhysicalType::kDouble);
  }
  // Decimals and integers (an integer of d digits is DECIMAL(d, 0)).
  const bool da = IsDecimal(a);
  const bool db = IsDecimal(b);
  if ((da || ia) && (db || ib) && (da || db)) {
    const int32_t sa = da ? a.logical_type().scale() : 0;
    const int32_t sb = db ? b.logical_type().scale() : 0;
    const int32_t ga = da ? a.logical_type().precision() - sa : IntDigits(*ia);
    const int32_t gb = db ? b.logical_type().precision() - sb : IntDigits(*ib);
    const int32_t scale = std::max(sa, sb);
    const int32_t precision = std::max(ga, gb) + scale;
    if (precision > Decimal::kMaxPrecision) return nullptr;
    return DecimalNode(a.name(), precision, scale);
  }
  return nullptr;
}

__int128 IntValue(const Value& v, const SchemaNode& node) {
  if (v.kind() == Value::Kind::kInt64) return v.int64_value();
  const auto c = IntOf(node);
  if (c && !c->is_signed) return static_cast<uint32_t>(v.int32_value());
  return v.int32_value();
}

}  // namespace

std::string TypeText(const SchemaNode& node) {
  std::string out;
  if (node.is_group()) {
    out = "group";
  } else {
    out = Lower(PhysicalTypeName(node.physical_type()));
    if (out == "byte_array") out = "binary";
    if (node.physical_type() == PhysicalType::kFixedLenByteArray) out += "(" + std::to_string(node.type_length()) + ")";
  }
  if (!node.logical_type().is_none()) {
    out += " (" + node.logical_type().ToString() + ")";
  } else if (node.converted_type() != ConvertedType::kNone) {
    out += " (" + std::string(ConvertedTypeName(node.converted_type())) + ")";
  }
  return out;
}

std::unique_ptr<SchemaNode> CopyNode(const SchemaNode& node) {
  std::unique_ptr<SchemaNode> out;
  if (node.is_leaf()) {
    out = SchemaNode::MakePrimitive(node.name(), node.repetition(), node.physical_type(), node.logical_type(),
                                    node.type_length());
  } else {
    std::vector<std::unique_ptr<SchemaNode>> children;
    for (int i = 0; i < node.num_children(); ++i) children.push_back(CopyNode(node.child(i)));
    out = SchemaNode::MakeGroup(node.name(), node.repetition(), std::move(children), node.logical_type());
  }
  if (node.logical_type().is_none() && node.converted_type() != ConvertedType::kNone) {
    out->set_converted_type(node.converted_type());
  }
  out->set_field_id(node.field_id());
  return out;
}

Status SchemaUnifier::Add(const Schema& schema, const std::string& file) {
  ++files_;
  const SchemaNode& root = schema.root();
  std::vector<std::string> seen;
  for (int i = 0; i < root.num_children(); ++i) {
    const SchemaNode& f = root.child(i);
    if (std::find(seen.begin(), seen.end(), f.name()) != seen.end()) continue;  // repeated names: the first
    seen.push_back(f.name());
    const auto it = std::find(names_.begin(), names_.end(), f.name());
    if (it == names_.end()) {
      names_.push_back(f.name());
      entries_.push_back(Entry{CopyNode(f), file, f.is_optional(), 1});
      continue;
    }
    Entry& e = entries_[static_cast<size_t>(it - names_.begin())];
    ++e.files;
    if (f.is_optional()) e.optional = true;
    const bool repeated_differs = f.is_repeated() != e.node->is_repeated();
    if (!repeated_differs && SameType(f, *e.node)) continue;
    std::unique_ptr<SchemaNode> wide = repeated_differs || f.is_repeated() ? nullptr : Widen(*e.node, f);
    if (wide == nullptr) {
      std::string what = TypeText(*e.node);
      std::string other = TypeText(f);
      if (what == other) {
        what += repeated_differs ? std::string(" ") + std::string(RepetitionName(e.node->repetition())) : " of one shape";
        other += repeated_differs ? std::string(" ") + std::string(RepetitionName(f.repetition())) : " of another";
      }
      return Status::InvalidArgument("dataset: column '" + f.name() + "' is " + what + " in " + e.file + " but " +
                                     other + " in " + file + "; no type holds both");
    }
    e.node = std::move(wide);
    e.file = file;
  }
  return Status::OK();
}

std::vector<std::unique_ptr<SchemaNode>> SchemaUnifier::Fields() const {
  std::vector<std::unique_ptr<SchemaNode>> out;
  for (const Entry& e : entries_) {
    std::unique_ptr<SchemaNode> n = CopyNode(*e.node);
    if (!n->is_repeated()) {
      const bool optional = e.optional || e.files < files_;
      // Rebuild with the repetition (a node's repetition is fixed when made).
      if ((n->repetition() == Repetition::kOptional) != optional) {
        std::unique_ptr<SchemaNode> copy;
        const Repetition r = optional ? Repetition::kOptional : Repetition::kRequired;
        if (n->is_leaf()) {
          copy = SchemaNode::MakePrimitive(n->name(), r, n->physical_type(), n->logical_type(), n->type_length());
        } else {
          std::vector<std::unique_ptr<SchemaNode>> children;
          for (int i = 0; i < n->num_children(); ++i) children.push_back(CopyNode(n->child(i)));
          copy = SchemaNode::MakeGroup(n->name(), r, std::move(children), n->logical_type());
        }
        if (n->logical_type().is_none() && n->converted_type() != ConvertedType::kNone) {
          copy->set_converted_type(n->converted_type());
        }
        copy->set_field_id(n->field_id());
        n = std::move(copy);
      }
    }
    out.push_back(std::move(n));
  }
  return out;
}

Result<FieldConversion> FieldConversion::Plan(const SchemaNode& file_node, const SchemaNode& unified) {
  FieldConversion c;
  if (SameType(file_node, unified)) return c;
  if (file_node.is_leaf() && unified.is_leaf()) {
    if (IsDecimal(unified)) {
      c.kind_ = Kind::kToDecimal;
      c.file_node_ = &file_node;
      c.unified_ = &unified;
      return c;
    }
    const auto fi = IntOf(file_node);
    if (fi && unified.physical_type() == PhysicalType::kInt64) {
      c.kind_ = !fi->is_signed && fi->bits == 32 ? Kind::kUInt32ToInt64 : Kind::kToInt64;
      return c;
    }
    if (fi && unified.physical_type() == PhysicalType::kInt32) return c;  // narrower INT32 integers: same values
    if (IsFloating(file_node) && unified.physical_type() == PhysicalType::kDouble) {
      c.kind_ = file_node.physical_type() == PhysicalType::kFloat ? Kind::kFloatToDouble : Kind::kNone;
      return c;
    }
  }
  return Status::InvalidArgument("dataset: column '" + file_node.name() + "' of type " + TypeText(file_node) +
                                 " does not convert to " + TypeText(unified));
}

Status FieldConversion::Apply(Value* v) const {
  if (v->is_null()) return Status::OK();
  switch (kind_) {
    case Kind::kNone:
      return Status::OK();
    case Kind::kToInt64:
      if (v->kind() == Value::Kind::kInt32) *v = Value::Int64(v->int32_value());
      return Status::OK();
    case Kind::kUInt32ToInt64:
      if (v->kind() == Value::Kind::kInt32) *v = Value::Int64(static_cast<uint32_t>(v->int32_value()));
      return Status::OK();
    case Kind::kFloatToDouble:
      if (v->kind() == Value::Kind::kFloat) *v = Value::Double(v->float_value());
      return Status::OK();
    case Kind::kToDecimal: {
      Decimal d;
      if (IsDecimal(*file_node_)) {
        PARQ_ASSIGN_OR_RETURN(d, DecimalOf(*v, *file_node_));
      } else {
        PARQ_ASSIGN_OR_RETURN(d, Decimal::Make(IntValue(*v, *file_node_), Decimal::kMaxPrecision, 0));
      }
      PARQ_ASSIGN_OR_RETURN(Decimal wide,
                            d.Rescale(unified_->logical_type().precision(), unified_->logical_type().scale()));
      PARQ_ASSIGN_OR_RETURN(*v, ToValue(wide, *unified_));
      return Status::OK();
    }
  }
  return Status::OK();
}

}  // namespace parq::dataset
