#include "cli/output_tree.h"

#include <fcntl.h>
#include <unistd.h>

#include <algorithm>
#include <cerrno>
#include <cstring>
#include <optional>
#include <utility>

#include "cli/file_place.h"
#include "cli/temporary_file.h"

namespace sdfconv {
namespace {

std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return "";
  return path.substr(0, slash);
}

std::string BaseName(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  return slash == std::string::npos ? path : path.substr(slash + 1);
}

std::string Join(const std::string& a, const std::string& b) {
  if (a.empty()) return b;
  if (b.empty()) return a;
  return a.back() == '/' ? a + b : a + "/" + b;
}

OutputWrite Fail(Code code, std::string message, Code* out_code,
                 std::string* error) {
  *out_code = code;
  *error = std::move(message);
  return OutputWrite::kFailed;
}

// What is at `name` in `folder`, not following a link: nothing (ENOENT),
// or its lstat.
std::optional<struct stat> Existing(int folder, const std::string& name) {
  struct stat st;
  if (::fstatat(folder, name.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    return std::nullopt;
  }
  return st;
}

std::string Exists(const std::string& path, const struct stat& st) {
  const char* what = S_ISDIR(st.st_mode)   ? "a folder"
                     : S_ISLNK(st.st_mode) ? "a symbolic link"
                     : S_ISREG(st.st_mode) ? "another file"
                                           : "a special file";
  return "'" + path + "' exists already (" + what +
         "); it is not overwritten (--force replaces it)";
}

// Copies the rest of `in` (from its current offset) into `out`.
bool CopyBytes(int in, int out, off_t size) {
  off_t done = 0;
  while (done < size) {
    const ssize_t n =
        ::copy_file_range(in, nullptr, out, nullptr,
                          static_cast<size_t>(size - done), 0);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0 && (errno == EXDEV || errno == ENOSYS || errno == EINVAL ||
                  errno == EOPNOTSUPP)) {
      break;  // the portable way below
    }
    if (n <= 0) return n == 0;  // the input shrank: what there is
    done += n;
  }
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(in, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) return false;
    if (n == 0) return true;
    for (ssize_t w = 0; w < n;) {
      const ssize_t m = ::write(out, buffer + w, static_cast<size_t>(n - w));
      if (m < 0 && errno == EINTR) continue;
      if (m <= 0) return false;
      w += m;
    }
  }
}

// Whether the files `a` and `b` hold the same `size` bytes.
bool SameContents(int a, int b, off_t size) {
  char x[1 << 15], y[1 << 15];
  for (off_t at = 0; at < size;) {
    const size_t want =
        static_cast<size_t>(std::min<off_t>(size - at, sizeof x));
    if (::pread(a, x, want, at) != static_cast<ssize_t>(want) ||
        ::pread(b, y, want, at) != static_cast<ssize_t>(want) ||
        std::memcmp(x, y, want) != 0) {
      return false;
    }
    at += static_cast<off_t>(want);
  }
  return true;
}

// Puts `temporary` at its target where nothing is there, or, with `force`,
// over what is there.
OutputWrite Place(TemporaryFile& temporary, bool exists, bool force,
                  const std::string& path, Code* code, std::string* error) {
  const bool placed = exists && force ? temporary.RenameOver(error)
                                      : temporary.LinkAsTarget(error);
  if (!placed) {
    if (errno == EEXIST) {
      return Fail(Code::kOutputExists,
                  "'" + path + "' appeared while it was written; it is not "
                  "overwritten (--force replaces it)",
                  code, error);
    }
    return Fail(Code::kFileWrite, "'" + path + "': " + *error, code, error);
  }
  temporary.Unmark();
  return OutputWrite::kWritten;
}

}  // namespace

OutputTree::OutputTree(std::string root, bool force)
    : root_(std::move(root)), force_(force) {}

void OutputTree::NoteFolderMode(const std::string& relative, mode_t mode) {
  const std::lock_guard<std::mutex> lock(mu_);
  modes_[Join(root_, relative)] = mode;
}

std::string OutputTree::PathOf(const std::string& relative) const {
  return Join(root_, relative);
}

int OutputTree::OpenFolderOf(const std::string& relative, std::string* error) {
  const std::string dir = DirectoryOf(PathOf(relative));
  std::map<std::string, mode_t> modes;
  {
    const std::lock_guard<std::mutex> lock(mu_);
    modes = modes_;
  }
  if (!dir.empty() && !directories_.Ensure(dir, error, &modes)) return -1;
  const int fd = ::open(dir.empty() ? "." : dir.c_str(),
                        O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    *error = "cannot open the folder '" + dir + "': " + std::strerror(errno);
  }
  return fd;
}

OutputWrite OutputTree::WriteFile(const std::string& relative,
                                  std::string_view text, mode_t mode,
                                  Code* code, std::string* error) {
  const std::string path = PathOf(relative);
  const Folder folder(OpenFolderOf(relative, error));
  if (!folder) return Fail(Code::kFileWrite, *error, code, error);
  const std::string name = BaseName(path);
  const std::optional<struct stat> there = Existing(folder.fd(), name);
  if (there) {
    std::string why;
    bool too_large = false;
    if (S_ISREG(there->st_mode) &&
        static_cast<size_t>(there->st_size) == text.size()) {
      const std::optional<OpenedFile> old =
          OpenRegularFile(folder, name, text.size(), &why, &too_large);
      if (old && old->bytes == text) return OutputWrite::kUnchanged;
    }
    if (!force_ || S_ISDIR(there->st_mode)) {
      return Fail(Code::kOutputExists, Exists(path, *there), code, error);
    }
  }
  std::optional<TemporaryFile> temporary =
      TemporaryFile::Create(folder.fd(), name, mode, error);
  if (!temporary || !temporary->Write(text, error)) {
    return Fail(Code::kFileWrite, "'" + path + "': " + *error, code, error);
  }
  const OutputWrite done =
      Place(*temporary, there.has_value(), force_, path, code, error);
  if (done == OutputWrite::kWritten) directories_.Defer(DirectoryOf(path));
  return done;
}

OutputWrite OutputTree::CopyFile(const std::string& relative, int fd,
                                 off_t size, mode_t mode, Code* code,
                                 std::string* error) {
  const std::string path = PathOf(relative);
  const Folder folder(OpenFolderOf(relative, error));
  if (!folder) return Fail(Code::kFileWrite, *error, code, error);
  const std::string name = BaseName(path);
  const std::optional<struct stat> there = Existing(folder.fd(), name);
  if (there) {
    if (S_ISREG(there->st_mode) && there->st_size == size) {
      const int old = ::openat(folder.fd(), name.c_str(),
                               O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
      const bool same = old >= 0 && SameContents(fd, old, size);
      if (old >= 0) ::close(old);
      if (same) return OutputWrite::kUnchanged;
    }
    if (!force_ || S_ISDIR(there->st_mode)) {
      return Fail(Code::kOutputExists, Exists(path, *there), code, error);
    }
  }
  std::optional<TemporaryFile> temporary =
      TemporaryFile::Create(folder.fd(), name, mode, error);
  if (!temporary) {
    return Fail(Code::kFileWrite, "'" + path + "': " + *error, code, error);
  }
  if (::lseek(fd, 0, SEEK_SET) != 0 || !CopyBytes(fd, temporary->fd(), size) ||
      ::fsync(temporary->fd()) != 0) {
    return Fail(Code::kFileWrite,
                "cannot copy to '" + path + "': " + std::strerror(errno), code,
                error);
  }
  const OutputWrite done =
      Place(*temporary, there.has_value(), force_, path, code, error);
  if (done == OutputWrite::kWritten) directories_.Defer(DirectoryOf(path));
  return done;
}

OutputWrite OutputTree::WriteLink(const std::string& relative,
                                  const std::string& target, Code* code,
                                  std::string* error) {
  const std::string path = PathOf(relative);
  const Folder folder(OpenFolderOf(relative, error));
  if (!folder) return Fail(Code::kFileWrite, *error, code, error);
  const std::string name = BaseName(path);
  const std::optional<struct stat> there = Existing(folder.fd(), name);
  if (there) {
    if (S_ISLNK(there->st_mode)) {
      std::string held(static_cast<size_t>(there->st_size) + 1, '\0');
      const ssize_t n =
          ::readlinkat(folder.fd(), name.c_str(), held.data(), held.size());
      if (n >= 0 && static_cast<size_t>(n) == target.size() &&
          held.compare(0, target.size(), target) == 0) {
        return OutputWrite::kUnchanged;
      }
    }
    if (!force_ || S_ISDIR(there->st_mode)) {
      return Fail(Code::kOutputExists, Exists(path, *there), code, error);
    }
    // --force: a new link beside it, renamed over it.
    const std::string temporary = TemporaryName(name, ::getpid());
    if (::symlinkat(target.c_str(), folder.fd(), temporary.c_str()) != 0 ||
        ::renameat(folder.fd(), temporary.c_str(), folder.fd(),
                   name.c_str()) != 0) {
      const std::string why = std::strerror(errno);
      ::unlinkat(folder.fd(), temporary.c_str(), 0);
      return Fail(Code::kFileWrite, "cannot write the link '" + path + "': " + why,
                  code, error);
    }
  } else if (::symlinkat(target.c_str(), folder.fd(), name.c_str()) != 0) {
    return Fail(errno == EEXIST ? Code::kOutputExists : Code::kFileWrite,
                "cannot write the link '" + path + "': " + std::strerror(errno),
                code, error);
  }
  directories_.Defer(DirectoryOf(path));
  return OutputWrite::kWritten;
}

}  // namespace sdfconv
