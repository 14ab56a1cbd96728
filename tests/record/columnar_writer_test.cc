// ColumnarWriter: hand-made Arrow-layout batches (nulls at every level, null
// lists over non-empty ranges, slices, int32 and int64 offsets) written and
// read back as canonical JSON rows, which must equal the rows the same data
// gives through RowWriter; bad batches refused with nothing written.
#include <gtest/gtest.h>

#include <cstring>
#include <memory>
#include <string>
#include <vector>

#include "parq/columnar_writer.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/metadata.h"
#include "parq/row_writer.h"
#include "testing/json_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

using testing::JsonRowsOfBytes;

// The rows through RowWriter, read back: what the columnar path must give.
Result<std::vector<std::string>> ThroughRows(const Schema& schema, const std::vector<std::string>& rows) {
  PARQ_ASSIGN_OR_RETURN(std::string bytes, testing::WriteJsonRows(schema, rows));
  return JsonRowsOfBytes(bytes);
}

struct Written {
  std::string bytes;
  std::vector<std::string> rows;
};

// Writes the batches with a ColumnarWriter (options as given) and reads back.
Result<Written> WriteColumns(const Schema& schema, const std::vector<const ColumnView*>& batches,
                             const WriterOptions& wo = {}, const ColumnarWriterOptions& co = {}) {
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  PARQ_ASSIGN_OR_RETURN(auto fw, FileWriter::Open(std::move(mem), schema, wo));
  PARQ_ASSIGN_OR_RETURN(auto cw, ColumnarWriter::Open(*fw, co));
  for (const ColumnView* b : batches) PARQ_RETURN_IF_ERROR(cw->Write(*b));
  PARQ_RETURN_IF_ERROR(fw->Close());
  Written w;
  w.bytes = sink->bytes();
  PARQ_ASSIGN_OR_RETURN(w.rows, JsonRowsOfBytes(w.bytes));
  return w;
}


constexpr const char* kFlatSchema = R"(message m {
  required int64 id;
  optional binary name (STRING);
  optional boolean flag;
  required double x;
  optional fixed_len_byte_array(2) f;
})";

const std::vector<std::string> kFlatRows = {
    R"({"id":1,"name":"a","flag":true,"x":0.5,"f":"QUI="})",
    R"({"id":2,"name":null,"flag":false,"x":1.5,"f":null})",
    R"({"id":3,"name":"","flag":null,"x":2.5,"f":"Q0Q="})",
    R"({"id":4,"name":"dd","flag":true,"x":-3.25,"f":"RUY="})",
    R"({"id":5,"name":null,"flag":null,"x":4.75,"f":null})",
};

// kFlatRows as Arrow-layout buffers.
struct FlatData {
  int64_t id[5] = {1, 2, 3, 4, 5};
  int32_t name_off[6] = {0, 1, 1, 1, 3, 3};
  const char* name_data = "add";
  uint8_t name_valid[1] = {0b01101};
  uint8_t flag_bits[1] = {0b01001};
  uint8_t flag_valid[1] = {0b01011};
  double x[5] = {0.5, 1.5, 2.5, -3.25, 4.75};
  const char* f = "ABxxCDEFxx";
  uint8_t f_valid[1] = {0b01101};

  ColumnView Batch() const {
    return ColumnView::Struct(5, {ColumnView::Fixed(5, id), ColumnView::Binary(5, name_off, name_data, name_valid),
                                  ColumnView::Fixed(5, flag_bits, flag_valid), ColumnView::Fixed(5, x),
                                  ColumnView::Fixed(5, f, f_valid)});
  }
};

TEST(ColumnarWriterTest, FlatColumnsWithNulls) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(kFlatSchema));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> expected, ThroughRows(schema, kFlatRows));
  EXPECT_EQ(expected, kFlatRows);
  FlatData d;
  const ColumnView batch = d.Batch();
  ASSERT_OK_AND_ASSIGN(Written w, WriteColumns(schema, {&batch}));
  EXPECT_EQ(w.rows, kFlatRows);
}

TEST(ColumnarWriterTest, SlicesOfTheRootAndOfOneLeaf) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(kFlatSchema));
  FlatData d;
  ColumnView batch = d.Batch();
  batch.offset = 2;  // rows 2..4
  batch.length = 3;
  ASSERT_OK_AND_ASSIGN(Written w, WriteColumns(schema, {&batch}));
  EXPECT_EQ(w.rows, std::vector<std::string>(kFlatRows.begin() + 2, kFlatRows.end()));

  // A leaf of its own offset: `id` shifted by one slot.
  const int64_t ids[] = {0, 1, 2, 3, 4, 5};
  ColumnView shifted = d.Batch();
  shifted.children[0] = ColumnView::Fixed(5, ids);
  shifted.children[0].offset = 1;
  ASSERT_OK_AND_ASSIGN(Written w2, WriteColumns(schema, {&shifted}));
  EXPECT_EQ(w2.rows, kFlatRows);
}

constexpr const char* kNestedSchema = R"(message m {
  optional group items (LIST) {
    repeated group list {
      optional group element {
        required int32 a;
        optional group attrs (MAP) {
          repeated group key_value {
            required binary key (STRING);
            optional int64 value;
          }
        }
      }
    }
  }
  required int32 k;
})";

const std::vector<std::string> kNestedRows = {
    R"({"items":[{"a":1,"attrs":[{"key":"x","value":10},{"key":"y","value":null}]},null,{"a":2,"attrs":null}],"k":0})",
    R"({"items":null,"k":1})",
    R"({"items":[],"k":2})",
    R"({"items":[{"a":3,"attrs":[]}],"k":3})",
};

// kNestedRows; the null list of row 1 spans element slots 3 and 4, and the
// map of element 3 holds an entry: Arrow lets a null slot cover anything.
struct NestedData {
  int32_t items_off[5] = {0, 3, 5, 5, 6};
  uint8_t items_valid[1] = {0b1101};
  uint8_t elem_valid[1] = {0b111101};
  int32_t a[6] = {1, -1, 2, 99, 98, 3};
  int64_t attrs_off[7] = {0, 2, 2, 2, 3, 3, 3};
  uint8_t attrs_valid[1] = {0b111001};
  int32_t key_off[4] = {0, 1, 2, 3};
  const char* keys = "xyz";
  int64_t values[3] = {10, -1, 7};
  uint8_t values_valid[1] = {0b101};
  int32_t k[4] = {0, 1, 2, 3};

  ColumnView Batch() const {
    ColumnView attrs =
        ColumnView::Map(6, attrs_off, ColumnView::Binary(3, key_off, keys), ColumnView::Fixed(3, values, values_valid),
                        attrs_valid);
    ColumnView element = ColumnView::Struct(6, {ColumnView::Fixed(6, a), std::move(attrs)}, elem_valid);
    return ColumnView::Struct(4, {ColumnView::List(4, items_off, std::move(element), items_valid), ColumnView::Fixed(4, k)});
  }
};

TEST(ColumnarWriterTest, ListsOfStructsOfMapsWithNullsAtEveryLevel) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(kNestedSchema));
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> expected, ThroughRows(schema, kNestedRows));
  EXPECT_EQ(expected, kNestedRows);
  NestedData d;
  const ColumnView batch = d.Batch();
  ASSERT_OK_AND_ASSIGN(Written w, WriteColumns(schema, {&batch}));
  EXPECT_EQ(w.rows, kNestedRows);

  // Two slices of the same buffers, as two batches: rows 0..1 and 2..3.
  ColumnView first = d.Batch(), second = d.Batch();
  first.length = 2;
  second.offset = 2;
  second.length = 2;
  ASSERT_OK_AND_ASSIGN(Written w2, WriteColumns(schema, {&first, &second}));
  EXPECT_EQ(w2.rows, kNestedRows);
}

TEST(ColumnarWriterTest, FixedSizeListsAndLegacyRepeatedFields) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
    required group pair (LIST) { repeated group list { required int32 element; } }
    repeated int64 legacy;
  })"));
  const int32_t pairs[] = {1, 2, 3, 4, 5, 6};
  const int64_t legacy[] = {7, 8, 9};
  const int64_t legacy_off[] = {0, 2, 2, 3};
  ColumnView pair;
  pair.kind = ColumnView::Kind::kList;
  pair.length = 3;
  pair.list_size = 2;
  pair.children.push_back(ColumnView::Fixed(6, pairs));
  ColumnView batch = ColumnView::Struct(3, {std::move(pair), ColumnView::List(3, legacy_off, ColumnView::Fixed(3, legacy))});
  ASSERT_OK_AND_ASSIGN(Written w, WriteColumns(schema, {&batch}));
  const std::vector<std::string> rows = {R"({"pair":[1,2],"legacy":[7,8]})", R"({"pair":[3,4],"legacy":[]})",
                                         R"({"pair":[5,6],"legacy":[9]})"};
  EXPECT_EQ(w.rows, rows);
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> expected, ThroughRows(schema, rows));
  EXPECT_EQ(expected, rows);
}

TEST(ColumnarWriterTest, RowGroupsFollowTheFileLimits) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int64 v; }"));
  int64_t v[10];
  for (int i = 0; i < 10; ++i) v[i] = i;
  ColumnView a = ColumnView::Struct(4, {ColumnView::Fixed(10, v)});
  ColumnView b = a, c = a;
  b.offset = 4;
  c.offset = 8;
  c.length = 2;
  WriterOptions wo;
  wo.max_rows_per_row_group = 3;
  ColumnarWriterOptions co;
  co.batch_rows = 2;
  ASSERT_OK_AND_ASSIGN(Written w, WriteColumns(schema, {&a, &b, &c}, wo, co));
  ASSERT_EQ(w.rows.size(), 10u);
  for (int i = 0; i < 10; ++i) EXPECT_EQ(w.rows[static_cast<size_t>(i)], "{\"v\":" + std::to_string(i) + "}");
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(w.bytes))));
  ASSERT_EQ(file->metadata().num_row_groups(), 4);
  const int64_t sizes[] = {3, 3, 3, 1};
  for (int g = 0; g < 4; ++g) EXPECT_EQ(file->metadata().row_group(g).num_rows(), sizes[g]);
}

TEST(ColumnarWriterTest, WriteRowGroupMakesOneGroupPerCall) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(kNestedSchema));
  NestedData d;
  const ColumnView batch = d.Batch();
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(std::move(mem), schema));
  ASSERT_OK_AND_ASSIGN(auto cw, ColumnarWriter::Open(*fw));
  ASSERT_OK(cw->Write(batch));  // an open group, ended by the next call
  ASSERT_OK(cw->WriteRowGroup(batch));
  ASSERT_OK(cw->WriteRowGroup(batch));
  EXPECT_EQ(cw->rows_written(), 12);
  ASSERT_OK(fw->Close());
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(sink->bytes()))));
  ASSERT_EQ(file->metadata().num_row_groups(), 3);
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, JsonRowsOfBytes(sink->bytes()));
  ASSERT_EQ(rows.size(), 12u);
  EXPECT_EQ(rows[8], kNestedRows[0]);
}

TEST(ColumnarWriterTest, BadBatchesAreRefusedAndNothingOfThemIsWritten) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(kNestedSchema));
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(std::move(mem), schema));
  ASSERT_OK_AND_ASSIGN(auto cw, ColumnarWriter::Open(*fw));
  NestedData d;

  {  // non-monotonic list offsets
    NestedData bad = d;
    bad.items_off[2] = 2;
    EXPECT_STATUS_HAS(cw->Write(bad.Batch()), StatusCode::kInvalidArgument, "field 'items': offsets decrease at slot 1");
  }
  {  // offsets past the child
    NestedData bad = d;
    bad.items_off[4] = 7;
    EXPECT_STATUS_HAS(cw->Write(bad.Batch()), StatusCode::kInvalidArgument, "offsets reach 7, past the 6 child slots");
  }
  {  // a negative first offset
    NestedData bad = d;
    bad.attrs_off[0] = -1;
    EXPECT_STATUS_HAS(cw->Write(bad.Batch()), StatusCode::kInvalidArgument, "offsets start at -1");
  }
  {  // byte array offsets past the known data
    ColumnView b = d.Batch();
    b.children[0].children[0].children[1].children[0].data_length = 2;
    EXPECT_STATUS_HAS(cw->Write(b), StatusCode::kInvalidArgument, "past the 2 bytes of data");
  }
  {  // a struct child shorter than its struct
    ColumnView b = d.Batch();
    b.children[1].length = 3;
    EXPECT_STATUS_HAS(cw->Write(b), StatusCode::kInvalidArgument, "field 'k': 3 slots where its struct needs 4");
  }
  {  // a null in a required field
    const uint8_t k_valid[1] = {0b1011};
    ColumnView b = d.Batch();
    b.children[1].validity = k_valid;
    EXPECT_STATUS_HAS(cw->Write(b), StatusCode::kInvalidArgument, "field 'k': null in a required field (slot 2)");
  }
  {  // a leaf where the schema has a list; a missing field
    ColumnView b = d.Batch();
    b.children[0] = ColumnView::Fixed(4, d.k);
    EXPECT_STATUS_HAS(cw->Write(b), StatusCode::kInvalidArgument, "field 'items': a leaf view where the schema has a list");
    ColumnView c = d.Batch();
    c.children.pop_back();
    EXPECT_STATUS_HAS(cw->Write(c), StatusCode::kInvalidArgument, "1 children where the schema has 2");
  }
  EXPECT_EQ(cw->rows_written(), 0);
  ASSERT_OK(cw->Write(d.Batch()));  // still usable
  ASSERT_OK(fw->Close());
  ASSERT_OK_AND_ASSIGN(std::vector<std::string> rows, JsonRowsOfBytes(sink->bytes()));
  EXPECT_EQ(rows, kNestedRows);
}

TEST(ColumnarWriterTest, MisalignedValuesAreCopiedBeforeTheyAreRead) {
  // Arrow does not promise alignment; the column writer reads int32_t.
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType("message m { required int32 v; }"));
  alignas(8) uint8_t raw[4 * 5 + 1];
  for (int i = 0; i < 5; ++i) {
    const int32_t v = i * 7;
    std::memcpy(raw + 1 + 4 * i, &v, 4);
  }
  ColumnView misaligned = ColumnView::Struct(5, {ColumnView::Fixed(5, raw + 1)});
  ASSERT_OK_AND_ASSIGN(Written w, WriteColumns(schema, {&misaligned}));
  ASSERT_EQ(w.rows.size(), 5u);
  EXPECT_EQ(w.rows[4], R"({"v":28})");
}

}  // namespace
}  // namespace parq
