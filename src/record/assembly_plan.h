// record/assembly_plan.h — the schema, reduced to what record assembly needs.
//
// A PlanNode says how one schema node materializes (docs/rows-as-json.md): a leaf,
// a struct, a list, a map or a VARIANT group, together with the levels that
// decide null / empty:
//
//   * nullable && def < null_below  → null (the node is optional and absent);
//   * list / map: def < empty_below → [] (the repeated level has no entry);
//     then one element per entry whose repetition level is `repeat_at`
//     (the first entry of the list has a lower one).
//
// `def` is read from the node's representative leaf (`rep_slot`, the first
// projected leaf under it; every node has one, as every group of a Schema has
// a leaf below it): all leaves under a node agree on levels up to the node's
// own.  Leaves are numbered (slots) in depth-first order, so the
// leaves under a node are the slots [first_slot, end_slot).
//
// BuildAssemblyPlan applies a projection (dotted paths naming fields or
// groups; a named node is kept whole, the middle level of a list or map
// included) and keeps fields in schema order, duplicates included.
#ifndef PARQ_RECORD_ASSEMBLY_PLAN_H_
#define PARQ_RECORD_ASSEMBLY_PLAN_H_

#include <cstdint>
#include <string>
#include <vector>

#include "parq/result.h"
#include "parq/schema.h"

namespace parq {

struct PlanNode {
  enum class Kind : uint8_t { kLeaf, kStruct, kList, kMap, kVariant };
  Kind kind = Kind::kStruct;
  const SchemaNode* node = nullptr;
  std::string name;            // the field name (a struct's key)
  bool nullable = false;
  int16_t null_below = 0;      // def < this → null (when nullable)
  int16_t empty_below = 0;     // list / map: def < this → empty
  int16_t repeat_at = 0;       // list / map: repetition level of a further element
  int rep_slot = -1;           // representative leaf slot (the first under the node)
  int first_slot = 0, end_slot = 0;
  int column = -1;             // kLeaf: the schema column index
  bool map_has_value = false;  // kMap: children are {key, value} or {key}
  std::vector<PlanNode> children;  // struct fields; list: {element}; map: {key[, value]}
};

struct AssemblyPlan {
  PlanNode root;             // kStruct over the top-level fields
  std::vector<int> columns;  // slot → schema column index
};

// REQUIRES: `schema` outlives the plan.  kInvalidArgument for an unknown path.
Result<AssemblyPlan> BuildAssemblyPlan(const Schema& schema, const std::vector<std::string>& columns);

}  // namespace parq

#endif  // PARQ_RECORD_ASSEMBLY_PLAN_H_
