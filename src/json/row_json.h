// json/row_json.h — assembled rows as the canonical JSON of
// docs/rows-as-json.md.
//
// JsonSink is the Assembler sink that writes a row's text directly (no Value
// tree): leaves go through their column's LeafFormatter, chosen by slot.
// VARIANT groups arrive assembled as a Value (metadata, value, typed_value)
// and are decoded by AppendVariantGroupJson: the binary value through
// json/variant_json.h, a shredded typed_value (VariantShredding.md) by
// walking it — an object's shredded fields merged with the fields left in its
// `value`, a field that is missing in both omitted, a missing array element
// null, typed_value winning over value, a missing top-level value null.
//
// AppendValueRowJson writes the same text for a row assembled as a Value
// (RowReader's), checking that the Value has the plan's shape.
//
// Errors (a value its formatter cannot show, malformed variant bytes) are
// sticky in the sink: status() after the row.
#ifndef PARQ_JSON_ROW_JSON_H_
#define PARQ_JSON_ROW_JSON_H_

#include <span>
#include <string>
#include <vector>

#include "json/json_writer.h"
#include "json/leaf_format.h"
#include "parq/record.h"
#include "parq/status.h"
#include "record/assembly_plan.h"
#include "record/leaf_buffer.h"

namespace parq {

// One leaf value (a LeafBuffer entry or a leaf Value) through its formatter.
Status AppendLeafJson(std::string& out, const LeafFormatter& f, const LeafBuffer& b, size_t i);
Status AppendLeafValueJson(std::string& out, const LeafFormatter& f, const Value& v);

// `p` is a kVariant plan node, `v` its assembled (non-null) group.
// `formatters` is indexed by plan slot.
Status AppendVariantGroupJson(std::string& out, const PlanNode& p, const Value& v,
                              const std::vector<LeafFormatter>& formatters);

// One field of such a row: `p` its plan node, `v` its Value.
Status AppendValueJson(std::string& out, const PlanNode& p, const Value& v,
                       const std::vector<LeafFormatter>& formatters);

// A whole row: `root` is the plan's root, `row` a Value that RowReader
// assembled with that plan.  kInvalidArgument when it has another shape.
Status AppendValueRowJson(std::string& out, const PlanNode& root, const Value& row,
                          const std::vector<LeafFormatter>& formatters);

class JsonSink {
 public:
  explicit JsonSink(const std::vector<LeafFormatter>* formatters) : fmt_(formatters) {}

  // Begins a row object appended to *out; End() closes it.
  void Start(std::string* out) {
    w_ = JsonWriter(out);
    w_.BeginObject();
    status_ = Status::OK();
  }
  void End() { w_.EndObject(); }
  // Begins one bare value (no row object) appended to *out: what a caller
  // writing a row's fields one by one (the CSV writer) starts each with.
  void StartValue(std::string* out) { w_ = JsonWriter(out); }

  void Null() { w_.Null(); }
  void Leaf(const LeafBuffer& b, size_t i) {
    Status st = AppendLeafJson(w_.BeginValue(), (*fmt_)[static_cast<size_t>(b.slot)], b, i);
    if (!st.ok()) [[unlikely]] Keep(std::move(st));
  }
  void BeginList() { w_.BeginArray(); }
  void EndList() { w_.EndArray(); }
  void BeginStruct() { w_.BeginObject(); }
  void Field(const PlanNode& p) { w_.Key(p.name); }
  void EndStruct() { w_.EndObject(); }
  void BeginMap() { w_.BeginArray(); }
  void EndMap() { w_.EndArray(); }
  void Variant(const PlanNode& p, Value&& v) {
    Status st = AppendVariantGroupJson(w_.BeginValue(), p, v, *fmt_);
    if (!st.ok()) [[unlikely]] Keep(std::move(st));
  }

  const Status& status() const { return status_; }

 private:
  void Keep(Status st) {
    if (status_.ok()) status_ = std::move(st);
  }
  const std::vector<LeafFormatter>* fmt_;
  JsonWriter w_{nullptr};
  Status status_;
};

}  // namespace parq

#endif  // PARQ_JSON_ROW_JSON_H_
