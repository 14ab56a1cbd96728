// The shredded VARIANT check of VerifyFile: a shredded variant is its value
// and typed_value columns put together (VariantShredding.md); the canonical
// JSON walk (json/row_json.h) does that and refuses what the spec forbids (a
// value beside a non-object typed_value, a typed_value of a type no variant
// has).  It runs on the levels and values VerifyChunk kept while checking the
// group's chunks (verify_internal.h), not on a second read of their pages.
#include <string>
#include <utility>
#include <vector>

#include "inspect/verify_internal.h"
#include "json/row_json.h"
#include "parq/schema.h"
#include "record/assembler.h"

namespace parq::verify_internal {
namespace {

// The shredded VARIANT groups (with a typed_value) below `n`.
void Groups(const SchemaNode& n, std::vector<const SchemaNode*>* out) {
  if (n.is_group() && n.logical_type().kind() == LogicalType::Kind::kVariant && n.FindChild("typed_value")) {
    out->push_back(&n);
    return;
  }
  for (int i = 0; i < n.num_children(); ++i) Groups(n.child(i), out);
}

// An Assembler sink that only decodes the variants: the plan is projected on
// one VARIANT group, so the nodes around it are lists and structs without
// leaves of their own, and the group's fields arrive whole in Variant().
class VariantSink {
 public:
  explicit VariantSink(const std::vector<LeafFormatter>* formatters) : formatters_(formatters) {}
  void Null() {}
  void Leaf(const LeafBuffer&, size_t) {}
  void BeginList() {}
  void EndList() {}
  void BeginStruct() {}
  void Field(const PlanNode&) {}
  void EndStruct() {}
  void BeginMap() {}
  void EndMap() {}
  void Variant(const PlanNode& p, Value&& v) {
    if (!status_.ok()) return;
    json_.clear();
    status_ = AppendVariantGroupJson(json_, p, v, *formatters_);
  }
  const Status& status() const { return status_; }

 private:
  const std::vector<LeafFormatter>* formatters_;
  std::string json_;
  Status status_;
};

}  // namespace

LeafBuffer* ShreddedVariant::Leaf(int column, size_t* slot) {
  for (size_t s = 0; s < plan.columns.size(); ++s) {
    if (plan.columns[s] == column) {
      *slot = s;
      return &leaves[s];
    }
  }
  return nullptr;
}

std::vector<ShreddedVariant> FindShreddedVariants(const Schema& schema, Findings& findings) {
  std::vector<const SchemaNode*> nodes;
  Groups(schema.root(), &nodes);
  std::vector<ShreddedVariant> out;
  for (const SchemaNode* n : nodes) {
    Where w;
    w.column = n->DottedPath();
    Result<AssemblyPlan> plan = BuildAssemblyPlan(schema, {w.column});
    if (!plan.ok()) {
      findings.Add("variant", spec::kVariantShredding, "reassembling the shredded variant: " + plan.status().ToString(),
                   w);
      continue;
    }
    ShreddedVariant& g = out.emplace_back();
    g.group = n;
    g.plan = std::move(*plan);
    g.leaves.resize(g.plan.columns.size());
    for (size_t s = 0; s < g.plan.columns.size(); ++s) {
      const ColumnDescriptor& d = schema.column(g.plan.columns[s]);
      g.formatters.emplace_back(d);
      g.leaves[s].Init(d);
      g.leaves[s].slot = static_cast<int>(s);
    }
    g.complete.assign(g.leaves.size(), false);
  }
  return out;
}

void ClearShreddedVariants(std::vector<ShreddedVariant>& groups) {
  for (ShreddedVariant& g : groups) {
    for (LeafBuffer& b : g.leaves) b.Clear();
    g.complete.assign(g.leaves.size(), false);
  }
}

void CheckShreddedVariant(ShreddedVariant& g, int row_group, Findings& findings) {
  for (bool c : g.complete) {
    if (!c) return;
  }
  if (g.leaves.empty()) return;
  Assembler assembler(&g.plan, &g.leaves);
  VariantSink sink(&g.formatters);
  Status st;
  int64_t row = 0;
  for (; g.leaves[0].pos < g.leaves[0].size(); ++row) {
    for (LeafBuffer& b : g.leaves) {
      if (b.pos < b.size()) {
        b.FindRowEnd(/*eof=*/true);
      } else {
        b.end = b.pos;  // no entries left: the assembler reports the disagreement
      }
    }
    assembler.AssembleRow(sink);
    st = assembler.FinishRow();
    if (st.ok()) st = sink.status();
    if (!st.ok()) break;
  }
  if (st.ok()) return;
  Where w;
  w.row_group = row_group;
  w.column = g.group->DottedPath();
  findings.Add("variant", spec::kVariantShredding,
               "reassembling the shredded variant: " + std::move(st).AddContext("row " + std::to_string(row)).ToString(),
               w);
}

}  // namespace parq::verify_internal
