#include "cli/upgrade_inputs.h"

#include <sys/stat.h>
#include <unistd.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/testing/temp_tree.h"

namespace sdfconv {
namespace {

using testing::MakeTempDir;
using testing::WriteFile;

std::vector<std::string> Paths(const CollectedInputs& found) {
  std::vector<std::string> paths;
  for (const BatchInput& in : found.files) paths.push_back(in.path);
  return paths;
}

std::vector<std::string> Relatives(const CollectedInputs& found) {
  std::vector<std::string> relatives;
  for (const BatchInput& in : found.files) relatives.push_back(in.relative);
  return relatives;
}

TEST(UpgradeInputsTest, NamesAWalkTakes) {
  EXPECT_TRUE(IsUpgradeInputName("model.sdf"));
  EXPECT_TRUE(IsUpgradeInputName("empty.world"));
  EXPECT_TRUE(IsUpgradeInputName("model.config"));
  EXPECT_FALSE(IsUpgradeInputName("robot.urdf"));
  EXPECT_FALSE(IsUpgradeInputName("model.sdf.bak"));
  EXPECT_FALSE(IsUpgradeInputName("model.sdf.tmp.123"));
  EXPECT_FALSE(IsUpgradeInputName("other.config"));
  EXPECT_EQ(KindOfName("model.config"), InputKind::kModelConfig);
  EXPECT_EQ(KindOfName("model.sdf"), InputKind::kSdf);
}

// Another command's names (check's): the walk is the same, the names its own.
TEST(UpgradeInputsTest, AWalkTakesTheNamesItIsGiven) {
  const std::string dir = MakeTempDir("walk_names");
  for (const char* name : {"a/robot.urdf", "a/model.config", "b.sdf"}) {
    WriteFile(dir + "/" + name, "x");
  }
  const CollectedInputs found = CollectInputs(
      {dir}, {}, [](const std::string& name) { return name != "b.sdf"; });
  EXPECT_EQ(Relatives(found),
            (std::vector<std::string>{"a/model.config", "a/robot.urdf"}));
}

// Preorder, entries in byte order, only the names a walk takes.
TEST(UpgradeInputsTest, WalksRecursivelyInByteOrder) {
  const std::string dir = MakeTempDir("walk");
  for (const char* name :
       {"z.sdf", "B.sdf", "a/model.config", "a/model.sdf", "a/notes.txt",
        "a/deep/er/x.world", "b.world", "a.sdf.bak"}) {
    WriteFile(dir + "/" + name, "x");
  }
  const CollectedInputs found = CollectInputs({dir}, {});
  EXPECT_TRUE(found.usage_errors.empty());
  EXPECT_EQ(Relatives(found),
            (std::vector<std::string>{"B.sdf", "a/deep/er/x.world",
                                      "a/model.config", "a/model.sdf",
                                      "b.world", "z.sdf"}));
  EXPECT_EQ(found.files[0].path, dir + "/B.sdf");
  EXPECT_EQ(found.files[2].kind, InputKind::kModelConfig);
  EXPECT_EQ(found.files[3].kind, InputKind::kSdf);
}

TEST(UpgradeInputsTest, TrailingSlashesDoNotDoubleUp) {
  const std::string dir = MakeTempDir("slash");
  WriteFile(dir + "/m/a.sdf", "x");
  const CollectedInputs found = CollectInputs({dir + "/m//"}, {});
  EXPECT_EQ(Paths(found), std::vector<std::string>{dir + "/m/a.sdf"});
}

// A named file is taken whatever its name, under its base name.
TEST(UpgradeInputsTest, NamedFilesAreTakenWhateverTheirName) {
  const std::string dir = MakeTempDir("named");
  WriteFile(dir + "/x/robot.txt", "x");
  WriteFile(dir + "/y/model.config", "x");
  const CollectedInputs found =
      CollectInputs({dir + "/x/robot.txt", dir + "/y/model.config"}, {});
  EXPECT_EQ(Relatives(found),
            (std::vector<std::string>{"robot.txt", "model.config"}));
  EXPECT_EQ(found.files[0].kind, InputKind::kSdf);
  EXPECT_EQ(found.files[1].kind, InputKind::kModelConfig);
}

TEST(UpgradeInputsTest, EachFileOnceInItsFirstPlace) {
  const std::string dir = MakeTempDir("once");
  WriteFile(dir + "/m/a.sdf", "x");
  WriteFile(dir + "/m/b.sdf", "x");
  const CollectedInputs found = CollectInputs(
      {dir + "/m/b.sdf", dir + "/m", dir + "/m/./a.sdf", dir + "//m"}, {});
  EXPECT_EQ(Paths(found), (std::vector<std::string>{dir + "/m/b.sdf",
                                                    dir + "/m/a.sdf"}));
  EXPECT_EQ(Relatives(found), (std::vector<std::string>{"b.sdf", "a.sdf"}));
}

// No loops, and never a write through a link the user did not name.
TEST(UpgradeInputsTest, WalkDoesNotFollowSymbolicLinks) {
  const std::string dir = MakeTempDir("links");
  WriteFile(dir + "/elsewhere/e.sdf", "x");
  WriteFile(dir + "/in/a.sdf", "x");
  ASSERT_EQ(::symlink((dir + "/elsewhere/e.sdf").c_str(),
                      (dir + "/in/link.sdf").c_str()), 0);
  ASSERT_EQ(::symlink((dir + "/elsewhere").c_str(),
                      (dir + "/in/linked_dir").c_str()), 0);
  ASSERT_EQ(::symlink(dir.c_str(), (dir + "/in/loop").c_str()), 0);
  const CollectedInputs found = CollectInputs({dir + "/in"}, {});
  EXPECT_EQ(Relatives(found), std::vector<std::string>{"a.sdf"});
  // A link named on the command line is followed.
  EXPECT_EQ(Paths(CollectInputs({dir + "/in/link.sdf"}, {})),
            std::vector<std::string>{dir + "/in/link.sdf"});
}

TEST(UpgradeInputsTest, SkipsTheOutputDirectory) {
  const std::string dir = MakeTempDir("skip");
  WriteFile(dir + "/a.sdf", "x");
  WriteFile(dir + "/out/a.sdf", "x");
  const CollectedInputs found = CollectInputs({dir}, {dir + "/out/"});
  EXPECT_EQ(Relatives(found), std::vector<std::string>{"a.sdf"});
}

TEST(UpgradeInputsTest, MissingPathIsAUsageError) {
  const std::string dir = MakeTempDir("missing");
  WriteFile(dir + "/a.sdf", "x");
  const CollectedInputs found =
      CollectInputs({dir + "/a.sdf", dir + "/nope.sdf"}, {});
  ASSERT_EQ(found.usage_errors.size(), 1u);
  EXPECT_NE(found.usage_errors[0].find("nope.sdf"), std::string::npos);
  EXPECT_EQ(found.files.size(), 1u);
}

TEST(UpgradeInputsTest, UnreadableDirectoryIsAnEntryWithItsError) {
  const std::string dir = MakeTempDir("unreadable");
  WriteFile(dir + "/a.sdf", "x");
  WriteFile(dir + "/locked/b.sdf", "x");
  WriteFile(dir + "/z.sdf", "x");
  ASSERT_EQ(::chmod((dir + "/locked").c_str(), 0), 0);
  CollectedInputs found;
  {
    testing::ScopedPermissionChecks checks;
    if (testing::CanCreateIn(dir + "/locked")) {
      ::chmod((dir + "/locked").c_str(), 0755);
      GTEST_SKIP() << "permission bits do not bind this process";
    }
    found = CollectInputs({dir}, {});
  }
  ::chmod((dir + "/locked").c_str(), 0755);
  EXPECT_EQ(Relatives(found),
            (std::vector<std::string>{"a.sdf", "locked", "z.sdf"}));
  EXPECT_NE(found.files[1].error.find("cannot list directory"),
            std::string::npos);
  EXPECT_TRUE(found.files[0].error.empty());
}

// The walk keeps its own stack: depth costs no native stack.
TEST(UpgradeInputsTest, DeepTree) {
  const std::string dir = MakeTempDir("deep");
  std::string path = dir;
  for (int i = 0; i < 1000; ++i) path += "/d";
  WriteFile(path + "/a.sdf", "x");
  const CollectedInputs found = CollectInputs({dir}, {});
  ASSERT_EQ(found.files.size(), 1u);
  EXPECT_EQ(found.files[0].path, path + "/a.sdf");
}

}  // namespace
}  // namespace sdfconv
