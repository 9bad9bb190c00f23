// The exit status of every sdfconv command, one meaning each:
//   0  success: every file valid, the output written;
//   1  an input is invalid (its diagnostics were printed); for `upgrade`:
//      a file failed, or under --check a file would change;
//   2  the command could not run: a usage error, an unreadable file, an
//      output that cannot be written, a conversion not implemented yet;
//   130  interrupted (SIGINT or SIGTERM) before every file was done
//      (`upgrade` only; every file is then either old or new).
// When several files are checked the largest status wins, except that
// `upgrade` reports a file it cannot read or write as a failed file (1):
// its 2 is kept for usage errors and a report that cannot be written.
#ifndef SDFCONV_CLI_EXIT_CODE_H_
#define SDFCONV_CLI_EXIT_CODE_H_

#include <algorithm>
#include <string>

#include "core/diagnostic.h"

namespace sdfconv {

enum ExitCode : int {
  kExitOk = 0,
  kExitInvalid = 1,
  kExitCannotRun = 2,
  kExitInterrupted = 130,
};

// Whether `diags` says the command could not run on its file (status 2):
// the file cannot be read, a limit stopped the reading or the output
// (docs/limits.md), or memory ran out.
[[nodiscard]] inline bool CannotRun(const Diagnostics& diags) {
  const auto& items = diags.items();
  return std::any_of(items.begin(), items.end(), [](const Diagnostic& d) {
    return d.code == Code::kFileRead || d.code == Code::kInputLimitExceeded ||
           d.code == Code::kOutOfMemory ||
           d.code == Code::kOutputLimitExceeded;
  });
}

// Says in `diags` that the work on `file` ran out of memory (a
// std::bad_alloc caught where the file's work began; what it had made is
// freed by then): OUT_OF_MEMORY, and so status 2.
inline void ReportOutOfMemory(const std::string& file, Diagnostics* diags) {
  diags->Error(Code::kOutOfMemory, {file, 0, ""},
               "ran out of memory while reading or converting it; nothing is "
               "written for it (docs/limits.md)");
}

}  // namespace sdfconv

#endif  // SDFCONV_CLI_EXIT_CODE_H_
