// Writing an output file so that readers see the old file or the whole new
// one, never a half-written one.
//
// The text goes to `PATH.tmp.<pid>` beside the target (same directory, so the
// same file system), is flushed to disk with fsync, and is then renamed over
// PATH, which POSIX makes atomic. On any failure the temporary file is
// removed and PATH is left as it was. Writers of different PATHs in one
// process (threads) never share a temporary; two writers of the same PATH
// in one process would, and the second fails rather than overwrite it.
//
//   std::string error;
//   if (!WriteFileAtomically("out.json", text, &error)) {
//     spdlog::error("{}", error);
//   }
#ifndef SDFCONV_CLI_ATOMIC_WRITE_H_
#define SDFCONV_CLI_ATOMIC_WRITE_H_

#include <sys/types.h>

#include <string>
#include <string_view>

namespace sdfconv {

// Replaces (or creates) the file at `path` with `contents`. Returns false and
// sets `*error` to a message naming the file and the reason on failure.
[[nodiscard]] bool WriteFileAtomically(const std::string& path,
                                       std::string_view contents,
                                       std::string* error);

// The same, and the new file gets exactly the permission bits `mode` (not
// masked by the umask): `upgrade --in-place` gives a replaced input its own
// mode back.
[[nodiscard]] bool WriteFileAtomically(const std::string& path,
                                       std::string_view contents, mode_t mode,
                                       std::string* error);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_ATOMIC_WRITE_H_
