// A per-process folder for the files the Arrow tests write, removed when the
// test executable's tests end (a global test environment registered once).
#ifndef PARQ_TESTS_ARROW_ARROW_TEMP_FILES_UTIL_H_
#define PARQ_TESTS_ARROW_ARROW_TEMP_FILES_UTIL_H_

#include <gtest/gtest.h>
#include <unistd.h>

#include <filesystem>
#include <string>

namespace parq::testing {

inline std::filesystem::path ArrowTestDir() {
  return std::filesystem::temp_directory_path() / ("parq_arrow_tests_" + std::to_string(::getpid()));
}

// A path named `name` in that folder (created when missing).
inline std::filesystem::path TempPath(const std::string& name) {
  std::filesystem::create_directories(ArrowTestDir());
  return ArrowTestDir() / name;
}

struct ArrowTestDirCleanup : ::testing::Environment {
  void TearDown() override { std::filesystem::remove_all(ArrowTestDir()); }
};
inline const auto* const kArrowTestDirCleanup = ::testing::AddGlobalTestEnvironment(new ArrowTestDirCleanup);

}  // namespace parq::testing

#endif  // PARQ_TESTS_ARROW_ARROW_TEMP_FILES_UTIL_H_
