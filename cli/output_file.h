// Writing an output (`-o`, `--report`, `--in-place`) without ever replacing
// what is not a regular file.
//
// What PATH names decides how it is written:
//   - `-`: standard output, written directly.
//   - a symbolic link: followed (to any depth, as open(2) would) and its
//     final target written by these same rules; the link itself stays.
//   - nothing, or a regular file: replaced atomically. The text goes to a
//     TemporaryFile in the target's folder (temporary_file.h: written
//     unnamed, marked as sdfconv's), is flushed with fsync and renamed over
//     the target, which POSIX makes atomic: readers see the old file or the
//     whole new one. On failure the temporary is removed and the target is
//     left as it was.
//   - a character device or a FIFO (`/dev/null`, `/dev/stdout`, a named
//     pipe): opened and written directly, never renamed over or created.
//   - anything else (a directory, a socket, a block device): refused.
// A process killed in the instant a temporary has its name
// (`TARGET.tmp.<pid>`) leaves it behind; RemoveStaleTemporaries clears those
// of the targets a later run writes.
//
//   std::string error;
//   if (!WriteOutputFile("out.json", text, &error)) {
//     spdlog::error("{}", error);
//   }
#ifndef SDFCONV_CLI_OUTPUT_FILE_H_
#define SDFCONV_CLI_OUTPUT_FILE_H_

#include <sys/types.h>

#include <map>
#include <mutex>
#include <optional>
#include <set>
#include <string>
#include <string_view>
#include <unordered_set>
#include <vector>

namespace sdfconv {

// The directories of a batch of outputs (`upgrade -o OUTDIR`): each made
// once (mkdir -p) however many files go into it, and each synced once, by
// SyncAll() at the end of the batch, instead of after every rename. A file
// written with it is whole from the moment it appears (its data is synced
// before its rename); after a crash before SyncAll(), a rename may be
// undone (the file is missing or old, never part-written); after SyncAll()
// every rename and every directory made is durable. Thread-safe.
class OutputDirectories {
 public:
  // Makes `dir` and its missing parents, unless already made or found here;
  // a folder made whose path is in `modes` gets exactly those permission
  // bits.
  bool Ensure(const std::string& dir, std::string* error,
              const std::map<std::string, mode_t>* modes = nullptr);
  // Notes that a rename in `dir` is to be made durable by SyncAll().
  void Defer(const std::string& dir);
  // fsyncs every directory noted or made (best effort, as after one file).
  void SyncAll();

 private:
  std::mutex mu_;
  std::unordered_set<std::string> ready_;  // made or found
  std::set<std::string> to_sync_;
};

// The path that writing to `path` changes: `path` itself, or the final
// target of the symbolic links it names (which need not exist). nullopt and
// `*error` set when the links loop or cannot be read.
[[nodiscard]] std::optional<std::string> OutputTarget(const std::string& path,
                                                      std::string* error);

// When writing one of `outputs` would replace one of `inputs` (both name one
// regular file: the same device and inode, through any symbolic or hard
// links), a message naming both; nullopt otherwise. Empty outputs, `-` and
// outputs that do not exist yet are never inputs. Every command checks the
// outputs it is given (`-o`, `--report`, `--diagnostics-output`) before it
// reads anything: inputs are never modified unless asked (`upgrade
// --in-place`).
[[nodiscard]] std::optional<std::string> OutputIsInput(
    const std::vector<std::string>& outputs,
    const std::vector<std::string>& inputs);

// Removes the temporaries (`TARGET.tmp.<pid>`) that writers of `targets`
// left when their process died: regular files of that name marked as
// sdfconv's by that same process (temporary_file.h), whose process no
// longer runs on this machine (kill(pid, 0) says so); and, of such a dead
// process, a `TARGET.tmp.<pid>` that is the very file `TARGET.bak` is (the
// input `--in-place` had just exchanged out of TARGET when the process
// died: a second name of its backup, so nothing is lost). A temporary of a
// running process, this one included, a file of that name that is neither
// (a user's), and any other file stay. Each directory is listed
// once. Returns the paths removed.
std::vector<std::string> RemoveStaleTemporaries(
    const std::vector<std::string>& targets);

// Writes `contents` to `path` by the rules above. Returns false and sets
// `*error` to a message naming the file and the reason on failure.
[[nodiscard]] bool WriteOutputFile(const std::string& path,
                                   std::string_view contents,
                                   std::string* error);

// The same, and a file created or replaced gets exactly the permission bits
// `mode` (not masked by the umask): `upgrade --in-place` gives a replaced
// input its own mode back. A device or FIFO keeps its own mode. With
// `batch`, the sync of the directory after the rename is left to
// `batch->SyncAll()`.
[[nodiscard]] bool WriteOutputFile(const std::string& path,
                                   std::string_view contents, mode_t mode,
                                   std::string* error,
                                   OutputDirectories* batch = nullptr);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_OUTPUT_FILE_H_
