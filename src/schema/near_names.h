// schema/near_names.h — what to suggest when a dotted path names nothing.
//
// A lookup by dotted path that fails should say what the caller may have
// meant: the leaves under a group the path does name (a LIST column "tags"
// has the leaf "tags.list.element"), else the paths closest in spelling
// (edit distance), else the leaves under the deepest prefix of the path that
// exists.  Used by Schema::LookupColumn and by the projections of the row
// and columnar readers.
//
// Thread-safety: pure functions of a const Schema.
#ifndef PARQ_SCHEMA_NEAR_NAMES_H_
#define PARQ_SCHEMA_NEAR_NAMES_H_

#include <string>
#include <string_view>

#include "parq/schema.h"

namespace parq::schema_internal {

// "; its leaves are a.b, a.c" / "; near names: a.b, ab" / "" — to append to
// an error about `dotted_path`.  `fields`: suggest group paths too (a
// projection may name a group), not only leaves.  At most kMaxNearNames
// names are listed.
inline constexpr int kMaxNearNames = 8;
std::string NearNamesHint(const Schema& schema, std::string_view dotted_path, bool fields);

// The edit distance of two strings (insertions, deletions, substitutions),
// counted up to `limit` + 1 (a larger distance returns limit + 1).
int EditDistance(std::string_view a, std::string_view b, int limit);

}  // namespace parq::schema_internal

#endif  // PARQ_SCHEMA_NEAR_NAMES_H_
