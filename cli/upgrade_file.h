// One file of `sdfconv upgrade`, as a transaction: read the input, upgrade
// the text with a given function, and write the result so that every file
// involved is, at every moment, either its old self or the whole new one,
// and nothing but what the file comment of each mode says is ever written.
//
// The upgrade itself is a parameter (`UpgradeFunction`): the command passes
// the engine (converters/upgrade), tests pass functions that fail, are slow,
// or throw. A function that reports an error, or throws, fails the file:
// nothing is written for it.
//
// The input is opened once, through its folder (file_place.h): a regular
// file, not through a link inside a tree, never a FIFO or device.
//
// What is written, by mode:
//   kCheck      nothing; the record says "would_change" or "unchanged".
//   kInPlace    a changed file only, by ReplaceInPlace (in_place.h): the
//               input, checked to be still what was read, is exchanged for
//               the new text with everything it had (owner, mode,
//               attributes, ACLs); FILE.bak is the input itself unless
//               `backup` is false. A FILE named as a symbolic link on the
//               command line is written through (its target is the file);
//               links inside a tree are never followed.
//   kOutputDir  OUTDIR/RELATIVE, changed or not (output_tree.h): created
//               where nothing is there, left as it is where it already
//               holds exactly this, else OUTPUT_EXISTS unless `force`. The
//               input is never written. Other files of the tree (kOther,
//               kLink) are copied as they are.
// Written files get the input's permission bits.
//
// `stop` is read once the upgrade is computed: when set, nothing is written
// and the record says "not_processed" (--check ignores it: it writes
// nothing). Writes already begun are finished or rolled back, never left
// half-done.
#ifndef SDFCONV_CLI_UPGRADE_FILE_H_
#define SDFCONV_CLI_UPGRADE_FILE_H_

#include <atomic>
#include <cstdint>
#include <functional>
#include <memory>
#include <optional>
#include <string>
#include <string_view>

#include "cli/file_place.h"
#include "cli/output_tree.h"
#include "cli/upgrade_inputs.h"
#include "cli/upgrade_report.h"
#include "core/diagnostic.h"

namespace sdfconv {

// What an upgrade function returns for one file.
struct FileUpgrade {
  std::string output;  // the upgraded text; equal to the input when unchanged
  Diagnostics diagnostics;  // any error: the file is not upgraded
  std::string version;  // the SDFormat version `output` declares ("1.8")
};

// Upgrades `text`, read from `path`. Called from several threads at once.
using UpgradeFunction =
    std::function<FileUpgrade(std::string_view text, const std::string& path)>;

enum class BatchMode { kCheck, kInPlace, kOutputDir };

struct OutputPolicy {
  BatchMode mode = BatchMode::kCheck;
  std::string output_dir;  // kOutputDir
  bool backup = true;      // kInPlace: keep FILE.bak
  bool force = false;      // kOutputDir: replace what is at an output
  // kOutputDir: the batch's OUTDIR (its folders made and synced once); null:
  // one made for the file alone.
  OutputTree* tree = nullptr;
};

// Where `input`'s result goes: OUTDIR/RELATIVE, the input itself, or ""
// under kCheck.
std::string OutputPathFor(const BatchInput& input, const OutputPolicy& policy);

// A file read and upgraded, not yet written: PrepareFile, then CommitFile.
// The two halves let the batch write a model folder's files together
// (upgrade_folders.h), after its proof.
struct PreparedFile {
  // kFailed when reading or upgrading failed (nothing will be written);
  // otherwise completed by CommitFile.
  FileRecord record;
  std::string relative;  // the input's path under OUTDIR
  Folder folder;        // the input's folder, open
  std::string name;     // the input's name there
  OpenedFile input;     // the input, open, as read
  FileUpgrade result;   // the upgrade of input.bytes
};

// Reads `input` and upgrades it with `upgrade`. Never throws. A file of more
// than `max_input_bytes` is not read: INPUT_LIMIT_EXCEEDED.
PreparedFile PrepareFile(const BatchInput& input, const OutputPolicy& policy,
                         const UpgradeFunction& upgrade,
                         uint64_t max_input_bytes = UINT64_MAX);

// Writes what `file` prepared, as `policy` says (see the file comment), and
// sets its record's status: `unchanged_status` (kUnchanged, or kVariant for
// a file left as it is on purpose) when the output is the input. A record
// failed already is left as it is.
void CommitFile(PreparedFile* file, const OutputPolicy& policy,
                const std::atomic<bool>& stop,
                FileStatus unchanged_status = FileStatus::kUnchanged);

// PrepareFile, then CommitFile: the transaction of the file comment.
FileRecord UpgradeOneFile(const BatchInput& input, const OutputPolicy& policy,
                          const UpgradeFunction& upgrade,
                          const std::atomic<bool>& stop,
                          uint64_t max_input_bytes = UINT64_MAX);

// kOutputDir, for a file the batch copies (kOther) or a link it writes
// again (kLink): status "copied", or failed.
FileRecord CopyOneFile(const BatchInput& input, const OutputPolicy& policy,
                       const std::atomic<bool>& stop);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_UPGRADE_FILE_H_
