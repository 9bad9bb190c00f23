// OUTDIR of `sdfconv upgrade -o`: the mirror of the input trees, written so
// that nothing already there is lost.
//
// Folders are made as the input's folders are (their permission bits; the
// folder a file PATH was named in, and OUTDIR itself, as mkdir -p makes
// them), each once (OutputDirectories). An output is put in place by a
// TemporaryFile (temporary_file.h) only where nothing is at its name; where
// something is, it is left as it is: an output holding exactly what would be
// written is fine (a re-run finishes an interrupted batch), anything else
// (another file, a link, a folder) fails with OUTPUT_EXISTS, unless `force`
// is set, and then the name is replaced (a link itself, never written
// through; a folder never).
//
//   OutputTree tree("out", /*force=*/false);
//   Code code; std::string error;
//   tree.WriteFile("a/model.sdf", text, 0644, &code, &error);
#ifndef SDFCONV_CLI_OUTPUT_TREE_H_
#define SDFCONV_CLI_OUTPUT_TREE_H_

#include <sys/stat.h>

#include <map>
#include <mutex>
#include <string>
#include <string_view>

#include "cli/output_file.h"
#include "core/diagnostic.h"

namespace sdfconv {

// What writing one output did.
enum class OutputWrite {
  kWritten,    // a new file (or, with force, a replacement)
  kUnchanged,  // the output already held exactly this
  kFailed,     // `*code` and `*error` say why
};

class OutputTree {
 public:
  OutputTree(std::string root, bool force);

  // Notes that the folder `relative` (below OUTDIR) mirrors one with the
  // permission bits `mode`; folders not noted get mkdir's default.
  void NoteFolderMode(const std::string& relative, mode_t mode);

  // The output `relative` with `text` and permission bits `mode`.
  OutputWrite WriteFile(const std::string& relative, std::string_view text,
                        mode_t mode, Code* code, std::string* error);
  // The output `relative` as a copy of the open file `fd` (of `size`
  // bytes, permission bits `mode`).
  OutputWrite CopyFile(const std::string& relative, int fd, off_t size,
                       mode_t mode, Code* code, std::string* error);
  // The output `relative` as a symbolic link holding `target`.
  OutputWrite WriteLink(const std::string& relative, const std::string& target,
                        Code* code, std::string* error);

  // The path of the output `relative` (for reports).
  [[nodiscard]] std::string PathOf(const std::string& relative) const;

  // Makes every rename and folder durable (OutputDirectories::SyncAll).
  void SyncAll() { directories_.SyncAll(); }

 private:
  // The output's folder, made as needed and opened; -1 with `*error`.
  int OpenFolderOf(const std::string& relative, std::string* error);

  std::string root_;
  bool force_;
  std::mutex mu_;
  std::map<std::string, mode_t> modes_;
  OutputDirectories directories_;
};

}  // namespace sdfconv

#endif  // SDFCONV_CLI_OUTPUT_TREE_H_
