// The parquet-testing corpus as the corpus tests see it: where it lies, and
// the rows of expected/MANIFEST.tsv (file, ..., the reader its expected
// output was chosen from).
#ifndef PARQ_TESTS_CORPUS_CORPUS_TEST_UTIL_H_
#define PARQ_TESTS_CORPUS_CORPUS_TEST_UTIL_H_

#include <filesystem>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

namespace parq::corpus_test {

inline const std::filesystem::path kTesting = std::filesystem::path(PARQ_SHARED_DIR) / "parquet-testing";

// The rows of expected/MANIFEST.tsv below its header line, each split at its
// tabs; empty lines are left out.
inline std::vector<std::vector<std::string>> ManifestRows() {
  std::vector<std::vector<std::string>> out;
  std::ifstream in(kTesting / "expected" / "MANIFEST.tsv");
  std::string line;
  bool header = true;
  while (std::getline(in, line)) {
    if (header) {
      header = false;
      continue;
    }
    if (line.empty()) continue;
    std::vector<std::string> cols;
    std::stringstream ss(line);
    std::string c;
    while (std::getline(ss, c, '\t')) cols.push_back(c);
    out.push_back(std::move(cols));
  }
  return out;
}

}  // namespace parq::corpus_test

#endif  // PARQ_TESTS_CORPUS_CORPUS_TEST_UTIL_H_
