// The row-selection options that `parq cat` and `parq scan` share:
// --columns a,b.c (repeatable) and --where EXPR (docs/filter.md).
#ifndef PARQ_TOOLS_FILTER_FLAGS_H_
#define PARQ_TOOLS_FILTER_FLAGS_H_

#include <optional>
#include <string>
#include <vector>

#include "cli.h"
#include "parq/filter.h"
#include "parq/record.h"
#include "parq/schema.h"

namespace parq::cli {

// Fills options->columns from every --columns and options->filter from
// --where, parsed against `schema`.  A filter that does not parse or bind
// (a syntax error, a missing column, a literal of the wrong type) is a usage
// error: the message, with its caret line under the place, is in *error.
bool ApplyRowFlags(const Args& args, const Schema& schema, RowReaderOptions* options, std::string* error);

}  // namespace parq::cli

#endif  // PARQ_TOOLS_FILTER_FLAGS_H_
