// parq/schema.h — the schema tree of a Parquet file, its leaf columns, and
// the message-type text form.
//
// A Schema owns a tree of SchemaNode (the root is a group, the "message") and
// one ColumnDescriptor per leaf, in depth-first order (the order of the file's
// column chunks).  It is built either from a file's footer (the private
// schema/schema_format.h converts the format's flat SchemaElement list) or in
// code: MakePrimitive / MakeGroup, then Schema::Make; or from text with
// ParseMessageType.
//
// Building resolves, once, everything readers need:
//   * each node's effective LogicalType (an annotation that does not fit its
//     physical type, or that the reader does not know, falls back as the
//     format says; annotation_note() keeps the reason);
//   * definition / repetition levels;
//   * the LIST / MAP compatibility rules: every node gets a NodeKind and, for
//     lists and maps, links to the repeated level, element, key and value.
//
// A built Schema is immutable.  Nodes and descriptors are owned by the Schema;
// pointers to them stay valid while it lives (also across moves).
// Thread-safety: const methods may be called from many threads.
#ifndef PARQ_SCHEMA_H_
#define PARQ_SCHEMA_H_

#include <cstddef>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>
#include <unordered_map>
#include <vector>

#include "parq/logical_type.h"
#include "parq/result.h"
#include "parq/types.h"

namespace parq {

class Schema;

// How a node materializes as a value (see docs/rows-as-json.md):
enum class NodeKind : uint8_t {
  kPrimitive,          // a leaf: one value, or null if optional
  kStruct,             // a group read as an object of its children (also a LIST/MAP
                       // group whose structure fits no rule, and a VARIANT group)
  kList,               // a LIST-annotated group that fits a list rule
  kMap,                // a MAP (or stray MAP_KEY_VALUE) group that fits the map rule
  kRepeatedPrimitive,  // an unannotated repeated leaf: a required list of required values
  kRepeatedGroup,      // an unannotated repeated group: a required list of required structs
};
std::string_view NodeKindName(NodeKind k);

// The part a node plays inside a list or map (the repetition of a kListLevel /
// kMapKeyValue node, and of a kListElement that is itself the repeated level,
// is consumed by the list or map; their kind() describes one element).
enum class NodeRole : uint8_t {
  kField,        // an ordinary field of a struct (or the root)
  kListLevel,    // the repeated middle level of a list that is not itself the element
  kListElement,  // the element of a list (may be the repeated level itself: rules 1-4)
  kMapKeyValue,  // the repeated middle level of a map
  kMapKey,
  kMapValue,
};
std::string_view NodeRoleName(NodeRole r);

class SchemaNode {
 public:
  // REQUIRES: physical != kFixedLenByteArray or type_length > 0 (checked by Schema::Make).
  static std::unique_ptr<SchemaNode> MakePrimitive(std::string name, Repetition repetition, PhysicalType physical,
                                                   LogicalType logical = {}, int32_t type_length = -1);
  static std::unique_ptr<SchemaNode> MakeGroup(std::string name, Repetition repetition,
                                               std::vector<std::unique_ptr<SchemaNode>> children,
                                               LogicalType logical = {});

  // --- Construction-time setters (only before Schema::Make takes the tree) ---
  SchemaNode& set_field_id(std::optional<int32_t> id) { field_id_ = id; return *this; }
  // The legacy annotation to keep when `logical` is none (e.g. MAP_KEY_VALUE on
  // a map's middle level).  When a LogicalType is set, the stored converted type
  // is its forward-table value.
  SchemaNode& set_converted_type(ConvertedType t) { converted_ = t; return *this; }
  void AddChild(std::unique_ptr<SchemaNode> child);

  // --- Declared properties ---
  const std::string& name() const { return name_; }
  Repetition repetition() const { return repetition_; }
  bool is_group() const { return group_; }
  bool is_leaf() const { return !group_; }
  bool is_repeated() const { return repetition_ == Repetition::kRepeated; }
  bool is_optional() const { return repetition_ == Repetition::kOptional; }
  PhysicalType physical_type() const { return physical_; }  // REQUIRES: is_leaf()
  int32_t type_length() const { return type_length_; }      // -1 when not set
  // The effective annotation after the fallback rules.
  const LogicalType& logical_type() const { return logical_; }
  // The legacy annotation as stored (kNone when absent).
  ConvertedType converted_type() const { return converted_; }
  std::optional<int32_t> field_id() const { return field_id_; }
  // Why a stored annotation was dropped or replaced; empty when it was not.
  const std::string& annotation_note() const { return note_.str(); }

  // --- Tree ---
  const SchemaNode* parent() const { return parent_; }
  int num_children() const { return static_cast<int>(children_.size()); }
  const SchemaNode& child(int i) const { return *children_[static_cast<size_t>(i)]; }
  const SchemaNode* FindChild(std::string_view name) const;  // first match or nullptr
  // Names from the root's child down to this node (the root has an empty path).
  std::vector<std::string> Path() const;
  std::string DottedPath() const;

  // --- Resolved by Schema::Make ---
  // Levels of this node: how many optional/repeated nodes (definition) and
  // repeated nodes (repetition) lie on the path from the root down to it, inclusive.
  int16_t definition_level() const { return def_level_; }
  int16_t repetition_level() const { return rep_level_; }
  NodeKind kind() const { return kind_; }
  NodeRole role() const { return role_; }
  // kList: the repeated child (middle level), and the element (the repeated
  // child itself under rules 1-4, else its only field).
  const SchemaNode* list_repeated() const { return kind_ == NodeKind::kList ? repeated_child_ : nullptr; }
  const SchemaNode* list_element() const { return list_element_; }
  // kMap: the repeated key/value group, its key, and its value (nullptr when
  // the map has no value field).
  const SchemaNode* map_key_value() const { return kind_ == NodeKind::kMap ? repeated_child_ : nullptr; }
  const SchemaNode* map_key() const { return map_key_; }
  const SchemaNode* map_value() const { return map_value_; }
  // Leaves only: the index of this leaf's column; -1 for groups.
  int column_index() const { return column_index_; }

 private:
  friend class Schema;
  friend class SchemaNodeAccess;  // src/schema: the format reader sets stored annotations
  SchemaNode() = default;

  std::string name_;
  Repetition repetition_ = Repetition::kRequired;
  bool group_ = false;
  PhysicalType physical_ = PhysicalType::kBoolean;
  int32_t type_length_ = -1;
  LogicalType logical_;
  ConvertedType converted_ = ConvertedType::kNone;
  std::optional<int32_t> field_id_;
  RareString note_;  // out of line: almost every node has none
  SchemaNode* parent_ = nullptr;
  std::vector<std::unique_ptr<SchemaNode>> children_;

  int16_t def_level_ = 0;
  int16_t rep_level_ = 0;
  NodeKind kind_ = NodeKind::kPrimitive;
  NodeRole role_ = NodeRole::kField;
  // The structure of a kList / kMap node, set by the LIST / MAP rules (all
  // nullptr for other kinds): nodes of this node's subtree, owned by it.
  const SchemaNode* repeated_child_ = nullptr;  // kList: the repeated level; kMap: the key_value group
  const SchemaNode* list_element_ = nullptr;    // kList: the element (maybe repeated_child_ itself)
  const SchemaNode* map_key_ = nullptr;         // kMap: the key
  const SchemaNode* map_value_ = nullptr;       // kMap: the value; nullptr for a map without one
  int column_index_ = -1;
};

// One leaf column.
struct ColumnDescriptor {
  std::vector<std::string> path;  // from the root's child to the leaf
  std::string dotted_path;        // path joined with '.'
  PhysicalType physical_type = PhysicalType::kBoolean;
  int32_t type_length = -1;
  int16_t max_definition_level = 0;
  int16_t max_repetition_level = 0;
  // The definition level of the nearest repeated ancestor (or the leaf itself
  // when repeated); 0 when there is none.  A value with def level below this
  // is an empty or null list further up.
  int16_t repeated_ancestor_definition_level = 0;
  LogicalType logical_type;
  ConvertedType converted_type = ConvertedType::kNone;
  int index = 0;  // position among the leaves (= column chunk order)
  const SchemaNode* node = nullptr;
};

struct SchemaOptions {
  // Deepest nesting allowed (root = depth 0).  Mirrors ReaderOptions::max_schema_depth.
  int32_t max_depth = 100;
  // true (writing, text, code, reading files): an annotation that does not
  // fit is an error.  false (Schema::Clone): it falls back to the physical
  // type with a note.
  bool strict = true;
  // true (writing, text, code): two fields of one name in a group are an
  // error.  false (reading files, Schema::Clone): repeated names are kept
  // (lookups by name find the first).
  bool unique_names = true;
};

class Schema {
 public:
  Schema() = default;
  Schema(Schema&&) noexcept = default;
  Schema& operator=(Schema&&) noexcept = default;
  Schema(const Schema&) = delete;
  Schema& operator=(const Schema&) = delete;

  // Takes a tree whose root is a group (its repetition is ignored).  Checks:
  // leaves of a valid physical type, FIXED_LEN_BYTE_ARRAY with a positive
  // length, depth <= options.max_depth, a field in every group below the root
  // ("group 'a.b' has no children: ..."), annotations that fit (strict) and
  // names unique within each group (unique_names) — then resolves the rest.
  static Result<Schema> Make(std::unique_ptr<SchemaNode> root, const SchemaOptions& options = {});

  const SchemaNode& root() const { return *root_; }
  const std::string& name() const { return root_->name(); }
  int num_columns() const { return static_cast<int>(columns_.size()); }
  const ColumnDescriptor& column(int i) const { return columns_[static_cast<size_t>(i)]; }
  const std::vector<ColumnDescriptor>& columns() const { return columns_; }

  // Lookups; the first match in depth-first order when names repeat.
  const ColumnDescriptor* FindColumn(std::string_view dotted_path) const;
  const ColumnDescriptor* FindColumn(const std::vector<std::string>& path) const;
  int FindColumnIndex(std::string_view dotted_path) const;  // -1 when absent
  const SchemaNode* FindNode(std::string_view dotted_path) const;
  // FindColumn that says why it found nothing: kInvalidArgument naming the
  // path and what the caller may have meant — the leaves of a group it names
  // ("'tags' … it is a group, its leaves are tags.list.element"), or the
  // paths spelled nearly alike, or the leaves under the deepest prefix that
  // exists.
  Result<const ColumnDescriptor*> LookupColumn(std::string_view dotted_path) const;

  // A deep copy (an empty Schema for an empty one).  The copied tree is
  // resolved again with no depth limit and lenient annotations, which cannot
  // fail for a tree that was resolved once; should it fail, the error is
  // returned, never an empty Schema.
  Result<Schema> Clone() const;

  // The parquet-java message-type text: "message <root> {", one field per line,
  // two-space indentation, "}" closing each group, e.g.
  //   message schema {
  //     optional group a (LIST) = 3 {
  //       repeated group list {
  //         optional int32 element;
  //       }
  //     }
  //   }
  std::string ToString() const;
  // The same text handed to `sink` in order, a piece (of some 64 KB) at a
  // time: a schema of a million columns is printed without holding its
  // whole text.  ToString() is the pieces joined.
  void ToText(const std::function<void(std::string_view)>& sink) const;

  bool Equals(const Schema& other) const;
  // The first difference from `other` (depth first, what Equals compares),
  // as text naming the field and both sides by the names given, e.g.
  // "field 'a.b': INT32 in this schema, INT64 in the other", "field 'c' is
  // missing in the other", "the root: field 2 is 'b' in this schema, 'c' in
  // the other" (the same fields in another order); "" when Equals.
  std::string Difference(const Schema& other, std::string_view this_name = "this schema",
                         std::string_view other_name = "the other") const;

  // The schema with only the leaves `columns` (column indexes, ascending and
  // distinct): the root and every group above a kept leaf, with their
  // annotations and field ids; groups left without fields are left out.
  // kInvalidArgument for an empty list or an index out of range or out of
  // order; annotations that no longer fit (a LIST left without its
  // repeated level) are the lenient reader's business, as for Clone.
  Result<Schema> Project(const std::vector<int>& columns) const;

 private:
  void IndexPaths();
  void FindUniquePaths();

  std::unique_ptr<SchemaNode> root_;
  std::vector<ColumnDescriptor> columns_;
  // The first column of each dotted path, found by the path's hash: an
  // open-addressed table (linear probing) of column index + 1, 0 marking a
  // free slot, a power of two at least twice the columns in size.  Four bytes
  // a slot, where a node-based map took some seventy a column and a copy of
  // each path.
  std::vector<int32_t> path_slots_;
  // True when every node's dotted path is its own (no name holds a '.', no
  // two nodes are spelled alike): FindNode then finds a leaf in the table
  // instead of walking the tree, so that looking up k columns of a wide
  // schema takes k steps, not k times its width.
  bool unique_paths_ = false;
};

// Parses the message-type text (parquet-java's MessageTypeParser grammar):
//   message <name> { <field>* }
//   field := <repetition> <type> <name> [ "(" <annotation> ")" ] [ "=" <id> ] ";"
//          | <repetition> group <name> [ "(" <annotation> ")" ] [ "=" <id> ] "{" <field>* "}"
//   type  := boolean | int32 | int64 | int96 | float | double | binary
//          | fixed_len_byte_array "(" <n> ")"
//   annotation := a LogicalType (STRING, INTEGER(8,false), DECIMAL(9,2), ...)
//               | a ConvertedType (UTF8, INT_8, DECIMAL(9,2), MAP_KEY_VALUE, ...)
// Keywords are case-insensitive.  A name or CRS that is empty or holds white
// space, a double quote, a backslash or one of , ; { } ( ) = is written in
// double quotes, with backslash escapes for quotes and backslashes
// (parquet-java would print it bare and fail to read it back).
// Errors (kInvalidArgument) name the line.
Result<Schema> ParseMessageType(std::string_view text, const SchemaOptions& options = {});

}  // namespace parq

#endif  // PARQ_SCHEMA_H_
