// ExpectLeafMatchesRows: a ColumnarReader leaf checked against an independent
// derivation of the same Arrow layout from RowReader's rows (a walk of the
// Value trees instead of the levels), for the tests that make both readers
// agree.  Header-only; stateless.
#ifndef PARQ_TESTS_TESTING_COLUMNAR_ROWS_H_
#define PARQ_TESTS_TESTING_COLUMNAR_ROWS_H_

#include <gtest/gtest.h>

#include <algorithm>
#include <cstring>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/record.h"

namespace parq::testing {

// The layout of one leaf as the rows give it.
struct ColumnarExpected {
  std::vector<ColumnarNode> path;
  std::vector<uint8_t> values;
  std::vector<int64_t> offsets{0};
  std::vector<uint8_t> data;
};

// width: the leaf's value_width, 0 for BYTE_ARRAY, or -1 for BOOLEAN (a bitmap).
inline void AppendLeafValue(const Value& v, int width, ColumnarExpected* e) {
  if (width < 0) {
    const int64_t slot = e->path.back().length - 1;
    e->values.resize(static_cast<size_t>(slot / 8 + 1), 0);
    if (!v.is_null() && v.bool_value()) e->values[static_cast<size_t>(slot / 8)] |= static_cast<uint8_t>(1u << (slot % 8));
    return;
  }
  if (width == 0) {
    if (!v.is_null()) e->data.insert(e->data.end(), v.bytes().begin(), v.bytes().end());
    e->offsets.push_back(static_cast<int64_t>(e->data.size()));
    return;
  }
  const size_t at = e->values.size();
  e->values.resize(at + static_cast<size_t>(width), 0);
  uint8_t* p = e->values.data() + at;
  switch (v.kind()) {
    case Value::Kind::kNull: break;
    case Value::Kind::kInt32: { int32_t x = v.int32_value(); std::memcpy(p, &x, 4); break; }
    case Value::Kind::kInt64: { int64_t x = v.int64_value(); std::memcpy(p, &x, 8); break; }
    case Value::Kind::kFloat: { float x = v.float_value(); std::memcpy(p, &x, 4); break; }
    case Value::Kind::kDouble: { double x = v.double_value(); std::memcpy(p, &x, 8); break; }
    case Value::Kind::kInt96: std::memcpy(p, &v.int96_value(), 12); break;
    case Value::Kind::kBytes: std::memcpy(p, v.bytes().data(), std::min<size_t>(v.bytes().size(), static_cast<size_t>(width))); break;
    default: ADD_FAILURE() << "a nested value at a leaf"; break;
  }
}

// Appends value `v` (null when nullptr) at depth `k` of the leaf's path.
inline void WalkRowValue(const Value* v, bool present, size_t k, int width, ColumnarExpected* e) {
  static const Value kNull;
  if (v == nullptr) v = &kNull;
  ColumnarNode& n = e->path[k];
  const bool valid = present && !v->is_null();
  if (n.length % 8 == 0) n.validity.push_back(0);  // an LSB-first bitmap
  if (valid) n.validity.back() |= static_cast<uint8_t>(1u << (n.length % 8));
  n.null_count += valid ? 0 : 1;
  ++n.length;
  switch (n.kind) {
    case ColumnarNode::Kind::kLeaf:
      AppendLeafValue(valid ? *v : kNull, width, e);
      return;
    case ColumnarNode::Kind::kStruct:
      WalkRowValue(valid ? v->Find(e->path[k + 1].name) : nullptr, valid, k + 1, width, e);
      return;
    case ColumnarNode::Kind::kList:
    case ColumnarNode::Kind::kMap:
      n.offsets.push_back(e->path[k + 1].length);
      if (!valid) return;
      for (const Value& item : v->items()) {
        WalkRowValue(n.kind == ColumnarNode::Kind::kMap ? item.Find(e->path[k + 1].name) : &item, true, k + 1,
                     width, e);
      }
      return;
  }
}

// Expects `leaf` (of one row group) to hold what `rows` (that row group's rows,
// with top-level field names `top`) lay out.
inline void ExpectLeafMatchesRows(const ColumnarLeaf& leaf, const std::vector<Value>& rows,
                                  const std::vector<std::string>& top) {
  SCOPED_TRACE(leaf.descriptor->dotted_path);
  ColumnarExpected e;
  e.path = leaf.path;
  for (ColumnarNode& n : e.path) {
    n.length = n.null_count = 0;
    n.validity.clear();
    n.offsets.clear();
  }
  size_t field = 0;
  while (field < top.size() && top[field] != leaf.path[0].name) ++field;
  ASSERT_LT(field, top.size());
  const int width = leaf.descriptor->physical_type == PhysicalType::kBoolean ? -1 : leaf.value_width;
  for (const Value& row : rows) WalkRowValue(&row.items()[field], true, 0, width, &e);
  for (size_t k = 0; k + 1 < e.path.size(); ++k) {
    if (e.path[k].kind != ColumnarNode::Kind::kStruct) e.path[k].offsets.push_back(e.path[k + 1].length);
  }
  for (size_t k = 0; k < e.path.size(); ++k) {
    SCOPED_TRACE("node " + std::to_string(k) + " " + leaf.path[k].name);
    EXPECT_EQ(leaf.path[k].length, e.path[k].length);
    EXPECT_EQ(leaf.path[k].null_count, e.path[k].null_count);
    EXPECT_TRUE(leaf.path[k].validity == e.path[k].validity);
    EXPECT_TRUE(leaf.path[k].offsets == e.path[k].offsets);
  }
  EXPECT_TRUE(leaf.values == e.values);
  if (width == 0) {
    EXPECT_TRUE(leaf.offsets == e.offsets);
    EXPECT_TRUE(leaf.data == e.data);
  }
}

}  // namespace parq::testing

#endif  // PARQ_TESTS_TESTING_COLUMNAR_ROWS_H_
