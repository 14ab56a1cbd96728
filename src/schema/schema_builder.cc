// The flat SchemaElement list <-> Schema tree.  See schema_builder.h for the
// checks and the fallback rules.
#include "schema/schema_builder.h"

#include <algorithm>
#include <string>
#include <utility>

#include "schema/schema_internal.h"

namespace parq::schema {

namespace {

std::optional<TimeUnit> UnitFromFormat(const format::TimeUnit& u) {
  if (u.MILLIS) return TimeUnit::kMillis;
  if (u.MICROS) return TimeUnit::kMicros;
  if (u.NANOS) return TimeUnit::kNanos;
  return std::nullopt;  // a unit newer than our IDL: unsupported, not corrupt
}

format::TimeUnit UnitToFormat(TimeUnit u) {
  format::TimeUnit out;
  switch (u) {
    case TimeUnit::kMillis: out.MILLIS.emplace(); break;
    case TimeUnit::kMicros: out.MICROS.emplace(); break;
    case TimeUnit::kNanos: out.NANOS.emplace(); break;
  }
  return out;
}

std::string Where(size_t index, std::string_view name) {
  return "schema element " + std::to_string(index) + " ('" + std::string(name) + "')";
}

// The effective annotation of one element (Schema::Make then checks that it
// fits the physical type), and the note of any fallback: an annotation newer
// than this reader is ignored with a note (a warning), a legacy DECIMAL
// without a valid precision and scale is kCorrupt.
Status ChooseAnnotation(const format::SchemaElement& e, size_t index, SchemaNode& node) {
  std::string note;
  ConvertedType stored = ConvertedType::kNone;
  if (e.converted_type) {
    auto v = static_cast<int32_t>(*e.converted_type);
    if (v >= 0 && v <= static_cast<int32_t>(ConvertedType::kInterval)) {
      stored = static_cast<ConvertedType>(v);
    } else {
      note = "unknown converted_type " + std::to_string(v) + " ignored";
    }
  }
  std::optional<LogicalType> chosen;
  if (e.logicalType) {
    chosen = LogicalTypeFromFormat(*e.logicalType);
    if (!chosen) {
      if (!note.empty()) note += "; ";
      note += "unknown logicalType";
      note += stored != ConvertedType::kNone ? "; read by its converted_type " + std::string(ConvertedTypeName(stored))
                                             : std::string("; read as the physical type");
    }
  }
  if (!chosen && stored != ConvertedType::kNone) {
    Result<LogicalType> from = LogicalType::FromConvertedType(stored, e.scale, e.precision);
    if (!from.ok()) {
      return Status::Corrupt(Where(index, e.name) + ": converted_type " +
                             std::string(ConvertedTypeName(stored)) + ": " + from.status().message());
    }
    chosen = *from;
  }
  SchemaNodeAccess::set_logical(node, chosen.value_or(LogicalType()));
  node.set_converted_type(stored);
  SchemaNodeAccess::set_note(node, std::move(note));
  return Status::OK();
}

}  // namespace

std::optional<LogicalType> LogicalTypeFromFormat(const format::LogicalType& t) {
  if (t.STRING) return LogicalType::String();
  if (t.MAP) return LogicalType::Map();
  if (t.LIST) return LogicalType::List();
  if (t.ENUM) return LogicalType::Enum();
  if (t.DECIMAL) return LogicalType::Decimal(t.DECIMAL->precision, t.DECIMAL->scale);
  if (t.DATE) return LogicalType::Date();
  if (t.TIME) {
    std::optional<TimeUnit> u = UnitFromFormat(t.TIME->unit);
    if (!u) return std::nullopt;
    return LogicalType::Time(*u, t.TIME->isAdjustedToUTC);
  }
  if (t.TIMESTAMP) {
    std::optional<TimeUnit> u = UnitFromFormat(t.TIMESTAMP->unit);
    if (!u) return std::nullopt;
    return LogicalType::Timestamp(*u, t.TIMESTAMP->isAdjustedToUTC);
  }
  if (t.INTEGER) return LogicalType::Int(t.INTEGER->bitWidth, t.INTEGER->isSigned);
  if (t.UNKNOWN) return LogicalType::Unknown();
  if (t.JSON) return LogicalType::Json();
  if (t.BSON) return LogicalType::Bson();
  if (t.UUID) return LogicalType::Uuid();
  if (t.FLOAT16) return LogicalType::Float16();
  if (t.VARIANT) return LogicalType::Variant(t.VARIANT->specification_version);
  if (t.GEOMETRY) return LogicalType::Geometry(std::string(t.GEOMETRY->crs.value_or("")));
  if (t.GEOGRAPHY) {
    std::optional<EdgeAlgorithm> algo;
    if (t.GEOGRAPHY->algorithm) {
      auto v = static_cast<int32_t>(*t.GEOGRAPHY->algorithm);
      if (v < 0 || v > static_cast<int32_t>(EdgeAlgorithm::kKarney)) return std::nullopt;
      algo = static_cast<EdgeAlgorithm>(v);
    }
    return LogicalType::Geography(std::string(t.GEOGRAPHY->crs.value_or("")), algo);
  }
  if (t.FILE) return LogicalType::File();
  return std::nullopt;
}

std::optional<format::LogicalType> LogicalTypeToFormat(const LogicalType& t) {
  using K = LogicalType::Kind;
  format::LogicalType out;
  switch (t.kind()) {
    case K::kNone:
    case K::kInterval: return std::nullopt;
    case K::kString: out.STRING.emplace(); break;
    case K::kMap: out.MAP.emplace(); break;
    case K::kList: out.LIST.emplace(); break;
    case K::kEnum: out.ENUM.emplace(); break;
    case K::kDecimal:
      out.DECIMAL.emplace();
      out.DECIMAL->scale = t.scale();
      out.DECIMAL->precision = t.precision();
      break;
    case K::kDate: out.DATE.emplace(); break;
    case K::kTime:
      out.TIME.emplace();
      out.TIME->isAdjustedToUTC = t.is_adjusted_to_utc();
      out.TIME->unit = UnitToFormat(t.time_unit());
      break;
    case K::kTimestamp:
      out.TIMESTAMP.emplace();
      out.TIMESTAMP->isAdjustedToUTC = t.is_adjusted_to_utc();
      out.TIMESTAMP->unit = UnitToFormat(t.time_unit());
      break;
    case K::kInt:
      out.INTEGER.emplace();
      out.INTEGER->bitWidth = static_cast<int8_t>(t.bit_width());
      out.INTEGER->isSigned = t.is_signed();
      break;
    case K::kUnknown: out.UNKNOWN.emplace(); break;
    case K::kJson: out.JSON.emplace(); break;
    case K::kBson: out.BSON.emplace(); break;
    case K::kUuid: out.UUID.emplace(); break;
    case K::kFloat16: out.FLOAT16.emplace(); break;
    case K::kVariant:
      out.VARIANT.emplace();
      out.VARIANT->specification_version = t.variant_spec_version();
      break;
    case K::kGeometry: {
      // Built apart and moved in: filled in place, g++ 12 warns that the
      // optional's string may be destroyed uninitialized (it may not).
      format::GeometryType g;
      if (!t.crs().empty()) g.crs = std::string_view(t.crs());
      out.GEOMETRY = std::move(g);
      break;
    }
    case K::kGeography: {
      format::GeographyType g;
      if (!t.crs().empty()) g.crs = std::string_view(t.crs());
      if (t.edge_algorithm()) g.algorithm = static_cast<format::EdgeInterpolationAlgorithm>(*t.edge_algorithm());
      out.GEOGRAPHY = std::move(g);
      break;
    }
    case K::kFile: out.FILE.emplace(); break;
  }
  return out;
}

Result<Schema> FromFormat(const thrift::Vector<format::SchemaElement>& elements, const ReaderOptions& options) {
  return FromFormat(
      elements.size(), [&](size_t i) -> Result<const format::SchemaElement*> { return &elements[i]; }, options);
}

namespace {

// Schema::Make's refusal as a file's: its schema is corrupt.
Status AsFileError(Status st) {
  if (st.code() == StatusCode::kInvalidArgument) return Status::Corrupt("schema: " + st.message());
  return st;
}

// Whether a group's reading depends on its fields (Classify: a LIST or MAP
// group, its repeated level, a MAP_KEY_VALUE group; any other annotation,
// to be safe): such a group, or a field of one, is not cut between its
// fields.
bool Plain(const SchemaNode& g) {
  return g.logical_type().is_none() && g.converted_type() == ConvertedType::kNone;
}

// The tree as FromFormat reads it, handed to `emit` resolved: all in one
// Schema, made once the whole list is read (slice_leaves 0), or a slice at
// a time, each made and handed on as soon as it holds slice_leaves leaves
// and may end there (WalkFormat).  With `checked`, each slice is only
// resolved and handed to it instead (CheckFormat).
Status Walk(size_t n, const SchemaElementAt& element, const ReaderOptions& options, size_t slice_leaves,
            const std::function<Status(Schema, const SliceInfo&)>& emit, const CheckedSliceFn* checked = nullptr) {
  if (n == 0) return Status::Corrupt("schema: no elements");

  // The root: a group (no physical type, or num_children > 0 beside one).
  PARQ_ASSIGN_OR_RETURN(const format::SchemaElement* root_element, element(0));
  const format::SchemaElement& r = *root_element;
  if (r.type && r.num_children.value_or(0) == 0) {
    return Status::Corrupt(Where(0, r.name) + ": the root must be a group, not a leaf");
  }
  int64_t root_children = r.num_children.value_or(0);
  if (root_children < 0) {
    return Status::Corrupt(Where(0, r.name) + ": negative num_children " + std::to_string(root_children));
  }
  if (static_cast<uint64_t>(root_children) > n - 1) {
    return Status::Corrupt(Where(0, r.name) + ": num_children " + std::to_string(root_children) + " exceeds the " +
                           std::to_string(n - 1) + " elements that follow");
  }
  // Kept apart: element(0) is valid only until the next call, and each
  // slice gets a root of its own.
  const std::string root_name(r.name);
  const std::optional<int32_t> root_id = r.field_id;
  auto new_root = [&] {
    auto g = SchemaNode::MakeGroup(root_name, Repetition::kRequired, {});
    g->set_field_id(root_id);
    return g;
  };
  auto root = new_root();
  // num_children is bounded by the elements that follow (checked above).
  if (slice_leaves == 0) SchemaNodeAccess::ReserveChildren(*root, static_cast<size_t>(root_children));

  // An annotation that does not fit its physical type (STRING on INT32,
  // DECIMAL(12,2) on INT32, UUID on FIXED_LEN_BYTE_ARRAY(8), LIST on a leaf)
  // is refused, as parquet-java and Arrow refuse it: strict resolution, its
  // error a corrupt file's (as is Schema::Make's refusal of a group with no
  // children).
  SchemaOptions so;
  so.max_depth = options.max_schema_depth;
  so.strict = true;
  so.unique_names = false;  // files from other writers are read as they are
  SliceInfo info;       // of the slice being read
  size_t leaves = 0;     // in the slice being read
  auto make = [&](int continues) -> Status {
    info.continues = continues;
    if (checked != nullptr) {
      PARQ_RETURN_IF_ERROR(AsFileError(SchemaNodeAccess::Resolve(*root, 0, so)));
      (*checked)(*root, static_cast<int>(leaves), info.continued);
    } else {
      Result<Schema> schema = Schema::Make(std::move(root), so);
      if (!schema.ok()) return AsFileError(std::move(schema).status());
      PARQ_RETURN_IF_ERROR(emit(std::move(*schema), info));
    }
    info.first_column += static_cast<int>(leaves);
    info.continued = continues;
    leaves = 0;
    return Status::OK();
  };

  // Depth-first, with an explicit stack whose height the depth limit bounds.
  struct Open {
    SchemaNode* node;
    int64_t remaining;  // children still to read
    size_t index;       // the group's element index, for errors
    bool plain;         // Plain(*node)
    bool blocks;        // a slice may not end below it (see Plain)
  };
  std::vector<Open> stack;
  int blocking = 0;  // entries of the stack that block
  if (root_children > 0) stack.push_back({root.get(), root_children, 0, true, false});
  size_t i = 1;
  while (!stack.empty()) {
    Open& top = stack.back();
    if (top.remaining == 0) {
      blocking -= top.blocks ? 1 : 0;
      stack.pop_back();
      continue;
    }
    if (slice_leaves > 0 && leaves >= slice_leaves && blocking == 0 && top.node->num_children() > 0) {
      // Between two fields of the group on top, the slice full: handed on,
      // and the next begins with copies of the open groups, each the first
      // field of the one above.
      auto next_root = new_root();
      SchemaNode* parent = next_root.get();
      stack[0].node = parent;
      for (size_t d = 1; d < stack.size(); ++d) {
        const SchemaNode& g = *stack[d].node;
        auto copy = SchemaNode::MakeGroup(g.name(), g.repetition(), {});
        SchemaNodeAccess::set_logical(*copy, g.logical_type());
        copy->set_converted_type(g.converted_type());
        copy->set_field_id(g.field_id());
        SchemaNodeAccess::set_note(*copy, g.annotation_note());
        stack[d].node = copy.get();
        parent->AddChild(std::move(copy));
        parent = stack[d].node;
      }
      PARQ_RETURN_IF_ERROR(make(static_cast<int>(stack.size()) - 1));
      root = std::move(next_root);
      continue;
    }
    if (i >= n) {
      return Status::Corrupt(Where(top.index, top.node->name()) + ": " + std::to_string(top.remaining) +
                             " of its children are missing: the list ends at element " + std::to_string(n - 1));
    }
    --top.remaining;
    SchemaNode* parent = top.node;
    PARQ_ASSIGN_OR_RETURN(const format::SchemaElement* element_i, element(i));
    const format::SchemaElement& e = *element_i;
    const int64_t depth = static_cast<int64_t>(stack.size());
    if (depth > options.max_schema_depth) {
      return Status::LimitExceeded(Where(i, e.name) + ": nesting depth " + std::to_string(depth) +
                                   " exceeds max_schema_depth (" + std::to_string(options.max_schema_depth) + ")");
    }
    if (!e.repetition_type) return Status::Corrupt(Where(i, e.name) + ": repetition_type is missing");
    auto rep = static_cast<Repetition>(*e.repetition_type);
    if (!IsKnownRepetition(rep)) {
      return Status::Unsupported(Where(i, e.name) + ": unknown repetition_type " +
                                 std::to_string(static_cast<int32_t>(rep)));
    }
    const bool is_group = !e.type || e.num_children.value_or(0) > 0;
    std::unique_ptr<SchemaNode> node;
    int64_t children = 0;
    if (is_group) {
      if (!e.num_children) {
        return Status::Corrupt(Where(i, e.name) + ": neither a physical type (leaf) nor num_children (group)");
      }
      children = *e.num_children;
      if (children < 0) {
        return Status::Corrupt(Where(i, e.name) + ": negative num_children " + std::to_string(children));
      }
      if (static_cast<uint64_t>(children) > n - 1 - i) {
        return Status::Corrupt(Where(i, e.name) + ": num_children " + std::to_string(children) + " exceeds the " +
                               std::to_string(n - 1 - i) + " elements that follow");
      }
      node = SchemaNode::MakeGroup(std::string(e.name), rep, {});
      // Sliced, a group holds a slice's worth of fields at most.
      SchemaNodeAccess::ReserveChildren(
          *node, static_cast<size_t>(slice_leaves > 0 ? std::min<uint64_t>(static_cast<uint64_t>(children), slice_leaves)
                                                      : static_cast<uint64_t>(children)));
    } else {
      auto physical = static_cast<PhysicalType>(*e.type);
      if (!IsKnownPhysicalType(physical)) {
        return Status::Corrupt(Where(i, e.name) + ": unknown physical type " +
                               std::to_string(static_cast<int32_t>(physical)));
      }
      int32_t length = -1;
      if (physical == PhysicalType::kFixedLenByteArray) {
        if (!e.type_length || *e.type_length <= 0) {
          return Status::Corrupt(Where(i, e.name) + ": FIXED_LEN_BYTE_ARRAY needs a positive type_length, got " +
                                 (e.type_length ? std::to_string(*e.type_length) : std::string("none")));
        }
        length = *e.type_length;
      }
      node = SchemaNode::MakePrimitive(std::string(e.name), rep, physical, {}, length);
      ++leaves;
    }
    PARQ_RETURN_IF_ERROR(ChooseAnnotation(e, i, *node));
    node->set_field_id(e.field_id);
    SchemaNode* raw = node.get();
    parent->AddChild(std::move(node));
    if (children > 0) {
      // A group whose reading depends on its fields, or on theirs, keeps
      // them in one slice; of one field, in each slice the same one.
      const bool plain = Plain(*raw);
      const bool blocks = (!plain || !top.plain) && children != 1;
      blocking += blocks ? 1 : 0;
      stack.push_back({raw, children, i, plain, blocks});
    }
    ++i;
  }
  if (i != n) {
    return Status::Corrupt("schema: " + std::to_string(n - i) + " element(s) follow the root's subtree, which ends at element " +
                           std::to_string(i - 1));
  }
  return make(0);
}

void ForEachNew(const SchemaNode& n, int continued, const std::function<void(const SchemaNode&)>& fn) {
  if (continued == 0) fn(n);
  for (int c = 0; c < n.num_children(); ++c) ForEachNew(n.child(c), c == 0 && continued > 0 ? continued - 1 : 0, fn);
}

}  // namespace

void ForEachNewNode(const SchemaNode& root, int continued, const std::function<void(const SchemaNode&)>& fn) {
  for (int c = 0; c < root.num_children(); ++c) ForEachNew(root.child(c), c == 0 ? continued : 0, fn);
}

Result<Schema> FromFormat(size_t n, const SchemaElementAt& element, const ReaderOptions& options) {
  Schema whole;
  PARQ_RETURN_IF_ERROR(Walk(n, element, options, /*slice_leaves=*/0, [&](Schema slice, const SliceInfo&) {
    whole = std::move(slice);
    return Status::OK();
  }));
  return whole;
}

Status WalkFormat(size_t n, const SchemaElementAt& element, const ReaderOptions& options, size_t slice_leaves,
                  const SchemaSliceFn& on_slice) {
  return Walk(n, element, options, slice_leaves == 0 ? 1 : slice_leaves,
              [&](Schema slice, const SliceInfo& info) { return on_slice(slice, info); });
}

Status CheckFormat(size_t n, const SchemaElementAt& element, const ReaderOptions& options, size_t slice_leaves,
                   const CheckedSliceFn& on_checked) {
  return Walk(n, element, options, slice_leaves == 0 ? 1 : slice_leaves, nullptr, &on_checked);
}

namespace {

void Emit(const SchemaNode& n, bool is_root, thrift::Vector<format::SchemaElement>* out) {
  format::SchemaElement e;
  e.name = n.name();
  if (!is_root) e.repetition_type = static_cast<format::FieldRepetitionType>(static_cast<int32_t>(n.repetition()));
  if (n.is_group()) {
    e.num_children = n.num_children();
  } else {
    e.type = static_cast<format::Type>(static_cast<int32_t>(n.physical_type()));
    if (n.physical_type() == PhysicalType::kFixedLenByteArray) e.type_length = n.type_length();
  }
  const LogicalType& lt = n.logical_type();
  e.logicalType = LogicalTypeToFormat(lt);
  ConvertedType ct = lt.ToConvertedType();
  // A map's middle level may keep its legacy MAP_KEY_VALUE annotation.
  if (lt.is_none() && n.converted_type() == ConvertedType::kMapKeyValue) ct = ConvertedType::kMapKeyValue;
  if (ct != ConvertedType::kNone) e.converted_type = static_cast<format::ConvertedType>(static_cast<int32_t>(ct));
  if (lt.kind() == LogicalType::Kind::kDecimal) {
    e.scale = lt.scale();
    e.precision = lt.precision();
  }
  e.field_id = n.field_id();
  out->push_back(std::move(e));
  for (int i = 0; i < n.num_children(); ++i) Emit(n.child(i), false, out);
}

}  // namespace

thrift::Vector<format::SchemaElement> ToFormat(const Schema& schema) {
  thrift::Vector<format::SchemaElement> out;
  Emit(schema.root(), true, &out);
  return out;
}

}  // namespace parq::schema
