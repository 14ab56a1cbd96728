// Wide files (issue 31, item 1): what grows with the number of columns
// alone, on in-memory files.
//   BM_WideFooterOpen/N   a footer of N required BOOLEAN leaves and no row
//                         group (written as FileMetaData directly): footer
//                         decode + schema build, FileReader::Open.
//   BM_WideFooterOutline/N the same footer opened as parq meta and parq
//                         schema open it (an outline: the schema checked a
//                         slice of fields at a time, not kept), then its
//                         message-type text made a slice at a time.
//   BM_WideRowsOpenRead/N N required BOOLEAN columns and one row (written with
//                         FileWriter): FileReader::Open, then the row as
//                         canonical JSON (JsonRowReader, what `parq cat`
//                         does), or as columns (ColumnarReader).
//   BM_WideChunkViews/N   the same file opened, then every column chunk's
//                         metadata view (RowGroupMetaData::column, which
//                         decodes the chunk kept encoded in the footer) and
//                         its value count: what `parq meta` does per column.
// items/s are columns a second; peak_kb is the process's peak RSS after the
// runs (a high-water mark: it only grows across benchmarks, so run one
// filter at a time to read it for one case).
#include <benchmark/benchmark.h>
#include <sys/resource.h>

#include <cstdlib>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "file/file_reader_impl.h"
#include "file/metadata_internal.h"
#include "format/footer.h"
#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "schema/sliced_text.h"

namespace parq {
namespace {

std::string LeafName(int64_t i) { return "c" + std::to_string(i); }

// "PAR1", then a FileMetaData of `leaves` leaves and no row group.
const std::string& FooterOnly(int64_t leaves) {
  static std::map<int64_t, std::string> files;
  std::string& bytes = files[leaves];
  if (!bytes.empty()) return bytes;
  format::FileMetaData md;
  md.version = 2;
  md.num_rows = 0;
  format::SchemaElement root;
  root.name = std::string_view("schema");
  root.num_children = static_cast<int32_t>(leaves);
  md.schema.push_back(std::move(root));
  for (int64_t i = 0; i < leaves; ++i) {
    format::SchemaElement e;
    const std::string name = LeafName(i);
    e.name = std::string_view(name);
    e.type = format::Type::BOOLEAN;
    e.repetition_type = format::FieldRepetitionType::REQUIRED;
    md.schema.push_back(std::move(e));
  }
  MemoryOutputStream out;
  if (!out.Write(format::kMagic, sizeof(format::kMagic)).ok() || !format::WriteFooter(md, &out).ok()) std::abort();
  bytes = out.Take();
  return bytes;
}

// `columns` required BOOLEAN columns, one row.
const std::string& OneRow(int64_t columns) {
  static std::map<int64_t, std::string> files;
  std::string& bytes = files[columns];
  if (!bytes.empty()) return bytes;
  std::vector<std::unique_ptr<SchemaNode>> fields;
  for (int64_t c = 0; c < columns; ++c) {
    fields.push_back(SchemaNode::MakePrimitive(LeafName(c), Repetition::kRequired, PhysicalType::kBoolean));
  }
  auto schema = Schema::Make(SchemaNode::MakeGroup("schema", Repetition::kRequired, std::move(fields)));
  if (!schema.ok()) std::abort();
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  auto writer = FileWriter::Open(std::move(mem), *schema, WriterOptions{});
  if (!writer.ok()) std::abort();
  const bool one = true;
  for (int64_t c = 0; c < columns; ++c) {
    auto column = (*writer)->typed_column<bool>(static_cast<int>(c));
    if (!column.ok() || !(*column)->WriteBatch(1, nullptr, nullptr, &one).ok()) std::abort();
  }
  if (!(*writer)->Close().ok()) std::abort();
  bytes = sink->Take();
  return bytes;
}

std::unique_ptr<FileReader> Open(const std::string& bytes) {
  auto file = FileReader::Open(std::shared_ptr<RandomAccessFile>(
      OpenMemoryView(reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())));
  if (!file.ok()) std::abort();
  return std::move(*file);
}

void Finish(benchmark::State& state, int64_t columns, size_t file_bytes) {
  state.SetItemsProcessed(state.iterations() * columns);
  state.SetBytesProcessed(state.iterations() * static_cast<int64_t>(file_bytes));
  rusage ru{};
  getrusage(RUSAGE_SELF, &ru);
  state.counters["peak_kb"] = static_cast<double>(ru.ru_maxrss);
}

void BM_WideFooterOpen(benchmark::State& state) {
  const int64_t leaves = state.range(0);
  const std::string& bytes = FooterOnly(leaves);
  for (auto _ : state) {
    auto file = Open(bytes);
    benchmark::DoNotOptimize(file->schema().num_columns());
  }
  Finish(state, leaves, bytes.size());
}
BENCHMARK(BM_WideFooterOpen)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

void BM_WideFooterOutline(benchmark::State& state) {
  const int64_t leaves = state.range(0);
  const std::string& bytes = FooterOnly(leaves);
  size_t text = 0;
  for (auto _ : state) {
    auto file = FileReaderAccess::Open(std::shared_ptr<RandomAccessFile>(OpenMemoryView(
                                           reinterpret_cast<const uint8_t*>(bytes.data()), bytes.size())),
                                       ReaderOptions{}, /*outline=*/true);
    if (!file.ok() || MetaDataAccess::NumColumns((*file)->metadata()) != leaves) std::abort();
    text = 0;
    schema::SlicedText printer([&](std::string_view piece) { text += piece.size(); });
    const Status walked = MetaDataAccess::WalkSchema((*file)->metadata(), [&](const Schema& slice, const schema::SliceInfo& info) {
      printer.Add(slice, info);
      return Status::OK();
    });
    if (!walked.ok()) std::abort();
    printer.End();
    benchmark::DoNotOptimize(text);
  }
  state.counters["text_bytes"] = static_cast<double>(text);
  Finish(state, leaves, bytes.size());
}
BENCHMARK(BM_WideFooterOutline)->Arg(100'000)->Arg(1'000'000)->Unit(benchmark::kMillisecond);

void BM_WideRowsOpenRead(benchmark::State& state) {
  const int64_t columns = state.range(0);
  const bool columnar = state.range(1) != 0;
  const std::string& bytes = OneRow(columns);
  std::string json;
  for (auto _ : state) {
    auto file = Open(bytes);
    if (columnar) {
      auto reader = ColumnarReader::Open(*file);
      if (!reader.ok()) std::abort();
      ColumnarBatch batch;
      if (!(*reader)->ReadRowGroup(0, &batch).ok()) std::abort();
      benchmark::DoNotOptimize(batch.num_rows);
    } else {
      auto rows = JsonRowReader::Open(*file);
      if (!rows.ok()) std::abort();
      json.clear();
      while (true) {
        auto more = (*rows)->Next(&json);
        if (!more.ok()) std::abort();
        if (!*more) break;
      }
      benchmark::DoNotOptimize(json.data());
    }
  }
  state.SetLabel(columnar ? "columnar" : "json");
  Finish(state, columns, bytes.size());
}
BENCHMARK(BM_WideRowsOpenRead)
    ->ArgsProduct({{10'000, 100'000}, {0, 1}})
    ->Unit(benchmark::kMillisecond);

void BM_WideChunkViews(benchmark::State& state) {
  const int64_t columns = state.range(0);
  const std::string& bytes = OneRow(columns);
  for (auto _ : state) {
    auto file = Open(bytes);
    const RowGroupMetaData group = file->metadata().row_group(0);
    int64_t values = 0;
    for (int c = 0; c < group.num_columns(); ++c) values += group.column(c).num_values();
    if (values != columns) std::abort();
  }
  Finish(state, columns, bytes.size());
}
BENCHMARK(BM_WideChunkViews)->Arg(10'000)->Arg(100'000)->Unit(benchmark::kMillisecond);

}  // namespace
}  // namespace parq

BENCHMARK_MAIN();
