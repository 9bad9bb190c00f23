// `sdfconv convert FILE --to FORMAT [--format json|csv] [-o OUT]`: check a
// file, resolve its frames and write it out in another format.
//
// Nothing is written unless the input is valid: any error prints the
// diagnostics to `err` and returns kExitInvalid. The output goes to `out`
// when no OUT is given or OUT is `-`, else to OUT through WriteOutputFile
// (a regular OUT then holds either its old contents or the whole new
// output; a device or FIFO is written directly, cli/output_file.h).
//
// Diagnostics go to `err` in the format asked for (`diagnostics`,
// cli/diagnostic_output.h); with json or sarif there, the lines for people
// ("nothing written", values kept as written, an output that cannot be
// written) are in the document instead, and `err` holds nothing else.
//
// Targets:
//   "flat": converters/flat, every frame's world pose, JSON or CSV.
//   "sdf":  SDFormat 1.8, or the --sdf-version asked for (1.4-1.12). A
//           URDF (<robot>) is imported (converters/urdf, with the URDF
//           options below); an SDFormat file of any version we read is
//           upgraded or written down losslessly (converters/upgrade), its
//           meaning verified before anything is written.
//   "urdf": URDF for tree-shaped models (converters/urdf_export; what it
//           refuses, and why, is in docs/urdf_export.md).
#ifndef SDFCONV_CLI_CONVERT_COMMAND_H_
#define SDFCONV_CLI_CONVERT_COMMAND_H_

#include <ostream>
#include <string>

#include <vector>

#include "cli/diagnostic_output.h"
#include "cli/exit_code.h"
#include "core/limits.h"

namespace sdfconv {

struct ConvertOptions {
  std::string file;
  std::string to;               // "flat", "sdf" or "urdf"
  std::string format = "json";  // for "flat": "json" or "csv"
  std::string output;           // empty: write to `out`
  // Where <include> URIs are searched first (docs/composition.md).
  std::vector<std::string> model_paths;
  // --strict: as CheckOptions::strict.
  bool strict = false;
  // --limit: as CheckOptions::limits.
  Limits limits;
  // --unresolved-includes=keep: as CheckOptions; --to sdf only keeps them
  // (the others need every included model: NeedingIncludedModels).
  bool keep_unresolved_includes = false;
  // As CheckOptions::progress.
  bool progress = false;
  // --to sdf: replace every <include> by its model (else kept as written).
  bool expand_includes = false;
  // --to sdf: the SDFormat version to write, 1.4-1.12 (empty: 1.8, and a
  // file of 1.8 or later kept at its version); below 1.11 a <mimic> is
  // dropped (with a warning) instead of refused; "model-absolute": every
  // link and joint pose relative to its model frame (1.7 on).
  std::string sdf_version;
  bool drop_mimic = false;
  std::string poses = "as-written";  // or "model-absolute"
  // --to sdf from a URDF:
  bool merge_fixed_joints = false;
  std::string package_uri = "keep";  // "keep" or "model"
  std::vector<std::string> package_path;
  // --to urdf:
  std::string model;             // for a world: which top-level model
  std::string separator = "/";   // joins nested names
  // --to urdf (default "links") and --to sdf below 1.7 (default "drop"):
  // explicit frames as massless links on fixed joints, or dropped.
  std::string frames;  // "links", "drop", or empty: the target's default
  std::string mesh_uri = "package";  // "package", "keep" or "file"
  std::string mesh_root;             // for mesh_uri "file"
  std::string unsupported_geometry = "skip";  // or "refuse"
  bool approximate = false;  // joint types URDF lacks: closest form
  std::string root_link;     // empty: the tree's own root
  // --diagnostics-format, --diagnostics-output.
  DiagnosticOptions diagnostics;
};

// Returns an ExitCode (see exit_code.h).
int RunConvert(const ConvertOptions& options, std::ostream& out,
               std::ostream& err);

}  // namespace sdfconv

#endif  // SDFCONV_CLI_CONVERT_COMMAND_H_
