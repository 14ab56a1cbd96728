// Schema::FindNode: the first node in depth-first order whose dotted path is
// the one asked for, found through the leaf table when no two nodes spell
// one path, so that looking up many columns of a wide schema stays linear.
#include <gtest/gtest.h>

#include <chrono>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using Node = std::unique_ptr<SchemaNode>;

Node Leaf(std::string name) {
  return SchemaNode::MakePrimitive(std::move(name), Repetition::kRequired, PhysicalType::kInt32);
}
Node Group(std::string name, std::vector<Node> children) {
  return SchemaNode::MakeGroup(std::move(name), Repetition::kRequired, std::move(children));
}

// Every leaf of a 50,000-column schema: the walk compared each path with the
// root's fields one by one (1.25 billion prefix comparisons, seconds).
TEST(SchemaTest, FindNodeOfEveryLeafOfAWideSchemaIsLinear) {
  constexpr int kLeaves = 50'000;
  std::vector<Node> fields;
  for (int i = 0; i < kLeaves; ++i) fields.push_back(Leaf("c" + std::to_string(i)));
  fields.push_back(Group("g", [] {
    std::vector<Node> v;
    v.push_back(Leaf("x"));
    return v;
  }()));
  ASSERT_OK_AND_ASSIGN(Schema schema, Schema::Make(Group("m", std::move(fields))));
  const auto t0 = std::chrono::steady_clock::now();
  for (int i = 0; i < kLeaves; ++i) {
    ASSERT_EQ(schema.FindNode("c" + std::to_string(i)), schema.column(i).node) << i;
  }
  const double seconds = std::chrono::duration<double>(std::chrono::steady_clock::now() - t0).count();
  EXPECT_LT(seconds, 1.0) << "FindNode of " << kLeaves << " leaves";
  EXPECT_EQ(schema.FindNode("g.x"), schema.column(kLeaves).node);
  ASSERT_NE(schema.FindNode("g"), nullptr);
  EXPECT_TRUE(schema.FindNode("g")->is_group());
  EXPECT_EQ(schema.FindNode("nope"), nullptr);
  EXPECT_EQ(schema.FindNode(""), &schema.root());
}

// Where two nodes spell one path, the first in depth-first order is found,
// a group included, as the walk finds it (FindColumn finds the first leaf).
TEST(SchemaTest, FindNodeKeepsTheFirstOfNodesSpelledAlike) {
  {
    std::vector<Node> g;
    g.push_back(Leaf("y"));
    std::vector<Node> f;
    f.push_back(Group("x", std::move(g)));
    f.push_back(Leaf("x"));  // a field spelled as the group before it
    SchemaOptions as_read;  // as a file's schema is read: repeated names are kept
    as_read.unique_names = false;
    ASSERT_OK_AND_ASSIGN(Schema schema, Schema::Make(Group("m", std::move(f)), as_read));
    ASSERT_NE(schema.FindNode("x"), nullptr);
    EXPECT_TRUE(schema.FindNode("x")->is_group());
    EXPECT_EQ(schema.FindColumnIndex("x"), 1);
    EXPECT_EQ(schema.FindNode("x.y"), schema.column(0).node);
  }
  {
    std::vector<Node> g;
    g.push_back(Leaf("b"));
    std::vector<Node> f;
    f.push_back(Leaf("a.b"));  // a name holding a dot, before the group a's b
    f.push_back(Group("a", std::move(g)));
    ASSERT_OK_AND_ASSIGN(Schema schema, Schema::Make(Group("m", std::move(f))));
    EXPECT_EQ(schema.FindNode("a.b"), schema.column(0).node);
    ASSERT_NE(schema.FindNode("a"), nullptr);
    EXPECT_TRUE(schema.FindNode("a")->is_group());
  }
  {
    std::vector<Node> g;
    g.push_back(Leaf("b"));
    std::vector<Node> f;
    f.push_back(Group("a", std::move(g)));
    f.push_back(Leaf("a.b"));  // the same two, the group first
    ASSERT_OK_AND_ASSIGN(Schema schema, Schema::Make(Group("m", std::move(f))));
    EXPECT_EQ(schema.FindNode("a.b"), schema.column(0).node);
    EXPECT_EQ(schema.column(0).dotted_path, "a.b");
    EXPECT_EQ(schema.column(0).path.size(), 2u);
  }
}

}  // namespace
}  // namespace parq
