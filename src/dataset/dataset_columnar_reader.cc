// DatasetColumnarReader: each file's ColumnarReader batches, their leaves
// put in the unified schema's order and widened, the leaves a file lacks and
// the partition columns filled in (parq/dataset.h).
#include <algorithm>
#include <cstring>

#include "dataset/dataset_impl.h"
#include "dataset/scan_filter.h"
#include "parq/file_reader.h"
#include "parq/logical_values.h"
#include "record/assembly_plan.h"
#include "util/pool_option.h"

namespace parq {
namespace {

// A leaf of the projection: its unified column and its chain of nodes.
struct LeafShape {
  int column = -1;
  int top_field = -1;
  std::vector<ColumnarNode> nodes;  // kind, name and nullable set; the rest empty
};

void CollectShapes(const PlanNode& p, std::vector<ColumnarNode>* chain, int top, std::vector<LeafShape>* out) {
  ColumnarNode n;
  switch (p.kind) {
    case PlanNode::Kind::kLeaf: n.kind = ColumnarNode::Kind::kLeaf; break;
    case PlanNode::Kind::kList: n.kind = ColumnarNode::Kind::kList; break;
    case PlanNode::Kind::kMap: n.kind = ColumnarNode::Kind::kMap; break;
    default: n.kind = ColumnarNode::Kind::kStruct; break;
  }
  n.name = p.name;
  n.nullable = p.nullable;
  chain->push_back(n);
  if (p.kind == PlanNode::Kind::kLeaf) {
    out->push_back({p.column, top, *chain});
  } else {
    for (const PlanNode& c : p.children) CollectShapes(c, chain, top, out);
  }
  chain->pop_back();
}

int ValueWidth(const ColumnDescriptor& d) {
  switch (d.physical_type) {
    case PhysicalType::kBoolean: return 0;
    case PhysicalType::kInt32: return 4;
    case PhysicalType::kInt64: return 8;
    case PhysicalType::kInt96: return 12;
    case PhysicalType::kFloat: return 4;
    case PhysicalType::kDouble: return 8;
    case PhysicalType::kByteArray: return 0;
    case PhysicalType::kFixedLenByteArray: return d.type_length;
  }
  return 0;
}

bool Present(const ColumnarNode& n, int64_t i) { return (n.validity[static_cast<size_t>(i / 8)] >> (i % 8)) & 1; }

void SetValidity(ColumnarNode* n, int64_t length, bool present) {
  n->length = length;
  n->null_count = present ? 0 : length;
  n->validity.assign(static_cast<size_t>((length + 7) / 8), present ? 0xFF : 0);
  if (present && length % 8 != 0) n->validity.back() = static_cast<uint8_t>((1u << (length % 8)) - 1);
}

// A leaf whose every top-level slot is null.
void NullLeaf(const LeafShape& shape, const ColumnDescriptor& d, int64_t rows, ColumnarLeaf* out) {
  out->column = shape.column;
  out->descriptor = &d;
  out->value_width = ValueWidth(d);
  out->path = shape.nodes;
  int64_t length = rows;
  for (size_t k = 0; k < out->path.size(); ++k) {
    ColumnarNode& n = out->path[k];
    SetValidity(&n, length, false);
    if (n.kind == ColumnarNode::Kind::kList || n.kind == ColumnarNode::Kind::kMap) {
      n.offsets.assign(static_cast<size_t>(length + 1), 0);
      length = 0;  // a null list has no element slots
    }
  }
  const ColumnarNode& leaf = out->path.back();
  out->values.assign(d.physical_type == PhysicalType::kBoolean
                         ? static_cast<size_t>((leaf.length + 7) / 8)
                         : static_cast<size_t>(leaf.length * out->value_width),
                     0);
  out->offsets.assign(d.physical_type == PhysicalType::kByteArray ? static_cast<size_t>(leaf.length + 1) : 1, 0);
  out->data.clear();
}

// A partition column: `value` in every slot.
void ConstantLeaf(const LeafShape& shape, const ColumnDescriptor& d, const Value& value, int64_t rows,
                  ColumnarLeaf* out) {
  NullLeaf(shape, d, rows, out);
  if (value.is_null()) return;
  SetValidity(&out->path.back(), rows, true);
  switch (value.kind()) {
    case Value::Kind::kInt32: {
      const int32_t v = value.int32_value();
      for (int64_t i = 0; i < rows; ++i) std::memcpy(out->values.data() + i * 4, &v, 4);
      break;
    }
    case Value::Kind::kInt64: {
      const int64_t v = value.int64_value();
      for (int64_t i = 0; i < rows; ++i) std::memcpy(out->values.data() + i * 8, &v, 8);
      break;
    }
    case Value::Kind::kDouble: {
      const double v = value.double_value();
      for (int64_t i = 0; i < rows; ++i) std::memcpy(out->values.data() + i * 8, &v, 8);
      break;
    }
    default: {  // kBytes
      const std::string_view b = value.bytes();
      out->data.reserve(b.size() * static_cast<size_t>(rows));
      for (int64_t i = 0; i < rows; ++i) {
        out->data.insert(out->data.end(), b.begin(), b.end());
        out->offsets[static_cast<size_t>(i + 1)] = static_cast<int64_t>(out->data.size());
      }
    }
  }
}

// The unscaled value of slot i of a top-level integer or decimal leaf.
__int128 Unscaled(const ColumnarLeaf& leaf, int64_t i, bool is_unsigned) {
  const ColumnDescriptor& d = *leaf.descriptor;
  switch (d.physical_type) {
    case PhysicalType::kInt32: {
      int32_t v;
      std::memcpy(&v, leaf.values.data() + i * 4, 4);
      return is_unsigned ? static_cast<__int128>(static_cast<uint32_t>(v)) : v;
    }
    case PhysicalType::kInt64: {
      int64_t v;
      std::memcpy(&v, leaf.values.data() + i * 8, 8);
      return is_unsigned ? static_cast<__int128>(static_cast<uint64_t>(v)) : v;
    }
    default: {
      const uint8_t* p = d.physical_type == PhysicalType::kByteArray
                             ? leaf.data.data() + leaf.offsets[static_cast<size_t>(i)]
                             : leaf.values.data() + i * leaf.value_width;
      const int64_t n = d.physical_type == PhysicalType::kByteArray
                            ? leaf.offsets[static_cast<size_t>(i + 1)] - leaf.offsets[static_cast<size_t>(i)]
                            : leaf.value_width;
      if (n == 0) return 0;
      __int128 v = (p[0] & 0x80) ? -1 : 0;
      for (int64_t k = 0; k < n; ++k) v = static_cast<__int128>((static_cast<unsigned __int128>(v) << 8) | p[k]);
      return v;
    }
  }
}

// Rewrites the values of a top-level leaf of `from`'s type as `to`'s (the
// unified type, which unification made a widening of it).
Status Widen(const ColumnDescriptor& to, ColumnarLeaf* leaf) {
  const ColumnDescriptor& from = *leaf->descriptor;
  if (from.physical_type == to.physical_type && from.logical_type == to.logical_type &&
      from.type_length == to.type_length) {
    return Status::OK();
  }
  const ColumnarNode& node = leaf->path.back();
  const int64_t n = node.length;
  const bool is_unsigned = from.logical_type.kind() == LogicalType::Kind::kInt && !from.logical_type.is_signed();
  std::vector<uint8_t> out;
  if (to.logical_type.kind() == LogicalType::Kind::kDecimal) {
    const int32_t from_scale =
        from.logical_type.kind() == LogicalType::Kind::kDecimal ? from.logical_type.scale() : 0;
    __int128 factor = 1;
    for (int32_t k = from_scale; k < to.logical_type.scale(); ++k) factor *= 10;
    const int width = ValueWidth(to);
    out.assign(static_cast<size_t>(n * width), 0);
    for (int64_t i = 0; i < n; ++i) {
      if (!Present(node, i)) continue;
      const __int128 v = Unscaled(*leaf, i, is_unsigned) * factor;
      if (to.physical_type == PhysicalType::kInt32) {
        const int32_t x = static_cast<int32_t>(v);
        std::memcpy(out.data() + i * 4, &x, 4);
      } else if (to.physical_type == PhysicalType::kInt64) {
        const int64_t x = static_cast<int64_t>(v);
        std::memcpy(out.data() + i * 8, &x, 8);
      } else {
        for (int k = 0; k < width; ++k) {
          out[static_cast<size_t>(i * width + width - 1 - k)] =
              static_cast<uint8_t>(static_cast<unsigned __int128>(v) >> (8 * k));
        }
      }
    }
    leaf->value_width = width;
  } else if (to.physical_type == PhysicalType::kInt64 && from.physical_type == PhysicalType::kInt32) {
    out.assign(static_cast<size_t>(n * 8), 0);
    for (int64_t i = 0; i < n; ++i) {
      const int64_t x = static_cast<int64_t>(Unscaled(*leaf, i, is_unsigned));
      std::memcpy(out.data() + i * 8, &x, 8);
    }
    leaf->value_width = 8;
  } else if (to.physical_type == PhysicalType::kDouble && from.physical_type == PhysicalType::kFloat) {
    out.assign(static_cast<size_t>(n * 8), 0);
    for (int64_t i = 0; i < n; ++i) {
      float f;
      std::memcpy(&f, leaf->values.data() + i * 4, 4);
      const double x = f;
      std::memcpy(out.data() + i * 8, &x, 8);
    }
    leaf->value_width = 8;
  } else if (from.physical_type == to.physical_type) {
    return Status::OK();  // INTEGER annotations of INT32 into plain INT32: the same values
  } else {
    return Status::Internal("dataset: no conversion from " + from.dotted_path + "'s type");
  }
  leaf->values = std::move(out);
  leaf->offsets.assign(1, 0);
  leaf->data.clear();
  return Status::OK();
}

}  // namespace

struct DatasetColumnarReader::Impl {
  const Dataset::Impl* ds = nullptr;
  std::optional<dataset::ScanFilter> filter;
  std::vector<LeafShape> shapes;  // in unified column order
  dataset::FileCursor cursor;

  // The current file.
  std::unique_ptr<ColumnarReader> columns;  // null when no column of the file is read
  int row_group = 0;
  std::vector<int> source;  // per shape: its leaf in the file's batch, or -1
  std::vector<int> prebuffer_columns;  // the file's leaves read (a remote file's are pre-buffered)
  ColumnarBatch file_batch;

  Result<bool> OpenNextFile();
};

Result<bool> DatasetColumnarReader::Impl::OpenNextFile() {
  columns.reset();
  PARQ_ASSIGN_OR_RETURN(bool more, cursor.Advance(*ds, *filter));
  if (!more) return false;
  const size_t f = cursor.index;
  const DatasetFile& info = ds->files[f];
  const FileReader* file = cursor.file.get();
  row_group = 0;
  const Schema& fs = file->schema();
  bool all = false;
  ColumnarReaderOptions co;
  co.thread_pool = cursor.pool;
  co.filter = filter->Pushed(f, fs, &all);
  if (!all) {
    return Status::Unsupported("dataset file '" + info.path +
                               "': a part of the filter does not bind to the file's own column types; "
                               "DatasetRowReader evaluates it, DatasetColumnarReader cannot");
  }
  std::vector<std::string> wanted;
  for (const LeafShape& s : shapes) {
    if (s.top_field >= ds->num_file_fields || !ds->has_field[f][static_cast<size_t>(s.top_field)]) continue;
    const std::string& path = ds->schema.column(s.column).dotted_path;
    if (fs.FindColumn(path) != nullptr) wanted.push_back(path);
  }
  if (wanted.empty() && co.filter) {
    // Only the filter's count is needed: read its first column.
    PARQ_ASSIGN_OR_RETURN(BoundFilter b, BoundFilter::Bind(*co.filter, fs));
    wanted.push_back(fs.column(b.columns().front()).dotted_path);
  }
  if (!wanted.empty()) {
    prebuffer_columns = dataset::LeafColumns(fs, wanted, co.filter);
    co.columns = wanted;
    auto reader = ColumnarReader::Open(*file, co);
    if (!reader.ok()) {
      Status st = reader.status();
      return std::move(st).AddContext("dataset file '" + info.path + "'");
    }
    columns = std::move(*reader);
  }
  return true;
}

DatasetColumnarReader::DatasetColumnarReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
DatasetColumnarReader::~DatasetColumnarReader() = default;

Result<std::unique_ptr<DatasetColumnarReader>> DatasetColumnarReader::Open(const Dataset& dataset,
                                                                         const DatasetScanOptions& options) {
  auto impl = std::make_unique<Impl>();
  impl->ds = &dataset.impl();
  const Schema& schema = dataset.schema();
  PARQ_ASSIGN_OR_RETURN(dataset::ScanFilter filter, dataset::ScanFilter::Make(*impl->ds, options.filter));
  impl->filter = std::move(filter);
  PARQ_ASSIGN_OR_RETURN(impl->cursor.pool, util::PoolFor(options.thread_pool, options.threads));
  PARQ_ASSIGN_OR_RETURN(AssemblyPlan plan, BuildAssemblyPlan(schema, options.columns));
  std::vector<ColumnarNode> chain;
  for (const PlanNode& top : plan.root.children) {
    CollectShapes(top, &chain, dataset::TopFieldOf(schema, top.node), &impl->shapes);
  }
  std::sort(impl->shapes.begin(), impl->shapes.end(),
            [](const LeafShape& a, const LeafShape& b) { return a.column < b.column; });
  return std::unique_ptr<DatasetColumnarReader>(new DatasetColumnarReader(std::move(impl)));
}

Result<bool> DatasetColumnarReader::Next(ColumnarBatch* batch) {
  Impl& m = *impl_;
  const Schema& schema = m.ds->schema;
  while (true) {
    if (m.cursor.file == nullptr || m.row_group >= m.cursor.file->metadata().num_row_groups()) {
      PARQ_ASSIGN_OR_RETURN(bool more, m.OpenNextFile());
      if (!more) return false;
      continue;
    }
    const int rg = m.row_group++;
    int64_t rows = m.cursor.file->metadata().row_group(rg).num_rows();
    if (m.columns != nullptr) {
      Status st = m.cursor.PrebufferRemote({rg}, m.prebuffer_columns, dataset::kRemotePrebufferBytes);
      if (st.ok()) st = m.columns->ReadRowGroup(rg, &m.file_batch);
      if (!st.ok()) return std::move(st).AddContext("dataset file '" + m.ds->files[m.cursor.index].path + "'");
      rows = m.file_batch.num_rows;
    } else {
      m.file_batch.leaves.clear();
    }
    if (rows == 0) continue;
    batch->num_rows = rows;
    batch->leaves.resize(m.shapes.size());
    for (size_t i = 0; i < m.shapes.size(); ++i) {
      const LeafShape& s = m.shapes[i];
      const ColumnDescriptor& d = schema.column(s.column);
      ColumnarLeaf* out = &batch->leaves[i];
      if (s.top_field >= m.ds->num_file_fields) {
        ConstantLeaf(s, d, m.ds->partition_values[m.cursor.index][static_cast<size_t>(s.top_field - m.ds->num_file_fields)],
                     rows, out);
        continue;
      }
      const auto it = std::find_if(m.file_batch.leaves.begin(), m.file_batch.leaves.end(),
                                   [&](const ColumnarLeaf& l) {
                                     return l.descriptor != nullptr && l.descriptor->dotted_path == d.dotted_path;
                                   });
      if (it == m.file_batch.leaves.end()) {
        NullLeaf(s, d, rows, out);
        continue;
      }
      std::swap(*out, *it);  // the file batch's slot gets the old buffers, reused by its next ReadRowGroup
      it->descriptor = nullptr;
      Status st = out->path.size() == 1 ? Widen(d, out) : Status::OK();
      if (!st.ok()) return std::move(st).AddContext("dataset file '" + m.ds->files[m.cursor.index].path + "'");
      out->column = s.column;
      out->descriptor = &d;
      for (size_t k = 0; k < out->path.size() && k < s.nodes.size(); ++k) out->path[k].nullable = s.nodes[k].nullable;
    }
    return true;
  }
}

int64_t DatasetColumnarReader::files_pruned() const { return impl_->cursor.pruned; }
int64_t DatasetColumnarReader::files_opened() const { return impl_->cursor.opened; }

}  // namespace parq
