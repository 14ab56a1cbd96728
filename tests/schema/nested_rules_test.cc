// The LIST / MAP rules of LogicalTypes.md ("Nested Types"), each with the
// spec's own examples, asserting the resolved tree: kinds, roles, element /
// key / value links and levels.
#include <gtest/gtest.h>

#include "parq/schema.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const SchemaNode& Node(const Schema& s, std::string_view path) {
  const SchemaNode* n = s.FindNode(path);
  EXPECT_NE(n, nullptr) << path;
  return n ? *n : s.root();  // a failure is already recorded
}

// The node at `path` is a LIST whose element is the node at `element`, of
// kind `element_kind`.
void ExpectListOf(const Schema& s, std::string_view path, std::string_view element, NodeKind element_kind) {
  const SchemaNode& l = Node(s, path);
  ASSERT_EQ(l.kind(), NodeKind::kList) << path;
  EXPECT_EQ(l.list_element(), &Node(s, element)) << path;
  ASSERT_NE(l.list_element(), nullptr) << path;
  EXPECT_EQ(l.list_element()->kind(), element_kind) << path;
}

// A column's maximum definition and repetition levels.
void ExpectLevels(const ColumnDescriptor& c, int16_t def, int16_t rep) {
  EXPECT_EQ(c.max_definition_level, def) << c.dotted_path;
  EXPECT_EQ(c.max_repetition_level, rep) << c.dotted_path;
}

// --- Standard 3-level lists ---

TEST(ListRulesTest, StandardListNonNullListNullableElements) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    required group my_list (LIST) {
      repeated group list {
        optional binary element (UTF8);
      }
    }
  })"));
  const SchemaNode& l = Node(s, "my_list");
  EXPECT_EQ(l.kind(), NodeKind::kList);
  EXPECT_EQ(l.list_repeated(), &Node(s, "my_list.list"));
  EXPECT_EQ(l.list_element(), &Node(s, "my_list.list.element"));
  EXPECT_EQ(l.list_repeated()->role(), NodeRole::kListLevel);
  EXPECT_EQ(l.list_element()->role(), NodeRole::kListElement);
  EXPECT_EQ(l.list_element()->kind(), NodeKind::kPrimitive);
  EXPECT_EQ(l.list_element()->logical_type(), LogicalType::String());
  const ColumnDescriptor& c = s.column(0);
  EXPECT_EQ(c.dotted_path, "my_list.list.element");
  ExpectLevels(c, 2, 1);
  EXPECT_EQ(c.repeated_ancestor_definition_level, 1);
}

TEST(ListRulesTest, StandardListNullableListRequiredElements) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_list (LIST) {
      repeated group list {
        required binary element (UTF8);
      }
    }
  })"));
  EXPECT_EQ(Node(s, "my_list").kind(), NodeKind::kList);
  EXPECT_EQ(Node(s, "my_list").list_element()->name(), "element");
  ExpectLevels(s.column(0), 2, 1);
}

TEST(ListRulesTest, ListOfLists) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group array_of_arrays (LIST) {
      repeated group list {
        required group element (LIST) {
          repeated group list {
            required int32 element;
          }
        }
      }
    }
  })"));
  const SchemaNode& outer = Node(s, "array_of_arrays");
  ASSERT_EQ(outer.kind(), NodeKind::kList);
  const SchemaNode* inner = outer.list_element();
  ASSERT_EQ(inner, &Node(s, "array_of_arrays.list.element"));
  EXPECT_EQ(inner->kind(), NodeKind::kList);
  EXPECT_EQ(inner->role(), NodeRole::kListElement);
  EXPECT_EQ(inner->list_element(), &Node(s, "array_of_arrays.list.element.list.element"));
  ExpectLevels(s.column(0), 3, 2);
  EXPECT_EQ(s.column(0).repeated_ancestor_definition_level, 3);
}

TEST(ListRulesTest, AnyNamesInTheStandardForm) {
  // The repeated group is named "element" and its field "str": still a
  // nullable list of non-null strings.
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_list (LIST) {
      repeated group element {
        required binary str (UTF8);
      }
    }
  })"));
  const SchemaNode& l = Node(s, "my_list");
  ASSERT_EQ(l.kind(), NodeKind::kList);
  EXPECT_EQ(l.list_element(), &Node(s, "my_list.element.str"));
  EXPECT_EQ(l.list_repeated()->role(), NodeRole::kListLevel);
  EXPECT_EQ(l.list_element()->kind(), NodeKind::kPrimitive);
}

// --- Backward-compatibility rules ---

TEST(ListRulesTest, Rule1RepeatedPrimitiveIsTheElement) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_list (LIST) {
      repeated int32 element;
    }
  })"));
  const SchemaNode& l = Node(s, "my_list");
  ASSERT_EQ(l.kind(), NodeKind::kList);
  EXPECT_EQ(l.list_element(), &Node(s, "my_list.element"));
  EXPECT_EQ(l.list_repeated(), l.list_element());
  EXPECT_EQ(l.list_element()->role(), NodeRole::kListElement);
  // The repetition belongs to the list; the element is one required int32.
  EXPECT_EQ(l.list_element()->kind(), NodeKind::kPrimitive);
  ExpectLevels(s.column(0), 2, 1);
}

TEST(ListRulesTest, Rule2RepeatedGroupWithSeveralFieldsIsTheElement) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_list (LIST) {
      repeated group element {
        required binary str (UTF8);
        required int32 num;
      }
    }
  })"));
  ASSERT_NO_FATAL_FAILURE(ExpectListOf(s, "my_list", "my_list.element", NodeKind::kStruct));
  const SchemaNode& l = Node(s, "my_list");
  EXPECT_EQ(l.list_element()->role(), NodeRole::kListElement);
  EXPECT_EQ(Node(s, "my_list.element.num").role(), NodeRole::kField);
}

TEST(ListRulesTest, Rule3OneRepeatedFieldMakesTheGroupTheElement) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_list (LIST) {
      repeated group element {
        repeated int32 values;
      }
    }
  })"));
  ASSERT_NO_FATAL_FAILURE(ExpectListOf(s, "my_list", "my_list.element", NodeKind::kStruct));
  // The inner field is an unannotated repeated field: a list of its own.
  EXPECT_EQ(Node(s, "my_list.element.values").kind(), NodeKind::kRepeatedPrimitive);
  EXPECT_EQ(s.column(0).max_repetition_level, 2);
}

TEST(ListRulesTest, Rule4ArrayNamedGroupIsTheElement) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_list (LIST) {
      repeated group array {
        required binary str (UTF8);
      }
    }
  })"));
  ASSERT_NO_FATAL_FAILURE(ExpectListOf(s, "my_list", "my_list.array", NodeKind::kStruct));
}

TEST(ListRulesTest, Rule4TupleNamedGroupIsTheElement) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_list (LIST) {
      repeated group my_list_tuple {
        required binary str (UTF8);
      }
    }
  })"));
  ASSERT_NO_FATAL_FAILURE(ExpectListOf(s, "my_list", "my_list.my_list_tuple", NodeKind::kStruct));
  // Another list's "_tuple" name does not count.
  ASSERT_OK_AND_ASSIGN(Schema t, ParseMessageType(R"(message m {
    optional group my_list (LIST) {
      repeated group other_tuple {
        required binary str (UTF8);
      }
    }
  })"));
  EXPECT_EQ(Node(t, "my_list").list_element(), &Node(t, "my_list.other_tuple.str"));
}

TEST(ListRulesTest, Rule5SingleFieldIsTheElementWithItsRepetition) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    required group l (LIST) {
      repeated group bag {
        optional group item {
          optional int64 x;
          optional int64 y;
        }
      }
    }
  })"));
  ASSERT_NO_FATAL_FAILURE(ExpectListOf(s, "l", "l.bag.item", NodeKind::kStruct));
  const SchemaNode& l = Node(s, "l");
  EXPECT_TRUE(l.list_element()->is_optional());
  EXPECT_EQ(s.column(1).dotted_path, "l.bag.item.y");
  EXPECT_EQ(s.column(1).max_definition_level, 3);
}

TEST(ListRulesTest, GroupThatFitsNoRuleIsAStruct) {
  // Two fields under the LIST group.
  ASSERT_OK_AND_ASSIGN(Schema a, ParseMessageType(R"(message m {
    optional group l (LIST) {
      repeated int32 a;
      repeated int32 b;
    }
  })"));
  EXPECT_EQ(Node(a, "l").kind(), NodeKind::kStruct);
  EXPECT_EQ(Node(a, "l").list_element(), nullptr);
  // Unannotated repeated fields inside stay lists of their own.
  EXPECT_EQ(Node(a, "l.a").kind(), NodeKind::kRepeatedPrimitive);
  EXPECT_EQ(Node(a, "l.a").role(), NodeRole::kField);
  // The only field is not repeated.
  ASSERT_OK_AND_ASSIGN(Schema b, ParseMessageType(R"(message m {
    optional group l (LIST) {
      optional int32 a;
    }
  })"));
  EXPECT_EQ(Node(b, "l").kind(), NodeKind::kStruct);
  // No field at all: no schema (a group holds at least one field).
  EXPECT_STATUS_HAS(ParseMessageType("message m { optional group l (LIST) { } }"), StatusCode::kInvalidArgument,
                    "group 'l' has no children");
  // A repeated LIST group.
  ASSERT_OK_AND_ASSIGN(Schema d, ParseMessageType(R"(message m {
    repeated group l (LIST) {
      repeated int32 a;
    }
  })"));
  EXPECT_EQ(Node(d, "l").kind(), NodeKind::kRepeatedGroup);
}

// --- Maps ---

TEST(MapRulesTest, StandardMap) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    required group my_map (MAP) {
      repeated group key_value {
        required binary key (UTF8);
        optional int32 value;
      }
    }
  })"));
  const SchemaNode& m = Node(s, "my_map");
  ASSERT_EQ(m.kind(), NodeKind::kMap);
  EXPECT_EQ(m.map_key_value(), &Node(s, "my_map.key_value"));
  EXPECT_EQ(m.map_key(), &Node(s, "my_map.key_value.key"));
  EXPECT_EQ(m.map_value(), &Node(s, "my_map.key_value.value"));
  EXPECT_EQ(m.map_key_value()->role(), NodeRole::kMapKeyValue);
  EXPECT_EQ(m.map_key_value()->kind(), NodeKind::kStruct);
  EXPECT_EQ(m.map_key()->role(), NodeRole::kMapKey);
  EXPECT_EQ(m.map_value()->role(), NodeRole::kMapValue);
  ExpectLevels(s.column(0), 1, 1);
  ExpectLevels(s.column(1), 2, 1);
}

TEST(MapRulesTest, AnyNamesForKeyValueAndFields) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_map (MAP) {
      repeated group map {
        required binary str (UTF8);
        required int32 num;
      }
    }
  })"));
  const SchemaNode& m = Node(s, "my_map");
  ASSERT_EQ(m.kind(), NodeKind::kMap);
  EXPECT_EQ(m.map_key()->name(), "str");
  EXPECT_EQ(m.map_value()->name(), "num");
}

TEST(MapRulesTest, MapKeyValueOutsideMapIsAMap) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_map (MAP_KEY_VALUE) {
      repeated group map {
        required binary key (UTF8);
        optional int32 value;
      }
    }
  })"));
  const SchemaNode& m = Node(s, "my_map");
  EXPECT_EQ(m.converted_type(), ConvertedType::kMapKeyValue);
  EXPECT_EQ(m.logical_type(), LogicalType::Map());
  ASSERT_EQ(m.kind(), NodeKind::kMap);
  EXPECT_EQ(m.map_value()->name(), "value");
}

TEST(MapRulesTest, MapKeyValueInsideMapIsJustTheLevel) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group my_map (MAP) {
      repeated group map (MAP_KEY_VALUE) {
        required binary key (UTF8);
        optional int32 value;
      }
    }
  })"));
  const SchemaNode& kv = Node(s, "my_map.map");
  EXPECT_EQ(kv.converted_type(), ConvertedType::kMapKeyValue);
  EXPECT_TRUE(kv.logical_type().is_none());
  EXPECT_EQ(kv.role(), NodeRole::kMapKeyValue);
  EXPECT_EQ(kv.kind(), NodeKind::kStruct);
  EXPECT_EQ(Node(s, "my_map").kind(), NodeKind::kMap);
}

TEST(MapRulesTest, MapWithoutValueField) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group set (MAP) {
      repeated group key_value {
        required int64 key;
      }
    }
  })"));
  const SchemaNode& m = Node(s, "set");
  ASSERT_EQ(m.kind(), NodeKind::kMap);
  EXPECT_EQ(m.map_key()->name(), "key");
  EXPECT_EQ(m.map_value(), nullptr);
}

TEST(MapRulesTest, KeyNotMarkedRequiredIsTolerated) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group m (MAP) {
      repeated group key_value {
        optional binary key (STRING);
        optional binary value (STRING);
      }
    }
  })"));
  EXPECT_EQ(Node(s, "m").kind(), NodeKind::kMap);
  EXPECT_EQ(s.column(0).max_definition_level, 3);
}

TEST(MapRulesTest, MapThatFitsNoRuleIsAStruct) {
  const char* bad[] = {
      // three fields in the key/value group
      "message m { optional group m (MAP) { repeated group kv { required int32 k; optional int32 a; "
      "optional int32 b; } } }",
      // key/value level not repeated
      "message m { optional group m (MAP) { required group kv { required int32 k; } } }",
      // key/value level is a leaf
      "message m { optional group m (MAP) { repeated int32 kv; } }",
      // repeated key
      "message m { optional group m (MAP) { repeated group kv { repeated int32 k; } } }",
      // two children of the MAP group
      "message m { optional group m (MAP) { repeated group kv { required int32 k; } "
      "repeated group kv2 { required int32 k; } } }",
  };
  for (const char* text : bad) {
    ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(text));
    EXPECT_EQ(Node(s, "m").kind(), NodeKind::kStruct) << text;
    EXPECT_EQ(Node(s, "m").map_key(), nullptr) << text;
  }
  // An empty key/value group: no schema (a group holds at least one field).
  EXPECT_STATUS_HAS(ParseMessageType("message m { optional group m (MAP) { repeated group kv { } } }"),
                    StatusCode::kInvalidArgument, "group 'm.kv' has no children");
}

// --- Unannotated repeated fields ---

TEST(RepeatedRulesTest, UnannotatedRepeatedFieldsAreRequiredListsAtAnyDepth) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message Document {
    required int64 DocId;
    optional group Links {
      repeated int64 Backward;
      repeated int64 Forward;
    }
    repeated group Name {
      repeated group Language {
        required binary Code;
        optional binary Country;
      }
      optional binary Url;
    }
  })"));
  EXPECT_EQ(Node(s, "DocId").kind(), NodeKind::kPrimitive);
  EXPECT_EQ(Node(s, "Links").kind(), NodeKind::kStruct);
  EXPECT_EQ(Node(s, "Links.Backward").kind(), NodeKind::kRepeatedPrimitive);
  EXPECT_EQ(Node(s, "Name").kind(), NodeKind::kRepeatedGroup);
  EXPECT_EQ(Node(s, "Name.Language").kind(), NodeKind::kRepeatedGroup);
  EXPECT_EQ(Node(s, "Name.Language.Code").kind(), NodeKind::kPrimitive);
  // The Dremel paper's levels.
  struct Levels {
    const char* path;
    int16_t def, rep;
  };
  const Levels expect[] = {{"DocId", 0, 0},
                           {"Links.Backward", 2, 1},
                           {"Links.Forward", 2, 1},
                           {"Name.Language.Code", 2, 2},
                           {"Name.Language.Country", 3, 2},
                           {"Name.Url", 2, 1}};
  ASSERT_EQ(s.num_columns(), 6);
  for (int i = 0; i < 6; ++i) {
    EXPECT_EQ(s.column(i).dotted_path, expect[i].path);
    EXPECT_EQ(s.column(i).max_definition_level, expect[i].def) << expect[i].path;
    EXPECT_EQ(s.column(i).max_repetition_level, expect[i].rep) << expect[i].path;
    EXPECT_EQ(s.column(i).index, i);
    EXPECT_EQ(s.column(i).node->column_index(), i);
  }
  EXPECT_EQ(s.column(3).repeated_ancestor_definition_level, 2);
  EXPECT_EQ(s.column(5).repeated_ancestor_definition_level, 1);
  EXPECT_EQ(s.column(0).repeated_ancestor_definition_level, 0);
}

TEST(RepeatedRulesTest, RepeatedElementUnderRule5IsAListOfLists) {
  // The single field of the repeated group is itself repeated: rule 3 makes the
  // group the element, whose field is an unannotated list.
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group l (LIST) {
      repeated group list {
        repeated int32 element;
      }
    }
  })"));
  const SchemaNode& l = Node(s, "l");
  ASSERT_EQ(l.kind(), NodeKind::kList);
  EXPECT_EQ(l.list_element(), &Node(s, "l.list"));
  EXPECT_EQ(Node(s, "l.list.element").kind(), NodeKind::kRepeatedPrimitive);
}

TEST(VariantRulesTest, VariantGroupIsAStructWithItsAnnotation) {
  ASSERT_OK_AND_ASSIGN(Schema s, ParseMessageType(R"(message m {
    optional group v (VARIANT(1)) {
      required binary metadata;
      optional binary value;
    }
  })"));
  EXPECT_EQ(Node(s, "v").kind(), NodeKind::kStruct);
  EXPECT_EQ(Node(s, "v").logical_type(), LogicalType::Variant(1));
}

}  // namespace
}  // namespace parq
