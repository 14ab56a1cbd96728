#include "record/assembly_plan.h"

#include <unordered_set>

#include "schema/near_names.h"

namespace parq {

namespace {

struct Builder {
  const std::unordered_set<const SchemaNode*>* named = nullptr;  // nullptr: everything
  std::vector<int>* columns = nullptr;

  bool Named(const SchemaNode& n) const { return named != nullptr && named->count(&n) > 0; }

  bool Selected(const SchemaNode& n, bool whole) const {
    if (whole) return true;
    if (n.is_leaf()) return false;
    for (int i = 0; i < n.num_children(); ++i) {
      const SchemaNode& c = n.child(i);
      if (named->count(&c) || Selected(c, false)) return true;
    }
    return false;
  }

  // Builds `n` into *out; false when the projection leaves nothing of it.
  // `self_element`: n is a repeated node read as one element of the list it
  // forms (its repetition is consumed by that list).  Every group has a leaf
  // below it (Schema::Make), and a node built holds at least one of them: a
  // named node takes all below it, the middle level of a list or map (which
  // is not built itself) included.
  bool Build(const SchemaNode& n, bool whole, bool self_element, PlanNode* out) {
    whole = whole || Named(n);
    if (!Selected(n, whole)) return false;

    out->node = &n;
    out->name = n.name();
    out->first_slot = static_cast<int>(columns->size());
    out->null_below = n.definition_level();

    if (n.is_repeated() && !self_element) {
      // An unannotated repeated field (or a repeated node read as a field):
      // a required list of its elements.
      out->kind = PlanNode::Kind::kList;
      out->nullable = false;
      out->empty_below = n.definition_level();
      out->repeat_at = n.repetition_level();
      out->children.emplace_back();
      Build(n, whole, /*self_element=*/true, &out->children.back());
      out->children.back().name = "element";
      Finish(out);
      return true;
    }

    out->nullable = n.is_optional() && !self_element;
    NodeKind kind = n.kind();
    if (kind == NodeKind::kRepeatedPrimitive) kind = NodeKind::kPrimitive;
    if (kind == NodeKind::kRepeatedGroup) kind = NodeKind::kStruct;

    switch (kind) {
      case NodeKind::kPrimitive:
        out->kind = PlanNode::Kind::kLeaf;
        out->column = n.column_index();
        columns->push_back(n.column_index());
        break;
      case NodeKind::kList: {
        const SchemaNode* rep = n.list_repeated();
        const SchemaNode* elem = n.list_element();
        out->kind = PlanNode::Kind::kList;
        out->empty_below = rep->definition_level();
        out->repeat_at = rep->repetition_level();
        PlanNode child;
        if (Build(*elem, whole || Named(*rep), /*self_element=*/elem == rep, &child)) {
          out->children.push_back(std::move(child));
        }
        break;
      }
      case NodeKind::kMap: {
        const SchemaNode* kv = n.map_key_value();
        out->kind = PlanNode::Kind::kMap;
        out->empty_below = kv->definition_level();
        out->repeat_at = kv->repetition_level();
        whole = whole || Named(*kv);
        PlanNode key;
        if (Build(*n.map_key(), whole, false, &key)) {
          key.name = "key";
          out->children.push_back(std::move(key));
        }
        if (n.map_value() != nullptr) {
          PlanNode value;
          if (Build(*n.map_value(), whole, false, &value)) {
            value.name = "value";
            out->children.push_back(std::move(value));
            out->map_has_value = true;
          }
        }
        break;
      }
      default: {  // kStruct (also VARIANT groups and groups that fit no LIST/MAP rule)
        const bool variant = n.logical_type().kind() == LogicalType::Kind::kVariant;
        out->kind = variant ? PlanNode::Kind::kVariant : PlanNode::Kind::kStruct;
        // Every field is kept when the whole group is: no growth by doubling.
        if (whole || variant) out->children.reserve(static_cast<size_t>(n.num_children()));
        for (int i = 0; i < n.num_children(); ++i) {
          PlanNode child;
          if (Build(n.child(i), whole || variant, false, &child)) out->children.push_back(std::move(child));
        }
        break;
      }
    }
    Finish(out);
    return true;
  }

  void Finish(PlanNode* out) {
    out->end_slot = static_cast<int>(columns->size());
    out->rep_slot = out->first_slot;
  }
};

}  // namespace

Result<AssemblyPlan> BuildAssemblyPlan(const Schema& schema, const std::vector<std::string>& columns) {
  AssemblyPlan plan;
  std::unordered_set<const SchemaNode*> named;
  for (const std::string& path : columns) {
    const SchemaNode* n = schema.FindNode(path);
    if (n == nullptr || n == &schema.root()) {
      return Status::InvalidArgument("no field '" + path + "' in the schema" +
                                     schema_internal::NearNamesHint(schema, path, /*fields=*/true));
    }
    named.insert(n);
  }
  Builder b;
  b.named = columns.empty() ? nullptr : &named;
  b.columns = &plan.columns;
  const SchemaNode& root = schema.root();
  plan.root.node = &root;
  plan.root.kind = PlanNode::Kind::kStruct;
  if (columns.empty()) {
    // Every field and leaf is kept: no growth by doubling (a plan node per
    // field of a wide schema).
    plan.root.children.reserve(static_cast<size_t>(root.num_children()));
    plan.columns.reserve(static_cast<size_t>(schema.num_columns()));
  }
  for (int i = 0; i < root.num_children(); ++i) {
    PlanNode child;
    if (b.Build(root.child(i), columns.empty(), false, &child)) plan.root.children.push_back(std::move(child));
  }
  plan.root.end_slot = static_cast<int>(plan.columns.size());
  plan.root.rep_slot = plan.root.end_slot > 0 ? 0 : -1;
  return plan;
}

}  // namespace parq
