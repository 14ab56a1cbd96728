// Schema::LookupColumn and the near names a failed lookup suggests.
#include <gtest/gtest.h>

#include <string>

#include "parq/schema.h"
#include "schema/near_names.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

Result<Schema> Example() {
  return ParseMessageType(R"(message m {
  required int64 id;
  optional group tags (LIST) {
    repeated group list {
      optional binary element (STRING);
    }
  }
  optional group attrs (MAP) {
    repeated group key_value {
      required binary key (STRING);
      optional int64 value;
    }
  }
  optional group point {
    required double x;
    required double y;
  }
})");
}

TEST(ColumnLookupTest, FindsALeaf) {
  ASSERT_OK_AND_ASSIGN(Schema s, Example());
  ASSERT_OK_AND_ASSIGN(const ColumnDescriptor* c, s.LookupColumn("tags.list.element"));
  EXPECT_EQ(c->index, 1);
  ASSERT_OK_AND_ASSIGN(c, s.LookupColumn("point.y"));
  EXPECT_EQ(c->dotted_path, "point.y");
}

TEST(ColumnLookupTest, AGroupNamesItsLeaves) {
  ASSERT_OK_AND_ASSIGN(Schema s, Example());
  EXPECT_STATUS_HAS(s.LookupColumn("tags"), StatusCode::kInvalidArgument,
                    "no leaf column 'tags'; it is a group, its leaves are tags.list.element");
  EXPECT_STATUS_HAS(s.LookupColumn("attrs"), StatusCode::kInvalidArgument,
                    "its leaves are attrs.key_value.key, attrs.key_value.value");
  // Only the root may have no fields (Schema::Make).
  ASSERT_OK_AND_ASSIGN(Schema no_columns, ParseMessageType("message m { }"));
  EXPECT_STATUS_HAS(no_columns.LookupColumn(""), StatusCode::kInvalidArgument, "a group with no leaves");
}

TEST(ColumnLookupTest, AMisspeltPathNamesTheNearest) {
  ASSERT_OK_AND_ASSIGN(Schema s, Example());
  EXPECT_STATUS_HAS(s.LookupColumn("idd"), StatusCode::kInvalidArgument, "no leaf column 'idd'; near names: id");
  EXPECT_STATUS_HAS(s.LookupColumn("point.z"), StatusCode::kInvalidArgument, "near names: point.x, point.y");
  EXPECT_STATUS_HAS(s.LookupColumn("tags.list.elem"), StatusCode::kInvalidArgument,
                    "near names: tags.list.element");
}

TEST(ColumnLookupTest, FarOffPathsNameWhatLiesUnderTheirDeepestPrefix) {
  ASSERT_OK_AND_ASSIGN(Schema s, Example());
  EXPECT_STATUS_HAS(s.LookupColumn("point.something.else"), StatusCode::kInvalidArgument,
                    "under 'point' the leaves are point.x, point.y");
  EXPECT_STATUS_HAS(s.LookupColumn("nothing_like_it"), StatusCode::kInvalidArgument,
                    "the leaves are id, tags.list.element, attrs.key_value.key");
}

TEST(ColumnLookupTest, ManyLeavesAreCutShort) {
  std::string text = "message m {\n";
  for (int i = 0; i < 20; ++i) text += "  required int32 column_number_" + std::to_string(i) + ";\n";
  text += "}";
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(text));
  EXPECT_STATUS_HAS(s.LookupColumn("zzz"), StatusCode::kInvalidArgument, "… (20 in all)");
}

TEST(ColumnLookupTest, EditDistanceCountsUpToItsLimit) {
  using schema_internal::EditDistance;
  EXPECT_EQ(EditDistance("kitten", "sitting", 5), 3);
  EXPECT_EQ(EditDistance("", "abc", 5), 3);
  EXPECT_EQ(EditDistance("same", "same", 0), 0);
  EXPECT_EQ(EditDistance("abcdef", "uvwxyz", 2), 3);  // past the limit: limit + 1
  EXPECT_EQ(EditDistance("a", "abcdefgh", 2), 3);
}

}  // namespace
}  // namespace parq
