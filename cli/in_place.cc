#include "cli/in_place.h"

#include <fcntl.h>
#include <unistd.h>

#include <atomic>
#include <cerrno>
#include <cstring>
#include <optional>

#include "cli/file_metadata.h"
#include "cli/temporary_file.h"

namespace sdfconv {
namespace {

std::atomic<BeforeReplaceHook> g_hook{nullptr};

bool Fail(Code code, const std::string& message, Code* out_code,
          std::string* error) {
  *out_code = code;
  *error = message;
  return false;
}

// Whether FILE.bak is a second name of the input itself (a regular file,
// its inode).
bool IsBackupLink(const Folder& folder, const std::string& name,
                  const OpenedFile& input) {
  struct stat st;
  return ::fstatat(folder.fd(), (name + ".bak").c_str(), &st,
                   AT_SYMLINK_NOFOLLOW) == 0 &&
         S_ISREG(st.st_mode) && st.st_dev == input.st.st_dev &&
         st.st_ino == input.st.st_ino;
}

}  // namespace

std::optional<std::string> BackupConflict(const Folder& folder,
                                          const std::string& name,
                                          const OpenedFile& input) {
  const std::string bak = name + ".bak";
  struct stat st;
  if (::fstatat(folder.fd(), bak.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0) {
    return std::nullopt;  // none: it will be made
  }
  // A second name of the input (what a run killed after making its backup
  // leaves), or a copy of its bytes: this file's backup.
  if (IsBackupLink(folder, name, input)) return std::nullopt;
  std::string why;
  std::optional<OpenedFile> old;
  if (S_ISREG(st.st_mode)) {
    old = OpenRegularFile(folder, bak, input.bytes.size(), &why, nullptr);
  }
  if (old && old->bytes == input.bytes) return std::nullopt;
  return "backup '" + bak + "' exists already and is not this file's backup (" +
         (S_ISREG(st.st_mode) ? "it differs" : "not a regular file") +
         "); move it away, or use --no-backup";
}

namespace {

// FILE.bak, as step 3 of the file comment says; `*made` when this call made
// it.
bool MakeBackup(const Folder& folder, const std::string& name,
                const OpenedFile& input, bool* made, Code* code,
                std::string* error) {
  const std::string bak = name + ".bak";
  struct stat st;
  if (::fstatat(folder.fd(), bak.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0) {
    if (const std::optional<std::string> conflict =
            BackupConflict(folder, name, input)) {
      return Fail(Code::kBackupConflict,
                  *conflict + "; the file is left as it was", code, error);
    }
    return true;  // a killed run's backup, kept as it is
  }
  std::string why;
  if (!StillTheSame(folder, name, input, &why)) {
    return Fail(Code::kFileChanged, why + "; left as it is", code, error);
  }
  if (::linkat(folder.fd(), name.c_str(), folder.fd(), bak.c_str(), 0) != 0) {
    return Fail(Code::kFileWrite,
                "cannot make the backup '" + bak + "': " +
                    std::strerror(errno) + "; the file is left as it was",
                code, error);
  }
  // The name linked must have been the input.
  if (::fstatat(folder.fd(), bak.c_str(), &st, AT_SYMLINK_NOFOLLOW) != 0 ||
      st.st_dev != input.st.st_dev || st.st_ino != input.st.st_ino) {
    ::unlinkat(folder.fd(), bak.c_str(), 0);
    return Fail(Code::kFileChanged,
                "'" + name + "' was replaced by another file meanwhile; left "
                "as it is",
                code, error);
  }
  *made = true;
  return true;
}

bool Replace(const Folder& folder, const std::string& name,
             const OpenedFile& input, std::string_view text, bool backup,
             bool* made_backup, Code* code, std::string* error) {
  const nlink_t own_names = IsBackupLink(folder, name, input) ? 2 : 1;
  if (input.st.st_nlink > own_names) {
    return Fail(Code::kFileHardLinked,
                "'" + name + "' has " + std::to_string(input.st.st_nlink) +
                    " names (hard links); replaced in place, this name would "
                    "get a new file and the others keep the old one; upgrade "
                    "it with -o, or give it one name; left as it was",
                code, error);
  }
  std::optional<TemporaryFile> temporary =
      TemporaryFile::Create(folder.fd(), name, 0600, error);
  if (!temporary) return Fail(Code::kFileWrite, *error, code, error);
  std::string why;
  if (!CopyMetadata(input.fd, input.st, temporary->fd(), &why)) {
    return Fail(Code::kFileMetadataUnkept,
                "'" + name + "': " + why +
                    " on its replacement; the file is left as it was",
                code, error);
  }
  if (!temporary->Write(text, error)) {
    return Fail(Code::kFileWrite, *error, code, error);
  }
  if (backup &&
      !MakeBackup(folder, name, input, made_backup, code, error)) {
    return false;
  }
  if (const BeforeReplaceHook hook = g_hook.load()) hook(folder, name);
  if (!StillTheSame(folder, name, input, &why)) {
    return Fail(Code::kFileChanged, why + "; left as it is", code, error);
  }
  struct stat replaced;
  if (temporary->ExchangeWithTarget(&replaced, error)) {
    if (replaced.st_dev != input.st.st_dev ||
        replaced.st_ino != input.st.st_ino) {
      std::string back;
      if (!temporary->ExchangeBack(&back)) {
        return Fail(Code::kFileChanged,
                    "'" + name + "' was replaced by another file while it "
                    "was being replaced, and could not be put back (" + back +
                    "); that file is now '" + TemporaryName(name, ::getpid()) +
                    "'",
                    code, error);
      }
      return Fail(Code::kFileChanged,
                  "'" + name + "' was replaced by another file meanwhile; "
                  "left as it is",
                  code, error);
    }
    temporary->RemoveReplaced();
  } else if (errno == EINVAL || errno == ENOSYS || errno == EOPNOTSUPP) {
    if (!temporary->RenameOver(error)) {
      return Fail(Code::kFileWrite, *error, code, error);
    }
  } else {
    return Fail(Code::kFileWrite, *error, code, error);
  }
  temporary->Unmark();
  ::fsync(folder.fd());
  return true;
}

}  // namespace

void SetBeforeReplaceHook(BeforeReplaceHook hook) { g_hook.store(hook); }

bool ReplaceInPlace(const Folder& folder, const std::string& name,
                    const OpenedFile& input, std::string_view text,
                    bool backup, Code* code, std::string* error) {
  bool made_backup = false;
  if (Replace(folder, name, input, text, backup, &made_backup, code, error)) {
    return true;
  }
  // A backup made here goes, unless it is by now the input's only name
  // (the input was renamed away meanwhile: its bytes are kept there).
  struct stat st;
  if (made_backup && ::fstat(input.fd, &st) == 0 && st.st_nlink > 1) {
    ::unlinkat(folder.fd(), (name + ".bak").c_str(), 0);
  }
  return false;
}

}  // namespace sdfconv
