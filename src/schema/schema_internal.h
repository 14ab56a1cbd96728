// schema_internal.h — private access to SchemaNode for the schema layer
// (tree resolution in schema.cc, the text printer/parser, the format
// conversion).  Not for other layers.
#ifndef PARQ_SCHEMA_SCHEMA_INTERNAL_H_
#define PARQ_SCHEMA_SCHEMA_INTERNAL_H_

#include <string>
#include <string_view>
#include <vector>

#include "parq/schema.h"
#include "parq/status.h"

namespace parq {

// Text quoting for names and CRS values in the message-type form: a value
// that is empty or holds white space, a double quote, a backslash or one of
// , ; { } ( ) = is written in double quotes, quotes and backslashes escaped
// with a backslash; anything else is written as is.
std::string QuoteIfNeeded(std::string_view s);
// Undoes QuoteIfNeeded (unquoted text is copied); false if malformed.
bool Unquote(std::string_view s, std::string* out);

class SchemaNodeAccess {
 public:
  static void set_note(SchemaNode& n, std::string note) { n.note_.assign(std::move(note)); }
  static void set_logical(SchemaNode& n, LogicalType t) { n.logical_ = std::move(t); }

  static Status Resolve(SchemaNode& n, int depth, const SchemaOptions& opt);
  static void ResetRoles(SchemaNode& n);
  static void Classify(SchemaNode& n);
  static bool ClassifyList(SchemaNode& g);
  static bool ClassifyMap(SchemaNode& g);
  static void Demote(SchemaNode& n);
  static int CountLeaves(const SchemaNode& n);
  static void CollectColumns(SchemaNode& n, std::vector<ColumnDescriptor>* out);
  static void ReserveChildren(SchemaNode& n, size_t children) { n.children_.reserve(children); }
};

}  // namespace parq

#endif  // PARQ_SCHEMA_SCHEMA_INTERNAL_H_
