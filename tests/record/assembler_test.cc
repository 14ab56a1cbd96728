// Record assembly from hand-built levels: the Assembler is fed LeafBuffers
// directly (no file), and its rows are checked as canonical JSON and as Values.
#include <gtest/gtest.h>

#include <string>
#include <vector>

#include "parq/record.h"
#include "parq/schema.h"
#include "testing/status_macros.h"
#include "record/assembler.h"
#include "record/assembly_plan.h"
#include "json/leaf_format.h"
#include "json/row_json.h"

namespace parq {
namespace {

// One leaf's entries: def, rep and (for def == max) a value: an int or a string.
struct Entry {
  Entry(int16_t d, int16_t r, int64_t iv = 0, std::string sv = {}) : def(d), rep(r), i(iv), s(std::move(sv)) {}
  int16_t def;
  int16_t rep;
  int64_t i;
  std::string s;
};
using Col = std::vector<Entry>;

class Fixture {
 public:
  // The schema, its plan (with a projection) and one Col per plan slot.
  Status Load(const std::string& schema_text, const std::vector<Col>& cols,
              const std::vector<std::string>& projection = {}) {
    // As a file's schema is read: the rows of a file whose group repeats a
    // field name are assembled too.
    SchemaOptions lenient;
    lenient.unique_names = false;
    PARQ_ASSIGN_OR_RETURN(schema_, ParseMessageType(schema_text, lenient));
    PARQ_ASSIGN_OR_RETURN(plan_, BuildAssemblyPlan(schema_, projection));
    if (plan_.columns.size() != cols.size()) return Status::InvalidArgument("one Col per plan slot");
    leaves_.resize(plan_.columns.size());
    for (size_t s = 0; s < leaves_.size(); ++s) {
      const ColumnDescriptor& d = schema_.column(plan_.columns[s]);
      LeafBuffer& b = leaves_[s];
      b.Init(d);
      b.slot = static_cast<int>(s);
      fmt_.emplace_back(d);
      for (const Entry& e : cols[s]) {
        b.def.push_back(e.def);
        b.rep.push_back(e.rep);
        if (e.def != d.max_definition_level) continue;
        if (d.physical_type == PhysicalType::kByteArray) {
          b.AppendBytes(reinterpret_cast<const uint8_t*>(e.s.data()), e.s.size());
        } else if (d.physical_type == PhysicalType::kInt64) {
          b.AppendFixed(&e.i, 1);
        } else {
          int32_t v = static_cast<int32_t>(e.i);
          b.AppendFixed(&v, 1);
        }
      }
    }
    return Status::OK();
  }

  // Every row as JSON; stops at (and records) the first error.
  std::vector<std::string> Rows(Status* error = nullptr) {
    std::vector<std::string> out;
    Assembler a(&plan_, &leaves_);
    while (!leaves_.empty() && leaves_[0].pos < leaves_[0].size()) {
      for (LeafBuffer& b : leaves_) {
        if (b.pos >= b.size()) {
          if (error) *error = Status::Corrupt("a column ran out");
          return out;
        }
        b.FindRowEnd(true);
      }
      std::string text;
      JsonSink sink(&fmt_);
      sink.Start(&text);
      a.AssembleRow(sink);
      sink.End();
      Status st = a.FinishRow();
      if (st.ok()) st = sink.status();
      if (!st.ok()) {
        if (error) *error = st;
        return out;
      }
      out.push_back(text);
    }
    return out;
  }

  // The first row as a Value.
  Value FirstValue() {
    Assembler a(&plan_, &leaves_);
    for (LeafBuffer& b : leaves_) b.FindRowEnd(true);
    Value v;
    ValueSink sink;
    sink.Start(&v);
    a.AssembleRow(sink);
    EXPECT_OK(a.FinishRow());
    return v;
  }

 private:
  Schema schema_;
  AssemblyPlan plan_;
  std::vector<LeafBuffer> leaves_;
  std::vector<LeafFormatter> fmt_;
};

using Rows = std::vector<std::string>;

TEST(AssemblerTest, NestedListsWithNullsAtEveryLevel) {
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    optional group a (LIST) {
      repeated group list {
        optional group element (LIST) {
          repeated group list { optional binary element (STRING); }
        }
      }
    }
  })",
            {{{5, 0, 0, "a"}, {5, 2, 0, "b"}, {5, 1, 0, "c"},  // [["a","b"],["c"]]
              {4, 0},                                            // [[null]]
              {1, 0},                                            // []
              {0, 0},                                            // null
              {2, 0},                                            // [null]
              {3, 0},                                            // [[]]
              {3, 0}, {4, 1}, {5, 2, 0, "z"}}}));                 // [[],[null,"z"]]
  EXPECT_EQ(f.Rows(), (Rows{R"({"a":[["a","b"],["c"]]})", R"({"a":[[null]]})", R"({"a":[]})",
                            R"({"a":null})", R"({"a":[null]})", R"({"a":[[]]})",
                            R"({"a":[[],[null,"z"]]})"}));
}

TEST(AssemblerTest, MapOfStructsWithNullValuesAndEmptyMap) {
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    optional group m (MAP) {
      repeated group key_value {
        required binary key (STRING);
        optional group value { optional int32 x; }
      }
    }
    required int32 id;
  })",
            {{{2, 0, 0, "a"}, {2, 1, 0, "b"}, {2, 1, 0, "c"}, {0, 0}, {1, 0}},
             {{4, 0, 1}, {2, 1}, {3, 1}, {0, 0}, {1, 0}},
             {{0, 0, 7}, {0, 0, 8}, {0, 0, 9}}}));
  EXPECT_EQ(f.Rows(), (Rows{R"({"m":[{"key":"a","value":{"x":1}},{"key":"b","value":null},{"key":"c","value":{"x":null}}],"id":7})",
                            R"({"m":null,"id":8})", R"({"m":[],"id":9})"}));
}

TEST(AssemblerTest, UnannotatedRepeatedFieldsAreLists) {
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    repeated int32 r;
    optional group g { repeated group p { required int32 q; } }
  })",
            {{{1, 0, 1}, {1, 1, 2}, {0, 0}, {1, 0, 3}},
             {{2, 0, 5}, {0, 0}, {1, 0}}}));
  EXPECT_EQ(f.Rows(), (Rows{R"({"r":[1,2],"g":{"p":[{"q":5}]}})", R"({"r":[],"g":null})",
                            R"({"r":[3],"g":{"p":[]}})"}));
}

TEST(AssemblerTest, LegacyTwoLevelListOfLists) {
  // LogicalTypes.md's backward-compatibility example: List<List<Integer>>.
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    optional group my_list (LIST) {
      repeated group array (LIST) { repeated int32 array; }
    }
  })",
            {{{3, 0, 1}, {3, 2, 2}, {3, 1, 3}, {2, 1}, {0, 0}, {1, 0}}}));
  EXPECT_EQ(f.Rows(), (Rows{R"({"my_list":[[1,2],[3],[]]})", R"({"my_list":null})", R"({"my_list":[]})"}));
}

TEST(AssemblerTest, MapWithoutValueAndDuplicateNames) {
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    optional group s (MAP) { repeated group key_value { required int32 key; } }
    required int32 a;
    required int32 a;
  })",
            {{{2, 0, 1}, {2, 1, 2}, {0, 0}}, {{0, 0, 10}, {0, 0, 11}}, {{0, 0, 20}, {0, 0, 21}}}));
  EXPECT_EQ(f.Rows(), (Rows{R"({"s":[{"key":1},{"key":2}],"a":10,"a":20})", R"({"s":null,"a":11,"a":21})"}));
}

TEST(AssemblerTest, StructsInListsWithNullFields) {
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    required group l (LIST) {
      repeated group list {
        optional group element { optional int64 x; required binary y (STRING); }
      }
    }
  })",
            // x: def max 3; y: def max 2.  [{x:1,y:"p"}, null, {x:null,y:"q"}], []
            {{{3, 0, 1}, {1, 1}, {2, 1}, {0, 0}}, {{2, 0, 0, "p"}, {1, 1}, {2, 1, 0, "q"}, {0, 0}}}));
  EXPECT_EQ(f.Rows(), (Rows{R"({"l":[{"x":1,"y":"p"},null,{"x":null,"y":"q"}]})", R"({"l":[]})"}));
}

TEST(AssemblerTest, ProjectionKeepsSchemaOrderAndSelectedLeaves) {
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    required int32 a;
    optional group g { optional int32 b; optional int32 c; }
  })",
            {{{2, 0, 5}, {0, 0}}}, {"g.c"}));
  EXPECT_EQ(f.Rows(), (Rows{R"({"g":{"c":5}})", R"({"g":null})"}));
}

// Naming the middle level of a list or a map (which the plan does not build
// itself) keeps the whole list or map; it gave {} before.
TEST(AssemblerTest, ProjectionOfTheMiddleLevelKeepsTheListOrMap) {
  const char* schema = R"(message m {
    optional group l (LIST) { repeated group list { optional int32 element; } }
    optional group mp (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }
    required int32 a;
  })";
  Fixture f;
  ASSERT_OK(f.Load(schema, {{{3, 0, 1}, {3, 1, 2}, {1, 0}}, {{2, 0, 0, "x"}, {0, 0}}, {{3, 0, 7}, {0, 0}}},
                   {"l.list", "mp.key_value"}));
  EXPECT_EQ(f.Rows(), (Rows{R"({"l":[1,2],"mp":[{"key":"x","value":7}]})", R"({"l":[],"mp":null})"}));
  Fixture g;
  ASSERT_OK(g.Load(schema, {{{3, 0, 4}}}, {"l.list.element"}));
  EXPECT_EQ(g.Rows(), (Rows{R"({"l":[4]})"}));
}

TEST(AssemblerTest, ValueTree) {
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    optional group m (MAP) { repeated group key_value { required binary key (STRING); optional int32 value; } }
    repeated int64 r;
  })",
            {{{2, 0, 0, "k"}, {2, 1, 0, "j"}}, {{3, 0, 4}, {2, 1}}, {{1, 0, 9}}}));
  Value row = f.FirstValue();
  ASSERT_EQ(row.kind(), Value::Kind::kStruct);
  ASSERT_EQ(row.names(), (std::vector<std::string>{"m", "r"}));
  const Value& m = row[0];
  ASSERT_EQ(m.kind(), Value::Kind::kMap);
  ASSERT_EQ(m.size(), 2u);
  EXPECT_EQ(m[0].Find("key")->bytes(), "k");
  EXPECT_EQ(m[0].Find("value")->int32_value(), 4);
  EXPECT_TRUE(m[1].Find("value")->is_null());
  ASSERT_EQ(row[1].kind(), Value::Kind::kList);
  ASSERT_EQ(row[1].size(), 1u);
  EXPECT_EQ(row[1][0], Value::Int64(9));
  EXPECT_EQ(row.DebugString(), R"({"m":map[{"key":"k","value":4},{"key":"j","value":null}],"r":[9]})");
}

TEST(AssemblerTest, DebugStringPrintsFloatsInTheirShortestBinary32Text) {
  Value row = Value::List();
  row.Append(Value::Float(2345552384.0f));
  row.Append(Value::Double(2345552384.0));
  row.Append(Value::Float(0.1f));
  EXPECT_EQ(row.DebugString(), "[2345552400,2345552384,0.1]");
}

TEST(AssemblerTest, DisagreeingColumnsAreCorruptNotACrash) {
  // Two leaves of one list element: x says two elements, y only one.
  Fixture f;
  ASSERT_OK(f.Load(R"(message m {
    repeated group p { required int32 x; required int32 y; }
  })",
            {{{1, 0, 1}, {1, 1, 2}}, {{1, 0, 3}}}));
  Status st;
  EXPECT_TRUE(f.Rows(&st).empty());
  EXPECT_STATUS(st, StatusCode::kCorrupt);
}

TEST(AssemblerTest, ValueUnderANullParentIsCorrupt) {
  Fixture f;
  ASSERT_OK(f.Load(R"(message m { optional group g { required int32 x; optional int32 y; } })",
            {{{0, 0}}, {{2, 0, 1}}}));
  Status st;
  EXPECT_TRUE(f.Rows(&st).empty());
  EXPECT_STATUS(st, StatusCode::kCorrupt);
}

TEST(AssemblyPlanTest, UnknownProjectionPath) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int32 a; }"));
  EXPECT_STATUS(BuildAssemblyPlan(schema, {"b"}), StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace parq
