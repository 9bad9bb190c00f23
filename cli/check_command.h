// `sdfconv check FILE|DIR...`: validate files and say, for each, whether it
// is valid.
//
// A file is valid when the front end reads it and the frame graph builds
// without an error (warnings are printed but do not make a file invalid;
// `--warnings-as-errors` makes them errors, `--ignore` drops them:
// cli/diagnostic_policy.h). A DIR is walked as `upgrade` walks it
// (cli/upgrade_inputs.h) for *.sdf, *.world and *.urdf, each checked as a
// FILE. Every diagnostic goes to `err` as FormatDiagnostic prints it
// ("FILE:LINE: error[CODE]: message"); unless `quiet`, one verdict line per
// file goes to `out`: "FILE: valid", "FILE: invalid (N errors)" or "FILE:
// unreadable" (the command could not run on it: exit 2).
//
// With a machine format (`diagnostics`, cli/diagnostic_output.h) the
// diagnostics go to `out` in that format, none to `err`: github lines
// in place of the text ones, each file's before its verdict line; a json or
// sarif document at the end instead of the verdict lines (they are in it).
// With a FILE for them, `out` gets the verdict lines as in text.
//
// CheckFile is also the first half of `convert`: read, then build the graph.
#ifndef SDFCONV_CLI_CHECK_COMMAND_H_
#define SDFCONV_CLI_CHECK_COMMAND_H_

#include <optional>
#include <ostream>
#include <string>
#include <vector>

#include "cli/diagnostic_output.h"
#include "cli/exit_code.h"
#include "converters/include/uri_resolver.h"
#include "core/diagnostic.h"
#include "core/document.h"
#include "core/frame_graph.h"
#include "core/limits.h"

namespace sdfconv {

struct CheckOptions {
  std::vector<std::string> files;  // files and folders, `<stdin>`
  bool quiet = false;  // print diagnostics only, no verdict lines
  // --model-path: where model:// include URIs are searched first.
  std::vector<std::string> model_paths;
  // --strict: each SDFormat file to the letter of its version (features of
  // later versions ignored, with a warning; ReadOptions::strict).
  bool strict = false;
  // --limit NAME=VALUE: the bounds of each reading (core/limits.h).
  Limits limits;
  // --unresolved-includes=keep: an include whose URI names no file is a
  // warning, kept and stood in for (IncludeSearch::Unresolved::kKeep).
  bool keep_unresolved_includes = false;
  // Draw "still working" on `err` after a second (cli/activity_line.h):
  // stderr is a terminal.
  bool progress = false;
  // --format / --diagnostics-format, --diagnostics-output, --ignore,
  // --warnings-as-errors.
  DiagnosticOptions diagnostics;
};

// The names a folder's walk takes for `check`: *.sdf, *.world, *.urdf.
[[nodiscard]] bool IsCheckInputName(const std::string& name);

// What `check` reads for its arguments, in order: a folder's files as the
// walk finds them, anything else (a file, `<stdin>`, a path that does not
// exist: FILE_READ) as named. `error` is set for a folder that could not be
// listed; `empty_folders` names the folders that held no file to check.
struct CheckInput {
  std::string path;
  std::string error;
};
struct CheckInputs {
  std::vector<CheckInput> files;
  std::vector<std::string> empty_folders;
};
CheckInputs FindCheckInputs(const std::vector<std::string>& arguments);

// One file, read and checked.
struct CheckedFile {
  std::optional<Document> doc;  // empty when the front end gave up
  FrameGraph graph;             // built only when `doc` is set
  Diagnostics diags;

  // Read and no error found: `graph` can be resolved.
  [[nodiscard]] bool valid() const { return doc && !diags.HasErrors(); }
  // The command could not run on the file (exit 2, cli/exit_code.h
  // CannotRun): unreadable, past a limit, or out of memory.
  [[nodiscard]] bool cannot_run() const;
};

// Reads `path` with the front end registry (its includes expanded, their
// URIs searched in `model_paths` first, those that name no file as
// `unresolved` says; `strict` and `limits` as CheckOptions) and builds its
// frame graph.
CheckedFile CheckFile(
    const std::string& path, const std::vector<std::string>& model_paths = {},
    bool strict = false, const Limits& limits = {},
    IncludeSearch::Unresolved unresolved = IncludeSearch::Unresolved::kError);

// Writes each diagnostic of `diags` on its own line: those about
// `read_file` first, then each other (included) file in the order it was
// first reported on, each file in line order.
void PrintDiagnostics(const Diagnostics& diags, std::ostream& err,
                      const std::string& read_file = "");

// Checks every file in order; returns the ExitCode (see exit_code.h): 0 when
// all are valid, 1 when one is invalid, 2 when one cannot be read.
// A folder without a file to check is said on `err` (and in a json or
// sarif document's messages); it changes no status.
int RunCheck(const CheckOptions& options, std::ostream& out,
             std::ostream& err);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_CHECK_COMMAND_H_
