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
#include "cli/output_file.h"

namespace sdfconv {
namespace {

struct InputFile {
  std::string text;
  struct stat st;
};

std::string Failure(const std::string& what, const std::string& path) {
  return "cannot " + what + " '" + path + "': " + std::strerror(errno);
}

// Reads `path` whole; a file of more than `max_bytes` is left unread, with
// `*too_large` set.
bool ReadInput(const std::string& path, InputFile* in, std::string* error,
               uint64_t max_bytes = UINT64_MAX, bool* too_large = nullptr) {
  const int fd = ::open(path.c_str(), O_RDONLY | O_CLOEXEC);
  if (fd < 0) {
    *error = Failure("open", path);
    return false;
  }
  bool ok = ::fstat(fd, &in->st) == 0;
  if (!ok) *error = Failure("read", path);
  if (ok && static_cast<uint64_t>(in->st.st_size) > max_bytes) {
    *error = "file is " + std::to_string(in->st.st_size) +
             " bytes; the limit is " + std::to_string(max_bytes) +
             " (input_bytes; `--limit input_bytes=N` raises it)";
    if (too_large != nullptr) *too_large = true;
    ok = false;
  }
  char buffer[1 << 16];
  while (ok) {
    const ssize_t n = ::read(fd, buffer, sizeof buffer);
    if (n < 0 && errno == EINTR) continue;
    if (n < 0) {
      *error = Failure("read", path);
      ok = false;
    }
    if (n <= 0) break;
    in->text.append(buffer, static_cast<size_t>(n));
  }
  ::close(fd);
  return ok;
}

std::string DirectoryOf(const std::string& path) {
  const size_t slash = path.find_last_of('/');
  if (slash == std::string::npos) return "";
  return slash == 0 ? "/" : path.substr(0, slash);
}

bool Exists(const std::string& path) {
  struct stat st;
  return ::lstat(path.c_str(), &st) == 0;
}

mode_t PermissionsOf(const struct stat& st) { return st.st_mode & 07777; }

// kInPlace, for a changed file: FILE.bak, then FILE.
bool ReplaceInPlace(const std::string& path, const std::string& input,
                    const struct stat& st, const std::string& text,
                    bool backup, std::string* error) {
  const std::optional<std::string> target = OutputTarget(path, error);
  if (!target) return false;
  const std::string bak = *target + ".bak";
  bool made_backup = false;
  if (backup && Exists(bak)) {
    // A run killed between the backup and the replacement left the very
    // backup this one would make: it is kept as it is. Any other backup is
    // older work, never overwritten.
    InputFile old;
    std::string unread;
    if (!ReadInput(bak, &old, &unread) || old.text != input) {
      *error = "backup '" + bak +
               "' exists already and differs from the file (move it away, "
               "or use --no-backup); '" +
               path + "' left as it was";
      return false;
    }
  } else if (backup) {
    if (!WriteOutputFile(bak, input, PermissionsOf(st), error)) {
      return false;
    }
    made_backup = true;
  }
  if (!WriteOutputFile(*target, text, PermissionsOf(st), error)) {
    if (made_backup) ::unlink(bak.c_str());
    return false;
  }
  return true;
}

// kOutputDir: OUTDIR/RELATIVE, never the input itself.
bool WriteOutput(const std::string& output, const struct stat& in,
                 const std::string& text, OutputDirectories* directories,
                 std::string* error) {
  const std::string dir = DirectoryOf(output);
  OutputDirectories own;  // a file alone: synced before it returns
  OutputDirectories* batch = directories != nullptr ? directories : &own;
  if (!dir.empty() && !batch->Ensure(dir, error)) return false;
  struct stat st;
  if (::stat(output.c_str(), &st) == 0 && st.st_dev == in.st_dev &&
      st.st_ino == in.st_ino) {
    *error = "output '" + output +
             "' is the input itself; use --in-place to replace inputs";
    return false;
  }
  const bool written =
      WriteOutputFile(output, text, PermissionsOf(in), error, batch);
  if (directories == nullptr) own.SyncAll();
  return written;
}

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
  const SourceLocation at{input.path, 0, ""};
  if (!input.error.empty()) {
    record.diagnostics.Error(Code::kFileRead, at, input.error);
    return file;
  }
  InputFile in;
  std::string error;
  bool too_large = false;
  if (!ReadInput(input.path, &in, &error, max_input_bytes, &too_large)) {
    record.diagnostics.Error(
        too_large ? Code::kInputLimitExceeded : Code::kFileRead, at, error);
    return file;
  }
  file.st = in.st;
  file.input = std::move(in.text);
  if (!CallUpgrade(upgrade, file.input, input, &file.result,
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
  const bool changed = output != file->input;
  if (policy.mode == BatchMode::kCheck) {
    record.status = changed ? FileStatus::kWouldChange : unchanged_status;
    return;
  }
  if (stop.load()) {
    record.status = FileStatus::kNotProcessed;
    return;
  }
  record.status = FileStatus::kFailed;
  const bool written =
      policy.mode == BatchMode::kInPlace
          ? !changed || ReplaceInPlace(record.path, file->input, file->st,
                                       output, policy.backup, &record.error)
          : WriteOutput(record.output, file->st, output, policy.directories,
                        &record.error);
  if (!written) return;
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

}  // namespace sdfconv
