// The version has one source, project(parq VERSION ...) in CMakeLists.txt
// (PARQ_PROJECT_VERSION here): parq::Version() of the linked libparq.so, the
// configured header's PARQ_VERSION_* and kCreatedBy, and `parq --version`.
#include <gtest/gtest.h>

#include <cstdio>
#include <string>

#include "parq/version.h"

namespace parq {
namespace {

TEST(VersionTest, LibraryAndHeaderGiveTheProjectVersion) {
  EXPECT_STREQ(Version(), PARQ_PROJECT_VERSION);
  EXPECT_STREQ(kVersion, PARQ_PROJECT_VERSION);
  EXPECT_STREQ(PARQ_VERSION_STRING, PARQ_PROJECT_VERSION);
  EXPECT_EQ(std::to_string(PARQ_VERSION_MAJOR) + "." + std::to_string(PARQ_VERSION_MINOR) + "." +
                std::to_string(PARQ_VERSION_PATCH),
            PARQ_PROJECT_VERSION);
  EXPECT_EQ(std::string(kCreatedBy), std::string("parq version ") + PARQ_PROJECT_VERSION);
}

#ifdef PARQ_HAVE_CLI
// The CLI's stdout for `parq ARG`, and its exit status.
std::string RunCli(const char* arg, int* status) {
  std::string command = std::string(PARQ_BIN_DIR "/parq ") + arg;
  FILE* p = popen(command.c_str(), "r");
  if (p == nullptr) return "popen failed";
  std::string out;
  char buf[256];
  while (std::fgets(buf, sizeof buf, p) != nullptr) out += buf;
  *status = pclose(p);
  return out;
}

TEST(VersionTest, CliPrintsTheLibraryVersion) {
  for (const char* arg : {"--version", "version"}) {
    int status = -1;
    EXPECT_EQ(RunCli(arg, &status), std::string("parq version ") + Version() + "\n") << arg;
    EXPECT_EQ(status, 0) << arg;
  }
}
#endif

}  // namespace
}  // namespace parq
