// Where a file of `sdfconv upgrade` is, and opening it there, so that what
// is read and what is replaced are decided once.
//
// A FilePlace is a root folder, opened once when the batch finds its files
// (the directory PATH named on the command line, or the folder of a file
// PATH, links in what the user wrote followed), the folders below it and the
// file's name. OpenFolder reaches the file's folder from the root one
// component at a time (openat with O_NOFOLLOW | O_DIRECTORY): no symbolic
// link inside a tree is followed, no path is resolved as a whole (paths
// longer than PATH_MAX work), and a folder swapped for a link meanwhile is
// refused. Everything later done to the file goes through that folder's
// descriptor and the file's name.
//
//   std::optional<Folder> folder = OpenFolder(place, &error);
//   std::optional<OpenedFile> in = OpenRegularFile(*folder, place.name, ...);
#ifndef SDFCONV_CLI_FILE_PLACE_H_
#define SDFCONV_CLI_FILE_PLACE_H_

#include <sys/stat.h>

#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace sdfconv {

// An open directory descriptor, closed with the last copy.
class Folder {
 public:
  Folder() = default;
  // Takes ownership of `fd` (an open directory).
  explicit Folder(int fd);
  [[nodiscard]] int fd() const { return fd_ ? *fd_ : -1; }
  explicit operator bool() const { return fd() >= 0; }

 private:
  std::shared_ptr<const int> fd_;
};

struct FilePlace {
  Folder root;                       // open for the whole batch
  std::vector<std::string> folders;  // below the root, in order
  std::string name;                  // the file's name in its folder
};

// The folder at `path` (links followed: the user named it). Nothing, with
// `*error`, when it cannot be opened.
std::optional<Folder> OpenFolderAt(const std::string& path,
                                   std::string* error);

// `place`'s folder, reached as the file comment says.
std::optional<Folder> OpenFolder(const FilePlace& place, std::string* error);

// A regular file opened for reading, with what it was when opened.
struct OpenedFile {
  OpenedFile() = default;
  OpenedFile(OpenedFile&& other) noexcept;
  OpenedFile& operator=(OpenedFile&& other) noexcept;
  ~OpenedFile();
  int fd = -1;
  struct stat st {};
  std::string bytes;
};

// Opens `name` in `folder` without following a link and without waiting on
// a FIFO or device, and reads it whole. Refused, with `*error`: a link, a
// file that is not a regular one ("not a regular file"), one of more than
// `max_bytes` (with `*too_large` set).
std::optional<OpenedFile> OpenRegularFile(const Folder& folder,
                                          const std::string& name,
                                          uint64_t max_bytes,
                                          std::string* error,
                                          bool* too_large);

// Whether the file `name` in `folder` is still the one `opened` read: the
// same device and inode, size and modification time, and, where cheap (up
// to 64 MiB), the same bytes. Sets `*error` to what differs.
bool StillTheSame(const Folder& folder, const std::string& name,
                  const OpenedFile& opened, std::string* error);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_FILE_PLACE_H_
