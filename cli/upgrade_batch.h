// `sdfconv upgrade PATH...`: upgrade every file found under PATHs, in
// parallel, each as its own transaction (upgrade_file.h), so that a batch
// that fails or is interrupted never leaves a file half-written.
//
// Before anything is written the batch finds its files (upgrade_inputs.h)
// and, under -o, makes sure no two inputs share an output and no output is
// an input: otherwise it is a usage error (kExitCannotRun) and nothing is
// done. Then `jobs` worker threads take files from a shared queue (an index
// into the input list) until it is empty or `stop` is set. A file that
// fails is reported and the others go on. Each file's diagnostics go to
// `err` as it finishes, above the progress line (progress_line.h); at the
// end `out` lists, in input order, every file that failed ("PATH: failed")
// and, under --check, every file that would change ("PATH: would change")
// (with `verbose`, every file), `err` gets the summary line, and the JSON
// report is written atomically when asked for. The diagnostics are in the
// format asked for (`diagnostics`, cli/diagnostic_output.h); with json or
// sarif on `err`, every line `err` would get (usage errors, a file's batch
// failure, the summary) is in that document instead, no progress line is
// drawn, and `err` holds the document alone.
//
// Exit status (exit_code.h): kExitInterrupted when `stop` was set; else
// kExitCannotRun for a usage error or a report that cannot be written;
// else kExitInvalid when a file failed or, under --check, would change;
// else kExitOk.
//
// The upgrade is a parameter, so tests run the batch with functions that
// fail, throw, or take their time; upgrade_command.h passes the engine.
//
//   BatchOptions options;
//   options.paths = {"models"};
//   options.output = {BatchMode::kOutputDir, "models_1.8"};
//   const BatchResult r = RunUpgrade(options, Upgrade, stop, out, err);
//   return r.exit_code;
#ifndef SDFCONV_CLI_UPGRADE_BATCH_H_
#define SDFCONV_CLI_UPGRADE_BATCH_H_

#include <atomic>
#include <ostream>
#include <string>
#include <vector>

#include "cli/diagnostic_output.h"
#include "cli/exit_code.h"
#include "cli/upgrade_file.h"
#include "cli/upgrade_report.h"
#include "core/limits.h"

namespace sdfconv {

struct BatchOptions {
  std::vector<std::string> paths;  // files and directories
  OutputPolicy output;             // --check, --in-place [--no-backup], -o
  int jobs = 0;                    // worker threads; 0: one per core
  std::string report;              // JSON report path; empty: none
  bool progress = false;           // draw the progress line on `err`
  bool verbose = false;            // list every file on `out`
  // --model-path: where the proof finds included models (docs/upgrade.md).
  std::vector<std::string> model_paths;
  // --unresolved-includes=keep: the proof stands in for each include it
  // cannot find, with a warning (IncludeSearch::Unresolved::kKeep).
  bool keep_unresolved_includes = false;
  // --sdf-version V (empty: 1.8, newer files kept at their version),
  // --drop-mimic, --frames, --poses: as for `convert --to sdf`
  // (converters/upgrade/version_write.h).
  std::string sdf_version;
  bool drop_mimic = false;
  std::string frames = "drop";
  std::string poses = "as-written";
  // --diagnostics-format, --diagnostics-output.
  DiagnosticOptions diagnostics;
  // --limit: the bounds of every file's reading (core/limits.h).
  Limits limits;
};

struct BatchResult {
  std::vector<FileRecord> files;  // in input order
  BatchSummary summary;
  int exit_code = kExitOk;
};

// Runs the batch described in the file comment.
BatchResult RunUpgrade(const BatchOptions& options,
                       const UpgradeFunction& upgrade,
                       const std::atomic<bool>& stop, std::ostream& out,
                       std::ostream& err);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_UPGRADE_BATCH_H_
