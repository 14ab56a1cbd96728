// ColumnarReader: hand-made nested files with nulls at every level checked
// slot by slot, and every corpus file checked against an independent
// derivation of the same layout from RowReader's rows (a walk of the Value
// trees instead of the levels).
#include <gtest/gtest.h>

#include <cstring>
#include <filesystem>
#include <fstream>
#include <memory>
#include <sstream>
#include <string>
#include <vector>

#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "corpus/corpus_test_util.h"
#include "testing/json_rows.h"
#include "testing/columnar_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;
using Kind = ColumnarNode::Kind;

const fs::path kTesting = fs::path(PARQ_SHARED_DIR) / "parquet-testing";

Result<std::string> WriteRows(const char* schema_text, const std::vector<std::string>& rows,
                              int64_t group_rows = 1 << 20) {
  return testing::WriteJsonRows(schema_text, rows, group_rows);
}

Result<std::unique_ptr<FileReader>> OpenBytes(const std::string& bytes) {
  return FileReader::Open(std::shared_ptr<RandomAccessFile>(OpenMemory(bytes)));
}

const ColumnarLeaf* FindLeaf(const ColumnarBatch& b, const std::string& dotted) {
  for (const ColumnarLeaf& l : b.leaves) {
    if (l.descriptor->dotted_path == dotted) return &l;
  }
  return nullptr;
}

std::vector<int64_t> Int64s(const ColumnarLeaf& l) {
  std::vector<int64_t> v(static_cast<size_t>(l.leaf().length));
  if (!v.empty()) std::memcpy(v.data(), l.values.data(), v.size() * 8);
  return v;
}

std::vector<std::string> Strings(const ColumnarLeaf& l) {
  std::vector<std::string> v;
  for (size_t i = 0; i + 1 < l.offsets.size(); ++i) {
    v.emplace_back(reinterpret_cast<const char*>(l.data.data()) + l.offsets[i],
                   static_cast<size_t>(l.offsets[i + 1] - l.offsets[i]));
  }
  return v;
}

using Bytes = std::vector<uint8_t>;
using Offs = std::vector<int64_t>;

// An LSB-first bitmap of the given bits (as ColumnarNode::validity holds them).
Bytes Bits(std::initializer_list<int> bits) {
  Bytes out((bits.size() + 7) / 8, 0);
  size_t i = 0;
  for (int b : bits) {
    if (b) out[i / 8] |= static_cast<uint8_t>(1u << (i % 8));
    ++i;
  }
  return out;
}

TEST(ColumnarReaderTest, ListOfStructWithNullsAtEveryLevel) {
  const char* schema = R"(message m {
  required int64 id;
  optional group items (LIST) {
    repeated group list {
      optional group element {
        optional int64 a;
        optional binary b (STRING);
      }
    }
  }
})";
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteRows(schema, {
                                                  R"({"id":1,"items":[{"a":10,"b":"x"},{"a":null,"b":"yy"}]})",
                                                  R"({"id":2,"items":null})",
                                                  R"({"id":3,"items":[]})",
                                                  R"({"id":4,"items":[null,{"a":40,"b":null}]})",
                                              }));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ASSERT_OK_AND_ASSIGN(auto reader, ColumnarReader::Open(*file));
  ColumnarBatch batch;
  ASSERT_OK(reader->ReadRowGroup(0, &batch));
  EXPECT_EQ(batch.num_rows, 4);
  ASSERT_EQ(batch.leaves.size(), 3u);

  const ColumnarLeaf& id = *FindLeaf(batch, "id");
  ASSERT_EQ(id.path.size(), 1u);
  EXPECT_EQ(id.leaf().kind, Kind::kLeaf);
  EXPECT_EQ(Int64s(id), (std::vector<int64_t>{1, 2, 3, 4}));
  EXPECT_EQ(id.leaf().validity, Bits({1, 1, 1, 1}));

  const ColumnarLeaf& a = *FindLeaf(batch, "items.list.element.a");
  ASSERT_EQ(a.path.size(), 3u);  // items (list) → element (struct) → a
  EXPECT_EQ(a.path[0].kind, Kind::kList);
  EXPECT_EQ(a.path[0].name, "items");
  EXPECT_EQ(a.path[0].validity, Bits({1, 0, 1, 1}));
  EXPECT_EQ(a.path[0].null_count, 1);
  EXPECT_EQ(a.path[0].offsets, (Offs{0, 2, 2, 2, 4}));
  EXPECT_EQ(a.path[1].kind, Kind::kStruct);
  EXPECT_EQ(a.path[1].validity, Bits({1, 1, 0, 1}));
  EXPECT_EQ(a.leaf().validity, Bits({1, 0, 0, 1}));
  EXPECT_EQ(a.leaf().null_count, 2);
  EXPECT_EQ(Int64s(a), (std::vector<int64_t>{10, 0, 0, 40}));

  const ColumnarLeaf& b = *FindLeaf(batch, "items.list.element.b");
  EXPECT_EQ(b.path[0].offsets, (Offs{0, 2, 2, 2, 4}));
  EXPECT_EQ(b.leaf().validity, Bits({1, 1, 0, 0}));
  EXPECT_EQ(Strings(b), (std::vector<std::string>{"x", "yy", "", ""}));

  // Projection, and the buffers reused for a second read.
  ASSERT_OK_AND_ASSIGN(auto only_b, ColumnarReader::Open(*file, {.columns = {"items.list.element.b"}}));
  ASSERT_OK(only_b->ReadRowGroup(0, &batch));
  ASSERT_EQ(batch.leaves.size(), 1u);
  EXPECT_EQ(Strings(batch.leaves[0]), (std::vector<std::string>{"x", "yy", "", ""}));
  EXPECT_STATUS(only_b->ReadRowGroup(1, &batch), StatusCode::kInvalidArgument);
}

TEST(ColumnarReaderTest, MapsNestedListsAndStructs) {
  const char* schema = R"(message m {
  optional group m (MAP) {
    repeated group key_value {
      required binary key (STRING);
      optional group value (LIST) {
        repeated group list {
          optional int32 element;
        }
      }
    }
  }
  optional group s {
    required group t {
      optional double d;
    }
  }
})";
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteRows(schema, {
                                                  R"({"m":[{"key":"k1","value":[1,null]},{"key":"k2","value":null}],"s":{"t":{"d":1.5}}})",
                                                  R"({"m":null,"s":null})",
                                                  R"({"m":[],"s":{"t":{"d":null}}})",
                                                  R"({"m":[{"key":"k3","value":[]}],"s":{"t":{"d":-2.0}}})",
                                              }));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ASSERT_OK_AND_ASSIGN(auto reader, ColumnarReader::Open(*file));
  ColumnarBatch batch;
  ASSERT_OK(reader->ReadRowGroup(0, &batch));

  const ColumnarLeaf& key = *FindLeaf(batch, "m.key_value.key");
  ASSERT_EQ(key.path.size(), 2u);
  EXPECT_EQ(key.path[0].kind, Kind::kMap);
  EXPECT_EQ(key.path[0].validity, Bits({1, 0, 1, 1}));
  EXPECT_EQ(key.path[0].offsets, (Offs{0, 2, 2, 2, 3}));
  EXPECT_EQ(key.leaf().name, "key");
  EXPECT_EQ(Strings(key), (std::vector<std::string>{"k1", "k2", "k3"}));

  const ColumnarLeaf& el = *FindLeaf(batch, "m.key_value.value.list.element");
  ASSERT_EQ(el.path.size(), 3u);  // map → value (list) → element
  EXPECT_EQ(el.path[1].kind, Kind::kList);
  EXPECT_EQ(el.path[1].name, "value");
  EXPECT_EQ(el.path[1].validity, Bits({1, 0, 1}));
  EXPECT_EQ(el.path[1].offsets, (Offs{0, 2, 2, 2}));
  EXPECT_EQ(el.leaf().validity, Bits({1, 0}));
  ASSERT_EQ(el.values.size(), 8u);
  int32_t first;
  std::memcpy(&first, el.values.data(), 4);
  EXPECT_EQ(first, 1);

  const ColumnarLeaf& d = *FindLeaf(batch, "s.t.d");
  ASSERT_EQ(d.path.size(), 3u);
  EXPECT_EQ(d.path[0].validity, Bits({1, 0, 1, 1}));
  EXPECT_EQ(d.path[1].validity, Bits({1, 0, 1, 1}));  // required t: present when s is
  EXPECT_FALSE(d.path[1].nullable);
  EXPECT_EQ(d.leaf().validity, Bits({1, 0, 0, 1}));
  double dv[4];
  std::memcpy(dv, d.values.data(), sizeof dv);
  EXPECT_EQ(dv[0], 1.5);
  EXPECT_EQ(dv[1], 0.0);
  EXPECT_EQ(dv[3], -2.0);
}

TEST(ColumnarReaderTest, BooleansAndValidityAreBitmaps) {
  std::vector<std::string> rows;
  // Ten rows, so that the bitmaps run into a second byte: true, false, null, ...
  for (int i = 0; i < 10; ++i) {
    rows.push_back(std::string("{\"b\":") + (i % 3 == 2 ? "null" : i % 3 == 0 ? "true" : "false") + "}");
  }
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteRows("message m { optional boolean b; }", rows));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ASSERT_OK_AND_ASSIGN(auto reader, ColumnarReader::Open(*file));
  ColumnarBatch batch;
  ASSERT_OK(reader->ReadRowGroup(0, &batch));
  const ColumnarLeaf& b = batch.leaves.at(0);
  EXPECT_EQ(b.value_width, 0);
  EXPECT_EQ(b.leaf().length, 10);
  EXPECT_EQ(b.leaf().null_count, 3);
  EXPECT_EQ(b.leaf().validity, Bits({1, 1, 0, 1, 1, 0, 1, 1, 0, 1}));
  EXPECT_EQ(b.values, Bits({1, 0, 0, 1, 0, 0, 1, 0, 0, 1}));
}

TEST(ColumnarReaderTest, RowGroupsAndCorruptLevels) {
  const char* schema = "message m { required int64 x; repeated int32 r; }";
  std::vector<std::string> rows;
  for (int i = 0; i < 2500; ++i) rows.push_back("{\"x\":" + std::to_string(i) + ",\"r\":[" + (i % 2 ? "1,2" : "") + "]}");
  ASSERT_OK_AND_ASSIGN(const std::string bytes, WriteRows(schema, rows, 1000));
  ASSERT_OK_AND_ASSIGN(auto file, OpenBytes(bytes));
  ASSERT_EQ(file->metadata().num_row_groups(), 3);
  ASSERT_OK_AND_ASSIGN(auto reader, ColumnarReader::Open(*file, {.columns = {}, .batch_levels = 7}));
  ColumnarBatch batch;
  ASSERT_OK(reader->ReadRowGroup(2, &batch));
  EXPECT_EQ(batch.num_rows, 500);
  const ColumnarLeaf& x = *FindLeaf(batch, "x");
  EXPECT_EQ(Int64s(x).front(), 2000);
  const ColumnarLeaf& r = *FindLeaf(batch, "r");
  EXPECT_EQ(r.path[0].kind, Kind::kList);  // an unannotated repeated field: a required list
  EXPECT_EQ(r.path[0].length, 500);
  EXPECT_EQ(r.path[0].offsets.back(), 500);  // 250 rows of two
  EXPECT_EQ(r.leaf().length, 500);

  // A source whose chunk holds fewer rows than the row group claims.
  RowSource src = RowSource::FromFile(*file);
  src.row_group_rows = {1001, 1000, 500};
  ASSERT_OK_AND_ASSIGN(auto lying, ColumnarReader::Open(std::move(src)));
  const Status st = lying->ReadRowGroup(0, &batch);
  EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "1000 rows, the row group 1001");
  EXPECT_STATUS_HAS(st, StatusCode::kCorrupt, "column 'x'");

  // Every leaf fails there; read by three threads, the error is still the
  // first leaf's, every time.
  for (int round = 0; round < 20; ++round) {
    RowSource again = RowSource::FromFile(*file);
    again.row_group_rows = {1001, 1000, 500};
    ASSERT_OK_AND_ASSIGN(auto threaded, ColumnarReader::Open(std::move(again), {.columns = {}, .batch_levels = 7, .threads = 3}));
    EXPECT_EQ(threaded->ReadRowGroup(0, &batch).ToString(), st.ToString());
    ASSERT_OK(threaded->ReadRowGroup(2, &batch));
    EXPECT_EQ(Int64s(*FindLeaf(batch, "x")).front(), 2000);
  }
}

// --- The corpus: the layout derived from RowReader's rows (testing/columnar_rows.h)

std::vector<std::string> ManifestFiles() {  // the files some reader's expected output was chosen from
  std::vector<std::string> out;
  for (const auto& row : corpus_test::ManifestRows()) {
    if (row.size() > 4 && row[4] != "none") out.push_back(row[0]);
  }
  return out;
}

bool SameLeaf(const ColumnarLeaf& a, const ColumnarLeaf& b) {
  if (a.column != b.column || a.descriptor != b.descriptor || a.value_width != b.value_width ||
      a.values != b.values || a.offsets != b.offsets || a.data != b.data || a.path.size() != b.path.size()) {
    return false;
  }
  for (size_t k = 0; k < a.path.size(); ++k) {
    const ColumnarNode& x = a.path[k];
    const ColumnarNode& y = b.path[k];
    if (x.kind != y.kind || x.name != y.name || x.nullable != y.nullable || x.length != y.length ||
        x.null_count != y.null_count || x.validity != y.validity || x.offsets != y.offsets) {
      return false;
    }
  }
  return true;
}

// ColumnarReaderOptions::threads: every corpus file's batches, read by three
// threads (more than this machine has cores) into a reused batch, are those
// one thread reads.
TEST(ColumnarReaderTest, CorpusThreadsReadWhatOneThreadReads) {
  int leaves = 0;
  for (const std::string& name : ManifestFiles()) {
    SCOPED_TRACE(name);
    // CRCs unchecked: corrupt-checksum corpus files hold good data to read.
    ASSERT_OK_AND_ASSIGN(auto file,
                         FileReader::Open((kTesting / name).string(), ReaderOptions{.verify_checksums = false}));
    ASSERT_OK_AND_ASSIGN(auto one, ColumnarReader::Open(*file));
    ASSERT_OK_AND_ASSIGN(auto three, ColumnarReader::Open(*file, {.columns = {}, .batch_levels = 1000, .threads = 3}));
    ColumnarBatch expected, got;
    for (int rg = 0; rg < file->metadata().num_row_groups(); ++rg) {
      ASSERT_OK(one->ReadRowGroup(rg, &expected));
      ASSERT_OK(three->ReadRowGroup(rg, &got));
      ASSERT_EQ(got.num_rows, expected.num_rows);
      ASSERT_EQ(got.leaves.size(), expected.leaves.size());
      for (size_t i = 0; i < got.leaves.size(); ++i) {
        EXPECT_TRUE(SameLeaf(got.leaves[i], expected.leaves[i])) << "row group " << rg << " leaf " << i;
        ++leaves;
      }
    }
  }
  EXPECT_GT(leaves, 500);
}

TEST(ColumnarReaderTest, CorpusEveryFileMatchesItsRows) {
  int files = 0, leaves = 0;
  int64_t slots = 0;
  for (const std::string& name : ManifestFiles()) {
    SCOPED_TRACE(name);
    ASSERT_OK_AND_ASSIGN(auto file,
                         FileReader::Open((kTesting / name).string(), ReaderOptions{.verify_checksums = false}));
    ASSERT_OK_AND_ASSIGN(auto rows, RowReader::Open(*file));
    ASSERT_OK_AND_ASSIGN(auto reader, ColumnarReader::Open(*file));
    ColumnarBatch batch;
    const FileMetaData& md = file->metadata();
    for (int rg = 0; rg < md.num_row_groups(); ++rg) {
      ASSERT_OK(reader->ReadRowGroup(rg, &batch));
      std::vector<Value> group(static_cast<size_t>(md.row_group(rg).num_rows()));
      for (Value& row : group) {
        ASSERT_OK_AND_ASSIGN(bool more, rows->Next(&row));
        ASSERT_TRUE(more) << "row reader ended early";
      }
      for (const ColumnarLeaf& leaf : batch.leaves) {
        testing::ExpectLeafMatchesRows(leaf, group, rows->field_names());
        ++leaves;
        slots += leaf.leaf().length;
        if (HasFailure()) return;
      }
    }
    ++files;
  }
  std::printf("columnar corpus: %d files, %d leaf chunks, %lld leaf slots, all equal to the rows' layout\n", files,
              leaves, static_cast<long long>(slots));
  EXPECT_GT(files, 200);
}

}  // namespace
}  // namespace parq
