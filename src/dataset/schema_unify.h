// Schema unification of a dataset's files by top-level field name, with
// widening (docs/dataset.md), and the conversion of one file's values to the
// unified types.  SchemaUnifier is used by one thread; FieldConversion is a
// value, its Apply const.
#ifndef PARQ_DATASET_SCHEMA_UNIFY_H_
#define PARQ_DATASET_SCHEMA_UNIFY_H_

#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "parq/record.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq::dataset {

// "int32", "binary (STRING)", "fixed_len_byte_array(16) (UUID)", "group (LIST)".
std::string TypeText(const SchemaNode& node);

// A deep copy of `node` (name, repetition, types, annotations, field ids).
std::unique_ptr<SchemaNode> CopyNode(const SchemaNode& node);

// Folds files' top-level fields, one file at a time, into the unified fields.
class SchemaUnifier {
 public:
  // kInvalidArgument naming the column, `file`, the file that brought the
  // other type, and both types, when a field cannot be unified.
  Status Add(const Schema& schema, const std::string& file);
  const std::vector<std::string>& names() const { return names_; }
  // The unified top-level fields (copies), in order; optional where some
  // file lacks one or has it optional.
  std::vector<std::unique_ptr<SchemaNode>> Fields() const;

 private:
  struct Entry {
    std::unique_ptr<SchemaNode> node;  // the unified type so far
    std::string file;                  // the file that brought it
    bool optional = false;
    int files = 0;  // files that have it
  };
  std::vector<std::string> names_;
  std::vector<Entry> entries_;
  int files_ = 0;
};

// How one file's top-level field becomes the unified field's value.
class FieldConversion {
 public:
  // kInvalidArgument when `file_node` does not convert to `unified` (which
  // unification prevents).
  static Result<FieldConversion> Plan(const SchemaNode& file_node, const SchemaNode& unified);
  bool identity() const { return kind_ == Kind::kNone; }
  // *v converted in place; nulls stay null.
  Status Apply(Value* v) const;

 private:
  enum class Kind : uint8_t { kNone, kToInt64, kUInt32ToInt64, kFloatToDouble, kToDecimal };
  Kind kind_ = Kind::kNone;
  const SchemaNode* file_node_ = nullptr;  // kToDecimal: to read the source (borrowed)
  const SchemaNode* unified_ = nullptr;    // kToDecimal: to write the result (borrowed)
};

}  // namespace parq::dataset

#endif  // PARQ_DATASET_SCHEMA_UNIFY_H_
