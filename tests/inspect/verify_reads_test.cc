// VerifyFile reads each byte of a file at most once: every page once, the
// pages of shredded Variant columns included (their reassembly works on the
// values the page checks decoded), and the footer, indexes and Bloom filters
// once each.  Measured by a file that records every range read through it.
#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <memory>
#include <string>
#include <utility>
#include <vector>

#include "parq/file_reader.h"
#include "parq/file_writer.h"
#include "parq/io.h"
#include "parq/json.h"
#include "parq/row_writer.h"
#include "parq/schema.h"
#include "parq/verify.h"
#include "../tools/parq/counting_file.h"  // the CountingFile of `parq scan --explain`
#include "testing/status_macros.h"

namespace parq {
namespace {

namespace fs = std::filesystem;

const std::string kTesting = std::string(PARQ_SHARED_DIR) + "/parquet-testing/";

using cli::CountingFile;

struct Measured {
  VerifyReport report;
  uint64_t size = 0, bytes_read = 0, bytes_read_again = 0;
};

Measured VerifyCounting(std::unique_ptr<RandomAccessFile> base) {
  Measured m;
  auto file = std::make_shared<CountingFile>(std::move(base));
  Result<std::unique_ptr<FileReader>> reader = FileReader::Open(file, VerifyReaderOptions());
  EXPECT_OK(reader.status());
  if (!reader.ok()) return m;
  Result<VerifyReport> report = VerifyFile(**reader);
  EXPECT_OK(report.status());
  if (!report.ok()) return m;
  m.report = std::move(*report);
  m.size = file->size();
  m.bytes_read = file->bytes_read();
  m.bytes_read_again = file->bytes_read() - file->distinct_bytes_read();
  return m;
}

Measured VerifyCounting(const std::string& path) {
  Result<std::unique_ptr<RandomAccessFile>> base = OpenFile(path);
  EXPECT_OK(base.status());
  if (!base.ok()) return {};
  return VerifyCounting(std::move(*base));
}

bool HasRule(const VerifyReport& r, const std::string& rule) {
  return std::any_of(r.findings.begin(), r.findings.end(), [&](const VerifyFinding& f) { return f.rule == rule; });
}

TEST(VerifyReadsTest, ShreddedVariantPagesAreReadOnce) {
  const fs::path dir = kTesting + "shredded_variant";
  if (!fs::exists(dir)) GTEST_SKIP() << "no corpus at " << dir;
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".parquet") continue;
    SCOPED_TRACE(e.path().filename().string());
    const Measured m = VerifyCounting(e.path().string());
    EXPECT_GT(m.report.pages, 0);
    EXPECT_EQ(m.bytes_read_again, 0u);
    EXPECT_LE(m.bytes_read, m.size);
    ++files;
  }
  EXPECT_GT(files, 100);
}

// The shredding violations are still found from the one pass (the corpus's
// cases that parquet-java refuses, cases.json's error_message).
TEST(VerifyReadsTest, ShreddingViolationsAreFoundInTheOnePass) {
  const std::string dir = kTesting + "shredded_variant/";
  if (!fs::exists(dir)) GTEST_SKIP() << "no corpus at " << dir;
  for (const char* name : {"case-040.parquet", "case-042.parquet", "case-087.parquet", "case-127.parquet",
                           "case-128.parquet", "case-137.parquet"}) {
    SCOPED_TRACE(name);
    const Measured m = VerifyCounting(dir + name);
    ASSERT_EQ(m.report.findings.size(), 1u);
    const VerifyFinding& f = m.report.findings[0];
    EXPECT_EQ(f.rule, "variant");
    EXPECT_EQ(f.column, "var");
    EXPECT_EQ(f.row_group, 0);
    EXPECT_NE(f.message.find("reassembling the shredded variant"), std::string::npos) << f.message;
    EXPECT_EQ(m.bytes_read_again, 0u);
  }
  // A valid one has no finding.
  const Measured ok = VerifyCounting(dir + "case-001.parquet");
  EXPECT_TRUE(ok.report.findings.empty());
  EXPECT_FALSE(HasRule(ok.report, "variant"));
}

// Many rows of a shredded variant, in two row groups of several pages each:
// its leaves are kept across value batches (strings copied out of the pages
// they point into) and put together per row group.
TEST(VerifyReadsTest, LargeShreddedVariantVerifiesFromOnePass) {
  ASSERT_OK_AND_ASSIGN(Schema schema, ParseMessageType(R"(message m {
    required int32 id;
    optional group v (VARIANT(1)) {
      required binary metadata;
      optional binary value;
      optional group typed_value {
        required group s { optional binary value; optional binary typed_value (STRING); }
        required group n { optional binary value; optional int64 typed_value; }
      }
    }
  })"));
  ASSERT_OK_AND_ASSIGN(auto parser, JsonRowParser::Make(schema));
  auto mem = std::make_unique<MemoryOutputStream>();
  MemoryOutputStream* sink = mem.get();
  WriterOptions options;
  options.max_rows_per_row_group = 6000;
  options.max_rows_per_page = 1000;
  ASSERT_OK_AND_ASSIGN(auto fw, FileWriter::Open(std::move(mem), schema, options));
  ASSERT_OK_AND_ASSIGN(auto rw, RowWriter::Open(*fw));
  constexpr int kRows = 10000;
  for (int i = 0; i < kRows; ++i) {
    std::string json = "{\"id\":" + std::to_string(i) + ",\"v\":";
    switch (i % 5) {
      case 0: json += "null"; break;
      case 1: json += "[1,\"two\"," + std::to_string(i) + "]"; break;  // not an object: value only
      case 2: json += "{\"s\":" + std::to_string(i) + ",\"n\":\"x\",\"other\":true}"; break;  // unshredded types
      default:
        json += "{\"s\":\"" + std::string(static_cast<size_t>(i % 37), 'a') + std::to_string(i) + "\",\"n\":" +
                std::to_string(i * 7) + "}";
    }
    json += "}";
    Value row;
    ASSERT_OK(parser->Parse(json, &row)) << json;
    ASSERT_OK(rw->Write(row));
  }
  ASSERT_OK(rw->Close());
  ASSERT_OK(fw->Close());
  const Measured m = VerifyCounting(OpenMemory(sink->bytes()));
  EXPECT_TRUE(m.report.findings.empty()) << m.report.findings[0].message;
  EXPECT_EQ(m.report.row_groups, 2);
  EXPECT_GT(m.report.pages, 20);
  EXPECT_EQ(m.bytes_read_again, 0u);
  EXPECT_LE(m.bytes_read, m.size);
}

TEST(VerifyReadsTest, OrdinaryFilesAreReadOnce) {
  const fs::path dir = kTesting + "data";
  if (!fs::exists(dir)) GTEST_SKIP() << "no corpus at " << dir;
  int files = 0;
  for (const auto& e : fs::directory_iterator(dir)) {
    if (e.path().extension() != ".parquet") continue;
    SCOPED_TRACE(e.path().filename().string());
    Result<std::unique_ptr<FileReader>> probe = FileReader::Open(e.path().string(), VerifyReaderOptions());
    if (!probe.ok()) continue;  // encrypted or malformed: not verified page by page
    const Measured m = VerifyCounting(e.path().string());
    EXPECT_EQ(m.bytes_read_again, 0u);
    EXPECT_LE(m.bytes_read, m.size);
    ++files;
  }
  EXPECT_GT(files, 50);
}

}  // namespace
}  // namespace parq
