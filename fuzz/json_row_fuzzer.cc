// `parq convert`'s JSON line parser (JsonRowParser) over a few fixed schemas,
// and RowWriter writing what it accepted into an in-memory file that is read
// back.
//   byte 0  bits 0-1: the schema (kSchemas); bit 2: data page v2; bit 3: no
//           dictionary; bits 4-5: rows a row group (1, 2, 3, unbounded);
//           bit 6: 64-byte data pages
//   the rest: JSON lines, one row each ('\n' between them)
// Invariants: a line the parser accepts is a row that RowWriter writes, or
// refuses with kInvalidArgument (the parser leaves a missing field null, which
// a required field refuses); the file written reads back, and RowReader gives
// the rows written (compared as their canonical text); JsonRowReader's text of
// each row parses again to a row whose text is the same (the canonical form
// is a fixed point); ColumnarReader reads every row group.  Errors are fine;
// kInternal is a bug.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <string_view>
#include <vector>

#include "fuzz_util.h"
#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "parq/schema.h"

namespace {

using parq::fuzz::CheckNotInternal;
using parq::fuzz::Die;

constexpr const char* kSchemas[] = {
    // Every kind of leaf.
    R"(message flat {
      required int32 i;
      optional int64 l;
      optional boolean b;
      optional float f;
      optional double d;
      optional binary s (STRING);
      optional binary raw;
      optional binary e (ENUM);
      optional binary j (JSON);
      optional fixed_len_byte_array(16) u (UUID);
      optional fixed_len_byte_array(2) h (FLOAT16);
      optional fixed_len_byte_array(12) iv (INTERVAL);
      optional fixed_len_byte_array(3) fx;
      optional int32 dt (DATE);
      optional int32 tm (TIME(MILLIS,true));
      optional int64 tn (TIME(NANOS,false));
      optional int64 ts (TIMESTAMP(MICROS,true));
      optional int64 tl (TIMESTAMP(NANOS,false));
      optional int96 old;
      optional int32 i8 (INTEGER(8,true));
      optional int32 u16 (INTEGER(16,false));
      optional int64 u64 (INTEGER(64,false));
      optional int32 unk (UNKNOWN);
    })",
    // Lists and maps, standard and legacy, nested.
    R"(message nested {
      optional group ll (LIST) { repeated group list { optional group element (LIST) {
        repeated group list { optional int32 element; } } } }
      required group m (MAP) { repeated group key_value { required binary key (STRING);
        optional group value (MAP) { repeated group key_value { required int64 key; optional double value; } } } }
      repeated group r { optional int64 x; repeated binary y (STRING); }
      optional group lm (LIST) { repeated group array (MAP) {
        repeated group map (MAP_KEY_VALUE) { required int32 key; optional binary value (STRING); } } }
      optional group two (LIST) { repeated int32 array; }
      optional group st { optional group inner { required boolean flag; } optional group sparse { optional int32 e; } }
      optional group set (MAP) { repeated group key_value { required binary key; } }
    })",
    // Decimals of every physical type, in a list and as a map key.
    R"(message decimals {
      required int32 d9 (DECIMAL(9,2));
      optional int64 d18 (DECIMAL(18,4));
      optional fixed_len_byte_array(16) d38 (DECIMAL(38,10));
      optional binary d50 (DECIMAL(50,5));
      optional int32 d0 (DECIMAL(5,0));
      optional group ld (LIST) { repeated group list { optional fixed_len_byte_array(5) element (DECIMAL(11,3)); } }
      optional group md (MAP) { repeated group key_value { required int64 key (DECIMAL(10,1)); optional binary value (DECIMAL(4,4)); } }
    })",
    // Variant, alone, in a list and in a struct.
    R"(message variants {
      optional group v (VARIANT(1)) { required binary metadata; required binary value; }
      optional group lv (LIST) { repeated group list { optional group element (VARIANT(1)) {
        required binary metadata; required binary value; } } }
      required group sv { required group v (VARIANT(1)) { required binary metadata; required binary value; }
        optional int32 n; }
    })",
};
constexpr size_t kNumSchemas = sizeof kSchemas / sizeof kSchemas[0];

struct Fixture {
  parq::Schema schema;
  std::unique_ptr<parq::JsonRowParser> parser;
};

const std::vector<Fixture>& Fixtures() {
  static const std::vector<Fixture>* fixtures = [] {
    auto* v = new std::vector<Fixture>();
    for (const char* text : kSchemas) {
      parq::Result<parq::Schema> s = parq::ParseMessageType(text);
      if (!s.ok()) Die("a fixed schema does not parse", s.status());
      v->push_back({std::move(*s), nullptr});
      parq::Result<std::unique_ptr<parq::JsonRowParser>> p = parq::JsonRowParser::Make(v->back().schema);
      if (!p.ok()) Die("no parser for a fixed schema", p.status());
      v->back().parser = std::move(*p);
    }
    return v;
  }();
  return *fixtures;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  if (size == 0) return 0;
  const uint8_t flags = data[0];
  const Fixture& fx = Fixtures()[(flags & 3) % kNumSchemas];
  std::string_view text(reinterpret_cast<const char*>(data + 1), size - 1);

  // Parse every line; keep the rows the parser accepts.
  std::vector<parq::Value> rows;
  while (!text.empty()) {
    const size_t nl = text.find('\n');
    const std::string_view line = text.substr(0, nl);
    text = nl == std::string_view::npos ? std::string_view() : text.substr(nl + 1);
    parq::Value row;
    parq::Status st = fx.parser->Parse(line, &row);
    if (!st.ok()) {
      CheckNotInternal(st, "JsonRowParser::Parse");
      continue;
    }
    rows.push_back(std::move(row));
  }

  // Write them.
  auto mem = std::make_unique<parq::MemoryOutputStream>();
  parq::MemoryOutputStream* sink = mem.get();
  parq::WriterOptions options;
  options.data_page_v2 = (flags & 4) != 0;
  options.column_defaults.dictionary = (flags & 8) == 0;
  static constexpr int64_t kGroupRows[] = {1, 2, 3, 1 << 20};
  options.max_rows_per_row_group = kGroupRows[(flags >> 4) & 3];
  if ((flags & 64) != 0) options.data_page_size = 64;
  parq::Result<std::unique_ptr<parq::FileWriter>> fw = parq::FileWriter::Open(std::move(mem), fx.schema, options);
  if (!fw.ok()) Die("FileWriter::Open", fw.status());
  parq::Result<std::unique_ptr<parq::RowWriter>> rw = parq::RowWriter::Open(**fw);
  if (!rw.ok()) Die("RowWriter::Open", rw.status());
  std::vector<const parq::Value*> written;
  for (const parq::Value& row : rows) {
    parq::Status st = (*rw)->Write(row);
    if (st.ok()) {
      written.push_back(&row);
    } else if (st.code() != parq::StatusCode::kInvalidArgument) {
      Die("RowWriter::Write", st);
    }
  }
  if (parq::Status st = (*rw)->Close(); !st.ok()) Die("RowWriter::Close", st);
  if (parq::Status st = (*fw)->Close(); !st.ok()) Die("FileWriter::Close", st);
  const std::string bytes = sink->bytes();

  // Read it back.
  std::shared_ptr<parq::RandomAccessFile> in(parq::OpenMemory(bytes));
  parq::Result<std::unique_ptr<parq::FileReader>> file = parq::FileReader::Open(in);
  if (!file.ok()) Die("the written file does not open", file.status());
  if ((*file)->metadata().num_rows() != static_cast<int64_t>(written.size())) Die("num_rows");
  parq::Result<std::unique_ptr<parq::RowReader>> reader = parq::RowReader::Open(**file);
  if (!reader.ok()) Die("RowReader::Open", reader.status());
  parq::Result<std::unique_ptr<parq::JsonRowReader>> json = parq::JsonRowReader::Open(**file);
  if (!json.ok()) Die("JsonRowReader::Open", json.status());
  parq::Value got, again;
  std::string line, line_again, from_json_reader;
  for (size_t i = 0;; ++i) {
    parq::Result<bool> more = (*reader)->Next(&got);
    if (!more.ok()) Die("RowReader::Next on the written file", more.status());
    from_json_reader.clear();
    parq::Result<bool> json_more = (*json)->Next(&from_json_reader);
    if (!json_more.ok()) Die("JsonRowReader::Next on the written file", json_more.status());
    if (*more != *json_more) Die("RowReader and JsonRowReader disagree on the row count");
    if (!*more) {
      if (i != written.size()) Die("fewer rows read than written");
      break;
    }
    if (i >= written.size()) Die("more rows read than written");
    line.clear();
    if (parq::Status st = (*json)->ToJson(got, &line); !st.ok()) Die("ToJson", st);
    line_again.clear();
    if (parq::Status st = (*json)->ToJson(*written[i], &line_again); !st.ok()) Die("ToJson (written)", st);
    if (line != line_again) Die(("row read back differs:\n" + line + "\n" + line_again).c_str());
    if (line != from_json_reader) Die(("ToJson and JsonRowReader::Next disagree:\n" + line + "\n" + from_json_reader).c_str());
    if (parq::Status st = fx.parser->Parse(line, &again); !st.ok()) {
      Die(("the canonical text of a row does not parse:\n" + line).c_str(), st);
    }
    line_again.clear();
    if (parq::Status st = (*json)->ToJson(again, &line_again); !st.ok()) Die("ToJson (again)", st);
    if (line_again != line) Die(("the canonical text is not a fixed point:\n" + line + "\n" + line_again).c_str());
  }

  parq::Result<std::unique_ptr<parq::ColumnarReader>> columnar = parq::ColumnarReader::Open(**file);
  if (!columnar.ok()) Die("ColumnarReader::Open", columnar.status());
  parq::ColumnarBatch batch;
  int64_t columnar_rows = 0;
  for (int rg = 0; rg < (*file)->metadata().num_row_groups(); ++rg) {
    if (parq::Status st = (*columnar)->ReadRowGroup(rg, &batch); !st.ok()) Die("ColumnarReader::ReadRowGroup", st);
    columnar_rows += batch.num_rows;
  }
  if (columnar_rows != static_cast<int64_t>(written.size())) Die("ColumnarReader's row count");
  return 0;
}
