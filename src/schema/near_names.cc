#include "schema/near_names.h"

#include <algorithm>
#include <cstdlib>
#include <utility>
#include <vector>

namespace parq::schema_internal {
namespace {

// Every leaf under `node`, in column order.
void CollectLeaves(const SchemaNode& node, std::vector<const SchemaNode*>* out) {
  if (node.is_leaf()) {
    out->push_back(&node);
    return;
  }
  for (int i = 0; i < node.num_children(); ++i) CollectLeaves(node.child(i), out);
}

// Every node (fields) or leaf of the tree with its dotted path.
void CollectPaths(const SchemaNode& node, bool fields, std::vector<std::string>* out) {
  for (int i = 0; i < node.num_children(); ++i) {
    const SchemaNode& c = node.child(i);
    if (fields || c.is_leaf()) out->push_back(c.DottedPath());
    CollectPaths(c, fields, out);
  }
}

std::string Join(const std::vector<std::string>& names, size_t total) {
  std::string out;
  for (const std::string& n : names) {
    if (!out.empty()) out += ", ";
    out += n;
  }
  if (total > names.size()) out += ", … (" + std::to_string(total) + " in all)";
  return out;
}

std::string LeavesUnder(const SchemaNode& node) {
  std::vector<const SchemaNode*> leaves;
  CollectLeaves(node, &leaves);
  std::vector<std::string> names;
  for (size_t i = 0; i < leaves.size() && i < static_cast<size_t>(kMaxNearNames); ++i) {
    names.push_back(leaves[i]->DottedPath());
  }
  return Join(names, leaves.size());
}

}  // namespace

int EditDistance(std::string_view a, std::string_view b, int limit) {
  const int la = static_cast<int>(a.size()), lb = static_cast<int>(b.size());
  if (std::abs(la - lb) > limit) return limit + 1;
  std::vector<int> prev(static_cast<size_t>(lb) + 1), cur(static_cast<size_t>(lb) + 1);
  for (int j = 0; j <= lb; ++j) prev[static_cast<size_t>(j)] = j;
  for (int i = 1; i <= la; ++i) {
    cur[0] = i;
    int row_min = cur[0];
    for (int j = 1; j <= lb; ++j) {
      const size_t uj = static_cast<size_t>(j);
      const int subst = prev[uj - 1] + (a[static_cast<size_t>(i - 1)] == b[uj - 1] ? 0 : 1);
      cur[uj] = std::min({prev[uj] + 1, cur[uj - 1] + 1, subst});
      row_min = std::min(row_min, cur[uj]);
    }
    if (row_min > limit) return limit + 1;
    std::swap(prev, cur);
  }
  return std::min(prev[static_cast<size_t>(lb)], limit + 1);
}

std::string NearNamesHint(const Schema& schema, std::string_view dotted_path, bool fields) {
  // A group the path names: its leaves are what a column lookup wants.
  if (const SchemaNode* node = schema.FindNode(dotted_path); node != nullptr && node->is_group()) {
    if (node->num_children() == 0) return "; it is a group with no leaves";
    return "; it is a group, its leaves are " + LeavesUnder(*node);
  }
  // Paths spelled nearly alike: within a third of the path's length, at least 2.
  const int limit = std::max<int>(2, static_cast<int>(dotted_path.size()) / 3);
  std::vector<std::string> paths;
  CollectPaths(schema.root(), fields, &paths);
  std::vector<std::pair<int, std::string>> near;
  for (std::string& p : paths) {
    const int d = EditDistance(dotted_path, p, limit);
    if (d <= limit) near.emplace_back(d, std::move(p));
  }
  if (!near.empty()) {
    std::stable_sort(near.begin(), near.end(),
                     [](const auto& x, const auto& y) { return x.first < y.first; });
    std::vector<std::string> names;
    for (size_t i = 0; i < near.size() && i < static_cast<size_t>(kMaxNearNames); ++i) {
      names.push_back(std::move(near[i].second));
    }
    return "; near names: " + Join(names, near.size());
  }
  // The deepest prefix that names a node: what lies under it.
  std::string_view prefix = dotted_path;
  while (true) {
    const size_t dot = prefix.rfind('.');
    if (dot == std::string_view::npos) break;
    prefix = prefix.substr(0, dot);
    if (const SchemaNode* node = schema.FindNode(prefix); node != nullptr && node->is_group()) {
      return "; under '" + std::string(prefix) + "' the leaves are " + LeavesUnder(*node);
    }
  }
  if (schema.num_columns() == 0) return "; the schema has no leaf columns";
  return "; the leaves are " + LeavesUnder(schema.root());
}

}  // namespace parq::schema_internal
