#include "cli/output_file.h"

#include <dirent.h>
#include <fcntl.h>
#include <signal.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <climits>
#include <cstdio>
#include <cstring>
#include <map>
#include <memory>
#include <optional>

#include "cli/temporary_file.h"

namespace sdfconv {
namespace {

std::string Failure(const std::string& what, const std::string& path) {
  return "cannot " + what + " '" + path + "': " + std::strerror(errno);
}

std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return ".";
  return slash == 0 ? "/" : path.substr(0, slash);
}

// Makes the rename itself durable. Best effort: the new file is already
// complete and in place, so a failure here is not reported.
void SyncDirectory(const std::string& dir) {
  const int fd = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) return;
  ::fsync(fd);
  ::close(fd);
}

constexpr mode_t kUmasked = static_cast<mode_t>(-1);
constexpr std::string_view kTemporary = ".tmp.";

std::string BaseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

// The process id of a temporary's name "STEM.tmp.<pid>" when STEM is in
// `stems`, else 0.
pid_t TemporaryOwner(std::string_view name,
                     const std::set<std::string, std::less<>>& stems) {
  const size_t at = name.rfind(kTemporary);
  if (at == std::string_view::npos || at == 0) return 0;
  const std::string_view digits = name.substr(at + kTemporary.size());
  if (digits.empty() || digits.size() > 9 || digits[0] == '0') return 0;
  pid_t pid = 0;
  for (char c : digits) {
    if (c < '0' || c > '9') return 0;
    pid = pid * 10 + (c - '0');
  }
  return stems.count(name.substr(0, at)) != 0 ? pid : 0;
}

// Whether `st` (the file `temporary`, "TARGET.tmp.<pid>") is the file
// "TARGET.bak" in folder `dir` is: a second name of that backup.
bool IsBackupOf(int dir, std::string_view temporary, const struct stat& st) {
  const std::string backup =
      std::string(temporary.substr(0, temporary.rfind(kTemporary))) + ".bak";
  struct stat b;
  return ::fstatat(dir, backup.c_str(), &b, AT_SYMLINK_NOFOLLOW) == 0 &&
         S_ISREG(b.st_mode) && b.st_dev == st.st_dev && b.st_ino == st.st_ino;
}

bool ProcessIsGone(pid_t pid) {
  return pid != ::getpid() && ::kill(pid, 0) != 0 && errno == ESRCH;
}

// A regular file (or none yet) at `target`: a TemporaryFile in its folder,
// renamed over it.
bool ReplaceAtomically(const std::string& target, std::string_view contents,
                       mode_t mode, std::string* error,
                       OutputDirectories* batch) {
  const std::string dir = DirectoryOf(target);
  const int folder = ::open(dir.c_str(), O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (folder < 0) {
    *error = Failure("write", target);
    return false;
  }
  bool ok = false;
  {
    // The umask, read once (reading it means setting it).
    static const mode_t kMask = [] {
      const mode_t mask = ::umask(0);
      ::umask(mask);
      return mask;
    }();
    if (mode == kUmasked) mode = 0666 & ~kMask;
    std::optional<TemporaryFile> temporary =
        TemporaryFile::Create(folder, BaseName(target), mode, error);
    ok = temporary && temporary->Write(contents, error) &&
         temporary->RenameOver(error);
    if (ok) temporary->Unmark();
  }
  ::close(folder);
  if (!ok) return false;
  if (batch != nullptr) {
    batch->Defer(dir);
  } else {
    SyncDirectory(dir);
  }
  return true;
}

bool IsStream(mode_t mode) { return S_ISCHR(mode) || S_ISFIFO(mode); }

// A character device or FIFO named by `path` (through any links, the
// kernel's own `/dev/stdout` -> `/proc/self/fd/1` -> `pipe:[...]` too):
// opened as it is, never created, and written. The type is checked again on
// the open descriptor, so a file swapped in meanwhile is refused.
bool WriteStream(const std::string& path, std::string_view contents,
                 std::string* error) {
  const int fd = ::open(path.c_str(), O_WRONLY | O_NOCTTY | O_CLOEXEC);
  if (fd < 0) {
    *error = Failure("open", path);
    return false;
  }
  struct stat st;
  bool ok = ::fstat(fd, &st) == 0 && IsStream(st.st_mode);
  if (!ok) *error = "'" + path + "' changed while it was opened; not written";
  if (ok && !WriteAll(fd, contents)) {
    *error = Failure("write", path);
    ok = false;
  }
  if (::close(fd) != 0 && ok) {
    *error = Failure("close", path);
    ok = false;
  }
  return ok;
}

bool WriteStandardOutput(std::string_view contents, std::string* error) {
  std::fflush(stdout);
  if (WriteAll(STDOUT_FILENO, contents)) return true;
  *error = Failure("write", "standard output");
  return false;
}

std::string KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISBLK(mode)) return "a block device";
  return "not a regular file";
}

bool Write(const std::string& path, std::string_view contents, mode_t mode,
           std::string* error, OutputDirectories* batch) {
  if (path == "-") return WriteStandardOutput(contents, error);
  struct stat st;  // what the path names, through its links
  if (::stat(path.c_str(), &st) == 0) {
    if (IsStream(st.st_mode)) return WriteStream(path, contents, error);
    if (!S_ISREG(st.st_mode)) {
      *error = "'" + path + "' is " + KindOf(st.st_mode) +
               "; an output must be a regular file, a character device, a "
               "FIFO or '-'; nothing written";
      return false;
    }
  } else if (errno != ENOENT) {
    *error = Failure(errno == ELOOP ? "follow" : "write", path);
    return false;
  }
  // A regular file, or nothing yet (perhaps behind a dangling link).
  const std::optional<std::string> target = OutputTarget(path, error);
  if (!target) return false;
  return ReplaceAtomically(*target, contents, mode, error, batch);
}

}  // namespace

std::optional<std::string> OutputIsInput(
    const std::vector<std::string>& outputs,
    const std::vector<std::string>& inputs) {
  for (const std::string& output : outputs) {
    struct stat out;
    if (output.empty() || output == "-" || ::stat(output.c_str(), &out) != 0 ||
        !S_ISREG(out.st_mode)) {
      continue;
    }
    for (const std::string& input : inputs) {
      struct stat in;
      if (input != "-" && ::stat(input.c_str(), &in) == 0 &&
          in.st_dev == out.st_dev && in.st_ino == out.st_ino) {
        return "output '" + output + "' is the input '" + input +
               "'; write to another file (only `upgrade --in-place` "
               "replaces inputs); nothing written";
      }
    }
  }
  return std::nullopt;
}

std::optional<std::string> OutputTarget(const std::string& path,
                                        std::string* error) {
  constexpr int kMaxLinks = 40;  // as Linux's own limit for one path
  std::string current = path;
  for (int hops = 0; hops <= kMaxLinks; ++hops) {
    struct stat st;
    if (::lstat(current.c_str(), &st) != 0 || !S_ISLNK(st.st_mode)) {
      return current;
    }
    char buffer[PATH_MAX];
    const ssize_t n = ::readlink(current.c_str(), buffer, sizeof buffer);
    if (n <= 0 || static_cast<size_t>(n) >= sizeof buffer) {
      *error = Failure("read the symbolic link", current);
      return std::nullopt;
    }
    const std::string link(buffer, static_cast<size_t>(n));
    current = link.front() == '/' ? link : DirectoryOf(current) + "/" + link;
  }
  errno = ELOOP;
  *error = Failure("follow", path);
  return std::nullopt;
}

std::vector<std::string> RemoveStaleTemporaries(
    const std::vector<std::string>& targets) {
  // directory -> the names of the targets in it
  std::map<std::string, std::set<std::string, std::less<>>> stems;
  for (const std::string& path : targets) {
    std::string error;
    const std::optional<std::string> target = OutputTarget(path, &error);
    if (target) stems[DirectoryOf(*target)].insert(BaseName(*target));
  }
  std::vector<std::string> removed;
  for (const auto& [dir, names] : stems) {
    const std::unique_ptr<DIR, int (*)(DIR*)> listing(::opendir(dir.c_str()),
                                                      &::closedir);
    if (!listing) continue;
    while (const dirent* entry = ::readdir(listing.get())) {
      const pid_t pid = TemporaryOwner(entry->d_name, names);
      if (pid == 0 || !ProcessIsGone(pid)) continue;
      const std::string path = dir + "/" + entry->d_name;
      // Only sdfconv's own: a regular file marked with that very process.
      const int fd = ::openat(::dirfd(listing.get()), entry->d_name,
                              O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      if (fd < 0) continue;
      struct stat st;
      const bool ours = ::fstat(fd, &st) == 0 && S_ISREG(st.st_mode) &&
                        (TemporaryMarkOf(fd) == std::optional<pid_t>(pid) ||
                         IsBackupOf(::dirfd(listing.get()), entry->d_name, st));
      ::close(fd);
      if (ours && ::unlink(path.c_str()) == 0) removed.push_back(path);
    }
  }
  return removed;
}

bool WriteOutputFile(const std::string& path, std::string_view contents,
                     std::string* error) {
  return Write(path, contents, kUmasked, error, nullptr);
}

bool WriteOutputFile(const std::string& path, std::string_view contents,
                     mode_t mode, std::string* error,
                     OutputDirectories* batch) {
  return Write(path, contents, mode, error, batch);
}

bool OutputDirectories::Ensure(const std::string& dir, std::string* error,
                               const std::map<std::string, mode_t>* modes) {
  {
    const std::lock_guard<std::mutex> lock(mu_);
    if (ready_.count(dir) != 0) return true;
  }
  // mkdir -p, one component at a time; safe when threads race on a prefix.
  for (size_t end = dir.find('/', 1);; end = dir.find('/', end + 1)) {
    const std::string prefix = dir.substr(0, end);
    bool made = ::mkdir(prefix.c_str(), 0777) == 0;
    if (made && modes != nullptr) {
      const auto mode = modes->find(prefix);
      if (mode != modes->end()) ::chmod(prefix.c_str(), mode->second & 07777);
    }
    if (!made) {
      const int mkdir_errno = errno == EEXIST ? ENOTDIR : errno;
      struct stat st;
      if (::stat(prefix.c_str(), &st) != 0 || !S_ISDIR(st.st_mode)) {
        errno = mkdir_errno;
        *error = Failure("create directory", prefix);
        return false;
      }
    }
    if (made) Defer(DirectoryOf(prefix));  // its entry in its parent
    if (end == std::string::npos) break;
  }
  const std::lock_guard<std::mutex> lock(mu_);
  ready_.insert(dir);
  return true;
}

void OutputDirectories::Defer(const std::string& dir) {
  const std::lock_guard<std::mutex> lock(mu_);
  to_sync_.insert(dir);
}

void OutputDirectories::SyncAll() {
  std::set<std::string> dirs;
  {
    const std::lock_guard<std::mutex> lock(mu_);
    dirs.swap(to_sync_);
  }
  for (const std::string& dir : dirs) SyncDirectory(dir);
}

}  // namespace sdfconv
