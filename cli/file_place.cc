#include "cli/file_place.h"

#include <fcntl.h>
#include <unistd.h>

#include <cerrno>
#include <cstring>
#include <utility>

namespace sdfconv {
namespace {

std::string Failure(const std::string& what, const std::string& name) {
  return "cannot " + what + " '" + name + "': " + std::strerror(errno);
}

std::string KindOf(mode_t mode) {
  if (S_ISDIR(mode)) return "a directory";
  if (S_ISLNK(mode)) return "a symbolic link";
  if (S_ISFIFO(mode)) return "a FIFO";
  if (S_ISSOCK(mode)) return "a socket";
  if (S_ISCHR(mode)) return "a character device";
  if (S_ISBLK(mode)) return "a block device";
  return "not a regular file";
}

bool SameTime(const struct timespec& a, const struct timespec& b) {
  return a.tv_sec == b.tv_sec && a.tv_nsec == b.tv_nsec;
}

constexpr off_t kCompareBytesUpTo = off_t{64} << 20;

}  // namespace

Folder::Folder(int fd) {
  if (fd < 0) return;
  fd_.reset(new int(fd), [](const int* p) {
    ::close(*p);
    delete p;
  });
}

std::optional<Folder> OpenFolderAt(const std::string& path,
                                   std::string* error) {
  const int fd = ::open(path.empty() ? "." : path.c_str(),
                        O_RDONLY | O_DIRECTORY | O_CLOEXEC);
  if (fd < 0) {
    *error = Failure("open the folder", path);
    return std::nullopt;
  }
  return Folder(fd);
}

std::optional<Folder> OpenFolder(const FilePlace& place, std::string* error) {
  Folder folder = place.root;
  for (const std::string& name : place.folders) {
    const int fd = ::openat(folder.fd(), name.c_str(),
                            O_RDONLY | O_DIRECTORY | O_NOFOLLOW | O_CLOEXEC);
    if (fd < 0) {
      *error = errno == ELOOP || errno == ENOTDIR
                   ? "the folder '" + name +
                         "' is no longer a folder (a symbolic link or a "
                         "file now); not followed"
                   : Failure("open the folder", name);
      return std::nullopt;
    }
    folder = Folder(fd);
  }
  return folder;
}

OpenedFile::OpenedFile(OpenedFile&& other) noexcept
    : fd(other.fd), st(other.st), bytes(std::move(other.bytes)) {
  other.fd = -1;
}

OpenedFile& OpenedFile::operator=(OpenedFile&& other) noexcept {
  if (this != &other) {
    if (fd >= 0) ::close(fd);
    fd = other.fd;
    st = other.st;
    bytes = std::move(other.bytes);
    other.fd = -1;
  }
  return *this;
}

OpenedFile::~OpenedFile() {
  if (fd >= 0) ::close(fd);
}

std::optional<OpenedFile> OpenRegularFile(const Folder& folder,
                                          const std::string& name,
                                          uint64_t max_bytes,
                                          std::string* error,
                                          bool* too_large) {
  // What is there, before opening: a FIFO or device is never opened.
  struct stat seen;
  if (::fstatat(folder.fd(), name.c_str(), &seen, AT_SYMLINK_NOFOLLOW) != 0) {
    *error = Failure("read", name);
    return std::nullopt;
  }
  if (!S_ISREG(seen.st_mode)) {
    *error = "'" + name + "' is " + KindOf(seen.st_mode) +
             ", not a regular file; not read";
    return std::nullopt;
  }
  OpenedFile file;
  file.fd = ::openat(folder.fd(), name.c_str(),
                     O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_NOCTTY | O_CLOEXEC);
  if (file.fd < 0) {
    *error = Failure("open", name);
    return std::nullopt;
  }
  if (::fstat(file.fd, &file.st) != 0 || !S_ISREG(file.st.st_mode)) {
    *error = "'" + name + "' changed while it was opened; not read";
    return std::nullopt;
  }
  if (static_cast<uint64_t>(file.st.st_size) > max_bytes) {
    *error = "file is " + std::to_string(file.st.st_size) +
             " bytes; the limit is " + std::to_string(max_bytes) +
             " (input_bytes; `--limit input_bytes=N` raises it)";
    if (too_large != nullptr) *too_large = true;
    return std::nullopt;
  }
  file.bytes.reserve(static_cast<size_t>(file.st.st_size));
  char buffer[1 << 16];
  while (true) {
    const ssize_t n = ::read(file.fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *error = Failure("read", name);
      return std::nullopt;
    }
    if (n == 0) break;
    file.bytes.append(buffer, static_cast<size_t>(n));
    if (file.bytes.size() > max_bytes) {
      *error = "file grew past the limit of " + std::to_string(max_bytes) +
               " bytes while it was read";
      if (too_large != nullptr) *too_large = true;
      return std::nullopt;
    }
  }
  return file;
}

bool StillTheSame(const Folder& folder, const std::string& name,
                  const OpenedFile& opened, std::string* error) {
  struct stat now;
  if (::fstatat(folder.fd(), name.c_str(), &now, AT_SYMLINK_NOFOLLOW) != 0) {
    *error = Failure("find", name) + " (removed or renamed meanwhile)";
    return false;
  }
  if (now.st_dev != opened.st.st_dev || now.st_ino != opened.st.st_ino) {
    *error = "'" + name + "' was replaced by another file meanwhile";
    return false;
  }
  if (now.st_size != opened.st.st_size ||
      !SameTime(now.st_mtim, opened.st.st_mtim) ||
      now.st_size != static_cast<off_t>(opened.bytes.size())) {
    *error = "'" + name + "' was modified meanwhile";
    return false;
  }
  if (now.st_size > kCompareBytesUpTo) return true;
  std::string again(opened.bytes.size(), '\0');
  size_t done = 0;
  while (done < again.size()) {
    const ssize_t n = ::pread(opened.fd, again.data() + done,
                              again.size() - done, static_cast<off_t>(done));
    if (n < 0 && errno == EINTR) continue;
    if (n <= 0) break;
    done += static_cast<size_t>(n);
  }
  if (done != again.size() || again != opened.bytes) {
    *error = "'" + name + "' was modified meanwhile";
    return false;
  }
  return true;
}

}  // namespace sdfconv
