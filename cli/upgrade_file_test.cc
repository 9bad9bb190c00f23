#include "cli/upgrade_file.h"

#include <sys/stat.h>
#include <unistd.h>

#include <atomic>
#include <map>
#include <string>

#include <gtest/gtest.h>

#include "cli/testing/fake_upgrade.h"
#include "cli/testing/temp_tree.h"

namespace sdfconv {
namespace {

using testing::Exists;
using testing::FakeSdf;
using testing::FakeSdf18;
using testing::FakeUpgrade;
using testing::ListTree;
using testing::MakeTempDir;
using testing::ReadFile;
using testing::WriteFile;

const std::atomic<bool> kGo{false};

BatchInput Input(const std::string& path, const std::string& relative,
                 InputKind kind = InputKind::kSdf) {
  return {path, relative, kind, ""};
}

OutputPolicy InPlace(bool backup = true) {
  return {BatchMode::kInPlace, "", backup};
}

mode_t ModeOf(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? st.st_mode & 07777 : 0;
}

// The first diagnostic's message, or the batch error.
std::string MessageOf(const FileRecord& record) {
  return record.diagnostics.items().empty()
             ? record.error
             : record.diagnostics.items()[0].message;
}

bool HasCode(const FileRecord& record, Code code) {
  for (const Diagnostic& d : record.diagnostics.items()) {
    if (d.code == code) return true;
  }
  return false;
}

TEST(UpgradeFileTest, OutputPaths) {
  const BatchInput in = Input("models/a/m.sdf", "a/m.sdf");
  EXPECT_EQ(OutputPathFor(in, {BatchMode::kCheck, "", true}), "");
  EXPECT_EQ(OutputPathFor(in, InPlace()), "models/a/m.sdf");
  EXPECT_EQ(OutputPathFor(in, {BatchMode::kOutputDir, "out", true}),
            "out/a/m.sdf");
  EXPECT_EQ(OutputPathFor(in, {BatchMode::kOutputDir, "out/", true}),
            "out/a/m.sdf");
}

TEST(UpgradeFileTest, CheckWritesNothing) {
  const std::string dir = MakeTempDir("check");
  WriteFile(dir + "/old.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/new.sdf", FakeSdf18());
  const OutputPolicy check{BatchMode::kCheck, "", true};
  EXPECT_EQ(UpgradeOneFile(Input(dir + "/old.sdf", "old.sdf"), check,
                           FakeUpgrade, kGo)
                .status,
            FileStatus::kWouldChange);
  EXPECT_EQ(UpgradeOneFile(Input(dir + "/new.sdf", "new.sdf"), check,
                           FakeUpgrade, kGo)
                .status,
            FileStatus::kUnchanged);
  EXPECT_EQ(ListTree(dir), (std::vector<std::string>{"new.sdf", "old.sdf"}));
  EXPECT_EQ(ReadFile(dir + "/old.sdf"), FakeSdf("1.6"));
}

// The backup holds the input's exact bytes; both keep the input's mode.
TEST(UpgradeFileTest, InPlaceKeepsABackup) {
  const std::string dir = MakeTempDir("backup");
  const std::string path = dir + "/a.sdf";
  WriteFile(path, FakeSdf("1.6"));
  ASSERT_EQ(::chmod(path.c_str(), 0640), 0);
  const FileRecord r =
      UpgradeOneFile(Input(path, "a.sdf"), InPlace(), FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kUpgraded) << r.error;
  EXPECT_EQ(r.output, path);
  EXPECT_EQ(ReadFile(path), FakeSdf18());
  EXPECT_EQ(ReadFile(path + ".bak"), FakeSdf("1.6"));
  EXPECT_EQ(ModeOf(path), 0640u);
  EXPECT_EQ(ModeOf(path + ".bak"), 0640u);
  EXPECT_EQ(ListTree(dir), (std::vector<std::string>{"a.sdf", "a.sdf.bak"}));
}

TEST(UpgradeFileTest, InPlaceWithoutBackup) {
  const std::string dir = MakeTempDir("nobackup");
  WriteFile(dir + "/a.sdf", FakeSdf("1.7"));
  const FileRecord r = UpgradeOneFile(Input(dir + "/a.sdf", "a.sdf"),
                                      InPlace(false), FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kUpgraded);
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), FakeSdf18());
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
}

// Nothing to do: not rewritten (same inode), no backup.
TEST(UpgradeFileTest, InPlaceLeavesAnUnchangedFileAlone) {
  const std::string dir = MakeTempDir("same");
  const std::string path = dir + "/a.sdf";
  WriteFile(path, FakeSdf18());
  struct stat before, after;
  ASSERT_EQ(::stat(path.c_str(), &before), 0);
  const FileRecord r =
      UpgradeOneFile(Input(path, "a.sdf"), InPlace(), FakeUpgrade, kGo);
  ASSERT_EQ(::stat(path.c_str(), &after), 0);
  EXPECT_EQ(r.status, FileStatus::kUnchanged);
  EXPECT_EQ(before.st_ino, after.st_ino);
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
}

// --check says when --in-place would refuse a file for its backup.
TEST(UpgradeFileTest, CheckSaysABackupWouldBeRefused) {
  const std::string dir = MakeTempDir("checkbackup");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/a.sdf.bak", "the user's older backup");
  const FileRecord r = UpgradeOneFile(Input(dir + "/a.sdf", "a.sdf"),
                                      {BatchMode::kCheck}, FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kWouldChange);
  EXPECT_TRUE(HasCode(r, Code::kBackupConflict));
  EXPECT_FALSE(r.diagnostics.HasErrors());
}

// An older backup is never overwritten: the file fails, both stay.
TEST(UpgradeFileTest, InPlaceRefusesToOverwriteABackup) {
  const std::string dir = MakeTempDir("oldbackup");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/a.sdf.bak", "the user's older backup");
  const FileRecord r = UpgradeOneFile(Input(dir + "/a.sdf", "a.sdf"),
                                      InPlace(), FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kFailed);
  EXPECT_TRUE(HasCode(r, Code::kBackupConflict));
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), FakeSdf("1.6"));
  EXPECT_EQ(ReadFile(dir + "/a.sdf.bak"), "the user's older backup");
}

// A link named on the command line stays a link; its target is upgraded.
TEST(UpgradeFileTest, InPlaceWritesThroughASymbolicLink) {
  const std::string dir = MakeTempDir("link");
  WriteFile(dir + "/real/a.sdf", FakeSdf("1.6"));
  ASSERT_EQ(::symlink("real/a.sdf", (dir + "/link.sdf").c_str()), 0);
  const FileRecord r = UpgradeOneFile(Input(dir + "/link.sdf", "link.sdf"),
                                      InPlace(), FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kUpgraded) << r.error;
  struct stat st;
  ASSERT_EQ(::lstat((dir + "/link.sdf").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  EXPECT_EQ(ReadFile(dir + "/real/a.sdf"), FakeSdf18());
  EXPECT_EQ(ReadFile(dir + "/real/a.sdf.bak"), FakeSdf("1.6"));
}

TEST(UpgradeFileTest, OutputDirCreatesDirectoriesAndCopiesUnchangedFiles) {
  const std::string dir = MakeTempDir("outdir");
  WriteFile(dir + "/in/a/b/old.sdf", FakeSdf("1.5"));
  WriteFile(dir + "/in/new.sdf", FakeSdf18());
  const OutputPolicy out{BatchMode::kOutputDir, dir + "/out", true};
  const FileRecord old = UpgradeOneFile(
      Input(dir + "/in/a/b/old.sdf", "a/b/old.sdf"), out, FakeUpgrade, kGo);
  const FileRecord same = UpgradeOneFile(Input(dir + "/in/new.sdf", "new.sdf"),
                                         out, FakeUpgrade, kGo);
  EXPECT_EQ(old.status, FileStatus::kUpgraded) << old.error;
  EXPECT_EQ(same.status, FileStatus::kUnchanged) << same.error;
  EXPECT_EQ(old.output, dir + "/out/a/b/old.sdf");
  EXPECT_EQ(ReadFile(dir + "/out/a/b/old.sdf"), FakeSdf18());
  EXPECT_EQ(ReadFile(dir + "/out/new.sdf"), FakeSdf18());
  EXPECT_EQ(ReadFile(dir + "/in/a/b/old.sdf"), FakeSdf("1.5"));
}

TEST(UpgradeFileTest, OutputThatIsTheInputFails) {
  const std::string dir = MakeTempDir("self");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6"));
  const FileRecord r =
      UpgradeOneFile(Input(dir + "/a.sdf", "a.sdf"),
                     {BatchMode::kOutputDir, dir, true}, FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kFailed);
  EXPECT_TRUE(HasCode(r, Code::kOutputExists));
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), FakeSdf("1.6"));
}

TEST(UpgradeFileTest, AFailingUpgradeWritesNothing) {
  const std::string dir = MakeTempDir("fail");
  WriteFile(dir + "/in/a.sdf", FakeSdf("1.6", testing::kFailMarker));
  for (const OutputPolicy& policy :
       {InPlace(), OutputPolicy{BatchMode::kOutputDir, dir + "/out", true}}) {
    const FileRecord r = UpgradeOneFile(Input(dir + "/in/a.sdf", "a.sdf"),
                                        policy, FakeUpgrade, kGo);
    EXPECT_EQ(r.status, FileStatus::kFailed);
    EXPECT_TRUE(HasCode(r, Code::kElementInvalid));
  }
  EXPECT_EQ(ListTree(dir), (std::vector<std::string>{"in/", "in/a.sdf"}));
}

TEST(UpgradeFileTest, AThrowingUpgradeIsAFailure) {
  const std::string dir = MakeTempDir("throw");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6", testing::kThrowMarker));
  const FileRecord r = UpgradeOneFile(Input(dir + "/a.sdf", "a.sdf"),
                                      InPlace(), FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kFailed);
  EXPECT_NE(r.error.find("fake crash"), std::string::npos) << r.error;
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
}

TEST(UpgradeFileTest, WarningsAreKeptOnASuccess) {
  const std::string dir = MakeTempDir("warn");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6", testing::kRepairMarker));
  const FileRecord r = UpgradeOneFile(Input(dir + "/a.sdf", "a.sdf"),
                                      InPlace(), FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kUpgraded);
  EXPECT_TRUE(HasCode(r, Code::kDuplicateName));
}

TEST(UpgradeFileTest, UnreadableInputIsFileRead) {
  const std::string dir = MakeTempDir("unreadable");
  const FileRecord missing = UpgradeOneFile(
      Input(dir + "/gone.sdf", "gone.sdf"), InPlace(), FakeUpgrade, kGo);
  EXPECT_EQ(missing.status, FileStatus::kFailed);
  EXPECT_TRUE(HasCode(missing, Code::kFileRead));
  BatchInput listing = Input(dir + "/locked", "locked");
  listing.error = "cannot list directory";
  const FileRecord locked =
      UpgradeOneFile(listing, InPlace(), FakeUpgrade, kGo);
  EXPECT_EQ(locked.status, FileStatus::kFailed);
  EXPECT_TRUE(HasCode(locked, Code::kFileRead));
}

// Stop set while the file was being upgraded: nothing is written.
TEST(UpgradeFileTest, StopBeforeWritingLeavesTheFileOld) {
  const std::string dir = MakeTempDir("stop");
  WriteFile(dir + "/a.sdf", FakeSdf("1.6"));
  const std::atomic<bool> stop{true};
  const FileRecord r =
      UpgradeOneFile(Input(dir + "/a.sdf", "a.sdf"), InPlace(), FakeUpgrade,
                     stop);
  EXPECT_EQ(r.status, FileStatus::kNotProcessed);
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), FakeSdf("1.6"));
  // --check writes nothing, so it finishes its answer.
  EXPECT_EQ(UpgradeOneFile(Input(dir + "/a.sdf", "a.sdf"),
                           {BatchMode::kCheck, "", true}, FakeUpgrade, stop)
                .status,
            FileStatus::kWouldChange);
}

// A directory where the output's directory should be: a clear message.
TEST(UpgradeFileTest, BlockedOutputDirectoryFails) {
  const std::string dir = MakeTempDir("blocked");
  WriteFile(dir + "/in/a/x.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/out/a", "a file, not a directory");
  const FileRecord r = UpgradeOneFile(
      Input(dir + "/in/a/x.sdf", "a/x.sdf"),
      {BatchMode::kOutputDir, dir + "/out", true}, FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kFailed);
  ASSERT_TRUE(HasCode(r, Code::kFileWrite));
  const std::string message = r.diagnostics.items()[0].message;
  EXPECT_NE(message.find("cannot create directory '" + dir + "/out/a'"),
            std::string::npos)
      << message;
  EXPECT_NE(message.find("Not a directory"), std::string::npos) << message;
}

class ReadOnlyTest : public ::testing::Test {
 protected:
  // Makes `dir` read-only; skips when that does not bind this process.
  void MakeReadOnly(const std::string& dir) {
    ASSERT_EQ(::chmod(dir.c_str(), 0555), 0);
    locked_ = dir;
    if (testing::CanCreateIn(dir)) GTEST_SKIP() << "permissions do not bind";
  }
  void TearDown() override {
    if (!locked_.empty()) ::chmod(locked_.c_str(), 0755);
  }
  testing::ScopedPermissionChecks checks_;
  std::string locked_;
};

TEST_F(ReadOnlyTest, ReadOnlyOutputDirectoryFailsTheFile) {
  const std::string dir = MakeTempDir("readonly_out");
  WriteFile(dir + "/in/a.sdf", FakeSdf("1.6"));
  WriteFile(dir + "/in/sub/b.sdf", FakeSdf("1.6"));
  ::mkdir((dir + "/out").c_str(), 0755);
  MakeReadOnly(dir + "/out");
  const OutputPolicy out{BatchMode::kOutputDir, dir + "/out", true};
  const FileRecord top =
      UpgradeOneFile(Input(dir + "/in/a.sdf", "a.sdf"), out, FakeUpgrade, kGo);
  const FileRecord sub = UpgradeOneFile(
      Input(dir + "/in/sub/b.sdf", "sub/b.sdf"), out, FakeUpgrade, kGo);
  EXPECT_EQ(top.status, FileStatus::kFailed);
  EXPECT_TRUE(HasCode(top, Code::kFileWrite));
  EXPECT_NE(MessageOf(top).find("'" + dir + "/out/a.sdf'"), std::string::npos)
      << MessageOf(top);
  EXPECT_NE(MessageOf(top).find("Permission denied"), std::string::npos);
  EXPECT_EQ(sub.status, FileStatus::kFailed);
  EXPECT_NE(MessageOf(sub).find("cannot create directory"), std::string::npos)
      << MessageOf(sub);
  EXPECT_TRUE(ListTree(dir + "/out").empty());
}

// In place, in a read-only directory: the input and no backup remain.
TEST_F(ReadOnlyTest, ReadOnlyInputDirectoryFailsInPlace) {
  const std::string dir = MakeTempDir("readonly_in");
  WriteFile(dir + "/in/a.sdf", FakeSdf("1.6"));
  MakeReadOnly(dir + "/in");
  const FileRecord r = UpgradeOneFile(Input(dir + "/in/a.sdf", "a.sdf"),
                                      InPlace(), FakeUpgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kFailed);
  EXPECT_TRUE(HasCode(r, Code::kFileWrite));
  EXPECT_NE(MessageOf(r).find("Permission denied"), std::string::npos)
      << MessageOf(r);
  EXPECT_EQ(ListTree(dir + "/in"), std::vector<std::string>{"a.sdf"});
  EXPECT_EQ(ReadFile(dir + "/in/a.sdf"), FakeSdf("1.6"));
}

// The input becomes a directory between reading and replacing: the file
// fails as changed, and nothing is made.
TEST(UpgradeFileTest, FailedReplacementRemovesTheNewBackup) {
  const std::string dir = MakeTempDir("rollback");
  WriteFile(dir + "/in/a.sdf", FakeSdf("1.6"));
  const UpgradeFunction upgrade = [&](std::string_view text,
                                      const std::string& path) {
    // Between reading and writing, the input becomes a directory.
    ::unlink((dir + "/in/a.sdf").c_str());
    ::mkdir((dir + "/in/a.sdf").c_str(), 0755);
    return FakeUpgrade(text, path);
  };
  const FileRecord r = UpgradeOneFile(Input(dir + "/in/a.sdf", "a.sdf"),
                                      InPlace(), upgrade, kGo);
  EXPECT_EQ(r.status, FileStatus::kFailed);
  EXPECT_TRUE(HasCode(r, Code::kFileChanged)) << MessageOf(r);
  EXPECT_EQ(ListTree(dir + "/in"), std::vector<std::string>{"a.sdf/"});
}

}  // namespace
}  // namespace sdfconv
