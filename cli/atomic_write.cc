#include "cli/atomic_write.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdio>
#include <cstring>

namespace sdfconv {
namespace {

std::string Failure(const std::string& what, const std::string& path) {
  return "cannot " + what + " '" + path + "': " + std::strerror(errno);
}

// write(2) until everything is written, retrying after signals.
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

// Writes, syncs and closes a new file at `tmp` (with permission bits `mode`,
// or 0666 less the umask when `mode` is kUmasked); on failure sets `*error`
// and removes the file if this call created it (never a file that was there).
bool WriteNewFile(const std::string& tmp, std::string_view contents,
                  mode_t mode, std::string* error) {
  const int fd =
      ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0666);
  if (fd < 0) {
    *error = Failure("create", tmp);
    return false;
  }
  bool ok = true;
  if (mode != kUmasked && ::fchmod(fd, mode & 07777) != 0) {
    *error = Failure("set the mode of", tmp);
    ok = false;
  }
  if (ok && !WriteAll(fd, contents)) {
    *error = Failure("write", tmp);
    ok = false;
  }
  if (ok && ::fsync(fd) != 0) {
    *error = Failure("sync", tmp);
    ok = false;
  }
  if (::close(fd) != 0 && ok) {
    *error = Failure("close", tmp);
    ok = false;
  }
  if (!ok) ::unlink(tmp.c_str());
  return ok;
}

bool WriteAtomically(const std::string& path, std::string_view contents,
                     mode_t mode, std::string* error) {
  const std::string tmp = path + ".tmp." + std::to_string(::getpid());
  if (!WriteNewFile(tmp, contents, mode, error)) return false;
  if (std::rename(tmp.c_str(), path.c_str()) != 0) {
    *error = Failure("replace", path);
    ::unlink(tmp.c_str());
    return false;
  }
  SyncDirectory(DirectoryOf(path));
  return true;
}

}  // namespace

bool WriteFileAtomically(const std::string& path, std::string_view contents,
                         std::string* error) {
  return WriteAtomically(path, contents, kUmasked, error);
}

bool WriteFileAtomically(const std::string& path, std::string_view contents,
                         mode_t mode, std::string* error) {
  return WriteAtomically(path, contents, mode, error);
}

}  // namespace sdfconv
