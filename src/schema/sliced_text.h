// sliced_text.h — the message-type text of a schema handed out a slice at a
// time (schema::WalkFormat): Schema::ToText's text, the same bytes, for a
// schema never held whole.  Add each slice in order, then End.
//
// The text goes to `sink` a piece (of some 64 KB) at a time, the rest at
// End.  Not thread-safe; the sink must outlive the SlicedText's use.
#ifndef PARQ_SCHEMA_SLICED_TEXT_H_
#define PARQ_SCHEMA_SLICED_TEXT_H_

#include <functional>
#include <string>
#include <string_view>

#include "parq/schema.h"
#include "schema/schema_builder.h"

namespace parq::schema {

class SlicedText {
 public:
  explicit SlicedText(std::function<void(std::string_view)> sink) : sink_(std::move(sink)) {}
  // The nodes of `slice`, without the first lines of the groups it
  // continues nor the last lines of those that go on (`info`, as
  // schema::WalkFormat gives it); the first slice also gives the message
  // line (its root's name).
  void Add(const Schema& slice, const SliceInfo& info = {});
  // The closing brace; hands on the rest.
  void End();

 private:
  std::function<void(std::string_view)> sink_;
  std::string out_;
  bool begun_ = false;
};

}  // namespace parq::schema

#endif  // PARQ_SCHEMA_SLICED_TEXT_H_
