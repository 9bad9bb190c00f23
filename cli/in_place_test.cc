// ReplaceInPlace (in_place.h): what a replaced file keeps, and every way the
// input can change under it, each made to happen at the one moment that
// matters by the test's hook (not by timing).
#include "cli/in_place.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/temporary_file.h"
#include "cli/testing/temp_tree.h"

namespace sdfconv {
namespace {

using testing::ListTree;
using testing::MakeTempDir;
using testing::ReadFile;
using testing::WriteFile;

struct Opened {
  Folder folder;
  OpenedFile file;
};

Opened Open(const std::string& dir, const std::string& name) {
  std::string error;
  std::optional<Folder> folder = OpenFolderAt(dir, &error);
  EXPECT_TRUE(folder.has_value()) << error;
  std::optional<OpenedFile> file =
      OpenRegularFile(*folder, name, UINT64_MAX, &error, nullptr);
  EXPECT_TRUE(file.has_value()) << error;
  return {*folder, std::move(*file)};
}

struct Outcome {
  bool ok;
  Code code;
  std::string error;
};

Outcome Replace(const Opened& in, const std::string& name,
                const std::string& text, bool backup = true) {
  Outcome o{false, Code::kFileRead, ""};
  o.ok = ReplaceInPlace(in.folder, name, in.file, text, backup, &o.code,
                        &o.error);
  return o;
}

struct stat StatOf(const std::string& path) {
  struct stat st {};
  EXPECT_EQ(::lstat(path.c_str(), &st), 0) << path;
  return st;
}

std::string Attribute(const std::string& path, const char* name) {
  char value[256];
  const ssize_t n = ::getxattr(path.c_str(), name, value, sizeof value);
  return n < 0 ? "(none)" : std::string(value, static_cast<size_t>(n));
}

// A POSIX ACL as the kernel stores it: user::rw-, user:1234:r--,
// group::r--, mask::rw-, other::---.
std::string Acl() {
  std::string acl;
  auto put32 = [&](uint32_t v) { acl.append(reinterpret_cast<char*>(&v), 4); };
  auto entry = [&](uint16_t tag, uint16_t perm, uint32_t id) {
    acl.append(reinterpret_cast<char*>(&tag), 2);
    acl.append(reinterpret_cast<char*>(&perm), 2);
    put32(id);
  };
  put32(2);  // version
  entry(0x01, 6, 0xffffffff);
  entry(0x02, 4, 1234);
  entry(0x04, 4, 0xffffffff);
  entry(0x10, 6, 0xffffffff);
  entry(0x20, 0, 0xffffffff);
  return acl;
}

TEST(InPlaceTest, TheReplacementKeepsEverythingAndTheBackupIsTheOriginal) {
  const std::string dir = MakeTempDir("keeps");
  const std::string path = dir + "/a.sdf";
  WriteFile(path, "old");
  ASSERT_EQ(::chown(path.c_str(), 1234, 5678), 0);
  ASSERT_EQ(::chmod(path.c_str(), 02750), 0);
  ASSERT_EQ(::setxattr(path.c_str(), "user.origin", "lab", 3, 0), 0);
  const std::string acl = Acl();
  const bool acls = ::setxattr(path.c_str(), "system.posix_acl_access",
                               acl.data(), acl.size(), 0) == 0;
  const struct stat before = StatOf(path);
  const Opened in = Open(dir, "a.sdf");
  const Outcome o = Replace(in, "a.sdf", "new");
  ASSERT_TRUE(o.ok) << o.error;
  EXPECT_EQ(ReadFile(path), "new");
  const struct stat after = StatOf(path);
  EXPECT_EQ(after.st_uid, 1234u);
  EXPECT_EQ(after.st_gid, 5678u);
  EXPECT_EQ(after.st_mode & 07777, before.st_mode & 07777);
  EXPECT_EQ(Attribute(path, "user.origin"), "lab");
  EXPECT_EQ(Attribute(path, kTemporaryMark), "(none)");
  if (acls) {
    EXPECT_EQ(Attribute(path, "system.posix_acl_access"),
              Attribute(path + ".bak", "system.posix_acl_access"));
  }
  // The backup is the input itself: its inode, its bytes.
  const struct stat bak = StatOf(path + ".bak");
  EXPECT_EQ(bak.st_ino, before.st_ino);
  EXPECT_EQ(bak.st_nlink, 1u);
  EXPECT_EQ(ReadFile(path + ".bak"), "old");
  EXPECT_EQ(ListTree(dir), (std::vector<std::string>{"a.sdf", "a.sdf.bak"}));
}

TEST(InPlaceTest, WithoutABackupNothingElseIsLeft) {
  const std::string dir = MakeTempDir("nobak");
  WriteFile(dir + "/a.sdf", "old");
  const Opened in = Open(dir, "a.sdf");
  ASSERT_TRUE(Replace(in, "a.sdf", "new", /*backup=*/false).ok);
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), "new");
}

TEST(InPlaceTest, AFileWithSeveralNamesIsRefused) {
  const std::string dir = MakeTempDir("hardlink");
  WriteFile(dir + "/a.sdf", "old");
  ASSERT_EQ(::link((dir + "/a.sdf").c_str(), (dir + "/b.sdf").c_str()), 0);
  const Opened in = Open(dir, "a.sdf");
  const Outcome o = Replace(in, "a.sdf", "new");
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.code, Code::kFileHardLinked);
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), "old");
  EXPECT_EQ(ListTree(dir), (std::vector<std::string>{"a.sdf", "b.sdf"}));
}

TEST(InPlaceTest, ABackupThatIsALinkToTheFileIsRefused) {
  const std::string dir = MakeTempDir("baklink");
  WriteFile(dir + "/a.sdf", "old");
  ASSERT_EQ(::symlink("a.sdf", (dir + "/a.sdf.bak").c_str()), 0);
  const Opened in = Open(dir, "a.sdf");
  const Outcome o = Replace(in, "a.sdf", "new");
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.code, Code::kBackupConflict);
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), "old");
}

TEST(InPlaceTest, AKilledRunsBackupIsReusedAnOtherOneNever) {
  const std::string dir = MakeTempDir("bakreuse");
  WriteFile(dir + "/a.sdf", "old");
  WriteFile(dir + "/a.sdf.bak", "old");
  WriteFile(dir + "/b.sdf", "old");
  WriteFile(dir + "/b.sdf.bak", "older work");
  ASSERT_TRUE(Replace(Open(dir, "a.sdf"), "a.sdf", "new").ok);
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), "new");
  const Outcome o = Replace(Open(dir, "b.sdf"), "b.sdf", "new");
  EXPECT_EQ(o.code, Code::kBackupConflict);
  EXPECT_EQ(ReadFile(dir + "/b.sdf"), "old");
  EXPECT_EQ(ReadFile(dir + "/b.sdf.bak"), "older work");
}

// A run killed right after making its backup leaves FILE.bak as a second
// name of FILE: the next run takes it as the backup.
TEST(InPlaceTest, AKilledRunsLinkedBackupIsReused) {
  const std::string dir = MakeTempDir("baklinked");
  WriteFile(dir + "/a.sdf", "old");
  ASSERT_EQ(::link((dir + "/a.sdf").c_str(), (dir + "/a.sdf.bak").c_str()), 0);
  const Outcome o = Replace(Open(dir, "a.sdf"), "a.sdf", "new");
  ASSERT_TRUE(o.ok) << o.error;
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), "new");
  EXPECT_EQ(ReadFile(dir + "/a.sdf.bak"), "old");
  EXPECT_EQ(StatOf(dir + "/a.sdf.bak").st_nlink, 1u);
}

// The hooks: what another program does between the upgrade's reading and
// its replacing.
std::string g_victim;
void AppendToIt(const Folder& folder, const std::string& name) {
  const int fd = ::openat(folder.fd(), name.c_str(), O_WRONLY | O_APPEND);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(::write(fd, "+edit", 5), 5);
  ::close(fd);
}
void SwapForALink(const Folder& folder, const std::string& name) {
  ASSERT_EQ(::unlinkat(folder.fd(), name.c_str(), 0), 0);
  ASSERT_EQ(::symlinkat(g_victim.c_str(), folder.fd(), name.c_str()), 0);
}
void RenameItAway(const Folder& folder, const std::string& name) {
  ASSERT_EQ(::renameat(folder.fd(), name.c_str(), folder.fd(), "moved"), 0);
}

struct HookGuard {
  explicit HookGuard(BeforeReplaceHook hook) { SetBeforeReplaceHook(hook); }
  ~HookGuard() { SetBeforeReplaceHook(nullptr); }
};

TEST(InPlaceTest, AnEditMadeMeanwhileIsKept) {
  const std::string dir = MakeTempDir("edited");
  WriteFile(dir + "/a.sdf", "old");
  const Opened in = Open(dir, "a.sdf");
  const HookGuard hook(AppendToIt);
  const Outcome o = Replace(in, "a.sdf", "new");
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.code, Code::kFileChanged);
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), "old+edit");
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
}

TEST(InPlaceTest, ALinkSwappedInIsNeverWrittenThrough) {
  const std::string dir = MakeTempDir("swapped");
  WriteFile(dir + "/victim/target.conf", "precious");
  WriteFile(dir + "/tree/a.sdf", "old");
  g_victim = dir + "/victim/target.conf";
  const Opened in = Open(dir + "/tree", "a.sdf");
  const HookGuard hook(SwapForALink);
  const Outcome o = Replace(in, "a.sdf", "new");
  EXPECT_FALSE(o.ok);
  EXPECT_EQ(o.code, Code::kFileChanged);
  EXPECT_EQ(ReadFile(g_victim), "precious");
  EXPECT_EQ(ListTree(dir + "/victim"), std::vector<std::string>{"target.conf"});
  // The original is kept, as the backup made before the swap.
  EXPECT_EQ(ReadFile(dir + "/tree/a.sdf.bak"), "old");
}

TEST(InPlaceTest, AFileRenamedAwayKeepsItsBackup) {
  const std::string dir = MakeTempDir("renamed");
  WriteFile(dir + "/a.sdf", "old");
  const Opened in = Open(dir, "a.sdf");
  const HookGuard hook(RenameItAway);
  const Outcome o = Replace(in, "a.sdf", "new");
  EXPECT_EQ(o.code, Code::kFileChanged);
  EXPECT_EQ(ReadFile(dir + "/moved"), "old");
  EXPECT_FALSE(testing::Exists(dir + "/a.sdf"));
}

// Not root and not the owner: the owner cannot be kept, so nothing changes.
TEST(InPlaceTest, AnOwnerThatCannotBeKeptFailsTheFile) {
  if (::geteuid() != 0) GTEST_SKIP() << "needs root to make the owners";
  // Under /tmp: the test's own folder is not reachable by another user.
  char made[] = "/tmp/sdfconv_owner_XXXXXX";
  ASSERT_NE(::mkdtemp(made), nullptr);
  const std::string dir = made;
  WriteFile(dir + "/a.sdf", "old");
  ASSERT_EQ(::chown((dir + "/a.sdf").c_str(), 1234, 1234), 0);
  ASSERT_EQ(::chmod(dir.c_str(), 0777), 0);
  const pid_t child = ::fork();
  ASSERT_GE(child, 0);
  if (child == 0) {
    if (::setgid(4321) != 0 || ::setuid(4321) != 0) ::_exit(3);
    const Opened in = Open(dir, "a.sdf");
    const Outcome o = Replace(in, "a.sdf", "new", /*backup=*/false);
    ::_exit(!o.ok && o.code == Code::kFileMetadataUnkept ? 0 : 1);
  }
  int status = 0;
  ASSERT_EQ(::waitpid(child, &status, 0), child);
  EXPECT_TRUE(WIFEXITED(status) && WEXITSTATUS(status) == 0) << status;
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), "old");
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
  ::unlink((dir + "/a.sdf").c_str());
  ::rmdir(dir.c_str());
}

}  // namespace
}  // namespace sdfconv
