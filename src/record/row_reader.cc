// RowReader: feeds LeafBuffers from column readers a batch at a time and
// runs the Assembler row by row (see parq/record.h, record/assembler.h).
#include <memory>
#include <string>
#include <vector>

#include "parq/record.h"
#include "record/assembler.h"
#include "record/assembly_plan.h"
#include "record/leaf_buffer.h"
#include "record/leaf_format.h"
#include "record/row_json.h"

namespace parq {

namespace {

// One projected column's reader and the scratch its batches land in.
struct Feed {
  std::unique_ptr<ColumnReader> reader;
  bool eof = false;
  std::vector<int32_t> i32;
  std::vector<int64_t> i64;
  std::vector<Int96> i96;
  std::vector<float> f32;
  std::vector<double> f64;
  std::vector<ByteArray> ba;
  std::vector<FixedLenByteArray> flba;
  std::unique_ptr<bool[]> bools;
  size_t bools_cap = 0;
};

template <typename T>
Result<int64_t> ReadTyped(ColumnReader* r, int64_t n, int16_t* def, int16_t* rep, T* values,
                          int64_t* values_read) {
  TypedColumnReader<T>* t = r->As<T>();
  if (t == nullptr) return Status::Internal("column reader of an unexpected type");
  return t->ReadBatch(n, def, rep, values, values_read);
}

}  // namespace

struct RowReader::Impl {
  RowSource source;
  RowReaderOptions options;
  AssemblyPlan plan;
  std::vector<LeafBuffer> leaves;
  std::vector<Feed> feeds;
  std::vector<LeafFormatter> formatters;
  std::vector<std::string> names;
  std::unique_ptr<Assembler> assembler;
  int row_group = -1;
  int64_t rows_left = 0;
  int64_t rows_read = 0;

  // Reads one more batch of slot s.
  Status Refill(size_t s) {
    LeafBuffer& b = leaves[s];
    Feed& f = feeds[s];
    b.Compact();
    const int64_t n = options.batch_levels > 0 ? options.batch_levels : 4096;
    const size_t old = b.def.size();
    b.def.resize(old + static_cast<size_t>(n));
    b.rep.resize(old + static_cast<size_t>(n));
    int16_t* def = b.max_def > 0 ? b.def.data() + old : nullptr;
    int16_t* rep = b.max_rep > 0 ? b.rep.data() + old : nullptr;
    const size_t un = static_cast<size_t>(n);
    int64_t vr = 0;
    Result<int64_t> got = int64_t{0};
    switch (b.type) {
      case PhysicalType::kBoolean:
        if (f.bools_cap < un) {
          f.bools = std::make_unique<bool[]>(un);
          f.bools_cap = un;
        }
        got = ReadTyped<bool>(f.reader.get(), n, def, rep, f.bools.get(), &vr);
        if (got.ok()) b.AppendBools(f.bools.get(), static_cast<size_t>(vr));
        break;
      case PhysicalType::kInt32:
        f.i32.resize(un);
        got = ReadTyped<int32_t>(f.reader.get(), n, def, rep, f.i32.data(), &vr);
        if (got.ok()) b.AppendFixed(f.i32.data(), static_cast<size_t>(vr));
        break;
      case PhysicalType::kInt64:
        f.i64.resize(un);
        got = ReadTyped<int64_t>(f.reader.get(), n, def, rep, f.i64.data(), &vr);
        if (got.ok()) b.AppendFixed(f.i64.data(), static_cast<size_t>(vr));
        break;
      case PhysicalType::kInt96:
        f.i96.resize(un);
        got = ReadTyped<Int96>(f.reader.get(), n, def, rep, f.i96.data(), &vr);
        if (got.ok()) b.AppendFixed(f.i96.data(), static_cast<size_t>(vr));
        break;
      case PhysicalType::kFloat:
        f.f32.resize(un);
        got = ReadTyped<float>(f.reader.get(), n, def, rep, f.f32.data(), &vr);
        if (got.ok()) b.AppendFixed(f.f32.data(), static_cast<size_t>(vr));
        break;
      case PhysicalType::kDouble:
        f.f64.resize(un);
        got = ReadTyped<double>(f.reader.get(), n, def, rep, f.f64.data(), &vr);
        if (got.ok()) b.AppendFixed(f.f64.data(), static_cast<size_t>(vr));
        break;
      case PhysicalType::kByteArray:
        f.ba.resize(un);
        got = ReadTyped<ByteArray>(f.reader.get(), n, def, rep, f.ba.data(), &vr);
        if (got.ok()) {
          size_t total = 0;
          for (int64_t i = 0; i < vr; ++i) total += f.ba[static_cast<size_t>(i)].len;
          b.bytes.reserve(b.bytes.size() + total);
          b.offsets.reserve(b.offsets.size() + static_cast<size_t>(vr));
          for (int64_t i = 0; i < vr; ++i) b.AppendBytes(f.ba[static_cast<size_t>(i)].ptr, f.ba[static_cast<size_t>(i)].len);
        }
        break;
      case PhysicalType::kFixedLenByteArray:
        f.flba.resize(un);
        got = ReadTyped<FixedLenByteArray>(f.reader.get(), n, def, rep, f.flba.data(), &vr);
        if (got.ok()) {
          b.raw.reserve(b.raw.size() + static_cast<size_t>(vr) * b.width);
          for (int64_t i = 0; i < vr; ++i) b.AppendFixedBytes(f.flba[static_cast<size_t>(i)].ptr);
        }
        break;
    }
    if (!got.ok()) {
      b.def.resize(old);
      b.rep.resize(old);
      return std::move(got).status();
    }
    const int64_t levels = *got;
    if (levels < 0 || levels > n || vr < 0 || vr > levels) {
      return Status::Internal("column reader returned an impossible batch size");
    }
    const size_t nl = old + static_cast<size_t>(levels);
    b.def.resize(nl);
    b.rep.resize(nl);
    if (def == nullptr) std::fill(b.def.begin() + static_cast<std::ptrdiff_t>(old), b.def.end(), int16_t{0});
    if (rep == nullptr) std::fill(b.rep.begin() + static_cast<std::ptrdiff_t>(old), b.rep.end(), int16_t{0});
    if (levels == 0) f.eof = true;
    return Status::OK();
  }

  // Makes slot s hold the whole of its next row.
  Status EnsureRow(size_t s) {
    LeafBuffer& b = leaves[s];
    Feed& f = feeds[s];
    while (true) {
      if (b.pos < b.size() && b.FindRowEnd(f.eof)) return Status::OK();
      if (f.eof) {
        return Status::Corrupt("column chunk holds fewer rows than the row group's " +
                               std::to_string(source.row_group_rows[static_cast<size_t>(row_group)]))
            .WithColumn(b.desc->dotted_path)
            .WithRowGroup(row_group);
      }
      PARQ_RETURN_IF_ERROR(Refill(s));
    }
  }

  // After the last row of a row group: no column may hold more.
  Status CheckExhausted() {
    for (size_t s = 0; s < leaves.size(); ++s) {
      LeafBuffer& b = leaves[s];
      if (b.pos == b.size() && !feeds[s].eof) PARQ_RETURN_IF_ERROR(Refill(s));
      if (b.pos < b.size()) {
        return Status::Corrupt("column chunk holds more rows than the row group's " +
                               std::to_string(source.row_group_rows[static_cast<size_t>(row_group)]))
            .WithColumn(b.desc->dotted_path)
            .WithRowGroup(row_group);
      }
    }
    return Status::OK();
  }

  // Positions every leaf on the next row; false at the end of the file.
  Result<bool> Advance() {
    while (rows_left == 0) {
      if (row_group >= 0) {
        PARQ_RETURN_IF_ERROR(CheckExhausted());
      }
      if (row_group + 1 >= static_cast<int>(source.row_group_rows.size())) {
        row_group = static_cast<int>(source.row_group_rows.size());
        for (Feed& f : feeds) f.reader.reset();
        return false;
      }
      ++row_group;
      rows_left = source.row_group_rows[static_cast<size_t>(row_group)];
      if (rows_left < 0) return Status::Corrupt("negative row count").WithRowGroup(row_group);
      for (size_t s = 0; s < leaves.size(); ++s) {
        leaves[s].Clear();
        feeds[s].eof = false;
        feeds[s].reader.reset();
        if (rows_left == 0) {
          feeds[s].eof = true;  // an empty row group: its chunks are not read
          continue;
        }
        Result<std::unique_ptr<ColumnReader>> r = source.open_column(row_group, plan.columns[s]);
        if (!r.ok()) return std::move(r).status();  // names its column and row group
        feeds[s].reader = std::move(*r);
      }
    }
    for (size_t s = 0; s < leaves.size(); ++s) PARQ_RETURN_IF_ERROR(EnsureRow(s));
    return true;
  }

  Status Finish() {
    Status st = assembler->FinishRow();
    if (!st.ok()) {
      return std::move(st).AddContext("row " + std::to_string(rows_read)).WithRowGroup(row_group);
    }
    --rows_left;
    ++rows_read;
    return Status::OK();
  }
};

RowReader::RowReader(std::unique_ptr<Impl> impl) : impl_(std::move(impl)) {}
RowReader::~RowReader() = default;

Result<std::unique_ptr<RowReader>> RowReader::Open(RowSource source, const RowReaderOptions& options) {
  if (source.schema == nullptr || !source.open_column) {
    return Status::InvalidArgument("RowSource without a schema or a column opener");
  }
  auto impl = std::make_unique<Impl>();
  impl->source = std::move(source);
  impl->options = options;
  PARQ_ASSIGN_OR_RETURN(impl->plan, BuildAssemblyPlan(*impl->source.schema, options.columns));
  const Schema& schema = *impl->source.schema;
  const size_t n = impl->plan.columns.size();
  impl->leaves.resize(n);
  impl->feeds.resize(n);
  impl->formatters.reserve(n);
  for (size_t s = 0; s < n; ++s) {
    const ColumnDescriptor& d = schema.column(impl->plan.columns[s]);
    impl->leaves[s].Init(d);
    impl->leaves[s].slot = static_cast<int>(s);
    impl->formatters.emplace_back(d);
  }
  for (const PlanNode& f : impl->plan.root.children) impl->names.push_back(f.name);
  impl->assembler = std::make_unique<Assembler>(&impl->plan, &impl->leaves);
  return std::unique_ptr<RowReader>(new RowReader(std::move(impl)));
}

Result<bool> RowReader::Next(Value* row) {
  PARQ_ASSIGN_OR_RETURN(bool more, impl_->Advance());
  if (!more) return false;
  ValueSink sink;
  sink.Start(row);
  impl_->assembler->AssembleRow(sink);
  PARQ_RETURN_IF_ERROR(impl_->Finish());
  return true;
}

Result<bool> RowReader::NextJson(std::string* out) {
  PARQ_ASSIGN_OR_RETURN(bool more, impl_->Advance());
  if (!more) return false;
  JsonSink sink(&impl_->formatters);
  sink.Start(out);
  impl_->assembler->AssembleRow(sink);
  sink.End();
  PARQ_RETURN_IF_ERROR(impl_->Finish());
  if (!sink.status().ok()) {
    return Status(sink.status()).AddContext("row " + std::to_string(impl_->rows_read - 1));
  }
  return true;
}

namespace {

Status ValueToJson(const PlanNode& p, const Value& v, const std::vector<LeafFormatter>& fmt, std::string& out) {
  if (v.is_null()) {
    out.append("null");
    return Status::OK();
  }
  auto shape = [&](Value::Kind k, size_t n) -> Status {
    if (v.kind() != k || v.size() != n) {
      return Status::InvalidArgument("value of field '" + p.name + "' does not have the reader's shape");
    }
    return Status::OK();
  };
  switch (p.kind) {
    case PlanNode::Kind::kLeaf:
      return AppendLeafValueJson(out, fmt[static_cast<size_t>(p.rep_slot)], v);
    case PlanNode::Kind::kEmpty:
      out.append("{}");
      return Status::OK();
    case PlanNode::Kind::kVariant:
      PARQ_RETURN_IF_ERROR(shape(Value::Kind::kStruct, p.children.size()));
      return AppendVariantGroupJson(out, p, v, fmt);
    case PlanNode::Kind::kStruct: {
      PARQ_RETURN_IF_ERROR(shape(Value::Kind::kStruct, p.children.size()));
      JsonWriter w(&out);
      w.BeginObject();
      for (size_t i = 0; i < p.children.size(); ++i) {
        w.Key(p.children[i].name);
        PARQ_RETURN_IF_ERROR(ValueToJson(p.children[i], v[i], fmt, w.BeginValue()));
      }
      w.EndObject();
      return Status::OK();
    }
    case PlanNode::Kind::kList:
    case PlanNode::Kind::kMap: {
      const bool map = p.kind == PlanNode::Kind::kMap;
      PARQ_RETURN_IF_ERROR(shape(map ? Value::Kind::kMap : Value::Kind::kList, v.size()));
      JsonWriter w(&out);
      w.BeginArray();
      for (size_t i = 0; i < v.size(); ++i) {
        if (!map) {
          PARQ_RETURN_IF_ERROR(ValueToJson(p.children[0], v[i], fmt, w.BeginValue()));
          continue;
        }
        const Value& e = v[i];
        if (e.kind() != Value::Kind::kStruct || e.size() != p.children.size()) {
          return Status::InvalidArgument("map entry of field '" + p.name + "' does not have the reader's shape");
        }
        w.BeginObject();
        for (size_t j = 0; j < p.children.size(); ++j) {
          w.Key(p.children[j].name);
          PARQ_RETURN_IF_ERROR(ValueToJson(p.children[j], e[j], fmt, w.BeginValue()));
        }
        w.EndObject();
      }
      w.EndArray();
      return Status::OK();
    }
  }
  return Status::Internal("unknown plan node kind");
}

}  // namespace

Status RowReader::ToJson(const Value& row, std::string* out) const {
  const PlanNode& root = impl_->plan.root;
  if (row.kind() != Value::Kind::kStruct || row.size() != root.children.size()) {
    return Status::InvalidArgument("row does not have the reader's shape");
  }
  JsonWriter w(out);
  w.BeginObject();
  for (size_t i = 0; i < root.children.size(); ++i) {
    w.Key(root.children[i].name);
    PARQ_RETURN_IF_ERROR(ValueToJson(root.children[i], row[i], impl_->formatters, w.BeginValue()));
  }
  w.EndObject();
  return Status::OK();
}

const std::vector<std::string>& RowReader::field_names() const { return impl_->names; }
int64_t RowReader::rows_read() const { return impl_->rows_read; }

}  // namespace parq
