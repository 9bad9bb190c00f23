#include "cli/atomic_write.h"

#include <dirent.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cstdlib>
#include <fstream>
#include <sstream>
#include <string>
#include <vector>

#include <gtest/gtest.h>

namespace sdfconv {
namespace {

// A fresh directory under the test's private TEST_TMPDIR.
std::string MakeTempDir(const std::string& name) {
  const char* base = std::getenv("TEST_TMPDIR");
  const std::string dir = std::string(base ? base : "/tmp") + "/" + name;
  ::mkdir(dir.c_str(), 0755);
  return dir;
}

std::string ReadAll(const std::string& path) {
  std::ifstream in(path, std::ios::binary);
  std::ostringstream s;
  s << in.rdbuf();
  return s.str();
}

std::vector<std::string> Entries(const std::string& dir) {
  std::vector<std::string> names;
  DIR* d = ::opendir(dir.c_str());
  if (d == nullptr) return names;
  while (const dirent* e = ::readdir(d)) {
    const std::string name = e->d_name;
    if (name != "." && name != "..") names.push_back(name);
  }
  ::closedir(d);
  return names;
}

TEST(AtomicWriteTest, CreatesFileAndLeavesNoTemporary) {
  const std::string dir = MakeTempDir("create");
  std::string error;
  ASSERT_TRUE(WriteFileAtomically(dir + "/out.json", "{}\n", &error)) << error;
  EXPECT_EQ(ReadAll(dir + "/out.json"), "{}\n");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.json"});
}

TEST(AtomicWriteTest, ReplacesExistingFile) {
  const std::string dir = MakeTempDir("replace");
  const std::string path = dir + "/out.csv";
  std::string error;
  ASSERT_TRUE(WriteFileAtomically(path, std::string(100000, 'x'), &error));
  ASSERT_TRUE(WriteFileAtomically(path, "short", &error)) << error;
  EXPECT_EQ(ReadAll(path), "short");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.csv"});
}

TEST(AtomicWriteTest, MissingDirectoryFails) {
  const std::string dir = MakeTempDir("missing");
  std::string error;
  EXPECT_FALSE(WriteFileAtomically(dir + "/no/such/out.json", "x", &error));
  EXPECT_NE(error.find("no/such/out.json.tmp."), std::string::npos) << error;
  EXPECT_TRUE(Entries(dir).empty());
}

// rename(2) cannot put a file over a directory: the temporary must go.
TEST(AtomicWriteTest, FailedRenameRemovesTemporary) {
  const std::string dir = MakeTempDir("rename");
  const std::string target = dir + "/out";
  ASSERT_EQ(::mkdir(target.c_str(), 0755), 0);
  std::string error;
  EXPECT_FALSE(WriteFileAtomically(target, "x", &error));
  EXPECT_NE(error.find("out"), std::string::npos) << error;
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out"});
  EXPECT_TRUE(Entries(target).empty());
}

// A file already at the temporary name is not ours: it is neither
// overwritten nor removed.
TEST(AtomicWriteTest, ExistingTemporaryIsLeftAlone) {
  const std::string dir = MakeTempDir("stale");
  const std::string path = dir + "/out.json";
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  std::ofstream(tmp) << "someone else's";
  std::string error;
  EXPECT_FALSE(WriteFileAtomically(path, "x", &error));
  EXPECT_EQ(ReadAll(tmp), "someone else's");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.json.tmp." +
                                                   std::to_string(::getpid())});
}

// The explicit mode is applied exactly, whatever the umask.
TEST(AtomicWriteTest, ExplicitModeIsKeptExactly) {
  const std::string dir = MakeTempDir("mode");
  const mode_t old_umask = ::umask(027);
  std::string error;
  const bool written = WriteFileAtomically(dir + "/a.sdf", "x", 0664, &error);
  const bool read_only = WriteFileAtomically(dir + "/b.sdf", "y", 0444, &error);
  ::umask(old_umask);
  ASSERT_TRUE(written && read_only) << error;
  struct stat st;
  ASSERT_EQ(::stat((dir + "/a.sdf").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0664u);
  ASSERT_EQ(::stat((dir + "/b.sdf").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0444u);
  EXPECT_EQ(ReadAll(dir + "/b.sdf"), "y");
}

}  // namespace
}  // namespace sdfconv
