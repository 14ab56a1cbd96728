// record/assembler.h — Dremel record assembly: leaf levels → one nested row.
//
// Given one LeafBuffer per plan slot, each positioned at the first entry of
// the same row with `end` set (LeafBuffer::FindRowEnd), AssembleRow walks the
// plan once and reports the row to a Sink, consuming exactly the row's
// entries of every leaf:
//
//   leaf:    def == max_def → the next dense value, else null; one entry.
//   struct:  null if nullable and def(rep leaf) < null_below (then every leaf
//            under it has exactly one entry, skipped); else each field in order.
//   list:    null as for a struct; [] if def < empty_below (one entry each);
//            else elements, continuing while the rep leaf's next entry in the
//            row has repetition level >= repeat_at.
//   map:     a list of {key, value} entries.
//   variant: the group's fields assembled into a Value (record.h), handed to
//            the sink whole.
//
// The Sink is a template parameter (no virtual calls): it gets Null(),
// Leaf(const LeafBuffer&, value index), BeginList/EndList, BeginStruct/
// Field(const PlanNode&)/EndStruct, BeginMap/EndMap,
// Variant(const PlanNode&, Value&&).
//
// Hostile input (columns that disagree about a row's shape) never reads out
// of bounds: a read past a leaf's row or values sets `corrupt`, and the row
// is refused by FinishRow, which also checks every leaf used its whole row.
#ifndef PARQ_RECORD_ASSEMBLER_H_
#define PARQ_RECORD_ASSEMBLER_H_

#include <string>
#include <vector>

#include "parq/record.h"
#include "parq/status.h"
#include "record/assembly_plan.h"
#include "record/leaf_buffer.h"

namespace parq {

// Builds Values (record.h).  Containers are pushed on a stack of pointers:
// a child's address is stable while its own children are added.
class ValueSink {
 public:
  // Starts filling `root` (reset to an empty struct).
  void Start(Value* root) {
    root->Reset(Value::Kind::kStruct);
    stack_.assign(1, root);
  }
  void Null() { Put(Value()); }
  void Leaf(const LeafBuffer& b, size_t i) {
    VisitPhysicalType(b.type, [&]<typename T>() { Put(LeafValue(b.At<T>(i))); });
  }
  void BeginList() { stack_.push_back(&Put(Value::List())); }
  void EndList() { stack_.pop_back(); }
  void BeginStruct() { stack_.push_back(&Put(Value::Struct())); }
  void Field(const PlanNode& p) { name_ = &p.name; }
  void EndStruct() { stack_.pop_back(); }
  void BeginMap() { stack_.push_back(&Put(Value::Map())); }
  void EndMap() { stack_.pop_back(); }
  void Variant(const PlanNode&, Value&& v) { Put(std::move(v)); }

 private:
  static Value LeafValue(bool v) { return Value::Bool(v); }
  static Value LeafValue(int32_t v) { return Value::Int32(v); }
  static Value LeafValue(int64_t v) { return Value::Int64(v); }
  static Value LeafValue(const Int96& v) { return Value::MakeInt96(v); }
  static Value LeafValue(float v) { return Value::Float(v); }
  static Value LeafValue(double v) { return Value::Double(v); }
  static Value LeafValue(std::string_view v) { return Value::Bytes(v); }

  Value& Put(Value v) {
    Value* top = stack_.back();
    if (top->kind() == Value::Kind::kStruct) return top->AddField(name_ ? *name_ : std::string(), std::move(v));
    return top->Append(std::move(v));
  }
  std::vector<Value*> stack_;
  const std::string* name_ = nullptr;
};

class Assembler {
 public:
  // REQUIRES: plan and leaves outlive the assembler; leaves.size() == plan slots.
  Assembler(const AssemblyPlan* plan, std::vector<LeafBuffer>* leaves) : plan_(plan), leaves_(leaves) {}

  // Reports one row: the top-level fields, each as Field() then its value.
  template <typename Sink>
  void AssembleRow(Sink& sink) {
    corrupt_ = false;
    for (const PlanNode& f : plan_->root.children) {
      sink.Field(f);
      Emit(f, sink);
    }
  }

  // Checks the row was consistent and moves every leaf past it.
  Status FinishRow() {
    for (LeafBuffer& b : *leaves_) {
      if (b.pos != b.end) corrupt_ = true;
      b.pos = b.end;
    }
    if (corrupt_) {
      return Status::Corrupt("the columns' repetition and definition levels disagree about the shape of a row");
    }
    return Status::OK();
  }

  bool corrupt() const { return corrupt_; }

  // Assembles the fields of a struct-like node (a VARIANT group) as a Value.
  void AssembleFields(const PlanNode& p, Value* out) {
    ValueSink vs;
    vs.Start(out);
    for (const PlanNode& f : p.children) {
      vs.Field(f);
      Emit(f, vs);
    }
  }

 private:
  int16_t Def(int slot) {
    const LeafBuffer& b = (*leaves_)[static_cast<size_t>(slot)];
    if (b.pos >= b.end) [[unlikely]] {
      corrupt_ = true;
      return 0;
    }
    return b.def[b.pos];
  }

  // Skips one entry of every leaf under p (p is null or empty there).
  void SkipOne(const PlanNode& p) {
    for (int s = p.first_slot; s < p.end_slot; ++s) {
      LeafBuffer& b = (*leaves_)[static_cast<size_t>(s)];
      if (b.pos >= b.end) [[unlikely]] {
        corrupt_ = true;
        continue;
      }
      if (b.def[b.pos] == b.max_def) [[unlikely]] corrupt_ = true;  // a value below a null
      ++b.pos;
    }
  }

  // True when the rep leaf's next entry continues the current list.
  bool Continues(const PlanNode& p) {
    const LeafBuffer& b = (*leaves_)[static_cast<size_t>(p.rep_slot)];
    return b.pos < b.end && b.rep[b.pos] >= p.repeat_at;
  }

  template <typename Sink>
  void Emit(const PlanNode& p, Sink& sink) {
    switch (p.kind) {
      case PlanNode::Kind::kLeaf: {
        LeafBuffer& b = (*leaves_)[static_cast<size_t>(p.rep_slot)];
        if (b.pos >= b.end) [[unlikely]] {
          corrupt_ = true;
          sink.Null();
          return;
        }
        if (b.def[b.pos++] < b.max_def) {
          sink.Null();
          return;
        }
        if (b.vpos >= b.num_values()) [[unlikely]] {
          corrupt_ = true;
          sink.Null();
          return;
        }
        sink.Leaf(b, b.vpos++);
        return;
      }
      case PlanNode::Kind::kStruct: {
        if (p.nullable && Def(p.rep_slot) < p.null_below) {
          SkipOne(p);
          sink.Null();
          return;
        }
        sink.BeginStruct();
        for (const PlanNode& f : p.children) {
          sink.Field(f);
          Emit(f, sink);
        }
        sink.EndStruct();
        return;
      }
      case PlanNode::Kind::kVariant: {
        if (p.nullable && Def(p.rep_slot) < p.null_below) {
          SkipOne(p);
          sink.Null();
          return;
        }
        Value v;
        AssembleFields(p, &v);
        sink.Variant(p, std::move(v));
        return;
      }
      case PlanNode::Kind::kList:
      case PlanNode::Kind::kMap: {
        const int16_t d = Def(p.rep_slot);
        if (p.nullable && d < p.null_below) {
          SkipOne(p);
          sink.Null();
          return;
        }
        const bool map = p.kind == PlanNode::Kind::kMap;
        if (map) sink.BeginMap(); else sink.BeginList();
        if (d >= p.empty_below) {
          do {
            const size_t before = (*leaves_)[static_cast<size_t>(p.rep_slot)].pos;
            if (map) {
              sink.BeginStruct();
              for (const PlanNode& f : p.children) {
                sink.Field(f);
                Emit(f, sink);
              }
              sink.EndStruct();
            } else {
              Emit(p.children[0], sink);
            }
            // Every element consumes an entry of the rep leaf; a file whose
            // levels say otherwise must not loop.
            if ((*leaves_)[static_cast<size_t>(p.rep_slot)].pos == before) [[unlikely]] {
              corrupt_ = true;
              break;
            }
          } while (!corrupt_ && Continues(p));
        } else {
          SkipOne(p);
        }
        if (map) sink.EndMap(); else sink.EndList();
        return;
      }
    }
  }

  const AssemblyPlan* plan_;
  std::vector<LeafBuffer>* leaves_;
  bool corrupt_ = false;
};

}  // namespace parq

#endif  // PARQ_RECORD_ASSEMBLER_H_
