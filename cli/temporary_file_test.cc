#include "cli/temporary_file.h"

#include <fcntl.h>
#include <unistd.h>

#include <string>
#include <vector>

#include <gtest/gtest.h>

#include "cli/testing/temp_tree.h"

namespace sdfconv {
namespace {

using testing::ListTree;
using testing::MakeTempDir;
using testing::ReadFile;
using testing::WriteFile;

int OpenFolder(const std::string& dir) {
  return ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
}

mode_t ModeOf(const std::string& path) {
  struct stat st;
  return ::stat(path.c_str(), &st) == 0 ? st.st_mode & 07777 : 0;
}

TEST(TemporaryFileTest, WrittenUnnamedThenRenamedOver) {
  const std::string dir = MakeTempDir("tmp_rename");
  WriteFile(dir + "/a.sdf", "old");
  const int folder = OpenFolder(dir);
  std::string error;
  std::optional<TemporaryFile> t =
      TemporaryFile::Create(folder, "a.sdf", 0640, &error);
  ASSERT_TRUE(t.has_value()) << error;
  ASSERT_TRUE(t->Write("new", &error)) << error;
  // Nothing under any name while it is written.
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
  EXPECT_EQ(TemporaryMarkOf(t->fd()), ::getpid());
  ASSERT_TRUE(t->RenameOver(&error)) << error;
  t->Unmark();
  EXPECT_FALSE(TemporaryMarkOf(t->fd()).has_value());
  EXPECT_EQ(ReadFile(dir + "/a.sdf"), "new");
  EXPECT_EQ(ModeOf(dir + "/a.sdf"), 0640u);
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"a.sdf"});
  ::close(folder);
}

TEST(TemporaryFileTest, LinkAsTargetNeverReplaces) {
  const std::string dir = MakeTempDir("tmp_link");
  WriteFile(dir + "/taken", "someone's");
  const int folder = OpenFolder(dir);
  std::string error;
  {
    std::optional<TemporaryFile> t =
        TemporaryFile::Create(folder, "taken", 0644, &error);
    ASSERT_TRUE(t && t->Write("mine", &error));
    EXPECT_FALSE(t->LinkAsTarget(&error));
    EXPECT_EQ(errno, EEXIST);
  }
  EXPECT_EQ(ReadFile(dir + "/taken"), "someone's");
  std::optional<TemporaryFile> t =
      TemporaryFile::Create(folder, "free", 0644, &error);
  ASSERT_TRUE(t && t->Write("mine", &error));
  ASSERT_TRUE(t->LinkAsTarget(&error)) << error;
  EXPECT_EQ(ReadFile(dir + "/free"), "mine");
  EXPECT_EQ(ListTree(dir), (std::vector<std::string>{"free", "taken"}));
  ::close(folder);
}

// A temporary that is never put in place leaves nothing behind.
TEST(TemporaryFileTest, DroppedLeavesNothing) {
  const std::string dir = MakeTempDir("tmp_drop");
  const int folder = OpenFolder(dir);
  std::string error;
  {
    std::optional<TemporaryFile> t =
        TemporaryFile::Create(folder, "x", 0644, &error);
    ASSERT_TRUE(t && t->Write("data", &error));
  }
  EXPECT_TRUE(ListTree(dir).empty());
  ::close(folder);
}

TEST(TemporaryFileTest, ExchangeAndBack) {
  const std::string dir = MakeTempDir("tmp_exchange");
  WriteFile(dir + "/f", "old");
  const int folder = OpenFolder(dir);
  struct stat before;
  ASSERT_EQ(::stat((dir + "/f").c_str(), &before), 0);
  std::string error;
  {
    std::optional<TemporaryFile> t =
        TemporaryFile::Create(folder, "f", 0644, &error);
    ASSERT_TRUE(t && t->Write("new", &error));
    struct stat replaced;
    ASSERT_TRUE(t->ExchangeWithTarget(&replaced, &error)) << error;
    EXPECT_EQ(replaced.st_ino, before.st_ino);
    EXPECT_EQ(ReadFile(dir + "/f"), "new");
    ASSERT_TRUE(t->ExchangeBack(&error)) << error;
    EXPECT_EQ(ReadFile(dir + "/f"), "old");
  }
  EXPECT_EQ(ListTree(dir), std::vector<std::string>{"f"});
  EXPECT_EQ(ReadFile(dir + "/f"), "old");
  ::close(folder);
}

}  // namespace
}  // namespace sdfconv
