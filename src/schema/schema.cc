// Schema: tree building, validation, levels, and the LIST / MAP rules.
#include "parq/schema.h"

#include <string>
#include <string_view>
#include <unordered_set>
#include <utility>
#include <vector>

#include "schema/near_names.h"
#include "schema/schema_internal.h"

namespace parq {

std::string_view NodeKindName(NodeKind k) {
  switch (k) {
    case NodeKind::kPrimitive: return "primitive";
    case NodeKind::kStruct: return "struct";
    case NodeKind::kList: return "list";
    case NodeKind::kMap: return "map";
    case NodeKind::kRepeatedPrimitive: return "repeated primitive";
    case NodeKind::kRepeatedGroup: return "repeated group";
  }
  return "unknown";
}

std::string_view NodeRoleName(NodeRole r) {
  switch (r) {
    case NodeRole::kField: return "field";
    case NodeRole::kListLevel: return "list level";
    case NodeRole::kListElement: return "list element";
    case NodeRole::kMapKeyValue: return "map key_value";
    case NodeRole::kMapKey: return "map key";
    case NodeRole::kMapValue: return "map value";
  }
  return "unknown";
}

// --- SchemaNode ---

std::unique_ptr<SchemaNode> SchemaNode::MakePrimitive(std::string name, Repetition repetition,
                                                      PhysicalType physical, LogicalType logical,
                                                      int32_t type_length) {
  std::unique_ptr<SchemaNode> n(new SchemaNode());
  n->name_ = std::move(name);
  n->repetition_ = repetition;
  n->physical_ = physical;
  n->type_length_ = type_length;
  n->converted_ = logical.ToConvertedType();
  n->logical_ = std::move(logical);
  return n;
}

std::unique_ptr<SchemaNode> SchemaNode::MakeGroup(std::string name, Repetition repetition,
                                                  std::vector<std::unique_ptr<SchemaNode>> children,
                                                  LogicalType logical) {
  std::unique_ptr<SchemaNode> n(new SchemaNode());
  n->name_ = std::move(name);
  n->repetition_ = repetition;
  n->group_ = true;
  n->converted_ = logical.ToConvertedType();
  n->logical_ = std::move(logical);
  for (auto& c : children) n->AddChild(std::move(c));
  n->kind_ = NodeKind::kStruct;
  return n;
}

void SchemaNode::AddChild(std::unique_ptr<SchemaNode> child) {
  child->parent_ = this;
  children_.push_back(std::move(child));
}

const SchemaNode* SchemaNode::FindChild(std::string_view name) const {
  for (const auto& c : children_) {
    if (c->name_ == name) return c.get();
  }
  return nullptr;
}

std::vector<std::string> SchemaNode::Path() const {
  // Sized first and filled from the leaf up: one allocation for the list
  // (CollectColumns takes one path a leaf of a million-leaf schema).
  size_t depth = 0;
  for (const SchemaNode* n = this; n->parent_ != nullptr; n = n->parent_) ++depth;
  std::vector<std::string> path(depth);
  for (const SchemaNode* n = this; n->parent_ != nullptr; n = n->parent_) path[--depth] = n->name_;
  return path;
}

namespace {

// The names from the root's child down to `n`, a '.' before each but the
// first that lands in a text still empty (a leading empty name adds none).
void AppendDotted(const SchemaNode& n, std::string* s) {
  if (n.parent() == nullptr) return;
  AppendDotted(*n.parent(), s);
  if (!s->empty()) *s += '.';
  *s += n.name();
}

}  // namespace

std::string SchemaNode::DottedPath() const {
  size_t size = 0;
  for (const SchemaNode* n = this; n->parent_ != nullptr; n = n->parent_) size += n->name_.size() + 1;
  std::string s;
  s.reserve(size);
  AppendDotted(*this, &s);
  return s;
}

// --- Schema::Make ---

namespace {

std::string Describe(const SchemaNode& n) {
  std::string p = n.DottedPath();
  return "field '" + (p.empty() ? n.name() : p) + "'";
}

// The first name that a later child repeats, or nullptr.
const std::string* FirstDuplicateName(const std::vector<std::unique_ptr<SchemaNode>>& children) {
  if (children.size() <= 16) {  // a few compares cost less than a set
    for (size_t i = 1; i < children.size(); ++i) {
      for (size_t k = 0; k < i; ++k) {
        if (children[k]->name() == children[i]->name()) return &children[i]->name();
      }
    }
    return nullptr;
  }
  std::unordered_set<std::string_view> seen;
  seen.reserve(children.size());
  for (const auto& c : children) {
    if (!seen.insert(c->name()).second) return &c->name();
  }
  return nullptr;
}

}  // namespace

// Walks the tree once, top-down: validates each node, settles its effective
// annotation, and computes its levels.
Status SchemaNodeAccess::Resolve(SchemaNode& n, int depth, const SchemaOptions& opt) {
  if (depth > opt.max_depth) {
    return Status::LimitExceeded(Describe(n) + ": nesting depth " + std::to_string(depth) +
                                 " exceeds max_schema_depth (" + std::to_string(opt.max_depth) + ")");
  }
  const SchemaNode* parent = n.parent_;
  if (parent != nullptr) {
    if (!IsKnownRepetition(n.repetition_)) {
      return Status::InvalidArgument(Describe(n) + ": unknown repetition " +
                                     std::to_string(static_cast<int32_t>(n.repetition_)));
    }
    n.def_level_ = static_cast<int16_t>(parent->def_level_ + (n.repetition_ != Repetition::kRequired ? 1 : 0));
    n.rep_level_ = static_cast<int16_t>(parent->rep_level_ + (n.repetition_ == Repetition::kRepeated ? 1 : 0));
  } else {
    n.def_level_ = 0;
    n.rep_level_ = 0;
  }

  auto drop = [&](const Status& why) -> Status {
    if (opt.strict) return Status::InvalidArgument(Describe(n) + ": " + why.message());
    std::string note = n.note_.str();
    if (!note.empty()) note += "; ";
    note += why.message() + "; read as " +
            (n.group_ ? std::string("a plain group") : std::string(PhysicalTypeName(n.physical_)));
    n.note_.assign(std::move(note));
    n.logical_ = LogicalType();
    return Status::OK();
  };

  if (n.group_) {
    Status fit = n.logical_.CheckApplicableToGroup();
    if (!fit.ok()) PARQ_RETURN_IF_ERROR(drop(fit));
    // MAP_KEY_VALUE: some writers put it where MAP belongs.  A group annotated
    // MAP_KEY_VALUE that is not contained by a MAP-annotated group is handled as
    // a MAP-annotated group.
    if (n.logical_.is_none() && n.converted_ == ConvertedType::kMapKeyValue && parent != nullptr &&
        parent->logical_.kind() != LogicalType::Kind::kMap) {
      n.logical_ = LogicalType::Map();
    }
    // A group holds at least one field: parquet-java ("Cannot write a schema
    // with an empty group") and Arrow refuse one, and without a leaf it has no
    // column to be written or read.  The root may be empty (a file of no
    // columns).  Lenient mode too: it relaxes annotations, which have a plain
    // reading to fall back to; an empty group has none, and every layer above
    // (plans, row and columnar writers, Arrow) may count on a leaf below each
    // group.
    if (parent != nullptr && n.children_.empty()) {
      return Status::InvalidArgument("group '" + n.DottedPath() +
                                     "' has no children: a Parquet group holds at least one field");
    }
    // Field names are unique within a group (files from other writers are
    // read as they are: the first of a name is the one found by name).
    if (opt.unique_names) {
      if (const std::string* dup = FirstDuplicateName(n.children_)) {
        const std::string path = n.DottedPath();
        return Status::InvalidArgument((parent == nullptr ? "message '" + n.name_ : "group '" + path) +
                                       "': duplicate field '" + *dup + "'");
      }
    }
    for (auto& c : n.children_) {
      c->parent_ = &n;
      PARQ_RETURN_IF_ERROR(Resolve(*c, depth + 1, opt));
    }
  } else {
    if (!IsKnownPhysicalType(n.physical_)) {
      return Status::InvalidArgument(Describe(n) + ": unknown physical type " +
                                     std::to_string(static_cast<int32_t>(n.physical_)));
    }
    if (n.physical_ == PhysicalType::kFixedLenByteArray && n.type_length_ <= 0) {
      return Status::InvalidArgument(Describe(n) + ": FIXED_LEN_BYTE_ARRAY needs a positive type_length, got " +
                                     std::to_string(n.type_length_));
    }
    Status fit = n.logical_.CheckApplicable(n.physical_, n.type_length_);
    if (!fit.ok()) PARQ_RETURN_IF_ERROR(drop(fit));
  }
  return Status::OK();
}

namespace {

// Base kind of a node taken alone (its repetition not consumed by a parent).
NodeKind PlainKind(const SchemaNode& n) {
  if (n.is_leaf()) return n.is_repeated() ? NodeKind::kRepeatedPrimitive : NodeKind::kPrimitive;
  return n.is_repeated() ? NodeKind::kRepeatedGroup : NodeKind::kStruct;
}

}  // namespace

// LIST: the element type of a LIST-annotated group.  The standard form is
//   <list-repetition> group <name> (LIST) { repeated group list { <element-repetition> <type> element; } }
// but names are not enforced, and older writers left out the element level, so
// (LogicalTypes.md, backward-compatibility rules, in our words):
//   1. a repeated child that is not a group is itself the element (required);
//   2. a repeated group child with several fields is itself the element (required);
//   3. a repeated group child whose one field is itself repeated is the element
//      (required) — added to the format after the first three rules;
//   4. a repeated group child with one field, named "array" or "<list name>_tuple",
//      is the element (required);
//   5. otherwise the repeated group's one field is the element, with its own repetition.
// The LIST group must itself be optional or required and hold exactly one
// field, which must be repeated; a group that fits no rule is read as a plain
// group (struct).
bool SchemaNodeAccess::ClassifyList(SchemaNode& g) {
  // A repeated LIST group that is itself the element of an enclosing list
  // (its repetition consumed there) is a list, as in the spec's legacy
  // example `optional group my_list (LIST) { repeated group array (LIST) {
  // repeated int32 array; } }` — List<List<Integer>>.
  if ((g.is_repeated() && g.role_ != NodeRole::kListElement) || g.children_.size() != 1) return false;
  SchemaNode& rep = *g.children_[0];
  if (!rep.is_repeated()) return false;
  SchemaNode* element = &rep;
  if (rep.is_group() && rep.children_.size() == 1) {
    const SchemaNode& only = *rep.children_[0];
    bool rep_is_element = only.is_repeated()                                      // rule 3
                          || rep.name_ == "array" || rep.name_ == g.name_ + "_tuple";  // rule 4
    if (!rep_is_element) element = rep.children_[0].get();                         // rule 5
  }
  // rules 1, 2 (and an empty repeated group): the repeated child is the element.
  g.kind_ = NodeKind::kList;
  g.repeated_child_ = &rep;
  g.list_element_ = element;
  if (element == &rep) {
    rep.role_ = NodeRole::kListElement;
  } else {
    rep.role_ = NodeRole::kListLevel;
    element->role_ = NodeRole::kListElement;
  }
  return true;
}

// MAP: the standard form is
//   <map-repetition> group <name> (MAP) { repeated group key_value { required <type> key; <value-repetition> <type> value; } }
// Names are not enforced.  We accept: the MAP group optional or required with
// exactly one field, a repeated group of one or two fields; the first is the
// key, the second (when present) the value — maps without a value field are
// sets of keys.  Keys should be required; an optional key is tolerated (its
// nulls are read as null keys), a repeated one fits no rule.  Anything else is
// read as a plain group.
bool SchemaNodeAccess::ClassifyMap(SchemaNode& g) {
  // A repeated MAP (or MAP_KEY_VALUE) group that is itself the element of an
  // enclosing list, by LIST's rule 3 or 4, is a map: older writers (parquet-avro's
  // 2-level lists, Impala, Hive) wrote a list of maps as
  // `optional group l (LIST) { repeated group array (MAP) { repeated group map
  // (MAP_KEY_VALUE) { required binary key; optional int32 value; } } }`.
  if ((g.is_repeated() && g.role_ != NodeRole::kListElement) || g.children_.size() != 1) return false;
  SchemaNode& kv = *g.children_[0];
  if (!kv.is_repeated() || !kv.is_group()) return false;
  if (kv.children_.empty() || kv.children_.size() > 2) return false;
  SchemaNode& key = *kv.children_[0];
  if (key.is_repeated()) return false;
  g.kind_ = NodeKind::kMap;
  g.repeated_child_ = &kv;
  g.map_key_ = &key;
  g.map_value_ = kv.children_.size() == 2 ? kv.children_[1].get() : nullptr;
  kv.role_ = NodeRole::kMapKeyValue;
  key.role_ = NodeRole::kMapKey;
  if (g.map_value_ != nullptr) kv.children_[1]->role_ = NodeRole::kMapValue;
  return true;
}

// Kinds, pass 1: each node by itself.  Unannotated repeated fields — a
// repeated field that is neither a list/map level nor annotated — are a
// required list of required elements of the field's type, at any depth.
void SchemaNodeAccess::Classify(SchemaNode& n) {
  n.kind_ = PlainKind(n);
  n.repeated_child_ = n.list_element_ = n.map_key_ = n.map_value_ = nullptr;
  if (n.group_ && n.parent_ != nullptr) {
    if (n.logical_.kind() == LogicalType::Kind::kList) {
      ClassifyList(n);
    } else if (n.logical_.kind() == LogicalType::Kind::kMap) {
      ClassifyMap(n);
    }
  }
  for (auto& c : n.children_) Classify(*c);
}

// Kinds, pass 2: a repeated level consumed by its list or map describes one
// element, so it is no longer a "repeated" kind.
void SchemaNodeAccess::Demote(SchemaNode& n) {
  bool consumed = n.is_repeated() && (n.role_ == NodeRole::kListLevel || n.role_ == NodeRole::kListElement ||
                                      n.role_ == NodeRole::kMapKeyValue);
  if (consumed) {
    if (n.kind_ == NodeKind::kRepeatedPrimitive) n.kind_ = NodeKind::kPrimitive;
    if (n.kind_ == NodeKind::kRepeatedGroup) n.kind_ = NodeKind::kStruct;
  }
  for (auto& c : n.children_) Demote(*c);
}

void SchemaNodeAccess::ResetRoles(SchemaNode& n) {
  n.role_ = NodeRole::kField;
  n.column_index_ = -1;
  for (auto& c : n.children_) ResetRoles(*c);
}

int SchemaNodeAccess::CountLeaves(const SchemaNode& n) {
  if (!n.group_) return 1;
  int leaves = 0;
  for (const auto& c : n.children_) leaves += CountLeaves(*c);
  return leaves;
}

void SchemaNodeAccess::CollectColumns(SchemaNode& n, std::vector<ColumnDescriptor>* out) {
  if (n.group_) {
    for (auto& c : n.children_) CollectColumns(*c, out);
    return;
  }
  ColumnDescriptor d;
  d.path = n.Path();
  d.dotted_path = n.DottedPath();
  d.physical_type = n.physical_;
  d.type_length = n.type_length_;
  d.max_definition_level = n.def_level_;
  d.max_repetition_level = n.rep_level_;
  for (const SchemaNode* a = &n; a != nullptr; a = a->parent_) {
    if (a->is_repeated()) {
      d.repeated_ancestor_definition_level = a->def_level_;
      break;
    }
  }
  d.logical_type = n.logical_;
  d.converted_type = n.converted_;
  d.index = static_cast<int>(out->size());
  d.node = &n;
  n.column_index_ = d.index;
  out->push_back(std::move(d));
}

Result<Schema> Schema::Make(std::unique_ptr<SchemaNode> root, const SchemaOptions& options) {
  if (root == nullptr) return Status::InvalidArgument("schema: no root");
  if (!root->is_group()) return Status::InvalidArgument("schema: the root '" + root->name() + "' is not a group");
  root->parent_ = nullptr;
  PARQ_RETURN_IF_ERROR(SchemaNodeAccess::Resolve(*root, 0, options));
  SchemaNodeAccess::ResetRoles(*root);
  SchemaNodeAccess::Classify(*root);
  SchemaNodeAccess::Demote(*root);
  Schema s;
  // Counted first: a vector grown by doubling would hold one and a half
  // times the descriptors of a wide schema at its peak.
  s.columns_.reserve(static_cast<size_t>(SchemaNodeAccess::CountLeaves(*root)));
  SchemaNodeAccess::CollectColumns(*root, &s.columns_);
  s.root_ = std::move(root);
  s.IndexPaths();
  return s;
}

namespace {
size_t PathHash(std::string_view path) { return std::hash<std::string_view>{}(path); }
}  // namespace

void Schema::IndexPaths() {
  size_t size = 16;
  while (size < 2 * columns_.size()) size *= 2;
  path_slots_.assign(size, 0);
  const size_t mask = size - 1;
  bool unique = true;
  for (const ColumnDescriptor& c : columns_) {
    for (size_t i = PathHash(c.dotted_path) & mask;; i = (i + 1) & mask) {
      int32_t& slot = path_slots_[i];
      if (slot == 0) {
        slot = c.index + 1;
        break;
      }
      if (columns_[static_cast<size_t>(slot - 1)].dotted_path == c.dotted_path) {
        unique = false;
        break;  // keeps the first
      }
    }
  }
  unique_paths_ = unique;
  if (unique) FindUniquePaths();
}

// Leaves are spelled apart (IndexPaths); the groups must be too, apart from
// the leaves and from each other, and no name may hold a '.' (which lets
// two different nodes spell one path, as "a.b" and a group a's b).
void Schema::FindUniquePaths() {
  unique_paths_ = false;
  std::unordered_set<std::string> groups;
  std::vector<const SchemaNode*> stack = {root_.get()};
  while (!stack.empty()) {
    const SchemaNode* n = stack.back();
    stack.pop_back();
    if (n != root_.get()) {
      if (n->name().find('.') != std::string::npos) return;
      if (n->is_group()) {
        std::string path = n->DottedPath();
        if (FindColumn(path) != nullptr || !groups.insert(std::move(path)).second) return;
      }
    }
    for (int i = 0; i < n->num_children(); ++i) stack.push_back(&n->child(i));
  }
  unique_paths_ = true;
}

const ColumnDescriptor* Schema::FindColumn(std::string_view dotted_path) const {
  if (path_slots_.empty()) return nullptr;
  const size_t mask = path_slots_.size() - 1;
  for (size_t i = PathHash(dotted_path) & mask;; i = (i + 1) & mask) {
    const int32_t slot = path_slots_[i];
    if (slot == 0) return nullptr;
    const ColumnDescriptor& c = columns_[static_cast<size_t>(slot - 1)];
    if (c.dotted_path == dotted_path) return &c;
  }
}

const ColumnDescriptor* Schema::FindColumn(const std::vector<std::string>& path) const {
  for (const auto& c : columns_) {
    if (c.path == path) return &c;
  }
  return nullptr;
}

Result<const ColumnDescriptor*> Schema::LookupColumn(std::string_view dotted_path) const {
  if (const ColumnDescriptor* c = FindColumn(dotted_path)) return c;
  return Status::InvalidArgument("no leaf column '" + std::string(dotted_path) + "'" +
                                 schema_internal::NearNamesHint(*this, dotted_path, /*fields=*/false));
}

int Schema::FindColumnIndex(std::string_view dotted_path) const {
  const ColumnDescriptor* c = FindColumn(dotted_path);
  return c ? c->index : -1;
}

namespace {

const SchemaNode* FindNodeRec(const SchemaNode& n, std::string_view rest) {
  // Names may contain dots, so try every child whose name is a prefix.
  for (int i = 0; i < n.num_children(); ++i) {
    const SchemaNode& c = n.child(i);
    std::string_view name = c.name();
    if (rest.substr(0, name.size()) != name) continue;
    if (rest.size() == name.size()) return &c;
    if (rest[name.size()] != '.') continue;
    if (const SchemaNode* hit = FindNodeRec(c, rest.substr(name.size() + 1))) return hit;
  }
  return nullptr;
}

std::unique_ptr<SchemaNode> CloneNode(const SchemaNode& n) {
  std::unique_ptr<SchemaNode> c;
  if (n.is_group()) {
    c = SchemaNode::MakeGroup(n.name(), n.repetition(), {}, n.logical_type());
    for (int i = 0; i < n.num_children(); ++i) c->AddChild(CloneNode(n.child(i)));
  } else {
    c = SchemaNode::MakePrimitive(n.name(), n.repetition(), n.physical_type(), n.logical_type(), n.type_length());
  }
  c->set_converted_type(n.converted_type());
  c->set_field_id(n.field_id());
  SchemaNodeAccess::set_note(*c, n.annotation_note());
  return c;
}

bool NodesEqual(const SchemaNode& a, const SchemaNode& b) {
  if (a.name() != b.name() || a.is_group() != b.is_group() || a.logical_type() != b.logical_type() ||
      a.converted_type() != b.converted_type() || a.field_id() != b.field_id() ||
      a.num_children() != b.num_children()) {
    return false;
  }
  if (a.parent() != nullptr && a.repetition() != b.repetition()) return false;
  if (a.is_leaf() && (a.physical_type() != b.physical_type() || a.type_length() != b.type_length())) return false;
  for (int i = 0; i < a.num_children(); ++i) {
    if (!NodesEqual(a.child(i), b.child(i))) return false;
  }
  return true;
}

// "INT32", "FIXED_LEN_BYTE_ARRAY(16)", "group": what a node is, for Difference.
std::string Shape(const SchemaNode& n) {
  if (n.is_group()) return "group";
  std::string s(PhysicalTypeName(n.physical_type()));
  if (n.physical_type() == PhysicalType::kFixedLenByteArray) s += "(" + std::to_string(n.type_length()) + ")";
  return s;
}

std::string Annotation(const SchemaNode& n) {
  std::string s = n.logical_type().ToString();
  if (n.converted_type() != ConvertedType::kNone) s += " / " + std::string(ConvertedTypeName(n.converted_type()));
  return s.empty() ? "no annotation" : s;
}

std::string NodeDifference(const SchemaNode& a, const SchemaNode& b, std::string_view a_name,
                           std::string_view b_name) {
  const std::string path = a.parent() == nullptr ? "the root" : "field '" + a.DottedPath() + "'";
  auto both = [&](const std::string& what, const std::string& x, const std::string& y) {
    return path + ": " + what + x + " in " + std::string(a_name) + ", " + y + " in " + std::string(b_name);
  };
  if (a.name() != b.name()) return both("named ", "'" + a.name() + "'", "'" + b.name() + "'");
  if (Shape(a) != Shape(b)) return both("", Shape(a), Shape(b));
  if (a.parent() != nullptr && a.repetition() != b.repetition()) {
    return both("", std::string(RepetitionName(a.repetition())), std::string(RepetitionName(b.repetition())));
  }
  if (a.logical_type() != b.logical_type() || a.converted_type() != b.converted_type()) {
    return both("", Annotation(a), Annotation(b));
  }
  if (a.field_id() != b.field_id()) {
    auto id = [](std::optional<int32_t> i) { return i ? "field id " + std::to_string(*i) : std::string("no field id"); };
    return both("", id(a.field_id()), id(b.field_id()));
  }
  // A field one side lacks, then fields in another order, then the fields' own differences.
  for (int i = 0; i < a.num_children(); ++i) {
    if (b.FindChild(a.child(i).name()) == nullptr) {
      return "field '" + a.child(i).DottedPath() + "' is missing in " + std::string(b_name);
    }
  }
  for (int i = 0; i < b.num_children(); ++i) {
    if (a.FindChild(b.child(i).name()) == nullptr) {
      return "field '" + b.child(i).DottedPath() + "' is missing in " + std::string(a_name);
    }
  }
  for (int i = 0; i < a.num_children() && i < b.num_children(); ++i) {
    if (a.child(i).name() != b.child(i).name()) {
      return path + ": field " + std::to_string(i + 1) + " is '" + a.child(i).name() + "' in " + std::string(a_name) +
             ", '" + b.child(i).name() + "' in " + std::string(b_name);
    }
    std::string d = NodeDifference(a.child(i), b.child(i), a_name, b_name);
    if (!d.empty()) return d;
  }
  if (a.num_children() != b.num_children()) {  // repeated names
    return both("", std::to_string(a.num_children()) + " fields", std::to_string(b.num_children()) + " fields");
  }
  return "";
}

// A copy of `n` with only the leaves `keep` says; nullptr when none is left.
std::unique_ptr<SchemaNode> ProjectNode(const SchemaNode& n, const std::vector<bool>& keep) {
  if (n.is_leaf()) return keep[static_cast<size_t>(n.column_index())] ? CloneNode(n) : nullptr;
  std::vector<std::unique_ptr<SchemaNode>> children;
  for (int i = 0; i < n.num_children(); ++i) {
    if (auto c = ProjectNode(n.child(i), keep)) children.push_back(std::move(c));
  }
  if (children.empty() && n.parent() != nullptr) return nullptr;
  auto g = SchemaNode::MakeGroup(n.name(), n.repetition(), std::move(children), n.logical_type());
  g->set_converted_type(n.converted_type());
  g->set_field_id(n.field_id());
  SchemaNodeAccess::set_note(*g, n.annotation_note());
  return g;
}

}  // namespace

std::string Schema::Difference(const Schema& other, std::string_view this_name, std::string_view other_name) const {
  if (!root_ || !other.root_) return !root_ && !other.root_ ? "" : "one schema is empty";
  return NodeDifference(*root_, *other.root_, this_name, other_name);
}

Result<Schema> Schema::Project(const std::vector<int>& columns) const {
  if (columns.empty()) return Status::InvalidArgument("a projection keeps at least one column");
  std::vector<bool> keep(columns_.size(), false);
  int last = -1;
  for (int c : columns) {
    if (c <= last || c >= num_columns()) {
      return Status::InvalidArgument("projection column " + std::to_string(c) + " is out of range (0.." +
                                     std::to_string(num_columns() - 1) + ") or out of order");
    }
    keep[static_cast<size_t>(c)] = true;
    last = c;
  }
  SchemaOptions lenient;
  lenient.strict = false;
  lenient.unique_names = false;
  lenient.max_depth = INT32_MAX;
  return Make(ProjectNode(*root_, keep), lenient);
}

const SchemaNode* Schema::FindNode(std::string_view dotted_path) const {
  if (!root_) return nullptr;
  if (dotted_path.empty()) return root_.get();
  // No other node spells a leaf's path: the table's answer is the walk's.
  if (unique_paths_) {
    if (const ColumnDescriptor* c = FindColumn(dotted_path)) return c->node;
  }
  return FindNodeRec(*root_, dotted_path);
}

Result<Schema> Schema::Clone() const {
  if (!root_) return Schema();
  // The copy was valid once; rebuilding it cannot fail with no depth limit,
  // and lenient mode never rejects an annotation.
  SchemaOptions lenient;
  lenient.strict = false;
  lenient.unique_names = false;
  lenient.max_depth = INT32_MAX;
  return Make(CloneNode(*root_), lenient);
}

bool Schema::Equals(const Schema& other) const {
  if (!root_ || !other.root_) return !root_ && !other.root_;
  return NodesEqual(*root_, *other.root_);
}

}  // namespace parq
