// Fuzzes filtered reads with pruning: the input is a Parquet file, opened
// from memory (mutations reach its statistics, dictionaries, Bloom filters
// and page indexes: ColumnIndex bounds, null pages, OffsetIndex locations
// and first rows).  Random predicates over its leaves (testing's
// PredicateGenerator, literals from the file's own values, seeded by the
// input) are read through RowReader and ColumnarReader at every pruning
// level (kNone, kRowGroups, kPages).  Errors are fine; kInternal is a bug;
// and when two levels both succeed they must return the same rows: pruning
// never drops or adds a row, whatever the page index says.  Except where the
// file's own metadata lies about its values in a way no reader can see
// without reading what it prunes: chunk statistics, ColumnIndex bounds or a
// Bloom filter that leave out a value the pages hold (a mutated page
// value outside its chunk's min and max, say).  parq verify finds those
// (VerifyFile: rules statistics-*, column-index-bounds, bloom-filter); for
// such a file the levels are still read, but not compared.
#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

#include "fuzz_util.h"
#include "parq/columnar.h"
#include "parq/file_reader.h"
#include "parq/filter.h"
#include "parq/io.h"
#include "parq/record.h"
#include "parq/verify.h"
#include "testing/filter_diff.h"

namespace {

using Pruning = parq::RowReaderOptions::Pruning;
constexpr Pruning kLevels[] = {Pruning::kNone, Pruning::kRowGroups, Pruning::kPages};

// The rows of a filtered RowReader.
parq::Status ReadRows(const parq::FileReader& file, const parq::Filter& filter, Pruning pruning,
                      std::vector<parq::Value>* out) {
  parq::RowReaderOptions o;
  o.filter = filter;
  o.pruning = pruning;
  o.batch_levels = 64;
  PARQ_ASSIGN_OR_RETURN(auto reader, parq::RowReader::Open(file, o));
  for (parq::Value v;;) {
    PARQ_ASSIGN_OR_RETURN(bool more, reader->Next(&v));
    if (!more) break;
    out->push_back(std::move(v));
  }
  return parq::Status::OK();
}

// Every row group of a filtered ColumnarReader, as one text per row group
// (its row count and every leaf's buffers), to compare levels by.
parq::Status ReadColumnar(const parq::FileReader& file, const parq::Filter& filter, Pruning pruning,
                          std::vector<std::string>* out) {
  parq::ColumnarReaderOptions o;
  o.filter = filter;
  o.pruning = pruning;
  o.batch_levels = 64;
  PARQ_ASSIGN_OR_RETURN(auto reader, parq::ColumnarReader::Open(file, o));
  parq::ColumnarBatch batch;
  for (int g = 0; g < file.metadata().num_row_groups(); ++g) {
    PARQ_RETURN_IF_ERROR(reader->ReadRowGroup(g, &batch));
    std::string s = std::to_string(batch.num_rows) + ";";
    auto bytes = [&s](const void* p, size_t n) { s.append(static_cast<const char*>(p), n); };
    for (const parq::ColumnarLeaf& leaf : batch.leaves) {
      for (const parq::ColumnarNode& n : leaf.path) {
        s += std::to_string(n.length) + "," + std::to_string(n.null_count) + ",";
        bytes(n.validity.data(), n.validity.size());
        bytes(n.offsets.data(), n.offsets.size() * sizeof(int64_t));
      }
      bytes(leaf.values.data(), leaf.values.size());
      bytes(leaf.offsets.data(), leaf.offsets.size() * sizeof(int64_t));
      bytes(leaf.data.data(), leaf.data.size());
    }
    out->push_back(std::move(s));
  }
  return parq::Status::OK();
}

uint32_t Hash(const uint8_t* data, size_t size) {
  uint32_t h = 2166136261u;
  for (size_t i = 0; i < size; ++i) h = (h ^ data[i]) * 16777619u;
  return h;
}

}  // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t* data, size_t size) {
  std::shared_ptr<parq::RandomAccessFile> input(parq::OpenMemoryView(data, size));
  parq::ReaderOptions options;
  options.verify_checksums = false;  // mutated pages are read, not refused for their CRC
  auto opened = parq::FileReader::Open(input, options);
  if (!opened.ok()) {
    parq::fuzz::CheckNotInternal(opened.status(), "Open");
    return 0;
  }
  const parq::FileReader& file = **opened;
  // The literals come from the file's values: as many rows as read well.
  std::vector<parq::Value> rows;
  {
    auto reader = parq::RowReader::Open(file);
    if (!reader.ok()) {
      parq::fuzz::CheckNotInternal(reader.status(), "RowReader::Open");
      return 0;
    }
    for (parq::Value v; rows.size() < 4096;) {
      auto more = (*reader)->Next(&v);
      if (!more.ok()) {
        parq::fuzz::CheckNotInternal(more.status(), "unfiltered read");
        break;
      }
      if (!*more) break;
      rows.push_back(std::move(v));
    }
  }
  parq::testing::PredicateGenerator gen(file.schema(), rows, Hash(data, size));
  if (gen.empty()) return 0;
  // Whether the metadata that pruning trusts agrees with the pages.
  bool metadata_agrees = true;
  {
    auto report = parq::VerifyFile(file);
    if (!report.ok()) {
      parq::fuzz::CheckNotInternal(report.status(), "VerifyFile");
      metadata_agrees = false;
    } else {
      for (const parq::VerifyFinding& f : report->findings) {
        if (f.rule.starts_with("statistics-") || f.rule == "column-index-bounds" || f.rule == "bloom-filter") {
          metadata_agrees = false;
        }
      }
    }
  }
  for (int p = 0; p < 2; ++p) {
    const parq::Filter filter = gen.Next();
    std::vector<parq::Value> first_rows;
    std::vector<std::string> first_batches;
    bool have_rows = false, have_batches = false;
    for (Pruning level : kLevels) {
      std::vector<parq::Value> got;
      parq::Status st = ReadRows(file, filter, level, &got);
      parq::fuzz::CheckNotInternal(st, "filtered RowReader");
      if (st.ok()) {
        if (metadata_agrees && have_rows && got != first_rows) {
          parq::fuzz::Die("RowReader: pruning levels return different rows");
        }
        first_rows = std::move(got);
        have_rows = true;
      }
      std::vector<std::string> batches;
      st = ReadColumnar(file, filter, level, &batches);
      parq::fuzz::CheckNotInternal(st, "filtered ColumnarReader");
      if (st.ok()) {
        if (metadata_agrees && have_batches && batches != first_batches) {
          parq::fuzz::Die("ColumnarReader: pruning levels return different batches");
        }
        first_batches = std::move(batches);
        have_batches = true;
      }
    }
  }
  return 0;
}
