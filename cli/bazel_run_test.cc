#include "cli/bazel_run.h"

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

TEST(BazelRunTest, OnlyTheBinarysOwnRunfilesFolderCounts) {
  const std::string exe = "/out/bin/cli/sdfconv";
  EXPECT_TRUE(InOwnRunfiles("/out/bin/cli/sdfconv.runfiles/sdfconv", exe));
  EXPECT_TRUE(InOwnRunfiles("/out/bin/cli/sdfconv.runfiles", exe));
  // Another target's runfiles (a test script that runs sdfconv).
  EXPECT_FALSE(InOwnRunfiles("/out/bin/models_check.runfiles/ws", exe));
  EXPECT_FALSE(InOwnRunfiles("/out/bin/cli/sdfconv.runfilesx/ws", exe));
  EXPECT_FALSE(InOwnRunfiles("/home/user/robots", exe));
  EXPECT_FALSE(InOwnRunfiles("/out/bin/cli", exe));
}

}  // namespace
}  // namespace sdfconv
