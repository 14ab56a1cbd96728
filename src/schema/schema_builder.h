// schema_builder.h — conversion between the format's flat SchemaElement list
// (generated wire structs, private) and the public Schema tree.
//
// FromFormat: the file's schema is hostile input.  It checks, naming the
// element index and name in every error (kCorrupt unless noted):
//   * there is at least one element, and the first is the root group;
//   * num_children is not negative and never claims more elements than
//     follow; the list holds exactly the root's subtree (no leftovers, no
//     group left short of children);
//   * every element but the root has a repetition_type (an unknown value is
//     kUnsupported);
//   * a leaf has a known physical type; FIXED_LEN_BYTE_ARRAY has a positive
//     type_length;
//   * nesting is at most ReaderOptions::max_schema_depth (kLimitExceeded).
//   * no group but the root is empty (Schema::Make's rule: "schema: group
//     'a.b' has no children: ...", naming the path, not the element);
//   * every annotation fits its physical type, or its group (STRING on INT32,
//     DATE on INT64, DECIMAL(10,2) on INT32, DECIMAL with scale > precision,
//     UUID on FIXED_LEN_BYTE_ARRAY(8), LIST on a leaf are corrupt, as
//     parquet-java and Arrow refuse them), and a legacy DECIMAL has a valid
//     precision and scale.
// An annotation newer than this reader (a LogicalType union member newer than
// our IDL, an unknown time unit, an unknown converted_type) is ignored, as
// the format asks for forward compatibility: it falls back to the
// ConvertedType if any, else to the physical type, and leaves a note on the
// node (SchemaNode::annotation_note()), which FileMetaData::Warnings reports.
//
// ToFormat writes both the LogicalType and the matching ConvertedType (plus
// scale and precision for DECIMAL), as the format asks of writers.
#ifndef PARQ_SCHEMA_SCHEMA_BUILDER_H_
#define PARQ_SCHEMA_SCHEMA_BUILDER_H_

#include <functional>
#include <vector>

#include "format/parquet_types.h"
#include "parq/options.h"
#include "parq/result.h"
#include "parq/schema.h"

namespace parq::schema {

Result<Schema> FromFormat(const thrift::Vector<format::SchemaElement>& elements, const ReaderOptions& options);
// The same over `n` elements handed out one at a time, in order: element(i)
// is valid until the next call (a footer's deferred elements, decoded as
// they are needed).  Its errors are returned as they are.
using SchemaElementAt = std::function<Result<const format::SchemaElement*>(size_t)>;
Result<Schema> FromFormat(size_t n, const SchemaElementAt& element, const ReaderOptions& options);

// FromFormat for a schema too wide to hold whole (parq meta and schema of a
// footer of a million leaves): the elements are read, checked and resolved a
// slice of about `slice_leaves` leaves at a time, each slice handed to
// `on_slice` as a Schema of the root and its part of the tree (what the
// whole schema says of it: levels, kinds, annotations, notes; its column 0
// is column `first_column` of the whole), then dropped.  A slice may end
// inside a group at any depth: its ancestors are in both slices, their
// copies in the next one the chain of first fields down from the root
// (SliceInfo::continued), as they were the chain of last fields in the one
// before (SliceInfo::continues).  A slice ends only where no group whose
// reading depends on its fields (an annotated group, or a field of one:
// LIST, MAP, MAP_KEY_VALUE, VARIANT) would be cut in two, so that every
// node of a slice reads as in the whole (a list of a wide struct is cut
// inside the struct; a wide map's key_value group is one slice).  The root
// with no fields is one empty slice.  It fails where FromFormat fails, an
// error of on_slice's or one of FromFormat's, but not always the one
// FromFormat gives first (the slices are resolved as they come, before the
// list is read to its end): a caller that reports errors asks FromFormat.
struct SliceInfo {
  int first_column = 0;  // the slice's column 0 in the whole schema
  int continued = 0;     // groups down its first fields begun in the slice before
  int continues = 0;     // groups down its last fields that go on in the next
};
using SchemaSliceFn = std::function<Status(const Schema& slice, const SliceInfo& info)>;
Status WalkFormat(size_t n, const SchemaElementAt& element, const ReaderOptions& options, size_t slice_leaves,
                  const SchemaSliceFn& on_slice);
// WalkFormat's checks alone, for a caller that wants no Schema (a wide
// footer checked at open): each slice is resolved (checked; its levels,
// annotations and notes set) but neither classified nor given columns, and
// `on_checked` gets the slice's root, its count of leaves and
// SliceInfo::continued.  It fails where WalkFormat fails.
using CheckedSliceFn = std::function<void(const SchemaNode& root, int leaves, int continued)>;
Status CheckFormat(size_t n, const SchemaElementAt& element, const ReaderOptions& options, size_t slice_leaves,
                   const CheckedSliceFn& on_checked);
// Calls fn(node) for each node of a slice (the root excluded) that is not a
// copy of one begun in the slice before (the first `continued` groups down
// its first fields), in depth-first order: each node of the whole once.
void ForEachNewNode(const SchemaNode& root, int continued, const std::function<void(const SchemaNode&)>& fn);

thrift::Vector<format::SchemaElement> ToFormat(const Schema& schema);

// One annotation each way (exposed for tests and the metadata printer).
// nullopt when the union has no member this reader knows.
std::optional<LogicalType> LogicalTypeFromFormat(const format::LogicalType& t);
// nullopt for none and INTERVAL (which has no LogicalType member).
std::optional<format::LogicalType> LogicalTypeToFormat(const LogicalType& t);

}  // namespace parq::schema

#endif  // PARQ_SCHEMA_SCHEMA_BUILDER_H_
