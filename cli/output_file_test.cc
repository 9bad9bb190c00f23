#include "cli/output_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <sys/socket.h>
#include <sys/stat.h>
#include <sys/sysmacros.h>
#include <sys/un.h>
#include <sys/wait.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fstream>
#include <optional>
#include <sstream>
#include <string>
#include <thread>
#include <vector>

#include <gtest/gtest.h>

#include "cli/temporary_file.h"

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

std::string* Ignored() {
  static std::string ignored;
  return &ignored;
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

TEST(OutputFileTest, CreatesFileAndLeavesNoTemporary) {
  const std::string dir = MakeTempDir("create");
  std::string error;
  ASSERT_TRUE(WriteOutputFile(dir + "/out.json", "{}\n", &error)) << error;
  EXPECT_EQ(ReadAll(dir + "/out.json"), "{}\n");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.json"});
}

TEST(OutputFileTest, ReplacesExistingFile) {
  const std::string dir = MakeTempDir("replace");
  const std::string path = dir + "/out.csv";
  std::string error;
  ASSERT_TRUE(WriteOutputFile(path, std::string(100000, 'x'), &error));
  ASSERT_TRUE(WriteOutputFile(path, "short", &error)) << error;
  EXPECT_EQ(ReadAll(path), "short");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.csv"});
}

TEST(OutputFileTest, MissingDirectoryFails) {
  const std::string dir = MakeTempDir("missing");
  std::string error;
  EXPECT_FALSE(WriteOutputFile(dir + "/no/such/out.json", "x", &error));
  EXPECT_NE(error.find("no/such/out.json"), std::string::npos) << error;
  EXPECT_TRUE(Entries(dir).empty());
}

// A directory is not an output: refused before any temporary exists.
TEST(OutputFileTest, DirectoryIsRefused) {
  const std::string dir = MakeTempDir("directory");
  const std::string target = dir + "/out";
  ASSERT_EQ(::mkdir(target.c_str(), 0755), 0);
  std::string error;
  EXPECT_FALSE(WriteOutputFile(target, "x", &error));
  EXPECT_NE(error.find("is a directory"), std::string::npos) << error;
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out"});
  EXPECT_TRUE(Entries(target).empty());
}

TEST(OutputFileTest, SocketIsRefused) {
  const std::string dir = MakeTempDir("socket");
  // Bound by a relative name: TEST_TMPDIR can be longer than sun_path.
  char cwd[4096];
  ASSERT_NE(::getcwd(cwd, sizeof cwd), nullptr);
  ASSERT_EQ(::chdir(dir.c_str()), 0);
  const int fd = ::socket(AF_UNIX, SOCK_STREAM, 0);
  sockaddr_un address{};
  address.sun_family = AF_UNIX;
  std::strcpy(address.sun_path, "s");
  const int bound =
      ::bind(fd, reinterpret_cast<sockaddr*>(&address), sizeof address);
  ASSERT_EQ(::chdir(cwd), 0);
  ASSERT_GE(fd, 0);
  ASSERT_EQ(bound, 0) << std::strerror(errno);
  std::string error;
  EXPECT_FALSE(WriteOutputFile(dir + "/s", "x", &error));
  ::close(fd);
  EXPECT_NE(error.find("is a socket"), std::string::npos) << error;
  struct stat st;
  ASSERT_EQ(::lstat((dir + "/s").c_str(), &st), 0);
  EXPECT_TRUE(S_ISSOCK(st.st_mode));
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"s"});
}

// A symbolic link stays a link; its target is replaced, and the temporary
// is made beside the target, not beside the link.
TEST(OutputFileTest, SymbolicLinkIsFollowedAndKept) {
  const std::string dir = MakeTempDir("link");
  const std::string real_dir = MakeTempDir("link/real");
  ASSERT_TRUE(WriteOutputFile(real_dir + "/out.json", "old", Ignored()));
  ASSERT_EQ(::symlink("real/out.json", (dir + "/hop").c_str()), 0);
  ASSERT_EQ(::symlink("hop", (dir + "/out.json").c_str()), 0);
  std::string error;
  ASSERT_TRUE(WriteOutputFile(dir + "/out.json", "new", &error)) << error;
  EXPECT_EQ(ReadAll(real_dir + "/out.json"), "new");
  struct stat st;
  ASSERT_EQ(::lstat((dir + "/out.json").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  EXPECT_EQ(Entries(real_dir), std::vector<std::string>{"out.json"});
  std::optional<std::string> target = OutputTarget(dir + "/out.json", &error);
  ASSERT_TRUE(target);
  EXPECT_EQ(*target, dir + "/real/out.json");
}

// A link to nothing yet: its target is created, as `>` in a shell would.
TEST(OutputFileTest, DanglingLinkCreatesItsTarget) {
  const std::string dir = MakeTempDir("dangling");
  ASSERT_EQ(::symlink((dir + "/made.csv").c_str(), (dir + "/out.csv").c_str()),
            0);
  std::string error;
  ASSERT_TRUE(WriteOutputFile(dir + "/out.csv", "a,b\n", &error)) << error;
  EXPECT_EQ(ReadAll(dir + "/made.csv"), "a,b\n");
}

TEST(OutputFileTest, LinkLoopIsRefused) {
  const std::string dir = MakeTempDir("loop");
  ASSERT_EQ(::symlink("b", (dir + "/a").c_str()), 0);
  ASSERT_EQ(::symlink("a", (dir + "/b").c_str()), 0);
  std::string error;
  EXPECT_FALSE(WriteOutputFile(dir + "/a", "x", &error));
  EXPECT_NE(error.find("cannot follow"), std::string::npos) << error;
  EXPECT_EQ(Entries(dir).size(), 2u);
}

// A FIFO (here through a link to it) is written into, never replaced: a
// reader gets the whole text and the FIFO and the link are still there.
TEST(OutputFileTest, FifoIsWrittenDirectly) {
  const std::string dir = MakeTempDir("fifo");
  const std::string fifo = dir + "/pipe";
  ASSERT_EQ(::mkfifo(fifo.c_str(), 0600), 0);
  const std::string text(200000, 'p');  // more than a pipe's buffer
  std::string received;
  ASSERT_EQ(::symlink("pipe", (dir + "/link").c_str()), 0);
  std::thread reader([&] { received = ReadAll(fifo); });
  std::string error;
  const bool written = WriteOutputFile(dir + "/link", text, &error);
  reader.join();
  ASSERT_TRUE(written) << error;
  EXPECT_EQ(received, text);
  struct stat st;
  ASSERT_EQ(::lstat(fifo.c_str(), &st), 0);
  EXPECT_TRUE(S_ISFIFO(st.st_mode));
  ASSERT_EQ(::lstat((dir + "/link").c_str(), &st), 0);
  EXPECT_TRUE(S_ISLNK(st.st_mode));
  EXPECT_EQ(Entries(dir).size(), 2u);
}

// The `-o /dev/null` case, on a device node of the test's own (never the
// system's /dev): it stays a character device. Needs root (CAP_MKNOD) and a
// file system that allows device nodes; skipped, saying so, otherwise.
TEST(OutputFileTest, CharacterDeviceIsWrittenDirectly) {
  const std::string dir = MakeTempDir("device");
  const std::string null = dir + "/null";
  if (::mknod(null.c_str(), S_IFCHR | 0666, ::makedev(1, 3)) != 0) {
    GTEST_SKIP() << "cannot make a device node here (" << std::strerror(errno)
                 << "): needs root";
  }
  const int probe = ::open(null.c_str(), O_WRONLY);
  if (probe < 0) {
    ::unlink(null.c_str());
    GTEST_SKIP() << "device nodes cannot be opened on this file system";
  }
  ::close(probe);
  struct stat before;
  ASSERT_EQ(::lstat(null.c_str(), &before), 0);
  std::string error;
  EXPECT_TRUE(WriteOutputFile(null, "discarded", &error)) << error;
  EXPECT_TRUE(WriteOutputFile(null, "again", 0600, &error)) << error;
  struct stat st;
  ASSERT_EQ(::lstat(null.c_str(), &st), 0);
  EXPECT_TRUE(S_ISCHR(st.st_mode));
  EXPECT_EQ(st.st_rdev, ::makedev(1, 3));
  EXPECT_EQ(st.st_mode, before.st_mode);
  EXPECT_EQ(st.st_ino, before.st_ino);
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"null"});
  ::unlink(null.c_str());
}

// `-` is standard output.
TEST(OutputFileTest, DashIsStandardOutput) {
  const std::string dir = MakeTempDir("dash");
  const std::string capture = dir + "/stdout";
  const int file = ::open(capture.c_str(), O_WRONLY | O_CREAT | O_TRUNC, 0600);
  ASSERT_GE(file, 0);
  std::fflush(stdout);
  const int saved = ::dup(STDOUT_FILENO);
  ::dup2(file, STDOUT_FILENO);
  std::string error;
  const bool written = WriteOutputFile("-", "to stdout", &error);
  ::dup2(saved, STDOUT_FILENO);
  ::close(saved);
  ::close(file);
  ASSERT_TRUE(written) << error;
  EXPECT_EQ(ReadAll(capture), "to stdout");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"stdout"});
}

// A file already at the temporary name is not ours: it is neither
// overwritten nor removed.
TEST(OutputFileTest, ExistingTemporaryIsLeftAlone) {
  const std::string dir = MakeTempDir("stale");
  const std::string path = dir + "/out.json";
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  std::ofstream(tmp) << "someone else's";
  std::string error;
  EXPECT_FALSE(WriteOutputFile(path, "x", &error));
  EXPECT_EQ(ReadAll(tmp), "someone else's");
  EXPECT_EQ(Entries(dir), std::vector<std::string>{"out.json.tmp." +
                                                   std::to_string(::getpid())});
}

// The id of a process that has ended (and been reaped).
pid_t EndedProcess() {
  const pid_t child = ::fork();
  if (child == 0) ::_exit(0);
  int status = 0;
  ::waitpid(child, &status, 0);
  return child;
}

// Only the temporaries of ended processes beside the given targets go: not
// a running process's (this one's), not a file's that is not a target, not
// a name that only looks like one, not a directory.
TEST(OutputFileTest, StaleTemporariesOfTargetsAreRemoved) {
  const std::string dir = MakeTempDir("stale_temporaries");
  const std::string gone = std::to_string(EndedProcess());
  const std::string alive = std::to_string(::getpid());
  // Marked by the process its name says, as sdfconv marks its own.
  auto marked = [&](const std::string& path, const std::string& pid) {
    std::ofstream(path) << "part";
    ASSERT_EQ(::setxattr(path.c_str(), kTemporaryMark, pid.data(), pid.size(),
                         0),
              0);
  };
  for (const std::string name :
       {"a.sdf.tmp." + gone, "a.sdf.bak.tmp." + gone, "a.sdf.tmp." + alive,
        "b.sdf.tmp." + gone, "a.sdf.tmp.x" + gone, "a.sdf.tmp.0" + gone}) {
    marked(dir + "/" + name, name.substr(name.rfind('.') + 1));
  }
  // Named like a temporary, but not marked: a user's file.
  std::ofstream(dir + "/u.sdf.tmp." + gone) << "mine";
  // Marked by another process than its name says.
  marked(dir + "/v.sdf.tmp." + gone, alive);
  ::mkdir((dir + "/c.sdf.tmp." + gone).c_str(), 0755);
  // A link to a target: its temporaries are beside the link's target.
  ::mkdir((dir + "/real").c_str(), 0755);
  marked(dir + "/real/d.sdf.tmp." + gone, gone);
  ASSERT_EQ(::symlink("real/d.sdf", (dir + "/d.sdf").c_str()), 0);

  std::vector<std::string> removed = RemoveStaleTemporaries(
      {dir + "/a.sdf", dir + "/a.sdf.bak", dir + "/c.sdf", dir + "/d.sdf",
       dir + "/u.sdf", dir + "/v.sdf"});
  std::sort(removed.begin(), removed.end());
  EXPECT_EQ(removed,
            (std::vector<std::string>{dir + "/a.sdf.bak.tmp." + gone,
                                      dir + "/a.sdf.tmp." + gone,
                                      dir + "/real/d.sdf.tmp." + gone}));
  std::vector<std::string> left = Entries(dir);
  std::sort(left.begin(), left.end());
  std::vector<std::string> kept = {"a.sdf.tmp." + alive,
                                   "a.sdf.tmp.0" + gone,
                                   "a.sdf.tmp.x" + gone,
                                   "b.sdf.tmp." + gone,
                                   "c.sdf.tmp." + gone,
                                   "d.sdf",
                                   "real",
                                   "u.sdf.tmp." + gone,
                                   "v.sdf.tmp." + gone};
  std::sort(kept.begin(), kept.end());
  EXPECT_EQ(left, kept);
  EXPECT_TRUE(Entries(dir + "/real").empty());
}

// The explicit mode is applied exactly, whatever the umask.
TEST(OutputFileTest, ExplicitModeIsKeptExactly) {
  const std::string dir = MakeTempDir("mode");
  const mode_t old_umask = ::umask(027);
  std::string error;
  const bool written = WriteOutputFile(dir + "/a.sdf", "x", 0664, &error);
  const bool read_only = WriteOutputFile(dir + "/b.sdf", "y", 0444, &error);
  ::umask(old_umask);
  ASSERT_TRUE(written && read_only) << error;
  struct stat st;
  ASSERT_EQ(::stat((dir + "/a.sdf").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0664u);
  ASSERT_EQ(::stat((dir + "/b.sdf").c_str(), &st), 0);
  EXPECT_EQ(st.st_mode & 07777, 0444u);
  EXPECT_EQ(ReadAll(dir + "/b.sdf"), "y");
}

// The input itself, by its name, a symbolic link or a hard link, is an
// output refused; another file, a missing one, `-` and a FIFO are not.
TEST(OutputFileTest, OutputThatIsAnInputIsNamed) {
  const std::string dir = MakeTempDir("self");
  const std::string input = dir + "/robot.sdf";
  const std::string other = dir + "/other.sdf";
  std::string error;
  ASSERT_TRUE(WriteOutputFile(input, "<sdf/>", &error)) << error;
  ASSERT_EQ(::symlink("robot.sdf", (dir + "/link.sdf").c_str()), 0);
  ASSERT_EQ(::link(input.c_str(), (dir + "/hard.sdf").c_str()), 0);
  ASSERT_TRUE(WriteOutputFile(other, "<sdf/>", &error)) << error;
  ASSERT_EQ(::mkfifo((dir + "/pipe").c_str(), 0600), 0);

  for (const std::string& same :
       {input, dir + "/link.sdf", dir + "/hard.sdf", dir + "/./robot.sdf"}) {
    const std::optional<std::string> problem =
        OutputIsInput({"", same}, {other, input});
    ASSERT_TRUE(problem.has_value()) << same;
    EXPECT_NE(problem->find("'" + same + "' is the input '" + input + "'"),
              std::string::npos)
        << *problem;
  }
  EXPECT_TRUE(
      OutputIsInput({dir + "/link.sdf"}, {dir + "/hard.sdf"}).has_value());
  EXPECT_FALSE(OutputIsInput({other}, {input}).has_value());
  EXPECT_FALSE(OutputIsInput({dir + "/missing.sdf"}, {input}).has_value());
  EXPECT_FALSE(OutputIsInput({"-", ""}, {input}).has_value());
  EXPECT_FALSE(OutputIsInput({input}, {"-"}).has_value());
  EXPECT_FALSE(OutputIsInput({input}, {}).has_value());
  EXPECT_FALSE(OutputIsInput({dir + "/pipe"}, {dir + "/pipe"}).has_value());
  EXPECT_EQ(ReadAll(input), "<sdf/>");
}

}  // namespace
}  // namespace sdfconv
