// The pieces of DiffFiles (parq/diff.h): the list differences go into, and
// the three comparisons (schema and metadata in diff.cc, rows in
// diff_rows.cc).  Thread-safety: a Collector belongs to one DiffFiles call.
#ifndef PARQ_INSPECT_DIFF_INTERNAL_H_
#define PARQ_INSPECT_DIFF_INTERNAL_H_

#include <string>

#include "parq/diff.h"
#include "parq/file_reader.h"
#include "parq/status.h"

namespace parq::diff_internal {

// Counts every difference by kind into the report and keeps the first
// `max` of them.
class Collector {
 public:
  Collector(DiffReport* report, int64_t max) : r_(report), max_(max) {}
  void Add(Difference d);
  // A schema or metadata difference: `what` of `column`, a against b.
  void Add(Difference::Kind kind, std::string what, std::string column, std::string a, std::string b,
           int row_group = -1);

 private:
  DiffReport* r_;
  int64_t max_;
};

void DiffSchemas(const Schema& a, const Schema& b, Collector& out);
void DiffMetadata(const FileReader& a, const FileReader& b, Collector& out);
Status DiffRows(const FileReader& a, const FileReader& b, const DiffOptions& options, Collector& out,
                DiffReport& report);

}  // namespace parq::diff_internal

#endif  // PARQ_INSPECT_DIFF_INTERNAL_H_
