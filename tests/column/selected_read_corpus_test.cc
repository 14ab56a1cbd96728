// column::ReadFlatSelected against ReadBatch over the corpus: for every
// column without repetition levels whose definition levels are 0 and 1, of
// every file with an expected output, and random selections (sparse,
// scattered, dense, in runs) read in random batch sizes, the presence bits
// equal the definition levels ReadBatch gives, and the values kept equal
// ReadBatch's values of the selected entries (or all of them, without a
// selection) — so the levels copied as bits and the values passed over in
// the decoder never change what a filtered read returns.
#include <gtest/gtest.h>

#include <filesystem>
#include <fstream>
#include <memory>
#include <random>
#include <string>
#include <vector>

#include "column/selected_rows.h"
#include "parq/column_reader.h"
#include "parq/file_reader.h"
#include "schema/physical_type_visit.h"
#include "testing/status_macros.h"

namespace parq {
namespace {

const std::string kTesting = std::string(PARQ_SHARED_DIR) + "/parquet-testing";

// The files of expected/MANIFEST.tsv that have an expected output.
std::vector<std::string> ManifestFiles() {
  std::vector<std::string> out;
  std::ifstream in(kTesting + "/expected/MANIFEST.tsv");
  std::string line;
  for (bool header = true; std::getline(in, line); header = false) {
    if (header || line.empty()) continue;
    const std::string file = line.substr(0, line.find('\t'));
    if (std::filesystem::exists(kTesting + "/expected/" + file + ".jsonl")) out.push_back(file);
  }
  return out;
}

template <typename T>
std::string Bytes(const T& v, int type_length) {
  if constexpr (std::is_same_v<T, ByteArray>) {
    return std::string(reinterpret_cast<const char*>(v.ptr), v.len);
  } else if constexpr (std::is_same_v<T, FixedLenByteArray>) {
    return std::string(reinterpret_cast<const char*>(v.ptr), static_cast<size_t>(type_length));
  } else if constexpr (std::is_same_v<T, bool>) {
    return v ? "1" : "0";
  } else {
    return std::string(reinterpret_cast<const char*>(&v), sizeof(T));
  }
}

// Room for n values of T (std::vector<bool> has no data()).
template <typename T>
std::unique_ptr<T[]> Room(size_t n) {
  return std::make_unique<T[]>(n);
}

// A chunk as ReadBatch reads it: per entry, whether it holds a value, and
// the values as bytes.
struct Chunk {
  std::vector<uint8_t> present;
  std::vector<std::string> values;
};

template <typename T>
Status ReadWhole(TypedColumnReader<T>& r, Chunk* out) {
  const int16_t max_def = r.descriptor().max_definition_level;
  std::vector<int16_t> def(500);
  std::unique_ptr<T[]> values = Room<T>(500);
  while (true) {
    int64_t values_read = 0;
    PARQ_ASSIGN_OR_RETURN(const int64_t n, r.ReadBatch(500, def.data(), nullptr, values.get(), &values_read));
    if (n == 0) return Status::OK();
    for (int64_t i = 0; i < n; ++i) out->present.push_back(max_def == 0 || def[static_cast<size_t>(i)] == max_def);
    for (int64_t v = 0; v < values_read; ++v) {
      out->values.push_back(Bytes(values[static_cast<size_t>(v)], r.descriptor().type_length));
    }
  }
}

// Reads the chunk with ReadFlatSelected in random batches, `selected` per
// entry (null: every value kept), and checks it against `whole`.
template <typename T>
void CheckSelected(TypedColumnReader<T>& r, const Chunk& whole, const std::vector<uint8_t>* selected,
                   std::mt19937& rng) {
  const auto entries = static_cast<int64_t>(whole.present.size());
  std::vector<uint64_t> present(64);
  std::unique_ptr<T[]> values = Room<T>(4096);
  int64_t at = 0, value_at = 0;
  while (true) {
    const int64_t want = std::uniform_int_distribution<int64_t>(1, 4096)(rng);
    bool dense = false;
    int64_t values_read = 0, values_kept = 0;
    const uint8_t* keep = selected != nullptr && at < entries ? selected->data() + at : nullptr;
    const int64_t max = std::min(want, std::max<int64_t>(entries - at, 1));
    ASSERT_OK_AND_ASSIGN(const int64_t n,
                         column::ReadFlatSelected(r, max, reinterpret_cast<uint8_t*>(present.data()), &dense, keep,
                                                  values.get(), &values_read, &values_kept));
    if (n == 0) break;
    ASSERT_LE(at + n, entries);
    int64_t kept = 0, count = 0;
    for (int64_t i = 0; i < n; ++i) {
      const bool p = dense || ((present[static_cast<size_t>(i / 64)] >> (i % 64)) & 1);
      ASSERT_EQ(p, whole.present[static_cast<size_t>(at + i)] != 0) << "entry " << at + i;
      if (!p) continue;
      const std::string& expected = whole.values[static_cast<size_t>(value_at + count)];
      ++count;
      if (selected != nullptr && !(*selected)[static_cast<size_t>(at + i)]) continue;
      ASSERT_LT(kept, values_kept);
      ASSERT_EQ(Bytes(values[static_cast<size_t>(kept)], r.descriptor().type_length), expected)
          << "entry " << at + i;
      ++kept;
    }
    EXPECT_EQ(values_read, count);
    EXPECT_EQ(values_kept, kept);
    at += n;
    value_at += count;
  }
  EXPECT_EQ(at, entries);
  EXPECT_EQ(value_at, static_cast<int64_t>(whole.values.size()));
}

// Selections of every kind: none, sparse and dense scatter, runs.
std::vector<std::vector<uint8_t>> Selections(int64_t n, std::mt19937& rng) {
  std::vector<std::vector<uint8_t>> out;
  for (const double p : {0.0, 0.02, 0.1, 0.5, 0.97}) {
    std::bernoulli_distribution pick(p);
    std::vector<uint8_t>& s = out.emplace_back(static_cast<size_t>(n));
    for (uint8_t& b : s) b = pick(rng) ? 1 : 0;
  }
  std::vector<uint8_t>& runs = out.emplace_back(static_cast<size_t>(n));
  for (int64_t i = 0; i < n;) {
    const int64_t len = std::uniform_int_distribution<int64_t>(1, 300)(rng);
    const uint8_t on = rng() % 2;
    for (int64_t j = i; j < std::min(n, i + len); ++j) runs[static_cast<size_t>(j)] = on;
    i += len;
  }
  return out;
}

TEST(SelectedReadCorpusTest, SelectedReadsEqualReadBatchFiltered) {
  const std::vector<std::string> files = ManifestFiles();
  ASSERT_GT(files.size(), 50u) << "is ../shared/parquet-testing beside the repo?";
  std::mt19937 rng(2025);
  int64_t chunks = 0, with_nulls = 0;
  for (const std::string& name : files) {
    auto file = FileReader::Open(kTesting + "/" + name, ReaderOptions{.verify_checksums = false});
    if (!file.ok()) continue;  // files the reader refuses are the corpus tests' business
    const Schema& schema = (*file)->schema();
    for (int c = 0; c < schema.num_columns(); ++c) {
      const ColumnDescriptor& d = schema.column(c);
      if (d.max_repetition_level > 0 || d.max_definition_level > 1) continue;
      for (int rg = 0; rg < (*file)->metadata().num_row_groups(); ++rg) {
        SCOPED_TRACE(name + " column " + d.dotted_path + " row group " + std::to_string(rg));
        auto check = [&]<typename T>(T) {
          ASSERT_OK_AND_ASSIGN(auto whole_reader, (*file)->OpenColumn(rg, c));
          Chunk whole;
          Status st = ReadWhole(*whole_reader->As<T>(), &whole);
          if (!st.ok()) return;  // a chunk ReadBatch refuses (bad data) is not this test's
          ++chunks;
          with_nulls += whole.values.size() < whole.present.size() ? 1 : 0;
          std::vector<std::vector<uint8_t>> selections = Selections(static_cast<int64_t>(whole.present.size()), rng);
          for (size_t k = 0; k <= selections.size(); ++k) {
            SCOPED_TRACE("selection " + std::to_string(k));
            ASSERT_OK_AND_ASSIGN(auto r, (*file)->OpenColumn(rg, c));
            CheckSelected(*r->As<T>(), whole, k < selections.size() ? &selections[k] : nullptr, rng);
          }
        };
        VisitPhysicalType(d.physical_type, [&]<typename T>() { check(T{}); });
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  EXPECT_GT(chunks, 200);
  EXPECT_GT(with_nulls, 50);
}

// Once ReadFlatSelected has turned a reader to presence bits (each page's
// definition levels decoded as bits when it starts, in place of the counting
// pass), ReadBatch and SkipRows on the same reader take their levels from
// those bits: reads of the three kinds interleaved at random, across pages,
// give the chunk ReadBatch alone gives.
TEST(SelectedReadCorpusTest, PresenceBitsThenReadBatchAndSkipRows) {
  const std::vector<std::string> files = ManifestFiles();
  ASSERT_GT(files.size(), 50u);
  std::mt19937 rng(77);
  int64_t chunks = 0, multi_page = 0;
  for (const std::string& name : files) {
    auto file = FileReader::Open(kTesting + "/" + name, ReaderOptions{.verify_checksums = false});
    if (!file.ok()) continue;
    const Schema& schema = (*file)->schema();
    for (int c = 0; c < schema.num_columns(); ++c) {
      const ColumnDescriptor& d = schema.column(c);
      if (d.max_repetition_level > 0 || d.max_definition_level != 1) continue;
      for (int rg = 0; rg < (*file)->metadata().num_row_groups(); ++rg) {
        SCOPED_TRACE(name + " column " + d.dotted_path + " row group " + std::to_string(rg));
        auto check = [&]<typename T>(T) {
          ASSERT_OK_AND_ASSIGN(auto whole_reader, (*file)->OpenColumn(rg, c));
          Chunk whole;
          if (!ReadWhole(*whole_reader->As<T>(), &whole).ok()) return;
          const auto entries = static_cast<int64_t>(whole.present.size());
          ++chunks;
          ASSERT_OK_AND_ASSIGN(auto reader, (*file)->OpenColumn(rg, c));
          TypedColumnReader<T>& r = *reader->As<T>();
          std::vector<uint64_t> present(64);
          std::vector<int16_t> def(4096);
          std::unique_ptr<T[]> values = Room<T>(4096);
          int64_t at = 0, value_at = 0;
          for (int step = 0; at < entries; ++step) {
            const int64_t want = std::uniform_int_distribution<int64_t>(1, step % 5 == 4 ? 4096 : 200)(rng);
            const int op = step == 0 ? 0 : static_cast<int>(rng() % 3);
            int64_t n = 0, values_read = 0;
            if (op == 1) {
              ASSERT_OK_AND_ASSIGN(n, r.SkipRows(want));
              ASSERT_EQ(n, std::min(want, entries - at));
              for (int64_t i = 0; i < n; ++i) values_read += whole.present[static_cast<size_t>(at + i)];
            } else if (op == 2) {
              ASSERT_OK_AND_ASSIGN(n, r.ReadBatch(want, def.data(), nullptr, values.get(), &values_read));
              ASSERT_GT(n, 0);
              int64_t v = 0;
              for (int64_t i = 0; i < n; ++i) {
                const bool p = whole.present[static_cast<size_t>(at + i)] != 0;
                ASSERT_EQ(def[static_cast<size_t>(i)], p ? 1 : 0) << "entry " << at + i;
                if (!p) continue;
                ASSERT_EQ(Bytes(values[static_cast<size_t>(v)], d.type_length),
                          whole.values[static_cast<size_t>(value_at + v)])
                    << "entry " << at + i;
                ++v;
              }
              ASSERT_EQ(values_read, v);
            } else {
              bool dense = false;
              int64_t kept = 0;
              ASSERT_OK_AND_ASSIGN(n, column::ReadFlatSelected(r, want, reinterpret_cast<uint8_t*>(present.data()),
                                                               &dense, nullptr, values.get(), &values_read, &kept));
              ASSERT_GT(n, 0);
              int64_t v = 0;
              for (int64_t i = 0; i < n; ++i) {
                const bool p = dense || ((present[static_cast<size_t>(i / 64)] >> (i % 64)) & 1);
                ASSERT_EQ(p, whole.present[static_cast<size_t>(at + i)] != 0) << "entry " << at + i;
                if (!p) continue;
                ASSERT_EQ(Bytes(values[static_cast<size_t>(v)], d.type_length),
                          whole.values[static_cast<size_t>(value_at + v)])
                    << "entry " << at + i;
                ++v;
              }
              ASSERT_EQ(values_read, v);
              ASSERT_EQ(kept, v);
            }
            at += n;
            value_at += values_read;
            if (step > 0 && r.pages_read() > 1) ++multi_page;
          }
          EXPECT_EQ(value_at, static_cast<int64_t>(whole.values.size()));
          int64_t read = 0;
          ASSERT_OK_AND_ASSIGN(const int64_t end, r.ReadBatch(8, def.data(), nullptr, values.get(), &read));
          EXPECT_EQ(end, 0);
        };
        VisitPhysicalType(d.physical_type, [&]<typename T>() { check(T{}); });
        if (::testing::Test::HasFatalFailure()) return;
      }
    }
  }
  EXPECT_GT(chunks, 100);
  EXPECT_GT(multi_page, 10);
}

// A column with repetition levels, or deeper definition levels, is refused.
TEST(SelectedReadCorpusTest, NestedColumnsAreRefused) {
  ASSERT_OK_AND_ASSIGN(auto file, FileReader::Open(kTesting + "/data/nested_lists.snappy.parquet"));
  ASSERT_GT(file->schema().column(0).max_repetition_level, 0);
  ASSERT_EQ(file->schema().column(0).physical_type, PhysicalType::kByteArray);
  ASSERT_OK_AND_ASSIGN(auto r, file->OpenColumn(0, 0));
  std::vector<uint64_t> present(1);
  std::vector<ByteArray> values(8);
  bool dense = false;
  int64_t read = 0, kept = 0;
  EXPECT_STATUS(column::ReadFlatSelected(*r->As<ByteArray>(), 8, reinterpret_cast<uint8_t*>(present.data()), &dense,
                                         nullptr, values.data(), &read, &kept),
                StatusCode::kInvalidArgument);
}

}  // namespace
}  // namespace parq
