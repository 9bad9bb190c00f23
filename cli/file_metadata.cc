#include "cli/file_metadata.h"

#include <sys/xattr.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <string>
#include <vector>

#include "cli/temporary_file.h"

namespace sdfconv {
namespace {

std::string Failure(const std::string& what) {
  return "cannot keep " + what + ": " + std::strerror(errno);
}

// The names of `fd`'s extended attributes; empty where it has none or the
// file system has none.
bool AttributeNames(int fd, std::vector<std::string>* names,
                    std::string* error) {
  std::vector<char> list;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const ssize_t size = ::flistxattr(fd, nullptr, 0);
    if (size < 0) {
      if (errno == ENOTSUP) return true;
      *error = Failure("the extended attributes (cannot list them)");
      return false;
    }
    list.resize(static_cast<size_t>(size));
    const ssize_t n = ::flistxattr(fd, list.data(), list.size());
    if (n < 0 && errno == ERANGE) continue;  // grew meanwhile
    if (n < 0) {
      *error = Failure("the extended attributes (cannot list them)");
      return false;
    }
    list.resize(static_cast<size_t>(n));
    for (size_t at = 0; at < list.size();) {
      const std::string name(list.data() + at);
      at += name.size() + 1;
      if (!name.empty() && name != kTemporaryMark) names->push_back(name);
    }
    return true;
  }
  errno = ERANGE;
  *error = Failure("the extended attributes");
  return false;
}

bool CopyAttribute(int from_fd, int to_fd, const std::string& name,
                   std::string* error) {
  std::vector<char> value;
  for (int attempt = 0; attempt < 4; ++attempt) {
    const ssize_t size = ::fgetxattr(from_fd, name.c_str(), nullptr, 0);
    if (size < 0) {
      *error = Failure("the extended attribute " + name);
      return false;
    }
    value.resize(static_cast<size_t>(size));
    const ssize_t n =
        ::fgetxattr(from_fd, name.c_str(), value.data(), value.size());
    if (n < 0 && errno == ERANGE) continue;
    if (n < 0) {
      *error = Failure("the extended attribute " + name);
      return false;
    }
    if (::fsetxattr(to_fd, name.c_str(), value.data(),
                    static_cast<size_t>(n), 0) != 0) {
      *error = Failure("the extended attribute " + name);
      return false;
    }
    return true;
  }
  errno = ERANGE;
  *error = Failure("the extended attribute " + name);
  return false;
}

}  // namespace

bool CopyMetadata(int from_fd, const struct stat& from, int to_fd,
                  std::string* error) {
  struct stat to;
  if (::fstat(to_fd, &to) != 0) {
    *error = Failure("the owner");
    return false;
  }
  if ((to.st_uid != from.st_uid || to.st_gid != from.st_gid) &&
      ::fchown(to_fd, from.st_uid, from.st_gid) != 0) {
    *error = Failure("the owner " + std::to_string(from.st_uid) + ":" +
                     std::to_string(from.st_gid));
    return false;
  }
  if (::fchmod(to_fd, from.st_mode & 07777) != 0) {
    *error = Failure("the permission bits");
    return false;
  }
  std::vector<std::string> names;
  if (!AttributeNames(from_fd, &names, error)) return false;
  for (const std::string& name : names) {
    if (!CopyAttribute(from_fd, to_fd, name, error)) return false;
  }
  // The kernel drops setgid silently for a group the writer is not in.
  if (::fstat(to_fd, &to) != 0 || (to.st_mode & 07777) != (from.st_mode & 07777)) {
    errno = EPERM;
    *error = Failure("the permission bits (setuid or setgid)");
    return false;
  }
  return true;
}

}  // namespace sdfconv
