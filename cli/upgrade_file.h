// One file of `sdfconv upgrade`, as a transaction: read the input, upgrade
// the text with a given function, and write the result so that every file
// involved is, at every moment, either its old self or the whole new one.
//
// The upgrade itself is a parameter (`UpgradeFunction`): the command passes
// the engine (converters/upgrade), tests pass functions that fail, are slow,
// or throw. A function that reports an error, or throws, fails the file:
// nothing is written for it.
//
// What is written, by mode:
//   kCheck      nothing; the record says "would_change" or "unchanged".
//   kInPlace    a changed file only: first FILE.bak (the input's exact
//               bytes and mode) unless `backup` is false, then FILE is
//               replaced. A FILE.bak that exists already is kept: when it
//               holds exactly the input's bytes (a killed run made it), it
//               serves as this run's backup; otherwise the file fails, so
//               an older backup is never overwritten. Both go through
//               WriteOutputFile (temporary beside the target, fsync,
//               rename; a FIFO or device is written directly). If the
//               replacement fails, a backup just made is removed and FILE
//               is as it was. A FILE given as a symbolic
//               link is written through: the link stays, its target changes.
//   kOutputDir  OUTDIR/RELATIVE, changed or not (the output tree mirrors
//               the input tree), creating directories as needed; the input
//               is never written, and an output that is the input itself
//               (same inode) fails the file.
// Written files get the input's permission bits.
//
// `stop` is read once the upgrade is computed: when set, nothing is written
// and the record says "not_processed" (--check ignores it: it writes
// nothing). Writes already begun are finished or rolled back, never left
// half-done.
#ifndef SDFCONV_CLI_UPGRADE_FILE_H_
#define SDFCONV_CLI_UPGRADE_FILE_H_

#include <sys/stat.h>

#include <atomic>
#include <cstdint>
#include <functional>
#include <string>
#include <string_view>

#include "cli/output_file.h"
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
  // kOutputDir: the batch's directories, made once and synced once at its
  // end (output_file.h); null: each file's directory is synced after it.
  OutputDirectories* directories = nullptr;
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
  std::string input;   // the bytes read
  struct stat st {};   // the input's, when read
  FileUpgrade result;  // the upgrade of `input`
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

}  // namespace sdfconv

#endif  // SDFCONV_CLI_UPGRADE_FILE_H_
