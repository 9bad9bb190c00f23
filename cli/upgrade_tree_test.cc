// What `sdfconv upgrade` does to whole trees beyond the files it upgrades
// (the fake upgrade, cli/testing/fake_upgrade.h): OUTDIR as a mirror that
// never overwrites, folder modes, other files and links copied, hard links,
// and paths longer than PATH_MAX.
#include <fcntl.h>
#include <limits.h>
#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <map>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/testing/fake_upgrade.h"
#include "cli/testing/temp_tree.h"
#include "cli/upgrade_batch.h"

namespace sdfconv {
namespace {

using testing::FakeSdf;
using testing::FakeSdf18;
using testing::FakeUpgrade;
using testing::MakeTempDir;
using testing::ReadFile;
using testing::Snapshot;
using testing::WriteFile;

struct Outcome {
  BatchResult result;
  std::string out;
  std::string err;
};

Outcome Upgrade(std::vector<std::string> paths, BatchMode mode,
                const std::string& output_dir = "", bool force = false) {
  static const std::atomic<bool> kGo{false};
  BatchOptions options;
  options.paths = std::move(paths);
  options.output = {mode, output_dir, true, force};
  options.jobs = 2;
  std::ostringstream out, err;
  Outcome run;
  run.result = RunUpgrade(options, FakeUpgrade, kGo, out, err);
  run.out = out.str();
  run.err = err.str();
  return run;
}

const FileRecord* RecordOf(const BatchResult& result, const std::string& path) {
  for (const FileRecord& file : result.files) {
    if (file.path == path) return &file;
  }
  ADD_FAILURE() << "no record for " << path;
  return nullptr;
}

bool HasCode(const FileRecord* record, Code code) {
  if (record == nullptr) return false;
  for (const Diagnostic& d : record->diagnostics.items()) {
    if (d.code == code) return true;
  }
  return false;
}

mode_t ModeOf(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0 ? st.st_mode & 07777 : 0;
}

TEST(UpgradeTreeTest, OutputDirHoldsTheWholeTree) {
  const std::string dir = MakeTempDir("whole");
  WriteFile(dir + "/in/m/model.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/in/m/meshes/arm.dae", "<COLLADA/>");
  ASSERT_EQ(::symlink("meshes/arm.dae", (dir + "/in/m/arm.dae").c_str()), 0);
  ASSERT_EQ(::chmod((dir + "/in/m/meshes").c_str(), 0700), 0);
  const Outcome run = Upgrade({dir + "/in"}, BatchMode::kOutputDir, dir + "/out");
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(ReadFile(dir + "/out/m/model.sdf"), FakeSdf18());
  EXPECT_EQ(ReadFile(dir + "/out/m/meshes/arm.dae"), "<COLLADA/>");
  char target[64] = {};
  ASSERT_GT(::readlink((dir + "/out/m/arm.dae").c_str(), target, sizeof target),
            0);
  EXPECT_STREQ(target, "meshes/arm.dae");
  EXPECT_EQ(ModeOf(dir + "/out/m/meshes"), 0700u);
  EXPECT_EQ(run.result.summary.copied, 2);
}

TEST(UpgradeTreeTest, OutputDirNeverOverwritesWithoutForce) {
  const std::string dir = MakeTempDir("exists");
  WriteFile(dir + "/in/a.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/in/b.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/in/c.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/out/a.sdf", "the user's own");
  WriteFile(dir + "/out/b.sdf", FakeSdf18());  // what a killed run wrote
  WriteFile(dir + "/elsewhere", "not to be written through");
  ASSERT_EQ(::symlink((dir + "/elsewhere").c_str(), (dir + "/out/c.sdf").c_str()),
            0);
  const Outcome run = Upgrade({dir + "/in"}, BatchMode::kOutputDir, dir + "/out");
  EXPECT_EQ(run.result.exit_code, kExitInvalid);
  EXPECT_TRUE(HasCode(RecordOf(run.result, dir + "/in/a.sdf"),
                      Code::kOutputExists));
  EXPECT_EQ(RecordOf(run.result, dir + "/in/b.sdf")->status,
            FileStatus::kUpgraded);
  EXPECT_TRUE(HasCode(RecordOf(run.result, dir + "/in/c.sdf"),
                      Code::kOutputExists));
  EXPECT_EQ(ReadFile(dir + "/out/a.sdf"), "the user's own");
  EXPECT_EQ(ReadFile(dir + "/elsewhere"), "not to be written through");

  const Outcome forced =
      Upgrade({dir + "/in"}, BatchMode::kOutputDir, dir + "/out", true);
  EXPECT_EQ(forced.result.exit_code, kExitOk) << forced.err;
  EXPECT_EQ(ReadFile(dir + "/out/a.sdf"), FakeSdf18());
  struct stat st;
  ASSERT_EQ(::lstat((dir + "/out/c.sdf").c_str(), &st), 0);
  EXPECT_TRUE(S_ISREG(st.st_mode));  // the link replaced, not followed
  EXPECT_EQ(ReadFile(dir + "/elsewhere"), "not to be written through");
}

TEST(UpgradeTreeTest, EveryNameOfAHardLinkedFileIsCounted) {
  const std::string dir = MakeTempDir("hardlinks");
  WriteFile(dir + "/in/a.sdf", FakeSdf("1.6"));
  ASSERT_EQ(::link((dir + "/in/a.sdf").c_str(), (dir + "/in/b.sdf").c_str()),
            0);
  const Outcome check = Upgrade({dir + "/in"}, BatchMode::kCheck);
  EXPECT_EQ(check.result.summary.would_change, 2);
  const Outcome out = Upgrade({dir + "/in"}, BatchMode::kOutputDir, dir + "/out");
  EXPECT_EQ(out.result.summary.upgraded, 2) << out.err;
  EXPECT_EQ(ReadFile(dir + "/out/b.sdf"), FakeSdf18());
  const Outcome in_place = Upgrade({dir + "/in"}, BatchMode::kInPlace);
  EXPECT_EQ(in_place.result.summary.failed, 2);
  EXPECT_TRUE(HasCode(RecordOf(in_place.result, dir + "/in/b.sdf"),
                      Code::kFileHardLinked));
  EXPECT_EQ(ReadFile(dir + "/in/a.sdf"), FakeSdf("1.6"));
  struct stat st;
  ASSERT_EQ(::stat((dir + "/in/a.sdf").c_str(), &st), 0);
  EXPECT_EQ(st.st_nlink, 2u);  // still one file
}

// A tree deeper than PATH_MAX: its files are found, upgraded in place and
// backed up, through their folders' descriptors.
TEST(UpgradeTreeTest, PathsLongerThanPathMaxAreUpgraded) {
  const std::string dir = MakeTempDir("deep");
  const std::string segment(200, 'd');
  int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY);
  ASSERT_GE(fd, 0);
  std::string path = dir;
  while (path.size() <= PATH_MAX + 200) {
    ASSERT_EQ(::mkdirat(fd, segment.c_str(), 0755), 0);
    const int next = ::openat(fd, segment.c_str(), O_RDONLY | O_DIRECTORY);
    ::close(fd);
    ASSERT_GE(next, 0);
    fd = next;
    path += "/" + segment;
  }
  const std::string text = FakeSdf("1.6");
  const int file = ::openat(fd, "m.sdf", O_WRONLY | O_CREAT, 0644);
  ASSERT_GE(file, 0);
  ASSERT_EQ(::write(file, text.data(), text.size()),
            static_cast<ssize_t>(text.size()));
  ::close(file);
  const Outcome run = Upgrade({dir}, BatchMode::kInPlace);
  EXPECT_EQ(run.result.exit_code, kExitOk) << run.err;
  EXPECT_EQ(run.result.summary.upgraded, 1);
  ASSERT_EQ(run.result.files.size(), 1u);
  EXPECT_EQ(run.result.files[0].path, path + "/m.sdf");
  char read_back[256] = {};
  const int again = ::openat(fd, "m.sdf", O_RDONLY);
  ASSERT_GE(again, 0);
  EXPECT_GT(::read(again, read_back, sizeof read_back - 1), 0);
  ::close(again);
  EXPECT_EQ(std::string(read_back), FakeSdf18());
  EXPECT_EQ(::faccessat(fd, "m.sdf.bak", F_OK, 0), 0);
  ::close(fd);
}

}  // namespace
}  // namespace sdfconv
