// The message-type schema text parser (ParseMessageType) on arbitrary text.
// A schema it accepts must come back the same
//   - from its own text: schema → ToString → ParseMessageType gives the same
//     text again and the same resolved tree;
//   - from the file footer's form: schema → SchemaElements (ToFormat) →
//     FromFormat gives the same resolved tree;
// where "the same resolved tree" compares every node's name, repetition,
// physical type and length, LogicalType, field id, annotation note, kind,
// role and levels, and every column's path and levels (not the
// ConvertedType: a MAP_KEY_VALUE read as MAP is printed and written as MAP).
// Errors are fine; kInternal is a bug.
#include <cstddef>
#include <cstdint>
#include <string>
#include <string_view>

#include "fuzz_util.h"
#include "parq/options.h"
#include "parq/schema.h"
#include "schema/schema_builder.h"

namespace {

using parq::fuzz::CheckNotInternal;
using parq::fuzz::Die;

void Describe(const parq::SchemaNode& n, std::string* out) {
  *out += n.name();
  *out += '|';
  *out += parq::RepetitionName(n.repetition());
  *out += '|';
  if (n.is_leaf()) {
    *out += parq::PhysicalTypeName(n.physical_type());
    *out += '(' + std::to_string(n.type_length()) + ')';
  } else {
    *out += "group";
  }
  *out += '|' + n.logical_type().ToString();
  *out += '|' + (n.field_id() ? std::to_string(*n.field_id()) : std::string("-"));
  *out += '|' + n.annotation_note();
  *out += '|';
  *out += parq::NodeKindName(n.kind());
  *out += '|';
  *out += parq::NodeRoleName(n.role());
  *out += '|' + std::to_string(n.definition_level()) + ',' + std::to_string(n.repetition_level());
  *out += '{';
  for (int i = 0; i < n.num_children(); ++i) {
    Describe(n.child(i), out);
    *out += ';';
  }
  *out += "}\n";
}

std::string Describe(const parq::Schema& s) {
  std::string out;
  Describe(s.root(), &out);
  for (int i = 0; i < s.num_columns(); ++i) {
    const parq::ColumnDescriptor& c = s.column(i);
    out += c.dotted_path + ':' + std::to_string(c.max_definition_level) + ',' +
           std::to_string(c.max_repetition_level) + ',' + std::to_string(c.repeated_ancestor_definition_level) +
           '\n';
  }
  return out;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  const std::string_view text(reinterpret_cast<const char*>(data), size);
  parq::Result<parq::Schema> parsed = parq::ParseMessageType(text);
  if (!parsed.ok()) {
    CheckNotInternal(parsed.status(), "ParseMessageType");
    return 0;
  }
  const parq::Schema& schema = *parsed;
  const std::string described = Describe(schema);

  const std::string printed = schema.ToString();
  parq::Result<parq::Schema> again = parq::ParseMessageType(printed);
  if (!again.ok()) Die(("the printed schema does not parse:\n" + printed).c_str(), again.status());
  if (again->ToString() != printed) Die(("printing the parsed text changes it:\n" + printed).c_str());
  if (Describe(*again) != described) {
    Die(("the printed text parses to another tree:\n" + described + "---\n" + Describe(*again)).c_str());
  }

  parq::Result<parq::Schema> from_footer = parq::schema::FromFormat(parq::schema::ToFormat(schema), {});
  if (!from_footer.ok()) Die(("the schema's SchemaElements do not read back:\n" + printed).c_str(), from_footer.status());
  if (Describe(*from_footer) != described) {
    Die(("the SchemaElements read back to another tree:\n" + described + "---\n" + Describe(*from_footer)).c_str());
  }
  return 0;
}
