// ColumnarReader's batch (parq/columnar.h) as ColumnViews for the
// ColumnarWriter (parq/columnar_writer.h): the one adapter between the two
// layouts, for tests that read a file as columns and write it again.
//
// ColumnarBatch keeps a copy of each leaf's ancestors in every leaf;
// ColumnView wants one tree.  The tree follows the assembly plan
// (record/assembly_plan.h), each node taken from the path of the first leaf
// under it; both sides use Arrow's layouts (LSB-first validity and BOOLEAN
// bitmaps), so every buffer is pointed at, none copied.
//
// REQUIRES: the batch was read without a projection (its leaves are the
// plan's slots) and outlives the views.
#ifndef PARQ_TESTS_TESTING_COLUMNAR_VIEWS_H_
#define PARQ_TESTS_TESTING_COLUMNAR_VIEWS_H_

#include <cstdint>
#include <vector>

#include "parq/columnar.h"
#include "parq/columnar_writer.h"
#include "parq/result.h"
#include "record/assembly_plan.h"

namespace parq::testing {

class ColumnarViews {
 public:
  // Builds the views of `batch`, read from a file of `schema`.
  static Result<ColumnarViews> Make(const Schema& schema, const ColumnarBatch& batch) {
    ColumnarViews v;
    PARQ_ASSIGN_OR_RETURN(AssemblyPlan plan, BuildAssemblyPlan(schema, {}));
    if (plan.columns.size() != batch.leaves.size()) return Status::InvalidArgument("a projected batch");
    v.root_ = ColumnView::Struct(batch.num_rows, {});
    for (const PlanNode& top : plan.root.children) {
      v.root_.children.emplace_back();
      PARQ_RETURN_IF_ERROR(v.Build(batch, top, 0, &v.root_.children.back()));
    }
    return v;
  }

  const ColumnView& root() const { return root_; }

 private:
  Status Build(const ColumnarBatch& batch, const PlanNode& p, size_t depth, ColumnView* out) {
    const ColumnarLeaf& leaf = batch.leaves[static_cast<size_t>(p.first_slot)];
    if (depth >= leaf.path.size()) return Status::Internal("a plan deeper than the leaf's path");
    const ColumnarNode& n = leaf.path[depth];
    out->length = n.length;
    out->validity = n.null_count > 0 ? n.validity.data() : nullptr;
    switch (p.kind) {
      case PlanNode::Kind::kLeaf:
        out->kind = ColumnView::Kind::kLeaf;
        if (leaf.descriptor->physical_type == PhysicalType::kBoolean) {
          out->values = leaf.values.data();
        } else if (leaf.descriptor->physical_type == PhysicalType::kByteArray) {
          out->offsets = leaf.offsets.data();
          out->values = leaf.data.data();
          out->data_length = static_cast<int64_t>(leaf.data.size());
        } else {
          out->values = leaf.values.data();
        }
        return Status::OK();
      case PlanNode::Kind::kList:
      case PlanNode::Kind::kMap: {
        out->kind = p.kind == PlanNode::Kind::kList ? ColumnView::Kind::kList : ColumnView::Kind::kMap;
        out->offsets = n.offsets.data();
        out->children.resize(p.children.size());
        for (size_t i = 0; i < p.children.size(); ++i) {
          PARQ_RETURN_IF_ERROR(Build(batch, p.children[i], depth + 1, &out->children[i]));
        }
        return Status::OK();
      }
      default:
        out->kind = ColumnView::Kind::kStruct;
        out->children.resize(p.children.size());
        for (size_t i = 0; i < p.children.size(); ++i) {
          PARQ_RETURN_IF_ERROR(Build(batch, p.children[i], depth + 1, &out->children[i]));
        }
        return Status::OK();
    }
  }

  ColumnView root_;
};

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_COLUMNAR_VIEWS_H_
