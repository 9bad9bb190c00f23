#include "cli/upgrade_file.h"

#include <fcntl.h>
#include <sys/stat.h>
#include <unistd.h>

#include <cerrno>
#include <cstdint>
#include <cstring>
#include <exception>
#include <new>
#include <optional>
#include <utility>

#include "cli/exit_code.h"
#include "cli/in_place.h"

namespace sdfconv {
namespace {

mode_t PermissionsOf(const struct stat& st) { return st.st_mode & 07777; }

// The upgrade function, with running out of memory turned into
// OUT_OF_MEMORY in `diags` and anything else it throws into `*error`.
bool CallUpgrade(const UpgradeFunction& upgrade, const std::string& text,
                 const BatchInput& input, FileUpgrade* result,
                 Diagnostics* diags, std::string* error) {
  try {
    *result = upgrade(text, input.path);
    return true;
  } catch (const std::bad_alloc&) {
    ReportOutOfMemory(input.path, diags);
  } catch (const std::exception& e) {
    *error = std::string("internal error while upgrading: ") + e.what();
  } catch (...) {
    *error = "internal error while upgrading";
  }
  return false;
}

// The input's place: found by the walk, or by its path.
std::optional<FilePlace> PlaceOf(const BatchInput& input, std::string* error) {
  if (input.place.root) return input.place;
  return PlaceOfPath(input.path, error);
}

// The batch's OUTDIR, or one for this file alone.
OutputTree* TreeOf(const OutputPolicy& policy,
                   std::unique_ptr<OutputTree>* own) {
  if (policy.tree != nullptr) return policy.tree;
  *own = std::make_unique<OutputTree>(policy.output_dir, policy.force);
  return own->get();
}

// Writes `text` to the output `relative` under OUTDIR; false with a
// diagnostic in `record` on failure.
bool WriteToOutputDir(const std::string& relative, const OutputPolicy& policy,
                      const OpenedFile& in, std::string_view text,
                      FileRecord* record) {
  std::unique_ptr<OutputTree> own;
  OutputTree* tree = TreeOf(policy, &own);
  struct stat st;
  if (::stat(record->output.c_str(), &st) == 0 && st.st_dev == in.st.st_dev &&
      st.st_ino == in.st.st_ino) {
    record->diagnostics.Error(
        Code::kOutputExists, {record->path, 0, ""},
        "output '" + record->output +
            "' is the input itself; use --in-place to replace inputs");
    return false;
  }
  Code code = Code::kFileWrite;
  std::string error;
  const OutputWrite done =
      tree->WriteFile(relative, text, PermissionsOf(in.st), &code, &error);
  if (own) own->SyncAll();
  if (done == OutputWrite::kFailed) {
    record->diagnostics.Error(code, {record->path, 0, ""}, error);
    return false;
  }
  return true;
}

}  // namespace

std::string OutputPathFor(const BatchInput& input, const OutputPolicy& policy) {
  switch (policy.mode) {
    case BatchMode::kCheck:
      return "";
    case BatchMode::kInPlace:
      return input.path;
    case BatchMode::kOutputDir:
      break;
  }
  const std::string& dir = policy.output_dir;
  if (dir.empty()) return input.relative;
  return dir.back() == '/' ? dir + input.relative
                           : dir + "/" + input.relative;
}

PreparedFile PrepareFile(const BatchInput& input, const OutputPolicy& policy,
                         const UpgradeFunction& upgrade,
                         uint64_t max_input_bytes) {
  PreparedFile file;
  FileRecord& record = file.record;
  record.path = input.path;
  record.output = OutputPathFor(input, policy);
  record.status = FileStatus::kFailed;
  file.relative = input.relative;
  const SourceLocation at{input.path, 0, ""};
  if (!input.error.empty()) {
    record.diagnostics.Error(Code::kFileRead, at, input.error);
    return file;
  }
  std::string error;
  bool too_large = false;
  std::optional<FilePlace> place = PlaceOf(input, &error);
  std::optional<Folder> folder;
  if (place) folder = OpenFolder(*place, &error);
  std::optional<OpenedFile> opened;
  if (folder) {
    opened = OpenRegularFile(*folder, place->name, max_input_bytes, &error,
                             &too_large);
  }
  if (!opened) {
    record.diagnostics.Error(
        too_large ? Code::kInputLimitExceeded : Code::kFileRead, at,
        too_large ? error : "'" + input.path + "': " + error);
    return file;
  }
  file.folder = std::move(*folder);
  file.name = place->name;
  file.input = std::move(*opened);
  if (!CallUpgrade(upgrade, file.input.bytes, input, &file.result,
                   &record.diagnostics, &record.error)) {
    return file;
  }
  record.diagnostics = std::move(file.result.diagnostics);
  file.result.diagnostics = Diagnostics();
  if (record.diagnostics.HasErrors()) return file;
  record.status = FileStatus::kNotProcessed;  // until committed
  return file;
}

void CommitFile(PreparedFile* file, const OutputPolicy& policy,
                const std::atomic<bool>& stop, FileStatus unchanged_status) {
  FileRecord& record = file->record;
  if (record.status == FileStatus::kFailed) return;
  const std::string& output = file->result.output;
  const bool changed = output != file->input.bytes;
  if (policy.mode == BatchMode::kCheck) {
    record.status = changed ? FileStatus::kWouldChange : unchanged_status;
    if (const std::optional<std::string> conflict =
            changed ? BackupConflict(file->folder, file->name, file->input)
                    : std::nullopt) {
      record.diagnostics.Warning(Code::kBackupConflict, {record.path, 0, ""},
                                 *conflict + " (--in-place would refuse it)");
    }
    return;
  }
  if (stop.load()) {
    record.status = FileStatus::kNotProcessed;
    return;
  }
  record.status = FileStatus::kFailed;
  if (policy.mode == BatchMode::kInPlace) {
    if (changed) {
      Code code = Code::kFileWrite;
      std::string error;
      if (!ReplaceInPlace(file->folder, file->name, file->input, output,
                          policy.backup, &code, &error)) {
        record.diagnostics.Error(code, {record.path, 0, ""}, error);
        return;
      }
    }
  } else if (!WriteToOutputDir(file->relative, policy, file->input, output,
                               &record)) {
    return;
  }
  record.status = changed ? FileStatus::kUpgraded : unchanged_status;
}

FileRecord UpgradeOneFile(const BatchInput& input, const OutputPolicy& policy,
                          const UpgradeFunction& upgrade,
                          const std::atomic<bool>& stop,
                          uint64_t max_input_bytes) {
  PreparedFile file = PrepareFile(input, policy, upgrade, max_input_bytes);
  CommitFile(&file, policy, stop);
  return std::move(file.record);
}

FileRecord CopyOneFile(const BatchInput& input, const OutputPolicy& policy,
                       const std::atomic<bool>& stop) {
  FileRecord record;
  record.path = input.path;
  record.output = OutputPathFor(input, policy);
  record.status = FileStatus::kNotProcessed;
  if (stop.load()) return record;
  record.status = FileStatus::kFailed;
  const SourceLocation at{input.path, 0, ""};
  std::string error;
  std::optional<Folder> folder;
  if (input.error.empty()) {
    std::optional<FilePlace> place = PlaceOf(input, &error);
    if (place) folder = OpenFolder(*place, &error);
  } else {
    error = input.error;
  }
  if (!folder) {
    record.diagnostics.Error(Code::kFileRead, at, error);
    return record;
  }
  std::unique_ptr<OutputTree> own;
  OutputTree* tree = TreeOf(policy, &own);
  Code code = Code::kFileWrite;
  OutputWrite done = OutputWrite::kFailed;
  const std::string& name = input.place.name.empty()
                                ? input.relative.substr(
                                      input.relative.find_last_of('/') + 1)
                                : input.place.name;
  if (input.kind == InputKind::kLink) {
    struct stat st;
    std::string target;
    if (::fstatat(folder->fd(), name.c_str(), &st, AT_SYMLINK_NOFOLLOW) == 0 &&
        S_ISLNK(st.st_mode)) {
      target.resize(static_cast<size_t>(st.st_size) + 1);
      const ssize_t n =
          ::readlinkat(folder->fd(), name.c_str(), target.data(), target.size());
      target.resize(n > 0 ? static_cast<size_t>(n) : 0);
    }
    if (target.empty()) {
      record.diagnostics.Error(Code::kFileRead, at,
                               "cannot read the symbolic link '" + input.path +
                                   "'");
      return record;
    }
    done = tree->WriteLink(input.relative, target, &code, &error);
  } else {
    const int fd = ::openat(folder->fd(), name.c_str(),
                            O_RDONLY | O_NOFOLLOW | O_NONBLOCK | O_CLOEXEC);
    struct stat st;
    if (fd < 0 || ::fstat(fd, &st) != 0 || !S_ISREG(st.st_mode)) {
      if (fd >= 0) ::close(fd);
      record.diagnostics.Error(Code::kFileRead, at,
                               "'" + input.path +
                                   "' cannot be opened as a regular file");
      return record;
    }
    done = tree->CopyFile(input.relative, fd, st.st_size, PermissionsOf(st),
                          &code, &error);
    ::close(fd);
  }
  if (own) own->SyncAll();
  if (done == OutputWrite::kFailed) {
    record.diagnostics.Error(code, at, error);
    return record;
  }
  record.status = FileStatus::kCopied;
  return record;
}

}  // namespace sdfconv
