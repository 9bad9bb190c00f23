#include "cli/temporary_file.h"

#include <fcntl.h>
#include <sys/xattr.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>
#include <string>
#include <utility>

namespace sdfconv {
namespace {

std::string Failure(const std::string& what, const std::string& name) {
  return "cannot " + what + " '" + name + "': " + std::strerror(errno);
}

// Marks `fd` as this process's temporary; best effort (a file system
// without user attributes leaves it unmarked).
void Mark(int fd) {
  const std::string pid = std::to_string(::getpid());
  (void)::fsetxattr(fd, kTemporaryMark, pid.data(), pid.size(), 0);
}

}  // namespace

bool WriteAll(int fd, std::string_view data) {
  while (!data.empty()) {
    const ssize_t n = ::write(fd, data.data(), data.size());
    if (n < 0 && errno == EINTR) continue;
    if (n == 0) errno = EIO;
    if (n <= 0) return false;
    data.remove_prefix(static_cast<size_t>(n));
  }
  return true;
}

std::string TemporaryName(std::string_view target, pid_t pid) {
  return std::string(target) + ".tmp." + std::to_string(pid);
}

std::optional<pid_t> TemporaryMarkOf(int fd) {
  char value[32];
  const ssize_t n = ::fgetxattr(fd, kTemporaryMark, value, sizeof value - 1);
  if (n <= 0) return std::nullopt;
  pid_t pid = 0;
  for (ssize_t i = 0; i < n; ++i) {
    if (value[i] < '0' || value[i] > '9' || pid > 100000000) {
      return std::nullopt;
    }
    pid = pid * 10 + (value[i] - '0');
  }
  return pid > 0 ? std::optional<pid_t>(pid) : std::nullopt;
}

TemporaryFile::TemporaryFile(int folder_fd, std::string target, int fd,
                             bool named)
    : folder_fd_(folder_fd),
      target_(std::move(target)),
      temporary_(TemporaryName(target_, ::getpid())),
      fd_(fd),
      named_(named) {}

TemporaryFile::TemporaryFile(TemporaryFile&& other) noexcept
    : folder_fd_(other.folder_fd_),
      target_(std::move(other.target_)),
      temporary_(std::move(other.temporary_)),
      fd_(other.fd_),
      named_(other.named_),
      placed_(other.placed_) {
  other.fd_ = -1;
  other.named_ = false;
  other.placed_ = true;
}

TemporaryFile::~TemporaryFile() {
  if (!placed_ && named_) ::unlinkat(folder_fd_, temporary_.c_str(), 0);
  if (fd_ >= 0) ::close(fd_);
}

std::optional<TemporaryFile> TemporaryFile::Create(int folder_fd,
                                                   std::string target,
                                                   mode_t mode,
                                                   std::string* error) {
  int fd = ::openat(folder_fd, ".", O_TMPFILE | O_RDWR | O_CLOEXEC, 0600);
  bool named = false;
  const std::string temporary = TemporaryName(target, ::getpid());
  if (fd < 0 && (errno == EOPNOTSUPP || errno == EISDIR || errno == EINVAL)) {
    // No O_TMPFILE here: a named temporary from the start.
    fd = ::openat(folder_fd, temporary.c_str(),
                  O_RDWR | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0600);
    named = fd >= 0;
  }
  if (fd < 0) {
    *error = Failure("create a temporary for", target);
    return std::nullopt;
  }
  TemporaryFile file(folder_fd, std::move(target), fd, named);
  Mark(fd);
  if (::fchmod(fd, mode & 07777) != 0) {
    *error = Failure("set the mode of the temporary for", file.target_);
    return std::nullopt;
  }
  return file;
}

bool TemporaryFile::Write(std::string_view text, std::string* error) {
  if (!WriteAll(fd_, text)) {
    *error = Failure("write the temporary for", target_);
    return false;
  }
  if (::fsync(fd_) != 0) {
    *error = Failure("sync the temporary for", target_);
    return false;
  }
  return true;
}

bool TemporaryFile::Name(std::string* error) {
  if (named_) return true;
  // The unnamed file's link through /proc: linkat(2)'s AT_EMPTY_PATH needs
  // a capability, this does not.
  const std::string self = "/proc/self/fd/" + std::to_string(fd_);
  if (::linkat(AT_FDCWD, self.c_str(), folder_fd_, temporary_.c_str(),
               AT_SYMLINK_FOLLOW) != 0) {
    *error = Failure("name the temporary", temporary_);
    return false;
  }
  named_ = true;
  return true;
}

bool TemporaryFile::RenameOver(std::string* error) {
  if (!Name(error)) return false;
  if (::renameat(folder_fd_, temporary_.c_str(), folder_fd_,
                 target_.c_str()) != 0) {
    *error = Failure("replace", target_);
    return false;
  }
  placed_ = true;
  named_ = false;
  return true;
}

bool TemporaryFile::LinkAsTarget(std::string* error) {
  if (named_) {
    // A named temporary: link it, then drop the temporary name.
    if (::linkat(folder_fd_, temporary_.c_str(), folder_fd_, target_.c_str(),
                 0) != 0) {
      *error = Failure("create", target_);
      return false;
    }
  } else {
    const std::string self = "/proc/self/fd/" + std::to_string(fd_);
    if (::linkat(AT_FDCWD, self.c_str(), folder_fd_, target_.c_str(),
                 AT_SYMLINK_FOLLOW) != 0) {
      *error = Failure("create", target_);
      return false;
    }
  }
  placed_ = true;
  if (named_) ::unlinkat(folder_fd_, temporary_.c_str(), 0);
  named_ = false;
  return true;
}

bool TemporaryFile::ExchangeWithTarget(struct stat* replaced,
                                       std::string* error) {
  if (!Name(error)) return false;
  if (::renameat2(folder_fd_, temporary_.c_str(), folder_fd_,
                  target_.c_str(), RENAME_EXCHANGE) != 0) {
    const int saved = errno;
    *error = Failure("replace", target_);
    errno = saved;
    return false;
  }
  placed_ = true;
  named_ = false;  // the temporary name now holds what was replaced
  if (::fstatat(folder_fd_, temporary_.c_str(), replaced,
                AT_SYMLINK_NOFOLLOW) != 0) {
    *replaced = {};
  }
  return true;
}

bool TemporaryFile::ExchangeBack(std::string* error) {
  if (::renameat2(folder_fd_, temporary_.c_str(), folder_fd_,
                  target_.c_str(), RENAME_EXCHANGE) != 0) {
    *error = Failure("put back", target_);
    return false;
  }
  placed_ = false;
  named_ = true;  // ours again: the destructor removes it
  return true;
}

void TemporaryFile::RemoveReplaced() {
  ::unlinkat(folder_fd_, temporary_.c_str(), 0);
}

void TemporaryFile::Unmark() { (void)::fremovexattr(fd_, kTemporaryMark); }

}  // namespace sdfconv
