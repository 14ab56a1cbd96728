// The write loop over the corpus: for every file F of
// parquet-testing/expected/MANIFEST.tsv,
//
//   1. schema text of F → ParseMessageType → a schema equal to F's;
//   2. F's rows as canonical JSON → JsonRowParser → RowWriter → a new file
//      (in memory) → RowReader → exactly the same JSON text;
//   3. F's chunks copied level by level (as `parq rewrite` does) with a codec
//      and a data page version → read back → the same JSON text.
//
// Step 3 runs every one of the 12 codec × page version combinations on every
// file.  Files that cannot take part are listed below with the reason;
// the test checks that each still fails for that reason, so the list cannot
// go stale silently.  VARIANT groups take the row path too: their decoded
// JSON is encoded again, shredded into the file's typed_value columns where
// the values fit them, which must print the same text.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <map>
#include <memory>
#include <string>
#include <vector>

#include "corpus/corpus_test_util.h"
#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/record.h"
#include "parq/row_writer.h"
#include "testing/json_rows.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

using corpus_test::kTesting;

// File → (the step that cannot run, a text its error must contain, why).
struct Exception {
  const char* step;
  const char* error;
  const char* why;
};
const std::map<std::string, Exception>& Exceptions() {
  static const std::map<std::string, Exception> m = {
      {"data/large_string_map.brotli.parquet",
       {"read", "exceeds max_page_size", "a 1 GiB page, over ReaderOptions::max_page_size"}},
      {"data/nation.dict-malformed.parquet", {"read", "Corrupt", "malformed on purpose"}},
      {"shredded_variant/case-040.parquet", {"read", "Corrupt", "invalid shredding (value and a non-object typed_value)"}},
      {"shredded_variant/case-042.parquet", {"read", "Corrupt", "invalid shredding (value and a non-object typed_value)"}},
      {"shredded_variant/case-087.parquet", {"read", "Corrupt", "invalid shredding (object value not an object)"}},
      {"shredded_variant/case-127.parquet", {"read", "Unsupported", "unsigned INT32 typed_value is not a shredded type"}},
      {"shredded_variant/case-128.parquet", {"read", "Corrupt", "invalid shredding (object value not an object)"}},
      {"shredded_variant/case-137.parquet", {"read", "Unsupported", "unannotated FLBA typed_value is not a shredded type"}},
  };
  return m;
}

bool HasVariant(const SchemaNode& n) {
  if (n.logical_type().kind() == LogicalType::Kind::kVariant) return true;
  for (int i = 0; i < n.num_children(); ++i) {
    if (HasVariant(n.child(i))) return true;
  }
  return false;
}

std::vector<std::string> ManifestFiles() {
  std::vector<std::string> out;
  for (const auto& cols : corpus_test::ManifestRows()) out.push_back(cols[0]);
  return out;
}

// Steps 1 and 2: the JSON rows written again through the row path.
Result<std::string> WriteThroughRows(const Schema& schema, const std::vector<std::string>& rows) {
  PARQ_ASSIGN_OR_RETURN(Schema parsed, ParseMessageType(schema.ToString()));
  // The text is a fixed point (Equals would also compare a converted type the
  // file left out and the text form implies).
  if (parsed.ToString() != schema.ToString()) {
    return Status::Internal("schema text did not read back to the same text");
  }
  PARQ_ASSIGN_OR_RETURN(auto parser, JsonRowParser::Make(parsed));
  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* mem = out.get();
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(std::move(out), parsed));
  PARQ_ASSIGN_OR_RETURN(auto rw, RowWriter::Open(*writer));
  Value row;
  for (size_t i = 0; i < rows.size(); ++i) {
    Status st = parser->Parse(rows[i], &row);
    if (st.ok()) st = rw->Write(row);
    if (!st.ok()) return std::move(st).AddContext("row " + std::to_string(i));
  }
  PARQ_RETURN_IF_ERROR(rw->Close());
  PARQ_RETURN_IF_ERROR(writer->Close());
  return mem->bytes();
}

template <typename T>
Status CopyChunk(ColumnReader* in_base, ColumnWriter* out_base) {
  TypedColumnReader<T>* in = in_base->As<T>();
  TypedColumnWriter<T>* out = out_base->As<T>();
  if (in == nullptr || out == nullptr) return Status::Internal("column type mismatch");
  constexpr int64_t kBatch = 4096;
  std::vector<int16_t> def(kBatch), rep(kBatch);
  std::unique_ptr<T[]> values(new T[kBatch]);
  const ColumnDescriptor& d = in->descriptor();
  while (true) {
    int64_t values_read = 0;
    PARQ_ASSIGN_OR_RETURN(int64_t levels, in->ReadBatch(kBatch, def.data(), rep.data(), values.get(), &values_read));
    if (levels == 0) return Status::OK();
    PARQ_RETURN_IF_ERROR(out->WriteBatch(levels, d.max_definition_level > 0 ? def.data() : nullptr,
                                         d.max_repetition_level > 0 ? rep.data() : nullptr, values.get()));
  }
}

// Step 3: the chunks re-encoded with `codec` and page version 1 or 2.
Result<std::string> Rewrite(const FileReader& file, Compression codec, bool v2) {
  WriterOptions wo;
  wo.column_defaults.compression = codec;
  wo.data_page_v2 = v2;
  auto out = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* mem = out.get();
  const Schema& schema = file.schema();
  PARQ_ASSIGN_OR_RETURN(auto writer, FileWriter::Open(std::move(out), schema, wo));
  for (int g = 0; g < file.metadata().num_row_groups(); ++g) {
    for (int c = 0; c < schema.num_columns(); ++c) {
      PARQ_ASSIGN_OR_RETURN(auto in, file.OpenColumn(g, c));
      PARQ_ASSIGN_OR_RETURN(ColumnWriter * w, writer->column(c));
      Status st;
      switch (schema.column(c).physical_type) {
        case PhysicalType::kBoolean: st = CopyChunk<bool>(in.get(), w); break;
        case PhysicalType::kInt32: st = CopyChunk<int32_t>(in.get(), w); break;
        case PhysicalType::kInt64: st = CopyChunk<int64_t>(in.get(), w); break;
        case PhysicalType::kInt96: st = CopyChunk<Int96>(in.get(), w); break;
        case PhysicalType::kFloat: st = CopyChunk<float>(in.get(), w); break;
        case PhysicalType::kDouble: st = CopyChunk<double>(in.get(), w); break;
        case PhysicalType::kByteArray: st = CopyChunk<ByteArray>(in.get(), w); break;
        case PhysicalType::kFixedLenByteArray: st = CopyChunk<FixedLenByteArray>(in.get(), w); break;
      }
      PARQ_RETURN_IF_ERROR(st);
    }
    PARQ_RETURN_IF_ERROR(writer->EndRowGroup());
  }
  PARQ_RETURN_IF_ERROR(writer->Close());
  return mem->bytes();
}

// The first differing row, for messages.
std::string FirstDifference(const std::vector<std::string>& a, const std::vector<std::string>& b) {
  if (a.size() != b.size()) return std::to_string(a.size()) + " rows vs " + std::to_string(b.size());
  for (size_t i = 0; i < a.size(); ++i) {
    if (a[i] != b[i]) return "row " + std::to_string(i) + ":\n  " + a[i].substr(0, 600) + "\n  " + b[i].substr(0, 600);
  }
  return "same";
}

constexpr Compression kCodecs[] = {Compression::kUncompressed, Compression::kSnappy, Compression::kGzip,
                                   Compression::kBrotli,       Compression::kZstd,   Compression::kLz4Raw};

TEST(WriteLoopTest, EveryManifestFileRoundTrips) {
  const std::vector<std::string> files = ManifestFiles();
  ASSERT_GT(files.size(), 200u);
  int row_path_ok = 0, rewrite_ok = 0, excepted = 0, excepted_reads = 0, variant_files = 0;
  int64_t rows_total = 0;
  int combo_runs[12] = {};
  std::string report;
  for (const std::string& name : files) {
    SCOPED_TRACE(name);
    auto ex = Exceptions().find(name);
    auto expect_failure = [&](const char* step, const Status& st) {
      if (ex != Exceptions().end() && std::string(ex->second.step) == step) {
        EXPECT_NE(st.ToString().find(ex->second.error), std::string::npos)
            << step << " failed differently than listed: " << st.ToString();
        ++excepted;
        report += "  " + name + ": " + step + ": " + ex->second.why + "\n";
        return;
      }
      ADD_FAILURE() << step << ": " << st.ToString();
    };

    // CRCs unchecked: corrupt-checksum corpus files hold good data to round-trip.
    auto file = FileReader::Open((kTesting / name).string(), ReaderOptions{.verify_checksums = false});
    if (!file.ok()) {
      expect_failure("read", file.status());
      ++excepted_reads;
      continue;
    }
    auto rows = testing::JsonRows(**file);
    if (!rows.ok()) {
      expect_failure("read", rows.status());
      ++excepted_reads;
      continue;
    }
    rows_total += static_cast<int64_t>(rows->size());

    auto written = WriteThroughRows((*file)->schema(), *rows);
    if (HasVariant((*file)->schema().root())) ++variant_files;
    if (!written.ok()) {
      expect_failure("row path", written.status());
    } else {
      auto back = testing::JsonRowsOfBytes(*written);
      ASSERT_OK(back);
      EXPECT_TRUE(*back == *rows) << "row path: " << FirstDifference(*rows, *back);
      if (*back == *rows) ++row_path_ok;
      EXPECT_TRUE(ex == Exceptions().end() || std::string(ex->second.step) != "row path")
          << "listed as failing the row path, but it passes";
    }

    bool all = true;
    for (size_t k = 0; k < 12; ++k) {
      const Compression codec = kCodecs[k % 6];
      const bool v2 = k >= 6;
      auto re = Rewrite(**file, codec, v2);
      ASSERT_OK(re) << "rewrite " << CompressionName(codec) << (v2 ? " v2: " : " v1: ");
      auto back = testing::JsonRowsOfBytes(*re);
      ASSERT_OK(back);
      EXPECT_TRUE(*back == *rows) << "rewrite " << CompressionName(codec) << (v2 ? " v2: " : " v1: ")
                                  << FirstDifference(*rows, *back);
      all = all && *back == *rows;
      ++combo_runs[k];
    }
    if (all) ++rewrite_ok;
  }
  std::string combos;
  for (int k = 0; k < 12; ++k) {
    combos += std::string(CompressionName(kCodecs[k % 6])) + (k >= 6 ? "/v2=" : "/v1=") + std::to_string(combo_runs[k]) + " ";
  }
  std::printf("write loop: %zu files, %lld rows; row path round trip %d, rewrite round trip %d, listed exceptions %d\n"
              "codec/page version runs: %s\nfiles with a VARIANT: %d\nlisted:\n%s",
              files.size(), static_cast<long long>(rows_total), row_path_ok, rewrite_ok, excepted, combos.c_str(),
              variant_files, report.c_str());
  EXPECT_EQ(excepted, static_cast<int>(Exceptions().size()));
  EXPECT_EQ(row_path_ok + excepted, static_cast<int>(files.size()));
  for (int k = 0; k < 12; ++k) EXPECT_EQ(combo_runs[k] + excepted_reads, static_cast<int>(files.size())) << k;
}

}  // namespace
}  // namespace parq
