// sdfconv's temporary files: new contents written in their destination
// folder, put in place by one rename, and recognisable as sdfconv's
// beyond their name.
//
// A TemporaryFile is created unnamed in the folder (O_TMPFILE: nothing is
// on disk under any name while it is written) and marked as sdfconv's: the
// extended attribute `user.sdfconv.temporary` holds the writer's process
// id. It gets a name, `TARGET.tmp.<pid>`, only for the instant between
// its link and the rename that puts it over TARGET; a process killed in
// that instant leaves it, marked, and RemoveStaleTemporaries
// (output_file.h) removes only marked temporaries of dead processes, never
// a file of the same name that is not marked (a user's). Where the folder's
// file system has no O_TMPFILE, the temporary is named from the start;
// where it has no user extended attributes, the temporary is not marked
// and is never removed by a later run (it is reported instead).
//
// Every operation goes through the folder's descriptor and plain names: no
// path is resolved again between creating the file and renaming it.
//
//   std::optional<TemporaryFile> t =
//       TemporaryFile::Create(folder_fd, "model.sdf", 0644, &error);
//   if (!t || !t->Write(text, &error) || !t->RenameOver(&error)) ...
#ifndef SDFCONV_CLI_TEMPORARY_FILE_H_
#define SDFCONV_CLI_TEMPORARY_FILE_H_

#include <sys/stat.h>
#include <sys/types.h>

#include <optional>
#include <string>
#include <string_view>

namespace sdfconv {

// The extended attribute that marks a temporary as sdfconv's.
inline constexpr char kTemporaryMark[] = "user.sdfconv.temporary";

// write(2) until all of `data` is written, retrying after signals; false
// with errno set when it cannot.
bool WriteAll(int fd, std::string_view data);

// "TARGET.tmp.<pid>": the name a temporary of `target` has, if any.
std::string TemporaryName(std::string_view target, pid_t pid);

class TemporaryFile {
 public:
  // A new file for `target` (a name in the folder `folder_fd`, which stays
  // open while this lives), with exactly the permission bits `mode`.
  static std::optional<TemporaryFile> Create(int folder_fd, std::string target,
                                             mode_t mode, std::string* error);

  TemporaryFile(TemporaryFile&& other) noexcept;
  TemporaryFile& operator=(TemporaryFile&&) = delete;
  TemporaryFile(const TemporaryFile&) = delete;
  ~TemporaryFile();  // removes the file unless it was put in place

  [[nodiscard]] int fd() const { return fd_; }

  // Writes all of `text` and syncs it to disk.
  [[nodiscard]] bool Write(std::string_view text, std::string* error);

  // Puts the file at TARGET, replacing what is there (a regular file, a
  // link itself: never written through).
  [[nodiscard]] bool RenameOver(std::string* error);

  // Puts the file at TARGET only where nothing is there; false with errno
  // EEXIST (and `*error`) when something is.
  [[nodiscard]] bool LinkAsTarget(std::string* error);

  // Puts the file at TARGET and what was there at TARGET.tmp.<pid>, in one
  // atomic exchange (renameat2 RENAME_EXCHANGE), so the caller can check
  // what it replaced (`*replaced`, lstat of it) and undo with
  // ExchangeBack. Where the file system cannot exchange, false with errno
  // EINVAL and nothing done.
  [[nodiscard]] bool ExchangeWithTarget(struct stat* replaced,
                                        std::string* error);
  // After ExchangeWithTarget: puts the two back.
  [[nodiscard]] bool ExchangeBack(std::string* error);
  // After ExchangeWithTarget: removes what was replaced.
  void RemoveReplaced();

  // Clears the mark of a file put in place.
  void Unmark();

 private:
  TemporaryFile(int folder_fd, std::string target, int fd, bool named);
  // Gives the unnamed file its temporary name.
  bool Name(std::string* error);

  int folder_fd_;
  std::string target_;
  std::string temporary_;  // TARGET.tmp.<pid>
  int fd_;
  bool named_;   // the temporary name exists and is this file
  bool placed_ = false;
};

// Whether the file `fd` carries kTemporaryMark with a process id; the id.
std::optional<pid_t> TemporaryMarkOf(int fd);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_TEMPORARY_FILE_H_
